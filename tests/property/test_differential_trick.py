"""Differential tests: the Numba shapes and trick kernels (shengji_sim.core.rules.shapes_nb,
shengji_sim.core.rules.trick_nb) against the reference (shengji_sim.rules.shapes / rules.trick) on
hypothesis draws; the example-based ones are tests/integration/test_core_trick.py.

Every built-in variant with samples of the comparison overrides (AMB-04, AMB-05, AMB-08, AMB-09,
AMB-10, AMB-11, AMB-17, AMB-40, AMB-41, OTH-1, OTH-2): ``decompose`` of random leads and count
vectors; trick winners of 2-4 plays built from legal follows (``rules.follow.legal_follows``),
structured led-suit plays, structured ruffs and discards (:func:`follow_play`).
"""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given
from hypothesis import strategies as st

from shengji_sim.cards import N_KINDS, TRUMP
from shengji_sim.core.rules.shapes_nb import decompose_top_nb
from shengji_sim.core.rules.trick_nb import (
    NO_CLAIM,
    alloc_throw_scratch_nb,
    claim_beats_nb,
    one_unit_best_nb,
    one_unit_claim_beats_nb,
    play_side_nb,
    strongest_answer_nb,
    trick_winner_units_nb,
)
from shengji_sim.core.runtime.api import (
    decompose_core,
    kernel_inputs,
    plays_array,
    trick_winner_core,
    unit_scratch,
)
from shengji_sim.fuzz.card_strategies import contexts, follow_groups, follow_play, lead_cards
from shengji_sim.rules.shapes import decompose
from shengji_sim.rules.trick import trick_winner
from tests.helpers import budget

TRICK_ITEMS = ("AMB-08", "AMB-09", "AMB-10", "AMB-11", "AMB-17", "AMB-40", "AMB-41", "OTH-1",
               "OTH-2", "AMB-04", "AMB-05")


@st.composite
def tricks(draw, items=TRICK_ITEMS, max_lead=10):
    ctx = draw(contexts(items))
    lead = draw(lead_cards(ctx, max_lead=max_lead, lean=True))
    n_plays = draw(st.integers(2, 4))
    plays = [lead] + [draw(follow_play(ctx, lead)) for _ in range(n_plays - 1)]
    return ctx, plays


@budget(4)
@given(data=st.data())
def test_decompose_matches_reference_on_leads(trick_kernels, data):
    ctx = data.draw(contexts(TRICK_ITEMS))
    lead = data.draw(lead_cards(ctx, max_lead=12, lean=True))
    got = decompose_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump, lead)
    counts = [0] * N_KINDS
    for k in lead:
        counts[k] += 1
    assert got == decompose(ctx, tuple(counts))


@budget(3)
@given(data=st.data())
def test_decompose_matches_reference_on_count_vectors(trick_kernels, data):
    """Arbitrary one-group count vectors (up to 14 cards): throws of any mix."""
    ctx = data.draw(contexts(TRICK_ITEMS))
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


@budget(5)
@given(trick=tricks())
def test_trick_winner_matches_reference(trick_kernels, trick):
    ctx, plays = trick
    expected = trick_winner(ctx, plays)
    assert trick_winner_core(ctx.variant, ctx.ranking.level, ctx.ranking.trump,
                             plays) == expected


@budget(2.5)
@given(trick=tricks(items=("OTH-1", "OTH-2", "AMB-17"), max_lead=12), data=st.data())
def test_throw_trick_winner_matches_reference(trick_kernels, trick, data):
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
    assert _winner_in_used_scratch(ctx, plays, data) == expected


def _winner_in_used_scratch(ctx, plays, data) -> int:
    """The winner as the hand loop judges it: ``trick_winner_units_nb`` in a lane's
    ``ThrowScratch`` that earlier tricks left full of their values (here: drawn junk)."""
    kt, sw = kernel_inputs(ctx.variant)
    level, trump = ctx.ranking.level, ctx.ranking.trump
    uw, ul, uk, ut = unit_scratch()
    rows = plays_array(plays)
    n_units = decompose_top_nb(kt, sw, level, trump, rows[0], uw, ul, uk, ut)
    ts = alloc_throw_scratch_nb(len(plays[0]))
    junk = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1), label="junk seed"))
    for scratch in ts:
        scratch[...] = junk.integers(-1, 13, scratch.shape)
    lead_suit = int(kt.eff[level, trump, plays[0][0]])
    return int(trick_winner_units_nb(kt, sw, level, trump, rows, len(plays), n_units, uw, ul,
                                     ut, len(plays[0]), lead_suit, ts))


@budget(2.5)
@given(data=st.data())
def test_one_unit_claim_shortcut_matches_the_full_claim(trick_kernels, data):
    """``one_unit_claim_beats_nb`` judges a set lead by the play's strongest set
    (``set_claim_nb``) and skips a tractor lead's play whose bound
    (``tractor_claim_nb``: its strongest kind held twice or more, or a kind held more often
    than the best's width) cannot beat the best so far (CMP-9). On every reading, its answer
    equals the full one (``strongest_answer_nb`` then ``claim_beats_nb``) for legal
    follows, ruffs, discards, set-free plays, plays with a set and plays of several sets
    (tractors among them), after 0 to 2 earlier plays."""
    ctx = data.draw(contexts(TRICK_ITEMS))
    level, trump = ctx.ranking.level, ctx.ranking.trump
    lead = data.draw(lead_cards(ctx, max_lead=8, lean=True, structured=True))
    kt, sw = kernel_inputs(ctx.variant)
    uw, ul, uk, ut = unit_scratch()
    lead_counts = plays_array([lead])[0]
    # a throw: _throw_winner decides, not the one-unit claims
    assume(decompose_top_nb(kt, sw, level, trump, lead_counts, uw, ul, uk, ut) == 1)
    before = [data.draw(follow_play(ctx, lead)) for _ in range(data.draw(st.integers(0, 2)))]
    eff = kt.eff[level, trump]
    lead_suit = int(eff[lead[0]])
    shape = data.draw(st.sampled_from(["follow", "set-free", "set", "set", "sets"]))
    near = [k for k in range(N_KINDS) if eff[k] in (lead_suit, TRUMP)]
    if shape == "sets":  # sets of 2 or more copies of kinds of one suit, then singles
        assume(ctx.variant.decks >= 2)
        suit = data.draw(st.sampled_from(sorted({int(eff[k]) for k in near})))
        kinds = data.draw(st.lists(st.sampled_from([k for k in near if eff[k] == suit]),
                                   min_size=1, max_size=max(1, len(lead) // 2), unique=True))
        play = []
        for kind in kinds:
            play += [kind] * data.draw(st.integers(2, ctx.variant.decks))
        assume(len(play) <= len(lead))
        play += data.draw(st.lists(st.sampled_from([k for k in near if k not in kinds]),
                                   min_size=len(lead) - len(play),
                                   max_size=len(lead) - len(play), unique=True))
    elif shape == "follow":
        play = data.draw(follow_play(ctx, lead))
    elif shape == "set-free":  # len(lead) different kinds
        play = data.draw(st.lists(st.integers(0, N_KINDS - 1), min_size=len(lead),
                                  max_size=len(lead), unique=True))
    else:  # a set of the lead's width or wider in the led suit or trumps, then singles
        width = min(int(uw[0]) + data.draw(st.integers(0, 1)), ctx.variant.decks, len(lead))
        kind = data.draw(st.sampled_from(near))
        rest = data.draw(st.lists(st.sampled_from([k for k in range(N_KINDS) if k != kind]),
                                  min_size=len(lead) - width, max_size=len(lead) - width,
                                  unique=True))
        play = [kind] * width + rest
    plays = plays_array([lead, *before, play])
    best = one_unit_best_nb(kt, sw, level, trump, plays, 1 + len(before), uw, ul, ut,
                            lead_suit)
    side = play_side_nb(kt.eff[level, trump], plays[1 + len(before)], lead_suit)
    full = False
    if side >= 0:
        claim = strongest_answer_nb(kt, sw, level, trump, np.int64(uw[0]), np.int64(ul[0]),
                                    plays[1 + len(before)], side, -1)
        full = claim[0] != NO_CLAIM and claim_beats_nb(
            sw, claim[0], claim[1], claim[2], claim[3], best[1], best[2], best[3], best[4])
    assert one_unit_claim_beats_nb(kt, sw, level, trump, plays[1 + len(before)], uw, ul,
                                   lead_suit, best) == full
