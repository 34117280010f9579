"""The fuzz properties of the engine against itself: whole hands conserve cards and points
and replay from their seed, every move the engine offers is legal, and the kernels give the
reference functions' answers.

Representation
--------------
Each property is a function ``check(position)`` of a ``game`` position (``seed``, ``index``,
``players``: a whole hand of the reference engine, read from its record) or, for
:func:`kernels_agree`, a ``trick`` position (:class:`~shengji_sim.fuzz.positions.Position`);
it returns quietly or raises :class:`~shengji_sim.fuzz.property_base.PropertyFailure`. The
catalogue entries naming them are in :mod:`shengji_sim.fuzz.properties`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from shengji_sim.cards import deck, parse_cards, parse_trump, points_of
from shengji_sim.fuzz.positions import Position
from shengji_sim.fuzz.property_base import (
    ENGINE,
    counts,
    fail,
    fmt_cards,
    guard,
    play_reference_hand,
    reference_players,
    sample_follows,
)
from shengji_sim.rules import follow, shapes, throw, trick

# -------------------------------------------------------------------------- whole hands


def conservation(pos: Position) -> None:
    """DECK-2, DECK-3, DECK-4, POINT-1, POINT-2, POINT-3, KITTY-2, SCORE-2 on a whole hand: the deal
    and the end state are the deck; every trick has equal-size plays and its recorded winner and
    points; the trick points and the kitty points total the deck's points; the attackers' total is
    their tricks plus the kitty award plus penalties; every seat plays ``hand_size`` cards."""
    from shengji_sim.rules.shapes import make_context

    v = pos.variant_obj
    rec = play_reference_hand(pos)
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

    first = json.dumps(play_reference_hand(pos), sort_keys=True)
    second = json.dumps(play_reference_hand(pos), sort_keys=True)
    if first != second:
        fail("two runs of the same seed and index give different records")
    try:
        replay.replay(pos.variant_obj, json.loads(first))
    except Exception as exc:  # noqa: BLE001
        fail(f"the record does not replay: {type(exc).__name__}: {exc}")

# ------------------------------------------------------------------------ offered moves


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
                fail(f"seat {seat} is offered the follow {fmt_cards(ctx, play)} to "
                     f"{fmt_cards(ctx, lead)}, which check_follow rejects: {reason}")
    elif decision in ("declare", "chaodi"):
        for decl in options:
            if Counter(decl.cards) - held:
                fail(f"seat {seat} is offered to show {fmt_cards(ctx, decl.cards)}, "
                     f"not in its hand")
            _offered_declaration_legal(decision, st, seat, decl, context)
    elif decision == "bury":
        n = st.variant.kitty_size
        for i in range(min(options.count, 8)):
            cards = options.nth(i * max(1, options.count // 8))
            if len(cards) != n or Counter(cards) - held:
                fail(f"seat {seat} is offered to bury {fmt_cards(ctx, cards)}: not {n} "
                     f"cards of its hand (KITTY-1)")



def _offered_lead_legal(ctx, seat: int, lead, others) -> None:
    """LEAD-3, DEF-27, THROW-1: a lead option is one suit and one unit, which the throw
    judge accepts as it stands."""
    if shapes.play_suit(ctx, lead) is None:
        fail(f"seat {seat} is offered the lead {fmt_cards(ctx, lead)}, which is not one "
             f"suit (DEF-27)", ENGINE, "DEF-27")
    units = shapes.decompose(ctx, counts(lead))
    if len(units) != 1:
        fail(f"the one-unit lead option {fmt_cards(ctx, lead)} splits into {len(units)} "
             f"components (LEAD-3)", ENGINE, "LEAD-3")
    result = throw.judge_throw(ctx, list(lead), [list(h) for h in others])
    if result.rejected or not result.valid:
        fail(f"the lead option {fmt_cards(ctx, lead)} is refused: {result.reason}", ENGINE,
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
        fail(f"seat {seat} is offered to {decision} with {fmt_cards(st.ctx, decl.cards)}, "
             f"which the {decision} checker refuses", ENGINE, rule)


def offered_moves_legal(pos: Position) -> None:
    """Every move the engine offers is legal under the same variant and readings: each lead
    option (one suit, one unit, accepted by the throw judge), follow option (check_follow),
    declaration, burial and 炒 option (their checkers), at every decision of a whole hand."""
    from shengji_sim.rules import game

    guard(pos, lambda: game.play_hand(pos.variant_obj, reference_players(pos.players), pos.seed,
                                       pos.index, audit=_check_offered), "play_hand")


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
    ref = guard(pos, lambda: entry.call_reference(pos.ctx, *args), entry.function)
    got = guard(pos, lambda: entry.call_kernel(pos.ctx, *args), entry.kernel.__name__)
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


__all__ = ["conservation", "deterministic", "kernels_agree", "offered_moves_legal"]
