"""Hypothesis strategies for the fuzzing harness and the test suite: the strategy for each
position kind.

Representation
--------------
:data:`STRATEGIES` maps each kind of :class:`~shengji_sim.fuzz.positions.Position`
(``follow``, ``trick``, ``throw``, ``game``, ``declare``, ``chaodi``, ``score``, ``match``) to
its strategy, called as ``strategy(variant, ambs, vary)``: ``vary`` draws readings on top of
``ambs``. The strategies live by job:

* :mod:`.positions`: the :class:`~shengji_sim.fuzz.positions.Position` type, ``position(...)``
  notation, the cached variants and contexts;
* :mod:`.card_strategies`: readings, contexts, leads, hands and single plays;
* :mod:`.trick_strategies`: ``follow``, ``trick`` and ``throw`` positions;
* :mod:`.flow_strategies`: ``game``, ``declare``, ``chaodi``, ``score`` and ``match``
  positions;
* :mod:`.game_machine`: the stateful whole-game machine.
"""

from __future__ import annotations

from shengji_sim.fuzz.flow_strategies import (
    chaodi_positions,
    declare_positions,
    game_positions,
    match_positions,
    score_positions,
)
from shengji_sim.fuzz.trick_strategies import follow_positions, throw_positions, trick_positions

STRATEGIES = {
    "follow": follow_positions,
    "trick": trick_positions,
    "throw": throw_positions,
    "game": game_positions,
    "declare": declare_positions,
    "chaodi": chaodi_positions,
    "score": score_positions,
    "match": match_positions,
}


def positions_of(kind: str, variant: str, ambs: tuple[str, ...] = (), vary: bool = False):
    """The strategy for a position kind."""
    return STRATEGIES[kind](variant, tuple(ambs), vary)



__all__ = ["STRATEGIES", "positions_of"]
