"""``shengji-sim soak`` (issue 14 part 5): the reference and the core play the same hands,
compared decision by decision; a short soak for CI, and a planted divergence that must be
reported at its decision with both answers and the judge command, exit 1."""

from __future__ import annotations

import copy
import shlex

from click.testing import CliRunner

from shengji_sim.cli import cli
from shengji_sim.core.runtime import backend
from shengji_sim.fuzz.soak import first_difference, hand_before, lanes_of, soak


def test_short_soak_agrees() -> None:
    result = soak(["baifen-1deck", "classic-2deck"], 3, ["random", "greedy"], seed=7)
    assert result.divergence is None
    assert result.hands == 6 and result.decisions > 6 * 40
    assert [len(v.lanes) for v in result.variants] == [2, 2]


def test_vary_readings_lanes_cover_every_letter() -> None:
    lanes = lanes_of("classic-2deck", ["random"], True)
    assert lanes[0] == ((), "random")
    assert (("AMB-21=C",), "random") in lanes and (("OTH-3=B",), "random") in lanes


def test_planted_divergence_is_reported_at_its_decision(monkeypatch) -> None:
    original = backend.play_hand_core

    def swapped(variant, players, seed, index):  # the core answers trick 2's first follow
        rec = copy.deepcopy(original(variant, players, seed, index))  # with another card
        seat, cards = rec["tricks"][1]["plays"][1]
        rec["tricks"][1]["plays"][1] = [seat, list(reversed(cards)) + ["BJ"]]
        return rec

    monkeypatch.setattr(backend, "play_hand_core", swapped)
    result = soak(["baifen-1deck"], 2, ["random"], seed=3)
    div = result.divergence
    assert div is not None and div.index == 0
    assert div.decision.startswith("trick 2 follow 1")
    assert div.core.endswith("BJ") and div.reference != div.core
    judge = shlex.split(div.commands[-1])
    assert judge[1:3] == ["judge", "follow"] and "--hand" in judge
    out = CliRunner().invoke(cli, ["soak", "--variants", "baifen-1deck", "--hands", "2",
                                   "--seed", "3"])
    assert out.exit_code == 1 and "DIVERGENCE" in out.output and "judge follow" in out.output


def test_first_difference_and_hands() -> None:
    rec = {"declarations": [], "tricks": [
        {"plays": [[0, ["S3"]], [1, ["S4"]], [2, ["S5"]], [3, ["S6"]]], "winner": 3},
        {"plays": [[3, ["H3"]], [0, ["H4"]], [1, ["H5"]], [2, ["H6"]]], "winner": 3}]}
    other = copy.deepcopy(rec)
    assert first_difference(rec, other) is None
    other["tricks"][1]["plays"][0] = [3, ["H7"]]
    label, ref, core, trick, play = first_difference(rec, other)
    assert (label, ref, core, trick, play) == ("trick 2 lead (seat 3)", "H3", "H7", 1, 0)
    assert hand_before(rec, 0, 0) == ["S3", "H4"]
