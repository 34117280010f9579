"""The greedy follower's walks over the options that list none of them: one family's
(:func:`_walk_one_family_nb`, or :func:`_shortcut_one_family_nb` for a family of many
options) and several families' sorted keys (:func:`_walk_keys_nb`), each returning the
index ``greedy_nb.greedy_pick_nb`` would choose among the first ``GREEDY_OPTIONS``.

The greedy choice keys are sums over the cards (points, cost) except "does it win", and
only a play of one suit, the led one or trumps, can win (``trick_nb.play_side_nb``). So
``greedy_nb.greedy_follow_nb`` walks the options in listing order (a family's compositions, or
the sorted keys of several) keeping per-kind sums, and judges only an option of one such
suit that would be cheaper than the cheapest winner so far, by one number where the lead
allows: a one-set lead's claim is the option's strongest kind that supplies the set
(kept as a prefix maximum, ``trick_nb.set_claim_beats_nb``), and a one-tractor lead is
answered only by options with as many cards in sets (``walks_nb.tractor_cards_nb``) whose
strongest kind held twice or more may beat the claim so far (``trick_nb.tractor_claim_nb``,
also a prefix maximum); the options these admit, and the options of other leads, get the
whole claim (``walks_nb.greedy_wins_nb``; ``walks_nb.judge_by_sums_nb`` says which).
``greedy_nb.greedy_follow_nb`` takes a ``greedy_nb.GreedyWalk``, the lane's arrays it reads, since a
call copies what it is passed.
A family of many options is not walked whole (:func:`_shortcut_one_family_nb`): the best by
the linear keys is a greedy fill of the heaviest kinds, and its listing index (counted, not
walked) says whether it is within the cap; past it, the best of the first 256 is the best
of a few greedy fills (``fills_nb._best_below_nb``); only the options of one suit are walked
for winners. ``greedy_nb.greedy_single_nb`` walks a one-card lead's options from the hand masks.
The walks' steps (start, next option, sums, the option written out) are the kernels of
:mod:`.walks_nb`, which the expert follower's walk (``heuristic_follow_nb.expert_follow_nb``)
shares. A short follower and a pair or triple lead are answered without the family kernels
(:mod:`.greedy_fast_nb`). Same choices, same tie-breaks (first in listing order) and the same
256-option cap as the reference; ``greedy_nb.greedy_follow_listed_nb`` (list, then
``greedy_pick_nb``) is the plain form the tests compare with
(tests/property/test_differential_greedy.py).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import TRUMP
from shengji_sim.core.base.jit import njit
from shengji_sim.core.players.fills_nb import (
    best_fill_index_nb,
    suit_walk_index_nb,
)
from shengji_sim.core.players.walks_nb import (
    _P_BIT,
    _P_COST,
    _P_PTS,
    _P_SETC,
    _P_TOP,
    SHORTCUT_FROM,
    UNDECIDED,
    WINS,
    family_option_nb,
    family_walk_next_nb,
    family_walk_start_nb,
    greedy_wins_nb,
    judge_by_sums_nb,
    key_option_nb,
    key_sums_nb,
    keys_walk_start_nb,
    one_suit_walk_start_nb,
    reach_width_nb,
    suit_walk_next_nb,
    suit_walk_option_nb,
    suit_walk_sums_nb,
    tractor_cards_nb,
    walk_sums_nb,
)
from shengji_sim.core.rules.shapes_nb import split_flag_nb
from shengji_sim.core.rules.trick_nb import throw_ruff_rule_nb


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
