"""The players' decisions as kernels: the ``random`` and ``greedy`` players of
:mod:`shengji_sim.players` (and ``passive``, a random player that never declares or 炒s,
for tests of BID-8), at every decision of a hand.

Representation
--------------
A seat's player is a kind, :data:`RANDOM`, :data:`GREEDY` or :data:`PASSIVE`
(``lane.pkinds[seat]``). Each decision gets the engine's options (a count and a way to
list them, as the reference's ``Choice``) and returns an option's index, drawing from the
hand's rng stream ``state`` exactly where the reference player draws:

* declare and 炒 (BID-2, CHAO-2): :func:`choose_nb`;
* bury (KITTY-1): :func:`greedy_burial_nb` (random: ``rng_nb.random_multiset_nb``);
* lead (LEAD-3): :func:`random_lead_pick_nb` (counted without listing the sets) and
  :func:`greedy_lead_nb` over :func:`~.lead_nb.lead_options_nb`;
* follow: random players draw ``below(count)`` (or take a fast path of
  :mod:`.follow_fast_nb`); greedy players score the first ``GREEDY_OPTIONS`` options
  (:func:`greedy_pick_nb`: feed a winning partner, else win cheaply, else dump).

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

import numpy as np

from shengji_sim.cards import (
    LJ,
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.bits_nb import (
    lowest_bit_nb,
)
from shengji_sim.core.errors import (
    ERR_LEAD_NONE,
)
from shengji_sim.core.follow_count_nb import (
    options_nth_nb,
)
from shengji_sim.core.follow_fast_nb import (
    ONE_CLASS,
    ONE_PLAIN,
)
from shengji_sim.core.jit import njit
from shengji_sim.core.lead_nb import (
    lead_options_nb,
    may_hold_tractor_nb,
    sorted_tractors_nb,
)
from shengji_sim.core.rng_nb import (
    below_nb,
)
from shengji_sim.core.shapes_nb import (
    two_quads_count_nb,
)
from shengji_sim.core.switches import (
    SW_TRACTOR_UNITS,
)
from shengji_sim.core.trick_nb import (
    one_unit_best_nb,
    one_unit_claim_beats_nb,
    trick_winner_units_nb,
)

RANDOM = 0
GREEDY = 1
PASSIVE = 2  # random, but never declares or 炒s (exercises BID-8 in tests)
ABSENT = 1 << 62  # greedy burial key offset of kinds not held
GREEDY_OPTIONS = 256  # players.MAX_GREEDY_OPTIONS


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
def choose_nb(state, pkind, hands, seat, hand_len, level, n, opt_kind):
    """A declaration or 炒 choice of ``seat`` among ``n`` options of kinds ``opt_kind``:
    the index, or -1 = pass.

    random: ``below(n + 1)``, ``n`` passes; greedy: the last option or pass (no draw).
    """
    if n == 0 or pkind == PASSIVE:
        return -1
    if pkind == RANDOM:
        i = below_nb(state, n + 1)
        return -1 if i == n else i
    if greedy_declares_nb(hands[seat], hand_len, level, opt_kind[n - 1]):
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
def random_lead_into_nb(kt, sw, level, trump, counts, hm, n_cards, lb, state, lead):
    """``RandomPlayer.lead`` without listing the sets: option ``below(n)`` of
    :func:`lead_options_nb`'s listing, written to ``lead`` as counts; returns ``(n, top)``,
    ``top`` the lead's strongest kind (``(-1, -1)`` if nothing is held). ``hm`` are the
    hand's masks (:mod:`.bits_nb`).

    In the listing the options whose strongest card is the kind at position ``o`` come
    together: first that kind's sets, widths 1..c (each a prefix of the next and of every
    tractor it tops), then the tractors it tops, in their sorted order. So ``n`` is the
    number of cards held (``n_cards``) plus the distinct tractors, and option ``i`` is found
    in one walk up the held positions; only the tractors are generated and sorted.

    The game loop calls the three steps itself: a call that passes ``kt`` or the buffers
    copies every array's fields, so the common case (no tractor) passes neither.
    """
    m = 0
    quads = hm[3] if two_quads_count_nb(sw) else np.int64(0)
    if may_hold_tractor_nb(kt.kind_at[level, trump], kt.succ_pmask[level, trump],
                           kt.tr_closed[level, trump], sw[SW_TRACTOR_UNITS], hm[1], quads):
        m = sorted_tractors_nb(kt, sw, level, trump, counts, hm[1], quads, lb)
    return random_lead_pick_nb(kt.kind_at[level, trump], counts, hm[0], n_cards, m, lb.w,
                               lb.ln, lb.kinds, lb.ords, state, lead)


@njit(cache=True, _nrt=False)
def random_lead_pick_nb(kind_at, counts, held, n_cards, m, tw, tln, tkinds, tords, state,
                        lead):
    """Option ``below(n_cards + m)`` of the listing into ``lead``, the ``m`` tractors being
    ``tw/tln/tkinds/tords[:m]`` (:func:`sorted_tractors_nb`) and ``held`` the positions
    held; returns ``(n, top)`` as :func:`random_lead_into_nb`."""
    n = n_cards + m
    i = below_nb(state, n)
    for k in range(54):
        lead[k] = 0
    t = 0
    while held:
        o = lowest_bit_nb(held)
        held &= held - 1
        k = kind_at[o]
        c = counts[k]
        if i < c:  # the set of i + 1 copies of k (COMBO-1, COMBO-2, COMBO-3)
            lead[k] = i + 1
            return n, k
        i -= c
        while t < m and tords[t, 0] == o:  # the tractors k tops (COMBO-4, COMBO-5, COMBO-6)
            if i == 0:
                for j in range(tln[t]):
                    lead[tkinds[t, j]] = tw[t]
                return n, k
            i -= 1
            t += 1
    return -1, -1


@njit(cache=True, _nrt=False)
def random_lead_nb(state, n):
    """``RandomPlayer.lead``: option ``below(n)``."""
    return below_nb(state, n)


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
def greedy_follow_nb(kt, sw, level, trump, lane, n_fam, count, n_so_far, seat_side,
                      leader, n_units):
    """``GreedyPlayer.follow`` over the first 256 options; returns the chosen index.
    ``lane.uw/ul/ut`` hold the lead's ``n_units`` units."""
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    for i in range(m):
        options_nth_nb(kt, level, trump, lane.fb, n_fam, i, lane.cand[i])
    return greedy_pick_nb(kt, sw, level, trump, lane, m, n_so_far, seat_side, leader, n_units)


@njit(cache=True, _nrt=False)
def greedy_pick_nb(kt, sw, level, trump, lane, m, n_so_far, seat_side, leader, n_units):
    """The greedy choice among the candidates ``lane.cand[:m]`` (listing order) after
    ``n_so_far`` plays of a trick whose lead has ``n_units`` units ``lane.uw/ul/ut``.
    The winner so far is found once; a candidate of a one-unit trick is then checked
    against its claim alone (:func:`~.trick_nb.one_unit_claim_beats_nb`)."""
    size = 0
    lead_suit = -1
    for k in range(N_KINDS):
        if lane.plays[0, k]:
            size += lane.plays[0, k]
            lead_suit = kt.eff[level, trump, k]
    best = one_unit_best_nb(kt, sw, level, trump, lane.plays, n_so_far, lane.uw, lane.ul,
                            lane.ut, lead_suit)
    best_now = best[0]
    if n_units > 1 and n_so_far > 1:  # a throw
        best_now = trick_winner_units_nb(kt, sw, level, trump, lane.plays, n_so_far, n_units,
                                         lane.uw, lane.ul, lane.ut, size, lead_suit)
    partner_winning = (leader + best_now) % 2 == seat_side
    pick = -1
    if partner_winning:  # max by (points, -cost), first on ties
        b1 = 0
        b2 = 0
        for i in range(m):
            p = points_nb(kt, lane.cand[i])
            c = -cost_nb(kt, level, trump, lane.cand[i])
            if pick < 0 or p > b1 or (p == b1 and c > b2):
                pick, b1, b2 = i, p, c
        return pick
    b1 = 0
    b2 = 0
    for i in range(m):  # winning plays: min by (cost, -points)
        if n_units > 1:
            for k in range(N_KINDS):
                lane.plays[n_so_far, k] = lane.cand[i, k]
            wins = trick_winner_units_nb(kt, sw, level, trump, lane.plays, n_so_far + 1,
                                         n_units, lane.uw, lane.ul, lane.ut, size,
                                         lead_suit) == n_so_far
        else:
            wins = one_unit_claim_beats_nb(kt, sw, level, trump, lane.cand[i], lane.uw,
                                           lane.ul, lead_suit, best)
        if wins:
            c = cost_nb(kt, level, trump, lane.cand[i])
            p = -points_nb(kt, lane.cand[i])
            if pick < 0 or c < b1 or (c == b1 and p < b2):
                pick, b1, b2 = i, c, p
    if pick >= 0:
        return pick
    for i in range(m):  # min by (points, cost)
        p = points_nb(kt, lane.cand[i])
        c = cost_nb(kt, level, trump, lane.cand[i])
        if pick < 0 or p < b1 or (p == b1 and c < b2):
            pick, b1, b2 = i, p, c
    return pick


@njit(cache=True, _nrt=False)
def greedy_single_nb(kt, sw, level, trump, lane, mode, cls, n_cls, hand, count, position,
                      seat_side, leader):
    """``GreedyPlayer.follow`` over the options of :func:`one_card_options_nb` (a one-card
    lead): :func:`greedy_pick_nb`'s choice, each option scored as one card against the
    trick's best single so far (:func:`single_beats_nb`), walking the options once in listing
    order instead of listing each as a count vector."""
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    tk = lane.tk
    lead_suit = eff[tk[0]]
    best = 0  # the trick's winner so far (``_set_winner_nb`` over the plays made)
    for p in range(1, position):
        if single_beats_nb(eff, power, lead_suit, tk[p], tk[best]):
            best = p
    partner_winning = (leader + best) % 2 == seat_side
    pick = -1
    b1 = 0
    b2 = 0
    i = 0
    if partner_winning:  # max by (points, -cost), first on ties
        for o in range(N_KINDS):
            k = _single_option_nb(mode, cls, n_cls, eff, kt.kind_at[level, trump], hand, o)
            if k < 0:
                continue
            pt = points[k]
            c = -single_cost_nb(eff, power, k)
            if pick < 0 or pt > b1 or (pt == b1 and c > b2):
                pick, b1, b2 = i, pt, c
            i += 1
        return pick
    for o in range(N_KINDS):  # winning plays: min by (cost, -points)
        k = _single_option_nb(mode, cls, n_cls, eff, kt.kind_at[level, trump], hand, o)
        if k < 0:
            continue
        if single_beats_nb(eff, power, lead_suit, k, tk[best]):
            c = single_cost_nb(eff, power, k)
            pt = -points[k]
            if pick < 0 or c < b1 or (c == b1 and pt < b2):
                pick, b1, b2 = i, c, pt
        i += 1
    if pick >= 0:
        return pick
    i = 0
    for o in range(N_KINDS):  # min by (points, cost)
        k = _single_option_nb(mode, cls, n_cls, eff, kt.kind_at[level, trump], hand, o)
        if k < 0:
            continue
        pt = points[k]
        c = single_cost_nb(eff, power, k)
        if pick < 0 or pt < b1 or (pt == b1 and c < b2):
            pick, b1, b2 = i, pt, c
        i += 1
    return pick


@njit(cache=True, _nrt=False, inline="always")
def _single_option_nb(mode, cls, n_cls, eff, kind_at, hand, o):
    """The kind at slot ``o`` of :func:`one_card_nth_nb`'s walk if it is an option, else -1:
    slot ``o`` of the led class (``ONE_CLASS``) or of the hand in kind order."""
    if mode == ONE_CLASS:
        if o >= n_cls:
            return -1
        k = cls[o]
        return k if hand[k] else -1
    k = kind_at[o]
    if hand[k] and not (mode == ONE_PLAIN and eff[k] == TRUMP):
        return k
    return -1


@njit(cache=True, _nrt=False, inline="always")
def single_beats_nb(eff, power, lead_suit, k, best):
    """Card ``k`` played after ``best`` (the winner so far of a one-card lead of suit
    ``lead_suit``) wins the trick from it: a higher card of the led suit, a ruff of a led
    plain card, a higher trump over a ruff; the first of equal cards keeps the trick (CMP-1,
    TRUMP-6, TRUMP-7, DEF-3; ``game_nb._set_winner_nb``)."""
    e = eff[k]
    best_ruff = eff[best] == TRUMP and lead_suit != TRUMP
    if e == lead_suit:
        return not best_ruff and power[k] > power[best]
    if e == TRUMP:
        return not best_ruff or power[k] > power[best]
    return False


@njit(cache=True, _nrt=False, inline="always")
def single_cost_nb(eff, power, k):
    """``players._cost`` of one card: its power, plus 200 for a trump."""
    return power[k] + (200 if eff[k] == TRUMP else 0)
