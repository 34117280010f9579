"""The fuzzing harness's situations: the :class:`Position` every strategy draws and every
property checks, :func:`position` that rebuilds one from notation, and the cached variants and
contexts the positions name.

Representation
--------------
A :class:`Position` is one drawn situation, of one of these kinds:

``follow``
    a lead and one follower's whole hand (``hands[0]``);
``trick``
    a lead, the three followers' hands (``hands``) and the legal follow each played
    (``plays``), drawn from :func:`~shengji_sim.rules.follow.follow_options`;
``throw``
    a lead of two or more canonical units (a 甩, THROW-1) and the other three players'
    hands in turn order (``hands``);
``game``
    a whole hand of the reference engine: ``seed`` / ``index`` / ``players``;
``declare``
    a declaration (``lead``, by ``seat``) over the declarations shown before it
    (``history``: ``(seat, cards)`` legal in turn), in ``hand_number``, ``flags``
    "after_deal" after the last card;
``chaodi``
    a 炒 (``lead``, by ``seat``) over what stands (``history``: one entry, or none when trump
    came from the kitty), with ``declarer``, ``dealer``, ``hand_number``, ``flags``
    "someone_else" (CHAO-5) and "kitty_flip" (CHAO-6); ``trump`` is the trump before it;
``score``
    both sides' ``levels``, the ``dealer`` and the attackers' ``points`` of one hand;
``match``
    a whole match of the reference engine from ``level`` (``--set starting_level``):
    ``seed`` / ``index`` (the match index) / ``players``.

Cards are kinds (:mod:`shengji_sim.cards`), level a rank 0..12, trump 0..3 (4 = NT), seats
0..3. ``repr(position)`` is a :func:`position` call that rebuilds it, so a shrunk failure
pastes into a regression test.

:data:`VARIANTS` are the built-in variants the harness and the tests draw from,
:data:`FOLLOW_ITEMS` the items that switch a follow rule; :func:`variant_for` loads a variant
with ``--amb`` overrides (an override the variant does not take raises
:class:`StrategyWarning`), :func:`context_for` its rules Context for a level and trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from shengji_sim.cards import (
    format_cards,
    format_rank,
    format_trump,
    parse_cards,
    parse_rank,
    parse_trump,
)
from shengji_sim.config.interpretations import VariantError
from shengji_sim.config.variant import load_variant
from shengji_sim.errors import InputError
from shengji_sim.rules.shapes import Context, make_context

VARIANTS: tuple[str, ...] = (
    "changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck",
)
#: The §4/§7 items that switch a follow rule.
FOLLOW_ITEMS: tuple[str, ...] = (
    "AMB-11", "AMB-12", "AMB-13", "AMB-14", "AMB-15", "AMB-16", "AMB-17", "AMB-18",
    "AMB-19", "AMB-41", "OTH-5", "OTH-6",
)
KINDS = ("follow", "trick", "throw", "game", "declare", "chaodi", "score", "match")
SHOWN_KINDS = ("declare", "chaodi")  #: positions of cards shown to declare or 炒


class StrategyWarning(InputError):
    """An ``--amb`` override the variant does not take (the harness never ignores one)."""


def _refuse(message: str) -> None:
    raise StrategyWarning(message)


@lru_cache(maxsize=512)
def variant_for(name: str, ambs: tuple[str, ...] = ()):
    """A variant with ``--amb`` overrides (cached; an override that does not apply raises)."""
    return load_variant(name, amb=list(ambs), warn=_refuse)


@lru_cache(maxsize=256)
def match_variant(name: str, ambs: tuple[str, ...], level: int):
    """A variant whose matches start at ``level`` (``--set starting_level=R``): the match
    positions start near A, so that a match is a few hands."""
    return load_variant(name, amb=list(ambs), sets=[f"starting_level={format_rank(level)}"],
                        warn=_refuse)


@lru_cache(maxsize=8192)
def context_for(name: str, ambs: tuple[str, ...], level: int, trump: int) -> Context:
    return make_context(variant_for(name, ambs), level, trump)


@lru_cache(maxsize=4096)
def _loads(name: str, ambs: tuple[str, ...]) -> bool:
    """Whether the variant takes these readings together (AMB-28 C `51+8` never sums to 216)."""
    try:
        variant_for(name, ambs)
    except VariantError:
        return False
    return True


# ----------------------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    """One drawn situation; see the module docstring."""

    kind: str
    variant: str
    ambs: tuple[str, ...] = ()
    level: int = 0
    trump: int = 0
    lead: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    plays: tuple[tuple[int, ...], ...] = ()
    seed: int = 0
    index: int = 0
    players: str = "random"
    seat: int = 0  #: declare, chaodi: the seat showing ``lead``
    history: tuple[tuple[int, tuple[int, ...]], ...] = ()  #: (seat, cards) shown before
    declarer: int | None = None  #: chaodi: the original declarer (CHAO-5)
    dealer: int = 0  #: chaodi: the dealer now; score: the seat that dealt
    hand_number: int = 1
    flags: tuple[str, ...] = ()  #: "after_deal", "someone_else", "kitty_flip"
    levels: tuple[int, int] = (0, 0)  #: score: both sides' levels
    points: int = 0  #: score: the attackers' points

    @property
    def ctx(self) -> Context:
        return context_for(self.variant, self.ambs, self.level, self.trump)

    @property
    def variant_obj(self):
        if self.kind == "match":
            return match_variant(self.variant, self.ambs, self.level)
        return variant_for(self.variant, self.ambs)

    def fresh_ctx(self) -> Context:
        """A new Context (no shared caches keyed on it) for the same rules."""
        return make_context(load_variant(self.variant, amb=list(self.ambs)), self.level,
                            self.trump)

    @property
    def hand(self) -> tuple[int, ...]:
        return self.hands[0]

    @property
    def trick(self) -> list[list[int]]:
        return [list(self.lead)] + [list(p) for p in self.plays]

    def holding(self, hand: tuple[int, ...] | None = None) -> list[int]:
        """The cards of ``hand`` (default: the first) in the led follow group."""
        r = self.ctx.ranking
        g, e = r.group[self.lead[0]], r.eff_suit[self.lead[0]]
        return [k for k in (self.hand if hand is None else hand)
                if r.group[k] == g and r.eff_suit[k] == e]

    def n_cards(self) -> int:
        """Cards named by the position (the size of a shrunk example)."""
        return len(self.lead) + sum(len(h) for h in self.hands) + \
            sum(len(c) for _, c in self.history)

    def _fmt(self, cards) -> str:
        if self.kind in SHOWN_KINDS:
            return format_cards(sorted(cards))
        return format_cards(self.ctx.ranking.sorted_cards(list(cards)))

    def shown(self, seat: int, cards) -> str:
        """``SEAT:CARDS``, as ``--standing`` takes it."""
        return f"{seat}:{self._fmt(cards)}"

    def __repr__(self) -> str:
        if self.kind in ("game", "match"):
            level = f"level={format_rank(self.level)!r}, " if self.kind == "match" else ""
            return (f"position({self.kind!r}, {self.variant!r}, ambs={self.ambs!r}, {level}"
                    f"seed={self.seed}, index={self.index}, players={self.players!r})")
        if self.kind == "score":
            levels = tuple(format_rank(r) for r in self.levels)
            return (f"position('score', {self.variant!r}, ambs={self.ambs!r}, levels={levels!r}, "
                    f"dealer={self.dealer}, points={self.points})")
        if self.kind in SHOWN_KINDS:
            history = tuple(self.shown(s, c) for s, c in self.history)
            return (f"position({self.kind!r}, {self.variant!r}, ambs={self.ambs!r}, "
                    f"level={format_rank(self.level)!r}, trump={format_trump(self.trump)!r}, "
                    f"lead={self._fmt(self.lead)!r}, seat={self.seat}, history={history!r}, "
                    f"declarer={self.declarer!r}, dealer={self.dealer}, "
                    f"hand_number={self.hand_number}, flags={self.flags!r})")
        hands = tuple(self._fmt(h) for h in self.hands)
        plays = tuple(self._fmt(p) for p in self.plays)
        extra = f", plays={plays!r}" if plays else ""
        return (f"position({self.kind!r}, {self.variant!r}, ambs={self.ambs!r}, "
                f"level={format_rank(self.level)!r}, trump={format_trump(self.trump)!r}, "
                f"lead={self._fmt(self.lead)!r}, hands={hands!r}{extra})")


def position(kind: str, variant: str, ambs: tuple[str, ...] = (), level: str = "2",
             trump: str = "S", lead: str = "", hands: tuple[str, ...] = (),
             plays: tuple[str, ...] = (), seed: int = 0, index: int = 0,
             players: str = "random", *, hand: str | None = None, seat: int = 0,
             history: tuple[str, ...] = (), declarer: int | None = None, dealer: int = 0,
             hand_number: int = 1, flags: tuple[str, ...] = (),
             levels: tuple[str, str] = ("2", "2"), points: int = 0) -> Position:
    """Build a Position from notation (the inverse of ``repr``).

    ``hand`` is short for ``hands=(hand,)``: one follower's hand (a ``follow`` position).
    ``history`` entries are ``SEAT:CARDS`` (declare, chaodi); ``levels`` two ranks (score).
    """
    if kind not in KINDS:
        raise ValueError(f"{kind}: no such position kind (expected one of {', '.join(KINDS)})")
    if isinstance(hands, str):
        raise TypeError("hands is a tuple of hands; pass one follower's hand as hand=")
    if hand is not None:
        if hands:
            raise TypeError("pass hand= or hands=, not both")
        hands = (hand,)
    shown = tuple((int(h.split(":")[0]), tuple(parse_cards(h.split(":", 1)[1])))
                  for h in history)
    return Position(kind, variant, tuple(ambs), parse_rank(level), parse_trump(trump),
                    tuple(parse_cards(lead)), tuple(tuple(parse_cards(h)) for h in hands),
                    tuple(tuple(parse_cards(p)) for p in plays), seed, index, players, seat,
                    shown, declarer, dealer, hand_number, tuple(flags),
                    (parse_rank(levels[0]), parse_rank(levels[1])), points)


__all__ = [
    "FOLLOW_ITEMS", "KINDS", "SHOWN_KINDS", "VARIANTS", "Position", "StrategyWarning",
    "context_for", "match_variant", "position", "variant_for",
]
