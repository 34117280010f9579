"""Numba throw, kitty, score and match kernels against the reference (shengji_sim.core.
throw_nb / kitty_nb / score_nb vs rules.throw / rules.kitty / rules.score / rules.match).

* Every test of tests/unit/test_throw.py (§5.5), test_kitty.py (§5.6), test_score.py (§5.7)
  and test_match.py re-run with the reference function replaced by a checker that asserts
  kernel == reference on each call (the ``parity_*`` checkers of :mod:`tests.differential`).
* Every pair-tractor throw against every stronger shape (AMB-47 under both letters).

The hypothesis differential tests (throws of 2-3 components against random other hands, kitty
results of random last tricks, score tables and match steps) are
tests/property/test_differential_rules.py.
"""

from __future__ import annotations

import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.rules.shapes import make_context, tractor_kinds
from tests.differential import parity_after_hand, parity_kitty, parity_score, parity_throw
from tests.helpers import reference_cases, rerun_reference
from tests.unit import test_kitty as kitty_tests
from tests.unit import test_match as match_tests
from tests.unit import test_score as score_tests
from tests.unit import test_throw as throw_tests

# --- §5.5-5.7 and the reference unit tests, through the kernels --------------------------------


@pytest.mark.parametrize(("name", "kwargs"), reference_cases(throw_tests))
def test_reference_throw_tests_through_the_kernel(rule_kernels, monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, throw_tests, name, kwargs, judge_throw=parity_throw)


@pytest.mark.parametrize(("name", "kwargs"), reference_cases(kitty_tests))
def test_reference_kitty_tests_through_the_kernel(rule_kernels, monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, kitty_tests, name, kwargs, judge_kitty=parity_kitty)


@pytest.mark.parametrize(("name", "kwargs"), reference_cases(score_tests))
def test_reference_score_tests_through_the_kernel(rule_kernels, monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, score_tests, name, kwargs, judge_score=parity_score)


@pytest.mark.parametrize(("name", "kwargs"), reference_cases(match_tests))
def test_reference_match_tests_through_the_kernel(rule_kernels, monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, match_tests, name, kwargs, after_hand=parity_after_hand,
                    judge_score=parity_score)


SA = 12  # the kind of the spade ace


def _spade_runs(ctx, length: int, avoid=()) -> list[tuple[int, ...]]:
    """Runs of ``length`` plain spade kinds without the ace or any kind of ``avoid``."""
    spades = ctx.ranking.group[SA]
    return [kinds for kinds in tractor_kinds(ctx.ranking, length)
            if all(ctx.ranking.group[k] == spades and k != SA and k not in avoid
                   for k in kinds)]


def _stronger_shapes(ctx, lead_kinds) -> list[list[int]]:
    """Holdings of one stronger shape (CMP-2 quads, CMP-3 triple tractors, CMP-4 quad tractors
    and, under AMB-41 A, any two quads) that leave the lead's copies alone."""
    free = [k for (k,) in _spade_runs(ctx, 1, lead_kinds)]
    quads = [[k] * 4 for k in free]
    held = quads + [a + b for i, a in enumerate(quads) for b in quads[i + 1:]]
    for length in (2, 3):
        held += [[k for k in run for _ in range(3)] for run in _spade_runs(ctx, length,
                                                                            lead_kinds)]
    return held


@pytest.mark.parametrize(("name", "level"), [("changzhou-4deck", 8), ("jj-4deck", 1)])
def test_AMB_47_kernel_matches_reference_on_stronger_shapes(rule_kernels, name, level):
    # CZ4 level 10, JJ4 level 3, hearts trump: each pair tractor of 2-4 spade kinds and each
    # 2-quad tractor, plus SA, thrown against every stronger shape held by position 1, under
    # AMB-47 A and B.
    ctxs = {letter: make_context(load_variant(name, amb=[f"AMB-47={letter}"]), level, 1)
            for letter in "AB"}
    only_b_fails = 0
    for width, length in ((2, 2), (2, 3), (2, 4), (4, 2)):
        for run in _spade_runs(ctxs["A"], length):
            lead = [k for k in run for _ in range(width)] + [SA]
            for held in _stronger_shapes(ctxs["A"], run):
                valid = {letter: parity_throw(ctx, lead, [held, [], []]).valid
                         for letter, ctx in ctxs.items()}
                assert valid["A"] or not valid["B"]  # same_type beats a subset of any_stronger
                only_b_fails += valid["A"] and not valid["B"]
    assert only_b_fails > 0
