"""The fuzz properties of declaring, 炒底, the score and the match: each reads its rule from
RULES.md on its own (an oracle written apart from the rules modules) and asks the engine the
same question.

Representation
--------------
Each property is a function ``check(position)`` of a ``declare``, ``chaodi``, ``score``,
``game`` or ``match`` :class:`~shengji_sim.fuzz.positions.Position` (shown cards as card kinds,
``(seat, cards)`` histories, levels as ranks 0..12, seats 0..3); it returns quietly or
:data:`~shengji_sim.fuzz.property_base.NA`, or raises
:class:`~shengji_sim.fuzz.property_base.PropertyFailure`. The oracles (:func:`bid_tier`,
:func:`chao_rung`, :func:`score_table`, :func:`next_dealer_seat`) return the rule's answer as
plain tuples, strings and seats. The catalogue entries naming the properties are in
:mod:`shengji_sim.fuzz.properties`.
"""

from __future__ import annotations

from collections import Counter

from shengji_sim.cards import deck, parse_cards
from shengji_sim.fuzz.positions import Position
from shengji_sim.fuzz.property_base import (
    ENGINE,
    NA,
    fail,
    guard,
    play_reference_hand,
    reference_players,
)

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
    got = guard(pos, lambda: judge.declare(v, level, history, new,
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
    got = guard(pos, lambda: judge.chaodi(
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

    rec = guard(pos, lambda: game.play_hand(v, reference_players(pos.players), pos.seed, pos.index,
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
    rec = play_reference_hand(pos)
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

    rec = guard(pos, lambda: game.play_hand(v, reference_players(pos.players), pos.seed, pos.index,
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
    r = guard(pos, lambda: score.judge_score(v, pos.points), "judge_score")
    if (r.winner_side, r.levels) != (side, n):
        fail(f"{pos.points} points give {r.winner_side} +{r.levels}; the table gives "
             f"{side} +{n}", ENGINE, "LEVEL-2")
    state = match.MatchState(pos.levels, pos.dealer)
    after = guard(pos, lambda: match.after_hand(v, state, pos.dealer, r), "after_hand")
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
    r = guard(pos, lambda: score.judge_score(v, pos.points), "judge_score")
    after = guard(pos, lambda: match.after_hand(v, match.MatchState(pos.levels, pos.dealer),
                                                 pos.dealer, r), "after_hand")
    want = next_dealer_seat(v, pos.dealer, r.winner_side)
    if after.dealer != want:
        fail(f"seat {pos.dealer} dealt, {r.winner_side} won: seat {after.dealer} deals next, "
             f"the rules give seat {want}", ENGINE, "DEALER-1")


def _play_match(pos: Position) -> dict:
    from shengji_sim.rules import game

    return guard(pos, lambda: game.play_match(pos.variant_obj, reference_players(pos.players),
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


__all__ = [
    "bid_tier", "chao_effect_applied", "chao_rung", "chao_stronger", "dealer_succession",
    "declaration_window", "kitty_conserved", "match_dealers", "match_ends_once",
    "next_dealer_seat", "overcall_stronger", "score_moves_levels", "score_table",
]
