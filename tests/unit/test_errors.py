"""The project's exceptions (shengji_sim.errors): bad input is an InputError (and still a
ValueError), an engine defect is an EngineError and never an InputError, and the rule functions
refuse a position they cannot judge with a PositionError rather than a bare ValueError."""

from __future__ import annotations

import pytest

from shengji_sim.cards import CardError, parse_cards
from shengji_sim.cli.common import EngineDefect, UserError
from shengji_sim.config.interpretations import VariantError
from shengji_sim.errors import EngineError, InputError, PositionError, ShengjiError
from shengji_sim.fuzz.positions import StrategyWarning
from shengji_sim.rules.bidding import Declaration
from shengji_sim.rules.follow import FollowError, check_follow
from shengji_sim.rules.game import GameError
from shengji_sim.rules.kitty import judge_kitty
from shengji_sim.rules.record import ReplayError
from shengji_sim.rules.throw import judge_throw
from shengji_sim.rules.trick import trick_winner
from shengji_sim.run.run_dir import SimError
from shengji_sim.run.sim import HandFailure
from tests.helpers import context

INPUT_ERRORS = [CardError, VariantError, FollowError, SimError, UserError, StrategyWarning,
                PositionError]


@pytest.mark.parametrize("cls", INPUT_ERRORS, ids=lambda c: c.__name__)
def test_bad_input_errors_are_input_errors_and_value_errors(cls: type) -> None:
    assert issubclass(cls, InputError) and issubclass(cls, ShengjiError)
    assert issubclass(cls, ValueError)  # callers that caught ValueError keep working
    assert not issubclass(cls, EngineError)


@pytest.mark.parametrize("cls", [HandFailure, EngineDefect], ids=lambda c: c.__name__)
def test_engine_defects_are_project_errors_but_never_bad_input(cls: type) -> None:
    assert issubclass(cls, EngineError) and issubclass(cls, ShengjiError)
    assert not issubclass(cls, InputError) and not issubclass(cls, ValueError)


@pytest.mark.parametrize("cls", [ReplayError, GameError], ids=lambda c: c.__name__)
def test_other_project_errors_are_neither_bad_input_nor_defects(cls: type) -> None:
    assert issubclass(cls, ShengjiError)
    assert not issubclass(cls, InputError | EngineError)


def test_hand_failure_keeps_its_one_line_reason() -> None:
    failure = HandFailure(7, "reference", "KeyError:\n  'x'")
    assert (failure.index, failure.engine, failure.reason) == (7, "reference", "KeyError: 'x'")
    assert str(failure) == "hand 7: reference engine: KeyError: 'x'"


STD2 = context("STD2", "2", "H")

REFUSED_POSITIONS = [
    ("trick lead mixes suits", lambda: trick_winner(STD2, [parse_cards("S5 D5"),
                                                          parse_cards("S6 S7")]), "mixes suits"),
    ("trick plays differ in size", lambda: trick_winner(STD2, [parse_cards("S5 S5"),
                                                              parse_cards("S6")]), "play 1"),
    ("trick of one play", lambda: trick_winner(STD2, [parse_cards("S5")]), "2 to 4 plays"),
    ("throw against two hands", lambda: judge_throw(STD2, parse_cards("SA SK"),
                                                    [[], []]), "3 other players"),
    ("kitty with an unknown side", lambda: judge_kitty(
        STD2, [parse_cards(c) for c in ("S5", "S6", "S7", "S8")], "nobody", []), "leader_side"),
    ("follow of a play not held", lambda: check_follow(STD2, parse_cards("S5"),
                                                       parse_cards("S6"), parse_cards("S7")),
     "not in the hand"),
    ("declaration by seat 4", lambda: Declaration(4, tuple(parse_cards("H2"))), "seat 4"),
]


@pytest.mark.parametrize("call, needle", [c[1:] for c in REFUSED_POSITIONS],
                         ids=[c[0] for c in REFUSED_POSITIONS])
def test_rule_functions_refuse_impossible_positions_with_position_error(call, needle) -> None:
    with pytest.raises(PositionError, match=needle):
        call()
