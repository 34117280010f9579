"""Throw (甩牌) validity and failure.

Rules: THROW-1, THROW-2, THROW-3, THROW-4, THROW-5, THROW-6, THROW-7, AMB-20, AMB-21, AMB-22,
AMB-23, AMB-24, AMB-43, AMB-47, DEF-9, OTH-3, OTH-8.

Representation
--------------
``lead`` is the thrower's card-kind list; ``others`` are the three other players' holdings
in turn order after the leader (position 1 = next player, an opponent; 2 = partner; 3 =
the other opponent). Only their cards in the lead's follow group are looked at.

A lead of one unit is not a throw and is always valid. A throw's components are the
canonical units of :func:`~shengji_sim.rules.shapes.decompose` (DEF-4). A component is
*beaten* by a checked player who holds, in the led group, a unit that beats it strictly
(CMP-1; "不大于": equal does not beat), the same comparison as a trick
(:func:`~shengji_sim.rules.trick.claim_beats`). Which units count is AMB-47
(:func:`player_beats`): A only units of the component's own type; B also the in-suit
substitutes of CMP-2, CMP-3 and CMP-4 (as AMB-09, AMB-10, AMB-11 and AMB-41 read them).

:func:`judge_throw` returns a :class:`ThrowResult`: ``played`` is what stays on the table
(the whole throw, the forced component after a failure, or nothing if the lead is refused),
``returned`` what goes back to the thrower's hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shengji_sim.errors import PositionError
from shengji_sim.rules.shapes import Context, Unit, unit_top
from shengji_sim.rules.trick import (
    Claim,
    applies,
    claim_beats,
    counts_of,
    lead_units,
    simple_answers,
)

__all__ = ["ThrowResult", "beaten_components", "judge_throw"]

TESTED_BY = "THROW-2, AMB-20, AMB-43, AMB-47"
PENALTY_UNITS = {"card_point": "card_points", "platform_point": "platform", "level": "level"}


@dataclass(frozen=True)
class ThrowResult:
    """Outcome of a lead; see the module docstring. ``blocked_by`` is a position 1..3."""

    valid: bool
    played: list[int]
    returned: list[int] = field(default_factory=list)
    blocked_by: int | None = None
    penalty: int = 0
    penalty_unit: str = "card_points"
    rejected: bool = False
    reason: str = ""


def component_key(ctx: Context, unit: Unit) -> tuple[int, int, int, tuple[int, ...]]:
    """AMB-21 A "smallest": by size, then width, then the lowest top (kinds break ties)."""
    return (unit.size, unit.width, unit_top(ctx, unit), unit.kinds)


def checked_positions(ctx: Context) -> tuple[int, ...]:
    """AMB-20: A all three others; B the opponents only (positions 1 and 3)."""
    return (1, 2, 3) if ctx.variant.throw_check_players == "all_three" else (1, 3)


def tested_components(ctx: Context, units: tuple[Unit, ...]) -> list[Unit]:
    """AMB-43: A (forall) every component is tested, so the lowest of a type decides;
    B (exists) only the highest component of each pattern is tested."""
    if ctx.variant.throw_test_quantifier == "forall":
        return list(units)
    highest: dict[tuple[int, int], Unit] = {}
    for unit in units:
        held = highest.get(unit.pattern)
        if held is None or unit_top(ctx, unit) > unit_top(ctx, held):
            highest[unit.pattern] = unit
    return list(highest.values())


def beaten_by_stronger_shapes(ctx: Context) -> bool:
    """AMB-47: does a stronger shape beat a component (B any_stronger: CMP-2, CMP-3,
    CMP-4 substitutes), or only its own type (A same_type)?"""
    return ctx.variant.throw_beaten_by == "any_stronger"


def player_beats(ctx: Context, unit: Unit, holding: list[int], group: int) -> bool:
    """THROW-2: does a holding (its cards in the led group) beat the thrown ``unit``?

    AMB-47 A (same_type): only a strictly higher unit of the component's own type beats it:
    a single a single, a pair a pair, a 2-pair tractor a 2-pair tractor (000 l.65 "没有大于…
    的单牌，对，以此类推"). Under AMB-41 A any two quads are the "2个4张" shape, so they are the
    same type as a 2-quad tractor and beat a thrown one when the higher quad outranks its top,
    as :func:`~shengji_sim.rules.trick.simple_answers` counts them; against a 4-pair tractor
    they are a CMP-4 substitute (B only).
    AMB-47 B (any_stronger): also any in-suit substitute that would beat it as a follow:
    a quad a 2-pair tractor (CMP-2, AMB-09), a triple tractor a pair tractor of its card count
    (CMP-3, AMB-11), a quad tractor a triple or pair tractor (CMP-4), as AMB-10 allows.
    """
    target = Claim(False, unit.width, unit.length, unit_top(ctx, unit))
    answers = simple_answers(ctx, unit, counts_of(holding), ruff=False, suit=group,
                             substitutes=beaten_by_stronger_shapes(ctx))
    return any(claim_beats(ctx, answer, target) for answer in answers)


def beaten_components(ctx: Context, units: tuple[Unit, ...],
                      others: list[list[int]]) -> dict[int, list[Unit]]:
    """Checked position -> the components that player beats (THROW-2, AMB-20, AMB-43, AMB-47).

    Under AMB-43 B a pattern fails only if its highest component is beaten; then every
    component of that pattern the player beats counts as beaten.
    """
    group = ctx.ranking.group[units[0].kinds[0]]
    tested = tested_components(ctx, units)
    failed_patterns_of = {}
    out: dict[int, list[Unit]] = {}
    for position in checked_positions(ctx):
        holding = [k for k in others[position - 1] if ctx.ranking.group[k] == group]
        failed_patterns_of[position] = {
            u.pattern for u in tested if player_beats(ctx, u, holding, group)
        }
        beaten = [u for u in units if u.pattern in failed_patterns_of[position]
                  and player_beats(ctx, u, holding, group)]
        if beaten:
            out[position] = beaten
    return out


def forced_component(ctx: Context, units: tuple[Unit, ...], lead: list[int],
                     beaten: dict[int, list[Unit]]) -> tuple[list[int], str]:
    """The cards a failed thrower must play (THROW-3, AMB-21, DEF-9, OTH-3), and the rule."""
    all_beaten = {u for us in beaten.values() for u in us}
    rule = ctx.variant.throw_fail_component
    if rule == "first_beater":  # OTH-3 B
        first = min(beaten)
        unit = min(beaten[first], key=lambda u: component_key(ctx, u))
        return unit.cards(), "OTH-3 first_beater"
    if rule == "lowest_top":  # OTH-3 C
        unit = min(all_beaten, key=lambda u: (unit_top(ctx, u),) + component_key(ctx, u))
        return unit.cards(), "OTH-3 lowest_top"
    play = ctx.variant.throw_fail_play
    if play == "smallest_component":  # AMB-21 A
        unit = min(units, key=lambda u: component_key(ctx, u))
        return unit.cards(), "AMB-21 smallest_component"
    if play == "beaten_component":  # AMB-21 B, DEF-9
        unit = min(all_beaten, key=lambda u: component_key(ctx, u))
        return unit.cards(), "AMB-21 beaten_component"
    power = ctx.ranking.power  # AMB-21 C
    return [min(lead, key=lambda k: (power[k], k))], "AMB-21 lowest_card"


def penalty_of(ctx: Context) -> tuple[int, str, str]:
    """SCORE-2 / DEF-9: the failed-throw penalty and its unit (AMB-24, OTH-8)."""
    variant = ctx.variant
    if variant.throw_penalty_rule == "ten_points":
        return 10, "card_points", "OTH-8 ten_points"
    unit = "card_points"
    if applies(variant, "AMB-24"):
        unit = PENALTY_UNITS[variant.throw_fail_penalty]
    return variant.throw_penalty_points, unit, "AMB-24" if applies(variant, "AMB-24") else "DEF-9"


def rejected(lead: list[int], reason: str) -> ThrowResult:
    return ThrowResult(False, [], list(lead), rejected=True, reason=reason)


def jj4_restriction(ctx: Context, group: int, others: list[list[int]]) -> str | None:
    """THROW-4 / AMB-22 (only where it applies): the reason a throw is refused, or None."""
    if not applies(ctx.variant, "AMB-22"):
        return None
    all_void = all(ctx.ranking.group[k] != group for hand in others for k in hand)
    mode = ctx.variant.jj4_throws
    if mode == "forbidden":
        return "THROW-4, AMB-22 forbidden: throws are not allowed"
    if mode == "only_if_all_void" and not all_void:
        return "THROW-4, AMB-22 only_if_all_void: another player holds the suit"
    if mode == "literal" and all_void:
        return "THROW-4, AMB-22 literal: all three others are void in the suit"
    return None


def judge_throw(ctx: Context, lead: list[int], others: list[list[int]]) -> ThrowResult:
    """Judge a lead that may be a throw (THROW-1, THROW-2, THROW-3, THROW-4, THROW-5, THROW-6,
    THROW-7)."""
    if len(others) != 3:
        raise PositionError(f"expected the hands of the 3 other players, got {len(others)}")
    units = lead_units(ctx, lead)
    if len(units) == 1:
        return ThrowResult(True, list(lead), reason="THROW-1: one unit, not a throw")
    if not ctx.variant.throws_allowed:
        return rejected(lead, "THROW-1: throws_allowed is false")
    group = ctx.ranking.group[units[0].kinds[0]]
    refusal = jj4_restriction(ctx, group, others)
    if refusal is not None:
        return rejected(lead, refusal)
    beaten = beaten_components(ctx, units, others)
    if not beaten:
        return ThrowResult(True, list(lead), reason=f"{TESTED_BY}: nobody beats it")
    blocked_by = min(beaten)
    why = f"{TESTED_BY}: position {blocked_by} beats a component"
    if ctx.variant.throw_enforcement == "reject":
        return ThrowResult(False, [], list(lead), blocked_by=blocked_by, rejected=True,
                           reason=f"{why}; AMB-23 reject")
    played, play_rule = forced_component(ctx, units, lead, beaten)
    returned = list(lead)
    for k in played:
        returned.remove(k)
    penalty, penalty_unit, penalty_rule = penalty_of(ctx)
    reason = f"{why}; THROW-3, AMB-23 fail_procedure, {play_rule}; {penalty_rule}"
    return ThrowResult(False, played, returned, blocked_by, penalty, penalty_unit, False, reason)
