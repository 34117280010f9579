"""``shengji-sim simulate``: N hands (or N whole matches) written chunk by chunk to a run
directory, with a short summary."""

from __future__ import annotations

import sys

import click

from shengji_sim import cards as C
from shengji_sim.cli.common import (
    PLAYERS_HELP,
    UserError,
    engine_defect,
    load,
    seat_spec,
    variant_options,
    warn,
)


@click.command("simulate")
@variant_options
@click.option("--hands", default=None, type=int, metavar="N", help="Hands to play: 0..N-1.")
@click.option("--matches", default=None, type=int, metavar="N",
              help="Whole matches to play instead: 0..N-1, each from the starting level to A.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1),
              help="Root seed; with a hand's (match's) index it determines the hand (match).")
@click.option("--players", default="random", show_default=True, metavar="SPEC",
              help=PLAYERS_HELP + " Every profile plays on every backend.")
@click.option("--duplicate", is_flag=True,
              help="Play each deal twice, the second time with the teams' strategies swapped.")
@click.option("--level", default=None, metavar="RANK",
              help="Play at level RANK (2..10 J Q K A) for both sides: the variant's "
                   "starting_level for this run.")
@click.option("--threads", default=None, type=click.IntRange(min=1),
              help="Threads for the backend (default: the usable CPUs).")
@click.option("--out", "out_dir", default=None, type=click.Path(file_okay=False),
              help="Run directory (default: runs/<variant>-<seed>-<players>).")
@click.option("--resume", is_flag=True, help="Continue the run in --out; skip finished chunks.")
@click.option("--chunk-size", default=None, type=int, metavar="C",
              help="Hands per written part (default: the run's, or the backend's).")
@click.option("--backend", default=None, metavar="reference|core|dask",
              help="Default: core. dask: chunks as tasks on a Dask cluster (the 'dask' extra).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="With --backend dask: the scheduler to use (tcp://host:8786); default: a "
                   "local cluster, one single-threaded worker per core (or --threads).")
@click.option("--rows-format", default=None, type=click.Choice(["parquet", "csv"]),
              help="Per-hand rows file format (default: the run's, or parquet).")
@click.option("--quiet", is_flag=True, help="No progress bar or compile line.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the full JSON summary (always written to the run's summary.json) "
                   "instead of the short one.")
def simulate(variant_name, ambs, sets, hands, matches, seed, players, duplicate, level,
             threads, out_dir, resume, chunk_size, backend, scheduler, rows_format, quiet,
             as_json):
    """Play N hands (or N whole matches), write result rows chunk by chunk, print a short
    summary."""
    import re
    import signal
    import threading

    from shengji_sim.report import summary as report
    from shengji_sim.run import (
        dask_backend,  # noqa: F401 (registers the "dask" backend)
        sim,
    )
    from shengji_sim.run.first_answer import answer_while_compiling

    if (hands is None) == (matches is None):
        raise UserError("give exactly one of --hands N and --matches N")
    mode, count = ("hands", hands) if matches is None else ("matches", matches)
    if count <= 0:
        raise UserError(f"--{mode} {count}: must be at least 1")
    if chunk_size is not None and chunk_size <= 0:
        raise UserError(f"--chunk-size {chunk_size}: must be at least 1")
    players = seat_spec(players)
    if level is not None:
        try:
            rank = C.RANKS[C.parse_rank(level)]
        except C.CardError as exc:
            raise UserError(f"--level {level}: {exc}") from None
        sets = (*sets, f"starting_level={rank}")
    if scheduler is not None and (backend or "dask") != "dask":
        raise UserError(f"--scheduler {scheduler}: only for --backend dask, not {backend}")
    options = {"scheduler": scheduler} if scheduler is not None else None
    variant = load(variant_name, ambs, sets)
    safe_name = re.sub(r"[^\w.-]+", "_", variant.name)  # a TOML name may hold '/' or spaces
    tags = "".join([f"-level{rank}" if level is not None else "",
                    "-matches" if mode == "matches" else "", "-duplicate" if duplicate else ""])
    safe_players = re.sub(r"[^\w.-]+", "_", players)  # a profile may be a path
    out_dir = out_dir or f"runs/{safe_name}-{seed}-{safe_players}{tags}"

    def on_term(signum, frame):  # SIGTERM: stop like Ctrl-C (temp files cleaned up)
        raise KeyboardInterrupt

    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, on_term) if in_main else None
    try:
        sim.run(variant, players, seed, count, out_dir, chunk_size=chunk_size,
                backend="dask" if options else backend, threads=threads, resume=resume,
                progress=not quiet, rows_format=rows_format, warn=warn, mode=mode,
                duplicate=duplicate, backend_options=options,
                while_compiling=answer_while_compiling)
    except sim.HandFailure as failure:  # earlier chunks stay on disk; --resume retries
        raise engine_defect(failure, variant, variant_name, ambs, sets, seed, players,
                            match=mode == "matches") from None
    except KeyboardInterrupt:
        click.echo(f"interrupted: finished chunks are kept in {out_dir}; "
                   "continue with --resume", err=True)
        sys.exit(130)
    finally:
        if in_main:
            signal.signal(signal.SIGTERM, previous)
    summary = report.write_summary(out_dir)
    click.echo(report.dumps(summary) if as_json else report.terminal_summary(summary, out_dir))
