"""Numba throw judge (THROW-1, THROW-2, THROW-3, THROW-4, THROW-5, THROW-6, THROW-7, AMB-20, AMB-21,
AMB-22, AMB-23, AMB-24, AMB-43, AMB-47, DEF-9, OTH-3, OTH-8).

Representation
--------------
``lead`` is the thrower's ``int8[54]`` count vector; ``others`` an ``int8[3, 54]`` of the
three other hands in turn order after the leader (row 0 = position 1, the next player).
:func:`judge_throw_nb` writes the cards that stay on the table into ``played`` (``int8[54]``;
what goes back to the hand is ``lead - played``) and returns
``(valid, blocked_by, penalty, penalty_unit, rejected)``:

``valid``
    1 valid, 0 not (failed or rejected), -1 an input the reference refuses (empty or
    mixed-suit lead: ``ValueError``).
``blocked_by``
    the first checked position 1..3 that beats a component, 0 for none.
``penalty`` / ``penalty_unit``
    SCORE-2 / DEF-9 / AMB-24 / OTH-8; the unit is :data:`PU_CARD_POINTS`,
    :data:`PU_PLATFORM` or :data:`PU_LEVEL` (the order of ``throw_fail_penalty``).
``rejected``
    1 if the lead is refused (THROW-1 ``throws_allowed``, AMB-22, AMB-23 A).

A component is beaten by a holding (its led-group cards) with an answer of
``trick.simple_answers`` that beats it strictly (``trick.claim_beats``), as the reference:
under AMB-47 A only answers of the component's own type (two quads for a 2-quad tractor
under AMB-41 A), under AMB-47 B also the substitutes of CMP-2, CMP-3 and CMP-4.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    NA,
    SW_JJ4_THROWS,
    SW_THROW_BEATEN_BY,
    SW_THROW_CHECK_PLAYERS,
    SW_THROW_ENFORCEMENT,
    SW_THROW_FAIL_COMPONENT,
    SW_THROW_FAIL_PENALTY,
    SW_THROW_FAIL_PLAY,
    SW_THROW_PENALTY_POINTS,
    SW_THROW_PENALTY_RULE,
    SW_THROW_TEST_QUANTIFIER,
    SW_THROWS_ALLOWED,
    SW_TWO_QUADS_ADJACENT,
    V_JJ4_THROWS_FORBIDDEN,
    V_JJ4_THROWS_LITERAL,
    V_JJ4_THROWS_ONLY_IF_ALL_VOID,
    V_THROW_BEATEN_BY_ANY_STRONGER,
    V_THROW_CHECK_PLAYERS_ALL_THREE,
    V_THROW_ENFORCEMENT_REJECT,
    V_THROW_FAIL_COMPONENT_FIRST_BEATER,
    V_THROW_FAIL_COMPONENT_LOWEST_TOP,
    V_THROW_FAIL_PLAY_BEATEN_COMPONENT,
    V_THROW_FAIL_PLAY_SMALLEST_COMPONENT,
    V_THROW_PENALTY_RULE_TEN_POINTS,
    V_THROW_TEST_QUANTIFIER_FORALL,
    V_TWO_QUADS_ADJACENT_ANY,
    reading_nb,
)
from shengji_sim.core.base.tables import (
    MAX_RUN,
)
from shengji_sim.core.rules.shapes_nb import (
    decompose_top_nb,
    split_flag_nb,
    supplies_nb,
    tractor_in_group_nb,
    tractor_supplied_nb,
    width_ok_nb,
)
from shengji_sim.core.rules.trick_nb import (
    claim_beats_nb,
    quad_substitute_nb,
    substitute_ok_nb,
)

PU_CARD_POINTS = 0
PU_PLATFORM = 1
PU_LEVEL = 2
PENALTY_UNIT_NAMES = ("card_points", "platform", "level")


@njit(cache=True)
def _any_pattern_beats(power, group, trl, trk, trt, ntr, sw, split, suit, counts, w, length,
                       tw, tl, tt) -> bool:
    """Does some instance of (w, length) in the led group beat the target (tw, tl, tt)?"""
    if length == 1:
        for k in range(N_KINDS):
            if supplies_nb(counts[k], w, split) and group[k] == suit:
                if claim_beats_nb(sw, 0, w, 1, power[k], 0, tw, tl, tt):
                    return True
        return False
    if not width_ok_nb(sw, w):
        return False
    for t in range(ntr):
        if trl[t] != length or not tractor_supplied_nb(trk, t, length, counts, w, split):
            continue
        if tractor_in_group_nb(trk, t, length, group, suit) and claim_beats_nb(
                sw, 0, w, length, trt[t], 0, tw, tl, tt):
            return True
    return False


@njit(cache=True)
def _substitute_beats(power, group, trl, trk, trt, ntr, sw, split, suit, holding, w, length,
                      top) -> bool:
    """AMB-47 B: does an in-suit substitute (CMP-2 quad, CMP-3 triple tractor, CMP-4 quad
    tractor; ``trick.substitute_patterns``) in the holding beat the unit (w, length, top)?"""
    if quad_substitute_nb(sw, w, length, 0):  # CMP-2
        if _any_pattern_beats(power, group, trl, trk, trt, ntr, sw, split, suit, holding, 4, 1,
                              w, length, top):
            return True
    for width in range(2, 5):  # CMP-3, CMP-4
        sub_l = substitute_ok_nb(sw, w, length, 0, width)
        if sub_l > 0 and _any_pattern_beats(power, group, trl, trk, trt, ntr, sw, split, suit,
                                            holding, width, sub_l, w, length, top):
            return True
    return False


@njit(cache=True)
def _two_quads_beat(power, group, sw, split, suit, holding, w, length, top) -> bool:
    """AMB-41 A: do two quads of the holding, as a 2-quad tractor, beat the unit?"""
    for a in range(N_KINDS):
        if not supplies_nb(holding[a], 4, split) or group[a] != suit:
            continue
        for c in range(a + 1, N_KINDS):
            if not supplies_nb(holding[c], 4, split) or group[c] != suit:
                continue
            if claim_beats_nb(sw, 0, 4, 2, max(power[a], power[c]), 0, w, length, top):
                return True
    return False


@njit(cache=True)
def player_beats_nb(kt, sw, level, trump, w, length, top, holding, suit) -> bool:
    """THROW-2 ``throw.player_beats``: can ``holding`` beat the unit in the led group with
    a unit of its own type (AMB-47 A) or also with an in-suit substitute (AMB-47 B)?"""
    power = kt.power[level, trump]
    group = kt.group[level, trump]
    trl = kt.tr_len[level, trump]
    trk = kt.tr_kinds[level, trump]
    trt = kt.tr_top[level, trump]
    ntr = kt.ntr[level, trump]
    split = split_flag_nb(sw)
    if _any_pattern_beats(power, group, trl, trk, trt, ntr, sw, split, suit, holding, w, length,
                          w, length, top):
        return True
    stronger = sw[SW_THROW_BEATEN_BY] == V_THROW_BEATEN_BY_ANY_STRONGER
    if stronger and _substitute_beats(power, group, trl, trk, trt, ntr, sw, split, suit,
                                      holding, w, length, top):
        return True
    # the 2-quad tractor pattern: the unit's own type, or (AMB-47 B) a CMP-4 substitute
    has_42 = (w == 4 and length == 2) or (stronger and substitute_ok_nb(sw, w, length, 0, 4) == 2)
    if has_42 and sw[SW_TWO_QUADS_ADJACENT] == V_TWO_QUADS_ADJACENT_ANY:
        return _two_quads_beat(power, group, sw, split, suit, holding, w, length, top)
    return False


@njit(cache=True)
def _component_less(uw, ul, uk, ut, a, b, top_first) -> bool:
    """AMB-21 A ``component_key`` (size, width, top, kinds); OTH-3 C puts the top first."""
    if top_first and ut[a] != ut[b]:
        return ut[a] < ut[b]
    sa = uw[a] * ul[a]
    sb = uw[b] * ul[b]
    if sa != sb:
        return sa < sb
    if uw[a] != uw[b]:
        return uw[a] < uw[b]
    if ut[a] != ut[b]:
        return ut[a] < ut[b]
    n = min(ul[a], ul[b])
    for i in range(n):
        if uk[a, i] != uk[b, i]:
            return uk[a, i] < uk[b, i]
    return ul[a] < ul[b]


@njit(cache=True)
def _penalty(sw):
    """SCORE-2 / DEF-9 ``throw.penalty_of``: (points, unit) with AMB-24 and OTH-8."""
    if sw[SW_THROW_PENALTY_RULE] == V_THROW_PENALTY_RULE_TEN_POINTS:
        return 10, PU_CARD_POINTS
    unit = PU_CARD_POINTS
    if sw[SW_THROW_FAIL_PENALTY] != NA:
        unit = sw[SW_THROW_FAIL_PENALTY]  # card_point, platform_point, level
    return sw[SW_THROW_PENALTY_POINTS], unit


@njit(cache=True)
def judge_throw_nb(kt, sw, level, trump, lead, others, played, uw, ul, uk, ut):
    """``throw.judge_throw`` (see the module docstring). ``uw/ul/uk/ut``: unit scratch as
    ``trick_winner_nb``; afterwards they hold the lead's canonical units."""
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    power = kt.power[level, trump]
    size = 0
    suit = -1
    for k in range(N_KINDS):
        played[k] = 0
        if lead[k] > 0:
            size += lead[k]
            if suit < 0:
                suit = eff[k]
            elif eff[k] != suit:
                return -1, 0, 0, PU_CARD_POINTS, 0  # DEF-27
    if size == 0:
        return -1, 0, 0, PU_CARD_POINTS, 0
    n = decompose_top_nb(kt, sw, level, trump, lead, uw, ul, uk, ut)
    if n == 1:  # THROW-1: one unit, not a throw
        for k in range(N_KINDS):
            played[k] = lead[k]
        return 1, 0, 0, PU_CARD_POINTS, 0
    if sw[SW_THROWS_ALLOWED] == 0:
        return 0, 0, 0, PU_CARD_POINTS, 1
    g = group[uk[0, 0]]
    if sw[SW_JJ4_THROWS] != NA:  # THROW-4 / AMB-22
        all_void = True
        for p in range(3):
            for k in range(N_KINDS):
                if others[p, k] > 0 and group[k] == g:
                    all_void = False
        mode = sw[SW_JJ4_THROWS]
        if mode == V_JJ4_THROWS_FORBIDDEN:
            return 0, 0, 0, PU_CARD_POINTS, 1
        if mode == V_JJ4_THROWS_ONLY_IF_ALL_VOID and not all_void:
            return 0, 0, 0, PU_CARD_POINTS, 1
        if mode == V_JJ4_THROWS_LITERAL and all_void:
            return 0, 0, 0, PU_CARD_POINTS, 1
    # AMB-43: the tested components (all, or the highest of each pattern)
    forall = reading_nb(sw, SW_THROW_TEST_QUANTIFIER) == V_THROW_TEST_QUANTIFIER_FORALL
    tested = np.zeros(n, np.bool_)
    for u in range(n):
        if forall:
            tested[u] = True
            continue
        held = -1
        for v in range(n):
            if uw[v] == uw[u] and ul[v] == ul[u] and (held < 0 or ut[v] > ut[held]):
                held = v
        tested[u] = held == u
    # THROW-2 / AMB-20: beaten[p, u]
    beaten = np.zeros((3, n), np.bool_)
    failed = np.zeros(n, np.bool_)
    holding = np.zeros(N_KINDS, np.int8)
    blocked_by = 0
    all_three = reading_nb(sw, SW_THROW_CHECK_PLAYERS) == V_THROW_CHECK_PLAYERS_ALL_THREE
    for pos in range(1, 4):
        if pos == 2 and not all_three:
            continue
        for k in range(N_KINDS):
            holding[k] = others[pos - 1, k] if group[k] == g else 0
        for u in range(n):
            failed[u] = False
        for u in range(n):
            if tested[u] and player_beats_nb(kt, sw, level, trump, uw[u], ul[u], ut[u],
                                             holding, g):
                for v in range(n):
                    if uw[v] == uw[u] and ul[v] == ul[u]:
                        failed[v] = True
        for u in range(n):
            if failed[u] and player_beats_nb(kt, sw, level, trump, uw[u], ul[u], ut[u],
                                             holding, g):
                beaten[pos - 1, u] = True
                if blocked_by == 0:
                    blocked_by = pos
    if blocked_by == 0:
        for k in range(N_KINDS):
            played[k] = lead[k]
        return 1, 0, 0, PU_CARD_POINTS, 0
    if reading_nb(sw, SW_THROW_ENFORCEMENT) == V_THROW_ENFORCEMENT_REJECT:  # AMB-23 A
        return 0, blocked_by, 0, PU_CARD_POINTS, 1
    # THROW-3 / AMB-21 / DEF-9 / OTH-3: the forced component
    rule = reading_nb(sw, SW_THROW_FAIL_COMPONENT)
    play = reading_nb(sw, SW_THROW_FAIL_PLAY)
    pick = -1
    if rule == V_THROW_FAIL_COMPONENT_FIRST_BEATER:
        for u in range(n):
            if beaten[blocked_by - 1, u] and (
                    pick < 0 or _component_less(uw, ul, uk, ut, u, pick, False)):
                pick = u
    elif rule == V_THROW_FAIL_COMPONENT_LOWEST_TOP or play == V_THROW_FAIL_PLAY_BEATEN_COMPONENT:
        top_first = rule == V_THROW_FAIL_COMPONENT_LOWEST_TOP
        for u in range(n):
            hit = beaten[0, u] or beaten[1, u] or beaten[2, u]
            if hit and (pick < 0 or _component_less(uw, ul, uk, ut, u, pick, top_first)):
                pick = u
    elif play == V_THROW_FAIL_PLAY_SMALLEST_COMPONENT:
        for u in range(n):
            if pick < 0 or _component_less(uw, ul, uk, ut, u, pick, False):
                pick = u
    if pick >= 0:
        for i in range(MAX_RUN):
            k = uk[pick, i]
            if k < 0:
                break
            played[k] += uw[pick]
    else:  # AMB-21 C: the lowest card (power, then kind)
        low = -1
        for k in range(N_KINDS):
            if lead[k] > 0 and (low < 0 or power[k] < power[low]):
                low = k
        played[low] = 1
    penalty, unit = _penalty(sw)
    return 0, blocked_by, penalty, unit, 0
