"""Hypothesis strategies for follow positions, leaning towards rare shapes.

A :class:`Position` is a variant (a built-in name plus ``--amb`` overrides drawn from the follow
switches AMB-11, AMB-12, AMB-13, AMB-14, AMB-15, AMB-16, AMB-17, AMB-18, AMB-19, AMB-41, OTH-5 and
OTH-6), a level and a trump (NT included), a legal lead of the deck and a follower's hand.

* The lead is one follow group (RULES.md TRUMP-1 / DEF-12, DEF-27): a single, pair, triple
  or quad (as the deck allows), a tractor of a width in ``ranking.tractor_widths`` built from
  :func:`shapes.tractor_kinds`, or a throw of 2-3 such components.
* The hand comes from the cards the lead leaves in the deck, so no kind exceeds ``decks``
  copies in lead + hand. It leans towards the led group, with tractor runs and full sets, so
  that pairs, triples and tractors are common; the rest of the hand is other groups.
* ``target()`` steers generation towards leads with many tractor units and many cards.

``repr(position)`` is a call of :func:`position` that rebuilds it, so a shrunk failure pastes
straight into an ``@example`` or a regression test.

The variant list, the follow groups and the tractor runs are those of
:mod:`shengji_sim.fuzz.strategies`; the draws here keep their own leaning (and this
:func:`amb_overrides` takes the items to vary as its second argument).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import strategies as st
from hypothesis import target
from hypothesis.control import currently_in_test_context

from shengji_sim.cards import (
    N_KINDS,
    format_cards,
    format_rank,
    format_trump,
    parse_cards,
    parse_rank,
    parse_trump,
)
from shengji_sim.fuzz.strategies import (
    MAX_TRACTOR_LENGTH,
    VARIANTS,
    context_for,
    follow_groups,
    group_runs,
    variant_for,
)
from shengji_sim.interpretations import ITEMS
from shengji_sim.rules.shapes import Context, make_context
from shengji_sim.variant import load_variant

#: The §4/§7 items that switch a follow rule.
FOLLOW_ITEMS: tuple[str, ...] = (
    "AMB-11", "AMB-12", "AMB-13", "AMB-14", "AMB-15", "AMB-16", "AMB-17", "AMB-18",
    "AMB-19", "AMB-41", "OTH-5", "OTH-6",
)


@dataclass(frozen=True)
class Position:
    """A follow position; cards are kinds (see :mod:`shengji_sim.cards`)."""

    variant: str
    ambs: tuple[str, ...]
    level: int
    trump: int
    lead: tuple[int, ...]
    hand: tuple[int, ...]
    lead_tractors: int = field(default=0, compare=False)

    @property
    def ctx(self) -> Context:
        return context_for(self.variant, self.ambs, self.level, self.trump)

    def fresh_ctx(self) -> Context:
        """A new Context (no shared caches keyed on it) for the same rules."""
        return make_context(load_variant(self.variant, amb=list(self.ambs)), self.level,
                            self.trump)

    def holding(self) -> list[int]:
        """The hand's cards of the led follow group (group and effective suit of the lead)."""
        r = self.ctx.ranking
        g, e = r.group[self.lead[0]], r.eff_suit[self.lead[0]]
        return [k for k in self.hand if r.group[k] == g and r.eff_suit[k] == e]

    def __repr__(self) -> str:
        ranking = self.ctx.ranking
        return (
            f"position({self.variant!r}, ambs={self.ambs!r}, "
            f"level={format_rank(self.level)!r}, trump={format_trump(self.trump)!r}, "
            f"lead={format_cards(ranking.sorted_cards(list(self.lead)))!r}, "
            f"hand={format_cards(ranking.sorted_cards(list(self.hand)))!r})"
        )


def position(variant: str, ambs: tuple[str, ...] = (), level: str = "2", trump: str = "S",
             lead: str = "", hand: str = "") -> Position:
    """Build a Position from notation (the inverse of ``repr``)."""
    return Position(variant, tuple(ambs), parse_rank(level), parse_trump(trump),
                    tuple(parse_cards(lead)), tuple(parse_cards(hand)))


# ------------------------------------------------------------------------------ pieces


@st.composite
def amb_overrides(draw, name: str, items: tuple[str, ...] = FOLLOW_ITEMS) -> tuple[str, ...]:
    """Optional overrides for the follow items the variant takes (absent keys: n/a)."""
    applicable = variant_for(name).applicable
    out = []
    for item_id in items:
        if item_id not in applicable:
            continue
        letters = [alt.letter for alt in ITEMS[item_id].alternatives]
        letter = draw(st.none() | st.sampled_from(letters))
        if letter is not None:
            out.append(f"{item_id}={letter}")
    return tuple(out)


@st.composite
def lead_component(draw, ctx: Context, kinds: list[int], left: list[int], room: int):
    """One unit of a lead drawn from the copies ``left``: (cards, tractor units) or None."""
    decks = ctx.variant.decks
    widths = [w for w in ctx.ranking.tractor_widths if w <= decks]
    tractor = bool(widths) and room >= 2 * min(widths) and draw(st.sampled_from([1, 1, 0]))
    if tractor:
        width = draw(st.sampled_from(widths))
        length = draw(st.integers(2, max(2, min(MAX_TRACTOR_LENGTH, room // width))))
        runs = [run for run in group_runs(ctx, kinds, length)
                if all(left[k] >= width for k in run)]
        if runs and width * length <= room:
            run = draw(st.sampled_from(runs))
            return [k for k in run for _ in range(width)], length
    top = max(1, min(decks, room))
    width = draw(st.sampled_from([*range(2, top + 1)] * 2 + [1]))  # sets more than singles
    options = [k for k in kinds if left[k] >= width]
    if not options:
        return None
    k = draw(st.sampled_from(options))
    return [k] * width, 0


@st.composite
def leads(draw, ctx: Context, max_lead: int = 12, structured: bool = False):
    """A legal lead of one follow group: (cards, number of tractor units in it).

    ``structured`` makes the first component a set of width >= 2 or a tractor (the deck
    permitting), for tests about pair and tractor obligations.
    """
    groups = follow_groups(ctx)
    key = draw(st.sampled_from(sorted(groups)))
    kinds = groups[key]
    left = [ctx.variant.decks] * N_KINDS
    cards: list[int] = []
    tractors = 0
    n_components = draw(st.sampled_from([1, 1, 2, 3]))
    for i in range(n_components):
        room = max_lead - len(cards)
        if room <= 0:
            break
        piece = draw(lead_component(ctx, kinds, left, room))
        if piece is None:
            continue
        unit, n_tr = piece
        if structured and i == 0 and len(unit) == 1 and ctx.variant.decks >= 2 and room >= 2:
            pairable = [k for k in kinds if left[k] >= 2]
            if pairable:
                unit = [draw(st.sampled_from(pairable))] * 2
        for k in unit:
            left[k] -= 1
        cards += unit
        tractors += n_tr
    if not cards:  # every component failed: a single always exists
        cards = [draw(st.sampled_from(kinds))]
    return cards, tractors


@st.composite
def follower_hands(draw, ctx: Context, lead: list[int], max_hand: int = 20,
                   holding: str = "any"):
    """A hand from the deck minus ``lead``, leaning towards the led group.

    ``holding``: ``"any"``; ``"short"`` (at most ``len(lead)`` led-group cards: FOLLOW-1) or
    ``"long"`` (more led-group cards than the lead: the shape rules decide).
    """
    r = ctx.ranking
    decks = ctx.variant.decks
    n = len(lead)
    assert max_hand >= n
    key = (r.group[lead[0]], r.eff_suit[lead[0]])
    kinds = follow_groups(ctx)[key]
    left = [decks] * N_KINDS
    for k in lead:
        left[k] -= 1
    want = [0] * N_KINDS

    def take(k: int, c: int) -> None:
        want[k] = max(want[k], min(c, left[k]))

    for _ in range(draw(st.integers(0, 2))):  # tractor runs: the led shapes, or a substitute
        length = draw(st.integers(2, MAX_TRACTOR_LENGTH))
        runs = group_runs(ctx, kinds, length)
        if runs:
            run = draw(st.sampled_from(runs))
            width = draw(st.integers(min(2, decks), decks))
            for k in run:
                take(k, width)
    for k in draw(st.lists(st.sampled_from(kinds), max_size=8, unique=True)):  # sets
        if left[k]:
            take(k, draw(st.just(left[k]) | st.integers(1, left[k])))
    in_group = [k for k in kinds for _ in range(want[k])]
    pool = [k for k in kinds for _ in range(left[k] - want[k])]  # unused led-group copies

    if holding == "any":  # mostly long: the shape rules are the interesting part
        holding = draw(st.sampled_from(["long", "long", "short"]))
    lo, hi = 0, max_hand
    if holding == "short":
        hi = min(hi, n)
    elif holding == "long":
        lo = n + 1
        hi = max(hi, lo)
    cap = draw(st.just(hi) | st.integers(lo, hi))
    if len(in_group) > cap:
        in_group = in_group[:cap]
    elif len(in_group) < lo and len(pool) >= lo - len(in_group):
        picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True,
                              min_size=lo - len(in_group), max_size=lo - len(in_group)))
        in_group += [pool[i] for i in picks]

    others = [k for k in range(N_KINDS) if (r.group[k], r.eff_suit[k]) != key
              for _ in range(left[k])]
    need = max(0, n - len(in_group))
    n_other = draw(st.integers(need, max(need, max_hand - len(in_group))))
    picks = draw(st.lists(st.integers(0, len(others) - 1), unique=True,
                          min_size=n_other, max_size=n_other))
    return in_group + [others[i] for i in sorted(picks)]


# ------------------------------------------------------------------------------ positions


@st.composite
def positions(draw, variants: tuple[str, ...] = VARIANTS, overrides: bool = True,
              items: tuple[str, ...] = FOLLOW_ITEMS, max_lead: int = 12, max_hand: int = 20,
              holding: str = "any", structured: bool = False) -> Position:
    """A follow position; the hand always has at least ``len(lead)`` cards.

    ``items`` limits the AMB/OTH items drawn; ``holding`` is passed to
    :func:`follower_hands`; ``structured`` to :func:`leads`.
    """
    name = draw(st.sampled_from(variants))
    ambs = draw(amb_overrides(name, items)) if overrides else ()
    level = draw(st.integers(0, 12))
    trump = draw(st.integers(0, 4))
    ctx = context_for(name, ambs, level, trump)
    lead, n_tractors = draw(leads(ctx, max_lead, structured))
    hand = draw(follower_hands(ctx, lead, max(max_hand, len(lead)), holding))
    pos = Position(name, ambs, level, trump, tuple(lead), tuple(hand), n_tractors)
    if currently_in_test_context():
        # Steer towards big structured leads that the follower must answer in shape: a
        # short follower (FOLLOW-1, FOLLOW-2) scores 0 unless short holdings were asked for.
        weight = 1.0 if holding == "short" or len(pos.holding()) > len(lead) else 0.0
        target(weight * n_tractors, label="lead_tractor_units")
        target(weight * len(lead), label="lead_size")
    return pos
