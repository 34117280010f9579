"""Strategy profiles (shengji_sim/config/strategy.py, strategies/*.toml): the closed schema,
``extends``, one-line errors, the ``strategies`` command group, the wheel's packaged
profiles, and the ``greedy`` profile playing exactly as GreedyPlayer."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from pathlib import Path

import pytest

from shengji_sim.config.strategy import (
    CORE_PROFILES,
    SCHEMA,
    StrategyError,
    StrategyProfile,
    load_strategy,
    strategies_dir,
    strategy_names,
)
from shengji_sim.config.variant import load_variant
from shengji_sim.players.reference import GreedyPlayer, HeuristicPlayer, RandomPlayer, make_players
from shengji_sim.rules.game import play_hand
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_builtin_profiles_load() -> None:
    assert set(strategy_names()) >= {"random", "greedy", "expert", "cautious", "bold"}
    assert strategies_dir() == ROOT / "strategies"
    for name in strategy_names():
        profile = load_strategy(name)
        assert profile.name == name and profile.description


def test_greedy_is_the_schema_default_and_every_key_is_documented() -> None:
    assert load_strategy("greedy").values() == StrategyProfile().values()
    fields = {f.name for f in dataclasses.fields(StrategyProfile)}
    assert set(SCHEMA) == fields - {"name", "description", "source"}
    for key in SCHEMA.values():
        assert key.doc and key.default is not None
    docs = (ROOT / "docs" / "strategies.md").read_text(encoding="utf-8")
    for key in SCHEMA:
        assert f"`{key}`" in docs, key


def test_styles_differ_from_expert_visibly() -> None:
    expert = load_strategy("expert").values()
    cautious = load_strategy("cautious").values()
    bold = load_strategy("bold").values()
    assert {k for k in expert if expert[k] != cautious[k]} == {"throws", "trump_lead"}
    assert cautious["throws"] == "never" and cautious["trump_lead"] == "keep"
    assert {k for k in expert if expert[k] != bold[k]} == {"trump_lead"}
    assert bold["throws"] == "proven" and bold["trump_lead"] == "early"


def test_extends_a_builtin_and_a_relative_path(tmp_path: Path) -> None:
    write(tmp_path, "mine.toml", 'name = "mine"\nextends = "expert"\n[follow]\n'
                                 'win_min_points = 20\n')
    child = write(tmp_path, "child.toml", 'extends = "mine.toml"\nmemory = false\n')
    profile = load_strategy(str(child))
    assert profile.name == "child" and profile.win_min_points == 20 and not profile.memory
    assert profile.throws == "proven"
    assert profile.description == load_strategy("expert").description


@pytest.mark.parametrize("text, needles", [
    ("bogus = 1\n", ["'bogus'", "unknown key"]),
    ("[follow]\nwin_min_pionts = 3\n", ["'win_min_pionts'", "did you mean 'win_min_points'"]),
    ("[lead]\nwin_min_points = 3\n", ["'win_min_points'", "belongs in [follow]"]),
    ("[leed]\nthrows = 'never'\n", ["[leed]", "unknown section", "did you mean 'lead'"]),
    ("throws = 'sometimes'\n", ["'throws'", "'sometimes'", "'never', 'proven'"]),
    ("memory = 1\n", ["'memory'", "has type integer", "true or false"]),
    ("[follow]\nwin_min_points = 101\n", ["'win_min_points'", "101", "out of range"]),
    ("[follow]\nwin_min_points = true\n", ["'win_min_points'", "has type boolean"]),
    ("extends = 'nobody'\n", ["'extends'", "'nobody'", "not a built-in profile"]),
    ("extends = 'missing.toml'\n", ["'extends'", "no such file"]),
    ("name = [1]\n", ["'name'", "expected a string"]),
    ("throws = \n", ["malformed TOML"]),
])
def test_bad_files_are_one_line_errors(tmp_path: Path, capsys, text, needles) -> None:
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(StrategyError) as info:
        load_strategy(str(path))
    message = str(info.value)
    assert "\n" not in message and "bad.toml" in message
    for needle in needles:
        assert needle in message, (needle, message)
    code, out, err = run_cli(capsys, "strategies", "validate", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("error: ")


def test_extends_cycle_is_one_line(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(StrategyError, match="makes a cycle: .*a.toml -> .*b.toml -> .*a.toml"):
        load_strategy(str(tmp_path / "a.toml"))


def test_unknown_name_suggests() -> None:
    with pytest.raises(StrategyError, match="did you mean 'expert'"):
        load_strategy("expret")


def test_cli_list_show_validate(capsys) -> None:
    code, out, _ = run_cli(capsys, "strategies", "list")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == strategy_names()
    code, out, _ = run_cli(capsys, "strategies", "show", "cautious", "--json")
    shown = json.loads(out)
    assert code == 0 and shown["name"] == "cautious"
    assert shown["values"] == load_strategy("cautious").values()
    code, out, _ = run_cli(capsys, "strategies", "show", "expert")
    assert code == 0 and "lead.throws = \"proven\"" in out
    code, out, _ = run_cli(capsys, "strategies", "validate", "strategies/bold.toml")
    assert code == 0 and out.startswith("ok: ")


def test_wheel_ships_the_profiles() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["strategies"] == "shengji_sim/_strategies"
    assert "strategies" in config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert set(CORE_PROFILES) <= set(strategy_names())


def test_make_players_by_profile() -> None:
    assert all(isinstance(p, RandomPlayer) for p in make_players("random"))
    greedy = make_players("greedy")
    assert all(isinstance(p, HeuristicPlayer) and p.name == "greedy" for p in greedy)
    assert isinstance(GreedyPlayer(), HeuristicPlayer)
    with pytest.raises(StrategyError):
        make_players("nobody")


def test_greedy_profile_plays_as_greedy_player() -> None:
    """The greedy profile is GreedyPlayer (tests/golden pins its plays on every built-in
    variant; the core tests tie them to the kernels)."""
    v = load_variant("classic-2deck")
    expected = play_hand(v, [GreedyPlayer() for _ in range(4)], 31, 0)
    assert play_hand(v, make_players("greedy"), 31, 0) == expected
