"""Regression benchmarking (shengji_sim.run.benchmark, ``shengji-sim bench --save/--compare/
--history``): comparison verdicts on synthetic runs, the rounds and the yardstick bracket with
the timings monkeypatched, the planted-slowdown hook, baseline files, the history PNG, and the
CLI round trip (issue 15: "Regression benchmarking that catches a slowdown"). No assertion
depends on a measured time: the 10-in-a-row and planted-slowdown figures are measured and
reported, not unit-tested."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from shengji_sim.run import benchmark
from tests.helpers import run_cli

MACHINE = {"platform": "Linux", "machine": "x86_64", "cpu_model": "CPU A", "cpus": 2}
CASE = "classic-2deck random threads=1 hands=1000"


def _run(relative: float, digest: str = "d1", noise: float = 0.02,
         machine: dict | None = None, **stamps) -> dict:
    case = {"variant": "classic-2deck", "players": "random", "threads": 1, "hands": 1000,
            "seed": 0, "repeats": 20, "relative": relative, "noise": noise,
            "hands_per_cpu_second": 100 * relative, "hands_per_second": 90 * relative,
            "digest": digest}
    return {"format": benchmark.FORMAT, "machine": machine or MACHINE, "yardstick": 100.0,
            "results": [case], **stamps}


def test_an_unchanged_run_passes() -> None:
    rows, failures = benchmark.compare(_run(10.0), _run(9.9))
    assert failures == [] and rows[0]["verdict"] == "ok"
    assert rows[0]["change"] == pytest.approx(-0.01)


def test_a_baseline_20_percent_higher_fails_naming_the_case() -> None:
    rows, failures = benchmark.compare(_run(12.0), _run(10.0))
    assert rows[0]["verdict"] == "SLOWER"
    assert failures == [f"{CASE}: -16.7% hands per yardstick unit (threshold -5%, "
                        "noise band 2.0%)"]


def test_the_threshold_is_a_bound_and_the_noise_band_the_larger_one() -> None:
    rows, failures = benchmark.compare(_run(10.0, noise=0.01), _run(9.6, noise=0.03))
    assert failures == [] and rows[0]["noise"] == 0.03
    _, failures = benchmark.compare(_run(10.0), _run(9.6), threshold=0.03)
    assert len(failures) == 1 and "threshold -3%" in failures[0]
    assert benchmark.noisy(rows, threshold=0.02) == [CASE]
    assert benchmark.noisy(rows) == []


def test_a_changed_digest_fails_even_when_faster() -> None:
    rows, failures = benchmark.compare(_run(10.0, "d1"), _run(20.0, "d2"))
    assert rows[0]["verdict"] == "DIGEST" and failures == [
        f"{CASE}: rows differ (digest d1 -> d2)"]


def test_other_machines_compare_the_relative_figure() -> None:
    """The relative figure is compared whatever the machine: half the hands/s on a machine
    whose yardstick is half as fast is the same relative figure, no slowdown."""
    other = dict(MACHINE, cpu_model="CPU B")
    assert not benchmark.same_machine(_run(10.0), _run(10.0, machine=other))
    rows, failures = benchmark.compare(_run(10.0), _run(10.0, machine=other))
    assert failures == [] and rows[0]["change"] == 0


def test_a_baseline_of_another_machine_shows_speed_without_judging_it() -> None:
    """Issue 34: a baseline saved on an Intel Xeon failed all five cases by 21-31% on an AMD
    EPYC (the yardstick does not carry across CPUs). Across machines a slowdown is shown with
    the verdict "other machine" and fails nothing; a changed digest still fails."""
    other = dict(MACHINE, cpu_model="CPU B")
    rows, failures = benchmark.compare(_run(10.0), _run(7.5, machine=other), judge_speed=False)
    assert failures == [] and rows[0]["verdict"] == "other machine"
    assert round(rows[0]["change"], 3) == -0.25
    rows, failures = benchmark.compare(_run(10.0), _run(7.5, "d2", machine=other),
                                       judge_speed=False)
    assert rows[0]["verdict"] == "DIGEST" and len(failures) == 1
    assert benchmark.machine_words(_run(1.0, machine=other)) == "CPU B x2"


def test_a_case_missing_from_the_run_fails() -> None:
    now = _run(10.0)
    now["results"] = []
    _, failures = benchmark.compare(_run(10.0), now)
    assert failures == [f"{CASE}: not run"]


def test_cli_defaults_are_the_module_defaults() -> None:
    from shengji_sim.cli.bench import bench

    params = {p.name: p.default for p in bench.params}
    assert params["threshold"] == pytest.approx(100 * benchmark.DEFAULT_THRESHOLD)
    assert params["hands"] == benchmark.DEFAULT_HANDS


@pytest.mark.parametrize("name", ["", "../x", ".hidden", "a b"])
def test_bad_baseline_names_are_refused(name, tmp_path: Path) -> None:
    with pytest.raises(benchmark.BenchError, match="baseline name"):
        benchmark.save(_run(1.0), name, tmp_path)


def test_yardstick_is_deterministic_and_positive() -> None:
    assert benchmark.yardstick_nb(100) == benchmark.yardstick_nb(100)
    assert benchmark.yardstick_nb(100) != benchmark.yardstick_nb(101)
    assert benchmark.time_yardstick(100) > 0


def _sample(cpu: float, yardstick: float = 10.0, digest: str = "d") -> dict:
    return {"cpu": cpu, "wall": 2 * cpu, "yardstick": yardstick, "digest": digest}


def test_summarise_takes_medians_of_the_normalised_repeats() -> None:
    """Each repeat is divided by the yardstick timed next to it: a repeat slowed by a load
    burst together with its yardstick counts as unchanged."""
    case = benchmark.Case("v", "random", 1, 1000)
    samples = [_sample(1.0), _sample(2.0, yardstick=5.0), _sample(1.0), _sample(1.25)]
    got = benchmark.summarise(case, 7, samples)
    assert got["relative"] == 100.0  # repeats 100, 100, 100, 80
    assert got["noise"] == pytest.approx(0.05)  # quartiles 95 and 100
    assert got["hands_per_cpu_second"] == 900.0  # median of 1000, 500, 1000, 800
    assert got["hands_per_second"] == 500.0 and got["repeats"] == 4 and got["seed"] == 7
    with pytest.raises(RuntimeError, match="different rows"):
        benchmark.summarise(case, 7, [_sample(1.0, digest="a"), _sample(1.0, digest="b")])


def _fake_core(monkeypatch) -> list:
    """run_chunk replaced by a recorder returning empty rows: (variant, count) per call."""
    from shengji_sim.core.runtime import backend

    calls = []

    def run_chunk(variant, players, seed, start, count, threads=1):
        calls.append((variant.name, count))
        return np.zeros((count, 2), np.int64)

    monkeypatch.setattr(backend, "run_chunk", run_chunk)
    return calls


class _Variant:
    def __init__(self, name: str) -> None:
        self.name = name


def test_rounds_alternate_the_case_order(monkeypatch) -> None:
    calls = _fake_core(monkeypatch)
    monkeypatch.delenv(benchmark.PLANT_ENV, raising=False)
    cases = [benchmark.Case("a", "random", 1, 30), benchmark.Case("b", "random", 1, 40)]
    result = benchmark.run([_Variant("a"), _Variant("b")], cases, 0, 3)
    timed = [("a", 30), ("b", 40), ("b", 40), ("a", 30), ("a", 30), ("b", 40)]
    assert calls == [("a", 8), ("b", 8)] + [c for c in timed for _ in range(2)]  # warm, timed
    assert [r["repeats"] for r in result["results"]] == [3, 3] and "plant" not in result
    assert {"commit", "commit_date", "machine", "versions", "yardstick"} <= set(result)


def test_the_planted_slowdown_replays_a_fraction_inside_the_timing(monkeypatch) -> None:
    calls = _fake_core(monkeypatch)
    monkeypatch.setenv(benchmark.PLANT_ENV, "0.10")
    result = benchmark.run([_Variant("a")], [benchmark.Case("a", "random", 1, 500)], 0, 2)
    warm, timed, replay = ("a", benchmark.WARM_HANDS), ("a", 500), ("a", 50)
    assert calls == [("a", 8), warm, timed, replay, warm, timed, replay]
    assert result["plant"] == 0.10


@pytest.mark.parametrize("value", ["x", "-0.1", "2"])
def test_a_bad_planted_fraction_is_refused(monkeypatch, value: str) -> None:
    monkeypatch.setenv(benchmark.PLANT_ENV, value)
    with pytest.raises(benchmark.BenchError, match=benchmark.PLANT_ENV):
        benchmark.planted_fraction()


def _fixed_timings(monkeypatch) -> None:
    """time_case and the yardstick return fixed figures: relative 100 for every case, digest
    'd0'."""
    monkeypatch.delenv(benchmark.PLANT_ENV, raising=False)
    monkeypatch.setattr(benchmark, "time_yardstick", lambda: 10.0)
    monkeypatch.setattr(benchmark, "time_case",
                        lambda variant, case, seed, plant=0.0: _sample(case.hands / 1000,
                                                                       digest="d0"))


def test_cli_unknown_baseline_is_one_line_exit_2(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "bench", "--compare", "nope")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no baseline 'nope'" in err


def test_cli_bad_planted_fraction_is_one_line_exit_2(capsys, monkeypatch) -> None:
    monkeypatch.setenv(benchmark.PLANT_ENV, "lots")
    code, out, err = run_cli(capsys, "bench", "--variant", "baifen-1deck", "--hands", "5")
    assert code == 2 and out == "" and err.count("\n") == 1 and "'lots'" in err


def test_baselines_come_in_commit_order_and_foreign_files_are_skipped(tmp_path: Path) -> None:
    for name, date in (("b", "2026-11-02T00:00:00+00:00"), ("a", "2026-11-02T09:00:00+10:00"),
                       ("c", "2026-11-01T20:00:00-02:00")):  # UTC: b 2 Nov 0h, a 1 Nov 23h, c 22h
        benchmark.save(_run(1.0, commit=name * 40, commit_date=date), name, tmp_path)
    (tmp_path / "old.json").write_text('{"format": "shengji-sim-bench/1"}')
    saved, skipped = benchmark.baselines(tmp_path)
    assert [b["name"] for b in saved] == ["c", "a", "b"]  # in time, not as text
    assert len(skipped) == 1 and "old.json" in skipped[0]


def test_cli_history_writes_a_png(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "benchmarks" / "baselines"
    for i, relative in enumerate((10.0, 9.0, 11.0)):
        run = _run(relative, commit=f"{i}" * 40, commit_date=f"2026-11-0{i + 1}T00:00:00Z")
        benchmark.save(run, f"v{i}", root)
    code, out, err = run_cli(capsys, "bench", "--history", "--out", "plots/h.png")
    assert code == 0 and "plots/h.png (3 baselines)" in err
    png = (tmp_path / "plots" / "h.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000


def test_history_draws_one_line_per_machine(tmp_path: Path, monkeypatch) -> None:
    """The same case on two machines is two lines: their figures are not comparable."""
    from matplotlib.axes import Axes

    labels, errorbar = [], Axes.errorbar

    def spy(self, *args, label=None, **kwargs):
        labels.append(label)
        return errorbar(self, *args, label=label, **kwargs)

    monkeypatch.setattr(Axes, "errorbar", spy)
    saved = [_run(10.0, commit="a" * 40), _run(6.0, commit="b" * 40,
                                                machine=dict(MACHINE, cpu_model="CPU B"))]
    benchmark.plot_history(saved, tmp_path / "h.png")
    assert [x for x in labels if x] == [f"{CASE.rsplit(' ', 1)[0]}, CPU A x2",
                                        f"{CASE.rsplit(' ', 1)[0]}, CPU B x2"]


def test_cli_history_without_baselines_is_one_line_exit_2(capsys, tmp_path: Path,
                                                          monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "bench", "--history")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no baselines" in err
    code, _, err = run_cli(capsys, "bench", "--history", "--save", "x")
    assert code == 2 and "--history" in err
