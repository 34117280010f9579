"""Effective suit, power order and tractor adjacency for one hand.

Rules: TRUMP-*, COMBO-5, COMBO-6, COMBO-7, COMBO-8, COMBO-9.

Representation
--------------
A :class:`Ranking` is built once per hand from the variant switches, the level rank and the
trump suit (0..3, or 4 = no-trump). It holds, per card kind (0..53):

``eff_suit[k]``
    0..3 for a card of an off suit, 4 (:data:`~shengji_sim.cards.TRUMP`) for a trump
    (TRUMP-1: jokers, every level card, the trump suit, fixed 2s).
``group[k]``
    the follow group: equal to ``eff_suit`` when all trumps form one suit (AMB-07 A);
    under AMB-07 B the natural suit (jokers: 4), so a trump lead of hearts must be followed
    with hearts only.
``power[k]``
    strength within the effective suit, higher is stronger; equal powers are allowed
    (off-suit level cards under AMB-08 A, DEF-3: the earlier play wins). Trumps have powers
    above every off-suit card.
``chains``
    tractor adjacency (COMBO-5, COMBO-6, COMBO-7, COMBO-8, COMBO-9, AMB-03, AMB-04, AMB-05, AMB-06,
    DEF-1, DEF-2). A chain is a sequence of *tiers* ordered from low to high; a tier is a tuple of
    kinds that occupy the same step (several kinds only under AMB-04 B, e.g. the three off-suit
    level cards). A tractor of width ``w`` is ``k >= 2`` consecutive tiers of one chain, one kind
    per tier, each held ``w`` times. The same kind may appear in several chains (an ace that may be
    high or low, AMB-05 A); a run may not continue through a chain boundary.

The ranking never looks at a hand; it is the per-hand table that the follow, trick and
throw rules read.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from shengji_sim.cards import BJ, LJ, N_KINDS, NO_TRUMP, TRUMP, kind
from shengji_sim.config.variant_schema import RANKING_KEYS

ACE = 12
TWO = 0
TRUMP_BASE = 100  #: every trump power is above this; off-suit powers are ranks 0..12
SUIT_ORDER_BONUS = (3, 2, 1, 0)  #: AMB-08 B: spades > hearts > clubs > diamonds

Tier = tuple[int, ...]
Chain = tuple[Tier, ...]


@dataclass(frozen=True)
class Ranking:
    """Per-hand tables; see the module docstring."""

    level: int
    trump: int
    eff_suit: tuple[int, ...]
    group: tuple[int, ...]
    power: tuple[int, ...]
    chains: tuple[Chain, ...]
    tractor_widths: tuple[int, ...]
    wrap_links: frozenset[tuple[int, int]]  #: (A, 2) kind pairs adjacent by an ace wrap

    def is_trump(self, k: int) -> bool:
        return self.eff_suit[k] == TRUMP

    def sort_key(self, k: int) -> tuple[int, int, int]:
        """Strongest first: trumps, then by power, then by kind for a stable order."""
        return (-int(self.eff_suit[k] == TRUMP), -self.power[k], k)

    def sorted_cards(self, kinds: list[int] | tuple[int, ...]) -> list[int]:
        return sorted(kinds, key=self.sort_key)


def _switch(variant: Any, name: str) -> str:
    return getattr(variant, name)


def fixed_two_mode(variant: Any) -> str:
    """TRUMP-3 / AMB-01, with OTH-9 B (another engine's no-fixed-2 reading) applied: loading
    a variant with ``fixed_two_oth = "none"`` sets ``fixed_two = "none"`` (variant.py)."""
    return _switch(variant, "fixed_two")


#: The values of a variant's ranking keys (``variant_schema.RANKING_KEYS``, the schema
#: entries marked ``tables``), by name: the tables of :func:`build_ranking` and of the core
#: (``core.base.tables.build_tables``) are built from these alone and keyed by them.
RankingKey = namedtuple("RankingKey", RANKING_KEYS)  # type: ignore[misc]


def ranking_key(variant: Any) -> RankingKey:
    """``variant``'s :data:`RankingKey` (hashable: a list value becomes a tuple)."""
    values = (getattr(variant, key) for key in RANKING_KEYS)
    return RankingKey(*(tuple(v) if isinstance(v, list) else v for v in values))


def build_ranking(variant: Any, level: int, trump: int) -> Ranking:
    """Build the tables for ``level`` (rank 0..12) and ``trump`` (0..3 or NO_TRUMP)."""
    return _build(ranking_key(variant), level, trump)


@lru_cache(maxsize=4096)
def _build(key: RankingKey, level: int, trump: int) -> Ranking:
    fixed_two, special_order = fixed_two_mode(key), key.jj_special_order
    level_in_run, adjacency = key.level_card_in_plain_run, key.special_adjacency
    ace, gap, ace_low = key.ace_adjacency, key.gap_adjacency, key.ace_low_without_two
    one_suit, suit_rank = key.trump_is_one_suit, key.offlevel_suit_rank
    joker_tractor, widths = bool(key.joker_tractor), key.tractor_units
    has_fixed_two = fixed_two != "none" and level != TWO
    tiers = _trump_tiers(level, trump, has_fixed_two, fixed_two, special_order)
    eff = [TRUMP if any(k in t for t in tiers) else k // 13 for k in range(N_KINDS)]
    power = _powers(tiers, eff, suit_rank)
    group = list(eff) if one_suit == "yes" else [k // 13 if k < LJ else 4 for k in range(54)]
    removed = {level} | ({TWO} if has_fixed_two else set())
    chains: list[Chain] = []
    wraps: set[tuple[int, int]] = set()
    for suit in range(4):
        chains += _plain_chains(suit, removed, gap, ace, ace_low, suit == trump)
    if trump != NO_TRUMP and level_in_run == "yes_if_trump_suit":
        chains += _level_in_run_chains(trump, level, has_fixed_two, gap)
    if adjacency == "power_order":
        chains += _power_order_chains(tiers, trump, removed, gap, ace, joker_tractor)
    else:
        chains += _suit_sequence_chains(
            level, trump, has_fixed_two, removed, gap, ace, adjacency, joker_tractor, wraps
        )
    chains = [c for c in chains if len(c) >= 2]
    return Ranking(
        level=level,
        trump=trump,
        eff_suit=tuple(eff),
        group=tuple(group),
        power=tuple(power),
        chains=tuple(_dedupe(chains)),
        tractor_widths=tuple(sorted(widths)),
        wrap_links=frozenset(wraps),
    )


def _dedupe(chains: list[Chain]) -> list[Chain]:
    seen: set[Chain] = set()
    out = []
    for c in chains:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


def _trump_tiers(level, trump, has_fixed_two, fixed_two, special_order) -> list[Tier]:
    """TRUMP-4: the trump class as tiers from strongest to weakest.

    BJ > LJ > trump-suit level card > off-suit level cards (one tier) > [fixed 2s, AMB-01 A;
    above the level cards under AMB-02 B] > the trump suit A..low > [fixed 2s, AMB-01 C].
    In no-trump (DEF-13) there is no trump suit: the four level cards form one tier.
    """
    def split(rank: int) -> list[Tier]:
        if trump == NO_TRUMP:
            return [tuple(kind(s, rank) for s in range(4))]
        return [(kind(trump, rank),), tuple(kind(s, rank) for s in range(4) if s != trump)]

    level_tiers = split(level)
    two_tiers = split(TWO) if has_fixed_two else []
    tiers: list[Tier] = [(BJ,), (LJ,)]
    if has_fixed_two and fixed_two == "above_A" and special_order == "two_above_level":
        tiers += two_tiers + level_tiers
    elif has_fixed_two and fixed_two == "above_A":
        tiers += level_tiers + two_tiers
    else:
        tiers += level_tiers
    if trump != NO_TRUMP:
        removed = {level} | ({TWO} if has_fixed_two else set())
        tiers += [(kind(trump, r),) for r in range(ACE, -1, -1) if r not in removed]
    if has_fixed_two and fixed_two == "bottom":
        tiers += two_tiers
    return tiers


def _powers(tiers: list[Tier], eff: list[int], suit_rank: str) -> list[int]:
    """Powers: off-suit cards by rank; trumps by tier (AMB-08 B orders a shared tier by suit)."""
    power = [k % 13 if k < LJ else 0 for k in range(N_KINDS)]
    value = TRUMP_BASE + 4 * len(tiers)
    for tier in tiers:
        for k in tier:
            bonus = SUIT_ORDER_BONUS[k // 13] if suit_rank == "suit_order" and len(tier) > 1 else 0
            power[k] = value + bonus
        value -= 4
    return power


def _ranks_adjacent(low: int, high: int, removed: set[int], gap: str) -> bool:
    """AMB-06 / DEF-1: ranks either side of removed ranks are adjacent under 'yes'."""
    if high - low == 1:
        return True
    return gap == "yes" and all(r in removed for r in range(low + 1, high))


def _runs(suit: int, ranks: list[int], removed: set[int], gap: str) -> list[Chain]:
    """Split ascending ``ranks`` of ``suit`` into maximal runs of adjacent ranks."""
    runs: list[list[int]] = []
    for r in ranks:
        if runs and _ranks_adjacent(runs[-1][-1], r, removed, gap):
            runs[-1].append(r)
        else:
            runs.append([r])
    return [tuple((kind(suit, r),) for r in run) for run in runs]


def _plain_chains(suit, removed, gap, ace, ace_low, is_trump_suit) -> list[Chain]:
    """Plain cards of a natural suit: 2..K then A high (COMBO-5, COMBO-7, AMB-05, AMB-06).

    Under AMB-05 A (``both_ends``) the ace may also sit below the lowest plain rank (AA2233),
    but a run never passes through the ace; whether it may when the suit has no plain 2 is
    :func:`_ace_low_allowed` (AMB-49).
    """
    plain = [r for r in range(13) if r not in removed]
    chains = _runs(suit, plain, removed, gap)
    if ace == "both_ends" and ACE in plain and len(plain) > 1:
        low = [r for r in plain if r != ACE]
        if _ace_low_allowed(low[0], removed, gap, ace_low, is_trump_suit):
            first = _runs(suit, low, removed, gap)[0]
            chains.append(((kind(suit, ACE),),) + first)
    return chains


def _ace_low_allowed(lowest: int, removed: set[int], gap: str, ace_low: str,
                     is_trump_suit: bool) -> bool:
    """May the ace sit directly below the suit's lowest plain rank ``lowest`` (AMB-05 A)?

    Next to a plain 2 always (000 l.26 "AA2233"). When the suit has no plain 2 (the 2s are
    level cards at level 2, or fixed trumps): AMB-49 A no; AMB-49 B yes, by the gap rule of
    AMB-06 A (SA SA S3 S3 at level 2 and at level 10). The trump suit keeps its 2 among its
    own cards (a trump like its A, in the sequence "... K, A, 2, L"), so B does not apply there.
    """
    if lowest == TWO:
        return True
    if ace_low == "no" or is_trump_suit:
        return False
    return _ranks_adjacent(-1, lowest, removed | {-1}, gap)


def _level_in_run_chains(trump, level, has_fixed_two, gap) -> list[Chain]:
    """AMB-03 B: the trump-suit level card keeps its natural neighbours in the trump suit."""
    removed = {TWO} if has_fixed_two else set()
    ranks = [r for r in range(13) if r not in removed]
    return [c for c in _runs(trump, ranks, removed, gap) if (kind(trump, level),) in c]


def _power_order_chains(tiers, trump, removed, gap, ace, joker_tractor) -> list[Chain]:
    """AMB-04 B / DEF-2: consecutive trump tiers are adjacent (BJ-LJ-主L-副L-主2-副2-A-K...).

    Gaps among the trump suit's plain ranks follow AMB-06; LJ-BJ needs COMBO-6.
    """
    ascending = list(reversed(tiers))
    chains: list[list[Tier]] = [[]]
    prev_rank = None
    for tier in ascending:
        k = tier[0]
        plain_trump = trump != NO_TRUMP and len(tier) == 1 and k < LJ and k // 13 == trump \
            and k % 13 not in removed
        if plain_trump:
            r = k % 13
            if prev_rank is not None and not _ranks_adjacent(prev_rank, r, removed, gap):
                chains.append([])
            prev_rank = r
        elif k == BJ and not joker_tractor:
            chains.append([])
        chains[-1].append(tier)
    return [tuple(c) for c in chains]


def _suit_sequence_chains(level, trump, has_fixed_two, removed, gap, ace, adjacency,
                          joker_tractor, wraps) -> list[Chain]:
    """AMB-04 A (``suit_sequence``) and C (``natural_only``) special adjacency.

    A: each natural suit runs plain ranks, then A, then 2, then L; neighbours of the same
    trump status are adjacent, so the trump suit chains ...K-A-2-L and an off suit 2-L.
    C: only natural-rank neighbours among the special cards (2-3 at level 3).
    How the trump suit's plain cards reach its special cards is
    :func:`_trump_suit_special_chains`. Jokers: LJ-BJ (COMBO-6).
    """
    chains: list[Chain] = []
    specials = sorted({TWO, level} if has_fixed_two else {level})
    for suit in range(4):
        seq = tuple((kind(suit, r),) for r in specials)
        natural = len(specials) == 2 and specials[1] - specials[0] == 1
        if len(seq) == 2 and (adjacency == "suit_sequence" or natural):
            chains.append(seq)
        if suit == trump:
            chains += _trump_suit_special_chains(suit, level, has_fixed_two, removed, gap, ace,
                                                 adjacency, wraps)
    if joker_tractor:
        chains.append(((LJ,), (BJ,)))
    return chains


def _trump_suit_special_chains(suit, level, has_fixed_two, removed, gap, ace, adjacency,
                               wraps) -> list[Chain]:
    """The trump suit's sequence "... K, A, 2, L" where its plain run meets its specials.

    The specials after the plain run are the fixed 2 (if any), then the level card L.
    * Level below A: the link from the ace follows AMB-05, whether the next special is a
      fixed 2 or (at level 2, or without fixed 2s) the level card itself, so the answer does
      not depend on whether the 2 is a level card or a fixed trump (AMB-05 example 3).
    * Level A: the ace is the level card, so the sequence reads "... Q, K, 2, L"; the K
      reaches the next special over the removed ace only by the gap rule (AMB-06 A), and
      not under AMB-05 C (no wrap past the ace).
    """
    top_run = _runs(suit, [r for r in range(13) if r not in removed], removed, gap)[-1]
    tail = (((kind(suit, TWO),),) if has_fixed_two else ()) + ((kind(suit, level),),)
    if has_fixed_two and not (adjacency == "suit_sequence" or level == TWO + 1):
        tail = tail[:1]  # AMB-04 C: 2-L only where the ranks are natural neighbours
    if not has_fixed_two and adjacency != "suit_sequence":
        return []
    if level == ACE:
        if gap == "yes" and ace != "high_only" and top_run[-1] == (kind(suit, ACE - 1),):
            return [top_run + tail]
        return []
    return _trump_ace_link(suit, ace, top_run, tail, has_fixed_two, wraps)


def _trump_ace_link(suit, ace, top_run, tail, has_fixed_two, wraps) -> list[Chain]:
    """AMB-05 at the trump-suit ace: both_ends -> [A, specials...]; trump_A2 -> the run passes
    through the ace; high_only -> no link. A link from the ace to a fixed 2 is a wrap link
    (AMB-40 B ranks such tractors lowest)."""
    if ace == "high_only":
        return []
    if has_fixed_two:
        wraps.add((kind(suit, ACE), kind(suit, TWO)))
    if ace == "both_ends":
        return [((kind(suit, ACE),),) + tail]
    return [top_run + tail]
