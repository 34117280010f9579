"""Throw validity and failure (shengji_sim.rules.throw): RULES.md §5.5, THROW-1, THROW-2, THROW-3,
THROW-4, THROW-5, THROW-6, THROW-7, AMB-20, AMB-21, AMB-22, AMB-23, AMB-24, AMB-43, AMB-47, DEF-9,
OTH-3, OTH-8, and independent positions."""

from __future__ import annotations

import pytest

from shengji_sim.cards import format_cards, parse_cards
from shengji_sim.rules.throw import judge_throw
from tests.helpers import context


def judge(rule_set, level, trump, lead, others, amb=(), sets=()):
    ctx = context(rule_set, level, trump, amb, sets)
    return judge_throw(ctx, parse_cards(lead), [parse_cards(o) for o in others])


def cards(text: str) -> list[str]:
    return sorted(format_cards(parse_cards(text)).split())


def shown(result_cards: list[int]) -> list[str]:
    return sorted(format_cards(result_cards).split())


# --- RULES.md §5.5 -----------------------------------------------------------------------------

EX_T = [
    ("EX-T-CZ4-65-1", "CZ4", "10", "H", "SA SK SK", ["SA SQ SQ", "SJ", ""], None, "success"),
    ("EX-T-CZ4-65-3", "CZ4", "10", "H", "SK SQ", ["SJ", "SA", "S9"], "AMB-20=A", "fail"),
    ("EX-T-CZ4-65-3", "CZ4", "10", "H", "SK SQ", ["SJ", "SA", "S9"], "AMB-20=B", "success"),
    ("EX-T-CZ4-65-4", "CZ4", "10", "H", "SA S9", ["SK", "", "S3"], "AMB-43=A", "fail"),
    ("EX-T-CZ4-65-4", "CZ4", "10", "H", "SA S9", ["SK", "", "S3"], "AMB-43=B", "success"),
    ("EX-T-STD2-161", "STD2", "2", "H", "SK SQ", ["SA", "", "S3"], "AMB-23=A", "rejected"),
    ("EX-T-STD2-161", "STD2", "2", "H", "SK SQ", ["SA", "", "S3"], "AMB-23=B", "fail"),
]


@pytest.mark.parametrize(
    ("ex_id", "rule_set", "level", "trump", "lead", "others", "amb", "expected"),
    EX_T,
    ids=[f"{case[0]}[{case[6] or 'default'}]" for case in EX_T],
)
def test_section_5_5_examples(ex_id, rule_set, level, trump, lead, others, amb, expected):
    result = judge(rule_set, level, trump, lead, others, [amb] if amb else [])
    outcome = "success" if result.valid else "rejected" if result.rejected else "fail"
    assert outcome == expected
    if outcome == "success":
        assert shown(result.played) == cards(lead) and result.returned == []
        assert result.blocked_by is None and result.penalty == 0
    elif outcome == "rejected":
        assert result.played == [] and shown(result.returned) == cards(lead)
    else:
        assert result.blocked_by is not None


def test_EX_T_STD2_161_forced_play_is_the_beaten_component():
    result = judge("STD2", "2", "H", "SK SQ", ["SA", "", "S3"], ["AMB-23=B"])
    assert shown(result.played) == ["SQ"] and shown(result.returned) == ["SK"]
    assert result.blocked_by == 1 and result.penalty == 0


# --- AMB items ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("letter", "played", "returned"), [
    ("A", "SA", "SQ SQ"),
    ("B", "SQ SQ", "SA"),
    ("C", "SQ", "SA SQ"),
])
def test_AMB_21_failed_thrower_plays(letter, played, returned):
    result = judge("CZ4", "10", "H", "SA SQ SQ", ["", "", "SK SK"], [f"AMB-21={letter}"])
    assert not result.valid and not result.rejected
    assert shown(result.played) == cards(played) and shown(result.returned) == cards(returned)
    assert result.blocked_by == 3
    assert (result.penalty, result.penalty_unit) == (1, "card_points")


@pytest.mark.parametrize(("letter", "others", "valid"), [
    ("A", ["", "S4", ""], False),
    ("B", ["", "S4", ""], False),
    ("C", ["", "S4", ""], True),
    ("A", ["H4", "", "D5"], False),
    ("B", ["H4", "", "D5"], True),
    ("C", ["H4", "", "D5"], False),
])
def test_AMB_22_jj4_throws(letter, others, valid):
    result = judge("JJ4", "3", "H", "SA SK", others, [f"AMB-22={letter}"])
    assert result.valid == valid
    assert result.rejected == (not valid)


def test_THROW_4_jj4_restriction_only_where_it_applies():
    # CZ4 has no AMB-22: an all-void table does not block its throw.
    assert judge("CZ4", "10", "H", "SA SK", ["H4", "", "D5"]).valid


@pytest.mark.parametrize(("letter", "unit"), [
    ("A", "card_points"), ("B", "platform"), ("C", "level"),
])
def test_AMB_24_penalty_unit(letter, unit):
    result = judge("CZ4", "10", "H", "SK SQ", ["SA", "", ""], [f"AMB-24={letter}"])
    assert (result.penalty, result.penalty_unit) == (1, unit)


@pytest.mark.parametrize(("letter", "valid"), [("A", False), ("B", True)])
def test_AMB_43_pair_components(letter, valid):
    # Two thrown pairs (not adjacent): an opponent pair between them beats only the lower one.
    result = judge("STD2", "2", "H", "SA SA S9 S9", ["SJ SJ", "", ""], [f"AMB-43={letter}"])
    assert result.valid == valid


@pytest.mark.parametrize(("letter", "valid"), [("A", False), ("B", True)])
def test_AMB_20_partner_checked(letter, valid):
    result = judge("STD2", "2", "H", "SK SQ", ["SJ", "SA", "S9"], [f"AMB-20={letter}"])
    assert result.valid == valid
    if not valid:
        assert result.blocked_by == 2


def test_AMB_23_reject_returns_the_lead_without_penalty():
    result = judge("CZ4", "10", "H", "SK SQ", ["SA", "", ""], ["AMB-23=A"])
    assert result.rejected and result.played == [] and result.penalty == 0
    assert result.blocked_by == 1


# --- OTH items ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("others", "expected"), [
    # position 1 beats only the pair 44, position 3 only the single K
    (["S5 S5", "", "SA"], {"A": "SK", "B": "S4 S4", "C": "S4 S4"}),
    # position 1 beats only the single K, position 3 only the pair 44
    (["SA", "", "S5 S5"], {"A": "SK", "B": "SK", "C": "S4 S4"}),
])
def test_OTH_3_failed_throw_component(others, expected):
    for letter, played in expected.items():
        result = judge("STD2", "2", "H", "SA SK S4 S4", others, [f"OTH-3={letter}"])
        assert shown(result.played) == cards(played), letter


@pytest.mark.parametrize(("rule_set", "level", "letter", "penalty"), [
    ("CZ4", "10", "A", (1, "card_points")),
    ("CZ4", "10", "B", (10, "card_points")),
    ("STD2", "2", "A", (0, "card_points")),
    ("STD2", "2", "B", (10, "card_points")),
])
def test_OTH_8_penalty_rule(rule_set, level, letter, penalty):
    result = judge(rule_set, level, "H", "SK SQ", ["SA", "", ""], [f"OTH-8={letter}"])
    assert (result.penalty, result.penalty_unit) == penalty


# --- rule IDs ----------------------------------------------------------------------------------


def test_THROW_1_one_unit_is_not_a_throw():
    for lead in ["SK", "S3 S3", "S3 S3 S4 S4"]:
        result = judge("STD2", "2", "H", lead, ["SA SA", "SA", "SK"])
        assert result.valid and shown(result.played) == cards(lead)


def test_THROW_1_throws_allowed_false_rejects():
    result = judge("STD2", "2", "H", "SA SK", ["", "", ""], sets=["throws_allowed=false"])
    assert result.rejected and not result.valid and shown(result.returned) == ["SA", "SK"]


def test_THROW_2_equal_does_not_beat():
    assert judge("STD2", "2", "H", "SA SQ SQ", ["SA SJ SJ", "", ""]).valid
    assert not judge("STD2", "2", "H", "SA SQ SQ", ["SK SK", "", ""]).valid


def test_THROW_2_other_suits_and_ruffs_do_not_block():
    assert judge("STD2", "2", "H", "SA SK", ["HA BJ", "DA", "C3 S2"]).valid  # S2: level = trump


def test_THROW_2_tractor_component():
    lead = "S9 S9 S10 S10 SA"  # STD2: tractor 9910 10 + single A
    assert not judge("STD2", "2", "H", lead, ["SJ SJ SQ SQ", "", ""]).valid
    assert judge("STD2", "2", "H", lead, ["S3 S3 S4 S4 SK", "S2", ""]).valid
    assert judge("STD2", "2", "H", lead, ["SK SK SQ", "", ""]).valid  # a pair is not a tractor
    assert not judge("STD2", "2", "H", "S9 S9 S10 S10 S3", ["S4", "", ""]).valid


# CZ4 level 10: the 2-pair tractor 5566 and the single A, position 1 holding ``held``.
# (held, other readings, valid under AMB-47 A, valid under AMB-47 B)
CMP_2_CASES = [
    ("S3 S3 S3 S3", [], True, False),  # CMP-2, AMB-09 A: any quad beats a 2-pair tractor
    ("S3 S3 S3 S3", ["AMB-09=C"], True, True),  # the quad is never a substitute
    ("S3 S3 S3 S3", ["AMB-09=B"], True, True),  # the quad's power is below the tractor's top
    ("S7 S7 S7 S7", ["AMB-09=B"], True, False),  # ... and above it
    ("S3 S3 S3 S3", ["AMB-10=C"], True, True),  # no substitute shapes at all
    ("S7 S7 S8 S8", [], False, False),  # a higher 2-pair tractor: the same type
    ("S5 S5 S6 S6", [], True, True),  # an equal tractor does not beat ("不大于")
]


@pytest.mark.parametrize(("held", "amb", "valid_a", "valid_b"), CMP_2_CASES)
def test_THROW_2_in_suit_substitute_beats_a_component(held, amb, valid_a, valid_b):
    # AMB-47 B (any_stronger): an in-suit quad beats the thrown 2-pair tractor as a follow would.
    result = judge("CZ4", "10", "H", "S5 S5 S6 S6 SA", [held, "", ""], amb + ["AMB-47=B"])
    assert result.valid == valid_b
    if not valid_b:  # AMB-21 A: the smallest component
        assert shown(result.played) == ["SA"] and result.blocked_by == 1


@pytest.mark.parametrize(("held", "amb", "valid_a", "valid_b"), CMP_2_CASES)
def test_AMB_47_A_in_suit_substitute_does_not_beat_a_component(held, amb, valid_a, valid_b):
    # AMB-47 A (same_type, the default): only a higher 2-pair tractor beats it.
    for readings in (amb, amb + ["AMB-47=A"]):
        result = judge("CZ4", "10", "H", "S5 S5 S6 S6 SA", [held, "", ""], readings)
        assert result.valid == valid_a
        if not valid_a:
            assert shown(result.played) == ["SA"] and result.blocked_by == 1


# AMB-47 with CMP-3, CMP-4 and AMB-41: (rule set, level, lead, position 1's holding,
# other readings, valid under A, valid under B). The leads are a tractor plus the single A.
SUBSTITUTE_CASES = [
    # CMP-3: a 2-triple tractor answers the 3-pair tractor 445566 (AMB-11 B1 in CZ4)
    ("CZ4", "10", "S4 S4 S5 S5 S6 S6 SA", "S7 S7 S7 S8 S8 S8", [], True, False),
    ("CZ4", "10", "S4 S4 S5 S5 S6 S6 SA", "S7 S7 S7 S8 S8 S8", ["AMB-11=B2"], True, True),
    # three triples supply the higher 3-pair tractor 778899 (AMB-17 A): the same type
    ("CZ4", "10", "S4 S4 S5 S5 S6 S6 SA", "S7 S7 S7 S8 S8 S8 S9 S9 S9", [], False, False),
    ("CZ4", "10", "S4 S4 S5 S5 S6 S6 SA", "S7 S7 S7 S8 S8 S8 S9 S9 S9", ["AMB-17=B"],
     True, False),
    # CMP-4: a 3-quad tractor answers the 4-triple tractor 3334445556666
    ("CZ4", "10", "S3 S3 S3 S4 S4 S4 S5 S5 S5 S6 S6 S6 SA",
     "SJ SJ SJ SJ SQ SQ SQ SQ SK SK SK SK", [], True, False),
    # CMP-4 with AMB-41 A: two quads answer the 4-pair tractor 44556677 (JJ4)
    ("JJ4", "3", "S4 S4 S5 S5 S6 S6 S7 S7 SA", "S9 S9 S9 S9 SQ SQ SQ SQ", [], True, False),
    ("JJ4", "3", "S4 S4 S5 S5 S6 S6 S7 S7 SA", "S9 S9 S9 S9 SQ SQ SQ SQ", ["AMB-41=B"],
     True, True),
    # AMB-41 A: two quads are the "2个4张" shape, the same type as the 2-quad tractor 55556666
    ("JJ4", "3", "S5 S5 S5 S5 S6 S6 S6 S6 SA", "S9 S9 S9 S9 SQ SQ SQ SQ", [], False, False),
    ("JJ4", "3", "S5 S5 S5 S5 S6 S6 S6 S6 SA", "S9 S9 S9 S9 SQ SQ SQ SQ", ["AMB-41=B"],
     True, True),
    ("JJ4", "3", "S8 S8 S8 S8 S9 S9 S9 S9 SA", "S4 S4 S4 S4 S7 S7 S7 S7", [], True, True),
]


@pytest.mark.parametrize(("rule_set", "level", "lead", "held", "amb", "valid_a", "valid_b"),
                         SUBSTITUTE_CASES)
def test_AMB_47_stronger_shapes(rule_set, level, lead, held, amb, valid_a, valid_b):
    for letter, valid in (("A", valid_a), ("B", valid_b)):
        result = judge(rule_set, level, "H", lead, [held, "", ""], amb + [f"AMB-47={letter}"])
        assert result.valid == valid, letter
        assert result.blocked_by == (None if valid else 1), letter


@pytest.mark.parametrize(("letter", "valid"), [(None, True), ("A", True), ("B", False)])
def test_AMB_47_example_joker_tractor(letter, valid):
    # RULES.md AMB-47 example: no higher joker tractor and no trump single above HA is held,
    # but P2's quad H3 beats the joker tractor as a follow (CMP-2, AMB-09 A).
    amb = [f"AMB-47={letter}"] if letter else []
    result = judge("CZ4", "10", "H", "BJ BJ LJ LJ HA", ["H3 H3 H3 H3", "C4", "D4"], amb)
    assert result.valid == valid
    if valid:
        assert shown(result.played) == cards("BJ BJ LJ LJ HA") and result.returned == []
    else:
        assert shown(result.played) == ["HA"] and shown(result.returned) == cards("BJ BJ LJ LJ")
        assert result.blocked_by == 1 and result.penalty == 1


def test_THROW_2_split_triple_supplies_a_pair():
    lead = "SA SQ SQ"
    assert not judge("CZ4", "10", "H", lead, ["SK SK SK", "", ""]).valid
    assert judge("CZ4", "10", "H", lead, ["SK SK SK", "", ""], ["AMB-17=B"]).valid


def test_THROW_2_trump_throw():
    lead = "BJ HA HA"  # CZ4 level 10: pair of trump A + BJ
    assert not judge("CZ4", "10", "H", lead, ["LJ LJ", "", ""]).valid
    assert judge("CZ4", "10", "H", lead, ["BJ HK HK", "", ""]).valid
    assert not judge("CZ4", "10", "H", lead, ["S10 S10", "", ""]).valid  # off-suit level pair


def test_THROW_3_failed_throw_plays_beaten_component():
    result = judge("STD2", "2", "H", "SA SK S4 S4", ["S5 S5", "", ""])
    assert shown(result.played) == ["S4", "S4"] and shown(result.returned) == ["SA", "SK"]
    assert result.blocked_by == 1 and not result.rejected


def test_THROW_3_SCORE_2_cz4_smallest_component_and_one_point():
    result = judge("CZ4", "10", "H", "SA SK S4 S4", ["S5 S5", "", ""])
    assert shown(result.played) == ["SK"]
    assert (result.penalty, result.penalty_unit) == (1, "card_points")
    assert "THROW-3" in result.reason and "AMB-21" in result.reason


def test_DEF_9_default_penalty_zero_outside_cz4():
    for rule_set in ["STD2", "THREE3", "JJ4"]:
        level = "3" if rule_set == "JJ4" else "2"
        result = judge(rule_set, level, "H", "SK SQ", ["SA", "", ""])
        assert not result.valid and result.penalty == 0
        assert shown(result.played) == ["SQ"]


def test_blocked_by_is_the_first_checked_player():
    result = judge("STD2", "2", "H", "SK SQ", ["S3", "SA", "SA"])
    assert result.blocked_by == 2
    result = judge("STD2", "2", "H", "SK SQ", ["S3", "SA", "SA"], ["AMB-20=B"])
    assert result.blocked_by == 3


def test_one_deck_throw():
    assert judge("ONE1", "2", "H", "SA SK", ["SQ", "SJ", "S3"]).valid
    result = judge("ONE1", "2", "H", "SA SQ", ["SK", "", ""])
    assert shown(result.played) == ["SQ"]


def test_mixed_lead_is_an_error():
    with pytest.raises(ValueError, match="DEF-27"):
        judge("STD2", "2", "H", "SA DA", ["", "", ""])


# --- which component a failed thrower plays, and what the verdict names ------------------------

# A thrown 2-pair tractor and a pair (CZ4, level 10): position 1's S5 S5 S6 S6 and SA SA beat
# both components.
TWO_COMPONENTS = "S3 S3 S4 S4 SK SK"
BEATS_BOTH = ["S5 S5 S6 S6 SA SA", "", ""]


@pytest.mark.parametrize(("amb", "played", "rule"), [
    # AMB-21 A "出最小的牌型": the smallest shape, the pair, though its top is higher.
    ("AMB-21=A", "SK SK", "AMB-21 smallest_component"),
    # AMB-21 B / DEF-9: the lowest beaten component, ordered as A orders them (by shape).
    ("AMB-21=B", "SK SK", "AMB-21 beaten_component"),
    # AMB-21 C: the lowest card alone.
    ("AMB-21=C", "S3", "AMB-21 lowest_card"),
    # OTH-3 B: the smallest component the first beater beats.
    ("OTH-3=B", "SK SK", "OTH-3 first_beater"),
    # OTH-3 C: the beaten component with the lowest top card (the tractor, top S4).
    ("OTH-3=C", "S3 S3 S4 S4", "OTH-3 lowest_top"),
])
def test_THROW_3_failed_throw_component_by_reading(amb, played, rule):
    result = judge("CZ4", "10", "H", TWO_COMPONENTS, BEATS_BOTH, [amb])
    assert result.valid is False and result.rejected is False and result.blocked_by == 1
    assert shown(result.played) == cards(played)
    assert sorted(result.played + result.returned) == sorted(parse_cards(TWO_COMPONENTS))
    assert result.reason == ("THROW-2, AMB-20, AMB-43, AMB-47: position 1 beats a component; "
                             f"THROW-3, AMB-23 fail_procedure, {rule}; AMB-24")


def test_AMB_21_C_lowest_card_is_by_power_not_by_suit():
    """In a trump throw the off-suit level card S10 outranks the trump-suit H5 (TRUMP-4), so
    the lowest card is H5."""
    result = judge("CZ4", "10", "H", "S10 H5", ["H6", "", ""], ["AMB-21=C"])
    assert shown(result.played) == ["H5"] and shown(result.returned) == ["S10"]


@pytest.mark.parametrize(("letter", "valid"), [("A", False), ("B", True)])
def test_AMB_43_highest_single_of_a_trump_throw(letter, valid):
    """AMB-43 B tests only the highest thrown single. In a trump throw at level 10 that is the
    off-suit level card S10, not HA: C10 ties S10 (AMB-08 A, equal does not beat) but beats HA."""
    result = judge("CZ4", "10", "H", "HA S10", ["C10", "", ""], [f"AMB-43={letter}"])
    assert result.valid is valid


@pytest.mark.parametrize(("rule_set", "amb", "penalty_rule"), [
    ("CZ4", [], "AMB-24"),
    ("STD2", ["AMB-23=B"], "DEF-9"),
    ("CZ4", ["OTH-8=B"], "OTH-8 ten_points"),
])
def test_SCORE_2_failed_throw_names_its_penalty_rule(rule_set, amb, penalty_rule):
    level = "10" if rule_set == "CZ4" else "2"
    result = judge(rule_set, level, "H", "SK SQ", ["SA", "", ""], amb)
    assert result.valid is False and result.reason.endswith(f"; {penalty_rule}")


@pytest.mark.parametrize(("letter", "others", "reason"), [
    ("A", ["", "S4", ""], "THROW-4, AMB-22 forbidden: throws are not allowed"),
    ("B", ["", "S4", ""], "THROW-4, AMB-22 only_if_all_void: another player holds the suit"),
    ("C", ["H4", "", "D5"], "THROW-4, AMB-22 literal: all three others are void in the suit"),
])
def test_AMB_22_refusal_names_the_reading(letter, others, reason):
    result = judge("JJ4", "3", "H", "SA SK", others, [f"AMB-22={letter}"])
    assert (result.valid, result.played, result.rejected, result.reason) == \
        (False, [], True, reason)
    assert shown(result.returned) == ["SA", "SK"]


def test_AMB_23_A_rejection_names_the_reading():
    result = judge("CZ4", "10", "H", "SK SQ", ["SA", "", ""], ["AMB-23=A"])
    assert result.valid is False and result.rejected is True
    assert result.reason == "THROW-2, AMB-20, AMB-43, AMB-47: position 1 beats a component; " \
        "AMB-23 reject"


def test_THROW_1_verdicts_name_the_rule():
    assert judge("STD2", "2", "H", "S3 S3", ["SA SA", "", ""]).reason == \
        "THROW-1: one unit, not a throw"
    refused = judge("STD2", "2", "H", "SK SQ", ["", "", ""], sets=["throws_allowed=false"])
    assert (refused.valid, refused.played, refused.rejected, refused.reason) == \
        (False, [], True, "THROW-1: throws_allowed is false")
    assert judge("STD2", "2", "H", "SA SK", ["SQ", "", ""]).reason == \
        "THROW-2, AMB-20, AMB-43, AMB-47: nobody beats it"


def test_THROW_2_judging_needs_the_three_other_hands():
    with pytest.raises(ValueError, match="expected the hands of the 3 other players, got 2"):
        judge("STD2", "2", "H", "SA SK", ["SQ", ""])
