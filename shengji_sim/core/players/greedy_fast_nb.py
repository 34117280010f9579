"""The greedy player's follows built without the family kernels: a short follower
(:func:`greedy_short_follow_nb`), a pair lead (:func:`greedy_pair_follow_nb`) and a triple
lead (:func:`greedy_triple_follow_nb`), as the random player's fast paths of
:mod:`.follow_fast_nb`.

Each builds the follower's one family with the builders of :mod:`.one_family_nb`
(``short_family_nb``, ``pair_follow_row_nb``) and makes the greedy choice of
``greedy_nb.greedy_follow_nb`` over it (:func:`_choose_one_family_nb`), or, where the family
is a set of the led class, compares the sets' costs and the trick so far directly
(:func:`_greedy_set_follow_nb`). Same choices and tie-breaks as the family kernels' walk
(tests/property/test_differential_greedy.py). The play is written to
``lane.plays[position]`` and taken from the hand; each returns ``(rule, table_row)`` as
``game_nb``'s follows do.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_count_nb import one_family_count_nb
from shengji_sim.core.follow.follow_fast_nb import (
    triple_row_2_keys_nb,
    triple_row_nb,
)
from shengji_sim.core.players.greedy_nb import (
    _trick_so_far_nb,
    greedy_follow_nb,
    greedy_walk_nb,
)
from shengji_sim.core.players.one_family_nb import (
    one_family_ready_nb,
    pair_follow_row_nb,
    play_one_family_nb,
    short_family_nb,
)
from shengji_sim.core.players.walks_nb import single_cost_nb
from shengji_sim.core.rules.shapes_nb import supplies_nb
from shengji_sim.core.rules.trick_nb import (
    set_claim_beats_nb,
    set_claim_nb,
)


@njit(cache=True, _nrt=False, inline="always")
def greedy_short_follow_nb(kt, sw, level, trump, lane, seat, position, leader, n_units, size,
                           cls_mask):
    """``GreedyPlayer.follow`` of a ``size``-card lead by a player short in the led class
    (``cls_mask``): the one family of :func:`short_family_nb`, chosen by
    :func:`greedy_follow_nb`. Plays into ``lane.plays[position]`` and takes the play from
    the hand; returns the rule, or -1 (nothing changed) when the player is not short. The
    caller leaves AMB-19 B and AMB-37 B to the family kernels."""
    rule = short_family_nb(kt, level, trump, lane, seat, size, cls_mask)
    if rule >= 0:
        _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, n_units)
    return rule


@njit(cache=True, _nrt=False, inline="always")
def _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, n_units):
    """The follow buffers hold one family (:func:`one_family_ready_nb`): the greedy choice
    among its options into ``lane.plays[position]``, taken from the hand."""
    count = one_family_count_nb(kt.kind_at[level, trump], lane.fb)
    pick = greedy_follow_nb(kt, sw, level, trump, greedy_walk_nb(lane), 1, count, position,
                            seat % 2, leader, n_units)
    play_one_family_nb(kt.kind_at[level, trump], lane, seat, position, pick)


@njit(cache=True, _nrt=False, inline="always")
def greedy_pair_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls):
    """``GreedyPlayer.follow`` of a lead that is one pair, when the follower holds more than
    two cards of the led class ``cls[:n_cls]``: the options of :func:`pair_follow_row_nb`,
    chosen as :func:`greedy_pick_nb` without the family kernels. Plays into
    ``lane.plays[position]``, takes the play from the hand and returns ``(rule, row)``;
    rule -1 (nothing changed) leaves the follow to the family kernels."""
    rule, row, offer_split = pair_follow_row_nb(sw, lane, seat, cls, n_cls)
    if row == 2:  # any two cards of the class, one family
        _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, 1)
    elif row == 1:  # the pairs held, strongest first (one family each, nothing free)
        _greedy_set_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls,
                              2, offer_split)
    return rule, row


@njit(cache=True, _nrt=False, inline="always")
def _greedy_set_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls,
                          width, split):
    """DEF-5 row 1 of a one-set lead of ``width`` cards: the sets of that width the class
    ``cls[:n_cls]`` supplies (AMB-17 by ``split``), strongest first, one family each
    with nothing free; the greedy choice (:func:`greedy_pick_nb`) into
    ``lane.plays[position]``, taken from the hand."""
    hand = lane.pre.hands[seat]
    size, lead_suit, best, partner = _trick_so_far_nb(kt, sw, level, trump, lane, position,
                                                      1, seat % 2, leader)
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    for j in range(n_cls):
        k = cls[j]
        if not supplies_nb(hand[k], width, split):
            continue
        pts = width * points[k]
        cost = width * single_cost_nb(eff, power, k)
        if partner:  # max by (points, -cost), first on ties
            if pick < 0 or pts > b1 or (pts == b1 and cost < b2):
                pick, b1, b2 = k, pts, cost
            continue
        if pick < 0 or pts < b1 or (pts == b1 and cost < b2):  # min by (points, cost)
            pick, b1, b2 = k, pts, cost
        if win < 0 or cost < w1 or (cost == w1 and pts > w2):
            side = 0 if eff[k] == lead_suit else (1 if eff[k] == TRUMP else -1)
            if side >= 0 and set_claim_beats_nb(sw, side, np.int64(width), np.int64(power[k]),
                                                best):  # min by (cost, -points)
                win, w1, w2 = k, cost, pts
    if win >= 0:
        pick = win
    for k in range(N_KINDS):
        lane.plays[position, k] = 0
    lane.plays[position, pick] = width
    hand[pick] -= width


@njit(cache=True, _nrt=False, inline="always")
def greedy_triple_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls):
    """``GreedyPlayer.follow`` of a lead that is one triple, when the follower holds more
    than three cards of the led class ``cls[:n_cls]``: the options of
    :func:`~.follow_fast_nb.random_triple_follow_nb` (DEF-5, DEF-8 row 1: each triple held;
    row 2: a pair and one more card of the class; row 3: any three cards; the row of
    :func:`~.follow_fast_nb.triple_row_nb`), chosen as :func:`greedy_pick_nb` without the
    family kernels. Plays into ``lane.plays[position]``, takes the play from the hand and
    returns ``(rule, row)``; rule -1 (nothing changed) where the random path declines (the
    readings of ``triple_declines_nb``, :mod:`~shengji_sim.core.follow.fast_paths`; a radix
    near overflow, row 3 over a holding with sets)."""
    hand = lane.pre.hands[seat]
    rule, row, split, _, _ = triple_row_nb(sw, cls, n_cls, hand)
    if rule < 0:
        return -1, 0
    if row == 1:  # row 1: one of the triples, strongest first
        _greedy_set_follow_nb(kt, sw, level, trump, lane, seat, position, leader, cls, n_cls,
                              3, split)
        return rule, 1
    if row == 3:  # row 3: three different kinds (all held once), one family
        fb = lane.fb
        for k in range(N_KINDS):
            fb.fam_fixed[0, k] = 0
            fb.fam_pool[0, k] = 0
        for j in range(n_cls):
            fb.fam_pool[0, cls[j]] = hand[cls[j]]
        one_family_ready_nb(fb, 3)
        _choose_one_family_nb(kt, sw, level, trump, lane, seat, position, leader, 1)
        return rule, 3
    # row 2: {k, k, x}, keyed by the class indices ascending (the listing order)
    keys = lane.keys
    m = triple_row_2_keys_nb(cls, n_cls, hand, split, keys)
    size, lead_suit, best, partner = _trick_so_far_nb(kt, sw, level, trump, lane, position,
                                                      1, seat % 2, leader)
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    points = kt.points
    out = lane.out
    for k in range(N_KINDS):
        out[k] = 0
    pick = -1
    b1 = 0
    b2 = 0
    win = -1
    w1 = 0
    w2 = 0
    for r in range(m):
        key = keys[r]
        if r > 0 and key == keys[r - 1]:
            continue  # each multiset once
        pts = 0
        cost = 0
        for i in range(3):
            k = cls[(key >> (6 * i)) & 63]
            pts += points[k]
            cost += single_cost_nb(eff, power, k)
        if partner:  # max by (points, -cost), first on ties
            if pick < 0 or pts > b1 or (pts == b1 and cost < b2):
                pick, b1, b2 = key, pts, cost
            continue
        if pick < 0 or pts < b1 or (pts == b1 and cost < b2):  # min by (points, cost)
            pick, b1, b2 = key, pts, cost
        if win < 0 or cost < w1 or (cost == w1 and pts > w2):
            for i in range(3):
                out[cls[(key >> (6 * i)) & 63]] += 1
            # its claim on the triple (greedy_wins_nb's, without the call: CMP-9, AMB-17)
            side, top = set_claim_nb(eff, power, out, lead_suit, np.int64(3), split)
            if side >= 0 and set_claim_beats_nb(sw, side, np.int64(3), top,
                                                best):  # min by (cost, -points)
                win, w1, w2 = key, cost, pts
            for i in range(3):
                out[cls[(key >> (6 * i)) & 63]] = 0
    if win >= 0:
        pick = win
    for k in range(N_KINDS):
        lane.plays[position, k] = 0
    for i in range(3):
        k = cls[(pick >> (6 * i)) & 63]
        lane.plays[position, k] += 1
        hand[k] -= 1
    return rule, 2
