"""Differential tests: the follow kernels (core/follow/follow_rows_nb.py and its siblings) against
the reference :mod:`shengji_sim.rules.follow` (docs/core-conventions.md: "Parity is the spec").

* every §5 follow example (the CASES of ``test_examples_follow``) gives the same plays, count
  and rule through :func:`legal_follows_core`;
* targeted positions (OTH-7 B, AMB-37 B, AMB-11, OTH-5 B, AMB-16 B/C, AMB-15 B, AMB-41 B,
  AMB-19 B) and full four-deck hands through :func:`tests.differential.check_position`;
* the direct random follows of ``follow_fast_nb`` draw for draw against ``RandomPlayer``.

The hypothesis positions are tests/property/test_differential_follow.py.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from shengji_sim.cards import deck, parse_cards, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.core.follow.follow_data import RULE_NAMES
from shengji_sim.core.follow.follow_fast_nb import (
    SHORT_FREE,
    random_pair_follow_nb,
    random_pairtractor_follow_nb,
    random_short_follow_nb,
    random_triple_follow_nb,
)
from shengji_sim.core.runtime.api import (
    counts_of,
    kernel_inputs,
    legal_follows_core,
    masks_of,
    new_state,
)
from shengji_sim.fuzz.positions import Position, position
from shengji_sim.players.reference import RandomPlayer
from shengji_sim.rng import Rng
from shengji_sim.rules import game as G
from shengji_sim.rules.follow import (
    Options,
    follow_options,
    legal_follows,
)
from shengji_sim.rules.shapes import make_context
from tests.differential import check_position
from tests.unit.test_examples_follow import CASES, LEVEL, V


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]} {' '.join(c[5])}".strip() for c in CASES])
def test_worked_examples_match_reference(case, follow_buf) -> None:
    ex_id, key, lead, hand, other, amb, expected = case
    variant = load_variant(V[key], amb=amb)
    level, trump = parse_rank(LEVEL[key]), parse_trump("H")
    lead_cards, hand_cards = parse_cards(lead), parse_cards(f"{hand} {other}")
    ref = legal_follows(make_context(variant, level, trump), lead_cards, hand_cards)
    got = legal_follows_core(variant, level, trump, lead_cards, hand_cards, buf=follow_buf)
    assert got == ref, ex_id
    assert {tuple(sorted(p)) for p in got.plays} == expected


TARGETED = [
    # OTH-7 B mixed-width runs (CZ4, JJ4), AMB-37 B (JJ4, void follower, not last), AMB-11
    # on CZ4 chains and JJ4 tables, OTH-5 B protected sets, AMB-16 B/C, AMB-15 B, AMB-41 B.
    (position("follow", "changzhou-4deck", ("OTH-7=B",), "10", "H", "S5 S5 S5 S6 S6 S6",
              hand="S8 S8 S8 S9 S9 SJ SJ SJ SQ SQ SQ SQ H3"), 1),
    (position("follow", "jj-4deck", ("OTH-7=B",), "3", "H", "S5 S5 S5 S5 S6 S6 S6 S6",
              hand="S8 S8 S8 S8 S9 S9 S9 SJ SJ SJ SJ SQ SQ H3"), 1),
    (position("follow", "jj-4deck", ("AMB-37=B",), "3", "H", "S5 S5 S6 S6",
              hand="H4 H5 C7 C8 D9 BJ"), 1),
    (position("follow", "jj-4deck", ("AMB-37=B",), "3", "H", "S5 S5 S6 S6",
              hand="H4 H5 C7 BJ"), 2),
    (position("follow", "jj-4deck", ("AMB-37=B",), "3", "H", "S5 S5 S6 S6",
              hand="H4 H5 C7 BJ"), 3),
    (position("follow", "changzhou-4deck", ("AMB-11=A",), "10", "H", "S4 S4 S5 S5 S6 S6",
              hand="S8 S8 S8 S9 S9 S9 SJ SJ SQ SQ SK SK SA"), 1),
    (position("follow", "changzhou-4deck", ("AMB-11=C",), "10", "H", "S4 S4 S5 S5 S6 S6",
              hand="S8 S8 S8 S9 S9 S9 SJ SJ SQ SQ SK SK SA"), 1),
    (position("follow", "jj-4deck", ("AMB-11=C",), "3", "H", "S6 S6 S7 S7 S8 S8",
              hand="S9 S9 S10 S10 SJ SJ SK SK SK SA SA SA"), 1),
    (position("follow", "changzhou-4deck", ("OTH-5=B",), "10", "H", "S5 S5 S6 S6",
              hand="S8 S8 S8 S9 S9 S9 SJ SJ SK H3"), 1),
    (position("follow", "classic-2deck", ("AMB-16=B",), "2", "H", "S5 S5 S6 S6 S7 S7 S9 S9",
              hand="S3 S3 S4 S4 S10 S10 SJ SJ SQ SQ SA H5"), 1),
    (position("follow", "classic-2deck", ("AMB-16=C",), "2", "H", "S5 S5 S6 S6 S7 S7 S9 S9",
              hand="S3 S3 S4 S4 S10 S10 SJ SJ SQ SQ SA H5"), 1),
    (position("follow", "changzhou-4deck", ("AMB-15=B",), "10", "H", "S5 S5 S5 S5 S6 S6 S6 S6",
              hand="S8 S8 S8 SJ SJ SJ SQ SQ SK SK SA S3 S4"), 1),
    (position("follow", "jj-4deck", ("AMB-41=B",), "3", "H", "S4 S4 S4 S4 S5 S5 S5 S5",
              hand="S8 S8 S8 S8 SJ SJ SJ SJ SQ SQ SQ SK SK"), 1),
    (position("follow", "changzhou-4deck", ("AMB-19=B",), "10", "H", "S5 S5 S6 S6",
              hand="S8 S9 SJ H3 H4 C5 BJ"), 1),
    (position("follow", "classic-3deck", (), "2", "H", "S5 S5 S5 S6 S6 S6 S9 S9",
              hand="S7 S7 S7 S8 S8 S8 S10 S10 S10 SJ SJ SQ H3"), 1),
]


@pytest.mark.parametrize("case", TARGETED, ids=[f"{p.variant} {p.ambs}" for p, _ in TARGETED])
def test_targeted_positions(case, follow_buf) -> None:
    pos, position_arg = case
    assert check_position(pos, position_arg, follow_buf) is not None


def test_big_four_deck_positions(follow_buf) -> None:
    """Full 52-card hands: the counts and a sample of the listing match."""
    from shengji_sim.cards import deck

    leads = ["S5 S5 S6 S6", "S5 S5 S5 S5", "S5 S5 S6 S6 S7 S7", "S5 S5 S5 S5 S6 S6 S6 S6",
             "S4 S4 S4 S5 S5 S5", "S5 S5 S6 S6 S9 S9 SJ"]
    for variant in ("changzhou-4deck", "jj-4deck"):
        for seed in range(3):
            cards = deck(4)
            random.Random(seed).shuffle(cards)
            for lead in leads:
                lead_cards = parse_cards(lead)
                pool = list(cards)
                for k in lead_cards:
                    pool.remove(k)
                pos = Position("follow", variant, (), parse_rank("10"), parse_trump("H"),
                               tuple(lead_cards), (tuple(pool[:52]),))
                check_position(pos, 1, follow_buf)


def _assert_declined(state, seed: int, counts, hand) -> None:
    """A direct random follow that leaves the follow to the family kernels draws nothing and
    takes nothing from the hand."""
    assert int(state[0]) == seed and (counts == counts_of(hand)).all()


def _assert_reference_play(ctx, lead, hand, position: int, seed: int, state, counts, play,
                           where) -> tuple[Options, list[int]]:
    """The kernel's ``play`` is what ``RandomPlayer.follow`` plays from ``seed`` over the
    reference's ``follow_options``, with the same draws, and it left ``counts`` (the hand);
    returns the reference's options and the play as a sorted card list."""
    options = follow_options(ctx, lead, hand, position)
    rng = Rng(seed)
    want = RandomPlayer().follow(None, options, rng)
    got = sorted(c for c in range(54) for _ in range(play[c]))
    assert got == sorted(want), where
    assert int(state[0]) == rng.state
    assert (counts == counts_of(hand) - play).all()  # the play left the hand
    return options, got


#: readings that change how a pair is owed or offered (AMB-16, AMB-17, OTH-5) or hand the follow
#: back to the family kernels (AMB-19 B, OTH-6 B)
PAIR_CASES = [(n, None) for n in ("changzhou-4deck", "jj-4deck", "classic-2deck",
                                  "baifen-1deck", "classic-3deck")] + [
    ("changzhou-4deck", "AMB-17=A"), ("changzhou-4deck", "AMB-17=B"),
    ("changzhou-4deck", "OTH-5=A"), ("changzhou-4deck", "OTH-5=B"),
    ("jj-4deck", "AMB-17=A"), ("jj-4deck", "AMB-17=B"), ("jj-4deck", "OTH-5=B"),
    ("classic-3deck", "AMB-17=A"), ("classic-3deck", "OTH-5=B"),
    ("classic-2deck", "AMB-16=B"), ("classic-2deck", "AMB-19=B"), ("classic-2deck", "OTH-6=B")]


@pytest.mark.parametrize("name, amb", PAIR_CASES)
def test_follow_3_def_5_random_pair_follow_matches_reference(name, amb) -> None:
    """FOLLOW-3 / DEF-5 / FOLLOW-11 for a pair lead: ``random_pair_follow_nb`` plays what
    ``RandomPlayer.follow`` plays over the reference's ``follow_options`` (same draw, same
    rule and row), or declines (rule -1) without drawing."""
    v = load_variant(name, amb=[amb] if amb else [])
    p = kernel_inputs(v)
    rnd = random.Random(f"pair {name} {amb}")
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    taken = {1: 0, 2: 0}
    declined = 0
    for _ in range(300):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        rnd.shuffle(cards)
        pairs = [k for k in set(cards) if cards.count(k) >= 2]
        if not pairs:
            return  # one deck: no pair can be led
        k = rnd.choice(pairs)
        rest = list(cards)
        rest.remove(k)
        rest.remove(k)
        same = [c for c in rest if (ctx.ranking.eff_suit[c], ctx.ranking.group[c])
                == (ctx.ranking.eff_suit[k], ctx.ranking.group[k])]
        hand = rnd.sample(same, min(len(same), rnd.randint(0, 9)))
        hand += rnd.sample(rest, rnd.randint(2, 12))
        hand = hand[:v.hand_size] if len(hand) > v.hand_size else hand
        seed = rnd.getrandbits(64)
        counts = counts_of(hand)
        state = new_state(seed)
        cls = p.kt.cls_kinds[level, trump, k]
        rule, row = random_pair_follow_nb(p.sw, cls, p.kt.cls_n[level, trump, k], counts,
                                          state, play)
        if rule < 0:
            declined += 1
            _assert_declined(state, seed, counts, hand)
            continue
        options, _ = _assert_reference_play(ctx, [k, k], hand, 1, seed, state, counts, play,
                                            (level, trump, k, sorted(hand)))
        assert (RULE_NAMES[rule], row) == (options.rule, options.row)
        taken[row] += 1
    if amb in ("AMB-19=B", "OTH-6=B"):
        assert taken == {1: 0, 2: 0}  # these readings are the family kernels' to decide
    else:
        assert taken[1] > 0 and taken[2] > 0 and declined > 0  # both rows and the fallback


SHORT_CASES = [(n, None) for n in ("changzhou-4deck", "jj-4deck", "classic-2deck",
                                   "classic-3deck")] + [
    ("jj-4deck", "AMB-37=B"), ("classic-2deck", "AMB-19=B"), ("changzhou-4deck", "OTH-6=B")]


@pytest.mark.parametrize("name, amb", SHORT_CASES)
def test_follow_1_2_random_short_follow_matches_reference(name, amb) -> None:
    """FOLLOW-1, FOLLOW-2 for a multi-card lead when the follower holds at most as many led-class
    cards as the lead has: ``follow_fast_nb.random_short_follow_nb`` plays what
    ``RandomPlayer.follow`` plays over the reference's ``follow_options`` (all led-class
    cards plus free cards), with the same rule, no table row and the same draws; it
    declines (-1, no draw) when the follower is not short. AMB-19 B and AMB-37 B positions
    are left to the family kernels by the game loop, as here."""
    v = load_variant(name, amb=[amb] if amb else [])
    p = kernel_inputs(v)
    rnd = random.Random(f"short {name} {amb}")
    cards = deck(v.decks)
    scratch = (np.zeros(54, np.int8), np.zeros(54, np.int16),
               np.zeros((55, SHORT_FREE + 1), np.int64), np.zeros(SHORT_FREE, np.int8))
    play = np.zeros(54, np.int8)
    taken = {0: 0, 1: 0, 2: 0}
    declined = 0
    for _ in range(400):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        r = ctx.ranking
        rnd.shuffle(cards)
        leads = [o for o in G.lead_options(ctx, cards[:v.hand_size]) if len(o) > 1]
        if not leads:
            continue  # the leader holds no pair
        lead = rnd.choice(leads)
        rest = list(cards[v.hand_size:])
        k = lead[0]
        same = [c for c in rest if (r.eff_suit[c], r.group[c]) == (r.eff_suit[k], r.group[k])]
        hand = rnd.sample(same, min(len(same), rnd.randint(0, len(lead) + 1)))
        hand += rnd.sample([c for c in rest if c not in same], rnd.randint(len(lead), 14))
        position_arg = rnd.randint(1, 3)
        counts = counts_of(hand)
        held = sum(1 for c in hand if c in same)
        if (v.ruff_condition == "shape_missing" and held) or (
                v.jj4_line40 == "literal" and "AMB-37" in v.applicable and not held
                and r.eff_suit[k] != 4 and position_arg < 3):
            continue  # AMB-19 B / AMB-37 B: the game loop calls the family kernels
        seed = rnd.getrandbits(64)
        state = new_state(seed)
        rule = random_short_follow_nb(counts, masks_of(p.kt.order[level, trump], counts),
                                       p.kt.cls_pmask[level, trump, k],
                                       p.kt.kind_at[level, trump], len(lead), state, *scratch,
                                       play)
        if rule < 0:
            declined += 1
            _assert_declined(state, seed, counts, hand)
            continue
        options, _ = _assert_reference_play(ctx, lead, hand, position_arg, seed, state, counts,
                                            play, (level, trump, lead, sorted(hand)))
        assert (RULE_NAMES[rule], 0) == (options.rule, options.row or 0)
        taken[min(len(lead) - held, 2)] += 1
    if amb == "AMB-19=B":  # only void followers are drawn here (the rest is skipped)
        assert taken[2] > 0, taken
    else:
        assert declined > 0 and all(taken.values()), taken  # no free card, one, several


#: readings that change how a triple is owed (AMB-17) or hand the follow back to the family
#: kernels (AMB-19 B, OTH-5 B, OTH-6 B)
TRIPLE_CASES = [(n, None) for n in ("changzhou-4deck", "jj-4deck", "classic-3deck")] + [
    ("changzhou-4deck", "AMB-17=B"), ("jj-4deck", "AMB-17=B"), ("classic-3deck", "AMB-17=B"),
    ("changzhou-4deck", "OTH-5=B"), ("classic-3deck", "AMB-19=B"),
    ("changzhou-4deck", "OTH-6=B")]


@pytest.mark.parametrize("name, amb", TRIPLE_CASES)
def test_def_8_def_5_random_triple_follow_matches_reference(name, amb) -> None:
    """DEF-8 / DEF-5 for a triple lead (no FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8,
    FOLLOW-9, FOLLOW-10 table): ``random_triple_follow_nb`` plays what ``RandomPlayer.follow`` plays
    over the reference's ``follow_options`` (same draw, rule and row: a triple, else a pair and a
    card, else three cards), or declines (rule -1) without drawing."""
    v = load_variant(name, amb=[amb] if amb else [])
    p = kernel_inputs(v)
    rnd = random.Random(f"triple {name} {amb}")
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    keys = np.zeros(54 * 54, np.int64)
    taken = {1: 0, 2: 0, 3: 0}
    declined = 0
    for _ in range(400):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        r = ctx.ranking
        rnd.shuffle(cards)
        k = next(c for c in cards if cards.count(c) >= 3)
        rest = list(cards)
        for _ in range(3):
            rest.remove(k)
        same = [c for c in rest if (r.eff_suit[c], r.group[c]) == (r.eff_suit[k], r.group[k])]
        if rnd.random() < 0.3:  # mostly different kinds: rows 2 and 3 are drawn too
            same = list(dict.fromkeys(same))
        hand = rnd.sample(same, min(len(same), rnd.randint(0, 9)))
        hand += rnd.sample(rest, rnd.randint(3, 12))
        counts = counts_of(hand)
        seed = rnd.getrandbits(64)
        state = new_state(seed)
        cls = p.kt.cls_kinds[level, trump, k]
        rule, row = random_triple_follow_nb(p.sw, cls, p.kt.cls_n[level, trump, k], counts,
                                            state, play, keys)
        if rule < 0:
            declined += 1
            _assert_declined(state, seed, counts, hand)
            continue
        options, _ = _assert_reference_play(ctx, [k, k, k], hand, 1, seed, state, counts, play,
                                            (level, trump, k, sorted(hand)))
        assert (RULE_NAMES[rule], row) == (options.rule, options.row)
        taken[row] += 1
    if amb in ("AMB-19=B", "OTH-5=B", "OTH-6=B"):
        assert taken == {1: 0, 2: 0, 3: 0}  # these readings are the family kernels' to decide
    else:
        assert all(taken.values()) and declined > 0, taken  # every row and the fallback


#: the three policies' 2-pair tractor rules (FOLLOW-4, FOLLOW-10, FOLLOW-3 / DEF-5) and the
#: readings that change them (AMB-17) or hand them back to the family kernels
PAIRTRACTOR_CASES = [(n, None) for n in ("changzhou-4deck", "jj-4deck", "classic-2deck",
                                         "classic-3deck")] + [
    ("changzhou-4deck", "AMB-17=B"), ("jj-4deck", "AMB-17=B"), ("classic-3deck", "AMB-17=B"),
    ("changzhou-4deck", "AMB-15=B"), ("jj-4deck", "AMB-18=B"), ("changzhou-4deck", "OTH-5=B"),
    ("classic-2deck", "AMB-19=B"), ("classic-2deck", "AMB-16=B")]


@pytest.mark.parametrize("name, amb", PAIRTRACTOR_CASES)
def test_follow_4_10_random_pairtractor_follow_matches_reference(name, amb) -> None:
    """FOLLOW-4 / FOLLOW-10 / FOLLOW-3 for a 2-pair tractor lead:
    ``random_pairtractor_follow_nb`` plays what ``RandomPlayer.follow`` plays over the
    reference's ``follow_options`` (same draw, rule and row), or declines (rule -1) without
    drawing."""
    v = load_variant(name, amb=[amb] if amb else [])
    p = kernel_inputs(v)
    rnd = random.Random(f"pairtractor {name} {amb}")
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    scratch = (np.zeros(54 * 54, np.int64), np.zeros(54, np.int8), np.zeros(54, np.int16),
               np.zeros((55, SHORT_FREE + 1), np.int64), np.zeros(SHORT_FREE, np.int8))
    taken: dict[int, int] = {}
    declined = 0
    for _ in range(400):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        r = ctx.ranking
        rnd.shuffle(cards)
        leads = [o for o in G.lead_options(ctx, cards[:30])
                 if len(o) == 4 and len(set(o)) == 2 and o.count(o[0]) == 2]
        if not leads:
            continue
        lead = rnd.choice(leads)
        rest = list(cards[30:])
        k = min(lead)
        same = [c for c in rest if (r.eff_suit[c], r.group[c]) == (r.eff_suit[k], r.group[k])]
        if rnd.random() < 0.5:  # fewer sets: the lower rows are drawn too
            same = list(dict.fromkeys(same))
        hand = rnd.sample(same, min(len(same), rnd.randint(3, 12)))
        hand += rnd.sample([c for c in rest if c not in same], rnd.randint(0, 6))
        counts = counts_of(hand)
        seed = rnd.getrandbits(64)
        state = new_state(seed)
        rule, row = random_pairtractor_follow_nb(
            p.sw, p.kt.kind_at[level, trump], p.kt.succ_pmask[level, trump],
            p.kt.cls_pmask[level, trump, k], masks_of(p.kt.order[level, trump], counts),
            counts, state, play, *scratch)
        if rule < 0:
            declined += 1
            _assert_declined(state, seed, counts, hand)
            continue
        options, got = _assert_reference_play(ctx, lead, hand, 1, seed, state, counts, play,
                                              (level, trump, lead, sorted(hand)))
        assert (RULE_NAMES[rule], row) == (options.rule, options.row or 0)
        kinds = len({c for c in got})
        taken[kinds] = taken.get(kinds, 0) + 1
    if amb in ("AMB-15=B", "AMB-19=B", "OTH-5=B"):
        assert not taken  # these readings are the family kernels' to decide
    else:  # plays of two, three and four kinds (tractors / two pairs, a pair, none)
        assert declined > 0 and len(taken) >= 3, taken
