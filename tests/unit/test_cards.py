"""Card encoding and notation (DESIGN.md "Cards"), POINT-1, DECK-2."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim import cards as C


def test_encoding_kind_is_suit_times_13_plus_rank() -> None:
    assert C.parse_card("S2") == 0
    assert C.parse_card("SA") == 12
    assert C.parse_card("H2") == 13
    assert C.parse_card("DA") == 51
    assert C.parse_card("LJ") == C.LJ == 52
    assert C.parse_card("BJ") == C.BJ == 53


@pytest.mark.parametrize("text,canonical", [
    ("s10", "S10"), ("ST", "S10"), ("♠10", "S10"), ("♥a", "HA"), ("dq", "DQ"), ("bj", "BJ"),
    ("lj", "LJ"), ("♣J", "CJ"),
])
def test_notation_aliases_parse_to_canonical(text: str, canonical: str) -> None:
    assert C.format_card(C.parse_card(text)) == canonical


@pytest.mark.parametrize("text,message", [
    ("S11", "S11: no such rank"), ("XJ", "XJ: no such suit"), ("S", "S: no such rank"),
    ("H1", "H1: no such rank"), ("QQ", "QQ: no such suit"),
])
def test_bad_cards_name_the_token(text: str, message: str) -> None:
    with pytest.raises(C.CardError, match=message):
        C.parse_card(text)


def test_card_lists_accept_commas_and_whitespace() -> None:
    assert C.format_cards(C.parse_cards("S5,S5  H6\tBJ")) == "S5 S5 H6 BJ"
    assert C.parse_cards("") == []


@pytest.mark.parametrize("text,rank", [("2", 0), ("10", 8), ("T", 8), ("j", 9), ("A", 12)])
def test_level_ranks(text: str, rank: int) -> None:
    assert C.parse_rank(text) == rank


def test_bad_level_and_trump_are_errors() -> None:
    with pytest.raises(C.CardError, match="11: no such rank"):
        C.parse_rank("11")
    with pytest.raises(C.CardError, match="X: no such trump"):
        C.parse_trump("X")
    assert C.parse_trump("nt") == C.NO_TRUMP


def test_POINT_1_one_deck_holds_100_points() -> None:
    assert sum(C.points_of(k) for k in C.deck(1)) == 100
    assert [C.points_of(C.parse_card(t)) for t in ("S5", "H10", "DK", "CQ", "BJ")] == \
        [5, 10, 10, 0, 0]


def test_DECK_2_deck_sizes() -> None:
    assert len(C.deck(4)) == 216 and len(C.deck(2)) == 108


def test_check_counts_rejects_more_copies_than_decks() -> None:
    with pytest.raises(C.CardError, match="3 copies of S5 but 2 deck"):
        C.check_counts(C.to_counts(C.parse_cards("S5 S5 S5")), 2)


@given(st.lists(st.integers(0, 53), max_size=30))
def test_notation_round_trips(kinds: list[int]) -> None:
    assert C.parse_cards(C.format_cards(kinds)) == kinds
    assert C.from_counts(C.to_counts(kinds)) == sorted(kinds)


def test_DECK_3_hand_and_kitty_sizes_add_up_for_every_builtin() -> None:
    from shengji_sim.config.variant import builtin_names, load_variant

    for name in builtin_names():
        v = load_variant(name)
        assert 4 * v.hand_size + v.kitty_size == v.decks * 54, name


def test_DECK_1_four_players_in_two_partnerships() -> None:
    from shengji_sim.config.variant import load_variant

    assert load_variant("jj-4deck").players == 4
