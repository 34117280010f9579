"""Differential tests of the greedy follower's kernel (core/players_nb.py): the walk over the
options that lists none of them (``greedy_follow_nb``: ``_walk_one_family_nb`` for one family,
``_walk_keys_nb`` for several) against the plain listing and scoring of the first 256 options
(``greedy_follow_listed_nb``) and against the reference ``HeuristicPlayer.follow`` of the
``greedy`` profile (shengji_sim/players.py), on hypothesis tricks of every built-in variant
with varied readings: the follower at position 1, 2 or 3 after the lead and the plays drawn
before it, partner winning or not, throws, several families, more than 256 options (the
cap). Whole greedy hands against the reference under readings that switch the greedy
follower's paths (the short and pair follows built without the family kernels, the lead and
one-card follow walks) on and off; more whole greedy hands and matches are compared in
tests/unit/test_core_game.py and tests/property/test_differential_match.py, and 500 hands per
variant against pinned digests in benchmarks/bench_core.py.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.core.api import kernel_inputs, make_lane
from shengji_sim.core.backend import play_hand_core
from shengji_sim.core.follow_count_nb import options_count_nb, options_nth_nb
from shengji_sim.core.follow_families_nb import follow_options_nb
from shengji_sim.core.players_nb import (
    GREEDY_OPTIONS,
    greedy_follow_listed_nb,
    greedy_follow_nb,
    greedy_walk_nb,
)
from shengji_sim.core.shapes_nb import decompose_top_nb
from shengji_sim.fuzz.strategies import (
    VARIANTS,
    Position,
    context_for,
    trick_positions,
    variant_for,
)
from shengji_sim.players import GreedyPlayer, make_players
from shengji_sim.rules.follow import follow_options
from shengji_sim.rules.game import Choice, play_hand
from shengji_sim.variant import load_variant
from tests.helpers import budget

_LANES: dict[str, object] = {}


def _lane(pos: Position, kt, sw):
    key = pos.variant + repr(pos.ambs)
    if key not in _LANES:
        _LANES[key] = make_lane(kt, sw, np.ones(4, np.int32), np.zeros(2, np.int32))
    return _LANES[key]


def _counts(cards) -> np.ndarray:
    out = np.zeros(54, np.int8)
    for k in cards:
        out[k] += 1
    return out


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
    for q in range(4):
        lane.plays[q, :] = 0
    for q, play in enumerate(so_far):
        lane.plays[q, :] = _counts(play)
    lane.lead[:] = _counts(lead)
    hand_counts = _counts(hand)
    n_units = decompose_top_nb(kt, sw, level, trump, lane.lead, lane.uw, lane.ul, lane.uk,
                               lane.ut)
    picks = []
    for kernel in (greedy_follow_nb, greedy_follow_listed_nb):
        n_fam, rule = follow_options_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                        lane.ul, lane.uk, hand_counts, position, lane.fb)
        assert rule >= 0
        count = options_count_nb(kt, level, trump, lane.fb, n_fam)
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
