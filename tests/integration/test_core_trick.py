"""Numba shapes and trick kernels against the reference (shengji_sim.core.rules.shapes_nb,
shengji_sim.core.rules.trick_nb vs shengji_sim.rules.shapes / rules.trick).

* RULES.md §5.4 (EX-C) through the kernels, and every test of tests/unit/test_trick.py
  re-run with ``trick_winner`` replaced by a checker that asserts kernel == reference
  (:func:`tests.differential.parity_winner`).

The hypothesis differential tests (``decompose`` and trick winners on drawn positions) are
tests/property/test_differential_trick.py.
"""

from __future__ import annotations

import pytest

from shengji_sim.cards import N_KINDS, parse_cards, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.core.rules.trick_nb import trick_points_nb
from shengji_sim.core.runtime.api import (
    decompose_core,
    kernel_inputs,
    plays_array,
    trick_winner_core,
)
from shengji_sim.rules.shapes import decompose, make_context
from shengji_sim.rules.trick import trick_points
from tests.differential import parity_winner
from tests.helpers import NAMES, reference_cases, rerun_reference
from tests.unit import test_trick as ref_tests

# --- RULES.md §5.4 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ex_id", "rule_set", "level", "trump", "plays", "amb", "expected"),
    ref_tests.EX_C,
    ids=[f"{case[0]}[{case[5] or 'default'}]" for case in ref_tests.EX_C],
)
def test_section_5_4_examples_kernel(trick_kernels, ex_id, rule_set, level, trump, plays, amb,
                                     expected):
    variant = load_variant(NAMES[rule_set], amb=[amb] if amb else [])
    got = trick_winner_core(variant, parse_rank(level), parse_trump(trump),
                            [parse_cards(p) for p in plays])
    assert got + 1 == expected


@pytest.mark.parametrize(("name", "kwargs"), reference_cases(ref_tests))
def test_reference_trick_tests_through_the_kernel(trick_kernels, monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, ref_tests, name, kwargs, trick_winner=parity_winner)


def test_trick_points_kernel(trick_kernels):
    plays = [parse_cards(p) for p in ["S5 S10", "SK H3", "D5 DK", "BJ LJ"]]
    kt, _ = kernel_inputs(load_variant("classic-2deck"))
    assert trick_points_nb(kt.points, plays_array(plays), 4) == trick_points(plays) == 40


def test_split_lead_under_AMB_17_B_matches_reference(trick_kernels):
    """Regression (fixed bug): OTH-1 A, AMB-17 B, a lead 5566 + 5 whose canonical units split
    the triple used to raise AssertionError in the reference; both engines now agree."""
    variant = load_variant("changzhou-4deck", amb=["AMB-17=B", "AMB-48=B"])
    plays = [parse_cards("S5 S5 S5 S6 S6"), parse_cards("H3 H3 H3 H4 H4")]
    assert trick_winner_core(variant, 8, 1, plays) == 0


@pytest.mark.parametrize(
    ("name", "cards", "units"),
    [
        # no kind held twice: one single per kind, by kind index (shapes_nb._whole_sets_nb)
        ("classic-2deck", "HA HQ H9 H3", ["H3", "H9", "HQ", "HA"]),
        # pairs that form no tractor (K missing between A and Q): whole sets, pairs first
        ("classic-2deck", "HA HA HQ HQ H9", ["HQ HQ", "HA HA", "H9"]),
        # adjacent pairs: the search, which finds the tractor
        ("classic-2deck", "HA HA HK HK H9", ["HK HK HA HA", "H9"]),
        # three decks: a triple and a pair apart are two whole sets, the triple first
        ("classic-3deck", "H9 H9 H9 H5 H5 HJ", ["H9 H9 H9", "H5 H5", "HJ"]),
    ],
)
def test_DEF_4_COMBO_5_decompose_without_tractors_is_whole_sets(trick_kernels, name, cards,
                                                               units):
    """Regression guard of the no-tractor fast path of ``shapes_nb.decompose_top_nb`` (DEF-4:
    each kind whole is the fewest components when no tractor can form): the kernel's units
    are the reference's, in the reference's order."""
    variant = load_variant(name)
    level, trump = parse_rank("2"), parse_trump("S")
    played = parse_cards(cards)
    counts = [0] * N_KINDS
    for k in played:
        counts[k] += 1
    want = decompose(make_context(variant, level, trump), tuple(counts))
    assert [sorted(u.kinds) for u in want] == [sorted(set(parse_cards(u))) for u in units]
    assert decompose_core(variant, level, trump, played) == want
