"""The heuristic family of :class:`shengji_sim.players.reference.HeuristicPlayer` as kernels: every
profile (strategies/*.toml) with ``base = "heuristic"`` that is not the default ``greedy``
(which keeps :mod:`.greedy_nb`'s kernels) plays as player kind :data:`HEURISTIC`.

Representation
--------------
A profile is a row of integers, one column per schema key (:data:`P_BASE` .. :data:`P_ENDGAME`,
``N_PARAMS`` columns; ``api.profile_params`` builds it, docs/strategies.md lists the keys):
an int key is its value, a bool 0/1, a str key the index of its value in the schema's
``allowed`` tuple (``declare_rule``: 0 share, 1 strength; ``bury_rule``: 0 weakest,
1 void_short; ``lead_rule`` / ``follow_rule``: 0 greedy, 1 expert; ``throws``: 0 never,
1 proven; ``trump_lead``: 0 when_strong, 1 early, 2 keep). Each seat's row is
``pre.params[seat]`` (``int32[4, N_PARAMS]``), passed explicitly to the decisions.

The expert rules read the seat's memory (:mod:`.memory_nb`): the public ``seen`` / ``void``
tables, the own hand and the own buried kitty, summed up before a decision as ``tops``
(the highest unseen power per group and width) and the count of unseen trumps.
Choices follow the reference's listing order and tie rules exactly (Python's ``max`` and
``min`` keep the first best option), so the records are identical; decisions draw no random
numbers. A multi-card follow is not listed where the greedy walks of :mod:`.walks_nb`
apply: :func:`expert_follow_nb` steps through the options in listing order keeping their
sums (the kept kind marked in the suit bits) and writes out only an option it must judge;
:func:`expert_follow_listed_nb` is the plain form the tests compare it with
(tests/property/test_differential_expert.py).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    BJ,
    LJ,
    N_KINDS,
    TRUMP,
    points_of,
)
from shengji_sim.core.base.bits_nb import (
    cards_in_nb,
    lowest_bit_nb,
)
from shengji_sim.core.base.errors import (
    ERR_LEAD_NONE,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    NA,
    SW_JJ4_THROWS,
    SW_THROWS_ALLOWED,
    V_JJ4_THROWS_ONLY_IF_ALL_VOID,
)
from shengji_sim.core.follow.follow_count_nb import (
    one_family_nth_nb,
    options_list_nb,
)
from shengji_sim.core.follow.follow_data import (
    STATE_NKEYS,
    STATE_WAYS,
)
from shengji_sim.core.players.fills_nb import best_fill_index_nb, suit_walk_index_nb
from shengji_sim.core.players.greedy_nb import greedy_burial_nb, greedy_lead_nb
from shengji_sim.core.players.memory_nb import (
    higher_nb,
)
from shengji_sim.core.players.walks_nb import (
    CAND_FLAG,
    CAND_KEY,
    GREEDY_OPTIONS,
    LOSES,
    MARKED,
    SHORTCUT_FROM,
    UNDECIDED,
    family_option_nb,
    family_walk_next_nb,
    family_walk_start_nb,
    fixed_bits_nb,
    greedy_wins_nb,
    judge_by_sums_nb,
    key_option_nb,
    key_sums_nb,
    keys_walk_start_nb,
    one_suit_walk_start_nb,
    reach_width_nb,
    single_beats_nb,
    single_cost_nb,
    suit_points_bound_nb,
    suit_walk_next_nb,
    suit_walk_sums_nb,
    throw_set_cards_nb,
    tractor_cards_nb,
    walk_sums_nb,
)
from shengji_sim.core.rules.bidding_nb import (
    declarations_into_nb,
)
from shengji_sim.core.rules.lead_nb import (
    lead_options_nb,
)
from shengji_sim.core.rules.shapes_nb import (
    decompose_top_nb,
    split_flag_nb,
)
from shengji_sim.core.rules.trick_nb import (
    NOT_A_THROW,
    THROW_JUDGED,
    one_unit_best_nb,
    throw_ruff_rule_nb,
    trick_winner_units_nb,
)

HEURISTIC = 3  #: player kind (beside random_nb.RANDOM, GREEDY, PASSIVE)

# profile columns, in strategy.SCHEMA order
P_BASE = 0
P_MEMORY = 1
P_DECLARE_RULE = 2
P_DECLARE_SHARE = 3
P_DECLARE_STRENGTH = 4
P_DECLARE_MIN_CARDS = 5
P_BURY_RULE = 6
P_LEAD_RULE = 7
P_THROWS = 8
P_TRUMP_LEAD = 9
P_LEAD_PAIRS = 10
P_DRAW_TRUMPS = 11
P_FOLLOW_RULE = 12
P_WIN_MIN = 13
P_RUFF_MIN = 14
P_WIN_UNSURE = 15
P_KITTY_CARE = 16
P_ENDGAME = 17
N_PARAMS = 18

STRENGTH = 1  # declare_rule
VOID_SHORT = 1  # bury_rule
EXPERT = 1  # lead_rule, follow_rule
PROVEN = 1  # throws
EARLY = 1  # trump_lead
KEEP = 2
KEPT_COST = 10_000  # players._follow_expert: a play using the kept card costs this more
B = 1 << 20  # key packing base (every packed component is below B / 2 in magnitude)
H = 1 << 19


@njit(cache=True, _nrt=False, inline="always")
def _key3_nb(a, b, c):
    """A tuple ``(a, b, c)`` as one integer with the same order."""
    return ((a + H) * B + (b + H)) * B + (c + H)


# ---------------------------------------------------------------------------- declare


@njit(cache=True, _nrt=False)
def trump_score_nb(counts, level, suit):
    """``players.trump_score``: trumps held, plus one per high trump (joker, level card,
    the trump suit's ace), plus one per trump pair, if ``suit`` (4 = no-trump) were trump.
    Only the trumps are visited: the jokers, the level cards, the suit's other cards."""
    score = _trump_points_nb(counts[LJ], True) + _trump_points_nb(counts[BJ], True)
    for s in range(4):
        score += _trump_points_nb(counts[13 * s + level], True)
    if suit < 4:
        for r in range(13):
            if r != level:
                score += _trump_points_nb(counts[13 * suit + r], r == 12)
    return score


@njit(cache=True, _nrt=False)
def trump_scores_step_nb(scores, level, k, c):
    """:func:`trump_score_nb` of a hand for each of the five trump suits (``scores[4]``:
    no-trump), kept as the hand is dealt: kind ``k`` is now held ``c`` times, and each suit
    under which it is a trump gains what its one more copy scores."""
    if k >= LJ or k % 13 == level:  # a joker or a level card: a high trump in every suit
        step = _trump_points_nb(c, True) - _trump_points_nb(c - 1, True)
        for s in range(5):
            scores[s] += step
        return
    s = k // 13  # a plain card: a trump only with its own suit trump, high if an ace
    high = k % 13 == 12
    scores[s] += _trump_points_nb(c, high) - _trump_points_nb(c - 1, high)


@njit(cache=True, _nrt=False, inline="always")
def _trump_points_nb(c, high):
    """:func:`trump_score_nb`'s points of ``c`` copies of one trump kind: one each, two
    each if ``high``, plus one per pair."""
    return c * (2 if high else 1) + c // 2


@njit(cache=True, _nrt=False)
def _shares_nb(p, counts, hand_len, level, kind):
    """The 'share' rule on the strongest option of ``kind``: ``declare_share`` percent of
    the cards held (at least 4) in its suit, level cards included."""
    suit = 4 if kind >= LJ else kind // 13
    same = 0
    for k in range(52):
        if k // 13 == suit or k % 13 == level:
            same += counts[k]
    return 100 * same >= p[P_DECLARE_SHARE] * max(hand_len, 4)


@njit(cache=True, _nrt=False)
def _strength_pick_nb(p, counts, hand_len, level, n, kinds, ncards):
    """``HeuristicPlayer._declare_by_strength`` over options ``kinds/ncards[:n]``: the best
    by (score, cards, index) among those whose score reaches ``declare_strength``."""
    best = -1
    b_score = 0
    b_cards = 0
    suit = -1
    score = 0
    for i in range(n):
        kind = kinds[i]
        kind_suit = 4 if kind >= LJ else kind // 13
        if kind_suit != suit:  # scored once per suit: its options are listed together
            suit = kind_suit
            score = trump_score_nb(counts, level, suit)
        if _below_bar_nb(p, score, hand_len):
            continue
        if best < 0 or score > b_score or (score == b_score and ncards[i] >= b_cards):
            best, b_score, b_cards = i, score, ncards[i]
    return best


@njit(cache=True, _nrt=False, inline="always")
def _below_bar_nb(p, score, hand_len):
    """Is a trump score below ``declare_strength`` percent of the cards held (at least
    ``declare_min_cards``)? Such a suit is not declared by strength."""
    return 100 * score < p[P_DECLARE_STRENGTH] * max(hand_len, p[P_DECLARE_MIN_CARDS])


@njit(cache=True, _nrt=False)
def heuristic_choose_nb(p, counts, hand_len, level, n, kinds, ncards):
    """``HeuristicPlayer.declare`` / ``chaodi`` among ``n`` options of kinds ``kinds`` and
    card counts ``ncards``: the index, or -1 = pass (BID-2, CHAO-2)."""
    if n == 0:
        return -1
    if p[P_DECLARE_RULE] == STRENGTH:
        return _strength_pick_nb(p, counts, hand_len, level, n, kinds, ncards)
    return n - 1 if _shares_nb(p, counts, hand_len, level, kinds[n - 1]) else -1


@njit(cache=True, _nrt=False)
def heuristic_declare_nb(p, level, mask, t, hands, seat, hand_len, kinds, ncards, choices,
                         choose, scores):
    """A declaration during the deal (BID-2): lists the options of
    ``bidding_nb.nth_declaration_nb`` into the scratch rows ``kinds/ncards/choices``
    (``bidding_nb.declarations_into_nb``; ``choose``: four jokers choose the trump, AMB-33
    C) and chooses. ``scores`` is the hand's
    :func:`trump_score_nb` per suit (:func:`trump_scores_step_nb`): by strength, a hand
    none of whose suits reaches the bar passes without listing its options."""
    if p[P_DECLARE_RULE] == STRENGTH and _below_bar_nb(
            p, max(scores[0], scores[1], scores[2], scores[3], scores[4]), hand_len):
        return -1  # every suit below the bar: no option is declared (_strength_pick_nb)
    n = declarations_into_nb(level, mask, t, hands, seat, kinds, ncards, choices, choose)
    return heuristic_choose_nb(p, hands[seat], hand_len, level, n, kinds, ncards)


# ------------------------------------------------------------------------------- bury


@njit(cache=True, _nrt=False, inline="always")
def _keep_value_nb(eff, power, points, counts, k):
    """``players._keep_value``: what a card is worth keeping."""
    v = power[k] + 10 * points[k]
    if eff[k] == TRUMP:
        v += 300
    if counts[k] >= 2:
        v += 40
    if k < LJ and k % 13 == 12:
        v += 30
    return v


@njit(cache=True, _nrt=False)
def void_short_burial_nb(eff, group, power, points, counts, n, keys, kitty):
    """``players.bury_void_short`` (KITTY-1): void the shortest off suits that hold no
    points, aces or pairs (by length, keep value, group), then the cheapest cards by
    (keep value, kind). ``keys`` is scratch (``int64[54]``); the n cards go to
    ``kitty``."""
    for g in range(5):  # keys[g]: length; keys[5 + g]: plain (1) or not; keys[10 + g]: value
        keys[g] = 0
        keys[5 + g] = 1
        keys[10 + g] = 0
    for k in range(N_KINDS):
        c = counts[k]
        if c and eff[k] != TRUMP:
            g = group[k]
            keys[g] += c
            keys[10 + g] += c * _keep_value_nb(eff, power, points, counts, k)
            if points[k] or (k < LJ and k % 13 == 12) or c != 1:
                keys[5 + g] = 0
    glen = 0
    for g in range(5):  # keys[g]: (length, value, g) packed, -1 for a group not held
        if keys[g]:
            keys[g] = (keys[g] * 65536 + keys[10 + g]) * 8 + g
            glen += 1
        else:
            keys[g] = -1
    out = 0
    done = 0  # bit g: group g looked at
    taken = 0  # bit g: group g voided
    for _ in range(glen):
        g = -1
        for h in range(5):
            if keys[h] >= 0 and not (done >> h) & 1 and (g < 0 or keys[h] < keys[g]):
                g = h
        done |= 1 << g
        length = keys[g] // 8 // 65536
        if keys[5 + g] and out + length <= n:
            taken |= 1 << g
            for k in range(N_KINDS):
                if counts[k] and eff[k] != TRUMP and group[k] == g:
                    for _c in range(counts[k]):
                        kitty[out] = k
                        out += 1
    for k in range(N_KINDS):  # keys[k]: keep value * 16 + the copies left to bury
        left = counts[k]
        if eff[k] != TRUMP and (taken >> group[k]) & 1:
            left = 0
        keys[k] = _keep_value_nb(eff, power, points, counts, k) * 16 + left
    while out < n:  # the cheapest remaining card by (keep value, kind)
        best = -1
        for k in range(N_KINDS):
            if keys[k] & 15 and (best < 0 or keys[k] >> 4 < keys[best] >> 4):
                best = k
        kitty[out] = best
        keys[best] -= 1
        out += 1


# ------------------------------------------------------------------------------ lead


@njit(cache=True, _nrt=False, inline="always")
def kept_kind_nb(p, eff, power, hand, hand_len, seat, dealer):
    """``players.kept_cards`` (KITTY-2, KITTY-3) as a kind, -1 for none: in the endgame
    (``kitty_care``, at most ``endgame_cards`` left) the dealer side keeps its biggest
    trump, the attackers their biggest trump pair (a multiplier)."""
    if not p[P_KITTY_CARE] or hand_len > p[P_ENDGAME]:
        return -1
    top = -1
    pair = -1
    for k in range(N_KINDS):
        if hand[k] and eff[k] == TRUMP:
            if top < 0 or power[k] > power[top]:
                top = k
            if hand[k] >= 2 and (pair < 0 or power[k] > power[pair]):
                pair = k
    if seat % 2 != dealer % 2 and pair >= 0:
        return pair
    return top


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


# ---------------------------------------------------------------------------- follow


_POINT_KINDS = np.array([k for k in range(N_KINDS) if points_of(k)], np.int64)  # 5s, 10s, Ks
# (the kinds with points in ``kt.points``, which tables.py builds from ``points_of`` too)


@njit(cache=True, _nrt=False, inline="always")
def _points_so_far_nb(points, plays, n_so_far):
    """The points of the first ``n_so_far`` plays of a trick (POINT-1), read at the point
    cards only."""
    table = 0
    for q in range(n_so_far):
        for k in _POINT_KINDS:
            table += plays[q, k] * points[k]
    return table


@njit(cache=True, _nrt=False)
def _top_of_nb(order, play):
    """A play's first card in the reference's order (the strongest)."""
    top = -1
    for k in range(N_KINDS):
        if play[k] and (top < 0 or order[k] < order[top]):
            top = k
    return top


@njit(cache=True, _nrt=False)
def _holds_nb(eff, group, power, tops, trumps_out, void, seat, leader, position, top, width,
              lead_group):
    """``holds`` of ``_follow_expert``: no later opponent may beat a play whose strongest
    card is ``top``, held ``width`` times (``players._may_beat``: a higher unseen unit of
    the led group; a ruff by an opponent void in a plain led group while trumps are out;
    an overruff of a trump play by a void opponent)."""
    g = group[top]
    for i in range(position + 1, 4):
        s = (leader + i) % 4
        if s % 2 == seat % 2:
            continue
        if g == lead_group and higher_nb(tops, g, power[top], width):
            return False
        if void[s, lead_group] and lead_group != TRUMP and eff[top] != TRUMP:
            if trumps_out > 0:
                return False
        elif void[s, lead_group] and eff[top] == TRUMP and lead_group != g:
            if higher_nb(tops, g, power[top], width):
                return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def _play_holds_nb(eff, group, power, order, tops, trumps_out, void, seat, leader, position,
                   play, lead_group):
    """:func:`_holds_nb` of a play given as counts."""
    top = _top_of_nb(order, play)
    return _holds_nb(eff, group, power, tops, trumps_out, void, seat, leader, position, top,
                     play[top], lead_group)


@njit(cache=True, _nrt=False, inline="always")
def _play_sums_nb(eff, power, points, kind_at, held, play, lead_suit):
    """A play's ``players._cost`` (trumps 200 more, plus power), its points and its claim
    (TRUMP-6, ``trick_nb.play_side_nb``): 0 all of the led suit, 1 all trumps, -1 neither
    (it cannot win). A play comes from the hand, so only the kinds of ``held`` (the hand's
    kinds as a position mask, :mod:`.bits_nb`) are read."""
    cost = 0
    pts = 0
    led = True
    trumps = True
    bits = held
    while bits:
        k = kind_at[lowest_bit_nb(bits)]
        bits &= bits - 1
        c = play[k]
        if c:
            e = eff[k]
            cost += c * (power[k] + (200 if e == TRUMP else 0))
            pts += c * points[k]
            led = led and e == lead_suit
            trumps = trumps and e == TRUMP
    return cost, pts, 0 if led else (1 if trumps else -1)


@njit(cache=True, _nrt=False, inline="always")
def _winner_so_far_nb(kt, sw, level, trump, plays, n_so_far, n_units, uw, ul, ut, size,
                      lead_suit, ts):
    """The trick's winner so far after ``n_so_far`` plays, ``(best, index)``: ``best`` the
    one-unit claim so far (``trick_nb.one_unit_best_nb``, which the one-unit judges read).
    A throw's winner is judged whole (``trick_nb.trick_winner_units_nb``, DEF-4) and no
    judge of a throw reads a one-unit claim, so its ``best`` is the lead's first unit,
    unjudged."""
    if n_units > 1:
        best = (np.int64(0), np.int64(0), np.int64(uw[0]), np.int64(ul[0]), np.int64(ut[0]))
        if n_so_far < 2:
            return best, np.int64(0)
        return best, np.int64(trick_winner_units_nb(kt, sw, level, trump, plays, n_so_far,
                                                    n_units, uw, ul, ut, size, lead_suit, ts))
    best = one_unit_best_nb(kt, sw, level, trump, plays, n_so_far, uw, ul, ut, lead_suit)
    return best, np.int64(best[0] if n_so_far >= 2 else 0)


LISTED = 0  #: :func:`expert_pick_nb`'s options: the rows ``walk.cand[:m]``
ONE_FAMILY = 1  #: one family's compositions, walked (``walks_nb.family_walk_start_nb``)
KEYS = 2  #: several families' sorted keys, walked (``walks_nb.keys_walk_start_nb``)


@njit(cache=True, _nrt=False, inline="always")
def expert_follow_nb(kt, sw, level, trump, p, walk, n_fam, count, n_so_far, seat, leader,
                     n_units, tops, trumps_out, void, kept, hand_len, held):
    """``HeuristicPlayer._follow_expert`` over the first 256 of the ``count`` options of
    the families in ``walk.fb`` (``options_count_nb``); returns the chosen index. The
    options are walked in listing order without being listed where the greedy walks apply
    (one family; several families' sorted keys), else listed into ``walk.cand`` (as
    :func:`expert_follow_listed_nb`, the plain form, does), then one call of
    :func:`expert_pick_nb` for all three."""
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    fb = walk.fb
    if n_fam == 1 and fb.state[STATE_WAYS] > 0:
        source = ONE_FAMILY
    elif n_fam > 1 and fb.state[STATE_NKEYS] >= m:
        source = KEYS
    else:
        source = LISTED
        options_list_nb(kt, level, trump, fb, n_fam, m, walk.cand)
    return expert_pick_nb(kt, sw, level, trump, p, walk, source, m, n_so_far, seat, leader,
                          n_units, tops, trumps_out, void, kept, hand_len, held)


@njit(cache=True, _nrt=False)
def expert_follow_listed_nb(kt, sw, level, trump, p, walk, n_fam, count, n_so_far, seat,
                            leader, n_units, tops, trumps_out, void, kept, hand_len, held):
    """:func:`expert_follow_nb` by listing the first 256 options into ``walk.cand`` and
    scoring each row (what :func:`expert_follow_nb` does itself where no walk applies): the
    walks' yardstick in tests/property/test_differential_expert.py."""
    m = count if count < GREEDY_OPTIONS else GREEDY_OPTIONS
    options_list_nb(kt, level, trump, walk.fb, n_fam, m, walk.cand)
    return expert_pick_nb(kt, sw, level, trump, p, walk, LISTED, m, n_so_far, seat, leader,
                          n_units, tops, trumps_out, void, kept, hand_len, held)


@njit(cache=True, _nrt=False, inline="always")
def _option_sums_nb(kt, level, trump, walk, source, i, n, held, kept, lead_suit, width,
                    split, reach_width):
    """Option ``i``'s sums (``i`` = 0, 1, ... in turn: a walk steps to it): ``(cost,
    points, side, claim number, cards in sets, uses the kept kind)``, side as
    :func:`_play_sums_nb`. A listed row is summed over the hand's kinds ``held`` (its
    claim number, for ``walks_nb.judge_by_sums_nb``, is -1); a walk marks the kept
    kind (``walks_nb.MARKED``)."""
    if source == LISTED:
        row = walk.cand[i]
        cost, pts, side = _play_sums_nb(kt.eff[level, trump], kt.power[level, trump],
                                        kt.points, kt.kind_at[level, trump], held, row,
                                        lead_suit)
        return cost, pts, side, np.int64(-1), np.int64(0), kept >= 0 and row[kept] > 0
    sc = walk.keys
    if source == ONE_FAMILY:
        if i > 0:
            family_walk_next_nb(sc, walk.fb.ucnt, walk.fb.ucap, n, width, split, reach_width)
        pts, cost, bit, top, setc = walk_sums_nb(sc, n)
    else:
        pts, cost, bit, top, setc = key_sums_nb(sc, walk.fb.keys[i], n, width, split,
                                                reach_width)
    suits = bit & ~MARKED
    side = 0 if suits == 1 << lead_suit else (1 if suits == 1 << TRUMP else -1)
    return cost, pts, side, top, setc, (bit & MARKED) != 0


@njit(cache=True, _nrt=False, inline="always")
def _option_play_nb(walk, source, i, n):
    """Option ``i`` (the one last summed) as counts: its row, or written to ``walk.out``."""
    if source == LISTED:
        return walk.cand[i]
    if source == ONE_FAMILY:
        family_option_nb(walk.fb, n, walk.out)
    else:
        key_option_nb(walk.keys, n, walk.out)
    return walk.out


@njit(cache=True, _nrt=False)
def expert_pick_nb(kt, sw, level, trump, p, walk, source, m, n_so_far, seat, leader,
                   n_units, tops, trumps_out, void, kept, hand_len, held):
    """``HeuristicPlayer._follow_expert`` among the first ``m`` options of ``source``
    (:data:`LISTED`, :data:`ONE_FAMILY`, :data:`KEYS`; listing order) after ``n_so_far``
    plays ``walk.plays[:n_so_far]`` of a trick whose lead has ``n_units`` units
    ``walk.uw/ul/ut``: feed a partner whose win holds; else the cheapest winning play that
    holds when the points are worth it (a ruff needs ``ruff_min_points``); else, with
    ``win_unsure``, the cheapest pointless winning play; else duck. Each option is summed
    once (:func:`_option_sums_nb`; the duck is kept beside the winners in the same pass);
    it is judged (does it win? does it hold?) only when it could become the winning or
    the unsure choice, and only if it is of one suit (TRUMP-6, CMP-9) and, against a
    throw, has as many cards in sets as the throw's sets and tractors
    (``walks_nb.throw_set_cards_nb``; the walks' sums tell), from its sums where
    ``walks_nb.judge_by_sums_nb`` can tell, else written out. One family of more than
    ``SHORTCUT_FROM`` options whose free cards do not hold the kept kind is not walked for
    the feed, nor for the duck: both are its best fill by (points, cost)
    (``fills_nb.best_fill_index_nb``), and its winning and unsure choices come from its
    options of one suit (:func:`_one_suit_winners_nb`). ``held`` is the follower's hand
    as a position mask (``lane.hm[seat, 0]``); ``kept`` is the endgame's kept kind (-1 none)."""
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    power = kt.power[level, trump]
    order = kt.order[level, trump]
    points = kt.points
    plays = walk.plays
    uw = walk.uw
    ul = walk.ul
    ut = walk.ut
    size = 0
    lead_suit = -1
    lead_top = -1  # the lead's first card in the reference's order (the strongest)
    for k in range(N_KINDS):
        if plays[0, k]:
            size += plays[0, k]
            lead_suit = eff[k]
            if lead_top < 0 or order[k] < order[lead_top]:
                lead_top = k
    lead_group = group[lead_top]
    table = _points_so_far_nb(points, plays, n_so_far)
    best, best_now = _winner_so_far_nb(kt, sw, level, trump, plays, n_so_far, n_units, uw,
                                       ul, ut, size, lead_suit, walk.ts)
    width = np.int64(uw[0])
    split = split_flag_nb(sw)
    reach_width = reach_width_nb(walk, n_units, best)
    n = 0
    set_lead = False
    tractor_cards = np.int64(0)
    throw_rule = NOT_A_THROW  # the listed rows are judged whole, the walks' yardstick
    if source != LISTED:
        throw_rule = throw_ruff_rule_nb(eff, plays, n_so_far, n_units, uw, ul, lead_suit)
    throw_sets = np.int64(0)
    if source == ONE_FAMILY:
        n, apart = family_walk_start_nb(kt, level, trump, walk, width, split, reach_width,
                                        kept)
        set_lead = apart and n_units == 1 and ul[0] == 1
        tractor_cards = tractor_cards_nb(walk, n_units) if apart else np.int64(0)
        if apart and throw_rule == THROW_JUDGED:
            throw_sets = throw_set_cards_nb(walk, n_units)
    elif source == KEYS:
        n = keys_walk_start_nb(kt, level, trump, walk, kept)
        set_lead = n_units == 1 and ul[0] == 1
        tractor_cards = tractor_cards_nb(walk, n_units)
        if throw_rule == THROW_JUDGED:
            throw_sets = throw_set_cards_nb(walk, n_units)
    pick = -1
    bk = 0
    feed = (leader + best_now) % 2 == seat % 2 and _play_holds_nb(
        eff, group, power, order, tops, trumps_out, void, seat, leader, n_so_far,
        plays[best_now], lead_group)
    if source == ONE_FAMILY and m > SHORTCUT_FROM and (kept < 0 or
                                                       walk.fb.fam_pool[0, kept] == 0):
        # the kept kind is not to choose (KEPT_COST the same for all): feeding and ducking
        # are the best fills by (points, cost), found without walking (fills_nb)
        if feed:
            return best_fill_index_nb(walk, n, m, 1)
        pick, unsure = (-1, -1) if (fixed_bits_nb(walk.keys) & MARKED) and hand_len != size else \
            _one_suit_winners_nb(kt, sw, level, trump, p, walk, n, m, n_so_far, seat, leader,
                                 n_units, size, lead_suit, best, table, set_lead,
                                 tractor_cards, throw_rule, throw_sets, reach_width, tops,
                                 trumps_out, void, lead_group)
        if pick >= 0:
            return pick
        if p[P_WIN_UNSURE] and unsure >= 0:
            return unsure
        return best_fill_index_nb(walk, n, m, -1)  # the duck
    if feed:
        for i in range(m):  # max by (points, -cost)
            c, pts, _, _, _, uses = _option_sums_nb(kt, level, trump, walk, source, i, n,
                                                    held, kept, lead_suit, width, split,
                                                    reach_width)
            c += KEPT_COST if uses else 0
            key = _key3_nb(0, pts, -c)
            if pick < 0 or key > bk:
                pick, bk = i, key
        return pick
    last_trick = hand_len == size
    unsure = -1
    uk = 0
    duck = -1  # min by (points, cost), the choice when nothing wins
    dk = 0
    lead_trump = lead_suit == TRUMP
    for i in range(m):
        c, pts, side, top, setc, uses = _option_sums_nb(kt, level, trump, walk, source, i, n,
                                                        held, kept, lead_suit, width,
                                                        split, reach_width)
        c += KEPT_COST if uses else 0
        key = _key3_nb(0, pts, c)
        if duck < 0 or key < dk:
            duck, dk = i, key
        if uses and not last_trick:
            continue
        if side < 0 or setc < throw_sets:
            continue  # two suits, an off suit, or too few cards in sets: it cannot win
        ruff = not lead_trump and side == 1
        need = p[P_RUFF_MIN] if ruff else p[P_WIN_MIN]
        key = _key3_nb(0, c, -pts)
        may_pick = table + pts >= need and (pick < 0 or key < bk)
        may_unsure = pts == 0 and table >= p[P_WIN_MIN] and (unsure < 0 or c < uk)
        if not may_pick and not may_unsure:
            continue
        verdict = judge_by_sums_nb(sw, side, width, top, setc, set_lead, tractor_cards, best,
                                   throw_rule)
        if verdict == LOSES:
            continue
        play = _option_play_nb(walk, source, i, n)
        holds = False
        if not may_unsure:  # only the pick may change: a play that does not hold is not judged
            holds = _play_holds_nb(eff, group, power, order, tops, trumps_out, void, seat,
                                   leader, n_so_far, play, lead_group)
            if not holds:
                continue
        if verdict == UNDECIDED and not greedy_wins_nb(
                kt, sw, level, trump, plays, uw, ul, ut, play, n_so_far, n_units, size,
                lead_suit, best, walk.ts):
            continue
        if may_unsure:
            unsure, uk = i, c
            holds = may_pick and _play_holds_nb(eff, group, power, order, tops, trumps_out,
                                                void, seat, leader, n_so_far, play,
                                                lead_group)
        if holds:
            pick, bk = i, key
    if pick >= 0:
        return pick
    if p[P_WIN_UNSURE] and unsure >= 0:
        return unsure
    return duck


_PICKABLE = 1  # _one_suit_winners_nb's flags: its points meet the threshold,
_UNSURE_OK = 2  # it is pointless and the table meets win_min_points,
_WINS_BY_SUMS = 4  # walks_nb.judge_by_sums_nb says it wins


@njit(cache=True, _nrt=False, inline="always")
def _one_suit_winners_nb(kt, sw, level, trump, p, walk, nk, m, n_so_far, seat, leader,
                         n_units, size, lead_suit, best, table, set_lead, tractor_cards,
                         throw_rule, throw_sets, reach_width, tops, trumps_out, void,
                         lead_group):
    """:func:`expert_pick_nb`'s winning and unsure choices among the first ``m`` options
    of the one family being walked, without walking the others: only options of one suit
    may win (TRUMP-6, CMP-9), so the led suit's and then the trumps' are walked
    (``walks_nb.one_suit_walk_start_nb``). An option that could be chosen (its points
    meet the threshold, ``ruff_min_points`` for a ruff; or it is pointless and the points
    played so far, ``table``, meet ``win_min_points``) and that its sums do not prove a
    loser is noted with its key (cost, -points, listing index). The noted ones are then
    judged cheapest key first, so the first that wins and holds is the pick and the rest
    are not judged; the first pointless winner met before it is the unsure choice: the
    minima the whole walk finds. A throw's option with fewer than ``throw_sets`` cards in
    kinds it holds twice or more (``walks_nb.throw_set_cards_nb``; 0 when that does not
    apply) cannot take it and is not noted. A suit is not walked when no unsure choice is
    possible (``table`` below ``win_min_points``) and none of its options can meet the
    threshold (``walks_nb.suit_points_bound_nb``). Returns ``(pick, unsure)``, -1 for
    none."""
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    power = kt.power[level, trump]
    order = kt.order[level, trump]
    fb = walk.fb
    sc = walk.keys
    width = np.int64(walk.uw[0])
    split = split_flag_nb(sw)
    f_bit = fixed_bits_nb(sc) & ~MARKED
    n = 0
    for s in range(2):
        claimable, whole = one_suit_walk_start_nb(sw, sc, fb.ucap, nk, fb.fam_free[0], s,
                                                  lead_suit, f_bit, width, set_lead,
                                                  tractor_cards, throw_rule, throw_sets)
        if not claimable:
            continue
        need = p[P_RUFF_MIN] if s == 1 else p[P_WIN_MIN]  # s 1: a ruff of a plain suit
        if table < p[P_WIN_MIN] and table + suit_points_bound_nb(sc, nk) < need:
            continue  # no option of this suit could be the unsure choice or the pick
        suit_walk_sums_nb(sc, nk, width, split, reach_width)
        r = -1
        changed = 0
        while True:
            r = suit_walk_index_nb(fb, sc, nk, whole, r, changed)
            if r >= m:
                break  # past the cap: the rest come later still
            pts, c, _, top, setc = walk_sums_nb(sc, nk)
            flags = (_PICKABLE if table + pts >= need else 0) | (
                _UNSURE_OK if pts == 0 and table >= p[P_WIN_MIN] else 0)
            if flags and setc >= throw_sets:
                verdict = judge_by_sums_nb(sw, s, width, top, setc, set_lead, tractor_cards,
                                           best, throw_rule)
                if verdict != LOSES:
                    sc[CAND_KEY + n] = (c << 20) | ((_KEY_PTS - pts) << 10) | r
                    sc[CAND_FLAG + n] = flags | (_WINS_BY_SUMS if verdict != UNDECIDED else 0)
                    n += 1
            changed = suit_walk_next_nb(sc, nk, width, split, reach_width)
            if changed < 0:
                break  # this suit's compositions are done
    pick = -1
    unsure = -1
    play = walk.out
    for _ in range(n):
        j = 0  # the cheapest key not judged yet
        for i in range(1, n):
            if sc[CAND_KEY + i] < sc[CAND_KEY + j]:
                j = i
        r = sc[CAND_KEY + j] & 1023
        flags = sc[CAND_FLAG + j]
        sc[CAND_KEY + j] = _JUDGED
        one_family_nth_nb(kt.kind_at[level, trump], fb, r, play)
        for_unsure = (flags & _UNSURE_OK) != 0 and unsure < 0
        holds = False
        if not for_unsure:  # only the pick may change: a play that does not hold is not judged
            if not flags & _PICKABLE:
                continue
            holds = _play_holds_nb(eff, group, power, order, tops, trumps_out, void, seat,
                                   leader, n_so_far, play, lead_group)
            if not holds:
                continue
        if not flags & _WINS_BY_SUMS and not greedy_wins_nb(
                kt, sw, level, trump, walk.plays, walk.uw, walk.ul, walk.ut, play, n_so_far,
                n_units, size, lead_suit, best, walk.ts):
            continue
        if for_unsure:
            unsure = r
            pickable = (flags & _PICKABLE) != 0
            holds = pickable and _play_holds_nb(eff, group, power, order, tops, trumps_out,
                                                void, seat, leader, n_so_far, play,
                                                lead_group)
        if holds:
            pick = r
            break
    return pick, unsure


_KEY_PTS = 1023  # a candidate key's points field: 10 bits (GREEDY_OPTIONS indices: 10 too)
_JUDGED = np.int64(1) << 62  # a judged candidate's key: past every other


# --------------------------------------------------------------------- the decisions


@njit(cache=True, _nrt=False)
def heuristic_bury_nb(kt, level, trump, p, hand, n, keys, kitty):
    """``HeuristicPlayer.bury`` (KITTY-1): ``bury_rule`` 'void_short' or the greedy burial;
    ``hand`` holds the kitty already, the n buried kinds go to ``kitty``."""
    if p[P_BURY_RULE] == VOID_SHORT:
        void_short_burial_nb(kt.eff[level, trump], kt.group[level, trump],
                             kt.power[level, trump], kt.points, hand, n, keys, kitty)
    else:
        greedy_burial_nb(kt.eff[level, trump], kt.power[level, trump], kt.points, hand, n,
                         keys, kitty)


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


@njit(cache=True, _nrt=False, inline="always")
def expert_follows_nb(p):
    """Whether profile row ``p`` follows by the expert rule (``follow_rule = "expert"``);
    any other profile follows a one-card lead by ``greedy_nb.greedy_single_nb``."""
    return p[P_FOLLOW_RULE] == EXPERT


NEEDS_MEMORY = -2  #: :func:`expert_single_nb` asked without the memory, which it needs


@njit(cache=True, _nrt=False, inline="always")
def expert_single_nb(eff, group, power, points, kind_at, p, tk, opts, position, seat, leader,
                     tops, trumps_out, void, kept, hand_len, remembered):
    """:func:`expert_pick_nb` on a one-card lead (the kinds played so far ``tk[:position]``)
    over the options ``opts``, their listing positions as a mask (as
    ``greedy_nb.greedy_single_nb`` takes them), walked once in listing order and scored
    each as one card (``walks_nb.single_beats_nb`` against the winner so far); returns
    the chosen kind. Only whether a play holds reads the memory (``tops``, ``trumps_out``,
    ``void``): asked before it is summed (``remembered`` False), the choice returns
    :data:`NEEDS_MEMORY` where it would read it (most ducks never do)."""
    lead_suit = eff[tk[0]]
    lead_group = group[tk[0]]
    best = 0
    table = points[tk[0]]
    for q in range(1, position):
        table += points[tk[q]]
        if single_beats_nb(eff, power, lead_suit, tk[q], tk[best]):
            best = q
    pick = -1
    bk = 0
    partner = (leader + best) % 2 == seat % 2
    if partner and not remembered:
        return NEEDS_MEMORY
    if partner and _holds_nb(eff, group, power, tops, trumps_out, void, seat, leader,
                             position, tk[best], 1, lead_group):
        while opts:  # max by (points, -cost)
            k = kind_at[lowest_bit_nb(opts)]
            opts &= opts - 1
            c = single_cost_nb(eff, power, k) + (KEPT_COST if k == kept else 0)
            key = _key3_nb(0, points[k], -c)
            if pick < 0 or key > bk:
                pick, bk = k, key
        return pick
    last_trick = hand_len == 1
    unsure = -1
    uk = 0
    duck = -1  # min by (points, cost), the choice when nothing wins
    dk = 0
    while opts:
        k = kind_at[lowest_bit_nb(opts)]
        opts &= opts - 1
        c = single_cost_nb(eff, power, k) + (KEPT_COST if k == kept else 0)
        pts = points[k]
        key = _key3_nb(0, pts, c)
        if duck < 0 or key < dk:
            duck, dk = k, key
        if k == kept and not last_trick:
            continue
        if not single_beats_nb(eff, power, lead_suit, k, tk[best]):
            continue
        need = p[P_RUFF_MIN] if lead_suit != TRUMP and eff[k] == TRUMP else p[P_WIN_MIN]
        if table + pts >= need and not remembered:
            return NEEDS_MEMORY
        if table + pts >= need and _holds_nb(eff, group, power, tops, trumps_out, void, seat,
                                             leader, position, k, 1, lead_group):
            key = _key3_nb(0, c, -pts)
            if pick < 0 or key < bk:
                pick, bk = k, key
        if pts == 0 and table >= p[P_WIN_MIN] and (unsure < 0 or c < uk):
            unsure, uk = k, c
    if pick >= 0:
        return pick
    if p[P_WIN_UNSURE] and unsure >= 0:
        return unsure
    return duck
