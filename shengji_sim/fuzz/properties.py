"""The property catalogue of DESIGN.md "Fuzzing": never stuck, generator vs checker,
reference vs kernels, conservation, determinism; and declaring, 炒底 and the match (each
against an oracle read from RULES.md apart from the rules modules).

Representation
--------------
A :class:`Property` has a ``name`` (used by ``shengji-sim fuzz --property`` and the tests),
the ``kind`` of :class:`~shengji_sim.fuzz.strategies.Position` it takes, the rule IDs it
checks and ``check(position)``, which returns quietly or raises:

* :class:`PropertyFailure` with ``classification``:
  ``"engine_defect"`` when the engine contradicts itself (generator vs checker, reference vs
  kernels, a crash, lost cards, nondeterminism, a rule applied against its own text), or
  ``"rule_set_finding"`` when the rules as written (a seed table, a chosen reading) produce
  the problem: a follow table leaving a holding with no row, two rules demanding different
  plays, a comparison that is not an order, a valid throw that can be beaten;

Every reference function is looked up through its module at call time
(``follow.legal_follows``), so a test can monkeypatch a defect into it.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from shengji_sim.cards import N_KINDS, NO_TRUMP, TRUMP, deck, parse_cards, parse_trump, points_of
from shengji_sim.fuzz.strategies import Position, context_for
from shengji_sim.rules import follow, shapes, throw, trick
from shengji_sim.rules.shapes import Unit

ENGINE = "engine_defect"
RULESET = "rule_set_finding"
EXHAUSTIVE_LIMIT = 3000  #: candidate multisets checked one by one (small holdings)
SAMPLE = 120  #: enumerated follows checked when there are more
NA = "n/a"  #: what a property returns when it does not apply to the position
GAME_WEIGHT = 0.2  #: share of a fixed example count a whole-hand property runs


class PropertyFailure(AssertionError):
    """A property does not hold; ``classification`` is ENGINE or RULESET."""

    def __init__(self, message: str, classification: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.classification = classification
        self.rule = rule
        self.position: Position | None = None



def fail(message: str, classification: str = ENGINE, rule: str = "") -> None:
    raise PropertyFailure(message, classification, rule)


@dataclass(frozen=True)
class Property:
    """``weight`` scales a fixed example count (whole games cost a hand each);
    ``sections``, when set, are the variant sections whose items can change the property's
    answer (default: by kind, ``runner.KIND_SECTIONS``)."""

    name: str
    kind: str
    title: str
    rules: str
    check: Callable[[Position], None]
    weight: float = 1.0
    sections: frozenset[str] = frozenset()


# ------------------------------------------------------------------------------ helpers


def counts(cards) -> tuple[int, ...]:
    out = [0] * N_KINDS
    for k in cards:
        out[k] += 1
    return tuple(out)


def sub_multisets(cards, size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct ``size``-card sub-multiset of ``cards`` (sorted tuples)."""
    items = sorted(Counter(cards).items())
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + items[i][1]

    def walk(i: int, left: int, chosen: list[int]):
        if left == 0:
            yield tuple(chosen)
            return
        if suffix[i] < left:
            return
        k, c = items[i]
        for take in range(min(c, left), -1, -1):
            yield from walk(i + 1, left - take, chosen + [k] * take)

    yield from walk(0, size, [])


def n_sub_multisets(cards, size: int) -> int:
    return follow._count_multisets(counts(cards), size)


def fmt(pos: Position, cards) -> str:
    return pos._fmt(cards)


def sample_follows(options) -> list[list[int]]:
    """All options when few, else an even sample including the first and the last."""
    n = options.count
    if n <= SAMPLE:
        return [options.nth(i) for i in range(n)]
    step = (n - 1) / (SAMPLE - 1)
    return [options.nth(round(i * step)) for i in range(SAMPLE)]


def _guard(pos: Position, call: Callable, what: str):
    """Run a reference call; an unexpected exception is an engine defect (a crash)."""
    try:
        return call()
    except PropertyFailure:
        raise
    except AssertionError as exc:
        if "always realizable" in str(exc):
            fail(f"{what}: no row of the follow table is realizable for this holding "
                 f"(the table has a gap)", RULESET, "FOLLOW-11")
        fail(f"{what}: internal assertion: {exc}")
    except Exception as exc:  # noqa: BLE001 - any crash is a finding
        fail(f"{what}: {type(exc).__name__}: {exc}")


# ------------------------------------------------------------------- follow properties


def follow_exists(pos: Position) -> None:
    """FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9,
    FOLLOW-10, FOLLOW-11: a player holding enough cards always has a legal follow (never
    stuck). A table whose rows no holding realizes is a rule-set finding."""
    ctx = pos.ctx
    options = _guard(pos, lambda: follow.follow_options(ctx, list(pos.lead), list(pos.hand)),
                     "follow_options")
    if options.count < 1:
        fail(f"no legal follow ({options.rule})", RULESET if options.row else ENGINE,
             options.rule)


def follow_enumeration(pos: Position) -> None:
    """Generator vs checker: every enumerated follow passes ``check_follow``; on small
    holdings every multiset of the lead's size that passes is enumerated (depth-1 perft)."""
    ctx, lead, hand = pos.ctx, list(pos.lead), list(pos.hand)
    options = _guard(pos, lambda: follow.follow_options(ctx, lead, hand), "follow_options")
    listed: list[list[int]] = _guard(pos, lambda: sample_follows(options), "nth")
    seen = set()
    for play in listed:
        if len(play) != len(lead):
            fail(f"enumerated follow {fmt(pos, play)} has {len(play)} cards")
        ok, reason = _guard(pos, lambda p=play: follow.check_follow(ctx, lead, hand, p),
                            "check_follow")
        if not ok:
            fail(f"enumerated follow {fmt(pos, play)} is rejected by check_follow: {reason}")
        seen.add(tuple(sorted(play)))
    if len(seen) != len(listed):
        fail("the enumeration lists a follow twice")
    if n_sub_multisets(hand, len(lead)) > EXHAUSTIVE_LIMIT:
        return
    result = _guard(pos, lambda: follow.legal_follows(ctx, lead, hand), "legal_follows")
    enumerated = {tuple(sorted(p)) for p in result.plays}
    if result.count != len(enumerated):
        fail(f"legal_follows counts {result.count} but lists {len(enumerated)} distinct")
    for cand in sub_multisets(hand, len(lead)):
        ok, reason = follow.check_follow(ctx, lead, hand, list(cand))
        if ok and cand not in enumerated:
            fail(f"check_follow accepts {fmt(pos, cand)} ({reason}) but it is not enumerated")
        if not ok and cand in enumerated:
            fail(f"{fmt(pos, cand)} is enumerated but check_follow rejects it: {reason}")


TABLE_RULES = ("FOLLOW-4", "FOLLOW-5", "FOLLOW-6", "FOLLOW-7", "FOLLOW-8", "FOLLOW-9",
               "FOLLOW-10", "AMB-11")


def _has_tractor(ctx, play_counts) -> bool:
    return any(shapes.instances(ctx, play_counts, (w, 2), split=True)
               for w in ctx.ranking.tractor_widths)


def follow_obligation(pos: Position) -> str | None:
    """FOLLOW-3's general statement against the variant's follow rule: with more led-suit
    cards than the lead, a follower holding an exact pair must play a pair (some card at
    least twice) when the lead has a pair or bigger, and a follower holding a tractor of a
    led tractor's exact shape must play a tractor (000 l.45, 002 l.38, 003 l.163-165).

    A seed table (FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10) that allows
    otherwise is a rule-set finding (two rules demanding different plays); the engine's own rows
    (FOLLOW-3, DEF-5, THROW-5) doing so are an engine defect. Variants and readings without shape
    obligations are skipped.
    """
    ctx = pos.ctx
    v = ctx.variant
    if v.shape_obligation == "none" or v.follow_policy == "suit_only" \
            or v.ruff_condition == "shape_missing":
        return NA
    lead = list(pos.lead)
    holding = counts(pos.holding())
    if sum(holding) <= len(lead):
        return NA
    units = shapes.decompose(ctx, counts(lead))
    options = _guard(pos, lambda: follow.follow_options(ctx, lead, list(pos.hand)),
                     "follow_options")
    cls = RULESET if options.rule.startswith(TABLE_RULES) else ENGINE
    plays = _guard(pos, lambda: sample_follows(options), "nth")
    if any(u.width >= 2 for u in units) and 2 in holding:
        for play in plays:
            if max(counts(play)) < 2:
                fail(f"the follower holds a pair but may play {fmt(pos, play)} without one "
                     f"({options.rule}, row {options.row}); FOLLOW-3 demands a pair", cls,
                     options.rule)
    for unit in units:
        if unit.is_tractor and shapes.realizable(ctx, holding, [unit.pattern], split=False):
            for play in plays:
                if not _has_tractor(ctx, counts(play)):
                    fail(f"the follower holds a {unit.length}-unit tractor of width "
                         f"{unit.width} but may play {fmt(pos, play)} without a tractor "
                         f"({options.rule}, row {options.row}); FOLLOW-3 demands a tractor",
                         cls, options.rule)
            break


# ------------------------------------------------ seed statements against tables, chains


def _shape_rules_apply(ctx) -> bool:
    """Follow rules with shape obligations (no OTH-6 B, no suit-only, no AMB-19 B)."""
    v = ctx.variant
    return not (v.shape_obligation == "none" or v.follow_policy == "suit_only"
                or v.ruff_condition == "shape_missing")


def _pairs(play_counts) -> int:
    """Pairs a play holds, a triple giving one and a quad two (AMB-17 A)."""
    return sum(c // 2 for c in play_counts)


def _choice(pos: Position, shape_rules: bool = True):
    """(ctx, lead, units, options, plays) when the follower has more led-group cards than
    the lead (a real choice) and, with ``shape_rules``, the follow rules have shape
    obligations; else None."""
    ctx = pos.ctx
    if shape_rules and not _shape_rules_apply(ctx):
        return None
    lead = list(pos.lead)
    if len(pos.holding()) <= len(lead):
        return None
    units = shapes.decompose(ctx, counts(lead))
    options = _guard(pos, lambda: follow.follow_options(ctx, lead, list(pos.hand)),
                     "follow_options")
    return ctx, lead, units, options, _guard(pos, lambda: sample_follows(options), "nth")


def tractor_obligation_held(pos: Position) -> str | None:
    """000 l.45 "有拖拉机必需跟拖拉机", 002 l.38 "其他玩家有拖拉机的则必需出拖拉机", 003 l.163:
    a follower who holds any tractor (of pairs, a triple or quad supplying a pair) plays one
    when the lead has a tractor. The chains (000 l.46-50: a triple or quad before a tractor)
    and tables (002 l.86-222) that allow otherwise, and 002 l.76's "same-shape tractor"
    (AMB-16), are rule-set findings."""
    got = _choice(pos)
    if got is None:
        return NA
    ctx, _lead, units, options, plays = got
    if not any(u.is_tractor for u in units) or not _has_tractor(ctx, counts(pos.holding())):
        return NA
    for play in plays:
        if not _has_tractor(ctx, counts(play)):
            fail(f"the lead has a tractor and the follower holds one, but may play "
                 f"{fmt(pos, play)} without a tractor ({options.rule}, row {options.row})",
                 RULESET, options.rule)


def pairs_maximised(pos: Position) -> str | None:
    """002 l.38 "如无拖拉机则必需出对牌", 000 l.45 "有对子必需跟对", 003 l.165: a follower plays
    as many pairs as the lead has and the holding gives (a triple gives one, a quad two).
    A table row or chain element ranked above more pairs (JJ4 table 1 row 10, two triples
    and two singles over four pairs; 000 l.47, a triple before two pairs) is a rule-set
    finding."""
    got = _choice(pos)
    if got is None:
        return NA
    ctx, lead, _units, options, plays = got
    if ctx.variant.split_sets != "yes":
        return NA  # AMB-17 B: triples and quads are not pairs
    best = min(_pairs(counts(lead)), _pairs(counts(pos.holding())))
    if best == 0:
        return NA
    for play in plays:
        if _pairs(counts(play)) < best:
            fail(f"the follower can play {best} pairs but may play {fmt(pos, play)} with "
                 f"{_pairs(counts(play))} ({options.rule}, row {options.row})", RULESET,
                 options.rule)


def fill_freedom(pos: Position) -> str | None:
    """000 l.43 / 002 l.36 "如无此牌型的牌则可以用同花色同数目的牌垫上": a follower without the
    led shape may fill with any cards of the led suit, the same number. A pair or tractor
    obligation (000 l.45, 002 l.38, 002 l.76) that forbids such a fill is a rule-set
    finding (two lines of one seed disagree)."""
    got = _choice(pos, shape_rules=False)
    if got is None:
        return NA
    ctx, lead, units, options, _plays = got
    if len(units) != 1 or units[0].width < 2:
        return NA
    holding = pos.holding()
    if shapes.realizable(ctx, counts(holding), [units[0].pattern]):
        return NA  # the follower has the led shape: l.43's fill clause does not speak
    if n_sub_multisets(holding, len(lead)) > EXHAUSTIVE_LIMIT:
        return NA
    for cand in sub_multisets(holding, len(lead)):
        ok, reason = follow.check_follow(ctx, lead, list(pos.hand), list(cand))
        if not ok:
            fail(f"the follower lacks the led shape, yet a same-suit fill is refused "
                 f"({options.rule}) :: {fmt(pos, cand)}: {reason}", RULESET, options.rule)


def throw_failure_clause(pos: Position) -> str | None:
    """000 l.65's failure clause "如有任意一家打过甩牌人的任意一张牌，则甩牌失败" against its
    validity clause (单牌 against 单牌, 对 against 对): a throw judged valid has no card that a
    opponent's single card of the led group beats (the partner is AMB-20's question). A
    valid throw with such a card is a rule-set finding (AMB-43, AMB-47 read the validity
    clause)."""
    ctx = pos.ctx
    result = _judge(pos)
    if not result.valid or len(shapes.decompose(ctx, counts(pos.lead))) < 2:
        return NA
    r = ctx.ranking
    k0 = pos.lead[0]
    for p in (1, 3):  # the opponents: whether the partner counts is AMB-20's question
        held = [k for k in set(pos.hands[p - 1])
                if r.group[k] == r.group[k0] and r.eff_suit[k] == r.eff_suit[k0]]
        for k in sorted(set(pos.lead)):
            for j in held:
                if trick.trick_winner(ctx, [[k], [j]]) == 1:
                    fail(f"the throw is judged valid but position {p}'s single "
                         f"{fmt(pos, [j])} beats its card {fmt(pos, [k])}", RULESET,
                         "THROW-2")


# -------------------------------------------------------------------------- trick winner


def _claims(ctx, plays):
    units = trick.lead_units(ctx, plays[0])
    return units, [trick.play_claim(ctx, units, p, is_lead=i == 0) for i, p in enumerate(plays)]


def _beats(ctx, a, b) -> bool:
    return trick._claims_beat(ctx, a, b)


def _suit_renaming(ctx) -> dict[int, int] | None:
    """A permutation of the non-trump suits under which the ranking is invariant, or None."""
    r = ctx.ranking
    free = [s for s in range(4) if s != r.trump or r.trump == NO_TRUMP]
    if len(free) < 2:
        return None
    perm = {s: s for s in range(4)}
    for a, b in zip(free, free[1:] + free[:1]):
        perm[a] = b

    def image(k: int) -> int:
        return k if k >= 52 else perm[k // 13] * 13 + k % 13

    for k in range(N_KINDS):
        j = image(k)
        eff_k, eff_j = r.eff_suit[k], r.eff_suit[j]
        if (eff_k == TRUMP) != (eff_j == TRUMP) or r.power[k] != r.power[j]:
            return None
        if eff_k != TRUMP and perm[eff_k] != eff_j:
            return None
    return {k: image(k) for k in range(N_KINDS)}


def _ruff_matches(ctx, units, play) -> bool:
    """An all-trump play that has the lead's exact structure (TRUMP-6, CMP-8)."""
    if any(ctx.ranking.eff_suit[k] != TRUMP for k in play):
        return False
    if len(units) == 1:
        return [u.pattern for u in shapes.decompose(ctx, counts(play))] == [units[0].pattern]
    return shapes.realizable(ctx, counts(play), trick.structure(units))


def winner_consistent(pos: Position) -> None:
    """CMP-9, TRUMP-6, TRUMP-7, DEF-3: the trick winner beats every other play (it beats each
    earlier play that could win, no later play beats it); permuting the losing plays changes
    the winner only to a play it ties with; renaming non-trump suits (where the ranking does
    not order suits) does not change it; an off-suit lead that meets a ruff of its exact
    shape is won by a trump play."""
    ctx = pos.ctx
    plays = pos.trick
    w = _guard(pos, lambda: trick.trick_winner(ctx, plays), "trick_winner")
    units, claims = _guard(pos, lambda: _claims(ctx, plays), "play_claim")
    if claims[w] is None:
        fail(f"play {w} ({fmt(pos, plays[w])}) wins but cannot win at all (TRUMP-6)")
    lead_trump = ctx.ranking.eff_suit[plays[0][0]] == TRUMP
    if not lead_trump and any(_ruff_matches(ctx, units, p) for p in plays[1:]):
        if any(ctx.ranking.eff_suit[k] != TRUMP for k in plays[w]):
            fail(f"a ruff of the lead's shape was played but the winner is play {w} "
                 f"({fmt(pos, plays[w])}), not a trump play (TRUMP-6, CMP-8)", ENGINE,
                 "TRUMP-6")
    for j, claim in enumerate(claims):
        if j == w or claim is None:
            continue
        if j < w and not _beats(ctx, claims[w], claim):
            fail(f"winner {w} does not beat the earlier play {j} ({fmt(pos, plays[j])}): the "
                 f"comparison is not an order here", RULESET, "CMP-9")
        if j > w and _beats(ctx, claim, claims[w]):
            fail(f"the later play {j} ({fmt(pos, plays[j])}) beats winner {w}: the comparison "
                 f"is not an order here", RULESET, "CMP-9")
    losers = [i for i in range(1, len(plays)) if i != w]
    for perm in itertools.permutations(losers):
        new = list(plays)
        for slot, src in zip(losers, perm):
            new[slot] = plays[src]
        w2 = trick.trick_winner(ctx, new)
        if sorted(new[w2]) != sorted(plays[w]):
            _, c2 = _claims(ctx, new)
            tied = not _beats(ctx, c2[w2], claims[w]) and not _beats(ctx, claims[w], c2[w2])
            if not tied:
                fail(f"reordering the losing plays makes {fmt(pos, new[w2])} win instead of "
                     f"{fmt(pos, plays[w])}", RULESET, "CMP-9")
    image = _suit_renaming(ctx)
    if image is not None:
        renamed = [[image[k] for k in p] for p in plays]
        w3 = _guard(pos, lambda: trick.trick_winner(ctx, renamed), "trick_winner (renamed)")
        if w3 != w:
            fail(f"renaming the non-trump suits moves the winner from play {w} to {w3}",
                 ENGINE, "CMP-1")


# -------------------------------------------------------------------------------- throws


def checked(ctx) -> tuple[int, ...]:
    """AMB-20 as the rule text reads: opponents always; the partner under A."""
    return (1, 2, 3) if ctx.variant.throw_check_players == "all_three" else (1, 3)


def beatable_by(ctx, unit: Unit, hand) -> list[int] | None:
    """A legal same-group reply to the one-unit lead ``unit`` that wins it, or None.

    Independent of ``throw.player_beats``: every multiset of the unit's size from the
    player's led-group cards is tried as a two-play trick (legal as a follow when the hand
    is big enough to follow at all); under AMB-47 A only replies of the unit's own type.
    """
    r = ctx.ranking
    k0 = unit.kinds[0]
    holding = [k for k in hand if r.group[k] == r.group[k0] and r.eff_suit[k] == r.eff_suit[k0]]
    lead = unit.cards()
    if len(holding) < len(lead) or n_sub_multisets(holding, len(lead)) > EXHAUSTIVE_LIMIT:
        return None
    same_type = ctx.variant.throw_beaten_by == "same_type"
    for cand in sub_multisets(holding, len(lead)):
        if same_type and not _same_type(ctx, unit, cand):
            continue  # AMB-47 A: only a component of the thrown one's own type beats it
        if trick.trick_winner(ctx, [lead, list(cand)]) != 1:
            continue
        if len(hand) >= len(lead) and not follow.check_follow(ctx, lead, list(hand),
                                                              list(cand))[0]:
            continue
        return list(cand)
    return None


def _same_type(ctx, unit: Unit, cards) -> bool:
    """AMB-47 A: ``cards`` are one component of ``unit``'s type (AMB-41 A: two quads are the
    type of a 2-quad tractor)."""
    shown = shapes.decompose(ctx, counts(cards))
    return len(shown) == 1 and shown[0].pattern == unit.pattern


def _judge(pos: Position):
    return _guard(pos, lambda: throw.judge_throw(pos.ctx, list(pos.lead),
                                                 [list(h) for h in pos.hands]), "judge_throw")


def throw_unbeatable(pos: Position) -> str | None:
    """THROW-2, AMB-20, AMB-43, AMB-17: no checked player can beat a component of a throw
    judged valid with a legal same-suit reply. Under AMB-43 B ("exists") a beatable lower
    component is the reading's doing (rule-set finding), and so is, under AMB-17 B, a reply
    that plays a pair out of a held triple or quad (:func:`splits_a_set`)."""
    ctx = pos.ctx
    result = _judge(pos)
    if not result.valid:
        return NA
    if sorted(result.played) != sorted(pos.lead) or result.returned:
        fail("a valid throw does not play exactly the thrown cards")
    units = shapes.decompose(ctx, counts(pos.lead))
    if len(units) < 2:
        return NA
    cls = RULESET if ctx.variant.throw_test_quantifier == "exists" else ENGINE
    for p in checked(ctx):
        for unit in units:
            reply = beatable_by(ctx, unit, pos.hands[p - 1])
            if reply is not None:
                reading = cls
                if ctx.variant.split_sets == "no" and splits_a_set(reply, pos.hands[p - 1]):
                    reading = RULESET  # AMB-17 B: a held triple is no pair for THROW-2
                fail(f"the throw is judged valid but position {p} beats its component "
                     f"{fmt(pos, unit.cards())} with {fmt(pos, reply)}", reading, "THROW-2")


def splits_a_set(reply: list[int], hand: list[int]) -> bool:
    """Does ``reply`` take a pair or triple out of a bigger set of ``hand``? Under AMB-17 B
    (triples and quads are atomic, no pairs) the throw test does not count such a pair as
    held (tests/unit/test_throw.py::test_THROW_2_split_triple_supplies_a_pair), although a
    one-unit reply may play it: a consequence of the reading, not an engine defect."""
    return any(1 < reply.count(k) < hand.count(k) for k in set(reply))


def failed_throw_beatable(pos: Position) -> str | None:
    """THROW-3, AMB-21, OTH-3, DEF-9: a failed throw keeps the thrower's cards (played +
    returned = thrown) and plays one of its components that a checked player could beat.
    Readings that play the smallest component or the lowest card (AMB-21 A/C) may play an
    unbeatable one: that is the reading's doing (rule-set finding)."""
    ctx = pos.ctx
    result = _judge(pos)
    if result.valid or result.rejected:
        return NA
    if sorted(result.played + result.returned) != sorted(pos.lead):
        fail("a failed throw loses or invents cards (played + returned != thrown)")
    v = ctx.variant
    by_reading = v.throw_fail_component == "variant" and \
        v.throw_fail_play in ("smallest_component", "lowest_card")
    cls = RULESET if by_reading else ENGINE
    units = shapes.decompose(ctx, counts(pos.lead))
    played = sorted(result.played)
    match = [u for u in units if sorted(u.cards()) == played]
    if not match:
        fail(f"the failed throw plays {fmt(pos, played)}, which is not one of its components",
             cls, "AMB-21")
    if not any(beatable_by(ctx, match[0], pos.hands[p - 1]) for p in checked(ctx)):
        fail(f"the failed throw plays {fmt(pos, played)}, a component nobody could beat "
             f"({result.reason})", cls, "AMB-21")


# ------------------------------------------------------------------------- whole games


def _players(name: str):
    from shengji_sim.players.reference import make_players

    return make_players(name)


def _play(pos: Position) -> dict:
    from shengji_sim.rules import game

    return _guard(pos, lambda: game.play_hand(pos.variant_obj, _players(pos.players),
                                              pos.seed, pos.index), "play_hand")


def conservation(pos: Position) -> None:
    """DECK-2, DECK-3, DECK-4, POINT-1, POINT-2, POINT-3, KITTY-2, SCORE-2 on a whole hand: the deal
    and the end state are the deck; every trick has equal-size plays and its recorded winner and
    points; the trick points and the kitty points total the deck's points; the attackers' total is
    their tricks plus the kitty award plus penalties; every seat plays ``hand_size`` cards."""
    from shengji_sim.rules.shapes import make_context

    v = pos.variant_obj
    rec = _play(pos)
    full = sorted(deck(v.decks))
    dealt = [k for h in rec["deal"] for k in parse_cards(h)] + parse_cards(rec["kitty_dealt"])
    if sorted(dealt) != full:
        fail("the deal is not the deck")
    ctx = make_context(v, rec["level"], parse_trump(rec["trump"]))
    played: list[int] = []
    per_seat = [0, 0, 0, 0]
    trick_pts = attack = 0
    kitty: list[int] = []
    awarded = 0
    for i, t in enumerate(rec["tricks"]):
        plays = [parse_cards(p) for _, p in t["plays"]]
        if len({len(p) for p in plays}) != 1 or len(plays) != 4:
            fail(f"trick {i + 1} has plays of different sizes")
        for seat, p in t["plays"]:
            per_seat[seat] += len(p)
        if trick.trick_winner(ctx, plays) != t["winner"]:
            fail(f"trick {i + 1}: recorded winner {t['winner']} is not the rules' winner")
        pts = trick.trick_points(plays)
        if pts != t["points"]:
            fail(f"trick {i + 1}: recorded points {t['points']} != {pts}")
        trick_pts += pts
        if t["winner_seat"] % 2 != rec["dealer"] % 2:
            attack += pts
        played += [k for p in plays for k in p]
        if "kitty" in t:
            kitty = parse_cards(t["kitty"]["kitty"])
            awarded = t["kitty"]["awarded"]
    if sorted(played + kitty) != full:
        fail("cards are not conserved: tricks + kitty != deck")
    if trick_pts + sum(points_of(k) for k in kitty) != v.total_points:
        fail("points are not conserved: trick points + kitty points != total_points")
    if per_seat != [v.hand_size] * 4:
        fail(f"seats played {per_seat} cards, not {v.hand_size} each")
    penalties = sum(p.get("attacker_delta", 0) for p in rec["penalties"])
    if rec["attacker_points"] != attack + awarded + penalties:
        fail(f"attacker points {rec['attacker_points']} != tricks {attack} + kitty {awarded} "
             f"+ penalties {penalties}")


def deterministic(pos: Position) -> None:
    """DESIGN.md "Simulation and results": the same seed and index give the same record, and
    the record replays."""
    from shengji_sim.rules import replay

    first = json.dumps(_play(pos), sort_keys=True)
    second = json.dumps(_play(pos), sort_keys=True)
    if first != second:
        fail("two runs of the same seed and index give different records")
    try:
        replay.replay(pos.variant_obj, json.loads(first))
    except Exception as exc:  # noqa: BLE001
        fail(f"the record does not replay: {type(exc).__name__}: {exc}")


# --------------------------------------------------------------- offered moves, shapes


def _check_offered(decision: str, st, seat: int, options, **context) -> None:
    """The audit of :func:`offered_moves_legal`: every option of one decision passes the
    engine's own legality check for that kind of move (called by ``game.play_hand``)."""
    ctx, hand = st.ctx, st.hands[seat]
    held = Counter(hand)
    if decision == "lead":
        others = [st.hands[(seat + i) % 4] for i in range(1, 4)]
        for lead in options:
            _offered_lead_legal(ctx, seat, lead, others)
    elif decision == "follow":
        lead, position = context["lead"], context["position"]
        for play in sample_follows(options):
            ok, reason = follow.check_follow(ctx, lead, hand, play, position)
            if not ok:
                fail(f"seat {seat} is offered the follow {_fmt_cards(ctx, play)} to "
                     f"{_fmt_cards(ctx, lead)}, which check_follow rejects: {reason}")
    elif decision in ("declare", "chaodi"):
        for decl in options:
            if Counter(decl.cards) - held:
                fail(f"seat {seat} is offered to show {_fmt_cards(ctx, decl.cards)}, "
                     f"not in its hand")
            _offered_declaration_legal(decision, st, seat, decl, context)
    elif decision == "bury":
        n = st.variant.kitty_size
        for i in range(min(options.count, 8)):
            cards = options.nth(i * max(1, options.count // 8))
            if len(cards) != n or Counter(cards) - held:
                fail(f"seat {seat} is offered to bury {_fmt_cards(ctx, cards)}: not {n} "
                     f"cards of its hand (KITTY-1)")


def _fmt_cards(ctx, cards) -> str:
    from shengji_sim.cards import format_cards

    return format_cards(ctx.ranking.sorted_cards(list(cards)) if ctx else list(cards))


def _offered_lead_legal(ctx, seat: int, lead, others) -> None:
    """LEAD-3, DEF-27, THROW-1: a lead option is one suit and one unit, which the throw
    judge accepts as it stands."""
    if shapes.play_suit(ctx, lead) is None:
        fail(f"seat {seat} is offered the lead {_fmt_cards(ctx, lead)}, which is not one "
             f"suit (DEF-27)", ENGINE, "DEF-27")
    units = shapes.decompose(ctx, counts(lead))
    if len(units) != 1:
        fail(f"the one-unit lead option {_fmt_cards(ctx, lead)} splits into {len(units)} "
             f"components (LEAD-3)", ENGINE, "LEAD-3")
    result = throw.judge_throw(ctx, list(lead), [list(h) for h in others])
    if result.rejected or not result.valid:
        fail(f"the lead option {_fmt_cards(ctx, lead)} is refused: {result.reason}", ENGINE,
             "THROW-1")


def _offered_declaration_legal(decision: str, st, seat: int, decl, context) -> None:
    """BID-2, BID-3, BID-4, BID-5, BID-6 (a declaration) or CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6
    (a 炒): the option passes the checker."""
    from shengji_sim.rules.bidding import can_override, declaration_strength
    from shengji_sim.rules.chaodi import can_chaodi

    v = st.variant
    if decision == "declare":
        ok = declaration_strength(v, st.level, decl.cards) is not None
        ok = ok and can_override(v, st.level, context["standing"], decl,
                                 first_hand=st.first_hand,
                                 after_deal=context.get("after_deal", False))[0]
        rule = "BID-2"
    else:
        ok, _why = can_chaodi(v, st.level, context["standing"], decl, seat=seat,
                              original_declarer=context["declarer"],
                              someone_else_chaoed=context["someone_else"],
                              trump_from_kitty_flip=st.record.get("kitty_flip", False))
        rule = "CHAO-2"
    if not ok:
        fail(f"seat {seat} is offered to {decision} with {_fmt_cards(st.ctx, decl.cards)}, "
             f"which the {decision} checker refuses", ENGINE, rule)


def offered_moves_legal(pos: Position) -> None:
    """Every move the engine offers is legal under the same variant and readings: each lead
    option (one suit, one unit, accepted by the throw judge), follow option (check_follow),
    declaration, burial and 炒 option (their checkers), at every decision of a whole hand."""
    from shengji_sim.rules import game

    _guard(pos, lambda: game.play_hand(pos.variant_obj, _players(pos.players), pos.seed,
                                       pos.index, audit=_check_offered), "play_hand")


def _removed_ranks(variant, level: int) -> set[int]:
    """The ranks that are not plain in an off suit at ``level``: the level rank, and the 2
    where it is a fixed trump (TRUMP-3)."""
    from shengji_sim.rules.ranking import TWO, fixed_two_mode

    return {level} | ({TWO} if fixed_two_mode(variant) != "none" and level != TWO else set())


def _gap_signature(variant, ranks: list[int], level: int) -> tuple[bool, ...]:
    """Which gaps of the play's ranks ``level`` removes entirely: the ranks between two of
    its consecutive ranks, and (with an ace) the ranks below its lowest, the ace-low bridge.
    The gap rule (AMB-06, AMB-49) may join ranks across a removed gap, so two levels with the
    same signature must give the play the same shape."""
    from shengji_sim.rules.ranking import ACE

    gaps = [set(range(a + 1, b)) for a, b in zip(ranks, ranks[1:])]
    if ACE in ranks:
        gaps.append(set(range(0, ranks[0])))
    removed = _removed_ranks(variant, level)
    return tuple(gap <= removed for gap in gaps)


def level_invariance(pos: Position) -> None:
    """COMBO-5, COMBO-7, AMB-05, AMB-06, AMB-49: the shape of an off-suit play without a
    level card, a 2 or a joker (its units: tractor, sets or throw) is the same at every
    level where its ranks are plain in that suit and the gaps between them (and below an
    ace) are removed alike (:func:`_gap_signature`)."""
    from shengji_sim.rules.ranking import TWO

    lead = list(pos.lead)
    suits = {k // 13 for k in lead}
    if not lead or any(k >= 52 for k in lead) or len(suits) != 1:
        return
    suit = suits.pop()
    ranks = sorted({k % 13 for k in lead})
    v = pos.variant_obj
    if TWO in ranks or suit == pos.trump or set(ranks) & _removed_ranks(v, pos.level):
        return
    base = shapes.decompose(pos.ctx, counts(lead))
    signature = _gap_signature(v, ranks, pos.level)
    for level in range(13):
        if level == pos.level or set(ranks) & _removed_ranks(v, level):
            continue
        if _gap_signature(v, ranks, level) != signature:
            continue
        ctx = context_for(pos.variant, pos.ambs, level, pos.trump)
        got = _guard(pos, lambda c=ctx: shapes.decompose(c, counts(lead)), "decompose")
        if got != base:
            fail(f"{fmt(pos, lead)} is {_shape_text(base)} at level {_rank_text(pos.level)} "
                 f"but {_shape_text(got)} at level {_rank_text(level)}", ENGINE, "AMB-49")


def _rank_text(level: int) -> str:
    from shengji_sim.cards import format_rank

    return format_rank(level)


def _shape_text(units) -> str:
    return " + ".join(f"{u.width}x{u.length}" for u in units)


def leads_follows_agree(pos: Position) -> None:
    """AMB-41, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11: a follow that
    meets the first row of a one-unit lead's obligation with no free card (the lead's own shape, or
    a row-1 alternative such as a quad for a 2-pair tractor or two quads for "2个4个") is itself one
    unit when led."""
    ctx, lead, hand = pos.ctx, list(pos.lead), list(pos.hand)
    units = shapes.decompose(ctx, counts(lead))
    if len(units) != 1 or units[0].pattern == (1, 1):
        return
    if units[0].is_tractor and ctx.variant.tractor_obligation == "at_least_one":
        return  # AMB-16 C: one tractor of any length, then the most pairs, meets row 1 too
    ob = _guard(pos, lambda: follow.obligation(ctx, lead, hand), "obligation")
    if ob.row != 1:
        return
    for fam in ob.families:
        if fam.free:
            continue
        shown = shapes.decompose(ctx, counts(fam.fixed))
        if len(shown) != 1:
            fail(f"{_fmt_cards(ctx, fam.fixed)} answers the lead {fmt(pos, lead)} in its "
                 f"first row ({ob.rule}) but is {len(shown)} components when led",
                 ENGINE, "AMB-41")


# ------------------------------------------------------------------------------ kernels

def _follow_sets(result) -> tuple[set[tuple[int, ...]], int]:
    return {tuple(sorted(int(k) for k in p)) for p in result.plays}, result.count


def _throw_key(result) -> tuple:
    keys = ("valid", "blocked_by", "penalty", "rejected")
    return tuple(getattr(result, k) for k in keys) + (sorted(result.played),
                                                      sorted(result.returned))


def _kitty_key(result) -> tuple:
    keys = ("winner", "winner_side", "multiplier", "kitty_points", "awarded")
    return tuple(getattr(result, k) for k in keys)


def _agree(pos: Position, name: str, args: tuple, key: Callable = lambda r: r) -> None:
    """The reference and the kernel of ``PARITY`` entry ``name`` give the same answer."""
    from shengji_sim.core.runtime.api import PARITY

    entry = next(p for p in PARITY if p.name == name)
    ref = _guard(pos, lambda: entry.call_reference(pos.ctx, *args), entry.function)
    got = _guard(pos, lambda: entry.call_kernel(pos.ctx, *args), entry.kernel.__name__)
    if key(ref) != key(got):
        fail(f"{name}: reference {key(ref)}, kernel {key(got)} ({entry.rules})", ENGINE,
             "DESIGN Fuzzing")


def kernels_agree(pos: Position) -> None:
    """Differential: every kernel wrapper of :data:`shengji_sim.core.runtime.api.PARITY` equals its
    reference function on the position (the lead's units and lead options, each follower's
    legal follows, the trick winner, the throw judgement, the kitty). The kernels are
    imported here: a broken kernel module is an error, never a skipped property."""
    lead = list(pos.lead)
    _agree(pos, "lead_units", (lead,))
    for hand in pos.hands:
        _agree(pos, "lead_options", (list(hand),))
    for i, hand in enumerate(pos.hands):
        _agree(pos, "legal_follows", (lead, list(hand), None, i + 1), _follow_sets)
    if len(pos.plays):
        _agree(pos, "trick_winner", (pos.trick,))
    if len(pos.hands) == 3:
        _agree(pos, "judge_throw", (lead, [list(h) for h in pos.hands]), _throw_key)
    if len(pos.plays) == 3:
        rest = list(pos.hands[0])
        for k in pos.plays[0]:
            rest.remove(k)
        for side in ("dealer", "attackers"):
            _agree(pos, "judge_kitty", (pos.trick, side, rest[:8], 40), _kitty_key)


# -------------------------------------------------- declaring, 炒底, the score, matches
#
# Each property below reads the rule from RULES.md on its own (an oracle written apart from
# rules.bidding, rules.chaodi, rules.score, rules.match) and asks the engine the same
# question through those modules (looked up at call time, so a test can plant a defect).
# A disagreement is an engine defect: the rules these properties read have no reading of
# their own beyond the variant's letters, which the oracles follow.

ACE = 12
PAIR_RUNG = {3: 1, 2: 2, 1: 3, 0: 4}  #: 000 line 68: pair ♦L < ♣L < ♥L < ♠L (AMB-29 B)


def _reading(v, key: str) -> str | None:
    """A variant key's value, or None where the variant has no such key."""
    return getattr(v, key, None)


def _is_level_card(k: int, level: int) -> bool:
    return k < 52 and k % 13 == level


def bid_tier(v, level: int, cards) -> tuple | None:
    """BID-1, BID-3, BID-4, BID-5 as RULES.md states them: the tier of a declaration, or None
    when the cards are none. CZ4/STD2 ladder (000 l.37): single L < pair L < pair jokers <
    triple L < triple jokers < quad L < quad jokers, BJ > LJ within a tier, jokers from a
    pair up where joker bids exist (AMB-33 applies); JJ4 hidden bids: the card count, level
    cards only; ONE1: a single level card (003 l.193)."""
    cards = tuple(cards)
    if not cards or len(set(cards)) != 1 or len(cards) > v.decks:
        return None
    k, n = cards[0], len(cards)
    if v.bid_method == "first_two":
        return (1,) if n == 1 and _is_level_card(k, level) else None
    if v.bid_method == "hidden":
        return (n,) if _is_level_card(k, level) else None
    if _is_level_card(k, level):
        return (n, 0)
    if k >= 52 and n >= 2 and "AMB-33" in v.applicable:
        return (n, 2 if k == 53 else 1)
    return None


def _expected_declaration(v, level: int, standing, new, first_hand: bool,
                          late: bool = False) -> tuple[bool, str]:
    """BID-2, BID-6, DEF-20, AMB-33, AMB-42 over one standing declaration (not AMB-35 B);
    ``late``: after the last card under AMB-50 C, where "each declaration must beat the one
    standing, so the asking stops" (RULES.md AMB-50), whatever AMB-42 says but C."""
    tier = bid_tier(v, level, new.cards)
    if tier is None:
        return False, "not a declaration in this variant"
    if standing is None:
        if new.kind >= 52 and new.count < 4 and v.joker_declaration == "only_four_NT":
            return False, "AMB-33 B: jokers keep a suit, none declared yet"
        return True, "BID-1: the first declaration"
    if standing.seat == new.seat:
        if standing.kind == new.kind and not v.self_reinforce:
            return False, "DEF-20: no 自保 here"
        if standing.kind != new.kind and not v.self_counter:
            return False, "BID-6: no 自反"
    rule = v.bid_override_rule
    if rule == "last_wins" and not late:
        return True, "AMB-42 B: the last declaration wins"
    if rule == "first_wins":
        return False, "AMB-42 C: the first declaration stands"
    old = bid_tier(v, level, standing.cards)
    if late:
        return tier > old, "AMB-50 C: after the deal only a stronger declaration"
    if tier > old:
        return True, "BID-2: strictly stronger on the ladder"
    return False, "BID-2: not strictly stronger on the ladder"


def _window_expected(v, first_hand: bool) -> tuple[bool, str] | None:
    """AMB-50 after the last card: closed, or open for one more round or until all pass;
    None when the variant has no such key (the engine's DEF-24 window is then taken as
    given)."""
    reading = _reading(v, "declaration_after_deal")
    if reading is None:
        return None
    return reading != "closed", f"AMB-50 {reading}"


def overcall_stronger(pos: Position) -> str | None:
    """BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, DEF-20, AMB-33, AMB-35, AMB-42, AMB-50: a
    declaration shown over the ones before it is legal exactly when the variant's ladder and
    override rule allow it: never a weaker (or equal) overcall under AMB-42 A, never one at
    all under C; under AMB-35 B every bid counts and the most cards (earliest on ties)
    stand; after the last card, only while AMB-50 keeps the window open."""
    from shengji_sim.rules import judge
    from shengji_sim.rules.bidding import Declaration

    v, level = pos.variant_obj, pos.level
    first_hand = pos.hand_number == 1
    history = [Declaration(s, c) for s, c in pos.history]
    new = Declaration(pos.seat, pos.lead)
    phase = "after_deal" if "after_deal" in pos.flags else "deal"
    got = _guard(pos, lambda: judge.declare(v, level, history, new,
                                            hand_number=pos.hand_number, phase=phase),
                 "judge.declare")
    window = _window_expected(v, first_hand) if phase == "after_deal" else (True, "the deal")
    if window is not None and not window[0]:
        if got["legal"]:
            fail(f"a declaration after the last card is accepted ({got['reason']}), but "
                 f"{window[1]} closes the window", ENGINE, "AMB-50")
        return None
    if window is None and not got["legal"] and got["reason"].startswith("DEF-24"):
        return NA  # the engine's window closed: nothing to compare
    late = phase == "after_deal" and _reading(v, "declaration_after_deal") == "until_all_pass"
    if v.bid_method == "hidden" and v.jj4_bid_visibility == "all_hidden":
        leader = max(history, key=lambda d: len(d.cards), default=None)  # earliest on ties
        counts = bid_tier(v, level, new.cards) is not None and not (
            late and leader is not None and len(new.cards) <= len(leader.cards))  # AMB-50 C
        bids = [*history, new] if counts else history
        best = max(bids, key=lambda d: len(d.cards), default=None)  # earliest on ties
        want = None if best is None else [best.seat, len(best.cards)]
        have = None if got["standing"] is None else [got["standing"]["seat"],
                                                     len(got["standing"]["cards"])]
        if have != want:
            fail(f"AMB-35 B: bids {_bids(pos)} leave seat {have} standing, the most cards "
                 f"(earliest on ties) are seat {want}'s", ENGINE, "AMB-35")
        return None
    standing = history[-1] if history else None
    legal, why = _expected_declaration(v, level, standing, new, first_hand, late)
    if got["legal"] != legal:
        fail(f"seat {new.seat} shows {_cards_text(new.cards)} over "
             f"{_standing_text(standing)}: the engine says {'legal' if got['legal'] else 'not'}"
             f" ({got['reason']}), the ladder says {why}", ENGINE, "BID-2")


def _cards_text(cards) -> str:
    from shengji_sim.cards import format_cards

    return format_cards(sorted(cards))


def _standing_text(decl) -> str:
    return "nothing" if decl is None else f"seat {decl.seat}'s {_cards_text(decl.cards)}"


def _bids(pos: Position) -> str:
    return ", ".join(f"{s}:{_cards_text(c)}" for s, c in [*pos.history, (pos.seat, pos.lead)])


def chao_rung(v, level: int, cards) -> tuple | None:
    """CHAO-2 / AMB-29 as RULES.md states them: the rung of cards shown to 炒, or None when
    they may not 炒. A: the 反主 tiers (BID-3); B: 000 line 68, pair ♦L < ♣L < ♥L < ♠L < pair
    LJ < pair BJ < four jokers (BJ x4 over LJ x4), pairs and four jokers only; C: B read
    backwards. STD2: a single never 炒s, under every reading (CHAO-2, 003 line 25)."""
    cards = tuple(cards)
    if not cards or len(set(cards)) != 1 or len(cards) > v.decks:
        return None
    k, n = cards[0], len(cards)
    if v.rule_set == "STD2" and n == 1:
        return None
    if v.chaodi_ladder == "fanzhu_tiers":
        return bid_tier(v, level, cards)
    if k >= 52:
        rung = (6 if k == 53 else 5, 0) if n == 2 else (7, 1 if k == 53 else 0) if n == 4 \
            else None
    else:
        rung = (PAIR_RUNG[k // 13], 0) if n == 2 and _is_level_card(k, level) else None
    if rung is None or v.chaodi_ladder == "line68_ascending":
        return rung
    return (7 - rung[0], -rung[1])


def _standing_rung(v, level: int, standing) -> tuple | None:
    """What a 炒 must beat (None: nothing stands, trump came from the kitty). Under line 68 a
    standing single is below every pair; a standing triple or quad is AMB-51's: A the pair
    of its card, B above every pair (only four jokers), C (tiers) compared on line 37."""
    if standing is None:
        return None
    if v.chaodi_ladder == "fanzhu_tiers":
        return bid_tier(v, level, standing.cards)
    n, k = standing.count, standing.kind
    if n == 1:
        return (-1, 0)
    if n >= 3 and not (k >= 52 and n == 4):
        reading = _reading(v, "chaodi_over_set") or "as_pair"
        if reading == "above_pairs" and v.chaodi_ladder == "line68_ascending":
            return (6, 1)  # above pair BJ, below four jokers
        if reading == "tiers" and v.chaodi_ladder == "line68_ascending":
            return ("tiers", bid_tier(v, level, standing.cards))
        return chao_rung(v, level, standing.cards[:2])
    return chao_rung(v, level, standing.cards)


def _expected_chao(v, level: int, standing, new, declarer, someone_else: bool,
                   kitty_flip: bool) -> tuple[bool, str]:
    """CHAO-1, CHAO-2, CHAO-5, CHAO-6, AMB-29, AMB-51 (and nobody 炒s over their own
    standing cards, DEF-21)."""
    if not v.chaodi:
        return False, "CHAO-1: no 炒底"
    if kitty_flip and not v.chaodi_after_kitty_flip:
        return False, "CHAO-6: no 炒底 after a kitty flip"
    if new.seat == declarer and (not someone_else or not v.chaodi_self_after_other):
        return False, "CHAO-5: the declarer may not 炒 yet"
    if standing is not None and standing.seat == new.seat:
        return False, "DEF-21: not over one's own standing cards"
    old = _standing_rung(v, level, standing)
    if isinstance(old, tuple) and old and old[0] == "tiers":  # AMB-51 C
        tier = bid_tier(v, level, new.cards)
        ok = tier is not None and old[1] is not None and tier > old[1]
        return ok, "AMB-51 C: " + ("a higher tier" if ok else "not a higher tier")
    key = chao_rung(v, level, new.cards)
    if key is None:
        return False, f"CHAO-2: not eligible under {v.chaodi_ladder}"
    if old is not None and key <= old:
        return False, "CHAO-2: not higher than what stands"
    return True, "CHAO-2: higher than what stands"


def chao_stronger(pos: Position) -> str | None:
    """CHAO-1, CHAO-2, CHAO-3, CHAO-5, CHAO-6, AMB-29, AMB-32, AMB-51: a 炒 is legal exactly
    when the variant's 炒 ladder puts it above what stands (and CHAO-5, CHAO-6 allow it); a
    legal one sets the trump of its cards (jokers: no-trump) and, in hand 1 under AMB-32 A,
    makes the 炒er the dealer."""
    from shengji_sim.cards import NO_TRUMP, format_trump
    from shengji_sim.rules import judge
    from shengji_sim.rules.bidding import Declaration

    v, level = pos.variant_obj, pos.level
    standing = Declaration(*pos.history[0]) if pos.history else None
    new = Declaration(pos.seat, pos.lead)
    someone_else, flip = "someone_else" in pos.flags, "kitty_flip" in pos.flags
    got = _guard(pos, lambda: judge.chaodi(
        v, level, standing, new, declarer=pos.declarer, dealer=pos.dealer,
        hand_number=pos.hand_number, someone_else_chaoed=someone_else, kitty_flip=flip,
        trump_before=pos.trump), "judge.chaodi")
    legal, why = _expected_chao(v, level, standing, new, pos.declarer, someone_else, flip)
    if got["legal"] != legal:
        fail(f"seat {new.seat} 炒s with {_cards_text(new.cards)} over "
             f"{_standing_text(standing)}: the engine says "
             f"{'legal' if got['legal'] else 'not'} ({got['reason']}), the ladder says {why}",
             ENGINE, "CHAO-2")
    if not legal:
        return None
    trump = NO_TRUMP if new.kind >= 52 else new.kind // 13  # CHAO-3, DEF-13
    moves = v.chaodi_moves_dealer == "hand1_only" and pos.hand_number == 1  # AMB-32
    dealer = new.seat if moves else pos.dealer
    if got["trump"] != format_trump(trump):
        fail(f"a 炒 with {_cards_text(new.cards)} makes {got['trump']} trump, not "
             f"{format_trump(trump)}", ENGINE, "CHAO-3")
    if got["dealer"] != dealer:
        fail(f"after a hand-{pos.hand_number} 炒 seat {got['dealer']} deals, not seat "
             f"{dealer}", ENGINE, "AMB-32")


def kitty_conserved(pos: Position) -> None:
    """KITTY-1, CHAO-4, DEF-21, DEF-22 through any 炒 chain: the cards in the hands plus the
    kitty are the deck whenever a seat is asked to 炒 and before trick 1, every hand then
    holds ``hand_size`` cards, and every burial is ``kitty_size`` cards."""
    from shengji_sim.rules import game

    v = pos.variant_obj
    full = Counter(deck(v.decks))

    def audit(decision, st, seat, options, **context) -> None:
        if decision == "bury":
            if Counter(k for h in st.hands for k in h) != full:
                fail(f"seat {seat} takes the kitty: the hands are not the deck (KITTY-1)",
                     ENGINE, "KITTY-1")
            return
        if decision not in ("chaodi", "lead") or (decision == "lead" and st.tricks):
            return
        held = Counter(k for h in st.hands for k in h) + Counter(st.kitty)
        if held != full:
            lost, more = full - held, held - full
            fail(f"at {decision} (seat {seat}) the hands and the kitty are not the deck: "
                 f"{sum(lost.values())} card(s) lost, {sum(more.values())} invented",
                 ENGINE, "KITTY-1")
        sizes = [len(h) for h in st.hands]
        if sizes != [v.hand_size] * 4 or len(st.kitty) != v.kitty_size:
            fail(f"at {decision} (seat {seat}) the hands hold {sizes} cards and the kitty "
                 f"{len(st.kitty)}, not {v.hand_size} each and {v.kitty_size}", ENGINE,
                 "KITTY-1")

    rec = _guard(pos, lambda: game.play_hand(v, _players(pos.players), pos.seed, pos.index,
                                             audit=audit), "play_hand")
    burials = rec["burials"]
    want = 1 + len(rec["chaodi"]) if v.kitty_size else 0
    if len(burials) != want or any(len(b["cards"]) != v.kitty_size for b in burials):
        fail(f"{len(burials)} burials of {[len(b['cards']) for b in burials]} cards after "
             f"{len(rec['chaodi'])} 炒; the rules bury {want} times {v.kitty_size}", ENGINE,
             "DEF-21")


def chao_effect_applied(pos: Position) -> None:
    """CHAO-3, AMB-32, KITTY-1 in whole hands: after each 炒 the trump and the dealer are
    what ``chaodi_effect`` gives for its cards, the hand is played with the last one's, and
    the last 炒er buried the kitty."""
    from shengji_sim.cards import format_trump
    from shengji_sim.rules import chaodi
    from shengji_sim.rules.bidding import Declaration

    v = pos.variant_obj
    rec = _play(pos)
    trump, dealer, burier = rec["trump_declared"], rec["dealer_declared"], rec["dealer_declared"]
    for i, c in enumerate(rec["chaodi"]):
        act = Declaration(c["seat"], tuple(parse_cards(c["cards"])))
        t, moved = chaodi.chaodi_effect(v, act, rec["hand_number"])
        dealer = moved if moved is not None else dealer
        if (c["trump"], c["dealer"]) != (format_trump(t), dealer):
            fail(f"炒 {i + 1} (seat {c['seat']}, {c['cards']}) leaves trump {c['trump']} and "
                 f"dealer {c['dealer']}; chaodi_effect gives {format_trump(t)} and {dealer}",
                 ENGINE, "CHAO-3")
        trump, burier = c["trump"], c["seat"]
    if (rec["trump"], rec["dealer"], rec["buried_by"]) != (trump, dealer, burier):
        fail(f"the hand is played with trump {rec['trump']}, dealer {rec['dealer']}, kitty "
             f"buried by {rec['buried_by']}; the 炒 chain gives {trump}, {dealer}, {burier}",
             ENGINE, "CHAO-3")


def declaration_window(pos: Position) -> str | None:
    """DEF-24, AMB-50 in whole hands: after the last dealt card, ``closed`` takes no
    declaration; ``one_round`` asks each seat once, in play order from the seat after the
    last card's; ``until_all_pass`` asks round in play order and stops after a full round of
    passes since the last declaration, not before and not later."""
    from shengji_sim.rules import game

    v = pos.variant_obj
    reading = _reading(v, "declaration_after_deal")
    if reading is None:
        return NA
    total = 4 * v.hand_size
    offers: list[tuple[int, int]] = []  #: (seat, declarations so far) of after-deal offers

    def audit(decision, st, seat, options, **context) -> None:
        if decision != "declare":
            return
        if sum(len(h) for h in st.hands) < total:
            offers.clear()  # a deal in progress: earlier offers were of a redealt deal
        else:
            offers.append((seat, len(st.record["declarations"])))

    rec = _guard(pos, lambda: game.play_hand(v, _players(pos.players), pos.seed, pos.index,
                                             audit=audit), "play_hand")
    last = (rec["first_recipient"] + rec["deal_step"] * (total - 1)) % 4
    if offers and offers[0][0] == last:
        offers = offers[1:]  # the last card's own offer, made during the deal
    counts = [n for _, n in offers] + [len(rec["declarations"])]
    made = [counts[i + 1] > counts[i] for i in range(len(offers))]
    seats = [s for s, _ in offers]
    after = [d for d in rec["declarations"] if d.get("after_deal")]
    if reading == "closed" and (any(made) or after):
        fail(f"AMB-50 A closes the window with the deal, yet {sum(made)} declaration(s) "
             f"follow the last card", ENGINE, "AMB-50")
    in_order = all(b == (a + 1) % 4 for a, b in zip([last, *seats], seats))
    if reading == "one_round" and (len(seats) > 4 or not in_order):
        fail(f"AMB-50 B asks each seat once from seat {(last + 1) % 4}, yet the seats asked "
             f"after the deal are {seats}", ENGINE, "AMB-50")
    if reading == "until_all_pass":
        runs, run = [], 0
        for m in made:
            run = 0 if m else run + 1
            runs.append(run)
        trailing = runs[-1] if runs else 0
        if not in_order or trailing not in (3, 4) or any(r >= trailing for r in runs[:-1]):
            fail(f"AMB-50 C asks round until all pass since the last declaration, yet the "
                 f"seats asked after the deal are {seats} with declarations at "
                 f"{[i for i, m in enumerate(made) if m]}", ENGINE, "AMB-50")


def score_table(v, points: int) -> tuple[str, int]:
    """LEVEL-2 (JJ4; CZ4 by DEF-14), LEVEL-3 (STD2), LEVEL-4 and DEF-26 (ONE1), DEF-15
    (THREE3), LEVEL-7, DEF-28 as RULES.md states them: the side that levels and by how
    much."""
    s = points if v.negative_scores else max(0, points)
    if v.score_table == "one_deck":
        side, n = (("dealer", 2) if s <= 0 else ("dealer", 1) if s < 40 else ("none", 0)
                   if s < 80 else ("attackers", 1) if s < 100 else ("attackers", 2))
    else:
        step = v.score_step
        side, n = (("dealer", 3) if s <= 0 else ("dealer", 2) if s < step else ("dealer", 1)
                   if s < 2 * step else ("attackers", 1 + (s - 2 * step) // step))
    if v.level_gain_cap > 0:
        n = min(n, v.level_gain_cap)
    return side, n


def next_dealer_seat(v, dealer: int, side: str) -> int:
    """DEALER-1, DEALER-2, DEALER-3, DEF-16, AMB-34, AMB-36: the dealer side wins, the
    dealer's partner deals; the attackers win, the previous dealer's 下家 (A: next in play
    order, B: the one before); nobody levels, A the 下家, B the partner."""
    xiajia = (dealer + (1 if v.xiajia_direction == "play_order" else 3)) % 4
    if side == "dealer":
        return (dealer + 2) % 4
    if side == "attackers" or v.one_deck_rotation == "to_attackers":
        return xiajia
    return (dealer + 2) % 4


def _after(v, levels: tuple[int, int], dealer: int, side: str, n: int):
    """LEVEL-1, DEF-18, AMB-38, AMB-39: the levels after a hand and the match's winner."""
    after = list(levels)
    winner = None
    if side in ("dealer", "attackers"):
        w = dealer % 2 if side == "dealer" else 1 - dealer % 2
        if v.match_end == "reach_A":
            winner = w if levels[w] + n >= ACE else None
        elif side == "dealer" and levels[w] == ACE:
            winner = w
        after[w] = min(ACE, levels[w] + n)
    return after, winner


def score_moves_levels(pos: Position) -> str | None:
    """LEVEL-1, LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-7, DEF-14, DEF-15, DEF-17, DEF-18, AMB-38,
    AMB-39: one hand's result: the level change is the variant's score table; only the
    winning side moves, up, by that much and never beyond A; the match ends when AMB-38 says
    (A: a side reaches A; B: the dealer side wins a hand at A)."""
    from shengji_sim.rules import match, score

    v = pos.variant_obj
    if v.match_end == "reach_A" and ACE in pos.levels:
        return NA
    side, n = score_table(v, pos.points)
    r = _guard(pos, lambda: score.judge_score(v, pos.points), "judge_score")
    if (r.winner_side, r.levels) != (side, n):
        fail(f"{pos.points} points give {r.winner_side} +{r.levels}; the table gives "
             f"{side} +{n}", ENGINE, "LEVEL-2")
    state = match.MatchState(pos.levels, pos.dealer)
    after = _guard(pos, lambda: match.after_hand(v, state, pos.dealer, r), "after_hand")
    levels, winner = _after(v, pos.levels, pos.dealer, side, n)
    if list(after.levels) != levels or max(after.levels) > ACE or \
            any(a < b for a, b in zip(after.levels, pos.levels)):
        fail(f"levels {list(pos.levels)} become {list(after.levels)} after {side} +{n}; "
             f"the rules give {levels}", ENGINE, "LEVEL-1")
    if after.winner != winner:
        fail(f"after {side} +{n} from levels {list(pos.levels)} the match winner is "
             f"{after.winner}; AMB-38 {v.match_end} gives {winner}", ENGINE, "AMB-38")


def dealer_succession(pos: Position) -> None:
    """DEALER-1, DEALER-2, DEALER-3, DEF-16, AMB-34, AMB-36: the next dealer after one
    hand's result."""
    from shengji_sim.rules import match, score

    v = pos.variant_obj
    r = _guard(pos, lambda: score.judge_score(v, pos.points), "judge_score")
    after = _guard(pos, lambda: match.after_hand(v, match.MatchState(pos.levels, pos.dealer),
                                                 pos.dealer, r), "after_hand")
    want = next_dealer_seat(v, pos.dealer, r.winner_side)
    if after.dealer != want:
        fail(f"seat {pos.dealer} dealt, {r.winner_side} won: seat {after.dealer} deals next, "
             f"the rules give seat {want}", ENGINE, "DEALER-1")


def _play_match(pos: Position) -> dict:
    from shengji_sim.rules import game

    return _guard(pos, lambda: game.play_match(pos.variant_obj, _players(pos.players),
                                               pos.seed, pos.index), "play_match")


def match_ends_once(pos: Position) -> None:
    """LEVEL-1, AMB-38, DEF-18, AMB-39 over a whole match: levels move only as each hand's
    score says (the table, never down, never beyond A); the match has a winner exactly in
    the hand where AMB-38 says a side won, that hand is the last, and the match names it."""
    v = pos.variant_obj
    rec = _play_match(pos)
    hands = rec["hands"]
    for i, h in enumerate(hands):
        side, n = score_table(v, h["attacker_points"])
        levels, winner = _after(v, tuple(h["levels"]), h["dealer"], side, n)
        if h["levels_after"] != levels:
            fail(f"hand {i + 1}: {side} +{n} from levels {h['levels']} gives "
                 f"{h['levels_after']}, the rules give {levels}", ENGINE, "LEVEL-1")
        if h["match_winner"] != winner:
            fail(f"hand {i + 1}: the match winner is {h['match_winner']}; AMB-38 "
                 f"{v.match_end} gives {winner}", ENGINE, "AMB-38")
        if winner is not None and i + 1 < len(hands):
            fail(f"side {winner} won in hand {i + 1}, yet {len(hands) - i - 1} hand(s) follow",
                 ENGINE, "AMB-38")
    if hands[-1]["match_winner"] is None and len(hands) < rec["max_hands"]:
        fail(f"the match stops after {len(hands)} hands without a winner", ENGINE, "AMB-38")
    if rec["winner_side"] != hands[-1]["match_winner"] or rec["levels"] != \
            hands[-1]["levels_after"]:
        fail(f"the match names winner {rec['winner_side']} and levels {rec['levels']}; its "
             f"last hand gives {hands[-1]['match_winner']} and {hands[-1]['levels_after']}",
             ENGINE, "AMB-38")


def match_dealers(pos: Position) -> None:
    """DEALER-1, DEALER-3, BID-7, AMB-32, AMB-34, AMB-36 over a whole match: each hand is
    dealt by the seat the previous hand's result names; from hand 2 on declaring keeps that
    dealer and 炒底 does not move it (AMB-32: hand 1 only)."""
    v = pos.variant_obj
    rec = _play_match(pos)
    hands = rec["hands"]
    for i, h in enumerate(hands):
        if i:
            prev = hands[i - 1]
            want = next_dealer_seat(v, prev["dealer"], prev["score"]["winner_side"])
            if h["dealer_before"] != want:
                fail(f"hand {i + 1} is dealt by seat {h['dealer_before']}; hand {i} "
                     f"(seat {prev['dealer']} dealt, {prev['score']['winner_side']} won) "
                     f"passes the deal to seat {want}", ENGINE, "DEALER-1")
            if h["dealer_declared"] != h["dealer_before"] or h["dealer"] != h["dealer_before"]:
                fail(f"hand {i + 1}: seat {h['dealer_before']} deals, yet declaring and 炒底 "
                     f"leave seat {h['dealer']} dealing", ENGINE, "BID-7")


# ------------------------------------------------------------------------------ catalogue

BIDDING = frozenset({"bidding"})
CHAODI = frozenset({"bidding", "chaodi"})
SCORING = frozenset({"scoring"})
HAND_FLOW = frozenset({"deck", "kitty", "bidding", "chaodi"})
MATCH_FLOW = frozenset({"bidding", "chaodi", "scoring"})

#: Past findings: property -> {name: ``position(...)`` arguments}. Each is the shrunk example a
#: fuzz run found. They are named regression tests (tests/regression/test_known_examples.py)
#: and replayed by the runner apart from the search: reported as "known", never as findings.
KNOWN_EXAMPLES: dict[str, dict[str, dict]] = {
    "follow_obligation": {
        # JJ4 FOLLOW-10 row 1 "tractor or quad" vs 002 line 38 (AMB-18)
        "jj4_quad_answers_tractor": dict(
            kind="follow", variant="jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
            hands=("H5 H5 H5 H5 H4 H4 H3 H3",)),
    },
    "failed_throw_beatable": {
        # CZ4 AMB-21 A plays an unbeaten smallest component
        "cz4_failed_throw_plays_unbeaten_single": dict(
            kind="throw", variant="changzhou-4deck", level="2", trump="S",
            lead="H4 H3 H3", hands=("", "", "H4 H4")),
    },
}


def known_examples(name: str, variant: str,
                   ambs: tuple[str, ...]) -> list[tuple[str, Position]]:
    """(name, position) of the property's known examples for the variant and readings."""
    from shengji_sim.fuzz.strategies import position

    return [(key, position(**spec)) for key, spec in KNOWN_EXAMPLES.get(name, {}).items()
            if spec["variant"] == variant and tuple(spec.get("ambs", ())) == tuple(ambs)]


CATALOGUE: dict[str, Property] = {p.name: p for p in (
    Property("follow_exists", "follow", "a legal follow always exists",
             "FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, "
             "FOLLOW-9, FOLLOW-10, FOLLOW-11", follow_exists),
    Property("follow_enumeration", "follow",
             "every enumerated follow is legal and every legal follow is enumerated",
             "FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, "
             "FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5", follow_enumeration),
    Property("follow_obligation", "follow",
             "the follow rule honours FOLLOW-3's pair and tractor obligations",
             "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10",
             follow_obligation),
    Property("winner_consistent", "trick",
             "the trick winner beats every other play; order and suit names do not matter",
             "CMP-1, CMP-2, CMP-3, CMP-4, CMP-5, CMP-6, CMP-7, CMP-8, CMP-9, TRUMP-6, TRUMP-7, "
             "DEF-3", winner_consistent),
    Property("throw_unbeatable", "throw", "a throw judged valid cannot be beaten",
             "THROW-2, AMB-20, AMB-43", throw_unbeatable),
    Property("failed_throw_beatable", "throw",
             "a failed throw plays one of its components that was beatable",
             "THROW-3, AMB-21, OTH-3, DEF-9", failed_throw_beatable),
    Property("conservation", "game", "cards and points are conserved over a hand",
             "DECK-2, DECK-3, DECK-4, POINT-1, POINT-2, POINT-3, KITTY-2, SCORE-2",
             conservation, weight=GAME_WEIGHT),
    Property("deterministic", "game", "a seed and index determine the hand; records replay",
             "DESIGN Seeds", deterministic, weight=GAME_WEIGHT / 2),
    Property("kernels_agree", "trick", "reference and kernels agree",
             "DESIGN Fuzzing", kernels_agree,
             sections=frozenset({"ranking", "compare", "follow", "throw", "kitty"})),
    Property("offered_moves_legal", "game",
             "every lead, follow, declaration, burial and 炒 the engine offers is legal",
             "LEAD-3, DEF-27, FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, "
             "FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, BID-2, BID-3, BID-4, BID-5, "
             "BID-6, KITTY-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6",
             offered_moves_legal, weight=GAME_WEIGHT / 2),
    Property("level_invariance", "follow",
             "a play without level cards, 2s or jokers has the same shape at every level",
             "COMBO-5, COMBO-7, AMB-05, AMB-06, AMB-49", level_invariance),
    Property("tractor_obligation_held", "follow",
             "a follower holding a tractor plays one to a tractor lead (000 l.45, 002 l.38)",
             "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, "
             "FOLLOW-10, AMB-15, AMB-16", tractor_obligation_held),
    Property("pairs_maximised", "follow",
             "a follower plays as many pairs as lead and holding allow (002 l.38, 000 l.45)",
             "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, "
             "FOLLOW-10, AMB-17, AMB-18", pairs_maximised),
    Property("fill_freedom", "follow",
             "without the led shape any same-suit fill of the same number is legal (000 l.43)",
             "FOLLOW-1, FOLLOW-3, AMB-16, AMB-17", fill_freedom),
    Property("throw_failure_clause", "throw",
             "no card of a valid throw is beaten by a single (000 l.65 failure clause)",
             "THROW-2, AMB-20, AMB-43, AMB-47", throw_failure_clause),
    Property("leads_follows_agree", "follow",
             "a first-row follow is one unit when led",
             "AMB-41, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11",
             leads_follows_agree),
    Property("overcall_stronger", "declare",
             "a declaration is legal exactly as the ladder and override rule say (never a "
             "weaker overcall)",
             "BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, DEF-20, AMB-33, AMB-35, AMB-42, AMB-50",
             overcall_stronger, sections=BIDDING),
    Property("chao_stronger", "chaodi",
             "a 炒 is legal exactly above what stands on the 炒 ladder, with CHAO-3's effect",
             "CHAO-1, CHAO-2, CHAO-3, CHAO-5, CHAO-6, AMB-29, AMB-32, AMB-51", chao_stronger,
             sections=CHAODI),
    Property("kitty_conserved", "game",
             "hands and kitty stay the deck through any 炒 chain; every burial its size",
             "KITTY-1, CHAO-4, DEF-21, DEF-22", kitty_conserved, weight=GAME_WEIGHT / 2,
             sections=HAND_FLOW),
    Property("chao_effect_applied", "game",
             "the trump and dealer after each 炒 are chaodi_effect's, and the hand uses them",
             "CHAO-3, AMB-32, KITTY-1", chao_effect_applied, weight=GAME_WEIGHT / 2,
             sections=HAND_FLOW),
    Property("declaration_window", "game",
             "declarations after the last card follow AMB-50 (closed, one round, until all "
             "pass)", "DEF-24, AMB-50", declaration_window, weight=GAME_WEIGHT / 2,
             sections=BIDDING),
    Property("score_moves_levels", "score",
             "one hand moves levels as the score table says, never down or beyond A; the "
             "match ends as AMB-38 says",
             "LEVEL-1, LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-7, DEF-14, DEF-15, DEF-17, DEF-18, "
             "AMB-38, AMB-39", score_moves_levels, sections=SCORING),
    Property("dealer_succession", "score", "the next dealer follows DEALER-1, AMB-34 and AMB-36",
             "DEALER-1, DEALER-2, DEALER-3, DEF-16, AMB-34, AMB-36", dealer_succession,
             sections=SCORING),
    Property("match_ends_once", "match",
             "a match's levels follow each hand's score and it ends exactly once, when "
             "AMB-38 says", "LEVEL-1, AMB-38, AMB-39, DEF-18", match_ends_once,
             weight=GAME_WEIGHT / 4, sections=MATCH_FLOW),
    Property("match_dealers", "match",
             "each hand of a match is dealt by the seat the last result names",
             "DEALER-1, DEALER-3, BID-7, AMB-32, AMB-34, AMB-36", match_dealers,
             weight=GAME_WEIGHT / 4, sections=MATCH_FLOW),
)}

__all__ = [
    "CATALOGUE", "ENGINE", "RULESET", "Property", "PropertyFailure",
    "beatable_by", "conservation", "deterministic", "failed_throw_beatable", "follow_enumeration",
    "fill_freedom", "follow_exists", "follow_obligation", "kernels_agree", "pairs_maximised",
    "throw_failure_clause", "tractor_obligation_held",
    "leads_follows_agree", "level_invariance", "offered_moves_legal",
    "throw_unbeatable", "winner_consistent", "bid_tier", "chao_effect_applied", "chao_rung",
    "chao_stronger", "dealer_succession", "declaration_window", "kitty_conserved",
    "match_dealers", "match_ends_once", "next_dealer_seat", "overcall_stronger",
    "score_moves_levels", "score_table",
]
