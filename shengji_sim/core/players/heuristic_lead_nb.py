"""The heuristic profiles' lead (player kind ``heuristic_nb.HEURISTIC``, profile row ``p``,
:mod:`.heuristic_nb`): :func:`heuristic_lead_into_nb`, by ``lead_rule`` the greedy lead or
the expert one (:func:`expert_lead_nb`: draw trumps, lead pairs, sure winners, else a low
lead, as ``trump_lead``, ``lead_pairs`` and ``draw_trumps`` say), after a proven throw where
``throws`` is 'proven' (:func:`proven_throw_nb`: components no unseen card can beat,
THROW-2, AMB-22, AMB-23).

The expert rules read the seat's memory (:mod:`.memory_nb`): the public ``seen`` / ``void``
tables, the own hand and the own buried kitty, summed up before a decision as ``tops``
(the highest unseen power per group and width) and the count of unseen trumps. The options
are those of ``lead_nb.lead_options_nb`` in the buffers ``lb``, in listing order; ties keep
the first, as the reference's ``max`` and ``min`` (tests/property/test_differential_expert.py
and test_differential_heuristic.py).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import (
    cards_in_nb,
    lowest_bit_nb,
)
from shengji_sim.core.base.errors import ERR_LEAD_NONE
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    NA,
    SW_JJ4_THROWS,
    SW_THROWS_ALLOWED,
    V_JJ4_THROWS_ONLY_IF_ALL_VOID,
)
from shengji_sim.core.players.greedy_nb import greedy_lead_nb
from shengji_sim.core.players.heuristic_nb import (
    EARLY,
    EXPERT,
    KEEP,
    PROVEN,
    _key3_nb,
)
from shengji_sim.core.players.memory_nb import higher_nb
from shengji_sim.core.players.profile_columns import (
    P_DRAW_TRUMPS,
    P_LEAD_PAIRS,
    P_LEAD_RULE,
    P_THROWS,
    P_TRUMP_LEAD,
)
from shengji_sim.core.rules.lead_nb import lead_options_nb
from shengji_sim.core.rules.shapes_nb import decompose_top_nb


@njit(cache=True, _nrt=False, inline="always")
def proven_throw_nb(kt, sw, level, trump, hand, held, tops, void, seat, uw, ul, uk, ut, cnt,
                    lead):
    """``players.proven_throw``: the largest throw of one follow group whose every unit
    memory proves master (THROW-2, CMP-2, AMB-47), into ``lead``; returns its size, 0 if
    there is none or the variant refuses throws (THROW-1, THROW-4, AMB-22). A group's trumps
    and plain cards are candidates apart, trumps first (DEF-27: under AMB-07 B a natural
    suit's group holds its level cards). ``held`` is the hand as a position mask
    (``lane.hm[seat, 0]``, :mod:`.bits_nb`); ``cnt`` is scratch; ``uw/ul/uk/ut`` unit
    scratch. Most leads have no candidate (no slot holds master kinds of two kinds): that
    is found inline, and only the others call :func:`_largest_proven_throw_nb`."""
    if not sw[SW_THROWS_ALLOWED]:
        return 0
    amb22 = sw[SW_JJ4_THROWS] != NA
    if amb22 and sw[SW_JJ4_THROWS] != V_JJ4_THROWS_ONLY_IF_ALL_VOID:
        return 0
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    power = kt.power[level, trump]
    several, paired, cards_lo, cards_hi = _master_slots_nb(eff, group, power,
                                                           kt.kind_at[level, trump], hand,
                                                           held, tops)
    if not several:
        return 0  # every slot holds one master kind at most: one unit, no throw (THROW-1)
    return _largest_proven_throw_nb(kt, sw, level, trump, hand, tops, void, seat, amb22,
                                    several, paired, cards_lo, cards_hi, uw, ul, uk, ut, cnt,
                                    lead)


@njit(cache=True, _nrt=False)
def _largest_proven_throw_nb(kt, sw, level, trump, hand, tops, void, seat, amb22, several,
                             paired, cards_lo, cards_hi, uw, ul, uk, ut, cnt, lead):
    """:func:`proven_throw_nb` over its candidates, the slots ``several`` (bits of
    :func:`_slot_nb`, from :func:`_master_slots_nb` with ``paired``, ``cards_lo`` and
    ``cards_hi``): the largest throw into ``lead``, its size returned (0 none). Under
    AMB-22 (``amb22``) a group is a candidate only when every other seat is known void in
    it (THROW-4)."""
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    power = kt.power[level, trump]
    best = 0
    for g in range(5):
        if amb22:
            all_void = True
            for s in range(4):
                if s != seat and not void[s, g]:
                    all_void = False
            if not all_void:
                continue
        for trumps in (True, False):
            slot = _slot_nb(g, trumps)
            if not several >> slot & 1:
                continue  # one kind at most: one unit, no throw
            ncards = _slot_cards_nb(cards_lo, cards_hi, slot)
            if ncards <= best:
                continue  # cannot be the largest (the first largest is kept)
            if not paired >> slot & 1:
                # singles only: each is a unit memory proves master (THROW-2), and two
                # kinds or more make two units or more (no unit joins singles: tractor
                # units are two cards wide at least, COMBO-5), so no decomposing is needed
                best = ncards
                _proven_masters_nb(eff, group, power, hand, tops, g, trumps, lead)
                continue
            _proven_masters_nb(eff, group, power, hand, tops, g, trumps, cnt)
            nu = decompose_top_nb(kt, sw, level, trump, cnt, uw, ul, uk, ut)
            if nu < 2:
                continue
            quads = tops[g, 4] >= 0
            ok = True
            for u in range(nu):
                if higher_nb(tops, g, ut[u], uw[u]) or (quads and ul[u] >= 2):
                    ok = False
            if ok:
                best = ncards
                for k in range(N_KINDS):
                    lead[k] = cnt[k]
    return best


@njit(cache=True, _nrt=False, inline="always")
def _slot_nb(g, trumps):
    """Bit of follow group ``g``'s trumps or plain cards in :func:`_master_slots_nb`."""
    return 2 * g + (1 if trumps else 0)


@njit(cache=True, _nrt=False, inline="always")
def _is_master_nb(group, power, hand, tops, k):
    """Memory proves held kind ``k`` master as a single, or as a pair when held twice
    (THROW-2, ``players._proven_masters``)."""
    g = group[k]
    return not higher_nb(tops, g, power[k], 1) or (
        hand[k] >= 2 and not higher_nb(tops, g, power[k], 2))


@njit(cache=True, _nrt=False, inline="always")
def _master_slots_nb(eff, group, power, kind_at, hand, held, tops):
    """The candidates of :func:`proven_throw_nb` (a group's trumps or its plain cards, bit
    :func:`_slot_nb`) in one pass over the kinds held (``held``, positions): ``(several, paired,
    cards_lo, cards_hi)``, bits of the slots holding masters of two kinds or more (a throw
    has two units at least, and one kind is one unit) and of those holding a master kind
    twice or more, and each slot's master cards (:func:`_slot_cards_nb`)."""
    once = 0
    several = 0
    paired = 0
    cards_lo = 0
    cards_hi = 0
    bits = held
    while bits:
        k = kind_at[lowest_bit_nb(bits)]
        bits &= bits - 1
        c = hand[k]
        if _is_master_nb(group, power, hand, tops, k):
            slot = _slot_nb(group[k], eff[k] == TRUMP)
            bit = 1 << slot
            several |= once & bit
            once |= bit
            if c >= 2:
                paired |= bit
            if slot < 5:
                cards_lo += np.int64(c) << (12 * slot)
            else:
                cards_hi += np.int64(c) << (12 * (slot - 5))
    return several, paired, cards_lo, cards_hi


@njit(cache=True, _nrt=False, inline="always")
def _slot_cards_nb(cards_lo, cards_hi, slot):
    """Slot ``slot``'s master cards from :func:`_master_slots_nb`'s packed counts (12 bits
    each)."""
    if slot < 5:
        return (cards_lo >> (12 * slot)) & 4095
    return (cards_hi >> (12 * (slot - 5))) & 4095


@njit(cache=True, _nrt=False, inline="always")
def _proven_masters_nb(eff, group, power, hand, tops, g, trumps, cnt):
    """``players._proven_masters``: the held cards of group ``g``, trumps or plain cards
    (DEF-27), that memory proves master as a single, or as a pair when held twice
    (THROW-2), into ``cnt``; returns their number."""
    ncards = 0
    for k in range(N_KINDS):
        cnt[k] = 0
        if not hand[k] or group[k] != g or (eff[k] == TRUMP) != trumps:
            continue
        if _is_master_nb(group, power, hand, tops, k):
            cnt[k] = hand[k]
            ncards += hand[k]
    return ncards


@njit(cache=True, _nrt=False, inline="always")
def _opt_top_nb(kind_at, lb, i):
    """Option ``i``'s strongest card (its first in the reference's card order)."""
    return kind_at[lb.ords[i, 0]]


@njit(cache=True, _nrt=False)
def _opt_points_nb(points, lb, i):
    total = 0
    for j in range(lb.ln[i]):
        total += lb.w[i] * points[lb.kinds[i, j]]
    return total


@njit(cache=True, _nrt=False)
def _opt_low_nb(power, lb, i):
    low = 1 << 15
    for j in range(lb.ln[i]):
        if power[lb.kinds[i, j]] < low:
            low = power[lb.kinds[i, j]]
    return low


@njit(cache=True, _nrt=False)
def _opt_uses_nb(lb, i, kept):
    if kept < 0:
        return False
    for j in range(lb.ln[i]):
        if lb.kinds[i, j] == kept:
            return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def _held_back_nb(lb, i, any_free):
    """Whether lead option ``i`` is set aside: it uses the endgame's kept kind
    (``lb.idx[i]``, :func:`_option_facts_nb`) while some other option does not
    (``any_free``; ``players.kept_cards``)."""
    return any_free and lb.idx[i] != 0


@njit(cache=True, _nrt=False)
def _option_facts_nb(points, lb, n, kept):
    """What the expert lead's choices read of each listed option, found once: whether it
    uses the kept kind into ``lb.idx[i]`` (0/1) and its points into ``lb.tmp[i]`` (both
    scratch of the listing, free once it is done); returns whether some option does not
    use the kept kind."""
    any_free = False
    for i in range(n):
        uses = _opt_uses_nb(lb, i, kept)
        lb.idx[i] = 1 if uses else 0
        lb.tmp[i] = _opt_points_nb(points, lb, i)
        any_free = any_free or not uses
    return any_free


@njit(cache=True, _nrt=False)
def _opp_void_nb(void, seat, g):
    return void[(seat + 1) % 4, g] != 0 or void[(seat + 3) % 4, g] != 0


@njit(cache=True, _nrt=False, inline="always")
def expert_lead_nb(kt, level, trump, p, hand, hm, gmask, lb, n, tops, trumps_out, void, seat,
                   kept):
    """``HeuristicPlayer._lead_expert`` without its throw: the index of the listed one-unit
    lead it picks, the first of its choices that has a candidate: sure off-suit masters,
    trumps by ``trump_lead`` (masters, else the lowest single), pairs, low to a suit the
    partner ruffs, the low lead, the rest (the endgame's kept card last). Each choice is a
    max or min over the options in listing order (first among equals); one pass over the
    options keeps every choice's best (:func:`_lead_choices_nb`). The hand's lengths are
    read from its masks ``hm`` (``bits_nb``) and the groups' ``gmask``
    (``memory_nb.group_masks_nb``)."""
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    kind_at = kt.kind_at[level, trump]
    any_free = _option_facts_nb(points, lb, n, kept)
    trump_mask = kt.trump_pmask[level, trump]
    trumps_held = cards_in_nb(hm, trump_mask)
    others_trumps = trumps_out > 0
    wants = others_trumps and (p[P_TRUMP_LEAD] == EARLY or (
        p[P_TRUMP_LEAD] != KEEP and trumps_held >= p[P_DRAW_TRUMPS]))
    (sure_off, trump_master, trump_single, off_pair, to_ruff, n_off, n_plain,
     n_trump_units) = _lead_choices_nb(eff, group, power, points, kind_at, lb, n, any_free,
                                       tops, void, seat, others_trumps, wants)
    if sure_off >= 0:
        return sure_off
    if wants and n_trump_units:
        if trump_master >= 0:
            return trump_master
        if trump_single >= 0:
            return trump_single
    if p[P_LEAD_PAIRS] and off_pair >= 0:
        return off_pair
    if to_ruff >= 0:
        return to_ruff
    if n_off:
        return _low_lead_nb(eff, group, power, points, hand, hm, gmask, ~trump_mask, lb, n,
                            any_free, kind_at)
    return _rest_lead_nb(eff, power, kind_at, lb, n, any_free, n_plain, n_trump_units)


@njit(cache=True, _nrt=False, inline="always")
def _lead_choices_nb(eff, group, power, points, kind_at, lb, n, any_free, tops, void, seat,
                     others_trumps, wants):
    """:func:`expert_lead_nb`'s choices over the options not held back, in one pass, each
    the index of its best option (-1 none): ``(sure off-suit master: max by (len, points,
    top power); sure trump master: max by (len, top power); trump single: min by (points,
    power, kind); off-suit pair or tractor no opponent is void in: max by (len, -points,
    top power); off-suit single to a suit the partner is void in and no opponent is: min by
    (points, power, kind); how many off-suit singles, plain options and trump options)``.
    The two trump choices are looked for only when the leader ``wants`` to lead trumps
    (``trump_lead``); else they are -1."""
    partner = (seat + 2) % 4
    sure_off = trump_master = trump_single = off_pair = to_ruff = -1
    k_sure_off = k_trump_master = k_trump_single = k_off_pair = k_to_ruff = 0
    n_off = n_plain = n_trump_units = 0
    for i in range(n):
        if _held_back_nb(lb, i, any_free):
            continue
        top = _opt_top_nb(kind_at, lb, i)
        size = lb.w[i] * lb.ln[i]
        g = group[top]
        is_trump = eff[top] == TRUMP
        if is_trump:
            n_trump_units += 1
            if not wants:
                continue
            if _sure_nb(group, power, tops, void, seat, others_trumps, top, lb.w[i], True):
                key = _key3_nb(0, size, power[top])
                if trump_master < 0 or key > k_trump_master:
                    trump_master, k_trump_master = i, key
            if size == 1:
                key = _key3_nb(points[top], power[top], top)
                if trump_single < 0 or key < k_trump_single:
                    trump_single, k_trump_single = i, key
        else:
            n_plain += 1
            if _sure_nb(group, power, tops, void, seat, others_trumps, top, lb.w[i], False):
                key = _key3_nb(size, lb.tmp[i], power[top])
                if sure_off < 0 or key > k_sure_off:
                    sure_off, k_sure_off = i, key
            if size >= 2 and not _opp_void_nb(void, seat, g):
                key = _key3_nb(size, -lb.tmp[i], power[top])
                if off_pair < 0 or key > k_off_pair:
                    off_pair, k_off_pair = i, key
            if size == 1:
                n_off += 1
                if void[partner, g] and not _opp_void_nb(void, seat, g):
                    key = _key3_nb(points[top], power[top], top)
                    if to_ruff < 0 or key < k_to_ruff:
                        to_ruff, k_to_ruff = i, key
    return (sure_off, trump_master, trump_single, off_pair, to_ruff, n_off, n_plain,
            n_trump_units)


@njit(cache=True, _nrt=False)
def _rest_lead_nb(eff, power, kind_at, lb, n, any_free, n_plain, n_trump_units):
    """:func:`expert_lead_nb`'s last choice: among the off-suit options not held back, else
    the trump ones, else all not held back, the min by (len > 1, points, low, top)."""
    pick = -1
    bk = 0
    for i in range(n):
        free = not _held_back_nb(lb, i, any_free)
        top = _opt_top_nb(kind_at, lb, i)
        if n_plain:
            if not free or eff[top] == TRUMP:
                continue
        elif n_trump_units:
            if not free or eff[top] != TRUMP:
                continue
        elif not free:
            continue
        multi = 1 if lb.w[i] * lb.ln[i] > 1 else 0
        key = _key3_nb(multi * 4096 + lb.tmp[i], _opt_low_nb(power, lb, i), top)
        if pick < 0 or key < bk:
            pick, bk = i, key
    return pick


@njit(cache=True, _nrt=False)
def _sure_nb(group, power, tops, void, seat, others_trumps, top, width, is_trump):
    """``sure`` of ``_lead_expert``: no unseen unit above it; off-suit: nobody left to ruff
    it (no trumps out, or no opponent known void)."""
    g = group[top]
    if higher_nb(tops, g, power[top], width):
        return False
    if is_trump or not others_trumps:
        return True
    return not _opp_void_nb(void, seat, g)


@njit(cache=True, _nrt=False)
def _low_lead_nb(eff, group, power, points, hand, hm, gmask, plain, lb, n, any_free,
                 kind_at):
    """``HeuristicPlayer._low_lead``: the off-suit single by (point card, breaks a pair,
    -length of its group, power, kind). A group's length is its cards that are not trumps
    (its kinds ``gmask[g]`` and the plain kinds ``plain``, as position masks), counted in
    the hand's masks ``hm``."""
    length0 = cards_in_nb(hm, gmask[0] & plain)
    length1 = cards_in_nb(hm, gmask[1] & plain)
    length2 = cards_in_nb(hm, gmask[2] & plain)
    length3 = cards_in_nb(hm, gmask[3] & plain)
    length4 = cards_in_nb(hm, gmask[4] & plain)
    pick = -1
    bk = 0
    for i in range(n):
        if _held_back_nb(lb, i, any_free):
            continue
        top = _opt_top_nb(kind_at, lb, i)
        if eff[top] == TRUMP or lb.w[i] * lb.ln[i] != 1:
            continue
        g = group[top]
        length = (length0 if g == 0 else length1 if g == 1 else length2 if g == 2
                  else length3 if g == 3 else length4)
        flags = (2 if points[top] > 0 else 0) + (1 if hand[top] > 1 else 0)
        key = _key3_nb(flags * 1024 - length, power[top], top)
        if pick < 0 or key < bk:
            pick, bk = i, key
    return pick


@njit(cache=True, _nrt=False)
def heuristic_lead_into_nb(kt, sw, level, trump, p, hands, hm, gmask, seat, lb, tops,
                           trumps_out, void, kept, uw, ul, uk, ut, cnt, lead):
    """``HeuristicPlayer.lead`` into ``lead`` (counts); returns ``(a kind of the lead or an
    error code, 1 if the lead is a throw)``. A proven throw needs no judge: memory counts
    every copy another hand may hold, so no component can be beaten (THROW-2, AMB-23) and
    under AMB-22 the others are known void (THROW-4): the reference's judge accepts it, and
    the differential tests hold the two to that. ``hm`` is the leader's hand masks
    (``lane.hm[seat]``, :mod:`.bits_nb`), ``gmask`` the groups' (``lane.gmask``)."""
    hand = hands[seat]
    expert = p[P_LEAD_RULE] == EXPERT
    # a proven throw is found from the hand's masks: the one-unit leads are listed only
    # when there is none (an empty hand has no throw either)
    if expert and p[P_THROWS] == PROVEN and proven_throw_nb(
            kt, sw, level, trump, hand, hm[0], tops, void, seat, uw, ul, uk, ut, cnt, lead):
        for k in range(N_KINDS):
            if lead[k]:
                return k, 1
    n = lead_options_nb(kt, sw, level, trump, hand, lb)
    if n <= 0:
        return ERR_LEAD_NONE, 0
    if expert:
        i = expert_lead_nb(kt, level, trump, p, hand, hm, gmask, lb, n, tops, trumps_out, void,
                           seat, kept)
    else:
        i = greedy_lead_nb(kt, level, trump, hand, lb, n)
    for k in range(N_KINDS):
        lead[k] = 0
    w = lb.w[i]
    for j in range(lb.ln[i]):
        lead[lb.kinds[i, j]] += w
    return lb.kinds[i, 0], 0
