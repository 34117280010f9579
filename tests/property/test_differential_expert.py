"""Differential tests of the expert follower's kernel (core/players/heuristic_nb.py): the walk over
the options that lists none of them (``expert_follow_nb``: one family's compositions or
several families' sorted keys, ``walks_nb``'s walks) against the plain listing and
scoring of the first 256 options (``expert_follow_listed_nb``), on hypothesis tricks of
every built-in variant with varied readings, follower positions 1 to 3, and an arbitrary
memory: the highest unseen powers, the unseen trumps, the void table, the endgame's kept
kind and the profile's point thresholds are drawn, so that every branch of
``HeuristicPlayer._follow_expert`` (feed, win if it holds, win unsure, duck, the kept kind
last) is reached. The walk must choose the listed option. On a one-card lead, the choice
asked without the memory must ask for it or choose as with it. Whole expert hands against
the reference are compared in tests/property/test_differential_heuristic.py.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import assume, event, given
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from shengji_sim.cards import TRUMP, parse_cards, parse_rank, parse_trump
from shengji_sim.core.base.bits_nb import masks_of_nb
from shengji_sim.core.follow.follow_count_nb import options_nth_nb
from shengji_sim.core.players.greedy_nb import greedy_walk_nb
from shengji_sim.core.players.heuristic_follow_nb import (
    NEEDS_MEMORY,
    expert_follow_listed_nb,
    expert_follow_nb,
    expert_single_nb,
)
from shengji_sim.core.players.profile_columns import (
    P_RUFF_MIN_POINTS,
    P_WIN_MIN_POINTS,
    P_WIN_UNSURE,
)
from shengji_sim.core.players.walks_nb import GREEDY_OPTIONS, SHORTCUT_FROM, single_beats_nb
from shengji_sim.core.runtime.api import counts_of, kernel_inputs, make_lane, seat_profiles
from shengji_sim.fuzz.card_strategies import follow_groups, group_of
from shengji_sim.fuzz.positions import VARIANTS, Position, variant_for
from shengji_sim.fuzz.trick_strategies import trick_positions
from tests.helpers import budget, kept_lane
from tests.property.test_differential_greedy import follow_families, trick_in_lane

_LANES: dict[str, object] = {}


@st.composite
def memories(draw):
    """What an expert seat may remember: ``(tops int16[5, 5], unseen trumps, void
    int8[4, 5], kept choice, win_min, ruff_min, win_unsure)``."""
    tops = np.array(draw(st.lists(st.integers(-1, 40), min_size=25, max_size=25)),
                    np.int16).reshape(5, 5)
    void = np.array(draw(st.lists(st.integers(0, 1), min_size=20, max_size=20)),
                    np.int8).reshape(4, 5)
    return (tops, draw(st.integers(0, 6)), void, draw(st.integers(-1, 60)),
            draw(st.sampled_from([0, 5, 10, 20])), draw(st.sampled_from([0, 10, 25])),
            draw(st.booleans()))


def check_expert_follow(pos: Position, position: int, memory) -> None:
    """The follower at ``position`` (seat ``position``, the leader seat 0) with hand
    ``pos.hands[position - 1]`` after the lead and ``pos.plays[:position - 1]``: the
    kernel's walk and its listing choose the same option."""
    if len(pos.hands) < position:
        position = len(pos.hands)
    if position < 1:
        return
    tops, trumps_out, void, kept_draw, win_min, ruff_min, win_unsure = memory
    variant = variant_for(pos.variant, tuple(pos.ambs))
    kt, sw = kernel_inputs(variant)
    level, trump = pos.level, pos.trump
    key = pos.variant + repr(pos.ambs)
    kinds, params = seat_profiles(["expert"] * 4)
    lane = kept_lane(_LANES, key, lambda: make_lane(kt, sw, kinds, np.zeros(2, np.int32),
                                                   params))
    p = params[position].copy()
    p[P_WIN_MIN_POINTS], p[P_RUFF_MIN_POINTS], p[P_WIN_UNSURE] = win_min, ruff_min, win_unsure
    lead = list(pos.lead)
    hand = list(pos.hands[position - 1])
    so_far = [lead] + [list(q) for q in pos.plays[:position - 1]]
    n_units = trick_in_lane(kt, sw, level, trump, lane, so_far)
    hand_counts = counts_of(hand)
    masks_of_nb(kt.order[level, trump], hand_counts, lane.hm[position])
    held = lane.hm[position, 0]
    kept = hand[kept_draw % len(hand)] if kept_draw >= 0 and hand else -1
    picks = []
    for kernel in (expert_follow_nb, expert_follow_listed_nb):
        n_fam, count = follow_families(kt, sw, level, trump, lane, n_units, hand_counts,
                                       position)
        if currently_in_test_context() and kernel is expert_follow_nb and n_fam == 1 and \
                count > SHORTCUT_FROM and (kept < 0 or lane.fb.fam_pool[0, kept] == 0):
            event("one family past SHORTCUT_FROM options, the kept kind not free")
        pick = kernel(kt, sw, level, trump, p, greedy_walk_nb(lane), n_fam, count, position,
                      position, 0, n_units, tops, trumps_out, void, kept, len(hand), held)
        assert 0 <= pick < min(count, GREEDY_OPTIONS), (kernel.__name__, pick, count)
        picks.append(pick)
    if picks[0] != picks[1]:
        shown = []
        for pick in picks:
            options_nth_nb(kt, level, trump, lane.fb, n_fam, pick, lane.out)
            shown.append([k for k in range(54) for _ in range(int(lane.out[k]))])
        raise AssertionError(f"walk {picks[0]} {shown[0]} != listing {picks[1]} {shown[1]}")


@budget(2)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda v: trick_positions(v, vary=True, max_lead=8, max_hand=14)), st.integers(1, 3),
    memories())
def test_expert_walk_matches_listing(follow_buf, pos: Position, position: int,
                                     memory) -> None:
    check_expert_follow(pos, position, memory)


@budget(0.5)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda v: trick_positions(v, vary=False, max_lead=6, max_hand=26)), st.integers(1, 3),
    memories())
def test_expert_walk_with_many_options(follow_buf, pos: Position, position: int,
                                       memory) -> None:
    """Long hands: voids give hundreds of options, so the 256-option cap decides."""
    check_expert_follow(pos, position, memory)


def short_follower(pos: Position, position: int, data) -> Position:
    """``pos`` with the follower at ``position`` short in the led class: it keeps a drawn
    number, fewer than the lead's cards, of its cards of the class, so that its follows
    are one family (those cards and free cards of the rest of its hand, often hundreds)."""
    ctx = pos.ctx
    led_class = set(follow_groups(ctx)[group_of(ctx, pos.lead[0])])
    hand = pos.hands[position - 1]
    in_class = [k for k in hand if k in led_class]
    keep = data.draw(st.integers(0, min(len(in_class), len(pos.lead) - 1)), label="kept")
    short = tuple(sorted([k for k in hand if k not in led_class] + in_class[:keep]))
    assume(len(short) >= len(pos.lead))
    hands = list(pos.hands)
    hands[position - 1] = short
    return dataclasses.replace(pos, hands=tuple(hands))


@budget(3)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda v: trick_positions(v, vary=True, max_lead=6, max_hand=26)), st.integers(1, 3),
    memories(), st.data())
def test_FOLLOW_1_FOLLOW_2_expert_walk_of_a_short_follower(follow_buf, pos: Position,
                                                           position: int, memory,
                                                           data) -> None:
    """A follower short in the led class (FOLLOW-1), often void (FOLLOW-2): past
    ``SHORTCUT_FROM`` options a partner is fed, and a follower none of whose options may
    win ducks, by the best fill of its free cards (``fills_nb.best_fill_index_nb``)
    instead of a walk; one whose options of one suit may win walks those only
    (``heuristic_follow_nb._one_suit_winners_nb``)."""
    position = min(position, len(pos.hands))
    if data.draw(st.booleans(), label="no kept kind"):  # as before the endgame
        memory = memory[:3] + (-1,) + memory[4:]
    check_expert_follow(short_follower(pos, position, data), position, memory)


def test_THROW_6_DEF_4_a_ruff_of_a_throw_after_a_ruff_is_judged_whole(follow_buf) -> None:
    """Regression for ``trick_nb.throw_ruff_rule_nb``: after a ruff of a throw of single
    cards (SA SK ruffed by H9 H8, hearts trumps), a lower ruff does not take the trick,
    so the walk must not count every all-trump option a winner. The partner of the leader,
    void in spades and keen to win (thresholds 0), takes a ruff that beats H9 H8 or
    ducks, as the listing judges them; H3 H4 would be a loser."""
    level, trump = parse_rank("2"), parse_trump("H")
    lead = tuple(parse_cards("SA SK"))
    ruff = tuple(parse_cards("H9 H8"))
    follower = tuple(parse_cards("H3 H4 HQ HA C5 C6 D7 D8"))
    pos = Position("trick", "classic-2deck", (), level, trump, lead,
                   (tuple(parse_cards("H9 H8 C9 C10")), follower), (ruff,))
    nothing_unseen = np.full((5, 5), -1, np.int16)
    memory = (nothing_unseen, 0, np.zeros((4, 5), np.int8), -1, 0, 0, False)
    check_expert_follow(pos, 2, memory)


@budget(1)
@given(st.sampled_from(VARIANTS).flatmap(
    lambda v: trick_positions(v, vary=True, max_lead=1, max_hand=14)), st.integers(1, 3),
    memories(), memories())
def test_expert_single_asks_for_the_memory_before_reading_it(pos: Position, position: int,
                                                             memory, unsummed) -> None:
    """The expert's card on a one-card lead (``expert_single_nb``), asked without the
    memory as ``play_follow_nb._strategy_single`` first asks it (with whatever the unsummed
    memory holds, here another drawn one), is the card it chooses with the memory, or
    :data:`NEEDS_MEMORY` exactly when the choice reads the memory: the partner is winning
    so far (does the win hold?), or some card other than the kept one (outside the last
    trick) beats the winner so far with the points on the table reaching the threshold
    (does it hold?)."""
    position = min(position, len(pos.hands))
    assume(position >= 1 and len(pos.lead) == 1)
    tops, trumps_out, void, kept_draw, win_min, ruff_min, win_unsure = memory
    variant = variant_for(pos.variant, tuple(pos.ambs))
    kt, sw = kernel_inputs(variant)
    level, trump = pos.level, pos.trump
    kinds, params = seat_profiles(["expert"] * 4)
    lane = kept_lane(_LANES, pos.variant + repr(pos.ambs),
                     lambda: make_lane(kt, sw, kinds, np.zeros(2, np.int32), params))
    p = params[position].copy()
    p[P_WIN_MIN_POINTS], p[P_RUFF_MIN_POINTS], p[P_WIN_UNSURE] = win_min, ruff_min, win_unsure
    hand = list(pos.hands[position - 1])
    tk = np.zeros(4, np.int64)
    for q, play in enumerate([pos.lead, *pos.plays[:position - 1]]):
        tk[q] = play[0]
    masks_of_nb(kt.order[level, trump], counts_of(hand), lane.hm[position])
    opts = lane.hm[position, 0]  # every card held, as listing positions
    kept = hand[kept_draw % len(hand)] if kept_draw >= 0 else -1
    eff, power, points = kt.eff[level, trump], kt.power[level, trump], kt.points
    tables = (eff, kt.group[level, trump], power, points, kt.kind_at[level, trump], p, tk,
              opts, position, position, 0)
    remembered = expert_single_nb(*tables, tops, trumps_out, void, kept, len(hand), True)
    asked = expert_single_nb(*tables, unsummed[0], unsummed[1], unsummed[2], kept, len(hand),
                             False)
    best = 0  # the winner so far, and the points on the table
    for q in range(1, position):
        if single_beats_nb(eff, power, eff[tk[0]], tk[q], tk[best]):
            best = q
    table = sum(int(points[tk[q]]) for q in range(position))

    def reads_memory(k: int) -> bool:
        if k == kept and len(hand) > 1:
            return False
        if not single_beats_nb(eff, power, eff[tk[0]], k, tk[best]):
            return False
        ruff = eff[tk[0]] != TRUMP and eff[k] == TRUMP
        return table + int(points[k]) >= (ruff_min if ruff else win_min)

    reads = best % 2 == position % 2 or any(reads_memory(k) for k in set(hand))
    event("asks for the memory" if reads else "chooses without it")
    assert asked == (NEEDS_MEMORY if reads else remembered), (asked, remembered, reads)
