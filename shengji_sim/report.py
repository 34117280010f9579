"""Statistics over every row of a simulation run, read back one part at a time.

:func:`summary_json` streams the run's parts (:func:`shengji_sim.sim.iter_parts`) through an
:class:`Aggregate` that keeps only counters and exact integer sums, so memory is one part
plus a few small tables whatever the run's size. Counts are exact; means and standard
deviations come from exact integer sums. JSON object keys that stand for numbers (points,
levels, multipliers) are strings, as JSON requires.

Definitions
-----------
* Dealer-side win: ``winner_side == 0`` (the dealer side levels up or keeps the deal). A
  hand with ``winner_side == 2`` (nobody; ONE1's 40..79 band) counts as *not* a dealer win,
  like an attacker win. The rate's interval is the 95 % Wilson score interval.
* Attacker points: sample standard deviation (``ddof = 1``; 0 for one hand); the histogram
  has bins ``[lo, lo + 10)`` from the lowest to the highest observed value.
* Level changes: hands by winner side (``dealer``, ``attackers``, ``none``) and ``levels``.
* Follow-rule triggers: the sum of each ``follow_*`` column (follows decided by that rule);
  JJ4 table rows: the number of hands in which each row's bit is set.
* ``rows_sha256``: sha256 of the rows' little-endian ``ROW_DTYPE`` bytes in index order:
  equal digests mean identical results (whatever the chunk size, threads or backend).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim import RULES_VERSION
from shengji_sim.results import (
    FOLLOW_COLUMNS,
    FOLLOW_RULES,
    JJ4_TABLE_RULES,
    ROW_DTYPE,
    WINNER_SIDES,
)

Z95 = 1.959963984540054  # the 0.975 quantile of the standard normal
BIN_WIDTH = 10
TRUMP_NAMES = ("S", "H", "C", "D", "NT")
SUMMARY = "summary.json"
_LE_DTYPE = ROW_DTYPE.newbyteorder("<")


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials.

    >>> [round(x, 4) for x in wilson_interval(7, 10)]
    [0.3968, 0.8922]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if k == 0 else max(0.0, centre - half)  # exact at the ends (not 1 - 1e-16)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def _counts(values: np.ndarray) -> Counter:
    keys, counts = np.unique(values, return_counts=True)
    return Counter({int(k): int(c) for k, c in zip(keys, counts)})


def _keyed(counter: Counter) -> dict[str, int]:
    return {str(k): counter[k] for k in sorted(counter)}


class Aggregate:
    """Running totals over row chunks; :meth:`result` gives the summary's statistics."""

    def __init__(self) -> None:
        self.n = 0
        self.next_index = 0
        self.in_order = True
        self.sha = hashlib.sha256()
        self.dealer_wins = 0
        self.points_sum = 0
        self.points_sq = 0
        self.points = Counter()
        self.level_changes = {side: Counter() for side in WINNER_SIDES}
        self.multipliers = Counter()
        self.kitty_awarded_sum = 0
        self.kitty_awarded_hands = 0
        self.throws = 0
        self.throws_failed = 0
        self.hands_with_throw = 0
        self.penalty_points = 0
        self.declarations = Counter()
        self.redeals = Counter()
        self.chaodi = 0
        self.trumps = Counter()
        self.tricks = Counter()
        self.follow = dict.fromkeys(FOLLOW_RULES, 0)
        self.jj4 = {rule: Counter() for rule in JJ4_TABLE_RULES}

    def add(self, rows: np.ndarray) -> None:
        if rows.dtype != ROW_DTYPE:
            raise ValueError(f"rows have dtype {rows.dtype}, expected ROW_DTYPE")
        if len(rows) == 0:
            return
        idx = rows["index"].astype(np.int64)
        expected = np.arange(self.next_index, self.next_index + len(rows))
        self.in_order = self.in_order and bool(np.array_equal(idx, expected))
        self.next_index = int(idx[-1]) + 1
        self.sha.update(np.ascontiguousarray(rows, dtype=_LE_DTYPE).tobytes())
        self.n += len(rows)
        self.dealer_wins += int(np.count_nonzero(rows["winner_side"] == 0))
        pts = rows["attacker_points"].astype(np.int64)
        self.points_sum += int(pts.sum())
        self.points_sq += int((pts * pts).sum())
        self.points.update(_counts(pts))
        for code, side in enumerate(WINNER_SIDES):
            self.level_changes[side].update(_counts(rows["levels"][rows["winner_side"] == code]))
        self.multipliers.update(_counts(rows["kitty_multiplier"]))
        awarded = rows["kitty_awarded"].astype(np.int64)
        self.kitty_awarded_sum += int(awarded.sum())
        self.kitty_awarded_hands += int(np.count_nonzero(awarded))
        self.throws += int(rows["throws"].astype(np.int64).sum())
        self.throws_failed += int(rows["throws_failed"].astype(np.int64).sum())
        self.hands_with_throw += int(np.count_nonzero(rows["throws"]))
        self.penalty_points += int(rows["penalty_points"].astype(np.int64).sum())
        self.declarations.update(_counts(rows["declarations"]))
        self.redeals.update(_counts(rows["redeals"]))
        self.chaodi += int(rows["chaodi"].astype(np.int64).sum())
        self.trumps.update(_counts(rows["trump"]))
        self.tricks.update(_counts(rows["tricks"]))
        for rule, col in zip(FOLLOW_RULES, FOLLOW_COLUMNS):
            self.follow[rule] += int(rows[col].astype(np.int64).sum())
        for t, rule in enumerate(JJ4_TABLE_RULES, start=1):
            mask = rows[f"jj4_rows_{t}"]
            if not mask.any():
                continue
            for bit in range(32):
                hits = int(np.count_nonzero(mask & np.uint32(1 << bit)))
                if hits:
                    self.jj4[rule][bit + 1] += hits

    def result(self) -> dict[str, Any]:
        n = self.n
        lo, hi = wilson_interval(self.dealer_wins, n)
        mean = self.points_sum / n if n else None
        var = ((n * self.points_sq - self.points_sum ** 2) / (n * (n - 1))) if n > 1 else 0.0
        return {
            "hands": n,
            "rows_sha256": self.sha.hexdigest(),
            "dealer_win": {"wins": self.dealer_wins, "rate": self.dealer_wins / n if n else None,
                           "ci95": [lo, hi], "method": "wilson",
                           "note": "winner_side 2 (nobody) counts as not a dealer win"},
            "attacker_points": {"mean": mean, "std": math.sqrt(max(var, 0.0)) if n else None,
                                "min": min(self.points) if n else None,
                                "max": max(self.points) if n else None,
                                "histogram": self._histogram()},
            "level_changes": {side: _keyed(c) for side, c in self.level_changes.items()},
            "winner_side": {side: sum(c.values()) for side, c in self.level_changes.items()},
            "kitty": {"multiplier": _keyed(self.multipliers),
                      "mean_awarded": self.kitty_awarded_sum / n if n else None,
                      "hands_awarded": self.kitty_awarded_hands},
            "throws": {"tried": self.throws, "failed": self.throws_failed,
                       "tried_per_hand": self.throws / n if n else None,
                       "failed_per_hand": self.throws_failed / n if n else None,
                       "hands_with_throw": self.hands_with_throw,
                       "penalty_points": self.penalty_points},
            "declarations": {"mean": _mean(self.declarations),
                             "distribution": _keyed(self.declarations)},
            "redeals": {"total": sum(k * c for k, c in self.redeals.items()),
                        "hands_redealt": n - self.redeals.get(0, 0),
                        "distribution": _keyed(self.redeals)},
            "chaodi": {"total": self.chaodi},
            "trump": {TRUMP_NAMES[k]: self.trumps.get(k, 0) for k in range(5)},
            "tricks_per_hand": {"mean": _mean(self.tricks), "distribution": _keyed(self.tricks)},
            "follow_rules": dict(self.follow),
            "jj4_table_rows": {rule: _keyed(c) for rule, c in self.jj4.items()},
        }

    def _histogram(self) -> dict[str, Any]:
        if not self.points:
            return {"bin_width": BIN_WIDTH, "edges": [], "counts": []}
        first = (min(self.points) // BIN_WIDTH) * BIN_WIDTH
        last = (max(self.points) // BIN_WIDTH) * BIN_WIDTH
        counts = [0] * ((last - first) // BIN_WIDTH + 1)
        for value, c in self.points.items():
            counts[(value - first) // BIN_WIDTH] += c
        edges = list(range(first, last + 2 * BIN_WIDTH, BIN_WIDTH))
        return {"bin_width": BIN_WIDTH, "edges": edges, "counts": counts}


def _mean(counter: Counter) -> float | None:
    total = sum(counter.values())
    return sum(k * c for k, c in counter.items()) / total if total else None


def summarize(chunks: Iterable[np.ndarray]) -> dict[str, Any]:
    """The statistics part of a summary over ``ROW_DTYPE`` chunks (in index order)."""
    agg = Aggregate()
    for rows in chunks:
        agg.add(rows)
    out = agg.result()
    out["contiguous"] = agg.in_order
    return out


def summary_json(out_dir: str | Path) -> dict[str, Any]:
    """The run's summary: statistics over every row plus the run's and this build's stamps."""
    from shengji_sim.sim import iter_parts, load_manifest, package_versions

    manifest = load_manifest(out_dir)
    stats = summarize(rows for _, rows in iter_parts(out_dir))
    timing = manifest.get("timing", {})
    seconds = timing.get("seconds") or 0.0
    run = {key: manifest.get(key) for key in (
        "variant", "variant_hash", "rules_version", "players", "root_seed", "hands",
        "chunk_size", "rows_format", "backend", "backends_used", "threads", "versions")}
    return {
        "rules_version": RULES_VERSION,
        "variant": manifest["variant"],
        "variant_hash": manifest["variant_hash"],
        "versions": package_versions(),
        "run": run,
        "complete": stats["hands"] == manifest["hands"] and stats["contiguous"],
        "hands_per_second": (timing.get("hands", 0) / seconds) if seconds > 0 else None,
        "compile_seconds": timing.get("compile_seconds"),
        **stats,
    }


def write_summary(out_dir: str | Path) -> dict[str, Any]:
    """Compute :func:`summary_json` and write it to ``out_dir/summary.json``."""
    from shengji_sim.sim import write_json_atomic

    summary = summary_json(out_dir)
    write_json_atomic(Path(out_dir) / SUMMARY, summary)
    return summary


def _pct(x: float) -> str:
    """A share as a percentage; a share too small to show at one decimal is "<0.1%"."""
    return "<0.1%" if 0 < x < 0.0005 else f"{100 * x:.1f}%"


def _level_changes(changes: dict[str, int], hands: int) -> str:
    """``{"1": 5, "2": 3}`` as "up 1 level 5 (0.1%), up 2 levels 3 (0.1%)"."""
    parts = []
    for levels, count in changes.items():
        word = "level" if levels == "1" else "levels"
        parts.append(f"{count:,} up {levels} {word} ({_pct(count / hands)})"
                     if levels != "0" else f"{count:,} hold the level ({_pct(count / hands)})")
    return ", ".join(parts) or "none"


def terminal_summary(summary: dict[str, Any], out_dir: str | Path) -> str:
    """The few lines a person reads after ``simulate``: the dealer side's hold rate with its
    95% Wilson interval, the attackers' mean points with a 95% interval, level changes, the
    speed of play alone, and where the rows and the full JSON summary are."""
    run, n = summary["run"], summary["hands"]
    out = Path(out_dir)
    lines = [f"{summary['variant']} · {run['players']} players · {n:,} hands · seed "
             f"{run['root_seed']} · backend {run['backend']} · rules {summary['rules_version']}"]
    if not summary["complete"]:
        lines.append(f"INCOMPLETE: {n:,} of {run['hands']:,} hands on disk (--resume)")
    if n == 0:
        return "\n".join(lines)
    win = summary["dealer_win"]
    lo, hi = win["ci95"]
    lines.append(f"dealer side held (won the hand): {_pct(win['rate'])} "
                 f"(95% Wilson interval {_pct(lo)} to {_pct(hi)})")
    pts = summary["attacker_points"]
    half = Z95 * pts["std"] / math.sqrt(n) if n > 1 else float("nan")
    lines.append(f"attackers' points: mean {pts['mean']:.1f} (95% interval "
                 f"{pts['mean'] - half:.1f} to {pts['mean'] + half:.1f}), "
                 f"range {pts['min']} to {pts['max']}")
    for side, label in (("dealer", "dealer side won"), ("attackers", "attackers won")):
        changes = summary["level_changes"][side]
        if changes:
            lines.append(f"{label}: {_level_changes(changes, n)}")
    speed = summary.get("hands_per_second")
    compile_s = summary.get("compile_seconds")
    played = f"{speed:,.0f} hands/s of play" if speed else "speed not measured"
    if compile_s:
        played += f" (compiling or loading the kernels took {compile_s:.1f} s, not counted)"
    lines.append(played)
    lines.append(f"rows: {out / 'rows'}/ · full summary: {out / SUMMARY} (--json prints it)")
    return "\n".join(lines)


def dumps(summary: dict[str, Any]) -> str:
    return json.dumps(summary, indent=2, ensure_ascii=False)
