"""Variant balance: run a grid of rule variants x strategies x sweep values on the core.

Representation
--------------
A *cell* (:class:`Cell`) is one rule set (a built-in variant or file, plus overrides: ``sets``
``KEY=VALUE`` and ``ambs`` ``AMB-nn=X``), one strategy (all four seats) and one mode (``hands``
or ``matches``). Its *group* is ``(variant, sweep key)``: the variant's own cell (key ``""``)
and, for each sweep, one cell per value. A cell is identified by the content hash of its
resolved variant, so a sweep value equal to the variant's default is the base cell itself
(played once, shared).

Every cell is a :mod:`shengji_sim.run.sim` run with the same root seed: hand ``i`` of every cell has
the same ``hand_seed``, so cells of the same deck count start from the same shuffle and the
same stream of random numbers (the deals are *common*; comparisons between them are paired on
the hand index). A grid lives in one directory::

    out_dir/balance.json                  the grid: spec and cells (rewritten atomically)
    out_dir/cells/<cell id>/              one sim run directory per cell (run.json, rows/...)

``<cell id>`` is ``<variant>-<strategy>-<hash12>`` (``-matches`` for a match cell). Each cell
is resumed where it stopped (sim's chunk granularity), so an interrupted ``balance`` run
continues with the same command; a finished cell is skipped.

Sweeps (:func:`sweep_overrides`): a ``--sweep KEY=v1,v2`` is any variant key (``variants show``);
``kitty_size`` also moves ``hand_size`` (DECK-3: ``4 * hand_size + kitty_size ==
total_cards``; on a variant with ``cz4_hand``, AMB-28, that key). ``--amb AMB-nn=A,B`` sweeps a
reading. A value the variant cannot take is bad input (:class:`BalanceError`, one line).

Throughput (:func:`measure_throughput`): each cell *kind* ``(variant, strategy, mode)`` plays a
short probe after its kernels are compiled (or loaded); :func:`planned_seconds` turns the
probes into the planned run time of what is left to play.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from shengji_sim.config.datafiles import did_you_mean
from shengji_sim.config.strategy import StrategyError
from shengji_sim.errors import InputError
from shengji_sim.run import run_dir, sim

GRID = "balance.json"
CELLS_DIR = "cells"
GRID_FORMAT = "shengji-sim-balance/1"
DEFAULT_CHUNK = 10_000  #: hands per part file: the resume granularity
DEFAULT_MATCH_CHUNK = 250
PROBE_HANDS = 300
PROBE_MATCHES = 8


class BalanceError(InputError):
    """A bad balance request (unknown key or strategy, impossible value, empty list)."""


@dataclass(frozen=True)
class Sweep:
    """``key`` is a variant key or an ``AMB-nn`` / ``OTH-n`` id; ``values`` as given;
    ``fixed``: ``KEY=VALUE`` settings held for every value of this sweep (e.g.
    ``starting_level=10`` for a rule that only acts away from level 2)."""

    key: str
    values: tuple[str, ...]
    fixed: tuple[str, ...] = ()

    @property
    def is_reading(self) -> bool:
        return bool(re.fullmatch(r"(AMB|OTH)-\d+", self.key))


def _safe(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text)


@dataclass(frozen=True)
class Cell:
    variant: str            #: built-in name or path, as given
    strategy: str
    mode: str               #: "hands" or "matches"
    count: int              #: hands or matches
    sweep_key: str = ""     #: "" for the variant's own rules
    sweep_value: str = ""   #: the sweep value ("" for the own rules; else as given)
    sets: tuple[str, ...] = ()
    ambs: tuple[str, ...] = ()
    variant_hash: str = ""
    decks: int = 0
    is_default: bool = False  #: the sweep value gives the sweep's reference rules
    fixed: tuple[str, ...] = ()  #: the sweep's fixed settings (:class:`Sweep`)

    @property
    def cell_id(self) -> str:
        name = Path(self.variant).stem if "/" in self.variant else self.variant
        strategy = Path(self.strategy).stem if "/" in self.strategy else self.strategy
        tag = "-matches" if self.mode == "matches" else ""
        return f"{_safe(name)}-{_safe(strategy)}-{self.variant_hash[:12]}{tag}"

    @property
    def label(self) -> str:
        if not self.sweep_key:
            return self.variant
        held = f" ({', '.join(self.fixed)})" if self.fixed else ""
        return f"{self.variant} {self.sweep_key}={self.sweep_value}{held}"

    @property
    def group(self) -> tuple[str, str, tuple[str, ...]]:
        """The sweep this cell belongs to: ``(variant, sweep key, fixed)``."""
        return (self.variant, self.sweep_key, self.fixed)


@dataclass
class Spec:
    variants: list[str]
    strategies: list[str]
    hands: int
    matches: int = 0
    seed: int = 0
    sweeps: list[Sweep] = field(default_factory=list)
    #: per-variant sweeps (report balance): variant -> sweeps, in addition to ``sweeps``
    variant_sweeps: dict[str, list[Sweep]] = field(default_factory=dict)
    #: ``KEY=VALUE`` settings of every cell (``--level R``: ``starting_level=R``)
    sets: tuple[str, ...] = ()

    def sweeps_of(self, variant: str) -> list[Sweep]:
        return [*self.sweeps, *self.variant_sweeps.get(variant, [])]


# ------------------------------------------------------------------------- parse and check


def parse_sweep(text: str, option: str = "--sweep") -> Sweep:
    """``KEY=v1,v2,...`` -> :class:`Sweep` (values kept in order, duplicates refused)."""
    from shengji_sim.config.variant_schema import SCHEMA

    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise BalanceError(f"{option} {text!r}: expected KEY=v1,v2,...")
    values = tuple(v.strip() for v in raw.split(",") if v.strip())
    if not values:
        raise BalanceError(f"{option} {text}: empty list of values")
    if len(set(values)) != len(values):
        twice = next(v for v in values if values.count(v) > 1)
        raise BalanceError(f"{option} {text}: value {twice} given twice")
    if option == "--amb":
        key = key.upper()
        if not re.fullmatch(r"(AMB|OTH)-\d+", key):
            raise BalanceError(f"{option} {text}: expected AMB-nn=A,B,... or OTH-n=A,B,...")
        values = tuple(v.upper() for v in values)
    elif key not in SCHEMA:
        raise BalanceError(f"{option} {key}: unknown variant key{did_you_mean(key, SCHEMA)} "
                           "(see `shengji-sim variants show NAME`)")
    return Sweep(key, values)


def check_strategies(names: Sequence[str]) -> list[str]:
    """Strategy names: known and distinct (the grid runs on the core, which plays every
    profile)."""
    if not names:
        raise BalanceError("--strategies: empty list (give one or more strategies)")
    for name in names:
        if names.count(name) > 1:
            raise BalanceError(f"--strategies: {name} given twice")
        try:
            sim.seats(name)
        except StrategyError as exc:
            raise BalanceError(f"--strategies {name}: {' '.join(str(exc).split())}") from None
    return list(names)


def sweep_overrides(base: Any, sweep: Sweep, value: str) -> tuple[list[str], list[str]]:
    """``(sets, ambs)`` giving ``sweep.key = value`` on ``base`` (module docstring)."""
    if sweep.is_reading:
        return [], [f"{sweep.key}={value}"]
    if sweep.key == "kitty_size":
        try:
            kitty = int(value)
        except ValueError:
            raise BalanceError(f"--sweep kitty_size={value}: not an integer") from None
        hand, rest = divmod(base.total_cards - kitty, 4)
        if kitty < 0 or rest or hand <= 0:
            raise BalanceError(f"--sweep kitty_size={value}: impossible on {base.name} "
                               f"({base.total_cards} cards - {kitty} do not split into 4 hands, "
                               "DECK-3)")
        if "cz4_hand" in base.present_keys:
            return [f"cz4_hand={hand}+{kitty}"], []
        return [f"kitty_size={kitty}", f"hand_size={hand}"], []
    return [f"{sweep.key}={value}"], []


def _load(name: str, sets: Sequence[str], ambs: Sequence[str],
          warn: Callable[[str], None] | None):
    from shengji_sim.config.variant import load_variant

    return load_variant(name, amb=list(ambs), sets=list(sets), warn=warn)


def build_cells(spec: Spec, warn: Callable[[str], None] | None = None) -> list[Cell]:
    """Every cell of the grid (checks variants, sweeps and strategies first: bad input raises
    before anything runs). Cells resolving to the same rules and strategy appear once per
    group, all with the same ``variant_hash`` (and so the same run directory)."""
    from shengji_sim.config.variant import VariantError

    if not spec.variants:
        raise BalanceError("--variants: empty list (give one or more variants)")
    twice = [v for v in spec.variants if spec.variants.count(v) > 1]
    if twice:
        raise BalanceError(f"--variants: {twice[0]} given twice")
    check_strategies(spec.strategies)
    if spec.hands <= 0:
        raise BalanceError(f"--hands {spec.hands}: must be at least 1")
    if spec.matches < 0:
        raise BalanceError(f"--matches {spec.matches}: must be at least 0")
    cells: list[Cell] = []
    for name in spec.variants:
        base = _load(name, spec.sets, (), warn)
        rules: list[tuple[Any, str, list[str], list[str], Any, bool]] = [
            (None, "", list(spec.sets), [], base, False)]
        for sweep in spec.sweeps_of(name):
            held = [*spec.sets, *sweep.fixed]
            what = "--amb" if sweep.is_reading else "--sweep"
            try:
                reference = _load(name, held, (), warn)
            except VariantError as exc:
                raise BalanceError(f"{what} {sweep.key} on {name}: "
                                   f"{' '.join(str(exc).split())}") from None
            for value in sweep.values:
                sets, ambs = sweep_overrides(reference, sweep, value)
                try:
                    v = _load(name, held + sets, ambs, warn)
                except VariantError as exc:
                    raise BalanceError(f"{what} {sweep.key}={value} on {name}: "
                                       f"{' '.join(str(exc).split())}") from None
                rules.append((sweep, value, held + sets, ambs, v,
                              v.content_hash == reference.content_hash))
        for strategy in spec.strategies:
            for sweep, value, sets, ambs, v, is_default in rules:
                common = dict(variant=name, strategy=strategy,
                              sweep_key=sweep.key if sweep else "", sweep_value=value,
                              sets=tuple(sets), ambs=tuple(ambs), variant_hash=v.content_hash,
                              decks=v.decks, is_default=is_default,
                              fixed=sweep.fixed if sweep else ())
                cells.append(Cell(mode="hands", count=spec.hands, **common))
                if sweep is None and spec.matches:
                    cells.append(Cell(mode="matches", count=spec.matches, **common))
    return cells


def load_cell_variant(cell: Cell, warn: Callable[[str], None] | None = None):
    return _load(cell.variant, cell.sets, cell.ambs, warn)


# ------------------------------------------------------------------------------- running


def cell_dir(out_dir: str | Path, cell: Cell) -> Path:
    return Path(out_dir) / CELLS_DIR / cell.cell_id


def unique_runs(cells: Sequence[Cell]) -> list[Cell]:
    """One cell per run directory (the first of each), in grid order."""
    seen: dict[str, Cell] = {}
    for c in cells:
        seen.setdefault(c.cell_id, c)
    return list(seen.values())


def done_units(out_dir: str | Path, cell: Cell) -> int:
    """Hands (matches) of ``cell`` already on disk (0 when the cell has not started)."""
    path = cell_dir(out_dir, cell)
    if not (path / run_dir.MANIFEST).exists():
        return 0
    manifest = run_dir.load_manifest(path)
    return min(int(manifest.get(f"{cell.mode}_written", 0)), cell.count)


def kind_of(cell: Cell) -> tuple[str, str, str]:
    """A cell kind for throughput: ``(variant, strategy, mode)``."""
    return (cell.variant, cell.strategy, cell.mode)


def measure_throughput(cells: Sequence[Cell], threads: int, seed: int,
                       warn: Callable[[str], None] | None = None,
                       on_kind: Callable[[tuple[str, str, str]], None] | None = None
                       ) -> dict[tuple[str, str, str], float]:
    """Units per second of each cell kind: a probe of :data:`PROBE_HANDS` hands
    (:data:`PROBE_MATCHES` matches) on the core with ``threads`` lanes, after the compile
    step (which it also runs: the kernels are then ready for the grid)."""
    from shengji_sim.core.runtime import backend as core

    rates: dict[tuple[str, str, str], float] = {}
    for cell in unique_runs(cells):
        kind = kind_of(cell)
        if kind in rates or cell.sweep_key:
            continue
        if on_kind is not None:
            on_kind(kind)
        variant = load_cell_variant(cell, warn)
        if cell.mode == "matches":
            core.compile_matches_for(variant, cell.strategy, threads)
            n = min(PROBE_MATCHES, cell.count)
            began = time.perf_counter()
            core.run_matches(variant, cell.strategy, seed, 10**9, n, threads)
        else:
            core.compile_for(variant, cell.strategy, threads)
            n = min(PROBE_HANDS, cell.count)
            began = time.perf_counter()
            core.run_chunk(variant, cell.strategy, seed, 10**9, n, threads)
        rates[kind] = n / max(time.perf_counter() - began, 1e-9)
    return rates


def planned_seconds(cells: Sequence[Cell], rates: dict[tuple[str, str, str], float],
                    out_dir: str | Path) -> float:
    """The seconds the cells still to play should take at the measured rates."""
    total = 0.0
    for cell in unique_runs(cells):
        left = cell.count - done_units(out_dir, cell)
        rate = rates.get(kind_of(cell)) or rates.get((cell.variant, cell.strategy, "hands"))
        if left > 0 and rate:
            total += left / rate
    return total


def grid_json(spec: Spec, cells: Sequence[Cell]) -> dict:
    return {"format": GRID_FORMAT,
            "spec": {"variants": spec.variants, "strategies": spec.strategies,
                     "sets": list(spec.sets),
                     "hands": spec.hands, "matches": spec.matches, "seed": spec.seed,
                     "sweeps": [asdict(s) for s in spec.sweeps],
                     "variant_sweeps": {k: [asdict(s) for s in v]
                                        for k, v in spec.variant_sweeps.items()}},
            "cells": [asdict(c) | {"cell_id": c.cell_id} for c in cells]}


def grid_hash(spec: Spec) -> str:
    return hashlib.sha256(json.dumps(grid_json(spec, [])["spec"], sort_keys=True)
                          .encode()).hexdigest()[:16]


def run_grid(spec: Spec, out_dir: str | Path, *, threads: int | None = None,
             chunk_size: int | None = None, match_chunk_size: int | None = None,
             backend: str | None = None, progress: bool = False,
             warn: Callable[[str], None] | None = None,
             on_cell: Callable[[int, int, Cell], None] | None = None,
             cells: Sequence[Cell] | None = None) -> dict:
    """Play every cell (resuming each); write :data:`GRID`; return ``{"cells": ..., "seconds":
    play seconds of this call, "timing": {cell id: (units, seconds) of the run manifests}}``.
    ``progress``: one tqdm bar over every unit left (stderr). ``on_cell(i, n, cell)`` before
    each run."""
    cells = list(cells) if cells is not None else build_cells(spec, warn)
    out = Path(out_dir)
    try:
        (out / CELLS_DIR).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BalanceError(f"--out {out}: cannot create ({exc.strerror})") from None
    run_dir.write_json_atomic(out / GRID, grid_json(spec, cells))
    runs = unique_runs(cells)
    threads = threads or sim.default_threads()
    bar = None
    if progress:
        from tqdm import tqdm

        left = sum(c.count - done_units(out, c) for c in runs)
        bar = tqdm(total=left, unit="unit", file=sys_stderr(), disable=None,
                   dynamic_ncols=True, desc="balance")
    began = time.perf_counter()
    try:
        for i, cell in enumerate(runs):
            if on_cell is not None:
                on_cell(i, len(runs), cell)
            path = cell_dir(out, cell)
            before = done_units(out, cell)
            if bar is not None:
                bar.set_description(f"{cell.label} {cell.strategy} {cell.mode}")
            last = [before]

            def tick(done: int, total: int, last=last) -> None:
                if bar is not None:
                    bar.update(done - last[0])
                last[0] = done

            variant = load_cell_variant(cell, warn)
            size = (match_chunk_size or DEFAULT_MATCH_CHUNK) if cell.mode == "matches" \
                else (chunk_size or DEFAULT_CHUNK)
            if (path / run_dir.MANIFEST).exists():
                size = None  # the run's own
            sim.run(variant, cell.strategy, spec.seed, cell.count, path, chunk_size=size,
                    backend=backend, threads=threads,
                    resume=(path / run_dir.MANIFEST).exists(), progress=tick, warn=warn,
                    mode=cell.mode)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - began
    timing = {}
    for cell in runs:
        t = run_dir.load_manifest(cell_dir(out, cell))["timing"]
        timing[cell.cell_id] = (t.get("matches", t["hands"]) if cell.mode == "matches"
                                else t["hands"], t["seconds"])
    return {"cells": cells, "seconds": seconds, "timing": timing}


#: the committed report (``report balance``): variants, sweeps, hands and matches per cell
REPORT_VARIANTS = ("changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck",
                   "classic-3deck")
REPORT_STRATEGIES = ("random", "greedy", "expert")
REPORT_SWEEPS = {
    "classic-2deck": [Sweep("kitty_size", ("4", "8", "12")),
                      Sweep("AMB-25", ("A", "B", "C", "D"))],
    "changzhou-4deck": [Sweep("kitty_size", ("8", "12")), Sweep("AMB-25", ("A", "B", "C", "D")),
                        Sweep("AMB-01", ("A", "B"), ("starting_level=10",))],
}
REPORT_HANDS = 40_000  #: +-0.49 pp at worst (a share of 50%), Wilson 95%
REPORT_MATCHES = 1_000
REPORT_BUDGET_SECONDS = 45 * 60  #: the report's target run time on this 2-core machine


def hands_within(cells: Sequence[Cell], rates: dict[tuple[str, str, str], float],
                 out_dir: str | Path, budget: float) -> int | None:
    """The hands per cell that would fit the play into ``budget`` seconds (the match cells
    as planned), or None when the plan fits already."""
    total = planned_seconds(cells, rates, out_dir)
    if total <= budget:
        return None
    matches = planned_seconds([c for c in cells if c.mode == "matches"], rates, out_dir)
    hands_cells = [c for c in cells if c.mode == "hands"]
    per_hand = planned_seconds(hands_cells, rates, out_dir) / max(
        1, max((c.count for c in hands_cells), default=1))
    return max(1, int((budget - matches) / per_hand)) if per_hand > 0 else None


def report_spec(hands: int | None = None, matches: int | None = None, seed: int = 0) -> Spec:
    """The grid of ``report balance``: :data:`REPORT_VARIANTS` x :data:`REPORT_STRATEGIES` x
    :data:`REPORT_SWEEPS`."""
    return Spec(variants=list(REPORT_VARIANTS), strategies=list(REPORT_STRATEGIES),
                hands=hands or REPORT_HANDS,
                matches=REPORT_MATCHES if matches is None else matches, seed=seed,
                variant_sweeps={k: list(v) for k, v in REPORT_SWEEPS.items()})


def sys_stderr():
    import sys

    return sys.stderr


__all__ = ["BalanceError", "Cell", "Spec", "Sweep", "build_cells", "check_strategies",
           "measure_throughput", "parse_sweep", "planned_seconds", "report_spec", "run_grid",
           "sweep_overrides"]
