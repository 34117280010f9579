"""The fuzzer searches (issue 14 parts 1 and 2): distinct failures collected and deduplicated
by signature, fixed example counts reproducible, every applicable AMB/OTH letter covered by
``--vary-readings``, the new seed-tension properties, and every finding explained with a
verdict; an engine defect fails ``fuzz``."""

from __future__ import annotations

import json

from click.testing import CliRunner

from shengji_sim.cli import cli
from shengji_sim.config.interpretations import ITEMS
from shengji_sim.fuzz.explain import CONTRADICTION, ENGINE_DEFECT, READING, verdict
from shengji_sim.fuzz.positions import position
from shengji_sim.fuzz.properties import CATALOGUE
from shengji_sim.fuzz.property_base import RULESET, Property, PropertyFailure, fail
from shengji_sim.fuzz.runner import (
    alternative_readings,
    finding_of,
    run_catalogue,
    run_property,
    signature,
)
from shengji_sim.rules import throw

CAT = CATALOGUE


def failure(name: str, pos) -> PropertyFailure:
    try:
        CAT[name].check(pos)
    except PropertyFailure as exc:
        exc.position = pos
        return exc
    raise AssertionError(f"{name} holds on {pos!r}")


def test_signature_ignores_cards_and_seats() -> None:
    a = signature("p", "c", "R-1", "position 2's single H4 beats its card H3")
    b = signature("p", "c", "R-1", "position 3's single SK beats its card S10")
    assert a == b
    assert a != signature("p", "c", "R-1", "position 2's pair H4 H4 beats its card H3")


def test_search_goes_on_after_a_failure_and_keeps_distinct_ones() -> None:
    def two_faults(pos) -> None:  # two distinct failures, each common
        if len(pos.lead) == 1:
            fail(f"a single lead {pos._fmt(pos.lead)}", RULESET, "T-1")
        if len(pos.hand) >= 2:
            fail(f"a hand of {pos._fmt(pos.hand)}", RULESET, "T-2")

    prop = Property("two_faults", "follow", "test", "T-1", two_faults)
    run = run_property(prop, "classic-2deck", max_examples=60, seed=0)
    sigs = [f.signature for f in run.findings]
    assert run.status == "failed" and len(sigs) == len(set(sigs)) == 2, sigs
    assert {f.rule for f in run.findings} == {"T-1", "T-2"}
    assert all(f.cards <= 5 for f in run.findings), [f.example for f in run.findings]


def test_fixed_example_counts_reproduce() -> None:
    one = run_property(CAT["fill_freedom"], "classic-2deck", max_examples=25, seed=2)
    two = run_property(CAT["fill_freedom"], "classic-2deck", max_examples=25, seed=2)
    assert [f.example for f in one.findings] == [f.example for f in two.findings]
    assert one.examples == two.examples


def test_alternative_readings_cover_every_letter() -> None:
    readings = alternative_readings("classic-2deck")
    items = {r.split("=")[0] for r in readings}
    assert {"AMB-16", "AMB-21", "AMB-43", "OTH-1", "OTH-3"} <= items
    for item in ("AMB-21", "OTH-1"):
        letters = {a.letter for a in ITEMS[item].alternatives}
        assert len([r for r in readings if r.startswith(item + "=")]) == len(letters) - 1


def test_vary_readings_runs_each_alternative_and_known_are_not_findings() -> None:
    report = run_catalogue("jj-4deck", names=["follow_obligation"], vary=True, examples=5)
    readings = {tuple(r.ambs) for r in report.runs}
    assert ("AMB-18=B",) in readings and ("AMB-41=B",) in readings
    assert () in readings and ("AMB-25=A",) not in readings  # kitty: no follow position
    assert [k.name for k in report.known] == ["jj4_quad_answers_tractor"]
    assert all(f.example != report.known[0].example for f in report.findings)


# ------------------------------------------------------------- seed-tension properties


def test_tractor_obligation_against_jj4_tables() -> None:
    pos = position("follow", "jj-4deck", level="2", trump="S", lead="H5 H5 H4 H4",
                   hands=("H4 H4 H3 H3 H3 H3",))
    exc = failure("tractor_obligation_held", pos)
    assert exc.classification == RULESET and "H3 H3 H3 H3" in exc.message
    v = verdict(finding_of(CAT["tractor_obligation_held"], exc))
    assert v.verdict == READING and "AMB-18=B" in v.fixed_by


def test_pairs_maximised_against_jj4_table_one_row_ten() -> None:
    pos = position("follow", "jj-4deck", level="2", trump="S",
                   lead="H3 H3 H4 H4 H5 H5 H6 H6", hands=("H7 H7 H7 HQ HQ HQ H4 H4 HA HA",))
    exc = failure("pairs_maximised", pos)
    assert "4 pairs" in exc.message and "row 10" in exc.message
    v = verdict(finding_of(CAT["pairs_maximised"], exc))
    assert v.verdict == READING and "AMB-18=B" in v.fixed_by and "AMB-17=B" not in v.fixed_by


def test_fill_freedom_and_throw_failure_clause_in_000() -> None:
    pos = position("follow", "changzhou-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
                   hands=("H7 H7 H9 HJ HK",))
    f = finding_of(CAT["fill_freedom"], failure("fill_freedom", pos))
    v = verdict(f)  # only AMB-19 B (lacking the shape, play anything) lifts the obligation
    assert v.verdict == READING and v.fixed_by == ["AMB-19=B"], v.fixed_by
    pos = position("throw", "changzhou-4deck", level="2", trump="S", lead="H4 H3 H3",
                   hands=("H4", "", ""))  # an opponent: AMB-20 B does not lift it
    v = verdict(finding_of(CAT["throw_failure_clause"], failure("throw_failure_clause", pos)))
    assert v.verdict == CONTRADICTION
    assert any("AMB-43=B" == r.reading and '"valid": true' in r.output for r in v.runs)


def test_engine_defect_fails_fuzz(monkeypatch, tmp_path) -> None:
    def loses_cards(ctx, lead, others):  # a failed throw that plays nothing: lost cards
        res = original(ctx, lead, others)
        if not res.valid and res.played:
            res.played = res.played[:-1]
        return res

    original = throw.judge_throw
    monkeypatch.setattr(throw, "judge_throw", loses_cards)
    out = CliRunner().invoke(cli, ["fuzz", "--variant", "classic-2deck", "--property",
                                   "failed_throw_beatable", "--examples", "60",
                                   "--out", str(tmp_path)])
    assert out.exit_code == 1, out.output
    assert ENGINE_DEFECT in out.output
    data = json.loads((tmp_path / "findings.json").read_text())
    assert data["engine_defects"] >= 1
    assert data["verdicts"][0]["verdict"] == ENGINE_DEFECT
