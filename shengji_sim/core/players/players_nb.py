"""The players' decisions as kernels: the ``random`` and ``greedy`` players of
:mod:`shengji_sim.players.reference` (and ``passive``, a random player that never declares or 炒s,
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
  :func:`greedy_lead_pick_nb` (the same walk, comparing each kind's whole set and the
  tractors; :func:`greedy_lead_nb` over :func:`~.lead_nb.lead_options_nb` is its listed
  form);
* follow: random players draw ``below(count)`` (or take a fast path of
  :mod:`.follow_fast_nb`); greedy players choose among the first ``GREEDY_OPTIONS``
  options (:func:`greedy_pick_nb`: feed a winning partner, else win cheaply, else dump).

Greedy follows without listing
------------------------------
The greedy choice keys are sums over the cards (points, cost) except "does it win", and
only a play of one suit, the led one or trumps, can win (``trick_nb.play_side_nb``). So
:func:`greedy_follow_nb` walks the options in listing order (a family's compositions, or
the sorted keys of several) keeping per-kind sums, and judges only an option of one such
suit that would be cheaper than the cheapest winner so far, by one number where the lead
allows: a one-set lead's claim is the option's strongest kind that supplies the set
(kept as a prefix maximum, ``trick_nb.set_claim_beats_nb``), and a one-tractor lead is
answered only by options with as many cards in sets (:func:`tractor_cards_nb`) whose
strongest kind held twice or more may beat the claim so far (``trick_nb.tractor_claim_nb``,
also a prefix maximum); the options these admit, and the options of other leads, get the
whole claim (:func:`greedy_wins_nb`; :func:`judge_by_sums_nb` says which).
:func:`greedy_follow_nb` takes a :class:`GreedyWalk`, the lane's arrays it reads, since a
call copies what it is passed.
A family of many options is not walked whole (:func:`_shortcut_one_family_nb`): the best by
the linear keys is a greedy fill of the heaviest kinds, and its listing index (counted, not
walked) says whether it is within the cap; past it, the best of the first 256 is the best
of a few greedy fills (:func:`_best_below_nb`); only the options of one suit are walked for
winners. :func:`greedy_single_nb`
walks a one-card lead's options from the hand masks. The walks' steps (start, next option,
sums, the option written out) are kernels of their own, which the expert follower's walk
(``heuristic_nb.expert_follow_nb``) shares. As for the random player, a short follower
(:func:`greedy_short_follow_nb`) and a pair lead (:func:`greedy_pair_follow_nb`) build their
families without the family kernels; the builders (:func:`short_family_nb`,
:func:`pair_follow_row_nb`) are apart from the greedy choice, and an expert follower uses
their one-family cases with its own (``game_nb._expert_follow``). Same choices, same
tie-breaks (first in listing order) and the same 256-option cap as the reference;
:func:`greedy_follow_listed_nb` (list, then :func:`greedy_pick_nb`) is the plain form the
tests compare with
(tests/property/test_differential_greedy.py).

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
from shengji_sim.core.base.bits_nb import (
    cards_in_nb,
    lowest_bit_nb,
)
from shengji_sim.core.base.errors import (
    ERR_LEAD_NONE,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import (
    below_nb,
)
from shengji_sim.core.base.switches import (
    SW_FOLLOW_POLICY,
    SW_LONGER_TUPLES,
    SW_SPLIT_SETS,
    SW_TRACTOR_UNITS,
    V_FOLLOW_POLICY_TRACTOR_PAIRS,
    V_LONGER_TUPLES_PROTECTED,
    V_SPLIT_SETS_YES,
    reading_nb,
)
from shengji_sim.core.follow.follow_count_nb import (
    next_composition_nb,
    one_family_count_nb,
    one_family_nth_nb,
    options_list_nb,
)
from shengji_sim.core.follow.follow_data import (
    MAX_N,
    RULE_DEF_5,
    RULE_FOLLOW_1,
    RULE_FOLLOW_2,
    RULE_FOLLOW_3,
    STATE_NFAM,
    STATE_NKEYS,
    STATE_ROW,
    STATE_WAYS,
)
from shengji_sim.core.follow.follow_fast_nb import (
    left_to_families_nb,
)
from shengji_sim.core.rules.lead_nb import (
    lead_options_nb,
    sorted_tractors_nb,
)
from shengji_sim.core.rules.shapes_nb import (
    may_hold_tractor_nb,
    split_flag_nb,
    supplies_nb,
    two_quads_count_nb,
)
from shengji_sim.core.rules.trick_nb import (
    NOT_A_THROW,
    THROW_RUFF_WINS,
    claim_number_step_nb,
    led_suit_takes_throw_nb,
    one_unit_best_nb,
    one_unit_claim_beats_nb,
    set_best_nb,
    set_claim_beats_nb,
    set_claim_nb,
    throw_ruff_rule_nb,
    tractor_may_beat_nb,
    trick_winner_units_nb,
)

RANDOM = 0
GREEDY = 1
PASSIVE = 2  # random, but never declares or 炒s (exercises BID-8 in tests)
ABSENT = 1 << 62  # greedy burial key offset of kinds not held
GREEDY_OPTIONS = 256  # players.MAX_GREEDY_OPTIONS


class GreedyWalk(NamedTuple):
    """The lane's arrays a greedy follow reads and writes (``game_nb.Lane``'s fields of the
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


@njit(cache=True, _nrt=False)
def greedy_wins_nb(kt, sw, level, trump, plays, uw, ul, ut, play, n_so_far, n_units, size,
                   lead_suit, best, ts):
    """Would ``play``, made after the ``n_so_far`` ``plays`` whose one-unit winner so far is
    ``best`` (:func:`~.trick_nb.one_unit_best_nb`), take the trick led by the units
    ``uw/ul/ut``? (A throw's plays are judged whole, with ``play`` written as play
    ``n_so_far``, in the scratch ``ts``, ``trick_nb.ThrowScratch``.) It takes the arrays it
    reads, not the lane: a call copies every array it is passed."""
    if n_units > 1:
        for k in range(N_KINDS):
            plays[n_so_far, k] = play[k]
        return trick_winner_units_nb(kt, sw, level, trump, plays, n_so_far + 1, n_units, uw,
                                     ul, ut, size, lead_suit, ts) == n_so_far
    return one_unit_claim_beats_nb(kt, sw, level, trump, play, uw, ul, lead_suit, best)


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


@njit(cache=True, _nrt=False, inline="always")
def greedy_short_follow_nb(kt, sw, level, trump, lane, seat, position, leader, n_units, size,
                           cls_mask):
    """``GreedyPlayer.follow`` of a ``size``-card lead by a player short in the led class
    (``cls_mask``): the one family of :func:`short_family_nb`, chosen by
    :func:`greedy_follow_nb`. Plays into ``lane.plays[position]`` and takes the play from
    the hand; returns the rule, or -1 (nothing changed) when the player is not short. The
    caller leaves AMB-19 B and AMB-37 B to the family kernels."""
    rule = short_family_nb(kt, level, trump, lane, seat, size, cls_mask)
    if rule >= 0:
        _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, n_units)
    return rule


@njit(cache=True, _nrt=False, inline="always")
def short_family_nb(kt, level, trump, lane, seat, size, cls_mask):
    """The follow of a ``size``-card lead by a player short in the led class (``cls_mask``),
    as :func:`~.follow_fast_nb.random_short_follow_nb` finds it: one family, every led-class
    card (FOLLOW-1) plus ``size - held`` free cards of the rest (FOLLOW-2), written to the
    follow buffers directly (:func:`one_family_ready_nb`), without the family kernels.
    Returns the rule, or -1 (nothing written) when the player is not short."""
    hm = lane.hm[seat]
    nh = cards_in_nb(hm, cls_mask)
    free = size - nh
    if free < 0 or free > MAX_N:
        return -1
    hand = lane.pre.hands[seat]
    fb = lane.fb
    fixed = fb.fam_fixed[0]
    pool = fb.fam_pool[0]
    kind_at = kt.kind_at[level, trump]
    for k in range(N_KINDS):
        fixed[k] = 0
        pool[k] = hand[k]
    held_class = hm[0] & cls_mask
    while held_class:  # every led-class card (FOLLOW-1)
        k = kind_at[lowest_bit_nb(held_class)]
        held_class &= held_class - 1
        fixed[k] = hand[k]
        pool[k] = 0
    one_family_ready_nb(fb, free)
    return RULE_FOLLOW_1 if nh else RULE_FOLLOW_2


@njit(cache=True, _nrt=False, inline="always")
def one_family_ready_nb(fb, free):
    """The follow buffers hold one family, ``fam_fixed[0]`` and ``fam_pool[0]`` written by
    the caller: its ``free`` count and the state :func:`one_family_count_nb` starts from."""
    fb.fam_free[0] = free
    fb.fam_key[0] = 0
    fb.state[STATE_NFAM] = 1
    fb.state[STATE_NKEYS] = -1
    fb.state[STATE_WAYS] = 0
    fb.state[STATE_ROW] = 0


@njit(cache=True, _nrt=False, inline="always")
def _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, n_units):
    """The follow buffers hold one family (:func:`one_family_ready_nb`): the greedy choice
    among its options into ``lane.plays[position]``, taken from the hand."""
    count = one_family_count_nb(kt.kind_at[level, trump], lane.fb)
    pick = greedy_follow_nb(kt, sw, level, trump, greedy_walk_nb(lane), 1, count, position,
                            seat % 2, leader, n_units)
    play_one_family_nb(kt.kind_at[level, trump], lane, seat, position, pick)


@njit(cache=True, _nrt=False, inline="always")
def play_one_family_nb(kind_at, lane, seat, position, pick):
    """Option ``pick`` of the one family in the follow buffers into
    ``lane.plays[position]``, taken from the hand."""
    one_family_nth_nb(kind_at, lane.fb, pick, lane.out)
    hand = lane.pre.hands[seat]
    for k in range(N_KINDS):
        lane.plays[position, k] = lane.out[k]
        hand[k] -= lane.out[k]


@njit(cache=True, _nrt=False, inline="always")
def greedy_pair_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls):
    """``GreedyPlayer.follow`` of a lead that is one pair, when the follower holds more than
    two cards of the led class ``cls[:n_cls]``: the options of :func:`pair_follow_row_nb`,
    chosen as :func:`greedy_pick_nb` without the family kernels. Plays into
    ``lane.plays[position]``, takes the play from the hand and returns ``(rule, row)``;
    rule -1 (nothing changed) leaves the follow to the family kernels."""
    rule, row, offer_split = pair_follow_row_nb(sw, lane, seat, cls, n_cls)
    if row == 2:  # any two cards of the class, one family
        _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, 1)
    elif row == 1:  # the pairs held, strongest first (one family each, nothing free)
        _greedy_set_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls,
                              2, offer_split)
    return rule, row


@njit(cache=True, _nrt=False, inline="always")
def pair_follow_row_nb(sw, lane, seat, cls, n_cls):
    """The follow of a lead that is one pair, when the follower holds more than two cards
    of the led class ``cls[:n_cls]``, as :func:`~.follow_fast_nb.random_pair_follow_nb`
    finds it: DEF-5 row 1 (each pair held, FOLLOW-3) or row 2 (any two cards of the class:
    one family, written to the follow buffers, :func:`one_family_ready_nb`). Returns
    ``(rule, row, whether row 1 offers split sets)``; rule -1 and row 0 (nothing written)
    leave the follow to the family kernels (AMB-19 B, OTH-6 B, the suit-only policy, a
    radix near overflow)."""
    if left_to_families_nb(sw):
        return -1, 0, False
    hand = lane.pre.hands[seat]
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    protected = sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED
    owed_split = split and not protected  # finding the row (OTH-5 B: never split)
    offer_split = split or protected  # the row's realizations
    held = 0
    owed = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            radix *= c + 1
            owed += supplies_nb(c, 2, owed_split)
    if held <= 2 or radix > 2.0 ** 61:
        return -1, 0, False
    rule = RULE_FOLLOW_3 if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_TRACTOR_PAIRS else RULE_DEF_5
    if owed:
        return rule, 1, offer_split
    fb = lane.fb
    fixed = fb.fam_fixed[0]
    pool = fb.fam_pool[0]
    for k in range(N_KINDS):
        fixed[k] = 0
        pool[k] = 0
    for j in range(n_cls):
        pool[cls[j]] = hand[cls[j]]
    one_family_ready_nb(fb, 2)
    return rule, 2, offer_split


@njit(cache=True, _nrt=False, inline="always")
def _greedy_set_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls,
                          width, split):
    """DEF-5 row 1 of a one-set lead of ``width`` cards: the sets of that width the class
    ``cls[:n_cls]`` supplies (AMB-17 by ``split``), strongest first, one family each
    with nothing free; the greedy choice (:func:`greedy_pick_nb`) into
    ``lane.plays[position]``, taken from the hand."""
    hand = lane.pre.hands[seat]
    size, lead_suit, best, partner = _trick_so_far_nb(kt, sw, level, trump, lane, position,
                                                      1, seat % 2, leader)
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    for j in range(n_cls):
        k = cls[j]
        if not supplies_nb(hand[k], width, split):
            continue
        pts = width * points[k]
        cost = width * single_cost_nb(eff, power, k)
        if partner:  # max by (points, -cost), first on ties
            if pick < 0 or pts > b1 or (pts == b1 and cost < b2):
                pick, b1, b2 = k, pts, cost
            continue
        if pick < 0 or pts < b1 or (pts == b1 and cost < b2):  # min by (points, cost)
            pick, b1, b2 = k, pts, cost
        if win < 0 or cost < w1 or (cost == w1 and pts > w2):
            side = 0 if eff[k] == lead_suit else (1 if eff[k] == TRUMP else -1)
            if side >= 0 and set_claim_beats_nb(sw, side, np.int64(width), np.int64(power[k]),
                                                best):  # min by (cost, -points)
                win, w1, w2 = k, cost, pts
    if win >= 0:
        pick = win
    for k in range(N_KINDS):
        lane.plays[position, k] = 0
    lane.plays[position, pick] = width
    hand[pick] -= width


@njit(cache=True, _nrt=False, inline="always")
def greedy_triple_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls):
    """``GreedyPlayer.follow`` of a lead that is one triple, when the follower holds more
    than three cards of the led class ``cls[:n_cls]``: the options of
    :func:`~.follow_fast_nb.random_triple_follow_nb` (DEF-5, DEF-8 row 1: each triple held;
    row 2: a pair and one more card of the class; row 3: any three cards), chosen as
    :func:`greedy_pick_nb` without the family kernels. Plays into ``lane.plays[position]``,
    takes the play from the hand and returns ``(rule, row)``; rule -1 (nothing changed)
    where the random path declines (AMB-19 B, OTH-5 B, OTH-6 B, the suit-only policy, a
    radix near overflow, row 3 over a holding with sets)."""
    if left_to_families_nb(sw) or sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED:
        return -1, 0
    hand = lane.pre.hands[seat]
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    held = 0
    triples = 0
    pairs = 0
    multiple = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            radix *= c + 1
            triples += supplies_nb(c, 3, split)
            pairs += supplies_nb(c, 2, split)
            multiple += c >= 2
    if held <= 3 or radix > 2.0 ** 61:
        return -1, 0
    if not triples and not pairs and multiple:
        return -1, 0
    rule = RULE_FOLLOW_3 if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_TRACTOR_PAIRS else RULE_DEF_5
    if triples:  # row 1: one of the triples, strongest first
        _greedy_set_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls,
                              3, split)
        return rule, 1
    if not pairs:  # row 3: three different kinds (all held once), one family
        fb = lane.fb
        for k in range(N_KINDS):
            fb.fam_fixed[0, k] = 0
            fb.fam_pool[0, k] = 0
        for j in range(n_cls):
            fb.fam_pool[0, cls[j]] = hand[cls[j]]
        one_family_ready_nb(fb, 3)
        _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, 1)
        return rule, 3
    # row 2: {k, k, x}, keyed by the class indices ascending (the listing order)
    keys = lane.keys
    m = 0
    for j in range(n_cls):
        if not supplies_nb(hand[cls[j]], 2, split):
            continue
        for jj in range(n_cls):
            left = hand[cls[jj]] - (2 if jj == j else 0)
            if left <= 0:
                continue
            key = (j * 64 + j) * 64 + jj if j <= jj else (jj * 64 + j) * 64 + j
            r = m
            while r > 0 and keys[r - 1] > key:
                keys[r] = keys[r - 1]
                r -= 1
            keys[r] = key
            m += 1
    size, lead_suit, best, partner = _trick_so_far_nb(kt, sw, level, trump, lane, position,
                                                      1, seat % 2, leader)
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    out = lane.out
    for k in range(N_KINDS):
        out[k] = 0
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    for r in range(m):
        key = keys[r]
        if r > 0 and key == keys[r - 1]:
            continue  # each multiset once
        pts = 0
        cost = 0
        for i in range(3):
            k = cls[(key >> (6 * i)) & 63]
            pts += points[k]
            cost += single_cost_nb(eff, power, k)
        if partner:  # max by (points, -cost), first on ties
            if pick < 0 or pts > b1 or (pts == b1 and cost < b2):
                pick, b1, b2 = key, pts, cost
            continue
        if pick < 0 or pts < b1 or (pts == b1 and cost < b2):  # min by (points, cost)
            pick, b1, b2 = key, pts, cost
        if win < 0 or cost < w1 or (cost == w1 and pts > w2):
            for i in range(3):
                out[cls[(key >> (6 * i)) & 63]] += 1
            # its claim on the triple (greedy_wins_nb's, without the call: CMP-9, AMB-17)
            side, top = set_claim_nb(eff, power, out, lead_suit, np.int64(3), split)
            if side >= 0 and set_claim_beats_nb(sw, side, np.int64(3), top,
                                                best):  # min by (cost, -points)
                win, w1, w2 = key, cost, pts
            for i in range(3):
                out[cls[(key >> (6 * i)) & 63]] = 0
    if win >= 0:
        pick = win
    for k in range(N_KINDS):
        lane.plays[position, k] = 0
    for i in range(3):
        k = cls[(pick >> (6 * i)) & 63]
        lane.plays[position, k] += 1
        hand[k] -= 1
    return rule, 2


# scratch of the walks in ``lane.keys`` (a random follower's scratch, unused meanwhile):
# per pool kind (listing order) its points, cost and suit bit, then prefix sums of each
_U_PTS = 0
_U_COST = 64
_U_BIT = 128
_P_PTS = 192
_P_COST = 256
_P_BIT = 320
_H_KIND = 384  # keys_walk_start_nb: the held kinds and their key weights (512..575 free)
_H_W = 448
_X_CNT = 576  # _shortcut_one_family_nb: a composition, its caps and the kinds' weights
_X_CAP = 640
_X_W = 704
_U_POW = 768  # per pool kind its power, and the prefix claim number (claim_number_step_nb)
_P_TOP = 832
_P_SETC = 896  # prefix count of the cards in kinds held twice or more (a tractor's answers)
_Y_ORD = 960  # _order_by_weight_nb: the pool kinds, heaviest first
_Y_PATH = 1024  # _best_below_nb: the composition at the cap
CAND_KEY = 1152  #: heuristic_nb._one_suit_winners_nb: its candidates' keys (GREEDY_OPTIONS)
CAND_FLAG = 1408  #: and their flags (lane.keys holds 54 * 54)
_R_RANK = 1664  # _rank_from_nb: per pool kind the rank counted over the kinds before it,
_R_LEFT = 1728  # and the cards left to place after them
SHORTCUT_FROM = 8  #: a family of more options than this is not walked whole
MARKED = 1 << 5  #: a walk's suit bit of its marked kind (suits are bits 0 .. 4)


@njit(cache=True, _nrt=False, inline="always")
def _suit_bit_nb(eff, k, mark):
    """Kind ``k``'s bit in a walk's suit bits: its suit's, plus :data:`MARKED` if it is
    the walk's marked kind."""
    return (1 << eff[k]) | (MARKED if k == mark else 0)


@njit(cache=True, _nrt=False, inline="always")
def family_walk_start_nb(kt, level, trump, walk, width, split, reach_width, mark):
    """The start of a walk over one family's options (``fb.fam_fixed[0]`` plus
    ``fb.fam_free[0]`` cards of the pool, whose kinds ``fb.ukind/ucap[:nk]`` strongest
    first come from ``options_count_nb``): per pool kind its points, cost, suit bit and
    power into ``walk.keys`` (``_U_*``), the fixed cards' sums as the prefix sums' first
    row (``_P_*``, the claim number by ``trick_nb.claim_number_step_nb``) and the first
    composition (the greedy fill, strongest kinds first) into ``fb.ucnt`` with its prefix
    sums (:func:`_prefix_sums_nb`: the option's sums are at index ``nk``). Returns ``(nk,
    apart)``: apart when no kind is both fixed and free (a kind's count is then one
    term's). Kind ``mark`` (-1 none) also sets :data:`MARKED` in the suit bits."""
    fb = walk.fb
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    sc = walk.keys
    ukind = fb.ukind
    ucap = fb.ucap
    nk = fb.state[STATE_WAYS] - 1
    fixed = fb.fam_fixed[0]
    f_pts = 0
    f_cost = 0
    f_bit = 0
    f_top = -1
    f_setc = 0
    for k in range(N_KINDS):
        c = fixed[k]
        if c:
            f_pts += c * points[k]
            f_cost += c * single_cost_nb(eff, power, k)
            f_bit |= _suit_bit_nb(eff, k, mark)
            f_top = claim_number_step_nb(f_top, c, power[k], width, split, reach_width)
            f_setc += c if c >= 2 else 0
    sc[_P_PTS] = f_pts
    sc[_P_COST] = f_cost
    sc[_P_BIT] = f_bit
    sc[_P_TOP] = f_top
    sc[_P_SETC] = f_setc
    apart = True
    left = fb.fam_free[0]
    for i in range(nk):
        k = ukind[i]
        sc[_U_PTS + i] = points[k]
        sc[_U_COST + i] = single_cost_nb(eff, power, k)
        sc[_U_BIT + i] = _suit_bit_nb(eff, k, mark)
        sc[_U_POW + i] = power[k]
        if fixed[k]:
            apart = False
        c = ucap[i] if ucap[i] < left else left
        fb.ucnt[i] = c
        left -= c
    _prefix_sums_nb(sc, fb.ucnt, 0, nk, width, split, reach_width)
    return nk, apart


@njit(cache=True, _nrt=False, inline="always")
def walk_sums_nb(sc, nk):
    """The walked option's sums (the prefix sums at index ``nk``): ``(points, cost, suit
    bits, claim number, cards in sets)``, as :func:`key_sums_nb` returns a key's."""
    return (sc[_P_PTS + nk], sc[_P_COST + nk], sc[_P_BIT + nk], sc[_P_TOP + nk],
            sc[_P_SETC + nk])


@njit(cache=True, _nrt=False, inline="always")
def fixed_bits_nb(sc):
    """The suit bits of a one-family walk's fixed cards (:data:`MARKED` if they hold the
    marked kind)."""
    return sc[_P_BIT]


@njit(cache=True, _nrt=False, inline="always")
def family_walk_next_nb(sc, cnt, ucap, nk, width, split, reach_width):
    """The walk's next option (``follow_count_nb.next_composition_nb``) with its prefix
    sums updated from the first kind that changed; returns that kind, -1 after the last."""
    j = next_composition_nb(cnt, ucap, nk)
    if j >= 0:
        _prefix_sums_nb(sc, cnt, j, nk, width, split, reach_width)
    return j


@njit(cache=True, _nrt=False, inline="always")
def family_option_nb(fb, nk, out):
    """The walked option of one family written out as counts: the fixed cards plus the
    composition ``fb.ucnt[:nk]`` over the pool kinds ``fb.ukind``."""
    fixed = fb.fam_fixed[0]
    for k in range(N_KINDS):
        out[k] = fixed[k]
    for i in range(nk):
        out[fb.ukind[i]] += fb.ucnt[i]


@njit(cache=True, _nrt=False, inline="always")
def keys_walk_start_nb(kt, level, trump, walk, mark):
    """The start of a walk over several families' sorted keys (``fb.keys``, listing
    order): per held kind in kind order its kind and key weight (``_H_*``) and its
    points, cost, suit bit and power (``_U_*``) into ``walk.keys``; returns how many. Kind
    ``mark`` (-1 none) also sets :data:`MARKED` in the suit bits."""
    fb = walk.fb
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    kind_at = kt.kind_at[level, trump]
    sc = walk.keys
    nh = 0
    for o in range(N_KINDS):
        k = kind_at[o]
        if fb.hold[k]:
            sc[_H_KIND + nh] = k
            sc[_H_W + nh] = fb.weight[k]
            sc[_U_PTS + nh] = points[k]
            sc[_U_COST + nh] = single_cost_nb(eff, power, k)
            sc[_U_BIT + nh] = _suit_bit_nb(eff, k, mark)
            sc[_U_POW + nh] = power[k]
            nh += 1
    return nh


@njit(cache=True, _nrt=False, inline="always")
def key_sums_nb(sc, key, nh, width, split, reach_width):
    """A key's digits (the count of each held kind, into ``sc[_P_PTS:]``), read the most
    significant (strongest kind) first, one division each, and its sums: ``(points, cost,
    suit bits, claim number, cards in sets)``."""
    pts = 0
    cost = 0
    bit = 0
    top = -1
    setc = 0
    rest = key
    for j in range(nh):
        c = rest // sc[_H_W + j]
        rest -= c * sc[_H_W + j]
        sc[_P_PTS + j] = c
        if c:
            pts += c * sc[_U_PTS + j]
            cost += c * sc[_U_COST + j]
            bit |= sc[_U_BIT + j]
            top = claim_number_step_nb(top, c, sc[_U_POW + j], width, split, reach_width)
            setc += c if c >= 2 else 0
    return pts, cost, bit, top, setc


@njit(cache=True, _nrt=False, inline="always")
def key_option_nb(sc, nh, out):
    """The key last summed by :func:`key_sums_nb` written out as counts."""
    for k in range(N_KINDS):
        out[k] = 0
    for j in range(nh):
        out[sc[_H_KIND + j]] = sc[_P_PTS + j]


@njit(cache=True, _nrt=False, inline="always")
def _walk_one_family_nb(kt, sw, level, trump, walk, m, n_so_far, n_units, size, lead_suit,
                        best, partner):
    """:func:`greedy_follow_nb` over one family (fixed cards plus ``free`` cards of the
    pool): its options in listing order are the bounded compositions of ``free`` over the
    pool's kinds (strongest first, ``fb.ukind/ucap`` of ``options_count_nb``) in
    descending lexicographic order, each got from the last by moving one card right
    (:func:`family_walk_next_nb`); the sums over the kinds are kept as prefix sums, so a
    step costs what it changes."""
    sc = walk.keys
    cnt = walk.fb.ucnt
    ucap = walk.fb.ucap
    width = np.int64(walk.uw[0])
    split = split_flag_nb(sw)
    reach_width = reach_width_nb(walk, n_units, best)
    nk, apart = family_walk_start_nb(kt, level, trump, walk, width, split, reach_width, -1)
    set_lead = apart and n_units == 1 and walk.ul[0] == 1
    tractor_cards = tractor_cards_nb(walk, n_units) if apart else 0
    throw_rule = throw_ruff_rule_nb(kt.eff[level, trump], walk.plays, n_so_far, n_units,
                                    walk.uw, walk.ul, lead_suit)
    if m > SHORTCUT_FROM:
        return _shortcut_one_family_nb(kt, sw, level, trump, walk, nk, m, n_so_far, n_units,
                                       size, lead_suit, best, partner, sc[_P_BIT], set_lead,
                                       tractor_cards, throw_rule, reach_width)
    claim_a = 1 << lead_suit
    claim_b = 1 << TRUMP
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    out = walk.out
    idx = 0
    while True:
        pts, cost, bit, top, setc = walk_sums_nb(sc, nk)
        if partner:  # max by (points, -cost), first on ties
            if pick < 0 or pts > b1 or (pts == b1 and cost < b2):
                pick, b1, b2 = idx, pts, cost
        else:
            if pick < 0 or pts < b1 or (pts == b1 and cost < b2):  # min by (points, cost)
                pick, b1, b2 = idx, pts, cost
            if (bit == claim_a or bit == claim_b) and (
                    win < 0 or cost < w1 or (cost == w1 and pts > w2)):
                # a winner would be cheaper: judge it
                verdict = judge_by_sums_nb(sw, 0 if bit == claim_a else 1, width, top, setc,
                                           set_lead, tractor_cards, best, throw_rule)
                wins = verdict == WINS
                if verdict == UNDECIDED:
                    family_option_nb(walk.fb, nk, out)
                    wins = greedy_wins_nb(kt, sw, level, trump, walk.plays, walk.uw, walk.ul,
                                          walk.ut, out, n_so_far, n_units, size, lead_suit,
                                          best, walk.ts)
                if wins:  # min by (cost, -points)
                    win, w1, w2 = idx, cost, pts
        idx += 1
        if idx >= m or family_walk_next_nb(sc, cnt, ucap, nk, width, split, reach_width) < 0:
            break
    return win if win >= 0 else pick


@njit(cache=True, _nrt=False, inline="always")
def _order_by_weight_nb(sc, nk, sign):
    """Each pool kind's per-card weight ``sign * points * 2 ** 24 - cost`` into
    ``sc[_X_W:]`` (``sign`` 1: most points, then cheapest; -1: fewest points, then
    cheapest; the cost of a play is below ``2 ** 24``, so a play's weight orders it as
    (points, cost) do), and the kinds heaviest first, the strongest first among equal
    weights, into ``sc[_Y_ORD:]``."""
    for i in range(nk):
        w = sign * sc[_U_PTS + i] * (1 << 24) - sc[_U_COST + i]
        sc[_X_W + i] = w
        j = i
        while j > 0 and sc[_X_W + sc[_Y_ORD + j - 1]] < w:
            sc[_Y_ORD + j] = sc[_Y_ORD + j - 1]
            j -= 1
        sc[_Y_ORD + j] = i


@njit(cache=True, _nrt=False, inline="always")
def _fill_nb(sc, ucap, nk, start, left, write):
    """The greatest weight of ``left`` cards over the pool kinds ``start..nk-1`` (caps
    ``ucap``; :func:`_order_by_weight_nb` done): the sums are linear in the cards, so the
    best takes the heaviest kinds whole, the strongest first among equal weights (the
    lexicographically greatest, first in listing order, of the best compositions). With
    ``write`` its counts go into ``sc[_X_CNT + start:]``."""
    if write:
        for i in range(start, nk):
            sc[_X_CNT + i] = 0
    total = 0
    for o in range(nk):
        if left == 0:
            break
        i = sc[_Y_ORD + o]
        if i < start:
            continue
        take = ucap[i] if ucap[i] < left else left
        if write:
            sc[_X_CNT + i] = take
        total += take * sc[_X_W + i]
        left -= take
    return total


@njit(cache=True, _nrt=False, inline="always")
def _best_fill_nb(sc, ucap, nk, free, sign):
    """The composition of ``free`` over the pool (caps ``ucap[:nk]``) with the greatest sum
    of per-card weights (:func:`_order_by_weight_nb`), first in listing order among equals,
    into ``sc[_X_CNT:]`` (:func:`_fill_nb`)."""
    _order_by_weight_nb(sc, nk, sign)
    _fill_nb(sc, ucap, nk, 0, free, True)


@njit(cache=True, _nrt=False, inline="always")
def _best_below_nb(sc, ways, ucap, nk, free, m):
    """The listing index of the best composition (:func:`_best_fill_nb`'s weights, done)
    among the first ``m`` in listing order, first among equals, when the best of all comes
    later; it is left in ``sc[_X_CNT:]``. The first ``m`` are those before the ``m``-th
    (unranked as ``follow_count_nb._nth_ready_nb`` does): for each kind ``i``, the ones
    that share its first ``i`` counts and hold more of kind ``i``, each such group in
    listing order and whole, so its best is the best fill (:func:`_fill_nb`) of the kinds
    after ``i``."""
    index = m
    left = free
    prefix = 0  # the weight of the ``m``-th composition's counts so far
    best = 0
    best_i = -1
    best_c = 0
    for i in range(nk):
        c = ucap[i] if ucap[i] < left else left
        while c >= 0:
            w = ways[i + 1, left - c]
            if index < w:
                break
            if w > 0:  # the group of c cards of kind i: every way of the rest comes first
                v = prefix + c * sc[_X_W + i] + _fill_nb(sc, ucap, nk, i + 1, left - c, False)
                if best_i < 0 or v > best:
                    best, best_i, best_c = v, i, c
            index -= w
            c -= 1
        sc[_Y_PATH + i] = c
        prefix += c * sc[_X_W + i]
        left -= c
        if left == 0:
            break  # no group past the kinds that hold the whole
    for i in range(best_i):
        sc[_X_CNT + i] = sc[_Y_PATH + i]
    sc[_X_CNT + best_i] = best_c
    left = free
    for i in range(best_i + 1):
        left -= sc[_X_CNT + i]
    _fill_nb(sc, ucap, nk, best_i + 1, left, True)
    return _rank_nb(sc, ways, ucap, nk, free)


@njit(cache=True, _nrt=False, inline="always")
def _rank_nb(sc, ways, ucap, nk, free):
    """The listing index of the composition ``sc[_X_CNT:]`` of ``free`` cards: how many
    compositions come before it (descending lexicographic order), counted with
    ``options_count_nb``'s table ``ways[i, m]`` (compositions of ``m`` over the kinds
    ``i..``). The count over the kinds before each kind is kept (:func:`_rank_from_nb`)."""
    sc[_R_RANK] = 0
    sc[_R_LEFT] = free
    return _rank_from_nb(sc, ways, ucap, nk, 0)


@njit(cache=True, _nrt=False, inline="always")
def _rank_from_nb(sc, ways, ucap, nk, start):
    """:func:`_rank_nb` of a composition whose kinds before ``start`` are those of the
    composition last ranked: the count over them (``sc[_R_RANK + start]``, with the cards
    left after them ``sc[_R_LEFT + start]``) is kept, the rest recounted. Each kind's count
    before it is kept up to the last kind holding a card (a walk's next composition changes
    a kind that holds one, ``follow_count_nb.next_composition_nb``)."""
    r = sc[_R_RANK + start]
    left = sc[_R_LEFT + start]
    for i in range(start, nk):
        c0 = sc[_X_CNT + i]
        hi = ucap[i] if ucap[i] < left else left
        for c in range(c0 + 1, hi + 1):
            r += ways[i + 1, left - c]
        left -= c0
        sc[_R_RANK + i + 1] = r
        sc[_R_LEFT + i + 1] = left
        if left == 0:
            break
    return r


@njit(cache=True, _nrt=False, inline="always")
def _shortcut_one_family_nb(kt, sw, level, trump, walk, nk, m, n_so_far, n_units, size,
                            lead_suit, best, partner, f_bit, set_lead, tractor_cards,
                            throw_rule, reach_width):
    """:func:`_walk_one_family_nb`'s choice without walking every option: the best of
    (points, cost) by :func:`_best_fill_nb` and its index (:func:`_rank_nb`), or when that
    index is past the cap ``m`` the best before it (:func:`_best_below_nb`); the winners
    among the options of one suit only (the led suit or trumps, the only ones that may
    win), walked in listing order until their index reaches ``m``, each judged by
    :func:`judge_by_sums_nb` from its prefix sums (:func:`_prefix_sums_nb` over
    ``sc[_X_CNT:]``, the fixed cards' in ``sc[_P_*]``: a step recomputes what it changes).
    ``f_bit``: the fixed cards' suits."""
    fb = walk.fb
    sc = walk.keys
    ucap = fb.ucap
    free = fb.fam_free[0]
    width = np.int64(walk.uw[0])
    split = split_flag_nb(sw)
    if not partner:
        win = -1
        w1 = 0
        w2 = 0
        out = walk.out
        for s in range(2):
            claimable, whole = one_suit_walk_start_nb(sw, sc, ucap, nk, free, s, lead_suit,
                                                      f_bit, width, set_lead, tractor_cards,
                                                      throw_rule, 0)
            if not claimable:
                continue  # too few cards of this suit, or every option of it loses
            suit_walk_sums_nb(sc, nk, width, split, reach_width)
            r = -1
            changed = 0
            while True:
                r = suit_walk_index_nb(fb, sc, nk, whole, r, changed)
                if r >= m:
                    break  # past the cap: the rest come later still
                pts = sc[_P_PTS + nk]
                cost = sc[_P_COST + nk]
                if win < 0 or cost < w1 or (cost == w1 and (pts > w2 or (
                        pts == w2 and r < win))):
                    verdict = judge_by_sums_nb(sw, s, width, sc[_P_TOP + nk],
                                               sc[_P_SETC + nk], set_lead, tractor_cards,
                                               best, throw_rule)
                    wins = verdict == WINS
                    if verdict == UNDECIDED:
                        suit_walk_option_nb(fb, sc, nk, out)
                        wins = greedy_wins_nb(kt, sw, level, trump, walk.plays, walk.uw,
                                              walk.ul, walk.ut, out, n_so_far, n_units, size,
                                              lead_suit, best, walk.ts)
                    if wins:  # min by (cost, -points), first on ties
                        win, w1, w2 = r, cost, pts
                changed = suit_walk_next_nb(sc, nk, width, split, reach_width)
                if changed < 0:
                    break  # this suit's compositions are done
        if win >= 0:
            return win
    return best_fill_index_nb(walk, nk, m, 1 if partner else -1)


@njit(cache=True, _nrt=False, inline="always")
def _suit_first_composition_nb(sc, ucap, nk, free, bit, width):
    """The first composition (in listing order) of ``free`` cards over the pool kinds of
    suit ``bit`` alone into ``sc[_X_CNT:]``, their caps into ``sc[_X_CAP:]``; returns
    ``(cards short of free, 0 if there are enough; whether every pool kind is of that suit,
    so that a walk's index is the rank; whether a kind of it may supply the lead's
    ``width``; the cards of its kinds held twice or more)``."""
    left = free
    whole = True
    wide = False
    deep = 0
    for i in range(nk):
        c = ucap[i] if sc[_U_BIT + i] == bit else 0
        whole = whole and c == ucap[i]
        wide = wide or (c >= width and free >= width)
        deep += c if c >= 2 else 0
        sc[_X_CAP + i] = c
        c = c if c < left else left
        sc[_X_CNT + i] = c
        left -= c
    return left, whole, wide, deep


@njit(cache=True, _nrt=False, inline="always")
def one_suit_walk_start_nb(sw, sc, ucap, nk, free, s, lead_suit, f_bit, width, set_lead,
                           tractor_cards, throw_rule, throw_sets):
    """The start of a walk over the options of one family (:func:`family_walk_start_nb`)
    that are of one suit, ``s`` 0 the led suit, 1 trumps (a plain suit led, TRUMP-6): the
    only ones that may claim the trick. Their first composition (listing order) goes to
    ``sc[_X_CNT:]``, the caps to ``sc[_X_CAP:]``. Returns ``(claimable, whole)``:
    claimable when there are such options (the fixed cards' suits ``f_bit`` are this suit's
    or none, the pool has ``free`` cards of it) and not all lose by their sums
    (:func:`_cannot_claim_nb`); whole when every pool kind is of that suit, so that the
    walk's n-th step is the option's listing index (else :func:`_rank_nb`). ``throw_sets``:
    the cards in sets an option needs to take a throw (``heuristic_nb.expert_pick_nb``'s,
    0 for none)."""
    if s == 1 and lead_suit == TRUMP:
        return False, False
    bit = 1 << (lead_suit if s == 0 else TRUMP)
    if f_bit != 0 and f_bit != bit:
        return False, False  # the fixed cards are of another suit already
    left, whole, wide, deep = _suit_first_composition_nb(sc, ucap, nk, free, bit, width)
    if left > 0:
        return False, whole  # fewer than ``free`` cards of this suit
    return not _cannot_claim_nb(sw, sc, s, set_lead, tractor_cards, throw_rule, throw_sets,
                                free, wide, deep), whole


@njit(cache=True, _nrt=False, inline="always")
def suit_points_bound_nb(sc, nk):
    """An upper bound on the points of any option of a one-suit walk
    (:func:`one_suit_walk_start_nb`): the fixed cards' and those of every card the caps
    ``sc[_X_CAP:]`` allow of the suit's pool kinds (more than the free cards may take)."""
    pts = sc[_P_PTS]
    for i in range(nk):
        pts += sc[_X_CAP + i] * sc[_U_PTS + i]
    return pts


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_sums_nb(sc, nk, width, split, reach_width):
    """The prefix sums of a one-suit walk's first composition: the option's sums (points,
    cost, suit bits, claim number, cards in sets) are then at ``sc[_P_* + nk]``."""
    _prefix_sums_nb(sc, sc[_X_CNT:_X_CNT + nk], 0, nk, width, split, reach_width)


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_index_nb(fb, sc, nk, whole, last, changed):
    """The listing index of the option a one-suit walk is at, ``last`` that of the one
    before it (-1 at the start): the next index when the pool is all of the suit, else its
    rank (:func:`_rank_nb`), recounted from the first kind that changed (``changed``, 0 at
    the start; :func:`suit_walk_next_nb`). Indices grow along the walk."""
    if whole:
        return last + 1
    if changed == 0:
        return _rank_nb(sc, fb.ways, fb.ucap, nk, fb.fam_free[0])
    return _rank_from_nb(sc, fb.ways, fb.ucap, nk, changed)


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_next_nb(sc, nk, width, split, reach_width):
    """A one-suit walk's next composition (within the caps ``sc[_X_CAP:]``) with its prefix
    sums; returns the first kind that changed, -1 after the last."""
    return family_walk_next_nb(sc, sc[_X_CNT:_X_CNT + nk], sc[_X_CAP:_X_CAP + nk], nk, width,
                               split, reach_width)


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_option_nb(fb, sc, nk, out):
    """The option a one-suit walk (:func:`one_suit_walk_start_nb`) is at, written out as
    counts: the fixed cards plus the composition ``sc[_X_CNT:]`` over the pool kinds."""
    fixed = fb.fam_fixed[0]
    for k in range(N_KINDS):
        out[k] = fixed[k]
    for i in range(nk):
        out[fb.ukind[i]] += sc[_X_CNT + i]


@njit(cache=True, _nrt=False, inline="always")
def best_fill_index_nb(walk, nk, m, sign):
    """The listing index of the best of the first ``m`` options of the one family being
    walked (:func:`family_walk_start_nb`), first among equals: by (points, cost) from
    per-kind sums, ``sign`` 1 the most points then the cheapest, -1 the fewest points then
    the cheapest. The greedy fill (:func:`_best_fill_nb`) and its rank (:func:`_rank_nb`),
    or the best before the cap when the fill comes later (:func:`_best_below_nb`)."""
    sc = walk.keys
    fb = walk.fb
    free = fb.fam_free[0]
    _best_fill_nb(sc, fb.ucap, nk, free, sign)
    r = _rank_nb(sc, fb.ways, fb.ucap, nk, free)
    return r if r < m else _best_below_nb(sc, fb.ways, fb.ucap, nk, free, m)


@njit(cache=True, _nrt=False, inline="always")
def _prefix_sums_nb(sc, cnt, start, nk, width, split, reach_width):
    """The walk's prefix sums from pool kind ``start`` on (``sc[_P_* + start]`` is kept),
    the claim number (``trick_nb.claim_number_step_nb``) among them."""
    for i in range(start, nk):
        c = cnt[i]
        sc[_P_PTS + i + 1] = sc[_P_PTS + i] + c * sc[_U_PTS + i]
        sc[_P_COST + i + 1] = sc[_P_COST + i] + c * sc[_U_COST + i]
        sc[_P_BIT + i + 1] = sc[_P_BIT + i] | (sc[_U_BIT + i] if c else 0)
        sc[_P_TOP + i + 1] = claim_number_step_nb(sc[_P_TOP + i], c, sc[_U_POW + i], width,
                                                  split, reach_width)
        sc[_P_SETC + i + 1] = sc[_P_SETC + i] + (c if c >= 2 else 0)


@njit(cache=True, _nrt=False, inline="always")
def tractor_cards_nb(walk, n_units):
    """The cards of a lead that is one tractor (0 for any other lead): every answer to it
    (the tractor's shape, CMP-2's quad, the CMP-3, CMP-4 substitutes, AMB-41's two quads)
    is made of that many cards in kinds held twice or more, so an option with fewer such
    cards cannot claim it (:func:`_walk_one_family_nb`, :func:`_walk_keys_nb`)."""
    if n_units == 1 and walk.ul[0] >= 2 and walk.uw[0] >= 2:
        return np.int64(walk.uw[0]) * np.int64(walk.ul[0])
    return np.int64(0)


@njit(cache=True, _nrt=False, inline="always")
def throw_set_cards_nb(walk, n_units):
    """The cards of a throw's units of two cards a kind or more (sets and tractors): a play
    that takes the throw realizes each of them (CMP-8, THROW-6, ``trick_nb._throw_winner``)
    from kinds it holds at least twice, so an option with fewer cards in such kinds cannot
    take it. 0 for a one-unit lead."""
    n = np.int64(0)
    if n_units >= 2:
        for u in range(n_units):
            if walk.uw[u] >= 2:
                n += np.int64(walk.uw[u]) * np.int64(walk.ul[u])
    return n


@njit(cache=True, _nrt=False, inline="always")
def reach_width_nb(walk, n_units, best):
    """For a lead of one tractor (:func:`tractor_cards_nb` > 0, the test
    :func:`judge_by_sums_nb` reads the reach under) the width of the claim so far
    (``best``, at least the tractor's width), which bounds the options' claims
    (``trick_nb.tractor_claim_nb``); 0 for any other lead."""
    if tractor_cards_nb(walk, n_units) > 0:
        return np.int64(best[2])
    return np.int64(0)


WINS = 1
LOSES = 0
UNDECIDED = -1


@njit(cache=True, _nrt=False, inline="always")
def judge_by_sums_nb(sw, side, width, top, setc, set_lead, tractor_cards, best, throw_rule):
    """Does a walked option of one suit (``side`` 0 the led suit, 1 trumps) beat the claim
    so far ``best``, judged from its sums (CMP-9): :data:`WINS`, :data:`LOSES`, or
    :data:`UNDECIDED` (write it out and ask :func:`greedy_wins_nb`). A set lead: by its
    strongest set ``top`` (``trick_nb.set_claim_beats_nb``). A one-tractor lead: it loses
    with fewer than ``tractor_cards`` cards in sets (``setc``, :func:`tractor_cards_nb`) or
    when its reach ``top`` cannot beat ``best`` (``trick_nb.tractor_may_beat_nb``). A throw
    (``throw_rule``: ``trick_nb.throw_ruff_rule_nb``): a play of the led suit loses unless
    OTH-2 B lets it take a throw (DEF-4); a ruff wins where the rule says so."""
    if throw_rule != NOT_A_THROW:
        if side == 1 and throw_rule == THROW_RUFF_WINS:
            return WINS
        if side == 0 and not led_suit_takes_throw_nb(sw):
            return LOSES
        return UNDECIDED
    if set_lead:
        return WINS if set_claim_beats_nb(sw, side, width, top, best) else LOSES
    if tractor_cards > 0 and (setc < tractor_cards
                              or not tractor_may_beat_nb(side, top, best[1], best[4])):
        return LOSES
    return UNDECIDED


@njit(cache=True, _nrt=False, inline="always")
def _cannot_claim_nb(sw, sc, s, set_lead, tractor_cards, throw_rule, throw_sets, free, wide,
                     deep):
    """Does every option of one suit (``s`` 0 the led suit, 1 trumps) lose
    (:func:`judge_by_sums_nb`'s :data:`LOSES`), the fixed cards' claim number and cards in
    sets being ``sc[_P_TOP]``, ``sc[_P_SETC]``? A set lead is claimed only by a kind that
    supplies its width (CMP-9, AMB-17): a fixed one, or a kind of the suit held at least
    that often (``wide``); a one-tractor lead's answers need ``tractor_cards`` cards in
    kinds held twice or more, at most the fixed cards' and ``free`` of the suit's ``deep``
    cards in such kinds; a throw is not taken by the led suit under OTH-2 A, nor by options
    with fewer than ``throw_sets`` cards in such kinds (CMP-8, THROW-6; 0: not asked)."""
    if throw_rule != NOT_A_THROW:
        return (s == 0 and not led_suit_takes_throw_nb(sw)) or (
            sc[_P_SETC] + min(deep, free) < throw_sets)
    if set_lead:
        return sc[_P_TOP] < 0 and not wide
    if tractor_cards > 0:
        return sc[_P_SETC] + min(deep, free) < tractor_cards
    return False


@njit(cache=True, _nrt=False, inline="always")
def _walk_keys_nb(kt, sw, level, trump, walk, m, n_so_far, n_units, size, lead_suit, best,
                  partner):
    """:func:`greedy_follow_nb` over several families, whose distinct plays are the sorted
    keys ``fb.keys`` (``options_count_nb``; listing order): each key's digits are read
    once, the most significant (strongest kind) first (``options_nth_nb``), summed, and
    written out only to be judged."""
    fb = walk.fb
    sc = walk.keys
    nh = keys_walk_start_nb(kt, level, trump, walk, -1)
    set_lead = n_units == 1 and walk.ul[0] == 1
    tractor_cards = tractor_cards_nb(walk, n_units)
    throw_rule = throw_ruff_rule_nb(kt.eff[level, trump], walk.plays, n_so_far, n_units,
                                    walk.uw, walk.ul, lead_suit)
    reach_width = reach_width_nb(walk, n_units, best)
    width = np.int64(walk.uw[0])
    split = split_flag_nb(sw)
    claim_a = 1 << lead_suit
    claim_b = 1 << TRUMP
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    out = walk.out
    for idx in range(m):
        pts, cost, bit, top, setc = key_sums_nb(sc, fb.keys[idx], nh, width, split,
                                                reach_width)
        if partner:  # max by (points, -cost), first on ties
            if pick < 0 or pts > b1 or (pts == b1 and cost < b2):
                pick, b1, b2 = idx, pts, cost
            continue
        if pick < 0 or pts < b1 or (pts == b1 and cost < b2):  # min by (points, cost)
            pick, b1, b2 = idx, pts, cost
        if (bit == claim_a or bit == claim_b) and (
                win < 0 or cost < w1 or (cost == w1 and pts > w2)):
            # a winner would be cheaper: judge it
            verdict = judge_by_sums_nb(sw, 0 if bit == claim_a else 1, width, top, setc,
                                       set_lead, tractor_cards, best, throw_rule)
            wins = verdict == WINS
            if verdict == UNDECIDED:
                key_option_nb(sc, nh, out)
                wins = greedy_wins_nb(kt, sw, level, trump, walk.plays, walk.uw, walk.ul,
                                      walk.ut, out, n_so_far, n_units, size, lead_suit, best,
                                      walk.ts)
            if wins:  # min by (cost, -points)
                win, w1, w2 = idx, cost, pts
    return win if win >= 0 else pick


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
