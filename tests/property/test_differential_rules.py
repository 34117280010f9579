"""Differential tests: the Numba throw, kitty, score and match kernels (shengji_sim.core.
throw_nb / kitty_nb / score_nb) against the reference (rules.throw / rules.kitty / rules.score /
rules.match) on hypothesis draws; the example-based ones are tests/integration/test_core_rules.py.

Every built-in variant: throws of 2-3 components against random other hands (AMB-09, AMB-10,
AMB-17, AMB-20, AMB-21, AMB-22, AMB-23, AMB-24, AMB-41, AMB-43, AMB-47, OTH-3, OTH-8); kitty
results of random last tricks (AMB-08, AMB-25, AMB-26, AMB-27 with its sub-letters, AMB-44,
OTH-1, OTH-4, caps); score tables for every attacker point value in a range (AMB-34, AMB-36,
caps, negative scores) and match steps (AMB-38). The checkers are :mod:`tests.differential`'s.
Declarations and 炒底: the options a seat is offered (BID-2, BID-3, BID-4, BID-5, BID-6, CHAO-2,
CHAO-3, CHAO-5, CHAO-6) during and after the deal, four jokers once per trump choice, under
drawn AMB-29, AMB-33, AMB-35, AMB-42, AMB-50 and AMB-51 readings, over drawn standing
declarations (triples and quads included).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.cards import N_KINDS
from shengji_sim.config.variant import load_variant
from shengji_sim.fuzz.card_strategies import (
    amb_overrides,
    contexts,
    follow_play,
    follower_hands,
    lead_cards,
)
from shengji_sim.fuzz.positions import VARIANTS, variant_for
from shengji_sim.rules.match import MatchState
from shengji_sim.rules.shapes import decompose
from tests.differential import (
    parity_after_hand,
    parity_declaration_options,
    parity_kitty,
    parity_score,
    parity_throw,
)
from tests.helpers import budget

THROW_ITEMS = ("AMB-09", "AMB-10", "AMB-17", "AMB-20", "AMB-21", "AMB-22", "AMB-23", "AMB-24",
               "AMB-43", "OTH-3", "OTH-8", "AMB-41", "AMB-47")
KITTY_ITEMS = ("AMB-25", "AMB-26", "AMB-27", "AMB-44", "OTH-4", "AMB-08", "OTH-1")
SCORE_ITEMS = ("AMB-34", "AMB-36", "AMB-38")


@st.composite
def throw_positions(draw):
    ctx = draw(contexts(THROW_ITEMS))
    lead = draw(lead_cards(ctx, max_lead=12, lean=True))
    counts = [0] * N_KINDS
    for k in lead:
        counts[k] += 1
    if len(decompose(ctx, tuple(counts))) == 1 and draw(st.booleans()):
        # often a throw of the same group: add a second piece
        lead2 = draw(lead_cards(ctx, max_lead=12, lean=True))
        r = ctx.ranking
        same = [k for k in lead2 if (r.group[k], r.eff_suit[k]) ==
                (r.group[lead[0]], r.eff_suit[lead[0]]) and counts[k] < ctx.variant.decks]
        for k in same[:4]:
            if counts[k] < ctx.variant.decks:
                counts[k] += 1
                lead.append(k)
    others = [draw(follower_hands(ctx, lead, max(12, len(lead)))) for _ in range(3)]
    for i in range(3):
        if draw(st.integers(0, 4)) == 0:
            others[i] = []  # a void hand
    return ctx, lead, others


@budget(4)
@given(position=throw_positions())
def test_judge_throw_matches_reference(rule_kernels, position):
    ctx, lead, others = position
    parity_throw(ctx, lead, others)


@st.composite
def last_tricks(draw):
    ctx = draw(contexts(KITTY_ITEMS, sub_letters=True))
    lead = draw(lead_cards(ctx, max_lead=8, lean=True))
    n_plays = draw(st.integers(2, 4))
    plays = [lead] + [draw(follow_play(ctx, lead)) for _ in range(n_plays - 1)]
    kitty = draw(st.lists(st.integers(0, N_KINDS - 1), max_size=12))
    side = draw(st.sampled_from(["dealer", "attackers"]))
    points = draw(st.none() | st.integers(-100, 500))
    return ctx, plays, side, kitty, points


@budget(4)
@given(trick=last_tricks())
def test_judge_kitty_matches_reference(rule_kernels, trick):
    ctx, plays, side, kitty, points = trick
    try:
        parity_kitty(ctx, plays, side, kitty, points)
    except (ValueError, AssertionError):
        pass  # the refusal itself was compared by parity_kitty


@budget(0.6)
@given(name=st.sampled_from(VARIANTS), data=st.data())
def test_judge_score_and_after_hand_match_reference(rule_kernels, name, data):
    ambs = data.draw(amb_overrides(name, items=SCORE_ITEMS))
    sets = []
    if data.draw(st.booleans()):
        sets.append(f"level_gain_cap={data.draw(st.integers(0, 3))}")
    if data.draw(st.booleans()):
        sets.append(f"negative_scores={data.draw(st.sampled_from(['true', 'false']))}")
    variant = variant_for(name, ambs) if not sets else load_variant(name, amb=list(ambs),
                                                                     sets=sets)
    levels = (data.draw(st.integers(0, 12)), data.draw(st.integers(0, 12)))
    dealer = data.draw(st.integers(0, 3))
    state = MatchState(levels=levels, dealer=dealer)
    for points in range(-120, 700, 5):
        result = parity_score(variant, points)
        parity_after_hand(variant, state, dealer, result)


BID_ITEMS = ("AMB-29", "AMB-33", "AMB-35", "AMB-42", "AMB-50", "AMB-51")
BID_VARIANTS = ("changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck")


@st.composite
def bidding_positions(draw):
    """A seat's biddable holding (level cards and jokers, up to the decks' copies) and a
    standing declaration (none, or any count of one biddable kind by any seat)."""
    name = draw(st.sampled_from(BID_VARIANTS))
    ambs = draw(amb_overrides(name, items=BID_ITEMS))
    variant = variant_for(name, ambs)
    level = draw(st.integers(0, 12))
    kinds = [s * 13 + level for s in range(4)] + [52, 53]
    hand = [k for k in kinds for _ in range(draw(st.integers(0, variant.decks)))]
    standing = None
    if draw(st.integers(0, 4)):
        standing = (draw(st.integers(0, 3)), draw(st.sampled_from(kinds)),
                    draw(st.integers(1, variant.decks)))
    seat = draw(st.integers(0, 3))
    declarer = draw(st.none() | st.integers(0, 3))
    return (variant, level, hand, seat, standing, declarer, draw(st.booleans()),
            draw(st.booleans()), draw(st.integers(1, 3)))


@budget(2)
@given(position=bidding_positions())
def test_AMB_50_AMB_51_declaration_and_chaodi_options_match_reference(position):
    """``_declaration_options`` (during and after the deal: AMB-50 C asks for a stronger
    one) and ``_chaodi_options`` (AMB-51 over a standing triple or quad; CHAO-3 four jokers
    once per choice) == the kernels' listings, in order."""
    parity_declaration_options(*position)
