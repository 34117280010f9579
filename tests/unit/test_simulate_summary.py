"""``simulate``'s short terminal summary, its ``--json`` switch, and the compile step that keeps
compile time out of the run's hands per second (issue: a first run printed nothing for minutes,
then 245 lines of JSON whose ``hands_per_second`` counted compilation as play)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import numpy as np

from shengji_sim import stats
from shengji_sim.config.variant import load_variant
from shengji_sim.report import summary as report
from shengji_sim.run import run_dir, sim
from tests.helpers import run_cli


def test_short_summary_states_hold_rate_interval_points_speed_and_where_rows_are(
        capsys, tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "30",
                              "--seed", "3", "--backend", "reference", "--out", str(out),
                              "--quiet")
    assert code == 0, err
    summary = json.loads((out / "summary.json").read_text())
    lo, hi = summary["dealer_win"]["ci95"]
    assert f"{stats.percent(summary['dealer_win']['rate'])} " in text
    assert f"95% Wilson interval {stats.percent_range(lo, hi)})" in text
    assert f"mean {summary['attacker_points']['mean']:.1f}" in text
    assert "hands/s of play" in text
    assert f"rows: {out / 'rows'}/" in text and str(out / "summary.json") in text
    assert len(text.splitlines()) <= 10 and "{" not in text


def test_json_flag_prints_the_summary_file(capsys, tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, text, err = run_cli(capsys, "simulate", "--variant", "baifen-1deck", "--hands", "5",
                              "--backend", "reference", "--out", str(out), "--quiet", "--json")
    assert code == 0, err
    assert json.loads(text) == json.loads((out / "summary.json").read_text())


def test_level_changes_name_each_side() -> None:
    text = report._level_changes({"0": 3, "1": 1, "2": 4}, 8)
    assert text == ("3 hold the level (37.5%, 95% CI 13.7% to 69.4%), "
                    "1 up 1 level (12.5%, 95% CI 2.2% to 47.1%), "
                    "4 up 2 levels (50.0%, 95% CI 21.5% to 78.5%)")


def test_a_rare_level_change_prints_its_share_and_interval() -> None:
    """The README's run printed "14 up 3 levels (0.1%, 95% CI <0.1% to 0.1%)": a share that
    reads as its own upper bound, and a lower bound without a number. Shares near 0% keep
    two significant digits (report.percent), as the strategies report's do."""
    text = report._level_changes({"3": 14, "5": 9}, 20000)
    assert text == ("14 up 3 levels (0.070%, 95% CI 0.042% to 0.117%), "
                    "9 up 5 levels (0.045%, 95% CI 0.024% to 0.086%)")


def test_compile_step_is_timed_apart_from_play(tmp_path: Path, monkeypatch) -> None:
    """A backend's compile step runs once before the chunks; its seconds go to
    ``timing.compile_seconds``, never into the play time behind ``hands_per_second``. The
    clock is a fake one that the compile step moves 100 s ahead."""
    clock = [0.0]

    def perf_counter() -> float:
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(sim.time, "perf_counter", perf_counter)
    calls = []

    def compile_step(variant, players, threads, on_compile):
        calls.append((variant.name, players))
        clock[0] += 100.0
        return 100.0

    sim.register_backend("test-compiling", sim.get_backend("reference"),
                         compile_step=compile_step, replace=True)
    try:
        variant = load_variant("baifen-1deck")
        sim.run(variant, "random", 1, 6, tmp_path / "run", backend="test-compiling")
        sim.run(variant, "random", 1, 6, tmp_path / "run", backend="test-compiling",
                resume=True)  # nothing left to do: nothing compiled
    finally:
        sim._BACKENDS.pop("test-compiling")
        sim._COMPILE_STEPS.pop("test-compiling")
    assert calls == [("baifen-1deck", "random")]
    timing = run_dir.load_manifest(tmp_path / "run")["timing"]
    assert timing["compile_seconds"] == 100.0
    assert timing["hands"] == 6 and 0 < timing["seconds"] < 1.0
    summary = report.summary_json(tmp_path / "run")
    assert summary["compile_seconds"] == 100.0
    assert np.isclose(summary["hands_per_second"], 6 / timing["seconds"])


class _Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


def test_compile_line_off_a_terminal_is_a_start_and_an_end_line() -> None:
    stream = _Pipe()
    line = sim.CompileLine(stream)
    for kernels in range(4):
        line(kernels, 0.5 * kernels, False)
    line(3, 2.0, True)
    line.close()
    assert stream.getvalue().splitlines() == [
        "compiling the Numba kernels (first run only; cached for later runs) ...",
        "compiling the Numba kernels (first run only; cached for later runs): 3 compiled, 2 s"
        " - done",
    ]


def test_commands_that_compile_inside_their_work_show_the_compile_line(capsys) -> None:
    """Issue 34: ``diff`` was silent for 138 s cold. ``showing_compiles`` draws the compile
    line for whatever Numba compiles inside its block (here a kernel made for the test, never
    cached), and nothing for a block that compiles nothing."""
    import numba

    @numba.njit(cache=False)
    def fresh(x):
        return x + 1

    with sim.showing_compiles():
        assert fresh(1) == 2
    with sim.showing_compiles():
        assert fresh(2) == 3  # compiled already: no line
    with sim.showing_compiles(False):
        assert fresh(2.5) == 3.5  # another signature compiles, but nothing is to be shown
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert err[0] == "compiling the Numba kernels (first run only; cached for later runs) ..."
    assert re.fullmatch(r"compiling the Numba kernels \(first run only; cached for later "
                        r"runs\): 1 compiled, \d+ s - done", err[1]), err[1]


def test_compile_line_says_nothing_when_everything_is_cached() -> None:
    stream = _Pipe()
    sim.CompileLine(stream).close()
    assert stream.getvalue() == ""
