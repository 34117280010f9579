"""The fuzzing harness (shengji_sim.fuzz): every property of the catalogue, planted defects
that the properties must catch with a small shrunk example, the runner, diff and CLI."""

from __future__ import annotations

import json
import shlex

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

from shengji_sim.cli import cli
from shengji_sim.fuzz.diff import diff_readings, follow_sets_differ
from shengji_sim.fuzz.game_machine import game_machine
from shengji_sim.fuzz.positions import position
from shengji_sim.fuzz.properties import CATALOGUE
from shengji_sim.fuzz.property_base import ENGINE, RULESET, PropertyFailure
from shengji_sim.fuzz.runner import judge_command, run_catalogue, run_property
from shengji_sim.rules import follow, follow_tables, trick

CAT = CATALOGUE


def passes(name: str, variant: str, n: int = 25) -> None:
    run = run_property(CAT[name], variant, (), max_examples=n, seed=1)
    assert run.status == "passed", (run.reason, run.finding)
    assert run.examples >= n // 2


def fails(name: str, pos) -> PropertyFailure:
    with pytest.raises(PropertyFailure) as info:
        CAT[name].check(pos)
    return info.value


# ------------------------------------------------------------------- one test per property


def test_follow_exists() -> None:
    passes("follow_exists", "jj-4deck")


def test_follow_enumeration() -> None:
    passes("follow_enumeration", "classic-2deck")


def test_follow_obligation_finds_jj4_table6_quad_choice() -> None:
    # FOLLOW-10 row 1 ("tractor or quad") vs 002 line 38 ("有拖拉机的则必需出拖拉机").
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    exc = fails("follow_obligation", pos)
    assert exc.classification == RULESET
    passes("follow_obligation", "classic-2deck")


def test_winner_consistent() -> None:
    passes("winner_consistent", "changzhou-4deck", 15)


def test_throw_unbeatable() -> None:
    passes("throw_unbeatable", "classic-2deck")
    passes("throw_unbeatable", "changzhou-4deck", 60)  # AMB-47 A: same-type replies only
    pos = position("throw", "changzhou-4deck", level="10", trump="H", lead="BJ BJ LJ LJ HA",
                   hands=("H3 H3 H3 H3", "C4", "D4"))
    CAT["throw_unbeatable"].check(pos)  # RULES.md AMB-47 example: valid under A
    beaten = position("throw", "changzhou-4deck", ambs=("AMB-47=B",), level="10", trump="H",
                      lead="BJ BJ LJ LJ HA", hands=("H3 H3 H3 H3", "C4", "D4"))
    CAT["throw_unbeatable"].check(beaten)  # B: the throw fails, nothing to check


def test_failed_throw_beatable_finds_amb21_smallest_component() -> None:
    # AMB-21 A plays the smallest component (the level-card single) although only the
    # tractor was beaten.
    pos = position("throw", "changzhou-4deck", level="2", trump="S", lead="S2 S4 S4 S3 S3",
                   hands=("", "", "S5 S5 S4 S4 S3 S3"))
    exc = fails("failed_throw_beatable", pos)
    assert exc.classification == RULESET
    ok = position("throw", "changzhou-4deck", ambs=("AMB-21=B",), level="2", trump="S",
                  lead="S2 S4 S4 S3 S3", hands=("", "", "S5 S5 S4 S4 S3 S3"))
    CAT["failed_throw_beatable"].check(ok)


def test_conservation() -> None:
    passes("conservation", "baifen-1deck", 5)


def test_deterministic() -> None:
    passes("deterministic", "classic-2deck", 3)


GameTest = game_machine("classic-2deck").TestCase
GameTest.settings = settings(max_examples=8, stateful_step_count=15, deadline=None,
                             database=None, suppress_health_check=list(HealthCheck))


def test_offered_moves_legal() -> None:
    passes("offered_moves_legal", "classic-2deck", 4)
    for ambs in (("AMB-07=B",), ("AMB-29=C",)):
        pos = position("game", "classic-2deck", ambs=ambs, seed=5)
        CAT["offered_moves_legal"].check(pos)


def test_offered_moves_legal_finds_amb07b_cross_suit_tractors(monkeypatch) -> None:
    """The defect of the 2026-11 review: under AMB-07 B the engine offered C2 C2 H2 H2 as a
    lead and then refused it (DEF-27). Planted back: tractors across follow groups."""
    from itertools import product

    from shengji_sim.rules import shapes

    def unfiltered(ranking, length):
        found = {}
        for chain in ranking.chains:
            for start in range(len(chain) - length + 1):
                for kinds in product(*chain[start:start + length]):
                    found[kinds] = None
        return tuple(found)

    monkeypatch.setattr(shapes, "tractor_kinds", unfiltered)
    from shengji_sim.rules import game

    monkeypatch.setattr(game, "tractor_kinds", unfiltered)
    failures = []
    for seed in range(40):
        pos = position("game", "classic-2deck", ambs=("AMB-07=B",), seed=seed)
        try:
            CAT["offered_moves_legal"].check(pos)
        except PropertyFailure as exc:
            failures.append(exc)
            break
    assert failures and "DEF-27" in failures[0].message


def test_level_invariance() -> None:
    passes("level_invariance", "changzhou-4deck", 40)
    passes("level_invariance", "classic-2deck", 40)


def test_level_invariance_finds_amb05_level2_through_the_ace(monkeypatch) -> None:
    """SA SA S3 S3 was a tractor at level 2 only (AMB-49 A): planted back as the old rule,
    the ace below the lowest plain rank by the gap rule when no 2 is a fixed trump (only
    the level rank is removed)."""
    from shengji_sim.rules import ranking

    def old_rule(lowest, removed, gap, ace_low, is_trump):
        return len(removed) == 1 and ranking._ranks_adjacent(-1, lowest, removed | {-1}, gap)

    from shengji_sim.fuzz import positions

    monkeypatch.setattr(ranking, "_ace_low_allowed", old_rule)
    ranking._build.cache_clear()
    positions.context_for.cache_clear()
    try:
        pos = position("follow", "changzhou-4deck", level="2", trump="H", lead="SA SA S3 S3",
                       hands=("S5 S6",))
        exc = fails("level_invariance", pos)
        assert "level 2" in exc.message
    finally:
        monkeypatch.undo()
        ranking._build.cache_clear()
        positions.context_for.cache_clear()


def test_leads_follows_agree() -> None:
    passes("leads_follows_agree", "jj-4deck", 40)
    pos = position("follow", "jj-4deck", level="3", trump="H",
                   lead="S4 S4 S4 S4 S5 S5 S5 S5", hands=("S9 S9 S9 S9 SQ SQ SQ SQ SK",))
    CAT["leads_follows_agree"].check(pos)


def test_leads_follows_agree_finds_amb41_two_quads_led_as_a_throw(monkeypatch) -> None:
    """Before the AMB-41 ruling two non-adjacent quads answered a "2个4个" lead as one shape
    but were a throw when led. Planted back: no two-quad unit when leading."""
    from shengji_sim.rules import shapes

    monkeypatch.setattr(shapes, "two_quads_unit", lambda ctx, counts: None)
    pos = position("follow", "jj-4deck", level="3", trump="H",
                   lead="S4 S4 S4 S4 S5 S5 S5 S5", hands=("S9 S9 S9 S9 SQ SQ SQ SQ SK",))
    exc = fails("leads_follows_agree", pos)
    assert "2 components" in exc.message


# ------------------------------------------------------------------------ planted defects


def test_planted_follow_forgets_pair_obligation(monkeypatch) -> None:
    original = follow._structure_rows

    def forgetful(ctx, units):
        return [[tuple(p for p in alt if p != (2, 1)) for alt in row]
                for row in original(ctx, units)]

    monkeypatch.setattr(follow, "_structure_rows", forgetful)
    run = run_property(CAT["follow_obligation"], "classic-2deck", max_examples=400, seed=3,
                       max_findings=1)
    assert run.status == "failed", run
    assert run.finding.classification == ENGINE
    assert run.finding.cards <= 8, run.finding.example
    assert "pair" in run.finding.message


def test_planted_winner_ignores_trumps(monkeypatch) -> None:
    original = trick.play_side

    def no_ruffs(ctx, lead_suit, cards):
        side = original(ctx, lead_suit, cards)
        return None if side is True else side

    monkeypatch.setattr(trick, "play_side", no_ruffs)
    run = run_property(CAT["winner_consistent"], "classic-2deck", max_examples=400, seed=3,
                       max_findings=1)
    assert run.status == "failed", run
    assert "TRUMP-6" in run.finding.message
    assert run.finding.cards <= 8, run.finding.example


def test_planted_table_gap(monkeypatch) -> None:
    original = follow_tables.jj4_table

    def gap(lead, two_quads, pairtractor_vs_triple):
        rows = original(lead, two_quads, pairtractor_vs_triple)
        return rows[:-1] if lead == follow_tables.Q else rows  # table 5 loses "4 singles"

    monkeypatch.setattr(follow, "jj4_table", gap)
    run = run_property(CAT["follow_exists"], "jj-4deck", max_examples=600, seed=3,
                       max_findings=1)
    assert run.status == "failed", run
    assert run.finding.classification == RULESET
    # a quad lead and five led-suit singles: the smallest holding with no row
    assert run.finding.cards <= 9, run.finding.example


# ---------------------------------------------------------------- runner, diff and CLI


def test_judge_command_reproduces() -> None:
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    args = shlex.split(judge_command(pos))[1:]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    plays = json.loads(out.output)["legal_follows"]
    assert ["H5", "H5", "H5", "H5"] in plays


def test_run_catalogue_and_cli_fuzz(tmp_path) -> None:
    report = run_catalogue("baifen-1deck", (), budget=2, seed=0,
                           names=["follow_exists", "winner_consistent"])
    assert [r.status for r in report.runs] == ["passed", "passed"]
    out = CliRunner().invoke(cli, ["fuzz", "--variant", "baifen-1deck", "--property",
                                   "follow_exists", "--budget", "1", "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "findings.json").read_text())
    assert data["runs"][0]["name"] == "follow_exists" and data["versions"]["RULES_VERSION"]


def test_diff_readings() -> None:
    res = diff_readings("classic-2deck", ["AMB-20=A"], ["AMB-20=B"], hands=3, seed=0,
                        position_examples=10)
    assert res.played == 3 and res.ci[0] <= res.delta <= res.ci[1]
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    other = position("follow", "jj-4deck", ambs=("AMB-18=B",), level="2", trump="S",
                     lead="H4 H4 H3 H3", hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    assert follow_sets_differ(pos.ctx, other.ctx, list(pos.lead), list(pos.hand))


def test_DEF_27_a_lead_not_legal_under_B_is_counted_apart_in_the_fuzz_diff() -> None:
    """Under AMB-07 B the trump-suit level pair and the small-joker pair are two suits, so
    the lead H2 H2 LJ LJ (a tractor under A) cannot arise: the follow, the trick and the
    throw are counted apart (the check gives None), never as a difference as before
    (issue 33)."""
    from shengji_sim.fuzz.diff import _position_check, lead_legal

    ambs = ("AMB-07=B",)
    follow_pos = position("follow", "classic-2deck", level="2", trump="H", lead="H2 H2 LJ LJ",
                          hand="H3 H4 S5 S6 C7")
    trick_pos = position("trick", "classic-2deck", level="2", trump="H", lead="H2 H2 LJ LJ",
                         plays=("H3 H4 S5 S6", "C3 C4 C5 C6", "D3 D4 D5 D6"))
    assert lead_legal(follow_pos.ctx, follow_pos.lead)
    assert not lead_legal(position("follow", "classic-2deck", ambs, level="2", trump="H",
                                   lead="H2 H2 LJ LJ", hand="H3").ctx, follow_pos.lead)
    assert _position_check("follow", "classic-2deck", ambs)(follow_pos) is None
    assert _position_check("trick", "classic-2deck", ambs)(trick_pos) is None
    legal = position("follow", "classic-2deck", level="2", trump="H", lead="H3 H3",
                     hand="H4 H5 S5 S6 C7")
    assert _position_check("follow", "classic-2deck", ambs)(legal) is False


def test_cli_diff_bad_input_exits_2() -> None:
    from shengji_sim.cli import main

    with pytest.raises(SystemExit) as info:
        main(["diff", "--variant", "baifen-1deck", "--amb", "AMB-09=A", "--vs", "AMB-09=B"])
    assert info.value.code == 2
