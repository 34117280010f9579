"""Benchmark: whole hands of the Numba core (``run_chunk``), per variant, player and threads.

Each case plays hands ``0 .. N - 1`` of root seed 0 as first hands of a match, one thread or
two (lanes on Python threads, ``run_lane_nb`` releasing the GIL), and checks the rows against
a pinned digest (the first 16 hex digits of the SHA-256 of the rows' bytes) and the pinned
total of ``attacker_points``; the digests were taken from the plain kernels before the speed
work, so a faster core that plays anything else fails here rather than looking good. Rows
never depend on the thread count.
``test_bench_core_matches`` does the same for whole classic-2deck matches
(``backend.run_matches``). Compilation is excluded: a warm-up call compiles (or loads the
cache) first.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_core.py --benchmark-enable``
(hands/s = N / mean). Correctness runs keep ``--benchmark-disable`` (pyproject default): the
body still runs once and the digest is still checked. ``python -m shengji_sim bench`` times
the same call from the command line.
"""

from __future__ import annotations

import hashlib

import pytest
from numpy.lib.recfunctions import repack_fields

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk, run_matches
from shengji_sim.results import PLAY_FIELDS

VARIANTS = ("baifen-1deck", "changzhou-4deck", "classic-2deck", "classic-3deck", "jj-4deck")
HANDS = {"random": 2000, "greedy": 500}  #: hands per case
THREADS = (1, 2)

#: (variant, players) -> (digest of the rows, total attacker points), root seed 0.
#: RULES.md 2026-11-30 changed changzhou-4deck (first hands are at level 2: AMB-05 A no longer
#: runs K-A-L, AMB-49 A drops A-3; BID-9's table-to-seat mapping) and jj-4deck (AMB-27
#: default (iii); AMB-41 A two-quad leads); under AMB-27=(ii) with AMB-41=B jj-4deck still
#: gives the old pins e90f51ee02178b52 / ae6406f88923f585.
#: 2026-12-01: ROW_DTYPE gained the run columns (match, duplicate, strategy_<s>) after the play
#: columns; the digests of the play columns alone (results.PLAY_FIELDS, repacked) are the
#: previous pins unchanged (OLD_PLAY_DIGESTS), checked by test_play_columns_are_unchanged.
#: RULES.md 2026-12-04 (issue 33) changed changzhou-4deck (AMB-50 C: the asking after the
#: deal starts at the seat after the last card's, which CZ4's clockwise deal puts two seats
#: after the first recipient, and goes round while seats declare; AMB-51 B: only four jokers
#: 炒 a standing triple or quad; CHAO-3: four jokers that 炒 are five options; 855 of the
#: 2,000 random hands and 77 of the 500 greedy ones differ), jj-4deck random (AMB-50 A: no
#: asking after the deal, whose draws are gone; 46 of 2,000 hands differ; greedy draws
#: nothing there and never declared after the deal, so its pins stay) and classic-2deck
#: random (AMB-50 C: one hand, 695, whose asking went round again after a declaration). The
#: 003 sets deal in play order, so the one round they had was already AMB-50 B's and C's
#: first round: baifen-1deck, classic-3deck and the greedy classic-2deck hands keep their
#: pins. OLD_PLAY_DIGESTS moved with them.
EXPECTED: dict[tuple[str, str], tuple[str, int]] = {
    ("baifen-1deck", "random"): ("fdfadfe92ae17e88", 104475),
    ("changzhou-4deck", "random"): ("3153be52f27b1590", 388980),
    ("classic-2deck", "random"): ("38c6dc63809bba50", 203395),
    ("classic-3deck", "random"): ("00301781fcdb1068", 294810),
    ("jj-4deck", "random"): ("e38c8e433f885004", 386760),
    ("baifen-1deck", "greedy"): ("44eb2f310c26bd3e", 21145),
    ("changzhou-4deck", "greedy"): ("7fda820c38aecf45", 87105),
    ("classic-2deck", "greedy"): ("6abc9b04e5dc3682", 43045),
    ("classic-3deck", "greedy"): ("92875aa978148410", 65225),
    ("jj-4deck", "greedy"): ("4a4d612ea1010ecf", 95245),
}
OLD_PLAY_DIGESTS: dict[tuple[str, str], str] = {
    ("baifen-1deck", "random"): "02b5cee23e8f40e5",
    ("changzhou-4deck", "random"): "052f3606101087b4",
    ("classic-2deck", "random"): "0c9d757890e77b68",
    ("classic-3deck", "random"): "672176f3097b718c",
    ("jj-4deck", "random"): "3919b36e9f735d53",
    ("baifen-1deck", "greedy"): "c032b2a0f6883be9",
    ("changzhou-4deck", "greedy"): "5a755a8c82577538",
    ("classic-2deck", "greedy"): "b1fc448829a41e7d",
    ("classic-3deck", "greedy"): "4a37fc8e85e6921a",
    ("jj-4deck", "greedy"): "08aba1ec67dc9eea",
}
CHECKSUM = 1690185  #: sum of the pinned totals, so an edited table is noticed as well


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
    play = repack_fields(rows[list(PLAY_FIELDS)])
    assert hashlib.sha256(play.tobytes()).hexdigest()[:16] == \
        OLD_PLAY_DIGESTS[variant_name, players]


#: (players) -> (digest of the hand rows, digest of the match rows, hands played): classic-2deck
#: matches 0 .. MATCHES[players] - 1 of root seed 0 (core/engine/match_nb.py). Issue 33 (AMB-50 C)
#: changed three random hands (match 98 hand 6, 101 hand 7, 132 hand 13), whose asking after
#: the deal went round again; their matches' levels and winners did not change.
MATCHES = {"random": 200, "greedy": 50}
EXPECTED_MATCHES: dict[str, tuple[str, str, int]] = {
    "random": ("f23775ed5dc4f1ce", "2053e1e66291a9c2", 2778),
    "greedy": ("6bd0b5f685c5ae7f", "3f9fd5853f77e346", 860),
}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("players", list(MATCHES))
def test_bench_core_matches(benchmark, players: str, threads: int) -> None:
    variant = load_variant("classic-2deck")
    run_matches(variant, players, 0, 0, 2, threads)  # compile / load the cache, warm up
    hands, matches = benchmark.pedantic(run_matches, args=(variant, players, 0, 0,
                                                           MATCHES[players], threads),
                                        rounds=3, iterations=1, warmup_rounds=0)
    got = (hashlib.sha256(hands.tobytes()).hexdigest()[:16],
           hashlib.sha256(matches.tobytes()).hexdigest()[:16], len(hands))
    assert got == EXPECTED_MATCHES[players]
