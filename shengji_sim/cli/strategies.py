"""``shengji-sim strategies list|show|validate`` (the strategy profiles) and
``shengji-sim tournament`` (a round robin of profiles; :func:`run_tournament` also serves
``report strategies``)."""

from __future__ import annotations

import json

import click

from shengji_sim.cli.common import (
    UserError,
    emit_json,
    engine_defect,
    load,
    output_dir,
    variant_options,
    warn,
)


@click.group()
def strategies() -> None:
    """List, show and validate strategy profiles (docs/strategies.md)."""


@strategies.command("list")
def strategies_list() -> None:
    """The built-in strategy profiles."""
    from shengji_sim.config.strategy import load_strategy, strategy_names

    for name in strategy_names():
        click.echo(f"{name:10} {load_strategy(name).description}")


@strategies.command("show")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the resolved values as JSON.")
def strategies_show(name, as_json) -> None:
    """Every resolved key of a profile, with its meaning."""
    from shengji_sim.config.strategy import SCHEMA, load_strategy

    profile = load_strategy(name)
    if as_json:
        emit_json({"name": profile.name, "description": profile.description,
               "source": profile.source, "values": profile.values()})
        return
    click.echo(f"# {profile.name}: {profile.description}")
    click.echo(f"# from {profile.source}")
    for key, value in profile.values().items():
        k = SCHEMA[key]
        where = f"{k.section}." if k.section else ""
        shown = json.dumps(value)
        click.echo(f"{where}{key} = {shown}    # {k.doc}")


@strategies.command("validate")
@click.argument("path")
def strategies_validate(path) -> None:
    """Validate a profile file; exit 2 with one line if it is bad."""
    from shengji_sim.config.strategy import load_strategy

    profile = load_strategy(path)
    click.echo(f"ok: {path} ({profile.name})")


def _strategy_list(first: str, more: tuple[str, ...]) -> list[str]:
    """``--strategies A B [C ...]`` (or ``A,B,C``): two or more distinct profiles."""
    from shengji_sim.config.strategy import StrategyError
    from shengji_sim.run.sim import seats

    names = [n for part in (first, *more) for n in part.split(",") if n]
    if len(names) < 2:
        raise UserError(f"--strategies {' '.join(names)}: give two or more strategies")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise UserError(f"--strategies: {twice} given twice")
    for name in names:
        try:
            seats(name)
        except StrategyError as exc:
            raise UserError(f"--strategies {name}: {' '.join(str(exc).split())}") from None
    return names


def _tournament_text(result: dict) -> str:
    from shengji_sim.stats import percent, percent_range

    lines = [f"{result['variant']}" + (", duplicate deals" if result["duplicate"] else "")]
    for p in result["pairs"]:
        lo, hi = p["a_share_ci95"]
        mlo, mhi = p["a_margin_ci95"]
        line = (f"  {p['a']} vs {p['b']}: {p['a']} wins {percent(p['a_share'])} of "
                f"{p['deals']:,} deals "
                f"(95% CI {percent_range(lo, hi)}), level margin {p['a_margin']:+.3f} "
                f"({mlo:+.3f} to {mhi:+.3f})")
        if p.get("matches"):
            mlo, mhi = p["a_match_share_ci95"]
            line += (f", matches {percent(p['a_match_share'])} "
                     f"({percent_range(mlo, mhi)}) of {p['matches']}")
        lines.append(line)
    lines.append("  ratings (Bradley-Terry, Elo scale, 95% bootstrap CI):")
    for name, v in sorted(result["ratings"].items(), key=lambda kv: -kv[1]["rating"]):
        lines.append(f"    {name:>10} {v['rating']:+7.1f}  ({v['ci95'][0]:+.1f} to "
                     f"{v['ci95'][1]:+.1f})")
    return "\n".join(lines)


def run_tournament(variant, names: list[str], deals, seed: int, out_dir: str,
                   duplicate: bool, matches: int, backend: str | None, threads: int | None,
                   quiet: bool) -> dict:
    """A round robin with a progress line per pair (stderr) and engine defects as exit 1.
    ``backend``: a name, or None for the core (which plays every profile:
    ``core.api.player_kind``)."""
    from shengji_sim.run import (
        dask_backend,  # noqa: F401 (registers the "dask" backend)
        sim,
        tournament,
    )

    backend = backend or "core"

    output_dir("--out", out_dir)
    pairs = len(names) * (len(names) - 1) // 2
    seen = []

    def on_pair(a: str, b: str) -> None:
        seen.append((a, b))
        if not quiet:
            click.echo(f"pair {len(seen)}/{pairs}: {a} vs {b} ({backend})", err=True)

    try:
        result = tournament.round_robin(variant, names, deals, seed, out_dir,
                                        duplicate=duplicate, matches=matches,
                                        backend=backend, threads=threads,
                                        progress=not quiet, warn=warn, on_pair=on_pair)
    except sim.HandFailure as failure:
        a, b = seen[-1]
        raise engine_defect(failure, variant, variant.name, (), (), seed,
                            f"NS={a},EW={b}") from None
    result["backends"] = {f"{a}-vs-{b}": backend for a, b in seen}
    return result


@click.command("tournament")
@variant_options
@click.option("--strategies", "first", required=True, metavar="A B [C ...]",
              help="Two or more strategy profiles (names or files), every pair plays.")
@click.argument("more", nargs=-1, metavar="")
@click.option("--deals", default=2000, show_default=True, type=click.IntRange(min=1),
              help="Deals per pair.")
@click.option("--duplicate", is_flag=True,
              help="Play each deal twice with the teams swapped, so deal luck cancels "
                   "(recommended).")
@click.option("--matches", default=0, show_default=True, type=click.IntRange(min=0),
              help="Also play M whole matches per pair (match win rate).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, 2**64 - 1))
@click.option("--threads", default=None, type=click.IntRange(min=1))
@click.option("--backend", default=None, metavar="core|reference",
              help="Default: the core where both profiles have a kernel, else the reference.")
@click.option("--out", "out_dir", default=None, type=click.Path(file_okay=False),
              help="Run directories (default: runs/tournament-<variant>-<seed>); rerunning "
                   "resumes them.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress lines or bars.")
def tournament_cmd(variant_name, ambs, sets, first, more, deals, duplicate, matches, seed,
                   threads, backend, out_dir, as_json, quiet):
    """Round robin of strategies: share of deals won, level margin, ratings."""
    import re

    names = _strategy_list(first, more)
    variant = load(variant_name, ambs, sets)
    safe_name = re.sub(r"[^\w.-]+", "_", variant.name)
    tag = "-duplicate" if duplicate else ""
    out_dir = out_dir or f"runs/tournament-{safe_name}-{seed}{tag}"
    result = run_tournament(variant, names, deals, seed, out_dir, duplicate, matches, backend,
                            threads, quiet)
    click.echo(json.dumps(result) if as_json else _tournament_text(result))
