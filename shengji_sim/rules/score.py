"""Level change and dealer succession after a hand (LEVEL-1..8, SCORE-1, DEALER-1..3).

Representation
--------------
The input is the attackers' final points ``s`` (POINT-3; negative allowed, SCORE-1,
DEF-28: the tables treat ``s <= 0`` like ``s = 0``). :func:`judge_score` returns a
:class:`ScoreResult`:

``winner_side``
    "dealer" or "attackers", the side that levels up; "none" when nobody levels (ONE1
    40..79, LEVEL-4).
``levels``
    levels gained by ``winner_side`` (0 for "none").
``next_dealer`` / ``next_dealer_offset``
    the next dealer relative to the current dealer, as a word and as a seat offset in play
    order: "partner" (2), "next" (1, the next player in play order) or "previous" (3).
``dealer_keeps``
    True iff the dealer side keeps the deal.

Tables (``score_table``): "step" with step S = ``score_step`` (LEVEL-2, LEVEL-3, DEF-14,
DEF-15): s <= 0 dealer +3; 0 < s < S dealer +2; S <= s < 2S dealer +1; s >= 2S attackers
1 + (s - 2S) // S, capped by ``level_gain_cap`` (0 = none, LEVEL-7). "one_deck" (LEVEL-4,
DEF-26): s <= 0 dealer +2; s < 40 dealer +1; 40..79 nobody, the deal rotates (AMB-36);
80..99 attackers +1; s >= 100 attackers +2.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["ScoreResult", "judge_score", "next_dealer", "table_result"]

PARTNER = ("partner", 2)


@dataclass(frozen=True)
class ScoreResult:
    winner_side: str
    levels: int
    next_dealer: str
    next_dealer_offset: int
    dealer_keeps: bool


def xiajia(variant: Any) -> tuple[str, int]:
    """AMB-34: the dealer's 下家. A play order: the next player; B deal order: the one before
    in play order (dealing is clockwise, play counter-clockwise)."""
    if variant.xiajia_direction == "play_order":
        return ("next", 1)
    return ("previous", 3)


def next_dealer(variant: Any, winner_side: str) -> tuple[str, int]:
    """DEALER-1, DEF-16: dealer side wins -> the dealer's partner; attackers win -> the
    previous dealer's 下家. Nobody levels (ONE1) -> AMB-36."""
    if winner_side == "dealer":
        return PARTNER
    if winner_side == "attackers":
        return xiajia(variant)
    if variant.one_deck_rotation == "within_side":  # AMB-36 B
        return PARTNER
    return xiajia(variant)  # AMB-36 A: to the attackers, the previous dealer's 下家


def step_table(points: int, step: int) -> tuple[str, int]:
    """LEVEL-2 / LEVEL-3 / DEF-14 / DEF-15 by ``step``."""
    if points <= 0:
        return "dealer", 3
    if points < step:
        return "dealer", 2
    if points < 2 * step:
        return "dealer", 1
    return "attackers", 1 + (points - 2 * step) // step


def one_deck_table(points: int) -> tuple[str, int]:
    """LEVEL-4 (003 lines 113-119) with DEF-26 (s >= 100 -> attackers +2)."""
    if points <= 0:
        return "dealer", 2
    if points < 40:
        return "dealer", 1
    if points < 80:
        return "none", 0  # DEALER-3: "双方不升级，轮换庄家"
    if points < 100:
        return "attackers", 1
    return "attackers", 2


def table_result(variant: Any, attacker_points: int) -> tuple[str, int]:
    """The side that levels and by how much, with LEVEL-7's cap."""
    points = attacker_points if variant.negative_scores else max(0, attacker_points)
    if variant.score_table == "one_deck":
        side, levels = one_deck_table(points)
    else:
        side, levels = step_table(points, variant.score_step)
    cap = variant.level_gain_cap
    if cap > 0:
        levels = min(levels, cap)
    return side, levels


def judge_score(variant: Any, attacker_points: int,
                demotion_hook: Callable[[ScoreResult], ScoreResult] | None = None
                ) -> ScoreResult:
    """Level change and next dealer for a hand the attackers ended with ``attacker_points``.

    AMB-39: under A (``demotion = "none"``, DEF-17) levels never go down and
    ``demotion_hook`` is ignored; under B (``"hook"``) the hook, if given, may rewrite the
    result (no seed states a demotion rule).
    """
    side, levels = table_result(variant, attacker_points)
    name, offset = next_dealer(variant, side)
    result = ScoreResult(side, levels, name, offset, dealer_keeps=offset == 2)
    if variant.demotion == "hook" and demotion_hook is not None:
        result = demotion_hook(result)
    return result
