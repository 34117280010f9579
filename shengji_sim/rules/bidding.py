"""Declaring trump: 亮主 / 抢亮 / 反主 / 暗叫, and nobody declaring.

Rules: BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8, BID-9, DEALER-4, DEF-20, DEF-24,
DEF-25, DEF-29, AMB-30, AMB-31, AMB-33, AMB-35, AMB-42, AMB-45, AMB-46, AMB-50.

Representation
--------------
Cards are kinds (:mod:`shengji_sim.cards`: ``suit * 13 + rank``, S0 H1 C2 D3, ranks
2..A = 0..12, LJ 52, BJ 53). ``level`` is the level rank 0..12. A trump is a suit 0..3 or
4 (:data:`~shengji_sim.cards.NO_TRUMP`). Seats are 0..3 **in play order** (AMB-34 A), so
seat ``s + 1`` is the 下家 of seat ``s``; the seeds' P1..P4 are seats 0..3. The mod-4 tables
of BID-9 (000 l.67) run clockwise, against the seats: table t is seat ``TABLE_SEAT[t]``.

A :class:`Declaration` is the cards one seat shows, all identical (one kind): ``count``
level cards of one suit, or ``count`` identical jokers. Its ``suit`` is the natural suit of
the cards (4 for jokers); which trump a joker declaration sets is :func:`trump_after`
(AMB-33). Four jokers that choose the trump (AMB-33 C for a declaration, CHAO-3 for a 炒)
carry the chosen trump as ``choice``; the engine offers the five choices in the order of
:data:`TRUMP_CHOICES` (♠ ♥ ♣ ♦, then no-trump). :func:`declaration_strength` maps the cards
to a comparable key (bigger is stronger) or None when they are no declaration in the
variant:

* ladder (``bid_method`` race_open / open: CZ4 BID-3, STD2 / THREE3 BID-1):
  ``(count, 0 | 1 | 2)`` with 0 = level cards, 1 = LJ, 2 = BJ. This is exactly 000 l.37:
  single L < pair L < pair jokers < triple L < triple jokers < quad L < quad jokers, and BJ > LJ
  within a tier; level cards of different suits in one tier are equal (an equal tier cannot
  override, 000 l.35). Jokers need ``count >= 2`` and are biddable only where AMB-33 applies
  (CZ4, STD2; the generic 003 lines have no joker bids, so THREE3 has none).
* hidden (JJ4 BID-4): ``(count,)``; level cards only (002 is silent on jokers: not biddable).
* first_two (ONE1 BID-1, 003 l.193): a single level card (a 2 in hand 1); ``(1,)``.

The declaration window (DEF-24, AMB-50) is :func:`declaration_window_open`: open during the
deal; after the last dealt card closed (A), one more chance each (B) or asking round until
every seat has passed since the last declaration (C).

Decisions where RULES.md is silent are marked "Decision:" in the docstrings below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shengji_sim.cards import BJ, LJ, NO_TRUMP, is_joker, suit_of
from shengji_sim.errors import PositionError

__all__ = [
    "TRUMP_CHOICES",
    "AttemptRecord",
    "Declaration",
    "DeclarationOutcome",
    "NoBidOutcome",
    "can_override",
    "chooses_trump",
    "declaration_strength",
    "declaration_window_open",
    "mod4_number",
    "mod4_seat",
    "no_declaration",
    "pip_count_seat",
    "resolve_declarations",
    "resolve_hidden_bids",
    "trump_after",
]

SPADES = 0
FOUR = 4  #: "四张王": the only no-trump declaration in CZ4 (BID-5)
#: The trumps four jokers may choose (AMB-33 C, CHAO-3: no-trump or any suit), in the order
#: the engine offers them: ♠ ♥ ♣ ♦, then no-trump (so the last option is the no-trump one).
TRUMP_CHOICES = (0, 1, 2, 3, NO_TRUMP)
SEATS = 4
LITERAL_TEN = 8  #: rank index of the 10 (AMB-30 B2)


# ---------------------------------------------------------------------------------------------
# Declarations


@dataclass(frozen=True)
class Declaration:
    """``seat`` (0..3, play order) shows ``cards`` (kinds, all identical).

    ``choice`` is the trump chosen with four jokers (0..3 or 4 = no-trump, see
    :data:`TRUMP_CHOICES`): for a declaration only under AMB-33 C ``four_choose``, for a 炒
    always (CHAO-3). None on every other declaration; on four jokers it means no-trump.
    """

    seat: int
    cards: tuple[int, ...]
    choice: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        if not 0 <= self.seat <= 3:
            raise PositionError(f"seat {self.seat}: expected 0..3")
        if not self.cards:
            raise PositionError("a declaration shows at least one card")

    @property
    def kind(self) -> int:
        return self.cards[0]

    @property
    def suit(self) -> int:
        """Natural suit of the shown cards, 4 (no-trump) for jokers."""
        return suit_of(self.kind)

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def is_joker(self) -> bool:
        return is_joker(self.kind)

    @property
    def identical(self) -> bool:
        return len(set(self.cards)) == 1


def _jokers_biddable(variant) -> bool:
    """BID-5: joker declarations exist only where AMB-33 applies (CZ4 l.37, STD2 l.13 反无主)."""
    return "AMB-33" in variant.applicable


def _is_level_card(k: int, level: int) -> bool:
    return not is_joker(k) and k % 13 == level


def declaration_strength(variant, level: int, cards: Sequence[int]) -> tuple | None:
    """Comparable strength of ``cards`` as a declaration, or None if not a valid one.

    Decision (AMB-33 sub-question): a joker declaration is ``count`` *identical* jokers
    (LJ×n or BJ×n, as the BID-3 tiers "BJ > LJ within a tier" presuppose); mixed jokers and
    single jokers are no declaration. More cards than the decks hold are no declaration.
    """
    cards = tuple(cards)
    if not cards or len(set(cards)) != 1 or len(cards) > variant.decks:
        return None
    k, n = cards[0], len(cards)
    if variant.bid_method == "hidden":
        return (n,) if _is_level_card(k, level) else None  # BID-4; jokers not biddable
    if variant.bid_method == "first_two":
        return (1,) if n == 1 and _is_level_card(k, level) else None  # BID-1 ONE1 (l.193)
    if _is_level_card(k, level):
        return (n, 0)  # BID-1, BID-3
    if is_joker(k) and n >= 2 and _jokers_biddable(variant):
        return (n, 2 if k == BJ else 1)  # BID-3: pair jokers > pair L; BJ > LJ in a tier
    return None


def _is_reinforcement(standing: Declaration, new: Declaration) -> bool:
    """DEF-20 自保: the same seat shows more of the same card (same suit, or the same joker).

    Decision: anything else by the same seat (another suit, or jokers over level cards) is a
    自反 (BID-6), even where AMB-33 B would keep the trump suit.
    """
    return standing.seat == new.seat and standing.kind == new.kind


def _self_check(variant, standing: Declaration, new: Declaration) -> tuple[bool, str] | None:
    """BID-6 / DEF-20 when a seat overrides its own standing declaration; None otherwise."""
    if standing.seat != new.seat:
        return None
    if _is_reinforcement(standing, new):
        if not variant.self_reinforce:
            return False, "DEF-20: self-reinforcement (自保) is not allowed in this variant"
        return None
    if not variant.self_counter:
        return False, "BID-6: a player may not override their own declaration (不能自反)"
    return None


def _first_declaration(variant, new: Declaration, first_hand: bool) -> tuple[bool, str]:
    """BID-1 with nothing standing.

    Decision: under AMB-33 B ``only_four_NT`` a pair/triple joker declaration keeps the
    current suit, so with no suit standing it is refused (000 l.36: no-trump only with four
    jokers).
    """
    if new.is_joker and new.count < FOUR and variant.joker_declaration == "only_four_NT":
        return False, "AMB-33 B: pair/triple jokers keep the suit, and no suit is declared yet"
    who = " (hand 1: the declarer deals, BID-7)" if first_hand else ""
    return True, f"BID-1: first declaration{who}"


def chooses_trump(variant, new: Declaration) -> bool:
    """AMB-33 C ``four_choose`` (000 l.69): four jokers declared choose the trump."""
    return new.is_joker and new.count >= FOUR and variant.joker_declaration == "four_choose"


def can_override(
    variant, level: int, standing: Declaration | None, new: Declaration, *, first_hand: bool,
    after_deal: bool = False,
) -> tuple[bool, str]:
    """May ``new`` be shown over ``standing``? Returns (allowed, reason with rule ID).

    ``first_hand`` only changes what an override wins (hand 1: kitty and dealership,
    反底反庄, BID-3 / BID-7; later hands: the trump suit only), not whether it is legal.
    Under AMB-35 B ``all_hidden`` every valid bid is recorded (True); the winner is chosen
    by :func:`resolve_hidden_bids`. ``after_deal``: shown after the last dealt card, where
    AMB-50 C asks for a stronger declaration (:func:`_after_deal_rule`). A ``choice`` of
    trump is only for four jokers under AMB-33 C.
    """
    if declaration_strength(variant, level, new.cards) is None:
        return False, f"{_ladder_rule(variant)}: not a valid declaration"
    if new.choice is not None and not chooses_trump(variant, new):
        return False, "AMB-33: only four jokers under C four_choose choose the trump"
    if standing is None:
        return _first_declaration(variant, new, first_hand)
    refused = _self_check(variant, standing, new)
    if refused is not None:
        return refused
    if after_deal and variant.declaration_after_deal == "until_all_pass":
        return _after_deal_rule(variant, level, standing, new, first_hand)
    return _override_rule(variant, level, standing, new, first_hand)


def _after_deal_rule(
    variant, level: int, standing: Declaration, new: Declaration, first_hand: bool
) -> tuple[bool, str]:
    """AMB-50 C: after the last card "each declaration must beat the one standing, so the
    asking stops" (RULES.md AMB-50).

    Decision: there, beating means strictly stronger on the variant's ladder (BID-2), under
    every AMB-42 and AMB-35 reading. AMB-42 B ``last_wins`` would let two seats declare over
    each other for ever (S5, H5, S5 ...), and AMB-35 B ``all_hidden`` records any valid bid,
    so the asking would never end; AMB-42 C ``first_wins`` still refuses every override.
    DEF-20 self-reinforcement is a declaration too: it must add a card.
    """
    if variant.bid_override_rule == "first_wins":
        return False, "AMB-42 C: the first declaration stands"
    old = declaration_strength(variant, level, standing.cards)
    if old is not None and declaration_strength(variant, level, new.cards) <= old:
        return False, "AMB-50 C: after the deal a declaration must beat the one standing"
    wins = "反底反庄 (hand 1)" if first_hand else "trump only (hand 2+, BID-7)"
    return True, f"AMB-50 C: stronger than the one standing, after the deal; {wins}"


def _ladder_rule(variant) -> str:
    return {"race_open": "BID-3", "hidden": "BID-4", "first_two": "BID-1"}.get(
        variant.bid_method, "BID-1")


def _override_rule(
    variant, level: int, standing: Declaration, new: Declaration, first_hand: bool
) -> tuple[bool, str]:
    """AMB-42 (stronger / last_wins / first_wins) and AMB-35 for JJ4 hidden bids."""
    wins = "反底反庄 (hand 1)" if first_hand else "trump only (hand 2+, BID-7)"
    if variant.bid_method == "hidden" and variant.jj4_bid_visibility == "all_hidden":
        return True, "AMB-35 B: hidden bid recorded; most cards (earliest on ties) wins"
    rule = variant.bid_override_rule
    if rule == "first_wins":
        return False, "AMB-42 C: the first declaration stands"
    if rule == "last_wins":
        return True, f"AMB-42 B: the last declaration wins; {wins}"
    old = declaration_strength(variant, level, standing.cards)
    new_key = declaration_strength(variant, level, new.cards)
    if old is not None and new_key <= old:
        if variant.bid_method == "hidden":
            return False, "BID-4 / AMB-35 A: an override needs one more card (earlier wins ties)"
        return False, "BID-2 / AMB-42 A: not strictly stronger (不能再亮同级别或以下)"
    return True, f"BID-2 / AMB-42 A: strictly stronger; {wins}"


def resolve_hidden_bids(bids: Sequence[Declaration]) -> Declaration | None:
    """AMB-35 B: the bid with the most cards wins; the earliest wins ties (002 l.22)."""
    best: Declaration | None = None
    for bid in bids:
        if best is None or bid.count > best.count:
            best = bid
    return best


def trump_after(variant, current: int | None, new: Declaration) -> int | None:
    """The trump after ``new`` is accepted over trump ``current`` (BID-1, BID-5, AMB-33)."""
    if not new.is_joker:
        return new.suit
    mode = variant.joker_declaration
    if mode == "any_joker_NT":
        return NO_TRUMP  # AMB-33 A
    if new.count >= FOUR:
        if chooses_trump(variant, new) and new.choice is not None:
            return new.choice  # AMB-33 C: four jokers choose (000 l.69)
        return NO_TRUMP  # BID-5: four jokers = no-trump
    if mode == "four_choose":
        return NO_TRUMP  # AMB-33 C: pair/triple jokers give NT
    return current  # AMB-33 B: pair/triple jokers keep the suit


# ---------------------------------------------------------------------------------------------
# Replaying a declaration sequence


@dataclass(frozen=True)
class AttemptRecord:
    declaration: Declaration
    legal: bool
    reason: str
    trump_after: int | None  #: trump of the standing declaration after this attempt


@dataclass(frozen=True)
class DeclarationOutcome:
    """``standing`` is the winning declaration (None: nobody declared, BID-8 applies).

    ``dealer`` is the hand-1 dealer by AMB-46 (None in later hands or when nobody declared).
    """

    records: tuple[AttemptRecord, ...]
    standing: Declaration | None
    trump: int | None
    declarer: int | None
    first_turner: int | None
    dealer: int | None
    rule: str

    @property
    def legal(self) -> tuple[bool, ...]:
        return tuple(r.legal for r in self.records)


def resolve_declarations(
    variant, level: int, sequence: Sequence[Declaration], *, first_hand: bool = True,
    after_deal: Sequence[bool] = (),
) -> DeclarationOutcome:
    """Replay attempted declarations in order (BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7,
    DEALER-4, AMB-35, AMB-42, AMB-46, AMB-50). ``after_deal[i]``: attempt ``i`` came after
    the last dealt card (missing: during the deal)."""
    hidden = variant.bid_method == "hidden" and variant.jj4_bid_visibility == "all_hidden"
    standing: Declaration | None = None
    trump: int | None = None
    accepted: list[Declaration] = []
    records: list[AttemptRecord] = []
    for i, decl in enumerate(sequence):
        late = i < len(after_deal) and after_deal[i]
        ok, reason = can_override(variant, level, standing, decl, first_hand=first_hand,
                                  after_deal=late)
        if ok:
            accepted.append(decl)
            trump, standing = _accept(variant, trump, standing, decl, accepted, hidden)
        records.append(AttemptRecord(decl, ok, reason, trump))
    if hidden:
        standing = resolve_hidden_bids(accepted)
        trump = None if standing is None else standing.suit
    return _outcome(variant, records, standing, trump, accepted, first_hand)


def _accept(variant, trump, standing, decl, accepted, hidden):
    """New (trump, standing) after ``decl`` is accepted; hidden bids: the current leader."""
    if hidden:
        leader = resolve_hidden_bids(accepted)
        return leader.suit, leader
    return trump_after(variant, trump, decl), decl


def _outcome(variant, records, standing, trump, accepted, first_hand) -> DeclarationOutcome:
    first = accepted[0].seat if accepted else None
    declarer = standing.seat if standing else None
    dealer = None
    if first_hand and standing is not None:
        dealer = first if variant.hand1_dealer == "first_turner" else declarer  # AMB-46
    rule = "BID-7 / AMB-46 " + ("B first_turner" if variant.hand1_dealer == "first_turner"
                                 else "A final_declarer")
    if standing is None:
        rule = "BID-8: nobody declared"
    return DeclarationOutcome(tuple(records), standing, trump, declarer, first, dealer, rule)


def declaration_window_open(
    variant, *, deal_finished: bool, asked: int = 0, passes: int = 0
) -> tuple[bool, str]:
    """DEF-24 / AMB-50: may the next seat be asked to declare?

    DEF-24: the window is open from the first dealt card until the deal ends. After the last
    card (``deal_finished``) the seats are asked in play order from the seat after the one
    that received the last card; ``asked`` is how many have been asked since, ``passes`` how
    many in a row passed since the last declaration (or since the last card):

    * A ``closed``: the window closes with the last dealt card.
    * B ``one_round``: each seat gets exactly one more chance, then the window closes, even
      if someone declared in that round.
    * C ``until_all_pass``: the asking goes round until every seat has passed since the last
      declaration or overcall; then the dealer takes the kitty. It ends because each
      declaration after the deal must beat the one standing (:func:`_after_deal_rule`).

    Ties: the earliest wins (see :func:`can_override`).
    """
    if not deal_finished:
        return True, "DEF-24: during the deal"
    mode = variant.declaration_after_deal
    if mode == "closed":
        return False, "AMB-50 A: the window closed with the last dealt card"
    if mode == "one_round":
        if asked < SEATS:
            return True, "AMB-50 B: one more chance each after the last card"
        return False, "AMB-50 B: every seat had its one more chance; the window has closed"
    if passes < SEATS:
        return True, "AMB-50 C: asking until every seat has passed since the last declaration"
    return False, "AMB-50 C: every seat passed since the last declaration; the window has closed"


# ---------------------------------------------------------------------------------------------
# Nobody declares (BID-8, BID-9, DEF-25)


@dataclass(frozen=True)
class NoBidOutcome:
    """``trump`` None: redeal, or not fixed by the rule. ``dealer_seat`` None: the dealer is
    not chosen by this rule (hand 2+: the existing dealer stays)."""

    trump: int | None
    dealer_seat: int | None
    redeal: bool
    rule: str


def mod4_number(variant, k: int) -> int:
    """BID-9 / AMB-31: the number of card ``k`` (000 l.67 "从0~53的，大王是53，A为0").

    Our ranks put 2 first and A last; AMB-31 counts A = 0, so A..K are ``(rank + 1) % 13``.
    Decision: under ``face_value`` jokers keep the 000 l.67 numbers LJ 52, BJ 53 (pips are
    undefined for jokers; this keeps all three numberings agreeing on jokers).
    """
    if is_joker(k):
        return 52 if k == LJ else 53
    a_first = (k % 13 + 1) % 13
    numbering = variant.mod4_numbering
    if numbering == "deck_index":
        return suit_of(k) * 13 + a_first  # ♠ 0-12, ♥ 13-25, ♣ 26-38, ♦ 39-51
    if numbering == "rank_index":
        return a_first
    return a_first + 1  # face_value: A 1 .. K 13


#: BID-9 (000 l.67 "右侧的是零号桌，然后顺时针依次是1、2、3号桌"): the seat of table t. The tables
#: run clockwise and play counter-clockwise (LEAD-4), so with table 0 = seat 0 the tables run
#: against our seat numbers: table 1 is seat 3, table 2 seat 2, table 3 seat 1.
TABLE_SEAT = (0, 3, 2, 1)


def mod4_seat(variant, k: int) -> int:
    """BID-9 / AMB-31: the dealer sits at table ``number mod 4`` (000 l.67), as a seat.

    Decision (AMB-31, seat 0): table 0 "on the right" is seat 0; the tables then go clockwise,
    against the play order (:data:`TABLE_SEAT`). CZ4 only: STD2's AMB-45 counts in play
    order (:func:`pip_count_seat`).
    """
    return TABLE_SEAT[mod4_number(variant, k) % 4]


def pip_count_seat(variant, k: int) -> int:
    """AMB-45 (003 l.13 "翻牌对点配对坐庄"): the seat the flipped card's number counts to,
    ``number mod 4`` (numbers by AMB-31).

    AMB-45's example: seats are counted in play order from seat 0; 003 gives no direction,
    so BID-9's clockwise tables, which are CZ4's, are not used (C6 under STD2's default
    AMB-31 C counts pips: 6, seat 2, under A and under B).
    """
    return mod4_number(variant, k) % 4


def no_declaration(variant, level: int, kitty: Sequence[int], hand_number: int) -> NoBidOutcome:
    """BID-8 / DEF-25: trump (and hand-1 dealer) when nobody declared."""
    mode = variant.no_declaration
    if mode == "spades":
        return _jj4_spades(hand_number)
    if mode == "cz4_kitty":
        return _cz4_no_bid(variant, level, list(kitty), hand_number)
    if mode == "std2_flip":
        return _std2_no_bid(variant, list(kitty), hand_number)
    return NoBidOutcome(None, None, True, "BID-8 / DEF-25: nobody declared; redeal")


def _jj4_spades(hand_number: int) -> NoBidOutcome:
    """BID-8 JJ4 (002 l.28): spades are trump.

    DEF-29: in hand 1 the seat that received the first dealt card deals (002 names no dealer:
    nobody 翻主, l.30). That seat is the caller's (``rules.game``: the first recipient of
    the deal), so dealer_seat stays None here.
    """
    note = "; hand-1 dealer: the first recipient (DEF-29)" if hand_number == 1 else ""
    return NoBidOutcome(SPADES, None, False, f"BID-8 (002 l.28): spades are trump{note}")


def _card_trump(k: int) -> int:
    """The suit a turned kitty card sets; a joker gives no-trump (000 l.67)."""
    return NO_TRUMP if is_joker(k) else suit_of(k)


def _cz4_no_bid(variant, level: int, kitty: list[int], hand_number: int) -> NoBidOutcome:
    """AMB-30: line39 / line67_level_card / line67_literal_10."""
    if not kitty:
        raise ValueError("CZ4 no-declaration rule needs the kitty")
    mode = variant.cz4_no_bid
    if mode == "line39":
        return _cz4_line39(kitty, hand_number)
    rank = level if mode == "line67_level_card" else LITERAL_TEN
    marked = [k for k in kitty if not is_joker(k) and k % 13 == rank]
    trump = suit_of(marked[0]) if marked else _card_trump(kitty[0])
    what = "first level card" if mode == "line67_level_card" else "first literal 10"
    source = what if marked else "first kitty card"
    dealer = mod4_seat(variant, kitty[0]) if hand_number == 1 else None  # BID-9
    rule = "BID-8 / AMB-30 " + ("B1" if mode == "line67_level_card" else "B2")
    tail = f"; hand-1 dealer = seat {dealer} (BID-9 / AMB-31)" if dealer is not None else ""
    return NoBidOutcome(trump, dealer, False, f"{rule}: trump from the {source}{tail}")


def _cz4_line39(kitty: list[int], hand_number: int) -> NoBidOutcome:
    """AMB-30 A (000 l.39): first kitty card's suit; hand 1 redeal.

    Decision: a joker as the first card gives no-trump (as 000 l.67 and DEF-13).
    """
    if hand_number == 1:
        return NoBidOutcome(None, None, True, "BID-8 / AMB-30 A: nobody declared in hand 1; redeal")
    return NoBidOutcome(_card_trump(kitty[0]), None, False,
                        "BID-8 / AMB-30 A: trump = suit of the first kitty card (joker: NT)")


def _std2_no_bid(variant, kitty: list[int], hand_number: int) -> NoBidOutcome:
    """AMB-45: flip_for_dealer / flip_like_cz4_line67 / redeal (003 l.13).

    Both A and B count the dealer's seat in play order (:func:`pip_count_seat`, AMB-45's
    example), not by BID-9's clockwise tables. Decision: under A the trump suit is left
    undetermined (None), as RULES.md says; in hand 2+ the dealer is already fixed, so A
    decides nothing there.
    """
    mode = variant.std2_no_bid
    if mode == "redeal":
        return NoBidOutcome(None, None, True, "BID-8 / AMB-45 C: nobody declared; redeal")
    if not kitty:
        raise ValueError("STD2 kitty flip needs the kitty")
    first = kitty[0]
    if mode == "flip_for_dealer":
        dealer = pip_count_seat(variant, first) if hand_number == 1 else None
        return NoBidOutcome(None, dealer, False,
                            "BID-8 / AMB-45 A: the flipped card's number picks the dealer; "
                            "trump unspecified")
    dealer = pip_count_seat(variant, first) if hand_number == 1 else None  # AMB-45 example
    return NoBidOutcome(_card_trump(first), dealer, False,
                        "BID-8 / AMB-45 B: the first kitty card gives the suit and the dealer")

