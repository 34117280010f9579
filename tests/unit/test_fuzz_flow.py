"""The fuzz properties of declaring, 炒底 and the match (issue 33 part C): each passes on the
built-in variants and catches a planted violation; their positions rebuild from ``repr``
and their reproducing commands print what the property saw.
"""

from __future__ import annotations

import dataclasses
import json
import shlex

import pytest
from click.testing import CliRunner

from shengji_sim.cli import cli
from shengji_sim.config.variant import load_variant
from shengji_sim.fuzz import flow_properties
from shengji_sim.fuzz.explain import _flow_answer, verdict
from shengji_sim.fuzz.positions import position
from shengji_sim.fuzz.properties import CATALOGUE
from shengji_sim.fuzz.property_base import ENGINE, PropertyFailure
from shengji_sim.fuzz.runner import finding_of, judge_command, run_catalogue, run_property
from shengji_sim.players.reference import make_players
from shengji_sim.rules import bidding, chaodi, game, judge, match, score

CAT = CATALOGUE


def passes(name: str, variant: str, n: int = 30, ambs: tuple[str, ...] = ()) -> None:
    run = run_property(CAT[name], variant, ambs, max_examples=n, seed=3)
    assert run.status == "passed", (run.reason, run.finding)
    assert run.examples >= min(n, 3)


def fails(name: str, pos) -> PropertyFailure:
    with pytest.raises(PropertyFailure) as info:
        CAT[name].check(pos)
    return info.value


def found(name: str, variant: str, n: int = 40, ambs: tuple[str, ...] = ()):
    """The property's run finds the planted violation, shrunk, with a reproducer."""
    run = run_property(CAT[name], variant, ambs, max_examples=n, seed=3)
    assert run.status == "failed" and run.finding is not None, run
    assert run.finding.classification == ENGINE and run.finding.command
    return run.finding


# ------------------------------------------------------------------------------ declaring


@pytest.mark.parametrize("variant", ["changzhou-4deck", "jj-4deck", "classic-2deck",
                                     "baifen-1deck", "classic-3deck"])
def test_BID_2_overcall_stronger_holds(variant) -> None:
    passes("overcall_stronger", variant, 60)


@pytest.mark.parametrize("amb", ["AMB-42=B", "AMB-42=C", "AMB-33=C", "AMB-46=B"])
def test_AMB_42_overcall_stronger_holds_under_other_readings(amb) -> None:
    passes("overcall_stronger", "changzhou-4deck", 40, (amb,))


def test_AMB_35_B_overcall_stronger_keeps_the_most_cards() -> None:
    passes("overcall_stronger", "jj-4deck", 40, ("AMB-35=B",))


def test_BID_2_overcall_stronger_catches_a_weaker_overcall(monkeypatch) -> None:
    monkeypatch.setattr(bidding, "_override_rule", lambda *args: (True, "planted: any wins"))
    pos = position("declare", "changzhou-4deck", level="3", lead="S3", seat=1,
                   history=("0:H3 H3",))
    exc = fails("overcall_stronger", pos)
    assert exc.classification == ENGINE and exc.rule == "BID-2"
    assert "S3 over seat 0's H3 H3" in exc.message
    finding = found("overcall_stronger", "classic-2deck")
    assert finding.command.startswith("shengji-sim judge declare")


def test_AMB_35_overcall_stronger_catches_a_wrong_hidden_winner(monkeypatch) -> None:
    monkeypatch.setattr(bidding, "resolve_hidden_bids",
                        lambda bids: bids[-1] if bids else None)  # planted: the last bid
    pos = position("declare", "jj-4deck", ambs=("AMB-35=B",), level="3", lead="D3", seat=2,
                   history=("0:S3", "1:H3 H3"))
    assert fails("overcall_stronger", pos).rule == "AMB-35"


# ---------------------------------------------------------------------------------- 炒底


@pytest.mark.parametrize("variant, ambs", [
    ("changzhou-4deck", ()), ("classic-2deck", ()), ("changzhou-4deck", ("AMB-29=A",)),
    ("changzhou-4deck", ("AMB-29=C",)), ("changzhou-4deck", ("AMB-32=B",)),
    ("jj-4deck", ()),
])
def test_CHAO_2_chao_stronger_holds(variant, ambs) -> None:
    passes("chao_stronger", variant, 60, ambs)


def test_CHAO_2_chao_stronger_catches_a_chao_under_what_stands(monkeypatch) -> None:
    monkeypatch.setattr(chaodi, "_standing_strength", lambda *args: None)
    pos = position("chaodi", "changzhou-4deck", level="3", trump="S", lead="D3 D3", seat=2,
                   history=("1:S3 S3",), declarer=1, dealer=1, hand_number=2)
    exc = fails("chao_stronger", pos)
    assert exc.rule == "CHAO-2" and "D3 D3 over seat 1's S3 S3" in exc.message
    finding = found("chao_stronger", "changzhou-4deck", 60)
    assert finding.command.startswith("shengji-sim judge chaodi")


def test_CHAO_3_chao_stronger_catches_a_wrong_trump(monkeypatch) -> None:
    monkeypatch.setattr(judge, "chaodi_effect",
                        lambda variant, new, hand, choice=None: (0, None))  # always spades
    pos = position("chaodi", "changzhou-4deck", level="3", trump="S", lead="H3 H3", seat=2,
                   history=("1:D3 D3",), declarer=1, dealer=1, hand_number=2)
    assert fails("chao_stronger", pos).rule == "CHAO-3"


def test_AMB_32_chao_stronger_catches_a_dealer_that_does_not_move(monkeypatch) -> None:
    monkeypatch.setattr(judge, "chaodi_effect",
                        lambda variant, new, hand, choice=None: (new.suit, None))
    pos = position("chaodi", "changzhou-4deck", level="3", trump="S", lead="H3 H3", seat=2,
                   history=("1:D3 D3",), declarer=1, dealer=1, hand_number=1)
    assert fails("chao_stronger", pos).rule == "AMB-32"


def _hand_with_chao(variant: str, differs=lambda c: True) -> tuple[int, dict]:
    v = load_variant(variant)
    for index in range(60):
        rec = game.play_hand(v, make_players("random"), 7, index)
        if rec["chaodi"] and differs(rec["chaodi"][0]):
            return index, rec
    raise AssertionError("no hand with a 炒 in the first seeds")


def test_KITTY_1_kitty_conserved_holds() -> None:
    index, _ = _hand_with_chao("changzhou-4deck")
    flow_properties.kitty_conserved(position("game", "changzhou-4deck", seed=7, index=index))
    passes("kitty_conserved", "classic-2deck", 4)


def test_KITTY_1_kitty_conserved_catches_a_lost_card(monkeypatch) -> None:
    index, _ = _hand_with_chao("changzhou-4deck")
    bury = game._bury

    def lossy(st, seat):
        buried = bury(st, seat)
        st.hands[seat].pop()  # planted: the burier loses a card
        return buried

    monkeypatch.setattr(game, "_bury", lossy)
    exc = fails("kitty_conserved", position("game", "changzhou-4deck", seed=7, index=index))
    assert exc.rule == "KITTY-1" and "1 card(s) lost" in exc.message


def test_CHAO_3_chao_effect_applied_holds() -> None:
    index, _ = _hand_with_chao("changzhou-4deck")
    flow_properties.chao_effect_applied(position("game", "changzhou-4deck", seed=7, index=index))
    passes("chao_effect_applied", "classic-2deck", 4)


def test_CHAO_3_chao_effect_applied_catches_a_wrong_trump(monkeypatch) -> None:
    index, _ = _hand_with_chao("changzhou-4deck", lambda c: c["trump"] != "S")
    monkeypatch.setattr(game, "chaodi_effect", lambda variant, new, hand, choice=None:
                        (0, None))  # planted: every 炒 makes spades trump
    exc = fails("chao_effect_applied", position("game", "changzhou-4deck", seed=7,
                                                index=index))
    assert exc.rule == "CHAO-3" and "chaodi_effect gives" in exc.message


# ----------------------------------------------------------------- AMB-50 after the deal


@pytest.mark.parametrize("variant, ambs", [
    ("jj-4deck", ()), ("classic-2deck", ()), ("changzhou-4deck", ()),
    ("classic-2deck", ("AMB-50=A",)), ("classic-2deck", ("AMB-50=B",)),
])
def test_AMB_50_declaration_window_holds(variant, ambs) -> None:
    passes("declaration_window", variant, 4, ambs)


def test_AMB_50_declaration_window_catches_a_declaration_after_a_closed_deal(
        monkeypatch) -> None:
    """The engine plays until_all_pass (STD2's default); the property is told the window is
    closed, so any declaration after the last card is a violation it must report."""
    real = flow_properties._reading
    monkeypatch.setattr(flow_properties, "_reading", lambda v, key: "closed"
                        if key == "declaration_after_deal" else real(v, key))
    v = load_variant("classic-2deck")
    for index in range(80):
        rec = game.play_hand(v, make_players("random"), 5, index)
        if any(d.get("after_deal") for d in rec["declarations"]):
            break
    else:
        pytest.skip("no declaration after the deal in the first seeds")
    exc = fails("declaration_window", position("game", "classic-2deck", seed=5, index=index))
    assert exc.rule == "AMB-50"


# --------------------------------------------------------------------- the score, matches


@pytest.mark.parametrize("variant", ["changzhou-4deck", "jj-4deck", "classic-2deck",
                                     "baifen-1deck", "classic-3deck"])
def test_LEVEL_2_score_moves_levels_and_dealer_succession_hold(variant) -> None:
    passes("score_moves_levels", variant, 60)
    passes("dealer_succession", variant, 60)


@pytest.mark.parametrize("amb", ["AMB-38=A", "AMB-39=B", "AMB-34=B"])
def test_AMB_38_score_properties_hold_under_other_readings(amb) -> None:
    passes("score_moves_levels", "jj-4deck", 40, (amb,))
    passes("dealer_succession", "jj-4deck", 40, (amb,))


def test_AMB_36_dealer_succession_holds_under_B() -> None:
    passes("dealer_succession", "baifen-1deck", 40, ("AMB-36=B",))


def test_LEVEL_3_score_moves_levels_catches_a_wrong_table(monkeypatch) -> None:
    monkeypatch.setattr(score, "step_table", lambda points, step: ("dealer", 3))
    pos = position("score", "classic-2deck", levels=("5", "5"), dealer=0, points=100)
    exc = fails("score_moves_levels", pos)
    assert exc.rule == "LEVEL-2" and "the table gives attackers +1" in exc.message
    finding = found("score_moves_levels", "classic-2deck")
    assert finding.command.startswith("shengji-sim judge match")


def test_DEF_18_score_moves_levels_catches_a_level_beyond_A(monkeypatch) -> None:
    monkeypatch.setattr(match, "ACE", 13)
    pos = position("score", "jj-4deck", levels=("K", "Q"), dealer=1, points=400)
    exc = fails("score_moves_levels", pos)
    assert exc.rule == "LEVEL-1"


def test_DEALER_1_dealer_succession_catches_a_wrong_xiajia(monkeypatch) -> None:
    monkeypatch.setattr(score, "xiajia", lambda variant: ("previous", 3))
    pos = position("score", "classic-2deck", levels=("5", "5"), dealer=0, points=100)
    exc = fails("dealer_succession", pos)
    assert exc.rule == "DEALER-1" and "the rules give seat 1" in exc.message


def test_AMB_38_match_properties_hold() -> None:
    for variant in ("classic-2deck", "baifen-1deck"):
        passes("match_ends_once", variant, 3)
        passes("match_dealers", variant, 3)
    passes("match_ends_once", "classic-2deck", 3, ("AMB-38=B",))


def test_AMB_38_match_ends_once_catches_an_early_winner(monkeypatch) -> None:
    after = match.after_hand

    def planted(variant, state, dealer, result):
        out = after(variant, state, dealer, result)
        return dataclasses.replace(out, winner=0 if out.winner is None else None)

    monkeypatch.setattr(game, "after_hand", planted)
    pos = position("match", "classic-2deck", level="10", seed=1, index=0)
    exc = fails("match_ends_once", pos)
    assert exc.rule == "AMB-38" and exc.message.startswith("hand 1:")


def test_DEALER_1_match_dealers_catches_a_deal_kept_by_the_losers(monkeypatch) -> None:
    monkeypatch.setattr(score, "next_dealer", lambda variant, side: ("partner", 2))
    v = load_variant("classic-2deck", sets=["starting_level=10"])
    for index in range(30):
        rec = game.play_match(v, make_players("random"), 1, index)
        if any(h["score"]["winner_side"] == "attackers" for h in rec["hands"][:-1]):
            break
    exc = fails("match_dealers", position("match", "classic-2deck", level="10", seed=1,
                                          index=index))
    assert exc.rule == "DEALER-1"


# ------------------------------------------------------------ reproducers and the runner


REPRODUCED = [
    position("declare", "changzhou-4deck", level="3", lead="LJ LJ", seat=1,
             history=("0:S3",), hand_number=1),
    position("declare", "classic-2deck", level="5", lead="S5 S5", seat=2, history=("1:H5",),
             hand_number=2, flags=("after_deal",)),
    position("chaodi", "changzhou-4deck", level="10", trump="D", lead="C10 C10", seat=2,
             history=("1:D10 D10",), declarer=1, dealer=1, hand_number=1,
             flags=("someone_else",)),
    position("chaodi", "classic-2deck", level="2", trump="C", lead="BJ BJ", seat=3,
             declarer=None, dealer=0, hand_number=2, flags=("kitty_flip",)),
    position("score", "baifen-1deck", levels=("6", "9"), dealer=0, points=50),
]


@pytest.mark.parametrize("pos", REPRODUCED, ids=[p.kind for p in REPRODUCED])
def test_BID_7_the_reproducer_prints_what_the_property_judged(pos) -> None:
    assert eval(repr(pos), {"position": position}) == pos
    args = shlex.split(judge_command(pos))[1:]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    assert json.loads(out.output) == _flow_answer(pos)


def test_AMB_38_a_match_position_reproduces_with_play() -> None:
    pos = position("match", "baifen-1deck", level="K", seed=4, index=2, players="greedy")
    assert eval(repr(pos), {"position": position}) == pos
    args = shlex.split(judge_command(pos))[1:]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    rec = json.loads(out.output)
    mine = game.play_match(pos.variant_obj, make_players("greedy"), 4, 2)
    assert rec["hands"] == mine["hands"] and rec["set"] == ["starting_level=K"]


def test_CHAO_2_a_flow_finding_gets_a_verdict_and_the_vary_readings_run_covers_it(
        monkeypatch) -> None:
    """The runner runs the new properties under every alternative reading, AMB-29 A among
    them, and finds nothing since the STD2 single 炒 of AMB-29 A is refused (CHAO-2, RULES.md
    2026-12-04); a planted engine that lets the single through is a finding with the verdict
    "engine defect"."""
    report = run_catalogue("classic-2deck", (), seed=1, names=["chao_stronger"], vary=True,
                           examples=60, alt_examples=60)
    assert any(r.ambs == ["AMB-29=A"] for r in report.runs)
    assert not report.findings
    pos = position("chaodi", "classic-2deck", ambs=("AMB-29=A",), level="2", trump="S",
                   lead="S2", seat=0, dealer=0, flags=("kitty_flip",))
    assert flow_properties.chao_stronger(pos) is None
    monkeypatch.setattr(judge, "can_chaodi", lambda *a, **k: (True, "CHAO-2: planted"))
    with pytest.raises(PropertyFailure) as info:
        flow_properties.chao_stronger(pos)
    assert verdict(finding_of(CAT["chao_stronger"], _with(info.value, pos))).verdict == \
        "engine defect"


def _with(exc: PropertyFailure, pos) -> PropertyFailure:
    exc.position = pos
    return exc
