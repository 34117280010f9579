"""Benchmark: the cost of ``diff`` against a plain ``simulate`` of the same hands (issue 14).

``python -m benchmarks.bench_diff [HANDS] [ROUNDS] [AMB-nn=X]`` times, on one core, alternately
(A/B in one run, best of ``ROUNDS``): ``backend.run_chunk`` (what ``simulate --backend core
--threads 1`` plays) and ``diffrun.run_diff`` (both readings with per-decision draws and the
shadow evaluation, what ``diff --variant classic-2deck --vs AMB-06=B`` plays), on hands
``0 .. HANDS - 1`` of root seed 0 at the starting level, and prints both times and their
ratio (target: at most 4). Compilation is excluded (a warm-up call first).
The test below runs the same comparison on a few hands, as a correctness check only.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk
from shengji_sim.core.runtime.diffrun import run_diff

VARIANT = "classic-2deck"
VS = "AMB-06=B"


def _cases(hands: int, vs: str = VS):
    va = load_variant(VARIANT)
    vb = load_variant(VARIANT, amb=[vs])
    levels = np.full(hands, 0, np.int32)  # the starting level (2), as simulate's first hands

    def simulate() -> None:
        run_chunk(va, "random", 0, 0, hands, 1)

    def diff() -> None:
        run_diff(va, vb, "random", 0, 0, hands, levels, True, 1)

    return simulate, diff


def measure(hands: int, rounds: int, vs: str = VS) -> tuple[float, float]:
    simulate, diff = _cases(hands, vs)
    simulate()
    diff()
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for j, f in enumerate((simulate, diff)):
            began = time.perf_counter()
            f()
            best[j] = min(best[j], time.perf_counter() - began)
    return best[0], best[1]


def test_bench_diff_runs() -> None:
    s, d = measure(20, 1)
    assert s > 0 and d > 0


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    vs = sys.argv[3] if len(sys.argv) > 3 else VS
    s, d = measure(n, k, vs)
    print(f"{VARIANT}, {n:,} hands, random players, one core, best of {k}: "
          f"simulate {s:.2f} s ({n / s:,.0f} hands/s), diff --vs {vs} {d:.2f} s "
          f"({n / d:,.0f} hands/s), ratio {d / s:.2f}")
