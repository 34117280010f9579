"""Declaring trump and 炒底 as kernels (BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8,
BID-9, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6, AMB-29, AMB-30, AMB-31, AMB-32, AMB-33, AMB-35,
AMB-42, AMB-45, AMB-46;
DEF-20, DEF-25), equal to :mod:`shengji_sim.rules.bidding` and :mod:`shengji_sim.rules.chaodi`.

Representation
--------------
A declaration (or a 炒) is ``(seat, kind, count)``: ``count`` identical cards of ``kind``.
"None" is -1 throughout: no standing declaration is ``st_seat == -1``, an undetermined
trump is -1, "the dealer stays" is -1. The reference's strength tuples become ints whose
order is the tuples' order (within one variant):

* declaration ladder (BID-1, BID-3) ``(n, j)`` -> ``3 * n + j`` (j: 0 level card, 1 LJ, 2 BJ);
  hidden (BID-4) ``(n,)`` -> ``3 * n``; first_two (ONE1 BID-1) ``(1,)`` -> ``3``.
* 炒 ladder (AMB-29): fanzhu_tiers as above; line68 rung ``(r, b)`` -> ``2 * r + b``;
  line68_descending ``(7 - r, -b)`` -> ``2 * (7 - r) + 1 - b``. A single has no 炒 key under
  the line-68 ladders (CHAO-2).

Not a declaration / not eligible is -1 (every valid key is >= 0, so "key <= old" with
``old == -1`` is never true, which is the reference's "old is None"). A single standing under
a line-68 ladder is -1 too: the reference's ``BELOW_EVERY_CHAO``, which every 炒 beats.
Option lists are written to ``out_kind`` / ``out_count`` (length >= 32) in the reference's
order (kinds ascending, then count ascending); the kernels return how many they wrote.
The deal loop does not list options: it counts them from a bit mask of the legal
(biddable kind, count) pairs (:func:`declaration_mask_nb`) and looks up only the one chosen.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.core.jit import njit
from shengji_sim.core.switches import (
    NA,
    SW_BID_METHOD,
    SW_BID_OVERRIDE_RULE,
    SW_CHAODI,
    SW_CHAODI_AFTER_KITTY_FLIP,
    SW_CHAODI_LADDER,
    SW_CHAODI_MOVES_DEALER,
    SW_CHAODI_SELF_AFTER_OTHER,
    SW_CZ4_NO_BID,
    SW_DECKS,
    SW_HAND1_DEALER,
    SW_JJ4_BID_VISIBILITY,
    SW_JOKER_DECLARATION,
    SW_MOD4_NUMBERING,
    SW_NO_DECLARATION,
    SW_SELF_COUNTER,
    SW_SELF_REINFORCE,
    SW_STD2_NO_BID,
    V_BID_METHOD_FIRST_TWO,
    V_BID_METHOD_HIDDEN,
    V_BID_OVERRIDE_RULE_FIRST_WINS,
    V_BID_OVERRIDE_RULE_LAST_WINS,
    V_CHAODI_LADDER_FANZHU_TIERS,
    V_CHAODI_LADDER_LINE68_ASCENDING,
    V_CHAODI_MOVES_DEALER_NEVER,
    V_CZ4_NO_BID_LINE39,
    V_CZ4_NO_BID_LINE67_LEVEL_CARD,
    V_HAND1_DEALER_FIRST_TURNER,
    V_JJ4_BID_VISIBILITY_ALL_HIDDEN,
    V_JOKER_DECLARATION_ANY_JOKER_NT,
    V_JOKER_DECLARATION_FOUR_CHOOSE,
    V_JOKER_DECLARATION_ONLY_FOUR_NT,
    V_MOD4_NUMBERING_DECK_INDEX,
    V_MOD4_NUMBERING_RANK_INDEX,
    V_NO_DECLARATION_CZ4_KITTY,
    V_NO_DECLARATION_SPADES,
    V_NO_DECLARATION_STD2_FLIP,
    V_STD2_NO_BID_FLIP_FOR_DEALER,
    V_STD2_NO_BID_REDEAL,
    reading_nb,
)

LJ = 52
BJ = 53
NT = 4
NONE = -1
FOUR = 4  # BID-5: four jokers
LITERAL_TEN = 8  # AMB-30 B2
TOP_RUNG = 7  # AMB-29 B: four jokers
MAX_OPTIONS = 32  # 6 biddable kinds x at most 4 copies


@njit(cache=True)
def suit_of_nb(k):
    """Natural suit 0..3, or 4 for a joker."""
    return 4 if k >= LJ else k // 13


@njit(cache=True)
def is_level_card_nb(k, level):
    return k < LJ and k % 13 == level


# ------------------------------------------------------------------ declarations (BID-*)
#
# Inner functions take the switches as scalars: a kernel call with array arguments pays a
# reference count per array, which dominates these few comparisons. ``bid_config_nb``
# reads them once; the ``*_nb(sw, ...)`` forms are the reference-shaped entry points.

DC_DECKS = 0
DC_METHOD = 1
DC_JOKERS = 2  # AMB-33 applies: joker declarations exist
DC_JOKER_MODE = 3
DC_SELF_REINFORCE = 4
DC_SELF_COUNTER = 5
DC_ALL_HIDDEN = 6
DC_RULE = 7


@njit(cache=True)
def bid_config_nb(sw):
    """The declaration switches as a tuple of ints (indices ``DC_*``)."""
    method = sw[SW_BID_METHOD]
    all_hidden = 1 if (method == V_BID_METHOD_HIDDEN and
                       sw[SW_JJ4_BID_VISIBILITY] == V_JJ4_BID_VISIBILITY_ALL_HIDDEN) else 0
    return (np.int64(sw[SW_DECKS]), np.int64(method), np.int64(sw[SW_JOKER_DECLARATION] != NA),
            np.int64(reading_nb(sw, SW_JOKER_DECLARATION)), np.int64(sw[SW_SELF_REINFORCE]),
            np.int64(sw[SW_SELF_COUNTER]), np.int64(all_hidden),
            np.int64(reading_nb(sw, SW_BID_OVERRIDE_RULE)))


@njit(cache=True)
def _strength_nb(cfg, level, kind, count):
    if count < 1 or count > cfg[DC_DECKS]:
        return -1
    method = cfg[DC_METHOD]
    if method == V_BID_METHOD_HIDDEN:  # BID-4: level cards only
        return 3 * count if is_level_card_nb(kind, level) else -1
    if method == V_BID_METHOD_FIRST_TWO:  # BID-1 ONE1: a single level card
        return 3 if count == 1 and is_level_card_nb(kind, level) else -1
    if is_level_card_nb(kind, level):
        return 3 * count  # BID-1, BID-3
    if kind >= LJ and count >= 2 and cfg[DC_JOKERS] == 1:
        return 3 * count + (2 if kind == BJ else 1)  # BID-3: BJ > LJ within a tier
    return -1


@njit(cache=True)
def _override_nb(cfg, st_seat, st_kind, own, kind, count, key, old):
    """:func:`_can_override_nb` given ``key`` / ``old``, the strengths of the new and of
    the standing declaration, and ``own``: the seat is the standing declaration's."""
    if key < 0:
        return False
    if st_seat < 0:  # BID-1 first declaration; AMB-33 B: pair/triple jokers need a suit
        return not (kind >= LJ and count < FOUR
                    and cfg[DC_JOKER_MODE] == V_JOKER_DECLARATION_ONLY_FOUR_NT)
    if own:  # BID-6 / DEF-20
        if st_kind == kind:
            if cfg[DC_SELF_REINFORCE] == 0:
                return False
        elif cfg[DC_SELF_COUNTER] == 0:
            return False
    if cfg[DC_ALL_HIDDEN] == 1:
        return True  # AMB-35 B: every valid bid is recorded
    rule = cfg[DC_RULE]
    if rule == V_BID_OVERRIDE_RULE_FIRST_WINS:  # AMB-42 C
        return False
    if rule == V_BID_OVERRIDE_RULE_LAST_WINS:  # AMB-42 B
        return True
    return not (old >= 0 and key <= old)  # BID-2 / AMB-42 A: strictly stronger


@njit(cache=True)
def _can_override_nb(cfg, level, st_seat, st_kind, st_count, seat, kind, count):
    key = _strength_nb(cfg, level, kind, count)
    old = _strength_nb(cfg, level, st_kind, st_count)
    return _override_nb(cfg, st_seat, st_kind, st_seat == seat, kind, count, key, old)


@njit(cache=True)
def declaration_strength_nb(sw, level, kind, count):
    """``declaration_strength`` as an int (-1 = None); see the module docstring."""
    return _strength_nb(bid_config_nb(sw), level, kind, count)


@njit(cache=True)
def can_override_nb(sw, level, st_seat, st_kind, st_count, seat, kind, count):
    """``can_override(...)[0]``: may ``(seat, kind, count)`` be shown over the standing one?"""
    return _can_override_nb(bid_config_nb(sw), level, st_seat, st_kind, st_count, seat,
                            kind, count)


@njit(cache=True)
def trump_after_nb(sw, current, kind, count):
    """``trump_after`` (BID-1, BID-5, AMB-33); ``current`` and the result use -1 for None.

    The options never carry a four-joker ``choice``, so four jokers give no-trump.
    """
    if kind < LJ:
        return kind // 13
    mode = reading_nb(sw, SW_JOKER_DECLARATION)
    if mode == V_JOKER_DECLARATION_ANY_JOKER_NT:
        return NT
    if count >= FOUR:
        return NT
    if mode == V_JOKER_DECLARATION_FOUR_CHOOSE:
        return NT
    return current  # AMB-33 B: pair/triple jokers keep the suit


@njit(cache=True)
def resolve_hidden_bids_nb(log, n):
    """AMB-35 B: row of ``log[:n]`` (columns seat, kind, count, ...) with the most cards,
    earliest on ties; -1 when ``n == 0``."""
    best = -1
    for i in range(n):
        if best < 0 or log[i, 2] > log[best, 2]:
            best = i
    return best


@njit(cache=True)
def declaration_options_nb(sw, level, counts, seat, st_seat, st_kind, st_count,
                           out_kind, out_count):
    """``_declaration_options``: legal declarations of ``seat`` holding ``counts`` (BID-2, BID-3,
    BID-4, BID-5, BID-6,
    AMB-42), kinds ascending then count ascending; returns how many."""
    cfg = bid_config_nb(sw)
    n = 0
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, counts[k] + 1):
            if _can_override_nb(cfg, level, st_seat, st_kind, st_count, seat, k, c):
                out_kind[n] = k
                out_count[n] = c
                n += 1
    return n


# The hot deal loop asks after every dealt card how many options the receiving seat has.
# Those depend only on the seat's counts of the six biddable kinds (slots 0..3: the level
# card of suit s, 4: LJ, 5: BJ) and on the standing declaration, so per standing
# declaration ``declaration_mask_nb`` packs which counts of which slot are legal into one
# int64, bit ``MASK_SEAT * t + 4 * s + c - 1`` for count c (1..4, DECK-2: at most 4 decks)
# of slot s, t = 1 for the standing declaration's own seat (BID-6 / DEF-20), 0 for the
# others. A seat's option count is then a sum of mask bits, and grows by at most one bit
# when it is dealt a card of one slot.

MASK_SEAT = 24  # 6 slots x 4 counts


@njit(cache=True, _nrt=False)
def slot_kind_nb(level, s):
    """Kind of biddable slot ``s`` (0..3 the level card of suit s, 4 LJ, 5 BJ)."""
    return s * 13 + level if s < 4 else LJ + s - 4


@njit(cache=True, _nrt=False)
def slot_of_nb(level, k):
    """Biddable slot of kind ``k`` (see :func:`slot_kind_nb`), -1 for the other kinds."""
    if k >= LJ:
        return 4 + k - LJ
    return k // 13 if k % 13 == level else -1


@njit(cache=True, _nrt=False)
def declaration_mask_nb(cfg, level, st_seat, st_kind, st_count):
    """The legal (slot, count) pairs under the standing declaration, for its own seat and
    for another one, as a bit mask (see above)."""
    old = _strength_nb(cfg, level, st_kind, st_count)
    mask = np.int64(0)
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, FOUR + 1):
            key = _strength_nb(cfg, level, k, c)
            for t in range(2):
                if _override_nb(cfg, st_seat, st_kind, t == 1, k, c, key, old):
                    mask |= np.int64(1) << (MASK_SEAT * t + 4 * s + c - 1)
    return mask


@njit(cache=True, _nrt=False)
def legal_bit_nb(mask, t, s, c):
    """1 if count ``c`` of slot ``s`` is legal in ``mask`` for ``t``, else 0."""
    return (mask >> (MASK_SEAT * t + 4 * s + c - 1)) & 1


@njit(cache=True, _nrt=False)
def seat_option_count_nb(level, mask, t, hands, seat):
    """Number of :func:`declaration_options_nb` of ``seat`` holding ``hands[seat]``; ``t``
    = 1 iff it holds the standing declaration."""
    n = 0
    for s in range(6):
        for c in range(1, hands[seat, slot_kind_nb(level, s)] + 1):
            n += legal_bit_nb(mask, t, s, c)
    return n


@njit(cache=True, _nrt=False)
def nth_declaration_nb(level, mask, t, hands, seat, i):
    """Option ``i`` of :func:`declaration_options_nb` (kinds ascending, then count
    ascending) as ``(kind, count)``; ``(-1, 0)`` past the end."""
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, hands[seat, k] + 1):
            if legal_bit_nb(mask, t, s, c):
                if i == 0:
                    return k, c
                i -= 1
    return -1, 0


@njit(cache=True, _nrt=False)
def declarations_into_nb(level, mask, t, hands, seat, out_kind, out_count):
    """Every option of :func:`nth_declaration_nb` in one pass, in its order, into
    ``out_kind/out_count``; returns how many."""
    n = 0
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, hands[seat, k] + 1):
            if legal_bit_nb(mask, t, s, c):
                out_kind[n] = k
                out_count[n] = c
                n += 1
    return n


# ---------------------------------------------------------------- nobody declares (BID-8)


@njit(cache=True)
def mod4_number_nb(sw, k):
    """BID-9 / AMB-31: ``mod4_number``; jokers are 52 / 53 in every numbering."""
    if k >= LJ:
        return k
    a_first = (k % 13 + 1) % 13
    numbering = reading_nb(sw, SW_MOD4_NUMBERING)
    if numbering == V_MOD4_NUMBERING_DECK_INDEX:
        return (k // 13) * 13 + a_first
    if numbering == V_MOD4_NUMBERING_RANK_INDEX:
        return a_first
    return a_first + 1  # face_value


@njit(cache=True)
def mod4_seat_nb(sw, k):
    """BID-9 / AMB-31: ``mod4_seat``, the seat of table ``number(k) % 4``; the tables of 000
    l.67 run clockwise, against the play order: table t is seat ``-t % 4`` (TABLE_SEAT)."""
    return (4 - mod4_number_nb(sw, k) % 4) % 4


@njit(cache=True)
def pip_count_seat_nb(sw, k):
    """AMB-45 A: ``pip_count_seat``, the pips counted in play order from seat 0."""
    return mod4_number_nb(sw, k) % 4


@njit(cache=True)
def _card_trump_nb(k):
    return NT if k >= LJ else k // 13


@njit(cache=True)
def no_declaration_nb(sw, level, kitty, n_kitty, hand_number):
    """``no_declaration`` (BID-8, DEF-25, AMB-30, AMB-45): ``(redeal, trump, dealer_seat)``
    with -1 for an undetermined trump / no dealer chosen; ``kitty[:n_kitty]`` in deal order
    (a rule that turns the kitty needs ``n_kitty >= 1``)."""
    mode = sw[SW_NO_DECLARATION]
    if mode == V_NO_DECLARATION_SPADES:
        return False, 0, -1  # JJ4 (002 l.28)
    if mode == V_NO_DECLARATION_CZ4_KITTY:
        sub = reading_nb(sw, SW_CZ4_NO_BID)
        if sub == V_CZ4_NO_BID_LINE39:  # AMB-30 A
            if hand_number == 1:
                return True, -1, -1
            return False, _card_trump_nb(kitty[0]), -1
        rank = level if sub == V_CZ4_NO_BID_LINE67_LEVEL_CARD else LITERAL_TEN  # AMB-30 B1/B2
        trump = _card_trump_nb(kitty[0])
        for i in range(n_kitty):
            k = kitty[i]
            if k < LJ and k % 13 == rank:
                trump = k // 13
                break
        dealer = mod4_seat_nb(sw, kitty[0]) if hand_number == 1 else -1
        return False, trump, dealer
    if mode == V_NO_DECLARATION_STD2_FLIP:
        sub = reading_nb(sw, SW_STD2_NO_BID)
        if sub == V_STD2_NO_BID_REDEAL:  # AMB-45 C
            return True, -1, -1
        if sub == V_STD2_NO_BID_FLIP_FOR_DEALER:  # AMB-45 A: trump left open
            dealer = pip_count_seat_nb(sw, kitty[0]) if hand_number == 1 else -1
            return False, -1, dealer
        dealer = mod4_seat_nb(sw, kitty[0]) if hand_number == 1 else -1  # AMB-45 B: BID-9
        return False, _card_trump_nb(kitty[0]), dealer
    return True, -1, -1  # DEF-25: redeal


@njit(cache=True)
def hand1_dealer_nb(sw, first_seat, standing_seat):
    """BID-7 / AMB-46: the hand-1 dealer after declarations."""
    if sw[SW_HAND1_DEALER] == V_HAND1_DEALER_FIRST_TURNER:
        return first_seat
    return standing_seat


# ------------------------------------------------------------------------- 炒底 (CHAO-*)

CC_LADDER = 8
CC_CHAODI = 9
CC_AFTER_FLIP = 10
CC_SELF_AFTER = 11


@njit(cache=True)
def chao_config_nb(sw):
    """The declaration switches (``DC_*``) and the 炒 switches (``CC_*``) as ints."""
    b = bid_config_nb(sw)
    ladder = reading_nb(sw, SW_CHAODI_LADDER)
    return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], np.int64(ladder),
            np.int64(sw[SW_CHAODI]), np.int64(sw[SW_CHAODI_AFTER_KITTY_FLIP]),
            np.int64(sw[SW_CHAODI_SELF_AFTER_OTHER]))


@njit(cache=True)
def _line68_rung_nb(decks, level, kind, count):
    """AMB-29 B rung (1..7) as ``2 * r + b`` (-1 = not eligible; CHAO-2: a single never
    炒s, rung 0 "single L" is only what may stand)."""
    if count < 1 or count > decks:
        return -1
    if kind >= LJ:
        if count == 2:
            return 2 * (6 if kind == BJ else 5)
        if count == 4:
            return 2 * TOP_RUNG + (1 if kind == BJ else 0)
        return -1
    if kind % 13 != level or count != 2:
        return -1  # CHAO-2: only a pair 炒s; triples and quads are not on l.68
    return 2 * (4 - kind // 13)  # PAIR_RUNG: S 4, H 3, C 2, D 1


@njit(cache=True)
def _chao_strength_nb(cfg, level, kind, count):
    ladder = cfg[CC_LADDER]
    if ladder == V_CHAODI_LADDER_FANZHU_TIERS:
        return _strength_nb(cfg, level, kind, count)
    key = _line68_rung_nb(cfg[DC_DECKS], level, kind, count)
    if key < 0 or ladder == V_CHAODI_LADDER_LINE68_ASCENDING:
        return key
    r = key // 2
    b = key % 2
    return 2 * (TOP_RUNG - r) + 1 - b  # line68_descending: (7 - r, -b)


@njit(cache=True)
def _standing_strength_nb(cfg, level, st_seat, st_kind, st_count):
    """What a 炒 must beat (-1: nothing, or a standing single under a line-68 ladder, which
    any pair overrides: CHAO-2, ``BELOW_EVERY_CHAO``); l.68 "as pairs only" for triples and
    quads."""
    if st_seat < 0:
        return -1
    if cfg[CC_LADDER] != V_CHAODI_LADDER_FANZHU_TIERS and st_count == 1:
        return -1  # CHAO-2: any pair overrides a single
    key = _chao_strength_nb(cfg, level, st_kind, st_count)
    if key < 0 and st_count >= 3 and not (st_kind >= LJ and st_count == 4):
        key = _chao_strength_nb(cfg, level, st_kind, 2)
    return key


@njit(cache=True)
def _may_chaodi_nb(cfg, st_seat, seat, declarer, someone_else, kitty_flip):
    """The seat conditions of :func:`_can_chaodi_nb`, whatever the cards."""
    if cfg[CC_CHAODI] == 0:
        return False
    if kitty_flip and cfg[CC_AFTER_FLIP] == 0:  # CHAO-6
        return False
    if seat == declarer:  # CHAO-5
        if not someone_else or cfg[CC_SELF_AFTER] == 0:
            return False
    return not (st_seat >= 0 and st_seat == seat)  # DEF-21: not over one's own cards


@njit(cache=True)
def _can_chaodi_nb(cfg, level, st_seat, st_kind, st_count, seat, kind, count, declarer,
                   someone_else, kitty_flip):
    if not _may_chaodi_nb(cfg, st_seat, seat, declarer, someone_else, kitty_flip):
        return False
    key = _chao_strength_nb(cfg, level, kind, count)
    if key < 0:
        return False
    old = _standing_strength_nb(cfg, level, st_seat, st_kind, st_count)
    return not (old >= 0 and key <= old)


@njit(cache=True)
def chaodi_strength_nb(sw, level, kind, count):
    """``chaodi_strength`` (CHAO-2, AMB-29) as an int (-1 = None)."""
    return _chao_strength_nb(chao_config_nb(sw), level, kind, count)


@njit(cache=True)
def can_chaodi_nb(sw, level, st_seat, st_kind, st_count, seat, kind, count, declarer,
                  someone_else, kitty_flip):
    """``can_chaodi(...)[0]`` (CHAO-1, CHAO-2, CHAO-5, CHAO-6); ``declarer`` -1 = None."""
    return _can_chaodi_nb(chao_config_nb(sw), level, st_seat, st_kind, st_count, seat,
                          kind, count, declarer, someone_else, kitty_flip)


@njit(cache=True)
def chaodi_options_nb(sw, level, counts, seat, st_seat, st_kind, st_count, declarer,
                      someone_else, kitty_flip, out_kind, out_count):
    """``_chaodi_options``: legal 炒 of ``seat``, kinds ascending then count ascending
    (:func:`_can_chaodi_nb` with its seat test and the standing strength hoisted)."""
    cfg = chao_config_nb(sw)
    if not _may_chaodi_nb(cfg, st_seat, seat, declarer, someone_else, kitty_flip):
        return 0
    old = _standing_strength_nb(cfg, level, st_seat, st_kind, st_count)
    n = 0
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, counts[k] + 1):
            key = _chao_strength_nb(cfg, level, k, c)
            if key >= 0 and not (old >= 0 and key <= old):
                out_kind[n] = k
                out_count[n] = c
                n += 1
    return n


@njit(cache=True)
def chaodi_effect_nb(sw, kind, count, seat, hand_number):
    """``chaodi_effect`` (CHAO-3, AMB-32) without a four-joker choice: (trump, new dealer
    or -1 = the dealer stays)."""
    trump = kind // 13 if kind < LJ else NT
    moves = sw[SW_CHAODI_MOVES_DEALER] != V_CHAODI_MOVES_DEALER_NEVER and hand_number == 1
    return trump, (seat if moves else -1)
