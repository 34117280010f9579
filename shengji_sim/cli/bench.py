"""``shengji-sim bench``: the Numba core's hands per second against a yardstick, row
digests, and the regression baselines (``--save``, ``--compare``, ``--history``)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from shengji_sim.cli.common import UserError, emit_json, engine_defect, load, seat_spec, warn


@click.command("bench")
@click.option("--variant", "variant_names", multiple=True, metavar="NAME|PATH",
              help="Variants to time (repeatable; default: every built-in).")
@click.option("--hands", default=5000, show_default=True, type=click.IntRange(min=1),
              help="Hands per timed call.")  # benchmark.DEFAULT_HANDS
@click.option("--players", "players_list", multiple=True, metavar="SPEC",
              help="NAME or NS=NAME,EW=NAME of core profiles (repeatable); default: random.")
@click.option("--threads", "threads_list", multiple=True, type=click.IntRange(min=1),
              help="Repeatable; default: 1.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0))
@click.option("--repeats", default=None, type=click.IntRange(min=1),
              help="Timed rounds (each case once per round, between two yardstick timings); "
                   "the median counts. Default: 20, or the baseline's with --compare.")
@click.option("--save", "save_name", default=None, metavar="NAME",
              help="Write benchmarks/baselines/NAME.json.")
@click.option("--compare", "compare_name", default=None, metavar="NAME",
              help="Rerun the cases of baseline NAME and compare; exit 1 on a slowdown "
                   "beyond --threshold or any changed digest.")
@click.option("--threshold", default=5.0, show_default=True,  # benchmark.DEFAULT_THRESHOLD
              type=click.FloatRange(min=0, max=100), metavar="PCT",
              help="Slowdown (percent of hands per yardstick unit) that fails --compare.")
@click.option("--history", is_flag=True,
              help="Plot the saved baselines in commit order (PNG) instead of timing.")
@click.option("--out", "out_path", default="bench-history.png", show_default=True,
              type=click.Path(dir_okay=False), help="The PNG written by --history.")
def bench(variant_names, hands, players_list, threads_list, seed, repeats, save_name,
          compare_name, threshold, history, out_path):
    """Hands per second of the Numba core (compile excluded) relative to a fixed yardstick
    loop, digests of the rows, and regression baselines (--save, --compare, --history)."""
    from shengji_sim.config.variant import builtin_names
    from shengji_sim.run import benchmark
    from shengji_sim.run.sim import HandFailure, showing_compiles

    try:
        if history:
            if save_name is not None or compare_name is not None:
                raise UserError("--history plots saved baselines: drop --save and --compare")
            saved, skipped = benchmark.baselines()
            for line in skipped:
                warn(line)
            path = benchmark.plot_history(saved, Path(out_path))
            click.echo(f"wrote {path} ({len(saved)} baselines)", err=True)
            return
        if compare_name is not None:
            baseline = benchmark.load(compare_name)
            cases = benchmark.cases_of(baseline)
            if baseline["results"]:
                seed = baseline["results"][0]["seed"]
                repeats = repeats or baseline["results"][0]["repeats"]
        else:
            names = [load(n, (), ()).name for n in variant_names or builtin_names()]
            specs = [seat_spec(p) for p in players_list or ("random",)]
            cases = [benchmark.Case(v, p, t, hands) for v in names
                     for p in specs for t in threads_list or (1,)]
        variants = [load(n, (), ()) for n in dict.fromkeys(c.variant for c in cases)]
        with showing_compiles():
            result = benchmark.run(variants, cases, seed,
                                   repeats or benchmark.DEFAULT_REPEATS)
    except benchmark.BenchError as exc:
        raise UserError(str(exc)) from None
    except HandFailure as failure:  # benchmark.run names the case it was timing
        case = failure.bench_case
        variant = next(v for v in variants if v.name == case.variant)
        raise engine_defect(failure, variant, variant.name, (), (), seed, case.players) \
            from None
    if save_name is not None:
        try:
            path = benchmark.save(result, save_name)
        except benchmark.BenchError as exc:
            raise UserError(str(exc)) from None
        click.echo(f"saved {path}", err=True)
    if compare_name is None:
        emit_json(result)
        return
    elsewhere = not benchmark.same_machine(baseline, result)
    if elsewhere:  # said first: a verdict on speed needs a baseline of this machine
        warn(f"baseline {compare_name} was saved on another machine "
              f"({benchmark.machine_words(baseline)}; this one: "
              f"{benchmark.machine_words(result)}): speed changes are shown, not judged; "
              f"save a baseline here (--save NAME) for a verdict. Digests are still checked")
    rows, failures = benchmark.compare(baseline, result, threshold / 100,
                                       judge_speed=not elsewhere)
    click.echo(f"baseline {compare_name}: {benchmark.describe(baseline)}")
    click.echo(f"now: {benchmark.describe(result)}")
    click.echo(benchmark.table(rows))
    for case in benchmark.noisy(rows, threshold / 100):
        warn(f"{case}: noise band wider than the threshold; a weak verdict (more --repeats "
              "or a quieter machine)")
    for line in failures:
        click.echo(f"FAIL {line}", err=True)
    sys.exit(1 if failures else 0)
