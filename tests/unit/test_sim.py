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
