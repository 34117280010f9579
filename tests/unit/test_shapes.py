"""Shapes of plays (shengji_sim.rules.shapes): COMBO-1, COMBO-2, COMBO-3, COMBO-4, COMBO-5 and
COMBO-6 patterns per deck count, the count-vector helpers, TRUMP-1 plays and DEF-27 follow
groups. Lead decompositions and tractor adjacency are in test_ranking.py."""

from __future__ import annotations

from types import SimpleNamespace

from shengji_sim.cards import parse_cards
from shengji_sim.rules.shapes import (
    Unit,
    add_cards,
    is_trump_play,
    patterns_of_play,
    play_suit,
    remove,
    size_of,
    two_quads_count,
)
from shengji_sim.rules.trick import applies
from tests.helpers import context


def counts(text: str) -> tuple[int, ...]:
    return add_cards((0,) * 54, parse_cards(text))


def test_COMBO_1_one_deck_plays_are_singles_only() -> None:
    """COMBO-2: pairs need two decks, so ONE1 has singles and no tractors."""
    assert patterns_of_play(context("ONE1", "2", "H")) == [(1, 1)]


def test_COMBO_2_COMBO_5_two_decks_pairs_and_pair_tractors() -> None:
    """STD2: pair tractors of 2..13 pairs, largest first, then the pair and the single."""
    assert patterns_of_play(context("STD2", "2", "H")) == \
        [(2, n) for n in range(13, 1, -1)] + [(2, 1), (1, 1)]


def test_COMBO_3_COMBO_4_four_decks_every_width() -> None:
    """CZ4: quads, triples and pairs, and tractors of each (COMBO-3, COMBO-4, COMBO-5); equal
    card counts list the wider units first (12 cards: 3 quads, 4 triples, 6 pairs)."""
    pats = patterns_of_play(context("CZ4", "2", "H"))
    assert len(pats) == 3 * 12 + 4 and len(set(pats)) == len(pats)
    assert pats[:3] == [(4, 13), (4, 12), (4, 11)]
    twelve = [p for p in pats if p[0] * p[1] == 12]
    assert twelve == [(4, 3), (3, 4), (2, 6)]
    assert pats[-5:] == [(4, 1), (2, 2), (3, 1), (2, 1), (1, 1)]


def test_COMBO_3_three_decks_have_no_quads() -> None:
    pats = patterns_of_play(context("THREE3", "2", "H"))
    assert {w for w, _ in pats} == {1, 2, 3}
    assert (3, 1) in pats and (3, 13) in pats and (4, 1) not in pats


def test_counts_add_remove_and_size() -> None:
    held = counts("S5 S5 S6 S6 S9")
    assert size_of(held) == 5
    assert add_cards(held, parse_cards("S9 S9")) == counts("S5 S5 S6 S6 S9 S9 S9")
    tractor = Unit(2, tuple(parse_cards("S5 S6")))
    assert remove(held, tractor) == counts("S9")


def test_TRUMP_1_a_trump_play_is_all_trumps() -> None:
    ctx = context("CZ4", "10", "H")
    assert is_trump_play(ctx, parse_cards("BJ S10 H3 S2"))  # joker, level card, trump, fixed 2
    assert not is_trump_play(ctx, parse_cards("BJ S9"))


def test_DEF_27_play_suit_is_one_follow_group() -> None:
    ctx = context("CZ4", "10", "H")
    assert play_suit(ctx, parse_cards("S9 SK")) == 0
    assert play_suit(ctx, parse_cards("S9 C9")) is None
    assert play_suit(ctx, parse_cards("BJ S10 H3")) == 4  # trumps are one suit (AMB-07 A)
    # AMB-07 B: a trump play across natural suits mixes groups.
    natural = context("CZ4", "10", "H", ["AMB-07=B"])
    assert play_suit(natural, parse_cards("S10 H3")) is None
    assert play_suit(natural, parse_cards("H10 H3")) == 1


def test_AMB_41_two_quads_with_a_hand_built_variant() -> None:
    """A variant without an ``applicable`` set (a hand-built namespace) applies every item,
    AMB-41 included."""
    ctx = SimpleNamespace(variant=SimpleNamespace(two_quads_adjacent="any"))
    assert two_quads_count(ctx)
    assert applies(SimpleNamespace(), "AMB-24")
    assert not two_quads_count(SimpleNamespace(variant=SimpleNamespace(
        two_quads_adjacent="adjacent")))
