"""One trick as kernels: the lead (:func:`_lead`, by the leader's player kind), its units
(:func:`_lead_units`), three follows (:mod:`.play_follow_nb`), the winner and points
(:func:`_winner_and_points`) and the counters of the follow rules used (:func:`_count_follow`),
in :func:`_play_trick`, as ``rules/game.py`` plays a trick.

Speed
-----
Kernels that allocate nothing are compiled with ``_nrt=False`` (no reference counting); the
phases are ``inline="always"`` (a call passes every array of ``kt`` and the lane by value,
docs/core-conventions.md). The common cases skip the general machinery and draw the same
numbers: a random leader's lead is counted without listing the sets
(:func:`~.random_nb.random_lead_pick_nb`); the winner of a one-set lead (single, pair,
triple, quad) compares the followers' matching sets only (:func:`_set_winner_nb`), and of
any other lead reuses the lead's units. A greedy kernel is called only under
``if cand is not None`` (``greedy_nb``, "Compiled players").
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import (
    masks_of_nb,
    take_nb,
)
from shengji_sim.core.base.errors import (
    ERR_LEAD,
    ERR_LEAD_UNLISTED,
    ERR_TRICK,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import SW_TRACTOR_UNITS
from shengji_sim.core.engine.lane_nb import (
    C_HAND_SEED,
    C_THROWS,
    FOLLOW_COL0,
    JJ4_COL0,
)
from shengji_sim.core.engine.play_follow_nb import (
    _follow,
    _heuristic_view,
)
from shengji_sim.core.engine.shadow_nb import decision_draw_nb
from shengji_sim.core.follow.follow_data import (
    RULE_FOLLOW_5,
    RULE_FOLLOW_10,
)
from shengji_sim.core.players.greedy_nb import (
    GREEDY,
    greedy_lead_into_nb,
    greedy_lead_pick_nb,
)
from shengji_sim.core.players.heuristic_lead_nb import heuristic_lead_into_nb
from shengji_sim.core.players.heuristic_nb import HEURISTIC
from shengji_sim.core.players.memory_nb import (
    note_card_nb,
    note_play_nb,
)
from shengji_sim.core.players.random_nb import random_lead_pick_nb
from shengji_sim.core.rules.lead_nb import sorted_tractors_nb
from shengji_sim.core.rules.shapes_nb import (
    decompose_top_nb,
    first_kind_nb,
    may_hold_tractor_nb,
    set_unit_nb,
    two_quads_count_nb,
)
from shengji_sim.core.rules.trick_nb import (
    trick_points_nb,
    trick_winner_units_nb,
)


@njit(cache=True, _nrt=False)
def _set_winner_nb(eff, power, tk):
    """``trick_winner`` when the lead is one set (a single, pair, triple or quad of kind
    ``tk[0]``) and ``tk[p]`` is the kind follower ``p`` played as the same set, -1 if its play
    is not one set: only such a play claims (a set lead has no substitute shapes, CMP-2,
    CMP-3, CMP-4); a led-suit set beats by power, a ruff beats the led suit, a higher trump
    set beats a ruff; the first of equal sets wins (CMP-1, TRUMP-6, TRUMP-7, DEF-3)."""
    lead_suit = eff[tk[0]]
    best_ruff = False
    best_top = power[tk[0]]
    winner = 0
    for p in range(1, 4):
        k = tk[p]
        if k < 0:
            continue
        e = eff[k]
        if e == lead_suit:
            ruff = False
        elif e == TRUMP:
            ruff = True
        else:
            continue  # neither the led suit nor trump: cannot win
        top = power[k]
        if (ruff and not best_ruff) or (ruff == best_ruff and top > best_top):
            winner = p
            best_ruff = ruff
            best_top = top
    return winner


@njit(cache=True, _nrt=False)
def _set_kind_nb(play, width):
    """The kind ``play`` holds ``width`` times if the play is that one set, else -1."""
    for k in range(N_KINDS):
        c = play[k]
        if c:
            return k if c == width else -1
    return -1


@njit(cache=True, _nrt=False)
def _set_units_nb(power, kind, width, uw, ul, uk, ut):
    """The canonical units of a one-set lead (``decompose_top_nb``, ``shapes_nb.one_unit``):
    ``width`` copies of ``kind`` are one set (COMBO-1, COMBO-2, COMBO-3)."""
    set_unit_nb(power, kind, width, 0, uw, ul, uk, ut)
    return 1


@njit(cache=True, _nrt=False, inline="always")
def _lead(kt, sw, level, trump, lane, cand, leader):
    """LEAD-3: the leader's player chooses a one-unit lead into ``lane.lead`` and takes it
    from the hand; returns ``(size, strongest kind, first kind in kind order)``, or an
    error code as the first value. A random leader's option is counted without listing the
    sets (:func:`~.random_nb.random_lead_pick_nb`); tractors (and AMB-41 A two-quad units)
    are listed only when the hand's masks say it may hold one."""
    pre = lane.pre
    hm = lane.hm
    order = kt.order[level, trump]
    greedy = False
    top = -1
    if cand is not None:  # a lane with a greedy seat (pruned by type otherwise)
        if lane.pkinds[leader] == GREEDY:
            greedy = True
            top = _greedy_lead(kt, sw, level, trump, lane, leader)
        elif lane.pkinds[leader] == HEURISTIC:
            greedy = True
            trumps_out, void, kept = _heuristic_view(kt, sw, level, trump, lane, leader)
            top, _throw = heuristic_lead_into_nb(
                kt, sw, level, trump, pre.params[leader], pre.hands, hm[leader], lane.gmask,
                leader, lane.lb, lane.tops, trumps_out, void, kept, lane.uw, lane.ul, lane.uk,
                lane.ut, lane.hcnt, lane.lead)
    if not greedy:
        lb = lane.lb
        kind_at = kt.kind_at[level, trump]
        m = 0
        quads = hm[leader, 3] if two_quads_count_nb(sw) else np.int64(0)
        if may_hold_tractor_nb(kind_at, kt.succ_pmask[level, trump], kt.tr_closed[level, trump],
                               sw[SW_TRACTOR_UNITS], hm[leader, 1], quads):
            m = sorted_tractors_nb(kt, sw, level, trump, pre.hands[leader], hm[leader, 1],
                                   quads, lb)
        n, top = random_lead_pick_nb(kind_at, pre.hands[leader], hm[leader, 0],
                                     pre.hand_len[leader], m, lb.w, lb.ln, lb.kinds, lb.ords,
                                     lane.state, lane.lead)
    if top < 0:  # random_lead_pick_nb's -1: the drawn option was not listed
        return (top if top <= ERR_LEAD else ERR_LEAD_UNLISTED), -1, -1
    size = 0
    for k in range(N_KINDS):
        lane.plays[0, k] = lane.lead[k]
        size += lane.lead[k]
    if lane.lead[top] == size:  # one set: take it without rebuilding the masks
        take_nb(pre.hands[leader], hm[leader], top, order[top], size)
        return size, top, top
    first = first_kind_nb(lane.lead)
    for k in range(N_KINDS):
        pre.hands[leader, k] -= lane.lead[k]
    masks_of_nb(order, pre.hands[leader], hm[leader])
    return size, top, first


@njit(cache=True, _nrt=False, inline="always")
def _lead_units(kt, sw, level, trump, lane, size, first):
    """DEF-4, THROW-1: the lead's canonical units into ``lane.uw/ul/uk/ut`` (a set
    directly, anything else by ``decompose_top_nb``); returns how many."""
    if lane.lead[first] == size:
        lane.tk[0] = first
        return _set_units_nb(kt.power[level, trump], first, size, lane.uw, lane.ul, lane.uk,
                             lane.ut)
    return decompose_top_nb(kt, sw, level, trump, lane.lead, lane.uw, lane.ul, lane.uk,
                            lane.ut)


@njit(cache=True, _nrt=False, inline="always")
def _greedy_lead(kt, sw, level, trump, lane, leader):
    """A greedy leader's unit into ``lane.lead`` (:func:`~.greedy_nb.greedy_lead_pick_nb`:
    the tractors listed only when the masks say the hand may hold one, the sets never);
    returns a kind of the lead or an error code."""
    hand = lane.pre.hands[leader]
    hm = lane.hm[leader]
    lb = lane.lb
    kind_at = kt.kind_at[level, trump]
    m = 0
    quads = hm[3] if two_quads_count_nb(sw) else np.int64(0)
    if may_hold_tractor_nb(kind_at, kt.succ_pmask[level, trump], kt.tr_closed[level, trump],
                           sw[SW_TRACTOR_UNITS], hm[1], quads):
        m = sorted_tractors_nb(kt, sw, level, trump, hand, hm[1], quads, lb)
    top = greedy_lead_pick_nb(kind_at, kt.eff[level, trump], kt.power[level, trump],
                              kt.group[level, trump], hand, hm[0], m, lb.w, lb.ln, lb.kinds,
                              lb.ords, lb.tmp, lane.lead)
    if top < 0:
        top = greedy_lead_into_nb(kt, sw, level, trump, hand, lb, lane.lead)
    return top


@njit(cache=True, _nrt=False, inline="always")
def _count_follow(row, rule_col, rule, table_row):
    """The result row's rule counts: one per follow, and the JJ4 table row that decided
    (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10: bit ``row - 1``)."""
    row[FOLLOW_COL0 + rule_col[rule]] += 1
    if RULE_FOLLOW_5 <= rule <= RULE_FOLLOW_10 and table_row > 0:
        row[JJ4_COL0 + rule - RULE_FOLLOW_5] |= 1 << (table_row - 1)


@njit(cache=True, _nrt=False, inline="always")
def _winner_and_points(kt, sw, level, trump, lane, size, first, n_units):
    """CMP-9, POINT-2: the winning play's index and the trick's points. A one-set lead
    (single, pair, triple, quad) compares the followers' matching sets only; any other lead
    reuses its units (``trick_winner_units_nb``)."""
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    tk = lane.tk
    if size == 1:
        winner = _set_winner_nb(eff, power, tk)
        return winner, (kt.points[tk[0]] + kt.points[tk[1]] + kt.points[tk[2]]
                        + kt.points[tk[3]])
    if n_units == 1 and lane.ul[0] == 1:  # one set: a pair, triple or quad
        tk[0] = first
        for p in range(1, 4):
            tk[p] = _set_kind_nb(lane.plays[p], size)
        return _set_winner_nb(eff, power, tk), trick_points_nb(kt.points, lane.plays, 4)
    # the plays are legal (equal sizes, DEF-27) and lane.uw/ul/ut still hold the lead's
    # units (the greedy follower reuses them too, greedy_nb.greedy_pick_nb)
    winner = trick_winner_units_nb(kt, sw, level, trump, lane.plays, 4, n_units, lane.uw,
                                   lane.ul, lane.ut, size, eff[first], lane.ts)
    return winner, trick_points_nb(kt.points, lane.plays, 4)


@njit(cache=True, _nrt=False, inline="always")
def _play_trick(kt, sw, level, trump, lane, cand, leader, rule_col, row, trick, log_on):
    """One trick (``rules.game._play_trick``): the lead, three follows, the winner and the
    points. Returns ``(winner, points)``, or a hand's error code as the first value."""
    decision_draw_nb(sw, lane.state, row[C_HAND_SEED], trick, 0)  # diff's per-decision mode
    size, top, first = _lead(kt, sw, level, trump, lane, cand, leader)
    if size < 0:
        return size, 0
    n_units = _lead_units(kt, sw, level, trump, lane, size, first)
    if n_units > 1:  # only a heuristic leader throws (THROW-2)
        row[C_THROWS] += 1
    if cand is not None:
        if lane.hflag[0]:
            note_play_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                         lane.smask, lane.void, lane.plays, 0, leader, first)
    for position in range(1, 4):
        seat = (leader + position) % 4
        decision_draw_nb(sw, lane.state, row[C_HAND_SEED], trick, position)
        rule, table_row = _follow(kt, sw, level, trump, lane, cand, seat, position, leader,
                                  n_units, size, first)
        if rule < 0:
            return rule, 0
        if cand is not None:
            if lane.hflag[0] and size == 1:
                note_card_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                             lane.smask, lane.void, lane.tk[position], position, seat, first)
            elif lane.hflag[0]:
                note_play_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                             lane.smask, lane.void, lane.plays, position, seat, first)
        _count_follow(row, rule_col, rule, table_row)
        if log_on:
            lane.log.rule[trick, position - 1] = rule
            lane.log.row[trick, position - 1] = table_row
    for s in range(4):
        lane.pre.hand_len[s] -= size
    winner, points = _winner_and_points(kt, sw, level, trump, lane, size, first, n_units)
    if winner < 0:
        return ERR_TRICK + winner, 0
    if log_on:
        lane.log.leader[trick] = leader
        lane.log.winner[trick] = winner
        lane.log.points[trick] = points
        for p in range(4):
            for k in range(N_KINDS):
                lane.log.plays[trick, p, k] = lane.plays[p, k]
    return winner, points
