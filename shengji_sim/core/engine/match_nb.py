"""Whole matches as kernels, and the batch runner over matches.

Representation
--------------
A match is played as ``rules.game.play_match`` plays it (LEVEL-1, DEF-19: both sides start at
``start_level``): hand ``h`` (``hand_number`` ``h + 1``) is :func:`~.game_nb.play_hand_nb`'s
hand index ``h`` of the match seed ``hand_seed(root, match)`` (``rng.match_seed``), at the
match's levels (``lane.levels``, per side 0 = seats 0 and 2, 1 = seats 1 and 3) with the
dealer of the previous hand's succession (``-1`` before hand 1's dealer is known, BID-7).
After each hand :func:`~.score_nb.after_hand_nb` moves the levels and the deal: the winner side
gains its levels (LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, LEVEL-6, LEVEL-7, DEF-14, DEF-15, DEF-26),
the deal passes (DEALER-1, DEALER-2, DEALER-3, DEF-16, AMB-34, AMB-36) and the match ends
(AMB-38 A ``reach_A``: a side's level reaches A; B ``win_at_A``: gains stop at A, DEF-18, and a
side wins by winning a hand as dealers at A). AMB-39: the core has no demotion hook, so levels
never go down under either reading (the reference's ``play_match`` passes no hook either).
The variant's switches decide each of these (``sw``), so every variant's succession rules
apply. A match stops after ``max_hands`` hands without a winner (``winner`` -1), as the
reference's ``max_hands``.

Rows: hand ``h`` of a match is row ``r0 + h`` of an ``int64`` matrix whose columns are
:data:`shengji_sim.results.ROW_DTYPE`'s (``game_nb.C_*``), with ``match`` set; the match row is
an ``int64`` vector of :data:`shengji_sim.results.MATCH_DTYPE`'s columns (``M_*``); the seat
strategy columns and ``duplicate`` are the caller's to fill.

:func:`run_match_lane_nb` is lane ``j`` of ``L``: matches ``start + j, start + j + L, ...``
in one lane's buffers, the hand rows appended to a growing matrix; a match depends on its
index only, so rows never depend on the thread count or the chunking.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import hand_seed_nb
from shengji_sim.core.base.switches import SW_DECKS, SW_HAND_SIZE, SW_KITTY_SIZE
from shengji_sim.core.engine.game_nb import play_hand_nb
from shengji_sim.core.engine.lane_nb import (
    C_DEALER,
    C_LEVELS,
    C_MATCH,
    C_NEXT_DEALER,
    C_WINNER_SIDE,
    N_COLUMNS,
    alloc_lane_nb,
)
from shengji_sim.core.rules.score_nb import after_hand_nb
from shengji_sim.results import MATCH_DTYPE

MATCH_COLUMNS: tuple[str, ...] = MATCH_DTYPE.names
N_MATCH_COLUMNS = len(MATCH_COLUMNS)
M_MATCH = MATCH_COLUMNS.index("match")
M_SEED = MATCH_COLUMNS.index("seed")
M_MATCH_SEED = MATCH_COLUMNS.index("match_seed")
M_START_LEVEL = MATCH_COLUMNS.index("start_level")
M_WINNER = MATCH_COLUMNS.index("winner")
M_HANDS = MATCH_COLUMNS.index("hands")
M_DEALER_HANDS_0 = MATCH_COLUMNS.index("dealer_hands_0")
M_LEVEL_0 = MATCH_COLUMNS.index("level_0")
#: hands a match may take before it is cut (``rules.game.play_match``'s default)
MAX_HANDS = 500
#: hand rows a lane's matrix starts with, per match it will play
ROWS_PER_MATCH = 32


@njit(cache=True, _nrt=False)
def play_match_nb(kt, sw, rule_col, root, match_index, start_level, max_hands, lane, cand,
                  rows, r0, mrow):
    """Match ``match_index`` of ``root``: its hands into ``rows[r0:]`` (room for
    ``max_hands``) and its match row into ``mrow``; returns the hands played, or the failing
    hand's error code (negative; ``mrow[M_HANDS]`` then holds the hands played before it)."""
    seed = hand_seed_nb(root, match_index)  # rng.match_seed
    for c in range(mrow.shape[0]):
        mrow[c] = 0
    mrow[M_MATCH] = match_index
    mrow[M_SEED] = root
    mrow[M_MATCH_SEED] = seed
    mrow[M_START_LEVEL] = start_level
    lane.levels[0] = start_level  # LEVEL-1, DEF-19
    lane.levels[1] = start_level
    dealer = -1  # BID-7: hand 1's dealer comes from the declarations
    winner = -1
    hands = 0
    for h in range(max_hands):
        err = play_hand_nb(kt, sw, rule_col, seed, h, h + 1, dealer, lane, cand, rows, r0 + h,
                           False)
        if err != 0:
            return err
        row = rows[r0 + h]
        row[C_MATCH] = match_index
        dealt = row[C_DEALER]
        mrow[M_DEALER_HANDS_0 + dealt % 2] += 1
        lv0, lv1, dealer, winner = after_hand_nb(
            sw, lane.levels[0], lane.levels[1], dealt, row[C_WINNER_SIDE], row[C_LEVELS],
            (row[C_NEXT_DEALER] - dealt) % 4)  # LEVEL-*, DEALER-*, AMB-38, AMB-39
        lane.levels[0] = lv0
        lane.levels[1] = lv1
        hands = h + 1
        mrow[M_HANDS] = hands
        if winner >= 0:
            break
    mrow[M_WINNER] = winner
    mrow[M_LEVEL_0] = lane.levels[0]
    mrow[M_LEVEL_0 + 1] = lane.levels[1]
    return hands


@njit(nogil=True)
def run_match_lane_nb(kt, sw, rule_col, root, start, count, lane_index, n_lanes, max_lead,
                      pkinds, params, start_level, max_hands, cand, match_out, status):
    """Lane ``lane_index`` of ``n_lanes`` of matches ``start .. start + count - 1``: the
    matches ``start + i`` for ``i = lane_index, lane_index + n_lanes, ...``; match rows into
    ``match_out[i]``, ``status[i]`` 0 or the failing hand's error code (the lane stops
    there). Returns the lane's hand rows, in match order. Releases the GIL."""
    levels = np.full(2, start_level, np.int32)
    lane = alloc_lane_nb(sw[SW_DECKS], sw[SW_HAND_SIZE], sw[SW_KITTY_SIZE], max_lead, pkinds,
                         params, levels, cand)
    mine = (count - lane_index + n_lanes - 1) // n_lanes
    rows = np.zeros((max(max_hands, mine * ROWS_PER_MATCH), N_COLUMNS), np.int64)
    n = 0
    for i in range(lane_index, count, n_lanes):
        if n + max_hands > rows.shape[0]:
            bigger = np.zeros((2 * rows.shape[0] + max_hands, N_COLUMNS), np.int64)
            bigger[:n] = rows[:n]
            rows = bigger
        played = play_match_nb(kt, sw, rule_col, root, start + i, start_level, max_hands,
                               lane, cand, rows, n, match_out[i])
        if played < 0:
            status[i] = played
            break
        n += played
    return rows[:n]
