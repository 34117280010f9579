"""``balance`` and ``report balance`` on the Numba core: tiny grids, resuming, the plan (the unit
tests of the statistics are tests/unit/test_balance.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from shengji_sim.run import balance, run_dir, sim
from tests.helpers import run_cli
from tests.unit.test_balance import SEED, Stop, tiny_spec


def test_tiny_grid_report_and_common_deals(capsys, tmp_path) -> None:
    out = tmp_path / "grid"
    argv = ["balance", "--variants", "classic-2deck", "--strategies", "random", "--hands", "24",
            "--matches", "2", "--amb", "AMB-25=A,B", "--seed", str(SEED), "--out", str(out),
            "--quiet", "--json"]
    code, stdout, err = run_cli(capsys, *argv)
    assert code == 0, err
    summary = json.loads(stdout)
    assert len(summary["findings"]) >= 2
    for name in ["balance.md", "balance-dealer-hold.png", "balance-sweeps.png",
                 "balance-match-length.png", "balance-cells.csv", "balance-comparisons.parquet"]:
        assert (out / name).is_file(), name
    text = (out / "balance.md").read_text()
    assert "## Findings" in text and "## Pairing" in text and "commit:" in text
    cells = balance.build_cells(tiny_spec())
    a = next(c for c in cells if c.sweep_value == "A")
    own = next(c for c in cells if not c.sweep_key and c.mode == "hands")
    rows_a = run_dir.read_rows(balance.cell_dir(out, a))
    rows_own = run_dir.read_rows(balance.cell_dir(out, own))
    assert np.array_equal(rows_a["hand_seed"], rows_own["hand_seed"])  # common deals
    assert (out / "cells").is_dir() and len(list((out / "cells").iterdir())) == 3
    # the same command again resumes: nothing to play, same report
    code, stdout2, err = run_cli(capsys, *argv)
    assert code == 0, err
    assert json.loads(stdout2)["cells"] == summary["cells"]


def test_interrupted_grid_resumes_to_the_same_rows(tmp_path, monkeypatch) -> None:
    spec = tiny_spec(hands=30)
    whole = tmp_path / "whole"
    balance.run_grid(spec, whole, threads=1, chunk_size=10, match_chunk_size=1)
    parts = tmp_path / "parts"
    real_run = sim.run
    calls = []

    def stopping_run(*args, **kwargs):  # the third cell stops after its first chunk
        calls.append(1)
        if len(calls) == 3:
            def progress(done, total):
                raise Stop
            kwargs["progress"] = progress
        return real_run(*args, **kwargs)

    monkeypatch.setattr(sim, "run", stopping_run)
    with pytest.raises(Stop):
        balance.run_grid(spec, parts, threads=1, chunk_size=10, match_chunk_size=1)
    monkeypatch.setattr(sim, "run", real_run)
    cells = balance.unique_runs(balance.build_cells(spec))
    assert [c.sweep_value for c in cells] == ["", "", "A"]
    assert balance.done_units(parts, cells[2]) == 10  # one chunk of 30 on disk
    balance.run_grid(spec, parts, threads=1, chunk_size=10, match_chunk_size=1)
    for cell in cells:
        for kind in (run_dir.ROWS_DIR, *([run_dir.MATCHES_DIR] if cell.mode == "matches" else [])):
            got = run_dir.read_rows(balance.cell_dir(parts, cell), kind)
            want = run_dir.read_rows(balance.cell_dir(whole, cell), kind)
            assert np.array_equal(got, want), (cell.cell_id, kind)


def test_balance_help_and_interrupted_command_resumes(capsys, tmp_path, monkeypatch) -> None:
    code, out, _ = run_cli(capsys, "balance", "--help")
    assert code == 0 and "--variants" in out and "--sweep" in out
    out_dir = tmp_path / "grid"
    argv = ["balance", "--variants", "classic-2deck", "--strategies", "random", "--hands", "20",
            "--chunk-size", "10", "--seed", str(SEED), "--out", str(out_dir), "--quiet"]
    real_run = sim.run

    def interrupted(*args, **kwargs):  # Ctrl-C after the first chunk is on disk
        def progress(done, total):
            raise KeyboardInterrupt
        return real_run(*args, **{**kwargs, "progress": progress})

    monkeypatch.setattr(sim, "run", interrupted)
    code, _, err = run_cli(capsys, *argv)
    assert code == 130 and "rerun the same command" in err
    monkeypatch.setattr(sim, "run", real_run)
    cell = balance.build_cells(balance.Spec(["classic-2deck"], ["random"], 20, seed=SEED))[0]
    assert balance.done_units(out_dir, cell) == 10
    code, _, err = run_cli(capsys, *argv)
    assert code == 0, err
    assert balance.done_units(out_dir, cell) == 20
    assert (out_dir / "balance.md").is_file()


def test_report_balance_plan_only(capsys, tmp_path) -> None:
    code, _, err = run_cli(capsys, "report", "balance", "--plan-only", "--hands", "5",
                           "--matches", "1", "--runs", str(tmp_path / "runs"),
                           "--out", str(tmp_path / "reports"))
    assert code == 0, err
    assert "planned run time" in err and "changzhou-4deck random hands" in err
    assert not (tmp_path / "reports").exists()
