"""``shengji-sim report rules|balance|soak|strategies``: regenerate the committed reports
under ``reports/``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from shengji_sim.cli.balance import run_balance
from shengji_sim.cli.common import load, output_dir
from shengji_sim.cli.strategies import run_tournament
from shengji_sim.errors import InputError


@click.group()
def report() -> None:
    """Regenerate the committed reports."""


@report.command("rules")
@click.option("--out", default="reports", show_default=True, type=click.Path(file_okay=False))
@click.option("--budget", default=None, type=click.FloatRange(min=0.1),
              help="Fuzz seconds per variant instead of fixed example counts.")
@click.option("--examples", default=None, type=click.IntRange(min=1), metavar="N",
              help="Fuzz examples per property on the default readings, N/5 under each "
                   "alternative reading (default: the fixed report value).")
@click.option("--hands", default=None, type=click.IntRange(min=1),
              help="Deals per diffed reading pair (default: the fixed report value).")
@click.option("--seed", default=None, type=click.IntRange(min=0))
@click.option("--workers", default=2, show_default=True, type=click.IntRange(min=1))
@click.option("--part", "parts", multiple=True,
              type=click.Choice(["contradictions", "interpretations"]),
              help="Write only this report (repeatable; default: both).")
def report_rules_cmd(out, budget, examples, hands, seed, workers, parts):
    """reports/contradictions.md and reports/interpretations.md (every built-in variant);
    exit 1 when the fuzzing finds an engine defect or the engine fails a diffed pair."""
    from shengji_sim.report import fuzz as reports

    output_dir("--out", out)
    c_path, i_path, defects = reports.report_rules(
        out, reports.FUZZ_BUDGET if budget is None else budget,
        reports.HANDS if hands is None else hands, reports.POSITIONS,
        reports.SEED if seed is None else seed, workers,
        examples=None if budget is not None and examples is None else
        (examples or reports.EXAMPLES),
        parts=tuple(parts) or ("contradictions", "interpretations"))
    click.echo(f"wrote {' and '.join(str(p) for p in (c_path, i_path) if p is not None)}")
    if defects:
        click.echo("engine defect found: see contradictions.md and the engine failures of "
                   "interpretations.md", err=True)
        sys.exit(1)


@report.command("balance")
@click.option("--out", default="reports", show_default=True, type=click.Path(file_okay=False))
@click.option("--runs", default="runs/report-balance", show_default=True,
              type=click.Path(file_okay=False), help="The grid's run directories (resumed).")
@click.option("--hands", default=None, type=click.IntRange(min=1),
              help="Hands per cell (default: the committed report's).")
@click.option("--matches", default=None, type=click.IntRange(min=0),
              help="Matches per variant and strategy (default: the committed report's).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--threads", default=None, type=click.IntRange(min=1))
@click.option("--plan-only", is_flag=True, help="Print the planned run time, play nothing.")
def report_balance_cmd(out, runs, hands, matches, seed, threads, plan_only):
    """reports/balance.md: the built-in variants x random, greedy, expert (those with a core
    kernel), kitty-size and AMB-25 sweeps on classic-2deck and changzhou-4deck, AMB-01 on
    changzhou-4deck."""
    from shengji_sim.run import (
        balance,
        dask_backend,  # noqa: F401 (registers the "dask" backend)
    )

    spec = balance.report_spec(hands, matches, seed)
    argv = ["shengji-sim report balance", f"--seed {seed}"]
    argv += [f"--hands {hands}"] if hands else []
    argv += [f"--matches {matches}"] if matches is not None else []
    argv += [f"--out {out}"] if out != "reports" else []
    path, summary = run_balance(spec, runs, out, " ".join(argv), threads=threads,
                                plan_only=plan_only, budget=balance.REPORT_BUDGET_SECONDS)
    if path is not None:
        click.echo(f"wrote {path} in {summary['seconds']:.0f} s "
                   f"(planned {summary['planned_seconds']:.0f} s)")


@report.command("soak")
@click.option("--blocks", default="reports/soak-blocks.jsonl", show_default=True,
              type=click.Path(dir_okay=False), help="The blocks `soak --record` appended.")
@click.option("--out", default="reports/soak.md", show_default=True,
              type=click.Path(dir_okay=False))
@click.option("--target", default=20_000, show_default=True,  # soak_report.TARGET_HANDS
              type=click.IntRange(min=1),
              help="Hands per variant the report calls the target.")
def report_soak_cmd(blocks, out, target):
    """reports/soak.md from the soak blocks: hands covered per variant, decisions,
    divergences, every block with its commit."""
    from shengji_sim.report.soak import write_report

    if not Path(blocks).is_file():
        raise InputError(f"--blocks {blocks}: no such file")
    try:
        write_report(blocks, out, target)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    click.echo(f"wrote {out}")


@report.command("strategies")
@click.option("--out", default="reports", show_default=True, type=click.Path(file_okay=False))
@click.option("--deals", default=None, type=click.IntRange(min=1),
              help="Deals per pair (default: 20,000).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0))
@click.option("--runs", default="runs/report-strategies", show_default=True,
              type=click.Path(file_okay=False), help="Run directories (resumed).")
@click.option("--backend", default="core", show_default=True,
              type=click.Choice(["core", "dask"]),
              help="Backend of the pairs (every built-in profile has a kernel).")
def report_strategies_cmd(out, deals, seed, runs, backend):
    """reports/strategies.md: the built-in profiles' round robin on classic-2deck and
    changzhou-4deck, duplicate play."""
    import time

    from shengji_sim.config.strategy import strategy_names
    from shengji_sim.report.tournament import REPORT_DEALS, REPORT_VARIANTS, write_report

    began = time.perf_counter()
    names = [n for n in ("random", "greedy", "expert", "cautious", "bold")
             if n in strategy_names()]
    results = []
    for variant_name in REPORT_VARIANTS:
        variant = load(variant_name, (), ())
        results.append(run_tournament(variant, names, deals or REPORT_DEALS,
                                      seed, f"{runs}/{variant_name}", True, 0,
                                      backend, None, False))
    argv = ["shengji-sim report strategies", f"--seed {seed}"]
    argv += [f"--backend {backend}"] if backend != "core" else []
    argv += [f"--deals {deals}"] if deals else []
    path = write_report(results, out, " ".join(argv), time.perf_counter() - began)
    click.echo(f"wrote {path}")
