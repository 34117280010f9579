"""The judge's answers about declaring, 炒底 and the match: ``shengji-sim judge declare``,
``judge chaodi`` and ``judge match`` (docs/DESIGN.md "The judge").

Representation
--------------
Inputs are a loaded variant, a level rank 0..12, seats 0..3 in play order and
:class:`~shengji_sim.rules.bidding.Declaration` objects (cards as kinds); each function
returns the command's JSON object: cards in notation, a trump as ``"S" "H" "C" "D" "NT"``
(None where the rules leave it open), seats as ints, sides 0 (seats 0 and 2) and 1 (seats 1
and 3), levels as rank text. The answers come from :mod:`shengji_sim.rules.bidding`,
:mod:`shengji_sim.rules.chaodi`, :mod:`shengji_sim.rules.score` and
:mod:`shengji_sim.rules.match` alone; this module only puts the questions to them and the
answers together (the command line parses and checks the input, the fuzz harness asks the
same questions).

A position the rules cannot judge raises :class:`~shengji_sim.errors.PositionError` (one
line, exit 2 on the command line): a standing history whose entries were not legal in turn,
standing cards that are neither a declaration nor a 炒 of the variant, a side already at A
under AMB-38 A, a kitty the no-declaration rule needs but lacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shengji_sim.cards import format_card, format_rank, format_trump, is_joker
from shengji_sim.errors import PositionError
from shengji_sim.rules.bidding import (
    Declaration,
    declaration_strength,
    declaration_window_open,
    no_declaration,
    resolve_declarations,
)
from shengji_sim.rules.chaodi import can_chaodi, chaodi_effect, chaodi_strength
from shengji_sim.rules.match import ACE, MatchState, after_hand, side_of
from shengji_sim.rules.score import judge_score

PHASES = ("deal", "after_deal")


def _trump(trump: int | None) -> str | None:
    return None if trump is None else format_trump(trump)


def _shown(decl: Declaration | None) -> dict | None:
    if decl is None:
        return None
    return {"seat": decl.seat, "cards": [format_card(k) for k in decl.cards]}


def is_declaration_shape(cards: Sequence[int], level: int) -> bool:
    """BID-1, BID-5: one or more identical level cards, or identical jokers: the cards a
    declaration or a 炒 can show at all (whether this variant takes them is the rules')."""
    return bool(cards) and len(set(cards)) == 1 and (is_joker(cards[0])
                                                     or cards[0] % 13 == level)


def standing_history(variant: Any, level: int, history: Sequence[Declaration],
                     first_hand: bool):
    """BID-2, BID-6, AMB-42: the declarations shown so far, replayed; each must have been
    legal over the ones before it (else PositionError naming it)."""
    outcome = resolve_declarations(variant, level, list(history), first_hand=first_hand)
    for i, record in enumerate(outcome.records):
        if not record.legal:
            d = record.declaration
            raise PositionError(f"--standing #{i + 1} {d.seat}:"
                                f"{' '.join(format_card(k) for k in d.cards)} was not legal "
                                f"over the ones before it ({record.reason})")
    return outcome


def declare(variant: Any, level: int, history: Sequence[Declaration], new: Declaration, *,
            hand_number: int = 1, phase: str = "deal", asked: int = 0,
            passes: int = 0) -> dict:
    """May ``new`` be shown now, over the declarations ``history`` shown before it (in
    order, all during the deal), in hand ``hand_number``, during the deal or after its last
    card (``phase``)? After the last card, ``asked`` seats have been asked before this one
    and the last ``passes`` of them passed (AMB-50).

    DEF-24 / AMB-50 (:func:`declaration_window_open`), then BID-1, BID-2, BID-3, BID-4,
    BID-5, BID-6, DEF-20, AMB-33, AMB-35, AMB-42 (:func:`resolve_declarations`): the
    verdict, what stands after it, the trump it sets and (hand 1) who deals (BID-7,
    AMB-46). In hand 2 on, ``dealer`` is None: declaring does not move the deal (BID-7)."""
    first_hand = hand_number == 1
    before = standing_history(variant, level, history, first_hand)
    after_deal = phase != "deal"
    open_, why = declaration_window_open(variant, deal_finished=after_deal, asked=asked,
                                         passes=passes)
    if not open_:
        legal, reason, outcome = False, why, before
    else:
        outcome = resolve_declarations(variant, level, [*history, new], first_hand=first_hand,
                                       after_deal=[False] * len(history) + [after_deal])
        legal, reason = outcome.records[-1].legal, outcome.records[-1].reason
    return {"legal": legal, "reason": reason, "standing": _shown(outcome.standing),
            "trump": _trump(outcome.trump), "declarer": outcome.declarer,
            "dealer": outcome.dealer}


def nobody_declared(variant: Any, level: int, kitty: Sequence[int], hand_number: int) -> dict:
    """BID-8, BID-9, DEF-25, AMB-30, AMB-31, AMB-45: nobody declared. ``trump`` None: a
    redeal, or the rule leaves the trump open (AMB-45 A); ``dealer`` None: the rule picks no
    seat (hand 2 on the dealer stays; JJ4 hand 1 the first recipient deals, DEF-29)."""
    try:
        outcome = no_declaration(variant, level, kitty, hand_number)
    except ValueError as exc:  # a kitty-reading rule without a kitty
        raise PositionError(f"--kitty: {exc}") from None
    return {"redeal": outcome.redeal, "trump": _trump(outcome.trump),
            "dealer": outcome.dealer_seat, "reason": outcome.rule}


def chaodi(variant: Any, level: int, standing: Declaration | None, new: Declaration, *,
           declarer: int | None, dealer: int | None, hand_number: int = 1,
           someone_else_chaoed: bool = False, kitty_flip: bool = False,
           trump_before: int | None = None, choice: int | None = None) -> dict:
    """May ``new.seat`` 炒 with ``new`` over ``standing`` (None: trump came from no
    declaration)? CHAO-1, CHAO-2, CHAO-5, CHAO-6, AMB-29 (:func:`can_chaodi`); when it may,
    the new trump (CHAO-3; ``choice`` for four jokers), the dealer after it (AMB-32: the
    炒er, or ``dealer`` unchanged) and who buries (the 炒er, DEF-21). When it may not,
    nothing changes: ``trump_before``, ``dealer``, nobody new buries."""
    if standing is not None and declaration_strength(variant, level, standing.cards) is None \
            and chaodi_strength(variant, level, standing.cards) is None:
        raise PositionError(f"--standing {standing.seat}:"
                            f"{' '.join(format_card(k) for k in standing.cards)}: neither a "
                            f"declaration nor a 炒 of {variant.name} (BID-1, CHAO-2)")
    ok, reason = can_chaodi(variant, level, standing, new, seat=new.seat,
                            original_declarer=declarer, someone_else_chaoed=someone_else_chaoed,
                            trump_from_kitty_flip=kitty_flip)
    trump, moves_to = trump_before, None
    if ok:
        trump, moves_to = chaodi_effect(variant, new, hand_number, choice=choice)
    return {"legal": ok, "reason": reason, "trump": _trump(trump),
            "dealer": moves_to if moves_to is not None else dealer,
            "dealer_moves": moves_to is not None, "buries": new.seat if ok else None,
            "standing": _shown(new if ok else standing)}


def match(variant: Any, levels: tuple[int, int], dealer: int, attacker_points: int) -> dict:
    """LEVEL-1, LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-7, DEALER-1, DEALER-3, AMB-34, AMB-36,
    AMB-38, AMB-39: a hand dealt by seat ``dealer`` with both sides at ``levels`` ends with
    ``attacker_points``: the level change (:func:`judge_score`), the levels after, the next
    dealer and whether the match ends and who wins (:func:`after_hand`)."""
    if variant.match_end == "reach_A" and ACE in levels:
        raise PositionError(f"--levels {format_rank(levels[0])},{format_rank(levels[1])}: "
                            "under AMB-38 A a side at A has already won the match")
    result = judge_score(variant, attacker_points)
    after = after_hand(variant, MatchState(levels, dealer), dealer, result)
    return {"winner_side": result.winner_side, "levels": result.levels,
            "level_played": format_rank(levels[side_of(dealer)]),
            "levels_after": [format_rank(r) for r in after.levels],
            "next_dealer": after.dealer, "next_dealer_rule": result.next_dealer,
            "match_over": after.winner is not None, "match_winner": after.winner}


__all__ = ["PHASES", "chaodi", "declare", "is_declaration_shape", "match", "nobody_declared",
           "standing_history"]
