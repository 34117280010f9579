"""Every entry of ``KNOWN_EXAMPLES`` (shengji_sim/fuzz/properties.py) as a named regression
test: the shrunk example a past fuzz run found still fails its property as a rule-set
finding, with the verdict the explanation gives it (issue 14 part 1: known examples are
tests, reported as "known" by the runner and never counted as findings of a run)."""

from __future__ import annotations

import pytest

from shengji_sim.fuzz.explain import READING, verdict
from shengji_sim.fuzz.positions import position
from shengji_sim.fuzz.properties import CATALOGUE, KNOWN_EXAMPLES
from shengji_sim.fuzz.property_base import RULESET, PropertyFailure
from shengji_sim.fuzz.runner import finding_of, replay_known

CASES = [(prop, name, spec) for prop, entries in KNOWN_EXAMPLES.items()
         for name, spec in entries.items()]


@pytest.mark.parametrize("prop,name,spec", CASES, ids=[c[1] for c in CASES])
def test_known_example_still_fails_as_a_rule_set_finding(prop, name, spec) -> None:
    pos = position(**spec)
    with pytest.raises(PropertyFailure) as info:
        CATALOGUE[prop].check(pos)
    assert info.value.classification == RULESET
    info.value.position = pos
    # AMB-18 B (JJ4) and AMB-21 B (CZ4) make them hold: consequences of a reading
    v = verdict(finding_of(CATALOGUE[prop], info.value))
    assert v.verdict == READING and v.fixed_by, (name, v)


def test_known_examples_are_replayed_apart() -> None:
    known = replay_known(CATALOGUE["follow_obligation"], "jj-4deck")
    assert [(k.name, k.reproduces) for k in known] == [("jj4_quad_answers_tractor", True)]
