"""``shengji-sim bench`` on the Numba core: save, compare, another machine (the unit tests of the
comparisons are tests/unit/test_benchmark.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from shengji_sim.run import benchmark
from tests.helpers import run_cli
from tests.unit.test_benchmark import _fixed_timings


def test_cli_save_then_compare_on_the_core(capsys, tmp_path: Path, monkeypatch) -> None:
    """--save writes a baseline with the stamps and the digest of the rows; --compare fails
    naming the case against a baseline 100 times faster and passes against one 100 times
    slower (factors no timing noise can reach)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(benchmark.PLANT_ENV, raising=False)
    argv = ["bench", "--variant", "baifen-1deck", "--hands", "300", "--repeats", "2"]
    code, out, err = run_cli(capsys, *argv, "--save", "base")
    assert code == 0, err
    saved = json.loads((tmp_path / "benchmarks" / "baselines" / "base.json").read_text())
    assert json.loads(out)["results"][0]["digest"] == saved["results"][0]["digest"]
    assert {"commit", "machine", "versions", "yardstick", "rules_version"} <= set(saved)
    assert saved["name"] == "base" and saved["results"][0]["repeats"] == 2
    for factor, name in ((100.0, "faster"), (0.01, "slower")):
        planted = copy.deepcopy(saved)
        for case in planted["results"]:
            case["relative"] *= factor
        benchmark.save(planted, name, tmp_path / "benchmarks" / "baselines")
    code, out, err = run_cli(capsys, "bench", "--compare", "faster")
    assert code == 1 and "FAIL baifen-1deck random threads=1 hands=300:" in err
    assert "SLOWER" in out
    code, out, err = run_cli(capsys, "bench", "--compare", "slower")
    assert code == 0 and "FAIL" not in err and " ok" in out


def test_cli_compare_fails_naming_the_case_on_20_percent_or_a_digest(
        capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    _fixed_timings(monkeypatch)
    root = tmp_path / "benchmarks" / "baselines"
    argv = ["bench", "--variant", "classic-2deck", "--variant", "jj-4deck", "--hands", "50",
            "--repeats", "2"]
    code, _, err = run_cli(capsys, *argv, "--save", "same")
    assert code == 0, err
    same = benchmark.load("same", root)
    higher, digest = copy.deepcopy(same), copy.deepcopy(same)
    higher["results"][1]["relative"] *= 1.2
    digest["results"][0]["digest"] = "ffff"
    benchmark.save(higher, "higher", root)
    benchmark.save(digest, "digest", root)
    code, out, err = run_cli(capsys, "bench", "--compare", "same")
    assert code == 0 and err == "" and out.count(" ok") == 2
    code, out, err = run_cli(capsys, "bench", "--compare", "higher")
    assert code == 1 and err == ("FAIL jj-4deck random threads=1 hands=50: -16.7% hands per "
                                 "yardstick unit (threshold -5%, noise band 0.0%)\n")
    code, out, err = run_cli(capsys, "bench", "--compare", "digest")
    assert code == 1 and err == ("FAIL classic-2deck random threads=1 hands=50: rows differ "
                                 "(digest ffff -> d0)\n")


def test_cli_compare_with_a_baseline_of_another_machine_says_so_first(
        capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    _fixed_timings(monkeypatch)
    root = tmp_path / "benchmarks" / "baselines"
    code, _, err = run_cli(capsys, "bench", "--variant", "classic-2deck", "--hands", "50",
                           "--repeats", "2", "--save", "here")
    assert code == 0, err
    xeon = benchmark.load("here", root)
    xeon["machine"] = dict(xeon["machine"], cpu_model="Intel Xeon", cpus=8)
    xeon["results"][0]["relative"] *= 1.3
    benchmark.save(xeon, "xeon", root)
    code, out, err = run_cli(capsys, "bench", "--compare", "xeon")
    assert code == 0, err
    first = err.splitlines()[0]
    assert "baseline xeon was saved on another machine (Intel Xeon x8; this one: " in first
    assert "not judged" in first and "FAIL" not in err
    assert "other machine" in out and " SLOWER" not in out
