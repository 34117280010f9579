"""A trick's follows as kernels: :func:`_follow`, one follower's play by its player kind
(random, greedy, heuristic), into ``lane.plays[position]``, returning the follow rule used.

A one-card lead is followed by looking at the led card's follow class only
(:func:`_one_card_follow`); a random follower takes a fast path of :mod:`.follow_fast_nb`
where one covers the position (:func:`_random_follow`), a greedy or expert follower its own
(``greedy_fast_nb``, ``one_family_nb``: :func:`_greedy_follow`, :func:`_expert_follow`), and
the family kernels otherwise (:func:`_family_follow_nb`, :func:`strategy_family_follow_nb`).
An expert reads its memory summed up (:func:`_heuristic_view`, :func:`_memory_view`). Same
draws and choices as the reference; a greedy kernel is called only under
``if cand is not None`` (``greedy_nb``, "Compiled players").
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import (
    lowest_bit_nb,
    masks_of_nb,
    take_nb,
)
from shengji_sim.core.base.errors import ERR_FOLLOW
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import below_nb
from shengji_sim.core.base.switches import (
    SW_DECKS,
    SW_JJ4_LINE40,
    SW_KITTY_SIZE,
    SW_SHAPE_OBLIGATION,
    V_JJ4_LINE40_LITERAL,
    V_SHAPE_OBLIGATION_NONE,
)
from shengji_sim.core.engine.deal_nb import (
    I_DEALER,
    I_N_BUR,
)
from shengji_sim.core.follow.fast_guards_nb import short_declines_nb
from shengji_sim.core.follow.follow_count_nb import (
    one_family_count_nb,
    options_count_nb,
    options_nth_nb,
)
from shengji_sim.core.follow.follow_data import STATE_ROW
from shengji_sim.core.follow.follow_families_nb import follow_options_nb
from shengji_sim.core.follow.follow_fast_nb import (
    ONE_CLASS,
    ONE_PLAIN,
    one_card_nth_nb,
    one_card_option_mask_nb,
    one_card_options_nb,
    random_pair_follow_nb,
    random_pairtractor_follow_nb,
    random_short_follow_nb,
    random_single_nb,
    random_triple_follow_nb,
)
from shengji_sim.core.players.greedy_fast_nb import (
    greedy_pair_follow_nb,
    greedy_short_follow_nb,
    greedy_triple_follow_nb,
)
from shengji_sim.core.players.greedy_nb import (
    GREEDY,
    greedy_follow_nb,
    greedy_single_nb,
    greedy_walk_nb,
)
from shengji_sim.core.players.heuristic_follow_nb import (
    NEEDS_MEMORY,
    expert_follow_nb,
    expert_follows_nb,
    expert_single_nb,
)
from shengji_sim.core.players.heuristic_nb import (
    HEURISTIC,
    kept_kind_nb,
)
from shengji_sim.core.players.memory_nb import unseen_by_masks_nb
from shengji_sim.core.players.one_family_nb import (
    pair_follow_row_nb,
    play_one_family_nb,
    short_family_nb,
)
from shengji_sim.core.players.profile_columns import P_MEMORY
from shengji_sim.core.rules.shapes_nb import first_kind_nb


@njit(cache=True, _nrt=False)
def _random_family_follow_nb(kt, sw, level, trump, lead, n_units, uw, ul, uk, hand,
                             position, fb, state, play):
    """``RandomPlayer.follow`` by the family kernels: option ``below(count)`` into ``play``,
    taken from ``hand``; returns the rule or ``ERR_FOLLOW`` plus the follow kernels' error.
    (It takes the lead, hand and follow buffers, not the lane: a call copies every array it
    is passed.)"""
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lead, n_units, uw, ul, uk, hand,
                                    position, fb)
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
def _family_follow_nb(kt, sw, level, trump, lane, cand, seat, position, n_units, leader):
    """One follow into ``lane.plays[position]`` by the family kernels, the player choosing
    among the listed options; returns the rule or ``ERR_FOLLOW`` plus the follow kernels'
    error. ``cand`` is ``lane.cand``: ``None`` (no greedy or heuristic seat) compiles the
    random path only (greedy_nb, "Compiled players")."""
    if cand is not None:
        if lane.pkinds[seat] == GREEDY or lane.pkinds[seat] == HEURISTIC:
            return strategy_family_follow_nb(kt, sw, level, trump, lane, seat, position,
                                             n_units, leader)
    return _random_family_follow_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                    lane.ul, lane.uk, lane.pre.hands[seat], position, lane.fb,
                                    lane.state, lane.plays[position])


@njit(cache=True, _nrt=False)
def strategy_family_follow_nb(kt, sw, level, trump, lane, seat, position, n_units, leader):
    """A greedy or heuristic follower's choice among the listed families' options (the
    first ``GREEDY_OPTIONS``), into ``lane.plays[position]``; returns the rule or an error."""
    pre = lane.pre
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                    lane.ul, lane.uk, pre.hands[seat], position, lane.fb)
    if rule < 0:
        return ERR_FOLLOW + rule
    count = options_count_nb(kt, level, trump, lane.fb, n_fam)
    if count <= 0:
        return ERR_FOLLOW + count
    if count == 1:
        pick = 0  # a forced follow: nothing to choose, and no player draws to choose
    elif lane.pkinds[seat] == GREEDY or not expert_follows_nb(pre.params[seat]):
        pick = greedy_follow_nb(kt, sw, level, trump, greedy_walk_nb(lane), n_fam, count,
                                position, seat % 2, leader, n_units)
    else:
        pick = _expert_pick(kt, sw, level, trump, lane, seat, position, leader, n_units,
                            n_fam, count)
    options_nth_nb(kt, level, trump, lane.fb, n_fam, pick, lane.out)
    for k in range(N_KINDS):
        lane.plays[position, k] = lane.out[k]
        pre.hands[seat, k] -= lane.out[k]
    return rule


@njit(cache=True, _nrt=False, inline="always")
def _expert_pick(kt, sw, level, trump, lane, seat, position, leader, n_units, n_fam, count):
    """An expert follower's choice among the ``count`` options of the ``n_fam`` families
    in ``lane.fb`` (:func:`~.heuristic_follow_nb.expert_follow_nb`, with what it knows)."""
    pre = lane.pre
    trumps_out, void, kept = _heuristic_view(kt, sw, level, trump, lane, seat)
    return expert_follow_nb(kt, sw, level, trump, pre.params[seat], greedy_walk_nb(lane),
                            n_fam, count, position, seat, leader, n_units, lane.tops,
                            trumps_out, void, kept, pre.hand_len[seat], lane.hm[seat, 0])


@njit(cache=True, _nrt=False, inline="always")
def _expert_one_family(kt, sw, level, trump, lane, seat, position, leader, n_units):
    """An expert follower's choice among the options of the one family in the follow
    buffers (``one_family_nb.one_family_ready_nb``; a forced play needs no choice), into
    ``lane.plays[position]``, taken from the hand."""
    kind_at = kt.kind_at[level, trump]
    count = one_family_count_nb(kind_at, lane.fb)
    pick = 0
    if count > 1:
        pick = _expert_pick(kt, sw, level, trump, lane, seat, position, leader, n_units, 1,
                            count)
    play_one_family_nb(kind_at, lane, seat, position, pick)


@njit(cache=True, _nrt=False, inline="always")
def _heuristic_view(kt, sw, level, trump, lane, seat):
    """What a heuristic seat knows before a decision (players.Memory, players.kept_cards):
    its memory (:func:`_memory_view`) and the endgame's kept kind (-1 none); returns the
    unseen trumps, the void table it reads and the kept kind."""
    pre = lane.pre
    trumps_out, void = _memory_view(kt, sw, level, trump, lane, seat)
    kept = kept_kind_nb(pre.params[seat], kt.eff[level, trump], kt.power[level, trump],
                        pre.hands[seat], pre.hand_len[seat], seat, pre.info[I_DEALER])
    return trumps_out, void, kept


@njit(cache=True, _nrt=False, inline="always")
def _memory_view(kt, sw, level, trump, lane, seat):
    """A heuristic seat's memory before a decision (players.Memory): the highest unseen
    powers into ``lane.tops`` (from the masks of its own hand, its own buried kitty and
    the cards played); returns the unseen trumps and the void table it reads."""
    pre = lane.pre
    p = pre.params[seat]
    b = pre.info[I_N_BUR]
    own = b > 0 and pre.bur_seat[b - 1] == seat
    remember = p[P_MEMORY] != 0
    trumps_out = unseen_by_masks_nb(sw[SW_DECKS], kt.power[level, trump],
                                    kt.kind_at[level, trump], kt.order[level, trump],
                                    kt.trump_pmask[level, trump], lane.gmask, lane.hm[seat],
                                    lane.smask,
                                    pre.bur_cards[max(b - 1, 0), :sw[SW_KITTY_SIZE]], own,
                                    remember, lane.tops)
    if remember:
        return trumps_out, lane.void
    return trumps_out, lane.novoid


@njit(cache=True, _nrt=False, inline="always")
def _one_card_follow(kt, sw, level, trump, lane, cand, seat, position, leader, n_units,
                     first):
    """FOLLOW-1, FOLLOW-2, AMB-37, OTH-6 on a one-card lead: one card of the led class (a
    random player's from the masks, :func:`~.follow_fast_nb.random_single_nb`; a greedy or
    heuristic one's from the same options, :func:`~.follow_fast_nb.one_card_option_mask_nb`,
    by :func:`_strategy_single`), else the options of
    :func:`~.follow_fast_nb.one_card_options_nb` (as a mask again for those players); the
    family kernels only past the radix guard. Returns ``(rule, table row)``."""
    hand = lane.pre.hands[seat]
    hm = lane.hm
    eff = kt.eff[level, trump]
    kind_at = kt.kind_at[level, trump]
    cls = kt.cls_kinds[level, trump, first]
    n_cls = kt.cls_n[level, trump, first]
    last_only = sw[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL  # AMB-37 B
    no_shape = sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE  # OTH-6 B
    greedy = lane.pkinds[seat] == GREEDY
    heuristic = lane.pkinds[seat] == HEURISTIC
    f = -1
    rule = -1
    opts = np.int64(0)  # a greedy or heuristic player's options, as positions (0: none yet)
    if not greedy and not heuristic:
        f, rule = random_single_nb(hm[seat], kt.cls_pmask[level, trump, first],
                                   ~kt.trump_pmask[level, trump], eff[first] == TRUMP, kind_at,
                                   position, last_only, no_shape, lane.state)
    elif cand is not None:  # a lane with a greedy seat (pruned by type otherwise)
        opts, rule = one_card_option_mask_nb(hm[seat], kt.cls_pmask[level, trump, first],
                                             ~kt.trump_pmask[level, trump],
                                             eff[first] == TRUMP, position, last_only,
                                             no_shape)
        if rule < 0:
            opts = np.int64(0)
    mode = -1
    count = 0
    if f < 0 and not opts:
        mode, rule, count = one_card_options_nb(cls, n_cls, eff, first, hand, position,
                                                last_only, no_shape)
        if mode < 0:  # the radix guard: the family kernels decide
            rule = _family_follow_nb(kt, sw, level, trump, lane, cand, seat, position,
                                     n_units, leader)
            lane.tk[position] = first_kind_nb(lane.plays[position])
            masks_of_nb(kt.order[level, trump], hand, hm[seat])
            return rule, lane.fb.state[STATE_ROW]
        if cand is not None and (greedy or heuristic):  # pruned by type without such seats
            opts = hm[seat, 0]  # the options' positions (one_card_nth_nb's walk)
            if mode == ONE_CLASS:
                opts &= kt.cls_pmask[level, trump, first]
            elif mode == ONE_PLAIN:
                opts &= ~kt.trump_pmask[level, trump]
    if cand is not None and opts:  # one call site: the choice is inlined once
        f = _strategy_single(kt, sw, level, trump, lane, seat, position, leader, opts)
    if f < 0:
        f = one_card_nth_nb(mode, cls, n_cls, eff, kind_at, hand, below_nb(lane.state, count))
    take_nb(hand, hm[seat], f, kt.order[level, trump, f], 1)
    for k in range(N_KINDS):
        lane.plays[position, k] = 0
    lane.plays[position, f] = 1
    lane.tk[position] = f
    return rule, 0


@njit(cache=True, _nrt=False, inline="always")
def _strategy_single(kt, sw, level, trump, lane, seat, position, leader, opts):
    """A greedy or heuristic player's card among the options of a one-card lead, ``opts``
    being their listing positions as a mask: the expert rule
    (:func:`~.heuristic_follow_nb.expert_single_nb`; a forced card sums no memory, and the memory
    is summed only when the choice asks for it) or the greedy one
    (:func:`~.greedy_nb.greedy_single_nb`). Returns the kind."""
    eff = kt.eff[level, trump]
    kind_at = kt.kind_at[level, trump]
    pre = lane.pre
    p = pre.params[seat]
    if lane.pkinds[seat] == HEURISTIC and expert_follows_nb(p):
        if not opts & (opts - 1):  # one option: forced
            return kind_at[lowest_bit_nb(opts)]
        kept = kept_kind_nb(p, eff, kt.power[level, trump], pre.hands[seat],
                            pre.hand_len[seat], seat, pre.info[I_DEALER])
        trumps_out = 0  # no memory yet: summed when the choice asks for it
        void = lane.novoid
        remembered = False
        while True:
            f = expert_single_nb(eff, kt.group[level, trump], kt.power[level, trump],
                                 kt.points, kind_at, p, lane.tk, opts, position, seat, leader,
                                 lane.tops, trumps_out, void, kept, pre.hand_len[seat],
                                 remembered)
            if f != NEEDS_MEMORY:
                return f
            trumps_out, void = _memory_view(kt, sw, level, trump, lane, seat)
            remembered = True
    return greedy_single_nb(eff, kt.power[level, trump], kind_at, kt.points, lane.tk, opts,
                            position, seat % 2, leader)


@njit(cache=True, _nrt=False, inline="always")
def _random_follow(kt, sw, level, trump, lane, seat, position, n_units, size, first):
    """A random player's follow of a multi-card lead: the first fast path of
    :mod:`.follow_fast_nb` that covers the position (short in the led class; a pair,
    2-pair tractor or triple lead), else the family kernels. Returns ``(rule, table row)``.
    Each fast path declines, drawing nothing, where it does not apply."""
    hand = lane.pre.hands[seat]
    held = lane.hm[seat]
    kind_at = kt.kind_at[level, trump]
    cls_mask = kt.cls_pmask[level, trump, first]
    if _short_path_open(kt, sw, level, trump, held, first, position):
        rule = random_short_follow_nb(hand, held, cls_mask, kind_at, size, lane.state, lane.rest,
                                      lane.bkinds, lane.suf, lane.picked, lane.plays[position])
        if rule >= 0:
            return rule, 0
    cls = kt.cls_kinds[level, trump, first]
    n_cls = kt.cls_n[level, trump, first]
    play = lane.plays[position]
    if size == 2 and lane.lead[first] == 2:  # a pair
        rule, row = random_pair_follow_nb(sw, cls, n_cls, hand, lane.state, play)
        if rule >= 0:
            return rule, row
    if n_units == 1 and lane.uw[0] == 2 and lane.ul[0] == 2:  # a 2-pair tractor
        rule, row = random_pairtractor_follow_nb(sw, kind_at, kt.succ_pmask[level, trump],
                                                 cls_mask, held, hand, lane.state, play,
                                                 lane.keys, lane.rest, lane.bkinds, lane.suf,
                                                 lane.picked)
        if rule >= 0:
            return rule, row
    if size == 3 and lane.lead[first] == 3:  # a triple
        rule, row = random_triple_follow_nb(sw, cls, n_cls, hand, lane.state, play, lane.keys)
        if rule >= 0:
            return rule, row
    rule = _random_family_follow_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                    lane.ul, lane.uk, hand, position, lane.fb, lane.state,
                                    play)
    return rule, lane.fb.state[STATE_ROW]


@njit(cache=True, _nrt=False, inline="always")
def _short_path_open(kt, sw, level, trump, held, first, position):
    """May a follower short in the led class (of the lead's kind ``first``; ``held``: the
    follower's hand masks) take the one-family path? Not where ``short_declines_nb``
    (:mod:`~shengji_sim.core.follow.fast_paths`) leaves it to the family kernels: its flags
    are whether the follower holds some of the class, and whether it is void in a plain
    lead's class before the last seat."""
    cls_mask = kt.cls_pmask[level, trump, first]
    lead_trump = kt.eff[level, trump, first] == TRUMP
    void = not held[0] & cls_mask
    return not short_declines_nb(sw, not void, void and not lead_trump and position < 3)


@njit(cache=True, _nrt=False, inline="always")
def _expert_follow(kt, sw, level, trump, lane, seat, position, leader, n_units, size, first):
    """An expert player's follow of a multi-card lead: the one-family forms of the greedy
    player's fast paths (short in the led class; a pair lead's row 2, any two cards of the
    class), chosen by the expert rule, else the family kernels. Returns ``(rule, table
    row)``. The one-family choice has one call site (its body is inlined)."""
    rule = -1
    row = -1  # no one-family path
    if _short_path_open(kt, sw, level, trump, lane.hm[seat], first, position):
        rule = short_family_nb(kt, level, trump, lane, seat, size,
                               kt.cls_pmask[level, trump, first])
        if rule >= 0:
            row = 0
    if row < 0 and size == 2 and lane.lead[first] == 2:  # a pair
        rule, row, _ = pair_follow_row_nb(sw, lane, seat, kt.cls_kinds[level, trump, first],
                                          kt.cls_n[level, trump, first])
        if row != 2:
            row = -1
    if row >= 0:
        _expert_one_family(kt, sw, level, trump, lane, seat, position, leader, n_units)
        return rule, row
    rule = strategy_family_follow_nb(kt, sw, level, trump, lane, seat, position, n_units,
                                     leader)
    return rule, lane.fb.state[STATE_ROW]


@njit(cache=True, _nrt=False, inline="always")
def _greedy_follow(kt, sw, level, trump, lane, seat, position, leader, n_units, size, first):
    """A greedy player's follow of a multi-card lead: the greedy forms of the random
    player's fast paths (short in the led class, a pair or triple lead, :mod:`.greedy_fast_nb`),
    which build the families without the family kernels, else the families listed.
    Returns ``(rule, table row)``."""
    cls_mask = kt.cls_pmask[level, trump, first]
    if _short_path_open(kt, sw, level, trump, lane.hm[seat], first, position):
        rule = greedy_short_follow_nb(kt, sw, level, trump, lane, seat, position, leader,
                                      n_units, size, cls_mask)
        if rule >= 0:
            return rule, 0
    if size == 2 and lane.lead[first] == 2:  # a pair
        rule, row = greedy_pair_follow_nb(kt, sw, level, trump, lane, seat, position, leader,
                                          kt.cls_kinds[level, trump, first],
                                          kt.cls_n[level, trump, first])
        if rule >= 0:
            return rule, row
    if size == 3 and lane.lead[first] == 3:  # a triple
        rule, row = greedy_triple_follow_nb(kt, sw, level, trump, lane, seat, position, leader,
                                            kt.cls_kinds[level, trump, first],
                                            kt.cls_n[level, trump, first])
        if rule >= 0:
            return rule, row
    # the family kernels, called without _family_follow_nb's dispatch (a call copies the lane)
    rule = strategy_family_follow_nb(kt, sw, level, trump, lane, seat, position, n_units,
                                     leader)
    return rule, lane.fb.state[STATE_ROW]


@njit(cache=True, _nrt=False, inline="always")
def _follow(kt, sw, level, trump, lane, cand, seat, position, leader, n_units, size, first):
    """FOLLOW-1 .. FOLLOW-11, DEF-5, THROW-5: one follow into ``lane.plays[position]``,
    taken from the seat's hand; returns ``(rule, table row)`` (a negative rule is the hand's
    error code). A one-card lead has its own path. Each player takes its fast paths where
    one applies (a random player :func:`_random_follow`, a greedy one and a heuristic one
    that follows by the greedy rule :func:`_greedy_follow`, an expert one
    :func:`_expert_follow`), else the options of the family kernels."""
    if size == 1:
        return _one_card_follow(kt, sw, level, trump, lane, cand, seat, position, leader,
                                n_units, first)
    greedy = False
    rule = -1
    row = 0
    if cand is not None:  # a lane with a greedy seat (pruned by type otherwise)
        expert = lane.pkinds[seat] == HEURISTIC and expert_follows_nb(lane.pre.params[seat])
        if expert:
            greedy = True
            rule, row = _expert_follow(kt, sw, level, trump, lane, seat, position, leader,
                                       n_units, size, first)
        elif lane.pkinds[seat] == GREEDY or lane.pkinds[seat] == HEURISTIC:
            greedy = True  # a heuristic profile may follow by the greedy rule
            rule, row = _greedy_follow(kt, sw, level, trump, lane, seat, position,
                                       leader, n_units, size, first)
    if not greedy:
        rule, row = _random_follow(kt, sw, level, trump, lane, seat, position, n_units, size,
                                   first)
    masks_of_nb(kt.order[level, trump], lane.pre.hands[seat], lane.hm[seat])
    return rule, row
