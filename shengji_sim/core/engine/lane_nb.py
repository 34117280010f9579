"""A lane's buffers and the result row's columns, for the hands a lane plays
(:mod:`.game_nb`, :mod:`.match_nb`, :mod:`.diff_nb`).

Representation
--------------
A hand's result row is one row of an ``int64`` matrix whose columns are the fields of
:data:`shengji_sim.results.ROW_DTYPE`, at ``C_<FIELD>`` (:data:`COLUMNS`; the follow-rule
counters from :data:`FOLLOW_COL0`, the JJ4 ones from :data:`JJ4_COL0`). :class:`Lane` holds
every buffer a lane's hands use (allocated once per lane by :func:`alloc_lane_nb`: the
pre-trick state, the trick's plays and units, the follow families' buffers of
``follow_data.make_buffers`` sized by ``FOLLOW_*``, the walks' scratch ``keys``, the greedy
candidates ``cand``, or ``None`` for a lane of random players, and the memory of the
heuristic seats); :class:`HandLog` holds every play of a hand when it is logged (at most
:data:`MAX_TRICKS` tricks), from which ``backend.play_hand_core`` rebuilds the reference's
record.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import N_KINDS
from shengji_sim.core.base.bits_nb import N_MASKS
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.tables import MAX_RUN
from shengji_sim.core.engine.deal_nb import (
    PreTrickBuffers,
    alloc_pre_trick_buffers_nb,
)
from shengji_sim.core.follow.follow_data import (
    MAX_PLAYS,
    FollowBuffers,
    alloc_follow_buffers_nb,
)
from shengji_sim.core.follow.follow_fast_nb import SHORT_FREE
from shengji_sim.core.players.heuristic_nb import HEURISTIC
from shengji_sim.core.players.memory_nb import N_GROUPS
from shengji_sim.core.rules.lead_nb import (
    LeadBuffers,
    alloc_lead_buffers_nb,
)
from shengji_sim.core.rules.trick_nb import (
    ThrowScratch,
    alloc_throw_scratch_nb,
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
