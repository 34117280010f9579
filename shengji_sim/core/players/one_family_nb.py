"""The one-family follows built without the family kernels, apart from any player's
choice: a short follower's family (:func:`short_family_nb`) and a pair lead's
(:func:`pair_follow_row_nb`), written into the lane's ``follow_data.FollowBuffers``
(``lane.fb``) as the family kernels would (:func:`one_family_ready_nb`), and an option of
such a family played (:func:`play_one_family_nb`).

The greedy follows of :mod:`.greedy_nb` (:mod:`.greedy_fast_nb`) choose among these
families, and an expert follower uses their one-family cases with its own choice
(``play_follow_nb._expert_follow``); the random player's are in :mod:`.follow_fast_nb`.
"""

from __future__ import annotations

from shengji_sim.cards import N_KINDS
from shengji_sim.core.base.bits_nb import (
    cards_in_nb,
    lowest_bit_nb,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_count_nb import one_family_nth_nb
from shengji_sim.core.follow.follow_data import (
    MAX_N,
    RULE_FOLLOW_1,
    RULE_FOLLOW_2,
    STATE_NFAM,
    STATE_NKEYS,
    STATE_ROW,
    STATE_WAYS,
)
from shengji_sim.core.follow.follow_fast_nb import pair_row_nb


@njit(cache=True, _nrt=False, inline="always")
def short_family_nb(kt, level, trump, lane, seat, size, cls_mask):
    """The follow of a ``size``-card lead by a player short in the led class (``cls_mask``),
    as :func:`~.follow_fast_nb.random_short_follow_nb` finds it: one family, every led-class
    card (FOLLOW-1) plus ``size - held`` free cards of the rest (FOLLOW-2), written to the
    follow buffers directly (:func:`one_family_ready_nb`), without the family kernels.
    Returns the rule, or -1 (nothing written) when the player is not short."""
    hm = lane.hm[seat]
    nh = cards_in_nb(hm, cls_mask)
    free = size - nh
    if free < 0 or free > MAX_N:
        return -1
    hand = lane.pre.hands[seat]
    fb = lane.fb
    fixed = fb.fam_fixed[0]
    pool = fb.fam_pool[0]
    kind_at = kt.kind_at[level, trump]
    for k in range(N_KINDS):
        fixed[k] = 0
        pool[k] = hand[k]
    held_class = hm[0] & cls_mask
    while held_class:  # every led-class card (FOLLOW-1)
        k = kind_at[lowest_bit_nb(held_class)]
        held_class &= held_class - 1
        fixed[k] = hand[k]
        pool[k] = 0
    one_family_ready_nb(fb, free)
    return RULE_FOLLOW_1 if nh else RULE_FOLLOW_2


@njit(cache=True, _nrt=False, inline="always")
def one_family_ready_nb(fb, free):
    """The follow buffers hold one family, ``fam_fixed[0]`` and ``fam_pool[0]`` written by
    the caller: its ``free`` count and the state :func:`one_family_count_nb` starts from."""
    fb.fam_free[0] = free
    fb.fam_key[0] = 0
    fb.state[STATE_NFAM] = 1
    fb.state[STATE_NKEYS] = -1
    fb.state[STATE_WAYS] = 0
    fb.state[STATE_ROW] = 0


@njit(cache=True, _nrt=False, inline="always")
def play_one_family_nb(kind_at, lane, seat, position, pick):
    """Option ``pick`` of the one family in the follow buffers into
    ``lane.plays[position]``, taken from the hand."""
    one_family_nth_nb(kind_at, lane.fb, pick, lane.out)
    hand = lane.pre.hands[seat]
    for k in range(N_KINDS):
        lane.plays[position, k] = lane.out[k]
        hand[k] -= lane.out[k]


@njit(cache=True, _nrt=False, inline="always")
def pair_follow_row_nb(sw, lane, seat, cls, n_cls):
    """The follow of a lead that is one pair, when the follower holds more than two cards
    of the led class ``cls[:n_cls]``, as :func:`~.follow_fast_nb.random_pair_follow_nb`
    finds it (:func:`~.follow_fast_nb.pair_row_nb`): DEF-5 row 1 (each pair held, FOLLOW-3)
    or row 2 (any two cards of the class: one family, written to the follow buffers,
    :func:`one_family_ready_nb`). Returns ``(rule, row, whether row 1 offers split sets)``;
    rule -1 and row 0 (nothing written) leave the follow to the family kernels (the readings
    of ``pair_declines_nb``, :mod:`~shengji_sim.core.follow.fast_paths`; a radix near
    overflow)."""
    rule, row, offer_split, _, _, _ = pair_row_nb(sw, cls, n_cls, lane.pre.hands[seat])
    if row == 2:
        hand = lane.pre.hands[seat]
        fb = lane.fb
        fixed = fb.fam_fixed[0]
        pool = fb.fam_pool[0]
        for k in range(N_KINDS):
            fixed[k] = 0
            pool[k] = 0
        for j in range(n_cls):
            pool[cls[j]] = hand[cls[j]]
        one_family_ready_nb(fb, 2)
    return rule, row, offer_split
