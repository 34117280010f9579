"""Regression: THROW-2 under AMB-17 B (split_sets = "no"), found by `report rules`' fuzzing
(changzhou-4deck, `throw_unbeatable`). Level 2, spades trump: P1 throws H5 H5 H4 H4 H3×4
(a pair tractor and a quad); P4 holds H6 H6 H6 H5 H5. AMB-17 B keeps a triple from counting
as a pair for a follower's *obligations*, and the throw judge had also let it keep P4 from
*holding* the pair tractor H6 H6 H5 H5, so the throw was judged valid although P4 may
legally answer the tractor with H6 H6 H5 H5 and win it. A held triple supplies a pair to
the throw test under either reading: the throw fails, its tractor is the component played."""

from __future__ import annotations

import json

import pytest

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.core.api import judge_throw_core
from shengji_sim.rules.shapes import make_context
from shengji_sim.rules.throw import judge_throw
from shengji_sim.variant import load_variant
from tests.helpers import run_cli

LEAD = "H5 H5 H4 H4 H3 H3 H3 H3"
OTHERS = ("", "", "H6 H6 H6 H5 H5")
JUDGE = ["judge", "throw", "--variant", "changzhou-4deck", "--level", "2", "--trump", "S",
         "--lead", LEAD, "--others", *OTHERS]


@pytest.mark.parametrize("letter", ["A", "B"])
def test_THROW_2_held_triple_beats_a_thrown_tractor_under_AMB_17(capsys, letter) -> None:
    code, out, err = run_cli(capsys, *JUDGE, "--amb", f"AMB-17={letter}")
    assert code == 0, err
    result = json.loads(out)
    assert result["valid"] is False
    assert result["blocked_by"] == 3
    assert sorted(result["played"]) == sorted(["H5", "H5", "H4", "H4"])


@pytest.mark.parametrize("letter", ["A", "B"])
def test_THROW_2_held_triple_kernel_and_reference_agree(letter) -> None:
    variant = load_variant("changzhou-4deck", amb=[f"AMB-17={letter}"])
    level, trump = parse_rank("2"), parse_trump("S")
    lead, others = parse_cards(LEAD), [parse_cards(o) for o in OTHERS]
    ref = judge_throw(make_context(variant, level, trump), lead, others)
    got = judge_throw_core(variant, level, trump, lead, others)
    assert not ref.valid and not got.valid
    assert sorted(ref.played) == sorted(got.played)
    assert (ref.blocked_by, ref.penalty) == (got.blocked_by, got.penalty)
