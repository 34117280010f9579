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
copies that the other hands or the kitty may still hold. Nothing reads another seat's hand.
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
def unseen_nb(decks, hand, seen, kitty, own_kitty, remember, unseen):
    """``Memory.unseen`` of a seat holding ``hand``; ``kitty`` its buried cards (kinds) when
    ``own_kitty``."""
    for k in range(N_KINDS):
        out = seen[k] if remember else 0
        unseen[k] = out
    if remember and own_kitty:
        for i in range(kitty.shape[0]):
            unseen[kitty[i]] += 1
    for k in range(N_KINDS):
        u = decks - hand[k] - unseen[k]
        unseen[k] = u if u > 0 else 0


@njit(cache=True, _nrt=False)
def higher_unseen_nb(group, power, unseen, g, p, width):
    """``Memory.higher_unseen``: may another seat hold ``width`` copies of a kind of group
    ``g`` above power ``p``?"""
    for j in range(N_KINDS):
        if unseen[j] >= width and group[j] == g and power[j] > p:
            return True
    return False


@njit(cache=True, _nrt=False)
def unseen_trumps_nb(eff, unseen):
    """``Memory.unseen_trumps``."""
    n = 0
    for j in range(N_KINDS):
        if eff[j] == TRUMP:
            n += unseen[j]
    return n
