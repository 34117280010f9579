"""What several commands share: the error classes of the command line (:class:`UserError`,
exit 2; :class:`EngineDefect`, exit 1), the shared options (``--variant``/``--amb``/``--set``,
``--level``/``--trump``, the ``--players`` help), loading a variant, checking ``--players``,
writing where the user said (``--out``), warnings and JSON output, and the one-line report of
an engine defect with the ``play`` command that replays it."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from shengji_sim.errors import EngineError, InputError


class UserError(InputError):
    """Bad command-line input found by the command itself: one line, exit status 2."""


class EngineDefect(EngineError):
    """The one-line report of an engine defect inside a hand: exit status 1."""


def warn(message: str) -> None:
    """One warning line on stderr."""
    click.echo(f"warning: {message}", err=True)


def emit_json(obj: dict[str, Any]) -> None:
    """One JSON object on one line of stdout (every judge command's answer)."""
    click.echo(json.dumps(obj, ensure_ascii=False))


# ------------------------------------------------------------------------------- options


def variant_options(func: Callable) -> Callable:
    """--variant, --amb, --set: shared by every command that needs a rule set."""
    func = click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
                        help="Override one variant key for this run (repeatable).")(func)
    func = click.option("--amb", "ambs", multiple=True, metavar="ID=LETTER",
                        help="Pick a reading: AMB-nn=X (RULES.md §4) or OTH-n=X (§7).")(func)
    func = click.option("--variant", "variant_name", default="classic-2deck", show_default=True,
                        metavar="NAME|PATH", help="Built-in variant name or a TOML file.")(func)
    return func


def position_options(func: Callable) -> Callable:
    """--level and --trump: the hand's level rank and trump suit."""
    func = click.option("--trump", default="H", show_default=True, metavar="S|H|C|D|NT",
                        help="Trump suit, or NT for no-trump.")(func)
    func = click.option("--level", default=None, metavar="RANK",
                        help="Level rank 2..10 J Q K A (default: the variant's start).")(func)
    return func


PLAYERS_HELP = ("Who plays: a strategy profile for all four seats, or NS=NAME,EW=NAME (seats "
                "0/2 against 1/3); a profile is a built-in name (`shengji-sim strategies "
                "list`) or a profile file.")


def seat_spec(players: str) -> str:
    """``--players`` checked and in canonical form (``seats.SeatError`` or
    ``strategy.StrategyError``: one line, exit 2)."""
    from shengji_sim.config.seats import canonical
    from shengji_sim.config.strategy import StrategyError
    from shengji_sim.run.sim import seats

    try:
        return canonical(seats(players))
    except StrategyError as exc:
        raise UserError(f"--players {players}: {' '.join(str(exc).split())}") from None


def load(variant_name: str, ambs: tuple[str, ...], sets: tuple[str, ...]):
    from shengji_sim.config.variant import load_variant

    return load_variant(variant_name, amb=list(ambs), sets=list(sets), warn=warn)


@contextlib.contextmanager
def writing(option: str, path: str | Path) -> Iterator[None]:
    """Around writes to a file or directory the user named (``--out``): an OSError there is
    bad input (a missing parent, no permission), reported as one line."""
    try:
        yield
    except OSError as exc:
        raise UserError(f"{option} {path}: cannot write ({exc.strerror or exc})") from None


def output_dir(option: str, path: str | Path) -> Path:
    """Create the directory a command will write to, before the command's work starts."""
    with writing(option, path):
        Path(path).mkdir(parents=True, exist_ok=True)
    if not os.access(path, os.W_OK):
        raise UserError(f"{option} {path}: cannot write (permission denied)")
    return Path(path)


def engine_defect(failure, variant, variant_name: str, ambs: tuple[str, ...],
                  sets: tuple[str, ...], seed: int, players: str,
                  match: bool = False) -> EngineDefect:
    """The one-line report of a ``sim.HandFailure``: the hand, the variant and the readings
    it changes, the engine's error, and the ``play`` command that replays the hand (the same
    line whether ``simulate`` or that command hits it). ``match``: the failure names a match
    of a match run; the command replays that match (``play --match``, which only the
    reference plays)."""
    argv = ["shengji-sim", "play", "--engine", "reference" if match else failure.engine,
            "--seed", str(seed), "--index", str(failure.index), "--variant", variant_name]
    argv += ["--match"] if match else []
    argv += [a for spec in ambs for a in ("--amb", spec)]
    argv += [a for spec in sets for a in ("--set", spec)]
    argv += ["--players", players]
    return EngineDefect(f"{'match' if match else 'hand'} {failure.index} of {variant.name}"
                        f"{_changed_readings(variant, variant_name, ambs)} (seed {seed}, "
                        f"players {players}): {failure.engine} engine: {failure.reason}; "
                        f"replay: {shlex.join(argv)}")


def _changed_readings(variant, variant_name: str, ambs: tuple[str, ...]) -> str:
    """" with AMB-07=B, ...": the readings that differ from ``variant_name`` as written
    (what --amb and --set changed); the --amb specs if that cannot be loaded alone."""
    from shengji_sim.config.variant import VariantError, load_variant

    try:
        base = load_variant(variant_name).readings()
    except VariantError:
        changed = list(ambs)
    else:
        changed = [f"{item}={letter}" for item, letter in variant.readings().items()
                   if base.get(item) != letter]
    return f" with {', '.join(changed)}" if changed else ""
