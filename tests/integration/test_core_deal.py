"""Pre-trick kernels against the reference, draw for draw (issue "pre-trick phase kernels").

The reference is ``shengji_sim.rules.game``: ``play_hand`` for whole hands, and its own
steps (``_deal_and_declare`` in the redeal loop, ``_kitty_exchange``, ``_chaodi``) re-run
on a ``HandState`` to read the rng state after the phase. Kernels: ``core.rng_nb``,
``core.bidding_nb``, ``core.deal_nb``, ``core.lead_nb``. The tests of tests/unit/test_bidding.py
that use the nobody-declares rules (BID-8, BID-9) and of tests/unit/test_chaodi.py that ask whether
a 炒 is legal (CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6) are re-run with the reference
functions replaced by checkers that assert kernel == reference on each call. The hypothesis
test of the rng kernel is tests/property/test_differential_deal.py.
"""

from __future__ import annotations

import dataclasses
import inspect
import random

import numpy as np
import pytest

from shengji_sim.cards import deck, format_card, parse_cards, points_of
from shengji_sim.config.strategy import load_strategy
from shengji_sim.config.variant import load_variant
from shengji_sim.core.base import rng_nb
from shengji_sim.core.base.errors import STATUS_OK
from shengji_sim.core.base.switches import SW_DECKS
from shengji_sim.core.base.tables import switch_array
from shengji_sim.core.engine.deal_nb import I_DEALER, I_LEVEL, I_TRUMP
from shengji_sim.core.players.greedy_nb import greedy_lead_nb
from shengji_sim.core.players.heuristic_declare_bury_nb import (
    heuristic_choose_nb,
    heuristic_declare_nb,
    trump_score_nb,
)
from shengji_sim.core.players.heuristic_nb import STRENGTH
from shengji_sim.core.players.profile_columns import (
    P_DECLARE_MIN_CARDS,
    P_DECLARE_OVER_PARTNER,
    P_DECLARE_PLAYABLE,
    P_DECLARE_RULE,
    P_DECLARE_STRENGTH,
)
from shengji_sim.core.players.random_nb import random_lead_into_nb, random_lead_nb
from shengji_sim.core.rules import bidding_nb as bnb
from shengji_sim.core.rules.lead_nb import lead_options_nb
from shengji_sim.core.runtime import api
from shengji_sim.core.runtime.api import (
    PreTrick,
    lead_options,
    make_lead_buffers,
    masks_of,
    option_cards,
)
from shengji_sim.players.reference import (
    GreedyPlayer,
    HeuristicPlayer,
    PassivePlayer,
    RandomPlayer,
    make_players,
)
from shengji_sim.rng import Rng, hand_seed
from shengji_sim.rules import chaodi as chaodi_rules
from shengji_sim.rules import game as G
from shengji_sim.rules.bidding import Declaration, mod4_seat, no_declaration
from shengji_sim.rules.chaodi import can_chaodi, chaodi_strength
from shengji_sim.rules.match import MatchState, new_match
from shengji_sim.rules.shapes import make_context
from tests.helpers import reference_cases, rerun_reference
from tests.unit import test_bidding as bidding_tests
from tests.unit import test_chaodi as chaodi_tests

ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]
FIELDS = ["shuffled", "first_recipient", "deal_step", "declarations", "declarer", "kitty_flip",
          "trump_declared", "dealer_declared", "burials", "chaodi", "trump", "dealer",
          "buried_by", "redeals"]
LATER = [MatchState((3, 7), 2, 3), MatchState((12, 0), 1, 2), MatchState((5, 5), 0, 2),
         MatchState((0, 8), 3, 4)]
AMB_CASES = [
    ("changzhou-4deck", "AMB-29=A"), ("changzhou-4deck", "AMB-29=C"),
    ("changzhou-4deck", "AMB-30=A"), ("changzhou-4deck", "AMB-30=B2"),
    ("changzhou-4deck", "AMB-31=B"), ("changzhou-4deck", "AMB-31=C"),
    ("changzhou-4deck", "AMB-32=B"), ("changzhou-4deck", "AMB-33=A"),
    ("changzhou-4deck", "AMB-33=C"), ("changzhou-4deck", "AMB-34=B"),
    ("changzhou-4deck", "AMB-42=B"), ("changzhou-4deck", "AMB-42=C"),
    ("changzhou-4deck", "AMB-46=B"),
    ("jj-4deck", "AMB-35=B"), ("jj-4deck", "AMB-42=B"), ("jj-4deck", "AMB-42=C"),
    ("jj-4deck", "AMB-46=B"), ("jj-4deck", "AMB-27=B"),
    ("classic-2deck", "AMB-29=A"), ("classic-2deck", "AMB-29=C"), ("classic-2deck", "AMB-31=A"),
    ("classic-2deck", "AMB-31=B"), ("classic-2deck", "AMB-32=A"), ("classic-2deck", "AMB-33=B"),
    ("classic-2deck", "AMB-33=C"), ("classic-2deck", "AMB-42=B"), ("classic-2deck", "AMB-42=C"),
    ("classic-2deck", "AMB-45=B"), ("classic-2deck", "AMB-45=C"), ("classic-2deck", "AMB-46=B"),
    ("classic-3deck", "AMB-42=B"), ("classic-3deck", "AMB-46=B"),
    ("baifen-1deck", "AMB-42=A"), ("baifen-1deck", "AMB-42=B"),
    ("changzhou-4deck", "AMB-50=A"), ("changzhou-4deck", "AMB-50=B"),
    ("jj-4deck", "AMB-50=B"), ("jj-4deck", "AMB-50=C"),
    ("classic-2deck", "AMB-50=A"), ("classic-2deck", "AMB-50=B"),
    ("baifen-1deck", "AMB-50=A"), ("classic-3deck", "AMB-50=B"),
    ("changzhou-4deck", "AMB-51=A"), ("changzhou-4deck", "AMB-51=C"),
]


@pytest.fixture(scope="session")
def kernels() -> dict[str, PreTrick]:
    """One PreTrick per built-in variant; every kernel called once (compiles or loads)."""
    out = {}
    for name in ALL:
        pt = PreTrick(load_variant(name))
        pt.run(["random"] * 4, 0, 0)
        lb = make_lead_buffers(pt.kt)
        counts = pt.buf.hands[int(pt.buf.info[I_DEALER])].copy()
        n = lead_options_nb(pt.kt, pt.sw, 0, 0, counts, lb)
        greedy_lead_nb(pt.kt, 0, 0, counts, lb, n)
        random_lead_nb(np.zeros(1, np.uint64), n)
        out[name] = pt
    return out


def reference_pre_trick(variant, players, root: int, index: int, match=None):
    """The reference's pre-trick steps of ``play_hand``: (record, rng state after)."""
    match = match or new_match(variant)
    st = G.HandState(variant, Rng(hand_seed(root, index)), list(players), match)
    st.record = {"redeals": 0}
    for _ in range(G.MAX_REDEALS):
        if G._deal_and_declare(st):
            break
        st.record["redeals"] += 1
    G._kitty_exchange(st)
    G._chaodi(st)
    return st.record, st.rng.state, st.level


def check_hands(pt: PreTrick, players, root: int, indices, matches=(None,)) -> dict:
    """Kernel == reference on every hand; returns event counts (coverage of the sweep)."""
    stats = {"hands": 0, "declarations": 0, "redeals": 0, "kitty_flip": 0, "chaodi": 0,
             "after_deal": 0}
    for i in indices:
        match = matches[i % len(matches)]
        ref, state, level = reference_pre_trick(pt.variant, players, root, i, match)
        got = pt.run(players, root, i, match)
        assert got["status"] == STATUS_OK
        diffs = [f for f in FIELDS if ref.get(f) != got.get(f)]
        assert not diffs, (pt.variant.name, i, match, diffs,
                           [(ref.get(f), got.get(f)) for f in diffs[:1]])
        assert got["rng_state"] == state, (pt.variant.name, i)
        assert got["level"] == level
        stats["hands"] += 1
        stats["declarations"] += len(ref["declarations"])
        stats["redeals"] += ref["redeals"]
        stats["kitty_flip"] += bool(ref["kitty_flip"])
        stats["chaodi"] += len(ref["chaodi"])
        stats["after_deal"] += sum(d["after_deal"] for d in ref["declarations"])
    return stats


# ------------------------------------------------------------------------------ rng


def test_rng_matches_reference() -> None:
    for seed in [0, 1, 2**64 - 1, 123456789] + [hand_seed(r, i) for r in range(5)
                                                  for i in range(20)]:
        ref, state = Rng(seed), api.new_state(seed)
        assert [ref.next64() for _ in range(20)] == [api.next64(state) for _ in range(20)]
        for n in list(range(1, 300)) + [2**40 + 3, 2**62 + 5, 3 * 2**61, 2**63 - 1]:
            assert ref.below(n) == api.below(state, n)
        items = list(range(216))
        arr = np.arange(216, dtype=np.int16)
        ref.shuffle(items)
        api.shuffle(state, arr)
        assert items == arr.tolist()
        assert ref.state == int(state[0])
    for root, index in [(0, 0), (42, 7), (2**64 - 1, 10**12), (5, 2**40)]:
        assert int(rng_nb.hand_seed_nb(np.uint64(root), np.uint64(index))) == \
            hand_seed(root, index)


# ------------------------------------------------------------------ declarations, 炒


#: readings of the nobody-declares and 炒 rules (BID-9, CHAO-2) checked besides the defaults;
#: AMB-33 C lists four jokers once per trump choice, AMB-50 C and AMB-42 / AMB-35 B the
#: options after the deal, AMB-51 the 炒 over a standing triple or quad
OPTION_CASES = [("changzhou-4deck", "AMB-29=A"), ("changzhou-4deck", "AMB-29=C"),
                ("classic-2deck", "AMB-29=A"), ("classic-2deck", "AMB-29=C"),
                ("changzhou-4deck", "AMB-33=C"), ("changzhou-4deck", "AMB-42=B"),
                ("jj-4deck", "AMB-35=B"), ("jj-4deck", "AMB-50=C"),
                ("changzhou-4deck", "AMB-51=A"), ("changzhou-4deck", "AMB-51=C")]
NO_BID_CASES = [("changzhou-4deck", "AMB-31=B"), ("changzhou-4deck", "AMB-31=C"),
                ("changzhou-4deck", "AMB-30=B2"), ("classic-2deck", "AMB-45=B"),
                ("classic-2deck", "AMB-31=A"), ("classic-2deck", "AMB-31=B")]


def pre_trick(kernels, name: str, amb: str | None) -> PreTrick:
    """The session's PreTrick of a built-in variant, or one with an ``--amb`` override."""
    return kernels[name] if amb is None else PreTrick(load_variant(name, amb=[amb]))


@pytest.mark.parametrize("name, amb", [(n, None) for n in ALL] + OPTION_CASES)
def test_option_lists_match_reference(kernels, name, amb) -> None:
    """declaration / 炒 options on random holdings and standings == the reference's; the
    sweep includes a single held over nothing or over a single standing (CHAO-2)."""
    pt = pre_trick(kernels, name, amb)
    v = pt.variant
    rnd = random.Random(f"{name} {amb}")
    over_single = 0
    biddable = [s * 13 for s in range(4)] + [52, 53]
    for _ in range(300):
        level = rnd.randrange(13)
        kinds = [k + level if k < 52 else k for k in biddable]
        hand = [k for k in kinds for _ in range(rnd.randrange(v.decks + 1))]
        seat = rnd.randrange(4)
        standing = None
        if rnd.random() < 0.8:
            standing = Declaration(rnd.randrange(4), (rnd.choice(kinds),) * rnd.randint(1, v.decks))
        st = G.HandState(v, Rng(0), [], MatchState((level, level), None, rnd.randint(1, 2)))
        st.hands[seat] = hand
        for after_deal in (False, True):  # AMB-50 C: after the deal, stronger only
            ref = [(d.kind, d.count, d.choice)
                   for d in G._declaration_options(st, seat, standing, after_deal)]
            assert api.declaration_options(pt.sw, level, hand, seat, standing,
                                           after_deal) == ref
        declarer = rnd.choice([None, 0, 1, 2, 3])
        someone_else = rnd.random() < 0.5
        st.record = {"kitty_flip": rnd.random() < 0.3}
        ref = [(d.kind, d.count, d.choice) for d in
               G._chaodi_options(st, seat, standing, declarer, someone_else)]
        assert api.chaodi_options(pt.sw, level, hand, seat, standing, declarer,
                                  someone_else, st.record["kitty_flip"]) == ref
        single_held = any(hand.count(k) == 1 for k in kinds)
        over_single += bool(ref) and single_held and (standing is None or standing.count == 1)
    assert over_single > 0 or not v.chaodi


@pytest.mark.parametrize("name, amb", [(n, None) for n in ALL] + NO_BID_CASES)
def test_no_declaration_matches_reference(kernels, name, amb) -> None:
    """BID-8, BID-9 (the mod-4 tables), AMB-30, AMB-31, AMB-45 on random kitties."""
    pt = pre_trick(kernels, name, amb)
    v = pt.variant
    rnd = random.Random(f"{name} {amb}")
    cards = deck(v.decks)
    for _ in range(200):
        rnd.shuffle(cards)
        kitty = cards[:max(v.kitty_size, 1)]
        level, hand_number = rnd.randrange(13), rnd.randint(1, 3)
        ref = no_declaration(v, level, kitty, hand_number)
        got = api.no_declaration(pt.sw, level, kitty, hand_number)
        assert got == (ref.redeal, -1 if ref.trump is None else ref.trump,
                       -1 if ref.dealer_seat is None else ref.dealer_seat)


def parity_no_declaration(variant, level, kitty, hand_number):
    expected = no_declaration(variant, level, kitty, hand_number)
    got = api.no_declaration(switch_array(variant), level, kitty, hand_number)
    assert got == (expected.redeal, -1 if expected.trump is None else expected.trump,
                   -1 if expected.dealer_seat is None else expected.dealer_seat)
    return expected


def parity_mod4_seat(variant, k):
    expected = mod4_seat(variant, k)
    assert bnb.mod4_seat_nb(switch_array(variant), k) == expected
    return expected


def parity_can_chaodi(variant, level, standing, new, *, seat, original_declarer,
                      someone_else_chaoed, trump_from_kitty_flip):
    """``can_chaodi`` == ``can_chaodi_nb`` (the kernel's 炒 is identical cards, and only four
    jokers carry a trump choice: its options never give one to anything else, CHAO-3)."""
    expected = can_chaodi(variant, level, standing, new, seat=seat,
                          original_declarer=original_declarer,
                          someone_else_chaoed=someone_else_chaoed,
                          trump_from_kitty_flip=trump_from_kitty_flip)
    stray_choice = new.choice is not None and not (new.is_joker and new.count >= 4)
    if new.identical and (standing is None or standing.identical) and not stray_choice:
        st_seat, st_kind, st_count = (-1, -1, 0) if standing is None else (
            standing.seat, standing.kind, standing.count)
        got = bnb.can_chaodi_nb(switch_array(variant), level,
                                st_seat, st_kind, st_count, seat, new.kind, new.count,
                                -1 if original_declarer is None else original_declarer,
                                someone_else_chaoed, trump_from_kitty_flip)
        assert got == expected[0], (new, standing, expected)
    return expected


def parity_chaodi_strength(variant, level, cards):
    """``chaodi_strength`` is None exactly where ``chaodi_strength_nb`` is -1."""
    expected = chaodi_strength(variant, level, cards)
    if cards and len(set(cards)) == 1:
        got = bnb.chaodi_strength_nb(switch_array(variant), level,
                                     cards[0], len(cards))
        assert (got == -1) == (expected is None), (cards, expected, got)
    return expected


def calling(module, *names: str) -> list:
    """``reference_cases`` of the tests of ``module`` whose source calls one of ``names``."""
    def calls(case) -> bool:
        source = inspect.getsource(getattr(module, case.values[0]))
        return any(f"{n}(" in source for n in names)
    return [case for case in reference_cases(module) if calls(case)]


@pytest.mark.parametrize(("name", "kwargs"),
                         calling(bidding_tests, "no_declaration", "mod4_seat"))
def test_reference_no_declaration_tests_through_the_kernel(monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, bidding_tests, name, kwargs,
                    no_declaration=parity_no_declaration, mod4_seat=parity_mod4_seat)


@pytest.mark.parametrize(("name", "kwargs"),
                         calling(chaodi_tests, "chao", "can_chaodi", "resolve_chaodi", "rung"))
def test_reference_chaodi_tests_through_the_kernel(monkeypatch, name, kwargs):
    """Also inside ``resolve_chaodi`` (its ``can_chaodi`` is replaced in rules.chaodi)."""
    monkeypatch.setattr(chaodi_rules, "can_chaodi", parity_can_chaodi)
    rerun_reference(monkeypatch, chaodi_tests, name, kwargs, can_chaodi=parity_can_chaodi,
                    chaodi_strength=parity_chaodi_strength)


@pytest.mark.parametrize("name, amb", [("changzhou-4deck", f"AMB-29={x}") for x in "ABC"]
                         + [("classic-2deck", f"AMB-29={x}") for x in "ABC"])
def test_chaodi_strength_order_matches_reference(name, amb) -> None:
    """CHAO-2 / AMB-29: every (biddable kind, count) at every level: None where the kernel
    says -1 (a single, under every ladder), and the same order of the others."""
    v = load_variant(name, amb=[amb])
    sw = switch_array(v)
    for level in range(13):
        shown = [(bnb.slot_kind_nb(level, s), c) for s in range(6) for c in range(1, 5)]
        ref = [chaodi_strength(v, level, [k] * c) for k, c in shown]
        got = [int(bnb.chaodi_strength_nb(sw, level, k, c)) for k, c in shown]
        assert [r is None for r in ref] == [g == -1 for g in got], (amb, level)
        keyed = [(r, g) for r, g in zip(ref, got) if r is not None]
        for r1, g1 in keyed:
            for r2, g2 in keyed:
                assert (r1 < r2) == (g1 < g2) and (r1 == r2) == (g1 == g2), (amb, level)
        singles = [got[i] for i, (_, c) in enumerate(shown) if c == 1]
        assert max(singles) == -1  # CHAO-2: a single never 炒s, under every ladder


# ------------------------------------------------------------------- the whole phase


@pytest.mark.parametrize("player", ["random", "greedy"])
@pytest.mark.parametrize("name", ALL)
def test_pre_trick_matches_reference(kernels, name, player) -> None:
    pt = kernels[name]
    players = make_players(player)
    stats = check_hands(pt, players, 11, range(60))
    later = check_hands(pt, players, 12, range(40), LATER)
    assert stats["declarations"] > 0 and later["hands"] == 40
    if player == "random" and pt.variant.chaodi:
        assert stats["chaodi"] + later["chaodi"] > 0
    if name == "baifen-1deck" and player == "greedy":
        assert stats["redeals"] > 0  # DEF-25 redeals are exercised


@pytest.mark.parametrize("name,amb", AMB_CASES)
def test_pre_trick_amb_overrides(name, amb) -> None:
    pt = PreTrick(load_variant(name, amb=[amb]))
    for player in ("random", "greedy"):
        check_hands(pt, make_players(player), 21, range(20))
        check_hands(pt, make_players(player), 22, range(20), LATER)


#: the issue-35 keys (declare_playable, declare_over_partner, bury_points) at several values
PLAYABLE_PROFILES = [
    {"declare_playable": 40, "declare_over_partner": False, "bury_points": True,
     "bury_points_share": 30},
    {"declare_playable": 55, "declare_over_partner": True, "bury_points": True,
     "bury_points_share": 50},
]


@pytest.mark.parametrize("name", ALL)
def test_BID_8_KITTY_2_playable_declaring_and_point_burials_match_reference(kernels,
                                                                            name) -> None:
    """Declaring a playable suit with the complete hand (BID-8 left to fewer hands),
    not countering the partner (BID-2), 炒 with the complete hand (CHAO-2) and burying
    points under strong trumps (KITTY-2): the kernels' records equal the reference's, and
    the sweep declares, 炒s where the variant has 炒底, and buries points."""
    pt = kernels[name]
    expert = load_strategy("expert")
    stats = {"declarations": 0, "chaodi": 0, "points_buried": 0}
    for i, keys in enumerate(PLAYABLE_PROFILES):
        players = [HeuristicPlayer(dataclasses.replace(expert, **keys)) for _ in range(4)]
        s = check_hands(pt, players, 41 + i, range(12), (None, LATER[1]))
        stats["declarations"] += s["declarations"]
        stats["chaodi"] += s["chaodi"]
        for j in range(12):
            burials = pt.run(players, 41 + i, j)["burials"]
            stats["points_buried"] += sum(points_of(parse_cards(c)[0])
                                          for b in burials for c in b["cards"])
    assert stats["declarations"] > 0
    assert stats["chaodi"] > 0 or not pt.variant.chaodi
    assert stats["points_buried"] > 0 or not pt.variant.kitty_size


def test_pre_trick_mixed_players(kernels) -> None:
    for name in ALL:
        for mix in ([RandomPlayer(), GreedyPlayer(), RandomPlayer(), GreedyPlayer()],
                    [GreedyPlayer(), GreedyPlayer(), GreedyPlayer(), RandomPlayer()]):
            check_hands(kernels[name], mix, 31, range(15), (None, LATER[0]))


# BID-8 cases: (variant, override, does nobody-declares redeal in hand 1 / later hands)
NOBODY_CASES = [
    ("baifen-1deck", None, True, True), ("classic-3deck", None, True, True),
    ("changzhou-4deck", "AMB-30=A", True, False), ("changzhou-4deck", None, False, False),
    ("changzhou-4deck", "AMB-30=B2", False, False), ("changzhou-4deck", "AMB-31=B", False, False),
    ("jj-4deck", None, False, False), ("jj-4deck", "AMB-27=B", False, False),
    ("classic-2deck", None, False, False), ("classic-2deck", "AMB-45=B", False, False),
    ("classic-2deck", "AMB-45=C", True, True), ("classic-2deck", "AMB-31=B", False, False),
]


@pytest.mark.parametrize("name,amb,redeal1,redeal2", NOBODY_CASES)
def test_nobody_declares_matches_reference(name, amb, redeal1, redeal2) -> None:
    """BID-8 paths: passive seats never declare (kitty flip, spades, redeals); mixed tables
    let the others declare late, or 炒 after a kitty flip (CHAO-6)."""
    pt = PreTrick(load_variant(name, amb=[amb] if amb else []))
    passive = [PassivePlayer() for _ in range(4)]
    matches = [m for m, redeal in ((None, redeal1), (LATER[0], redeal2), (LATER[1], redeal2))
               if not redeal]
    if matches:  # all passive: nobody ever declares, so only where BID-8 sets a trump
        s = check_hands(pt, passive, 61, range(8), matches)
        assert s["kitty_flip"] > 0 or name == "jj-4deck"
    stats = []
    for seed, mixed in ((62, [PassivePlayer(), PassivePlayer(), PassivePlayer(), RandomPlayer()]),
                        (63, [GreedyPlayer(), PassivePlayer(), RandomPlayer(), PassivePlayer()])):
        stats.append(check_hands(pt, mixed, seed, range(12), (None, LATER[2], LATER[3])))
    if name == "baifen-1deck":
        assert stats[0]["redeals"] > 0


@pytest.mark.parametrize("name, amb", [(n, None) for n in ALL] + [
    ("changzhou-4deck", "AMB-33=C"), ("jj-4deck", "AMB-35=B"), ("classic-2deck", "AMB-42=B")])
def test_AMB_50_after_deal_declarations_fit_the_log(name, amb) -> None:
    """The kernel logs at most ``4 * hand_size + MAX_AFTER_DEAL`` declarations: one per
    dealt card, then B asks each seat once and under C each declaration is strictly
    stronger than the one standing, so at most as many as the ladder has keys."""
    sw = switch_array(load_variant(name, amb=[amb] if amb else []))
    cfg = bnb.bid_config_nb(sw)
    keys = {int(bnb.declaration_strength_nb(sw, level, bnb.slot_kind_nb(level, s), c))
            for level in range(13) for s in range(6) for c in range(1, 5)}
    assert len(keys - {-1}) <= bnb.MAX_AFTER_DEAL and bnb.MAX_AFTER_DEAL >= 4
    assert bnb.after_deal_config_nb(cfg)[bnb.DC_ALL_HIDDEN] == 0
    pt = PreTrick(load_variant(name, amb=[amb] if amb else []))
    assert pt.buf.decl.shape[0] == 4 * pt.variant.hand_size + bnb.MAX_AFTER_DEAL


@pytest.mark.parametrize("index", range(6))
def test_DEF_29_jj4_hand1_nobody_bids_first_recipient_deals_in_the_kernel(kernels, index):
    """DEF-29: JJ4 hand 1 without bids: spades, and the seat that received the first dealt
    card deals (``deal_nb._settle_nb``), as the reference."""
    pt = kernels["jj-4deck"]
    passive = [PassivePlayer() for _ in range(4)]
    got = pt.run(passive, 29, index)
    assert got["declarations"] == [] and got["trump_declared"] == "S"
    assert got["dealer"] == got["first_recipient"]
    ref, _, _ = reference_pre_trick(pt.variant, passive, 29, index)
    assert ref["dealer"] == got["dealer"]


@pytest.mark.parametrize("letter, trump, dealer, redeal", [
    ("A", -1, 2, False), ("B", 2, 2, False), ("C", -1, -1, True)])
def test_AMB_45_example_in_the_kernel(letter, trump, dealer, redeal):
    """AMB-45's example: C6 under STD2's default AMB-31 C counts 6 in play order from seat
    0: seat 2 deals (B: with ♣ trump); under B not by BID-9's clockwise tables either (C7:
    seat 3, where table 3 would be seat 1)."""
    sw = switch_array(load_variant("classic-2deck", amb=[f"AMB-45={letter}"]))
    assert api.no_declaration(sw, 0, parse_cards("C6 S4"), 1) == (redeal, trump, dealer)
    assert api.no_declaration(sw, 0, parse_cards("C7 S4"), 1)[2] == (-1 if redeal else 3)


def test_no_trump_after_max_redeals(kernels) -> None:
    """DEF-25 with nobody ever declaring: the reference gives up after MAX_REDEALS deals."""
    pt = kernels["baifen-1deck"]
    passive = [PassivePlayer() for _ in range(4)]
    with pytest.raises(G.GameError):
        G.play_hand(pt.variant, passive, 71, 0)
    got = pt.run(passive, 71, 0)
    assert got["status"] != STATUS_OK and got["redeals"] == G.MAX_REDEALS
    rng = Rng(hand_seed(71, 0))
    st = G.HandState(pt.variant, rng, passive, new_match(pt.variant))
    st.record = {}
    for _ in range(G.MAX_REDEALS):
        assert not G._deal_and_declare(st)
    assert got["rng_state"] == rng.state


@pytest.mark.parametrize("name", ALL)
def test_play_hand_record_and_first_lead(kernels, name) -> None:
    """``play_hand``'s record fields and its first lead equal the kernels' (the first lead
    checks the rng state after the phase inside a real hand)."""
    pt = kernels[name]
    lb = make_lead_buffers(pt.kt)
    for player in ("random", "greedy"):
        for index in range(4):
            record = G.play_hand(pt.variant, make_players(player), 51, index)
            got = pt.run([player] * 4, 51, index)
            for f in FIELDS:
                assert record[f] == got[f], (name, player, index, f)
            info = pt.buf.info
            level, trump, dealer = int(info[I_LEVEL]), int(info[I_TRUMP]), int(info[I_DEALER])
            counts = pt.buf.hands[dealer].copy()
            n = lead_options_nb(pt.kt, pt.sw, level, trump, counts, lb)
            if player == "random":
                state = np.array([got["rng_state"]], np.uint64)
                choice = int(random_lead_nb(state, n))
            else:
                choice = int(greedy_lead_nb(pt.kt, level, trump, counts, lb, n))
            lead = [format_card(k) for k in option_cards(pt.kt, level, trump, lb, choice)]
            assert record["tricks"][0]["leader"] == dealer
            assert record["tricks"][0]["plays"][0][1] == lead, (name, player, index)


# ----------------------------------------------------------------------------- leads


@pytest.mark.parametrize("name", ALL)
def test_lead_options_match_reference(kernels, name) -> None:
    pt = kernels[name]
    v = pt.variant
    lb = make_lead_buffers(pt.kt)
    rnd = random.Random(name)
    cards = deck(v.decks)
    for _ in range(150):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        rnd.shuffle(cards)
        hand = cards[:rnd.randint(1, v.hand_size + v.kitty_size)]
        ctx = make_context(v, level, trump)
        ref = G.lead_options(ctx, hand)
        assert lead_options(pt.kt, pt.sw, level, trump, hand, lb) == ref
        view = G.View(0, sorted(hand), level, 1, 0, trump, ctx, [], [], [], 0)
        counts = np.zeros(54, np.int8)
        for k in hand:
            counts[k] += 1
        n = lead_options_nb(pt.kt, pt.sw, level, trump, counts, lb)
        greedy = GreedyPlayer().lead(view, G.list_choice(ref), None)
        assert option_cards(pt.kt, level, trump, lb,
                            int(greedy_lead_nb(pt.kt, level, trump, counts, lb, n))) == greedy
        seed = rnd.getrandbits(64)
        assert RandomPlayer().lead(view, G.list_choice(ref), Rng(seed)) == option_cards(
            pt.kt, level, trump, lb, int(random_lead_nb(api.new_state(seed), n)))


#: readings that change which kinds are adjacent (AMB-01, AMB-02, AMB-03, AMB-04, AMB-05, AMB-06,
#: AMB-07, AMB-08), on the variants they apply to
CHAIN_CASES = [("changzhou-4deck", "AMB-01=B"), ("changzhou-4deck", "AMB-02=B"),
               ("changzhou-4deck", "AMB-03=B"), ("changzhou-4deck", "AMB-04=C"),
               ("jj-4deck", "AMB-05=B"), ("jj-4deck", "AMB-06=B"),
               ("classic-2deck", "AMB-01=C"), ("classic-2deck", "AMB-04=B"),
               ("classic-2deck", "AMB-05=C"), ("classic-3deck", "AMB-03=B"),
               ("baifen-1deck", "AMB-07=B"), ("baifen-1deck", "AMB-08=B")]


@pytest.mark.parametrize("name, amb", [(n, None) for n in ALL] + CHAIN_CASES)
def test_lead_3_random_lead_without_listing_matches_reference(name, amb) -> None:
    """LEAD-3: the random lead of ``random_lead_into_nb`` (sets counted, tractors listed)
    is ``RandomPlayer.lead`` over the reference's ``lead_options``, draw for draw."""
    pt = PreTrick(load_variant(name, amb=[amb] if amb else []))
    lb = make_lead_buffers(pt.kt)
    rnd = random.Random(f"{name} {amb}")
    cards = deck(pt.variant.decks)
    lead = np.zeros(54, np.int8)
    tractors = 0
    for _ in range(200):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        rnd.shuffle(cards)
        hand = cards[:rnd.randint(1, pt.variant.hand_size + pt.variant.kitty_size)]
        ctx = make_context(pt.variant, level, trump)
        options = G.lead_options(ctx, hand)
        seed = rnd.getrandbits(64)
        rng = Rng(seed)
        want = RandomPlayer().lead(None, G.list_choice(options), rng)
        counts = np.zeros(54, np.int8)
        for k in hand:
            counts[k] += 1
        state = api.new_state(seed)
        hm = masks_of(pt.kt.order[level, trump], counts)
        n, top = random_lead_into_nb(pt.kt, pt.sw, level, trump, counts, hm, len(hand), lb,
                                     state, lead)
        assert n == len(options), (level, trump, sorted(hand))
        assert sorted(k for k in range(54) for _ in range(lead[k])) == sorted(want)
        assert top == min(want, key=ctx.ranking.sort_key)  # the lead's strongest kind
        assert int(state[0]) == rng.state  # the same draws
        tractors += n > len(hand)
    if pt.variant.decks > 1:  # one deck has no pairs, hence no tractors (COMBO-4)
        assert tractors > 0  # some hands held a tractor, so that path was drawn from


def _standing(rnd: random.Random, cfg, level: int, decks: int, seat: int,
              chance: float) -> tuple[np.ndarray, int]:
    """A random standing declaration (none with probability ``1 - chance``): the legal
    declarations' mask under it (``declaration_mask_nb``) and whether ``seat`` made it."""
    st_seat, st_kind, st_count = -1, -1, 0
    if rnd.random() < chance:
        st_seat = rnd.randrange(4)
        st_kind = bnb.slot_kind_nb(level, rnd.randrange(6))
        st_count = rnd.randint(1, decks)
    mask = bnb.declaration_mask_nb(cfg, level, st_seat, st_kind, st_count)
    return mask, 1 if seat == st_seat else 0


@pytest.mark.parametrize("name, amb", [(n, None) for n in ALL] + [("changzhou-4deck",
                                                                  "AMB-33=C")])
def test_declarations_into_lists_nth_declaration_in_order(kernels, name, amb) -> None:
    """``declarations_into_nb`` (the heuristic declarer's one-pass listing) writes exactly
    ``nth_declaration_nb(i)`` for i = 0, 1, ... and as many as ``seat_option_count_nb``,
    on random holdings under random standing declarations; under AMB-33 C four jokers are
    five options, one per trump choice."""
    sw = kernels[name].sw if amb is None else PreTrick(load_variant(name, amb=[amb])).sw
    cfg = bnb.bid_config_nb(sw)
    choose = bnb.four_choose_nb(cfg)
    decks = int(sw[SW_DECKS])
    rnd = random.Random(name)
    listed = chose = 0
    for _ in range(300):
        level = rnd.randrange(13)
        hands = np.zeros((4, 54), np.int8)
        for s in range(6):
            k = bnb.slot_kind_nb(level, s)
            hands[:, k] = [rnd.randrange(decks + 1) for _ in range(4)]
        seat = rnd.randrange(4)
        mask, t = _standing(rnd, cfg, level, decks, seat, 0.7)
        kinds = np.zeros(32, np.int32)
        counts = np.zeros(32, np.int32)
        choices = np.zeros(32, np.int32)
        n = bnb.declarations_into_nb(level, mask, t, hands, seat, kinds, counts, choices,
                                     choose)
        assert n == bnb.seat_option_count_nb(level, mask, t, hands, seat, choose)
        want = [bnb.nth_declaration_nb(level, mask, t, hands, seat, i, choose)
                for i in range(n)]
        assert list(zip(kinds[:n].tolist(), counts[:n].tolist(), choices[:n].tolist())) == want
        assert bnb.nth_declaration_nb(level, mask, t, hands, seat, n, choose) == (-1, 0, -1)
        listed += n
        chose += sum(c >= 0 for c in choices[:n].tolist())
    assert listed > 0 and (chose > 0) is (amb == "AMB-33=C")


@pytest.mark.parametrize("name", ALL)
def test_heuristic_declare_passes_early_only_where_no_option_is_declared(kernels,
                                                                         name) -> None:
    """``heuristic_declare_nb`` with the hand's trump scores kept per suit (as the deal
    loop keeps them, ``trump_scores_step_nb``) chooses what listing the options
    (``declarations_into_nb``) and choosing among them (``heuristic_choose_nb``) choose,
    for declaring by strength at several bars and by share, on random holdings under
    random standing declarations; by strength, some hands pass at the bar and some
    declare."""
    sw = kernels[name].sw
    cfg = bnb.bid_config_nb(sw)
    choose = bnb.four_choose_nb(cfg)
    decks = int(sw[SW_DECKS])
    rnd = random.Random(name + "declare")
    _, params = api.seat_profiles(["expert"] * 4)
    passed_at_bar = declared = 0
    for _ in range(400):
        level = rnd.randrange(13)
        hands = np.zeros((4, 54), np.int8)
        for k in range(54):
            hands[:, k] = [rnd.randrange(decks + 1) if rnd.random() < 0.3 else 0
                           for _ in range(4)]
        seat = rnd.randrange(4)
        mask, t = _standing(rnd, cfg, level, decks, seat, 0.5)
        p = params[0].copy()
        p[P_DECLARE_RULE] = rnd.choice([STRENGTH, STRENGTH, 0])  # 0: "share" (heuristic_nb)
        p[P_DECLARE_STRENGTH] = rnd.choice([50, 100, 150])
        p[P_DECLARE_MIN_CARDS] = rnd.choice([0, 8])
        p[P_DECLARE_PLAYABLE] = rnd.choice([40, 400])
        p[P_DECLARE_OVER_PARTNER] = rnd.choice([0, 1])
        hand_len = int(hands[seat].sum())
        hand_size = hand_len + rnd.choice([0, 0, 1])  # complete, or one card to come
        last = rnd.choice([-1, 0, 1, 2, 3])
        scores = np.array([trump_score_nb(hands[seat], level, s) for s in range(5)],
                          np.int32)
        kinds, counts, choices = (np.zeros(32, np.int32) for _ in range(3))
        n = bnb.declarations_into_nb(level, mask, t, hands, seat, kinds, counts, choices,
                                     choose)
        want = heuristic_choose_nb(p, hands[seat], hand_len, hand_size, level, n, kinds,
                                   counts)
        partner = p[P_DECLARE_RULE] == STRENGTH and not p[P_DECLARE_OVER_PARTNER] \
            and last == (seat + 2) % 4
        got = heuristic_declare_nb(p, level, mask, t, hands, seat, hand_len, hand_size, last,
                                   np.zeros(32, np.int32), np.zeros(32, np.int32),
                                   np.zeros(32, np.int32), choose, scores)
        assert got == (-1 if partner else want), (level, seat, hands[seat].tolist(), p.tolist())
        if p[P_DECLARE_RULE] == STRENGTH and n and not partner:
            strength = p[P_DECLARE_STRENGTH]
            if hand_len >= hand_size:
                strength = min(strength, p[P_DECLARE_PLAYABLE])
            bar = strength * max(hand_len, p[P_DECLARE_MIN_CARDS])
            passed_at_bar += 100 * int(scores.max()) < bar
            declared += got >= 0
    assert passed_at_bar > 0 and declared > 0  # both ways were taken
