"""Properties of the follow rules (RULES.md §2.7 FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5,
FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, FOLLOW-12, DEF-5, DEF-8).

Generator/checker agreement: whatever ``legal_follows`` lists passes
``check_follow``, and on small hands every multiset ``check_follow`` accepts is listed
(a depth-1 "perft" of the follow). ``test_DEF_5_matches_independent_oracle`` is a
differential test against a brute-force reading of DEF-5 / AMB-16 A for classic-2deck,
written here without the engine's rows. Positions come from
:func:`shengji_sim.fuzz.trick_strategies.follow_positions` with a ``holding`` (the follow tests'
leaning); failures print a ``position(...)`` call that pastes into ``@example``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, event, example, given

from shengji_sim.cards import parse_cards
from shengji_sim.fuzz.positions import FOLLOW_ITEMS, VARIANTS, Position, position
from shengji_sim.fuzz.property_base import sub_multisets
from shengji_sim.fuzz.trick_strategies import follow_positions
from shengji_sim.rules.follow import check_follow, legal_follows
from shengji_sim.rules.ranking import Ranking
from shengji_sim.rules.shapes import tractor_kinds

LIMIT = 60  #: plays listed per call where a test only needs a sample (count stays exact)


def as_multisets(plays: list[list[int]]) -> list[tuple[int, ...]]:
    return [tuple(sorted(p)) for p in plays]


# RULES.md AMB-16 example 2 (a greedy search finds one tractor; two are owed), and
# AMB-17 example 2 (a quad answers a 2-pair tractor) under the reading that splits sets.
AMB16_EX2 = position("follow", "classic-2deck", level="2", trump="H",
                     lead="SA SA SK SK S9 S9 S8 S8", hand="S3 S3 S4 S4 S5 S5 S6 S6 SJ SJ H7")
AMB17_EX2 = position("follow", "changzhou-4deck", level="10", trump="H", lead="S5 S5 S6 S6",
                     hand="S9 S9 S9 S9 S3 H4")


def positions(variants: tuple[str, ...] = VARIANTS, vary: bool = True,
              items: tuple[str, ...] = FOLLOW_ITEMS, max_lead: int = 12, max_hand: int = 20,
              holding: str = "any", structured: bool = False):
    """Follow positions with the follow tests' leaning and defaults (every built-in variant,
    readings among the follow items)."""
    return follow_positions(variants, vary=vary, items=items, max_lead=max_lead,
                            max_hand=max_hand, holding=holding, structured=structured)


# ----------------------------------------------------------------------------- properties


@given(pos=positions())
@example(pos=AMB16_EX2)
def test_FOLLOW_never_stuck(pos: Position) -> None:
    """With at least len(lead) cards there is always a legal follow (shengji #512)."""
    assert len(pos.hand) >= len(pos.lead)
    result = legal_follows(pos.ctx, list(pos.lead), list(pos.hand), limit=LIMIT)
    assert result.count >= 1, result.rule
    assert result.plays, result.rule


@given(pos=positions())
@example(pos=AMB16_EX2)
@example(pos=AMB17_EX2)
def test_enumerated_follows_are_legal(pos: Position) -> None:
    """Every listed play has the lead's size, lies in the hand and passes check_follow."""
    lead, hand = list(pos.lead), list(pos.hand)
    result = legal_follows(pos.ctx, lead, hand, limit=LIMIT)
    assert result.truncated == (result.count > len(result.plays))
    held = Counter(hand)
    for play in result.plays:
        assert len(play) == len(lead)
        assert not Counter(play) - held, f"play {play} is not in the hand"
        legal, reason = check_follow(pos.ctx, lead, hand, play)
        assert legal, reason


@given(pos=positions(max_lead=8, max_hand=12))
@example(pos=AMB16_EX2)
@example(pos=AMB17_EX2)
def test_every_legal_play_is_enumerated(pos: Position) -> None:
    """Perft depth 1: {plays check_follow accepts} == {plays listed}, and count matches."""
    lead, hand = list(pos.lead), list(pos.hand)
    accepted = {s for s in sub_multisets(hand, len(lead))
                if check_follow(pos.ctx, lead, hand, list(s))[0]}
    result = legal_follows(pos.ctx, lead, hand)
    event(f"rule {result.rule}")
    listed = as_multisets(result.plays)
    assert not result.truncated
    missing, extra = accepted - set(listed), set(listed) - accepted
    assert not missing and not extra, (result.rule, sorted(missing), sorted(extra))
    assert result.count == len(accepted)


@given(pos=positions(items=tuple(i for i in FOLLOW_ITEMS if i != "AMB-19"), holding="short"))
def test_FOLLOW_1_short_suit_plays_all(pos: Position) -> None:
    """FOLLOW-1: with no more led-group cards than the lead, every follow plays them all.

    AMB-19 B is left out: there a player lacking the led shape may ruff or discard instead.
    """
    holding = Counter(pos.holding())
    assert sum(holding.values()) <= len(pos.lead)
    result = legal_follows(pos.ctx, list(pos.lead), list(pos.hand), limit=LIMIT)
    for play in result.plays:
        assert not holding - Counter(play), (result.rule, play)


@given(pos=positions())
@example(pos=AMB16_EX2)
def test_enumeration_deterministic(pos: Position) -> None:
    """Same answer twice (also from a freshly built Context), strongest first, no repeats."""
    lead, hand = list(pos.lead), list(pos.hand)
    first = legal_follows(pos.ctx, lead, hand, limit=LIMIT)
    again = legal_follows(pos.ctx, lead, hand, limit=LIMIT)
    fresh = legal_follows(pos.fresh_ctx(), lead, hand, limit=LIMIT)
    assert first == again == fresh
    key = pos.ctx.ranking.sort_key
    for play in first.plays:
        assert play == sorted(play, key=key), "cards of a play are listed strongest first"
    keys = [[key(k) for k in play] for play in first.plays]
    assert keys == sorted(keys), "plays are listed strongest first"
    assert len(set(as_multisets(first.plays))) == len(first.plays), "duplicate plays"
    prefix = legal_follows(pos.ctx, lead, hand, limit=3)
    assert prefix.plays == first.plays[:3] and prefix.count == first.count


# ------------------------------------------------------- DEF-5 oracle (classic-2deck only)


def _runs(ranking: Ranking, counts: Counter, lengths: range) -> list[tuple[int, ...]]:
    """Pair tractors (COMBO-5 adjacency from the ranking) whose kinds ``counts`` pairs."""
    return [run for n in lengths for run in tractor_kinds(ranking, n)
            if all(counts[k] >= 2 for k in run)]


def oracle_lead_structure(ranking: Ranking, lead: list[int]) -> tuple[list[int], int]:
    """The lead's tractor lengths and its pair units (THROW-1, DEF-4's canonical split).

    Brute force: cover the lead's pairs with disjoint tractors and loose pairs using the
    fewest components, then the largest sizes. In two decks a kind pairs at most once.
    """
    counts = Counter(lead)
    pairs = sorted(k for k, c in counts.items() if c >= 2)
    runs = _runs(ranking, counts, range(2, len(pairs) + 1))
    best: tuple[tuple, list[int]] | None = None

    def walk(i: int, used: frozenset[int], chosen: list[int]) -> None:
        nonlocal best
        while i < len(pairs) and pairs[i] in used:
            i += 1
        if i == len(pairs):
            loose = len(pairs) - sum(chosen)
            sizes = sorted([2 * n for n in chosen] + [2] * loose, reverse=True)
            key = (-(len(chosen) + loose), sizes)
            if best is None or key > best[0]:
                best = (key, sorted(chosen, reverse=True))
            return
        k = pairs[i]
        walk(i + 1, used | {k}, chosen)  # k is a loose pair
        for run in runs:
            if k in run and not used.intersection(run):
                walk(i + 1, used | set(run), chosen + [len(run)])

    walk(0, frozenset(), [])
    assert best is not None
    return best[1], len(pairs)


def oracle_score(ranking: Ranking, play: tuple[int, ...], tractors: list[int],
                 pair_units: int) -> tuple[int, ...]:
    """DEF-5 under AMB-16 A, component by component, maximised lexicographically.

    The lead's tractors are taken longest first (``tractors`` is sorted so), then its loose
    pairs. Each lead tractor of length L gets at most one disjoint pair tractor of the play
    of length 2..L and then up to L minus that many of the play's other pairs; the loose
    pairs get what is left. The score lists (matched tractor cards, pairs) per lead tractor
    in that order, then the loose pairs matched: a throw's longer tractor is matched as well
    as possible before a shorter one (DEF-5 "longest first"; a throw's component owes what
    it would be owed if led alone, from the cards the larger components leave), so a 3-pair
    tractor and two pairs answer a 3-pair plus a 2-pair tractor before two 2-pair tractors
    and a pair do (JJ4 table 1 ranks "3-pair tractor + 2 singles" above "2-pair tractor + 2
    pairs" for the same reason, 002 lines 92-94).
    """
    counts = Counter(play)
    runs = _runs(ranking, counts, range(2, max(tractors, default=1) + 1))
    best: tuple[int, ...] = ()

    def walk(i: int, used: frozenset[int], matched: list[int]) -> None:
        nonlocal best
        if i == len(tractors):
            free = sum(1 for k, c in counts.items() if c >= 2 and k not in used)
            score: list[int] = []
            for length, m in zip(tractors, matched):
                pairs = min(free, length - m)
                free -= pairs
                score += [2 * m, pairs]
            score.append(min(free, pair_units - sum(tractors)))
            best = max(best, tuple(score))
            return
        walk(i + 1, used, matched + [0])
        for run in runs:
            if len(run) <= tractors[i] and not used.intersection(run):
                walk(i + 1, used | set(run), matched + [len(run)])

    walk(0, frozenset(), [])
    return best


@given(pos=positions(variants=("classic-2deck",), vary=False, max_lead=10, max_hand=14,
                     holding="long", structured=True))
@example(pos=AMB16_EX2)
@example(pos=position("follow", "classic-2deck", level="2", trump="H",
                      lead="S5 S5 S6 S6 S7 S7",
                      hand="S3 S3 S9 S9 S10 S10 SQ SQ SA"))  # AMB-16 example 1
def test_DEF_5_matches_independent_oracle(pos: Position) -> None:
    """classic-2deck: legal follows == argmax of the brute-force DEF-5 / AMB-16 A score."""
    ctx = pos.ctx
    assert ctx.variant.follow_policy == "tractor_pairs"
    assert ctx.variant.tractor_obligation == "maximize"
    assert ctx.ranking.tractor_widths == (2,)
    lead, holding = list(pos.lead), pos.holding()
    assume(len(holding) > len(lead))  # else FOLLOW-1 decides; rare (a suit too small)
    tractors, pair_units = oracle_lead_structure(ctx.ranking, lead)
    scores = {s: oracle_score(ctx.ranking, s, tractors, pair_units)
              for s in sub_multisets(holding, len(lead))}
    top = max(scores.values())
    expected = {s for s, score in scores.items() if score == top}
    event(f"lead tractors {len(tractors)}, best matched tractor cards {top[0]}")
    result = legal_follows(ctx, lead, list(pos.hand))
    got = set(as_multisets(result.plays))
    assert got == expected, (result.rule, tractors, pair_units, top,
                             sorted(expected - got), sorted(got - expected))
    assert result.count == len(expected)


@pytest.mark.parametrize(
    ("lead", "holding", "expected"),
    [  # RULES.md AMB-16 examples 1 and 2, reading A (STD2, level 2)
        ("S5 S5 S6 S6 S7 S7", "S3 S3 S9 S9 S10 S10 SQ SQ SA",
         ["S9 S9 S10 S10 S3 S3", "S9 S9 S10 S10 SQ SQ"]),
        ("SA SA SK SK S9 S9 S8 S8", "S3 S3 S4 S4 S5 S5 S6 S6 SJ SJ",
         ["S3 S3 S4 S4 S5 S5 S6 S6"]),
    ],
)
def test_oracle_reproduces_rules_examples(lead: str, holding: str, expected: list[str]) -> None:
    """The oracle itself, checked against the RULES.md text rather than the engine."""
    ranking = position("follow", "classic-2deck", level="2", trump="H").ctx.ranking
    lead_cards, held = parse_cards(lead), parse_cards(holding)
    tractors, pair_units = oracle_lead_structure(ranking, lead_cards)
    scores = {s: oracle_score(ranking, s, tractors, pair_units)
              for s in sub_multisets(held, len(lead_cards))}
    top = max(scores.values())
    assert {s for s, v in scores.items() if v == top} == \
        {tuple(sorted(parse_cards(e))) for e in expected}
