"""Benchmark: whole hands of the Numba core (``run_chunk``), per variant, player and threads.

Each case plays hands ``0 .. N - 1`` of root seed 0 as first hands of a match, one thread or
two (lanes on Python threads, ``run_lane_nb`` releasing the GIL), and checks the rows against
a pinned digest (the first 16 hex digits of the SHA-256 of the rows' bytes) and the pinned
total of ``attacker_points``; the digests were taken from the plain kernels before the speed
work, so a faster core that plays anything else fails here rather than looking good. Rows
never depend on the thread count.
Compilation is excluded: a warm-up call compiles (or loads the cache) first.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_core.py --benchmark-enable``
(hands/s = N / mean). Correctness runs keep ``--benchmark-disable`` (pyproject default): the
body still runs once and the digest is still checked. ``python -m shengji_sim bench`` times
the same call from the command line.
"""

from __future__ import annotations

import hashlib

import pytest

from shengji_sim.core.backend import run_chunk
from shengji_sim.variant import load_variant

VARIANTS = ("baifen-1deck", "changzhou-4deck", "classic-2deck", "classic-3deck", "jj-4deck")
HANDS = {"random": 2000, "greedy": 500}  #: hands per case
THREADS = (1, 2)

#: (variant, players) -> (digest of the rows, total attacker points), root seed 0.
#: RULES.md 2026-11-30 changed changzhou-4deck (first hands are at level 2: AMB-05 A no longer
#: runs K-A-L, AMB-49 A drops A-3; BID-9's table-to-seat mapping) and jj-4deck (AMB-27
#: default (iii); AMB-41 A two-quad leads); under AMB-27=(ii) with AMB-41=B jj-4deck still
#: gives the old pins e90f51ee02178b52 / ae6406f88923f585.
EXPECTED: dict[tuple[str, str], tuple[str, int]] = {
    ("baifen-1deck", "random"): ("02b5cee23e8f40e5", 104475),
    ("changzhou-4deck", "random"): ("a58f054978fc90d1", 392060),
    ("classic-2deck", "random"): ("199407ebccb8b979", 203435),
    ("classic-3deck", "random"): ("672176f3097b718c", 294810),
    ("jj-4deck", "random"): ("15d91f6c1079d752", 387090),
    ("baifen-1deck", "greedy"): ("c032b2a0f6883be9", 21145),
    ("changzhou-4deck", "greedy"): ("3f5fb18747ad72ee", 88985),
    ("classic-2deck", "greedy"): ("b1fc448829a41e7d", 43045),
    ("classic-3deck", "greedy"): ("4a37fc8e85e6921a", 65225),
    ("jj-4deck", "greedy"): ("08aba1ec67dc9eea", 95245),
}
CHECKSUM = 1695515  #: sum of the pinned totals, so an edited table is noticed as well


def test_expected_table_is_whole() -> None:
    assert set(EXPECTED) == {(v, p) for v in VARIANTS for p in HANDS}
    assert sum(total for _digest, total in EXPECTED.values()) == CHECKSUM


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("players", list(HANDS))
@pytest.mark.parametrize("variant_name", VARIANTS)
def test_bench_core_hands(benchmark, variant_name: str, players: str, threads: int) -> None:
    variant = load_variant(variant_name)
    n = HANDS[players]
    run_chunk(variant, players, 0, 0, 8, threads)  # compile / load the cache, warm up
    rows = benchmark.pedantic(run_chunk, args=(variant, players, 0, 0, n, threads), rounds=3,
                              iterations=1, warmup_rounds=0)
    digest = hashlib.sha256(rows.tobytes()).hexdigest()[:16]
    assert (digest, int(rows["attacker_points"].sum())) == EXPECTED[variant_name, players]
