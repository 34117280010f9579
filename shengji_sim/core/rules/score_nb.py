"""Numba level change, dealer succession and match arithmetic (LEVEL-1, LEVEL-2, LEVEL-3, LEVEL-4,
LEVEL-5, LEVEL-6, LEVEL-7, LEVEL-8, SCORE-1,
DEALER-1, DEALER-2, DEALER-3, DEF-14, DEF-15, DEF-16, DEF-17, DEF-18, DEF-26, DEF-28, AMB-34,
AMB-36, AMB-38).

Representation
--------------
Side codes: :data:`SIDE_DEALER` (0), :data:`SIDE_ATTACKERS` (1), :data:`SIDE_NONE` (2,
nobody levels: ONE1 40..79). :func:`judge_score_nb` returns ``(winner_side, levels,
next_dealer_offset)``, the offset in play order from the current dealer: 2 partner, 1 next,
3 previous (``dealer_keeps`` iff it is 2). AMB-39's demotion hook is Python-only: the wrapper
applies it as the reference does.

:func:`after_hand_nb` is ``match.after_hand`` on plain ints: match sides are 0 (seats 0, 2)
and 1 (seats 1, 3); it returns ``(level0, level1, next_dealer, match_winner)`` with
``match_winner`` -1 while the match goes on.
"""

from __future__ import annotations

from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_LEVEL_GAIN_CAP,
    SW_MATCH_END,
    SW_NEGATIVE_SCORES,
    SW_ONE_DECK_ROTATION,
    SW_SCORE_STEP,
    SW_SCORE_TABLE,
    SW_XIAJIA_DIRECTION,
    V_MATCH_END_WIN_AT_A,
    V_ONE_DECK_ROTATION_WITHIN_SIDE,
    V_SCORE_TABLE_ONE_DECK,
    V_XIAJIA_DIRECTION_PLAY_ORDER,
    reading_nb,
)

SIDE_DEALER = 0
SIDE_ATTACKERS = 1
SIDE_NONE = 2
SIDE_NAMES = ("dealer", "attackers", "none")
OFFSET_NAMES = {1: "next", 2: "partner", 3: "previous"}
ACE = 12


@njit(cache=True, _nrt=False)
def _xiajia(sw) -> int:
    """AMB-34: A the next player in play order (1); B the one before (3)."""
    return 1 if reading_nb(sw, SW_XIAJIA_DIRECTION) == V_XIAJIA_DIRECTION_PLAY_ORDER else 3


@njit(cache=True, _nrt=False)
def judge_score_nb(sw, attacker_points):
    """``score.judge_score`` without the hook (see the module docstring)."""
    points = attacker_points
    if sw[SW_NEGATIVE_SCORES] == 0 and points < 0:
        points = 0
    if sw[SW_SCORE_TABLE] == V_SCORE_TABLE_ONE_DECK:  # LEVEL-4, DEF-26
        if points <= 0:
            side, levels = SIDE_DEALER, 2
        elif points < 40:
            side, levels = SIDE_DEALER, 1
        elif points < 80:
            side, levels = SIDE_NONE, 0
        elif points < 100:
            side, levels = SIDE_ATTACKERS, 1
        else:
            side, levels = SIDE_ATTACKERS, 2
    else:  # LEVEL-2, LEVEL-3, DEF-14, DEF-15
        step = sw[SW_SCORE_STEP]
        if points <= 0:
            side, levels = SIDE_DEALER, 3
        elif points < step:
            side, levels = SIDE_DEALER, 2
        elif points < 2 * step:
            side, levels = SIDE_DEALER, 1
        else:
            side, levels = SIDE_ATTACKERS, 1 + (points - 2 * step) // step
    cap = sw[SW_LEVEL_GAIN_CAP]
    if cap > 0 and levels > cap:  # LEVEL-7
        levels = cap
    if side == SIDE_DEALER:  # DEALER-1
        offset = 2
    elif side == SIDE_ATTACKERS:
        offset = _xiajia(sw)
    elif sw[SW_ONE_DECK_ROTATION] == V_ONE_DECK_ROTATION_WITHIN_SIDE:  # AMB-36 B
        offset = 2
    else:  # AMB-36 A
        offset = _xiajia(sw)
    return side, levels, offset


@njit(cache=True, _nrt=False)
def after_hand_nb(sw, level0, level1, dealer, winner_side, levels_gained, next_offset):
    """``match.after_hand`` (AMB-38, DEF-18); see the module docstring."""
    dealer_side = dealer % 2
    lv0 = level0
    lv1 = level1
    winner = -1
    if winner_side == SIDE_DEALER or winner_side == SIDE_ATTACKERS:
        side = dealer_side if winner_side == SIDE_DEALER else 1 - dealer_side
        cur = lv0 if side == 0 else lv1
        if sw[SW_MATCH_END] == V_MATCH_END_WIN_AT_A:
            if winner_side == SIDE_DEALER and cur == ACE:
                winner = side
            cur = min(ACE, cur + levels_gained)
        else:
            cur = cur + levels_gained
            if cur >= ACE:
                winner = side
                cur = ACE
        if side == 0:
            lv0 = cur
        else:
            lv1 = cur
    return lv0, lv1, (dealer + next_offset) % 4, winner
