"""Hypothesis strategies for whole hands and the flow around the tricks: a whole hand
(``game``), a declaration (``declare``), a 炒 (``chaodi``), one hand's result (``score``) and a
whole match (``match``).

Representation
--------------
Each strategy draws a :class:`~shengji_sim.fuzz.positions.Position` of its kind: shown cards
are ``count`` identical level cards or jokers (:func:`shown_cards`, as card kinds), a history
is ``(seat, cards)`` pairs legal in turn, levels are ranks 0..12, seats 0..3, points the
attackers' total; a whole hand or match is ``seed`` / ``index`` / ``players`` of the
reference engine.
"""

from __future__ import annotations

from hypothesis import reject
from hypothesis import strategies as st

from shengji_sim.errors import InputError
from shengji_sim.fuzz.card_strategies import amb_overrides, setting
from shengji_sim.fuzz.positions import Position, variant_for


@st.composite
def game_positions(draw, variant: str, ambs: tuple[str, ...] = (),
                   vary: bool = False) -> Position:
    """A whole hand of the reference engine (seed, index, players)."""
    if vary:
        ambs = draw(amb_overrides(variant, ambs))
        try:
            variant_for(variant, tuple(ambs))
        except ValueError:  # a drawn combination of readings the variant rejects (AMB-28 C)
            reject()
    seed = draw(st.integers(0, 2**32 - 1))
    index = draw(st.integers(0, 63))
    players = draw(st.sampled_from(["random", "greedy"]))
    return Position("game", variant, tuple(ambs), seed=seed, index=index, players=players)


# ------------------------------------------------- declaring, 炒底, the score, whole matches


@st.composite
def shown_cards(draw, level: int, decks: int, min_count: int = 1) -> tuple[int, ...]:
    """Cards a declaration or a 炒 can show (BID-1, BID-5): ``count`` identical level cards
    or jokers, ``count`` up to the deck count."""
    kind = draw(st.sampled_from([suit * 13 + level for suit in range(4)] + [52, 53]))
    return (kind,) * draw(st.integers(min(min_count, decks), decks))


def _fits(history: list[tuple[int, tuple[int, ...]]], seat: int, cards: tuple[int, ...],
          decks: int) -> bool:
    """Can ``seat`` show ``cards`` after ``history``? A seat may show a card again (自保),
    but no kind is held by the seats more often than the decks have it."""
    most = {}
    for s_, c in [*history, (seat, cards)]:
        key = (s_, c[0])
        most[key] = max(most.get(key, 0), len(c))
    return all(sum(n for (_, k), n in most.items() if k == kind) <= decks
               for kind in {k for _, k in most})


@st.composite
def declare_positions(draw, variant: str, ambs: tuple[str, ...] = (),
                      vary: bool = False) -> Position:
    """A declaration shown over the declarations before it: up to three shown before (the
    legal ones of a drawn sequence, so the history is legal in turn), hand 1 or a later
    hand, during the deal or after its last card (``flags`` "after_deal")."""
    from shengji_sim.rules.bidding import Declaration, resolve_declarations

    ambs, level, trump, ctx = draw(setting(variant, ambs, vary))
    decks = ctx.variant.decks
    hand_number = draw(st.sampled_from([1, 1, 2]))
    drawn: list[tuple[int, tuple[int, ...]]] = []
    for _ in range(draw(st.integers(0, 3))):
        seat, cards = draw(st.integers(0, 3)), draw(shown_cards(level, decks))
        if _fits(drawn, seat, cards, decks):
            drawn.append((seat, cards))
    outcome = resolve_declarations(ctx.variant, level, [Declaration(s_, c) for s_, c in drawn],
                                   first_hand=hand_number == 1)
    history = tuple(h for h, r in zip(drawn, outcome.records) if r.legal)
    seat, cards = draw(st.integers(0, 3)), draw(shown_cards(level, decks))
    if not _fits(list(history), seat, cards, decks):
        reject()
    flags = ("after_deal",) if draw(st.integers(0, 3)) == 0 else ()
    return Position("declare", variant, ambs, level, trump, cards, seat=seat, history=history,
                    hand_number=hand_number, flags=flags)


@st.composite
def chaodi_positions(draw, variant: str, ambs: tuple[str, ...] = (),
                     vary: bool = False) -> Position:
    """A 炒 over what stands: the standing cards (a declaration or an earlier 炒; none
    when trump came from the kitty), the original declarer, whether someone else has 炒ed,
    the dealer, the hand number; four jokers may choose a trump (``trump`` is the trump
    before the 炒)."""
    from shengji_sim.rules.bidding import declaration_strength
    from shengji_sim.rules.chaodi import chaodi_strength

    ambs, level, trump, ctx = draw(setting(variant, ambs, vary))
    decks = ctx.variant.decks
    flip = draw(st.integers(0, 4)) == 0
    history: tuple = ()
    declarer = None
    if not flip:
        standing_seat = draw(st.integers(0, 3))
        shown = draw(shown_cards(level, decks))
        if declaration_strength(ctx.variant, level, shown) is None and \
                chaodi_strength(ctx.variant, level, shown) is None:
            reject()  # what stands was declared or 炒ed
        history = ((standing_seat, shown),)
        declarer = draw(st.sampled_from([standing_seat, standing_seat,
                                         draw(st.integers(0, 3))]))
    seat, cards = draw(st.integers(0, 3)), draw(shown_cards(level, decks))
    if not _fits(list(history), seat, cards, decks):
        reject()
    flags = tuple(f for f, on in (("someone_else", draw(st.booleans())),
                                  ("kitty_flip", flip)) if on)
    dealer = declarer if declarer is not None and draw(st.booleans()) else \
        draw(st.integers(0, 3))
    return Position("chaodi", variant, ambs, level, trump, cards, seat=seat, history=history,
                    declarer=declarer, dealer=dealer, hand_number=draw(st.sampled_from([1, 2])),
                    flags=flags)


def _thresholds(variant) -> list[int]:
    """Points where a score table changes its answer, and either side of them."""
    if variant.score_table == "one_deck":
        edges = [0, 40, 80, 100]
    else:
        step = variant.score_step
        edges = [0, step, 2 * step, 3 * step, 4 * step, 6 * step]
    return [p + d for p in edges for d in (-1, 0, 1)]


@st.composite
def score_positions(draw, variant: str, ambs: tuple[str, ...] = (),
                    vary: bool = False) -> Position:
    """Both sides' levels, the dealer and the attackers' points (within what a hand of the
    variant can score, near the table's thresholds half the time)."""
    from shengji_sim.rules.score import attacker_points_bounds

    if vary:
        ambs = draw(amb_overrides(variant, ambs))
    try:
        v = variant_for(variant, tuple(ambs))
    except InputError:
        reject()
    lo, hi = attacker_points_bounds(v)
    near = [p for p in _thresholds(v) if lo <= p <= hi]
    points = draw(st.sampled_from(near) if near and draw(st.booleans())
                  else st.integers(lo, hi))
    top = 11 if v.match_end == "reach_A" else 12  # AMB-38 A: a side at A has won
    levels = (draw(st.integers(0, top)), draw(st.integers(0, top)))
    return Position("score", variant, tuple(ambs), dealer=draw(st.integers(0, 3)),
                    levels=levels, points=points)


@st.composite
def match_positions(draw, variant: str, ambs: tuple[str, ...] = (),
                    vary: bool = False) -> Position:
    """A whole match of the reference engine, starting at a level from 10 to A (so that it
    is a few hands): match ``index`` of root ``seed``, with ``players``."""
    if vary:
        ambs = draw(amb_overrides(variant, ambs))
        try:
            variant_for(variant, tuple(ambs))
        except InputError:
            reject()
    return Position("match", variant, tuple(ambs), level=draw(st.integers(8, 12)),
                    seed=draw(st.integers(0, 2**32 - 1)), index=draw(st.integers(0, 63)),
                    players=draw(st.sampled_from(["random", "greedy"])))




__all__ = [
    "chaodi_positions", "declare_positions", "game_positions", "match_positions",
    "score_positions", "shown_cards",
]
