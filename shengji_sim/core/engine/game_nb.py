"""The whole hand as kernels, and the batch runner over hands.

Representation
--------------
:func:`play_hand_nb` plays hand ``index`` of root seed ``root`` exactly as
:func:`shengji_sim.rules.game.play_hand` with ``random`` / ``greedy`` players, phase by phase
as the reference does: the pre-trick phase (deal, declarations, kitty and 炒底,
:mod:`.deal_nb`), then each trick (:func:`_play_trick`: the lead :func:`_lead`, three
follows :func:`_follow`, the winner and points :func:`_winner_and_points`), the kitty on
the last trick and the level change, drawing the same numbers from the hand's SplitMix64
stream. The players' choices are :mod:`.random_nb`'s, :mod:`.greedy_nb`'s and
:mod:`.heuristic_nb`'s. It writes one result row into ``out[i, :]`` (an ``int64`` matrix whose
columns are the fields of :data:`shengji_sim.results.ROW_DTYPE`, at ``C_<FIELD>``) and, when
``log_on``, every play into a :class:`HandLog` from which ``backend.play_hand_core`` rebuilds the
reference's record.

Buffers (:class:`Lane`) are allocated once per lane (:func:`run_lane_nb`); lane ``j`` of
``L`` plays hands ``start + j, start + j + L, ...``; a row depends on its hand index only,
so results never depend on the thread count or the chunking. Whole matches (hands at the
match's levels and dealer, one after the other) are :mod:`.match_nb`'s, over the same
:func:`play_hand_nb`.

Speed
-----
Kernels that allocate nothing are compiled with ``_nrt=False`` (no reference counting); the
phases are ``inline="always"`` (a call passes every array of ``kt`` and the lane by value,
docs/core-conventions.md). The common cases skip the general machinery and draw the same
numbers: a random leader's lead is counted without listing the sets
(:func:`~.random_nb.random_lead_pick_nb`); a one-card lead is followed by looking at the
led card's follow class only; a random follower takes a fast path of :mod:`.follow_fast_nb`
where one covers the position, and the family kernels otherwise; the winner of a one-set
lead (single, pair, triple, quad) compares the followers' matching sets only
(:func:`_set_winner_nb`), and of any other lead reuses the lead's units.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import (
    N_MASKS,
    lowest_bit_nb,
    masks_of_nb,
    take_nb,
)
from shengji_sim.core.base.errors import (
    ERR_FOLLOW,
    ERR_KITTY,
    ERR_LEAD,
    ERR_LEAD_UNLISTED,
    ERR_PRE_TRICK,
    ERR_TRICK,
    STATUS_OK,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import (
    below_nb,
    hand_seed_nb,
)
from shengji_sim.core.base.switches import (
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
from shengji_sim.core.base.tables import (
    MAX_RUN,
)
from shengji_sim.core.engine.deal_nb import (
    I_DEALER,
    I_FIRST,
    I_LEVEL,
    I_N_BUR,
    I_N_CHAO,
    I_N_DECL,
    I_REDEALS,
    I_TRUMP,
    PreTrickBuffers,
    alloc_pre_trick_buffers_nb,
    pre_trick_nb,
)
from shengji_sim.core.engine.shadow_nb import (
    decision_draw_nb,
)
from shengji_sim.core.follow.follow_count_nb import (
    one_family_count_nb,
    options_count_nb,
    options_nth_nb,
)
from shengji_sim.core.follow.follow_data import (
    MAX_PLAYS,
    RULE_FOLLOW_5,
    RULE_FOLLOW_10,
    STATE_ROW,
    FollowBuffers,
    alloc_follow_buffers_nb,
)
from shengji_sim.core.follow.follow_families_nb import (
    follow_options_nb,
)
from shengji_sim.core.follow.follow_fast_nb import (
    ONE_CLASS,
    ONE_PLAIN,
    SHORT_FREE,
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
    greedy_lead_into_nb,
    greedy_lead_pick_nb,
    greedy_single_nb,
    greedy_walk_nb,
)
from shengji_sim.core.players.heuristic_follow_nb import (
    NEEDS_MEMORY,
    expert_follow_nb,
    expert_follows_nb,
    expert_single_nb,
)
from shengji_sim.core.players.heuristic_lead_nb import heuristic_lead_into_nb
from shengji_sim.core.players.heuristic_nb import HEURISTIC, P_MEMORY, kept_kind_nb
from shengji_sim.core.players.memory_nb import (
    N_GROUPS,
    forget_nb,
    group_masks_nb,
    note_card_nb,
    note_play_nb,
    unseen_by_masks_nb,
)
from shengji_sim.core.players.one_family_nb import (
    pair_follow_row_nb,
    play_one_family_nb,
    short_family_nb,
)
from shengji_sim.core.players.random_nb import random_lead_pick_nb
from shengji_sim.core.rules.kitty_nb import (
    judge_kitty_nb,
)
from shengji_sim.core.rules.lead_nb import (
    LeadBuffers,
    alloc_lead_buffers_nb,
    sorted_tractors_nb,
)
from shengji_sim.core.rules.score_nb import (
    after_hand_nb,
    judge_score_nb,
)
from shengji_sim.core.rules.shapes_nb import (
    decompose_top_nb,
    first_kind_nb,
    may_hold_tractor_nb,
    set_unit_nb,
    two_quads_count_nb,
)
from shengji_sim.core.rules.trick_nb import (
    ThrowScratch,
    alloc_throw_scratch_nb,
    trick_points_nb,
    trick_winner_units_nb,
)
from shengji_sim.results import ROW_DTYPE

MAX_TRICKS = 60
FOLLOW_FAMILIES = 4096  # follow_data.make_buffers defaults
FOLLOW_PLAYS = MAX_PLAYS
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
C_MATCH = COLUMNS.index("match")
C_NEXT_DEALER = COLUMNS.index("next_dealer")
C_REDEALS = COLUMNS.index("redeals")
C_SEED = COLUMNS.index("seed")
C_THROWS = COLUMNS.index("throws")
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
    cand: np.ndarray | None  # int8[GREEDY_OPTIONS, 54] greedy candidates; None: no greedy seat
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
    hflag: np.ndarray  # int32[1]: 1 when a seat is heuristic (its memory is kept)
    seen: np.ndarray  # int16[54] memory_nb: the cards played this hand
    void: np.ndarray  # int8[4, 5] memory_nb: the seats shown void in a follow group
    novoid: np.ndarray  # int8[4, 5] zeros: the void table of a seat without memory
    hcnt: np.ndarray  # int8[54] scratch of heuristic_lead_nb.proven_throw_nb
    tops: np.ndarray  # int16[5, 5] scratch: memory_nb.unseen_by_masks_nb's highest unseen powers
    smask: np.ndarray  # int64[4] memory_nb: ``seen`` as position masks
    gmask: np.ndarray  # int64[5] memory_nb: each group's kinds as a position mask, per hand
    ts: ThrowScratch  # trick_nb: a throw lead's plays judged, for plays of a hand's size


@njit(cache=True, _nrt=True)
def alloc_log_nb():
    return HandLog(np.zeros(1, np.int32), np.zeros(MAX_TRICKS, np.int8),
                   np.zeros((MAX_TRICKS, 4, N_KINDS), np.int8), np.zeros(MAX_TRICKS, np.int8),
                   np.zeros(MAX_TRICKS, np.int16), np.zeros((MAX_TRICKS, 3), np.int16),
                   np.zeros((MAX_TRICKS, 3), np.int16), np.zeros(4, np.int64))


@njit(cache=True, _nrt=True)
def alloc_lane_nb(decks, hand_size, kitty_size, max_lead, pkinds, params, levels, cand):
    """One lane's buffers (players ``pkinds``, heuristic profiles ``params`` (int32[4,
    N_PARAMS]), match ``levels``); no allocation per hand.
    ``cand``: the greedy players' candidate buffer, or ``None`` when no seat is greedy, which
    compiles a lane with no greedy code in it (:mod:`.greedy_nb`, "Compiled players")."""
    lane = Lane(alloc_pre_trick_buffers_nb(decks, hand_size, kitty_size),
                alloc_follow_buffers_nb(FOLLOW_FAMILIES, FOLLOW_PLAYS, FOLLOW_ALTERNATIVES,
                                FOLLOW_TRACTORS),
                alloc_lead_buffers_nb(max_lead), np.zeros((4, N_KINDS), np.int8),
                np.zeros(N_KINDS, np.int8), np.zeros(N_KINDS, np.int8),
                cand, np.zeros(N_KINDS, np.int8), np.zeros(N_KINDS, np.int8),
                np.full((N_KINDS, MAX_RUN), -1, np.int8),
                np.zeros(N_KINDS, np.int16), np.zeros(N_KINDS, np.int8),
                np.zeros(1, np.uint64), levels.copy(), pkinds.copy(), np.zeros(4, np.int16),
                np.zeros((4, N_MASKS), np.int64), np.zeros(N_KINDS, np.int8),
                np.zeros(N_KINDS, np.int16), np.zeros((55, SHORT_FREE + 1), np.int64),
                np.zeros(SHORT_FREE, np.int8), np.zeros(N_KINDS * N_KINDS, np.int64),
                alloc_log_nb(), np.zeros(1, np.int32), np.zeros(N_KINDS, np.int16),
                np.zeros((4, N_GROUPS), np.int8), np.zeros((4, N_GROUPS), np.int8),
                np.zeros(N_KINDS, np.int8),
                np.zeros((N_GROUPS, 5), np.int16), np.zeros(4, np.int64),
                np.zeros(N_GROUPS, np.int64), alloc_throw_scratch_nb(hand_size))
    lane.pre.params[:, :] = params
    for s in range(4):
        if pkinds[s] == HEURISTIC:
            lane.hflag[0] = 1
    return lane


# ---------------------------------------------------------------------- small pieces


@njit(cache=True, _nrt=False)
def _set_winner_nb(eff, power, tk):
    """``trick_winner`` when the lead is one set (a single, pair, triple or quad of kind
    ``tk[0]``) and ``tk[p]`` is the kind follower ``p`` played as the same set, -1 if its play
    is not one set: only such a play claims (a set lead has no substitute shapes, CMP-2,
    CMP-3, CMP-4); a led-suit set beats by power, a ruff beats the led suit, a higher trump
    set beats a ruff; the first of equal sets wins (CMP-1, TRUMP-6, TRUMP-7, DEF-3)."""
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
    ``width`` copies of ``kind`` are one set (COMBO-1, COMBO-2, COMBO-3)."""
    set_unit_nb(power, kind, width, 0, uw, ul, uk, ut)
    return 1


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


# ---------------------------------------------------------------- the phases of a hand


@njit(cache=True, _nrt=False, inline="always")
def _start_row(sw, row, pre, kitty, root, index, seed, hand_number):
    """The result row's header after the pre-trick phase, and the kitty as counts."""
    info = pre.info
    for c in range(row.shape[0]):
        row[c] = 0
    row[C_INDEX] = index
    row[C_SEED] = root
    row[C_HAND_SEED] = seed
    row[C_HAND_NUMBER] = hand_number
    row[C_LEVEL] = info[I_LEVEL]
    row[C_DEALER] = info[I_DEALER]
    row[C_FIRST_RECIPIENT] = info[I_FIRST]
    row[C_TRUMP] = info[I_TRUMP]
    row[C_DECLARATIONS] = info[I_N_DECL]
    row[C_REDEALS] = info[I_REDEALS]
    row[C_CHAODI] = info[I_N_CHAO]
    row[C_MATCH] = -1  # a hand of no match; match_nb.play_match_nb sets its match
    for k in range(N_KINDS):
        kitty[k] = 0
    for j in range(sw[SW_KITTY_SIZE]):
        kitty[pre.kitty[j]] += 1


@njit(cache=True, _nrt=False, inline="always")
def _lead(kt, sw, level, trump, lane, cand, leader):
    """LEAD-3: the leader's player chooses a one-unit lead into ``lane.lead`` and takes it
    from the hand; returns ``(size, strongest kind, first kind in kind order)``, or an
    error code as the first value. A random leader's option is counted without listing the
    sets (:func:`~.random_nb.random_lead_pick_nb`); tractors (and AMB-41 A two-quad units)
    are listed only when the hand's masks say it may hold one."""
    pre = lane.pre
    hm = lane.hm
    order = kt.order[level, trump]
    greedy = False
    top = -1
    if cand is not None:  # a lane with a greedy seat (pruned by type otherwise)
        if lane.pkinds[leader] == GREEDY:
            greedy = True
            top = _greedy_lead(kt, sw, level, trump, lane, leader)
        elif lane.pkinds[leader] == HEURISTIC:
            greedy = True
            trumps_out, void, kept = _heuristic_view(kt, sw, level, trump, lane, leader)
            top, _throw = heuristic_lead_into_nb(
                kt, sw, level, trump, pre.params[leader], pre.hands, hm[leader], lane.gmask,
                leader, lane.lb, lane.tops, trumps_out, void, kept, lane.uw, lane.ul, lane.uk,
                lane.ut, lane.hcnt, lane.lead)
    if not greedy:
        lb = lane.lb
        kind_at = kt.kind_at[level, trump]
        m = 0
        quads = hm[leader, 3] if two_quads_count_nb(sw) else np.int64(0)
        if may_hold_tractor_nb(kind_at, kt.succ_pmask[level, trump], kt.tr_closed[level, trump],
                               sw[SW_TRACTOR_UNITS], hm[leader, 1], quads):
            m = sorted_tractors_nb(kt, sw, level, trump, pre.hands[leader], hm[leader, 1],
                                   quads, lb)
        n, top = random_lead_pick_nb(kind_at, pre.hands[leader], hm[leader, 0],
                                     pre.hand_len[leader], m, lb.w, lb.ln, lb.kinds, lb.ords,
                                     lane.state, lane.lead)
    if top < 0:  # random_lead_pick_nb's -1: the drawn option was not listed
        return (top if top <= ERR_LEAD else ERR_LEAD_UNLISTED), -1, -1
    size = 0
    for k in range(N_KINDS):
        lane.plays[0, k] = lane.lead[k]
        size += lane.lead[k]
    if lane.lead[top] == size:  # one set: take it without rebuilding the masks
        take_nb(pre.hands[leader], hm[leader], top, order[top], size)
        return size, top, top
    first = first_kind_nb(lane.lead)
    for k in range(N_KINDS):
        pre.hands[leader, k] -= lane.lead[k]
    masks_of_nb(order, pre.hands[leader], hm[leader])
    return size, top, first


@njit(cache=True, _nrt=False, inline="always")
def _lead_units(kt, sw, level, trump, lane, size, first):
    """DEF-4, THROW-1: the lead's canonical units into ``lane.uw/ul/uk/ut`` (a set
    directly, anything else by ``decompose_top_nb``); returns how many."""
    if lane.lead[first] == size:
        lane.tk[0] = first
        return _set_units_nb(kt.power[level, trump], first, size, lane.uw, lane.ul, lane.uk,
                             lane.ut)
    return decompose_top_nb(kt, sw, level, trump, lane.lead, lane.uw, lane.ul, lane.uk,
                            lane.ut)


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
def _greedy_lead(kt, sw, level, trump, lane, leader):
    """A greedy leader's unit into ``lane.lead`` (:func:`~.greedy_nb.greedy_lead_pick_nb`:
    the tractors listed only when the masks say the hand may hold one, the sets never);
    returns a kind of the lead or an error code."""
    hand = lane.pre.hands[leader]
    hm = lane.hm[leader]
    lb = lane.lb
    kind_at = kt.kind_at[level, trump]
    m = 0
    quads = hm[3] if two_quads_count_nb(sw) else np.int64(0)
    if may_hold_tractor_nb(kind_at, kt.succ_pmask[level, trump], kt.tr_closed[level, trump],
                           sw[SW_TRACTOR_UNITS], hm[1], quads):
        m = sorted_tractors_nb(kt, sw, level, trump, hand, hm[1], quads, lb)
    top = greedy_lead_pick_nb(kind_at, kt.eff[level, trump], kt.power[level, trump],
                              kt.group[level, trump], hand, hm[0], m, lb.w, lb.ln, lb.kinds,
                              lb.ords, lb.tmp, lane.lead)
    if top < 0:
        top = greedy_lead_into_nb(kt, sw, level, trump, hand, lb, lane.lead)
    return top


@njit(cache=True, _nrt=False, inline="always")
def _short_path_open(kt, sw, level, trump, held, first, position):
    """May a follower short in the led class (of the lead's kind ``first``; ``held``: the
    follower's hand masks) take the one-family path? Not under AMB-19 B while it holds
    some of the class, nor under AMB-37 B when void before the last seat: the family
    kernels decide those."""
    cls_mask = kt.cls_pmask[level, trump, first]
    lead_trump = kt.eff[level, trump, first] == TRUMP
    void = not held[0] & cls_mask
    lax = sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING and not void  # AMB-19 B
    last_only = (sw[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL and not lead_trump
                 and position < 3 and void)  # AMB-37 B
    return not lax and not last_only


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


@njit(cache=True, _nrt=False, inline="always")
def _count_follow(row, rule_col, rule, table_row):
    """The result row's rule counts: one per follow, and the JJ4 table row that decided
    (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10: bit ``row - 1``)."""
    row[FOLLOW_COL0 + rule_col[rule]] += 1
    if RULE_FOLLOW_5 <= rule <= RULE_FOLLOW_10 and table_row > 0:
        row[JJ4_COL0 + rule - RULE_FOLLOW_5] |= 1 << (table_row - 1)


@njit(cache=True, _nrt=False, inline="always")
def _winner_and_points(kt, sw, level, trump, lane, size, first, n_units):
    """CMP-9, POINT-2: the winning play's index and the trick's points. A one-set lead
    (single, pair, triple, quad) compares the followers' matching sets only; any other lead
    reuses its units (``trick_winner_units_nb``)."""
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    tk = lane.tk
    if size == 1:
        winner = _set_winner_nb(eff, power, tk)
        return winner, (kt.points[tk[0]] + kt.points[tk[1]] + kt.points[tk[2]]
                        + kt.points[tk[3]])
    if n_units == 1 and lane.ul[0] == 1:  # one set: a pair, triple or quad
        tk[0] = first
        for p in range(1, 4):
            tk[p] = _set_kind_nb(lane.plays[p], size)
        return _set_winner_nb(eff, power, tk), trick_points_nb(kt.points, lane.plays, 4)
    # the plays are legal (equal sizes, DEF-27) and lane.uw/ul/ut still hold the lead's
    # units (the greedy follower reuses them too, greedy_nb.greedy_pick_nb)
    winner = trick_winner_units_nb(kt, sw, level, trump, lane.plays, 4, n_units, lane.uw,
                                   lane.ul, lane.ut, size, eff[first], lane.ts)
    return winner, trick_points_nb(kt.points, lane.plays, 4)


@njit(cache=True, _nrt=False, inline="always")
def _play_trick(kt, sw, level, trump, lane, cand, leader, rule_col, row, trick, log_on):
    """One trick (``rules.game._play_trick``): the lead, three follows, the winner and the
    points. Returns ``(winner, points)``, or a hand's error code as the first value."""
    decision_draw_nb(sw, lane.state, row[C_HAND_SEED], trick, 0)  # diff's per-decision mode
    size, top, first = _lead(kt, sw, level, trump, lane, cand, leader)
    if size < 0:
        return size, 0
    n_units = _lead_units(kt, sw, level, trump, lane, size, first)
    if n_units > 1:  # only a heuristic leader throws (THROW-2)
        row[C_THROWS] += 1
    if cand is not None:
        if lane.hflag[0]:
            note_play_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                         lane.smask, lane.void, lane.plays, 0, leader, first)
    for position in range(1, 4):
        seat = (leader + position) % 4
        decision_draw_nb(sw, lane.state, row[C_HAND_SEED], trick, position)
        rule, table_row = _follow(kt, sw, level, trump, lane, cand, seat, position, leader,
                                  n_units, size, first)
        if rule < 0:
            return rule, 0
        if cand is not None:
            if lane.hflag[0] and size == 1:
                note_card_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                             lane.smask, lane.void, lane.tk[position], position, seat, first)
            elif lane.hflag[0]:
                note_play_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                             lane.smask, lane.void, lane.plays, position, seat, first)
        _count_follow(row, rule_col, rule, table_row)
        if log_on:
            lane.log.rule[trick, position - 1] = rule
            lane.log.row[trick, position - 1] = table_row
    for s in range(4):
        lane.pre.hand_len[s] -= size
    winner, points = _winner_and_points(kt, sw, level, trump, lane, size, first, n_units)
    if winner < 0:
        return ERR_TRICK + winner, 0
    if log_on:
        lane.log.leader[trick] = leader
        lane.log.winner[trick] = winner
        lane.log.points[trick] = points
        for p in range(4):
            for k in range(N_KINDS):
                lane.log.plays[trick, p, k] = lane.plays[p, k]
    return winner, points


@njit(cache=True, _nrt=False, inline="always")
def _last_trick_kitty(kt, sw, level, trump, lane, leader, dealer, attackers, row, log_on):
    """KITTY-2, KITTY-3: the kitty after the last trick; returns ``(the attackers' award,
    error)``."""
    leader_side = 0 if leader % 2 == dealer % 2 else 1
    w, side, n, kitty_points, awarded, err = judge_kitty_nb(
        kt, sw, level, trump, lane.plays, 4, leader_side, lane.kitty, attackers, 1, lane.uw,
        lane.ul, lane.uk, lane.ut)
    if err < 0:
        return 0, ERR_KITTY + err
    row[C_KITTY_POINTS] = kitty_points
    row[C_KITTY_MULTIPLIER] = n
    row[C_KITTY_AWARDED] = awarded
    row[C_LAST_TRICK_SIDE] = side
    if log_on:
        lane.log.kitty[0] = n
        lane.log.kitty[1] = kitty_points
        lane.log.kitty[2] = awarded
        lane.log.kitty[3] = side
    return awarded, 0


@njit(cache=True, _nrt=False, inline="always")
def _score(sw, lane, row, dealer, attackers, tricks):
    """LEVEL-2 .. LEVEL-8, DEALER-1 .. DEALER-4: the level change and the next dealer."""
    side, levels_gained, offset = judge_score_nb(sw, attackers)
    lv0, lv1, next_dealer, match_winner = after_hand_nb(
        sw, lane.levels[0], lane.levels[1], dealer, side, levels_gained, offset)
    row[C_ATTACKER_POINTS] = attackers
    row[C_TRICKS] = tricks
    row[C_WINNER_SIDE] = side
    row[C_LEVELS] = levels_gained
    row[C_NEXT_DEALER] = next_dealer


# ---------------------------------------------------------------------------- one hand


@njit(cache=True, _nrt=False)
def play_hand_nb(kt, sw, rule_col, root, index, hand_number, match_dealer, lane, cand,
                 row_out, r, log_on):
    """Hand ``index`` of ``root`` into ``row_out[r]`` as ``rules.game.play_hand`` plays it:
    1-3 the deal, declarations, kitty and 炒底 (:func:`~.deal_nb.pre_trick_nb`); 4 the
    tricks (:func:`_play_trick`), the dealer leading first, then each trick's winner; 5 the
    kitty on the last trick and the level change. Returns 0 or the hand's error code
    (:data:`ERR_STAGE`)."""
    seed = hand_seed_nb(root, index)
    lane.state[0] = seed
    pre = lane.pre
    status = pre_trick_nb(kt, sw, lane.state, lane.levels, match_dealer, hand_number,
                          lane.pkinds, pre)
    if status != STATUS_OK:
        return ERR_PRE_TRICK - status
    row = row_out[r]
    _start_row(sw, row, pre, lane.kitty, root, index, seed, hand_number)
    level, trump, dealer = pre.info[I_LEVEL], pre.info[I_TRUMP], pre.info[I_DEALER]
    for seat in range(4):
        masks_of_nb(kt.order[level, trump], pre.hands[seat], lane.hm[seat])
    if cand is not None:
        if lane.hflag[0]:
            forget_nb(lane.seen, lane.void, lane.smask)
            group_masks_nb(kt.group[level, trump], kt.order[level, trump], lane.gmask)
    attackers = 0
    leader = dealer  # LEAD-1
    tricks = 0
    while pre.hand_len[leader] > 0:
        winner, points = _play_trick(kt, sw, level, trump, lane, cand, leader, rule_col, row,
                                        tricks, log_on)
        if winner < 0:
            return winner
        winner_seat = (leader + winner) % 4
        if winner_seat % 2 != dealer % 2:
            attackers += points
        tricks += 1
        if pre.hand_len[leader] == 0:
            awarded, err = _last_trick_kitty(kt, sw, level, trump, lane, leader, dealer,
                                             attackers, row, log_on)
            if err:
                return err
            attackers += awarded
        leader = winner_seat  # LEAD-2
    if log_on:
        lane.log.n[0] = tricks
    _score(sw, lane, row, dealer, attackers, tricks)
    return 0


@njit(nogil=True)
def run_lane_nb(kt, sw, rule_col, root, start, count, lane_index, n_lanes, max_lead, pkinds,
                params, levels, cand, out, status):
    """Lane ``lane_index`` of ``n_lanes`` of hands ``start .. start + count - 1``: the hands
    ``start + i`` for ``i = lane_index, lane_index + n_lanes, ...``, each an independent first
    hand (levels at the variant's start, no dealer yet), in one lane's buffers;
    ``status[i]`` is 0 or hand ``start + i``'s error code. Releases the GIL, so lanes run in
    parallel on Python threads (``backend.run_chunk``)."""
    lane = alloc_lane_nb(sw[SW_DECKS], sw[SW_HAND_SIZE], sw[SW_KITTY_SIZE], max_lead, pkinds,
                         params, levels, cand)
    for i in range(lane_index, count, n_lanes):
        status[i] = play_hand_nb(kt, sw, rule_col, root, start + i, 1, -1, lane, cand, out, i,
                                 False)
