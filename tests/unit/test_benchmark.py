"""Regression benchmarking (shengji_sim.benchmark, ``shengji-sim bench --save/--compare``):
comparison verdicts on synthetic runs, the yardstick, baseline files, and the CLI round trip
(issue: "Regression benchmarking that catches a slowdown anywhere")."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from shengji_sim import benchmark
from tests.helpers import run_cli

MACHINE = {"platform": "Linux", "machine": "x86_64", "cpu_model": "CPU A", "cpus": 2}


def _run(rate: float, digest: str = "d1", yardstick: float = 100.0, spread: float = 0.02,
         machine: dict | None = None) -> dict:
    case = {"variant": "classic-2deck", "players": "random", "threads": 1, "hands": 1000,
            "seed": 0, "repeats": 5, "hands_per_second": rate, "median": rate,
            "spread": spread, "relative": rate / yardstick, "digest": digest}
    return {"format": benchmark.FORMAT, "machine": machine or MACHINE,
            "yardstick": yardstick, "results": [case]}


def test_an_unchanged_run_passes() -> None:
    rows, failures = benchmark.compare(_run(1000.0), _run(990.0))
    assert failures == [] and rows[0]["verdict"] == "ok"
    assert rows[0]["change"] == pytest.approx(-0.01)


def test_a_baseline_20_percent_faster_fails_naming_the_case() -> None:
    rows, failures = benchmark.compare(_run(1200.0), _run(1000.0))
    assert rows[0]["verdict"] == "SLOWER"
    assert failures == ["classic-2deck random threads=1 hands=1000: -16.7% hands_per_second "
                        "(threshold -7%, noise band 2.0%)"]


def test_a_changed_digest_fails_even_when_faster() -> None:
    rows, failures = benchmark.compare(_run(1000.0, "d1"), _run(2000.0, "d2"))
    assert rows[0]["verdict"] == "DIGEST" and "digest d1 -> d2" in failures[0]


def test_other_machines_compare_relative_to_the_yardstick() -> None:
    """Half the hands/s on a machine whose yardstick is half as fast is no slowdown."""
    other = dict(MACHINE, cpu_model="CPU B")
    rows, failures = benchmark.compare(_run(1000.0), _run(500.0, yardstick=50.0,
                                                          machine=other))
    assert failures == [] and rows[0]["measure"] == "relative"
    rows, failures = benchmark.compare(_run(1000.0), _run(500.0, machine=other))
    assert rows[0]["verdict"] == "SLOWER"


def test_a_case_missing_from_the_run_fails() -> None:
    now = _run(1000.0)
    now["results"] = []
    _, failures = benchmark.compare(_run(1000.0), now)
    assert failures == ["classic-2deck random threads=1 hands=1000: not run"]


def test_threshold_is_the_cli_default() -> None:
    from shengji_sim.cli import bench

    threshold = next(p for p in bench.params if p.name == "threshold")
    assert threshold.default == pytest.approx(100 * benchmark.DEFAULT_THRESHOLD)


@pytest.mark.parametrize("name", ["", "../x", ".hidden", "a b"])
def test_bad_baseline_names_are_refused(name, tmp_path: Path) -> None:
    with pytest.raises(benchmark.BenchError, match="baseline name"):
        benchmark.save(_run(1.0), name, tmp_path)


def test_yardstick_is_deterministic_and_positive() -> None:
    assert benchmark.yardstick_nb(1000) == benchmark.yardstick_nb(1000)
    assert benchmark.yardstick_nb(1000) != benchmark.yardstick_nb(1001)
    assert benchmark.time_yardstick(1) > 0


def test_cli_save_then_compare(capsys, tmp_path: Path, monkeypatch) -> None:
    """--save writes a baseline with the stamps; --compare fails naming the case against a
    baseline 100 times faster and passes against one 100 times slower (factors no timing
    noise can reach; the 20% and 10% figures of the issue are measured, not unit-tested)."""
    monkeypatch.chdir(tmp_path)
    argv = ["bench", "--variant", "baifen-1deck", "--hands", "300", "--repeats", "2"]
    code, out, err = run_cli(capsys, *argv, "--save", "base")
    assert code == 0, err
    saved = json.loads((tmp_path / "benchmarks" / "baselines" / "base.json").read_text())
    assert json.loads(out)["results"][0]["digest"] == saved["results"][0]["digest"]
    assert {"commit", "machine", "versions", "yardstick", "rules_version"} <= set(saved)
    for factor, name in ((100.0, "faster"), (0.01, "slower")):
        planted = copy.deepcopy(saved)
        for case in planted["results"]:
            case["hands_per_second"] *= factor
            case["relative"] *= factor
        benchmark.save(planted, name, tmp_path / "benchmarks" / "baselines")
    code, out, err = run_cli(capsys, "bench", "--compare", "faster")
    assert code == 1 and "FAIL baifen-1deck random threads=1 hands=300:" in err
    assert "SLOWER" in out
    code, out, err = run_cli(capsys, "bench", "--compare", "slower")
    assert code == 0 and err == "" and " ok" in out


def test_cli_unknown_baseline_is_one_line_exit_2(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "bench", "--compare", "nope")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no baseline 'nope'" in err
