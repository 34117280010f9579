"""Reference rules engine (plain Python): ranking, shapes, follow, trick, throw, kitty, score."""

from shengji_sim.rules.kitty import KittyResult, judge_kitty
from shengji_sim.rules.score import ScoreResult, judge_score
from shengji_sim.rules.throw import ThrowResult, judge_throw
from shengji_sim.rules.trick import beats, trick_points, trick_winner

__all__ = [
    "KittyResult",
    "ScoreResult",
    "ThrowResult",
    "beats",
    "judge_kitty",
    "judge_score",
    "judge_throw",
    "trick_points",
    "trick_winner",
]
