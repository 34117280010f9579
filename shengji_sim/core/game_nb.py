"""The whole hand as kernels, and the batch runner over hands (issue "Numba core").

Representation
--------------
:func:`play_hand_nb` plays hand ``index`` of root seed ``root`` exactly as
:func:`shengji_sim.rules.game.play_hand` with ``random`` / ``greedy`` players: the pre-trick
phase (:mod:`.deal_nb`), then the tricks (lead options :mod:`.lead_nb`, follows
:mod:`.follow_nb`, winner :mod:`.trick_nb`), the kitty on the last trick (:mod:`.kitty_nb`)
and the level change (:mod:`.score_nb`), drawing the same numbers from the hand's SplitMix64
stream. It writes one result row into ``out[i, :]`` (an ``int64`` matrix whose columns are
the fields of :data:`shengji_sim.results.ROW_DTYPE`, at ``C_<FIELD>``) and, when
``log_on``, every play into a :class:`HandLog` from which :func:`record_of` rebuilds the
reference's game record.

Buffers (:class:`Lane`) are allocated once per lane of :func:`run_chunk_nb`; lane ``j`` of
``L`` plays hands ``start + j, start + j + L, ...``; a row depends on its hand index only,
so results never depend on the thread count or the chunking.

Speed
-----
Kernels that allocate nothing are compiled with ``_nrt=False`` (no reference counting): with
it, every call that passes a NamedTuple of arrays (``kt``, the buffers, :class:`Lane`) paid an
atomic increment and decrement per array, which dominated the hand and made two threads
slower than one (shared ``kt`` counters). A kernel compiled from one with NRT off inherits it,
so the few allocating kernels (buffer allocation, the throw paths of ``shapes_nb`` /
``trick_nb``, ``follow_nb._materialize``) say ``_nrt=True`` explicitly.

The common cases skip the general machinery and draw the same numbers: a random leader's
lead is option ``below(n)`` found by one walk down the listing (``lead_nb.random_lead_into_nb``:
sets are counted, only tractors generated); a one-card lead is followed by looking at the led
card's follow class only (:func:`_one_card_options_nb`, one implementation for random and
greedy players); the winner of a one-set lead (single, pair, triple, quad)
compares the followers' matching sets only (:func:`_set_winner_nb`). A random player
follows a pair lead with ``follow_nb.random_pair_follow_nb`` when it holds more than two cards
of the led class, a triple or 2-pair tractor lead likewise (``follow_nb.random_triple_follow_nb``,
``random_pairtractor_follow_nb``), and any
multi-card lead it is short in (all its led-class cards plus free
cards) with :func:`_random_short_follow_nb`; other multi-card follows go through the family
kernels of :mod:`.follow_nb`;
the winner of other multi-card leads reuses the lead's units.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, prange

from shengji_sim.core.bits_nb import (
    N_MASKS,
    cards_in_nb,
    lowest_bit_nb,
    masks_of_nb,
    nth_bit_nb,
    popcount_nb,
    take_nb,
)
from shengji_sim.core.deal_nb import (
    GREEDY,
    I_DEALER,
    I_FIRST,
    I_LEVEL,
    I_N_CHAO,
    I_N_DECL,
    I_REDEALS,
    I_TRUMP,
    STATUS_NO_TRUMP,
    STATUS_OK,
    PreTrickBuffers,
    pre_trick_nb,
    random_multiset_nb,
)
from shengji_sim.core.deal_nb import alloc_buffers_nb as alloc_pre_nb
from shengji_sim.core.follow_nb import (
    ERROR_NAMES,
    RULE_AMB_37_B,
    RULE_FOLLOW_1,
    RULE_FOLLOW_2,
    RULE_OTH_6_B,
    SAFE_DISTINCT,
    STATE_ROW,
    FollowBuffers,
    options_count_nb,
    options_nth_nb,
    random_pair_follow_nb,
    random_pairtractor_follow_nb,
    random_triple_follow_nb,
)
from shengji_sim.core.follow_nb import alloc_buffers_nb as alloc_follow_nb
from shengji_sim.core.follow_nb import follow_options_nb as follow_families_nb
from shengji_sim.core.kitty_nb import judge_kitty_nb
from shengji_sim.core.lead_nb import (
    LeadBuffers,
    greedy_lead_nb,
    lead_options_nb,
    max_lead_options,
    may_hold_tractor_nb,
    random_lead_pick_nb,
    sorted_tractors_nb,
)
from shengji_sim.core.lead_nb import alloc_lead_buffers_nb as alloc_lead_nb
from shengji_sim.core.rng_nb import below_nb, hand_seed_nb
from shengji_sim.core.score_nb import after_hand_nb, judge_score_nb
from shengji_sim.core.shapes_nb import decompose_top_nb, two_quads_count
from shengji_sim.core.switches import (
    SW_DECKS,
    SW_HAND_SIZE,
    SW_JJ4_LINE40,
    SW_KITTY_SIZE,
    SW_RUFF_CONDITION,
    SW_SHAPE_OBLIGATION,
    SW_TRACTOR_UNITS,
    V_JJ4_LINE40_LITERAL,
    V_RUFF_CONDITION_SHAPE_MISSING,
    V_SHAPE_OBLIGATION_NONE,
)
from shengji_sim.core.tables import (
    MAX_RUN,
)
from shengji_sim.core.trick_nb import (
    ERR_INPUT,
    trick_points_nb,
    trick_winner_nb,
    trick_winner_units_nb,
)
from shengji_sim.results import ROW_DTYPE

N_KINDS = 54
TRUMP = 4
MAX_TRICKS = 60
GREEDY_OPTIONS = 256  # strategies.MAX_GREEDY_OPTIONS
#: A hand's error code (what :func:`play_hand_nb` returns, ``status[i]`` of
#: :func:`run_chunk_nb`) is 0, or a stage's base plus the failing kernel's own code (a
#: negative ``follow_nb.ERR_*``, ``trick_nb.ERR_INPUT``, ...), so that the kernels' -1, -2 ...,
#: which mean different things in different kernels, stay apart; :func:`hand_error_text` puts
#: it in words.
ERR_STAGE = 1000  #: the stages' bases are multiples of this
ERR_PRE_TRICK = -1000  #: minus the deal_nb status: -1001 no trump after MAX_REDEALS redeals
ERR_LEAD = -2000  #: lead: -2001 no option listed (greedy), -2002 drawn option not listed
ERR_LEAD_NONE = ERR_LEAD - 1
ERR_LEAD_UNLISTED = ERR_LEAD - 2
ERR_FOLLOW = -3000  #: follow: + follow_nb.ERR_*; -3000 itself: no legal follow counted
ERR_TRICK = -4000  #: trick winner: + trick_nb.ERR_INPUT
ERR_KITTY = -5000  #: last-trick kitty: + judge_kitty_nb's error

#: stage base -> (the stage, the failing kernel's code -> words)
HAND_ERRORS: dict[int, tuple[str, dict[int, str]]] = {
    ERR_PRE_TRICK: ("deal", {-STATUS_NO_TRUMP: "no trump after MAX_REDEALS redeals"}),
    ERR_LEAD: ("lead", {ERR_LEAD_NONE - ERR_LEAD: "the leader has no lead option",
                        ERR_LEAD_UNLISTED - ERR_LEAD: "the drawn lead option is not listed"}),
    ERR_FOLLOW: ("follow", {0: "no legal follow", **ERROR_NAMES}),
    ERR_TRICK: ("trick winner", {ERR_INPUT: "the plays are not a trick (an empty or mixed "
                                            "lead, or plays of unequal sizes; DEF-27)"}),
    ERR_KITTY: ("kitty", {-1: "the last trick is not a trick (DEF-27), or AMB-27 (ii) has no "
                              "attacker points"}),
}


def hand_error_text(code: int) -> str:
    """A hand's error code in words: ``"follow: lead mixes suits (DEF-27) [kernel code
    -3001]"``; the number is kept for reading the kernels."""
    for base, (stage, words) in HAND_ERRORS.items():
        own = code - base
        if -ERR_STAGE < own <= 0:
            return f"{stage}: {words.get(own, f'error {own}')} [kernel code {code}]"
    return f"unknown kernel error [kernel code {code}]"
FOLLOW_FAMILIES = 4096  # follow_nb.make_buffers defaults
FOLLOW_PLAYS = 1 << 18
FOLLOW_ALTERNATIVES = 4096
FOLLOW_TRACTORS = 1024

COLUMNS: tuple[str, ...] = ROW_DTYPE.names
N_COLUMNS = len(COLUMNS)
C_ATTACKER_POINTS = COLUMNS.index("attacker_points")
C_CHAODI = COLUMNS.index("chaodi")
C_DEALER = COLUMNS.index("dealer")
C_DECLARATIONS = COLUMNS.index("declarations")
C_FIRST_RECIPIENT = COLUMNS.index("first_recipient")
C_HAND_NUMBER = COLUMNS.index("hand_number")
C_HAND_SEED = COLUMNS.index("hand_seed")
C_INDEX = COLUMNS.index("index")
C_KITTY_AWARDED = COLUMNS.index("kitty_awarded")
C_KITTY_MULTIPLIER = COLUMNS.index("kitty_multiplier")
C_KITTY_POINTS = COLUMNS.index("kitty_points")
C_LAST_TRICK_SIDE = COLUMNS.index("last_trick_side")
C_LEVEL = COLUMNS.index("level")
C_LEVELS = COLUMNS.index("levels")
C_NEXT_DEALER = COLUMNS.index("next_dealer")
C_REDEALS = COLUMNS.index("redeals")
C_SEED = COLUMNS.index("seed")
C_TRICKS = COLUMNS.index("tricks")
C_TRUMP = COLUMNS.index("trump")
C_WINNER_SIDE = COLUMNS.index("winner_side")
FOLLOW_COL0 = COLUMNS.index("follow_follow_1")
JJ4_COL0 = COLUMNS.index("jj4_rows_1")


class HandLog(NamedTuple):
    """Every trick of one hand: leader, plays as counts, winner, points, follow rules."""

    n: np.ndarray  # int32[1] tricks
    leader: np.ndarray  # int8[T]
    plays: np.ndarray  # int8[T, 4, 54] counts, in turn order from the leader
    winner: np.ndarray  # int8[T] index into the plays
    points: np.ndarray  # int16[T]
    rule: np.ndarray  # int16[T, 3] follow rule codes of positions 1..3
    row: np.ndarray  # int16[T, 3] the table / DEF-5 row that decided them (0: none)
    kitty: np.ndarray  # int64[4] multiplier, kitty points, awarded, winner side


class Lane(NamedTuple):
    pre: PreTrickBuffers
    fb: FollowBuffers
    lb: LeadBuffers
    plays: np.ndarray  # int8[4, 54]
    lead: np.ndarray  # int8[54]
    out: np.ndarray  # int8[54] nth play
    cand: np.ndarray  # int8[GREEDY_OPTIONS, 54] greedy follow candidates
    uw: np.ndarray
    ul: np.ndarray
    uk: np.ndarray
    ut: np.ndarray
    kitty: np.ndarray  # int8[54] kitty counts
    state: np.ndarray  # uint64[1]
    levels: np.ndarray  # int32[2]
    pkinds: np.ndarray  # int32[4]
    tk: np.ndarray  # int16[4] the kinds of a one-card trick, by position
    hm: np.ndarray  # int64[4, 4] each seat's hand masks (bits_nb), kept with pre.hands
    rest: np.ndarray  # int8[54] scratch: a short follower's cards outside the led class
    bkinds: np.ndarray  # int16[54] scratch of random_multiset_nb
    suf: np.ndarray  # int64[55, SHORT_FREE + 1] scratch of random_multiset_nb
    picked: np.ndarray  # int8[SHORT_FREE] the free cards drawn
    keys: np.ndarray  # int64[54 * 54] scratch of random_triple_follow_nb
    log: HandLog


@njit(cache=True, _nrt=True)
def alloc_log_nb():
    return HandLog(np.zeros(1, np.int32), np.zeros(MAX_TRICKS, np.int8),
                   np.zeros((MAX_TRICKS, 4, N_KINDS), np.int8), np.zeros(MAX_TRICKS, np.int8),
                   np.zeros(MAX_TRICKS, np.int16), np.zeros((MAX_TRICKS, 3), np.int16),
                   np.zeros((MAX_TRICKS, 3), np.int16), np.zeros(4, np.int64))


@njit(cache=True, _nrt=True)
def alloc_lane_nb(decks, hand_size, kitty_size, max_lead, pkinds, levels):
    """One lane's buffers (players ``pkinds``, match ``levels``); no allocation per hand."""
    lane = Lane(alloc_pre_nb(decks, hand_size, kitty_size),
                alloc_follow_nb(FOLLOW_FAMILIES, FOLLOW_PLAYS, FOLLOW_ALTERNATIVES,
                                FOLLOW_TRACTORS),
                alloc_lead_nb(max_lead), np.zeros((4, N_KINDS), np.int8),
                np.zeros(N_KINDS, np.int8), np.zeros(N_KINDS, np.int8),
                np.zeros((GREEDY_OPTIONS, N_KINDS), np.int8),
                np.zeros(N_KINDS, np.int8), np.zeros(N_KINDS, np.int8),
                np.full((N_KINDS, MAX_RUN), -1, np.int8),
                np.zeros(N_KINDS, np.int16), np.zeros(N_KINDS, np.int8),
                np.zeros(1, np.uint64), levels.copy(), pkinds.copy(), np.zeros(4, np.int16),
                np.zeros((4, N_MASKS), np.int64), np.zeros(N_KINDS, np.int8),
                np.zeros(N_KINDS, np.int16), np.zeros((55, SHORT_FREE + 1), np.int64),
                np.zeros(SHORT_FREE, np.int8), np.zeros(N_KINDS * N_KINDS, np.int64),
                alloc_log_nb())
    return lane


def make_lane(kt, sw, pkinds, levels) -> Lane:
    return alloc_lane_nb(int(sw[SW_DECKS]), int(sw[SW_HAND_SIZE]), int(sw[SW_KITTY_SIZE]),
                         max_lead_options(kt), np.asarray(pkinds, np.int32),
                         np.asarray(levels, np.int32))


# ------------------------------------------------------------------------------ one hand


@njit(cache=True, _nrt=False)
def _cost_nb(kt, level, trump, counts):
    """``strategies._cost``: trumps cost 200 more than any off-suit card, plus power."""
    total = 0
    for k in range(N_KINDS):
        if counts[k]:
            c = kt.power[level, trump, k]
            if kt.eff[level, trump, k] == TRUMP:
                c += 200
            total += counts[k] * c
    return total


@njit(cache=True, _nrt=False)
def _points_nb(kt, counts):
    total = 0
    for k in range(N_KINDS):
        total += counts[k] * kt.points[k]
    return total


@njit(cache=True, _nrt=False)
def _greedy_follow_nb(kt, sw, level, trump, lane, n_fam, count, n_so_far, seat_side,
                      leader):
    """``GreedyPlayer.follow`` over the first 256 options; returns the chosen index."""
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    for i in range(m):
        options_nth_nb(kt, level, trump, lane.fb, n_fam, i, lane.cand[i])
    return _greedy_pick_nb(kt, sw, level, trump, lane, m, n_so_far, seat_side, leader)


@njit(cache=True, _nrt=False)
def _greedy_pick_nb(kt, sw, level, trump, lane, m, n_so_far, seat_side, leader):
    """The greedy choice among the candidates ``lane.cand[:m]`` (listing order)."""
    best_now = 0
    if n_so_far > 1:
        best_now = trick_winner_nb(kt, sw, level, trump, lane.plays, n_so_far, lane.uw,
                                   lane.ul, lane.uk, lane.ut)
    partner_winning = (leader + best_now) % 2 == seat_side
    pick = -1
    if partner_winning:  # max by (points, -cost), first on ties
        b1 = 0
        b2 = 0
        for i in range(m):
            p = _points_nb(kt, lane.cand[i])
            c = -_cost_nb(kt, level, trump, lane.cand[i])
            if pick < 0 or p > b1 or (p == b1 and c > b2):
                pick, b1, b2 = i, p, c
        return pick
    b1 = 0
    b2 = 0
    for i in range(m):  # winning plays: min by (cost, -points)
        for k in range(N_KINDS):
            lane.plays[n_so_far, k] = lane.cand[i, k]
        w = trick_winner_nb(kt, sw, level, trump, lane.plays, n_so_far + 1, lane.uw,
                            lane.ul, lane.uk, lane.ut)
        if w == n_so_far:
            c = _cost_nb(kt, level, trump, lane.cand[i])
            p = -_points_nb(kt, lane.cand[i])
            if pick < 0 or c < b1 or (c == b1 and p < b2):
                pick, b1, b2 = i, c, p
    if pick >= 0:
        return pick
    for i in range(m):  # min by (points, cost)
        p = _points_nb(kt, lane.cand[i])
        c = _cost_nb(kt, level, trump, lane.cand[i])
        if pick < 0 or p < b1 or (p == b1 and c < b2):
            pick, b1, b2 = i, p, c
    return pick


@njit(cache=True, _nrt=False)
def _greedy_lead_into_nb(kt, sw, level, trump, hand, lb, lead):
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
def _set_winner_nb(eff, power, tk):
    """``trick_winner`` when the lead is one set (a single, pair, triple or quad of kind
    ``tk[0]``) and ``tk[p]`` is the kind follower ``p`` played as the same set, -1 if its play
    is not one set: only such a play claims (a set lead has no substitute shapes, CMP-2..4);
    a led-suit set beats by power, a ruff beats the led suit, a higher trump set beats a
    ruff; the first of equal sets wins (CMP-1, TRUMP-6/7, DEF-3)."""
    lead_suit = eff[tk[0]]
    best_ruff = False
    best_top = power[tk[0]]
    winner = 0
    for p in range(1, 4):
        k = tk[p]
        if k < 0:
            continue
        e = eff[k]
        if e == lead_suit:
            ruff = False
        elif e == TRUMP:
            ruff = True
        else:
            continue  # neither the led suit nor trump: cannot win
        top = power[k]
        if (ruff and not best_ruff) or (ruff == best_ruff and top > best_top):
            winner = p
            best_ruff = ruff
            best_top = top
    return winner


@njit(cache=True, _nrt=False)
def _set_kind_nb(play, width):
    """The kind ``play`` holds ``width`` times if the play is that one set, else -1."""
    for k in range(N_KINDS):
        c = play[k]
        if c:
            return k if c == width else -1
    return -1


@njit(cache=True, _nrt=False)
def _set_units_nb(power, kind, width, uw, ul, uk, ut):
    """The canonical units of a one-set lead (``decompose_top_nb``, ``shapes_nb.one_unit``):
    ``width`` copies of ``kind`` are one set (COMBO-1..3)."""
    uw[0] = width
    ul[0] = 1
    uk[0, 0] = kind
    for i in range(1, MAX_RUN):
        uk[0, i] = -1
    ut[0] = power[kind]
    return 1


@njit(cache=True, _nrt=False)
def _first_kind_nb(counts):
    for k in range(N_KINDS):
        if counts[k]:
            return k
    return -1


# The options of a one-card lead's follow (FOLLOW-1/2, AMB-37 B, OTH-6 B), listed strongest
# kind first, as the family kernels list them: one card of one kind each.
ONE_CLASS = 0  #: any kind of the led follow class held (one such card: that card, count 1)
ONE_ANY = 1  #: void: any kind held
ONE_PLAIN = 2  #: void under AMB-37 B: any plain kind held


@njit(cache=True, _nrt=False)
def _one_card_options_nb(cls, n_cls, eff, lead_kind, hand, position, last_only, no_shape):
    """The follows of a one-card lead from ``hand``: ``(mode, rule, count)``, mode one of
    ``ONE_*`` or -1 when the family kernels must decide (a holding whose mixed radix might
    overflow, ``follow_nb.ERR_KEY_OVERFLOW``). ``cls[:n_cls]`` is the led card's follow class
    (``kt.cls_kinds``): only it is looked at unless the player is void."""
    held = 0
    distinct = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            distinct += 1
            radix *= c + 1
    if held > 1:  # any one led-suit card (FOLLOW-1 / OTH-6 B)
        if radix > 2.0 ** 61:
            return -1, 0, 0
        return ONE_CLASS, RULE_OTH_6_B if no_shape else RULE_FOLLOW_1, distinct
    if held == 1:  # the one led-suit card (FOLLOW-1)
        return ONE_CLASS, RULE_FOLLOW_1, 1
    mode = ONE_ANY
    rule = RULE_FOLLOW_2  # void: any card (FOLLOW-2)
    if eff[lead_kind] != TRUMP and last_only and position < 3:  # AMB-37 B: only the last
        rule = RULE_AMB_37_B  # player ruffs, unless nothing else is held
        for k in range(N_KINDS):
            if hand[k] and eff[k] != TRUMP:
                mode = ONE_PLAIN
                break
    count = 0
    for k in range(N_KINDS):
        if hand[k] and not (mode == ONE_PLAIN and eff[k] == TRUMP):
            count += 1
    return mode, rule, count


@njit(cache=True, _nrt=False)
def _one_card_nth_nb(mode, cls, n_cls, eff, kind_at, hand, index):
    """The kind of option ``index`` of :func:`_one_card_options_nb` (strongest first)."""
    if mode == ONE_CLASS:
        for j in range(n_cls):
            k = cls[j]
            if hand[k]:
                if index == 0:
                    return k
                index -= 1
        return -1
    for o in range(N_KINDS):
        k = kind_at[o]
        if hand[k] and not (mode == ONE_PLAIN and eff[k] == TRUMP):
            if index == 0:
                return k
            index -= 1
    return -1


@njit(cache=True, _nrt=False)
def _random_single_nb(hm, cls_mask, plain_mask, lead_trump, kind_at, position, last_only,
                      no_shape, state):
    """``RandomPlayer.follow`` of a one-card lead from a hand with masks ``hm`` (bits_nb):
    ``(kind, rule)`` of the card drawn as ``below(count)`` over the options of
    :func:`_one_card_options_nb`, or ``(-1, -1)`` when that function must decide (a class
    so long that the radix guard might apply). The options are bit sets of positions, so
    their count is a popcount and option ``i`` the ``i``-th set bit (strongest first)."""
    options = hm[0] & cls_mask  # the led follow class's kinds held
    distinct = popcount_nb(options)
    if distinct > 1:  # any one led-suit card (FOLLOW-1 / OTH-6 B)
        if distinct > SAFE_DISTINCT:
            return -1, -1
        rule = RULE_OTH_6_B if no_shape else RULE_FOLLOW_1
    elif distinct == 1:  # one kind: the player follows with it (FOLLOW-1 / OTH-6 B)
        rule = RULE_OTH_6_B if no_shape and hm[1] & options else RULE_FOLLOW_1
    else:
        options = hm[0]
        rule = RULE_FOLLOW_2  # void: any card (FOLLOW-2)
        if not lead_trump and last_only and position < 3:  # AMB-37 B: only the last player
            rule = RULE_AMB_37_B  # ruffs, unless nothing else is held
            if hm[0] & plain_mask:
                options = hm[0] & plain_mask
        distinct = popcount_nb(options)
    o = nth_bit_nb(options, below_nb(state, distinct))  # a forced follow draws below(1) too
    return kind_at[o], rule


#: the most free cards a short follow draws directly (their multisets fit an int64 easily)
SHORT_FREE = 8


@njit(cache=True, _nrt=False)
def _random_short_follow_nb(hand, hm, cls_mask, kind_at, n, state, rest, bkinds, suf, picked,
                            play):
    """``RandomPlayer.follow`` of an ``n``-card lead by a player short in the led class
    (``cls_mask``): holding at most ``n`` of its cards, it plays them all and ``n - held``
    free cards of the rest of its hand (FOLLOW-1, FOLLOW-2: ``follow_nb``'s
    ``_follow_suit_and_fill``, one family). The free cards are option ``below(count)`` of
    their multisets in listing order (``deal_nb.random_multiset_nb``; with the fixed cards
    added, the order of whole plays is the same). Writes ``play`` and takes it from
    ``hand``; returns the rule, or -1 when the player is not short or more than
    ``SHORT_FREE`` cards are free (the family kernels decide). The caller leaves AMB-19 B and
    AMB-37 B to the family kernels."""
    held_class = hm[0] & cls_mask
    nh = cards_in_nb(hm, cls_mask)
    free = n - nh
    if free < 0 or free > SHORT_FREE:
        return -1
    for k in range(N_KINDS):
        play[k] = 0
    while held_class:  # every led-class card (FOLLOW-1)
        k = kind_at[lowest_bit_nb(held_class)]
        held_class &= held_class - 1
        play[k] = hand[k]
    if free == 0:
        below_nb(state, 1)  # the one play is still drawn
    elif free == 1:  # one card of another kind: strongest first, as the multisets list it
        others = hm[0] & ~cls_mask
        play[kind_at[nth_bit_nb(others, below_nb(state, popcount_nb(others)))]] += 1
    else:
        for k in range(N_KINDS):
            rest[k] = hand[k] - play[k]
        random_multiset_nb(kind_at, state, rest, free, bkinds, suf, picked)
        for i in range(free):
            play[picked[i]] += 1
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return RULE_FOLLOW_1 if nh else RULE_FOLLOW_2


@njit(cache=True, _nrt=False)
def _greedy_single_nb(kt, sw, level, trump, lane, mode, cls, n_cls, hand, count, position,
                      seat_side, leader):
    """``GreedyPlayer.follow`` over the options of :func:`_one_card_options_nb`."""
    eff = kt.eff[level, trump]
    kind_at = kt.kind_at[level, trump]
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    for i in range(m):
        for k in range(N_KINDS):
            lane.cand[i, k] = 0
        lane.cand[i, _one_card_nth_nb(mode, cls, n_cls, eff, kind_at, hand, i)] = 1
    return _greedy_pick_nb(kt, sw, level, trump, lane, m, position, seat_side, leader)


@njit(cache=True, _nrt=False)
def _random_family_follow_nb(kt, sw, level, trump, lead, n_units, uw, ul, uk, hand,
                             position, fb, state, play):
    """``RandomPlayer.follow`` by the family kernels: option ``below(count)`` into ``play``,
    taken from ``hand``; returns the rule or ``ERR_FOLLOW`` plus the follow kernels' error.
    (It takes the lead, hand and follow buffers, not the lane: a call copies every array it
    is passed.)"""
    n_fam, rule = follow_families_nb(kt, sw, level, trump, lead, n_units, uw, ul, uk,
                                     hand, position, fb)
    if rule < 0:
        return ERR_FOLLOW + rule
    count = options_count_nb(kt, level, trump, fb, n_fam)
    if count <= 0:
        return ERR_FOLLOW + count
    options_nth_nb(kt, level, trump, fb, n_fam, below_nb(state, count), play)
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return rule


@njit(cache=True, _nrt=False)
def _follow_nb(kt, sw, level, trump, lane, seat, position, n_units, leader):
    """One follow into ``lane.plays[position]`` by the family kernels; returns the rule or
    ``ERR_FOLLOW`` plus the follow kernels' error."""
    pre = lane.pre
    if lane.pkinds[seat] != GREEDY:
        return _random_family_follow_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                        lane.ul, lane.uk, pre.hands[seat], position, lane.fb,
                                        lane.state, lane.plays[position])
    n_fam, rule = follow_families_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                     lane.ul, lane.uk, pre.hands[seat], position, lane.fb)
    if rule < 0:
        return ERR_FOLLOW + rule
    count = options_count_nb(kt, level, trump, lane.fb, n_fam)
    if count <= 0:
        return ERR_FOLLOW + count
    pick = _greedy_follow_nb(kt, sw, level, trump, lane, n_fam, count, position, seat % 2,
                             leader)
    options_nth_nb(kt, level, trump, lane.fb, n_fam, pick, lane.out)
    for k in range(N_KINDS):
        lane.plays[position, k] = lane.out[k]
        pre.hands[seat, k] -= lane.out[k]
    return rule


@njit(cache=True, _nrt=False)
def play_hand_nb(kt, sw, rule_col, root, index, hand_number, match_dealer, lane, row_out,
                 r, log_on):
    """Hand ``index`` of ``root`` into ``row_out[r]``; returns 0 or the hand's error code
    (see ``ERR_STAGE``)."""
    state = lane.state
    seed = hand_seed_nb(root, index)
    state[0] = seed
    pre = lane.pre
    status = pre_trick_nb(kt, sw, state, lane.levels, match_dealer, hand_number,
                          lane.pkinds, pre)
    if status != STATUS_OK:
        return ERR_PRE_TRICK - status
    info = pre.info
    level, trump, dealer = info[I_LEVEL], info[I_TRUMP], info[I_DEALER]
    row = row_out[r]
    for c in range(row.shape[0]):
        row[c] = 0
    row[C_INDEX] = index
    row[C_SEED] = root
    row[C_HAND_SEED] = seed
    row[C_HAND_NUMBER] = hand_number
    row[C_LEVEL] = level
    row[C_DEALER] = dealer
    row[C_FIRST_RECIPIENT] = info[I_FIRST]
    row[C_TRUMP] = trump
    row[C_DECLARATIONS] = info[I_N_DECL]
    row[C_REDEALS] = info[I_REDEALS]
    row[C_CHAODI] = info[I_N_CHAO]
    for k in range(N_KINDS):
        lane.kitty[k] = 0
    for j in range(sw[SW_KITTY_SIZE]):
        lane.kitty[pre.kitty[j]] += 1
    attackers = 0
    leader = dealer
    tricks = 0
    eff = kt.eff[level, trump]
    kind_at = kt.kind_at[level, trump]
    last_only = sw[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL  # AMB-37 B
    no_shape = sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE  # OTH-6 B
    ruff_shape_missing = sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING  # AMB-19 B
    power = kt.power[level, trump]
    tk = lane.tk
    order = kt.order[level, trump]
    hm = lane.hm
    for seat in range(4):
        masks_of_nb(order, pre.hands[seat], hm[seat])
    plain_mask = ~kt.trump_pmask[level, trump]
    succ = kt.succ_pmask[level, trump]
    closed = kt.tr_closed[level, trump]
    widths = sw[SW_TRACTOR_UNITS]
    two_quads = two_quads_count(sw)  # AMB-41 A: two-quad leads are one unit
    lb = lane.lb
    while pre.hand_len[leader] > 0:
        if lane.pkinds[leader] == GREEDY:
            lead_top = _greedy_lead_into_nb(kt, sw, level, trump, pre.hands[leader], lane.lb,
                                            lane.lead)
        else:  # lead_nb.random_lead_into_nb's steps: kt and lb pass only to list tractors
            m = 0
            quads = hm[leader, 3] if two_quads else np.int64(0)
            if may_hold_tractor_nb(kind_at, succ, closed, widths, hm[leader, 1], quads):
                m = sorted_tractors_nb(kt, sw, level, trump, pre.hands[leader], hm[leader, 1],
                                       quads, lane.lb)
            n, lead_top = random_lead_pick_nb(kind_at, pre.hands[leader], hm[leader, 0],
                                              pre.hand_len[leader], m, lb.w, lb.ln, lb.kinds,
                                              lb.ords, state, lane.lead)
        if lead_top < 0:  # random_lead_pick_nb's -1: the drawn option was not listed
            return lead_top if lead_top <= ERR_LEAD else ERR_LEAD_UNLISTED
        size = 0
        for k in range(N_KINDS):
            lane.plays[0, k] = lane.lead[k]
            size += lane.lead[k]
        if lane.lead[lead_top] == size:  # one set (single, pair, triple, quad)
            lead_first = lead_top
            take_nb(pre.hands[leader], hm[leader], lead_top, order[lead_top], size)
        else:
            lead_first = _first_kind_nb(lane.lead)
            for k in range(N_KINDS):
                pre.hands[leader, k] -= lane.lead[k]
            masks_of_nb(order, pre.hands[leader], hm[leader])
        lead_kind = lead_first if size == 1 else -1  # a one-card lead
        cls = kt.cls_kinds[level, trump, lead_first]  # the led follow class
        n_cls = kt.cls_n[level, trump, lead_first]
        cls_mask = kt.cls_pmask[level, trump, lead_first]
        lead_trump = eff[lead_first] == TRUMP
        pair_lead = size == 2 and lane.lead[lead_first] == 2
        triple_lead = size == 3 and lane.lead[lead_first] == 3
        if lane.lead[lead_first] == size:  # one set: one unit
            n_units = _set_units_nb(power, lead_first, size, lane.uw, lane.ul, lane.uk, lane.ut)
            tk[0] = lead_first
        else:
            n_units = decompose_top_nb(kt, sw, level, trump, lane.lead, lane.uw, lane.ul,
                                       lane.uk, lane.ut)
        pairtractor_lead = n_units == 1 and lane.uw[0] == 2 and lane.ul[0] == 2
        for position in range(1, 4):
            seat = (leader + position) % 4
            hand = pre.hands[seat]
            greedy = lane.pkinds[seat] == GREEDY
            f = -1
            if lead_kind >= 0 and not greedy:
                f, rule = _random_single_nb(hm[seat], cls_mask, plain_mask, lead_trump,
                                            kind_at, position, last_only, no_shape, state)
            if f < 0 and lead_kind >= 0:
                mode, rule, count = _one_card_options_nb(cls, n_cls, eff, lead_kind, hand,
                                                         position, last_only, no_shape)
                if mode >= 0:  # a one-card lead's follow: one card, listed strongest first
                    if greedy:
                        pick = _greedy_single_nb(kt, sw, level, trump, lane, mode, cls,
                                                 n_cls, hand, count, position, seat % 2,
                                                 leader)
                    else:
                        pick = below_nb(state, count)
                    f = _one_card_nth_nb(mode, cls, n_cls, eff, kind_at, hand, pick)
            if f >= 0:
                take_nb(hand, hm[seat], f, order[f], 1)
                for k in range(N_KINDS):
                    lane.plays[position, k] = 0
                lane.plays[position, f] = 1
                tk[position] = f
                lane.fb.state[STATE_ROW] = 0
            else:
                if lead_kind >= 0:  # the radix guard: the family kernels decide
                    rule = _follow_nb(kt, sw, level, trump, lane, seat, position, n_units,
                                      leader)
                    tk[position] = _first_kind_nb(lane.plays[position])
                else:
                    rule = -1
                    if not greedy and not (ruff_shape_missing and hm[seat, 0] & cls_mask) \
                            and not (last_only and not lead_trump and position < 3
                                     and not hm[seat, 0] & cls_mask):  # AMB-19 B, AMB-37 B
                        rule = _random_short_follow_nb(hand, hm[seat], cls_mask, kind_at, size,
                                                       state, lane.rest, lane.bkinds, lane.suf,
                                                       lane.picked, lane.plays[position])
                        lane.fb.state[STATE_ROW] = 0
                    if rule < 0 and pair_lead and not greedy:
                        rule, table_row = random_pair_follow_nb(sw, cls, n_cls, hand, state,
                                                                lane.plays[position])
                        lane.fb.state[STATE_ROW] = table_row
                    if rule < 0 and pairtractor_lead and not greedy:
                        rule, table_row = random_pairtractor_follow_nb(
                            sw, kind_at, succ, cls_mask, hm[seat], hand, state,
                            lane.plays[position], lane.keys, lane.rest, lane.bkinds, lane.suf,
                            lane.picked)
                        lane.fb.state[STATE_ROW] = table_row
                    if rule < 0 and triple_lead and not greedy:
                        rule, table_row = random_triple_follow_nb(sw, cls, n_cls, hand, state,
                                                                  lane.plays[position],
                                                                  lane.keys)
                        lane.fb.state[STATE_ROW] = table_row
                    if rule < 0 and greedy:
                        rule = _follow_nb(kt, sw, level, trump, lane, seat, position,
                                          n_units, leader)
                    elif rule < 0:
                        rule = _random_family_follow_nb(kt, sw, level, trump, lane.lead,
                                                        n_units, lane.uw, lane.ul, lane.uk,
                                                        hand, position, lane.fb, state,
                                                        lane.plays[position])
                masks_of_nb(order, hand, hm[seat])
            if rule < 0:
                return rule
            col = rule_col[rule]
            row[FOLLOW_COL0 + col] += 1
            table_row = lane.fb.state[STATE_ROW]
            if 12 <= rule <= 17 and table_row > 0:  # FOLLOW-5..10: JJ4 tables 1..6
                row[JJ4_COL0 + rule - 12] |= 1 << (table_row - 1)
            if log_on:
                lane.log.rule[tricks, position - 1] = rule
                lane.log.row[tricks, position - 1] = table_row
        for s in range(4):
            pre.hand_len[s] -= size
        if lead_kind >= 0:
            winner = _set_winner_nb(eff, power, tk)
            points = (kt.points[tk[0]] + kt.points[tk[1]] + kt.points[tk[2]]
                      + kt.points[tk[3]])
        elif n_units == 1 and lane.ul[0] == 1:  # one set: a pair, triple or quad
            tk[0] = lead_first
            for p in range(1, 4):
                tk[p] = _set_kind_nb(lane.plays[p], size)
            winner = _set_winner_nb(eff, power, tk)
            points = trick_points_nb(kt.points, lane.plays, 4)
        else:
            # the plays are legal (equal sizes, DEF-27) and lane.uw/ul/ut still hold the
            # lead's units (a greedy follower's trick_winner_nb decomposes the same lead)
            winner = trick_winner_units_nb(kt, sw, level, trump, lane.plays, 4, n_units,
                                           lane.uw, lane.ul, lane.ut, size, eff[lead_first])
            points = trick_points_nb(kt.points, lane.plays, 4)
        if winner < 0:
            return ERR_TRICK + winner
        winner_seat = (leader + winner) % 4
        if winner_seat % 2 != dealer % 2:
            attackers += points
        if log_on:
            lane.log.leader[tricks] = leader
            lane.log.winner[tricks] = winner
            lane.log.points[tricks] = points
            for p in range(4):
                for k in range(N_KINDS):
                    lane.log.plays[tricks, p, k] = lane.plays[p, k]
        tricks += 1
        if pre.hand_len[leader] == 0:
            leader_side = 0 if leader % 2 == dealer % 2 else 1
            w, side, n, kpts, awarded, kerr = judge_kitty_nb(
                kt, sw, level, trump, lane.plays, 4, leader_side, lane.kitty, attackers, 1,
                lane.uw, lane.ul, lane.uk, lane.ut)
            if kerr < 0:
                return ERR_KITTY + kerr
            attackers += awarded
            row[C_KITTY_POINTS] = kpts
            row[C_KITTY_MULTIPLIER] = n
            row[C_KITTY_AWARDED] = awarded
            row[C_LAST_TRICK_SIDE] = side
            if log_on:
                lane.log.kitty[0] = n
                lane.log.kitty[1] = kpts
                lane.log.kitty[2] = awarded
                lane.log.kitty[3] = side
        leader = winner_seat
    if log_on:
        lane.log.n[0] = tricks
    side, levels_gained, offset = judge_score_nb(sw, attackers)
    lv0, lv1, next_dealer, match_winner = after_hand_nb(
        sw, lane.levels[0], lane.levels[1], dealer, side, levels_gained, offset)
    row[C_ATTACKER_POINTS] = attackers
    row[C_TRICKS] = tricks
    row[C_WINNER_SIDE] = side
    row[C_LEVELS] = levels_gained
    row[C_NEXT_DEALER] = next_dealer
    return 0


@njit(cache=True, parallel=True)
def run_chunk_nb(kt, sw, rule_col, root, start, count, n_lanes, max_lead, pkinds, levels,
                 out, status):
    """Hands ``start .. start + count - 1`` as independent first hands (levels at the
    variant's start, no dealer yet), ``n_lanes`` lanes in parallel; ``status[i]`` is 0 or the
    hand's error code."""
    for j in prange(n_lanes):
        lane = alloc_lane_nb(sw[SW_DECKS], sw[SW_HAND_SIZE], sw[SW_KITTY_SIZE], max_lead,
                             pkinds, levels)
        for i in range(j, count, n_lanes):
            status[i] = play_hand_nb(kt, sw, rule_col, root, start + i, 1, -1, lane, out,
                                     i, False)
