"""Benchmark: the whole README command against the play kernel alone (issue 34, "The warm path").

``python -m benchmarks.bench_whole_process [HANDS] [ROUNDS]`` times, alternately in one run
(A/B, ``ROUNDS`` rounds, warm kernel cache):

* **whole process**: ``shengji-sim simulate --variant classic-2deck --hands HANDS --seed 1 --out
  DIR`` (the README command) as a new process, on the wall clock from its start to its exit:
  imports, loading the cached kernels and tables, playing, encoding and writing the rows, the
  summary;
* **kernel**: ``backend.run_chunk`` for the same hands in this (warm) process, on as many lanes as
  ``simulate`` uses: the play kernel and the conversion of its output to rows, nothing else.

and prints per round both rates in hands per second and their ratio, and where the whole
process's time goes: ``fixed``, the wall time of the same command for one hand (interpreter,
imports, loading the cached kernels and tables, the summary of one row); ``play+rows``, the run's
playing, encoding and writing (``hands / hands_per_second`` of its summary), of which ``rows`` is
what it took beyond the kernel's time; ``summary``, :func:`summary_json` over the run's rows
(read back from its part files) in this process. The rows of both are checked to be the same
hands (the digest of the run's rows against the kernel's). The test below runs the comparison on
a few hands as a correctness check only; figures come from the command line, never from a test.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk
from shengji_sim.report.summary import summary_json
from shengji_sim.run import run_dir
from shengji_sim.run.sim import default_threads

VARIANT = "classic-2deck"
SEED = 1


def whole_process(hands: int, out: Path) -> dict:
    """One run of the README command as a new process: its wall time and its summary."""
    command = [str(Path(sys.executable).parent / "shengji-sim"), "simulate", "--variant", VARIANT,
               "--hands", str(hands), "--seed", str(SEED), "--out", str(out)]
    began = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - began
    summary = json.loads((out / "summary.json").read_text())
    rows = run_dir.read_rows(out)
    return {"wall": wall, "summary": summary, "digest": _digest(rows)}


def _digest(rows) -> str:
    return hashlib.sha256(rows.tobytes()).hexdigest()[:16]


def kernel(variant, hands: int, threads: int) -> tuple[float, str]:
    """Seconds of ``run_chunk`` over hands ``0 .. hands - 1`` and its rows' digest."""
    began = time.perf_counter()
    rows = run_chunk(variant, "random", SEED, 0, hands, threads)
    return time.perf_counter() - began, _digest(rows)


def measure(hands: int, rounds: int) -> list[dict]:
    variant = load_variant(VARIANT)
    threads = default_threads()
    run_chunk(variant, "random", SEED, 0, min(hands, 200), threads)  # compile or load
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            order = ("process", "kernel", "fixed") if r % 2 == 0 else \
                ("fixed", "kernel", "process")
            got: dict = {}
            for what in order:
                if what == "process":
                    got["process"] = whole_process(hands, Path(tmp) / f"run{r}")
                elif what == "fixed":
                    got["fixed"] = whole_process(1, Path(tmp) / f"one{r}")["wall"]
                else:
                    got["kernel"] = kernel(variant, hands, threads)
            proc, (k_seconds, k_digest) = got["process"], got["kernel"]
            if proc["digest"] != k_digest:
                raise AssertionError(f"round {r}: the run's rows differ from the kernel's")
            summary = proc["summary"]
            play_and_rows = hands / summary["hands_per_second"]
            began = time.perf_counter()
            summary_json(Path(tmp) / f"run{r}")
            summary_seconds = time.perf_counter() - began
            results.append({
                "hands": hands, "threads": threads,
                "process_seconds": proc["wall"], "kernel_seconds": k_seconds,
                "process_rate": hands / proc["wall"], "kernel_rate": hands / k_seconds,
                "ratio": k_seconds / proc["wall"],
                "fixed_seconds": got["fixed"], "play_and_rows_seconds": play_and_rows,
                "rows_seconds": play_and_rows - k_seconds, "summary_seconds": summary_seconds,
            })
    return results


def report(results: list[dict]) -> str:
    lines = ["round  process s  hands/s   kernel s  hands/s   ratio  fixed s  play+rows s  "
             "rows s  summary s"]
    for i, r in enumerate(results):
        lines.append(f"{i:5d}  {r['process_seconds']:9.2f}  {r['process_rate']:8,.0f}  "
                     f"{r['kernel_seconds']:8.2f}  {r['kernel_rate']:8,.0f}  {r['ratio']:5.2f}  "
                     f"{r['fixed_seconds']:7.2f}  {r['play_and_rows_seconds']:11.2f}  "
                     f"{r['rows_seconds']:6.2f}  {r['summary_seconds']:9.2f}")
    ratios = [r["ratio"] for r in results]
    lines.append(f"median ratio (whole-process rate / kernel rate): "
                 f"{statistics.median(ratios):.2f} "
                 f"(range {min(ratios):.2f} to {max(ratios):.2f}, {len(ratios)} rounds, "
                 f"{results[0]['hands']:,} hands, {results[0]['threads']} lanes)")
    return "\n".join(lines)


def test_bench_whole_process_runs() -> None:
    results = measure(200, 1)
    assert [r["hands"] for r in results] == [200]
    assert all(r["process_seconds"] > r["play_and_rows_seconds"] > 0 for r in results)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 600_000
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(report(measure(n, k)))
