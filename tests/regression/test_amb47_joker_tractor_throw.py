"""Regression: AMB-47 (throw_beaten_by). CZ4 level 10, hearts trump: P1 throws BJ BJ LJ LJ HA,
P2 holds H3 H3 H3 H3, P3 and P4 hold no trump. The throw test used to let P2's quad beat the
joker tractor (CMP-2, AMB-09 A) under every reading; under AMB-47 A (same_type, the default)
only a higher joker tractor or a trump single above HA could, so the throw is valid, and only
AMB-47 B (any_stronger) makes it fail (THROW-3: the smallest component HA is played)."""

from __future__ import annotations

import json

import pytest

from shengji_sim.cards import parse_cards
from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.api import judge_throw_core
from shengji_sim.rules.shapes import make_context
from shengji_sim.rules.throw import judge_throw
from tests.helpers import run_cli

LEAD = "BJ BJ LJ LJ HA"
OTHERS = ("H3 H3 H3 H3", "C4", "D4")
JUDGE = ["judge", "throw", "--variant", "changzhou-4deck", "--level", "10", "--trump", "H",
         "--lead", LEAD, "--others", *OTHERS]
VALID = {"valid": True, "played": ["BJ", "BJ", "LJ", "LJ", "HA"], "returned": [],
         "blocked_by": None, "penalty": 0}
FAILED = {"valid": False, "played": ["HA"], "returned": ["BJ", "BJ", "LJ", "LJ"],
          "blocked_by": 1, "penalty": 1}


@pytest.mark.parametrize(("amb", "expected"), [
    ((), VALID),
    (("--amb", "AMB-47=A"), VALID),
    (("--amb", "AMB-47=B"), FAILED),
])
def test_AMB_47_judge_throw_joker_tractor_against_a_quad(capsys, amb, expected) -> None:
    code, out, err = run_cli(capsys, *JUDGE, *amb)
    assert code == 0, err
    assert json.loads(out) == expected


@pytest.mark.parametrize(("letter", "valid"), [("A", True), ("B", False)])
def test_AMB_47_joker_tractor_kernel_and_reference(letter, valid) -> None:
    variant = load_variant("changzhou-4deck", amb=[f"AMB-47={letter}"])
    lead, others = parse_cards(LEAD), [parse_cards(o) for o in OTHERS]
    ref = judge_throw(make_context(variant, 8, 1), lead, others)
    got = judge_throw_core(variant, 8, 1, lead, others)
    assert ref.valid == got.valid == valid
    assert sorted(ref.played) == sorted(got.played)
    assert (ref.blocked_by, ref.penalty) == (got.blocked_by, got.penalty)
