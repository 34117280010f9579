"""``shengji-sim play`` (one hand or one match, its record printed or written) and
``shengji-sim replay`` (a game record re-checked against the rules)."""

from __future__ import annotations

import json
import sys

import click

from shengji_sim.cli.common import (
    PLAYERS_HELP,
    UserError,
    engine_defect,
    load,
    seat_spec,
    variant_options,
    warn,
    writing,
)
from shengji_sim.errors import InputError


@click.command("play")
@variant_options
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0),
              help="Root seed; with --index it determines the hand.")
@click.option("--index", default=0, show_default=True, type=click.IntRange(min=0),
              help="Hand index within the run.")
@click.option("--players", default="random", show_default=True, metavar="SPEC",
              help=PLAYERS_HELP)
@click.option("--match", "whole_match", is_flag=True,
              help="Play match --index until a side wins at A.")
@click.option("--format", "fmt_name", default="text", show_default=True,
              type=click.Choice(["text", "json"]))
@click.option("--out", default=None, type=click.Path(dir_okay=False),
              help="Write the record here instead of stdout.")
@click.option("--engine", default="reference", show_default=True,
              type=click.Choice(["reference", "core"]),
              help="Which engine plays: the reference, or the Numba core (hand K of a run).")
def play(variant_name, ambs, sets, seed, index, players, whole_match, fmt_name, out, engine):
    """Play one hand (or a match) with simple players and print its record."""
    from shengji_sim.rules.game import play_match
    from shengji_sim.rules.record import render_text, stamp
    from shengji_sim.run.sim import HandFailure, play_reference_hand, seat_players

    players = seat_spec(players)
    variant = load(variant_name, ambs, sets)
    seats = seat_players(players)
    if engine == "core" and whole_match:
        raise UserError("--match: the core gives no record of a match (simulate --matches "
                        "plays them); use --engine reference, which plays the same match")
    try:
        if engine == "core":
            from shengji_sim.core.runtime.backend import play_hand_core

            record = play_hand_core(variant, players, seed, index)
        elif whole_match:
            record = play_match(variant, seats, seed, index)
        else:
            record = play_reference_hand(variant, seats, seed, index)
    except HandFailure as failure:
        raise engine_defect(failure, variant, variant_name, ambs, sets, seed, players) \
            from None
    record["players"] = players
    stamp(record, variant, variant_name, ambs, sets)
    text = render_text(record) if fmt_name == "text" else json.dumps(record, ensure_ascii=False)
    if out is None:
        click.echo(text.rstrip("\n"))
    else:
        with writing("--out", out), open(out, "w", encoding="utf-8") as fh:
            fh.write(text.rstrip("\n") + "\n")


@click.command("replay")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--variant", "variant_name", default=None, metavar="NAME|PATH",
              help="Variant to check against (default: the one the record states; for a "
                   "record that names only its variant, not its readings).")
@click.option("--amb", "ambs", multiple=True, metavar="ID=LETTER",
              help="With --variant: a reading the record was played under (repeatable).")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE",
              help="With --variant: a key the record was played with (repeatable).")
def replay_cmd(path, variant_name, ambs, sets):
    """Re-check a game record against the rules; exit 1 at the first discrepancy.

    A record made by `play` carries its variant and readings, so FILE alone replays it;
    --variant (with --amb and --set) is for older records that name only their variant,
    and must agree with what a record states."""
    from shengji_sim.rules.record import (
        ReplayError,
        has_provenance,
        record_variant,
        rules_version_note,
    )
    from shengji_sim.rules.replay import replay

    record = read_record(path)
    if (ambs or sets) and variant_name is None:
        raise UserError("--amb and --set need --variant (a record made by play states its "
                        "readings itself)")
    try:
        stated = record_variant(record) if has_provenance(record) else None
        if variant_name is not None:
            variant = load(variant_name, ambs, sets)
            _agrees(path, record, variant, variant_name, ambs, sets)
        elif stated is not None:
            variant = stated
        elif record.get("variant"):
            variant = load(record["variant"], (), ())
            if record.get("variant_hash", variant.content_hash) != variant.content_hash:
                raise UserError(f"{path}: made with variant hash {record['variant_hash'][:12]}, "
                                f"not {variant.name}'s {variant.content_hash[:12]}, and the "
                                "record does not state its readings; pass --variant with the "
                                "--amb and --set it was played with")
        else:
            raise UserError(f"{path}: the record names no variant; pass --variant")
        note = rules_version_note(record)
        if note is not None:
            warn(note)
        n = replay(variant, record)
    except ReplayError as exc:
        click.echo(f"replay: {' '.join(str(exc).split())}", err=True)
        sys.exit(1)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:  # a field missing
        raise UserError(f"{path}: malformed game record ({type(exc).__name__}: {exc})") \
            from None
    except UserError:
        raise
    except InputError as exc:
        raise UserError(f"{path}: malformed game record ({type(exc).__name__}: "
                        f"{' '.join(str(exc).split())})") from None
    click.echo(f"ok: {n} hand(s) replayed against {variant.name}")


def _agrees(path: str, record: dict, variant, variant_name: str, ambs, sets) -> None:
    """A --variant (with --amb, --set) that gives another variant than the one the record
    was made with is bad input: one line, exit 2."""
    made = record.get("variant_hash")
    if made is None or made == variant.content_hash:
        return
    given = " ".join([variant_name, *(f"--amb {a}" for a in ambs),
                      *(f"--set {s}" for s in sets)])
    if "amb" in record:
        states = " ".join([str(record.get("variant")), *(f"--amb {a}" for a in record["amb"]),
                           *(f"--set {s}" for s in record["set"])])
        hint = f"the record states {states}; drop --variant"
    else:
        hint = "pass the --amb and --set it was played with"
    raise UserError(f"--variant {given}: content hash {variant.content_hash[:12]}, but "
                    f"{path} was made with {made[:12]}; {hint}")


def read_record(path: str) -> dict:
    """The JSON object in ``path``; a file that is not one is bad input."""
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: not a JSON game record ({exc.msg}, line {exc.lineno})") \
            from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not a JSON game record (not UTF-8)") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if not isinstance(record, dict):
        raise UserError(f"{path}: not a JSON game record (expected an object)")
    return record
