"""Seats and teams: who plays each seat (``--players``).

Representation
--------------
Seats are 0..3 in play order; partners sit opposite (DECK-1), so the two teams are NS =
seats 0 and 2 and EW = seats 1 and 3 (``seat % 2`` is the team: 0 NS, 1 EW). A seat
assignment is a tuple of four strategy names, one per seat; a team's two seats always hold
the same strategy.

A spec (the command line's ``--players``) is either one name, ``NAME``, for all four seats, or
``NS=NAME,EW=NAME`` (the sides in either order). :func:`parse_players` checks it against the
names the caller knows (the built-in strategy profiles; a profile file through ``check``) and
raises :class:`SeatError` (an :class:`~shengji_sim.errors.InputError`: one line, exit 2)
naming the bad part. :func:`canonical` is the spec's one written form, used in run manifests
and run directory names: ``NAME`` when both teams play the same strategy, else
``NS=NAME,EW=NAME``.

Rows record each seat's strategy as a small code per seat (:func:`seat_codes`): the index of
the seat's name in the run's :func:`strategy_names` (the distinct names in seat order, kept
in the run manifest and the part files' metadata). Duplicate play (:func:`swapped`) gives
each team the other team's strategy: seats 0 and 2 play what 1 and 3 played, and back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from shengji_sim.errors import InputError

TEAMS = ("NS", "EW")


class SeatError(InputError):
    """A malformed ``--players`` spec; ``str()`` is one line naming the bad part."""


def parse_players(spec: str, known_names: Iterable[str],
                  check: Callable[[str], object] | None = None) -> tuple[str, str, str, str]:
    """The strategy of each seat 0..3 of ``spec`` (``NAME`` or ``NS=NAME,EW=NAME``). A name
    outside ``known_names`` is passed to ``check`` (e.g. ``strategy.load_strategy``: a
    profile name or file), which raises a one-line InputError if it is no strategy."""
    known = tuple(known_names)
    text = spec.strip() if isinstance(spec, str) else ""
    if not text:
        raise SeatError(f"--players {spec!r}: empty (expected NAME or NS=NAME,EW=NAME)")
    if "=" not in text and "," not in text:
        name = _known(text, known, spec, check)
        return (name, name, name, name)
    sides: dict[str, str] = {}
    for part in text.split(","):
        team, sep, name = (s.strip() for s in part.partition("="))
        if not part.strip() or not sep or not team or not name:
            raise SeatError(f"--players {spec!r}: bad part {part.strip()!r} "
                            "(expected NS=NAME,EW=NAME)")
        if team.upper() not in TEAMS:
            raise SeatError(f"--players {spec!r}: unknown side {team!r} (expected NS or EW)")
        if team.upper() in sides:
            raise SeatError(f"--players {spec!r}: side {team.upper()} given twice")
        sides[team.upper()] = _known(name, known, spec, check)
    missing = [t for t in TEAMS if t not in sides]
    if missing:
        raise SeatError(f"--players {spec!r}: side {missing[0]} missing "
                        "(expected NS=NAME,EW=NAME)")
    ns, ew = sides["NS"], sides["EW"]
    return (ns, ew, ns, ew)


def _known(name: str, known: tuple[str, ...], spec: str,
           check: Callable[[str], object] | None) -> str:
    if name not in known and check is not None:
        check(name)
    elif name not in known:
        raise SeatError(f"--players {spec!r}: unknown strategy {name!r} "
                        f"(expected one of {', '.join(known)})")
    return name


def canonical(seats: tuple[str, ...]) -> str:
    """The one written form of a seat assignment: ``NAME`` or ``NS=NAME,EW=NAME``."""
    ns, ew = seats[0], seats[1]
    return ns if ns == ew else f"NS={ns},EW={ew}"


def swapped(seats: tuple[str, ...]) -> tuple[str, str, str, str]:
    """Duplicate play: each team takes the other team's strategy."""
    return (seats[1], seats[0], seats[3], seats[2])


def strategy_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """The distinct strategies of an assignment in seat order: the row codes' meaning."""
    return tuple(dict.fromkeys(seats))


def seat_codes(seats: tuple[str, ...], names: tuple[str, ...]) -> tuple[int, int, int, int]:
    """Each seat's strategy as its index in ``names`` (:func:`strategy_names`)."""
    return tuple(names.index(s) for s in seats)  # type: ignore[return-value]


__all__ = ["SeatError", "canonical", "parse_players", "seat_codes", "strategy_names", "swapped"]
