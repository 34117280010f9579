"""The heuristic profiles' decisions before the tricks (player kind ``heuristic_nb.HEURISTIC``,
profile row ``p``, :mod:`.heuristic_nb`): declaring and 炒 (BID-2, CHAO-2;
:func:`heuristic_declare_nb`, :func:`heuristic_choose_nb` by ``declare_rule`` 'share' or
'strength', the hand's trump score kept as the cards are dealt, :func:`trump_scores_step_nb`)
and burying (KITTY-1; :func:`heuristic_bury_nb`: ``bury_rule`` 'void_short',
:func:`void_short_burial_nb`, or the greedy burial). Same choices and tie rules as the
reference (tests/property/test_differential_heuristic.py); no random numbers are drawn.
"""

from __future__ import annotations

from shengji_sim.cards import (
    BJ,
    LJ,
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.players.greedy_nb import greedy_burial_nb
from shengji_sim.core.players.heuristic_nb import (
    STRENGTH,
    VOID_SHORT,
)
from shengji_sim.core.players.profile_columns import (
    P_BURY_POINTS,
    P_BURY_POINTS_SHARE,
    P_BURY_RULE,
    P_DECLARE_MIN_CARDS,
    P_DECLARE_OVER_PARTNER,
    P_DECLARE_PLAYABLE,
    P_DECLARE_RULE,
    P_DECLARE_SHARE,
    P_DECLARE_STRENGTH,
)
from shengji_sim.core.rules.bidding_nb import declarations_into_nb


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
def _strength_pick_nb(p, counts, hand_len, hand_size, level, n, kinds, ncards):
    """``HeuristicPlayer._declare_by_strength`` over options ``kinds/ncards[:n]``: the best
    by (score, cards, index) among those whose score reaches the bar (:func:`_below_bar_nb`)."""
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
        if _below_bar_nb(p, score, hand_len, hand_size):
            continue
        if best < 0 or score > b_score or (score == b_score and ncards[i] >= b_cards):
            best, b_score, b_cards = i, score, ncards[i]
    return best


@njit(cache=True, _nrt=False, inline="always")
def _below_bar_nb(p, score, hand_len, hand_size):
    """``players.declare_bar``: is a trump score below ``declare_strength`` percent of the
    cards held (at least ``declare_min_cards``), once the hand is complete (``hand_len``
    reaches ``hand_size``) the lower of that and ``declare_playable`` percent? Such a suit
    is not declared by strength."""
    strength = p[P_DECLARE_STRENGTH]
    if hand_size > 0 and hand_len >= hand_size:
        strength = min(strength, p[P_DECLARE_PLAYABLE])
    return 100 * score < strength * max(hand_len, p[P_DECLARE_MIN_CARDS])


@njit(cache=True, _nrt=False)
def heuristic_choose_nb(p, counts, hand_len, hand_size, level, n, kinds, ncards):
    """``HeuristicPlayer.declare`` / ``chaodi`` among ``n`` options of kinds ``kinds`` and
    card counts ``ncards`` (``hand_size``: the cards of a complete hand): the index, or -1 =
    pass (BID-2, CHAO-2)."""
    if n == 0:
        return -1
    if p[P_DECLARE_RULE] == STRENGTH:
        return _strength_pick_nb(p, counts, hand_len, hand_size, level, n, kinds, ncards)
    return n - 1 if _shares_nb(p, counts, hand_len, level, kinds[n - 1]) else -1


@njit(cache=True, _nrt=False)
def heuristic_declare_nb(p, level, mask, t, hands, seat, hand_len, hand_size, last_seat,
                         kinds, ncards, choices, choose, scores):
    """A declaration during the deal (BID-2): lists the options of
    ``bidding_nb.nth_declaration_nb`` into the scratch rows ``kinds/ncards/choices``
    (``bidding_nb.declarations_into_nb``; ``choose``: four jokers choose the trump, AMB-33
    C) and chooses. ``scores`` is the hand's
    :func:`trump_score_nb` per suit (:func:`trump_scores_step_nb`): by strength, a hand
    none of whose suits reaches the bar passes without listing its options.
    ``last_seat`` made the last declaration shown (-1: none): by strength without
    ``declare_over_partner`` the partner's is never countered
    (``players._partner_declared_last``)."""
    if p[P_DECLARE_RULE] == STRENGTH:
        if p[P_DECLARE_OVER_PARTNER] == 0 and last_seat >= 0 and last_seat == (seat + 2) % 4:
            return -1
        if _below_bar_nb(p, max(scores[0], scores[1], scores[2], scores[3], scores[4]),
                         hand_len, hand_size):
            return -1  # every suit below the bar: no option is declared (_strength_pick_nb)
    n = declarations_into_nb(level, mask, t, hands, seat, kinds, ncards, choices, choose)
    return heuristic_choose_nb(p, hands[seat], hand_len, hand_size, level, n, kinds, ncards)


@njit(cache=True, _nrt=False, inline="always")
def _keep_value_nb(eff, power, points, counts, k, points_free):
    """``players._keep_value``: what a card is worth keeping (an off-suit card's points
    not counted when ``points_free``)."""
    v = power[k]
    if eff[k] == TRUMP or not points_free:
        v += 10 * points[k]
    if eff[k] == TRUMP:
        v += 300
    if counts[k] >= 2:
        v += 40
    if k < LJ and k % 13 == 12:
        v += 30
    return v


@njit(cache=True, _nrt=False)
def void_short_burial_nb(eff, group, power, points, counts, n, points_free, keys, kitty):
    """``players.bury_void_short`` (KITTY-1): void the shortest off suits that hold no
    points (unless ``points_free``), aces or pairs (by length, keep value, group), then the
    cheapest cards by (keep value, kind). ``keys`` is scratch (``int64[54]``); the n cards
    go to ``kitty``."""
    for g in range(5):  # keys[g]: length; keys[5 + g]: plain (1) or not; keys[10 + g]: value
        keys[g] = 0
        keys[5 + g] = 1
        keys[10 + g] = 0
    for k in range(N_KINDS):
        c = counts[k]
        if c and eff[k] != TRUMP:
            g = group[k]
            keys[g] += c
            keys[10 + g] += c * _keep_value_nb(eff, power, points, counts, k, points_free)
            if (points[k] and not points_free) or (k < LJ and k % 13 == 12) or c != 1:
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
        keys[k] = _keep_value_nb(eff, power, points, counts, k, points_free) * 16 + left
    while out < n:  # the cheapest remaining card by (keep value, kind)
        best = -1
        for k in range(N_KINDS):
            if keys[k] & 15 and (best < 0 or keys[k] >> 4 < keys[best] >> 4):
                best = k
        kitty[out] = best
        keys[best] -= 1
        out += 1


@njit(cache=True, _nrt=False)
def _points_free_nb(p, eff, hand, n):
    """``players._points_free`` (KITTY-2): ``bury_points`` and trumps at least
    ``bury_points_share`` percent of the cards kept (the hand, kitty included, less the n
    buried)."""
    if p[P_BURY_POINTS] == 0:
        return False
    trumps = 0
    held = 0
    for k in range(N_KINDS):
        held += hand[k]
        if eff[k] == TRUMP:
            trumps += hand[k]
    return 100 * trumps >= p[P_BURY_POINTS_SHARE] * (held - n)


@njit(cache=True, _nrt=False)
def heuristic_bury_nb(kt, level, trump, p, hand, n, keys, kitty):
    """``HeuristicPlayer.bury`` (KITTY-1): ``bury_rule`` 'void_short' or the greedy burial;
    ``hand`` holds the kitty already, the n buried kinds go to ``kitty``."""
    if p[P_BURY_RULE] == VOID_SHORT:
        eff = kt.eff[level, trump]
        void_short_burial_nb(eff, kt.group[level, trump], kt.power[level, trump], kt.points,
                             hand, n, _points_free_nb(p, eff, hand, n), keys, kitty)
    else:
        greedy_burial_nb(kt.eff[level, trump], kt.power[level, trump], kt.points, hand, n,
                         keys, kitty)
