"""Declaring trump and 炒底 as kernels (BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8,
BID-9, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6, AMB-29, AMB-30, AMB-31, AMB-32, AMB-33, AMB-35,
AMB-42, AMB-45, AMB-46, AMB-50, AMB-51;
DEF-20, DEF-24, DEF-25), equal to :mod:`shengji_sim.rules.bidding` and
:mod:`shengji_sim.rules.chaodi`.

Representation
--------------
A declaration (or a 炒) is ``(seat, kind, count)``: ``count`` identical cards of ``kind``,
plus ``choice``, the trump four jokers choose (0..3, 4 = no-trump; AMB-33 C for a
declaration, CHAO-3 for a 炒; -1 for every other). Four jokers that choose are
:data:`N_CHOICES` options, one per choice in the reference's order (♠ ♥ ♣ ♦, then NT:
``TRUMP_CHOICES``). "None" is -1 throughout: no standing declaration is ``st_seat == -1``,
an undetermined trump is -1, "the dealer stays" is -1. The reference's strength tuples
become ints whose order is the tuples' order (within one variant):

* declaration ladder (BID-1, BID-3) ``(n, j)`` -> ``3 * n + j`` (j: 0 level card, 1 LJ, 2 BJ);
  hidden (BID-4) ``(n,)`` -> ``3 * n``; first_two (ONE1 BID-1) ``(1,)`` -> ``3``.
* 炒 ladder (AMB-29): fanzhu_tiers as above; line68 rung ``(r, b)`` -> ``2 * r + b``;
  line68_descending ``(7 - r, -b)`` -> ``2 * (7 - r) + 1 - b``. A single has no 炒 key under
  any ladder (CHAO-2). AMB-51 B's standing triple or quad is ``2 * 6 + 1`` (the reference's
  ``ABOVE_EVERY_PAIR`` (6, 1)); under AMB-51 C a standing triple or quad and the 炒 over it
  are both declaration-ladder keys (:func:`_on_tiers_nb`).

Not a declaration / not eligible is -1 (every valid key is >= 0, so "key <= old" with
``old == -1`` is never true, which is the reference's "old is None"). A standing single is
-1 too: the reference's ``BELOW_EVERY_CHAO``, which every 炒 beats.
Option lists are written to ``out_kind`` / ``out_count`` / ``out_choice`` (length >=
:data:`MAX_OPTIONS`) in the reference's order (kinds ascending, then count ascending, then
the choice); the kernels return how many they wrote. The deal loop does not list options:
it counts them from a bit mask of the legal (biddable kind, count) pairs
(:func:`declaration_mask_nb`) and looks up only the one chosen.

After the last dealt card the window (DEF-24, AMB-50) is :func:`window_open_nb`; under
AMB-50 C a declaration there must be strictly stronger than the one standing, whatever
AMB-42 and AMB-35 say (:func:`after_deal_config_nb`, the reference's ``_after_deal_rule``).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    NA,
    SW_BID_METHOD,
    SW_BID_OVERRIDE_RULE,
    SW_CHAODI,
    SW_CHAODI_AFTER_KITTY_FLIP,
    SW_CHAODI_LADDER,
    SW_CHAODI_MOVES_DEALER,
    SW_CHAODI_OVER_SET,
    SW_CHAODI_SELF_AFTER_OTHER,
    SW_CZ4_NO_BID,
    SW_DECKS,
    SW_DECLARATION_AFTER_DEAL,
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
    V_CHAODI_OVER_SET_ABOVE_PAIRS,
    V_CHAODI_OVER_SET_TIERS,
    V_CZ4_NO_BID_LINE39,
    V_CZ4_NO_BID_LINE67_LEVEL_CARD,
    V_DECLARATION_AFTER_DEAL_CLOSED,
    V_DECLARATION_AFTER_DEAL_ONE_ROUND,
    V_DECLARATION_AFTER_DEAL_UNTIL_ALL_PASS,
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
ABOVE_EVERY_PAIR = 2 * 6 + 1  # AMB-51 B: above pair BJ (12), below four jokers (14)
N_CHOICES = 5  # AMB-33 C, CHAO-3: four jokers choose ♠ ♥ ♣ ♦ or NT (TRUMP_CHOICES order)
#: 6 biddable kinds x at most 4 copies, four LJ and four BJ as 5 options each: 24 + 2 * 4
MAX_OPTIONS = 32
SEATS = 4
#: AMB-50: declarations after the last dealt card, at most. B asks each seat once; under C
#: each one is strictly stronger than the one standing, and the ladder has at most 12 keys
#: (``3 * count + j``, count 1..4, j 0..2), so at most 12 follow one another.
MAX_AFTER_DEAL = 12


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
def trump_after_nb(sw, current, kind, count, choice):
    """``trump_after`` (BID-1, BID-5, AMB-33); ``current`` and the result use -1 for None;
    ``choice`` the trump four jokers chose under AMB-33 C (-1: none, no-trump)."""
    if kind < LJ:
        return kind // 13
    mode = reading_nb(sw, SW_JOKER_DECLARATION)
    if mode == V_JOKER_DECLARATION_ANY_JOKER_NT:
        return NT
    if count >= FOUR:
        if mode == V_JOKER_DECLARATION_FOUR_CHOOSE and choice >= 0:
            return choice  # AMB-33 C: four jokers choose (000 l.69)
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
def after_deal_config_nb(cfg):
    """The declaration switches after the last dealt card under AMB-50 C: a declaration
    must beat the one standing (``rules.bidding._after_deal_rule``), so AMB-42 B and AMB-35
    B read as strictly stronger; AMB-42 C still refuses every override."""
    rule = cfg[DC_RULE]
    if rule != V_BID_OVERRIDE_RULE_FIRST_WINS:
        rule = np.int64(0)  # AMB-42 A: strictly stronger
    return (cfg[DC_DECKS], cfg[DC_METHOD], cfg[DC_JOKERS], cfg[DC_JOKER_MODE],
            cfg[DC_SELF_REINFORCE], cfg[DC_SELF_COUNTER], np.int64(0), rule)


@njit(cache=True)
def four_choose_nb(cfg):
    """1 when four jokers declared choose the trump (AMB-33 C ``four_choose``), else 0."""
    return 1 if cfg[DC_JOKER_MODE] == V_JOKER_DECLARATION_FOUR_CHOOSE else 0


@njit(cache=True, _nrt=False, inline="always")
def option_weight_nb(choose, s, c):
    """How many options the legal (slot ``s``, count ``c``) pair lists: :data:`N_CHOICES`
    for four jokers that choose the trump (``choose``, a 炒 always: CHAO-3), else 1."""
    return N_CHOICES if choose == 1 and s >= 4 and c == FOUR else 1


@njit(cache=True, _nrt=False)
def _write_options_nb(n, k, c, choose, out_kind, out_count, out_choice):
    """Option(s) of ``c`` cards of kind ``k`` at ``out_*[n:]``: one, or one per trump
    choice of four jokers (:func:`option_weight_nb`); returns the new count."""
    if choose == 1 and k >= LJ and c == FOUR:
        for t in range(N_CHOICES):
            out_kind[n + t] = k
            out_count[n + t] = c
            out_choice[n + t] = t
        return n + N_CHOICES
    out_kind[n] = k
    out_count[n] = c
    out_choice[n] = -1
    return n + 1


@njit(cache=True)
def declaration_options_nb(sw, level, counts, seat, st_seat, st_kind, st_count,
                           out_kind, out_count, out_choice, after_deal=False):
    """``_declaration_options``: legal declarations of ``seat`` holding ``counts`` (BID-2, BID-3,
    BID-4, BID-5, BID-6,
    AMB-42, AMB-50), kinds ascending then count ascending, then the choice of four jokers
    (AMB-33 C); returns how many."""
    cfg = bid_config_nb(sw)
    if after_deal and (reading_nb(sw, SW_DECLARATION_AFTER_DEAL)
                       == V_DECLARATION_AFTER_DEAL_UNTIL_ALL_PASS):
        cfg = after_deal_config_nb(cfg)
    choose = four_choose_nb(cfg)
    n = 0
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, counts[k] + 1):
            if _can_override_nb(cfg, level, st_seat, st_kind, st_count, seat, k, c):
                n = _write_options_nb(n, k, c, choose, out_kind, out_count, out_choice)
    return n


@njit(cache=True, _nrt=False)
def window_open_nb(mode, asked, passes):
    """``declaration_window_open`` after the last dealt card (DEF-24, AMB-50): ``asked``
    seats asked since, ``passes`` in a row since the last declaration. A closes, B asks each
    seat once, C until every seat has passed since the last declaration."""
    if mode == V_DECLARATION_AFTER_DEAL_CLOSED:
        return False
    if mode == V_DECLARATION_AFTER_DEAL_ONE_ROUND:
        return asked < SEATS
    return passes < SEATS


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
def seat_option_count_nb(level, mask, t, hands, seat, choose):
    """Number of :func:`declaration_options_nb` of ``seat`` holding ``hands[seat]``; ``t``
    = 1 iff it holds the standing declaration; ``choose``: :func:`four_choose_nb`."""
    n = 0
    for s in range(6):
        for c in range(1, hands[seat, slot_kind_nb(level, s)] + 1):
            n += legal_bit_nb(mask, t, s, c) * option_weight_nb(choose, s, c)
    return n


@njit(cache=True, _nrt=False)
def nth_declaration_nb(level, mask, t, hands, seat, i, choose):
    """Option ``i`` of :func:`declaration_options_nb` (kinds ascending, then count
    ascending, then the choice) as ``(kind, count, choice)``; ``(-1, 0, -1)`` past the end."""
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, hands[seat, k] + 1):
            if legal_bit_nb(mask, t, s, c):
                w = option_weight_nb(choose, s, c)
                if i < w:
                    return k, c, (i if w > 1 else -1)
                i -= w
    return -1, 0, -1


@njit(cache=True, _nrt=False)
def declarations_into_nb(level, mask, t, hands, seat, out_kind, out_count, out_choice,
                         choose):
    """Every option of :func:`nth_declaration_nb` in one pass, in its order, into
    ``out_kind/out_count/out_choice``; returns how many."""
    n = 0
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, hands[seat, k] + 1):
            if legal_bit_nb(mask, t, s, c):
                n = _write_options_nb(n, k, c, choose, out_kind, out_count, out_choice)
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
    """AMB-45 (A and B, its example): ``pip_count_seat``, the number counted in play order
    from seat 0, not by BID-9's clockwise tables."""
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
        dealer = pip_count_seat_nb(sw, kitty[0]) if hand_number == 1 else -1  # AMB-45 example
        if sub == V_STD2_NO_BID_FLIP_FOR_DEALER:  # AMB-45 A: trump left open
            return False, -1, dealer
        return False, _card_trump_nb(kitty[0]), dealer  # AMB-45 B
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
CC_OVER_SET = 12  # AMB-51


@njit(cache=True)
def chao_config_nb(sw):
    """The declaration switches (``DC_*``) and the 炒 switches (``CC_*``) as ints."""
    b = bid_config_nb(sw)
    ladder = reading_nb(sw, SW_CHAODI_LADDER)
    return (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], np.int64(ladder),
            np.int64(sw[SW_CHAODI]), np.int64(sw[SW_CHAODI_AFTER_KITTY_FLIP]),
            np.int64(sw[SW_CHAODI_SELF_AFTER_OTHER]),
            np.int64(reading_nb(sw, SW_CHAODI_OVER_SET)))


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
        if count == 1:
            return -1  # CHAO-2: a single never 炒s
        return _strength_nb(cfg, level, kind, count)
    key = _line68_rung_nb(cfg[DC_DECKS], level, kind, count)
    if key < 0 or ladder == V_CHAODI_LADDER_LINE68_ASCENDING:
        return key
    r = key // 2
    b = key % 2
    return 2 * (TOP_RUNG - r) + 1 - b  # line68_descending: (7 - r, -b)


@njit(cache=True)
def _is_set_nb(st_kind, st_count):
    """A standing triple or quad that l.68 has no rung for (four jokers are its top)."""
    return st_count >= 3 and not (st_kind >= LJ and st_count == FOUR)


@njit(cache=True)
def _on_tiers_nb(cfg, st_seat, st_kind, st_count):
    """AMB-51 C: a standing triple or quad under AMB-29 B is compared on the l.37 tiers."""
    return (st_seat >= 0 and _is_set_nb(st_kind, st_count)
            and cfg[CC_LADDER] == V_CHAODI_LADDER_LINE68_ASCENDING
            and cfg[CC_OVER_SET] == V_CHAODI_OVER_SET_TIERS)


@njit(cache=True)
def _standing_strength_nb(cfg, level, st_seat, st_kind, st_count):
    """What a 炒 must beat (-1: nothing, or a standing single, which any pair overrides:
    CHAO-2, ``BELOW_EVERY_CHAO``); a standing triple or quad by AMB-51 (A its pair, B
    :data:`ABOVE_EVERY_PAIR`; C is :func:`_on_tiers_nb`)."""
    if st_seat < 0 or st_count == 1:
        return -1  # CHAO-2: any pair overrides a single
    key = _chao_strength_nb(cfg, level, st_kind, st_count)
    if key < 0 and _is_set_nb(st_kind, st_count):
        if cfg[CC_LADDER] == V_CHAODI_LADDER_LINE68_ASCENDING and \
                cfg[CC_OVER_SET] == V_CHAODI_OVER_SET_ABOVE_PAIRS:
            return ABOVE_EVERY_PAIR  # AMB-51 B: only four jokers 炒 it
        key = _chao_strength_nb(cfg, level, st_kind, 2)  # AMB-51 A: as its pair
    return key


@njit(cache=True)
def _compared_keys_nb(cfg, level, st_seat, st_kind, st_count, kind, count):
    """``_compared_keys``: (key of the 炒, key it must beat)."""
    if _on_tiers_nb(cfg, st_seat, st_kind, st_count):  # AMB-51 C: l.37 tiers
        return _strength_nb(cfg, level, kind, count), _strength_nb(cfg, level, st_kind,
                                                                  st_count)
    return (_chao_strength_nb(cfg, level, kind, count),
            _standing_strength_nb(cfg, level, st_seat, st_kind, st_count))


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
    key, old = _compared_keys_nb(cfg, level, st_seat, st_kind, st_count, kind, count)
    if key < 0:
        return False
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
                      someone_else, kitty_flip, out_kind, out_count, out_choice):
    """``_chaodi_options``: legal 炒 of ``seat``, kinds ascending then count ascending, four
    jokers once per trump choice (CHAO-3) (:func:`_can_chaodi_nb` with its seat test and
    the standing strength hoisted)."""
    cfg = chao_config_nb(sw)
    if not _may_chaodi_nb(cfg, st_seat, seat, declarer, someone_else, kitty_flip):
        return 0
    tiers = _on_tiers_nb(cfg, st_seat, st_kind, st_count)  # AMB-51 C
    if tiers:
        old = _strength_nb(cfg, level, st_kind, st_count)
    else:
        old = _standing_strength_nb(cfg, level, st_seat, st_kind, st_count)
    n = 0
    for s in range(6):
        k = slot_kind_nb(level, s)
        for c in range(1, counts[k] + 1):
            if tiers:
                key = _strength_nb(cfg, level, k, c)
            else:
                key = _chao_strength_nb(cfg, level, k, c)
            if key >= 0 and not (old >= 0 and key <= old):
                n = _write_options_nb(n, k, c, 1, out_kind, out_count, out_choice)
    return n


@njit(cache=True)
def chaodi_effect_nb(sw, kind, count, choice, seat, hand_number):
    """``chaodi_effect`` (CHAO-3, AMB-32): (trump, new dealer or -1 = the dealer stays);
    four jokers give the trump they chose (``choice``, -1: no-trump)."""
    if kind < LJ:
        trump = kind // 13
    elif count >= FOUR and choice >= 0:
        trump = choice  # CHAO-3: four jokers choose (000 l.69)
    else:
        trump = NT
    moves = sw[SW_CHAODI_MOVES_DEALER] != V_CHAODI_MOVES_DEALER_NEVER and hand_number == 1
    return trump, (seat if moves else -1)
