"""The heuristic players' card memory as kernels (``players.Memory``).

Representation
--------------
Public tables of one lane, updated as the cards are played (no allocation per decision):

``seen``
    ``int16[54]``: copies of each kind played so far in this hand (finished tricks and the
    current one), the same for every seat.
``smask``
    ``int64[4]``: ``seen`` as position masks (``bits_nb``: ``smask[j]`` has the kinds seen at
    least ``j + 1`` times, each at its ``kt.order`` position).
``void``
    ``int8[4, 5]``: ``void[s, g]`` is 1 when seat ``s`` played a card outside the led follow
    group ``g`` (inferred only under AMB-19 A, where a follower must follow while it can).
``gmask``
    ``int64[5]``: each group's kinds as a position mask, for the hand (:func:`group_masks_nb`).

A seat's own view adds what only it knows: its hand and, when it buried the kitty, the
buried cards. :func:`unseen_nb` writes ``unseen[k] = max(0, decks - mine[k] - out[k])``,
``out`` being ``seen`` plus the own buried kitty (``remember`` off: nothing is out), the
copies that the other hands or the kitty may still hold, and sums them up as ``tops[g, w]``
(the highest power of group ``g`` with ``w`` unseen copies) and the unseen trumps, so that a
decision asks ``Memory.higher_unseen`` in one look-up (:func:`higher_nb`). A run computes
the same from the masks (:func:`unseen_by_masks_nb`: no pass over the kinds); ``unseen_nb``
is its plain form, which the tests compare it with. Nothing reads another seat's hand.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.bits_nb import (
    lowest_bit_nb,
    popcount_nb,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_RUFF_CONDITION,
    V_RUFF_CONDITION_VOID_ONLY,
)

N_GROUPS = 5


@njit(cache=True, _nrt=False)
def forget_nb(seen, void, smask):
    """A new hand: nothing seen, nobody known void."""
    for k in range(N_KINDS):
        seen[k] = 0
    for s in range(4):
        for g in range(N_GROUPS):
            void[s, g] = 0
    for j in range(4):
        smask[j] = 0


@njit(cache=True, _nrt=False)
def group_masks_nb(group, order, gmask):
    """``gmask[g]``: the positions (``order``) of group ``g``'s kinds, for the hand's
    ranking (``kt.group`` / ``kt.order`` rows)."""
    for g in range(N_GROUPS):
        gmask[g] = 0
    for k in range(N_KINDS):
        gmask[group[k]] |= np.int64(1) << np.int64(order[k])


@njit(cache=True, _nrt=False)
def note_play_nb(sw, group, order, seen, smask, void, plays, position, seat, lead_kind):
    """Play ``plays[position]`` of ``seat`` is public: count its cards (``seen`` and its
    masks ``smask``); under AMB-19 A (``ruff_condition = "void_only"``) a card outside the
    led group shows the seat void in it. ``group``/``order`` are the hand's ``kt.group`` /
    ``kt.order`` rows; ``lead_kind`` is a kind of the lead (all of one group, DEF-27)."""
    lead_group = _led_group_nb(sw, group, position, lead_kind)
    for k in range(N_KINDS):
        c = plays[position, k]
        if c:
            _note_kind_nb(group, order, seen, smask, void, k, c, seat, lead_group)


@njit(cache=True, _nrt=False)
def note_card_nb(sw, group, order, seen, smask, void, kind, position, seat, lead_kind):
    """:func:`note_play_nb` of a one-card play, the card ``kind``."""
    _note_kind_nb(group, order, seen, smask, void, kind, 1, seat,
                  _led_group_nb(sw, group, position, lead_kind))


@njit(cache=True, _nrt=False, inline="always")
def _led_group_nb(sw, group, position, lead_kind):
    """The led group whose missing cards show a follower void (AMB-19 A), -1 for the lead
    itself and under AMB-19 B."""
    if position > 0 and sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_VOID_ONLY:
        return group[lead_kind]
    return -1


@njit(cache=True, _nrt=False, inline="always")
def _note_kind_nb(group, order, seen, smask, void, k, c, seat, lead_group):
    """``c`` copies of kind ``k`` played by ``seat`` (:func:`note_play_nb`)."""
    bit = np.int64(1) << np.int64(order[k])
    for j in range(seen[k], min(seen[k] + c, 4)):
        smask[j] |= bit
    seen[k] += c
    if lead_group >= 0 and group[k] != lead_group:
        void[seat, lead_group] = 1


@njit(cache=True, _nrt=False)
def unseen_nb(decks, eff, group, power, hand, seen, kitty, own_kitty, remember, unseen, tops):
    """``Memory.unseen`` of a seat holding ``hand`` (``kitty``: its buried kinds when
    ``own_kitty``), and ``tops[g, w]`` (``int16[5, 5]``, ``w`` 1..4): the highest power of a
    kind of group ``g`` with at least ``w`` unseen copies, -1 for none, so that
    ``Memory.higher_unseen`` is one look-up (:func:`higher_nb`). Returns
    ``Memory.unseen_trumps``."""
    if remember and own_kitty:  # unseen[k]: the own buried copies, for the pass below
        for k in range(N_KINDS):
            unseen[k] = 0
        for i in range(kitty.shape[0]):
            unseen[kitty[i]] += 1
    for g in range(N_GROUPS):
        for w in range(5):
            tops[g, w] = -1
    trumps = 0
    for k in range(N_KINDS):
        u = decks - hand[k]
        if remember:
            u -= seen[k] + (unseen[k] if own_kitty else 0)
        u = u if u > 0 else 0
        unseen[k] = u
        if u:
            if eff[k] == TRUMP:
                trumps += u
            g = group[k]
            for w in range(1, min(u, 4) + 1):
                if power[k] > tops[g, w]:
                    tops[g, w] = power[k]
    return trumps


@njit(cache=True, _nrt=False, inline="always")
def _sum_at_least_nb(a0, a1, a2, a3, b0, b1, b2, b3):
    """Two count vectors as masks (``a0``: the kinds with at least one copy, ``a1`` two,
    ...; ``bits_nb``): the masks of their sum, at least 1, 2, 3 and 4 copies."""
    return (a0 | b0, a1 | b1 | (a0 & b0), a2 | b2 | (a0 & b1) | (a1 & b0),
            a3 | b3 | (a0 & b2) | (a1 & b1) | (a2 & b0))


@njit(cache=True, _nrt=False)
def unseen_by_masks_nb(decks, power, kind_at, order, trump_pmask, gmask, held, smask, kitty,
                       own_kitty, remember, tops):
    """:func:`unseen_nb` from masks, without a pass over the kinds: the copies out of the
    other hands' reach (the own hand ``held``, its ``bits_nb`` masks, plus when
    ``remember`` the seen cards ``smask`` and the own buried ``kitty``) as masks of at
    least 1 .. 4 copies; a kind has ``w`` unseen copies when fewer than ``decks - w + 1``
    are out of reach. ``tops[g, w]`` is the strongest kind (lowest position) of group
    ``g`` (``gmask``, :func:`group_masks_nb`) with ``w`` unseen copies, since a group's
    kinds are listed by descending power (tests/integration/test_memory_masks.py); the unseen
    trumps are counted per width (``trump_pmask``). Returns ``Memory.unseen_trumps``."""
    o1, o2, o3, o4 = held[0], held[1], held[2], held[3]
    if remember:
        s1, s2, s3, s4 = smask[0], smask[1], smask[2], smask[3]
        if own_kitty:
            k1 = np.int64(0)
            k2 = np.int64(0)
            k3 = np.int64(0)
            k4 = np.int64(0)
            for i in range(kitty.shape[0]):
                bit = np.int64(1) << np.int64(order[kitty[i]])
                if not k1 & bit:
                    k1 |= bit
                elif not k2 & bit:
                    k2 |= bit
                elif not k3 & bit:
                    k3 |= bit
                else:
                    k4 |= bit
            s1, s2, s3, s4 = _sum_at_least_nb(s1, s2, s3, s4, k1, k2, k3, k4)
        o1, o2, o3, o4 = _sum_at_least_nb(o1, o2, o3, o4, s1, s2, s3, s4)
    every = (np.int64(1) << np.int64(N_KINDS)) - 1
    trumps = 0
    for g in range(N_GROUPS):
        tops[g, 0] = -1
    for w in range(1, 5):
        t = decks - w + 1  # unseen >= w: fewer than t copies out of reach
        if t <= 0:
            u = np.int64(0)
        elif t == 1:
            u = every & ~o1
        elif t == 2:
            u = every & ~o2
        elif t == 3:
            u = every & ~o3
        elif t == 4:
            u = every & ~o4
        else:
            u = every
        trumps += popcount_nb(u & trump_pmask)
        for g in range(N_GROUPS):
            m = u & gmask[g]
            tops[g, w] = power[kind_at[lowest_bit_nb(m)]] if m else -1
    return trumps


@njit(cache=True, _nrt=False, inline="always")
def higher_nb(tops, g, p, width):
    """``Memory.higher_unseen``: may another seat hold ``width`` copies of a kind of group
    ``g`` above power ``p``? (``tops`` from :func:`unseen_nb`.)"""
    return width <= 4 and tops[g, width] > p
