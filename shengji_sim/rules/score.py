"""Level change and dealer succession after a hand.

Rules: LEVEL-1, LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, LEVEL-6, LEVEL-7, LEVEL-8, SCORE-1, DEALER-1,
DEALER-2, DEALER-3.

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

:func:`attacker_points_bounds` gives the range of ``s`` a hand of a variant can produce (the
judge refuses a score outside it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from shengji_sim.cards import N_KINDS, parse_rank, points_of
from shengji_sim.rules.kitty import capped
from shengji_sim.rules.shapes import make_context
from shengji_sim.rules.throw import penalty_of

__all__ = [
    "ScoreResult",
    "attacker_points_bounds",
    "judge_score",
    "max_kitty_multiplier",
    "max_kitty_points",
    "max_penalty_points",
    "next_dealer",
    "table_result",
]

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


# ------------------------------------------------------------------ what a hand can score


def max_kitty_points(variant: Any) -> int:
    """The most card points a kitty can hold: the ``kitty_size`` highest-scoring of the
    ``decks`` decks' cards (POINT-1: 5 scores 5, 10 and K 10; 0 with no kitty, KITTY-4)."""
    values = sorted((points_of(k) for k in range(N_KINDS) for _ in range(variant.decks)),
                    reverse=True)
    return sum(values[:variant.kitty_size])


def max_kitty_multiplier(variant: Any) -> int:
    """The largest kitty multiplier n of KITTY-3 (AMB-25, AMB-44, OTH-4, the DEF-23 cap).

    Every hand holds ``hand_size`` cards when the first trick is led (the dealer buries as
    many as it took, KITTY-1; 炒底 likewise), so the last trick's plays, and any unit or
    component of them, have at most ``hand_size`` cards. A kind has ``decks`` copies, so a
    set is at most ``decks`` wide (AMB-25 C counts the width) and with one deck every unit
    and component is a single card (no pairs, no tractors). The cap applies to the
    variant's own formulas only; OTH-4's are uncapped, as in :func:`kitty.kitty_multiplier`.
    AMB-26's off-suit x1 / x0 never exceeds these (every formula gives n >= 1).
    """
    cards = variant.hand_size
    unit = 1 if variant.decks == 1 else cards
    rule = variant.kitty_mult_rule
    if rule == "twice_largest_unit":  # OTH-4 B
        return 2 * unit
    if rule == "pow2_largest_unit":  # OTH-4 C
        return 2 ** unit
    if rule == "twice_lead_cards":  # OTH-4 D
        return 2 * cards
    n = {"pow2_cards": 2 ** cards, "pow2_largest_component": 2 ** unit,
         "by_unit": 2 ** variant.decks, "linear_cards": cards}[variant.kitty_mult]
    return capped(n, variant.kitty_multiplier_cap)


def max_penalty_points(variant: Any) -> int:
    """The most card points failed throws can move in one hand, either way (SCORE-2, AMB-24,
    DEF-9, OTH-8): the penalty times the most failed throws.

    A failed throw costs its thrower's side the penalty (attacker thrower: attackers -p;
    dealer-side thrower: attackers +p) when the penalty is in card points. A throw needs at
    least 2 cards in the leader's hand and every trick takes at least one card from each
    hand, so at most ``hand_size - 1`` tricks can open with a throw. None fail with throws
    disallowed (THROW-1) or refused rather than failed (AMB-23 A).
    """
    if not variant.throws_allowed or variant.throw_enforcement == "reject":
        return 0
    ctx = make_context(variant, parse_rank(variant.starting_level), 0)
    penalty, unit, _ = penalty_of(ctx)
    if unit != "card_points":
        return 0
    return penalty * max(0, variant.hand_size - 1)


def attacker_points_bounds(variant: Any) -> tuple[int, int]:
    """``(lo, hi)``: every hand of ``variant`` ends with ``lo <= s <= hi`` attacker points.

    Derivation. ``s = T + P + W`` (POINT-3, SCORE-1, SCORE-2, DEF-28): ``T`` the trick points
    the attackers took, ``P`` the failed-throw penalties, ``W`` the kitty award of the last
    trick. With ``total`` = ``total_points`` (POINT-1), ``K`` the points in the kitty (at most
    ``k`` = :func:`max_kitty_points`), ``n`` the multiplier (``1 <= n <= N`` =
    :func:`max_kitty_multiplier`; AMB-26 may make it 1 or 0 for the attackers) and ``p`` =
    :func:`max_penalty_points`:

    * ``0 <= T <= total - K`` (the kitty's points are never played) and ``-p <= P <= p``.
    * KITTY-2, dealer side wins the last trick: ``W = 0``. Attackers win: ``W = K * n``, so
      ``s <= (total - K) + K * N + p <= total + k * (N - 1) + p`` and ``s >= -p``.
    * JJ4's 扣底 both ways (``last_trick_dealer_side = "kou_di_both_sides"``, AMB-27), base
      (i) ``kitty_points``: ``W = +-K * n``: ``-k * N - p <= s <= total + k * (N - 1) + p``.
    * base (iii) ``trick_points``: ``W = +-L * n`` with ``L`` the last trick's points. When
      the attackers win it, ``L <= T <= total``: ``s <= total * (N + 1) + p``; when the
      dealer side wins it, ``L <= total - T``: ``s >= T - (total - T) * N - p >=
      -total * N - p`` (at ``T = 0``).
    * base (ii) ``loser_points``, with ``A = T + P`` in ``[-p, total + p]`` before the
      kitty: the attackers win, ``s = A + (total - A) * n``, at most ``N * total + (N - 1) *
      p`` (``A = -p``) or ``total + p`` (``n = 0``); the dealer side wins, ``s = A * (1 -
      n)``, at least ``-(N - 1) * (total + p)``; and ``s >= -p`` otherwise.

    Each term is bounded on its own, so a bound need not be reached by one hand; a score
    outside it is impossible.
    """
    total = variant.total_points
    k = max_kitty_points(variant)
    n = max_kitty_multiplier(variant)
    p = max_penalty_points(variant)
    base = variant.jj4_koudi_base
    if variant.last_trick_dealer_side != "kou_di_both_sides":  # KITTY-2
        return -p, total + k * (n - 1) + p
    if base == "kitty_points":  # AMB-27 (i)
        return -k * n - p, total + k * (n - 1) + p
    if base == "trick_points":  # AMB-27 (iii)
        return -total * n - p, total * (n + 1) + p
    return min(-(n - 1) * (total + p), -p), max(n * total + (n - 1) * p, total + p)  # (ii)
