"""The heuristic profiles' follow (player kind ``heuristic_nb.HEURISTIC``, profile row
``p``, :mod:`.heuristic_nb`): by ``follow_rule`` (:func:`expert_follows_nb`) the greedy
follow (``greedy_nb``) or the expert one: feed a winning partner, win when it is worth it
(``win_min``, ``ruff_min``, ``win_unsure``), else dump, keeping the kept card back
(``heuristic_nb.KEPT_COST``).

The expert rules read the seat's memory (:mod:`.memory_nb`), summed up before a decision as
``tops`` (the highest unseen power per group and width) and the count of unseen trumps. A
one-card lead is followed by :func:`expert_single_nb` (:data:`NEEDS_MEMORY` when asked
without the memory it needs). A multi-card follow is not listed where the greedy walks of
:mod:`.walks_nb` apply: :func:`expert_follow_nb` steps through the options in listing order
(:data:`ONE_FAMILY`, :data:`KEYS`, or :data:`LISTED`) keeping their sums (the kept kind marked
in the suit bits) and writes out only an option it must judge (:func:`expert_pick_nb`;
:func:`_one_suit_winners_nb` finds a family's winners of one suit);
:func:`expert_follow_listed_nb` is the plain form the tests compare it with
(tests/property/test_differential_expert.py).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
    points_of,
)
from shengji_sim.core.base.bits_nb import lowest_bit_nb
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_count_nb import (
    one_family_nth_nb,
    options_list_nb,
)
from shengji_sim.core.follow.follow_data import (
    STATE_NKEYS,
    STATE_WAYS,
)
from shengji_sim.core.players.fills_nb import (
    best_fill_index_nb,
    suit_walk_index_nb,
)
from shengji_sim.core.players.heuristic_nb import (
    EXPERT,
    KEPT_COST,
    _key3_nb,
)
from shengji_sim.core.players.memory_nb import higher_nb
from shengji_sim.core.players.profile_columns import (
    P_FOLLOW_RULE,
    P_RUFF_MIN_POINTS,
    P_WIN_MIN_POINTS,
    P_WIN_UNSURE,
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
from shengji_sim.core.rules.shapes_nb import split_flag_nb
from shengji_sim.core.rules.trick_nb import (
    NOT_A_THROW,
    THROW_JUDGED,
    one_unit_best_nb,
    throw_ruff_rule_nb,
    trick_winner_units_nb,
)

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
        need = p[P_RUFF_MIN_POINTS] if ruff else p[P_WIN_MIN_POINTS]
        key = _key3_nb(0, c, -pts)
        may_pick = table + pts >= need and (pick < 0 or key < bk)
        may_unsure = pts == 0 and table >= p[P_WIN_MIN_POINTS] and (unsure < 0 or c < uk)
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
        # s 1: a ruff of a plain suit
        need = p[P_RUFF_MIN_POINTS] if s == 1 else p[P_WIN_MIN_POINTS]
        if table < p[P_WIN_MIN_POINTS] and table + suit_points_bound_nb(sc, nk) < need:
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
                _UNSURE_OK if pts == 0 and table >= p[P_WIN_MIN_POINTS] else 0)
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
        ruff = lead_suit != TRUMP and eff[k] == TRUMP
        need = p[P_RUFF_MIN_POINTS] if ruff else p[P_WIN_MIN_POINTS]
        if table + pts >= need and not remembered:
            return NEEDS_MEMORY
        if table + pts >= need and _holds_nb(eff, group, power, tops, trumps_out, void, seat,
                                             leader, position, k, 1, lead_group):
            key = _key3_nb(0, c, -pts)
            if pick < 0 or key < bk:
                pick, bk = k, key
        if pts == 0 and table >= p[P_WIN_MIN_POINTS] and (unsure < 0 or c < uk):
            unsure, uk = k, c
    if pick >= 0:
        return pick
    if p[P_WIN_UNSURE] and unsure >= 0:
        return unsure
    return duck
