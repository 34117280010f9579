"""Match runs, seats and duplicate play in the batch runner (shengji_sim.run.sim, report, the
``simulate`` command): ``--matches``, ``--players NS=..,EW=..``, ``--duplicate``, ``--level``.

A match run's rows depend on (variant, players, root seed, match) only: threads, chunk size
and an interruption plus ``--resume`` (at match granularity) never change them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk, run_matches
from shengji_sim.report import summary as report
from shengji_sim.results import PLAY_FIELDS
from shengji_sim.run import run_dir, sim
from tests.helpers import run_cli

SEED = 4
M = 5  #: matches per run


@pytest.fixture(scope="module")
def classic():
    return load_variant("classic-2deck")


@pytest.fixture(scope="module")
def matches(classic):
    """Matches 0..M-1 in one backend call: (hand rows, match rows)."""
    return run_matches(classic, "random", SEED, 0, M, 1)


class Stop(Exception):
    pass


def test_match_run_rows_do_not_depend_on_threads_or_chunks(classic, matches, tmp_path) -> None:
    for name, chunk, threads in (("a", 2, 1), ("b", 3, 2)):
        sim.run(classic, "random", SEED, M, tmp_path / name, chunk_size=chunk,
                threads=threads, mode="matches")
        assert np.array_equal(run_dir.read_rows(tmp_path / name), matches[0])
        assert np.array_equal(run_dir.read_rows(tmp_path / name, run_dir.MATCHES_DIR), matches[1])
    summary = report.write_summary(tmp_path / "a")
    assert summary["complete"] and summary["hands"] == len(matches[0])
    ms = summary["matches"]
    assert ms["matches"] == M and ms["contiguous"]
    assert sum(ms["winner_side"].values()) == M
    assert ms["dealer_hands"]["0"] + ms["dealer_hands"]["1"] == len(matches[0])


def test_match_run_resumes_at_match_granularity(classic, matches, tmp_path) -> None:
    out = tmp_path / "run"
    calls = []

    def progress(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 1:
            raise Stop

    with pytest.raises(Stop):
        sim.run(classic, "random", SEED, M, out, chunk_size=2, mode="matches",
                progress=progress)
    assert sorted(run_dir.existing_parts(out, run_dir.MATCHES_DIR)) == [0]
    assert not report.summary_json(out)["complete"]
    # a chunk whose hand rows were written but not its match rows is not done
    run_dir.write_part(run_dir.part_path(out, 2, "parquet"), matches[0][:1], "parquet")
    res = sim.run(classic, "random", SEED, M, out, mode="matches", resume=True)
    assert (res.hands_run, res.hands_skipped) == (3, 2)
    assert np.array_equal(run_dir.read_rows(out), matches[0])
    assert np.array_equal(run_dir.read_rows(out, run_dir.MATCHES_DIR), matches[1])
    sim.run(classic, "random", SEED, 3, tmp_path / "h", chunk_size=3)
    with pytest.raises(run_dir.SimError, match="mode hands there, matches requested"):
        sim.run(classic, "random", SEED, M, tmp_path / "h", mode="matches", resume=True)


def test_duplicate_hands_are_paired_with_the_teams_swapped(classic, tmp_path) -> None:
    spec = "EW=random,NS=greedy"
    sim.run(classic, spec, SEED, 6, tmp_path / "d", chunk_size=4, duplicate=True)
    rows = run_dir.read_rows(tmp_path / "d")
    manifest = run_dir.load_manifest(tmp_path / "d")
    assert manifest["players"] == "NS=greedy,EW=random"
    assert manifest["strategies"] == ["greedy", "random"] and manifest["duplicate"]
    assert list(rows["index"]) == [i for i in range(6) for _ in range(2)]
    assert list(rows["duplicate"]) == [0, 1] * 6
    first, second = rows[0::2], rows[1::2]
    assert [tuple(first[f"strategy_{s}"][:1]) for s in range(4)] == [(0,), (1,), (0,), (1,)]
    assert [tuple(second[f"strategy_{s}"][:1]) for s in range(4)] == [(1,), (0,), (1,), (0,)]
    play = rows[list(PLAY_FIELDS)]
    for i, spec in enumerate(("NS=greedy,EW=random", "NS=random,EW=greedy")):
        alone = run_chunk(classic, spec, SEED, 0, 6)
        assert np.array_equal(play[i::2], alone[list(PLAY_FIELDS)])
    assert np.array_equal(first["hand_seed"], second["hand_seed"])  # the same deals
    assert report.write_summary(tmp_path / "d")["complete"]


def test_duplicate_matches_are_paired(classic, tmp_path) -> None:
    sim.run(classic, "NS=greedy,EW=random", SEED, 2, tmp_path / "m", mode="matches",
            duplicate=True, threads=2)
    hands = run_dir.read_rows(tmp_path / "m")
    ms = run_dir.read_rows(tmp_path / "m", run_dir.MATCHES_DIR)
    assert list(ms["match"]) == [0, 0, 1, 1] and list(ms["duplicate"]) == [0, 1, 0, 1]
    keys = list(zip(hands["match"], hands["duplicate"]))
    assert keys == sorted(keys)
    summary = report.write_summary(tmp_path / "m")
    assert summary["complete"]
    assert sum(summary["matches"]["wins_by_strategy"].values()) == 4
    hpm = summary["matches"]["hands_per_match"]
    assert hpm["ci95"][0] <= hpm["mean"] <= hpm["ci95"][1]
    text = report.terminal_summary(summary, tmp_path / "m")
    assert "seats 1/3: " in text and "matches won by strategy (95% Wilson interval)" in text
    assert "hands per match: mean" in text and "(95% interval" in text


def test_simulate_matches_and_level_on_the_command_line(capsys, tmp_path) -> None:
    out = tmp_path / "cli"
    code, text, err = run_cli(capsys, "simulate", "--matches", "3", "--seed", "1", "--out",
                              str(out), "--quiet", "--players", "NS=random,EW=greedy")
    assert code == 0, err
    assert "3 matches" in text and "matches won by strategy" in text
    assert json.loads((out / "summary.json").read_text())["matches"]["matches"] == 3
    code, text, err = run_cli(capsys, "simulate", "--hands", "5", "--level", "K", "--out",
                              str(tmp_path / "k"), "--quiet", "--variant", "baifen-1deck")
    assert code == 0, err
    assert set(run_dir.read_rows(tmp_path / "k")["level"]) == {11}


@pytest.mark.parametrize("argv, words", [
    (["--hands", "3", "--matches", "3"], "exactly one of --hands N and --matches N"),
    ([], "exactly one of --hands N and --matches N"),
    (["--matches", "0"], "--matches 0: must be at least 1"),
    (["--hands", "3", "--level", "Z"], "--level Z: Z: no such rank"),
    (["--hands", "3", "--players", "NS=greedy"], "side EW missing"),
    (["--hands", "3", "--players", "nosuch"], "nosuch"),
])
def test_simulate_bad_requests_are_one_line(capsys, tmp_path, argv, words) -> None:
    code, _, err = run_cli(capsys, "simulate", "--out", str(tmp_path / "x"), "--quiet", *argv)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_csv_match_runs_and_hand_runs_have_no_match(classic, matches, tmp_path) -> None:
    sim.run(classic, "random", SEED, 2, tmp_path / "c", mode="matches", rows_format="csv")
    ms = run_dir.read_rows(tmp_path / "c", run_dir.MATCHES_DIR)
    assert np.array_equal(ms, matches[1][:2])
    hands = run_dir.read_rows(tmp_path / "c")
    assert np.array_equal(hands, matches[0][matches[0]["match"] < 2])
    assert set(run_chunk(classic, "random", SEED, 0, 4)["match"]) == {-1}
