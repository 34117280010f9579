"""炒底 / 抄底, the kitty fight after burying.

Rules: CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6, AMB-29, AMB-32, AMB-51, DEF-21.

Representation
--------------
Cards are kinds (:mod:`shengji_sim.cards`), ``level`` is the level rank 0..12, a trump is
0..3 or 4 (no-trump), and seats are 0..3 **in play order** (AMB-34 A): seat ``s + 1`` is the
下家 of seat ``s``. A 炒 shows cards like a declaration, so it is a
:class:`~shengji_sim.rules.bidding.Declaration` (one kind, ``count`` copies). The *standing*
cards are those of the declaration that set trump, or of the last successful 炒 (None when
trump came from no declaration).

:func:`chaodi_strength` maps the cards shown to 炒 to a comparable key (bigger is stronger) or
None when they may not be used to 炒 (``chaodi_ladder``, AMB-29):

* ``fanzhu_tiers`` (A): the 反主 tiers of 000 l.37, i.e. the declaration ladder of
  :func:`~shengji_sim.rules.bidding.declaration_strength` from the pair up; an equal tier
  cannot override.
* ``line68_ascending`` (B): rung 0 single L (any suit) < 1 pair ♦L < 2 pair ♣L < 3 pair ♥L
  < 4 pair ♠L < 5 pair LJ < 6 pair BJ < 7 four jokers, as ``(rung, 1 if BJ×4 else 0)``.
  Triples and quads of L are not eligible (a player holding three shows a pair). This is
  also STD2's 003 l.25 (a pair beats any single; BJ > LJ > ♠ > ♥ > ♣ > ♦), which has no
  four-joker rung with two decks.
* ``line68_descending`` (C): the literal reverse (``(7 - rung, -b)``), listed only to reject
  it.

Under every ladder a single never 炒s (CHAO-2, 003 l.25 "对子可炒任意单张"), so a single has no
key: under the line-68 ladders rung 0 "single L" describes what may *stand* (a single
declaration), never who may 炒; STD2 says that no AMB-29 reading lets a single 炒, and in
CZ4 a single is the bottom tier of l.37 too, which never beats what stands (and something
always stands when CZ4 allows a 炒, CHAO-6). What a 炒 must beat is
:func:`_standing_strength`: None when nothing stands (trump came from a card turned from the
kitty), :data:`BELOW_EVERY_CHAO` for a standing single; every eligible 炒 beats both.

A standing triple or quad declaration (AMB-51, under AMB-29 B) counts as the pair of its
card (A ``as_pair``), ranks above every pair rung (B ``above_pairs``,
:data:`ABOVE_EVERY_PAIR`), or is compared with the 炒 on the l.37 tiers (C ``tiers``: both
keys are then :func:`~shengji_sim.rules.bidding.declaration_strength`, see
:func:`_compared_keys`).

Four jokers that 炒 choose the trump (CHAO-3, 000 l.69): the engine offers each of
:data:`~shengji_sim.rules.bidding.TRUMP_CHOICES` as its own option, the choice in the
Declaration's ``choice``.

Decisions where RULES.md is silent are marked "Decision:" in the docstrings below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shengji_sim.cards import BJ, NO_TRUMP, is_joker, suit_of
from shengji_sim.errors import PositionError
from shengji_sim.rules.bidding import FOUR, Declaration, declaration_strength

__all__ = [
    "ChaodiOutcome",
    "ChaodiRecord",
    "asking_order",
    "can_chaodi",
    "chaodi_effect",
    "chaodi_strength",
    "resolve_chaodi",
]

PAIR_RUNG = {3: 1, 2: 2, 1: 3, 0: 4}  #: suit -> rung of its level pair: ♦ < ♣ < ♥ < ♠
TOP_RUNG = 7
#: CHAO-2: a standing single; below every key of every ladder (a single never 炒s)
BELOW_EVERY_CHAO = (-1, 0)
#: AMB-51 B: a standing triple or quad under AMB-29 B, above pair BJ (6, 0) and below four
#: jokers (7, b): only four jokers 炒 it
ABOVE_EVERY_PAIR = (6, 1)


def _line68_rung(level: int, cards: tuple[int, ...], decks: int) -> tuple | None:
    """AMB-29 B rung (1..7) of identical ``cards`` shown to 炒, or None.

    CHAO-2: rung 0 "single L" is only what may stand; a single never 炒s, so it has no rung
    here (see :func:`_standing_strength`).
    Decision: "四个王" is four identical jokers (as for declarations, AMB-33 sub-question);
    BJ×4 > LJ×4 within the top rung, extending l.68's LJ < BJ.
    """
    if not cards or len(set(cards)) != 1 or len(cards) > decks:
        return None
    k, n = cards[0], len(cards)
    if is_joker(k):
        if n == 2:
            return (6 if k == BJ else 5, 0)
        return (TOP_RUNG, 1 if k == BJ else 0) if n == 4 else None
    if k % 13 != level or n != 2:
        return None  # CHAO-2: only a pair 炒s; triples and quads are not on l.68
    return (PAIR_RUNG[suit_of(k)], 0)


def chaodi_strength(variant, level: int, cards: Sequence[int]) -> tuple | None:
    """CHAO-2 strength of ``cards`` shown to 炒 under ``chaodi_ladder`` (AMB-29), or None when
    they may not 炒.

    CHAO-2: a single never 炒s, under every ladder ("in STD2 no reading lets a single 炒";
    see the module docstring for CZ4). Decision: a CZ4 variant that switches CHAO-6 off
    (``chaodi_after_kitty_flip = true``) keeps this rule; RULES.md has no case where a
    single 炒s.
    """
    cards = tuple(cards)
    ladder = variant.chaodi_ladder
    if ladder == "fanzhu_tiers":
        if len(cards) == 1:
            return None  # CHAO-2: only a pair (or more) 炒s
        return declaration_strength(variant, level, cards)
    rung = _line68_rung(level, cards, variant.decks)
    if rung is None or ladder == "line68_ascending":
        return rung
    return (TOP_RUNG - rung[0], -rung[1])  # line68_descending: literal reverse


def _is_set(standing: Declaration) -> bool:
    """A standing triple or quad not on the l.68 list (which tops out at four jokers)."""
    return standing.count >= 3 and not (is_joker(standing.kind) and standing.count == FOUR)


def _on_tiers(variant, standing: Declaration | None) -> bool:
    """AMB-51 C ``tiers``: a standing triple or quad under AMB-29 B is compared with the 炒 on
    the l.37 反主 tiers."""
    return (standing is not None and _is_set(standing)
            and variant.chaodi_ladder == "line68_ascending" and variant.chaodi_over_set == "tiers")


def _standing_strength(variant, level: int, standing: Declaration | None) -> tuple | None:
    """Strength a 炒 must beat; None when nothing stands (any eligible 炒 is enough).

    CHAO-2: a standing single is the bottom rung "single L" (l.68) or the bottom tier
    (l.37), which any pair overrides (:data:`BELOW_EVERY_CHAO`). Decision: this holds under
    AMB-29 C too, where the literal reverse would put the single on top.

    AMB-51, a standing triple or quad that l.68 has no rung for (a triple or quad of L,
    triple jokers), under AMB-29 B: A ``as_pair`` counts it as the pair of the same card;
    B ``above_pairs`` puts it above every pair rung (:data:`ABOVE_EVERY_PAIR`); C ``tiers``
    is :func:`_compared_keys`. Decision: under AMB-29 C (listed only to reject it) such a
    declaration counts as its pair, as under AMB-51 A (AMB-51 applies under B only).
    """
    if standing is None:
        return None
    if standing.count == 1:
        return BELOW_EVERY_CHAO  # CHAO-2: any pair overrides a single
    strength = chaodi_strength(variant, level, standing.cards)
    if strength is None and _is_set(standing):
        if variant.chaodi_ladder == "line68_ascending" and \
                variant.chaodi_over_set == "above_pairs":
            return ABOVE_EVERY_PAIR  # AMB-51 B: only four jokers 炒 it
        strength = chaodi_strength(variant, level, standing.cards[:2])  # AMB-51 A
    return strength


def _compared_keys(variant, level: int, standing: Declaration | None,
                   cards: Sequence[int]) -> tuple[tuple | None, tuple | None]:
    """(key of the 炒 ``cards``, key it must beat): the ladder's (:func:`chaodi_strength`,
    :func:`_standing_strength`), or under AMB-51 C with a triple or quad standing both on
    the l.37 tiers (000 l.71 "in the order of the 反主 tiers": a quad of L 炒s a standing
    triple of L, a pair never does)."""
    if _on_tiers(variant, standing):
        return (declaration_strength(variant, level, cards),
                declaration_strength(variant, level, standing.cards))
    return chaodi_strength(variant, level, cards), _standing_strength(variant, level, standing)


def asking_order(dealer_seat: int) -> list[int]:
    """DEF-21 / CHAO-1: ask from the dealer's 下家 round in play order, the dealer last."""
    return [(dealer_seat + i) % 4 for i in range(1, 5)]


def can_chaodi(
    variant,
    level: int,
    standing: Declaration | None,
    new: Declaration,
    *,
    seat: int,
    original_declarer: int | None,
    someone_else_chaoed: bool,
    trump_from_kitty_flip: bool,
) -> tuple[bool, str]:
    """May ``seat`` 炒 with ``new`` over ``standing``? Returns (allowed, reason with rule ID)."""
    if new.seat != seat:
        raise PositionError(f"seat {seat} does not match the declaration's seat {new.seat}")
    if not variant.chaodi:
        return False, "CHAO-1: this variant has no 炒底"
    if trump_from_kitty_flip and not variant.chaodi_after_kitty_flip:
        return False, "CHAO-6: no 炒底 after trump was set by turning the kitty (000 l.73)"
    refused = _self_chaodi(variant, standing, seat, original_declarer, someone_else_chaoed)
    if refused is not None:
        return refused
    if new.choice is not None and not (new.is_joker and new.count >= FOUR):
        return False, "CHAO-3: only four jokers choose the trump"
    key, old = _compared_keys(variant, level, standing, new.cards)
    if key is None:
        return False, f"CHAO-2 / AMB-29 {variant.chaodi_ladder}: cards not eligible for 炒底"
    if old is not None and key <= old:
        return False, "CHAO-2: not higher than the current tier (000 l.71)"
    return True, "CHAO-2: higher than the current tier; takes the kitty and re-buries"


def _self_chaodi(variant, standing, seat, original_declarer, someone_else_chaoed):
    """CHAO-5 (000 l.72): no self-炒 until someone else has 炒ed.

    Decision: nobody may 炒 over their own standing 炒 (the fight would have ended, DEF-21).
    """
    if seat == original_declarer:
        if not someone_else_chaoed:
            return False, "CHAO-5: the declarer may not 炒 until someone else has (不能自反)"
        if not variant.chaodi_self_after_other:
            return False, "CHAO-5: the declarer may never 炒 in this variant"
    if standing is not None and standing.seat == seat:
        return False, "CHAO-5 / DEF-21: may not 炒 over one's own standing cards"
    return None


def chaodi_effect(
    variant, new: Declaration, hand_number: int, *, choice: int | None = None
) -> tuple[int, int | None]:
    """CHAO-3 / AMB-32: (new trump, new dealer seat or None = the dealer stays).

    Trump: level cards set their suit. Jokers used to 炒 are 反无主 (000 l.69; DEF-13 for
    STD2), and four jokers choose no-trump or any suit (``choice``, else ``new.choice``;
    None is no-trump). Decision: this follows l.69 even where AMB-33 B governs declarations
    (§8.2 note).
    """
    if choice is None:
        choice = new.choice
    if not new.is_joker:
        trump = new.suit
    elif new.count >= FOUR and choice is not None:
        trump = choice
    else:
        trump = NO_TRUMP
    moves = variant.chaodi_moves_dealer == "hand1_only" and hand_number == 1
    return trump, (new.seat if moves else None)


# ---------------------------------------------------------------------------------------------
# Replaying a whole fight (DEF-21)


@dataclass(frozen=True)
class ChaodiRecord:
    seat: int
    declaration: Declaration | None  #: None = pass
    legal: bool
    reason: str


@dataclass(frozen=True)
class ChaodiOutcome:
    """``kitty_holder`` buried last; ``dealer`` per AMB-32; ``trump`` after the fight."""

    records: tuple[ChaodiRecord, ...]
    standing: Declaration | None
    trump: int | None
    kitty_holder: int
    dealer: int


def resolve_chaodi(
    variant,
    level: int,
    standing: Declaration | None,
    trump: int | None,
    actions: Sequence[Declaration | None],
    *,
    dealer_seat: int,
    hand_number: int,
    original_declarer: int | None = None,
    trump_from_kitty_flip: bool = False,
    choices: Sequence[int | None] = (),
) -> ChaodiOutcome:
    """Replay a 炒底 fight (CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6, DEF-21).

    Seats are asked in :func:`asking_order`; ``actions`` gives each asked seat's answer in
    turn (None = pass; missing answers are passes; a declaration of another seat than the
    one asked raises PositionError). An illegal 炒 counts as a pass. The fight
    ends when the three players other than the last burier have passed since the last 炒.
    ``choices[i]`` is the trump chosen with the i-th successful 炒 when it shows four jokers
    (CHAO-3). ``original_declarer`` (CHAO-5) defaults to the dealer, who declared and buried.
    """
    declarer = dealer_seat if original_declarer is None else original_declarer
    order = asking_order(dealer_seat)
    state = _Fight(standing, trump, dealer_seat, dealer_seat)
    records: list[ChaodiRecord] = []
    passes, step, chaos = 0, 0, 0
    while passes < 3:
        seat = order[step % 4]
        step += 1
        if seat == state.holder:
            continue
        act = actions[len(records)] if len(records) < len(actions) else None
        ok, reason = _try(variant, level, state, act, seat, declarer, trump_from_kitty_flip)
        records.append(ChaodiRecord(seat, act, ok, reason))
        if not ok:
            passes += 1
            continue
        choice = choices[chaos] if chaos < len(choices) else None
        state.apply(variant, act, hand_number, choice)
        passes, chaos = 0, chaos + 1
    return ChaodiOutcome(tuple(records), state.standing, state.trump, state.holder, state.dealer)


@dataclass
class _Fight:
    standing: Declaration | None
    trump: int | None
    holder: int
    dealer: int
    someone_chaoed: bool = False

    def apply(self, variant, act: Declaration, hand_number: int, choice: int | None) -> None:
        self.trump, new_dealer = chaodi_effect(variant, act, hand_number, choice=choice)
        if new_dealer is not None:
            self.dealer = new_dealer
        self.standing, self.holder, self.someone_chaoed = act, act.seat, True


def _try(variant, level, state: _Fight, act, seat, original, kitty_flip) -> tuple[bool, str]:
    if act is None:
        return False, "pass"
    return can_chaodi(variant, level, state.standing, act, seat=seat,
                      original_declarer=original,
                      someone_else_chaoed=state.someone_chaoed,
                      trump_from_kitty_flip=kitty_flip)
