"""Regression: `report rules`' fuzzing (2026-12-01) called this an engine defect; it is a
consequence of AMB-17 B. changzhou-4deck, level 2, spades trump: a throw of H5 H5 H4 H4 H3×4
against a fourth seat holding H6 H6 H6 H5 H5. Under AMB-17 B (triples and quads are atomic
and no pairs) the throw test finds no higher pair tractor held, so the throw is valid (as
tests/unit/test_throw.py::test_THROW_2_split_triple_supplies_a_pair pins), although a
one-unit reply H6 H6 H5 H5 would win the tractor. ``throw_unbeatable`` now classes it as a
rule-set finding of the reading; under AMB-17 A the throw fails and the property does not
apply."""

from __future__ import annotations

import pytest

from shengji_sim.fuzz.positions import position
from shengji_sim.fuzz.property_base import NA, RULESET, PropertyFailure
from shengji_sim.fuzz.trick_properties import throw_unbeatable

SPEC = dict(kind="throw", variant="changzhou-4deck", level="2", trump="S",
            lead="H5 H5 H4 H4 H3 H3 H3 H3", hands=("", "", "H6 H6 H6 H5 H5"))


def test_AMB_17_B_split_triple_reply_is_a_rule_set_finding() -> None:
    with pytest.raises(PropertyFailure) as info:
        throw_unbeatable(position(ambs=("AMB-17=B",), **SPEC))
    assert info.value.classification == RULESET
    assert "H6 H6 H5 H5" in info.value.message


def test_AMB_17_A_the_throw_fails() -> None:
    assert throw_unbeatable(position(ambs=("AMB-17=A",), **SPEC)) == NA
