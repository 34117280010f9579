"""Command line: the ``shengji-sim`` group, :func:`main` (the console entry point and
``python -m shengji_sim``) and the registration of the commands, one module per family:

* :mod:`~shengji_sim.cli.judge`: ``judge follow|trick|throw|kitty|score|declare|chaodi|match``
* :mod:`~shengji_sim.cli.play`: ``play``, ``replay``
* :mod:`~shengji_sim.cli.simulate`: ``simulate``; :mod:`~shengji_sim.cli.bench`: ``bench``
* :mod:`~shengji_sim.cli.variants`: ``variants list|show|validate``, ``interpretations``
* :mod:`~shengji_sim.cli.strategies`: ``strategies list|show|validate``, ``tournament``
* :mod:`~shengji_sim.cli.fuzz`: ``fuzz``, ``soak``, ``diff``
* :mod:`~shengji_sim.cli.balance`: ``balance``
* :mod:`~shengji_sim.cli.report`: ``report rules|balance|soak|strategies``
* :mod:`~shengji_sim.cli.common`: what several of them share (options, errors, output)

The only package that prints or exits. Every judge command prints one JSON object on stdout
and exits 0. Exit statuses (:func:`main`):

* 2, one line on stderr: bad input, that is a :class:`~shengji_sim.errors.InputError` (unknown
  variant, malformed TOML, unknown key, impossible value, bad card, empty or mixed-suit lead,
  a play not in the hand, a score the variant cannot produce, a file named on the command line
  that cannot be read or written: converted where it is opened) or a usage error of click's.
* 1, one line: an engine defect inside a hand of ``simulate``, ``bench`` or ``play`` (a kernel
  error, an exception inside the reference engine: ``sim.HandFailure``), naming the hand, the
  variant and its readings, the error and the ``play`` command that replays it.
* Anything else (a bare ValueError, KeyError, AssertionError, OSError) is a bug and ends in a
  traceback: it is never reported as bad input. One exception: ``replay`` reports a KeyError,
  TypeError, IndexError or AttributeError raised while it walks a record (or a card or seat
  it cannot read) as a malformed record, exit 2 (the record has no schema check of its own
  yet); a record that disagrees with the rules is a ``record.ReplayError``: one line, exit 1.
"""

from __future__ import annotations

import sys

import click

from shengji_sim.cli import (
    balance,
    bench,
    fuzz,
    judge,
    play,
    report,
    simulate,
    strategies,
    variants,
)
from shengji_sim.errors import EngineError, InputError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="shengji-sim")
def cli() -> None:
    """shengji-sim: rules engine and simulator for Shengji (升级 / Tractor)."""


for command in (judge.judge, play.play, play.replay_cmd, simulate.simulate, bench.bench,
                variants.variants, variants.interpretations, strategies.strategies,
                strategies.tournament_cmd, fuzz.fuzz, fuzz.soak_cmd, fuzz.diff,
                balance.balance_cmd, report.report):
    cli.add_command(command)


def main(argv: list[str] | None = None) -> None:
    """Entry point: one-line errors, exit status 2 for bad input (the project's
    :class:`~shengji_sim.errors.InputError`, or a usage error click found) and 1 for an
    engine defect. Any other exception is a bug and propagates."""
    try:
        cli.main(args=argv, prog_name="shengji-sim", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except EngineError as exc:
        click.echo(f"engine defect: {exc}", err=True)  # one line by construction
        sys.exit(1)
    except click.ClickException as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        sys.exit(2)
    except InputError as exc:
        click.echo(f"error: {_one_line(exc)}", err=True)
        sys.exit(2)


def _one_line(exc: Exception) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
