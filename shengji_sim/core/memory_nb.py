"""The heuristic players' card memory as kernels (``players.Memory``).

Representation
--------------
Public tables of one lane, updated as the cards are played (no allocation per decision):

``seen``
    ``int16[54]``: copies of each kind played so far in this hand (finished tricks and the
    current one), the same for every seat.
``void``
    ``int8[4, 5]``: ``void[s, g]`` is 1 when seat ``s`` played a card outside the led follow
    group ``g`` (inferred only under AMB-19 A, where a follower must follow while it can).

A seat's own view adds what only it knows: its hand and, when it buried the kitty, the
buried cards. :func:`unseen_nb` writes ``unseen[k] = max(0, decks - mine[k] - out[k])``,
``out`` being ``seen`` plus the own buried kitty (``remember`` off: nothing is out), the
copies that the other hands or the kitty may still hold, and sums them up as ``tops[g, w]``
(the highest power of group ``g`` with ``w`` unseen copies) and the unseen trumps, so that a
decision asks ``Memory.higher_unseen`` in one look-up (:func:`higher_nb`). Nothing reads
another seat's hand.
"""

from __future__ import annotations

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.jit import njit
from shengji_sim.core.switches import (
    SW_RUFF_CONDITION,
    V_RUFF_CONDITION_VOID_ONLY,
)

N_GROUPS = 5


@njit(cache=True, _nrt=False)
def forget_nb(seen, void):
    """A new hand: nothing seen, nobody known void."""
    for k in range(N_KINDS):
        seen[k] = 0
    for s in range(4):
        for g in range(N_GROUPS):
            void[s, g] = 0


@njit(cache=True, _nrt=False)
def note_play_nb(sw, group, order, seen, void, plays, position, seat):
    """Play ``plays[position]`` of ``seat`` is public: count its cards; under AMB-19 A
    (``ruff_condition = "void_only"``) a card outside the led group shows the seat void in
    it. ``group``/``order`` are the hand's ``kt.group`` / ``kt.order`` rows."""
    lead_top = -1
    if position > 0 and sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_VOID_ONLY:
        for k in range(N_KINDS):
            if plays[0, k] and (lead_top < 0 or order[k] < order[lead_top]):
                lead_top = k
    for k in range(N_KINDS):
        c = plays[position, k]
        if c:
            seen[k] += c
            if lead_top >= 0 and group[k] != group[lead_top]:
                void[seat, group[lead_top]] = 1


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
def higher_nb(tops, g, p, width):
    """``Memory.higher_unseen``: may another seat hold ``width`` copies of a kind of group
    ``g`` above power ``p``? (``tops`` from :func:`unseen_nb`.)"""
    return width <= 4 and tops[g, width] > p
