"""Numba shapes and trick kernels against the reference (shengji_sim.core.shapes_nb,
shengji_sim.core.trick_nb vs shengji_sim.rules.shapes / rules.trick).

* RULES.md §5.4 (EX-C) through the kernels, and every test of tests/unit/test_trick.py
  re-run with ``trick_winner`` replaced by a checker that asserts kernel == reference.
* Hypothesis differential tests on every built-in variant with samples of the comparison
  overrides (AMB-08, AMB-09, AMB-10, AMB-11, AMB-17, AMB-40, AMB-41, OTH-1, OTH-2): ``decompose`` of
  random leads and count vectors; trick winners of 2-4 plays built from legal follows
  (``rules.follow.legal_follows``), structured led-suit plays, structured ruffs and discards.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_sim.cards import N_KINDS, TRUMP, parse_cards, parse_rank, parse_trump
from shengji_sim.core.api import (
    decompose_core,
    kernel_inputs,
    plays_array,
    trick_winner_core,
    unit_scratch,
)
from shengji_sim.core.shapes_nb import decompose_nb
from shengji_sim.core.trick_nb import trick_points_nb, trick_winner_nb
from shengji_sim.rules.follow import legal_follows
from shengji_sim.rules.shapes import decompose
from shengji_sim.rules.trick import trick_points, trick_winner
from shengji_sim.variant import load_variant
from tests.helpers import NAMES, reference_cases, rerun_reference
from tests.property.strategies import (
    VARIANTS,
    amb_overrides,
    context_for,
    follow_groups,
    follower_hands,
    group_runs,
    leads,
)
from tests.unit import test_trick as ref_tests

TRICK_ITEMS = ("AMB-08", "AMB-09", "AMB-10", "AMB-11", "AMB-17", "AMB-40", "AMB-41", "OTH-1",
               "OTH-2", "AMB-04", "AMB-05")


@pytest.fixture(scope="session")
def compiled() -> bool:
    """Compile every kernel of this file once (cache=True keeps them across sessions)."""
    v = load_variant("classic-2deck")
    kt, sw = kernel_inputs(v)
    uw, ul, uk, ut = unit_scratch()
    for plays in (["SA", "SK"], ["SA SA SK", "H3 H3 H4"]):
        arr = plays_array([parse_cards(p) for p in plays])
        trick_winner_nb(kt, sw, 0, 1, arr, 2, uw, ul, uk, ut)
        trick_points_nb(kt.points, arr, 2)
    decompose_nb(kt, sw, 0, 1, arr[0], uw, ul, uk)
    return True


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


# --- RULES.md §5.4 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ex_id", "rule_set", "level", "trump", "plays", "amb", "expected"),
    ref_tests.EX_C,
    ids=[f"{case[0]}[{case[5] or 'default'}]" for case in ref_tests.EX_C],
)
def test_section_5_4_examples_kernel(compiled, ex_id, rule_set, level, trump, plays, amb,
                                     expected):
    variant = load_variant(NAMES[rule_set], amb=[amb] if amb else [])
    got = trick_winner_core(variant, parse_rank(level), parse_trump(trump),
                            [parse_cards(p) for p in plays])
    assert got + 1 == expected


@pytest.mark.parametrize(("name", "kwargs"), reference_cases(ref_tests))
def test_reference_trick_tests_through_the_kernel(compiled, monkeypatch, name, kwargs):
    rerun_reference(monkeypatch, ref_tests, name, kwargs, trick_winner=parity_winner)


def test_trick_points_kernel(compiled):
    plays = [parse_cards(p) for p in ["S5 S10", "SK H3", "D5 DK", "BJ LJ"]]
    kt, _ = kernel_inputs(load_variant("classic-2deck"))
    assert trick_points_nb(kt.points, plays_array(plays), 4) == trick_points(plays) == 40


# --- strategies ----------------------------------------------------------------------------------


@st.composite
def contexts(draw, items=TRICK_ITEMS):
    name = draw(st.sampled_from(VARIANTS))
    ambs = draw(amb_overrides(name, items))
    level = draw(st.integers(0, 12))
    trump = draw(st.integers(0, 4))
    return context_for(name, ambs, level, trump)


@st.composite
def group_play(draw, ctx, key, n):
    """``n`` cards of one follow group, built from tractors and sets where possible (a
    structured ruff when ``key`` is the trump group); None if the group is too small."""
    kinds = follow_groups(ctx).get(key, [])
    decks = ctx.variant.decks
    if len(kinds) * decks < n:
        return None
    left = {k: decks for k in kinds}
    cards: list[int] = []
    while len(cards) < n:
        room = n - len(cards)
        shape = draw(st.sampled_from(["tractor", "set", "set", "single"]))
        widths = [w for w in ctx.ranking.tractor_widths if w <= decks]
        if shape == "tractor" and widths:
            w = draw(st.sampled_from(widths))
            if room >= 2 * w:
                length = draw(st.integers(2, max(2, min(4, room // w))))
                runs = [r for r in group_runs(ctx, kinds, length) if all(left[k] >= w for k in r)]
                if runs:
                    run = draw(st.sampled_from(runs))
                    for k in run:
                        left[k] -= w
                        cards += [k] * w
                    continue
        if shape == "set" and decks > 1:
            w = draw(st.integers(2, min(decks, room))) if room >= 2 else 1
            options = [k for k in kinds if left[k] >= w]
            if options:
                k = draw(st.sampled_from(options))
                left[k] -= w
                cards += [k] * w
                continue
        options = [k for k in kinds if left[k] >= 1]
        k = draw(st.sampled_from(options))
        left[k] -= 1
        cards.append(k)
    return cards


@st.composite
def follow_play(draw, ctx, lead):
    """One answer to ``lead``: a legal follow, a structured led-suit play, a ruff or a
    discard."""
    n = len(lead)
    r = ctx.ranking
    lead_key = (r.group[lead[0]], r.eff_suit[lead[0]])
    kind = draw(st.sampled_from(["legal", "legal", "suit", "ruff", "ruff", "discard"]))
    if kind == "legal":
        hand = draw(follower_hands(ctx, lead, max(14, n)))
        options = legal_follows(ctx, lead, hand, limit=40).plays
        if options:
            return list(draw(st.sampled_from(options)))
    if kind in ("suit", "ruff"):
        key = lead_key
        if kind == "ruff":
            trump_keys = [k for k in follow_groups(ctx) if k[1] == TRUMP]
            key = draw(st.sampled_from(trump_keys))
        play = draw(group_play(ctx, key, n))
        if play is not None:
            return play
    return draw(st.lists(st.integers(0, N_KINDS - 1), min_size=n, max_size=n))


@st.composite
def tricks(draw, items=TRICK_ITEMS, max_lead=10):
    ctx = draw(contexts(items))
    lead, _ = draw(leads(ctx, max_lead))
    n_plays = draw(st.integers(2, 4))
    plays = [lead] + [draw(follow_play(ctx, lead)) for _ in range(n_plays - 1)]
    return ctx, plays


# --- differential tests ------------------------------------------------------------------------


@settings(max_examples=400)
@given(data=st.data())
def test_decompose_matches_reference_on_leads(compiled, data):
    ctx = data.draw(contexts())
    lead, _ = data.draw(leads(ctx, 12))
    got = decompose_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump, lead)
    counts = [0] * N_KINDS
    for k in lead:
        counts[k] += 1
    assert got == decompose(ctx, tuple(counts))


@settings(max_examples=300)
@given(data=st.data())
def test_decompose_matches_reference_on_count_vectors(compiled, data):
    """Arbitrary one-group count vectors (up to 14 cards): throws of any mix."""
    ctx = data.draw(contexts())
    groups = follow_groups(ctx)
    kinds = groups[data.draw(st.sampled_from(sorted(groups)))]
    decks = ctx.variant.decks
    picks = data.draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=14))
    counts = [0] * N_KINDS
    for k in picks:
        counts[k] = min(decks, counts[k] + 1)
    cards = [k for k in range(N_KINDS) for _ in range(counts[k])]
    got = decompose_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump, cards)
    assert got == decompose(ctx, tuple(counts))


@settings(max_examples=500)
@given(trick=tricks())
def test_trick_winner_matches_reference(compiled, trick):
    ctx, plays = trick
    expected = trick_winner(ctx, plays)
    assert trick_winner_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump,
                             plays) == expected


@settings(max_examples=250)
@given(trick=tricks(items=("OTH-1", "OTH-2", "AMB-17"), max_lead=12), data=st.data())
def test_throw_trick_winner_matches_reference(compiled, trick, data):
    """Tricks led by throws (several units), where OTH-1/OTH-2 and DEF-4 decide."""
    ctx, plays = trick
    counts = np.zeros(N_KINDS, np.int64)
    for k in plays[0]:
        counts[k] += 1
    if len(decompose(ctx, tuple(int(c) for c in counts))) < 2:
        # make it a throw: add a lower single of the led group where there is room
        r = ctx.ranking
        key = (r.group[plays[0][0]], r.eff_suit[plays[0][0]])
        spare = [k for k in follow_groups(ctx)[key] if counts[k] < ctx.variant.decks]
        if not spare:
            return
        plays[0] = plays[0] + [data.draw(st.sampled_from(spare))]
        plays[1:] = [data.draw(follow_play(ctx, plays[0])) for _ in plays[1:]]
    expected = trick_winner(ctx, plays)
    assert trick_winner_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump,
                             plays) == expected


def test_split_lead_under_AMB_17_B_matches_reference(compiled):
    """Regression (fixed bug): OTH-1 A, AMB-17 B, a lead 5566 + 5 whose canonical units split
    the triple used to raise AssertionError in the reference; both engines now agree."""
    variant = load_variant("changzhou-4deck", amb=["AMB-17=B", "AMB-48=B"])
    plays = [parse_cards("S5 S5 S5 S6 S6"), parse_cards("H3 H3 H3 H4 H4")]
    assert trick_winner_core(variant, 8, 1, plays) == 0
