"""The fuzzing harness (shengji_sim.fuzz): every property of the catalogue, planted defects
that the properties must catch with a small shrunk example, the runner, diff and CLI."""

from __future__ import annotations

import json
import shlex

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

from shengji_sim.cli import cli
from shengji_sim.fuzz import properties as P
from shengji_sim.fuzz.diff import diff_readings, follow_sets_differ
from shengji_sim.fuzz.runner import judge_command, run_catalogue, run_property
from shengji_sim.fuzz.strategies import game_machine, position
from shengji_sim.rules import follow, tables, trick

CAT = P.CATALOGUE


def passes(name: str, variant: str, n: int = 25) -> None:
    run = run_property(CAT[name], variant, (), max_examples=n, seed=1)
    assert run.status == "passed", (run.reason, run.finding)
    assert run.examples >= n // 2


def fails(name: str, pos) -> P.PropertyFailure:
    with pytest.raises(P.PropertyFailure) as info:
        CAT[name].check(pos)
    return info.value


# ------------------------------------------------------------------- one test per property


def test_follow_exists() -> None:
    passes("follow_exists", "jj-4deck")


def test_follow_enumeration() -> None:
    passes("follow_enumeration", "classic-2deck")


def test_follow_obligation_finds_jj4_table6_quad_choice() -> None:
    # FOLLOW-10 row 1 ("tractor or quad") vs 002 line 38 ("有拖拉机的则必需出拖拉机").
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    exc = fails("follow_obligation", pos)
    assert exc.classification == P.RULESET
    passes("follow_obligation", "classic-2deck")


def test_winner_consistent() -> None:
    passes("winner_consistent", "changzhou-4deck", 15)


def test_throw_unbeatable() -> None:
    passes("throw_unbeatable", "classic-2deck")


def test_failed_throw_beatable_finds_amb21_smallest_component() -> None:
    # AMB-21 A plays the smallest component (the level-card single) although only the
    # tractor was beaten.
    pos = position("throw", "changzhou-4deck", level="2", trump="S", lead="S2 S4 S4 S3 S3",
                   hands=("", "", "S5 S5 S4 S4 S3 S3"))
    exc = fails("failed_throw_beatable", pos)
    assert exc.classification == P.RULESET
    ok = position("throw", "changzhou-4deck", ambs=("AMB-21=B",), level="2", trump="S",
                  lead="S2 S4 S4 S3 S3", hands=("", "", "S5 S5 S4 S4 S3 S3"))
    CAT["failed_throw_beatable"].check(ok)


def test_conservation() -> None:
    passes("conservation", "baifen-1deck", 5)


def test_deterministic() -> None:
    passes("deterministic", "classic-2deck", 3)


def test_kernels_agree() -> None:
    pytest.importorskip("shengji_sim.core.follow_nb")
    if not P.kernels_available():
        pytest.skip("kernels not available")
    passes("kernels_agree", "classic-2deck", 10)


def test_kernels_missing_is_skipped_not_passed(monkeypatch) -> None:
    monkeypatch.setattr(P, "_KERNELS", {})
    run = run_property(CAT["kernels_agree"], "classic-2deck", max_examples=5)
    assert run.status == "skipped" and "kernels not available" in run.reason
    with pytest.raises(P.PropertySkipped):
        CAT["kernels_agree"].check(position("trick", "classic-2deck", lead="H3",
                                            hands=("H4",), plays=("H4",)))


GameTest = game_machine("classic-2deck").TestCase
GameTest.settings = settings(max_examples=8, stateful_step_count=15, deadline=None,
                             database=None, suppress_health_check=list(HealthCheck))


# ------------------------------------------------------------------------ planted defects


def test_planted_follow_forgets_pair_obligation(monkeypatch) -> None:
    original = follow._structure_rows

    def forgetful(ctx, units):
        return [[tuple(p for p in alt if p != (2, 1)) for alt in row]
                for row in original(ctx, units)]

    monkeypatch.setattr(follow, "_structure_rows", forgetful)
    run = run_property(CAT["follow_obligation"], "classic-2deck", max_examples=400, seed=3)
    assert run.status == "failed", run
    assert run.finding.classification == P.ENGINE
    assert run.finding.cards <= 8, run.finding.example
    assert "pair" in run.finding.message


def test_planted_winner_ignores_trumps(monkeypatch) -> None:
    original = trick.play_side

    def no_ruffs(ctx, lead_suit, cards):
        side = original(ctx, lead_suit, cards)
        return None if side is True else side

    monkeypatch.setattr(trick, "play_side", no_ruffs)
    run = run_property(CAT["winner_consistent"], "classic-2deck", max_examples=400, seed=3)
    assert run.status == "failed", run
    assert "TRUMP-6" in run.finding.message
    assert run.finding.cards <= 8, run.finding.example


def test_planted_table_gap(monkeypatch) -> None:
    original = tables.jj4_table

    def gap(lead, two_quads, pairtractor_vs_triple):
        rows = original(lead, two_quads, pairtractor_vs_triple)
        return rows[:-1] if lead == tables.Q else rows  # table 5 loses "4 singles"

    monkeypatch.setattr(follow, "jj4_table", gap)
    run = run_property(CAT["follow_exists"], "jj-4deck", max_examples=600, seed=3)
    assert run.status == "failed", run
    assert run.finding.classification == P.RULESET
    # a quad lead and five led-suit singles: the smallest holding with no row
    assert run.finding.cards <= 9, run.finding.example


# ---------------------------------------------------------------- runner, diff and CLI


def test_judge_command_reproduces() -> None:
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    args = shlex.split(judge_command(pos))[1:]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    plays = json.loads(out.output)["legal_follows"]
    assert ["H5", "H5", "H5", "H5"] in plays


def test_run_catalogue_and_cli_fuzz(tmp_path) -> None:
    report = run_catalogue("baifen-1deck", (), budget=2, seed=0,
                           names=["follow_exists", "winner_consistent"])
    assert [r.status for r in report.runs] == ["passed", "passed"]
    out = CliRunner().invoke(cli, ["fuzz", "--variant", "baifen-1deck", "--property",
                                   "follow_exists", "--budget", "1", "--out", str(tmp_path)])
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "findings.json").read_text())
    assert data["runs"][0]["name"] == "follow_exists" and data["versions"]["RULES_VERSION"]


def test_diff_readings() -> None:
    res = diff_readings("classic-2deck", ["AMB-20=A"], ["AMB-20=B"], hands=3, seed=0,
                        position_examples=10)
    assert res.played == 3 and res.ci[0] <= res.delta <= res.ci[1]
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    other = position("follow", "jj-4deck", ambs=("AMB-18=B",), level="2", trump="S",
                     lead="H4 H4 H3 H3", hands=("H5 H5 H5 H5 H4 H4 H3 H3",))
    assert follow_sets_differ(pos.ctx, other.ctx, list(pos.lead), list(pos.hand))


def test_cli_diff_bad_input_exits_2() -> None:
    from shengji_sim.cli import main

    with pytest.raises(SystemExit) as info:
        main(["diff", "--variant", "baifen-1deck", "--amb", "AMB-09=A", "--vs", "AMB-09=B"])
    assert info.value.code == 2
