"""Hypothesis strategies for the fuzzing harness and the test suite: positions and whole games.

Representation
--------------
A :class:`Position` is one drawn situation, of one of four kinds:

``follow``
    a lead and one follower's whole hand (``hands[0]``);
``trick``
    a lead, the three followers' hands (``hands``) and the legal follow each played
    (``plays``), drawn from :func:`~shengji_sim.rules.follow.follow_options`;
``throw``
    a lead of two or more canonical units (a 甩, THROW-1) and the other three players'
    hands in turn order (``hands``);
``game``
    a whole hand of the reference engine: ``seed`` / ``index`` / ``players``;
``declare``
    a declaration (``lead``, by ``seat``) over the declarations shown before it
    (``history``: ``(seat, cards)`` legal in turn), in ``hand_number``, ``flags``
    "after_deal" after the last card;
``chaodi``
    a 炒 (``lead``, by ``seat``) over what stands (``history``: one entry, or none when trump
    came from the kitty), with ``declarer``, ``dealer``, ``hand_number``, ``flags``
    "someone_else" (CHAO-5) and "kitty_flip" (CHAO-6); ``trump`` is the trump before it;
``score``
    both sides' ``levels``, the ``dealer`` and the attackers' ``points`` of one hand;
``match``
    a whole match of the reference engine from ``level`` (``--set starting_level``):
    ``seed`` / ``index`` (the match index) / ``players``.

Cards are kinds (:mod:`shengji_sim.cards`); every position respects the deck: no kind is
used more often than ``decks`` times over the lead and all hands. Level (0..12) and trump
(0..3, 4 = NT) are drawn for every non-game position. The lead is one follow group
(TRUMP-1, DEF-27) built from sets and tractors of :func:`shapes.tractor_kinds`, as the
variant's deck and ``tractor_units`` allow; hands lean towards the led group with runs and
full sets, so that pairs, triples, quads and tractors are common.

``target()`` steers generation towards rare shapes (labels ``tractor_units``,
``triple_tractor_units``, ``quads``, ``lead_size``, ``throw_units``, ``trump_lead``). It
only acts inside a hypothesis test.

``repr(position)`` is a :func:`position` call that rebuilds it, so a shrunk failure pastes
into a regression test. :class:`GameMachine` (and :func:`game_machine` for one variant) is
the stateful whole-game machine: deal, lead (throws included), follow, attempt an illegal
follow; invariants check card and point conservation after every step.

The test suite draws from this module too (it is the only strategy module):

* ``follow_positions(VARIANTS, vary=True, items=FOLLOW_ITEMS, holding="any")`` gives the
  follow tests' positions: a variant drawn from a tuple, readings only among ``items``,
  leads with the follow tests' leaning (``lead_cards(lean=True)``: one unit half the time,
  tractors two times in three, sets twice as often as singles; ``structured`` makes the
  first unit a set or tractor) and a follower whose led-group holding is ``"short"``
  (FOLLOW-1), ``"long"`` or either (:func:`hand_cards`' ``holding``). ``target()`` then
  steers towards big structured leads the follower must answer in shape (labels
  ``lead_tractor_units``, ``lead_size``).
* :func:`lead_cards` (``left`` omitted: a full deck) and :func:`follower_hands` (one
  follower, the deck minus the lead) build the kernel differential tests' own positions;
  :func:`contexts` draws a variant, readings among ``items``, a level and a trump;
  :func:`follow_play` one answer to a lead (a legal follow, a structured led-suit play, a
  ruff or a discard).
* :func:`amb_overrides` offers only readings the variant loads (AMB-28 C never); AMB-27's
  sub-letters ``(i)`` .. ``(iii)`` (jj4_koudi_base) only with ``sub_letters=True``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from hypothesis import reject, target
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
    deck,
    format_cards,
    format_rank,
    format_trump,
    parse_cards,
    parse_rank,
    parse_trump,
    points_of,
)
from shengji_sim.config.interpretations import ITEMS, VariantError
from shengji_sim.config.variant import load_variant
from shengji_sim.errors import InputError
from shengji_sim.rules.shapes import Context, decompose, make_context, tractor_kinds

VARIANTS: tuple[str, ...] = (
    "changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck",
)
#: The §4/§7 items that switch a follow rule.
FOLLOW_ITEMS: tuple[str, ...] = (
    "AMB-11", "AMB-12", "AMB-13", "AMB-14", "AMB-15", "AMB-16", "AMB-17", "AMB-18",
    "AMB-19", "AMB-41", "OTH-5", "OTH-6",
)
MAX_TRACTOR_LENGTH = 4
KINDS = ("follow", "trick", "throw", "game", "declare", "chaodi", "score", "match")
SHOWN_KINDS = ("declare", "chaodi")  #: positions of cards shown to declare or 炒


class StrategyWarning(InputError):
    """An ``--amb`` override the variant does not take (the harness never ignores one)."""


def _refuse(message: str) -> None:
    raise StrategyWarning(message)


@lru_cache(maxsize=512)
def variant_for(name: str, ambs: tuple[str, ...] = ()):
    """A variant with ``--amb`` overrides (cached; an override that does not apply raises)."""
    return load_variant(name, amb=list(ambs), warn=_refuse)


@lru_cache(maxsize=256)
def match_variant(name: str, ambs: tuple[str, ...], level: int):
    """A variant whose matches start at ``level`` (``--set starting_level=R``): the match
    positions start near A, so that a match is a few hands."""
    return load_variant(name, amb=list(ambs), sets=[f"starting_level={format_rank(level)}"],
                        warn=_refuse)


@lru_cache(maxsize=8192)
def context_for(name: str, ambs: tuple[str, ...], level: int, trump: int) -> Context:
    return make_context(variant_for(name, ambs), level, trump)


# ----------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    """One drawn situation; see the module docstring."""

    kind: str
    variant: str
    ambs: tuple[str, ...] = ()
    level: int = 0
    trump: int = 0
    lead: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    plays: tuple[tuple[int, ...], ...] = ()
    seed: int = 0
    index: int = 0
    players: str = "random"
    seat: int = 0  #: declare, chaodi: the seat showing ``lead``
    history: tuple[tuple[int, tuple[int, ...]], ...] = ()  #: (seat, cards) shown before
    declarer: int | None = None  #: chaodi: the original declarer (CHAO-5)
    dealer: int = 0  #: chaodi: the dealer now; score: the seat that dealt
    hand_number: int = 1
    flags: tuple[str, ...] = ()  #: "after_deal", "someone_else", "kitty_flip"
    levels: tuple[int, int] = (0, 0)  #: score: both sides' levels
    points: int = 0  #: score: the attackers' points

    @property
    def ctx(self) -> Context:
        return context_for(self.variant, self.ambs, self.level, self.trump)

    @property
    def variant_obj(self):
        if self.kind == "match":
            return match_variant(self.variant, self.ambs, self.level)
        return variant_for(self.variant, self.ambs)

    def fresh_ctx(self) -> Context:
        """A new Context (no shared caches keyed on it) for the same rules."""
        return make_context(load_variant(self.variant, amb=list(self.ambs)), self.level,
                            self.trump)

    @property
    def hand(self) -> tuple[int, ...]:
        return self.hands[0]

    @property
    def trick(self) -> list[list[int]]:
        return [list(self.lead)] + [list(p) for p in self.plays]

    def holding(self, hand: tuple[int, ...] | None = None) -> list[int]:
        """The cards of ``hand`` (default: the first) in the led follow group."""
        r = self.ctx.ranking
        g, e = r.group[self.lead[0]], r.eff_suit[self.lead[0]]
        return [k for k in (self.hand if hand is None else hand)
                if r.group[k] == g and r.eff_suit[k] == e]

    def n_cards(self) -> int:
        """Cards named by the position (the size of a shrunk example)."""
        return len(self.lead) + sum(len(h) for h in self.hands) + \
            sum(len(c) for _, c in self.history)

    def _fmt(self, cards) -> str:
        if self.kind in SHOWN_KINDS:
            return format_cards(sorted(cards))
        return format_cards(self.ctx.ranking.sorted_cards(list(cards)))

    def shown(self, seat: int, cards) -> str:
        """``SEAT:CARDS``, as ``--standing`` takes it."""
        return f"{seat}:{self._fmt(cards)}"

    def __repr__(self) -> str:
        if self.kind in ("game", "match"):
            level = f"level={format_rank(self.level)!r}, " if self.kind == "match" else ""
            return (f"position({self.kind!r}, {self.variant!r}, ambs={self.ambs!r}, {level}"
                    f"seed={self.seed}, index={self.index}, players={self.players!r})")
        if self.kind == "score":
            levels = tuple(format_rank(r) for r in self.levels)
            return (f"position('score', {self.variant!r}, ambs={self.ambs!r}, levels={levels!r}, "
                    f"dealer={self.dealer}, points={self.points})")
        if self.kind in SHOWN_KINDS:
            history = tuple(self.shown(s, c) for s, c in self.history)
            return (f"position({self.kind!r}, {self.variant!r}, ambs={self.ambs!r}, "
                    f"level={format_rank(self.level)!r}, trump={format_trump(self.trump)!r}, "
                    f"lead={self._fmt(self.lead)!r}, seat={self.seat}, history={history!r}, "
                    f"declarer={self.declarer!r}, dealer={self.dealer}, "
                    f"hand_number={self.hand_number}, flags={self.flags!r})")
        hands = tuple(self._fmt(h) for h in self.hands)
        plays = tuple(self._fmt(p) for p in self.plays)
        extra = f", plays={plays!r}" if plays else ""
        return (f"position({self.kind!r}, {self.variant!r}, ambs={self.ambs!r}, "
                f"level={format_rank(self.level)!r}, trump={format_trump(self.trump)!r}, "
                f"lead={self._fmt(self.lead)!r}, hands={hands!r}{extra})")


def position(kind: str, variant: str, ambs: tuple[str, ...] = (), level: str = "2",
             trump: str = "S", lead: str = "", hands: tuple[str, ...] = (),
             plays: tuple[str, ...] = (), seed: int = 0, index: int = 0,
             players: str = "random", *, hand: str | None = None, seat: int = 0,
             history: tuple[str, ...] = (), declarer: int | None = None, dealer: int = 0,
             hand_number: int = 1, flags: tuple[str, ...] = (),
             levels: tuple[str, str] = ("2", "2"), points: int = 0) -> Position:
    """Build a Position from notation (the inverse of ``repr``).

    ``hand`` is short for ``hands=(hand,)``: one follower's hand (a ``follow`` position).
    ``history`` entries are ``SEAT:CARDS`` (declare, chaodi); ``levels`` two ranks (score).
    """
    if kind not in KINDS:
        raise ValueError(f"{kind}: no such position kind (expected one of {', '.join(KINDS)})")
    if isinstance(hands, str):
        raise TypeError("hands is a tuple of hands; pass one follower's hand as hand=")
    if hand is not None:
        if hands:
            raise TypeError("pass hand= or hands=, not both")
        hands = (hand,)
    shown = tuple((int(h.split(":")[0]), tuple(parse_cards(h.split(":", 1)[1])))
                  for h in history)
    return Position(kind, variant, tuple(ambs), parse_rank(level), parse_trump(trump),
                    tuple(parse_cards(lead)), tuple(tuple(parse_cards(h)) for h in hands),
                    tuple(tuple(parse_cards(p)) for p in plays), seed, index, players, seat,
                    shown, declarer, dealer, hand_number, tuple(flags),
                    (parse_rank(levels[0]), parse_rank(levels[1])), points)


# ------------------------------------------------------------------------------ pieces


def follow_groups(ctx: Context) -> dict[tuple[int, int], list[int]]:
    """Kinds by follow group: (group, effective suit) -> kinds, ascending."""
    r = ctx.ranking
    groups: dict[tuple[int, int], list[int]] = {}
    for k in range(N_KINDS):
        groups.setdefault((r.group[k], r.eff_suit[k]), []).append(k)
    return groups


def group_of(ctx: Context, k: int) -> tuple[int, int]:
    return (ctx.ranking.group[k], ctx.ranking.eff_suit[k])


def group_runs(ctx: Context, kinds: list[int], length: int) -> list[tuple[int, ...]]:
    inside = set(kinds)
    return [run for run in tractor_kinds(ctx.ranking, length) if inside.issuperset(run)]


@st.composite
def amb_overrides(draw, name: str, fixed: tuple[str, ...] = (),
                  items: tuple[str, ...] | None = None,
                  sub_letters: bool = False) -> tuple[str, ...]:
    """Optional overrides for the items the variant takes, on top of ``fixed``.

    ``items`` limits the items drawn (default: every item the variant takes); at most one
    letter is drawn per item, among the readings the variant loads (with ``fixed`` and
    alone; a combination that does not load is rejected). AMB-27's sub-letters ``(i)``,
    ``(ii)``, ``(iii)`` (its second key, jj4_koudi_base) are letters of their own only with
    ``sub_letters``: the harness leaves them out, the kitty kernel test draws them.
    """
    applicable = variant_for(name, fixed).applicable
    taken = {spec.split("=")[0].upper() for spec in fixed}
    out = list(fixed)
    for item_id in sorted(items if items is not None else applicable):
        if item_id not in applicable or item_id in taken:
            continue
        letters = [alt.letter for alt in ITEMS[item_id].alternatives]
        if not sub_letters:
            letters = [x for x in letters if not x.startswith("(")]
        letters = [x for x in letters if _loads(name, (*fixed, f"{item_id}={x}"))]
        letter = draw(st.none() | st.sampled_from(letters)) if letters else None
        if letter is not None:
            out.append(f"{item_id}={letter}")
    if not _loads(name, tuple(out)):
        reject()  # readings that are possible alone but not together
    return tuple(out)


@lru_cache(maxsize=4096)
def _loads(name: str, ambs: tuple[str, ...]) -> bool:
    """Whether the variant takes these readings together (AMB-28 C `51+8` never sums to 216)."""
    try:
        variant_for(name, ambs)
    except VariantError:
        return False
    return True


@st.composite
def lead_component(draw, ctx: Context, kinds: list[int], left: list[int], room: int,
                   lean: bool = False):
    """One unit drawn from the copies ``left``: (cards, tractor units) or None.

    ``lean``: a tractor two times in three (else one in two) and a set twice as often as a
    single (else every width alike).
    """
    decks = ctx.variant.decks
    widths = [w for w in ctx.ranking.tractor_widths if w <= decks]
    tractor = bool(widths) and room >= 2 * min(widths) and (
        draw(st.sampled_from([1, 1, 0])) if lean else draw(st.booleans()))
    if tractor:
        width = draw(st.sampled_from(widths))
        length = draw(st.integers(2, max(2, min(MAX_TRACTOR_LENGTH, room // width))))
        runs = [run for run in group_runs(ctx, kinds, length)
                if all(left[k] >= width for k in run)]
        if runs and width * length <= room:
            run = draw(st.sampled_from(runs))
            return [k for k in run for _ in range(width)], length
    top = max(1, min(decks, room))
    if lean:
        width = draw(st.sampled_from([*range(2, top + 1)] * 2 + [1]))
    else:
        width = draw(st.integers(1, top))
    options = [k for k in kinds if left[k] >= width]
    if not options:
        return None
    k = draw(st.sampled_from(options))
    return [k] * width, 0


@st.composite
def lead_cards(draw, ctx: Context, left: list[int] | None = None, max_lead: int = 12,
               min_units: int = 1, max_units: int = 3, structured: bool = False,
               lean: bool = False) -> list[int]:
    """A lead of one follow group, taken out of ``left`` (mutated; None: a full deck).

    ``lean`` leans like :func:`lead_component` and draws ``min_units`` twice as often as
    each other number of units. ``structured`` makes the first unit a set of width >= 2 or
    a tractor (the deck permitting), for tests about pair and tractor obligations.
    """
    decks = ctx.variant.decks
    if left is None:
        left = [decks] * N_KINDS
    groups = follow_groups(ctx)
    kinds = groups[draw(st.sampled_from(sorted(groups)))]
    cards: list[int] = []
    if lean:
        n_units = draw(st.sampled_from([min_units, *range(min_units, max_units + 1)]))
    else:
        n_units = draw(st.integers(min_units, max_units))
    for i in range(n_units):
        room = max_lead - len(cards)
        if room <= 0:
            break
        piece = draw(lead_component(ctx, kinds, left, room, lean))
        if piece is None:
            continue
        unit = piece[0]
        if structured and i == 0 and len(unit) == 1 and decks >= 2 and room >= 2:
            pairable = [k for k in kinds if left[k] >= 2]
            if pairable:
                unit = [draw(st.sampled_from(pairable))] * 2
        for k in unit:
            left[k] -= 1
        cards += unit
    if not cards:
        k = draw(st.sampled_from([k for k in kinds if left[k]]))
        left[k] -= 1
        cards = [k]
    return cards


def copies_left(ctx: Context, cards=()) -> list[int]:
    """Copies of each kind left in the deck once ``cards`` are taken out."""
    left = [ctx.variant.decks] * N_KINDS
    for k in cards:
        left[k] -= 1
    return left


def _group_want(draw, ctx: Context, kinds: list[int], left: list[int], n_runs: int,
                sets: str) -> list[int]:
    """Copies wanted per kind of one group: ``n_runs`` tractor runs, then sets.

    ``sets``: ``"singles"`` (one copy each), ``"any"`` (1..all copies) or ``"full"`` (all
    copies half the time).
    """
    decks = ctx.variant.decks
    want = [0] * N_KINDS

    def take(k: int, c: int) -> None:
        want[k] = max(want[k], min(c, left[k]))

    for _ in range(n_runs):  # tractor runs: the led shapes, or a substitute
        runs = group_runs(ctx, kinds, draw(st.integers(2, MAX_TRACTOR_LENGTH)))
        if runs:
            run = draw(st.sampled_from(runs))
            width = draw(st.integers(min(2, decks), decks))
            for k in run:
                take(k, width)
    for k in draw(st.lists(st.sampled_from(kinds), max_size=8, unique=True)):  # sets
        if left[k]:
            if sets == "singles":
                take(k, 1)
            elif sets == "full":
                take(k, draw(st.just(left[k]) | st.integers(1, left[k])))
            else:
                take(k, draw(st.integers(1, left[k])))
    return want


@st.composite
def hand_cards(draw, ctx: Context, left: list[int], key: tuple[int, int], lo: int,
               hi: int, holding: str | None = None) -> list[int]:
    """A hand of ``lo..hi`` cards from ``left`` (mutated), leaning towards group ``key``.

    ``holding`` None (the harness): half the time a spread holding (distinct kinds, no
    runs), the rest of the hand from any group. Otherwise (a follower answering a lead of
    ``lo`` cards of group ``key``; the follow tests): full sets are favoured and the hand
    holds ``"short"`` at most ``lo`` cards of ``key`` (FOLLOW-1), ``"long"`` more than ``lo``
    (the shape rules decide; ``hi`` is raised to ``lo + 1`` if needed), ``"any"`` long two
    times in three; the rest comes from the other groups, at least ``lo`` cards in all.
    """
    kinds = [k for k in follow_groups(ctx)[key]]
    if holding is not None:
        return draw(_follower_cards(ctx, left, key, kinds, lo, hi, holding))
    singles = draw(st.booleans())  # a spread holding: distinct kinds, no runs
    want = _group_want(draw, ctx, kinds, left, 0 if singles else draw(st.integers(0, 2)),
                       "singles" if singles else "any")
    in_group = [k for k in kinds for _ in range(want[k])]
    in_group = in_group[:hi if singles else draw(st.integers(0, hi))]
    for k in in_group:
        left[k] -= 1
    pool = [k for k in range(N_KINDS) for _ in range(left[k])]
    need = max(0, lo - len(in_group))
    n_more = min(len(pool), draw(st.integers(need, max(need, hi - len(in_group)))))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=n_more,
                          max_size=n_more)) if n_more else []
    more = [pool[i] for i in sorted(picks)]
    for k in more:
        left[k] -= 1
    return in_group + more


@st.composite
def _follower_cards(draw, ctx: Context, left: list[int], key: tuple[int, int],
                    kinds: list[int], n: int, max_hand: int, holding: str) -> list[int]:
    """:func:`hand_cards` with a ``holding``: a follower of a lead of ``n`` cards."""
    assert max_hand >= n
    want = _group_want(draw, ctx, kinds, left, draw(st.integers(0, 2)), "full")
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
    else:
        raise ValueError(f"holding={holding!r}: expected 'any', 'short' or 'long'")
    cap = draw(st.just(hi) | st.integers(lo, hi))
    if len(in_group) > cap:
        in_group = in_group[:cap]
    elif len(in_group) < lo and len(pool) >= lo - len(in_group):
        picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True,
                              min_size=lo - len(in_group), max_size=lo - len(in_group)))
        in_group += [pool[i] for i in picks]

    others = [k for k in range(N_KINDS) if group_of(ctx, k) != key for _ in range(left[k])]
    need = max(0, n - len(in_group))
    n_other = draw(st.integers(need, max(need, max_hand - len(in_group))))
    picks = draw(st.lists(st.integers(0, len(others) - 1), unique=True,
                          min_size=n_other, max_size=n_other))
    hand = in_group + [others[i] for i in sorted(picks)]
    for k in hand:
        left[k] -= 1
    return hand


@st.composite
def follower_hands(draw, ctx: Context, lead: list[int], max_hand: int = 20,
                   holding: str = "any") -> list[int]:
    """One follower's hand from the deck minus ``lead``: :func:`hand_cards` with
    ``holding`` (``"any"``, ``"short"``, ``"long"``), ``len(lead)..max_hand`` cards."""
    return draw(hand_cards(ctx, copies_left(ctx, lead), group_of(ctx, lead[0]), len(lead),
                           max(max_hand, len(lead)), holding))


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
def setting(draw, variant: str, ambs: tuple[str, ...], vary: bool,
            items: tuple[str, ...] | None = None, sub_letters: bool = False):
    """(ambs, level, trump, Context); ``vary`` draws readings on top of ``ambs`` (see
    :func:`amb_overrides` for ``items`` and ``sub_letters``)."""
    ambs = draw(amb_overrides(variant, ambs, items, sub_letters)) if vary else tuple(ambs)
    level = draw(st.integers(0, 12))
    trump = draw(st.integers(0, 4))
    try:
        ctx = context_for(variant, ambs, level, trump)
    except InputError:  # a drawn combination of readings the variant rejects
        reject()
    return ambs, level, trump, ctx


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


@st.composite
def contexts(draw, items: tuple[str, ...] | None = None,
             variants: tuple[str, ...] = VARIANTS, sub_letters: bool = False) -> Context:
    """A Context: a variant of ``variants``, readings drawn among ``items`` (see
    :func:`amb_overrides`), a level and a trump."""
    return draw(setting(draw(st.sampled_from(variants)), (), True, items, sub_letters))[3]


@st.composite
def group_play(draw, ctx: Context, key: tuple[int, int], n: int):
    """``n`` cards of one follow group, built from tractors and sets where possible (a
    structured ruff when ``key`` is a trump group); None if the group is too small."""
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
def follow_play(draw, ctx: Context, lead: list[int]):
    """One answer to ``lead``: a legal follow, a structured led-suit play, a ruff or a
    discard (``len(lead)`` kinds drawn at random)."""
    from shengji_sim.rules.follow import legal_follows

    n = len(lead)
    lead_key = group_of(ctx, lead[0])
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


STRATEGIES = {
    "follow": follow_positions,
    "trick": trick_positions,
    "throw": throw_positions,
    "game": game_positions,
    "declare": declare_positions,
    "chaodi": chaodi_positions,
    "score": score_positions,
    "match": match_positions,
}


def positions_of(kind: str, variant: str, ambs: tuple[str, ...] = (), vary: bool = False):
    """The strategy for a position kind."""
    return STRATEGIES[kind](variant, tuple(ambs), vary)


# ------------------------------------------------------------------------- state machine


class GameMachine(RuleBasedStateMachine):
    """Whole games step by step with the reference rules (a rule-based state machine).

    ``deal`` shuffles ``decks`` decks with the hand's :class:`~shengji_sim.rng.Rng`, deals
    ``hand_size`` cards each, leaves the rest as the kitty and draws level and trump.
    ``lead`` plays a one-unit lead or a throw of two units (judged by ``judge_throw``; a
    failed throw plays its forced component); ``follow`` plays a drawn legal follow;
    ``attempt_illegal`` mutates a legal follow and requires ``check_follow`` to reject it
    without changing the state. Invariants: card and point conservation, equal hand sizes
    at trick boundaries, one winner per trick.
    """

    VARIANTS: tuple[str, ...] = VARIANTS
    AMBS: tuple[str, ...] = ()

    def __init__(self) -> None:
        super().__init__()
        self.ctx = None

    @initialize(data=st.data())
    def deal(self, data) -> None:
        from shengji_sim.rng import Rng, hand_seed

        name = data.draw(st.sampled_from(self.VARIANTS), label="variant")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        self.variant = variant_for(name, self.AMBS)
        v = self.variant
        rng = Rng(hand_seed(seed, 0))
        cards = deck(v.decks)
        rng.shuffle(cards)
        self.hands = [sorted(cards[i * v.hand_size:(i + 1) * v.hand_size]) for i in range(4)]
        self.kitty = cards[4 * v.hand_size:]
        self.ctx = context_for(name, self.AMBS, rng.below(13), rng.below(5))
        self.deck = sorted(deck(v.decks))
        self.won: list[list[int]] = [[], []]
        self.table: list[tuple[int, list[int]]] = []
        self.leader = 0
        self.winners: list[int] = []

    # --------------------------------------------------------------------------- rules

    @precondition(lambda self: self.ctx is not None and not self.table and self.hands[0])
    @rule(data=st.data())
    def lead(self, data) -> None:
        from shengji_sim.rules import throw
        from shengji_sim.rules.game import lead_options

        hand = self.hands[self.leader]
        options = lead_options(self.ctx, hand)
        first = options[data.draw(st.integers(0, len(options) - 1), label="lead")]
        cards = list(first)
        if data.draw(st.booleans(), label="throw"):
            rest = _minus(hand, first)
            key = group_of(self.ctx, first[0])
            more = [o for o in lead_options(self.ctx, rest) if group_of(self.ctx, o[0]) == key]
            if more:
                cards += more[data.draw(st.integers(0, len(more) - 1), label="second")]
        others = [self.hands[(self.leader + i) % 4] for i in range(1, 4)]
        result = throw.judge_throw(self.ctx, cards, others)
        if result.rejected:
            return
        assert sorted(result.played + result.returned) == sorted(cards), "throw lost cards"
        self.hands[self.leader] = _minus(hand, result.played)
        self.table = [(self.leader, list(result.played))]

    @precondition(lambda self: self.ctx is not None and 0 < len(self.table) < 4)
    @rule(data=st.data())
    def follow(self, data) -> None:
        from shengji_sim.rules import follow

        seat = (self.leader + len(self.table)) % 4
        lead = self.table[0][1]
        options = follow.follow_options(self.ctx, lead, self.hands[seat], len(self.table))
        assert options.count >= 1, "no legal follow"
        play = options.nth(data.draw(st.integers(0, options.count - 1), label="follow"))
        legal, reason = follow.check_follow(self.ctx, lead, self.hands[seat], play,
                                            len(self.table))
        assert legal, f"enumerated follow rejected: {reason}"
        self.hands[seat] = _minus(self.hands[seat], play)
        self.table.append((seat, list(play)))
        if len(self.table) == 4:
            self._finish_trick()

    @precondition(lambda self: self.ctx is not None and 0 < len(self.table) < 4)
    @rule(data=st.data())
    def attempt_illegal(self, data) -> None:
        from shengji_sim.rules import follow

        seat = (self.leader + len(self.table)) % 4
        lead = self.table[0][1]
        hand = list(self.hands[seat])
        before = (list(hand), list(self.table))
        legal = {tuple(sorted(p)) for p in
                 follow.legal_follows(self.ctx, lead, hand, limit=2000,
                                      position=len(self.table)).plays}
        base = list(sorted(next(iter(sorted(legal)))))
        out_i = data.draw(st.integers(0, len(base) - 1), label="swap_out")
        spare = _minus(hand, base)
        if not spare:
            return
        swapped = sorted(base[:out_i] + base[out_i + 1:]
                         + [spare[data.draw(st.integers(0, len(spare) - 1), label="swap_in")]])
        ok, _ = follow.check_follow(self.ctx, lead, hand, swapped, len(self.table))
        if tuple(swapped) not in legal and len(legal) < 2000:
            assert not ok, f"check_follow accepts {format_cards(swapped)}, not enumerated"
        assert (list(self.hands[seat]), list(self.table)) == before, "state changed"

    def _finish_trick(self) -> None:
        from shengji_sim.rules import trick

        plays = [p for _, p in self.table]
        winner = trick.trick_winner(self.ctx, plays)
        assert 0 <= winner < 4
        seat = self.table[winner][0]
        self.winners.append(seat)
        self.won[seat % 2] += [k for p in plays for k in p]
        self.table = []
        self.leader = seat

    # ---------------------------------------------------------------------- invariants

    @invariant()
    def cards_conserved(self) -> None:
        if self.ctx is None:
            return
        everything = [k for h in self.hands for k in h] + self.kitty + self.won[0] + \
            self.won[1] + [k for _, p in self.table for k in p]
        assert sorted(everything) == self.deck, "cards not conserved"

    @invariant()
    def points_conserved(self) -> None:
        if self.ctx is None:
            return
        everything = [k for h in self.hands for k in h] + self.kitty + self.won[0] + \
            self.won[1] + [k for _, p in self.table for k in p]
        assert sum(points_of(k) for k in everything) == self.variant.total_points

    @invariant()
    def equal_hands_at_trick_boundary(self) -> None:
        if self.ctx is None or self.table:
            return
        assert len({len(h) for h in self.hands}) == 1, "hand sizes differ between tricks"


def game_machine(variant: str, ambs: tuple[str, ...] = ()) -> type[GameMachine]:
    """A :class:`GameMachine` for one variant and reading."""
    return type(f"GameMachine_{variant.replace('-', '_')}", (GameMachine,),
                {"VARIANTS": (variant,), "AMBS": tuple(ambs)})


def _minus(hand: list[int], cards: list[int]) -> list[int]:
    out = list(hand)
    for k in cards:
        out.remove(k)
    return out


__all__ = [
    "FOLLOW_ITEMS", "GameMachine", "Position", "STRATEGIES", "VARIANTS", "amb_overrides",
    "chaodi_positions", "context_for", "contexts", "copies_left", "declare_positions",
    "follow_groups", "follow_play", "follow_positions", "follower_hands", "game_machine",
    "game_positions", "group_play", "group_runs", "hand_cards", "lead_cards",
    "match_positions", "match_variant", "position", "positions_of", "score_positions",
    "shown_cards", "throw_positions", "trick_positions", "variant_for",
]
