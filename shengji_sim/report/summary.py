"""Statistics over every row of a simulation run, read back one part at a time.

:func:`summary_json` streams the run's parts (:func:`shengji_sim.run.run_dir.iter_parts`) through an
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
* Order: the rows of a run of hands are in index order, each index twice (``duplicate`` 0,
  then 1) in a duplicate run; a match run's match rows are in match order likewise
  (``contiguous``).
* Match runs (``matches``, from the match rows, :class:`MatchAggregate`): wins by side (0 =
  seats 0 and 2, 1 = seats 1 and 3, -1 = cut at the hands limit) and by strategy (the winning
  side's seats' strategy), the share won by side 0 with its 95 % Wilson interval, hands per
  match, hands dealt by each side.
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
    MATCH_DTYPE,
    ROW_DTYPE,
    WINNER_SIDES,
)
from shengji_sim.stats import Z95, percent, percent_range, wilson_interval

BIN_WIDTH = 10
TRUMP_NAMES = ("S", "H", "C", "D", "NT")
SUMMARY = "summary.json"
_LE_DTYPE = ROW_DTYPE.newbyteorder("<")


def _counts(values: np.ndarray) -> Counter:
    keys, counts = np.unique(values, return_counts=True)
    return Counter({int(k): int(c) for k, c in zip(keys, counts)})


def _keyed(counter: Counter) -> dict[str, int]:
    return {str(k): counter[k] for k in sorted(counter)}


class Aggregate:
    """Running totals over row chunks; :meth:`result` gives the summary's statistics."""

    def __init__(self, plays: int = 1) -> None:
        self.n = 0
        self.plays = plays  # 2 in a duplicate run: each index twice
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
        self.in_order = self.in_order and _in_order(idx, self.next_index, self.plays)
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


class MatchAggregate:
    """Running totals over match rows (``MATCH_DTYPE``), in match order."""

    def __init__(self, strategies: list[str], plays: int = 1) -> None:
        self.strategies, self.plays = strategies, plays
        self.n = 0
        self.next_match = 0
        self.in_order = True
        self.sha = hashlib.sha256()
        self.winners = Counter()
        self.by_strategy = Counter()
        self.hands = Counter()
        self.dealer_hands = [0, 0]

    def add(self, rows: np.ndarray) -> None:
        if rows.dtype != MATCH_DTYPE:
            raise ValueError(f"rows have dtype {rows.dtype}, expected MATCH_DTYPE")
        if len(rows) == 0:
            return
        m = rows["match"].astype(np.int64)
        self.in_order = self.in_order and _in_order(m, self.next_match, self.plays)
        self.next_match = int(m[-1]) + 1
        self.sha.update(np.ascontiguousarray(rows, dtype=MATCH_DTYPE.newbyteorder("<"))
                        .tobytes())
        self.n += len(rows)
        self.winners.update(_counts(rows["winner"]))
        for side in (0, 1):
            won = rows[rows["winner"] == side]
            self.by_strategy.update(_counts(won[f"strategy_{side}"]))
            self.dealer_hands[side] += int(rows[f"dealer_hands_{side}"].astype(np.int64).sum())
        self.hands.update(_counts(rows["hands"]))

    def result(self) -> dict[str, Any]:
        n = self.n
        wins0 = self.winners.get(0, 0)
        lo, hi = wilson_interval(wins0, n)
        return {
            "matches": n,
            "contiguous": self.in_order,
            "match_rows_sha256": self.sha.hexdigest(),
            "winner_side": {str(k): self.winners.get(k, 0) for k in (0, 1, -1)},
            "side_0_win": {"wins": wins0, "rate": wins0 / n if n else None, "ci95": [lo, hi],
                           "method": "wilson",
                           "note": "side 0 = seats 0 and 2; a match cut short counts as "
                                   "not won"},
            "wins_by_strategy": {name: self.by_strategy.get(code, 0)
                                 for code, name in enumerate(self.strategies)},
            "hands_per_match": {"mean": _mean(self.hands), "ci95": _mean_interval(self.hands),
                                "min": min(self.hands) if n else None,
                                "max": max(self.hands) if n else None,
                                "distribution": _keyed(self.hands)},
            "dealer_hands": {"0": self.dealer_hands[0], "1": self.dealer_hands[1]},
        }


def _in_order(ids: np.ndarray, first: int, plays: int) -> bool:
    """``ids`` continue a run from ``first``, each id ``plays`` times in a row."""
    if len(ids) % plays:
        return False
    expected = np.repeat(np.arange(first, first + len(ids) // plays), plays)
    return bool(np.array_equal(ids, expected))


def _mean_interval(counter: Counter, z: float = Z95) -> list[float] | None:
    """Normal-approximation 95% interval of the mean of the values counted."""
    n = sum(counter.values())
    if n < 2:
        return None
    mean = sum(k * c for k, c in counter.items()) / n
    var = sum(c * (k - mean) ** 2 for k, c in counter.items()) / (n - 1)
    half = z * math.sqrt(var / n)
    return [mean - half, mean + half]


def _mean(counter: Counter) -> float | None:
    total = sum(counter.values())
    return sum(k * c for k, c in counter.items()) / total if total else None


def summarize(chunks: Iterable[np.ndarray], plays: int = 1) -> dict[str, Any]:
    """The statistics part of a summary over ``ROW_DTYPE`` chunks (in index order; each
    index ``plays`` times)."""
    agg = Aggregate(plays)
    for rows in chunks:
        agg.add(rows)
    out = agg.result()
    out["contiguous"] = agg.in_order
    return out


def summary_json(out_dir: str | Path) -> dict[str, Any]:
    """The run's summary: statistics over every row plus the run's and this build's stamps."""
    from shengji_sim.run.run_dir import (
        MATCHES_DIR,
        iter_parts,
        load_manifest,
        mode_of,
        package_versions,
    )

    manifest = load_manifest(out_dir)
    plays = 2 if manifest.get("duplicate") else 1
    matches = mode_of(manifest) == "matches"
    stats = summarize((rows for _, rows in iter_parts(out_dir)), 1 if matches else plays)
    timing = manifest.get("timing", {})
    seconds = timing.get("seconds") or 0.0
    run = {key: manifest.get(key) for key in (
        "variant", "variant_hash", "rules_version", "mode", "duplicate", "players",
        "strategies", "root_seed", "hands", "matches", "chunk_size", "rows_format", "backend",
        "backends_used", "threads", "versions")}
    if matches:
        agg = MatchAggregate(manifest.get("strategies", [manifest["players"]]), plays)
        for _, rows in iter_parts(out_dir, MATCHES_DIR):
            agg.add(rows)
        match_stats = agg.result()
        stats["contiguous"] = match_stats["contiguous"]  # hands restart their index per match
        complete = match_stats["matches"] == manifest["matches"] * plays and \
            match_stats["contiguous"]
    else:
        match_stats = None
        complete = stats["hands"] == manifest["hands"] * plays and stats["contiguous"]
    return {
        "rules_version": RULES_VERSION,
        "variant": manifest["variant"],
        "variant_hash": manifest["variant_hash"],
        "versions": package_versions(),
        "run": run,
        "complete": complete,
        "hands_per_second": (timing.get("hands", 0) / seconds) if seconds > 0 else None,
        "compile_seconds": timing.get("compile_seconds"),
        "reference_hands": timing.get("reference_hands", 0),  # played while compiling
        **stats,
        **({"matches": match_stats} if match_stats is not None else {}),
    }


def write_summary(out_dir: str | Path) -> dict[str, Any]:
    """Compute :func:`summary_json` and write it to ``out_dir/summary.json``."""
    from shengji_sim.run.run_dir import write_json_atomic

    summary = summary_json(out_dir)
    write_json_atomic(Path(out_dir) / SUMMARY, summary)
    return summary


def _level_changes(changes: dict[str, int], hands: int) -> str:
    """``{"1": 5, "2": 3}`` of ``hands`` as "5 up 1 level (0.1%, 95% CI a to b), 3 up 2
    levels (...)": each share of the hands with its 95% Wilson interval."""
    parts = []
    for levels, count in changes.items():
        lo, hi = wilson_interval(count, hands)
        share = f"({percent(count / hands)}, 95% CI {percent_range(lo, hi)})"
        word = "level" if levels == "1" else "levels"
        parts.append(f"{count:,} up {levels} {word} {share}" if levels != "0"
                     else f"{count:,} hold the level {share}")
    return ", ".join(parts) or "none"


def terminal_summary(summary: dict[str, Any], out_dir: str | Path) -> str:
    """The few lines a person reads after ``simulate``: the dealer side's hold rate with its
    95% Wilson interval, the attackers' mean points with a 95% interval, level changes, the
    speed of play alone, and where the rows and the full JSON summary are."""
    run, n = summary["run"], summary["hands"]
    out = Path(out_dir)
    ms = summary.get("matches")
    what = f"{ms['matches']:,} matches ({n:,} hands)" if ms is not None else f"{n:,} hands"
    dup = " · duplicate" if run.get("duplicate") else ""
    lines = [f"{summary['variant']} · {run['players']} players{dup} · {what} · seed "
             f"{run['root_seed']} · backend {run['backend']} · rules {summary['rules_version']}"]
    if not summary["complete"]:
        if ms is not None:
            lines.append(f"INCOMPLETE: {ms['matches']:,} of {run['matches']:,} matches on disk "
                         "(--resume)")
        else:
            lines.append(f"INCOMPLETE: {n:,} of {run['hands']:,} hands on disk (--resume)")
    if n == 0:
        return "\n".join(lines)
    if ms is not None and ms["matches"]:
        lines += _match_lines(ms)
    win = summary["dealer_win"]
    lo, hi = win["ci95"]
    lines.append(f"dealer side held (won the hand): {percent(win['rate'])} "
                 f"(95% Wilson interval {percent_range(lo, hi)})")
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
    if summary.get("reference_hands"):
        played += (f"; {summary['reference_hands']:,} hands were played by the reference "
                   "engine while the kernels compiled (same rows), not counted either")
    lines.append(played)
    lines.append(f"rows: {out / 'rows'}/ · full summary: {out / SUMMARY} (--json prints it)")
    return "\n".join(lines)


def _match_lines(ms: dict[str, Any]) -> list[str]:
    """A match run's lines: who won (by side and by strategy), hands per match."""
    m = ms["matches"]
    win = ms["side_0_win"]
    lo, hi = win["ci95"]
    sides = ms["winner_side"]
    lo1, hi1 = wilson_interval(sides["1"], m)
    lines = [f"matches won by seats 0/2: {percent(win['rate'])} (95% Wilson interval "
             f"{percent_range(lo, hi)}); seats 1/3: {percent(sides['1'] / m)} "
             f"({percent_range(lo1, hi1)})"
             + (f"; cut at the hands limit: {sides['-1']:,}" if sides["-1"] else "")]
    if len(ms["wins_by_strategy"]) > 1:
        lines.append("matches won by strategy (95% Wilson interval): " + ", ".join(
            f"{name} {c:,} ({percent(c / m)}, {percent_range(*wilson_interval(c, m))})"
            for name, c in ms["wins_by_strategy"].items()))
    hpm = ms["hands_per_match"]
    dealt = ms["dealer_hands"]
    spread = f" (95% interval {hpm['ci95'][0]:.1f} to {hpm['ci95'][1]:.1f})" \
        if hpm["ci95"] else ""
    lines.append(f"hands per match: mean {hpm['mean']:.1f}{spread}, range {hpm['min']} to "
                 f"{hpm['max']}; hands dealt by seats 0/2: {dealt['0']:,}, by 1/3: "
                 f"{dealt['1']:,}")
    return lines


def dumps(summary: dict[str, Any]) -> str:
    return json.dumps(summary, indent=2, ensure_ascii=False)
