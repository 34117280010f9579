"""Hypothesis strategies for the pieces of a position: readings, contexts, leads, hands and
single plays, each respecting the variant's deck.

Representation
--------------
Cards are kinds (:mod:`shengji_sim.cards`); ``left`` is a list of the copies of each kind
still in the deck (:func:`copies_left`), which the drawing strategies take cards out of, so
that no kind is used more often than ``decks`` times over a lead and all hands. A follow group
is ``(group, effective suit)`` (:func:`group_of`, :func:`follow_groups`). A lead is one follow
group (TRUMP-1, DEF-27) built from sets and tractors of :func:`shapes.tractor_kinds`, as the
variant's deck and ``tractor_units`` allow; hands lean towards the led group with runs and
full sets, so that pairs, triples, quads and tractors are common. :func:`setting` draws
``(ambs, level, trump, Context)``.

The test suite draws from this module too:

* :func:`lead_cards` (``left`` omitted: a full deck) and :func:`follower_hands` (one
  follower, the deck minus the lead) build the kernel differential tests' own positions;
  :func:`contexts` draws a variant, readings among ``items``, a level and a trump;
  :func:`follow_play` one answer to a lead (a legal follow, a structured led-suit play, a
  ruff or a discard).
* :func:`amb_overrides` offers only readings the variant loads (AMB-28 C never); AMB-27's
  sub-letters ``(i)`` .. ``(iii)`` (jj4_koudi_base) only with ``sub_letters=True``.
"""

from __future__ import annotations

from hypothesis import reject
from hypothesis import strategies as st

from shengji_sim.cards import N_KINDS, TRUMP
from shengji_sim.config.interpretations import ITEMS
from shengji_sim.errors import InputError
from shengji_sim.fuzz.positions import VARIANTS, _loads, context_for, variant_for
from shengji_sim.rules.shapes import Context, tractor_kinds

MAX_TRACTOR_LENGTH = 4


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



__all__ = [
    "MAX_TRACTOR_LENGTH", "amb_overrides", "contexts", "copies_left", "follow_groups",
    "follow_play", "follower_hands", "group_of", "group_play", "group_runs", "hand_cards",
    "lead_cards", "lead_component", "setting",
]
