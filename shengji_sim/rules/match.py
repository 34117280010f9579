"""A match: levels of the two sides across hands (LEVEL-1, AMB-38, DEF-18, DEF-19).

Representation
--------------
Sides are 0 (seats 0 and 2) and 1 (seats 1 and 3); seats are numbered in play order, so
partners sit opposite (DECK-1). ``levels[side]`` is a rank 0..12 (2..A). A
:class:`MatchState` holds both levels, the dealer seat and the hand number; the level
being played in a hand is the dealer side's (TRUMP-2).

:func:`after_hand` applies one hand's :class:`~shengji_sim.rules.score.ScoreResult`:
the winner side gains levels, the deal passes per DEALER-1 and the match ends per AMB-38:

* A ``reach_A``: as soon as a side's level reaches A (003 lines 175, 189).
* B ``win_at_A``: gains stop at A (DEF-18); a side wins by winning a hand as dealers at A.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from shengji_sim.cards import parse_rank
from shengji_sim.rules.score import ScoreResult

ACE = 12


def side_of(seat: int) -> int:
    """DECK-1: partners sit opposite, so a seat's side is its parity."""
    return seat % 2


@dataclass(frozen=True)
class MatchState:
    levels: tuple[int, int]
    dealer: int | None  #: None before hand 1's dealer is known (BID-7)
    hand_number: int = 1
    winner: int | None = None  #: the side that won the match, once over

    @property
    def level(self) -> int:
        """The level rank of the hand being played: the dealer side's (TRUMP-2)."""
        side = side_of(self.dealer) if self.dealer is not None else 0
        return self.levels[side]


def new_match(variant: Any) -> MatchState:
    """LEVEL-1, DEF-19: both sides start at the variant's starting level."""
    start = parse_rank(variant.starting_level)
    return MatchState(levels=(start, start), dealer=None)


def after_hand(variant: Any, state: MatchState, dealer: int, result: ScoreResult) -> MatchState:
    """Apply one hand's result; ``dealer`` is the seat that dealt it."""
    dealer_side = side_of(dealer)
    levels = list(state.levels)
    winner = None
    if result.winner_side in ("dealer", "attackers"):
        side = dealer_side if result.winner_side == "dealer" else 1 - dealer_side
        if variant.match_end == "win_at_A":
            if result.winner_side == "dealer" and levels[side] == ACE:
                winner = side
            levels[side] = min(ACE, levels[side] + result.levels)
        else:
            levels[side] += result.levels
            if levels[side] >= ACE:
                winner = side
                levels[side] = ACE
    next_dealer = (dealer + result.next_dealer_offset) % 4
    return replace(state, levels=(levels[0], levels[1]), dealer=next_dealer,
                   hand_number=state.hand_number + 1, winner=winner)
