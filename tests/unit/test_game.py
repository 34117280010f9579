"""Whole hands and matches in the reference engine: the events each variant has, tampered
records, and determinism (issue "Whole hands and matches")."""

from __future__ import annotations

import copy

import pytest

from shengji_sim.cards import parse_cards
from shengji_sim.players import GreedyPlayer, RandomPlayer, make_players
from shengji_sim.record import ReplayError, render_text, replay
from shengji_sim.rules.game import play_hand, play_match
from shengji_sim.variant import load_variant

ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]


class PassFirstDeal(RandomPlayer):
    """Random, but never declares in the first deal it sees (forces nobody-declares)."""

    def __init__(self) -> None:
        self.deals = 0
        self.last_size = 10**9

    def declare(self, view, options, rng):
        if len(view.hand) < self.last_size:
            self.deals += 1 if len(view.hand) <= 1 else 0
        self.last_size = len(view.hand)
        if self.deals <= 1:
            return None
        return super().declare(view, options, rng)


class NeverDeclare(RandomPlayer):
    def declare(self, view, options, rng):
        return None


class EagerChao(RandomPlayer):
    """Random, but always 炒s with its weakest option when it may."""

    def chaodi(self, view, options, rng):
        return options.nth(0) if options.count else None


class Thrower(RandomPlayer):
    """Random, but leads every card it holds of its longest off suit as one throw."""

    def lead(self, view, options, rng):
        ctx = view.ctx
        groups: dict[int, list[int]] = {}
        for k in view.hand:
            if not ctx.ranking.is_trump(k):
                groups.setdefault(ctx.ranking.group[k], []).append(k)
        longest = max(groups.values(), key=len, default=[])
        return longest if len(longest) >= 2 else super().lead(view, options, rng)


def find(variant, players, predicate, tries=200):
    for index in range(tries):
        rec = play_hand(variant, players(), 11, index)
        if predicate(rec):
            return rec
    raise AssertionError("no hand with the event in the first seeds")


@pytest.mark.parametrize("name", ALL)
def test_hand_is_deterministic_for_seed_and_index(name) -> None:
    v = load_variant(name)
    a = play_hand(v, make_players("random"), 5, 3)
    b = play_hand(v, make_players("random"), 5, 3)
    c = play_hand(v, make_players("random"), 5, 4)
    assert a == b and a != c


@pytest.mark.parametrize("name", ["changzhou-4deck", "jj-4deck", "classic-2deck"])
def test_BID_8_nobody_declares(name) -> None:
    v = load_variant(name)
    rec = play_hand(v, [NeverDeclare() for _ in range(4)], 3, 0)
    assert rec["declarations"] == [] and rec["redeals"] == 0
    assert rec["trump_rule"].startswith("BID-8")
    if name == "jj-4deck":
        assert rec["trump_declared"] == "S"  # 002 line 28
    replay(v, rec)


@pytest.mark.parametrize("name", ["baifen-1deck", "classic-3deck"])
def test_DEF_25_nobody_declares_redeal(name) -> None:
    v = load_variant(name)
    rec = play_hand(v, [PassFirstDeal() for _ in range(4)], 3, 0)
    assert rec["redeals"] >= 1
    replay(v, rec)


def test_AMB_30_A_cz4_hand1_redeal() -> None:
    v = load_variant("changzhou-4deck", amb=["AMB-30=A"])
    rec = play_hand(v, [PassFirstDeal() for _ in range(4)], 3, 0)
    assert rec["redeals"] >= 1
    replay(v, rec)


@pytest.mark.parametrize("name", ["changzhou-4deck", "classic-2deck"])
def test_CHAO_4_chaodi_chain(name) -> None:
    v = load_variant(name)
    rec = find(v, lambda: [EagerChao() for _ in range(4)], lambda r: len(r["chaodi"]) >= 2)
    assert len(rec["burials"]) == 1 + len(rec["chaodi"])
    replay(v, rec)


@pytest.mark.parametrize("name", ALL)
def test_THROW_3_failed_throw_in_a_hand(name) -> None:
    v = load_variant(name)
    rec = find(v, lambda: [Thrower() for _ in range(4)], lambda r: r["penalties"])
    penalty = rec["penalties"][0]
    assert not penalty["valid"] and penalty["played"] and penalty["returned"]
    if name == "changzhou-4deck":
        assert penalty["penalty"] == 1 and penalty["attacker_delta"] in (1, -1)  # AMB-24 A
    replay(v, rec)


@pytest.mark.parametrize("name", ["changzhou-4deck", "classic-2deck", "baifen-1deck",
                                  "classic-3deck"])
def test_KITTY_3_multiplier_on_the_last_trick(name) -> None:
    v = load_variant(name)

    def multiplied(r):
        k = r["tricks"][-1]["kitty"]
        return k["winner_side"] == "attackers" and k["multiplier"] >= 2 and k["kitty_points"]

    rec = find(v, lambda: make_players("random"), multiplied)
    k = rec["tricks"][-1]["kitty"]
    assert k["awarded"] == k["kitty_points"] * k["multiplier"]
    replay(v, rec)


def test_AMB_27_jj4_last_trick_forfeits_points() -> None:
    v = load_variant("jj-4deck")
    rec = find(v, lambda: make_players("random"),
               lambda r: r["tricks"][-1]["kitty"]["awarded"] != 0)
    assert rec["tricks"][-1]["kitty"]["kitty"] == []
    replay(v, rec)


@pytest.mark.parametrize("name", ALL)
def test_LEVEL_1_match_reaches_A(name) -> None:
    v = load_variant(name)
    match = play_match(v, make_players("random"), 1)
    assert match["winner_side"] in (0, 1)
    assert max(match["levels"]) == 12
    assert replay(v, match) == len(match["hands"])
    assert "match: " in render_text(match)


@pytest.mark.parametrize("name", ALL)
def test_greedy_players_play_legal_hands(name) -> None:
    v = load_variant(name)
    rec = play_hand(v, [GreedyPlayer() for _ in range(4)], 2, 0)
    replay(v, rec)


# ------------------------------------------------------------------------- tampering


@pytest.fixture(scope="module")
def cz4_record():
    v = load_variant("changzhou-4deck")
    return v, play_hand(v, make_players("random"), 7, 0)


def _expect_reject(v, rec, where: str, rule: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay(v, rec)
    assert info.value.where.startswith(where), info.value
    assert info.value.rule.startswith(rule), info.value


def test_replay_rejects_a_swapped_card(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    trick = bad["tricks"][2]
    seat, cards = trick["plays"][1]
    dealt = set(parse_cards(bad["deal"][seat]))
    cards[0] = next(f"{s}{r}" for s in "SHCD" for r in ("2", "3", "4", "5", "6", "7", "8")
                    if parse_cards([f"{s}{r}"])[0] not in dealt)
    _expect_reject(v, bad, f"trick 3, seat {seat}", "FOLLOW-1")


def test_replay_rejects_a_changed_winner(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    trick = bad["tricks"][4]
    trick["winner"] = (trick["winner"] + 1) % 4
    trick["winner_seat"] = trick["plays"][trick["winner"]][0]
    _expect_reject(v, bad, "trick 5", "CMP-9")


def test_replay_rejects_a_changed_score(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["attacker_points"] += 5
    _expect_reject(v, bad, "score", "POINT-3")
    bad = copy.deepcopy(rec)
    bad["score"]["levels"] += 1
    _expect_reject(v, bad, "score", "LEVEL")


def test_replay_rejects_changed_trick_points(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["tricks"][0]["points"] += 10
    _expect_reject(v, bad, "trick 1", "POINT-2")


def test_replay_rejects_a_changed_next_dealer(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["next_dealer"] = (bad["next_dealer"] + 1) % 4
    _expect_reject(v, bad, "score", "DEALER-1")


def test_replay_rejects_a_kitty_multiplier_change(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["tricks"][-1]["kitty"]["multiplier"] += 1
    _expect_reject(v, bad, "last trick", "KITTY-3")


def test_replay_rejects_an_undealt_declaration(cz4_record) -> None:
    v, rec = cz4_record
    if not rec["declarations"]:
        pytest.skip("this seed has no declaration")
    bad = copy.deepcopy(rec)
    bad["declarations"][0]["dealt"] = 0
    _expect_reject(v, bad, "declaration", "BID-1")
