"""Kernel == reference checkers shared by the kernel tests (imported as ``tests.differential``).

The example-based kernel tests (test_core_follow.py, test_core_trick.py, test_core_rules.py in
tests/unit) and the hypothesis differential tests (test_differential_follow.py,
test_differential_trick.py, test_differential_rules.py in tests/property) call the same
checkers:

* :func:`check_position`: the follow kernels against :mod:`shengji_sim.rules.follow` on one
  follow position (rule, count, every ``nth`` or a sample of :data:`SAMPLE`, legality);
* :func:`parity_winner`, :func:`parity_throw`, :func:`parity_kitty`, :func:`parity_score`,
  :func:`parity_after_hand`: a reference function's result, asserted equal to the kernel's
  (or the same refusal), so they can replace the reference in its own unit tests;
* :func:`warm_follow_kernels`, :func:`warm_trick_kernels`, :func:`warm_rule_kernels`: every
  kernel of a family called once (compiled, or loaded from the cache); tests/conftest.py
  makes them the session fixtures ``follow_buf``, ``trick_kernels`` and ``rule_kernels``.

This module imports the Numba core; tests/helpers.py (imported by tests/conftest.py) does
not, so the reference tests (and mutmut's selection) never load it.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from shengji_sim.cards import parse_cards
from shengji_sim.config.variant import load_variant
from shengji_sim.core.follow.follow_count_nb import (
    follow_count_nb,
    follow_nth_nb,
    is_legal_follow_nb,
    options_count_nb,
    options_nth_nb,
)
from shengji_sim.core.follow.follow_data import RULE_NAMES, make_buffers
from shengji_sim.core.follow.follow_families_nb import follow_options_nb
from shengji_sim.core.rules.kitty_nb import judge_kitty_nb, kitty_multiplier_nb
from shengji_sim.core.rules.score_nb import after_hand_nb, judge_score_nb
from shengji_sim.core.rules.shapes_nb import decompose_nb
from shengji_sim.core.rules.throw_nb import judge_throw_nb
from shengji_sim.core.rules.trick_nb import trick_points_nb, trick_winner_nb
from shengji_sim.core.runtime.api import (
    after_hand_core,
    cards_of,
    counts_array,
    counts_of,
    judge_kitty_core,
    judge_score_core,
    judge_throw_core,
    kernel_inputs,
    lead_arrays,
    legal_follows_core,
    plays_array,
    trick_winner_core,
    unit_scratch,
)
from shengji_sim.fuzz.positions import Position, variant_for
from shengji_sim.rules.follow import FollowError, Options, check_follow, obligation
from shengji_sim.rules.kitty import judge_kitty
from shengji_sim.rules.match import after_hand
from shengji_sim.rules.score import judge_score
from shengji_sim.rules.throw import judge_throw
from shengji_sim.rules.trick import trick_winner

SAMPLE = 200  #: nth indices checked per position when the count is larger

# --- declarations and 炒底 ------------------------------------------------------------------------


def parity_declaration_options(variant, level, hand, seat, standing, declarer, someone_else,
                               kitty_flip, hand_number) -> None:
    """The reference's declaration options (during and after the deal) and 炒 options of
    ``seat`` holding ``hand`` under ``standing`` ((seat, kind, count) or None) equal the
    kernels' (``api.declaration_options`` / ``api.chaodi_options``), choices included."""
    from shengji_sim.core.base.tables import switch_array
    from shengji_sim.core.runtime.api import chaodi_options, declaration_options
    from shengji_sim.rng import Rng
    from shengji_sim.rules import game as G
    from shengji_sim.rules.bidding import Declaration
    from shengji_sim.rules.match import MatchState

    sw = switch_array(variant)
    decl = None if standing is None else Declaration(standing[0], (standing[1],) * standing[2])
    st = G.HandState(variant, Rng(0), [], MatchState((level, level), None, hand_number))
    st.hands[seat] = list(hand)
    st.record = {"kitty_flip": kitty_flip}
    for after_deal in (False, True):
        ref = [(d.kind, d.count, d.choice)
               for d in G._declaration_options(st, seat, decl, after_deal)]
        got = declaration_options(sw, level, hand, seat, decl, after_deal)
        assert got == ref, (after_deal, standing, sorted(hand))
    ref = [(d.kind, d.count, d.choice)
           for d in G._chaodi_options(st, seat, decl, declarer, someone_else)]
    got = chaodi_options(sw, level, hand, seat, decl, declarer, someone_else, kitty_flip)
    assert got == ref, (standing, declarer, someone_else, kitty_flip, sorted(hand))


# --- warm-up: every kernel of a family once -----------------------------------------------------


def warm_follow_kernels():
    """The follow kernels, compiled once; returns their work buffers."""
    b = make_buffers()
    v = load_variant("classic-2deck")
    p = kernel_inputs(v)
    args = (p.kt, p.sw, 0, 0, *lead_arrays(v, 0, 0, parse_cards("S5 S5")),
            counts_of(parse_cards("S7 S7 S9 H3")), 1, b)
    out = np.zeros(54, np.int8)
    assert follow_count_nb(*args) == 1
    assert follow_nth_nb(*args, 0, out) == 0
    assert is_legal_follow_nb(*args, out)
    legal_follows_core(v, 0, 0, parse_cards("S5 S5 S6 S6"), parse_cards("S7 S7 S8 S8 S9 H3"))
    return b


def warm_trick_kernels() -> bool:
    """The shapes and trick kernels."""
    v = load_variant("classic-2deck")
    kt, sw = kernel_inputs(v)
    uw, ul, uk, ut = unit_scratch()
    for plays in (["SA", "SK"], ["SA SA SK", "H3 H3 H4"]):
        arr = plays_array([parse_cards(p) for p in plays])
        trick_winner_nb(kt, sw, 0, 1, arr, 2, uw, ul, uk, ut)
        trick_points_nb(kt.points, arr, 2)
    decompose_nb(kt, sw, 0, 1, arr[0], uw, ul, uk)
    return True


def warm_rule_kernels() -> bool:
    """The throw, kitty, score and match kernels."""
    v = load_variant("classic-2deck")
    kt, sw = kernel_inputs(v)
    uw, ul, uk, ut = unit_scratch()
    lead = counts_array(parse_cards("SA SK"))
    others = plays_array([parse_cards("SQ"), [], parse_cards("S3")])[:3]
    played = counts_array([])
    judge_throw_nb(kt, sw, 0, 1, lead, others, played, uw, ul, uk, ut)
    plays = plays_array([parse_cards("SA"), parse_cards("S3")])
    kitty_multiplier_nb(kt, sw, 0, 1, plays, 2, 0, uw, ul, uk, ut)
    judge_kitty_nb(kt, sw, 0, 1, plays, 2, 1, counts_array([]), 0, 0, uw, ul, uk, ut)
    judge_score_nb(sw, 80)
    after_hand_nb(sw, 0, 0, 0, 0, 1, 2)
    return True


# --- follow --------------------------------------------------------------------------------------


def check_position(pos: Position, position_arg: int, b) -> str | None:
    """Compare kernels and reference on one follow position; returns the reference rule."""
    ctx = pos.ctx
    variant = variant_for(pos.variant, pos.ambs)
    lead, hand = list(pos.lead), list(pos.hand)
    try:
        ob = obligation(ctx, lead, hand, position_arg)
        opts = Options(ctx, ob.families)
    except FollowError:
        return None
    p = kernel_inputs(variant)
    lc, nu, uw, ul, uk = lead_arrays(variant, pos.level, pos.trump, lead)
    hc = counts_of(hand)
    args = (p.kt, p.sw, pos.level, pos.trump, lc, nu, uw, ul, uk, hc, position_arg, b)
    n_fam, rule = follow_options_nb(*args)
    assert rule >= 0, (rule, pos)
    assert RULE_NAMES[rule] == ob.rule, pos
    count = options_count_nb(p.kt, pos.level, pos.trump, b, n_fam)
    assert count == opts.count, pos
    out = np.zeros(54, np.int8)
    rnd = random.Random(count * 7919 + len(hand))
    indices = range(count) if count <= SAMPLE else sorted(rnd.sample(range(count), SAMPLE))
    for i in indices:
        assert options_nth_nb(p.kt, pos.level, pos.trump, b, n_fam, i, out) == 0
        assert cards_of(p.kt, pos.level, pos.trump, out) == opts.nth(i), (i, pos)
    for i in list(indices)[:5]:  # legal plays are accepted
        play = opts.nth(i)
        assert is_legal_follow_nb(*args, counts_of(play)), (play, pos)
    for _ in range(8):  # random hand subsets of the lead's size: same verdict
        play = rnd.sample(hand, len(lead))
        legal, _why = check_follow(ctx, lead, hand, play, position_arg)
        assert is_legal_follow_nb(*args, counts_of(play)) == legal, (play, pos)
    return ob.rule


# --- trick, throw, kitty, score, match: reference and kernel on the same call ------------------


def parity_winner(ctx, plays):
    """Reference and kernel must agree (or both refuse the input the same way)."""
    try:
        expected = trick_winner(ctx, plays)
    except (ValueError, AssertionError) as exc:
        with pytest.raises(type(exc)):
            trick_winner_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump, plays)
        raise
    got = trick_winner_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump, plays)
    assert got == expected, (plays, got, expected)
    return got


def _same_refusal(exc, call):
    with pytest.raises(type(exc)):
        call()


def parity_throw(ctx, lead, others):
    call = lambda: judge_throw_core(ctx.variant, ctx.ranking.level,  # noqa: E731
                                    ctx.ranking.trump, lead, others)
    try:
        expected = judge_throw(ctx, lead, others)
    except (ValueError, AssertionError) as exc:
        _same_refusal(exc, call)
        raise
    got = call()
    assert (got.valid, sorted(got.played), sorted(got.returned), got.blocked_by, got.penalty,
            got.penalty_unit, got.rejected) == \
        (expected.valid, sorted(expected.played), sorted(expected.returned),
         expected.blocked_by, expected.penalty, expected.penalty_unit, expected.rejected)
    return expected


def parity_kitty(ctx, plays, leader_side, kitty, attacker_points=None):
    call = lambda: judge_kitty_core(ctx.variant, ctx.ranking.level,  # noqa: E731
                                    ctx.ranking.trump, plays, leader_side, kitty,
                                    attacker_points)
    try:
        expected = judge_kitty(ctx, plays, leader_side, kitty, attacker_points)
    except (ValueError, AssertionError) as exc:
        _same_refusal(exc, call)
        raise
    assert call() == expected
    return expected


def parity_score(variant, points, hook=None):
    expected = judge_score(variant, points, hook)
    assert judge_score_core(variant, points, hook) == expected
    return expected


def parity_after_hand(variant, state, dealer, result):
    expected = after_hand(variant, state, dealer, result)
    assert after_hand_core(variant, state, dealer, result) == expected
    return expected
