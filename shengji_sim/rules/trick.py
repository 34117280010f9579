"""Trick winner.

Rules: CMP-1, CMP-2, CMP-3, CMP-4, CMP-5, CMP-6, CMP-7, CMP-8, CMP-9, TRUMP-6, TRUMP-7, FOLLOW-12,
DEF-3, DEF-4, OTH-1, OTH-2.

Representation
--------------
A trick is ``plays``: 2..4 card-kind lists in turn order, ``plays[0]`` the lead, all of the
lead's size. The lead is decomposed canonically (:func:`~shengji_sim.rules.shapes.decompose`);
one unit is a *simple* lead, several units a *throw*.

Every play that can win gets a *claim*; a play that cannot win (mixed suits, a non-led off
suit, the wrong shape) gets ``None``. Winning is resolved in turn order: the lead's claim is
the best so far, and each later claim replaces it iff it :func:`beats <claim_beats>` it
strictly (TRUMP-7, DEF-3: on equal strength the earlier play wins).

* :class:`Claim` (simple lead): ``ruff`` (a trump play on an off-suit lead, TRUMP-6), the shape it
  answers with as ``(width, length)`` (the led shape, or a substitute of CMP-2, CMP-3, CMP-4 under
  AMB-09, AMB-10, AMB-11, AMB-41), and ``top`` (CMP-1 power of the unit, ``unit_top``).
* :class:`ThrowClaim` (throw lead): ``ruff``, the OTH-1 comparison ``key`` and, for OTH-1 B,
  ``reps``: the realizations of the lead's units in the play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from shengji_sim.cards import TRUMP, points_of, to_counts
from shengji_sim.errors import PositionError
from shengji_sim.rules.shapes import (
    Context,
    Counts,
    Pattern,
    Unit,
    decompose,
    instances,
    realizable,
    realizations,
    remove,
    two_quads_count,
    unit_top,
)

__all__ = [
    "Claim",
    "ThrowClaim",
    "applies",
    "beats",
    "claim_beats",
    "lead_units",
    "play_claim",
    "simple_answers",
    "substitute_patterns",
    "trick_points",
    "trick_winner",
    "type_order",
]

QUAD: Pattern = (4, 1)
TWO_PAIR_TRACTOR: Pattern = (2, 2)


def applies(variant: Any, item_id: str) -> bool:
    """Is the AMB/OTH item applicable to the variant (its key present in the file)?

    A variant without an ``applicable`` set (a hand-built namespace) applies every item.
    """
    applicable = getattr(variant, "applicable", None)
    return applicable is None or item_id in applicable


def counts_of(cards: list[int]) -> Counts:
    return tuple(to_counts(cards))


def lead_units(ctx: Context, lead: list[int]) -> tuple[Unit, ...]:
    """Canonical units of a lead (DEF-4); raises PositionError for an empty lead or one mixing
    suits (DEF-27)."""
    if not lead:
        raise PositionError("empty lead")
    if len({ctx.ranking.eff_suit[k] for k in lead}) != 1:
        raise PositionError("the lead mixes suits (DEF-27)")
    return decompose(ctx, counts_of(lead))


def play_side(ctx: Context, lead_suit: int, cards: list[int]) -> bool | None:
    """``False`` for a led-suit play, ``True`` for a ruff, ``None`` if the play cannot win.

    TRUMP-6: a play wins only if it is all one effective suit and that suit is the led one,
    or trump on an off-suit lead. Mixed plays and non-led off suits never win.
    """
    suits = {ctx.ranking.eff_suit[k] for k in cards}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    if suit == lead_suit:
        return False
    if suit == TRUMP:
        return True
    return None


# ---------------------------------------------------------------------------------------------
# Simple leads: one unit


@dataclass(frozen=True)
class Claim:
    """What a play answering a one-unit lead can win with (see the module docstring)."""

    ruff: bool
    width: int
    length: int
    top: int

    @property
    def pattern(self) -> Pattern:
        return (self.width, self.length)


def substitute_patterns(ctx: Context, lead: Unit, ruff: bool) -> list[Pattern]:
    """Stronger shapes of the lead's card count that count as matching it (CMP-2, CMP-3, CMP-4).

    AMB-10: A in suit and as a ruff; B only in the led suit (a substitute ruff counts only as
    pairs, so it cannot win); C never. AMB-09 C: a quad never counts against a 2-pair tractor
    lead. AMB-11 B2: a triple tractor is not recognised on a pair-tractor lead.
    Sets (single, pair, triple, quad leads) have no substitutes.
    """
    variant = ctx.variant
    mode = variant.substitute_shapes
    if mode == "exact_shape_only" or (ruff and mode == "wins_only_in_suit"):
        return []
    if not lead.is_tractor:
        return []
    out: list[Pattern] = []
    if lead.pattern == TWO_PAIR_TRACTOR and variant.quad_vs_tractor != "never_when_tractor_led":
        out.append(QUAD)  # CMP-2
    size = lead.size
    for width in ctx.ranking.tractor_widths:
        if width <= lead.width or size % width or size // width < 2:
            continue
        pairs_lead_triple = width == 3 and lead.width == 2
        if pairs_lead_triple and variant.pairtractor_lead_vs_tripletractor == "pairs_only_loses":
            continue  # AMB-11 B2
        out.append((width, size // width))  # CMP-3 (triple tractor), CMP-4 (quad tractor)
    return out


def simple_answers(ctx: Context, lead: Unit, counts: Counts, ruff: bool,
                   suit: int | None = None, substitutes: bool = True) -> list[Claim]:
    """Every claim that units held in ``counts`` make against the one-unit ``lead``.

    On a play's own counts (all of the lead's size) each answer uses the whole play; on a
    holding (``suit`` = the led follow group) these are the units a player could answer with,
    which the throw check (THROW-2) uses. ``substitutes=False`` keeps only the lead's own
    type, leaving out the stronger shapes of CMP-2, CMP-3 and CMP-4 (the throw test under
    AMB-47 A); two quads still answer a 2-quad tractor under AMB-41 A, as its own type.
    """
    patterns = [lead.pattern]
    if substitutes:
        patterns += substitute_patterns(ctx, lead, ruff)
    claims = [
        Claim(ruff, unit.width, unit.length, unit_top(ctx, unit))
        for pattern in patterns
        for unit in instances(ctx, counts, pattern, suit=suit)
    ]
    if (4, 2) in patterns and two_quads_count(ctx):
        quads = instances(ctx, counts, QUAD, suit=suit)
        for a, b in combinations(quads, 2):  # AMB-41 A; EX-F-JJ4-2-1
            claims.append(Claim(ruff, 4, 2, max(unit_top(ctx, a), unit_top(ctx, b))))
    return claims


def claim_beats(ctx: Context, challenger: Claim, best: Claim) -> bool:
    """Does ``challenger`` strictly beat ``best`` (both answers to the same simple lead)?

    A ruff beats any led-suit play (TRUMP-6). Then the stronger shape class wins: pair tractor <
    triple tractor < quad tractor of the same count, 2-pair tractor < quad (CMP-2, CMP-3, CMP-4),
    except that under AMB-09 B a quad beats a 2-pair tractor only if its power is at least the
    tractor's top. The same class compares tops (CMP-1); equal does not beat (TRUMP-7, DEF-3).
    """
    if challenger.ruff != best.ruff:
        return challenger.ruff
    if challenger.width != best.width:
        shapes = {challenger.pattern, best.pattern}
        if ctx.variant.quad_vs_tractor == "by_power" and shapes == {QUAD, TWO_PAIR_TRACTOR}:
            quad, tractor = (challenger, best) if challenger.pattern == QUAD else (best, challenger)
            quad_counts = quad.top >= tractor.top  # AMB-09 B
            return quad_counts if challenger is quad else not quad_counts
        return challenger.width > best.width
    return challenger.top > best.top


def strongest(ctx: Context, claims: list[Claim]) -> Claim | None:
    best: Claim | None = None
    for claim in claims:
        if best is None or claim_beats(ctx, claim, best):
            best = claim
    return best


def simple_claim(ctx: Context, lead: Unit, cards: list[int], lead_suit: int) -> Claim | None:
    ruff = play_side(ctx, lead_suit, cards)
    if ruff is None:
        return None
    return strongest(ctx, simple_answers(ctx, lead, counts_of(cards), ruff))


# ---------------------------------------------------------------------------------------------
# Throws: several units (DEF-4, OTH-1, OTH-2)


@dataclass(frozen=True)
class ThrowClaim:
    """A play that qualifies against a throw: ``ruff`` and its OTH-1 comparison data."""

    ruff: bool
    key: Any
    reps: tuple[tuple[Unit, ...], ...] = field(default=(), compare=False)


def type_order(unit: Unit | Pattern) -> tuple[bool, int, int]:
    """DEF-4 "largest component type": the longest tractor, else the largest set, else single."""
    width, length = unit if isinstance(unit, tuple) else unit.pattern
    return (length >= 2, length, width)


def structure(units: tuple[Unit, ...]) -> list[Pattern]:
    """The lead's non-single structure a challenger must realize (CMP-8, THROW-6)."""
    return [u.pattern for u in units if u.width > 1 or u.is_tractor]


def _full_realizations(ctx: Context, counts: Counts,
                       patterns: list[Pattern]) -> list[tuple[Unit, ...]]:
    """Realizations of ``patterns`` with the left-over cards as singles."""
    out = []
    for real in realizations(ctx, counts, patterns):
        rest = counts
        for unit in real:
            rest = remove(rest, unit)
        singles = tuple(Unit(1, (k,)) for k, c in enumerate(rest) for _ in range(c))
        out.append(real + singles)
    return out


def _lex_key(ctx: Context, real: tuple[Unit, ...]) -> tuple:
    """OTH-1 D: unit tops from the largest units down (the order is fixed by the lead)."""
    ordered = sorted(real, key=lambda u: (-u.size, -u.width, -u.length, -unit_top(ctx, u)))
    return tuple(unit_top(ctx, u) for u in ordered)


def _type_top(ctx: Context, counts: Counts, patterns: list[Pattern],
              kind: Pattern) -> int | None:
    """OTH-1 A: top of the best unit of type ``kind`` that still leaves ``patterns`` realizable
    (None when no arrangement does, e.g. a lead whose canonical units split a set, AMB-17 B)."""
    if kind[0] == 1 and kind[1] == 1:
        return max(ctx.ranking.power[k] for k, c in enumerate(counts) if c)
    rest = list(patterns)
    rest.remove(kind)
    units = sorted(instances(ctx, counts, kind), key=lambda u: -unit_top(ctx, u))
    for unit in units:
        if realizable(ctx, remove(counts, unit), rest):
            return unit_top(ctx, unit)
    return None


def _dominates(ctx: Context, challenger: tuple[Unit, ...], best: tuple[Unit, ...]) -> bool:
    """OTH-1 B: each of ``best``'s units is beaten by a distinct same-pattern unit."""
    def tops(real: tuple[Unit, ...], pattern: Pattern) -> list[int]:
        return sorted((unit_top(ctx, u) for u in real if u.pattern == pattern), reverse=True)

    for pattern in {u.pattern for u in best}:
        mine, theirs = tops(challenger, pattern), tops(best, pattern)
        if len(mine) != len(theirs) or any(m <= t for m, t in zip(mine, theirs, strict=True)):
            return False
    return True


def throw_claim(ctx: Context, units: tuple[Unit, ...], cards: list[int], lead_suit: int,
                is_lead: bool) -> ThrowClaim | None:
    """The claim of a play against a throw lead, or None if it cannot beat it.

    DEF-4: only a ruff (OTH-2 B: or a led-suit play) of the same card count that realizes the
    lead's tractors and sets qualifies. Its key follows OTH-1 (multi_unit_compare).
    """
    ruff = play_side(ctx, lead_suit, cards)
    if ruff is None:
        return None
    same_suit_ok = ctx.variant.same_suit_beats_throw == "yes"
    if not (ruff or is_lead or same_suit_ok):
        return None
    counts = counts_of(cards)
    shape = structure(units)
    if not is_lead and not realizable(ctx, counts, shape):
        return None
    mode = ctx.variant.multi_unit_compare
    if mode == "largest_type_top":
        kind = max((u.pattern for u in units), key=type_order)
        top = _type_top(ctx, counts, shape, kind)
        if top is None:  # the leader's own units define its structure (AMB-17 B split lead)
            top = max(unit_top(ctx, u) for u in units if u.pattern == kind)
        return ThrowClaim(ruff, top)
    if mode == "highest_card":
        return ThrowClaim(ruff, max(ctx.ranking.power[k] for k in cards))
    reals = [units] if is_lead else _full_realizations(ctx, counts, shape)
    reals = sorted(reals, key=lambda r: _lex_key(ctx, r), reverse=True)
    return ThrowClaim(ruff, _lex_key(ctx, reals[0]), tuple(reals))


def throw_claim_beats(ctx: Context, challenger: ThrowClaim, best: ThrowClaim) -> bool:
    """Ruff over led suit, then OTH-1: A/C/D strictly greater key; B some realization of the
    challenger dominates the best play's representative (its strongest realization)."""
    if challenger.ruff != best.ruff:
        return challenger.ruff
    if ctx.variant.multi_unit_compare == "all_units":
        return any(_dominates(ctx, real, best.reps[0]) for real in challenger.reps)
    return challenger.key > best.key


# ---------------------------------------------------------------------------------------------
# Public API


def play_claim(ctx: Context, units: tuple[Unit, ...], cards: list[int],
               is_lead: bool = False) -> Claim | ThrowClaim | None:
    """The claim of ``cards`` against the lead whose canonical units are ``units``."""
    lead_suit = ctx.ranking.eff_suit[units[0].kinds[0]]
    if len(units) == 1:
        if is_lead:
            unit = units[0]
            return Claim(False, unit.width, unit.length, unit_top(ctx, unit))
        return simple_claim(ctx, units[0], cards, lead_suit)
    return throw_claim(ctx, units, cards, lead_suit, is_lead)


def _claims_beat(ctx: Context, challenger: Any, best: Any) -> bool:
    if isinstance(challenger, Claim):
        return claim_beats(ctx, challenger, best)
    return throw_claim_beats(ctx, challenger, best)


def beats(ctx: Context, units: tuple[Unit, ...], challenger: list[int],
          best: list[int]) -> bool:
    """Does the play ``challenger`` strictly beat ``best`` against the lead ``units``?

    ``best`` is the lead itself when its cards equal the lead's, else a play that can win.
    """
    lead_cards = sorted(k for u in units for k in u.cards())
    best_claim = play_claim(ctx, units, best, is_lead=sorted(best) == lead_cards)
    mine = play_claim(ctx, units, challenger)
    return mine is not None and best_claim is not None and _claims_beat(ctx, mine, best_claim)


def check_trick_plays(plays: list) -> None:
    """FOLLOW-1: a trick has 2 to 4 plays, each as many cards as the lead (PositionError)."""
    if not 2 <= len(plays) <= 4:
        raise PositionError(f"a trick has 2 to 4 plays, got {len(plays)}")
    size = len(plays[0])
    for i, play in enumerate(plays):
        if len(play) != size:
            raise PositionError(f"play {i} has {len(play)} cards, the lead has {size}")


def trick_winner(ctx: Context, plays: list[list[int]]) -> int:
    """Index of the winning play (0 = the leader), CMP-9.

    Resolved in turn order: each later play replaces the best so far iff it beats it
    strictly, so among equal plays the earliest wins (TRUMP-7, DEF-3).
    """
    check_trick_plays(plays)
    units = lead_units(ctx, plays[0])
    best_index = 0
    best = play_claim(ctx, units, plays[0], is_lead=True)
    for index, play in enumerate(plays[1:], start=1):
        claim = play_claim(ctx, units, play)
        if claim is not None and _claims_beat(ctx, claim, best):
            best_index, best = index, claim
    return best_index


def trick_points(plays: list[list[int]]) -> int:
    """POINT-1, POINT-2: the points of every card in the trick."""
    return sum(points_of(k) for play in plays for k in play)
