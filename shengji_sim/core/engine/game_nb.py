"""One whole hand as a kernel, and the batch runner over hands (a lane of hands).

Representation
--------------
:func:`play_hand_nb` plays hand ``index`` of root seed ``root`` exactly as
:func:`shengji_sim.rules.game.play_hand` with the kernels' players, phase by phase as the
reference does: the pre-trick phase (deal, declarations, kitty and 炒底, :mod:`.deal_nb`),
then each trick (``play_trick_nb._play_trick``, :mod:`.play_trick_nb`), the kitty on the last
trick and the level change (:func:`_last_trick_kitty`, :func:`_score`), drawing the same
numbers from the hand's SplitMix64 stream. It writes one result row into ``out[i, :]`` (an
``int64`` matrix whose columns are the fields of :data:`shengji_sim.results.ROW_DTYPE`, at
``lane_nb.C_<FIELD>``) and, when ``log_on``, every play into a ``lane_nb.HandLog`` from which
``backend.play_hand_core`` rebuilds the reference's record.

Buffers (``lane_nb.Lane``) are allocated once per lane (:func:`run_lane_nb`); lane ``j`` of
``L`` plays hands ``start + j, start + j + L, ...``; a row depends on its hand index only,
so results never depend on the thread count or the chunking. Whole matches (hands at the
match's levels and dealer, one after the other) are :mod:`.match_nb`'s, over the same
:func:`play_hand_nb`.
"""

from __future__ import annotations

from shengji_sim.cards import N_KINDS
from shengji_sim.core.base.bits_nb import masks_of_nb
from shengji_sim.core.base.errors import (
    ERR_KITTY,
    ERR_PRE_TRICK,
    STATUS_OK,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import hand_seed_nb
from shengji_sim.core.base.switches import (
    SW_DECKS,
    SW_HAND_SIZE,
    SW_KITTY_SIZE,
)
from shengji_sim.core.engine.deal_nb import (
    I_DEALER,
    I_FIRST,
    I_LEVEL,
    I_N_CHAO,
    I_N_DECL,
    I_REDEALS,
    I_TRUMP,
    pre_trick_nb,
)
from shengji_sim.core.engine.lane_nb import (
    C_ATTACKER_POINTS,
    C_CHAODI,
    C_DEALER,
    C_DECLARATIONS,
    C_FIRST_RECIPIENT,
    C_HAND_NUMBER,
    C_HAND_SEED,
    C_INDEX,
    C_KITTY_AWARDED,
    C_KITTY_MULTIPLIER,
    C_KITTY_POINTS,
    C_LAST_TRICK_SIDE,
    C_LEVEL,
    C_LEVELS,
    C_MATCH,
    C_NEXT_DEALER,
    C_REDEALS,
    C_SEED,
    C_TRICKS,
    C_TRUMP,
    C_WINNER_SIDE,
    alloc_lane_nb,
)
from shengji_sim.core.engine.play_trick_nb import _play_trick
from shengji_sim.core.players.memory_nb import (
    forget_nb,
    group_masks_nb,
)
from shengji_sim.core.rules.kitty_nb import judge_kitty_nb
from shengji_sim.core.rules.score_nb import (
    after_hand_nb,
    judge_score_nb,
)


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
                          lane.pkinds, cand, pre)
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
