"""Per-decision draws and shadow evaluation: the kernels of ``shengji-sim diff``.

Representation
--------------
*Per-decision draws.* ``sw`` is the variant's switch array (:mod:`.switches`); a diff run
passes it with one slot more, ``sw[SW_DECISION_DRAWS] = 1`` (:data:`SW_DECISION_DRAWS` is
``N_SWITCHES``, past the schema's keys). :func:`decision_draw_nb`, called by
``game_nb._play_trick`` before each lead and follow, then seeds the hand's stream with
``rng.decision_seed(hand seed, 4 * trick + position)`` (position 0: the lead), so a reading
that changes one decision leaves every other decision's numbers unchanged. With the plain
``sw`` it does nothing and the hand draws from its one stream, as ``simulate`` always has.

*Shadow evaluation.* :func:`shadow_hand_nb` walks a hand played under reading A (its
:class:`~.game_nb.HandLog`) and evaluates reading B (``kt_b``, ``sw_b``) beside it at every
follow and trick: the seats' holdings before the first trick are the sums of their logged
plays. Counters, one ``int64[N_SHADOW]`` row per hand, indexed by ``S_*``:

* ``S_FOLLOWS``: follow decisions; ``S_SET_DIFFERS``: the legal-follow set under B is not A's
  (different counts, or some of A's options is not legal under B; sets of more than
  :data:`SET_EXACT` options are compared by count and :data:`SET_EXACT` options spread over
  A's listing); ``S_ILLEGAL``: the chosen play is not a legal follow under B;
* ``S_TRICKS``: tricks; ``S_WINNER_FLIPS``: the winner under B's comparison is another play;
* ``S_THROWS``: leads of more than one unit under A or B (THROW-1): throw items are
  exercised only when this is positive; ``S_LEAD_SHAPE``: leads decomposed differently;
* ``S_B_ERRORS``: positions B's kernels could not judge (counted as differing too).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import N_KINDS
from shengji_sim.core.follow_count_nb import options_contain_nb, options_count_nb, options_nth_nb
from shengji_sim.core.follow_families_nb import follow_options_nb
from shengji_sim.core.jit import njit
from shengji_sim.core.rng_nb import hand_seed_nb
from shengji_sim.core.shapes_nb import decompose_top_nb
from shengji_sim.core.switches import N_SWITCHES
from shengji_sim.core.trick_nb import trick_winner_nb

SW_DECISION_DRAWS = N_SWITCHES  #: the extra slot of a diff run's ``sw``: 1 = per-decision draws
SET_EXACT = 64  #: legal-follow sets up to this size are compared exactly
S_FOLLOWS = 0
S_SET_DIFFERS = 1
S_ILLEGAL = 2
S_TRICKS = 3
S_WINNER_FLIPS = 4
S_THROWS = 5
S_LEAD_SHAPE = 6
S_B_ERRORS = 7
N_SHADOW = 8


@njit(cache=True, _nrt=False, inline="always")
def decision_draw_nb(sw, state, seed, trick, position):
    """In the per-decision mode (``sw[SW_DECISION_DRAWS] == 1``), seed ``state`` with
    decision ``4 * trick + position``'s stream (``rng.decision_seed``); else nothing."""
    if sw.shape[0] > SW_DECISION_DRAWS and sw[SW_DECISION_DRAWS] == 1:
        state[0] = hand_seed_nb(np.uint64(seed), 4 * trick + position)


@njit(cache=True, _nrt=False)
def _holdings_nb(n_tricks, leader, plays, hands):
    """Each seat's holding before the first trick: the sum of its logged plays."""
    for s in range(4):
        for k in range(N_KINDS):
            hands[s, k] = 0
    for t in range(n_tricks):
        for p in range(4):
            seat = (leader[t] + p) % 4
            for k in range(N_KINDS):
                hands[seat, k] += plays[t, p, k]


@njit(cache=True, _nrt=False)
def _same_units_nb(na, uwa, ula, uka, nb, uwb, ulb, ukb):
    """Are two decompositions the same units (widths, lengths, kinds)?"""
    if na != nb:
        return False
    for u in range(na):
        if uwa[u] != uwb[u] or ula[u] != ulb[u]:
            return False
        for i in range(ula[u]):
            if uka[u, i] != ukb[u, i]:
                return False
    return True


@njit(cache=True, _nrt=False)
def _sets_differ_nb(kt_a, kt_b, level, trump, fb_a, n_a, fb_b, n_b, out):
    """Is B's legal-follow set not A's? Counts first, then A's options (all of them up to
    :data:`SET_EXACT`, else that many spread over A's listing) checked against B's families."""
    count_a = options_count_nb(kt_a, level, trump, fb_a, n_a)
    count_b = options_count_nb(kt_b, level, trump, fb_b, n_b)
    if count_a <= 0 or count_b <= 0 or count_a != count_b:
        return True
    checks = min(count_a, SET_EXACT)
    for j in range(checks):
        i = j if count_a <= SET_EXACT else (j * count_a) // SET_EXACT
        if options_nth_nb(kt_a, level, trump, fb_a, n_a, i, out) != 0:
            return True
        if not options_contain_nb(fb_b, n_b, out):
            return True
    return False


@njit(cache=True, _nrt=False)
def shadow_hand_nb(kt_a, sw_a, kt_b, sw_b, level, trump, n_tricks, leader, plays, winner,
                   hands, fb_a, fb_b, ua, ub, out, counts):
    """Reading B beside reading A's hand (module docstring): adds to ``counts`` (``S_*``).
    ``leader``/``plays``/``winner``: the hand's log (``HandLog``); ``hands`` int8[4, 54]
    scratch; ``ua``/``ub``: (uw, ul, uk, ut) unit scratch of each reading (int8[54],
    int8[54], int8[54, 13], int16[54]); ``out`` int8[54] scratch."""
    _holdings_nb(n_tricks, leader, plays, hands)
    uwa, ula, uka, uta = ua
    uwb, ulb, ukb, utb = ub
    for t in range(n_tricks):
        lead = plays[t, 0]
        na = decompose_top_nb(kt_a, sw_a, level, trump, lead, uwa, ula, uka, uta)
        nb = decompose_top_nb(kt_b, sw_b, level, trump, lead, uwb, ulb, ukb, utb)
        if na > 1 or nb > 1:
            counts[S_THROWS] += 1  # THROW-1
        if not _same_units_nb(na, uwa, ula, uka, nb, uwb, ulb, ukb):
            counts[S_LEAD_SHAPE] += 1
        ls = leader[t]
        for k in range(N_KINDS):
            hands[ls, k] -= lead[k]
        for p in range(1, 4):
            seat = (ls + p) % 4
            hand = hands[seat]
            play = plays[t, p]
            counts[S_FOLLOWS] += 1
            n_a, rule_a = follow_options_nb(kt_a, sw_a, level, trump, lead, na, uwa, ula, uka,
                                            hand, p, fb_a)
            n_b, rule_b = follow_options_nb(kt_b, sw_b, level, trump, lead, nb, uwb, ulb, ukb,
                                            hand, p, fb_b)
            if rule_a < 0 or rule_b < 0:
                counts[S_B_ERRORS] += 1
                counts[S_SET_DIFFERS] += 1
                counts[S_ILLEGAL] += 1
            else:
                if _sets_differ_nb(kt_a, kt_b, level, trump, fb_a, n_a, fb_b, n_b, out):
                    counts[S_SET_DIFFERS] += 1
                if not options_contain_nb(fb_b, n_b, play):
                    counts[S_ILLEGAL] += 1
            for k in range(N_KINDS):
                hand[k] -= play[k]
        counts[S_TRICKS] += 1
        w = trick_winner_nb(kt_b, sw_b, level, trump, plays[t], 4, uwb, ulb, ukb, utb)
        if w < 0:
            counts[S_B_ERRORS] += 1
            counts[S_WINNER_FLIPS] += 1
        elif w != winner[t]:
            counts[S_WINNER_FLIPS] += 1  # CMP-9 under B
