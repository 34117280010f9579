"""Command line: ``shengji-sim judge|play|replay|simulate|variants|strategies|interpretations``.

The only module that prints or exits. Every judge command prints one JSON object on stdout
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

import contextlib
import json
import os
import shlex
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click

from shengji_sim import cards as C
from shengji_sim.errors import EngineError, InputError
from shengji_sim.rules.shapes import Context, make_context


class UserError(InputError):
    """Bad command-line input found by the command itself: one line, exit status 2."""


class EngineDefect(EngineError):
    """The one-line report of an engine defect inside a hand: exit status 1."""


def _warn(message: str) -> None:
    click.echo(f"warning: {message}", err=True)


def _emit(obj: dict[str, Any]) -> None:
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

    return load_variant(variant_name, amb=list(ambs), sets=list(sets), warn=_warn)


def context(variant_name, ambs, sets, level, trump) -> Context:
    variant = load(variant_name, ambs, sets)
    level_rank = C.parse_rank(level if level is not None else variant.starting_level)
    return make_context(variant, level_rank, C.parse_trump(trump))


def parse_cards_checked(text: str, decks: int, what: str, empty_ok: bool = True) -> list[int]:
    """Parse a card list and check no kind exceeds the deck count; ``empty_ok=False`` for a
    list that must hold cards (a lead)."""
    try:
        kinds = C.parse_cards(text)
    except C.CardError as exc:
        raise UserError(f"{what}: {exc}") from None
    if not kinds and not empty_ok:
        raise UserError(f"{what}: empty (a lead has at least one card)")
    C.check_counts(C.to_counts(kinds), decks, what)
    return kinds


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


def fmt(ctx: Context, kinds: list[int]) -> list[str]:
    """Canonical card list, strongest first (DESIGN.md)."""
    return [C.format_card(k) for k in ctx.ranking.sorted_cards(list(kinds))]


# -------------------------------------------------------------------------------- groups


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="shengji-sim")
def cli() -> None:
    """shengji-sim: rules engine and simulator for Shengji (升级 / Tractor)."""


@cli.group()
def judge() -> None:
    """Answer rule questions about one position; prints one JSON object."""


@judge.command("follow")
@variant_options
@position_options
@click.option("--lead", required=True, metavar="CARDS", help="The cards led.")
@click.option("--hand", required=True, metavar="CARDS", help="The follower's whole hand.")
@click.option("--play", default=None, metavar="CARDS", help="Check this follow instead.")
@click.option("--limit", default=None, type=click.IntRange(min=0), help="List at most N.")
@click.option("--position", default=1, show_default=True, type=click.IntRange(1, 3),
              help="Follower's place after the leader (AMB-37 B only).")
def judge_follow(variant_name, ambs, sets, level, trump, lead, hand, play, limit, position):
    """Legal follows (FOLLOW-*), or whether --play is one."""
    from shengji_sim.rules.follow import check_follow, legal_follows

    ctx = context(variant_name, ambs, sets, level, trump)
    decks = ctx.variant.decks
    lead_cards = parse_cards_checked(lead, decks, "--lead", empty_ok=False)
    hand_cards = parse_cards_checked(hand, decks, "--hand")
    if play is not None:
        play_cards = parse_cards_checked(play, decks, "--play")
        legal, reason = check_follow(ctx, lead_cards, hand_cards, play_cards, position)
        _emit({"legal": legal, "reason": reason})
        return
    result = legal_follows(ctx, lead_cards, hand_cards, limit, position)
    _emit({"legal_follows": [fmt(ctx, p) for p in result.plays], "count": result.count,
           "truncated": result.truncated})


@judge.command("trick")
@variant_options
@position_options
@click.option("--plays", "plays_flag", is_flag=True, help="Followed by 2 to 4 card lists.")
@click.argument("plays", nargs=-1)
def judge_trick(variant_name, ambs, sets, level, trump, plays_flag, plays):
    """Winner and points of a trick: --plays LEAD FOLLOW [FOLLOW [FOLLOW]]."""
    from shengji_sim.rules.trick import trick_points, trick_winner

    ctx = context(variant_name, ambs, sets, level, trump)
    parsed = _plays(ctx, plays, 2, 4)
    _emit({"winner": trick_winner(ctx, parsed), "points": trick_points(parsed)})


@judge.command("throw")
@variant_options
@position_options
@click.option("--lead", required=True, metavar="CARDS", help="The thrown cards.")
@click.option("--others", "others_flag", is_flag=True,
              help="Followed by the other three whole hands, in turn order.")
@click.argument("others", nargs=-1)
def judge_throw(variant_name, ambs, sets, level, trump, lead, others_flag, others):
    """Throw validity and the failed-throw procedure (THROW-*)."""
    from shengji_sim.rules.throw import judge_throw as run_throw

    ctx = context(variant_name, ambs, sets, level, trump)
    lead_cards = parse_cards_checked(lead, ctx.variant.decks, "--lead", empty_ok=False)
    hands = _plays(ctx, others, 3, 3, what="--others", lead=False)
    result = run_throw(ctx, lead_cards, hands)
    _emit({"valid": result.valid, "played": fmt(ctx, result.played),
           "returned": fmt(ctx, result.returned), "blocked_by": result.blocked_by,
           "penalty": result.penalty})


@judge.command("kitty")
@variant_options
@position_options
@click.option("--plays", "plays_flag", is_flag=True, help="Followed by the last trick's 4 plays.")
@click.option("--leader-side", required=True, type=click.Choice(["dealer", "attackers"]))
@click.option("--kitty", "kitty_text", required=True, metavar="CARDS", help="The buried kitty.")
@click.option("--attacker-points", default=None, type=int,
              help="Attackers' points before the kitty (JJ4 AMB-27 (ii) needs it).")
@click.argument("plays", nargs=-1)
def judge_kitty(variant_name, ambs, sets, level, trump, plays_flag, leader_side, kitty_text,
                attacker_points, plays):
    """Kitty scoring on the last trick (KITTY-*)."""
    from shengji_sim.rules.kitty import judge_kitty as run_kitty

    ctx = context(variant_name, ambs, sets, level, trump)
    parsed = _plays(ctx, plays, 4, 4)
    kitty = parse_cards_checked(kitty_text, ctx.variant.decks, "--kitty")
    if len(kitty) != ctx.variant.kitty_size:
        raise UserError(f"--kitty: {len(kitty)} card(s); {ctx.variant.name} buries "
                        f"{ctx.variant.kitty_size} (DECK-3)")
    r = run_kitty(ctx, parsed, leader_side, kitty, attacker_points)
    _emit({"winner": r.winner, "winner_side": r.winner_side, "multiplier": r.multiplier,
           "kitty_points": r.kitty_points, "awarded": r.awarded})


@judge.command("score")
@variant_options
@click.option("--attacker-points", required=True, type=int, help="Attackers' final points.")
def judge_score(variant_name, ambs, sets, attacker_points):
    """Level change and next dealer (LEVEL-*, DEALER-*)."""
    from shengji_sim.rules.score import judge_score as run_score

    variant = load(variant_name, ambs, sets)
    _check_points(variant, attacker_points)
    r = run_score(variant, attacker_points)
    _emit({"winner_side": r.winner_side, "levels": r.levels, "next_dealer": r.next_dealer})


def _level_rank(variant, level: str | None) -> int:
    """--level as a rank index (default: the variant's starting level)."""
    try:
        return C.parse_rank(level if level is not None else variant.starting_level)
    except C.CardError as exc:
        raise UserError(f"--level {level}: {exc}") from None


def _trump_option(trump: str, what: str = "--trump") -> int:
    try:
        return C.parse_trump(trump)
    except C.CardError as exc:
        raise UserError(f"{what} {trump}: {exc}") from None


def _seat_text(text: str, what: str) -> int:
    if text.strip() not in ("0", "1", "2", "3"):
        raise UserError(f"{what} {text}: a seat is 0, 1, 2 or 3 (play order)")
    return int(text)


def _shown_cards(variant, level: int, text: str, what: str) -> list[int]:
    """Cards a declaration or a 炒 shows: identical level cards or jokers (BID-1, BID-5),
    else bad input."""
    from shengji_sim.rules.judge import is_declaration_shape

    cards = parse_cards_checked(text, variant.decks, what, empty_ok=False)
    if not is_declaration_shape(cards, level):
        raise UserError(f"{what} {text}: not a declaration (identical level cards "
                        f"{C.RANKS[level]} or identical jokers, BID-1, BID-5)")
    return cards


def _standing_entry(variant, level: int, text: str, what: str):
    """``SEAT:CARDS`` as a Declaration."""
    from shengji_sim.rules.bidding import Declaration

    seat, colon, cards = text.partition(":")
    if not colon:
        raise UserError(f"{what} {text}: expected SEAT:CARDS, e.g. 1:H3 H3")
    return Declaration(_seat_text(seat, what), tuple(_shown_cards(variant, level, cards,
                                                                  what)))


def _choice(choice: str | None, cards: list[int], what: str) -> int | None:
    """--choice: the trump four jokers choose (AMB-33 C, CHAO-3)."""
    if choice is None:
        return None
    if len(cards) < 4 or not C.is_joker(cards[0]):
        raise UserError(f"--choice {choice}: only four jokers choose the trump "
                        f"(AMB-33 C, CHAO-3); {what} shows {C.format_cards(cards)}")
    return _trump_option(choice, "--choice")


@judge.command("declare")
@variant_options
@click.option("--level", default=None, metavar="RANK",
              help="Level rank 2..10 J Q K A (default: the variant's start).")
@click.option("--cards", default=None, metavar="CARDS", help="The declaration shown now.")
@click.option("--seat", default=None, metavar="S", help="The seat showing it (0..3).")
@click.option("--standing", "history", multiple=True, metavar="SEAT:CARDS",
              help="A declaration shown before, in order (repeatable): what stands and the "
                   "trump so far.")
@click.option("--hand-number", default=1, show_default=True, type=click.IntRange(min=1),
              help="Hand 1 declarations also choose the dealer (BID-7).")
@click.option("--phase", default="deal", show_default=True,
              type=click.Choice(["deal", "after_deal"]),
              help="During the deal, or after its last card (DEF-24, AMB-50).")
@click.option("--asked", default=0, show_default=True, type=click.IntRange(min=0),
              help="After the deal: seats asked before this one since the last card (AMB-50).")
@click.option("--passes", default=0, show_default=True, type=click.IntRange(min=0),
              help="After the deal: of those, how many passed in a row just before this one.")
@click.option("--choice", default=None, metavar="NT|S|H|C|D",
              help="The trump four jokers choose (AMB-33 C).")
@click.option("--nobody", is_flag=True,
              help="Nobody declared: trump, dealer or redeal (BID-8); --kitty in its order.")
@click.option("--kitty", default=None, metavar="CARDS",
              help="With --nobody: the kitty, in order (the rules that turn it need it).")
def judge_declare(variant_name, ambs, sets, level, cards, seat, history, hand_number, phase,
                  asked, passes, choice, nobody, kitty):
    """Declaring (BID-*): is this declaration legal now, what stands, the trump and who
    deals; with --nobody, what happens when nobody declared."""
    from shengji_sim.rules import judge as judging
    from shengji_sim.rules.bidding import Declaration

    variant = load(variant_name, ambs, sets)
    rank = _level_rank(variant, level)
    if nobody:
        extra = [name for name, given in (("--cards", cards), ("--seat", seat),
                                          ("--standing", history), ("--choice", choice))
                 if given]
        if extra:
            raise UserError(f"--nobody: drop {', '.join(extra)} (nobody declared)")
        kinds = parse_cards_checked(kitty or "", variant.decks, "--kitty")
        if kinds and len(kinds) != variant.kitty_size:
            raise UserError(f"--kitty: {len(kinds)} card(s); {variant.name} has a kitty of "
                            f"{variant.kitty_size} (DECK-3)")
        _emit(judging.nobody_declared(variant, rank, kinds, hand_number))
        return
    if kitty is not None:
        raise UserError("--kitty: only with --nobody")
    if cards is None or seat is None:
        raise UserError("give --cards and --seat (or --nobody)")
    shown = _shown_cards(variant, rank, cards, "--cards")
    new = Declaration(_seat_text(seat, "--seat"), tuple(shown), _choice(choice, shown,
                                                                         "--cards"))
    before = [_standing_entry(variant, rank, h, f"--standing #{i + 1}")
              for i, h in enumerate(history)]
    if phase == "deal" and (asked or passes):
        raise UserError("--asked/--passes: only with --phase after_deal")
    if passes > asked:
        raise UserError(f"--passes {passes}: more than the {asked} seat(s) asked")
    _emit(judging.declare(variant, rank, before, new, hand_number=hand_number, phase=phase,
                          asked=asked, passes=passes))


@judge.command("chaodi")
@variant_options
@position_options
@click.option("--cards", required=True, metavar="CARDS", help="The cards shown to 炒.")
@click.option("--seat", required=True, metavar="S", help="The seat that 炒s (0..3).")
@click.option("--standing", required=True, metavar="SEAT:CARDS|none",
              help="The declaration or 炒 that stands; none when trump came from the kitty.")
@click.option("--declarer", default=None, metavar="S|none",
              help="The original declarer (CHAO-5; default: the standing seat).")
@click.option("--dealer", default=None, metavar="S",
              help="The dealer now (default: the declarer).")
@click.option("--hand-number", default=1, show_default=True, type=click.IntRange(min=1),
              help="A hand-1 炒 may move the deal (AMB-32).")
@click.option("--someone-else-chaoed", is_flag=True,
              help="Someone other than the declarer has 炒ed already (CHAO-5).")
@click.option("--kitty-flip", is_flag=True, help="Trump was set by turning the kitty (CHAO-6).")
@click.option("--choice", default=None, metavar="NT|S|H|C|D",
              help="The trump a four-joker 炒 chooses (CHAO-3).")
def judge_chaodi(variant_name, ambs, sets, level, trump, cards, seat, standing, declarer,
                 dealer, hand_number, someone_else_chaoed, kitty_flip, choice):
    """炒底 (CHAO-*): may this seat 炒 with these cards over what stands, and the result:
    the new trump, the dealer, who buries."""
    from shengji_sim.rules import judge as judging
    from shengji_sim.rules.bidding import Declaration

    variant = load(variant_name, ambs, sets)
    rank = _level_rank(variant, level)
    trump_before = _trump_option(trump)
    shown = _shown_cards(variant, rank, cards, "--cards")
    new = Declaration(_seat_text(seat, "--seat"), tuple(shown))
    held = None if standing.strip().lower() == "none" else \
        _standing_entry(variant, rank, standing, "--standing")
    if declarer is None:
        first = held.seat if held is not None else None
    elif declarer.strip().lower() == "none":
        first = None
    else:
        first = _seat_text(declarer, "--declarer")
    now = _seat_text(dealer, "--dealer") if dealer is not None else first
    _emit(judging.chaodi(variant, rank, held, new, declarer=first, dealer=now,
                         hand_number=hand_number, someone_else_chaoed=someone_else_chaoed,
                         kitty_flip=kitty_flip, trump_before=trump_before,
                         choice=_choice(choice, shown, "--cards")))


@judge.command("match")
@variant_options
@click.option("--levels", required=True, metavar="NS,EW",
              help="Both sides' levels: seats 0 and 2, then seats 1 and 3 (e.g. 10,Q).")
@click.option("--dealer", required=True, metavar="S", help="The seat that dealt (0..3).")
@click.option("--attacker-points", required=True, type=int, help="Attackers' final points.")
def judge_match(variant_name, ambs, sets, levels, dealer, attacker_points):
    """The match after a hand (LEVEL-*, DEALER-*, AMB-36, AMB-38, AMB-39): the level change,
    the next dealer, whether the match ends and who wins."""
    from shengji_sim.rules import judge as judging

    variant = load(variant_name, ambs, sets)
    parts = [p for p in levels.replace(" ", "").split(",")]
    if len(parts) != 2:
        raise UserError(f"--levels {levels}: expected two ranks NS,EW (e.g. 10,Q)")
    try:
        pair = (C.parse_rank(parts[0]), C.parse_rank(parts[1]))
    except C.CardError as exc:
        raise UserError(f"--levels {levels}: {exc}") from None
    _check_points(variant, attacker_points)
    _emit(judging.match(variant, pair, _seat_text(dealer, "--dealer"), attacker_points))


def _check_points(variant, attacker_points: int) -> None:
    from shengji_sim.rules.score import attacker_points_bounds

    lo, hi = attacker_points_bounds(variant)
    if not lo <= attacker_points <= hi:
        raise UserError(f"--attacker-points {attacker_points}: a hand of {variant.name} ends "
                        f"with {lo}..{hi} (trick points, kitty x its largest multiplier, "
                        "failed-throw penalties; SCORE-1, KITTY-3)")


def _plays(ctx: Context, texts: tuple[str, ...], low: int, high: int,
           what: str = "--plays", lead: bool = True) -> list[list[int]]:
    """``low..high`` card lists; with ``lead`` the first is a lead and must hold cards."""
    if not low <= len(texts) <= high:
        want = f"{low}" if low == high else f"{low} to {high}"
        raise UserError(f"{what}: expected {want} card lists, got {len(texts)}")
    return [parse_cards_checked(t, ctx.variant.decks, f"{what} #{i + 1}",
                                empty_ok=not (lead and i == 0))
            for i, t in enumerate(texts)]


# ------------------------------------------------------------------------ play / replay


@cli.command("play")
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


@cli.command("replay")
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
        replay,
        rules_version_note,
    )

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
            _warn(note)
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


# ----------------------------------------------------------------------------- simulate


@cli.command("simulate")
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
                progress=not quiet, rows_format=rows_format, warn=_warn, mode=mode,
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


@cli.command("bench")
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
                _warn(line)
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
        _emit(result)
        return
    elsewhere = not benchmark.same_machine(baseline, result)
    if elsewhere:  # said first: a verdict on speed needs a baseline of this machine
        _warn(f"baseline {compare_name} was saved on another machine "
              f"({benchmark.machine_words(baseline)}; this one: "
              f"{benchmark.machine_words(result)}): speed changes are shown, not judged; "
              f"save a baseline here (--save NAME) for a verdict. Digests are still checked")
    rows, failures = benchmark.compare(baseline, result, threshold / 100,
                                       judge_speed=not elsewhere)
    click.echo(f"baseline {compare_name}: {benchmark.describe(baseline)}")
    click.echo(f"now: {benchmark.describe(result)}")
    click.echo(benchmark.table(rows))
    for case in benchmark.noisy(rows, threshold / 100):
        _warn(f"{case}: noise band wider than the threshold; a weak verdict (more --repeats "
              "or a quieter machine)")
    for line in failures:
        click.echo(f"FAIL {line}", err=True)
    sys.exit(1 if failures else 0)


# ---------------------------------------------------------------------------- variants


@cli.group()
def variants() -> None:
    """List, show and validate variant files."""


@variants.command("list")
def variants_list() -> None:
    """The built-in variants."""
    from shengji_sim.config.variant import builtin_names, load_variant

    for name in builtin_names():
        v = load_variant(name)
        click.echo(f"{name:18} {v.rule_set:7} {v.description}")


@variants.command("show")
@click.argument("name")
@click.option("--amb", "ambs", multiple=True, metavar="ID=LETTER")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE")
@click.option("--json", "as_json", is_flag=True, help="Print the resolved values as JSON.")
def variants_show(name, ambs, sets, as_json) -> None:
    """Every resolved key of a variant, with its rule IDs."""
    from shengji_sim.config.variant import describe_schema

    v = load(name, ambs, sets)
    values = v.to_dict()
    if as_json:
        _emit({"name": v.name, "content_hash": v.content_hash, "values": values,
               "readings": v.readings()})
        return
    click.echo(f"# {v.name} ({v.rule_set}) {v.description}")
    click.echo(f"# content hash {v.content_hash}")
    for row in describe_schema():
        section, key = row[0], row[1]
        if key in values:
            click.echo(f"{section}.{key} = {values[key]!r}    # {row[5]}")


@variants.command("validate")
@click.argument("path")
def variants_validate(path) -> None:
    """Validate a variant file; exit 2 with one line if it is bad."""
    v = load(path, (), ())
    click.echo(f"ok: {path} ({v.name}, {v.content_hash[:12]})")


# -------------------------------------------------------------------------- strategies


@cli.group()
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
        _emit({"name": profile.name, "description": profile.description,
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


# ----------------------------------------------------------------------- interpretations


@cli.command("interpretations")
@click.option("--variant", "variant_name", default=None, metavar="NAME|PATH",
              help="Mark the reading this variant picks.")
def interpretations(variant_name) -> None:
    """Every AMB/OTH item, its readings, and which one each built-in variant picks."""
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.config.variant import builtin_names, load_variant

    picks = {name: load_variant(name).readings() for name in builtin_names()}
    chosen = load(variant_name, (), ()).readings() if variant_name else None
    for item_id, item in ITEMS.items():
        click.echo(f"{item_id} {item.title}")
        for alt in item.alternatives:
            mark = ""
            if chosen is not None:
                mark = "*" if _picks(chosen.get(item_id), alt.letter) else " "
            who = [name for name, r in picks.items() if _picks(r.get(item_id), alt.letter)]
            by = f"  [{', '.join(who)}]" if who else ""
            click.echo(f"  {mark}{alt.letter}: {alt.value}: {alt.description}{by}")
        if chosen is not None and item_id not in chosen:
            click.echo("   (does not apply to this variant)")


def _picks(reading: str | None, letter: str) -> bool:
    """Does a reading ("B", or AMB-27's two-part "A/(ii)") pick this letter?"""
    return reading is not None and letter in reading.split("/")


# ---------------------------------------------------------------- fuzz / diff / report


def _fuzz_variant(variant_name: str, ambs: tuple[str, ...]):
    """Validate --variant/--amb for the fuzz commands: an override that does not apply is
    bad input (exit 2), not a warning."""
    from shengji_sim.config.variant import load_variant

    def refuse(message: str) -> None:
        raise UserError(message)

    return load_variant(variant_name, amb=list(ambs), warn=refuse)


@cli.command("fuzz")
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


@cli.command("soak")
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


@cli.command("diff")
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
    try:
        with showing_compiles():
            res = reading_diff.run(variant_name, ambs, vs, hands, seed, players, levels,
                                   backend, threads)
    except HandFailure as failure:  # an engine defect: the hand and the run that shows it
        again = reading_diff.command(variant_name, ambs, vs, failure.index + 1, seed,
                                     players, levels, backend)
        raise EngineDefect(f"diff: {failure}; reproduce: {again}") from None
    body = reading_diff.text(res)
    click.echo(json.dumps(res) if as_json else body)
    if path is not None:
        with writing("--out", path):
            (path / "diff.json").write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
            (path / "diff.txt").write_text(body + "\n", encoding="utf-8")


# --------------------------------------------------------------------------- tournaments


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
                                        progress=not quiet, warn=_warn, on_pair=on_pair)
    except sim.HandFailure as failure:
        a, b = seen[-1]
        raise engine_defect(failure, variant, variant.name, (), (), seed,
                            f"NS={a},EW={b}") from None
    result["backends"] = {f"{a}-vs-{b}": backend for a, b in seen}
    return result


@cli.command("tournament")
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


@cli.group()
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



# ------------------------------------------------------------------------------ balance

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
                budget: float | None = None, warn=_warn) -> tuple[Path | None, dict]:
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


@cli.command("balance", add_help_option=False,
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



# -------------------------------------------------------------------------------- main

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
