"""Seat specs (shengji_sim.config.seats): ``--players NAME`` and ``NS=NAME,EW=NAME`` (DECK-1: seats
0 and 2 against 1 and 3)."""

from __future__ import annotations

import pytest

from shengji_sim.config.seats import (
    SeatError,
    canonical,
    parse_players,
    seat_codes,
    strategy_names,
    swapped,
)
from shengji_sim.errors import InputError

KNOWN = ("random", "greedy")


def test_one_name_plays_all_four_seats() -> None:
    assert parse_players("greedy", KNOWN) == ("greedy",) * 4


@pytest.mark.parametrize("spec", ["NS=greedy,EW=random", "EW=random,NS=greedy",
                                  " ns = greedy , ew = random "])
def test_DECK_1_teams_sit_opposite(spec: str) -> None:
    assert parse_players(spec, KNOWN) == ("greedy", "random", "greedy", "random")


@pytest.mark.parametrize("spec, words", [
    ("expert", "unknown strategy 'expert'"),
    ("NS=greedy,EW=expert", "unknown strategy 'expert'"),
    ("NS=greedy", "side EW missing"),
    ("NS=greedy,NS=random", "side NS given twice"),
    ("NS=greedy,,EW=random", "bad part ''"),
    ("NS=,EW=random", "bad part 'NS='"),
    ("NS=greedy,WE=random", "unknown side 'WE'"),
    ("greedy,random", "bad part 'greedy'"),
    ("", "empty"),
])
def test_bad_specs_are_one_line_input_errors(spec: str, words: str) -> None:
    with pytest.raises(SeatError) as err:
        parse_players(spec, KNOWN)
    assert isinstance(err.value, InputError)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_canonical_form_round_trips() -> None:
    for spec, text in (("random", "random"), ("NS=random,EW=random", "random"),
                       ("EW=random,NS=greedy", "NS=greedy,EW=random")):
        seats = parse_players(spec, KNOWN)
        assert canonical(seats) == text
        assert parse_players(canonical(seats), KNOWN) == seats


def test_duplicate_swaps_the_teams_and_codes_follow_the_names() -> None:
    seats = parse_players("NS=greedy,EW=random", KNOWN)
    names = strategy_names(seats)
    assert names == ("greedy", "random")
    assert seat_codes(seats, names) == (0, 1, 0, 1)
    assert swapped(seats) == ("random", "greedy", "random", "greedy")
    assert seat_codes(swapped(seats), names) == (1, 0, 1, 0)
    assert swapped(swapped(seats)) == seats
