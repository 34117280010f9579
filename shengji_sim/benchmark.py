"""Regression benchmarking of the Numba core: timed cases, saved baselines, comparisons.

Representation
--------------
A *case* is (variant, players, threads, hands): the core plays hands ``0 .. hands - 1`` of
root seed ``seed`` ``repeats`` times after a warm-up call (compile excluded). Its result::

    {"variant", "players", "threads", "hands", "seed", "repeats",
     "hands_per_second": best of the repeats, "median": median of the repeats,
     "spread": (best - worst) / best, the run's noise band,
     "relative": hands_per_second / yardstick, "digest": first 16 hex of the rows' SHA-256}

The *yardstick* is a fixed Numba loop (:func:`yardstick_nb`, integer mixing, no memory
traffic) timed the same way, in millions of iterations per second; ``relative`` divides a
case's hands/s by it, so that figures from different machines can be compared.

A *baseline* is ``benchmarks/baselines/NAME.json``: the cases plus the machine (platform, CPU
model, CPU count), the package versions, the rules version, the commit and the yardstick.
:func:`compare` matches a new run's cases to a baseline's by (variant, players, threads,
hands): a case fails if its rows' digest differs (the engine plays other hands) or if it is
slower by more than ``threshold`` (a fraction; compared on ``relative`` when the machines
differ, else on hands/s).
"""

from __future__ import annotations

import hashlib
import json
import platform
import statistics
import subprocess
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from shengji_sim.errors import InputError

FORMAT = "shengji-sim-bench/1"
BASELINE_DIR = Path("benchmarks") / "baselines"
YARDSTICK_ITERATIONS = 20_000_000
DEFAULT_THRESHOLD = 0.07  #: a slowdown beyond 7% fails ``--compare``


class BenchError(InputError):
    """A bad request: no such baseline, a case the baseline does not have, a bad name."""


@njit(cache=True)
def yardstick_nb(n: int) -> np.uint64:
    """A fixed loop of ``n`` SplitMix64 steps (integer arithmetic only): the unit that makes
    hands/s of different machines comparable."""
    z = np.uint64(0x9E3779B97F4A7C15)
    acc = np.uint64(0)
    for _ in range(n):
        z += np.uint64(0x9E3779B97F4A7C15)
        x = z
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        acc ^= x ^ (x >> np.uint64(31))
    return acc


def time_yardstick(repeats: int) -> float:
    """Millions of yardstick iterations per second, best of ``repeats``."""
    yardstick_nb(1000)  # compile or load
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        yardstick_nb(YARDSTICK_ITERATIONS)
        best = min(best, time.perf_counter() - began)
    return YARDSTICK_ITERATIONS / best / 1e6


@dataclass(frozen=True)
class Case:
    variant: str
    players: str
    threads: int
    hands: int

    def label(self) -> str:
        return f"{self.variant} {self.players} threads={self.threads} hands={self.hands}"


def run_case(variant, case: Case, seed: int, repeats: int, yardstick: float) -> dict[str, Any]:
    """Time one case (module docstring). Raises the backend's HandFailure on a bad hand, and
    RuntimeError if two repeats give different rows (the core must be deterministic)."""
    from shengji_sim.core.backend import run_chunk

    run_chunk(variant, case.players, seed, 0, min(case.hands, 8), case.threads)  # warm up
    rates, digests = [], set()
    for _ in range(repeats):
        began = time.perf_counter()
        rows = run_chunk(variant, case.players, seed, 0, case.hands, case.threads)
        rates.append(case.hands / (time.perf_counter() - began))
        digests.add(hashlib.sha256(rows.tobytes()).hexdigest()[:16])
    if len(digests) != 1:
        raise RuntimeError(f"{case.label()}: repeats gave different rows {sorted(digests)}")
    best = max(rates)
    return {"variant": case.variant, "players": case.players, "threads": case.threads,
            "hands": case.hands, "seed": seed, "repeats": repeats,
            "hands_per_second": round(best, 1), "median": round(statistics.median(rates), 1),
            "spread": round((best - min(rates)) / best, 4),
            "relative": round(best / yardstick, 3), "digest": digests.pop()}


def machine() -> dict[str, Any]:
    """What makes figures of two runs comparable: platform, CPU model, CPU count."""
    import os

    model = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"platform": platform.platform(), "machine": platform.machine(),
            "cpu_model": model, "cpus": os.cpu_count()}


def commit() -> str | None:
    """The repository's commit (with ``+dirty`` for uncommitted changes), if in a checkout."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+dirty" if dirty else "")


def run(variants: list, cases: list[Case], seed: int, repeats: int) -> dict[str, Any]:
    """Every case, with the yardstick and the stamps of a baseline (module docstring)."""
    from shengji_sim import RULES_VERSION
    from shengji_sim.errors import HandFailure
    from shengji_sim.sim import package_versions

    by_name = {v.name: v for v in variants}
    yardstick = time_yardstick(repeats)
    results = []
    for case in cases:
        try:
            results.append(run_case(by_name[case.variant], case, seed, repeats, yardstick))
        except HandFailure as failure:
            failure.bench_case = case  # the CLI names the case
            raise
    return {"format": FORMAT, "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "commit": commit(), "rules_version": RULES_VERSION, "machine": machine(),
            "versions": package_versions(), "yardstick": round(yardstick, 2),
            "results": results}


def baseline_path(name: str, root: Path = BASELINE_DIR) -> Path:
    if not name or not all(ch.isalnum() or ch in "-_." for ch in name) or name.startswith("."):
        raise BenchError(f"baseline name {name!r}: use letters, digits, '-', '_' and '.'")
    return root / f"{name}.json"


def save(result: dict[str, Any], name: str, root: Path = BASELINE_DIR) -> Path:
    path = baseline_path(name, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"name": name, **result}, indent=1) + "\n", encoding="utf-8")
    return path


def load(name: str, root: Path = BASELINE_DIR) -> dict[str, Any]:
    path = baseline_path(name, root)
    if not path.exists():
        have = sorted(p.stem for p in root.glob("*.json")) if root.exists() else []
        raise BenchError(f"no baseline {name!r} in {root} (saved: {', '.join(have) or 'none'})")
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise BenchError(f"{path}: format {data.get('format')!r}, expected {FORMAT!r}")
    return data


def cases_of(baseline: dict[str, Any]) -> list[Case]:
    return [Case(r["variant"], r["players"], r["threads"], r["hands"])
            for r in baseline["results"]]


def same_machine(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("cpu_model", "machine", "cpus")
    return all(a["machine"].get(k) == b["machine"].get(k) for k in keys)


def compare(baseline: dict[str, Any], now: dict[str, Any],
            threshold: float = DEFAULT_THRESHOLD) -> tuple[list[dict[str, Any]], list[str]]:
    """Rows of (case, baseline, now, change, noise band, verdict) and the failures, one line
    each naming the case. ``change`` is on hands/s on the same machine, else on ``relative``."""
    key = "hands_per_second" if same_machine(baseline, now) else "relative"
    current = {(r["variant"], r["players"], r["threads"], r["hands"]): r
               for r in now["results"]}
    rows, failures = [], []
    for old in baseline["results"]:
        case = Case(old["variant"], old["players"], old["threads"], old["hands"])
        new = current.get((case.variant, case.players, case.threads, case.hands))
        if new is None:
            failures.append(f"{case.label()}: not run")
            continue
        change = new[key] / old[key] - 1
        noise = max(old.get("spread", 0.0), new.get("spread", 0.0))
        verdict = "ok"
        if new["digest"] != old["digest"]:
            verdict = "DIGEST"
            failures.append(f"{case.label()}: rows differ (digest {old['digest']} -> "
                            f"{new['digest']})")
        elif change < -threshold:
            verdict = "SLOWER"
            failures.append(f"{case.label()}: {100 * change:+.1f}% {key} (threshold "
                            f"-{100 * threshold:.0f}%, noise band {100 * noise:.1f}%)")
        rows.append({"case": case.label(), "measure": key, "baseline": old[key],
                     "now": new[key], "change": change, "noise": noise, "verdict": verdict})
    return rows, failures


def table(rows: list[dict[str, Any]]) -> str:
    """The comparison as aligned text, one case a line."""
    lines = [f"{'case':<52} {'baseline':>10} {'now':>10} {'change':>8} {'noise':>7}  verdict"]
    for r in rows:
        lines.append(f"{r['case']:<52} {r['baseline']:>10,.1f} {r['now']:>10,.1f} "
                     f"{100 * r['change']:>+7.1f}% {100 * r['noise']:>6.1f}%  {r['verdict']}")
    return "\n".join(lines)
