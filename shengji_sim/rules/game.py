"""One hand and one match in the reference engine (DECK-4, BID-*, KITTY-*, CHAO-*, LEAD-*,
THROW-*, LEVEL-*, DEALER-*).

Representation
--------------
Seats are 0..3 in play order (counter-clockwise, LEAD-4); seat ``s + 1`` is the 下家 of
``s`` and partners sit opposite (DECK-1). A hand is played by four :class:`Player` objects
that see a :class:`View` (their own cards and the public history) and choose among
:class:`Choice` options that the engine computes; all randomness, the deal's and the
players', is drawn from the hand's :class:`~shengji_sim.rng.Rng` stream in the order the
decisions happen, so a root seed and a hand index determine the hand.

The flow of :func:`play_hand`:

1. Deal (DECK-4, DEF-11): shuffle, then one card at a time from the first recipient
   (CZ4: hand 1 random, then the dealer, clockwise, 000 l.7; JJ4: random each hand; the
   003 sets: the dealer, or a random seat in hand 1, in play order). After each card the
   receiver may declare; after the last card the seats are asked in play order from the
   seat after the last card's while the declaration window is open (DEF-24, AMB-50:
   closed, one more round, or until every seat has passed).
2. Trump and dealer from the declarations (BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, AMB-46)
   or BID-8 (redeal, kitty flip, spades). A JJ4 hand 1 without bids is dealt by the seat that
   received the first dealt card (DEF-29); a kitty flip that leaves trump open (AMB-45 A) takes
   the flipped card's suit (§8.2's filler).
3. The dealer takes the kitty and buries as many cards (KITTY-1, DEF-22); 炒底 rounds where
   the variant has them (CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6, DEF-21, AMB-32).
4. Tricks: the dealer leads first, then each trick's winner (LEAD-1, LEAD-2). A throw is judged
   against the other hands (THROW-2, THROW-3, THROW-4); a refused throw is chosen again, a failed
   one plays its forced component and records the penalty (THROW-3, AMB-24, OTH-8).
5. The last trick scores the kitty (KITTY-2, KITTY-3); the attackers' total is their trick
   points plus the kitty award plus penalties (POINT-3, SCORE-2); then the level change and
   the next dealer (LEVEL-*, DEALER-*, rules.match).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Protocol

from shengji_sim import RULES_VERSION
from shengji_sim.cards import NO_TRUMP, deck, format_card, format_trump, is_joker, suit_of
from shengji_sim.errors import ShengjiError
from shengji_sim.rng import Rng, decision_seed, hand_seed, match_seed
from shengji_sim.rules.bidding import (
    TRUMP_CHOICES,
    Declaration,
    can_override,
    chooses_trump,
    declaration_strength,
    declaration_window_open,
    no_declaration,
    resolve_hidden_bids,
    trump_after,
)
from shengji_sim.rules.chaodi import can_chaodi, chaodi_effect
from shengji_sim.rules.follow import check_follow, follow_options, nth_multiset
from shengji_sim.rules.kitty import judge_kitty
from shengji_sim.rules.match import MatchState, after_hand, new_match, side_of
from shengji_sim.rules.score import judge_score
from shengji_sim.rules.shapes import (
    Context,
    Unit,
    make_context,
    play_suit,
    tractor_kinds,
    two_quads_unit,
)
from shengji_sim.rules.throw import judge_throw
from shengji_sim.rules.trick import trick_points, trick_winner

MAX_REDEALS = 1000
MAX_MATCH_HANDS = 500  #: hands a match may last before play_match gives up (no winner)
MAX_LEAD_ATTEMPTS = 20


class GameError(ShengjiError, RuntimeError):
    """A player broke the protocol (an option out of range, an illegal play)."""


# ------------------------------------------------------------------------- player protocol


@dataclass
class View:
    """What a player sees: its own cards and the public history.

    ``history`` is the finished tricks' plays as card kinds, ``[(seat, kinds), ...]`` per
    trick in play order (the public history of ``tricks`` in a form players can count);
    ``own_kitty`` the kitty this seat buried, if it buried the standing one (its own
    knowledge), else None; ``hand_size`` how many cards a dealt hand holds, so a player
    knows when its hand is complete (the deal's last chance to declare)."""

    seat: int
    hand: list[int]
    level: int
    hand_number: int
    dealer: int | None
    trump: int | None
    ctx: Context | None
    declarations: list[tuple[int, int, int | None]]  #: (seat, count, suit or None if hidden)
    tricks: list[dict]
    current: list[tuple[int, list[int]]]
    attacker_points: int
    history: list[list[tuple[int, list[int]]]] = field(default_factory=list)
    own_kitty: list[int] | None = None
    hand_size: int = 0  #: cards a hand holds once dealt (the variant's, public); 0: unknown


class Choice:
    """Options for one decision: ``count`` and ``nth(i)``; ``can_pass`` adds a pass."""

    def __init__(self, count: int, nth, can_pass: bool = False) -> None:
        self.count = count
        self._nth = nth
        self.can_pass = can_pass

    def nth(self, index: int):
        if not 0 <= index < self.count:
            raise GameError(f"option {index} of {self.count}")
        return self._nth(index)


class Player(Protocol):
    def declare(self, view: View, options: Choice, rng: Rng) -> Declaration | None: ...
    def bury(self, view: View, options: Choice, rng: Rng) -> list[int]: ...
    def chaodi(self, view: View, options: Choice, rng: Rng) -> Declaration | None: ...
    def lead(self, view: View, options: Choice, rng: Rng) -> list[int]: ...
    def follow(self, view: View, options: Choice, rng: Rng) -> list[int]: ...


def list_choice(items: list, can_pass: bool = False) -> Choice:
    return Choice(len(items), items.__getitem__, can_pass)


# ----------------------------------------------------------------------------- the hand


#: ``audit(decision, state, seat, options, **context)``: called with every decision's full
#: option list before the player chooses (the property ``offered_moves_legal`` checks each
#: option with the engine's own legality checks). ``decision`` is "declare", "bury",
#: "chaodi", "lead" or "follow"; ``options`` a list or a :class:`Choice`.
Audit = Any


@dataclass
class HandState:
    variant: Any
    rng: Rng
    players: list
    match: MatchState
    audit: Audit = None
    decision_draws: bool = False  #: per-decision streams (rng.decision_seed), ``diff``
    hands: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    kitty: list[int] = field(default_factory=list)
    record: dict = field(default_factory=dict)
    ctx: Context | None = None
    dealer: int | None = None
    trump: int | None = None
    tricks: list[dict] = field(default_factory=list)
    history: list[list[tuple[int, list[int]]]] = field(default_factory=list)
    buried_by: int | None = None
    attacker_points: int = 0

    @property
    def first_hand(self) -> bool:
        return self.match.hand_number == 1

    @property
    def level(self) -> int:
        if self.dealer is None:  # hand 1: both sides start at the same level (LEVEL-1)
            return self.match.levels[0]
        return self.match.levels[side_of(self.dealer)]

    def view(self, seat: int, current=()) -> View:
        decls = [(d["seat"], len(d["cards"]), None if d.get("hidden") else d["suit"])
                 for d in self.record.get("declarations", []) if d["legal"]]
        own_kitty = list(self.kitty) if seat == self.buried_by else None
        return View(seat, sorted(self.hands[seat]), self.level, self.match.hand_number,
                    self.dealer, self.trump, self.ctx, decls, self.tricks,
                    list(current), self.attacker_points, self.history, own_kitty,
                    self.variant.hand_size)


def play_hand(variant: Any, players: list, root_seed: int, index: int,
              match: MatchState | None = None, audit: Audit = None,
              decision_draws: bool = False) -> dict:
    """Play one hand; returns its game record (DESIGN.md "Games, records, replays").

    ``audit`` (tests) sees every decision's options first (:data:`Audit`).
    ``decision_draws``: each lead and follow draws from its own stream
    (:func:`shengji_sim.rng.decision_seed`), as ``shengji-sim diff`` plays."""
    match = match or new_match(variant)
    seed = hand_seed(root_seed, index)
    st = HandState(variant, Rng(seed), list(players), match, audit, decision_draws)
    st.record = {
        "rules_version": RULES_VERSION, "variant": variant.name,
        "variant_hash": variant.content_hash, "seed": root_seed, "index": index,
        "hand_seed": seed, "hand_number": match.hand_number, "levels": list(match.levels),
        "dealer_before": match.dealer, "redeals": 0,
    }
    for _ in range(MAX_REDEALS):
        if _deal_and_declare(st):
            break
        st.record["redeals"] += 1
    else:
        raise GameError(f"no trump after {MAX_REDEALS} redeals")
    _kitty_exchange(st)
    _chaodi(st)
    _play_tricks(st)
    _score(st)
    return st.record


# ------------------------------------------------------------------- 1-2: deal and declare


def _first_recipient(st: HandState) -> int:
    order = st.variant.deal_order
    if order == "random_each_hand" or st.match.dealer is None:
        return st.rng.below(4)
    return st.match.dealer


def _deal_and_declare(st: HandState) -> bool:
    """DECK-4 and BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8, DEF-24; False when the
    hand must be redealt."""
    v = st.variant
    cards = deck(v.decks)
    st.rng.shuffle(cards)
    first = _first_recipient(st)
    step = -1 if v.deal_order == "random_first_then_dealer" else 1  # 000 l.7: clockwise
    st.hands = [[], [], [], []]
    st.dealer = st.match.dealer
    st.trump = None
    st.record.update({"first_recipient": first, "deal_step": step, "declarations": []})
    st.record["shuffled"] = [format_card(k) for k in cards]
    standing: list[Declaration | None] = [None]
    accepted: list[Declaration] = []
    seat = first
    for i in range(4 * v.hand_size):  # DEF-24: declare after each dealt card
        seat = (first + step * i) % 4
        st.hands[seat].append(cards[i])
        _offer_declaration(st, seat, standing, accepted, i + 1)
    st.kitty = cards[4 * v.hand_size:]
    _declare_after_deal(st, seat, standing, accepted)
    st.record["deal"] = [[format_card(k) for k in sorted(h)] for h in st.hands]
    st.record["kitty_dealt"] = [format_card(k) for k in st.kitty]
    return _settle_trump(st, first, standing[0], accepted)


def _declare_after_deal(st: HandState, last: int, standing: list, accepted: list) -> None:
    """DEF-24 / AMB-50: after the last dealt card (received by ``last``), ask the seats in
    play order from the seat after ``last`` while the declaration window is open."""
    asked = passes = 0
    seat = last
    while declaration_window_open(st.variant, deal_finished=True, asked=asked,
                                  passes=passes)[0]:
        seat = (seat + 1) % 4
        declared = _offer_declaration(st, seat, standing, accepted,
                                      4 * st.variant.hand_size, after_deal=True)
        asked += 1
        passes = 0 if declared else passes + 1


def _declaration_options(st: HandState, seat: int, standing,
                         after_deal: bool = False) -> list[Declaration]:
    """Every declaration ``seat`` could legally show now (BID-2, BID-3, BID-4, BID-5, BID-6,
    AMB-42, AMB-50), kinds ascending, then counts ascending; four jokers that choose the
    trump (AMB-33 C) are one option per choice, in :data:`TRUMP_CHOICES` order."""
    v, level = st.variant, st.level
    counts: dict[int, int] = {}
    for k in st.hands[seat]:
        counts[k] = counts.get(k, 0) + 1
    options = []
    for k in sorted(counts):
        if not (is_joker(k) or k % 13 == level):
            continue
        for n in range(1, counts[k] + 1):
            decl = Declaration(seat, tuple([k] * n))
            if declaration_strength(v, level, decl.cards) is None:
                continue
            if can_override(v, level, standing, decl, first_hand=st.first_hand,
                            after_deal=after_deal)[0]:
                options += _with_choices(decl) if chooses_trump(v, decl) else [decl]
    return options


def _with_choices(decl: Declaration) -> list[Declaration]:
    """Four jokers that choose the trump (AMB-33 C, CHAO-3: no-trump or any suit, 000 l.69):
    one option per choice."""
    return [Declaration(decl.seat, decl.cards, c) for c in TRUMP_CHOICES]


def _offer_declaration(st: HandState, seat: int, standing: list, accepted: list,
                       dealt: int, after_deal: bool = False) -> bool:
    """Ask ``seat`` to declare; True if it declared."""
    options = _declaration_options(st, seat, standing[0], after_deal)
    _audit(st, "declare", seat, options, standing=standing[0], after_deal=after_deal)
    if not options:
        return False
    choice = st.players[seat].declare(st.view(seat), list_choice(options, True), st.rng)
    if choice is None:
        return False
    if choice not in options:
        raise GameError(f"seat {seat} declared {choice.cards}, not an option")
    hidden = st.variant.bid_method == "hidden"
    accepted.append(choice)
    if hidden:
        standing[0] = resolve_hidden_bids(accepted) if \
            st.variant.jj4_bid_visibility == "all_hidden" else choice
    else:
        st.trump = trump_after(st.variant, st.trump, choice)
        standing[0] = choice
    st.record["declarations"].append({
        "seat": seat, "cards": [format_card(k) for k in choice.cards], "legal": True,
        "suit": choice.suit, "hidden": hidden, "dealt": dealt, "after_deal": after_deal,
        "choice": _choice_text(choice)})
    return True


def _choice_text(decl: Declaration) -> str | None:
    """The record's ``choice``: the trump chosen with four jokers (AMB-33 C, CHAO-3), else
    None."""
    return None if decl.choice is None else format_trump(decl.choice)


def _settle_trump(st: HandState, first: int, standing: Declaration | None,
                  accepted: list[Declaration]) -> bool:
    """BID-7 / AMB-46 with a declaration; BID-8 without one. When BID-8 names no dealer
    (JJ4 hand 1, DEF-29; AMB-45 C never gets here) the seat that received the first dealt
    card deals."""
    v = st.variant
    if standing is not None:
        trump = standing.suit if v.bid_method == "hidden" else st.trump
        if trump is None:  # AMB-33 B: jokers kept a suit that never was (cannot happen)
            trump = NO_TRUMP
        st.trump = trump
        if st.first_hand:
            dealer_first = v.hand1_dealer == "first_turner"
            st.dealer = accepted[0].seat if dealer_first else standing.seat
        st.record.update({"trump_rule": "BID-7", "declarer": standing.seat,
                          "kitty_flip": False})
    else:
        outcome = no_declaration(v, st.level, st.kitty, st.match.hand_number)
        st.record["trump_rule"] = outcome.rule
        if outcome.redeal:
            return False
        trump = outcome.trump
        if trump is None:  # AMB-45 A: the flipped card's suit (§8.2)
            trump = NO_TRUMP if is_joker(st.kitty[0]) else suit_of(st.kitty[0])
        st.trump = trump
        if outcome.dealer_seat is not None:
            st.dealer = outcome.dealer_seat
        elif st.dealer is None:  # DEF-29: hand 1, the first recipient deals
            st.dealer = first
        st.record.update({"declarer": None, "kitty_flip": v.no_declaration != "spades"})
    st.ctx = make_context(v, st.level, st.trump)
    st.record.update({"trump": format_trump(st.trump), "dealer": st.dealer,
                      "dealer_declared": st.dealer, "level": st.level})
    return True


# ------------------------------------------------------------------ 3: kitty and 炒底


def _bury(st: HandState, seat: int) -> list[int]:
    """KITTY-1: ``seat`` takes the kitty and buries as many cards (DEF-22: any cards)."""
    n = st.variant.kitty_size
    st.hands[seat] += st.kitty
    counts = _counts(st.hands[seat])
    choice = Choice(_count_multisets(counts, n),
                    lambda i: nth_multiset(st.ctx, counts, n, i))
    _audit(st, "bury", seat, choice)
    buried = list(st.players[seat].bury(st.view(seat), choice, st.rng))
    _take(st.hands[seat], buried, f"seat {seat} buries")
    if len(buried) != n:
        raise GameError(f"seat {seat} buried {len(buried)} cards, not {n}")
    st.kitty = buried
    st.buried_by = seat
    st.record.setdefault("burials", []).append(
        {"seat": seat, "cards": [format_card(k) for k in sorted(buried)]})
    return buried


def _kitty_exchange(st: HandState) -> None:
    st.record["kitty_before"] = [format_card(k) for k in st.kitty]
    st.record["trump_declared"] = format_trump(st.trump)
    st.record["burials"] = []
    if st.variant.kitty_size:
        _bury(st, st.dealer)
    st.record["buried_by"] = st.dealer


def _chaodi(st: HandState) -> None:
    """CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6 and DEF-21: ask round from the dealer's 下家
    until all pass since a 炒."""
    v = st.variant
    st.record["chaodi"] = []
    if not v.chaodi or not v.kitty_size:
        return
    holder, standing = st.dealer, _standing_declaration(st)
    declarer = st.record.get("declarer")
    someone_else, passes, seat = False, 0, st.dealer
    while passes < 3:
        seat = (seat + 1) % 4
        if seat == holder:
            continue
        options = _chaodi_options(st, seat, standing, declarer, someone_else)
        _audit(st, "chaodi", seat, options, standing=standing, declarer=declarer,
               someone_else=someone_else)
        act = None
        if options:
            act = st.players[seat].chaodi(st.view(seat), list_choice(options, True), st.rng)
        if act is None:
            passes += 1
            continue
        if act not in options:
            raise GameError(f"seat {seat} 炒 {act.cards}: not an option")
        trump, new_dealer = chaodi_effect(v, act, st.match.hand_number)  # CHAO-3
        st.trump = trump
        if new_dealer is not None:
            st.dealer = new_dealer
        st.ctx = make_context(v, st.level, st.trump)
        holder, standing, someone_else, passes = seat, act, someone_else or seat != declarer, 0
        buried = _bury(st, seat)
        st.record["chaodi"].append({"seat": seat, "cards": [format_card(k) for k in act.cards],
                                    "trump": format_trump(trump), "choice": _choice_text(act),
                                    "dealer": st.dealer,
                                    "buried": [format_card(k) for k in buried]})
    st.record.update({"trump": format_trump(st.trump), "dealer": st.dealer,
                      "buried_by": holder})


def _standing_declaration(st: HandState) -> Declaration | None:
    legal = [d for d in st.record["declarations"] if d["legal"]]
    if not legal:
        return None
    from shengji_sim.cards import parse_cards

    last = legal[-1]
    return Declaration(last["seat"], tuple(parse_cards(last["cards"])))


def _chaodi_options(st, seat, standing, declarer, someone_else) -> list[Declaration]:
    """Every 炒 ``seat`` may show (CHAO-2, CHAO-5, CHAO-6, AMB-29, AMB-51), kinds ascending,
    then counts ascending; four jokers are one option per trump choice (CHAO-3: no-trump or
    any suit, in :data:`TRUMP_CHOICES` order)."""
    v, level = st.variant, st.level
    counts = _counts(st.hands[seat])
    options = []
    for k in range(54):
        if not counts[k] or not (is_joker(k) or k % 13 == level):
            continue
        for n in range(1, counts[k] + 1):
            decl = Declaration(seat, tuple([k] * n))
            ok, _ = can_chaodi(v, level, standing, decl, seat=seat, original_declarer=declarer,
                               someone_else_chaoed=someone_else,
                               trump_from_kitty_flip=st.record.get("kitty_flip", False))
            if ok:
                options += _with_choices(decl) if decl.is_joker and n >= 4 else [decl]
    return options


# --------------------------------------------------------------------------- 4: tricks


def lead_options(ctx: Context, hand: list[int]) -> list[list[int]]:
    """Every distinct one-unit lead (single, set, tractor; LEAD-3), strongest first.

    Under AMB-41 A two quads of one suit are one unit too (a "2个4个" lead, not a throw).
    Throws are legal leads too, but they are not among these options: the ``random`` player
    leads one unit; a player may still return a throw of its own making.
    """
    counts = _counts(hand)
    found: set[tuple[int, ...]] = set()
    for k in range(54):
        for w in range(1, counts[k] + 1):
            found.add((k,) * w)
    for length in range(2, 14):
        for kinds in tractor_kinds(ctx.ranking, length):
            for w in ctx.ranking.tractor_widths:
                if all(counts[k] >= w for k in kinds):
                    found.add(tuple(sorted(Unit(w, kinds).cards())))
    quads = [k for k in range(54) if counts[k] >= 4]
    for a, b in combinations(quads, 2):
        unit = two_quads_unit(ctx, tuple(4 if k in (a, b) else 0 for k in range(54)))
        if unit is not None and play_suit(ctx, unit.cards()) is not None:
            found.add(tuple(sorted(unit.cards())))
    key = ctx.ranking.sort_key
    plays = [sorted(p, key=key) for p in found]
    return sorted(plays, key=lambda p: ([key(k) for k in p], len(p)))


def _play_tricks(st: HandState) -> None:
    leader = st.dealer  # LEAD-1
    st.record["tricks"] = []
    st.record["penalties"] = []
    while st.hands[leader]:
        trick = _play_trick(st, leader)
        st.record["tricks"].append(trick)
        leader = trick["winner_seat"]  # LEAD-2


def _decision_draw(st: HandState, position: int) -> None:
    """In the per-decision mode, the stream of this decision (trick ``len(st.tricks)``,
    ``position``): ``rng.decision_seed``, as ``core.shadow_nb.decision_draw_nb``."""
    if st.decision_draws:
        st.rng.state = decision_seed(st.record["hand_seed"], 4 * len(st.tricks) + position)


def _play_trick(st: HandState, leader: int) -> dict:
    ctx = st.ctx
    _decision_draw(st, 0)
    lead, throw = _lead(st, leader)
    plays = [(leader, lead)]
    rules = []
    for position in range(1, 4):
        seat = (leader + position) % 4
        _decision_draw(st, position)
        options = follow_options(ctx, lead, st.hands[seat], position)
        _audit(st, "follow", seat, options, lead=lead, position=position)
        rules.append([options.rule, options.row])
        choice = Choice(options.count, options.nth)
        play = list(st.players[seat].follow(st.view(seat, plays), choice, st.rng))
        legal, reason = check_follow(ctx, lead, st.hands[seat], play, position)
        if not legal:
            raise GameError(f"seat {seat} played an illegal follow: {reason}")
        _take(st.hands[seat], play, f"seat {seat} follows")
        plays.append((seat, play))
    cards = [p for _, p in plays]
    winner = trick_winner(ctx, cards)
    winner_seat = plays[winner][0]
    points = trick_points(cards)
    if side_of(winner_seat) != side_of(st.dealer):
        st.attacker_points += points
    trick = {"leader": leader, "plays": [[s, _fmt(ctx, p)] for s, p in plays],
             "winner": winner, "winner_seat": winner_seat, "points": points, "throw": throw,
             "follow_rules": rules}
    st.tricks.append(trick)
    st.history.append([(s, list(p)) for s, p in plays])
    if not st.hands[leader]:
        trick["kitty"] = _kitty_score(st, cards, leader)
    return trick


def _lead(st: HandState, leader: int) -> tuple[list[int], dict | None]:
    """LEAD-3 and THROW-2, THROW-3, THROW-4: the leader's cards, after any refused or failed
    throw."""
    ctx = st.ctx
    options = lead_options(ctx, st.hands[leader])
    _audit(st, "lead", leader, options)
    for _ in range(MAX_LEAD_ATTEMPTS):
        lead = list(st.players[leader].lead(st.view(leader), list_choice(options), st.rng))
        _check_subset(st.hands[leader], lead, f"seat {leader} leads")
        if not lead or play_suit(ctx, lead) is None:
            raise GameError(f"seat {leader} led {_fmt(ctx, lead)}: one suit only (DEF-27)")
        others = [st.hands[(leader + i) % 4] for i in range(1, 4)]
        result = judge_throw(ctx, lead, others)
        if result.rejected:
            continue
        _take(st.hands[leader], result.played, f"seat {leader} leads")
        throw = None
        if len(result.played) != len(lead) or not result.valid:
            throw = _penalty(st, leader, lead, result)
        elif len(_units(ctx, lead)) > 1:
            throw = {"cards": _fmt(ctx, lead), "valid": True, "rule": result.reason}
        return list(result.played), throw
    raise GameError(f"seat {leader}: {MAX_LEAD_ATTEMPTS} refused leads")


def _penalty(st: HandState, leader: int, lead: list[int], result) -> dict:
    """THROW-3, SCORE-2, AMB-24, OTH-8: a failed throw's penalty."""
    ctx = st.ctx
    delta = 0
    if result.penalty_unit == "card_points" and result.penalty:
        attacker = side_of(leader) != side_of(st.dealer)
        delta = -result.penalty if attacker else result.penalty
        st.attacker_points += delta
    entry = {"seat": leader, "cards": _fmt(ctx, lead), "played": _fmt(ctx, result.played),
             "returned": _fmt(ctx, result.returned), "blocked_by": result.blocked_by,
             "penalty": result.penalty, "unit": result.penalty_unit,
             "attacker_delta": delta, "valid": False, "rule": result.reason}
    st.record["penalties"].append(entry)
    return entry


def _kitty_score(st: HandState, plays: list[list[int]], leader: int) -> dict:
    leader_side = "dealer" if side_of(leader) == side_of(st.dealer) else "attackers"
    result = judge_kitty(st.ctx, plays, leader_side, st.kitty, st.attacker_points)
    st.attacker_points += result.awarded
    return {"multiplier": result.multiplier, "kitty_points": result.kitty_points,
            "awarded": result.awarded, "winner_side": result.winner_side,
            "kitty": _fmt(st.ctx, st.kitty)}


# ---------------------------------------------------------------------------- 5: score


def _score(st: HandState) -> None:
    v = st.variant
    result = judge_score(v, st.attacker_points)
    levels_penalty = sum(1 for p in st.record["penalties"] if p["unit"] == "level")
    after = after_hand(v, MatchState(st.match.levels, st.dealer, st.match.hand_number),
                       st.dealer, result)
    st.record.update({
        "attacker_points": st.attacker_points,
        "score": {"winner_side": result.winner_side, "levels": result.levels,
                  "next_dealer": result.next_dealer},
        "level_penalties": levels_penalty,
        "next_dealer": after.dealer, "levels_after": list(after.levels),
        "match_winner": after.winner,
    })


def play_match(variant: Any, players: list, root_seed: int, match_index: int = 0,
               max_hands: int = MAX_MATCH_HANDS) -> dict:
    """Match ``match_index`` of root seed ``root_seed``: hands until a side wins at A
    (LEVEL-1, AMB-38, DEF-18), the levels and the deal passing after each hand (LEVEL-2 ..
    LEVEL-8, DEALER-1, DEALER-2, DEALER-3, AMB-36, AMB-39: no demotion hook is given, so
    levels never go down). Hand ``i`` (``hand_number`` ``i + 1``) is hand index ``i`` of the
    match's seed ``rng.match_seed(root_seed, match_index)``, as the core's
    ``match_nb.play_match_nb`` plays it. ``winner_side`` is the winning side (0: seats 0 and
    2, 1: seats 1 and 3), None when ``max_hands`` ran out first."""
    seed = match_seed(root_seed, match_index)
    state = new_match(variant)
    hands = []
    for index in range(max_hands):
        record = play_hand(variant, players, seed, index, state)
        record["match"] = match_index
        hands.append(record)
        state = MatchState((record["levels_after"][0], record["levels_after"][1]),
                           record["next_dealer"], state.hand_number + 1,
                           record["match_winner"])
        if state.winner is not None:
            break
    return {"rules_version": RULES_VERSION, "variant": variant.name, "seed": root_seed,
            "match": match_index, "match_seed": seed, "max_hands": max_hands, "hands": hands,
            "winner_side": state.winner, "levels": list(state.levels)}


# ------------------------------------------------------------------------------ helpers


def _audit(st: HandState, decision: str, seat: int, options, **context) -> None:
    if st.audit is not None:
        st.audit(decision, st, seat, options, **context)


def _counts(cards: list[int]) -> tuple[int, ...]:
    counts = [0] * 54
    for k in cards:
        counts[k] += 1
    return tuple(counts)


def _count_multisets(pool: tuple[int, ...], m: int) -> int:
    from shengji_sim.rules.follow import _count_multisets as count

    return count(pool, m)


def _units(ctx: Context, cards: list[int]):
    from shengji_sim.rules.shapes import decompose

    return decompose(ctx, _counts(cards))


def _check_subset(hand: list[int], cards: list[int], what: str) -> None:
    have = _counts(hand)
    need = _counts(cards)
    if any(n > h for n, h in zip(need, have)):
        raise GameError(f"{what}: cards not in hand")


def _take(hand: list[int], cards: list[int], what: str) -> None:
    _check_subset(hand, cards, what)
    for k in cards:
        hand.remove(k)


def _fmt(ctx: Context | None, cards: list[int]) -> list[str]:
    if ctx is None:
        return [format_card(k) for k in sorted(cards)]
    return [format_card(k) for k in ctx.ranking.sorted_cards(list(cards))]


__all__ = ["Choice", "GameError", "Player", "View", "lead_options", "play_hand", "play_match"]
