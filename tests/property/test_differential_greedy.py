"""Differential tests of the greedy follower's kernel (core/players/greedy_nb.py,
greedy_walks_nb.py): the walk over the options that lists none of them (``greedy_follow_nb``:
``_walk_one_family_nb`` for one family, ``_walk_keys_nb`` for several) against the plain listing and
scoring of the first 256 options (``greedy_follow_listed_nb``) and against the reference
``HeuristicPlayer.follow`` of the ``greedy`` profile (shengji_sim/players/reference.py), on
hypothesis tricks of every built-in variant with varied readings: the follower at position 1, 2 or 3
after the lead and the plays drawn before it, partner winning or not, throws, several families, more
than 256 options (the cap), and the best play of one family past the cap (``_best_below_nb``, also
against a brute-force listing of the compositions, as the one-suit walk's ranks are). Whole greedy
hands against the reference under readings that switch the greedy follower's paths (the short and
pair follows built without the family kernels, the lead and one-card follow walks) on and off; more
whole greedy hands and matches are compared in tests/integration/test_core_game.py and
tests/property/test_differential_match.py, and 500 hands per variant against pinned digests in
benchmarks/bench_core.py.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.config.variant import load_variant
from shengji_sim.core.follow.follow_count_nb import options_count_nb, options_nth_nb
from shengji_sim.core.follow.follow_families_nb import follow_options_nb
from shengji_sim.core.players.fills_nb import _best_below_nb, _best_fill_nb, _rank_from_nb, _rank_nb
from shengji_sim.core.players.greedy_nb import (
    greedy_follow_listed_nb,
    greedy_follow_nb,
    greedy_walk_nb,
)
from shengji_sim.core.players.walks_nb import (
    _U_COST,
    _U_PTS,
    _X_CAP,
    _X_CNT,
    GREEDY_OPTIONS,
    suit_walk_next_nb,
)
from shengji_sim.core.rules.shapes_nb import decompose_top_nb
from shengji_sim.core.runtime.api import counts_of, kernel_inputs, make_lane
from shengji_sim.core.runtime.backend import play_hand_core
from shengji_sim.fuzz.positions import VARIANTS, Position, context_for, variant_for
from shengji_sim.fuzz.trick_strategies import trick_positions
from shengji_sim.players.reference import GreedyPlayer, _cost, _points, make_players
from shengji_sim.rules.follow import follow_options
from shengji_sim.rules.game import Choice, play_hand
from tests.helpers import budget, kept_lane

_LANES: dict[str, object] = {}


def _lane(pos: Position, kt, sw):
    return kept_lane(_LANES, pos.variant + repr(pos.ambs),
                     lambda: make_lane(kt, sw, np.ones(4, np.int32), np.zeros(2, np.int32)))


def trick_in_lane(kt, sw, level: int, trump: int, lane, so_far) -> int:
    """The trick so far (``so_far``: the lead's cards, then each play's) written into
    ``lane.plays`` and ``lane.lead`` as a run leaves them, and the lead's canonical units
    into ``lane.uw/ul/uk/ut``; returns how many units."""
    lane.plays[:] = 0
    for q, play in enumerate(so_far):
        lane.plays[q, :] = counts_of(play)
    lane.lead[:] = counts_of(so_far[0])
    return decompose_top_nb(kt, sw, level, trump, lane.lead, lane.uw, lane.ul, lane.uk,
                            lane.ut)


def follow_families(kt, sw, level: int, trump: int, lane, n_units: int, hand_counts,
                    position: int) -> tuple[int, int]:
    """The follow families of ``hand_counts`` at ``position`` of the trick in ``lane``
    (:func:`trick_in_lane`) into ``lane.fb``: ``(families, options)``."""
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                    lane.ul, lane.uk, hand_counts, position, lane.fb)
    assert rule >= 0
    return n_fam, options_count_nb(kt, level, trump, lane.fb, n_fam)


def check_greedy_follow(pos: Position, position: int) -> None:
    """The follower at ``position`` (seat ``position``, the leader seat 0) with hand
    ``pos.hands[position - 1]`` after the lead and ``pos.plays[:position - 1]``: the
    kernel's walk, its listing and the reference choose the same play."""
    if len(pos.hands) < position:
        position = len(pos.hands)
    if position < 1:
        return
    variant = variant_for(pos.variant, tuple(pos.ambs))
    ctx = context_for(pos.variant, tuple(pos.ambs), pos.level, pos.trump)
    lead = list(pos.lead)
    hand = list(pos.hands[position - 1])
    so_far = [lead] + [list(p) for p in pos.plays[:position - 1]]
    options = follow_options(ctx, lead, hand, position)
    current = [(seat, play) for seat, play in enumerate(so_far)]
    view = SimpleNamespace(ctx=ctx, current=current, seat=position)
    expected = sorted(GreedyPlayer().follow(view, Choice(options.count, options.nth), None))

    p = kernel_inputs(variant)
    kt, sw = p.kt, p.sw
    level, trump = pos.level, pos.trump
    lane = _lane(pos, kt, sw)
    n_units = trick_in_lane(kt, sw, level, trump, lane, so_far)
    hand_counts = counts_of(hand)
    picks = []
    for kernel in (greedy_follow_nb, greedy_follow_listed_nb):
        n_fam, count = follow_families(kt, sw, level, trump, lane, n_units, hand_counts,
                                       position)
        assert count == options.count
        pick = kernel(kt, sw, level, trump, greedy_walk_nb(lane), n_fam, count, position,
                      position % 2, 0, n_units)
        assert 0 <= pick < min(count, GREEDY_OPTIONS)
        assert options_nth_nb(kt, level, trump, lane.fb, n_fam, pick, lane.out) == 0
        picks.append(pick)
        got = sorted(k for k in range(54) for _ in range(int(lane.out[k])))
        assert got == expected, (kernel.__name__, pick, options.count)
    assert picks[0] == picks[1]


@budget(2)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda v: trick_positions(v, vary=True, max_lead=8, max_hand=14)), st.integers(1, 3))
def test_greedy_walk_matches_listing_and_reference(follow_buf, pos: Position,
                                                   position: int) -> None:
    check_greedy_follow(pos, position)


@budget(0.5)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda v: trick_positions(v, vary=False, max_lead=6, max_hand=26)), st.integers(1, 3))
def test_greedy_walk_with_many_options(follow_buf, pos: Position, position: int) -> None:
    """Long hands: voids give hundreds of options, so the 256-option cap decides."""
    check_greedy_follow(pos, position)


@pytest.mark.parametrize("name,amb", [
    ("classic-2deck", ["AMB-19=B"]), ("classic-2deck", ["OTH-6=B"]),
    ("classic-3deck", ["AMB-17=B"]), ("classic-3deck", ["OTH-5=B", "AMB-11=A"]),
    ("jj-4deck", ["AMB-37=B"]), ("jj-4deck", ["AMB-41=B", "AMB-19=B"]),
    ("changzhou-4deck", ["AMB-16=C"]), ("baifen-1deck", ["AMB-19=B"]),
])
def test_greedy_hands_equal_reference_under_switches(name: str, amb: list[str]) -> None:
    """Whole greedy hands (leads, one-card follows, the short and pair follows built without
    the family kernels, the walks) under readings that switch those paths on and off."""
    variant = load_variant(name, amb=amb)
    for index in range(2):
        expected = play_hand(variant, make_players("greedy"), 23, index)
        assert play_hand_core(variant, "greedy", 23, index) == expected, (name, amb, index)


def _compositions(caps: list[int], free: int):
    """The bounded compositions of ``free`` over ``caps`` in listing order (descending
    lexicographic, ``follow_count_nb``)."""
    if not caps:
        if free == 0:
            yield ()
        return
    for c in range(min(caps[0], free), -1, -1):
        for rest in _compositions(caps[1:], free - c):
            yield (c, *rest)


def _pool_tables(caps: list[int], free: int) -> tuple[np.ndarray, np.ndarray]:
    """A pool's caps as ``fb.ucap`` holds them and ``options_count_nb``'s table
    ``ways[i, m]`` (the compositions of ``m`` cards over the kinds ``i..``)."""
    nk = len(caps)
    ucap = np.array(caps + [0] * (54 - nk), np.int16)
    ways = np.zeros((55, free + 1), np.int64)
    ways[nk, 0] = 1
    for i in range(nk - 1, -1, -1):
        for t in range(free + 1):
            ways[i, t] = sum(ways[i + 1, t - j] for j in range(min(caps[i], t) + 1))
    return ucap, ways


@budget(1)
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from([0, 5, 10]),
                          st.integers(0, 300)), min_size=1, max_size=7),
       st.integers(1, 20), st.booleans(), st.integers(0, 10 ** 6))
def test_best_below_the_cap_is_the_first_best_listed(kinds, free, partner, draw) -> None:
    """``_best_below_nb`` (a family's best play among its first ``m`` options, found by
    groups of the ``m``-th's prefixes, without walking them) against a brute-force listing:
    the first of the best by (points, cost), most points for a partner, fewest otherwise."""
    caps = [c for c, _, _ in kinds]
    free = min(free, sum(caps))
    listed = list(_compositions(caps, free))
    if len(listed) < 2:
        return
    m = 1 + draw % (len(listed) - 1)
    sign = 1 if partner else -1

    def score(comp):
        pts = sum(c * p for c, (_, p, _) in zip(comp, kinds))
        cost = sum(c * q for c, (_, _, q) in zip(comp, kinds))
        return (sign * pts, -cost)

    expected = max(range(m), key=lambda r: (score(listed[r]), -r))
    nk = len(kinds)
    ucap, ways = _pool_tables(caps, free)
    sc = np.zeros(54 * 54, np.int64)
    for i, (_, p, q) in enumerate(kinds):
        sc[_U_PTS + i] = p
        sc[_U_COST + i] = q
    _best_fill_nb(sc, ucap, nk, free, sign)
    assert listed[_rank_nb(sc, ways, ucap, nk, free)] == tuple(sc[_X_CNT:_X_CNT + nk])
    assert _best_below_nb(sc, ways, ucap, nk, free, m) == expected
    assert tuple(sc[_X_CNT:_X_CNT + nk]) == listed[expected]


@budget(1)
@given(st.lists(st.tuples(st.integers(1, 4), st.booleans()), min_size=1, max_size=7),
       st.integers(1, 12))
def test_one_suit_walk_ranks_each_option_by_its_listing_index(kinds, free) -> None:
    """A one-suit walk (``heuristic_follow_nb._one_suit_winners_nb``, greedy's shortcut) steps
    through the compositions of ``free`` cards over the pool kinds of one suit alone and
    ranks each among all the pool's compositions, recounting only from the first kind that
    changed (``_rank_from_nb``): each rank is the composition's index in a brute-force
    listing of the whole pool's."""
    caps = [c for c, _ in kinds]
    suit_caps = [c if of_suit else 0 for c, of_suit in kinds]
    free = min(free, sum(caps))
    if sum(suit_caps) < free:
        return  # the suit alone cannot make the play: nothing to walk
    listed = list(_compositions(caps, free))
    nk = len(kinds)
    ucap, ways = _pool_tables(caps, free)
    sc = np.zeros(54 * 54, np.int64)
    cnt = sc[_X_CNT:_X_CNT + nk]  # the walk's composition, in place
    sc[_X_CAP:_X_CAP + nk] = suit_caps
    left = free
    for i in range(nk):  # the suit's first composition: fill from the left
        cnt[i] = min(suit_caps[i], left)
        left -= cnt[i]
    walked = [listed.index(tuple(cnt))]
    assert _rank_nb(sc, ways, ucap, nk, free) == walked[0]
    while (changed := suit_walk_next_nb(sc, nk, 1, False, 0)) >= 0:
        walked.append(listed.index(tuple(cnt)))
        assert cnt[:changed].tolist() == list(listed[walked[-2]][:changed])  # kept before it
        assert _rank_from_nb(sc, ways, ucap, nk, changed) == walked[-1]
    assert walked == sorted(walked)  # the walk is in listing order
    assert len(walked) == len(list(_compositions(suit_caps, free)))


# clubs (plain; spades trump at level 2) facing a led heart tractor K K A A: void in hearts,
# four clubs of any kinds, over 256 options; the best duck {3 3 4 4} and a partner's best
# {5 5 3 3} (most points, then cheapest) come after the 256th
_CLUBS = tuple(26 + r for r in range(1, 13) for _ in range(2))
_NO_TEN_KING = tuple(k for k in _CLUBS if k not in (34, 37))


@pytest.mark.parametrize("hand,position", [(_CLUBS, 1), (_NO_TEN_KING, 2)])
def test_greedy_best_play_past_the_cap(follow_buf, hand, position) -> None:
    """The best play by (points, cost) is past the 256-option cap, so the walk chooses the
    best of the first 256 (``_best_below_nb``); the reference agrees."""
    lead = (24, 24, 25, 25)
    pos = Position("trick", "classic-2deck", (), 0, 0, lead, ((),) * (position - 1) + (hand,),
                   ((40, 41, 42, 43),) * (position - 1))
    ctx = pos.ctx
    options = follow_options(ctx, list(lead), list(hand), position)
    assert options.count > GREEDY_OPTIONS
    sign = 1 if position == 2 else -1
    plays = [options.nth(i) for i in range(options.count)]
    best = max(range(len(plays)), key=lambda i: (sign * _points(plays[i]),
                                                 -_cost(ctx, plays[i]), -i))
    assert best >= GREEDY_OPTIONS
    check_greedy_follow(pos, position)


# hearts led, the follower holding hearts no play of which can claim the lead: singles
# against a pair, one pair and singles against a two-pair tractor
_HEART_SINGLES = tuple(range(14, 25)) + (27, 28)


@pytest.mark.parametrize("lead,hand", [((25, 25), _HEART_SINGLES),
                                       ((23, 23, 24, 24), _HEART_SINGLES + (14,))])
def test_greedy_follow_when_no_play_of_the_suit_can_claim(follow_buf, lead, hand) -> None:
    """No option of the led suit can claim the lead, so the walk looks for no winner among
    them (``_cannot_claim_nb``); the choice is the listing's and the reference's."""
    pos = Position("trick", "classic-2deck", (), 0, 0, lead, (hand,), ())
    assert follow_options(pos.ctx, list(lead), list(hand), 1).count > 8
    check_greedy_follow(pos, 1)
