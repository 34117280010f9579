"""Records of both engines carry their readings (AMB-38; the replay tamper tests are
tests/unit/test_replay_tamper.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.test_replay_tamper import run


@pytest.mark.parametrize("engine", ["reference", "core"])
def test_AMB_38_records_of_both_engines_carry_their_readings(capsys, tmp_path: Path,
                                                              engine) -> None:
    path = tmp_path / "r.json"
    code, _, err = run(capsys, "play", "--variant", "changzhou-4deck", "--amb", "AMB-38=A",
                       "--engine", engine, "--seed", "2", "--format", "json", "--out",
                       str(path))
    assert code == 0, err
    assert json.loads(path.read_text(encoding="utf-8"))["amb"] == ["AMB-38=A"]
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, ""), err
