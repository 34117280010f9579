"""Benchmark: ``legal_follows`` on full 52-card four-deck hands, with the counts pinned.

Each case deals a fixed 52-card hand with ``random.Random(seed)`` from four decks, builds a
lead from the cards the hand leaves in the deck (in the follow group where the hand is
longest and the lead can be formed) and times one exact enumeration. The counts are pinned,
so a faster engine that computes something else fails here rather than looking good.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_follow.py --benchmark-enable``.
Correctness runs keep ``--benchmark-disable`` (pyproject default): the body still runs once
and the count is still checked.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from shengji_sim.cards import N_KINDS, deck, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.rules.follow import legal_follows
from shengji_sim.rules.shapes import Context, make_context, tractor_kinds

VARIANTS = ("changzhou-4deck", "jj-4deck")
SEED = 2024
LEVEL, TRUMP = "10", "H"

#: lead name -> components, each (width, tractor length; 1 = a set)
LEADS: dict[str, tuple[tuple[int, int], ...]] = {
    "2-pair tractor": ((2, 2),),
    "quad": ((4, 1),),
    "2-quad tractor": ((4, 2),),
    "3-pair tractor": ((2, 3),),
    "throw: 2-pair tractor + pair + single": ((2, 2), (2, 1), (1, 1)),
}

#: (variant, lead name) -> exact number of legal follows (pinned; see the module docstring)
EXPECTED: dict[tuple[str, str], int] = {
    ("changzhou-4deck", "2-pair tractor"): 1,
    ("changzhou-4deck", "quad"): 15,
    ("changzhou-4deck", "2-quad tractor"): 4,
    ("changzhou-4deck", "3-pair tractor"): 4,
    ("changzhou-4deck", "throw: 2-pair tractor + pair + single"): 53,
    ("jj-4deck", "2-pair tractor"): 1,
    ("jj-4deck", "quad"): 1,
    ("jj-4deck", "2-quad tractor"): 10,
    ("jj-4deck", "3-pair tractor"): 4,
    ("jj-4deck", "throw: 2-pair tractor + pair + single"): 53,
}
CHECKSUM = 146  #: sum of EXPECTED, so an edited table is noticed as well


@cache
def setup(variant: str) -> tuple[Context, tuple[int, ...]]:
    """The context and the follower's 52-card hand for ``variant``."""
    ctx = make_context(load_variant(variant), parse_rank(LEVEL), parse_trump(TRUMP))
    cards = deck(4)
    random.Random(SEED).shuffle(cards)
    return ctx, tuple(cards[:52])


def build_lead(ctx: Context, hand: tuple[int, ...], parts: tuple[tuple[int, int], ...]):
    """The lowest-kind realisation of ``parts`` from the copies the hand leaves (4 decks)."""
    r = ctx.ranking
    left = [4] * N_KINDS
    for k in hand:
        left[k] -= 1
    groups: dict[tuple[int, int], int] = {}
    for k in hand:
        key = (r.group[k], r.eff_suit[k])
        groups[key] = groups.get(key, 0) + 1
    neighbours = {k: set() for k in range(N_KINDS)}
    for a, b in tractor_kinds(r, 2):
        neighbours[a].add(b)
        neighbours[b].add(a)
    for key in sorted(groups, key=lambda g: (-groups[g], g)):
        avail = list(left)
        lead: list[int] = []
        for width, length in parts:
            # components of a throw stay apart (no shared or adjacent kinds), so the lead
            # decomposes into exactly ``parts``
            near = set(lead).union(*(neighbours[k] for k in lead))
            runs = [(k,) for k in range(N_KINDS)] if length == 1 else \
                tractor_kinds(r, length)
            run = next((run for run in runs
                        if all((r.group[k], r.eff_suit[k]) == key and avail[k] >= width
                               and k not in near for k in run)), None)
            if run is None:
                break
            for k in run:
                avail[k] -= width
            lead += [k for k in run for _ in range(width)]
        else:
            return lead
    raise AssertionError(f"no group can form {parts}")


def test_expected_table_is_whole() -> None:
    assert set(EXPECTED) == {(v, n) for v in VARIANTS for n in LEADS}
    assert sum(EXPECTED.values()) == CHECKSUM


@pytest.mark.parametrize("lead_name", list(LEADS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_bench_legal_follows(benchmark, variant: str, lead_name: str) -> None:
    ctx, hand = setup(variant)
    lead = build_lead(ctx, hand, LEADS[lead_name])
    legal_follows(ctx, lead, list(hand))  # warm the per-context caches
    result = benchmark.pedantic(legal_follows, args=(ctx, lead, list(hand)), rounds=20,
                                iterations=1, warmup_rounds=1)
    assert result.count == len(result.plays)
    assert result.count == EXPECTED[(variant, lead_name)], result.count
