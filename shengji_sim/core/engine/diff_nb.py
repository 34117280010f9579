"""One lane of a ``diff`` run: each hand under reading A (logged), B's shadow, then B.

Representation
--------------
:func:`diff_lane_nb` plays hands ``start + i`` for ``i = lane_index, lane_index + n_lanes,
...`` (as :func:`~.game_nb.run_lane_nb`), each at its own level ``hand_levels[i]`` (both
sides at that level, a first hand: the dealer comes from the declarations), twice: under
reading A (``kt_a``, ``sw_a``) into ``out_a[i]``, logged, with reading B evaluated beside it
(:func:`~.shadow_nb.shadow_hand_nb` into ``shadow[i]``, when ``shadow_on``; only
:func:`~.shadow_nb.shadow_alike_nb` where ``alike[level, trump]``), and under
reading B into ``out_b[i]``. The ``sw`` of a diff run carry the per-decision slot
(:data:`~.shadow_nb.SW_DECISION_DRAWS`), so both readings draw each decision's numbers from
the same stream. ``status[i, 0]`` / ``status[i, 1]``: 0 or the hand's error code under A / B;
``status[i, 2]``: 0 or the shadow's engine defect (``shadow_hand_nb``: a position that B's
rules judge and the kernels could not), at ``status[i, 3] = 4 * trick + position``.
``sides`` says which readings a run plays: :data:`PLAY_A` (A alone: one reading's rows with
per-decision draws), :data:`PLAY_B` (B alone, A's rows being known: no shadow then) or
:data:`PLAY_BOTH`; a side not played leaves its ``out`` and ``status`` untouched.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import N_KINDS
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import SW_DECKS, SW_HAND_SIZE, SW_KITTY_SIZE
from shengji_sim.core.base.tables import MAX_RUN
from shengji_sim.core.engine.game_nb import play_hand_nb
from shengji_sim.core.engine.lane_nb import (
    C_LEVEL,
    C_TRUMP,
    FOLLOW_ALTERNATIVES,
    FOLLOW_FAMILIES,
    FOLLOW_PLAYS,
    FOLLOW_TRACTORS,
    alloc_lane_nb,
)
from shengji_sim.core.engine.shadow_nb import shadow_alike_nb, shadow_hand_nb
from shengji_sim.core.follow.follow_data import alloc_follow_buffers_nb

PLAY_A = 1
PLAY_B = 2
PLAY_BOTH = PLAY_A | PLAY_B


@njit(cache=True, _nrt=True)
def _units_scratch_nb():
    return (np.zeros(N_KINDS, np.int8), np.zeros(N_KINDS, np.int8),
            np.full((N_KINDS, MAX_RUN), -1, np.int8), np.zeros(N_KINDS, np.int16))


@njit(cache=True, _nrt=True)
def _follow_buffers_nb():
    return alloc_follow_buffers_nb(FOLLOW_FAMILIES, FOLLOW_PLAYS, FOLLOW_ALTERNATIVES,
                                   FOLLOW_TRACTORS)


@njit(nogil=True)
def diff_lane_nb(kt_a, sw_a, kt_b, sw_b, rule_col, root, start, count, lane_index, n_lanes,
                 max_lead_a, max_lead_b, pkinds, params, hand_levels, cand, sides, shadow_on,
                 alike, out_a, out_b, shadow, status):
    """Lane ``lane_index`` of ``n_lanes`` of a diff run (module docstring)."""
    levels = np.zeros(2, np.int32)
    lane_a = alloc_lane_nb(sw_a[SW_DECKS], sw_a[SW_HAND_SIZE], sw_a[SW_KITTY_SIZE],
                           max_lead_a, pkinds, params, levels, cand)
    lane_b = alloc_lane_nb(sw_b[SW_DECKS], sw_b[SW_HAND_SIZE], sw_b[SW_KITTY_SIZE],
                           max_lead_b, pkinds, params, levels, cand)
    fb_a = _follow_buffers_nb()
    fb_b = _follow_buffers_nb()
    ua = _units_scratch_nb()
    ub = _units_scratch_nb()
    hands = np.zeros((4, N_KINDS), np.int8)
    scratch = np.zeros(N_KINDS, np.int8)
    kinds = np.zeros(4, np.int16)
    log = lane_a.log
    for i in range(lane_index, count, n_lanes):
        lv = hand_levels[i]
        lane_a.levels[0] = lv
        lane_a.levels[1] = lv
        lane_b.levels[0] = lv
        lane_b.levels[1] = lv
        if sides & PLAY_A:
            status[i, 0] = play_hand_nb(kt_a, sw_a, rule_col, root, start + i, 1, -1, lane_a,
                                        cand, out_a, i, shadow_on)
        if sides & PLAY_A and status[i, 0] == 0 and shadow_on:
            level, trump = out_a[i, C_LEVEL], out_a[i, C_TRUMP]
            if alike[level, trump]:
                shadow_alike_nb(kt_a, sw_a, level, trump, log.n[0], log.plays, ua, shadow[i])
            else:
                code, where = shadow_hand_nb(kt_a, sw_a, kt_b, sw_b, level, trump, log.n[0],
                                             log.leader, log.plays, log.winner, hands, fb_a,
                                             fb_b, ua, ub, scratch, kinds, shadow[i])
                status[i, 2] = code
                status[i, 3] = where
        if sides & PLAY_B:
            status[i, 1] = play_hand_nb(kt_b, sw_b, rule_col, root, start + i, 1, -1, lane_b,
                                        cand, out_b, i, False)
