"""The pre-trick phase as kernels: deal and declare (DECK-4, BID-1, BID-2, BID-3, BID-4, BID-5,
BID-6, BID-7, BID-8, BID-9, DEF-11, DEF-24, DEF-25, DEF-29, AMB-50), then the kitty exchange
and 炒底 (KITTY-1, DEF-22, CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5,
CHAO-6, DEF-21), drawing the
same numbers as ``shengji_sim.rules.game`` (``_deal_and_declare`` with its redeal loop and
``_settle_trump``, ``_kitty_exchange``, ``_chaodi``) with ``random`` or ``greedy`` players.

Representation
--------------
Seats 0..3 in play order; ``pkinds[seat]`` is the player: 0 ``random``, 1 ``greedy``, 2
``passive`` (a random player that never declares nor 炒s: no draw there, random burials),
3 ``heuristic`` (:mod:`.heuristic_nb`, its profile row ``params[seat]``).
``levels`` is ``int32[2]`` (per side), ``match_dealer`` -1 before hand 1's dealer is known.
The rng stream is a ``uint64[1]`` (:mod:`shengji_sim.core.base.rng_nb`). Everything the phase
writes is in one :class:`PreTrickBuffers` ``buf`` made once per variant by
:func:`make_buffers` (no allocation per hand):

``cards``   ``int8[54 * decks]`` the last deal's shuffled deck (record ``shuffled``).
``hands``   ``int8[4, 54]`` counts; ``hand_len`` ``int32[4]``.
``kitty``   ``int8[K]`` (K = max(kitty_size, 1)): dealt kitty, then the last burial in the
            order the player returned it.
``decl``    ``int32[MAXD, 6]`` accepted declarations of the last deal: seat, kind, count,
            dealt (cards dealt so far), after the deal (0/1, AMB-50), the trump four
            jokers chose (AMB-33 C; -1 otherwise); ``info[I_N_DECL]`` rows. MAXD =
            ``4 * hand_size + MAX_AFTER_DEAL``: one per dealt card at most, and at most
            ``bidding_nb.MAX_AFTER_DEAL`` after the last card.
``bur_seat`` ``int8[MAXB]`` / ``bur_cards`` ``int8[MAXB, K]`` burials, cards in the order
            the player returned them (the record's ``burials`` sorts them);
            ``info[I_N_BUR]`` rows.
``chao``    ``int32[MAXB, 6]`` 炒 events: seat, kind, count, trump, dealer after it, the
            trump four jokers chose (CHAO-3; -1 otherwise);
            event ``i`` buried ``bur_*[i + 1]``; ``info[I_N_CHAO]`` rows.
``info``    ``int32[N_INFO]`` scalars at the ``I_*`` indices below (-1 = None).
``params``  ``int32[4, N_PARAMS]`` each heuristic seat's profile row (``api.profile_params``).

Trumps are 0..3 or 4 (NT). The level of the hand is the dealer side's (``levels[0]`` while
the dealer is unknown), recomputed whenever the dealer changes, as ``HandState.level``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import (
    LJ,
)
from shengji_sim.core.base.errors import (
    STATUS_NO_TRUMP,
    STATUS_OK,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import (
    below_nb,
    hand_seed_nb,
    random_multiset_nb,
    shuffle_nb,
)
from shengji_sim.core.base.switches import (
    SW_BID_METHOD,
    SW_CHAODI,
    SW_DEAL_ORDER,
    SW_DECLARATION_AFTER_DEAL,
    SW_HAND_SIZE,
    SW_JJ4_BID_VISIBILITY,
    SW_KITTY_SIZE,
    SW_NO_DECLARATION,
    V_BID_METHOD_HIDDEN,
    V_DEAL_ORDER_RANDOM_EACH_HAND,
    V_DEAL_ORDER_RANDOM_FIRST_THEN_DEALER,
    V_DECLARATION_AFTER_DEAL_UNTIL_ALL_PASS,
    V_JJ4_BID_VISIBILITY_ALL_HIDDEN,
    V_NO_DECLARATION_SPADES,
    reading_nb,
)
from shengji_sim.core.players.greedy_nb import (
    GREEDY,
    greedy_burial_nb,
    greedy_choose_nb,
    greedy_declares_nb,
)
from shengji_sim.core.players.heuristic_declare_bury_nb import (
    heuristic_bury_nb,
    heuristic_choose_nb,
    heuristic_declare_nb,
    trump_scores_step_nb,
)
from shengji_sim.core.players.heuristic_nb import HEURISTIC
from shengji_sim.core.players.profile_columns import N_PARAMS
from shengji_sim.core.players.random_nb import PASSIVE, RANDOM, random_choose_nb
from shengji_sim.core.rules.bidding_nb import (
    MAX_AFTER_DEAL,
    MAX_OPTIONS,
    NT,
    after_deal_config_nb,
    bid_config_nb,
    chaodi_effect_nb,
    chaodi_options_nb,
    declaration_mask_nb,
    four_choose_nb,
    hand1_dealer_nb,
    legal_bit_nb,
    no_declaration_nb,
    nth_declaration_nb,
    option_weight_nb,
    seat_option_count_nb,
    slot_of_nb,
    trump_after_nb,
    window_open_nb,
)

MAX_REDEALS = 1000  # game.MAX_REDEALS
MAX_BURIALS = 40  # 1 + 炒 events; each 炒 is strictly stronger, so at most ~16 happen

# info indices
I_STATUS = 0  # 0 ok, 1 no trump after MAX_REDEALS redeals
I_REDEALS = 1
I_FIRST = 2  # first recipient
I_STEP = 3  # deal step (+1 / -1)
I_TRUMP = 4  # current trump
I_DEALER = 5  # current dealer
I_DECLARER = 6  # standing declaration's seat at settlement (-1: nobody declared)
I_KITTY_FLIP = 7
I_N_DECL = 8
I_TRUMP_DECLARED = 9
I_DEALER_DECLARED = 10
I_HOLDER = 11  # buried_by: the last seat that buried
I_N_BUR = 12
I_N_CHAO = 13
I_LEVEL = 14  # level of the hand (dealer side's), current
N_INFO = 16


class PreTrickBuffers(NamedTuple):
    cards: np.ndarray
    hands: np.ndarray
    hand_len: np.ndarray
    kitty: np.ndarray
    decl: np.ndarray
    bur_seat: np.ndarray
    bur_cards: np.ndarray
    chao: np.ndarray
    info: np.ndarray
    opt_kind: np.ndarray  # int32[4, MAX_OPTIONS] scratch: 炒 options (row 0)
    opt_count: np.ndarray  # int32[4, MAX_OPTIONS] scratch: their counts
    opt_choice: np.ndarray  # int32[4, MAX_OPTIONS] scratch: their four-joker choices
    opt_n: np.ndarray  # int32[4]: each seat's number of declaration options during the deal
    suf: np.ndarray  # int64[55, K + 1] scratch: multiset counts of suffixes
    bkinds: np.ndarray  # int16[54] scratch: kinds in strongest-first order
    bkeys: np.ndarray  # int64[54] scratch: greedy burial keys
    stand: np.ndarray  # int32[6] scratch: standing declaration during the deal
    params: np.ndarray  # int32[4, N_PARAMS]: each heuristic seat's profile (heuristic_nb)
    tscore: np.ndarray  # int32[4, 5]: a heuristic seat's trump score per suit, as dealt


@njit(cache=True, _nrt=True)
def alloc_pre_trick_buffers_nb(decks, hand_size, kitty_size):
    """:class:`PreTrickBuffers` for a deck count, hand size and kitty size."""
    k = max(kitty_size, 1)
    maxd = 4 * hand_size + MAX_AFTER_DEAL
    return PreTrickBuffers(
        np.zeros(54 * decks, np.int8), np.zeros((4, 54), np.int8), np.zeros(4, np.int32),
        np.zeros(k, np.int8), np.zeros((maxd, 6), np.int32), np.zeros(MAX_BURIALS, np.int8),
        np.zeros((MAX_BURIALS, k), np.int8), np.zeros((MAX_BURIALS, 6), np.int32),
        np.zeros(N_INFO, np.int32), np.zeros((4, MAX_OPTIONS), np.int32),
        np.zeros((4, MAX_OPTIONS), np.int32), np.zeros((4, MAX_OPTIONS), np.int32),
        np.zeros(4, np.int32),
        np.zeros((55, kitty_size + 1), np.int64),
        np.zeros(54, np.int16), np.zeros(54, np.int64), np.zeros(6, np.int32),
        np.zeros((4, N_PARAMS), np.int32), np.zeros((4, 5), np.int32))


@njit(cache=True, _nrt=False)
def level_of_nb(levels, dealer):
    """``HandState.level``: the dealer side's level; side 0's before hand 1's dealer."""
    return levels[0] if dealer < 0 else levels[dealer % 2]


@njit(cache=True, _nrt=False)
def _deal_once_nb(sw, state, levels, match_dealer, hand_number, pkinds, skilled, buf):
    """One ``_deal_and_declare``; False when the hand must be redealt (BID-8).

    One loop deals the cards, asking the receiver after each (DEF-24), then asks the seats
    in play order from the seat after the last card's while the window is open
    (``_declare_after_deal``, :func:`~.bidding_nb.window_open_nb`: DEF-24, AMB-50).
    ``_offer_declaration`` is :func:`_ask_nb`, inlined at its one call. ``stand`` = seat,
    kind, count of the standing declaration, current open trump, first accepted seat,
    number accepted. ``_declaration_options`` is a pure function of the seat's level cards
    and jokers and of the standing declaration, so only its length is kept per seat
    (``opt_n``), updated from ``legal`` (:func:`declaration_mask_nb`, rebuilt when the
    standing declaration changes, and at the last card under AMB-50 C, where a declaration
    must beat the one standing) when the seat is dealt a level card or a joker; the chosen
    option is looked up only when the player declares.
    """
    info = buf.info
    cards = buf.cards
    hands = buf.hands
    hand_len = buf.hand_len
    opt_n = buf.opt_n
    stand = buf.stand
    total = cards.shape[0]
    for i in range(total):  # cards.deck: decks x kinds 0..53
        cards[i] = i % 54
    shuffle_nb(state, cards)
    if sw[SW_DEAL_ORDER] == V_DEAL_ORDER_RANDOM_EACH_HAND or match_dealer < 0:
        first = below_nb(state, 4)
    else:
        first = match_dealer
    step = -1 if sw[SW_DEAL_ORDER] == V_DEAL_ORDER_RANDOM_FIRST_THEN_DEALER else 1
    info[I_FIRST] = first
    info[I_STEP] = step
    hands[:, :] = 0
    hand_len[:] = 0
    buf.tscore[:, :] = 0
    stand[0] = -1
    stand[1] = -1
    stand[2] = 0
    stand[3] = -1
    stand[4] = -1
    stand[5] = 0
    n_decl = 0
    cfg = bid_config_nb(sw)
    choose = four_choose_nb(cfg)
    window = reading_nb(sw, SW_DECLARATION_AFTER_DEAL)
    level = level_of_nb(levels, match_dealer)
    dealt = 4 * sw[SW_HAND_SIZE]
    n_kitty = total - dealt
    legal = declaration_mask_nb(cfg, level, -1, -1, 0)
    opt_n[:] = 0
    seat = (first - step) % 4
    i = 0
    asked = 0
    passes = 0
    while True:
        after_deal = i >= dealt
        if not after_deal:  # DECK-4, DEF-11: one card at a time; declare after each (DEF-24)
            seat = (seat + step) % 4
            k = cards[i]
            hands[seat, k] += 1
            hand_len[seat] += 1
            if skilled is not None:  # a lane with a greedy or heuristic seat (else pruned)
                if pkinds[seat] == HEURISTIC:  # its trump scores, which its declaring reads
                    trump_scores_step_nb(buf.tscore[seat], level, k, hands[seat, k])
            s = slot_of_nb(level, k)
            if s >= 0:  # one more of a biddable kind: its newly legal count, if any
                t = 1 if seat == stand[0] else 0
                c = hands[seat, k]
                opt_n[seat] += legal_bit_nb(legal, t, s, c) * option_weight_nb(choose, s, c)
            now = i + 1
            i += 1
        else:  # DEF-24 / AMB-50: after the last card, while the window is open
            if i == dealt:
                i += 1
                for j in range(n_kitty):
                    buf.kitty[j] = cards[dealt + j]
                passes = 0
                if window == V_DECLARATION_AFTER_DEAL_UNTIL_ALL_PASS:  # beat the standing
                    cfg = after_deal_config_nb(cfg)
                    legal = declaration_mask_nb(cfg, level, stand[0], stand[1], stand[2])
                    for q in range(4):
                        opt_n[q] = seat_option_count_nb(level, legal,
                                                        1 if q == stand[0] else 0, hands, q,
                                                        choose)
            if not window_open_nb(window, asked, passes):
                break
            seat = (seat + 1) % 4  # play order from the seat after the last card's
            now = dealt
            asked += 1
        declared, legal, n_decl = _ask_nb(sw, cfg, state, level, pkinds, skilled, buf, seat,
                                          now, after_deal, legal, n_decl, choose)
        passes = 0 if declared else passes + 1
    info[I_N_DECL] = n_decl
    return _settle_nb(sw, levels, match_dealer, hand_number, first, n_kitty, level, buf,
                      stand)


@njit(cache=True, _nrt=False, inline="always")
def _ask_nb(sw, cfg, state, level, pkinds, skilled, buf, seat, now, after_deal, legal,
            n_decl, choose):
    """``_offer_declaration``: ``seat`` (``opt_n[seat]`` options under the mask ``legal``)
    declares or passes; a declaration is logged in ``decl`` (dealt ``now``, after the deal
    or not) and becomes the standing one where the rules say so (AMB-35). Returns
    (declared, the new ``legal``, the new number of declarations)."""
    hands = buf.hands
    stand = buf.stand
    opt_n = buf.opt_n
    n = opt_n[seat]
    if n == 0 or pkinds[seat] == PASSIVE:
        return False, legal, n_decl
    t = 1 if seat == stand[0] else 0
    if pkinds[seat] == RANDOM:  # below(count + 1); count = pass
        c = below_nb(state, n + 1)
        if c == n:
            return False, legal, n_decl
        kind, count, choice = nth_declaration_nb(level, legal, t, hands, seat, c, choose)
    elif skilled is None:  # a lane of random and passive seats: the rest is pruned by type
        return False, legal, n_decl
    elif pkinds[seat] == HEURISTIC:  # its profile's rule (heuristic_nb)
        last = buf.decl[n_decl - 1, 0] if n_decl > 0 else -1  # the last shown (public)
        c = heuristic_declare_nb(buf.params[seat], level, legal, t, hands, seat,
                                 buf.hand_len[seat], sw[SW_HAND_SIZE], last, buf.opt_kind[1],
                                 buf.opt_count[1], buf.opt_choice[1], choose,
                                 buf.tscore[seat])
        if c < 0:
            return False, legal, n_decl
        kind, count, choice = buf.opt_kind[1, c], buf.opt_count[1, c], buf.opt_choice[1, c]
    else:  # greedy: its strongest option when a quarter of its hand is in that suit
        kind, count, choice = nth_declaration_nb(level, legal, t, hands, seat, n - 1, choose)
        if not greedy_declares_nb(hands[seat], buf.hand_len[seat], level, kind):
            return False, legal, n_decl
    if stand[5] == 0:
        stand[4] = seat
    stand[5] += 1
    hidden = sw[SW_BID_METHOD] == V_BID_METHOD_HIDDEN
    if hidden:  # AMB-35: all_hidden keeps the most cards (earliest on ties)
        all_hidden = sw[SW_JJ4_BID_VISIBILITY] == V_JJ4_BID_VISIBILITY_ALL_HIDDEN
        replace = not all_hidden or stand[0] < 0 or count > stand[2]
    else:
        stand[3] = trump_after_nb(sw, stand[3], kind, count, choice)
        replace = True
    if replace:  # a new standing declaration: recount every seat's options
        stand[0] = seat
        stand[1] = kind
        stand[2] = count
        legal = declaration_mask_nb(cfg, level, seat, kind, count)
        for q in range(4):
            opt_n[q] = seat_option_count_nb(level, legal, 1 if q == seat else 0, hands, q,
                                            choose)
    decl = buf.decl
    decl[n_decl, 0] = seat
    decl[n_decl, 1] = kind
    decl[n_decl, 2] = count
    decl[n_decl, 3] = now
    decl[n_decl, 4] = 1 if after_deal else 0
    decl[n_decl, 5] = choice
    return True, legal, n_decl + 1


@njit(cache=True, _nrt=False)
def _settle_nb(sw, levels, match_dealer, hand_number, first, n_kitty, level, buf, stand):
    """``_settle_trump``: BID-7 / AMB-46 with a declaration, BID-8 without; when BID-8 names
    no dealer in hand 1 (JJ4, DEF-29) the seat that received the first dealt card deals."""
    info = buf.info
    dealer = match_dealer
    if stand[0] >= 0:
        if sw[SW_BID_METHOD] == V_BID_METHOD_HIDDEN:
            trump = 4 if stand[1] >= LJ else stand[1] // 13
        else:
            trump = stand[3]
        if trump < 0:  # AMB-33 B: a suit that never was
            trump = NT
        if hand_number == 1:
            dealer = hand1_dealer_nb(sw, stand[4], stand[0])
        info[I_DECLARER] = stand[0]
        info[I_KITTY_FLIP] = 0
    else:
        redeal, trump, seat = no_declaration_nb(sw, level, buf.kitty, n_kitty, hand_number)
        if redeal:
            return False
        if trump < 0:  # AMB-45 A: the flipped card's suit (§8.2)
            k = buf.kitty[0]
            trump = NT if k >= LJ else k // 13
        if seat >= 0:
            dealer = seat
        elif dealer < 0:  # DEF-29: hand 1, the first recipient deals
            dealer = first
        info[I_DECLARER] = -1
        info[I_KITTY_FLIP] = 1 if sw[SW_NO_DECLARATION] != V_NO_DECLARATION_SPADES else 0
    info[I_TRUMP] = trump
    info[I_DEALER] = dealer
    info[I_TRUMP_DECLARED] = trump
    info[I_DEALER_DECLARED] = dealer
    info[I_LEVEL] = level_of_nb(levels, dealer)
    return True


@njit(cache=True, _nrt=False)
def deal_and_declare_nb(kt, sw, state, levels, match_dealer, hand_number, pkinds, skilled,
                        buf):
    """``_deal_and_declare`` + ``_settle_trump`` in ``play_hand``'s redeal loop. ``skilled``
    is the lane's greedy candidate buffer (``lane.cand``), ``None`` when no seat is greedy or
    heuristic: Numba then prunes their branches by type, so a lane of random players compiles
    no greedy or heuristic kernel (``tests/integration/test_random_run_kernels.py``).

    Returns the status (``info[I_STATUS]``): 0, or 1 after ``MAX_REDEALS`` redeals.
    """
    info = buf.info
    info[:] = -1
    info[I_REDEALS] = 0
    info[I_N_DECL] = 0
    info[I_N_BUR] = 0
    info[I_N_CHAO] = 0
    for _ in range(MAX_REDEALS):
        if _deal_once_nb(sw, state, levels, match_dealer, hand_number, pkinds, skilled, buf):
            info[I_STATUS] = STATUS_OK
            return STATUS_OK
        info[I_REDEALS] += 1
    info[I_STATUS] = STATUS_NO_TRUMP
    return STATUS_NO_TRUMP


# ------------------------------------------------------------------ kitty and 炒底


@njit(cache=True, _nrt=False)
def _bury_nb(kt, sw, state, pkind, skilled, seat, level, trump, buf):
    """``_bury`` (KITTY-1, DEF-22): ``seat`` takes the kitty and buries as many cards."""
    n = sw[SW_KITTY_SIZE]
    hand = buf.hands[seat]
    for i in range(n):
        hand[buf.kitty[i]] += 1
    buried = False
    if skilled is not None:  # a lane with a greedy or heuristic seat (else pruned by type)
        buried = _skilled_bury_nb(kt, pkind, seat, level, trump, hand, n, buf)
    if not buried:  # random (and passive) seats draw a uniform burial
        random_multiset_nb(kt.kind_at[level, trump], state, hand, n, buf.bkinds, buf.suf,
                          buf.kitty)
    for i in range(n):
        hand[buf.kitty[i]] -= 1
    b = buf.info[I_N_BUR]
    buf.bur_seat[b] = seat
    for i in range(n):
        buf.bur_cards[b, i] = buf.kitty[i]
    buf.info[I_N_BUR] = b + 1


@njit(cache=True, _nrt=False, inline="always")
def _skilled_bury_nb(kt, pkind, seat, level, trump, hand, n, buf):
    """A heuristic or greedy seat's burial into ``buf.kitty``; False for any other seat."""
    if pkind == HEURISTIC:
        heuristic_bury_nb(kt, level, trump, buf.params[seat], hand, n, buf.bkeys, buf.kitty)
        return True
    if pkind == GREEDY:
        greedy_burial_nb(kt.eff[level, trump], kt.power[level, trump], kt.points, hand, n,
                         buf.bkeys, buf.kitty)
        return True
    return False


@njit(cache=True, _nrt=False, inline="always")
def _chaodi_choice_nb(state, pkind, skilled, buf, seat, level, n, hand_size):
    """A seat's 炒 among the ``n`` options in row 0 of ``buf.opt_kind`` (CHAO-2): the index
    or -1 = pass. Greedy and heuristic seats choose only in a lane that has one (``skilled``
    not None; pruned by type otherwise)."""
    if skilled is not None:
        if pkind == HEURISTIC:
            return heuristic_choose_nb(buf.params[seat], buf.hands[seat], buf.hand_len[seat],
                                       hand_size, level, n, buf.opt_kind[0], buf.opt_count[0])
        if pkind == GREEDY:
            return greedy_choose_nb(buf.hands[seat], buf.hand_len[seat], level, n,
                                    buf.opt_kind[0])
    return random_choose_nb(state, pkind, n)


@njit(cache=True, _nrt=False)
def kitty_and_chaodi_nb(kt, sw, state, levels, hand_number, pkinds, skilled, buf):
    """``_kitty_exchange`` + ``_chaodi`` (KITTY-1, CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6,
    DEF-21, AMB-32) after
    :func:`deal_and_declare_nb` on the same ``buf``; returns the status (0)."""
    info = buf.info
    kitty_size = sw[SW_KITTY_SIZE]
    dealer = info[I_DEALER]
    trump = info[I_TRUMP]
    info[I_N_BUR] = 0
    info[I_N_CHAO] = 0
    if kitty_size:
        _bury_nb(kt, sw, state, pkinds[dealer], skilled, dealer, level_of_nb(levels, dealer),
                 trump, buf)
    info[I_HOLDER] = dealer
    if sw[SW_CHAODI] == 0 or kitty_size == 0:
        return STATUS_OK
    holder = dealer
    nd = info[I_N_DECL]
    st_seat = -1
    st_kind = -1
    st_count = 0
    if nd > 0:  # _standing_declaration: the last accepted declaration
        st_seat = buf.decl[nd - 1, 0]
        st_kind = buf.decl[nd - 1, 1]
        st_count = buf.decl[nd - 1, 2]
    declarer = info[I_DECLARER]
    kitty_flip = info[I_KITTY_FLIP] == 1
    someone_else = False
    passes = 0
    seat = dealer
    while passes < 3:
        seat = (seat + 1) % 4
        if seat == holder:
            continue
        level = level_of_nb(levels, dealer)
        n = chaodi_options_nb(sw, level, buf.hands[seat], seat, st_seat, st_kind, st_count,
                              declarer, someone_else, kitty_flip, buf.opt_kind[0],
                              buf.opt_count[0], buf.opt_choice[0])
        i = _chaodi_choice_nb(state, pkinds[seat], skilled, buf, seat, level, n,
                              sw[SW_HAND_SIZE])
        if i < 0:
            passes += 1
            continue
        kind = buf.opt_kind[0, i]
        count = buf.opt_count[0, i]
        choice = buf.opt_choice[0, i]
        trump, new_dealer = chaodi_effect_nb(sw, kind, count, choice, seat, hand_number)
        if new_dealer >= 0:
            dealer = new_dealer
        holder = seat
        st_seat = seat
        st_kind = kind
        st_count = count
        someone_else = someone_else or seat != declarer
        passes = 0
        _bury_nb(kt, sw, state, pkinds[seat], skilled, seat, level_of_nb(levels, dealer), trump,
                 buf)
        c = info[I_N_CHAO]
        buf.chao[c, 0] = seat
        buf.chao[c, 1] = kind
        buf.chao[c, 2] = count
        buf.chao[c, 3] = trump
        buf.chao[c, 4] = dealer
        buf.chao[c, 5] = choice
        info[I_N_CHAO] = c + 1
    info[I_TRUMP] = trump
    info[I_DEALER] = dealer
    info[I_HOLDER] = holder
    info[I_LEVEL] = level_of_nb(levels, dealer)
    return STATUS_OK


@njit(cache=True, _nrt=False)
def pre_trick_nb(kt, sw, state, levels, match_dealer, hand_number, pkinds, skilled, buf):
    """The whole pre-trick phase: :func:`deal_and_declare_nb` then
    :func:`kitty_and_chaodi_nb` (``skilled``: as there); returns the status."""
    status = deal_and_declare_nb(kt, sw, state, levels, match_dealer, hand_number, pkinds,
                                 skilled, buf)
    if status != STATUS_OK:
        return status
    return kitty_and_chaodi_nb(kt, sw, state, levels, hand_number, pkinds, skilled, buf)


@njit(cache=True, _nrt=False)
def pre_trick_batch_nb(kt, sw, root, start, count, levels, match_dealer, hand_number,
                       pkinds, skilled, buf, state, out):
    """Hands ``start .. start + count - 1`` of root seed ``root`` (same match state): the
    pre-trick phase of each; ``out[i]`` = trump * 4 + dealer (-1 on error). For benchmarks
    and smoke runs; ``state`` is a ``uint64[1]`` scratch stream."""
    for i in range(count):
        state[0] = hand_seed_nb(root, start + i)
        status = pre_trick_nb(kt, sw, state, levels, match_dealer, hand_number, pkinds,
                              skilled, buf)
        out[i] = -1 if status != STATUS_OK else buf.info[I_TRUMP] * 4 + buf.info[I_DEALER]
