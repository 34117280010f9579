"""Per-decision draws and shadow evaluation: the kernels of ``shengji-sim diff``.

Representation
--------------
*Per-decision draws.* ``sw`` is the variant's switch array (:mod:`.switches`); a diff run
passes it with one slot more, ``sw[SW_DECISION_DRAWS] = 1`` (:data:`SW_DECISION_DRAWS` is
``N_SWITCHES``, past the schema's keys). :func:`decision_draw_nb`, called by
``play_trick_nb._play_trick`` before each lead and follow, then seeds the hand's stream with
``rng.decision_seed(hand seed, 4 * trick + position)`` (position 0: the lead), so a reading
that changes one decision leaves every other decision's numbers unchanged. With the plain
``sw`` it does nothing and the hand draws from its one stream, as ``simulate`` always has.

*Shadow evaluation.* :func:`shadow_hand_nb` walks a hand played under reading A (its
:class:`~.lane_nb.HandLog`) and evaluates reading B (``kt_b``, ``sw_b``) beside it at every
follow and trick: the seats' holdings before the first trick are the sums of their logged
plays. Counters, one ``int64[N_SHADOW]`` row per hand, indexed by ``S_*``:

* ``S_FOLLOWS``: follow decisions; ``S_SET_DIFFERS``: the legal-follow set under B is not A's
  (different counts, or some of A's options is not legal under B; sets of more than
  :data:`SET_EXACT` options are compared by count and :data:`SET_EXACT` options spread over
  A's listing); ``S_ILLEGAL``: the chosen play is not a legal follow under B;
* ``S_TRICKS``: tricks; ``S_WINNER_FLIPS``: the winner under B's comparison is another play;
* ``S_THROWS``: leads of more than one unit under A or B (THROW-1): throw items are
  exercised only when this is positive; ``S_LEAD_SHAPE``: leads decomposed differently;
* ``S_LEAD_NOT_LEGAL_B``: tricks whose lead is not a legal lead under B (DEF-27: its cards
  are not of one follow group under B, as a lead mixing jokers or level cards with
  trump-suit cards under AMB-07 B): no such trick arises under B, so neither its follows
  nor its winner are judged (nor the lead's units under B); they count in ``S_FOLLOWS``
  and ``S_TRICKS`` and in no other counter.

Every other position is one that B's rules judge, and the kernels must judge it: a follow
that A's or B's follow kernels cannot count or list, or a trick whose winner B's cannot
name, is an engine defect. :func:`shadow_hand_nb` then stops and returns its hand error
code (``errors.ERR_SHADOW_A``, ``ERR_SHADOW_B``, ``ERR_SHADOW_WINNER`` plus the kernel's
code) and where it happened, never a count.

Speed: a hand at a level and trump where both readings have the same tables and switches
(a ranking reading that changes nothing there) is only counted (:func:`shadow_alike_nb`); a
one-card lead is judged by bit sets of kinds (the follow class held, else any card;
AMB-37 B) and its winner by effective suit and power under B; a follower of a longer lead
who holds no more cards of the led class than the lead has, in a class both readings agree
on, has the same legal set under both (FOLLOW-1: all of them plus any cards; not under
AMB-19 B or AMB-37 B); only the other follows call the family kernels, twice.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import N_KINDS, TRUMP
from shengji_sim.core.base.errors import ERR_SHADOW_A, ERR_SHADOW_B, ERR_SHADOW_WINNER
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import hand_seed_nb
from shengji_sim.core.base.switches import (
    N_SWITCHES,
    SW_JJ4_LINE40,
    V_JJ4_LINE40_LITERAL,
)
from shengji_sim.core.follow.fast_guards_nb import short_declines_nb
from shengji_sim.core.follow.follow_count_nb import (
    options_contain_nb,
    options_count_nb,
    options_nth_nb,
)
from shengji_sim.core.follow.follow_families_nb import follow_options_nb
from shengji_sim.core.rules.shapes_nb import decompose_top_nb, first_kind_nb
from shengji_sim.core.rules.trick_nb import trick_winner_nb

SW_DECISION_DRAWS = N_SWITCHES  #: the extra slot of a diff run's ``sw``: 1 = per-decision draws
SET_EXACT = 64  #: legal-follow sets up to this size are compared exactly
S_FOLLOWS = 0
S_SET_DIFFERS = 1
S_ILLEGAL = 2
S_TRICKS = 3
S_WINNER_FLIPS = 4
S_THROWS = 5
S_LEAD_SHAPE = 6
S_LEAD_NOT_LEGAL_B = 7
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
def _same_families_nb(fb_a, n_a, fb_b, n_b):
    """Are the two readings' families the same, in the same order (then so are the sets)?"""
    if n_a != n_b:
        return False
    for f in range(n_a):
        if fb_a.fam_free[f] != fb_b.fam_free[f]:
            return False
        for k in range(N_KINDS):
            if fb_a.fam_fixed[f, k] != fb_b.fam_fixed[f, k] or \
                    fb_a.fam_pool[f, k] != fb_b.fam_pool[f, k]:
                return False
    return True


@njit(cache=True, _nrt=False)
def _sets_differ_nb(kt_a, kt_b, level, trump, fb_a, n_a, fb_b, n_b, out):
    """1 when B's legal-follow set is not A's, else 0: not when the families are the same;
    else counts, then A's options (all of them up to :data:`SET_EXACT`, else that many
    spread over A's listing) checked against B's families. A negative hand error code
    (``ERR_SHADOW_A`` / ``ERR_SHADOW_B`` plus the kernel's) when a reading's kernels cannot
    count or list its options, or count none."""
    if _same_families_nb(fb_a, n_a, fb_b, n_b):
        return 0
    count_a = options_count_nb(kt_a, level, trump, fb_a, n_a)
    if count_a <= 0:
        return ERR_SHADOW_A + count_a
    count_b = options_count_nb(kt_b, level, trump, fb_b, n_b)
    if count_b <= 0:
        return ERR_SHADOW_B + count_b
    if count_a != count_b:
        return 1
    checks = min(count_a, SET_EXACT)
    for j in range(checks):
        i = j if count_a <= SET_EXACT else (j * count_a) // SET_EXACT
        err = options_nth_nb(kt_a, level, trump, fb_a, n_a, i, out)
        if err != 0:
            return ERR_SHADOW_A + err
        if not options_contain_nb(fb_b, n_b, out):
            return 1
    return 0


@njit(cache=True, _nrt=False)
def lead_is_legal_nb(kt, level, trump, lead):
    """Is ``lead`` (counts) of one follow group under these tables, as a lead must be
    (DEF-27; ``shapes.play_suit``)? The follow class of its first kind (``cls_kinds``: one
    group and effective suit) holds all its cards."""
    f = first_kind_nb(lead)
    cls = kt.cls_kinds[level, trump, f]
    inside = 0
    for j in range(kt.cls_n[level, trump, f]):
        inside += lead[cls[j]]
    return inside == _size_nb(lead)


@njit(cache=True, _nrt=False)
def _single_set_nb(cls, n_cls, eff, lead_kind, hand, position, last_only):
    """The legal follows of a one-card lead as a bit set of kinds (``one_card_options_nb``'s
    options): the led follow class's kinds held (FOLLOW-1), else any card (FOLLOW-2) but a
    trump before the last position under AMB-37 B when a plain card is held."""
    mask = np.int64(0)
    for j in range(n_cls):
        k = cls[j]
        if hand[k]:
            mask |= np.int64(1) << k
    if mask:
        return mask
    plain_only = False
    if eff[lead_kind] != TRUMP and last_only and position < 3:  # AMB-37 B
        for k in range(N_KINDS):
            if hand[k] and eff[k] != TRUMP:
                plain_only = True
                break
    for k in range(N_KINDS):
        if hand[k] and not (plain_only and eff[k] == TRUMP):
            mask |= np.int64(1) << k
    return mask


@njit(cache=True, _nrt=False)
def _single_winner_nb(eff, power, kinds):
    """The winner of a one-card trick of ``kinds`` (by position): the led suit by power, a
    ruff over the led suit, a higher trump over a ruff, the first of equals (CMP-1, TRUMP-6,
    TRUMP-7, DEF-3), as ``play_trick_nb._set_winner_nb``."""
    lead_suit = eff[kinds[0]]
    best_ruff = False
    best_top = power[kinds[0]]
    winner = 0
    for p in range(1, 4):
        e = eff[kinds[p]]
        if e == lead_suit:
            ruff = False
        elif e == TRUMP:
            ruff = True
        else:
            continue
        top = power[kinds[p]]
        if (ruff and not best_ruff) or (ruff == best_ruff and top > best_top):
            winner = p
            best_ruff = ruff
            best_top = top
    return winner


@njit(cache=True, _nrt=False)
def _class_held_nb(cls, n_cls, hand):
    """``(bit set of the follow class's kinds, cards of it held)``."""
    mask = np.int64(0)
    held = 0
    for j in range(n_cls):
        k = cls[j]
        mask |= np.int64(1) << k
        held += hand[k]
    return mask, held


@njit(cache=True, _nrt=False)
def _short_alike_nb(kt_a, kt_b, level, trump, f, hand, size, plain):
    """Do both readings give a follower the same legal set because it holds at most ``size``
    cards of the led class and the class is the same (FOLLOW-1: all of them, then any cards,
    as ``follow_fast_nb.random_short_follow_nb``)? ``plain``: neither reading is one under
    which the short fast path may decline (``fast_guards_nb.short_declines_nb`` with both
    position flags: AMB-19 B, AMB-37 B), as those restrict such a follower."""
    if not plain:
        return False
    ma, ha = _class_held_nb(kt_a.cls_kinds[level, trump, f], kt_a.cls_n[level, trump, f], hand)
    mb, hb = _class_held_nb(kt_b.cls_kinds[level, trump, f], kt_b.cls_n[level, trump, f], hand)
    return ma == mb and ha <= size


@njit(cache=True, _nrt=False)
def _size_nb(counts):
    n = 0
    for k in range(N_KINDS):
        n += counts[k]
    return n


@njit(cache=True, _nrt=False)
def _shadow_single_nb(kt_a, sw_a, kt_b, sw_b, level, trump, leader, plays, winner, hands,
                      kinds, counts):
    """:func:`shadow_hand_nb` on a one-card trick, by bit sets of kinds (no family kernels).
    ``plays`` is the trick's ``int8[4, 54]``, ``kinds`` int16[4] scratch."""
    for p in range(4):
        kinds[p] = first_kind_nb(plays[p])
    f = kinds[0]
    eff_a = kt_a.eff[level, trump]
    eff_b = kt_b.eff[level, trump]
    last_a = sw_a[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL
    last_b = sw_b[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL
    hands[leader, f] -= 1
    for p in range(1, 4):
        hand = hands[(leader + p) % 4]
        ma = _single_set_nb(kt_a.cls_kinds[level, trump, f], kt_a.cls_n[level, trump, f],
                            eff_a, f, hand, p, last_a)
        mb = _single_set_nb(kt_b.cls_kinds[level, trump, f], kt_b.cls_n[level, trump, f],
                            eff_b, f, hand, p, last_b)
        counts[S_FOLLOWS] += 1
        if ma != mb:
            counts[S_SET_DIFFERS] += 1
        if not (mb >> kinds[p]) & 1:
            counts[S_ILLEGAL] += 1
        hand[kinds[p]] -= 1
    counts[S_TRICKS] += 1
    if _single_winner_nb(eff_b, kt_b.power[level, trump], kinds) != winner:
        counts[S_WINNER_FLIPS] += 1  # CMP-9 under B


@njit(cache=True, _nrt=False)
def shadow_hand_nb(kt_a, sw_a, kt_b, sw_b, level, trump, n_tricks, leader, plays, winner,
                   hands, fb_a, fb_b, ua, ub, out, kinds, counts):
    """Reading B beside reading A's hand (module docstring): adds to ``counts`` (``S_*``).
    ``leader``/``plays``/``winner``: the hand's log (``HandLog``); ``hands`` int8[4, 54]
    scratch; ``ua``/``ub``: (uw, ul, uk, ut) unit scratch of each reading (int8[54],
    int8[54], int8[54, 13], int16[54]); ``out`` int8[54] and ``kinds`` int16[4] scratch.
    A one-card lead is evaluated by bit sets (:func:`_shadow_single_nb`), any other by the
    family kernels under each reading. Returns ``(0, 0)``, or an engine defect: ``(hand
    error code, 4 * trick + position)`` (trick from 0; position 1..3 a follow, 0 the
    trick's winner), ``counts`` then holding what was counted before it."""
    _holdings_nb(n_tricks, leader, plays, hands)
    plain = True
    for sw in (sw_a, sw_b):
        if short_declines_nb(sw, True, True):  # a reading the short fast path may decline
            plain = False
    uwa, ula, uka, uta = ua
    uwb, ulb, ukb, utb = ub
    for t in range(n_tricks):
        lead = plays[t, 0]
        if _size_nb(lead) == 1:  # the common case, without the family kernels
            _shadow_single_nb(kt_a, sw_a, kt_b, sw_b, level, trump, leader[t], plays[t],
                              winner[t], hands, kinds, counts)
            continue
        ls = leader[t]
        na = decompose_top_nb(kt_a, sw_a, level, trump, lead, uwa, ula, uka, uta)
        if not lead_is_legal_nb(kt_b, level, trump, lead):  # DEF-27 under B
            _skip_trick_nb(plays[t], ls, hands, counts)
            counts[S_LEAD_NOT_LEGAL_B] += 1
            if na > 1:
                counts[S_THROWS] += 1  # THROW-1 under A
            continue
        nb = decompose_top_nb(kt_b, sw_b, level, trump, lead, uwb, ulb, ukb, utb)
        if na > 1 or nb > 1:
            counts[S_THROWS] += 1  # THROW-1
        if not _same_units_nb(na, uwa, ula, uka, nb, uwb, ulb, ukb):
            counts[S_LEAD_SHAPE] += 1
        size = _size_nb(lead)
        f = first_kind_nb(lead)
        for k in range(N_KINDS):
            hands[ls, k] -= lead[k]
        for p in range(1, 4):
            seat = (ls + p) % 4
            hand = hands[seat]
            play = plays[t, p]
            counts[S_FOLLOWS] += 1
            if _short_alike_nb(kt_a, kt_b, level, trump, f, hand, size, plain):
                for k in range(N_KINDS):
                    hand[k] -= play[k]
                continue
            n_a, rule_a = follow_options_nb(kt_a, sw_a, level, trump, lead, na, uwa, ula, uka,
                                            hand, p, fb_a)
            if rule_a < 0:
                return ERR_SHADOW_A + rule_a, 4 * t + p
            n_b, rule_b = follow_options_nb(kt_b, sw_b, level, trump, lead, nb, uwb, ulb, ukb,
                                            hand, p, fb_b)
            if rule_b < 0:
                return ERR_SHADOW_B + rule_b, 4 * t + p
            differs = _sets_differ_nb(kt_a, kt_b, level, trump, fb_a, n_a, fb_b, n_b, out)
            if differs < 0:
                return differs, 4 * t + p
            counts[S_SET_DIFFERS] += differs
            if not options_contain_nb(fb_b, n_b, play):
                counts[S_ILLEGAL] += 1
            for k in range(N_KINDS):
                hand[k] -= play[k]
        counts[S_TRICKS] += 1
        w = trick_winner_nb(kt_b, sw_b, level, trump, plays[t], 4, uwb, ulb, ukb, utb)
        if w < 0:
            return ERR_SHADOW_WINNER + w, 4 * t
        if w != winner[t]:
            counts[S_WINNER_FLIPS] += 1  # CMP-9 under B
    return 0, 0


@njit(cache=True, _nrt=False)
def _skip_trick_nb(trick, leader, hands, counts):
    """A trick that is not judged: its plays leave the hands; its follows and the trick
    are counted."""
    for p in range(4):
        hand = hands[(leader + p) % 4]
        for k in range(N_KINDS):
            hand[k] -= trick[p, k]
    counts[S_FOLLOWS] += 3
    counts[S_TRICKS] += 1


@njit(cache=True, _nrt=False)
def shadow_alike_nb(kt_a, sw_a, level, trump, n_tricks, plays, ua, counts):
    """:func:`shadow_hand_nb` of a hand at a (level, trump) where both readings have the same
    tables and switches (``diffrun.equivalent_positions``): nothing can differ; counts the
    follows, tricks and throws (THROW-1) only."""
    uwa, ula, uka, uta = ua
    for t in range(n_tricks):
        counts[S_FOLLOWS] += 3
        counts[S_TRICKS] += 1
        if _size_nb(plays[t, 0]) > 1:
            if decompose_top_nb(kt_a, sw_a, level, trump, plays[t, 0], uwa, ula, uka, uta) > 1:
                counts[S_THROWS] += 1

