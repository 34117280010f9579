"""Game records: text rendering and replay against the reference rules.

Representation
--------------
A hand record is the JSON object :func:`shengji_sim.rules.game.play_hand` returns (cards in
notation, seats 0..3 in play order); a match record is ``{"hands": [hand, ...], ...}``.

:func:`replay_hand` re-derives everything a record claims from the rules alone: the deal (every card
of the decks dealt once; with no redeal, the shuffle of the hand seed), every declaration (cards
held at that moment, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7 legality, trump and dealer), the kitty
exchange and 炒底, every lead (one suit, the throw outcome THROW-2, THROW-3, THROW-4) and follow
(FOLLOW-*), each trick's winner (CMP-9) and points (POINT-2), the kitty (KITTY-2, KITTY-3), the
attackers' total (POINT-3, SCORE-2), the level change and the next dealer (LEVEL-*, DEALER-1). The
first discrepancy raises :class:`ReplayError` naming the trick, the seat and the rule ID.
"""

from __future__ import annotations

from typing import Any

from shengji_sim.cards import deck, format_card, format_trump, parse_cards, parse_trump
from shengji_sim.errors import ShengjiError
from shengji_sim.rng import Rng
from shengji_sim.rules.bidding import (
    Declaration,
    chooses_trump,
    no_declaration,
    resolve_declarations,
)
from shengji_sim.rules.chaodi import can_chaodi, chaodi_effect
from shengji_sim.rules.follow import check_follow
from shengji_sim.rules.kitty import judge_kitty
from shengji_sim.rules.match import MatchState, after_hand, side_of
from shengji_sim.rules.score import judge_score
from shengji_sim.rules.shapes import decompose, make_context, play_suit
from shengji_sim.rules.throw import judge_throw
from shengji_sim.rules.trick import trick_points, trick_winner


class ReplayError(ShengjiError):
    """The first place a record disagrees with the rules."""

    def __init__(self, where: str, rule: str, message: str) -> None:
        super().__init__(f"{where}: {rule}: {message}")
        self.where, self.rule, self.message = where, rule, message


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 54
    for k in cards:
        counts[k] += 1
    return counts


def _cards(text_list: list[str]) -> list[int]:
    return parse_cards(text_list)


def _expect(ok: bool, where: str, rule: str, message: str) -> None:
    if not ok:
        raise ReplayError(where, rule, message)


def _remove(hand: list[int], cards: list[int], where: str, rule: str) -> None:
    have = _counts(hand)
    for k, n in enumerate(_counts(cards)):
        _expect(n <= have[k], where, rule, f"plays {format_card(k)} without holding it")
    for k in cards:
        hand.remove(k)


# ----------------------------------------------------------------------------- the hand


def replay_hand(variant: Any, rec: dict) -> None:
    """Check one hand record; raise :class:`ReplayError` at the first discrepancy."""
    _expect(rec.get("variant_hash") == variant.content_hash, "record", "variant",
            f"made with variant hash {rec.get('variant_hash')}, not {variant.content_hash}")
    hands, kitty = _check_deal(variant, rec)
    levels = tuple(rec["levels"])
    level = rec["level"]
    dealer_before = rec["dealer_before"]
    dealer = _check_declarations(variant, rec, hands, kitty, levels, dealer_before)
    trump = parse_trump(rec["trump"])
    ctx, dealer, kitty = _check_kitty_and_chaodi(variant, rec, hands, kitty, level, dealer)
    _expect(ctx.ranking.trump == trump and dealer == rec["dealer"], "kitty", "CHAO-3",
            f"trump/dealer after 炒底 is {rec['trump']}/{rec['dealer']}, rules give "
            f"{ctx.ranking.trump}/{dealer}")
    attackers = _check_tricks(ctx, rec, hands, kitty, dealer)
    _check_score(variant, rec, attackers, levels, dealer)


def _check_deal(variant, rec) -> tuple[list[list[int]], list[int]]:
    """DECK-2, DECK-3, DECK-4: the deal is the shuffled decks dealt one card at a time."""
    shuffled = _cards(rec["shuffled"])
    _expect(sorted(shuffled) == sorted(deck(variant.decks)), "deal", "DECK-2",
            "the shuffled cards are not the variant's decks")
    if rec["redeals"] == 0:
        expect = deck(variant.decks)
        Rng(rec["hand_seed"]).shuffle(expect)
        _expect(expect == shuffled, "deal", "DECK-4", "the shuffle is not the hand seed's")
    first, step = rec["first_recipient"], rec["deal_step"]
    hands: list[list[int]] = [[], [], [], []]
    for i in range(4 * variant.hand_size):
        hands[(first + step * i) % 4].append(shuffled[i])
    kitty = shuffled[4 * variant.hand_size:]
    for seat in range(4):
        _expect(sorted(hands[seat]) == sorted(_cards(rec["deal"][seat])), f"deal seat {seat}",
                "DECK-3", "the dealt hand is not the shuffled cards dealt in order")
    _expect(_cards(rec["kitty_dealt"]) == kitty, "deal", "DECK-3", "kitty differs")
    return hands, kitty


def _check_declarations(variant, rec, hands, kitty, levels, dealer_before) -> int:
    """BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8, BID-9: each declaration held and
    legal; trump and dealer follow from them."""
    first_hand = rec["hand_number"] == 1
    level = rec["level"]
    first, step = rec["first_recipient"], rec["deal_step"]
    shuffled = _cards(rec["shuffled"])
    sequence = []
    for d in rec["declarations"]:
        seat, cards = d["seat"], _cards(d["cards"])
        held = [shuffled[i] for i in range(d["dealt"]) if (first + step * i) % 4 == seat]
        have = _counts(held)
        where = f"declaration by seat {seat}"
        _expect(all(n <= have[k] for k, n in enumerate(_counts(cards))), where, "BID-1",
                "declares cards not yet dealt to it")
        decl = Declaration(seat, tuple(cards), _choice(d))
        _check_choice(chooses_trump(variant, decl), decl, where, "AMB-33")
        sequence.append(decl)
    outcome = resolve_declarations(variant, level, sequence, first_hand=first_hand)
    for d, r in zip(rec["declarations"], outcome.records):
        _expect(r.legal, f"declaration by seat {d['seat']}", r.reason.split(":")[0], r.reason)
    if outcome.standing is not None:
        trump = outcome.trump
        dealer = outcome.dealer if first_hand else dealer_before
    else:
        nb = no_declaration(variant, level, kitty, rec["hand_number"])
        _expect(not nb.redeal, "declarations", "BID-8", "nobody declared: the rules redeal")
        trump = nb.trump
        if trump is None:
            trump = parse_trump("NT") if kitty[0] >= 52 else kitty[0] // 13
        dealer = nb.dealer_seat if nb.dealer_seat is not None else dealer_before
        if dealer is None:
            dealer = first
    _expect(trump == parse_trump(rec["trump_declared"]), "declarations", "BID-7",
            f"trump should be {trump}, record says {rec['trump_declared']}")
    return dealer


def _check_kitty_and_chaodi(variant, rec, hands, kitty, level, dealer):
    """KITTY-1 and CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6: each burial comes from the
    burier's hand plus the kitty."""
    ctx = make_context(variant, level, parse_trump(rec["trump_declared"]))
    _expect(_cards(rec["kitty_before"]) == kitty, "kitty", "KITTY-1", "kitty differs")
    burials = rec["burials"]
    chaos = rec["chaodi"]
    expected = (1 + len(chaos)) if variant.kitty_size else 0
    _expect(len(burials) == expected, "kitty", "KITTY-1", f"{len(burials)} burials recorded")
    standing = _last_declaration(rec)
    declarer = rec.get("declarer")
    someone_else = False
    holder = dealer
    for i, seat in enumerate([dealer] + [c["seat"] for c in chaos]):
        if i:
            chao = chaos[i - 1]
            act = Declaration(seat, tuple(_cards(chao["cards"])), _choice(chao))
            _check_choice(act.is_joker and act.count >= 4, act, f"炒底 by seat {seat}", "CHAO-3")
            ok, reason = can_chaodi(variant, level, standing, act, seat=seat,
                                    original_declarer=declarer,
                                    someone_else_chaoed=someone_else,
                                    trump_from_kitty_flip=rec.get("kitty_flip", False))
            _expect(ok, f"炒底 by seat {seat}", reason.split(":")[0], reason)
            _expect(_held(hands[seat], list(act.cards)), f"炒底 by seat {seat}", "CHAO-2",
                    "shows cards it does not hold")
            trump, new_dealer = chaodi_effect(variant, act, rec["hand_number"])
            _expect(parse_trump(chao["trump"]) == trump, f"炒底 by seat {seat}", "CHAO-3",
                    f"trump after it is {chao['trump']}, the rules give {format_trump(trump)}")
            dealer = new_dealer if new_dealer is not None else dealer
            ctx = make_context(variant, level, trump)
            standing, holder = act, seat
            someone_else = someone_else or seat != declarer
        if not variant.kitty_size:
            continue
        burial = burials[i]
        _expect(burial["seat"] == seat, "kitty", "KITTY-1", f"seat {burial['seat']} buried")
        hands[seat] += kitty
        buried = _cards(burial["cards"])
        _remove(hands[seat], buried, f"burial by seat {seat}", "KITTY-1")
        _expect(len(buried) == variant.kitty_size, f"burial by seat {seat}", "KITTY-1",
                "buries the wrong number of cards")
        kitty = buried
    _expect(holder == rec["buried_by"], "kitty", "KITTY-1", "the wrong seat buried last")
    return ctx, dealer, kitty


def _choice(entry: dict) -> int | None:
    """The trump a four-joker declaration or 炒 chose (AMB-33 C, CHAO-3), or None."""
    choice = entry.get("choice")
    return None if choice is None else parse_trump(choice)


def _check_choice(chooses: bool, decl: Declaration, where: str, rule: str) -> None:
    """Four jokers that choose the trump name their choice; nothing else does (AMB-33 C,
    CHAO-3: "a record names the one taken")."""
    if chooses:
        _expect(decl.choice is not None, where, rule, "four jokers without the trump chosen")
    else:
        _expect(decl.choice is None, where, rule, "a trump choice without four jokers that "
                "choose")


def _last_declaration(rec) -> Declaration | None:
    legal = [d for d in rec["declarations"] if d["legal"]]
    if not legal:
        return None
    return Declaration(legal[-1]["seat"], tuple(_cards(legal[-1]["cards"])))


def _check_tricks(ctx, rec, hands, kitty, dealer) -> int:
    """LEAD-1, LEAD-2, THROW-*, FOLLOW-*, CMP-9, POINT-2, KITTY-2, KITTY-3; returns the attackers'
    total."""
    attackers = 0
    leader = dealer
    tricks = rec["tricks"]
    for t, trick in enumerate(tricks, start=1):
        where = f"trick {t}"
        _expect(trick["leader"] == leader, where, "LEAD-2" if t > 1 else "LEAD-1",
                f"seat {trick['leader']} leads, the rules say seat {leader}")
        plays = [(s, _cards(c)) for s, c in trick["plays"]]
        _expect([s for s, _ in plays] == [(leader + i) % 4 for i in range(4)], where, "LEAD-4",
                "plays are not in turn order")
        attackers += _check_lead(ctx, rec, trick, hands, leader, dealer, where)
        lead = plays[0][1]
        for position, (seat, cards) in enumerate(plays[1:], start=1):
            legal, reason = check_follow(ctx, lead, hands[seat], cards, position) \
                if _held(hands[seat], cards) else (False, "FOLLOW-1: cards not in hand")
            _expect(legal, f"{where}, seat {seat}", reason.split(":")[0], reason)
            _remove(hands[seat], cards, f"{where}, seat {seat}", "FOLLOW-1")
        cards_only = [c for _, c in plays]
        winner = trick_winner(ctx, cards_only)
        _expect(trick["winner"] == winner and trick["winner_seat"] == plays[winner][0],
                where, "CMP-9", f"winner is seat {trick['winner_seat']}, rules give "
                f"seat {plays[winner][0]}")
        points = trick_points(cards_only)
        _expect(trick["points"] == points, where, "POINT-2", f"{trick['points']} != {points}")
        if side_of(plays[winner][0]) != side_of(dealer):
            attackers += points
        if t == len(tricks):
            attackers += _check_kitty(ctx, trick, cards_only, leader, dealer, kitty, attackers)
        leader = plays[winner][0]
    _expect(all(not h for h in hands), "end", "DECK-3", "cards left in hands after the last trick")
    return attackers


def _held(hand: list[int], cards: list[int]) -> bool:
    have = _counts(hand)
    return all(n <= have[k] for k, n in enumerate(_counts(cards)))


def _check_lead(ctx, rec, trick, hands, leader, dealer, where) -> int:
    """THROW-2, THROW-3, THROW-4: the lead, or the attempted throw and its forced play; returns
    penalty."""
    lead = _cards(trick["plays"][0][1])
    attempted = _cards(trick["throw"]["cards"]) if trick.get("throw") else lead
    _expect(_held(hands[leader], attempted), f"{where}, seat {leader}", "LEAD-3",
            "leads cards not in hand")
    _expect(play_suit(ctx, attempted) is not None, f"{where}, seat {leader}", "DEF-27",
            "the lead mixes suits")
    others = [hands[(leader + i) % 4] for i in range(1, 4)]
    result = judge_throw(ctx, attempted, others)
    _expect(not result.rejected, f"{where}, seat {leader}", "THROW-4", result.reason)
    _expect(sorted(result.played) == sorted(lead), f"{where}, seat {leader}", "THROW-3",
            f"the rules play {[format_card(k) for k in result.played]} of the throw")
    _remove(hands[leader], lead, f"{where}, seat {leader}", "LEAD-3")
    failed = len(result.played) != len(attempted)
    throw = trick.get("throw")
    if len(decompose(ctx, tuple(_counts(attempted)))) > 1 or failed:
        _expect(throw is not None and throw["valid"] == (not failed), f"{where}, seat {leader}",
                "THROW-2", "throw outcome differs")
    if failed and result.penalty_unit == "card_points":
        attacker = side_of(leader) != side_of(dealer)
        return -result.penalty if attacker else result.penalty
    return 0


def _check_kitty(ctx, trick, plays, leader, dealer, kitty, attackers) -> int:
    leader_side = "dealer" if side_of(leader) == side_of(dealer) else "attackers"
    result = judge_kitty(ctx, plays, leader_side, kitty, attackers)
    got = trick["kitty"]
    _expect(got["multiplier"] == result.multiplier and got["awarded"] == result.awarded,
            "last trick", "KITTY-3", f"multiplier/award {got['multiplier']}/{got['awarded']}, "
            f"rules give {result.multiplier}/{result.awarded}")
    return result.awarded


def _check_score(variant, rec, attackers, levels, dealer) -> None:
    _expect(rec["attacker_points"] == attackers, "score", "POINT-3",
            f"attackers' total {rec['attacker_points']}, rules give {attackers}")
    result = judge_score(variant, attackers)
    _expect(rec["score"] == {"winner_side": result.winner_side, "levels": result.levels,
                             "next_dealer": result.next_dealer}, "score", "LEVEL-2",
            f"level change {rec['score']}, rules give {result.winner_side} +{result.levels}")
    after = after_hand(variant, MatchState(levels, dealer, rec["hand_number"]), dealer, result)
    _expect(rec["next_dealer"] == after.dealer, "score", "DEALER-1",
            f"next dealer {rec['next_dealer']}, rules give {after.dealer}")
    _expect(rec["levels_after"] == list(after.levels), "score", "LEVEL-1",
            f"levels after {rec['levels_after']}, rules give {list(after.levels)}")


def replay(variant: Any, record: dict) -> int:
    """Check a hand or match record; returns the number of hands checked."""
    hands = record["hands"] if "hands" in record else [record]
    previous = None
    for i, rec in enumerate(hands):
        if previous is not None:
            where = f"hand {i + 1}"
            _expect(rec["dealer_before"] == previous["next_dealer"], where, "DEALER-1",
                    "dealer does not follow the previous hand")
            _expect(rec["levels"] == previous["levels_after"], where, "LEVEL-1",
                    "levels do not follow the previous hand")
        try:
            replay_hand(variant, rec)
        except ReplayError as exc:
            if len(hands) > 1:
                raise ReplayError(f"hand {i + 1}, {exc.where}", exc.rule, exc.message) from None
            raise
        previous = rec
    return len(hands)


# ---------------------------------------------------------------------------- rendering


def render_text(record: dict) -> str:
    """A hand (or match) a person can follow trick by trick."""
    if "hands" in record:
        parts = [render_hand(h) for h in record["hands"]]
        side = record["winner_side"]
        end = "no winner yet" if side is None else f"side {side} (seats {side} and {side + 2})"
        parts.append(f"match: {len(record['hands'])} hands; winner {end}; "
                     f"levels {_levels(record['levels'])}")
        return "\n\n".join(parts) + "\n"
    return render_hand(record) + "\n"


def _levels(levels: list[int]) -> str:
    from shengji_sim.cards import format_rank

    return f"seats 0+2 at {format_rank(levels[0])}, seats 1+3 at {format_rank(levels[1])}"


def render_hand(rec: dict) -> str:
    from shengji_sim.cards import format_rank

    direction = "clockwise" if rec["deal_step"] < 0 else "in play order"
    lines = [
        f"{rec['variant']}  seed {rec['seed']}  index {rec['index']}  hand {rec['hand_number']}"
        f"  (rules {rec['rules_version']})",
        f"levels: {_levels(rec['levels'])}; playing {format_rank(rec['level'])}",
    ]
    if rec["redeals"]:
        lines.append(f"redeals: {rec['redeals']} (nobody declared; {rec['trump_rule']})")
    lines.append(f"deal: first card to seat {rec['first_recipient']}, {direction}")
    for seat, cards in enumerate(rec["deal"]):
        lines.append(f"  seat {seat}: {' '.join(cards)}")
    lines.append(f"  kitty: {' '.join(rec['kitty_dealt']) or '(none)'}")
    for d in rec["declarations"]:
        lines.append(f"declare: seat {d['seat']} shows {' '.join(d['cards'])} "
                     f"(after {d['dealt']} cards dealt)")
    if not rec["declarations"]:
        lines.append(f"declare: nobody; {rec['trump_rule']}")
    lines.append(f"trump {rec['trump_declared']}, dealer seat {rec['dealer_declared']}")
    for b in rec["burials"]:
        lines.append(f"bury: seat {b['seat']} buries {' '.join(b['cards'])}")
    for c in rec["chaodi"]:
        lines.append(f"炒底: seat {c['seat']} shows {' '.join(c['cards'])}; trump {c['trump']}, "
                     f"dealer seat {c['dealer']}")
    if rec["chaodi"]:
        lines.append(f"after 炒底: trump {rec['trump']}, dealer seat {rec['dealer']}")
    running = 0
    for t, trick in enumerate(rec["tricks"], start=1):
        if trick.get("throw") and not trick["throw"]["valid"]:
            p = trick["throw"]
            lines.append(f"  throw: seat {p['seat']} throws {' '.join(p['cards'])}: fails "
                         f"(position {p['blocked_by']} beats it), plays "
                         f"{' '.join(p['played'])}, takes back {' '.join(p['returned'])}; "
                         f"penalty {p['penalty']} {p['unit']}")
            running += p["attacker_delta"]
        elif trick.get("throw"):
            lines.append(f"  throw: seat {trick['leader']} throws "
                         f"{' '.join(trick['throw']['cards'])}: valid")
        plays = " | ".join(f"seat {s}: {' '.join(c)}" for s, c in trick["plays"])
        won_by_attackers = trick["winner_seat"] % 2 != rec["dealer"] % 2
        running += trick["points"] if won_by_attackers else 0
        lines.append(f"trick {t:2}: {plays}  -> seat {trick['winner_seat']} wins "
                     f"{trick['points']} points (attackers {running})")
        if "kitty" in trick:
            k = trick["kitty"]
            lines.append(f"kitty: {' '.join(k['kitty']) or '(none)'}: {k['kitty_points']} points, "
                         f"won by the {k['winner_side']} x{k['multiplier']}: "
                         f"{k['awarded']:+d} to the attackers")
    s = rec["score"]
    lines.append(f"attackers' points: {rec['attacker_points']}; {s['winner_side']} "
                 f"+{s['levels']}; next dealer: seat {rec['next_dealer']} ({s['next_dealer']})")
    lines.append(f"levels after: {_levels(rec['levels_after'])}")
    if rec["match_winner"] is not None:
        lines.append(f"match won by seats {rec['match_winner']} and {rec['match_winner'] + 2}")
    return "\n".join(lines)
