"""``report soak`` appending a block after a short soak on the Numba core (the report's unit tests
are tests/unit/test_soak_report.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from shengji_sim.cli import cli, main
from shengji_sim.report.soak import covered, read_records


def test_soak_record_appends_a_block(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["soak", "--variants", "baifen-1deck", "--hands", "1", "--record",
              str(tmp_path / "no-such-folder" / "blocks.jsonl")])
    assert exit_info.value.code == 2
    assert "its folder does not exist" in capsys.readouterr().err
    blocks = tmp_path / "blocks.jsonl"
    for start in (0, 2):
        res = CliRunner().invoke(cli, ["soak", "--variants", "baifen-1deck", "--hands", "2",
                                       "--start", str(start), "--record", str(blocks)])
        assert res.exit_code == 0, res.output
    first, second = read_records(blocks)
    assert (first["start"], second["start"], second["hands"]) == (0, 2, 2)
    assert first["decisions"] > 0 and first["players"] == ["random"]
    assert covered([first, second]) == [(0, 4)]
