"""The batch runner and the run summary (shengji_sim.run.sim, shengji_sim.report.summary,
`simulate`).

A row depends on (variant, players, root_seed, index) only: chunk size, threads, an
interruption plus --resume, and the rows file format never change the rows.
"""

from __future__ import annotations

import json
import math
import shlex
from pathlib import Path

import numpy as np
import pytest

from shengji_sim import stats
from shengji_sim.config.variant import load_variant
from shengji_sim.report import summary as report
from shengji_sim.results import ROW_DTYPE
from shengji_sim.run import run_dir, sim
from tests.helpers import run_cli

N = 30
SEED = 11


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


@pytest.fixture(scope="module")
def baifen():
    return load_variant("baifen-1deck")


@pytest.fixture(scope="module")
def classic_rows(classic) -> np.ndarray:
    """The uninterrupted run: hands 0..N-1 in one backend call."""
    return sim.reference_chunk(classic, "random", SEED, 0, N)


class Stop(Exception):
    pass


def stop_after(chunks: int):
    calls = []

    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        if len(calls) == chunks:
            raise Stop

    return progress, calls


# ---------------------------------------------------------------- rows never change


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


# ------------------------------------------------------------------------- backends


def test_backend_registry(classic, classic_rows, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sim, "_BACKENDS", dict(sim._BACKENDS))
    assert "reference" in sim.backends()
    if "core" not in sim.backends():
        assert sim.default_backend() == "reference"

    def reversed_work(variant, players, root_seed, start, count, threads):
        rows = np.empty(count, ROW_DTYPE)
        for i in reversed(range(count)):  # another order, same rows
            rows[i] = sim.reference_chunk(variant, players, root_seed, start + i, 1)[0]
        return rows

    sim.register_backend("test-reversed", reversed_work)
    sim.run(classic, "random", SEED, N, tmp_path / "r", chunk_size=13, backend="test-reversed")
    assert np.array_equal(run_dir.read_rows(tmp_path / "r"), classic_rows)

    sim.register_backend("test-bad", lambda v, p, s, start, count, t: np.zeros(count, ROW_DTYPE))
    with pytest.raises(RuntimeError, match="not in index order"):
        sim.run(classic, "random", SEED, 3, tmp_path / "bad", backend="test-bad")
    with pytest.raises(run_dir.SimError, match="unknown backend 'nope'"):
        sim.run(classic, "random", SEED, 3, tmp_path / "nope", backend="nope")


# --------------------------------------------------------------------- engine defects

BAD_HAND = 17  # in the third chunk of 7: hands 14..20


@pytest.fixture
def reference_defect(monkeypatch):
    """The reference engine raises inside hand BAD_HAND (as a rules defect would) and plays
    every other hand as usual; ``reference_defect()`` repairs it."""
    from shengji_sim.rules import game

    real = game.play_hand

    def play_hand(variant, seats, root_seed, index, *args, **kwargs):
        if index == BAD_HAND:
            raise game.GameError(f"injected defect in hand {index}")
        return real(variant, seats, root_seed, index, *args, **kwargs)

    monkeypatch.setattr(game, "play_hand", play_hand)
    return lambda: monkeypatch.setattr(game, "play_hand", real)


def test_hand_failure_keeps_earlier_chunks_and_resume_retries_its_chunk(
        classic, classic_rows, tmp_path, reference_defect) -> None:
    out = tmp_path / "run"
    with pytest.raises(sim.HandFailure) as failed:
        sim.run(classic, "random", SEED, N, out, chunk_size=7, backend="reference")
    assert (failed.value.index, failed.value.engine) == (BAD_HAND, "reference")
    assert failed.value.reason == f"GameError: injected defect in hand {BAD_HAND}"
    assert not isinstance(failed.value, ValueError)  # never reported as bad input
    assert sorted(run_dir.existing_parts(out)) == [0, 7]
    assert not list((out / "rows").glob(".*"))  # no torn part of the failing chunk
    manifest = run_dir.load_manifest(out)
    assert manifest["hands_written"] == 14 and not manifest["complete"]
    assert np.array_equal(run_dir.read_rows(out), classic_rows[:14])

    with pytest.raises(sim.HandFailure, match=f"hand {BAD_HAND}: reference engine"):
        sim.run(classic, "random", SEED, N, out, backend="reference", resume=True)  # again
    assert sorted(run_dir.existing_parts(out)) == [0, 7]
    assert run_dir.load_manifest(out)["hands_written"] == 14

    reference_defect()  # the defect is fixed: resume completes the run
    res = sim.run(classic, "random", SEED, N, out, backend="reference", resume=True)
    assert (res.hands_skipped, res.hands_run) == (14, 16)
    assert run_dir.load_manifest(out)["complete"]
    assert np.array_equal(run_dir.read_rows(out), classic_rows)


def test_cli_simulate_hand_failure_is_one_line_exit_1_and_resume_completes(
        capsys, classic_rows, tmp_path, reference_defect) -> None:
    out = tmp_path / "run"
    argv = ["simulate", "--variant", "classic-2deck", "--hands", str(N), "--seed", str(SEED),
            "--out", str(out), "--chunk-size", "7", "--backend", "reference", "--quiet"]
    code, stdout, err = run_cli(capsys, *argv)
    assert (code, stdout) == (1, "")
    assert err == (f"engine defect: hand {BAD_HAND} of classic-2deck (seed {SEED}, players "
                   f"random): reference engine: GameError: injected defect in hand {BAD_HAND}; "
                   f"replay: shengji-sim play --engine reference --seed {SEED} --index "
                   f"{BAD_HAND} --variant classic-2deck --players random\n")
    assert sorted(run_dir.existing_parts(out)) == [0, 7]
    replay = shlex.split(err.split("; replay: ")[1])[1:]  # without "shengji-sim"
    assert run_cli(capsys, *replay) == (1, "", err)  # the replay reports the same line
    reference_defect()
    code, stdout, err = run_cli(capsys, *argv, "--resume", "--json")
    assert code == 0, err
    assert json.loads(stdout)["complete"]
    assert np.array_equal(run_dir.read_rows(out), classic_rows)


# -------------------------------------------------------------------------- summary


def test_summary_matches_a_hand_computation() -> None:
    rows = np.zeros(5, ROW_DTYPE)
    rows["index"] = np.arange(5)
    rows["winner_side"] = [0, 0, 1, 2, 0]  # 3 dealer wins; the "nobody" hand is not one
    rows["levels"] = [1, 2, 1, 0, 1]
    rows["attacker_points"] = [10, 35, 80, 45, 0]
    rows["kitty_multiplier"] = [0, 2, 4, 0, 0]
    rows["kitty_awarded"] = [0, 10, 40, 0, 0]
    rows["throws"], rows["throws_failed"] = [1, 0, 2, 0, 0], [1, 0, 0, 0, 0]
    rows["trump"] = [4, 0, 0, 1, 3]
    rows["follow_follow_1"] = [3, 0, 1, 0, 0]
    rows["jj4_rows_2"] = [0b101, 0b001, 0, 0, 0]
    # Wilson 95 %: p = 3/5, z = 1.959964
    z, n, p = 1.959963984540054, 5, 0.6
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    for chunks in ([rows], [rows[:2], rows[2:3], rows[3:]]):  # streaming changes nothing
        s = report.summarize(chunks)
        win = s["dealer_win"]
        assert s["hands"] == 5 and win["wins"] == 3 and win["rate"] == 0.6
        lo, hi = s["dealer_win"]["ci95"]
        assert lo == pytest.approx(centre - half) and hi == pytest.approx(centre + half)
        assert (round(lo, 4), round(hi, 4)) == (0.2307, 0.8824)  # published table value
        pts = s["attacker_points"]
        std = np.std(rows["attacker_points"], ddof=1)
        assert pts["mean"] == 34.0 and pts["std"] == pytest.approx(std)
        assert pts["histogram"] == {"bin_width": 10, "edges": [0, 10, 20, 30, 40, 50, 60, 70,
                                                                 80, 90],
                                    "counts": [1, 1, 0, 1, 1, 0, 0, 0, 1]}
        assert s["level_changes"] == {"dealer": {"1": 2, "2": 1}, "attackers": {"1": 1},
                                      "none": {"0": 1}}
        assert s["kitty"] == {"multiplier": {"0": 3, "2": 1, "4": 1}, "mean_awarded": 10.0,
                              "hands_awarded": 2}
        assert (s["throws"]["tried"], s["throws"]["failed"]) == (3, 1)
        assert s["trump"] == {"S": 2, "H": 1, "C": 0, "D": 1, "NT": 1}
        assert s["follow_rules"]["FOLLOW-1"] == 4
        assert s["jj4_table_rows"]["FOLLOW-6"] == {"1": 2, "3": 1}
        assert s["contiguous"]
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)
    assert stats.wilson_interval(0, 10)[0] == 0.0 and stats.wilson_interval(10, 10)[1] == 1.0


# ------------------------------------------------------------------------------ CLI


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


@pytest.mark.parametrize("argv, needle", [
    (["--hands", "0"], "--hands 0"),
    (["--hands", "-3"], "--hands -3"),
    (["--hands", "5", "--backend", "nope"], "unknown backend 'nope'"),
    (["--hands", "5", "--chunk-size", "0"], "--chunk-size 0"),
    (["--hands", "5", "--players", "bot"], "--players"),
])
def test_simulate_bad_input_exits_2(capsys, tmp_path: Path, argv, needle) -> None:
    code, out, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--out",
                             str(tmp_path / "r"), *argv, "--quiet")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert needle in err
    assert not (tmp_path / "r" / "rows").exists()


def test_out_dir_with_foreign_part_files_is_refused(capsys, tmp_path: Path) -> None:
    (tmp_path / "r" / "rows").mkdir(parents=True)
    (tmp_path / "r" / "rows" / "part-000000000000.csv").write_text("x\n")
    code, _, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "2",
                           "--out", str(tmp_path / "r"), "--quiet")
    assert code == 2 and "no run.json" in err


@pytest.mark.parametrize("make", ["docs", "diff"])
def test_out_dir_of_other_files_is_refused_before_writing(capsys, tmp_path: Path,
                                                          make: str) -> None:
    """Issue 34: ``--out docs`` wrote ``rows/`` and ``run.json`` into the repository's docs;
    a directory holding other files and no run.json is refused, one line, nothing written."""
    out = tmp_path / make
    out.mkdir()
    (out / ("RULES.md" if make == "docs" else "diff.json")).write_text("x")
    before = sorted(p.name for p in out.iterdir())
    code, text, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "2",
                              "--out", str(out), "--quiet")
    assert code == 2 and text == "" and err.count("\n") == 1
    assert f"{out} is not a run directory (it holds " in err and "no run.json" in err
    assert sorted(p.name for p in out.iterdir()) == before


def test_resume_on_a_new_directory_says_it_starts_fresh(capsys, tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "4",
                           "--backend", "reference", "--out", str(tmp_path / "new"),
                           "--resume", "--quiet")
    assert code == 0 and "holds no run yet; starting it fresh" in err, err
    assert run_dir.load_manifest(tmp_path / "new")["complete"]


def test_unreadable_run_files_are_sim_errors(baifen, tmp_path: Path) -> None:
    """Files of a run directory that cannot be read (the user's to fix) are bad input, a
    SimError naming the file, never a bare OSError or pyarrow error."""
    (tmp_path / "m" / run_dir.MANIFEST).mkdir(parents=True)  # run.json is a directory
    with pytest.raises(run_dir.SimError, match="cannot read the manifest"):
        run_dir.load_manifest(tmp_path / "m")
    (tmp_path / "u").mkdir()
    (tmp_path / "u" / run_dir.MANIFEST).write_bytes(b"\xff\xfe")
    with pytest.raises(run_dir.SimError, match="not UTF-8"):
        run_dir.load_manifest(tmp_path / "u")
    part = tmp_path / "part-000000000000.parquet"
    part.write_bytes(b"not parquet")
    with pytest.raises(run_dir.SimError, match="unreadable part file"):
        run_dir.read_part(part)
    (tmp_path / "file").write_text("")
    with pytest.raises(run_dir.SimError, match="cannot create the run directory"):
        sim.run(baifen, "random", 0, 2, tmp_path / "file" / "run", backend="reference")


def test_sigterm_keeps_written_chunks_and_resume_completes(classic_rows, tmp_path) -> None:
    """A real process stopped by SIGTERM mid-run; --resume ends with the uninterrupted rows."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "run"
    argv = [sys.executable, "-m", "shengji_sim", "simulate", "--variant", "classic-2deck",
            "--hands", str(N), "--seed", str(SEED), "--out", str(out), "--chunk-size", "3",
            "--backend", "reference", "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(Path(sim.__file__).parents[2])}
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 30
    while not run_dir.existing_parts(out) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "--resume" in err.decode()
    written = run_dir.existing_parts(out)
    assert 0 < len(written) < 10 and not list((out / "rows").glob(".*"))
    res = subprocess.run(argv + ["--resume", "--json"], capture_output=True, env=env,
                         timeout=60)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["complete"]
    assert np.array_equal(run_dir.read_rows(out), classic_rows)
