"""A cold run answers while its kernels compile (issue 34, "A first answer in under a
minute"; shengji_sim/first_answer.py).

The kernels of this test session are cached (``python -m shengji_sim.core.warmup``), so a
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
from pathlib import Path

import numpy as np
import pytest

from shengji_sim import first_answer, sim
from shengji_sim.core import backend
from shengji_sim.variant import load_variant

SEED = 11

#: a child that ends when the file named by its argument exists
WAIT_FOR_FILE = ("import os, sys, time\n"
                 "while not os.path.exists(sys.argv[1]):\n"
                 "    time.sleep(0.005)\n")


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


def _cold(monkeypatch, child: list[str]) -> None:
    monkeypatch.setattr(backend, "whole_hand_cached", lambda variant, players: False)
    monkeypatch.setattr(first_answer, "compile_command", lambda kind: child)


def _ready_after(monkeypatch, hands: int, flag: Path) -> list[int]:
    """The reference's hands, counted; after ``hands`` of them the child may end."""
    played, play = [], first_answer.play_reference_hand

    def counted(variant, seats, root_seed, index):
        played.append(index)
        if len(played) == hands:
            flag.touch()
        return play(variant, seats, root_seed, index)

    monkeypatch.setattr(first_answer, "play_reference_hand", counted)
    return played


def _run(classic, out: Path, hands: int, **kw) -> sim.RunResult:
    return sim.run(classic, "random", SEED, hands, out, chunk_size=20, backend="core",
                   threads=1, **kw)


def test_the_reference_plays_until_the_kernels_are_ready_and_the_core_the_rest(
        classic, tmp_path, monkeypatch) -> None:
    flag = tmp_path / "compiled"
    _cold(monkeypatch, [sys.executable, "-c", WAIT_FOR_FILE, str(flag)])
    played = _ready_after(monkeypatch, 30, flag)
    mixed = _run(classic, tmp_path / "mixed", 70,
                 while_compiling=first_answer.answer_while_compiling)
    alone = _run(classic, tmp_path / "alone", 70)
    assert np.array_equal(sim.read_rows(mixed.out_dir), sim.read_rows(alone.out_dir))
    timing = json.loads((mixed.out_dir / sim.MANIFEST).read_text())["timing"]
    # chunk 0 by the reference, chunk 1 begun by it and finished by the core, 2 and 3 by the core
    assert played == list(range(len(played))) and 30 <= len(played) < 40
    assert timing["reference_hands"] == len(played)
    assert timing["hands"] == 70 - len(played) and timing["compile_seconds"] > 0
    from shengji_sim import report

    summary = report.write_summary(mixed.out_dir)
    assert summary["rows_sha256"] == report.write_summary(alone.out_dir)["rows_sha256"]
    assert f"; {len(played)} hands were played by the reference engine while the kernels " \
           "compiled (same rows)" in report.terminal_summary(summary, mixed.out_dir)


def test_a_run_the_reference_finishes_first_leaves_the_compile_running(classic, tmp_path,
                                                                       monkeypatch) -> None:
    child = [sys.executable, "-c", "import time; time.sleep(600)"]
    _cold(monkeypatch, child)
    started = []
    popen = subprocess.Popen

    def spy(*args, **kwargs):
        started.append(popen(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(first_answer.subprocess, "Popen", spy)
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    result = _run(classic, tmp_path / "r", 24, progress=True,
                  while_compiling=first_answer.answer_while_compiling)
    assert np.array_equal(sim.read_rows(result.out_dir),
                          sim.reference_chunk(classic, "random", SEED, 0, 24))
    assert started and started[0].poll() is None  # still compiling for the next run
    started[0].terminate()
    started[0].wait()
    timing = json.loads((result.out_dir / sim.MANIFEST).read_text())["timing"]
    assert timing["reference_hands"] == 24 and timing["hands"] == 0
    text = stream.getvalue()
    assert text.startswith("compiling the Numba kernels (first run only; cached for later "
                           "runs), 0 s; meanwhile the reference engine plays: no hand played "
                           "yet (provisional)\n")
    assert f"the reference engine played all 24 hands while the kernels compiled; they go on " \
           f"compiling in the background (process {started[0].pid}) for the next run" in text


def test_an_interrupted_run_stops_the_compile_and_keeps_its_chunks(classic, tmp_path,
                                                                   monkeypatch) -> None:
    _cold(monkeypatch, [sys.executable, "-c", "import time; time.sleep(600)"])
    started, popen = [], subprocess.Popen
    monkeypatch.setattr(first_answer.subprocess, "Popen",
                        lambda *a, **k: started.append(popen(*a, **k)) or started[-1])

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        _run(classic, tmp_path / "r", 60, progress=stop,
             while_compiling=first_answer.answer_while_compiling)
    assert started[0].poll() is not None  # stopped with the run
    assert sorted(sim.existing_parts(tmp_path / "r")) == [0]


def test_a_compile_that_fails_fails_the_run_naming_the_child(classic, tmp_path,
                                                              monkeypatch) -> None:
    flag = tmp_path / "go"
    _cold(monkeypatch, [sys.executable, "-c",
                        WAIT_FOR_FILE + "print('numba says no', file=sys.stderr); sys.exit(3)",
                        str(flag)])
    _ready_after(monkeypatch, 5, flag)
    with pytest.raises(RuntimeError, match=r"(?s)compiling the kernels failed in .* \(exit 3\): "
                                           r"numba says no$"):
        _run(classic, tmp_path / "r", 60, while_compiling=first_answer.answer_while_compiling)
    # the chunks the reference finished are kept; --resume continues
    assert sorted(sim.existing_parts(tmp_path / "r")) in ([], [0])


def test_warm_kernels_take_the_usual_path(classic, tmp_path, monkeypatch) -> None:
    """In this session the kernels are cached: no child, no reference hand."""
    monkeypatch.setattr(first_answer, "compile_command",
                        lambda kind: pytest.fail("a child was started"))
    assert backend.whole_hand_cached(classic, "random")
    assert backend.whole_hand_cached(classic, "expert")
    result = _run(classic, tmp_path / "w", 30,
                  while_compiling=first_answer.answer_while_compiling)
    assert "reference_hands" not in json.loads((result.out_dir / sim.MANIFEST).read_text())[
        "timing"]


def test_a_cold_cache_is_told_without_compiling(tmp_path) -> None:
    """``whole_hand_cached`` against an empty compile cache: False, and no kernel compiled."""
    probe = ("import numba.core.event as ev\n"
             "from shengji_sim.core.backend import whole_hand_cached\n"
             "from shengji_sim.variant import load_variant\n"
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
