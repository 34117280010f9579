"""The heuristic family of :class:`shengji_sim.players.reference.HeuristicPlayer` as kernels:
every profile (strategies/*.toml) with ``base = "heuristic"`` that is not the default ``greedy``
(which keeps :mod:`.greedy_nb`'s kernels) plays as player kind :data:`HEURISTIC`. This module
holds the profile's representation and what the decisions share; the decisions are in
:mod:`.heuristic_declare_bury_nb` (declaring, 炒 and burying), :mod:`.heuristic_lead_nb`
(leading) and :mod:`.heuristic_follow_nb` (following).

Representation
--------------
A profile is a row of integers, one column per strategy schema key (``P_<KEY>``, ``N_PARAMS``
columns, generated in :mod:`.profile_columns`; ``api.profile_params`` builds it,
docs/strategies.md lists the keys): an int key is its value, a bool 0/1, a str key the index
of its value in the schema's ``allowed`` tuple (``declare_rule``: 0 share, 1 strength;
``bury_rule``: 0 weakest, 1 void_short; ``lead_rule`` / ``follow_rule``: 0 greedy, 1 expert;
``throws``: 0 never, 1 proven; ``trump_lead``: 0 when_strong, 1 early, 2 keep). Each seat's row is
``pre.params[seat]`` (``int32[4, N_PARAMS]``), passed explicitly to the decisions.

Choices follow the reference's listing order and tie rules exactly (Python's ``max`` and
``min`` keep the first best option), so the records are identical; decisions draw no random
numbers. A tuple key is packed into one integer of the same order (:func:`_key3_nb`, base
:data:`B`); :func:`kept_kind_nb` is the card an expert keeps back (``kitty_care``,
``endgame``), which both the lead and the follow read.
"""

from __future__ import annotations

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.players.profile_columns import (
    P_ENDGAME_CARDS,
    P_KITTY_CARE,
)

HEURISTIC = 3  #: player kind (beside random_nb.RANDOM, GREEDY, PASSIVE)

STRENGTH = 1  # declare_rule
VOID_SHORT = 1  # bury_rule
EXPERT = 1  # lead_rule, follow_rule
PROVEN = 1  # throws
EARLY = 1  # trump_lead
KEEP = 2
KEPT_COST = 10_000  # players._follow_expert: a play using the kept card costs this more
B = 1 << 20  # key packing base (every packed component is below B / 2 in magnitude)
H = 1 << 19


@njit(cache=True, _nrt=False, inline="always")
def _key3_nb(a, b, c):
    """A tuple ``(a, b, c)`` as one integer with the same order."""
    return ((a + H) * B + (b + H)) * B + (c + H)


@njit(cache=True, _nrt=False, inline="always")
def kept_kind_nb(p, eff, power, hand, hand_len, seat, dealer):
    """``players.kept_cards`` (KITTY-2, KITTY-3) as a kind, -1 for none: in the endgame
    (``kitty_care``, at most ``endgame_cards`` left) the dealer side keeps its biggest
    trump, the attackers their biggest trump pair (a multiplier)."""
    if not p[P_KITTY_CARE] or hand_len > p[P_ENDGAME_CARDS]:
        return -1
    top = -1
    pair = -1
    for k in range(N_KINDS):
        if hand[k] and eff[k] == TRUMP:
            if top < 0 or power[k] > power[top]:
                top = k
            if hand[k] >= 2 and (pair < 0 or power[k] > power[pair]):
                pair = k
    if seat % 2 != dealer % 2 and pair >= 0:
        return pair
    return top
