"""The greedy player's decisions as kernels: the ``greedy`` player of
:mod:`shengji_sim.players.reference` at every decision of a hand (player kind :data:`GREEDY`,
``lane.pkinds[seat]``; the random player and the kinds' codes are in :mod:`.random_nb`).

Each decision gets the engine's options and returns an option's index (greedy players draw
nothing):

* declare and 炒 (BID-2, CHAO-2): :func:`greedy_declares_nb` (declaring: ``deal_nb._ask_nb``)
  and :func:`greedy_choose_nb` (炒);
* bury (KITTY-1): :func:`greedy_burial_nb`;
* lead (LEAD-3): :func:`greedy_lead_pick_nb` (the random player's walk of the lead options,
  comparing each kind's whole set and the tractors; :func:`greedy_lead_nb` over
  :func:`~.lead_nb.lead_options_nb` is its listed form);
* follow: greedy players choose among the first ``GREEDY_OPTIONS`` options
  (:func:`greedy_pick_nb`: feed a winning partner, else win cheaply, else dump).

Greedy follows without listing
------------------------------
:func:`greedy_follow_nb` finds :func:`greedy_pick_nb`'s choice in one walk over the options
that lists none of them (:mod:`.greedy_walks_nb`, whose docstring says how); it takes a
:class:`GreedyWalk`, the lane's arrays it reads, since a call copies what it is passed.
:func:`greedy_single_nb` walks a one-card lead's options from the hand masks. A short follower
and a pair or triple lead are answered without the family kernels (:mod:`.greedy_fast_nb`).
Same choices, same tie-breaks (first in listing order) and the same 256-option cap as the
reference; :func:`greedy_follow_listed_nb` (list, then :func:`greedy_pick_nb`) is the plain
form the tests compare with (tests/property/test_differential_greedy.py).

Compiled players
----------------
A lane whose seats are all random (or passive) has ``lane.cand is None`` (no greedy
candidate buffer). ``game_nb.play_hand_nb`` takes ``cand`` as an argument and passes it down
the trick phase (``_lead``, ``_one_card_follow``, ``_family_follow_nb``), where each call of a
greedy kernel sits under ``if cand is not None``: Numba prunes that branch by the argument's
type, so a random-player run compiles no greedy code (about a sixth of the cold compile of
``simulate``). (Pruning sees function arguments only, never ``lane.cand``.)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import (
    LJ,
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import lowest_bit_nb
from shengji_sim.core.base.errors import ERR_LEAD_NONE
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_count_nb import options_list_nb
from shengji_sim.core.follow.follow_data import (
    STATE_NKEYS,
    STATE_WAYS,
)
from shengji_sim.core.players.greedy_walks_nb import (
    _walk_keys_nb,
    _walk_one_family_nb,
)
from shengji_sim.core.players.walks_nb import (
    GREEDY_OPTIONS,
    greedy_wins_nb,
    single_beats_nb,
    single_cost_nb,
)
from shengji_sim.core.rules.lead_nb import lead_options_nb
from shengji_sim.core.rules.trick_nb import (
    one_unit_best_nb,
    set_best_nb,
    trick_winner_units_nb,
)

GREEDY = 1  #: player kind (beside random_nb.RANDOM, PASSIVE and heuristic_nb.HEURISTIC)
ABSENT = 1 << 62  # greedy burial key offset of kinds not held


class GreedyWalk(NamedTuple):
    """The lane's arrays a greedy follow reads and writes (``lane_nb.Lane``'s fields of the
    same names): :func:`greedy_follow_nb` takes these, not the lane, because a call copies
    every array it is passed (the whole lane is some 800 machine words a call)."""

    fb: object  # follow_data.FollowBuffers: the families and their options
    keys: np.ndarray  # int64 scratch of the walks (the ``_U_*``, ``_P_*`` ... offsets)
    out: np.ndarray  # int8[54] an option written out
    plays: np.ndarray  # int8[4, 54] the trick so far
    uw: np.ndarray  # the lead's units: widths, lengths, tops (decompose_top_nb)
    ul: np.ndarray
    ut: np.ndarray
    cand: np.ndarray  # int8[GREEDY_OPTIONS, 54] the listed options (the listing fallback)
    ts: object  # trick_nb.ThrowScratch: a throw's plays judged whole


@njit(cache=True, _nrt=False, inline="always")
def greedy_walk_nb(lane):
    """The :class:`GreedyWalk` of ``lane`` (no copy: the same arrays)."""
    return GreedyWalk(lane.fb, lane.keys, lane.out, lane.plays, lane.uw, lane.ul, lane.ut,
                      lane.cand, lane.ts)


@njit(cache=True, _nrt=False)
def greedy_declares_nb(counts, hand_len, level, kind):
    """``GreedyPlayer.declare`` on its strongest (last) option of ``kind``: a quarter of
    the hand in that suit, level cards included (jokers: level cards only)."""
    suit = 4 if kind >= LJ else kind // 13
    same = 0
    for q in range(4):
        if q != suit:
            same += counts[q * 13 + level]
    if suit < 4:
        for q in range(13):
            same += counts[suit * 13 + q]
    return 4 * same >= max(hand_len, 4)


@njit(cache=True, _nrt=False)
def greedy_choose_nb(counts, hand_len, level, n, opt_kind):
    """``GreedyPlayer``'s 炒 among ``n`` options of kinds ``opt_kind``: the last (strongest)
    when :func:`greedy_declares_nb` takes it, else -1 = pass (no draw)."""
    if n > 0 and greedy_declares_nb(counts, hand_len, level, opt_kind[n - 1]):
        return n - 1
    return -1


@njit(cache=True, _nrt=False)
def greedy_burial_nb(eff, power, points, counts, n, bkeys, kitty):
    """``GreedyPlayer.bury``: the n lowest cards by (trump, point card, power, kind);
    ``eff`` / ``power`` are the ``[level, trump]`` rows of the tables.

    One pass keeps the n lowest kind keys sorted in ``bkeys[:n]`` (n kinds hold at least
    n cards; absent kinds get keys >= ``ABSENT``, never kept), then buries their cards
    lowest first.
    """
    for i in range(n):
        bkeys[i] = ABSENT
    for k in range(54):
        trump_bit = 1 if eff[k] == TRUMP else 0
        point_bit = 1 if points[k] > 0 else 0
        key = ((trump_bit * 2 + point_bit) * 65536 + power[k] + 32768) * 64 + k
        if counts[k] == 0:
            key += ABSENT
        if key < bkeys[n - 1]:  # insert; the highest kept key drops out
            j = n - 1
            while j > 0 and bkeys[j - 1] > key:
                bkeys[j] = bkeys[j - 1]
                j -= 1
            bkeys[j] = key
    out = 0
    for i in range(n):
        if out == n:
            break
        k = bkeys[i] % 64
        for _ in range(min(counts[k], n - out)):
            kitty[out] = k
            out += 1


@njit(cache=True, _nrt=False)
def greedy_lead_nb(kt, level, trump, counts, lb, n):
    """``GreedyPlayer.lead`` over the ``n`` listed options: the index it picks.

    The strongest unit by (cards, top, -lowest power), first on ties; led when it has
    several cards or is a trump / ace-topped unit; otherwise the lowest single (power,
    kind) of the longest off-suit group (first group in kind order on ties); all trumps:
    the last option.
    """
    best = -1
    b_size = 0
    b_top = 0
    b_key = 0
    for i in range(n):
        size = lb.w[i] * lb.ln[i]
        strongest = kt.kind_at[level, trump, lb.ords[i, 0]]
        top = 1 if (kt.eff[level, trump, strongest] == TRUMP or
                    (strongest < 52 and strongest % 13 == 12)) else 0
        low = 32767
        for j in range(lb.ln[i]):
            p = kt.power[level, trump, lb.kinds[i, j]]
            if p < low:
                low = p
        if best < 0 or size > b_size or (size == b_size and (
                top > b_top or (top == b_top and -low > -b_key))):
            best = i
            b_size = size
            b_top = top
            b_key = low
    if b_size > 1 or b_top == 1:
        return best
    # the longest off-suit group, by first appearance in kind order
    glen = lb.tmp[0:6]  # scratch
    gfirst = lb.tmp[6:12]
    for gr in range(6):
        glen[gr] = 0
        gfirst[gr] = 99
    for k in range(54):
        if counts[k] > 0 and kt.eff[level, trump, k] != TRUMP:
            gr = kt.group[level, trump, k]
            if gfirst[gr] == 99:
                gfirst[gr] = k
            glen[gr] += counts[k]
    pick = -1
    for gr in range(6):
        if glen[gr] > 0 and (pick < 0 or glen[gr] > glen[pick] or (
                glen[gr] == glen[pick] and gfirst[gr] < gfirst[pick])):
            pick = gr
    if pick < 0:
        return n - 1
    card = -1
    for k in range(54):
        if counts[k] > 0 and kt.eff[level, trump, k] != TRUMP and \
                kt.group[level, trump, k] == pick:
            if card < 0 or kt.power[level, trump, k] < kt.power[level, trump, card]:
                card = k
    for i in range(n):
        if lb.w[i] == 1 and lb.ln[i] == 1 and lb.kinds[i, 0] == card:
            return i
    return -1


@njit(cache=True, _nrt=False)
def greedy_lead_into_nb(kt, sw, level, trump, hand, lb, lead):
    """``GreedyPlayer.lead`` over the listed options, into ``lead``; returns a kind of the
    lead or ``ERR_LEAD_NONE``. (A random lead is :func:`random_lead_into_nb`, which lists no
    sets.)"""
    n = lead_options_nb(kt, sw, level, trump, hand, lb)
    if n <= 0:
        return ERR_LEAD_NONE
    i = greedy_lead_nb(kt, level, trump, hand, lb, n)
    for k in range(N_KINDS):
        lead[k] = 0
    w = lb.w[i]
    for j in range(lb.ln[i]):
        lead[lb.kinds[i, j]] += w
    return lb.kinds[i, 0]


@njit(cache=True, _nrt=False)
def cost_nb(kt, level, trump, counts):
    """``players._cost``: trumps cost 200 more than any off-suit card, plus power."""
    total = 0
    for k in range(N_KINDS):
        if counts[k]:
            c = kt.power[level, trump, k]
            if kt.eff[level, trump, k] == TRUMP:
                c += 200
            total += counts[k] * c
    return total


@njit(cache=True, _nrt=False)
def points_nb(kt, counts):
    total = 0
    for k in range(N_KINDS):
        total += counts[k] * kt.points[k]
    return total


@njit(cache=True, _nrt=False)
def greedy_follow_nb(kt, sw, level, trump, walk, n_fam, count, n_so_far, seat_side,
                      leader, n_units):
    """``GreedyPlayer.follow`` over the first 256 options; returns the chosen index.
    ``walk.uw/ul/ut`` hold the lead's ``n_units`` units.

    The choice of :func:`greedy_pick_nb`, found in one walk over the options in listing
    order that lists none of them (:func:`_walk_one_family_nb`, :func:`_walk_keys_nb`):
    each option's points, cost and suits come from per-kind sums, and only an option that
    may claim the trick (all of the led suit or all trumps, ``trick_nb.play_side_nb``)
    and would beat the cheapest winner so far is written out and judged. Families the
    walks do not cover (none today) are listed and scored as before
    (:func:`greedy_follow_listed_nb`)."""
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    size, lead_suit, best, partner = _trick_so_far_nb(kt, sw, level, trump, walk, n_so_far,
                                                      n_units, seat_side, leader)
    fb = walk.fb
    if n_fam == 1 and fb.state[STATE_WAYS] > 0:
        return _walk_one_family_nb(kt, sw, level, trump, walk, m, n_so_far, n_units, size,
                                   lead_suit, best, partner)
    if n_fam > 1 and fb.state[STATE_NKEYS] >= m:
        return _walk_keys_nb(kt, sw, level, trump, walk, m, n_so_far, n_units, size,
                             lead_suit, best, partner)
    return greedy_follow_listed_nb(kt, sw, level, trump, walk, n_fam, count, n_so_far,
                                   seat_side, leader, n_units)


@njit(cache=True, _nrt=False)
def greedy_follow_listed_nb(kt, sw, level, trump, walk, n_fam, count, n_so_far, seat_side,
                            leader, n_units):
    """:func:`greedy_follow_nb` by listing the first 256 options into ``walk.cand`` and
    scoring each (:func:`greedy_pick_nb`): the plain form, kept as the fallback and as the
    walks' yardstick in tests/property/test_differential_greedy.py."""
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    options_list_nb(kt, level, trump, walk.fb, n_fam, m, walk.cand)
    return greedy_pick_nb(kt, sw, level, trump, walk, m, n_so_far, seat_side, leader, n_units)


@njit(cache=True, _nrt=False, inline="always")
def _trick_so_far_nb(kt, sw, level, trump, walk, n_so_far, n_units, seat_side, leader):
    """What :func:`greedy_pick_nb` and :func:`greedy_follow_nb` read of the trick before
    choosing: the lead's size and suit, the one-unit winner so far
    (:func:`~.trick_nb.one_unit_best_nb`) and whether the partner of the seat on side
    ``seat_side`` is winning (a throw judged whole). ``walk``: a :class:`GreedyWalk` (or the
    lane), of which it reads ``plays``, ``uw``, ``ul``, ``ut``."""
    size = 0
    lead_suit = -1
    for k in range(N_KINDS):
        if walk.plays[0, k]:
            size += walk.plays[0, k]
            lead_suit = kt.eff[level, trump, k]
    if walk.ul[0] == 1:  # a set first: judged from two rows, no tables passed
        best = set_best_nb(sw, kt.eff[level, trump], kt.power[level, trump], walk.plays,
                           n_so_far, np.int64(walk.uw[0]), walk.ut[0], lead_suit)
    else:
        best = one_unit_best_nb(kt, sw, level, trump, walk.plays, n_so_far, walk.uw, walk.ul,
                                walk.ut, lead_suit)
    best_now = best[0]
    if n_units > 1 and n_so_far > 1:  # a throw
        best_now = trick_winner_units_nb(kt, sw, level, trump, walk.plays, n_so_far, n_units,
                                         walk.uw, walk.ul, walk.ut, size, lead_suit, walk.ts)
    return size, lead_suit, best, (leader + best_now) % 2 == seat_side


@njit(cache=True, _nrt=False)
def greedy_pick_nb(kt, sw, level, trump, walk, m, n_so_far, seat_side, leader, n_units):
    """The greedy choice among the candidates ``walk.cand[:m]`` (listing order) after
    ``n_so_far`` plays of a trick whose lead has ``n_units`` units ``walk.uw/ul/ut``.
    The winner so far is found once; a candidate of a one-unit trick is then checked
    against its claim alone (:func:`~.trick_nb.one_unit_claim_beats_nb`)."""
    size, lead_suit, best, partner_winning = _trick_so_far_nb(kt, sw, level, trump, walk,
                                                              n_so_far, n_units, seat_side,
                                                              leader)
    pick = -1
    if partner_winning:  # max by (points, -cost), first on ties
        b1 = 0
        b2 = 0
        for i in range(m):
            p = points_nb(kt, walk.cand[i])
            c = -cost_nb(kt, level, trump, walk.cand[i])
            if pick < 0 or p > b1 or (p == b1 and c > b2):
                pick, b1, b2 = i, p, c
        return pick
    b1 = 0
    b2 = 0
    for i in range(m):  # winning plays: min by (cost, -points)
        wins = greedy_wins_nb(kt, sw, level, trump, walk.plays, walk.uw, walk.ul, walk.ut,
                              walk.cand[i], n_so_far, n_units, size, lead_suit, best, walk.ts)
        if wins:
            c = cost_nb(kt, level, trump, walk.cand[i])
            p = -points_nb(kt, walk.cand[i])
            if pick < 0 or c < b1 or (c == b1 and p < b2):
                pick, b1, b2 = i, c, p
    if pick >= 0:
        return pick
    for i in range(m):  # min by (points, cost)
        p = points_nb(kt, walk.cand[i])
        c = cost_nb(kt, level, trump, walk.cand[i])
        if pick < 0 or p < b1 or (p == b1 and c < b2):
            pick, b1, b2 = i, p, c
    return pick


@njit(cache=True, _nrt=False)
def greedy_single_nb(eff, power, kind_at, points, tk, opts, position, seat_side, leader):
    """``GreedyPlayer.follow`` over the options of :func:`one_card_options_nb` (a one-card
    lead whose plays so far are the kinds ``tk[:position]``), ``opts`` being their listing
    positions as a mask (the held kinds of the led class, of the hand, or of its plain
    suits: their listing order is the positions' order): the kind :func:`greedy_pick_nb`
    would choose, in one walk over the options, each scored as one card against the
    trick's best single so far (:func:`single_beats_nb`). ``eff``, ``power``, ``kind_at``
    are the tables' ``[level, trump]`` rows."""
    lead_suit = eff[tk[0]]
    best = 0  # the trick's winner so far (``_set_winner_nb`` over the plays made)
    for p in range(1, position):
        if single_beats_nb(eff, power, lead_suit, tk[p], tk[best]):
            best = p
    partner_winning = (leader + best) % 2 == seat_side
    top = tk[best]
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    while opts:
        k = kind_at[lowest_bit_nb(opts)]
        opts &= opts - 1
        pt = points[k]
        c = single_cost_nb(eff, power, k)
        if partner_winning:  # max by (points, -cost), first on ties
            if pick < 0 or pt > b1 or (pt == b1 and c < b2):
                pick, b1, b2 = k, pt, c
        else:
            if pick < 0 or pt < b1 or (pt == b1 and c < b2):  # min by (points, cost)
                pick, b1, b2 = k, pt, c
            if single_beats_nb(eff, power, lead_suit, k, top) and (
                    win < 0 or c < w1 or (c == w1 and pt > w2)):  # min by (cost, -points)
                win, w1, w2 = k, c, pt
    return win if win >= 0 else pick


@njit(cache=True, _nrt=False)
def greedy_lead_pick_nb(kind_at, eff, power, group, counts, held, m, tw, tln, tkinds, tords,
                        tmp, lead):
    """``GreedyPlayer.lead`` (:func:`greedy_lead_nb`'s choice) without listing the sets,
    into ``lead``: returns a kind of the lead, or -1 when it must be listed
    (:func:`greedy_lead_into_nb`). ``held`` are the hand's held positions, the ``m``
    tractors ``tw/tln/tkinds/tords[:m]`` (:func:`~.lead_nb.sorted_tractors_nb`), ``tmp`` 12
    ints of scratch.

    Of a kind's sets only the one of all its copies can be the strongest unit (more cards,
    the same top and lowest card), so the walk of :func:`random_lead_pick_nb` over the held
    positions compares those and the tractors, in listing order, first on ties."""
    best_k = -1
    best_t = -1
    b_size = 0
    b_top = 0
    b_low = 0
    t = 0
    while held:
        o = lowest_bit_nb(held)
        held &= held - 1
        k = kind_at[o]
        top = 1 if (eff[k] == TRUMP or (k < 52 and k % 13 == 12)) else 0
        size = counts[k]
        low = power[k]
        if (best_k < 0 and best_t < 0) or size > b_size or (size == b_size and (
                top > b_top or (top == b_top and low < b_low))):
            best_k, best_t, b_size, b_top, b_low = k, -1, size, top, low
        while t < m and tords[t, 0] == o:  # the tractors k tops
            size = tw[t] * tln[t]
            low = 32767
            for j in range(tln[t]):
                if power[tkinds[t, j]] < low:
                    low = power[tkinds[t, j]]
            if size > b_size or (size == b_size and (
                    top > b_top or (top == b_top and low < b_low))):
                best_k, best_t, b_size, b_top, b_low = -1, t, size, top, low
            t += 1
    for k in range(N_KINDS):
        lead[k] = 0
    if b_size > 1 or b_top == 1:
        if best_t >= 0:
            for j in range(tln[best_t]):
                lead[tkinds[best_t, j]] = tw[best_t]
            return tkinds[best_t, 0]
        if best_k >= 0:
            lead[best_k] = counts[best_k]
        return best_k
    # the lowest single of the longest off-suit group, by first appearance in kind order
    glen = tmp[0:6]
    gfirst = tmp[6:12]
    for gr in range(6):
        glen[gr] = 0
        gfirst[gr] = 99
    for k in range(N_KINDS):
        if counts[k] > 0 and eff[k] != TRUMP:
            gr = group[k]
            if gfirst[gr] == 99:
                gfirst[gr] = k
            glen[gr] += counts[k]
    pick = -1
    for gr in range(6):
        if glen[gr] > 0 and (pick < 0 or glen[gr] > glen[pick] or (
                glen[gr] == glen[pick] and gfirst[gr] < gfirst[pick])):
            pick = gr
    if pick < 0:
        return -1  # all trumps: the last option (listed)
    card = -1
    for k in range(N_KINDS):
        if counts[k] > 0 and eff[k] != TRUMP and group[k] == pick:
            if card < 0 or power[k] < power[card]:
                card = k
    lead[card] = 1
    return card
