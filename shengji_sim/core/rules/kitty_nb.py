"""Numba last-trick kitty scoring (KITTY-1, KITTY-2, KITTY-3, KITTY-4, AMB-25, AMB-26, AMB-27,
AMB-44, OTH-4, DEF-23).

Representation
--------------
``plays`` is the last trick as ``int8[4, 54]`` count vectors (row 0 the lead), ``n_plays``
of them; play ``i`` is on the leader's side when ``i`` is even. Sides are codes
:data:`DEALER` (0) and :data:`ATTACKERS` (1). ``kitty`` is an ``int8[54]`` count vector.

:func:`kitty_multiplier_nb` is ``kitty.kitty_multiplier`` (an int64; KITTY-3 cap included,
OTH-4 readings uncapped as in the reference). :func:`judge_kitty_nb` is
``kitty.judge_kitty`` and returns ``(winner, winner_side, multiplier, kitty_points,
awarded, error)``: ``awarded`` is the change to the attackers' total; ``error`` is 0, or
-1 for an input the reference refuses with ``ValueError`` (trick shape, mixed lead, AMB-27
(ii) without ``attacker_points``).
``has_points`` = 0 stands for ``attacker_points=None``.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
)
from shengji_sim.core.base.errors import (
    ERR_NO_ATTACKER_POINTS,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_DECKS,
    SW_JJ4_KOUDI_BASE,
    SW_KITTY_MULT,
    SW_KITTY_MULT_RULE,
    SW_KITTY_MULTIPLIER_CAP,
    SW_KITTY_OFFSUIT_WIN,
    SW_KITTY_RULE_SCOPE,
    SW_LAST_TRICK_DEALER_SIDE,
    SW_TOTAL_POINTS,
    V_JJ4_KOUDI_BASE_KITTY_POINTS,
    V_JJ4_KOUDI_BASE_TRICK_POINTS,
    V_KITTY_MULT_BY_UNIT,
    V_KITTY_MULT_POW2_CARDS,
    V_KITTY_MULT_POW2_LARGEST_COMPONENT,
    V_KITTY_MULT_RULE_POW2_LARGEST_UNIT,
    V_KITTY_MULT_RULE_TWICE_LARGEST_UNIT,
    V_KITTY_MULT_RULE_VARIANT,
    V_KITTY_OFFSUIT_WIN_NORMAL,
    V_KITTY_OFFSUIT_WIN_X1,
    V_KITTY_RULE_SCOPE_TWO_DECK_ONLY,
    V_LAST_TRICK_DEALER_SIDE_KOU_DI_BOTH_SIDES,
    reading_nb,
)
from shengji_sim.core.rules.shapes_nb import (
    decompose_top_nb,
)
from shengji_sim.core.rules.trick_nb import (
    trick_points_nb,
    trick_winner_nb,
)

DEALER = 0
ATTACKERS = 1
SIDE_NAMES = ("dealer", "attackers")
TRUMP = 4


@njit(cache=True, _nrt=False)
def _pow2(e) -> np.int64:
    return np.int64(1) << np.int64(e)


@njit(cache=True, _nrt=False)
def kitty_multiplier_nb(kt, sw, level, trump, plays, n_plays, winner, uw, ul, uk, ut):
    """KITTY-3 / AMB-25 / AMB-44 / OTH-4 multiplier of the winning last-trick play.

    ``uw/ul/uk/ut``: unit scratch (they get the lead's canonical units).
    """
    n_units = decompose_top_nb(kt, sw, level, trump, plays[0], uw, ul, uk, ut)
    rule = reading_nb(sw, SW_KITTY_MULT_RULE)
    if rule != V_KITTY_MULT_RULE_VARIANT:  # OTH-4: from the last trick's lead
        largest = 0
        lead_cards = 0
        for u in range(n_units):
            largest = max(largest, uw[u] * ul[u])
            lead_cards += uw[u] * ul[u]
        if rule == V_KITTY_MULT_RULE_TWICE_LARGEST_UNIT:
            return np.int64(2 * largest)
        if rule == V_KITTY_MULT_RULE_POW2_LARGEST_UNIT:
            return _pow2(largest)
        return np.int64(2 * lead_cards)  # twice_lead_cards
    cards = 0
    for k in range(N_KINDS):
        cards += plays[winner, k]
    # winning_components: the lead's split, whoever wins (KITTY-3, AMB-48)
    mode = reading_nb(sw, SW_KITTY_MULT)
    if mode == V_KITTY_MULT_POW2_CARDS:  # AMB-25 A
        n = _pow2(cards)
    elif mode == V_KITTY_MULT_POW2_LARGEST_COMPONENT:  # AMB-25 B, AMB-44
        cap_w = 0
        if sw[SW_KITTY_RULE_SCOPE] == V_KITTY_RULE_SCOPE_TWO_DECK_ONLY \
                and sw[SW_DECKS] != 2:
            cap_w = 2
        largest = 0
        for u in range(n_units):
            w = np.int64(uw[u])
            s = (min(w, cap_w) if cap_w > 0 else w) * ul[u]
            largest = max(largest, s)
        n = _pow2(largest)
    elif mode == V_KITTY_MULT_BY_UNIT:  # AMB-25 C
        wmax = 0
        for u in range(n_units):
            wmax = max(wmax, uw[u])
        n = _pow2(wmax)
    else:  # AMB-25 D
        n = np.int64(cards)
    cap = sw[SW_KITTY_MULTIPLIER_CAP]
    if cap > 0 and n > cap:
        n = np.int64(cap)
    return n


@njit(cache=True, _nrt=False)
def _koudi_base(kt, sw, plays, n_plays, kitty_pts, winner_side, attacker_points, has_points):
    """AMB-27 part 2; the second value is -1 if (ii) lacks ``attacker_points``."""
    base = reading_nb(sw, SW_JJ4_KOUDI_BASE)
    if base == V_JJ4_KOUDI_BASE_KITTY_POINTS:
        return np.int64(kitty_pts), 0
    if base == V_JJ4_KOUDI_BASE_TRICK_POINTS:
        return np.int64(trick_points_nb(kt.points, plays, n_plays)), 0
    if has_points == 0:
        return np.int64(0), -1
    if winner_side == DEALER:
        return np.int64(attacker_points), 0
    return np.int64(sw[SW_TOTAL_POINTS] - attacker_points), 0


@njit(cache=True, _nrt=False)
def judge_kitty_nb(kt, sw, level, trump, plays, n_plays, leader_side, kitty,
                   attacker_points, has_points, uw, ul, uk, ut):
    """``kitty.judge_kitty`` (see the module docstring)."""
    winner = trick_winner_nb(kt, sw, level, trump, plays, n_plays, uw, ul, uk, ut)
    if winner < 0:
        return winner, 0, np.int64(0), 0, np.int64(0), winner
    side = leader_side if winner % 2 == 0 else 1 - leader_side
    kitty_pts = 0
    for k in range(N_KINDS):
        kitty_pts += kitty[k] * kt.points[k]
    n = kitty_multiplier_nb(kt, sw, level, trump, plays, n_plays, winner, uw, ul, uk, ut)
    koudi = sw[SW_LAST_TRICK_DEALER_SIDE] == V_LAST_TRICK_DEALER_SIDE_KOU_DI_BOTH_SIDES
    if side == DEALER:
        if not koudi:  # KITTY-2
            return winner, side, np.int64(0), kitty_pts, np.int64(0), 0
        base, err = _koudi_base(kt, sw, plays, n_plays, kitty_pts, side, attacker_points,
                                has_points)
        if err < 0:
            return winner, side, n, kitty_pts, np.int64(0), ERR_NO_ATTACKER_POINTS
        return winner, side, n, kitty_pts, -base * n, 0  # AMB-27
    eff = kt.eff[level, trump]
    off_suit = False
    for k in range(N_KINDS):
        if plays[winner, k] > 0:
            off_suit = eff[k] != TRUMP
            break
    if off_suit and sw[SW_KITTY_OFFSUIT_WIN] != V_KITTY_OFFSUIT_WIN_NORMAL:  # AMB-26
        x1 = reading_nb(sw, SW_KITTY_OFFSUIT_WIN) == V_KITTY_OFFSUIT_WIN_X1
        n = np.int64(1) if x1 else np.int64(0)
    if koudi:
        base, err = _koudi_base(kt, sw, plays, n_plays, kitty_pts, side, attacker_points,
                                has_points)
        if err < 0:
            return winner, side, n, kitty_pts, np.int64(0), ERR_NO_ATTACKER_POINTS
    else:
        base = np.int64(kitty_pts)
    return winner, side, n, kitty_pts, base * n, 0
