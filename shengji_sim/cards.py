"""Card encoding and notation (DESIGN.md "Cards").

Representation
--------------
A card *kind* is an int 0..53::

    kind = suit * 13 + rank        suits  S=0  H=1  C=2  D=3
                                   ranks  2=0 3=1 ... 10=8 J=9 Q=10 K=11 A=12
    LJ (little joker) = 52         BJ (big joker) = 53

Identical cards of different decks are the same kind, so a holding is a count vector
``counts[54]`` (numpy ``int8`` in the kernels, a plain ``list[int]`` / ``tuple`` in the
reference engine).

Notation: suit letter then rank, ``S10 HJ DA C2``; jokers ``BJ`` and ``LJ``. ``T`` is
accepted for 10, lower case and the suit symbols ♠♥♣♦ are accepted; output is canonical.
A card list is whitespace- or comma-separated. Level ranks are written ``2..10 J Q K A``
and trump is ``S H C D`` or ``NT``.

>>> parse_card("s10"), format_card(8)
(8, 'S10')
>>> format_cards(parse_cards("BJ, ♥A hT"))
'BJ HA H10'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from shengji_sim.errors import InputError

SUITS = "SHCD"
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
N_KINDS = 54
LJ = 52
BJ = 53
NO_TRUMP = 4  #: trump "suit" index meaning no-trump (NT)
TRUMP = 4  #: effective-suit index of the trump class

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♣": "C", "♦": "D"}
_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_SPLIT = re.compile(r"[\s,]+")


class CardError(InputError):
    """Invalid card, rank or suit text; the message names the bad token."""


def kind(suit: int, rank: int) -> int:
    """Kind of a suited card."""
    return suit * 13 + rank


def suit_of(k: int) -> int:
    """Natural suit 0..3 of a kind, or 4 for a joker."""
    return 4 if k >= LJ else k // 13


def rank_of(k: int) -> int:
    """Rank 0..12 (2..A) of a suited kind; 13 for LJ, 14 for BJ."""
    return k - LJ + 13 if k >= LJ else k % 13


def is_joker(k: int) -> bool:
    return k >= LJ


def points_of(k: int) -> int:
    """POINT-1: 5 scores 5, 10 and K score 10, everything else 0."""
    if k >= LJ:
        return 0
    return {3: 5, 8: 10, 11: 10}.get(k % 13, 0)


def parse_rank(text: str) -> int:
    """Parse a level rank ``2..10 J Q K A`` (``T`` accepted) to 0..12."""
    token = text.strip().upper()
    token = "10" if token == "T" else token
    if token not in _RANK_INDEX:
        raise CardError(f"{text}: no such rank (expected one of 2..10, J, Q, K, A)")
    return _RANK_INDEX[token]


def parse_trump(text: str) -> int:
    """Parse a trump suit ``S H C D`` (or symbol) or ``NT`` to 0..3, or 4 for no-trump."""
    token = text.strip()
    token = SUIT_SYMBOLS.get(token, token).upper()
    if token == "NT":
        return NO_TRUMP
    if len(token) != 1 or token not in SUITS:
        raise CardError(f"{text}: no such trump (expected S, H, C, D or NT)")
    return SUITS.index(token)


def parse_card(text: str) -> int:
    """Parse one card in notation to its kind."""
    token = text.strip()
    if not token:
        raise CardError("empty card")
    upper = token.upper()
    if upper in ("BJ", "LJ"):
        return BJ if upper == "BJ" else LJ
    suit_char = SUIT_SYMBOLS.get(token[0], token[0].upper())
    rank_text = token[1:].upper()
    if suit_char not in SUITS:
        raise CardError(f"{token}: no such suit")
    rank_text = "10" if rank_text == "T" else rank_text
    if rank_text not in _RANK_INDEX:
        raise CardError(f"{token}: no such rank")
    return kind(SUITS.index(suit_char), _RANK_INDEX[rank_text])


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse a whitespace/comma separated card list (or an iterable of tokens)."""
    tokens = _SPLIT.split(text.strip()) if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens if t.strip()]


def format_card(k: int) -> str:
    if not 0 <= k < N_KINDS:
        raise CardError(f"{k}: no such card kind")
    if k == BJ:
        return "BJ"
    if k == LJ:
        return "LJ"
    return SUITS[k // 13] + RANKS[k % 13]


def format_cards(kinds: Iterable[int]) -> str:
    return " ".join(format_card(k) for k in kinds)


def format_rank(rank: int) -> str:
    return RANKS[rank]


def format_trump(trump: int) -> str:
    return "NT" if trump == NO_TRUMP else SUITS[trump]


def to_counts(kinds: Iterable[int]) -> list[int]:
    """Count vector of a card list."""
    counts = [0] * N_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[int]:
    """Card list (ascending kind) of a count vector."""
    return [k for k, c in enumerate(counts) if c for _ in range(c)]


def deck(decks: int) -> list[int]:
    """All cards of ``decks`` decks (DECK-2)."""
    return [k for _ in range(decks) for k in range(N_KINDS)]


def check_counts(counts: Sequence[int], decks: int, what: str = "cards") -> None:
    """Raise CardError if any kind appears more often than the decks hold."""
    for k, c in enumerate(counts):
        if c > decks:
            raise CardError(
                f"{what}: {c} copies of {format_card(k)} but {decks} deck(s) hold {decks}"
            )
