"""Differential test of the lead listing (LEAD-3): ``core.lead_nb.lead_options_nb`` against
the reference ``shengji_sim.rules.game.lead_options``, on hypothesis hands of every built-in
variant with the readings that change which kinds chain (AMB-01 .. AMB-08, AMB-40, OTH-9) or
which two quads are one unit (AMB-41), and on fixed hands that hold tractors, two-quad units
and one run reached from two chain starts (listed once).

Each option is compared as cards (``api.lead_options``, the reference's card lists in its
order) and as the kernel's ``(w, kinds, ords)``: ``ords`` the kinds' positions ascending, and
``kinds`` a set's one kind, a tractor's run in chain order (``shapes.tractor_kinds``) or, under
AMB-41 A, two quads of one suit in power order. Hands lean towards one follow group with runs
and full sets (``fuzz.card_strategies.hand_cards``), and take every copy left of up to three kinds
of that group, so tractors and two-quad units are common; ``target`` steers towards many
tractor options, ``event`` counts the hands that list one.
"""

from __future__ import annotations

import pytest
from hypothesis import event, given, target
from hypothesis import strategies as st

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.core.rules.shapes_nb import two_quads_count_nb
from shengji_sim.core.runtime.api import kernel_inputs, lead_options, make_lead_buffers
from shengji_sim.fuzz.card_strategies import contexts, copies_left, follow_groups, hand_cards
from shengji_sim.fuzz.positions import variant_for
from shengji_sim.rules import game as G
from shengji_sim.rules.shapes import make_context, tractor_kinds
from tests.helpers import budget

#: the readings that change the chains (AMB-01 .. AMB-08, AMB-40, OTH-9) or the two-quad unit
#: (AMB-41)
LEAD_ITEMS = ("AMB-01", "AMB-02", "AMB-03", "AMB-04", "AMB-05", "AMB-06", "AMB-07", "AMB-08",
              "AMB-40", "AMB-41", "OTH-9")
#: the 4-deck variants more often: quads, triple and quad tractors, and (jj-4deck, AMB-41 A)
#: two-quad units
LEAD_VARIANTS = ("changzhou-4deck", "changzhou-4deck", "jj-4deck", "jj-4deck", "jj-4deck",
                 "classic-2deck", "classic-3deck", "baifen-1deck")
_BUFFERS: dict[int, object] = {}


def _buffers(kt):
    """One :class:`~shengji_sim.core.rules.lead_nb.LeadBuffers` per table shape."""
    key = int(kt.tr_kinds.shape[2])
    if key not in _BUFFERS:
        _BUFFERS[key] = make_lead_buffers(kt)
    return _BUFFERS[key]


def option_shape(ctx, kt, lb, i: int) -> str:
    """Option ``i`` of the listing in ``lb``: "set", "tractor" or "two quads", after checking
    its ``kinds`` and ``ords`` (see the module docstring)."""
    level, trump = ctx.ranking.level, ctx.ranking.trump
    w, ln = int(lb.w[i]), int(lb.ln[i])
    kinds = tuple(int(k) for k in lb.kinds[i, :ln])
    order = kt.order[level, trump]
    assert [int(o) for o in lb.ords[i, :ln]] == sorted(int(order[k]) for k in kinds)
    if ln == 1:
        return "set"
    if kinds in tractor_kinds(ctx.ranking, ln):
        assert w in ctx.ranking.tractor_widths
        return "tractor"
    kt_power = kt.power[level, trump]
    # two quads (AMB-41 A), the weaker first; two kinds of equal power (two off-suit level
    # cards, where any two quads count) in either order
    assert (w, ln) == (4, 2) and kt_power[kinds[0]] <= kt_power[kinds[1]], (w, kinds)
    return "two quads"


def check_listing(ctx, hand: list[int]) -> list[str]:
    """The kernel's listing of ``hand`` equals the reference's; returns the options' shapes."""
    kt, sw = kernel_inputs(ctx.variant)
    lb = _buffers(kt)
    level, trump = ctx.ranking.level, ctx.ranking.trump
    got = lead_options(kt, sw, level, trump, hand, lb)
    assert got == G.lead_options(ctx, hand), (ctx.variant.name, level, trump, sorted(hand))
    shapes = [option_shape(ctx, kt, lb, i) for i in range(len(got))]
    if "two quads" in shapes:
        assert two_quads_count_nb(sw)
    return shapes


@st.composite
def lead_hands(draw):
    """(Context, hand): a hand of 1 .. hand + kitty cards leaning towards one follow group
    (:func:`~shengji_sim.fuzz.card_strategies.hand_cards`), plus every copy left of up to three
    kinds of that group (quads on four decks)."""
    ctx = draw(contexts(LEAD_ITEMS, variants=LEAD_VARIANTS))
    v = ctx.variant
    left = copies_left(ctx)
    groups = follow_groups(ctx)
    key = draw(st.sampled_from(sorted(groups)))
    hand = draw(hand_cards(ctx, left, key, 1, v.hand_size + v.kitty_size))
    spare = [k for k in groups[key] if left[k]]
    for k in draw(st.lists(st.sampled_from(spare), max_size=3, unique=True)) if spare else ():
        hand += [k] * left[k]
        left[k] = 0
    return ctx, hand


@budget(4)
@given(drawn=lead_hands())
def test_LEAD_3_COMBO_5_AMB_41_lead_listing_matches_reference(drawn) -> None:
    ctx, hand = drawn
    shapes = check_listing(ctx, hand)
    tractors = shapes.count("tractor")
    quads = shapes.count("two quads")
    target(float(tractors), label="tractor options")
    target(float(quads), label="two-quad options")
    event("tractors listed" if tractors else "no tractor")
    if quads:
        event("two-quad units listed")


#: (variant, readings, level, trump, hand, shapes the listing must hold)
FIXED = [
    ("classic-2deck", (), "2", "H", "S7 S7 S8 S8 S9 S9 H3 H3 SA BJ BJ LJ LJ", {"tractor"}),
    ("classic-3deck", (), "5", "S", "C9 C9 C9 C10 C10 C10 CJ CJ D4", {"tractor"}),
    ("changzhou-4deck", (), "10", "D", "S5 S5 S5 S6 S6 S6 S7 S7 S7 S7 S8 S8 S8 S8",
     {"tractor"}),
    ("jj-4deck", (), "2", "S", "H5 H5 H5 H5 H9 H9 H9 H9 H6 H6 HK HK HK HK D3",
     {"tractor", "two quads"}),
    ("jj-4deck", ("AMB-41=B",), "2", "S", "H5 H5 H5 H5 H9 H9 H9 H9 H6 H6", {"tractor"}),
    # one run of all twelve ranks, reached from two chain starts: listed once
    ("classic-2deck", ("AMB-05=A",), "8", "S",
     "S2 S2 S3 S3 S4 S4 S5 S5 S6 S6 S7 S7 S9 S9 S10 S10 SJ SJ SQ SQ SK SK SA SA", {"tractor"}),
    ("changzhou-4deck", ("AMB-01=B",), "Q", "S",
     "S2 S2 S3 S3 S4 S4 S5 S5 S6 S6 S7 S7 S8 S8 S9 S9 S10 S10 SJ SJ SK SK SA SA", {"tractor"}),
    ("changzhou-4deck", ("OTH-9=B",), "4", "S",
     "S2 S2 S3 S3 S5 S5 S6 S6 S7 S7 S8 S8 S9 S9 S10 S10 SJ SJ SQ SQ SK SK SA SA", {"tractor"}),
]


@pytest.mark.parametrize("name, ambs, level, trump, cards, want", FIXED)
def test_LEAD_3_COMBO_5_AMB_41_fixed_tractor_hands(name, ambs, level, trump, cards,
                                                   want) -> None:
    """The tractor and two-quad paths of the listing, on hands that hold them."""
    ctx = make_context(variant_for(name, ambs), parse_rank(level), parse_trump(trump))
    shapes = check_listing(ctx, parse_cards(cards))
    assert want <= set(shapes)
    if "two quads" not in want:
        assert "two quads" not in shapes
