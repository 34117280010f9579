"""Profiles as players on the command line, on the Numba core (the profile unit tests are
tests/unit/test_strategy.py)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import run_cli


def test_cli_players_accept_profiles(capsys, tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "play", "--variant", "baifen-1deck", "--players",
                             "expert", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["players"] == "expert"
    code, out, err = run_cli(capsys, "play", "--players", "expret")
    assert code == 2 and "--players" in err and "did you mean 'expert'" in err
    code, out, err = run_cli(capsys, "play", "--variant", "baifen-1deck", "--players",
                             "expert", "--engine", "core", "--format", "json")
    assert code == 0, err  # the core plays every heuristic profile (core/players/heuristic_nb.py)
    code, out, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "2",
                             "--players", "bold", "--out", str(tmp_path / "core"), "--quiet",
                             "--json")
    assert code == 0, err
    assert json.loads(out)["hands"] == 2
    code, out, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "2",
                             "--players", "cautious", "--backend", "reference",
                             "--out", str(tmp_path / "ref"), "--quiet", "--json")
    assert code == 0, err
    assert json.loads(out)["hands"] == 2
