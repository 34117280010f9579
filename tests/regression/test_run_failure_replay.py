"""Regression: ``shengji-sim simulate --variant classic-2deck --amb AMB-07=B --hands 50000
--seed 1`` stopped at hand 4803 with a Python traceback ending in "kernel error -101". A
failure inside a run is now one line on stderr (exit 1) naming the hand, the variant and the
readings it changes, the kernel's error in words and the ``play`` command that replays the
hand; that command prints the same line.

The rules defect behind hand 4803 is fixed elsewhere, so the kernels' failure is injected
here: they report "follow: lead mixes suits" for hand BAD (every other hand is played as
usual), in the batch kernel and in the one-hand kernel alike.
"""

from __future__ import annotations

import json
import shlex

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.base.errors import ERR_FOLLOW, ERR_MIXED_LEAD
from shengji_sim.core.runtime import backend
from shengji_sim.run import run_dir
from tests.helpers import run_cli

BAD = 23
SEED = 7
CODE = ERR_FOLLOW + ERR_MIXED_LEAD


@pytest.fixture
def kernel_defect(monkeypatch):
    """``run_lane_nb`` and ``play_hand_nb`` report CODE for hand BAD; call it to repair."""
    real_lane, real_hand = backend.run_lane_nb, backend.play_hand_nb

    def run_lane_nb(*args):
        real_lane(*args)
        start, count, status = args[4], args[5], args[-1]  # (kt, sw, rule_col, root, start, ..)
        if start <= BAD < start + count:
            status[BAD - start] = CODE

    def play_hand_nb(*args):
        err = real_hand(*args)
        return CODE if args[4] == BAD else err  # (kt, sw, rule_col, root, index, ...)

    monkeypatch.setattr(backend, "run_lane_nb", run_lane_nb)
    monkeypatch.setattr(backend, "play_hand_nb", play_hand_nb)

    def repair() -> None:
        monkeypatch.setattr(backend, "run_lane_nb", real_lane)
        monkeypatch.setattr(backend, "play_hand_nb", real_hand)

    return repair


def test_run_failure_names_the_replay_command_which_repeats_the_same_line(
        capsys, tmp_path, kernel_defect) -> None:
    out = tmp_path / "run"
    variant = ["--variant", "classic-2deck", "--amb", "AMB-26=A",
               "--set", "kitty_multiplier_cap=32"]
    argv = ["simulate", *variant, "--hands", "40", "--seed", str(SEED), "--out", str(out),
            "--chunk-size", "10", "--backend", "core", "--quiet"]
    code, stdout, err = run_cli(capsys, *argv)
    assert (code, stdout) == (1, "")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    line = err.strip()
    replay = (f"shengji-sim play --engine core --seed {SEED} --index {BAD} --variant "
              "classic-2deck --amb AMB-26=A --set kitty_multiplier_cap=32 --players random")
    assert line == (f"engine defect: hand {BAD} of classic-2deck with AMB-26=A (seed {SEED}, "
                    "players random): core engine: follow: lead mixes suits (DEF-27) "
                    f"[kernel code {CODE}]; replay: {replay}")
    assert sorted(run_dir.existing_parts(out)) == [0, 10]  # the chunks before hand BAD's
    assert run_dir.load_manifest(out)["hands_written"] == 20

    command = shlex.split(line.split("; replay: ", 1)[1])
    assert command[0] == "shengji-sim"
    code, stdout, err = run_cli(capsys, *command[1:])
    assert (code, stdout, err.strip()) == (1, "", line)

    kernel_defect()  # fixed: the replay plays the hand, --resume finishes the run
    code, stdout, err = run_cli(capsys, *command[1:], "--format", "json")
    assert code == 0, err
    assert json.loads(stdout)["index"] == BAD
    code, stdout, err = run_cli(capsys, *argv, "--resume", "--json")
    assert code == 0, err
    assert json.loads(stdout)["complete"]
    v = load_variant("classic-2deck", amb=["AMB-26=A"], sets=["kitty_multiplier_cap=32"])
    assert np.array_equal(run_dir.read_rows(out), backend.run_chunk(v, "random", SEED, 0, 40))


def test_reference_replay_command_repeats_the_same_line(capsys, monkeypatch) -> None:
    """``play --engine reference`` reports an exception inside the engine like simulate."""
    from shengji_sim.rules import game

    def broken(variant, seats, root_seed, index, *args, **kwargs):
        raise game.GameError(f"seat 0 led hand {index}'s cards: one suit only (DEF-27)")

    monkeypatch.setattr(game, "play_hand", broken)
    code, stdout, err = run_cli(capsys, "play", "--engine", "reference", "--seed", "1",
                                "--index", "4803", "--variant", "classic-2deck", "--amb",
                                "AMB-07=B")
    assert (code, stdout) == (1, "")
    assert err == ("engine defect: hand 4803 of classic-2deck with AMB-07=B (seed 1, players "
                   "random): reference engine: GameError: seat 0 led hand 4803's cards: one "
                   "suit only (DEF-27); replay: shengji-sim play --engine reference --seed 1 "
                   "--index 4803 --variant classic-2deck --amb AMB-07=B --players random\n")
