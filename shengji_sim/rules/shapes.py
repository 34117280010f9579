"""Shapes of plays: units, tractors, lead decomposition, realizations.

Rules: COMBO-1, COMBO-2, COMBO-3, COMBO-4, COMBO-5, COMBO-6, COMBO-7, COMBO-8, COMBO-9, COMBO-10.

Representation
--------------
A :class:`Unit` is one component of a play: ``width`` copies of each kind in ``kinds``, the kinds
listed in chain order from low to high. ``len(kinds) == 1`` is a set (single, pair, triple, quad:
COMBO-1, COMBO-2, COMBO-3, COMBO-4); ``len(kinds) >= 2`` is a tractor of that width (COMBO-5,
COMBO-6). A *pattern* is the shape alone, ``(width, length)``.

Holdings are count vectors (tuples of 54 ints). Whether a larger set may stand in for a
smaller one (a triple supplying a pair) is AMB-17 (``split``): with splitting, a kind held
``c`` times supplies a width-``w`` unit when ``c >= w``; without, only when ``c == w``.
Singles are always supplied by any card.

A lead is one unit, or a throw of several units of one suit (THROW-1); its canonical
decomposition has the fewest components, then the largest ones (DEF-4 needs a fixed one).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from shengji_sim.cards import N_KINDS, TRUMP
from shengji_sim.rules.ranking import TRUMP_BASE, Ranking, build_ranking

Pattern = tuple[int, int]  #: (width, length)
Counts = tuple[int, ...]


@dataclass(frozen=True, order=True)
class Unit:
    """``width`` copies of each kind in ``kinds`` (chain order, low to high)."""

    width: int
    kinds: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.kinds)

    @property
    def size(self) -> int:
        return self.width * len(self.kinds)

    @property
    def pattern(self) -> Pattern:
        return (self.width, len(self.kinds))

    @property
    def is_tractor(self) -> bool:
        return len(self.kinds) >= 2

    def cards(self) -> list[int]:
        return [k for k in self.kinds for _ in range(self.width)]


@dataclass(frozen=True, eq=False)
class Context:
    """What the rules need for one hand: the variant switches and the ranking tables."""

    variant: Any
    ranking: Ranking

    @property
    def split(self) -> bool:
        """AMB-17 A: triples and quads may be split into pairs (and quads into triples)."""
        return self.variant.split_sets == "yes"


def make_context(variant: Any, level: int, trump: int) -> Context:
    return Context(variant, build_ranking(variant, level, trump))


def supplies(count: int, width: int, split: bool) -> bool:
    """Can a kind held ``count`` times supply a width-``width`` unit (AMB-17)?"""
    if width == 1:
        return count >= 1
    return count >= width if split else count == width


@lru_cache(maxsize=512)
def tractor_kinds(ranking: Ranking, length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` consecutive tiers of some chain, one kind per tier.

    A tractor is one play, so its kinds lie in one follow group (DEF-27): under AMB-07 B
    (trumps are not one suit) a run across natural suits, such as 主L-副L, is no tractor.
    """
    found: dict[tuple[int, ...], None] = {}
    for chain in ranking.chains:
        for start in range(len(chain) - length + 1):
            for kinds in product(*chain[start:start + length]):
                if len({ranking.group[k] for k in kinds}) == 1:
                    found[kinds] = None
    return tuple(found)


def unit_top(ctx: Context, unit: Unit) -> int:
    """Power of a unit for comparisons (CMP-1): its top card in chain order.

    AMB-40 B: a tractor linked through the trump-suit ace-to-2 wrap (主AA22) is the lowest
    trump tractor.
    """
    power = ctx.ranking.power
    if unit.is_tractor and ctx.variant.jj4_A2_tractor_rank == "aa22_lowest":
        links = zip(unit.kinds, unit.kinds[1:])
        if any(link in ctx.ranking.wrap_links for link in links):
            return TRUMP_BASE + 1
    return power[unit.kinds[-1]]


def instances(ctx: Context, counts: Counts, pattern: Pattern, split: bool | None = None,
              suit: int | None = None) -> list[Unit]:
    """All units of ``pattern`` that ``counts`` can supply (optionally within one group)."""
    width, length = pattern
    split = ctx.split if split is None else split
    group = ctx.ranking.group
    ok = [supplies(c, width, split) and (suit is None or group[k] == suit)
          for k, c in enumerate(counts)]
    if length == 1:
        return [Unit(width, (k,)) for k in range(N_KINDS) if ok[k]]
    if width not in ctx.ranking.tractor_widths:
        return []
    return [Unit(width, kinds) for kinds in tractor_kinds(ctx.ranking, length)
            if all(ok[k] for k in kinds)]


def remove(counts: Counts, unit: Unit) -> Counts:
    out = list(counts)
    for k in unit.kinds:
        out[k] -= unit.width
    return tuple(out)


def add_cards(counts: Counts, cards: list[int]) -> Counts:
    out = list(counts)
    for k in cards:
        out[k] += 1
    return tuple(out)


def size_of(counts: Counts) -> int:
    return sum(counts)


def patterns_of_play(ctx: Context) -> list[Pattern]:
    """Every pattern a play can contain under the variant, largest first."""
    widths = range(min(4, ctx.variant.decks), 0, -1)
    pats = [(w, n) for w in widths for n in range(13, 1, -1) if w in ctx.ranking.tractor_widths]
    pats += [(w, 1) for w in widths]
    return sorted(pats, key=lambda p: (-p[0] * p[1], -p[0]))


def decompose(ctx: Context, counts: Counts) -> tuple[Unit, ...]:
    """Canonical decomposition of a one-suit play into units (THROW-1, DEF-4, AMB-48).

    Fewest components; among those the larger sizes, then the larger widths, then the
    stronger tops; every card is used. AMB-48 A (``sets_whole``): a component never breaks a
    held set (SA SA SA SK SK is AAA + KK); B (``largest_first``): sets may be split for a
    larger component (AAKK + A). AMB-41 A: a lead of exactly two quads is one "2个4个" unit
    (:func:`two_quads_unit`), not a throw.
    """
    counts = tuple(counts)
    two_quads = two_quads_unit(ctx, counts)
    if two_quads is not None:
        return (two_quads,)
    return _decompose(ctx, counts)


def two_quads_count(ctx: Context) -> bool:
    """AMB-41 A: any two quads of one suit form the "2个4个" shape (only where AMB-41 applies)."""
    applicable = getattr(ctx.variant, "applicable", None)
    applies = applicable is None or "AMB-41" in applicable
    return applies and ctx.variant.two_quads_adjacent == "any"


def two_quads_unit(ctx: Context, counts: Counts) -> Unit | None:
    """AMB-41 A: exactly two quads that are no quad tractor are one width-4 unit of length 2,
    its kinds in power order (the higher is its top, CMP-1), as a follower's two quads answer
    a "2个4个" lead (FOLLOW-5, FOLLOW-6); under B they are a throw of two quads."""
    held = [k for k in range(N_KINDS) if counts[k]]
    if len(held) != 2 or any(counts[k] != 4 for k in held) or not two_quads_count(ctx):
        return None
    if 4 not in ctx.ranking.tractor_widths:
        return None
    if any(set(kinds) == set(held) for kinds in tractor_kinds(ctx.ranking, 2)):
        return None  # adjacent: an ordinary quad tractor
    return Unit(4, tuple(sorted(held, key=lambda k: (ctx.ranking.power[k], k))))


@lru_cache(maxsize=65536)
def _decompose(ctx: Context, counts: Counts) -> tuple[Unit, ...]:
    first = next((k for k in range(N_KINDS) if counts[k]), None)
    if first is None:
        return ()
    best: tuple[Unit, ...] | None = None
    best_key = None
    for unit in _units_containing(ctx, counts, first):
        rest = _decompose(ctx, remove(counts, unit))
        cand = tuple(sorted((unit,) + rest, key=lambda u: (-u.size, -u.width, u.kinds)))
        key = (
            -len(cand),
            tuple(u.size for u in cand),
            tuple(u.width for u in cand),
            tuple(unit_top(ctx, u) for u in cand),
        )
        if best_key is None or key > best_key:
            best, best_key = cand, key
    assert best is not None
    return best


def _units_containing(ctx: Context, counts: Counts, k: int) -> list[Unit]:
    """Units of ``counts`` that contain kind ``k``: sets of ``k``, then tractors through it.

    AMB-48 A (``sets_whole``) takes every held kind whole: a set is all of its copies and a
    tractor's kinds are each held exactly its width.
    """
    whole = ctx.variant.throw_split == "sets_whole"
    widths = [counts[k]] if whole else range(1, counts[k] + 1)
    units = [Unit(w, (k,)) for w in widths]
    for length in range(2, 14):
        for kinds in tractor_kinds(ctx.ranking, length):
            if k not in kinds:
                continue
            for w in ctx.ranking.tractor_widths:
                if whole and any(counts[x] != w for x in kinds):
                    continue
                if all(counts[x] >= w for x in kinds):
                    units.append(Unit(w, kinds))
    return units


def realizations(ctx: Context, counts: Counts, patterns: list[Pattern],
                 split: bool | None = None, suit: int | None = None,
                 limit: int | None = None) -> list[tuple[Unit, ...]]:
    """All ways to take disjoint units of ``patterns`` from ``counts`` (FOLLOW-11).

    Identical patterns are filled in non-decreasing unit order, so each multiset of units
    appears once. ``limit`` stops after that many (``1`` answers "is it realizable?").
    """
    ordered = sorted(patterns, key=lambda p: (-p[0] * p[1], -p[0], -p[1]))
    found: list[tuple[Unit, ...]] = []

    def walk(i: int, rest: Counts, chosen: list[Unit]) -> bool:
        if i == len(ordered):
            found.append(tuple(chosen))
            return limit is not None and len(found) >= limit
        floor = chosen[-1] if i and ordered[i - 1] == ordered[i] else None
        for unit in instances(ctx, rest, ordered[i], split, suit):
            if floor is not None and unit < floor:
                continue
            chosen.append(unit)
            if walk(i + 1, remove(rest, unit), chosen):
                return True
            chosen.pop()
        return False

    walk(0, tuple(counts), [])
    return found


def realizable(ctx: Context, counts: Counts, patterns: list[Pattern],
               split: bool | None = None) -> bool:
    return bool(realizations(ctx, counts, patterns, split, limit=1))


def play_suit(ctx: Context, cards: list[int]) -> int | None:
    """The one follow group of a play, or None if it mixes groups (DEF-27)."""
    groups = {ctx.ranking.group[k] for k in cards}
    effs = {ctx.ranking.eff_suit[k] for k in cards}
    if len(groups) != 1 or len(effs) != 1:
        return None
    return groups.pop()


def is_trump_play(ctx: Context, cards: list[int]) -> bool:
    return all(ctx.ranking.eff_suit[k] == TRUMP for k in cards)
