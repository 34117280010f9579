"""Replay: a game record checked against the reference rules, field by field.

:func:`replay` re-derives every field a hand or match record (:mod:`shengji_sim.rules.record`)
states from the rules alone; the first discrepancy raises
:class:`~shengji_sim.rules.record.ReplayError` naming where it is, the rule ID and the field (a
path into the record: ``tricks[4].winner_seat``, ``hands[2].match_winner``).

Fields and how they are checked
-------------------------------
Provenance (``record``): ``variant``, ``amb``, ``set``, ``variant_toml`` must rebuild a variant
whose content hash is ``variant_hash``, and that is the variant replayed (DESIGN Records); every
hand's ``variant`` and ``variant_hash`` name it too.

A hand, in the order of play:

* ``seed``, ``index``, ``hand_seed``: ``hand_seed == rng.hand_seed(seed, index)`` (DECK-4).
* ``hand_number``, ``levels``, ``dealer_before``: a hand alone (no ``match`` key) is hand 1 of
  a new match: both sides at ``starting_level``, no dealer yet (LEVEL-1, DEF-19, BID-7); in a
  match they follow the previous hand (below).
* ``redeals``: 0 unless nobody declaring redeals in this variant and hand (BID-8, DEF-25).
* ``shuffled``: the variant's decks (DECK-2); with no redeal, the shuffle of ``hand_seed``
  (DECK-4). After a redeal the earlier deals are not recorded, so the shuffle is checked as a
  permutation only.
* ``first_recipient``: the dealer, or (hand 1, JJ4 every hand) the seed's draw after the
  shuffle; after a redeal a random first recipient is checked to be a seat only (DECK-4).
* ``deal_step``: clockwise (-1) for CZ4's deal order, else play order (DECK-4, DEF-11).
* ``deal``, ``kitty_dealt``: the shuffled cards dealt one at a time (DECK-3).
* ``declarations[i]``: ``dealt`` within the deal and never decreasing (DEF-24); ``cards`` held
  after ``dealt`` cards (BID-1); ``legal`` is the rules' verdict over the sequence (BID-2,
  BID-3, BID-4, BID-5, BID-6, AMB-33, AMB-35, AMB-42); ``suit`` the cards' natural suit
  (BID-1); ``hidden`` true exactly for hidden bids (BID-4); ``after_deal``, where a record
  has it, true only after the last card and only while the window is open (DEF-24, AMB-50).
* ``trump_declared``, ``declarer``, ``dealer_declared``, ``trump_rule``, ``kitty_flip``: what
  the declarations (BID-7, AMB-46) or nobody declaring (BID-8, BID-9, AMB-30, AMB-31, AMB-45,
  DEF-29) give; ``level``: the dealer side's level (TRUMP-2).
* ``kitty_before``: the dealt kitty (KITTY-1).
* ``burials[i]``: by the dealer, then by each 炒er, ``kitty_size`` cards of its hand plus the
  kitty (KITTY-1, DEF-21, DEF-22).
* ``chaodi[i]``: ``seat`` not the seat that buried last (DEF-21); ``cards`` held and legal
  (CHAO-1, CHAO-2, CHAO-5, CHAO-6, AMB-29); ``trump`` and ``dealer`` per ``chaodi_effect``
  (CHAO-3, AMB-32); ``buried`` the burial that follows (KITTY-1).
* ``trump``, ``dealer``, ``buried_by``: after the last 炒 (CHAO-3, AMB-32, KITTY-1).
* ``tricks[t]``: ``leader`` (LEAD-1, LEAD-2); ``plays`` in turn order (LEAD-4), the lead one
  suit from the hand (LEAD-3, DEF-27), each follow legal (FOLLOW-*); ``throw`` is None for a
  one-unit lead, else the throw judge's entry, key by key (THROW-2, THROW-3, THROW-4,
  SCORE-2); ``follow_rules`` the rule and row that decided each follow (FOLLOW-11);
  ``winner``, ``winner_seat`` (CMP-9); ``points`` (POINT-2); ``kitty`` on the last trick only,
  every key (KITTY-2, KITTY-3). No cards are left after the last trick (DECK-3).
* ``penalties``: the failed throws' entries, in order (THROW-3, SCORE-2).
* ``attacker_points`` (POINT-3, SCORE-2), ``score`` (LEVEL-2, LEVEL-3, LEVEL-4, DEF-14,
  DEF-15), ``level_penalties`` (SCORE-2), ``next_dealer`` (DEALER-1, DEALER-3),
  ``levels_after`` (LEVEL-1, AMB-38), ``match_winner`` (AMB-38).

A match: ``match_seed == rng.match_seed(seed, match)`` (DECK-4); hand ``i`` has ``seed`` =
``match_seed``, ``index`` = i, ``hand_number`` = i + 1, ``match`` = the match's, and the levels
and dealer the previous hand left (LEVEL-1, DEALER-1); no hand follows a hand with a
``match_winner`` and the last one has it, unless ``max_hands`` ran out (AMB-38, LEVEL-1);
``winner_side`` and ``levels`` are the last hand's (AMB-38).

Informational, not checked: ``rules_version`` (the replay judges a record by today's rules;
the command line warns when it differs) and ``players`` (who chose; the replay checks that
every choice was legal, not which legal one was taken).
"""

from __future__ import annotations

from typing import Any

from shengji_sim.cards import NO_TRUMP, deck, format_card, format_trump, parse_cards, parse_trump
from shengji_sim.rng import Rng, hand_seed, match_seed
from shengji_sim.rules.bidding import (
    Declaration,
    chooses_trump,
    declaration_window_open,
    no_declaration,
    resolve_declarations,
)
from shengji_sim.rules.chaodi import can_chaodi, chaodi_effect
from shengji_sim.rules.follow import check_follow, follow_options
from shengji_sim.rules.game import MAX_MATCH_HANDS
from shengji_sim.rules.kitty import judge_kitty
from shengji_sim.rules.match import MatchState, after_hand, new_match, side_of
from shengji_sim.rules.record import (
    RECORDS,
    ReplayError,
    has_provenance,
    record_variant,
)
from shengji_sim.rules.score import judge_score
from shengji_sim.rules.shapes import decompose, make_context, play_suit
from shengji_sim.rules.throw import judge_throw
from shengji_sim.rules.trick import trick_points, trick_winner


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 54
    for k in cards:
        counts[k] += 1
    return counts


def _cards(text_list: list[str]) -> list[int]:
    return parse_cards(text_list)


def _same(a: list[str], b: list[int]) -> bool:
    """Do card texts ``a`` and kinds ``b`` hold the same cards (in any order)?"""
    return sorted(_cards(a)) == sorted(b)


def _expect(ok: bool, where: str, rule: str, message: str, field: str = "") -> None:
    if not ok:
        raise ReplayError(where, rule, message, field)


def _rule_of(reason: str) -> str:
    """The rule ID a reason starts with ("BID-2 / AMB-42 A: ..." -> "BID-2 / AMB-42 A")."""
    return reason.split(":")[0]


def _remove(hand: list[int], cards: list[int], where: str, rule: str, field: str) -> None:
    have = _counts(hand)
    for k, n in enumerate(_counts(cards)):
        _expect(n <= have[k], where, rule, f"plays {format_card(k)} without holding it", field)
    for k in cards:
        hand.remove(k)



def _check_provenance(variant: Any, record: dict) -> None:
    """The provenance fields rebuild the variant the record names, and it is ``variant``."""
    if has_provenance(record):
        rebuilt = record_variant(record)
        _expect(rebuilt.content_hash == record["variant_hash"], "record", RECORDS,
                f"variant {record['variant']!r}, amb {record['amb']}, set {record['set']}"
                f"{' and variant_toml' if record.get('variant_toml') else ''} rebuild a "
                f"variant with hash {rebuilt.content_hash}, not the record's variant_hash "
                f"{record['variant_hash']}", "variant_hash")
    if "variant_hash" in record:
        _expect(record["variant_hash"] == variant.content_hash, "record", RECORDS,
                f"made with variant hash {record['variant_hash']}, not {variant.content_hash}",
                "variant_hash")
    _expect(record["variant"] == variant.name, "record", RECORDS,
            f"names variant {record['variant']!r}, replayed against {variant.name!r}",
            "variant")



# ------------------------------------------------------------------------------- replay


def replay(variant: Any, record: dict) -> int:
    """Check a hand or match record against ``variant``; returns the number of hands
    checked. Raises :class:`ReplayError` at the first discrepancy."""
    _check_provenance(variant, record)
    if "hands" in record:
        return _replay_match(variant, record)
    if "match" not in record:
        _check_new_match(variant, record, "")
    replay_hand(variant, record)
    return 1


def _check_new_match(variant: Any, rec: dict, prefix: str) -> None:
    """LEVEL-1, DEF-19, BID-7: a hand played alone is hand 1 of a new match."""
    start = list(new_match(variant).levels)
    _expect(rec["hand_number"] == 1, "hand", "LEVEL-1",
            f"hand_number {rec['hand_number']}: a hand played alone is hand 1",
            prefix + "hand_number")
    _expect(rec["levels"] == start, "hand", "DEF-19",
            f"levels {rec['levels']}: a match starts at {start}", prefix + "levels")
    _expect(rec["dealer_before"] is None, "hand", "BID-7",
            f"dealer_before {rec['dealer_before']}: hand 1 has no dealer before declaring",
            prefix + "dealer_before")


def _replay_match(variant: Any, m: dict) -> int:
    """The match's own fields, then each hand in the state the previous hand left."""
    hands = m["hands"]
    _expect(isinstance(hands, list) and len(hands) > 0, "match", "LEVEL-1",
            "a match has at least one hand", "hands")
    _expect(m["match_seed"] == match_seed(m["seed"], m["match"]), "match", "DECK-4",
            f"match_seed {m['match_seed']} is not rng.match_seed(seed {m['seed']}, match "
            f"{m['match']})", "match_seed")
    limit = m.get("max_hands", MAX_MATCH_HANDS)
    _expect(len(hands) <= limit, "match", "LEVEL-1",
            f"{len(hands)} hands, more than max_hands {limit}", "max_hands")
    state = new_match(variant)
    for i, rec in enumerate(hands):
        try:
            _check_match_hand(variant, m, rec, i, state)
            replay_hand(variant, rec)
        except ReplayError as exc:
            field = f"hands[{i}].{exc.field}" if exc.field else f"hands[{i}]"
            raise ReplayError(f"hand {i + 1}, {exc.where}", exc.rule, exc.message,
                              field) from None
        state = MatchState((rec["levels_after"][0], rec["levels_after"][1]),
                           rec["next_dealer"], i + 2, rec["match_winner"])
        if state.winner is not None and i + 1 < len(hands):
            raise ReplayError(f"hand {i + 2}", "AMB-38",
                              f"side {state.winner} won the match in hand {i + 1}: no hand "
                              "follows", f"hands[{i + 1}]")
    last = hands[-1]
    _expect(m["winner_side"] == last["match_winner"], "match", "AMB-38",
            f"winner_side {m['winner_side']}, the last hand gives {last['match_winner']}",
            "winner_side")
    _expect(last["match_winner"] is not None or len(hands) == limit, "match", "AMB-38",
            f"no side has won after {len(hands)} hands and max_hands {limit} did not run out: "
            "the record is cut off", "hands")
    _expect(m["levels"] == last["levels_after"], "match", "LEVEL-1",
            f"levels {m['levels']}, the last hand leaves {last['levels_after']}", "levels")
    return len(hands)


def _check_match_hand(variant: Any, m: dict, rec: dict, i: int, state: MatchState) -> None:
    """Hand ``i`` of match ``m``: its place in the match and the state it starts from."""
    _expect(rec["variant"] == m["variant"] and rec["variant_hash"] == variant.content_hash,
            "hand", RECORDS, f"variant {rec['variant']!r} {rec['variant_hash']}, the match's "
            f"is {m['variant']!r} {variant.content_hash}", "variant_hash")
    _expect(rec["match"] == m["match"], "hand", "DECK-4",
            f"match {rec['match']}, in match {m['match']}", "match")
    _expect(rec["seed"] == m["match_seed"] and rec["index"] == i, "hand", "DECK-4",
            f"seed {rec['seed']} index {rec['index']}: hand {i + 1} of the match has the "
            f"match_seed {m['match_seed']} and index {i}", "seed")
    _expect(rec["hand_number"] == i + 1, "hand", "LEVEL-1",
            f"hand_number {rec['hand_number']}, the match's hand {i + 1}", "hand_number")
    if i == 0:
        _check_new_match(variant, rec, "")
        return
    _expect(rec["levels"] == list(state.levels), "hand", "LEVEL-1",
            f"levels {rec['levels']}, the previous hand left {list(state.levels)}", "levels")
    _expect(rec["dealer_before"] == state.dealer, "hand", "DEALER-1",
            f"dealer_before {rec['dealer_before']}, the previous hand passed the deal to "
            f"seat {state.dealer}", "dealer_before")


def replay_hand(variant: Any, rec: dict) -> None:
    """Check one hand record; raise :class:`ReplayError` at the first discrepancy. Its place
    in a match (hand number, levels, dealer before) is the caller's (:func:`replay`)."""
    _expect(rec["variant_hash"] == variant.content_hash, "record", RECORDS,
            f"made with variant hash {rec['variant_hash']}, not {variant.content_hash}",
            "variant_hash")
    _expect(rec["hand_seed"] == hand_seed(rec["seed"], rec["index"]), "deal", "DECK-4",
            f"hand_seed {rec['hand_seed']} is not rng.hand_seed(seed {rec['seed']}, index "
            f"{rec['index']})", "hand_seed")
    hands, kitty, first = _check_deal(variant, rec)
    dealer, trump = _check_declarations(variant, rec, kitty, first)
    level = rec["level"]
    ctx, dealer, kitty = _check_kitty_and_chaodi(variant, rec, hands, kitty, level, dealer,
                                                 trump)
    attackers = _check_tricks(ctx, rec, hands, kitty, dealer)
    _check_score(variant, rec, attackers, dealer)


def _deal_level(rec: dict) -> int:
    """The level while dealing and declaring: the dealer side's, or (hand 1, no dealer yet)
    side 0's, equal to side 1's (LEVEL-1, TRUMP-2)."""
    dealer = rec["dealer_before"]
    return rec["levels"][side_of(dealer) if dealer is not None else 0]


def _check_deal(variant, rec) -> tuple[list[list[int]], list[int], int]:
    """DECK-2, DECK-3, DECK-4, BID-8: the deal is the shuffled decks dealt one card at a
    time; returns the hands, the kitty and the first recipient."""
    shuffled = _cards(rec["shuffled"])
    _expect(sorted(shuffled) == sorted(deck(variant.decks)), "deal", "DECK-2",
            "the shuffled cards are not the variant's decks", "shuffled")
    total = 4 * variant.hand_size
    redeals = rec["redeals"]
    random_first = variant.deal_order == "random_each_hand" or rec["dealer_before"] is None
    if redeals:
        can = no_declaration(variant, _deal_level(rec), shuffled[total:], rec["hand_number"])
        _expect(isinstance(redeals, int) and redeals > 0 and can.redeal, "deal", "BID-8",
                f"redeals {redeals}: {can.rule} (nobody declaring does not redeal here)",
                "redeals")
        first = rec["first_recipient"]
        if random_first:
            _expect(first in range(4), "deal", "DECK-4", f"first_recipient {first}",
                    "first_recipient")
    else:
        rng = Rng(rec["hand_seed"])
        expect = deck(variant.decks)
        rng.shuffle(expect)
        _expect(expect == shuffled, "deal", "DECK-4", "the shuffle is not the hand seed's",
                "shuffled")
        first = rng.below(4) if random_first else rec["dealer_before"]
    if not random_first or not redeals:
        _expect(rec["first_recipient"] == first, "deal", "DECK-4",
                f"first_recipient {rec['first_recipient']}, the rules give seat {first}",
                "first_recipient")
    step = -1 if variant.deal_order == "random_first_then_dealer" else 1  # 000 l.7
    _expect(rec["deal_step"] == step, "deal", "DECK-4",
            f"deal_step {rec['deal_step']}, the variant deals with step {step}", "deal_step")
    hands: list[list[int]] = [[], [], [], []]
    for i in range(total):
        hands[(first + step * i) % 4].append(shuffled[i])
    kitty = shuffled[total:]
    for seat in range(4):
        _expect(_same(rec["deal"][seat], hands[seat]), f"deal seat {seat}", "DECK-3",
                "the dealt hand is not the shuffled cards dealt in order", f"deal[{seat}]")
    _expect(_cards(rec["kitty_dealt"]) == kitty, "deal", "DECK-3", "kitty differs",
            "kitty_dealt")
    return hands, kitty, first


def _check_declarations(variant, rec, kitty, first) -> tuple[int, int]:
    """BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8, BID-9, DEF-24: each
    declaration held, its flags and verdict; trump and dealer follow from them. Returns the
    dealer and trump after declaring."""
    first_hand = rec["hand_number"] == 1
    level = _deal_level(rec)
    total = 4 * variant.hand_size
    step = rec["deal_step"]
    shuffled = _cards(rec["shuffled"])
    sequence, late = [], []
    dealt_before = 1
    window = _Window(variant, (first + step * (total - 1)) % 4)
    for i, d in enumerate(rec["declarations"]):
        field = f"declarations[{i}]"
        seat, cards = d["seat"], _cards(d["cards"])
        where = f"declaration by seat {seat}"
        decl = Declaration(seat, tuple(cards), _choice(d))
        _check_choice(chooses_trump(variant, decl), decl, where, "AMB-33", f"{field}.choice")
        dealt = d["dealt"]
        held = [shuffled[j] for j in range(min(dealt, total)) if (first + step * j) % 4 == seat]
        _expect(_held(held, cards), where, "BID-1",
                f"seat {seat} declares {' '.join(d['cards'])}, not yet dealt to it", field)
        _expect(dealt_before <= dealt <= total, where, "DEF-24",
                f"dealt {dealt}: declarations come after 1..{total} cards, in order",
                f"{field}.dealt")
        dealt_before = dealt
        _expect(d["suit"] == decl.suit, where, "BID-1",
                f"suit {d['suit']}, the cards' suit is {decl.suit}", f"{field}.suit")
        hidden = variant.bid_method == "hidden"
        _expect(d["hidden"] is hidden, where, "BID-4",
                f"hidden {d['hidden']}: bids are {'' if hidden else 'not '}hidden here",
                f"{field}.hidden")
        window.check(d, seat, total, where, field)
        sequence.append(decl)
        late.append(bool(d.get("after_deal", False)))
    outcome = resolve_declarations(variant, level, sequence, first_hand=first_hand,
                                   after_deal=late)
    for i, (d, r) in enumerate(zip(rec["declarations"], outcome.records)):
        _expect(d["legal"] is r.legal, f"declaration by seat {d['seat']}", _rule_of(r.reason),
                f"legal {d['legal']}, the rules say {r.legal}: {r.reason}",
                f"declarations[{i}].legal")
    if outcome.standing is not None:
        trump = outcome.trump if outcome.trump is not None else NO_TRUMP  # AMB-33 B guard
        dealer = outcome.dealer if first_hand else rec["dealer_before"]
        declarer, rule, flip = outcome.standing.seat, "BID-7", False
        dealer_rule = "AMB-46" if first_hand else "BID-7"
    else:
        nb = no_declaration(variant, level, kitty, rec["hand_number"])
        _expect(not nb.redeal, "declarations", "BID-8",
                f"nobody declared and {nb.rule}", "declarations")
        trump = nb.trump
        if trump is None:  # AMB-45 A: the flipped card's suit (§8.2), as rules.game
            trump = NO_TRUMP if kitty[0] >= 52 else kitty[0] // 13
        dealer = nb.dealer_seat if nb.dealer_seat is not None else rec["dealer_before"]
        if dealer is None:  # DEF-29: the first recipient deals
            dealer = first
        declarer, rule, flip = None, nb.rule, variant.no_declaration != "spades"
        dealer_rule = "BID-8" if nb.dealer_seat is None else "BID-9"
    _expect(rec["trump_declared"] == format_trump(trump), "declarations", "BID-7",
            f"trump should be {format_trump(trump)}, record says {rec['trump_declared']}",
            "trump_declared")
    _expect(rec["declarer"] == declarer, "declarations", "BID-7",
            f"declarer {rec['declarer']}, the standing declaration is seat {declarer}'s",
            "declarer")
    _expect(rec["dealer_declared"] == dealer, "declarations", dealer_rule,
            f"dealer_declared {rec['dealer_declared']}, the rules give seat {dealer}",
            "dealer_declared")
    _expect(rec["trump_rule"] == rule, "declarations", "BID-8",
            f"trump_rule {rec['trump_rule']!r}, the rules give {rule!r}", "trump_rule")
    _expect(rec["kitty_flip"] is flip, "declarations", "BID-8",
            f"kitty_flip {rec['kitty_flip']}, the rules give {flip}", "kitty_flip")
    level_played = rec["levels"][side_of(dealer)]
    _expect(rec["level"] == level_played, "declarations", "TRUMP-2",
            f"level {rec['level']}, the dealer side plays {level_played}", "level")
    return dealer, trump


class _Window:
    """DEF-24, AMB-50: the declarations after the last dealt card, asked in play order from
    the seat after ``last`` (the one that received the last card) while
    :func:`~shengji_sim.rules.bidding.declaration_window_open` says the window is open, as
    ``rules.game`` asks. A record lists declarations, not passes: every seat asked between two
    declarations passed."""

    def __init__(self, variant: Any, last: int) -> None:
        self.variant, self.next_seat = variant, (last + 1) % 4
        self.asked = self.passes = 0
        self.after_deal_seen = False

    def _open(self) -> tuple[bool, str]:
        return declaration_window_open(self.variant, deal_finished=True, asked=self.asked,
                                       passes=self.passes)

    def check(self, d: dict, seat: int, total: int, where: str, field: str) -> None:
        if "after_deal" not in d:  # a record made before AMB-50 (informational)
            return
        if not d["after_deal"]:
            _expect(not self.after_deal_seen, where, "DEF-24",
                    "made during the deal after one made after the deal",
                    f"{field}.after_deal")
            return
        self.after_deal_seen = True
        _expect(d["dealt"] == total, where, "DEF-24",
                f"after_deal with {d['dealt']} of {total} cards dealt", f"{field}.after_deal")
        while self.next_seat != seat:  # the seats asked before it passed
            ok, reason = self._open()
            _expect(ok, where, _rule_of(reason), reason, f"{field}.after_deal")
            self.asked, self.passes = self.asked + 1, self.passes + 1
            self.next_seat = (self.next_seat + 1) % 4
        ok, reason = self._open()
        _expect(ok, where, _rule_of(reason), reason, f"{field}.after_deal")
        self.asked, self.passes, self.next_seat = self.asked + 1, 0, (seat + 1) % 4


def _check_kitty_and_chaodi(variant, rec, hands, kitty, level, dealer, trump):
    """KITTY-1, DEF-21, DEF-22 and CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6, AMB-32:
    each burial comes from the burier's hand plus the kitty; each 炒 is legal and has its
    effect. Returns the trick context, the dealer and the kitty."""
    ctx = make_context(variant, level, trump)
    _expect(_cards(rec["kitty_before"]) == kitty, "kitty", "KITTY-1", "kitty differs",
            "kitty_before")
    burials = rec["burials"]
    chaos = rec["chaodi"]
    expected = (1 + len(chaos)) if variant.kitty_size else 0
    _expect(len(burials) == expected, "kitty", "KITTY-1",
            f"{len(burials)} burials recorded, the rules bury {expected} times", "burials")
    standing = _last_declaration(rec)
    declarer = rec["declarer"]
    someone_else = False
    holder = dealer
    for i, seat in enumerate([dealer] + [c["seat"] for c in chaos]):
        if i:
            chao = chaos[i - 1]
            where, field = f"炒底 by seat {seat}", f"chaodi[{i - 1}]"
            act = Declaration(seat, tuple(_cards(chao["cards"])), _choice(chao))
            _check_choice(act.is_joker and act.count >= 4, act, where, "CHAO-3",
                          f"{field}.choice")
            _expect(seat != holder, where, "DEF-21",
                    f"seat {seat} buried last: it is not asked", f"{field}.seat")
            ok, reason = can_chaodi(variant, level, standing, act, seat=seat,
                                    original_declarer=declarer,
                                    someone_else_chaoed=someone_else,
                                    trump_from_kitty_flip=rec["kitty_flip"])
            _expect(ok, where, _rule_of(reason), f"seat {seat} 炒s with "
                    f"{' '.join(chao['cards'])}: {reason}", field)
            _expect(_held(hands[seat], list(act.cards)), where, "CHAO-2",
                    f"seat {seat} shows {' '.join(chao['cards'])}, which it does not hold",
                    field)
            trump, new_dealer = chaodi_effect(variant, act, rec["hand_number"])
            dealer = new_dealer if new_dealer is not None else dealer
            _expect(chao["trump"] == format_trump(trump), where, "CHAO-3",
                    f"trump {chao['trump']}, the 炒 gives {format_trump(trump)}",
                    f"{field}.trump")
            _expect(chao["dealer"] == dealer, where, "AMB-32",
                    f"dealer {chao['dealer']}, the rules give seat {dealer}", f"{field}.dealer")
            if variant.kitty_size:
                _expect(_same(chao["buried"], _cards(burials[i]["cards"])), where, "KITTY-1",
                        "buried differs from the burial that follows", f"{field}.buried")
            ctx = make_context(variant, level, trump)
            standing, holder = act, seat
            someone_else = someone_else or seat != declarer
        if not variant.kitty_size:
            continue
        burial = burials[i]
        where = f"burial by seat {seat}"
        _expect(burial["seat"] == seat, "kitty", "KITTY-1",
                f"seat {burial['seat']} buried, the rules give seat {seat}",
                f"burials[{i}].seat")
        hands[seat] += kitty
        buried = _cards(burial["cards"])
        _remove(hands[seat], buried, where, "KITTY-1", f"burials[{i}].cards")
        _expect(len(buried) == variant.kitty_size, where, "KITTY-1",
                "buries the wrong number of cards", f"burials[{i}].cards")
        kitty = buried
    _expect(holder == rec["buried_by"], "kitty", "KITTY-1",
            f"buried_by {rec['buried_by']}, seat {holder} buried last", "buried_by")
    _expect(rec["trump"] == format_trump(ctx.ranking.trump), "kitty", "CHAO-3",
            f"trump after 炒底 is {rec['trump']}, rules give {format_trump(ctx.ranking.trump)}",
            "trump")
    _expect(rec["dealer"] == dealer, "kitty", "AMB-32",
            f"dealer after 炒底 is {rec['dealer']}, rules give {dealer}", "dealer")
    return ctx, dealer, kitty


def _last_declaration(rec) -> Declaration | None:
    legal = [d for d in rec["declarations"] if d["legal"]]
    if not legal:
        return None
    return Declaration(legal[-1]["seat"], tuple(_cards(legal[-1]["cards"])),
                       _choice(legal[-1]))


def _choice(entry: dict) -> int | None:
    """The trump a four-joker declaration or 炒 chose (AMB-33 C, CHAO-3), or None."""
    choice = entry.get("choice")
    return None if choice is None else parse_trump(choice)


def _check_choice(chooses: bool, decl: Declaration, where: str, rule: str, field: str) -> None:
    """Four jokers that choose the trump name their choice; nothing else does (AMB-33 C,
    CHAO-3: "a record names the one taken")."""
    if chooses:
        _expect(decl.choice is not None, where, rule, "four jokers without the trump chosen",
                field)
    else:
        _expect(decl.choice is None, where, rule,
                "a trump choice without four jokers that choose", field)


def _check_tricks(ctx, rec, hands, kitty, dealer) -> int:
    """LEAD-1, LEAD-2, LEAD-4, THROW-*, FOLLOW-*, CMP-9, POINT-2, KITTY-2, KITTY-3; returns the
    attackers' total."""
    attackers = 0
    leader = dealer
    tricks = rec["tricks"]
    failed: list[dict] = []
    for t, trick in enumerate(tricks, start=1):
        where, field = f"trick {t}", f"tricks[{t - 1}]"
        _expect(trick["leader"] == leader, where, "LEAD-2" if t > 1 else "LEAD-1",
                f"seat {trick['leader']} leads, the rules say seat {leader}", f"{field}.leader")
        plays = [(s, _cards(c)) for s, c in trick["plays"]]
        _expect([s for s, _ in plays] == [(leader + i) % 4 for i in range(4)], where, "LEAD-4",
                "plays are not in turn order", f"{field}.plays")
        penalty, entry = _check_lead(ctx, trick, hands, leader, dealer, where, field)
        attackers += penalty
        if entry is not None and not entry["valid"]:
            failed.append(entry)
        lead = plays[0][1]
        _check_follows(ctx, trick, plays, lead, hands, where, field)
        cards_only = [c for _, c in plays]
        winner = trick_winner(ctx, cards_only)
        _expect(trick["winner"] == winner, where, "CMP-9",
                f"winner is play {trick['winner']}, rules give play {winner}", f"{field}.winner")
        _expect(trick["winner_seat"] == plays[winner][0], where, "CMP-9",
                f"winner is seat {trick['winner_seat']}, rules give seat {plays[winner][0]}",
                f"{field}.winner_seat")
        points = trick_points(cards_only)
        _expect(trick["points"] == points, where, "POINT-2", f"{trick['points']} != {points}",
                f"{field}.points")
        if side_of(plays[winner][0]) != side_of(dealer):
            attackers += points
        last = not hands[leader]
        _expect(("kitty" in trick) == last, where, "KITTY-2",
                "the kitty is scored on the last trick only", f"{field}.kitty")
        if last:
            _expect(t == len(tricks), where, "DECK-3", "tricks follow the last card",
                    f"tricks[{t}]")
            attackers += _check_kitty(ctx, trick, cards_only, leader, dealer, kitty, attackers,
                                      f"{field}.kitty")
        leader = plays[winner][0]
    _expect(all(not h for h in hands), "end", "DECK-3",
            "cards left in hands after the last trick", "tricks")
    _expect(_entries_equal(rec["penalties"], failed), "end", "THROW-3",
            "penalties are not the failed throws' entries", "penalties")
    return attackers


def _check_follows(ctx, trick, plays, lead, hands, where, field) -> None:
    """FOLLOW-*: each follow legal, and ``follow_rules`` the rule and row that decided it
    (FOLLOW-11)."""
    _expect(len(trick["follow_rules"]) == 3, where, "FOLLOW-11", "three follows per trick",
            f"{field}.follow_rules")
    for position, (seat, cards) in enumerate(plays[1:], start=1):
        options = follow_options(ctx, lead, hands[seat], position)
        stated = list(trick["follow_rules"][position - 1])
        _expect(stated == [options.rule, options.row], f"{where}, seat {seat}", "FOLLOW-11",
                f"follow_rules {stated}, the rules decide by {[options.rule, options.row]}",
                f"{field}.follow_rules[{position - 1}]")
        legal, reason = check_follow(ctx, lead, hands[seat], cards, position) \
            if _held(hands[seat], cards) else (False, "FOLLOW-1: cards not in hand")
        _expect(legal, f"{where}, seat {seat}", _rule_of(reason), reason,
                f"{field}.plays[{position}]")
        _remove(hands[seat], cards, f"{where}, seat {seat}", "FOLLOW-1",
                f"{field}.plays[{position}]")


def _held(hand: list[int], cards: list[int]) -> bool:
    have = _counts(hand)
    return all(n <= have[k] for k, n in enumerate(_counts(cards)))


CARD_KEYS = ("cards", "played", "returned")


def _entries_equal(stated: list[dict], expected: list[dict]) -> bool:
    return len(stated) == len(expected) and all(_entry_equal(s, e)
                                                for s, e in zip(stated, expected))


def _entry_equal(stated: dict | None, expected: dict | None) -> bool:
    """A throw entry of the record against the rules' (card lists in any order)."""
    if stated is None or expected is None:
        return stated is expected
    if set(stated) != set(expected):
        return False
    return all(sorted(_cards(stated[k])) == sorted(expected[k]) if k in CARD_KEYS
               else stated[k] == expected[k] for k in expected)


def _check_lead(ctx, trick, hands, leader, dealer, where, field) -> tuple[int, dict | None]:
    """LEAD-3, DEF-27, THROW-2, THROW-3, THROW-4, SCORE-2: the lead, or the attempted throw
    and its forced play; returns the penalty to the attackers and the rules' throw entry."""
    lead = _cards(trick["plays"][0][1])
    throw = trick["throw"]
    attempted = _cards(throw["cards"]) if throw else lead
    here = f"{where}, seat {leader}"
    _expect(_held(hands[leader], attempted), here, "LEAD-3", "leads cards not in hand",
            f"{field}.plays[0]")
    _expect(play_suit(ctx, attempted) is not None, here, "DEF-27", "the lead mixes suits",
            f"{field}.plays[0]")
    others = [hands[(leader + i) % 4] for i in range(1, 4)]
    result = judge_throw(ctx, attempted, others)
    _expect(not result.rejected, here, "THROW-4", result.reason, f"{field}.throw")
    _expect(sorted(result.played) == sorted(lead), here, "THROW-3",
            f"the rules play {[format_card(k) for k in result.played]} of the throw",
            f"{field}.plays[0]")
    _remove(hands[leader], lead, here, "LEAD-3", f"{field}.plays[0]")
    failed = len(result.played) != len(attempted) or not result.valid
    entry, delta = None, 0
    if failed:
        if result.penalty_unit == "card_points" and result.penalty:
            attacker = side_of(leader) != side_of(dealer)
            delta = -result.penalty if attacker else result.penalty
        entry = {"seat": leader, "cards": attempted, "played": result.played,
                 "returned": result.returned, "blocked_by": result.blocked_by,
                 "penalty": result.penalty, "unit": result.penalty_unit,
                 "attacker_delta": delta, "valid": False, "rule": result.reason}
    elif len(decompose(ctx, tuple(_counts(attempted)))) > 1:
        entry = {"cards": attempted, "valid": True, "rule": result.reason}
    _expect(_entry_equal(throw, entry), here, "THROW-3" if failed else "THROW-2",
            f"throw {throw}, the rules give {_shown(entry)}", f"{field}.throw")
    return delta, entry


def _shown(entry: dict | None) -> dict | None:
    if entry is None:
        return None
    return {k: [format_card(c) for c in v] if k in CARD_KEYS else v for k, v in entry.items()}


def _check_kitty(ctx, trick, plays, leader, dealer, kitty, attackers, field) -> int:
    leader_side = "dealer" if side_of(leader) == side_of(dealer) else "attackers"
    result = judge_kitty(ctx, plays, leader_side, kitty, attackers)
    got = trick["kitty"]
    for key in ("multiplier", "kitty_points", "awarded", "winner_side"):
        _expect(got[key] == getattr(result, key), "last trick", "KITTY-3",
                f"{key} {got[key]}, rules give {getattr(result, key)}", f"{field}.{key}")
    _expect(_same(got["kitty"], kitty), "last trick", "KITTY-2",
            "the kitty scored is not the one buried", f"{field}.kitty")
    return result.awarded


SCORE_RULE = {"JJ4": "LEVEL-2", "STD2": "LEVEL-3", "ONE1": "LEVEL-4", "CZ4": "LEVEL-6 / DEF-14",
              "THREE3": "LEVEL-5 / DEF-15"}


def _check_score(variant, rec, attackers, dealer) -> None:
    """POINT-3, SCORE-2, LEVEL-*, DEALER-1, DEALER-3, AMB-38: the total, the level change,
    the next dealer and the match's end."""
    _expect(rec["attacker_points"] == attackers, "score", "POINT-3",
            f"attackers' total {rec['attacker_points']}, rules give {attackers}",
            "attacker_points")
    result = judge_score(variant, attackers)
    rule = SCORE_RULE.get(variant.rule_set, "LEVEL-2")
    for key, value in (("winner_side", result.winner_side), ("levels", result.levels),
                       ("next_dealer", result.next_dealer)):
        _expect(rec["score"][key] == value, "score", rule,
                f"level change {rec['score']}, rules give {result.winner_side} "
                f"+{result.levels}, next dealer the {result.next_dealer}", f"score.{key}")
    _expect(len(rec["score"]) == 3, "score", rule, "score has three keys", "score")
    levels_penalty = sum(1 for p in rec["penalties"] if p["unit"] == "level")
    _expect(rec["level_penalties"] == levels_penalty, "score", "SCORE-2",
            f"level_penalties {rec['level_penalties']}, the failed throws give "
            f"{levels_penalty}", "level_penalties")
    levels = (rec["levels"][0], rec["levels"][1])
    after = after_hand(variant, MatchState(levels, dealer, rec["hand_number"]), dealer, result)
    _expect(rec["next_dealer"] == after.dealer, "score",
            "DEALER-3" if result.winner_side == "none" else "DEALER-1",
            f"next dealer {rec['next_dealer']}, rules give {after.dealer}", "next_dealer")
    _expect(rec["levels_after"] == list(after.levels), "score", "LEVEL-1",
            f"levels after {rec['levels_after']}, rules give {list(after.levels)}",
            "levels_after")
    _expect(rec["match_winner"] == after.winner, "score", "AMB-38",
            f"match_winner {rec['match_winner']}, the rules give {after.winner}",
            "match_winner")
