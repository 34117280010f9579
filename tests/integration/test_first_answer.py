"""A cold run answers while its kernels compile (issue 34, "A first answer in under a
minute"; shengji_sim/run/first_answer.py).

The kernels of this test session are cached (``python -m shengji_sim.core.runtime.warmup``), so a
cold cache is stood in for: ``whole_hand_cached`` answers False and the compiling child is a
small process that ends when the test says (or never, or with an error). The reference engine
and the core then play the same run as a core run alone: same rows.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime import backend
from shengji_sim.run import first_answer, run_dir, sim

SEED = 11

#: a child that ends when the file named by its argument exists
WAIT_FOR_FILE = ("import os, sys, time\n"
                 "while not os.path.exists(sys.argv[1]):\n"
                 "    time.sleep(0.005)\n")


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


def _cold(monkeypatch, tmp_path: Path, child: list[str]) -> list[subprocess.Popen]:
    """A cold cache stood in for; the compiling child is ``child``; the lock file is the
    test's own. Returns the children started, as they start."""
    monkeypatch.setattr(backend, "whole_hand_cached", lambda variant, players: False)
    monkeypatch.setattr(first_answer, "compile_command", lambda kind: child)
    monkeypatch.setattr(first_answer, "compile_lock", lambda kind: tmp_path / f"{kind}.lock")
    started, popen = [], subprocess.Popen
    monkeypatch.setattr(first_answer.subprocess, "Popen",
                        lambda *a, **k: started.append(popen(*a, **k)) or started[-1])
    return started


def _ready_after(monkeypatch, hands: int, flag: Path, started) -> list[int]:
    """The reference's hands, counted; after ``hands`` of them the child ends (waited for,
    so that exactly ``hands`` are the reference's)."""
    played, play = [], first_answer.play_reference_hand

    def counted(variant, seats, root_seed, index):
        played.append(index)
        if len(played) == hands:
            flag.touch()
            started[0].wait()
        return play(variant, seats, root_seed, index)

    monkeypatch.setattr(first_answer, "play_reference_hand", counted)
    return played


def _run(classic, out: Path, hands: int, **kw) -> sim.RunResult:
    return sim.run(classic, "random", SEED, hands, out, chunk_size=20, backend="core",
                   threads=1, **kw)


def _answered(classic, out: Path, hands: int, monkeypatch) -> tuple[sim.RunResult, str]:
    """A cold run with a visible line (stderr captured), checked to give the reference's
    rows; the run and what it wrote on stderr."""
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    result = _run(classic, out, hands, progress=True,
                  while_compiling=first_answer.answer_while_compiling)
    assert np.array_equal(run_dir.read_rows(result.out_dir),
                          sim.reference_chunk(classic, "random", SEED, 0, hands))
    return result, stream.getvalue()


def test_the_reference_plays_until_the_kernels_are_ready_and_the_core_the_rest(
        classic, tmp_path, monkeypatch) -> None:
    flag = tmp_path / "compiled"
    started = _cold(monkeypatch, tmp_path, [sys.executable, "-c", WAIT_FOR_FILE, str(flag)])
    played = _ready_after(monkeypatch, 30, flag, started)
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    mixed = _run(classic, tmp_path / "mixed", 70, progress=True,
                 while_compiling=first_answer.answer_while_compiling)
    alone = _run(classic, tmp_path / "alone", 70)
    assert np.array_equal(run_dir.read_rows(mixed.out_dir), run_dir.read_rows(alone.out_dir))
    timing = json.loads((mixed.out_dir / run_dir.MANIFEST).read_text())["timing"]
    # hands 0-29 by the reference (the 30th after the child ended): chunk 0 and the first 10
    # of chunk 1, whose rest and chunks 2 and 3 the core plays
    assert played == list(range(30))
    assert timing["reference_hands"] == 30 and timing["hands"] == 40
    assert timing["compile_seconds"] > 0 and timing["seconds"] >= 0
    assert "kernels compiled in " in stream.getvalue()
    from shengji_sim.report import summary as report

    summary = report.write_summary(mixed.out_dir)
    assert summary["rows_sha256"] == report.write_summary(alone.out_dir)["rows_sha256"]
    assert "; 30 hands were played by the reference engine while the kernels compiled (same " \
           "rows)" in report.terminal_summary(summary, mixed.out_dir)


def test_a_run_the_reference_finishes_first_leaves_the_compile_running(classic, tmp_path,
                                                                       monkeypatch) -> None:
    started = _cold(monkeypatch, tmp_path,
                    [sys.executable, "-c", "import time; time.sleep(600)"])
    result, out = _answered(classic, tmp_path / "r", 24, monkeypatch)
    assert started and started[0].poll() is None  # still compiling for the next run
    try:
        # a second cold run finds the lock held: it starts no compile and waits for that one
        text = io.StringIO()
        monkeypatch.setattr(sys, "stderr", text)
        _run(classic, tmp_path / "r2", 3, progress=True,
             while_compiling=first_answer.answer_while_compiling)
        assert len(started) == 1
        assert text.getvalue().startswith("waiting for another run's compile of the Numba "
                                          "kernels, 0 s;")
        assert "another run's compile goes on for the next run" in text.getvalue()
    finally:
        started[0].terminate()
        started[0].wait()
    timing = json.loads((result.out_dir / run_dir.MANIFEST).read_text())["timing"]
    assert timing["reference_hands"] == 24 and timing["hands"] == 0
    assert out.startswith("compiling the Numba kernels (first run only; cached for later "
                          "runs), 0 s; meanwhile the reference engine plays: no hand played "
                          "yet (provisional)\n")
    assert f"the reference engine played the run's last 24 hands while the kernels compiled; " \
           f"they go on compiling in the background (process {started[0].pid}) for the next " \
           f"run" in out


#: a child that starts a grandchild (writing its pid to the file named by its argument) and
#: waits: both must stop with an interrupted run
WITH_GRANDCHILD = ("import subprocess, sys, time\n"
                   "g = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
                   "open(sys.argv[1], 'w').write(str(g.pid))\n"
                   "time.sleep(600)\n")


def _gone(pid: int) -> bool:
    """No such process, or a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


def test_an_interrupted_run_stops_the_compile_and_what_it_started(classic, tmp_path,
                                                                   monkeypatch) -> None:
    pid_file = tmp_path / "grandchild"
    started = _cold(monkeypatch, tmp_path,
                    [sys.executable, "-c", WITH_GRANDCHILD, str(pid_file)])

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        while not pid_file.exists() or not pid_file.read_text():
            time.sleep(0.01)
        raise Stop

    with pytest.raises(Stop):
        _run(classic, tmp_path / "r", 60, progress=stop,
             while_compiling=first_answer.answer_while_compiling)
    grandchild = int(pid_file.read_text())
    assert started[0].poll() is not None  # stopped with the run
    for _ in range(500):  # the grandchild had its SIGTERM; give it a moment to go
        if _gone(grandchild):
            break
        time.sleep(0.01)
    assert _gone(grandchild)
    assert sorted(run_dir.existing_parts(tmp_path / "r")) == [0]


def test_a_compile_that_fails_is_said_and_the_run_compiles_itself(classic, tmp_path,
                                                                    monkeypatch) -> None:
    flag = tmp_path / "go"
    started = _cold(monkeypatch, tmp_path, [
        sys.executable, "-c",
        WAIT_FOR_FILE + "print('numba says no', file=sys.stderr); sys.exit(3)", str(flag)])
    _ready_after(monkeypatch, 5, flag, started)
    _, text = _answered(classic, tmp_path / "r", 30, monkeypatch)
    assert "compiling in the background failed (" in text
    assert ": exit 3, numba says no); compiling here" in text


def test_warm_kernels_take_the_usual_path(classic, tmp_path, monkeypatch) -> None:
    """In this session the kernels are cached: no child, no reference hand."""
    monkeypatch.setattr(first_answer, "compile_command",
                        lambda kind: pytest.fail("a child was started"))
    assert backend.whole_hand_cached(classic, "random")
    assert backend.whole_hand_cached(classic, "expert")
    result = _run(classic, tmp_path / "w", 30,
                  while_compiling=first_answer.answer_while_compiling)
    assert "reference_hands" not in json.loads((result.out_dir / run_dir.MANIFEST).read_text())[
        "timing"]


def test_a_cold_cache_is_told_without_compiling(tmp_path) -> None:
    """``whole_hand_cached`` against an empty compile cache: False, and no kernel compiled."""
    probe = ("import numba.core.event as ev\n"
             "from shengji_sim.core.runtime.backend import whole_hand_cached\n"
             "from shengji_sim.config.variant import load_variant\n"
             "with ev.install_recorder('numba:compile') as rec:\n"
             "    cached = whole_hand_cached(load_variant('classic-2deck'), 'random')\n"
             "print(cached, len(rec.buffer))\n")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "empty"))
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["False", "0"]


def test_the_line_off_a_terminal_says_what_it_does_and_the_provisional_answer() -> None:
    stream = io.StringIO()
    line = first_answer.ProvisionalLine(True, stream)
    for holds in (True, False, True, True):
        line.add(holds)
    assert line.answer() == "dealer side holds 75.0% [30.1% to 95.4%] in 4 hands"
    line.close("done")
    assert stream.getvalue().splitlines() == [
        "compiling the Numba kernels (first run only; cached for later runs), 0 s; meanwhile "
        "the reference engine plays: no hand played yet (provisional)", "done"]
