"""Regression benchmarking of the Numba core: timed cases, saved baselines, comparisons,
history plots.

Representation
--------------
A *case* is (variant, players, threads, hands): the core plays hands ``0 .. hands - 1`` of
root seed ``seed`` (compile excluded: one warm-up call first). A run times every case
``repeats`` times in *rounds*: each round times every case once (after an untimed call of
``WARM_HANDS`` hands), in the case order on even rounds and the reverse order on odd rounds,
and a timing of the *yardstick* (:func:`yardstick_nb`, a fixed Numba loop: a random walk over
a 256 KiB table with data-dependent branches, like the engine's table look-ups) sits before
the first case and after every case. Every timing is
taken on the process CPU clock (``time.process_time``: every lane of ``threads``) and on the
wall clock.

One *repeat* gives the case's *relative* figure: its hands per CPU-second divided by the
yardstick's units (1000 walks of 100 steps) per CPU-second, the mean of the timings right
before and after it, so a load burst, a busy host or another machine slows both. A case's
result::

    {"variant", "players", "threads", "hands", "seed", "repeats",
     "relative": median over the repeats of the relative figure (hands per yardstick unit),
     "noise": interquartile range of the repeats' relative figures / their median,
     "hands_per_cpu_second": median over the repeats,
     "hands_per_second": best wall-clock rate of the repeats (informative only: on a shared
         machine it moves with the load),
     "digest": first 16 hex of the rows' SHA-256 (every repeat must give the same rows)}

Why: on the shared 2-core machine (load 4 to 10) wall-clock hands/s of an unchanged commit
moved by a factor 2 between runs, CPU-clock hands/s by up to 3% (5% in a dip), and the median
relative figure by 2-3%; of the yardsticks tried (card shuffles with a division, shuffles and
deals, this table walk) the table walk tracked the engine best across 24 runs; without the
untimed call, the shortest case (baifen-1deck, 21 ms) measured 10% below its figure when
timed alone, by up to 7% differently from one process to the next (issue 15; README
"Regression benchmarking").
The CPU clock does not see a lost parallelism of ``threads`` > 1 (lanes that serialise use
the same CPU time): that is what ``hands_per_second`` shows, on a quiet machine.

A *baseline* is ``benchmarks/baselines/NAME.json``: the run (cases, yardstick in units per
CPU-second) plus the machine (platform, CPU model, CPU count), the package versions, the
rules version, the commit and its date. :func:`compare` matches a new run's cases to a
baseline's by (variant, players, threads, hands): a case fails if its rows' digest differs
(the engine plays other hands) or if its relative figure is lower by more than ``threshold``
(a fraction). The relative figure is compared on the same machine too (it is the stable one);
across machines it is what makes figures comparable at all.

Test hook: the environment variable ``SHENGJI_BENCH_PLANT=F`` (a fraction, e.g. ``0.10``)
makes every timed call replay the first ``round(F * hands)`` hands once more inside the timed
region: a real, planted slowdown of ``F`` for checking that ``--compare`` catches one. The
run records ``"plant": F``. Not for normal use.
"""

from __future__ import annotations

import hashlib
import json
import os
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

FORMAT = "shengji-sim-bench/3"  #: 3: table-walk yardstick, warm call before each timing
BASELINE_DIR = Path("benchmarks") / "baselines"
YARDSTICK_WALKS = 15_000  #: one yardstick timing: about 15 ms on the project machine
YARDSTICK_UNIT = 1000  #: walks per yardstick unit
YARDSTICK_TABLE_BITS = 15  #: 2 ** 15 int64 entries, 256 KiB
DEFAULT_THRESHOLD = 0.05  #: a relative figure lower by more than 5% fails ``--compare``
DEFAULT_HANDS = 5000
DEFAULT_REPEATS = 20
PLANT_ENV = "SHENGJI_BENCH_PLANT"
WARM_HANDS = 200  #: untimed hands before each timed call (:func:`time_case`)


class BenchError(InputError):
    """A bad request: no such baseline, a case the baseline does not have, a bad name, a bad
    planted fraction, no baselines to plot."""


@njit(cache=True)
def yardstick_nb(n: int) -> np.int64:
    """``n`` walks of 100 steps over a fresh table of ``2 ** YARDSTICK_TABLE_BITS`` integers:
    each step draws a xorshift64 number, mixes it with the walk's state to pick an entry, and
    branches on the entry (follow it, add it, or rewrite it): the fixed unit of work that makes
    hands/s of different machines and moments comparable. Returns a checksum (so nothing is
    optimised away)."""
    size = 1 << YARDSTICK_TABLE_BITS
    table = np.arange(size, dtype=np.int64) * np.int64(2654435761) % np.int64(1000003)
    mask = np.uint64(size - 1)
    s = np.uint64(0x9E3779B97F4A7C15)
    acc = np.int64(0)
    x = np.int64(0)
    for _ in range(n):
        for _step in range(100):
            s ^= s >> np.uint64(12)
            s ^= s << np.uint64(25)
            s ^= s >> np.uint64(27)
            i = np.int64((s ^ np.uint64(x)) & mask)
            v = table[i]
            if v & 1:
                x = v >> 1
                acc += v & 255
            elif v & 2:
                acc -= (v >> 3) & 127
            else:
                x ^= v
                table[i] = v + 4
    return acc


def time_yardstick(walks: int = YARDSTICK_WALKS) -> float:
    """Yardstick units (1000 walks) per CPU-second, one timing."""
    began = time.process_time()
    yardstick_nb(walks)
    return walks / YARDSTICK_UNIT / max(time.process_time() - began, 1e-9)


@dataclass(frozen=True)
class Case:
    variant: str
    players: str
    threads: int
    hands: int

    def label(self) -> str:
        return f"{self.variant} {self.players} threads={self.threads} hands={self.hands}"

    def key(self) -> tuple[str, str, int, int]:
        return (self.variant, self.players, self.threads, self.hands)


def case_of(result: dict[str, Any]) -> Case:
    return Case(result["variant"], result["players"], result["threads"], result["hands"])


def planted_fraction() -> float:
    """The test hook's fraction (module docstring), 0 when unset."""
    text = os.environ.get(PLANT_ENV, "").strip()
    if not text:
        return 0.0
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise BenchError(f"{PLANT_ENV}={text!r}: expected a fraction from 0 to 1")
    return value


def _digest(rows: np.ndarray) -> str:
    return hashlib.sha256(rows.tobytes()).hexdigest()[:16]


def time_case(variant, case: Case, seed: int, plant: float = 0.0) -> dict[str, Any]:
    """One repeat of a case: its CPU and wall times and the rows' digest. An untimed call of
    ``WARM_HANDS`` hands first refills the caches and branch predictors that the previous case
    (another variant) or the yardstick used: the timing is of a long run's steady state."""
    from shengji_sim.core.runtime.backend import run_chunk

    run_chunk(variant, case.players, seed, 0, min(case.hands, WARM_HANDS), case.threads)
    cpu, wall = time.process_time(), time.perf_counter()
    rows = run_chunk(variant, case.players, seed, 0, case.hands, case.threads)
    if plant:  # the test hook: replay part of the hands inside the timed region
        run_chunk(variant, case.players, seed, 0, round(plant * case.hands), case.threads)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"cpu": max(cpu, 1e-9), "wall": max(wall, 1e-9), "digest": _digest(rows)}


def summarise(case: Case, seed: int, samples: list[dict[str, Any]]) -> dict[str, Any]:
    """A case's result (module docstring) from its repeats. RuntimeError if two repeats gave
    different rows (the core must be deterministic)."""
    digests = sorted({s["digest"] for s in samples})
    if len(digests) != 1:
        raise RuntimeError(f"{case.label()}: repeats gave different rows {digests}")
    cpu_rates = [case.hands / s["cpu"] for s in samples]
    relative = [rate / s["yardstick"] for rate, s in zip(cpu_rates, samples)]
    median = statistics.median(relative)
    q1, q3 = np.quantile(relative, [0.25, 0.75]) if len(relative) > 1 else (median, median)
    return {"variant": case.variant, "players": case.players, "threads": case.threads,
            "hands": case.hands, "seed": seed, "repeats": len(samples),
            "relative": round(median, 4), "noise": round(float(q3 - q1) / median, 4),
            "hands_per_cpu_second": round(statistics.median(cpu_rates), 1),
            "hands_per_second": round(max(case.hands / s["wall"] for s in samples), 1),
            "digest": digests[0]}


def machine() -> dict[str, Any]:
    """What makes figures of two runs comparable: platform, CPU model, CPU count."""
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


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def commit() -> tuple[str | None, str | None]:
    """The checkout's commit (with ``+dirty`` for uncommitted changes) and its commit date
    (ISO 8601), or (None, None) outside a checkout."""
    head = _git("rev-parse", "HEAD")
    if head is None:
        return None, None
    dirty = _git("status", "--porcelain", "--untracked-files=no")
    return head + ("+dirty" if dirty else ""), _git("show", "-s", "--format=%cI", "HEAD")


def run(variants: list, cases: list[Case], seed: int, repeats: int,
        progress=None) -> dict[str, Any]:
    """Every case ``repeats`` times in alternating rounds between yardstick timings (module
    docstring), with the stamps
    of a baseline. ``progress(done, total)`` is called after each timing if given."""
    from shengji_sim import RULES_VERSION
    from shengji_sim.core.runtime.backend import run_chunk
    from shengji_sim.errors import HandFailure
    from shengji_sim.run.run_dir import package_versions

    plant = planted_fraction()
    by_name = {v.name: v for v in variants}
    yardstick_nb(10)  # compile or load
    samples: dict[Case, list[dict[str, Any]]] = {case: [] for case in cases}
    current = None
    try:
        for case in cases:  # warm up: compile or load every kernel the case needs
            current = case
            run_chunk(by_name[case.variant], case.players, seed, 0, min(case.hands, 8),
                      case.threads)
        before = time_yardstick()
        for r in range(repeats):
            for case in cases if r % 2 == 0 else cases[::-1]:
                current = case
                sample = time_case(by_name[case.variant], case, seed, plant)
                after = time_yardstick()
                samples[case].append({**sample, "yardstick": (before + after) / 2})
                before = after
                if progress is not None:
                    progress(sum(map(len, samples.values())), repeats * len(cases))
    except HandFailure as failure:
        failure.bench_case = current  # the CLI names the case
        raise
    results = [summarise(case, seed, samples[case]) for case in cases]
    yardstick = statistics.median(s["yardstick"] for v in samples.values() for s in v)
    head, head_date = commit()
    out = {"format": FORMAT, "created": datetime.now(UTC).isoformat(timespec="seconds"),
           "commit": head, "commit_date": head_date, "rules_version": RULES_VERSION,
           "machine": machine(), "versions": package_versions(),
           "yardstick": round(yardstick, 2), "results": results}
    if plant:
        out["plant"] = plant
    return out


def baseline_path(name: str, root: Path = BASELINE_DIR) -> Path:
    if not name or not all(ch.isalnum() or ch in "-_." for ch in name) or name.startswith("."):
        raise BenchError(f"baseline name {name!r}: use letters, digits, '-', '_' and '.'")
    return root / f"{name}.json"


def save(result: dict[str, Any], name: str, root: Path = BASELINE_DIR) -> Path:
    path = baseline_path(name, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**result, "name": name}, indent=1) + "\n", encoding="utf-8")
    return path


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BenchError(f"{path}: cannot read a baseline ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise BenchError(f"{path}: format {found!r}, expected {FORMAT!r}")
    return data


def load(name: str, root: Path = BASELINE_DIR) -> dict[str, Any]:
    path = baseline_path(name, root)
    if not path.exists():
        have = sorted(p.stem for p in root.glob("*.json")) if root.exists() else []
        raise BenchError(f"no baseline {name!r} in {root} (saved: {', '.join(have) or 'none'})")
    return _read(path)


def cases_of(baseline: dict[str, Any]) -> list[Case]:
    return [case_of(r) for r in baseline["results"]]


def same_machine(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("cpu_model", "machine", "cpus")
    return all(a["machine"].get(k) == b["machine"].get(k) for k in keys)


def machine_words(run_: dict[str, Any]) -> str:
    """The machine of a run in words: CPU model (or architecture) and CPU count."""
    m = run_["machine"]
    return f"{m.get('cpu_model') or m.get('machine') or 'unknown CPU'} x{m.get('cpus')}"


def compare(baseline: dict[str, Any], now: dict[str, Any],
            threshold: float = DEFAULT_THRESHOLD, judge_speed: bool = True
            ) -> tuple[list[dict[str, Any]], list[str]]:
    """Rows of (case, baseline, now, change, noise band, verdict) and the failures, one line
    each naming the case. ``change`` is on the relative figure (module docstring); the noise
    band is the larger interquartile band of the two runs' repeats. ``judge_speed=False``
    (a baseline of another machine, :func:`same_machine`): a change beyond the threshold is
    shown with the verdict "other machine" and is no failure; digests are judged alike."""
    current = {case_of(r).key(): r for r in now["results"]}
    rows, failures = [], []
    for old in baseline["results"]:
        case = case_of(old)
        new = current.get(case.key())
        if new is None:
            failures.append(f"{case.label()}: not run")
            continue
        change = new["relative"] / old["relative"] - 1
        noise = max(old.get("noise", 0.0), new.get("noise", 0.0))
        verdict = "ok"
        if new["digest"] != old["digest"]:
            verdict = "DIGEST"
            failures.append(f"{case.label()}: rows differ (digest {old['digest']} -> "
                            f"{new['digest']})")
        elif change < -threshold and not judge_speed:
            verdict = "other machine"
        elif change < -threshold:
            verdict = "SLOWER"
            failures.append(f"{case.label()}: {100 * change:+.1f}% hands per yardstick unit "
                            f"(threshold -{100 * threshold:g}%, noise band {100 * noise:.1f}%)")
        rows.append({"case": case.label(), "baseline": old["relative"], "now": new["relative"],
                     "change": change, "noise": noise, "verdict": verdict,
                     "hands_per_second": new.get("hands_per_second")})
    return rows, failures


def noisy(rows: list[dict[str, Any]], threshold: float = DEFAULT_THRESHOLD) -> list[str]:
    """Cases whose noise band exceeds the threshold: their verdict is a weak one."""
    return [r["case"] for r in rows if r["noise"] > threshold]


def table(rows: list[dict[str, Any]]) -> str:
    """The comparison as aligned text, one case a line (figures: hands per yardstick unit)."""
    lines = [f"{'case':<46} {'baseline':>9} {'now':>9} {'change':>8} {'noise':>7} "
             f"{'hands/s':>9}  verdict"]
    for r in rows:
        lines.append(f"{r['case']:<46} {r['baseline']:>9.3f} {r['now']:>9.3f} "
                     f"{100 * r['change']:>+7.1f}% {100 * r['noise']:>6.1f}% "
                     f"{r['hands_per_second'] or 0:>9,.0f}  {r['verdict']}")
    return "\n".join(lines)


def describe(run_: dict[str, Any]) -> str:
    """One line: commit, machine, yardstick of a run."""
    head = run_.get("commit") or "no commit"
    head = head[:12] + ("+dirty" if head.endswith("+dirty") else "")
    return f"commit {head}, {machine_words(run_)}, yardstick " \
           f"{run_['yardstick']:,.0f} units/CPU-s"


# ------------------------------------------------------------------------------ history


def baselines(root: Path = BASELINE_DIR) -> tuple[list[dict[str, Any]], list[str]]:
    """Every saved baseline in commit order (commit date, then creation time), and one warning
    per file that is not a baseline of this format (skipped)."""
    found, skipped = [], []
    for path in sorted(root.glob("*.json")) if root.is_dir() else []:
        try:
            found.append(_read(path))
        except BenchError as exc:
            skipped.append(f"skipped {exc}")
    found.sort(key=lambda b: (_when(b.get("commit_date") or b.get("created")),
                              _when(b.get("created"))))
    return found, skipped


def _when(stamp: str | None) -> datetime:
    """An ISO 8601 stamp as an aware datetime (UTC when it names no offset; the earliest
    time when missing or unreadable), so stamps of different offsets sort in time order."""
    try:
        when = datetime.fromisoformat(stamp or "")
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def plot_history(saved: list[dict[str, Any]], out: Path) -> Path:
    """A PNG of the relative figure of every case (variant x players x threads) on each
    machine (:func:`machine_words`), one line each, across the baselines ``saved`` (in that
    order, x axis: name and commit): above, the figure itself (log scale); below, its change
    in percent from the case's first baseline on that machine, where a few percent lost or
    won show. Bars: each figure's noise band (the interquartile range of
    its repeats, centred on it), the band ``--compare`` reports."""
    if not saved:
        raise BenchError("no baselines to plot: save some with `shengji-sim bench --save NAME`")
    from matplotlib.figure import Figure  # no pyplot: Agg canvas, no display needed
    from matplotlib.ticker import FormatStrFormatter

    series: dict[str, dict[int, tuple[float, float]]] = {}
    for i, b in enumerate(saved):
        for r in b["results"]:  # one line per case and machine: figures of two CPUs differ
            label = f"{r['variant']} {r['players']} threads={r['threads']}, " \
                    f"{machine_words(b)}"
            series.setdefault(label, {})[i] = (r["relative"], r.get("noise", 0.0))
    fig = Figure(figsize=(max(10.0, 0.9 * len(saved) + 6), 7.0), layout="constrained")
    figure_ax, change_ax = fig.subplots(2, 1, sharex=True, height_ratios=(3, 2))
    for label, points in sorted(series.items()):
        xs = sorted(points)
        first = points[xs[0]][0]
        figure_ax.errorbar(xs, [points[x][0] for x in xs], capsize=3, marker="o", label=label,
                           yerr=[points[x][0] * points[x][1] / 2 for x in xs])
        change_ax.errorbar(xs, [100 * (points[x][0] / first - 1) for x in xs], capsize=3,
                           marker="o", yerr=[50 * points[x][0] * points[x][1] / first for x in xs])
    figure_ax.set_yscale("log")
    figure_ax.yaxis.set_major_formatter(FormatStrFormatter("%g"))
    figure_ax.yaxis.set_minor_formatter(FormatStrFormatter("%g"))
    figure_ax.set_ylabel("hands per yardstick unit\n(CPU time, log scale)")
    figure_ax.set_title("shengji-sim core speed by commit (higher is faster; bars: noise band)")
    figure_ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    change_ax.axhline(0, color="grey", linewidth=0.8)
    change_ax.set_ylabel("change from the case's\nfirst baseline (%)")
    change_ax.set_xticks(range(len(saved)))
    change_ax.set_xticklabels([f"{b.get('name', '?')}\n{(b.get('commit') or '-')[:7]}"
                               for b in saved], fontsize=8)
    change_ax.set_xlabel("baseline (commit order)")
    for ax in (figure_ax, change_ax):
        ax.grid(True, alpha=0.3)
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        fig.savefig(out, format="png", dpi=100)
    except OSError as exc:
        raise BenchError(f"cannot write {out}: {exc.strerror or exc}") from None
    return out
