"""Hypothesis strategies for trick positions: a lead and one follower (``follow``), a whole
trick (``trick``) and a throw with the other three hands (``throw``), steered towards rare
shapes.

Representation
--------------
Each strategy draws a :class:`~shengji_sim.fuzz.positions.Position` of its kind (cards as
kinds, level 0..12 and trump 0..4 drawn for each) from the pieces of
:mod:`shengji_sim.fuzz.card_strategies`. ``target()`` steers generation towards rare shapes
(labels ``tractor_units``, ``triple_tractor_units``, ``quads``, ``lead_size``,
``throw_units``, ``trump_lead``; ``ruffs`` for tricks). It only acts inside a hypothesis test.

The follow tests draw ``follow_positions(VARIANTS, vary=True, items=FOLLOW_ITEMS,
holding="any")``: a variant drawn from a tuple, readings only among ``items``, leads with the
follow tests' leaning (``lead_cards(lean=True)``: one unit half the time, tractors two times
in three, sets twice as often as singles; ``structured`` makes the first unit a set or
tractor) and a follower whose led-group holding is ``"short"`` (FOLLOW-1), ``"long"`` or
either (:func:`~shengji_sim.fuzz.card_strategies.hand_cards`' ``holding``). ``target()`` then
steers towards big structured leads the follower must answer in shape (labels
``lead_tractor_units``, ``lead_size``).
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis import target
from hypothesis.control import currently_in_test_context

from shengji_sim.cards import N_KINDS, TRUMP
from shengji_sim.fuzz.card_strategies import (
    copies_left,
    group_of,
    hand_cards,
    lead_cards,
    setting,
)
from shengji_sim.fuzz.positions import Position
from shengji_sim.rules.shapes import Context, decompose


def _steer(ctx: Context, lead: list[int]) -> None:
    """target() towards rare shapes: tractors, triple/quad tractors, quads, long throws."""
    if not currently_in_test_context():
        return
    units = decompose(ctx, tuple(_counts(lead)))
    target(float(sum(u.length for u in units if u.is_tractor)), label="tractor_units")
    target(float(sum(u.length for u in units if u.is_tractor and u.width >= 3)),
           label="triple_tractor_units")
    target(float(sum(1 for u in units if u.width == 4)), label="quads")
    target(float(len(lead)), label="lead_size")
    target(float(len(units)), label="throw_units")
    target(float(ctx.ranking.eff_suit[lead[0]] == TRUMP), label="trump_lead")


def _counts(cards) -> list[int]:
    out = [0] * N_KINDS
    for k in cards:
        out[k] += 1
    return out


@st.composite
def follow_positions(draw, variant: str | tuple[str, ...], ambs: tuple[str, ...] = (),
                     vary: bool = False, max_lead: int = 10, max_hand: int = 16, *,
                     items: tuple[str, ...] | None = None, holding: str | None = None,
                     structured: bool = False) -> Position:
    """A lead and one follower's hand of at least the lead's size.

    ``variant``: a name, or a tuple of names to draw one from. ``items`` limits the readings
    ``vary`` draws. ``structured`` is :func:`lead_cards`'. ``holding`` (``"any"``,
    ``"short"``, ``"long"``; see :func:`hand_cards`) gives the follow tests' positions:
    leads drawn with ``lean``, and ``target()`` steering towards big structured leads the
    follower must answer in shape (a short follower, FOLLOW-1 / FOLLOW-2, scores 0 unless
    short holdings were asked for) instead of the harness's rare-shape labels.
    """
    if not isinstance(variant, str):
        variant = draw(st.sampled_from(variant))
    ambs, level, trump, ctx = draw(setting(variant, ambs, vary, items))
    left = copies_left(ctx)
    lean = holding is not None
    lead = draw(lead_cards(ctx, left, max_lead, structured=structured, lean=lean))
    hand = draw(hand_cards(ctx, left, group_of(ctx, lead[0]), len(lead),
                           max(max_hand, len(lead)), holding))
    pos = Position("follow", variant, ambs, level, trump, tuple(lead), (tuple(hand),))
    if not lean:
        _steer(ctx, lead)
    elif currently_in_test_context():
        units = decompose(ctx, tuple(_counts(lead)))
        weight = 1.0 if holding == "short" or len(pos.holding()) > len(lead) else 0.0
        target(weight * sum(u.length for u in units if u.is_tractor),
               label="lead_tractor_units")
        target(weight * len(lead), label="lead_size")
    return pos


@st.composite
def trick_positions(draw, variant: str, ambs: tuple[str, ...] = (), vary: bool = False,
                    max_lead: int = 8, max_hand: int = 12) -> Position:
    """A complete trick: a lead and three legal follows from drawn hands."""
    from shengji_sim.rules import follow

    ambs, level, trump, ctx = draw(setting(variant, ambs, vary))
    left = [ctx.variant.decks] * N_KINDS
    lead = draw(lead_cards(ctx, left, max_lead))
    key = group_of(ctx, lead[0])
    hands, plays = [], []
    for pos in range(1, 4):
        if sum(left) < len(lead):
            break
        hand = draw(hand_cards(ctx, left, key, len(lead), max(max_hand, len(lead))))
        options = follow.follow_options(ctx, lead, hand, pos)
        plays.append(tuple(options.nth(draw(st.integers(0, options.count - 1)))))
        hands.append(tuple(hand))
    _steer(ctx, lead)
    if currently_in_test_context():
        ruffs = sum(1 for p in plays if all(ctx.ranking.eff_suit[k] == TRUMP for k in p))
        target(float(ruffs), label="ruffs")
    return Position("trick", variant, ambs, level, trump, tuple(lead), tuple(hands),
                    tuple(plays))


@st.composite
def throw_positions(draw, variant: str, ambs: tuple[str, ...] = (), vary: bool = False,
                    max_lead: int = 10, max_hand: int = 12) -> Position:
    """A lead of two or more canonical units and the other three hands."""
    ambs, level, trump, ctx = draw(setting(variant, ambs, vary))
    left = [ctx.variant.decks] * N_KINDS
    lead = draw(lead_cards(ctx, left, max_lead, min_units=2, max_units=4))
    key = group_of(ctx, lead[0])
    hands = tuple(tuple(draw(hand_cards(ctx, left, key, 0, max_hand))) for _ in range(3))
    _steer(ctx, lead)
    return Position("throw", variant, ambs, level, trump, tuple(lead), hands)




__all__ = ["follow_positions", "throw_positions", "trick_positions"]
