"""Differential tests: the follow kernels (core/follow/follow_rows_nb.py and its siblings) against
the reference :mod:`shengji_sim.rules.follow` (docs/core-conventions.md: "Parity is the spec").

* every §5 follow example (the CASES of ``test_examples_follow``) gives the same plays, count
  and rule through :func:`legal_follows_core`;
* targeted positions (OTH-7 B, AMB-37 B, AMB-11, OTH-5 B, AMB-16 B/C, AMB-15 B, AMB-41 B,
  AMB-19 B) and full four-deck hands through :func:`tests.differential.check_position`;
* the direct random follows of ``follow_fast_nb`` draw for draw against ``RandomPlayer``: many
  positions on each built-in variant, and a few under every value of every switch of the
  schema, where each fast path's generated guard (``fast_guards_nb``, from the table
  ``core/follow/fast_paths.py``) decides whether it may draw at all.

The hypothesis positions are tests/property/test_differential_follow.py.
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

from shengji_sim.cards import TRUMP, deck, parse_cards, parse_rank, parse_trump
from shengji_sim.config.interpretations import VariantError
from shengji_sim.config.variant import Variant, load_variant
from shengji_sim.config.variant_schema import SCHEMA
from shengji_sim.core.base import switches
from shengji_sim.core.base.make_switches import const_name
from shengji_sim.core.base.rng_nb import below_nb
from shengji_sim.core.base.tables import SW, code
from shengji_sim.core.follow import fast_guards_nb
from shengji_sim.core.follow.fast_paths import FAST_PATHS
from shengji_sim.core.follow.follow_data import RULE_NAMES
from shengji_sim.core.follow.follow_fast_nb import (
    SHORT_FREE,
    one_card_nth_nb,
    one_card_options_nb,
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



# ------------------------------------------------------------------ the direct random follows
# Each ``_<path>_positions`` plays ``n`` random positions of its lead through the fast path (a
# deal with no such lead is dealt again) and checks each: declined (rule -1, nothing drawn) or
# ``RandomPlayer.follow``'s play over the reference's options, with the same draws, rule and
# row. It returns what was drawn (by row or kind), how many positions the path declined itself
# and whether (pair, triple, 2-pair tractor: n) or where (short: a count) its guard declined.


def _pair_positions(v: Variant, n: int, rnd: random.Random):
    """FOLLOW-3 / DEF-5 / FOLLOW-11: a pair lead, a follower with 0-9 cards of its class."""
    p = kernel_inputs(v)
    guarded = fast_guards_nb.pair_declines_nb(p.sw)
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    taken = {1: 0, 2: 0}
    declined = 0
    for _ in range(n):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        rnd.shuffle(cards)
        k = rnd.choice([k for k in set(cards) if cards.count(k) >= 2])
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
        assert not guarded, "the guard declines: the path must not draw"
        options, _ = _assert_reference_play(ctx, [k, k], hand, 1, seed, state, counts, play,
                                            (level, trump, k, sorted(hand)))
        assert (RULE_NAMES[rule], row) == (options.rule, options.row)
        taken[row] += 1
    return taken, declined, n if guarded else 0


def _short_positions(v: Variant, n: int, rnd: random.Random):
    """FOLLOW-1, FOLLOW-2: a multi-card lead, a follower holding at most as many cards of its
    class (or more: the path declines). The guard decides first, as the game loop's
    ``play_follow_nb._short_path_open`` does (AMB-19 B: holding some of the class; AMB-37 B:
    void before the last seat of a plain lead)."""
    p = kernel_inputs(v)
    cards = deck(v.decks)
    scratch = (np.zeros(54, np.int8), np.zeros(54, np.int16),
               np.zeros((55, SHORT_FREE + 1), np.int64), np.zeros(SHORT_FREE, np.int8))
    play = np.zeros(54, np.int8)
    taken = {0: 0, 1: 0, 2: 0}
    declined = guarded = done = 0
    for _ in range(20 * n):
        if done == n:
            break
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        r = ctx.ranking
        rnd.shuffle(cards)
        leads = [o for o in G.lead_options(ctx, cards[:v.hand_size]) if len(o) > 1]
        if not leads:
            continue  # the leader holds no pair
        done += 1
        lead = rnd.choice(leads)
        rest = list(cards[v.hand_size:])
        k = lead[0]
        same = [c for c in rest if (r.eff_suit[c], r.group[c]) == (r.eff_suit[k], r.group[k])]
        hand = rnd.sample(same, min(len(same), rnd.randint(0, len(lead) + 1)))
        hand += rnd.sample([c for c in rest if c not in same], rnd.randint(len(lead), 14))
        position_arg = rnd.randint(1, 3)
        counts = counts_of(hand)
        held = sum(1 for c in hand if c in same)
        void_before_last = not held and r.eff_suit[k] != TRUMP and position_arg < 3
        if fast_guards_nb.short_declines_nb(p.sw, held > 0, void_before_last):
            guarded += 1
            continue  # the game loop calls the family kernels
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
    return taken, declined, guarded


def _triple_positions(v: Variant, n: int, rnd: random.Random):
    """DEF-8 / DEF-5: a triple lead (no FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8,
    FOLLOW-9, FOLLOW-10 table), a follower with 0-9 cards of its class, often of different
    kinds (rows 2 and 3)."""
    p = kernel_inputs(v)
    guarded = fast_guards_nb.triple_declines_nb(p.sw)
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    keys = np.zeros(54 * 54, np.int64)
    taken = {1: 0, 2: 0, 3: 0}
    declined = 0
    for _ in range(n):
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
        assert not guarded, "the guard declines: the path must not draw"
        options, _ = _assert_reference_play(ctx, [k, k, k], hand, 1, seed, state, counts, play,
                                            (level, trump, k, sorted(hand)))
        assert (RULE_NAMES[rule], row) == (options.rule, options.row)
        taken[row] += 1
    return taken, declined, n if guarded else 0


def _pairtractor_positions(v: Variant, n: int, rnd: random.Random):
    """FOLLOW-4 / FOLLOW-10 / FOLLOW-3 / DEF-5: a 2-pair tractor lead, a follower with 3-12
    cards of its class (often of different kinds: the lower rows). ``taken`` counts the plays
    by their kinds (tractors and two pairs, a pair, none)."""
    p = kernel_inputs(v)
    guarded = fast_guards_nb.pairtractor_declines_nb(p.sw)
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    scratch = (np.zeros(54 * 54, np.int64), np.zeros(54, np.int8), np.zeros(54, np.int16),
               np.zeros((55, SHORT_FREE + 1), np.int64), np.zeros(SHORT_FREE, np.int8))
    taken: dict[int, int] = {}
    declined = done = 0
    for _ in range(20 * n):
        if done == n:
            break
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        r = ctx.ranking
        rnd.shuffle(cards)
        leads = [o for o in G.lead_options(ctx, cards[:30])
                 if len(o) == 4 and len(set(o)) == 2 and o.count(o[0]) == 2]
        if not leads:
            continue  # no 2-pair tractor to lead
        done += 1
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
        assert not guarded, "the guard declines: the path must not draw"
        options, got = _assert_reference_play(ctx, lead, hand, 1, seed, state, counts, play,
                                              (level, trump, lead, sorted(hand)))
        assert (RULE_NAMES[rule], row) == (options.rule, options.row or 0)
        kinds = len({c for c in got})
        taken[kinds] = taken.get(kinds, 0) + 1
    return taken, declined, n if guarded else 0


def _single_positions(v: Variant, n: int, rnd: random.Random):
    """FOLLOW-1, FOLLOW-2, AMB-37 B, OTH-6 B: a one-card lead, a follower with 1-20 cards. The
    one-card path (``one_card_options_nb``, ``one_card_nth_nb``) declines under no reading:
    it reads AMB-37 B and OTH-6 B as arguments, computed here as ``play_follow_nb``'s
    ``_one_card_follow`` does."""
    p = kernel_inputs(v)
    last_only = p.sw[switches.SW_JJ4_LINE40] == switches.V_JJ4_LINE40_LITERAL  # AMB-37 B
    no_shape = p.sw[switches.SW_SHAPE_OBLIGATION] == switches.V_SHAPE_OBLIGATION_NONE  # OTH-6 B
    cards = deck(v.decks)
    play = np.zeros(54, np.int8)
    taken = {0: 0, 1: 0, 2: 0}  # by mode: ONE_CLASS, ONE_ANY, ONE_PLAIN
    declined = 0
    for _ in range(n):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        ctx = make_context(v, level, trump)
        rnd.shuffle(cards)
        k, hand = cards[0], cards[1:1 + rnd.randint(1, 20)]
        position_arg = rnd.randint(1, 3)
        counts = counts_of(hand)
        seed = rnd.getrandbits(64)
        state = new_state(seed)
        eff, cls = p.kt.eff[level, trump], p.kt.cls_kinds[level, trump, k]
        n_cls = p.kt.cls_n[level, trump, k]
        mode, rule, count = one_card_options_nb(cls, n_cls, eff, k, counts, position_arg,
                                                last_only, no_shape)
        if mode < 0:
            declined += 1
            _assert_declined(state, seed, counts, hand)
            continue
        f = one_card_nth_nb(mode, cls, n_cls, eff, p.kt.kind_at[level, trump], counts,
                            below_nb(state, count))
        play[:] = 0
        play[f] = 1
        counts[f] -= 1
        options, _ = _assert_reference_play(ctx, [k], hand, position_arg, seed, state, counts,
                                            play, (level, trump, k, sorted(hand)))
        assert (RULE_NAMES[rule], 0) == (options.rule, options.row or 0)
        taken[mode] += 1
    return taken, declined, 0


#: fast path (a key of ``fast_paths.FAST_PATHS``, and the one-card path, which has no guard)
#: -> its positions
POSITIONS = {"pair": _pair_positions, "short": _short_positions, "triple": _triple_positions,
             "pairtractor": _pairtractor_positions, "single": _single_positions}

#: the built-in variants every case starts from, four decks first (they hold every kind of set)
BASES = ("changzhou-4deck", "jj-4deck", "classic-3deck", "classic-2deck", "baifen-1deck")


def _leads_exist(path: str, v: Variant) -> bool:
    """Can the path's lead be led in this variant (a pair needs two decks, a triple three, a
    2-pair tractor width-2 tractors, COMBO-5)?"""
    need = {"single": 1, "pair": 2, "short": 2, "triple": 3, "pairtractor": 2}[path]
    return v.decks >= need and (path != "pairtractor" or 2 in v.tractor_units)


def test_fast_paths_table_names_every_path_tested() -> None:
    assert set(POSITIONS) == set(FAST_PATHS) | {"single"}


def _base_cases() -> list[tuple[str, str]]:
    return [(path, name) for path in POSITIONS for name in BASES
            if _leads_exist(path, load_variant(name))]


@pytest.mark.parametrize("path, name", _base_cases())
def test_follow_1_2_3_4_10_def_5_def_8_fast_paths_on_builtin_variants(path, name) -> None:
    """FOLLOW-1, FOLLOW-2 (one card, short), FOLLOW-3 / DEF-5 / FOLLOW-11 (pair), DEF-8 (triple),
    FOLLOW-4 / FOLLOW-10 (2-pair tractor): many positions on each built-in variant draw what
    ``RandomPlayer.follow`` draws over the reference's options, every row (every count of
    free cards, every kind of tractor play) and the path's own fallback included; where the
    variant's readings are one the guard declines (the suit-only policy of baifen-1deck), the
    path never draws."""
    v = load_variant(name)
    taken, declined, guarded = POSITIONS[path](v, 300, random.Random(f"{path} {name}"))
    if path == "single":  # several, one or no card of the class (no radix fallback here)
        assert taken[0] > 0 and taken[1] > 0, taken
    elif path != "short" and guarded:
        assert not any(taken.values()), taken
    elif path == "pairtractor":  # plays of two, three and four kinds
        assert declined > 0 and len(taken) >= 3, taken
    else:
        assert declined > 0 and all(taken.values()), taken


def _switch_values(key: str) -> list:
    """The values of a switch (``core/base/tables.SW``): an enumerated key's (each has its
    ``V_<KEY>_<VALUE>`` constant), a bool's two; an int or list key (deck, hand and kitty
    sizes, tractor units, score steps and caps) is tied to the deck (DECK-2, DECK-3,
    COMBO-5): the base variants' own values."""
    field = SCHEMA[key]
    if field.type == "str":
        for value in field.allowed:
            assert getattr(switches, f"V_{const_name(key)}_{const_name(value)}") == code(
                key, value)
        return list(field.allowed)
    if field.type == "bool":
        return [False, True]
    return list(dict.fromkeys(getattr(load_variant(name), key) for name in BASES))


@functools.cache
def _load(name: str, sets: tuple[str, ...] = ()) -> Variant | None:
    """The variant, or None where the schema forbids the setting."""
    try:
        return load_variant(name, sets=list(sets), warn=lambda _m: None)
    except VariantError:
        return None


def _variant_with(path: str, key: str, value) -> tuple[str, tuple[str, ...]] | None:
    """``(base, sets)``: the first base variant where ``key = value`` is valid (a base that
    has the key first, the AMB/OTH item applying there) and the path's lead exists; None if
    there is none."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if isinstance(value, (list, tuple)):
        text = "[" + ", ".join(str(u) for u in value) + "]"
    for present in (True, False):
        for name in BASES:
            base = _load(name)
            if (key in base.present_keys) != present or not _leads_exist(path, base):
                continue
            if present and getattr(base, key) == value:
                return name, ()
            v = _load(name, (f"{key}={text}",))
            if v is not None and _leads_exist(path, v) and getattr(v, key) == value:
                return name, (f"{key}={text}",)
    return None


def _switch_cases() -> list:
    """One case per fast path and distinct variant: every value of every switch, set on the
    first base variant where it is valid."""
    cases: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}
    skipped = []
    for path in POSITIONS:
        for key in SW:
            for value in _switch_values(key):
                found = _variant_with(path, key, value)
                if found is None:
                    skipped.append(pytest.param(path, None, (), f"{key}={value}", marks=(
                        pytest.mark.skip(reason=f"{key}={value!r}: the schema allows it on no "
                                                f"variant where a {path} follow exists")),
                        id=f"{path} {key}={value}"))
                    continue
                cases.setdefault((path, *found), []).append(f"{key}={value}")
    out = [pytest.param(path, name, sets, ", ".join(labels),
                        id=f"{path} {name} {' '.join(sets) or '(own values)'}")
           for (path, name, sets), labels in cases.items()]
    return out + skipped


@pytest.mark.parametrize("path, name, sets, covers", _switch_cases())
def test_follow_fast_path_guards_under_every_switch_value(path, name, sets, covers) -> None:
    """AMB-19 B, OTH-5 B, OTH-6 B, AMB-15 B, AMB-37 B and every other value of every switch of
    the schema (``covers``, set on a base variant): where the path's generated guard
    (``fast_guards_nb.<path>_declines_nb``, from ``core/follow/fast_paths.py``) covers the
    variant, the fast path draws what ``RandomPlayer.follow`` draws over the reference's
    options, and draws at least once; where it declines, the path returns -1 and draws
    nothing. A reading missing from the table where it matters fails here."""
    v = _load(name, sets)
    taken, declined, guarded = POSITIONS[path](v, 12, random.Random(f"{path} {covers}"))
    if path == "short" or not guarded:
        assert any(taken.values()), (covers, taken, declined, guarded)
    else:
        assert not any(taken.values()), taken
