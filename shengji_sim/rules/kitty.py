"""Last-trick kitty scoring, 抠底 / 扣底.

Rules: KITTY-1, KITTY-2, KITTY-3, KITTY-4, AMB-25, AMB-26, AMB-27, AMB-44, OTH-4, DEF-23.

Representation
--------------
``plays`` is the last trick (card-kind lists in turn order, the lead first). Play ``i``
belongs to the leader's side when ``i`` is even and to the other side when ``i`` is odd;
``leader_side`` says which side ("dealer" or "attackers") led. ``kitty`` is the buried
cards. :func:`judge_kitty` returns a :class:`KittyResult` whose ``awarded`` is the change to
the attackers' total: positive when the attackers 抠底, zero when the dealer side's win is
not counted (KITTY-2), negative when a JJ4 dealer side 扣底s the attackers (AMB-27).

The multiplier counts the components of the lead's split (KITTY-3, AMB-48), whoever wins:
a play that beats the lead counts as the shape it matched (CMP-8, THROW-6).
"""

from __future__ import annotations

from dataclasses import dataclass

from shengji_sim.cards import TRUMP, points_of
from shengji_sim.errors import PositionError
from shengji_sim.rules.shapes import Context
from shengji_sim.rules.trick import applies, lead_units, trick_points, trick_winner

__all__ = ["KittyResult", "judge_kitty", "kitty_multiplier", "winning_components"]

SIDES = ("dealer", "attackers")


@dataclass(frozen=True)
class KittyResult:
    winner: int
    winner_side: str
    multiplier: int
    kitty_points: int
    awarded: int


def side_of(index: int, leader_side: str) -> str:
    """Plays 0 and 2 are the leader's side, 1 and 3 the other side (DECK-1)."""
    if index % 2 == 0:
        return leader_side
    return SIDES[1 - SIDES.index(leader_side)]


def winning_components(ctx: Context, plays: list[list[int]], winner: int) -> list[tuple[int, int]]:
    """The components the multiplier reads, as (width, length) patterns (KITTY-3, THROW-7).

    "The largest component" is read from the lead's split (AMB-48), whoever wins: a play
    that beats the lead counts as the shape it matched ("甩牌中的最大牌型", 003 l.101), so a
    ruff of SA SA SK with H5 H5 H5 counts the pair, and a quad that beats a 2-pair tractor
    counts as that tractor.
    """
    return [u.pattern for u in lead_units(ctx, plays[0])]


def largest_size(patterns: list[tuple[int, int]], max_width: int | None = None) -> int:
    """Cards in the largest component; ``max_width`` counts wider sets as pairs (AMB-44 B)."""
    return max(min(w, max_width or w) * k for w, k in patterns)


def capped(multiplier: int, cap: int) -> int:
    """KITTY-3 / DEF-23: ``kitty_multiplier_cap`` (0 = no cap)."""
    return min(multiplier, cap) if cap > 0 else multiplier


def kitty_multiplier(ctx: Context, plays: list[list[int]], winner: int) -> int:
    """The multiplier n of the winning last-trick play (KITTY-3, AMB-25, AMB-44, OTH-4)."""
    variant = ctx.variant
    rule = variant.kitty_mult_rule
    if rule != "variant":  # OTH-4: another engine's multiplier, from the last trick's lead
        lead = lead_units(ctx, plays[0])
        largest_unit = max(u.size for u in lead)
        if rule == "twice_largest_unit":
            return 2 * largest_unit
        if rule == "pow2_largest_unit":
            return 2 ** largest_unit
        return 2 * len(plays[0])  # twice_lead_cards
    patterns = winning_components(ctx, plays, winner)
    cards = len(plays[winner])
    mode = variant.kitty_mult
    if mode == "pow2_cards":  # AMB-25 A
        n = 2 ** cards
    elif mode == "pow2_largest_component":  # AMB-25 B (003 lines 85-107)
        two_deck_only = applies(variant, "AMB-44") and variant.kitty_rule_scope == "two_deck_only"
        max_width = 2 if two_deck_only and variant.decks != 2 else None
        n = 2 ** largest_size(patterns, max_width)
    elif mode == "by_unit":  # AMB-25 C: single 2, pair 4, triple 8, quad 16
        n = 2 ** max(w for w, _ in patterns)
    else:  # AMB-25 D linear_cards
        n = cards
    return capped(n, variant.kitty_multiplier_cap)


def koudi_base(ctx: Context, plays: list[list[int]], kitty_pts: int, winner_side: str,
               attacker_points: int | None) -> int:
    """AMB-27 part 2: what JJ4's 扣底 multiplies (before the sign)."""
    base = ctx.variant.jj4_koudi_base
    if base == "kitty_points":  # (i)
        return kitty_pts
    if base == "trick_points":  # (iii)
        return trick_points(plays)
    if attacker_points is None:  # (ii) loser_points
        raise PositionError("AMB-27 (ii) loser_points needs attacker_points")
    if winner_side == "dealer":
        return attacker_points
    return ctx.variant.total_points - attacker_points


def judge_kitty(ctx: Context, plays: list[list[int]], leader_side: str, kitty: list[int],
                attacker_points: int | None = None) -> KittyResult:
    """Score the kitty after the last trick (KITTY-2, KITTY-3)."""
    if leader_side not in SIDES:
        raise PositionError(f"leader_side must be 'dealer' or 'attackers', got {leader_side!r}")
    variant = ctx.variant
    winner = trick_winner(ctx, plays)
    winner_side = side_of(winner, leader_side)
    kitty_pts = sum(points_of(k) for k in kitty)
    n = kitty_multiplier(ctx, plays, winner)
    koudi = variant.last_trick_dealer_side == "kou_di_both_sides"
    if winner_side == "dealer":
        if not koudi:  # KITTY-2: "若是农户扣底，则底牌中的分不计算在内"
            return KittyResult(winner, winner_side, 0, kitty_pts, 0)
        base = koudi_base(ctx, plays, kitty_pts, winner_side, attacker_points)
        return KittyResult(winner, winner_side, n, kitty_pts, -base * n)  # AMB-27
    off_suit = ctx.ranking.eff_suit[plays[winner][0]] != TRUMP
    if off_suit and variant.kitty_offsuit_win != "normal":  # AMB-26
        n = 1 if variant.kitty_offsuit_win == "x1" else 0
    base = koudi_base(ctx, plays, kitty_pts, winner_side, attacker_points) if koudi else kitty_pts
    return KittyResult(winner, winner_side, n, kitty_pts, base * n)
