"""The fuzz properties of trick play: following (never stuck, generator vs checker, the
shape obligations), the seed statements set against the follow tables and chains, the trick
winner, throws, and the shape of a play across levels.

Representation
--------------
Each property is a function ``check(position)`` of a ``follow``, ``trick`` or ``throw``
:class:`~shengji_sim.fuzz.positions.Position` (a lead, hands, plays as card kinds); it returns
quietly or :data:`~shengji_sim.fuzz.property_base.NA`, or raises
:class:`~shengji_sim.fuzz.property_base.PropertyFailure`. The catalogue entries naming them are
in :mod:`shengji_sim.fuzz.properties`.

Every reference function is looked up through its module at call time
(``follow.legal_follows``), so a test can monkeypatch a defect into it.
"""

from __future__ import annotations

import itertools

from shengji_sim.cards import N_KINDS, NO_TRUMP, TRUMP
from shengji_sim.fuzz.positions import Position, context_for
from shengji_sim.fuzz.property_base import (
    ENGINE,
    EXHAUSTIVE_LIMIT,
    NA,
    RULESET,
    counts,
    fail,
    fmt,
    fmt_cards,
    guard,
    n_sub_multisets,
    sample_follows,
    sub_multisets,
)
from shengji_sim.rules import follow, shapes, throw, trick
from shengji_sim.rules.shapes import Unit

# ------------------------------------------------------------------- follow properties


def follow_exists(pos: Position) -> None:
    """FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9,
    FOLLOW-10, FOLLOW-11: a player holding enough cards always has a legal follow (never
    stuck). A table whose rows no holding realizes is a rule-set finding."""
    ctx = pos.ctx
    options = guard(pos, lambda: follow.follow_options(ctx, list(pos.lead), list(pos.hand)),
                     "follow_options")
    if options.count < 1:
        fail(f"no legal follow ({options.rule})", RULESET if options.row else ENGINE,
             options.rule)


def follow_enumeration(pos: Position) -> None:
    """Generator vs checker: every enumerated follow passes ``check_follow``; on small
    holdings every multiset of the lead's size that passes is enumerated (depth-1 perft)."""
    ctx, lead, hand = pos.ctx, list(pos.lead), list(pos.hand)
    options = guard(pos, lambda: follow.follow_options(ctx, lead, hand), "follow_options")
    listed: list[list[int]] = guard(pos, lambda: sample_follows(options), "nth")
    seen = set()
    for play in listed:
        if len(play) != len(lead):
            fail(f"enumerated follow {fmt(pos, play)} has {len(play)} cards")
        ok, reason = guard(pos, lambda p=play: follow.check_follow(ctx, lead, hand, p),
                            "check_follow")
        if not ok:
            fail(f"enumerated follow {fmt(pos, play)} is rejected by check_follow: {reason}")
        seen.add(tuple(sorted(play)))
    if len(seen) != len(listed):
        fail("the enumeration lists a follow twice")
    if n_sub_multisets(hand, len(lead)) > EXHAUSTIVE_LIMIT:
        return
    result = guard(pos, lambda: follow.legal_follows(ctx, lead, hand), "legal_follows")
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
    options = guard(pos, lambda: follow.follow_options(ctx, lead, list(pos.hand)),
                     "follow_options")
    cls = RULESET if options.rule.startswith(TABLE_RULES) else ENGINE
    plays = guard(pos, lambda: sample_follows(options), "nth")
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
    options = guard(pos, lambda: follow.follow_options(ctx, lead, list(pos.hand)),
                     "follow_options")
    return ctx, lead, units, options, guard(pos, lambda: sample_follows(options), "nth")


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
    w = guard(pos, lambda: trick.trick_winner(ctx, plays), "trick_winner")
    units, claims = guard(pos, lambda: _claims(ctx, plays), "play_claim")
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
        w3 = guard(pos, lambda: trick.trick_winner(ctx, renamed), "trick_winner (renamed)")
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
    return guard(pos, lambda: throw.judge_throw(pos.ctx, list(pos.lead),
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


# ----------------------------------------------------------------- shapes across levels


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
        got = guard(pos, lambda c=ctx: shapes.decompose(c, counts(lead)), "decompose")
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
    ob = guard(pos, lambda: follow.obligation(ctx, lead, hand), "obligation")
    if ob.row != 1:
        return
    for fam in ob.families:
        if fam.free:
            continue
        shown = shapes.decompose(ctx, counts(fam.fixed))
        if len(shown) != 1:
            fail(f"{fmt_cards(ctx, fam.fixed)} answers the lead {fmt(pos, lead)} in its "
                 f"first row ({ob.rule}) but is {len(shown)} components when led",
                 ENGINE, "AMB-41")


__all__ = [
    "TABLE_RULES", "beatable_by", "checked", "failed_throw_beatable", "fill_freedom",
    "follow_enumeration", "follow_exists", "follow_obligation", "leads_follows_agree",
    "level_invariance", "pairs_maximised", "splits_a_set", "throw_failure_clause",
    "throw_unbeatable", "tractor_obligation_held", "winner_consistent",
]
