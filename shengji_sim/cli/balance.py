"""``shengji-sim balance``: the variant x strategy x sweep grid on the core and its report;
its own argument parser (list options take every word up to the next option) and
:func:`run_balance`, which ``report balance`` shares."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import click

from shengji_sim import cards as C
from shengji_sim.cli.common import EngineDefect, UserError, output_dir, warn

BALANCE_LISTS = ("--variants", "--strategies", "--sweep", "--amb")
BALANCE_VALUES = ("--hands", "--matches", "--seed", "--threads", "--out", "--chunk-size",
                  "--backend", "--level")
BALANCE_FLAGS = ("--json", "--quiet", "--plan-only")
BALANCE_HELP = """Usage: shengji-sim balance --variants V1 [V2 ...] --strategies S1 [S2 ...]
  [--hands N] [--matches M] [--sweep KEY=v1,v2,... ...] [--amb AMB-nn=A,B,... ...]
  [--level RANK] [--seed S] [--threads T] [--out DIR] [--chunk-size C]
  [--backend core|dask] [--json] [--quiet] [--plan-only]

  Play every variant x strategy x sweep value on the core (every seat the same strategy,
  the same seeds everywhere: cells of the same deck count share their deals), then write
  DIR/balance.md, its PNG plots and the tables (balance-*.csv / .parquet). Each cell is a
  simulate run under DIR/cells/ (chunked; rerun the same command to resume).

  --variants      built-in names or files            --strategies  profiles with a core kernel
  --hands N       hands per cell (default 2000)      --matches M   matches per variant and
                                                                   strategy (default 0)
  --sweep K=a,b   a variant key (kitty_size also moves hand_size); repeatable, or several
                  after one --sweep
  --amb ID=A,B    sweep a reading (AMB-25=A,B,C,D)   --out DIR     (default runs/balance-<seed>)
  --level RANK    every cell starts at level RANK (2..10 J Q K A; AMB-01 acts away from 2)
  --plan-only     measure the throughput, print the planned run time, play nothing
"""


def parse_balance_args(args: tuple[str, ...]) -> dict[str, Any]:
    """The balance command line: list options take every word up to the next option."""
    opts: dict[str, Any] = {k: [] for k in BALANCE_LISTS}
    opts.update({k: None for k in BALANCE_VALUES})
    opts.update({k: False for k in BALANCE_FLAGS})
    current = None
    seen = set()
    for word in args:
        name, eq, inline = word.partition("=") if word.startswith("--") else (word, "", "")
        if word.startswith("--"):
            if name in BALANCE_FLAGS and not eq:
                opts[name], current = True, None
            elif name in BALANCE_LISTS:
                current = name
                seen.add(name)
                if eq:
                    opts[name].append(inline)
            elif name in BALANCE_VALUES:
                if opts[name] is not None:
                    raise UserError(f"{name} given twice")
                opts[name], current = (inline if eq else ...), (None if eq else name)
            else:
                raise UserError(f"no such option: {name} (shengji-sim balance --help)")
            continue
        if current is None:
            raise UserError(f"unexpected argument {word!r} (shengji-sim balance --help)")
        if current in BALANCE_VALUES:
            opts[current], current = word, None
        else:
            opts[current].append(word)
    for name in BALANCE_VALUES:
        if opts[name] is ...:
            raise UserError(f"{name}: a value is required")
    for name in BALANCE_LISTS:
        if name in seen and not opts[name]:
            raise UserError(f"{name}: empty list")
    for name in ("--hands", "--matches", "--seed", "--threads", "--chunk-size"):
        if opts[name] is not None:
            try:
                opts[name] = int(opts[name])
            except ValueError:
                raise UserError(f"{name} {opts[name]}: not an integer") from None
            low = 0 if name in ("--matches", "--seed") else 1
            if opts[name] < low:
                raise UserError(f"{name} {opts[name]}: must be at least {low}")
    return opts


def run_balance(spec, out_dir: str, report_dir: str, command: str, *, threads=None,
                chunk_size=None, backend=None, quiet=False, plan_only=False,
                budget: float | None = None, warn=warn) -> tuple[Path | None, dict]:
    """Build the grid, measure throughput, print the plan (stderr), play, write the report."""
    import signal
    import threading
    import time

    from shengji_sim.report import balance as balance_report
    from shengji_sim.run import (
        balance,
        dask_backend,  # noqa: F401 (registers the "dask" backend)
        sim,
    )

    began = time.perf_counter()
    cells = balance.build_cells(spec, warn)
    runs = balance.unique_runs(cells)
    output_dir("--out", out_dir)
    threads = threads or sim.default_threads()
    say = (lambda text: None) if quiet else (lambda text: click.echo(text, err=True))
    say(f"balance: {len(runs)} runs ({sum(c.mode == 'hands' for c in runs)} of hands, "
        f"{sum(c.mode == 'matches' for c in runs)} of matches); measuring throughput "
        "(compiles the kernels on a first run) ...")
    rates = balance.measure_throughput(cells, threads, spec.seed, warn,
                                       lambda k: say(f"  probe {' '.join(k)}"))
    for (v, s, m), rate in rates.items():
        say(f"  {v} {s} {m}: {rate:,.0f} {m}/s")
    planned = balance.planned_seconds(cells, rates, out_dir)
    say(f"planned run time: {planned / 60:.1f} min ({planned:.0f} s) on {threads} threads")
    if budget is not None:
        fit = balance.hands_within(cells, rates, out_dir, budget)
        if fit is not None:
            say(f"warning: the plan exceeds the {budget / 60:.0f}-minute target; about --hands "
                f"{fit:,} would fit it")
    if plan_only:
        return None, {"planned_seconds": planned, "threads": threads,
                      "rates": {" ".join(k): r for k, r in rates.items()}}

    def on_term(signum, frame):
        raise KeyboardInterrupt

    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, on_term) if in_main else None
    try:
        grid = balance.run_grid(spec, out_dir, threads=threads, chunk_size=chunk_size,
                                backend=backend, progress=not quiet, warn=warn, cells=cells)
    except sim.HandFailure as failure:
        raise EngineDefect(f"balance: {' '.join(str(failure).split())} (rerun the same "
                           "command to resume)") from None
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished chunks are kept in {out_dir}; rerun the same "
                   "command to resume", err=True)
        sys.exit(130)
    finally:
        if in_main:
            signal.signal(signal.SIGTERM, previous)
    seconds = time.perf_counter() - began
    prov = {"command": command, "seconds": seconds, "planned": planned,
            "play_seconds": sum(s for _, s in grid["timing"].values()),
            "rates": {k: r for k, r in rates.items()}}
    path, summary = balance_report.write_report(out_dir, report_dir, cells, prov, warn)
    summary.update(seconds=seconds, planned_seconds=planned)
    return path, summary


@click.command("balance", add_help_option=False,
             context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
def balance_cmd(args):
    """Compare rule variants: dealer advantage, points, kitty, declaring, throws, matches
    (shengji-sim balance --help)."""
    from shengji_sim.run import (
        balance,
        dask_backend,  # noqa: F401 (registers the "dask" backend)
    )

    if not args or "-h" in args or "--help" in args:
        click.echo(BALANCE_HELP)
        return
    opts = parse_balance_args(args)
    if not opts["--variants"]:
        raise UserError("--variants: give one or more variants")
    if not opts["--strategies"]:
        raise UserError("--strategies: give one or more strategies")
    sweeps = [balance.parse_sweep(t) for t in opts["--sweep"]]
    sweeps += [balance.parse_sweep(t, "--amb") for t in opts["--amb"]]
    seed = opts["--seed"] or 0
    if seed >= 2**64:
        raise UserError(f"--seed {seed}: must be in 0..2**64-1")
    if opts["--backend"] not in (None, "core", "dask"):
        raise UserError(f"--backend {opts['--backend']}: expected core or dask")
    sets: tuple[str, ...] = ()
    if opts["--level"] is not None:
        try:
            sets = (f"starting_level={C.RANKS[C.parse_rank(opts['--level'])]}",)
        except C.CardError as exc:
            raise UserError(f"--level {opts['--level']}: {exc}") from None
    spec = balance.Spec(variants=[n for w in opts["--variants"] for n in w.split(",") if n],
                        strategies=[n for w in opts["--strategies"] for n in w.split(",") if n],
                        hands=opts["--hands"] or 2000, matches=opts["--matches"] or 0,
                        seed=seed, sweeps=sweeps, sets=sets)
    out_dir = opts["--out"] or f"runs/balance-{seed}"
    command = "shengji-sim balance " + " ".join(shlex.quote(a) for a in args)
    path, summary = run_balance(spec, out_dir, out_dir, command, threads=opts["--threads"],
                                chunk_size=opts["--chunk-size"], backend=opts["--backend"],
                                quiet=opts["--quiet"], plan_only=opts["--plan-only"])
    if opts["--json"]:
        click.echo(json.dumps(summary, default=str))
    elif path is not None:
        click.echo("\n".join(summary["findings"]) + f"\nwrote {path}")
