"""Trick winner (shengji_sim.rules.trick): RULES.md §5.4 examples, CMP-1, CMP-2, CMP-3, CMP-4,
CMP-5, CMP-6, CMP-7, CMP-8, CMP-9, TRUMP-6, TRUMP-7, DEF-3, DEF-4, FOLLOW-12, AMB-08, AMB-09,
AMB-10, AMB-11, AMB-40, AMB-41, OTH-1, OTH-2, and independent positions."""

from __future__ import annotations

import pytest

from shengji_sim.cards import parse_cards
from shengji_sim.rules.trick import beats, lead_units, trick_points, trick_winner
from tests.helpers import context


def winner(rule_set: str, level: str, trump: str, plays: list[str], amb=(), sets=()) -> int:
    """The winning seat, 1-based like the P1..P4 of RULES.md §5."""
    ctx = context(rule_set, level, trump, amb, sets)
    return trick_winner(ctx, [parse_cards(p) for p in plays]) + 1


# --- RULES.md §5.4, one case per reading named in depends_on (default reading otherwise) ------

EX_C = [
    ("EX-C-CZ4-57-2", "CZ4", "10", "H", ["HA", "S10", "H10", "HK"], None, 3),
    ("EX-C-CZ4-57-3", "CZ4", "10", "H", ["HA", "C10", "S10", "HK"], "AMB-08=A", 2),
    ("EX-C-CZ4-57-3", "CZ4", "10", "H", ["HA", "C10", "S10", "HK"], "AMB-08=B", 3),
    ("EX-C-CZ4-51", "CZ4", "10", "H", ["S9 S9", "H4 H4", "H6 H6", "H6 H6"], None, 3),
    ("EX-C-CZ4-59", "CZ4", "10", "H",
     ["H5 H5 H6 H6", "BJ BJ LJ LJ", "H8 H8 H8 H8", "H3 H4 H7 H9"], "AMB-09=A", 3),
    ("EX-C-CZ4-59", "CZ4", "10", "H",
     ["H5 H5 H6 H6", "BJ BJ LJ LJ", "H8 H8 H8 H8", "H3 H4 H7 H9"], "AMB-09=B", 2),
    ("EX-C-CZ4-59", "CZ4", "10", "H",
     ["H5 H5 H6 H6", "BJ BJ LJ LJ", "H8 H8 H8 H8", "H3 H4 H7 H9"], "AMB-09=C", 2),
    ("EX-C-CZ4-61a", "CZ4", "10", "H",
     ["SJ SJ SJ SQ SQ SQ SK SK SK SA SA SA", "S6 S6 S6 S6 S7 S7 S7 S7 S8 S8 S8 S8"], None, 2),
    ("EX-C-CZ4-61a", "CZ4", "10", "H",
     ["SJ SJ SJ SQ SQ SQ SK SK SK SA SA SA", "S6 S6 S6 S6 S7 S7 S7 S7 S8 S8 S8 S8"],
     "AMB-10=A", 2),
    ("EX-C-CZ4-61a", "CZ4", "10", "H",
     ["SJ SJ SJ SQ SQ SQ SK SK SK SA SA SA", "S6 S6 S6 S6 S7 S7 S7 S7 S8 S8 S8 S8"],
     "AMB-10=C", 1),
    ("EX-C-CZ4-61b", "CZ4", "10", "H", ["SJ SJ SQ SQ SK SK SA SA", "S4 S4 S4 S4 S5 S5 S5 S5"],
     None, 2),
    ("EX-C-CZ4-61b", "CZ4", "10", "H", ["SJ SJ SQ SQ SK SK SA SA", "S4 S4 S4 S4 S5 S5 S5 S5"],
     "AMB-10=A", 2),
    ("EX-C-CZ4-61b", "CZ4", "10", "H", ["SJ SJ SQ SQ SK SK SA SA", "S4 S4 S4 S4 S5 S5 S5 S5"],
     "AMB-10=C", 1),
    ("EX-C-CZ4-62b", "CZ4", "3", "D",
     ["DA DA DK DK", "D2 D2 D3 D3", "BJ BJ LJ LJ", "D4 D4 D6 D6"], None, 3),
    ("EX-C-CZ4-62c", "CZ4", "3", "D",
     ["DA DA DK DK", "H2 H2 H3 H3", "S2 S2 S3 S3", "D4 D4 D6 D6"], "AMB-08=A", 2),
    ("EX-C-CZ4-62c", "CZ4", "3", "D",
     ["DA DA DK DK", "H2 H2 H3 H3", "S2 S2 S3 S3", "D4 D4 D6 D6"], "AMB-08=B", 3),
    ("EX-C-CZ4-62c", "CZ4", "3", "D",  # its note: under AMB-04 B neither 2233 is a tractor
     ["DA DA DK DK", "H2 H2 H3 H3", "S2 S2 S3 S3", "D4 D4 D6 D6"], "AMB-04=B", 1),
    ("EX-C-JJ4-78a", "JJ4", "3", "H", ["S9 S9 S10 S10 SJ SJ", "S4 S4 S4 S5 S5 S5"], None, 2),
    ("EX-C-JJ4-78a", "JJ4", "3", "H", ["S9 S9 S10 S10 SJ SJ", "S4 S4 S4 S5 S5 S5"],
     "AMB-10=C", 1),
    ("EX-C-JJ4-78b", "JJ4", "3", "H",
     ["S9 S9 S9 S10 S10 S10 SJ SJ SJ SQ SQ SQ", "S4 S4 S4 S4 S5 S5 S5 S5 S6 S6 S6 S6"], None, 2),
    ("EX-C-JJ4-78b", "JJ4", "3", "H",
     ["S9 S9 S9 S10 S10 S10 SJ SJ SJ SQ SQ SQ", "S4 S4 S4 S4 S5 S5 S5 S5 S6 S6 S6 S6"],
     "AMB-10=C", 1),
    ("EX-C-JJ4-224", "JJ4", "3", "H",
     ["HA HA H2 H2", "S2 S2 S3 S3", "H2 H2 H3 H3", "HK HK HQ HQ"], None, 3),
    ("EX-C-JJ4-224b", "JJ4", "3", "H", ["HA HA HK HK", "HA HA H2 H2"], "AMB-40=A", 2),
    ("EX-C-JJ4-224b", "JJ4", "3", "H", ["HA HA HK HK", "HA HA H2 H2"], "AMB-40=B", 1),
    ("EX-C-JJ4-226b", "JJ4", "3", "H",
     ["HA HA HA HA", "S2 S2 S2 S2", "H3 H3 H3 H3", "BJ BJ BJ BJ"], None, 4),
    ("EX-C-JJ4-226c", "JJ4", "3", "H", ["SA SA SA SA", "H4 H4 H4 H4", "S5 S5 S5 S5"], None, 2),
    ("EX-C-STD2-135b", "STD2", "2", "H", ["HA", "S2", "H2", "H5"], None, 3),
    ("EX-C-STD2-147", "STD2", "2", "H", ["SK SK", "H5 H9", "S3 S4", "S6 S8"], None, 1),
    ("EX-C-STD2-167", "STD2", "2", "H", ["SA SA SK", "H7 H7 H9", "H6 HJ HQ", "H8 H8 H3"], None, 4),
]


@pytest.mark.parametrize(
    ("ex_id", "rule_set", "level", "trump", "plays", "amb", "expected"),
    EX_C,
    ids=[f"{case[0]}[{case[5] or 'default'}]" for case in EX_C],
)
def test_section_5_4_examples(ex_id, rule_set, level, trump, plays, amb, expected):
    assert winner(rule_set, level, trump, plays, [amb] if amb else []) == expected


# --- §4 examples of the comparison items -------------------------------------------------------


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B", 3)])
def test_AMB_08_offlevel_suit_rank_examples(letter, expected):
    amb = [f"AMB-08={letter}"]
    assert winner("CZ4", "3", "D", ["D4", "H3", "S3", "D5"], amb) == expected
    assert winner("CZ4", "3", "D", ["DA DA DK DK", "H2 H2 H3 H3", "S2 S2 S3 S3"], amb) == expected


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B", 2), ("C", 1)])
def test_AMB_09_example_2_quad_follows_two_pair_tractor(letter, expected):
    plays = ["S5 S5 S6 S6", "S8 S8 S8 S8"]
    assert winner("CZ4", "10", "H", plays, [f"AMB-09={letter}"]) == expected


def test_AMB_09_by_power_needs_quad_at_least_the_tractor_top():
    plays_low = ["S7 S7 S8 S8", "S5 S5 S5 S5"]
    plays_equal = ["S7 S7 S8 S8", "S8 S8 S8 S8"]
    assert winner("CZ4", "10", "H", plays_low, ["AMB-09=A"]) == 2
    assert winner("CZ4", "10", "H", plays_low, ["AMB-09=B"]) == 1
    assert winner("CZ4", "10", "H", plays_equal, ["AMB-09=B"]) == 2
    # A tractor played after a quad beats it under B iff the quad is below its top.
    assert winner("CZ4", "10", "H", ["S3 S3 S4 S4", "S6 S6 S6 S6", "S8 S8 S9 S9"],
                  ["AMB-09=B"]) == 3
    assert winner("CZ4", "10", "H", ["S3 S3 S4 S4", "S6 S6 S6 S6", "S8 S8 S9 S9"],
                  ["AMB-09=A"]) == 2


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B", 3), ("C", 3)])
def test_AMB_10_example_1_quad_ruff(letter, expected):
    plays = ["S6 S6 S7 S7", "H9 H9 H9 H9", "H4 H4 H5 H5", "S8 S8 SJ SJ"]
    assert winner("JJ4", "3", "H", plays, [f"AMB-10={letter}"]) == expected


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B", 2), ("C", 1)])
def test_AMB_10_example_2_quad_in_suit(letter, expected):
    assert winner("JJ4", "3", "H", ["S6 S6 S7 S7", "S9 S9 S9 S9"], [f"AMB-10={letter}"]) == expected


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B1", 2), ("B2", 1), ("C", 2)])
def test_AMB_11_triple_tractor_on_three_pair_tractor_lead(letter, expected):
    plays = ["S6 S6 S7 S7 S8 S8", "SK SK SK SA SA SA"]
    assert winner("JJ4", "3", "H", plays, [f"AMB-11={letter}"]) == expected


def test_AMB_11_three3_default_b2_and_exact_shape():
    assert winner("THREE3", "2", "H", ["S6 S6 S7 S7 S8 S8", "SK SK SK SA SA SA"]) == 1


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B", 1)])
def test_AMB_40_aa22_tractor(letter, expected):
    assert winner("JJ4", "3", "H", ["HA HA HK HK", "HA HA H2 H2"], [f"AMB-40={letter}"]) == expected


@pytest.mark.parametrize(("letter", "expected"), [("A", 2), ("B", 1)])
def test_AMB_41_two_quads_against_eight_card_leads(letter, expected):
    amb = [f"AMB-41={letter}"]
    # EX-F-JJ4-2-1 winner_if_no_ruff (two-quad lead) and AMB-41 example 2 (4-pair tractor lead)
    assert winner("JJ4", "3", "H", ["S4 S4 S4 S4 S5 S5 S5 S5", "S9 S9 S9 S9 SQ SQ SQ SQ"],
                  amb) == expected
    assert winner("JJ4", "3", "H", ["S4 S4 S5 S5 S6 S6 S7 S7", "S9 S9 S9 S9 SQ SQ SQ SQ"],
                  amb) == expected


def test_AMB_41_not_applicable_in_cz4_two_quads_are_not_a_tractor():
    plays = ["S4 S4 S5 S5 S6 S6 S7 S7", "S9 S9 S9 S9 SQ SQ SQ SQ"]
    assert winner("CZ4", "10", "H", plays) == 1
    assert winner("CZ4", "10", "H", ["S4 S4 S5 S5 S6 S6 S7 S7", "S8 S8 S8 S8 S9 S9 S9 S9"]) == 2


def test_EX_F_JJ4_6_1_winner_if_no_ruff():
    assert winner("JJ4", "3", "H", ["S7 S7 S8 S8", "SA SA SA SA"]) == 2
    assert winner("JJ4", "3", "H", ["S7 S7 S8 S8", "S4 S4 S5 S5"]) == 1


# --- rule IDs ----------------------------------------------------------------------------------


def test_CMP_1_same_shape_compares_rank():
    assert winner("STD2", "2", "H", ["S5 S5", "SK SK", "SQ SQ", "S3 S3"]) == 2
    assert winner("STD2", "2", "H", ["S5 S5 S6 S6", "S9 S9 S10 S10", "SJ SJ SQ SQ"]) == 3


def test_CMP_1_top_card_decides_tractors():
    assert winner("JJ4", "3", "H", ["H9 H9 H10 H10", "HK HK HA HA"]) == 2
    assert winner("JJ4", "3", "H", ["HK HK HA HA", "H9 H9 H10 H10"]) == 1


def test_CMP_2_quad_beats_two_pair_tractor():
    assert winner("CZ4", "10", "H", ["SJ SJ SQ SQ", "S4 S4 S4 S4"]) == 2
    assert winner("JJ4", "3", "H", ["SJ SJ SQ SQ", "S4 S4 S4 S4"]) == 2


def test_CMP_3_triple_tractor_beats_pair_tractor_of_equal_count():
    assert winner("CZ4", "10", "H", ["SQ SQ SK SK SA SA", "S6 S6 S6 S7 S7 S7"]) == 2


def test_CMP_4_quad_tractor_beats_triple_and_pair_tractors():
    assert winner("JJ4", "3", "H", ["SJ SJ SJ SQ SQ SQ SK SK SK SA SA SA",
                                    "S4 S4 S4 S4 S5 S5 S5 S5 S6 S6 S6 S6"]) == 2
    assert winner("JJ4", "3", "H", ["S9 S9 S10 S10 SJ SJ SQ SQ", "S4 S4 S4 S4 S5 S5 S5 S5"]) == 2


def test_CMP_5_cz4_trump_two_pair_tractor_order():
    order = ["BJ BJ LJ LJ", "D2 D2 D3 D3", "S2 S2 S3 S3", "H2 H2 H3 H3", "C2 C2 C3 C3",
             "DA DA DK DK"]
    for stronger, weaker in zip(order, order[1:], strict=False):
        assert winner("CZ4", "3", "D", [weaker, stronger]) == 2
        assert winner("CZ4", "3", "D", [stronger, weaker]) == 1


def test_CMP_6_jj4_level_three_tractor_order():
    order = ["H2 H2 H3 H3", "S2 S2 S3 S3", "HA HA H2 H2", "HA HA HK HK", "HK HK HQ HQ"]
    for stronger, weaker in zip(order, order[1:], strict=False):
        assert winner("JJ4", "3", "H", [weaker, stronger]) == 2


def test_CMP_7_jj4_quad_order():
    order = ["BJ BJ BJ BJ", "LJ LJ LJ LJ", "H3 H3 H3 H3", "S3 S3 S3 S3", "H2 H2 H2 H2",
             "S2 S2 S2 S2", "HA HA HA HA", "H4 H4 H4 H4"]
    for stronger, weaker in zip(order, order[1:], strict=False):
        assert winner("JJ4", "3", "H", [weaker, stronger]) == 2


def test_CMP_8_ruff_must_keep_the_shape():
    assert winner("STD2", "2", "H", ["SK SK", "H5 H9"]) == 1
    assert winner("STD2", "2", "H", ["SK SK", "H5 H5"]) == 2
    assert winner("STD2", "2", "H", ["S5 S5 S6 S6", "H5 H5 H9 H9"]) == 1
    assert winner("STD2", "2", "H", ["S5 S5 S6 S6", "H5 H5 H6 H6"]) == 2


def test_CMP_9_higher_ruff_wins():
    assert winner("STD2", "2", "H", ["SA", "H3", "HK", "H2"]) == 4
    assert winner("STD2", "2", "H", ["SA SA", "H3 H3", "BJ BJ", "H2 H2"]) == 3


def test_TRUMP_6_trump_beats_off_suit_and_other_suits_never_win():
    assert winner("STD2", "2", "H", ["S3", "H3"]) == 2
    assert winner("STD2", "2", "H", ["S3", "DA", "CA", "S4"]) == 4
    assert winner("STD2", "2", "H", ["S3", "DA", "CA", "D2"]) == 4  # D2: off-suit level = trump


def test_TRUMP_7_identical_plays_first_wins():
    assert winner("JJ4", "3", "H", ["S9", "SA", "SA", "SA"]) == 2
    assert winner("CZ4", "10", "H", ["S9 S9", "H4 H4", "H6 H6", "H6 H6"]) == 3


def test_DEF_3_equal_power_non_identical_first_wins():
    assert winner("STD2", "2", "H", ["SA", "S2", "D2", "C2"]) == 2
    assert winner("JJ4", "3", "H", ["S4", "C3", "D3"]) == 2


def test_DEF_4_over_ruff_must_beat_the_best_ruff():
    lead = "SA SA SK"
    assert winner("STD2", "2", "H", [lead, "H7 H7 H9", "H6 H6 HA"]) == 2
    assert winner("STD2", "2", "H", [lead, "H7 H7 H9", "H8 H8 H3"]) == 3


def test_FOLLOW_12_ruff_without_the_pair_does_not_win():
    assert winner("STD2", "2", "H", ["SK SK S3", "BJ LJ H2"]) == 1


def test_THROW_6_ruff_of_a_throw_needs_the_tractor():
    lead = "SA SA SK SK S3"  # STD2 AMB-05 C: SK SK SA SA is a tractor + single S3
    assert winner("STD2", "2", "H", [lead, "H5 H5 H9 H9 H3"]) == 1
    assert winner("STD2", "2", "H", [lead, "H5 H5 H6 H6 H3"]) == 2


# --- OTH-1 and OTH-2 ---------------------------------------------------------------------------

OTH1_LEAD = "SA SA SK SQ"  # CZ4 level 10, ♥ trump: a pair and two singles


@pytest.mark.parametrize(("p2", "p4", "expected"), [
    ("H9 H9 HK H3", "HJ HJ HA H3", {"A": 4, "B": 2, "C": 4, "D": 4}),
    ("H9 H9 HK H3", "H9 H9 HA H3", {"A": 2, "B": 2, "C": 4, "D": 4}),
    ("H9 H9 HA H3", "HJ HJ HK H4", {"A": 4, "B": 2, "C": 2, "D": 4}),
    ("H9 H9 HK H3", "HJ HJ HA H4", {"A": 4, "B": 4, "C": 4, "D": 4}),
])
def test_OTH_1_multi_unit_compare_alternatives(p2, p4, expected):
    plays = [OTH1_LEAD, p2, "D3 D4 D5 D6", p4]
    got = {letter: winner("CZ4", "10", "H", plays, [f"OTH-1={letter}"]) for letter in "ABCD"}
    assert got == expected


@pytest.mark.parametrize(("letter", "expected"), [("A", 1), ("B", 2)])
def test_OTH_2_same_suit_play_against_a_throw(letter, expected):
    plays = ["SQ SQ SJ", "SA SA SK"]
    assert winner("STD2", "2", "H", plays, [f"OTH-2={letter}"]) == expected


def test_OTH_2_trump_throw_unbeatable_without_same_suit_rule():
    plays = ["HQ HQ H9", "HA HA HK"]
    assert winner("STD2", "2", "H", plays) == 1
    assert winner("STD2", "2", "H", plays, ["OTH-2=B"]) == 2


def test_OTH_2_same_suit_play_must_realize_the_structure():
    plays = ["SQ SQ SJ", "SA SK S3"]
    assert winner("STD2", "2", "H", plays, ["OTH-2=B"]) == 1


# --- independent positions ---------------------------------------------------------------------


def test_all_singles_throw_ruffs_compare_the_highest_card():
    plays = ["SA SK", "H3 H4", "H5 H6", "H9 D3"]
    for letter in "ABCD":
        assert winner("STD2", "2", "H", plays, [f"OTH-1={letter}"]) == 3


def test_big_cz4_throw_over_ruff_all_readings():
    lead = "SA SA SK SK SQ SQ S9 S8 S7 S5"  # CZ4 level 10: QQKKAA + four singles
    plays = [lead, "H3 H3 H4 H4 H5 H5 H9 HJ HQ HK", "D3 D4 D5 D6 D7 D8 D9 DJ DQ DK",
             "H6 H6 H7 H7 H8 H8 HA HK HQ HJ"]
    for letter in "ABCD":
        assert winner("CZ4", "10", "H", plays, [f"OTH-1={letter}"]) == 4
    no_tractor = "H6 H6 H7 H7 H9 H9 HA HK HQ HJ"
    assert winner("CZ4", "10", "H", [lead, no_tractor]) == 1


def test_one_deck_singles():
    assert winner("ONE1", "2", "S", ["HA", "H3", "S3", "SK"]) == 4
    assert winner("ONE1", "2", "S", ["H4", "H3", "D2", "BJ"]) == 4  # D2 level card, BJ above


def test_mixed_play_never_wins():
    assert winner("STD2", "2", "H", ["S3 S3", "H5 S4"]) == 1
    assert winner("STD2", "2", "H", ["S3 S3", "SA H5"]) == 1


def test_triple_lead_needs_a_triple():
    assert winner("CZ4", "10", "H", ["S5 S5 S5", "SA SA SK", "S6 S6 S6", "H3 H3 H3"]) == 4


def test_substitute_ruff_wins_only_under_amb10_a():
    plays = ["S6 S6 S7 S7 S8 S8", "H4 H4 H4 H5 H5 H5"]
    assert winner("CZ4", "10", "H", plays) == 1  # default B: counts only as pairs
    assert winner("CZ4", "10", "H", plays, ["AMB-10=A"]) == 2


def test_ruff_beats_in_suit_substitute():
    plays = ["S6 S6 S7 S7", "S9 S9 S9 S9", "H5 H5 H6 H6"]
    assert winner("JJ4", "3", "H", plays) == 3


def test_no_trump_level_cards_are_trumps():
    assert winner("STD2", "5", "NT", ["SA", "D5", "BJ", "H5"]) == 3
    assert winner("STD2", "5", "NT", ["SA", "D5", "C5", "H5"]) == 2


def test_amb17_b_quad_is_not_two_pairs():
    # A throw's pair must be realized by the ruff: a triple supplies it only with splitting.
    plays = ["SQ SQ SJ", "H5 H5 H5"]
    assert winner("CZ4", "10", "H", plays) == 2
    assert winner("CZ4", "10", "H", plays, ["AMB-17=B"]) == 1


def test_beats_helper_pairwise():
    ctx = context("STD2", "2", "H")
    units = lead_units(ctx, parse_cards("SA SA SK"))
    lead = parse_cards("SA SA SK")
    low, high = parse_cards("H7 H7 H9"), parse_cards("H8 H8 H3")
    assert beats(ctx, units, low, lead)
    assert beats(ctx, units, high, low)
    assert not beats(ctx, units, low, high)
    assert not beats(ctx, units, parse_cards("H6 HJ HQ"), lead)


def test_trick_points_POINT_1_POINT_2():
    plays = [parse_cards(p) for p in ["S5 S10", "SK H3", "D5 DK", "BJ LJ"]]
    assert trick_points(plays) == 5 + 10 + 10 + 5 + 10


def test_trick_shape_errors():
    ctx = context("STD2", "2", "H")
    with pytest.raises(ValueError, match="cards"):
        trick_winner(ctx, [parse_cards("S3 S3"), parse_cards("S4")])
    with pytest.raises(ValueError, match="2 to 4"):
        trick_winner(ctx, [parse_cards("S3")])
    with pytest.raises(ValueError, match="DEF-27"):
        trick_winner(ctx, [parse_cards("S3 D3"), parse_cards("S4 S5")])


# --- CMP-3, CMP-4 and CMP-8 against AMB-10 and AMB-11 --------------------------------------------


def test_CMP_8_weaker_shape_never_substitutes_even_under_AMB_10_A():
    """AMB-10 A lets a *stronger* shape stand in; a 3-pair tractor ruff of a 2-triple tractor
    lead lacks the triples, so it cannot win (CMP-8)."""
    plays = ["S4 S4 S4 S5 S5 S5", "H6 H6 H7 H7 H8 H8"]
    assert winner("CZ4", "10", "H", plays, ["AMB-10=A"]) == 1


@pytest.mark.parametrize(("plays", "b1", "b2"), [
    # 000 line 61: 44445555 > JJQQKKAA (CMP-4); AMB-11 B2 concerns triple tractors only.
    (["SJ SJ SQ SQ SK SK SA SA", "S4 S4 S4 S4 S5 S5 S5 S5"], 2, 2),
    # A 3-quad tractor beats a 6-pair tractor (CMP-4), under B2 as well.
    (["S3 S3 S4 S4 S5 S5 S6 S6 S7 S7 S8 S8", "S9 S9 S9 S9 SJ SJ SJ SJ SQ SQ SQ SQ"], 2, 2),
    # A 4-triple tractor beats it under B1 (CMP-3) and is not recognised under B2.
    (["S3 S3 S4 S4 S5 S5 S6 S6 S7 S7 S8 S8", "S9 S9 S9 SJ SJ SJ SQ SQ SQ SK SK SK"], 2, 1),
])
def test_CMP_4_quad_tractor_beats_pair_tractor_under_AMB_11_B2(plays, b1, b2):
    assert winner("CZ4", "10", "H", plays, ["AMB-11=B1"]) == b1
    assert winner("CZ4", "10", "H", plays, ["AMB-11=B2"]) == b2


# --- OTH-1: which component of a ruff decides ---------------------------------------------------


@pytest.mark.parametrize("letter", "ABCD")
def test_OTH_1_two_pair_throw_the_higher_pair_decides(letter):
    """SA SA S9 S9 (two pairs): P2's ruff KK 33 beats P3's QQ JJ under every reading; A and D
    look at the higher pair first (K > Q)."""
    plays = ["SA SA S9 S9", "HK HK H3 H3", "HQ HQ HJ HJ"]
    assert winner("CZ4", "10", "H", plays, [f"OTH-1={letter}"]) == 2


@pytest.mark.parametrize("letter", "AD")
def test_OTH_1_the_tractor_is_the_largest_component_type(letter):
    """DEF-4: the largest component type is the longest tractor, before any set; D compares the
    largest units (by card count) first, again the tractor."""
    plays = ["S3 S3 S4 S4 SK SK SK", "H5 H5 H6 H6 H9 H9 H9", "HJ HJ HQ HQ H7 H7 H7"]
    assert winner("CZ4", "10", "H", plays, [f"OTH-1={letter}"]) == 3


@pytest.mark.parametrize("letter", "ABCD")
def test_OTH_1_a_ruff_is_read_in_its_strongest_arrangement(letter):
    """H5 H5 HJ HJ answers a pair and two singles as JJ + 5 5 (its best realization), which
    beats H9 H9 H3 H4."""
    plays = ["SK SK SQ SA", "H5 H5 HJ HJ", "H9 H9 H3 H4"]
    assert winner("CZ4", "10", "H", plays, [f"OTH-1={letter}"]) == 2


def test_DEF_27_lead_errors_name_the_problem():
    ctx = context("STD2", "2", "H")
    with pytest.raises(ValueError, match=r"^empty lead$"):
        lead_units(ctx, [])
    with pytest.raises(ValueError, match=r"^the lead mixes suits \(DEF-27\)$"):
        lead_units(ctx, parse_cards("SA HA"))


def test_CMP_9_a_trick_has_two_to_four_plays():
    with pytest.raises(ValueError, match="2 to 4 plays, got 5"):
        winner("STD2", "2", "H", ["SA", "SK", "SQ", "SJ", "S9"])
