"""Last-trick kitty scoring (shengji_sim.rules.kitty): RULES.md §5.6, KITTY-1, KITTY-2, KITTY-3,
KITTY-4, AMB-25, AMB-26, AMB-27, AMB-44, OTH-4, DEF-23, and independent positions."""

from __future__ import annotations

import pytest

from shengji_sim.cards import parse_cards
from shengji_sim.config.variant import load_variant
from shengji_sim.rules.kitty import judge_kitty
from tests.helpers import context

SETTINGS = {"CZ4": ("10", "H"), "JJ4": ("3", "H"), "STD2": ("2", "H"), "ONE1": ("2", "H"),
            "THREE3": ("2", "H")}

CZ4_KITTY = "D5 CK SK H10 S3 S4 C6 D7"  # 35 points (§5.6)
KITTY_25 = "SK S10 S5 D3 D4 C6 C7 C8"  # 25 points


def kitty(rule_set, plays, leader_side, kitty_cards, amb=(), sets=(), attacker_points=None):
    level, trump = SETTINGS[rule_set]
    ctx = context(rule_set, level, trump, amb, sets)
    return judge_kitty(ctx, [parse_cards(p) for p in plays], leader_side,
                       parse_cards(kitty_cards), attacker_points)


def discards(n: int) -> list[str]:
    """Two non-winning off-suit plays of n cards (clubs and diamonds, no points, no 2, 3, 10)."""
    clubs = ["C4", "C6", "C7", "C8", "C9", "CJ", "CQ", "CA", "CA"]
    diamonds = ["D4", "D6", "D7", "D8", "D9", "DJ", "DQ", "DA", "DA"]
    return [" ".join(clubs[:n]), " ".join(diamonds[:n])]


def attackers_lead(play: str) -> list[str]:
    """The attackers lead ``play`` and nobody beats it."""
    n = len(parse_cards(play))
    club, diamond = discards(n)
    return [play, club, diamond, club]


# --- RULES.md §5.6 -----------------------------------------------------------------------------

EX_K_CZ4 = [
    ("EX-K-CZ4-1", ["S6", "H4", "S7", "S8"], "dealer", None, 2, 70),
    ("EX-K-CZ4-3", ["S6 S6 S6", "H4 H4 H4", "S7 S7 S7", "S8 S8 S8"], "dealer", None, 8, 280),
    ("EX-K-CZ4-4", attackers_lead("H5 H5 H6 H6"), "attackers", "AMB-25=A", 16, 560),
    ("EX-K-CZ4-4", attackers_lead("H5 H5 H6 H6"), "attackers", "AMB-25=B", 16, 560),
    ("EX-K-CZ4-4", attackers_lead("H5 H5 H6 H6"), "attackers", "AMB-25=C", 4, 140),
    ("EX-K-CZ4-4", attackers_lead("H5 H5 H6 H6"), "attackers", "AMB-25=D", 4, 140),
    ("EX-K-CZ4-6", ["HA", "S3", "H4", "S4"], "dealer", None, 0, 0),
]


@pytest.mark.parametrize(
    ("ex_id", "plays", "leader_side", "amb", "multiplier", "gain"),
    EX_K_CZ4,
    ids=[f"{case[0]}[{case[3] or 'default'}]" for case in EX_K_CZ4],
)
def test_section_5_6_cz4_examples(ex_id, plays, leader_side, amb, multiplier, gain):
    result = kitty("CZ4", plays, leader_side, CZ4_KITTY, [amb] if amb else [])
    assert result.kitty_points == 35
    assert (result.multiplier, result.awarded) == (multiplier, gain)


EX_K_003 = [
    ("STD2", "S4 S4", 4, 100),
    ("THREE3", "S5 S5 S5", 8, 200),  # needs >= 3 decks (AMB-44 A)
    ("STD2", "S4 S4 S5 S5", 16, 400),
    ("STD2", "S4 S4 S5 S5 S6 S6", 64, 1600),
    ("THREE3", "S4 S4 S4 S5 S5 S5", 64, 1600),
    ("STD2", "SA SK SQ SJ S10 S9 S8 S7 S7", 4, 100),
    ("STD2", "SA SK SQ SJ", 2, 50),
    ("STD2", "SA SA SJ SJ", 4, 100),
    ("STD2", "S4 S4 S5 S5 S6 S6 S7 S7", 64, 1600),
]


@pytest.mark.parametrize(("rule_set", "play", "multiplier", "gain"), EX_K_003,
                         ids=[f"EX-K-003[{case[1]}]" for case in EX_K_003])
def test_section_5_6_generic_003_examples(rule_set, play, multiplier, gain):
    result = kitty(rule_set, attackers_lead(play), "attackers", KITTY_25)
    assert result.winner == 0 and result.winner_side == "attackers"
    assert (result.kitty_points, result.multiplier, result.awarded) == (25, multiplier, gain)


def test_EX_K_003_dealer_side_wins_nothing():
    result = kitty("STD2", attackers_lead("S4 S4"), "dealer", KITTY_25)
    assert result.winner_side == "dealer" and result.awarded == 0


# --- AMB-25 table (kitty 20 points) --------------------------------------------------------------

KITTY_20 = "SK S10 D3 D4 C6 C7 C8 C9"


@pytest.mark.parametrize(("play", "expected"), [
    ("H5 H5 H6 H6", {"A": 320, "B": 320, "C": 80, "D": 80}),
    ("HA H5 H5", {"A": 160, "B": 80, "C": 80, "D": 60}),
    ("H4 H4 H5 H5 H6 H6 H7 H7", {"A": 5120, "B": 1280, "C": 80, "D": 160}),
])
def test_AMB_25_kitty_multiplier_table(play, expected):
    got = {}
    for letter in "ABCD":
        # B carries the 003 cap of 64, as in the §4 table
        sets = ["kitty_multiplier_cap=64"] if letter == "B" else []
        result = kitty("CZ4", attackers_lead(play), "attackers", KITTY_20,
                       [f"AMB-25={letter}"], sets)
        got[letter] = result.awarded
    assert got == expected


@pytest.mark.parametrize(("letter", "gain"), [("A", 25), ("B", 0), ("C", 50)])
def test_AMB_26_off_suit_last_trick(letter, gain):
    plays = ["SA", "S3", "S4", "S6"]  # attacker P1 leads SA and wins
    assert kitty("CZ4", plays, "attackers", KITTY_25, [f"AMB-26={letter}"]).awarded == gain


def test_AMB_26_trump_win_is_multiplied_under_every_letter():
    plays = ["S3", "H4", "S4", "S6"]
    for letter in "ABC":
        assert kitty("CZ4", plays, "dealer", KITTY_25, [f"AMB-26={letter}"]).awarded == 50


AMB27_TRICK = ["HK HK", "D4 D6", "C4 C6", "S4 S6"]  # 20 points; the dealer side's pair wins


@pytest.mark.parametrize(("spec", "kitty_cards", "final"), [
    ("AMB-27=B/(i)", "SK S10 S5 D4 D6 D7 D8 D9", 100),
    ("AMB-27=A/(ii)", "", -150),
    ("AMB-27=A/(iii)", "", 110),
])
def test_AMB_27_jj4_koudi_base(spec, kitty_cards, final):
    result = kitty("JJ4", AMB27_TRICK, "dealer", kitty_cards, [spec], attacker_points=150)
    assert result.winner_side == "dealer" and result.multiplier == 2
    assert 150 + result.awarded == final


def test_AMB_27_attackers_koudi_gain_the_dealer_sides_points():
    result = kitty("JJ4", AMB27_TRICK, "attackers", "", ["AMB-27=(ii)"], attacker_points=150)
    assert result.winner_side == "attackers"
    assert result.awarded == (400 - 150) * 2
    result = kitty("JJ4", AMB27_TRICK, "attackers", "")
    assert result.awarded == 20 * 2


def test_AMB_27_jj4_default_is_trick_points():
    """RULES.md 2026-11-30: JJ4's default moved from A/(ii) to A/(iii) (§8, AMB-27)."""
    assert load_variant("jj-4deck").readings()["AMB-27"] == "A/(iii)"
    result = kitty("JJ4", AMB27_TRICK, "dealer", "", attacker_points=150)
    assert 150 + result.awarded == 110


def test_AMB_27_loser_points_needs_attacker_points():
    with pytest.raises(ValueError, match="attacker_points"):
        kitty("JJ4", AMB27_TRICK, "dealer", "", ["AMB-27=(ii)"])


@pytest.mark.parametrize(("letter", "multiplier"), [("A", 8), ("B", 4)])
def test_AMB_44_kitty_rule_scope(letter, multiplier):
    result = kitty("THREE3", attackers_lead("S5 S5 S5"), "attackers", "S10 D3 D4 C6 C7 C8",
                   [f"AMB-44={letter}"])
    assert (result.multiplier, result.awarded) == (multiplier, 10 * multiplier)


def test_AMB_44_two_deck_only_changes_nothing_with_two_decks():
    result = kitty("STD2", attackers_lead("S4 S4 S5 S5"), "attackers", KITTY_25, ["AMB-44=B"])
    assert result.multiplier == 16


@pytest.mark.parametrize(("play", "expected"), [
    ("S4 S4 S5 S5", {"A": 16, "B": 8, "C": 16, "D": 8}),
    ("SA SA SK", {"A": 4, "B": 4, "C": 4, "D": 6}),
    ("SA", {"A": 2, "B": 2, "C": 2, "D": 2}),
])
def test_OTH_4_kitty_mult_rule(play, expected):
    got = {letter: kitty("STD2", attackers_lead(play), "attackers", KITTY_25,
                         [f"OTH-4={letter}"]).multiplier for letter in "ABCD"}
    assert got == expected


def test_OTH_4_uses_the_lead_not_the_winning_ruff():
    plays = ["S4 S4 S5 S5", "H3 H3 H4 H4", "C3 C4 C6 C7", "D3 D4 D6 D7"]
    result = kitty("STD2", plays, "dealer", KITTY_25, ["OTH-4=D"])
    assert result.winner == 1 and result.multiplier == 8 and result.awarded == 200


# --- rule IDs ----------------------------------------------------------------------------------


def test_KITTY_1_kitty_points_come_from_the_buried_cards():
    result = kitty("CZ4", ["S6", "H4", "S7", "S8"], "dealer", "D5 CK SK H10 S3 S4 C6 D7")
    assert result.kitty_points == 35
    result = kitty("CZ4", ["S6", "H4", "S7", "S8"], "dealer", "D3 C4 S6 H7 S3 S4 C6 D7")
    assert (result.kitty_points, result.awarded) == (0, 0)


def test_KITTY_2_dealer_side_last_trick_not_counted():
    for rule_set in ["CZ4", "STD2", "ONE1", "THREE3"]:
        result = kitty(rule_set, ["HA", "S3", "H4", "S4"], "dealer", KITTY_25)
        assert result.winner_side == "dealer" and result.awarded == 0


def test_KITTY_2_winner_side_follows_the_seats():
    plays = ["S6", "S7", "S8", "SA"]
    assert kitty("STD2", plays, "dealer", KITTY_25).winner_side == "attackers"
    assert kitty("STD2", plays, "attackers", KITTY_25).winner_side == "dealer"
    plays = ["S6", "S7", "SA", "S8"]
    assert kitty("STD2", plays, "attackers", KITTY_25).winner_side == "attackers"


def test_KITTY_3_cz4_by_card_count_trump_win():
    plays = ["S6 S6 S6 S6", "H4 H4 H4 H4", "S7 S7 S7 S7", "S8 S8 S8 S8"]
    assert kitty("CZ4", plays, "dealer", CZ4_KITTY).awarded == 35 * 16


def test_KITTY_3_ruff_of_a_throw_counts_the_lead_structure():
    # STD2: the ruff H3 H3 H4 H5 answers a pair + 2 singles; its largest component is a pair.
    plays = ["SA SA SK SQ", "H3 H3 H4 H5", "C3 C4 C6 C7", "D3 D4 D6 D7"]
    result = kitty("STD2", plays, "dealer", KITTY_25)
    assert result.winner == 1 and result.multiplier == 4


def test_THROW_7_throw_as_last_trick_counts_its_largest_component():
    result = kitty("STD2", attackers_lead("SA SK SQ SJ S9 S9"), "attackers", KITTY_25)
    assert (result.multiplier, result.awarded) == (4, 100)
    result = kitty("STD2", attackers_lead("SA SK SQ SQ SJ SJ"), "attackers", KITTY_25)
    assert result.multiplier == 16  # QQJJ is a tractor


def test_KITTY_4_jj4_without_kitty():
    result = kitty("JJ4", attackers_lead("HA"), "attackers", "", ["AMB-27=(ii)"],
                   attacker_points=200)
    assert (result.kitty_points, result.multiplier, result.awarded) == (0, 1, 200)
    result = kitty("JJ4", attackers_lead("HA"), "attackers", "")  # (iii): no points in the trick
    assert (result.kitty_points, result.multiplier, result.awarded) == (0, 1, 0)


def test_DEF_23_cap_only_where_the_variant_has_one():
    play = "H4 H4 H5 H5 H6 H6 H7 H7"
    assert kitty("CZ4", attackers_lead(play), "attackers", KITTY_25).multiplier == 256
    assert kitty("STD2", attackers_lead("S4 S4 S5 S5 S6 S6 S7 S7"), "attackers",
                 KITTY_25).multiplier == 64
    assert kitty("STD2", attackers_lead("S4 S4 S5 S5 S6 S6 S7 S7"), "attackers", KITTY_25,
                 sets=["kitty_multiplier_cap=0"]).multiplier == 256


def test_one_deck_single_doubles():
    result = kitty("ONE1", ["S6", "H4", "S7", "S8"], "dealer", "SK S10 D3 D4 C6 C7")
    assert (result.multiplier, result.awarded) == (2, 40)


def test_bad_leader_side():
    with pytest.raises(ValueError, match="leader_side"):
        kitty("STD2", attackers_lead("SA"), "north", KITTY_25)
