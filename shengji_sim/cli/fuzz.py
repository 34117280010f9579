"""The commands that hunt for engine defects and measure readings: ``shengji-sim fuzz`` (the
property catalogue), ``shengji-sim soak`` (reference against core, decision by decision) and
``shengji-sim diff`` (the same deals under two readings)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from shengji_sim.cli.common import (
    PLAYERS_HELP,
    EngineDefect,
    UserError,
    output_dir,
    seat_spec,
    writing,
)
from shengji_sim.errors import InputError


def _fuzz_variant(variant_name: str, ambs: tuple[str, ...]):
    """Validate --variant/--amb for the fuzz commands: an override that does not apply is
    bad input (exit 2), not a warning."""
    from shengji_sim.config.variant import load_variant

    def refuse(message: str) -> None:
        raise UserError(message)

    return load_variant(variant_name, amb=list(ambs), warn=refuse)


@click.command("fuzz")
@click.option("--variant", "variant_name", required=True, metavar="NAME",
              help="Built-in variant name.")
@click.option("--amb", "ambs", multiple=True, metavar="ID=LETTER", help="Fix a reading.")
@click.option("--property", "names", multiple=True, metavar="NAME",
              help="Run only this property (repeatable; default: the whole catalogue).")
@click.option("--budget", default=60.0, show_default=True, type=click.FloatRange(min=0.1),
              help="Seconds, shared by the properties (unless --examples).")
@click.option("--examples", default=None, type=click.IntRange(min=1), metavar="N",
              help="Fixed examples per property instead of the budget (reproducible); under "
                   "--vary-readings each alternative reading runs N/5.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0))
@click.option("--vary-readings", is_flag=True,
              help="Also run under every applicable letter of every AMB and OTH item.")
@click.option("--explain/--no-explain", default=True, show_default=True,
              help="Explain each finding (seed lines, related items, judge under readings).")
@click.option("--out", default="fuzz-findings", show_default=True,
              type=click.Path(file_okay=False), help="Directory for findings.json/.md.")
def fuzz(variant_name, ambs, names, budget, examples, seed, vary_readings, explain, out):
    """Run the property catalogue; exit 1 on an engine defect, 0 otherwise."""
    from shengji_sim.fuzz.explain import explain_lines, verdict
    from shengji_sim.fuzz.properties import CATALOGUE
    from shengji_sim.fuzz.runner import run_catalogue, write_findings

    _fuzz_variant(variant_name, ambs)
    for name in names:
        if name not in CATALOGUE:
            raise UserError(f"--property {name}: no such property (expected one of "
                            f"{', '.join(CATALOGUE)})")
    output_dir("--out", out)
    report = run_catalogue(variant_name, tuple(ambs), budget, seed, list(names) or None,
                           vary_readings, examples)
    with writing("--out", out):
        json_path, md_path = write_findings(report, out, explain_lines if explain else None,
                                            verdict if explain else None)
    for run in report.runs:
        if run.findings or not run.ambs or tuple(run.ambs) == tuple(ambs):
            where = f" [{' '.join(run.ambs)}]" if run.ambs else ""
            click.echo(f"{run.name:24} {run.status:7} {run.examples:6} examples "
                       f"{run.seconds:6.1f} s{where}")
        for f in run.findings:
            words = verdict(f).verdict if explain else f.classification
            click.echo(f"    {words}: {f.message}")
            click.echo(f"    reproduce: {f.command}")
    for k in report.known:
        click.echo(f"known {k.name}: {'still fails' if k.reproduces else 'holds now'}")
    click.echo(f"findings: {json_path} {md_path}")
    if report.engine_defects:
        click.echo(f"{len(report.engine_defects)} engine defect(s): exit 1", err=True)
        sys.exit(1)


@click.command("soak")
@click.option("--variants", "variant_names", required=True, metavar="NAME[,NAME...]",
              help="Built-in variants, comma-separated (or 'all').")
@click.option("--hands", default=1000, show_default=True, type=click.IntRange(min=1),
              help="Hands per variant, spread over the lanes (readings x players).")
@click.option("--vary-readings", is_flag=True,
              help="Also every applicable letter of every AMB and OTH item, one at a time.")
@click.option("--players", "players_list", multiple=True, metavar="SPEC",
              help="Who plays (repeatable; default random): " + PLAYERS_HELP)
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--start", "start_index", default=0, show_default=True,
              type=click.IntRange(min=0), help="First hand index (to extend an earlier soak).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--record", "record", default=None, type=click.Path(dir_okay=False),
              help="Append the result, one JSON line per variant with the commit, to this "
                   "blocks file (`report soak` renders it).")
def soak_cmd(variant_names, hands, vary_readings, players_list, seed, start_index, as_json,
             record):
    """Reference and core play the same hands, compared decision by decision; exit 1 at the
    first divergence."""
    from dataclasses import asdict

    from shengji_sim.config.variant import builtin_names
    from shengji_sim.fuzz.soak import soak, summary_text

    names = builtin_names() if variant_names == "all" else \
        [n for n in variant_names.split(",") if n]
    for name in names:
        _fuzz_variant(name, ())
    players = [seat_spec(p) for p in players_list or ("random",)]

    def progress(name: str, done: int, decisions: int) -> None:
        if not as_json:
            click.echo(f"  {name}: {done} hands, {decisions} decisions", err=True)

    if record and not Path(record).resolve().parent.is_dir():
        raise InputError(f"--record {record}: its folder does not exist")
    result = soak(names, hands, players, seed, vary_readings, progress, start_index)
    if as_json:
        click.echo(json.dumps(asdict(result), ensure_ascii=False))
    else:
        click.echo(summary_text(result))
    if record:
        from shengji_sim.report.soak import append_records, block_records
        from shengji_sim.run.benchmark import commit

        append_records(record, block_records(result, commit()[0]))
    if result.divergence is not None:
        if not as_json:
            click.echo(result.divergence.text())
        sys.exit(1)


@click.command("diff")
@click.option("--variant", "variant_name", required=True, metavar="NAME",
              help="Built-in variant name.")
@click.option("--amb", "ambs", multiple=True, metavar="AMB-nn=X",
              help="Reading A (repeatable; default: the variant's own readings).")
@click.option("--vs", "vs", multiple=True, required=True, metavar="AMB-nn=Y",
              help="Reading B: A with these readings (repeatable).")
@click.option("--hands", default=10000, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--players", default="random", show_default=True, metavar="SPEC",
              help=PLAYERS_HELP)
@click.option("--levels", default="start", show_default=True,
              type=click.Choice(["start", "all"]),
              help="start: first hands at the starting level; all: every level in turn.")
@click.option("--backend", default="core", show_default=True,
              type=click.Choice(["core", "reference"]))
@click.option("--threads", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--out", default=None, type=click.Path(file_okay=False),
              help="Also write diff.json and diff.txt here.")
def diff(variant_name, ambs, vs, hands, seed, players, levels, backend, threads, as_json,
         out):
    """Play the same deals under two readings with per-decision draws: how often reading B
    changes a decision of A's hand (shadow evaluation) and what it does to outcomes."""
    from shengji_sim.errors import HandFailure
    from shengji_sim.run import reading_diff
    from shengji_sim.run.sim import showing_compiles

    players = seat_spec(players)
    path = output_dir("--out", out) if out is not None else None
    bar = None
    try:
        with showing_compiles() as line:
            def progress(count: int) -> None:  # after each block: the compile is over
                nonlocal bar
                if bar is None:
                    from tqdm import tqdm

                    if line is not None:
                        line.done()
                    bar = tqdm(total=hands, unit="hand", file=sys.stderr, disable=None,
                               dynamic_ncols=True, desc=f"diff {variant_name}")
                bar.update(count)

            res = reading_diff.run(variant_name, ambs, vs, hands, seed, players, levels,
                                   backend, threads, progress=progress)
    except HandFailure as failure:  # an engine defect: the hand and the run that shows it
        again = reading_diff.command(variant_name, ambs, vs, failure.index + 1, seed,
                                     players, levels, backend)
        raise EngineDefect(f"diff: {failure}; reproduce: {again}") from None
    finally:
        if bar is not None:
            bar.close()
    body = reading_diff.text(res)
    click.echo(json.dumps(res) if as_json else body)
    if path is not None:
        with writing("--out", path):
            (path / "diff.json").write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
            (path / "diff.txt").write_text(body + "\n", encoding="utf-8")
