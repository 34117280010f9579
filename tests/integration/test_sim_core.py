"""The batch runner on the Numba core: rows, resuming, formats, chunks and threads (the runner's
unit tests are tests/unit/test_sim.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.report import summary as report
from shengji_sim.results import ROW_DTYPE
from shengji_sim.run import run_dir, sim
from tests.helpers import run_cli
from tests.unit.test_sim import SEED, N, Stop, stop_after


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


@pytest.fixture(scope="module")
def baifen():
    return load_variant("baifen-1deck")


@pytest.fixture(scope="module")
def classic_rows(classic) -> np.ndarray:
    """The uninterrupted run: hands 0..N-1 in one backend call (tests/unit/test_sim.py's)."""
    return sim.reference_chunk(classic, "random", SEED, 0, N)


def test_rows_do_not_depend_on_chunk_size_or_threads(classic, classic_rows, tmp_path) -> None:
    assert np.array_equal(classic_rows["index"], np.arange(N))
    a = sim.run(classic, "random", SEED, N, tmp_path / "a", chunk_size=7, threads=1)
    b = sim.run(classic, "random", SEED, N, tmp_path / "b", chunk_size=30, threads=3)
    assert (a.hands_run, b.hands_run) == (N, N)
    assert len(run_dir.existing_parts(tmp_path / "a")) == 5
    assert np.array_equal(run_dir.read_rows(tmp_path / "a"), classic_rows)
    assert np.array_equal(run_dir.read_rows(tmp_path / "b"), classic_rows)
    sa, sb = report.summary_json(tmp_path / "a"), report.summary_json(tmp_path / "b")
    assert sa["rows_sha256"] == sb["rows_sha256"] and sa["complete"] and sa["hands"] == N


def test_interrupted_run_resumes_to_the_same_rows(classic, classic_rows, tmp_path) -> None:
    out = tmp_path / "run"
    progress, calls = stop_after(2)
    with pytest.raises(Stop):
        sim.run(classic, "random", SEED, N, out, chunk_size=7, progress=progress)
    assert calls == [(7, N), (14, N)]
    assert sorted(run_dir.existing_parts(out)) == [0, 7]
    manifest = run_dir.load_manifest(out)
    assert manifest["hands_written"] == 14 and not manifest["complete"]
    assert not report.summary_json(out)["complete"]
    (out / "rows" / ".part-000000000014.parquet.999.tmp").write_bytes(b"torn")  # a killed write
    res = sim.run(classic, "random", SEED, N, out, resume=True)
    assert (res.hands_skipped, res.hands_run) == (14, 16)
    assert not list((out / "rows").glob(".*.tmp"))
    assert np.array_equal(run_dir.read_rows(out), classic_rows)
    assert run_dir.load_manifest(out)["complete"]
    again = sim.run(classic, "random", SEED, N, out, resume=True)  # nothing left to do
    assert again.hands_run == 0


@pytest.mark.parametrize("first", [14, 10])
def test_shorter_run_extended_by_resume(classic, classic_rows, tmp_path, first) -> None:
    """hands=14 then 30; hands=10 leaves a short last chunk that is recomputed in full."""
    out = tmp_path / "run"
    sim.run(classic, "random", SEED, first, out, chunk_size=7)
    sim.run(classic, "random", SEED, N, out, resume=True)
    assert np.array_equal(run_dir.read_rows(out), classic_rows)


def test_parquet_and_csv_round_trip_the_same_rows(baifen, tmp_path) -> None:
    want = sim.reference_chunk(baifen, "greedy", 5, 0, N)
    for fmt in ("parquet", "csv"):
        out = tmp_path / fmt
        sim.run(baifen, "greedy", 5, N, out, chunk_size=12, rows_format=fmt)
        assert sorted(p.suffix for p in run_dir.existing_parts(out).values()) == ["." + fmt] * 3
        got = run_dir.read_rows(out)
        assert got.dtype == ROW_DTYPE and np.array_equal(got, want)
    extreme = np.zeros(2, ROW_DTYPE)
    extreme["seed"] = 2**64 - 1
    extreme["index"] = [0, 1]
    extreme["attacker_points"] = [-5, 2**31 - 1]
    for fmt in ("parquet", "csv"):
        path = tmp_path / f"x.{fmt}"
        run_dir.write_part(path, extreme, fmt)
        assert np.array_equal(run_dir.read_part(path), extreme)


def test_cli_simulate_writes_summary(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "20",
                             "--seed", "4", "--chunk-size", "8", "--backend", "reference",
                             "--quiet", "--json")
    assert code == 0, err
    out_dir = tmp_path / "runs" / "baifen-1deck-4-random"
    summary = json.loads((out_dir / "summary.json").read_text())
    assert json.loads(out) == summary
    assert summary["hands"] == 20 and summary["complete"]
    assert summary["variant"] == "baifen-1deck" and summary["run"]["root_seed"] == 4
    assert summary["hands_per_second"] > 0
    assert set(summary["versions"]) >= {"numpy", "numba", "pyarrow"}
    assert len(run_dir.existing_parts(out_dir)) == 3

    # the same command again (issue 34): the run is complete, its summary, exit 0
    code, again, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands",
                               "20", "--seed", "4", "--quiet", "--json")
    assert code == 0 and "holds this run, complete: its summary" in err, err
    assert json.loads(again)["hands"] == 20 and json.loads(again)["complete"]
    assert len(run_dir.existing_parts(out_dir)) == 3

    # more hands without --resume, a different run with --resume: one line, exit 2
    for argv, needle in [
        (["--hands", "24"], "3 of 3 chunks written; pass --resume to continue it to 24 hands"),
        (["--resume", "--seed", "5", "--out", str(out_dir)], "seed 4 there, 5 requested"),
        (["--resume", "--players", "greedy", "--out", str(out_dir)], "players"),
        (["--resume", "--chunk-size", "9"], "chunk size 8 there, 9 requested"),
        (["--resume", "--rows-format", "csv"], "rows format"),
        (["--resume", "--hands", "10"], "shrink"),
    ]:
        base = {"--variant": "baifen-1deck", "--hands": "20", "--seed": "4"}
        flags = [a for k, v in base.items() if k not in argv for a in (k, v)]
        code, out, err = run_cli(capsys, "simulate", *flags, *argv, "--quiet")
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (argv, err)
        assert err.startswith("error: ") and needle in err, (argv, err)

    code, out, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "24",
                             "--seed", "4", "--resume", "--quiet", "--json")
    assert code == 0, err
    assert json.loads(out)["hands"] == 24 and json.loads(out)["complete"]
