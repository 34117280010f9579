"""Follow rules by ID (FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7,
FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5, DEF-8, THROW-5) and every follow switch of §4/§7
with a position where its readings differ. Positions here are not the §5 examples."""

from __future__ import annotations

import pytest

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.rules.follow import FollowError, check_follow, legal_follows
from shengji_sim.rules.shapes import make_context
from shengji_sim.variant import load_variant


def follows(name: str, level: str, trump: str, lead: str, hand: str, amb=(), position=1):
    ctx = make_context(load_variant(name, amb=list(amb)), parse_rank(level), parse_trump(trump))
    result = legal_follows(ctx, parse_cards(lead), parse_cards(hand), position=position)
    return {tuple(sorted(p)) for p in result.plays}


def plays(*texts: str) -> set[tuple[int, ...]]:
    return {tuple(sorted(parse_cards(t))) for t in texts}


# --------------------------------------------------------------------------- rule IDs


def test_FOLLOW_1_short_suit_plays_all_then_fills() -> None:
    got = follows("classic-2deck", "2", "S", "D4 D4 D5 D5", "D9 D10 C3 C3 SK")
    assert got == plays("D9 D10 C3 C3", "D9 D10 C3 SK")


def test_FOLLOW_1_trump_counts_as_one_suit_for_following() -> None:
    # A trump lead must be followed by level cards and jokers too (DEF-12, AMB-07 A).
    got = follows("classic-2deck", "7", "C", "C9", "S7 LJ D4")
    assert got == plays("S7", "LJ")


def test_FOLLOW_2_void_may_ruff_or_discard() -> None:
    got = follows("classic-2deck", "2", "S", "D4", "C3 S9")
    assert got == plays("C3", "S9")


def test_FOLLOW_3_pair_obligation() -> None:
    assert follows("classic-2deck", "2", "S", "HQ HQ", "H4 H4 H9 HK") == plays("H4 H4")


def test_FOLLOW_3_tractor_before_pairs() -> None:
    got = follows("classic-2deck", "2", "S", "HQ HQ HK HK", "H4 H4 H5 H5 H9 H9 HJ")
    assert got == plays("H4 H4 H5 H5")


def test_FOLLOW_4_cz4_triple_lead_owes_triple_then_pair() -> None:
    assert follows("changzhou-4deck", "10", "H", "C6 C6 C6", "C8 C8 C8 CJ CJ CA") == \
        plays("C8 C8 C8")
    assert follows("changzhou-4deck", "10", "H", "C6 C6 C6", "C8 C8 CJ CA") == \
        plays("C8 C8 CJ", "C8 C8 CA")


def test_FOLLOW_4_cz4_quad_lead_greedy_triple_then_pair_not_fitting() -> None:
    got = follows("changzhou-4deck", "2", "H", "DQ DQ DQ DQ", "D3 D3 D3 D5 D5 D6")
    assert got == plays("D3 D3 D3 D5", "D3 D3 D3 D6")


def test_FOLLOW_5_jj4_four_pair_tractor_row_4_tractor_plus_two_pairs() -> None:
    got = follows("jj-4deck", "5", "H", "C6 C6 C7 C7 C8 C8 C9 C9", "CJ CJ CQ CQ C3 C3 CA CA CK")
    assert got == plays("CJ CJ CQ CQ C3 C3 CA CA")


def test_FOLLOW_6_jj4_two_quads_lead_row_8_quad_and_two_pairs() -> None:
    got = follows("jj-4deck", "5", "H", "C6 C6 C6 C6 C7 C7 C7 C7", "CK CK CK CK C3 C3 CJ CJ CA")
    assert got == plays("CK CK CK CK C3 C3 CJ CJ")


def test_FOLLOW_7_jj4_row_2_quad_plus_pair_above_tractor_plus_pair() -> None:
    got = follows("jj-4deck", "5", "H", "C6 C6 C7 C7 C8 C8", "CA CA CA CA C3 C3 CJ CJ CQ CQ")
    assert got == plays("CA CA CA CA C3 C3", "CA CA CA CA CJ CJ", "CA CA CA CA CQ CQ")


def test_FOLLOW_8_jj4_triple_tractor_lead_two_triples_row() -> None:
    got = follows("jj-4deck", "5", "H", "CJ CJ CJ CQ CQ CQ", "C3 C3 C3 C8 C8 C8 CA")
    assert got == plays("C3 C3 C3 C8 C8 C8")


def test_FOLLOW_9_jj4_quad_lead_tractor_second() -> None:
    got = follows("jj-4deck", "5", "H", "C4 C4 C4 C4", "CJ CJ CQ CQ CA CA CA")
    assert got == plays("CJ CJ CQ CQ")


def test_FOLLOW_10_jj4_two_pair_lead_quad_is_a_choice() -> None:
    got = follows("jj-4deck", "5", "H", "C9 C9 C10 C10", "CK CK CK CK C3 C3 C4 C4 C7")
    assert got == plays("CK CK CK CK", "C3 C3 C4 C4")


def test_FOLLOW_11_first_realizable_row_with_filler_from_led_suit() -> None:
    got = follows("jj-4deck", "5", "H", "C9 C9 C10 C10", "C3 C3 C8 CA S4 S4")
    assert got == plays("C3 C3 C8 CA")


def test_DEF_5_throw_follows_structure_first() -> None:
    got = follows("classic-2deck", "2", "S", "HA HA HK", "H3 H3 H7 H9")
    assert got == plays("H3 H3 H7", "H3 H3 H9")


def test_DEF_8_triple_lead_without_table_three_decks() -> None:
    got = follows("classic-3deck", "2", "S", "HK HK HK", "H4 H4 H4 H6 H6 H9")
    assert got == plays("H4 H4 H4")
    assert follows("classic-3deck", "2", "S", "HK HK HK", "H4 H4 H6 H9") == \
        plays("H4 H4 H6", "H4 H4 H9")


def test_THROW_5_following_a_throw_with_a_tractor() -> None:
    got = follows("classic-2deck", "2", "S", "HA HA HK HK H9", "H4 H4 H5 H5 H7 H7 H8")
    assert got == plays("H4 H4 H5 H5 H7", "H4 H4 H5 H5 H8")


def test_DEF_27_mixed_suit_lead_is_an_error() -> None:
    with pytest.raises(FollowError, match="mixes suits"):
        follows("classic-2deck", "2", "S", "H4 C4", "H5 H6")


def test_check_follow_names_the_rule_and_rejects_wrong_size() -> None:
    ctx = make_context(load_variant("jj-4deck"), parse_rank("3"), parse_trump("H"))
    lead, hand = parse_cards("SA SA SA SA"), parse_cards("SK SK SK S4 S9")
    legal, reason = check_follow(ctx, lead, hand, parse_cards("SK SK S4 S9"))
    assert not legal and reason.startswith("FOLLOW-9")
    legal, reason = check_follow(ctx, lead, hand, parse_cards("SK SK SK"))
    assert not legal and reason.startswith("FOLLOW-1")
    with pytest.raises(FollowError, match="not in the hand"):
        check_follow(ctx, lead, hand, parse_cards("SA SK SK SK"))


def test_count_is_exact_when_listing_is_limited() -> None:
    ctx = make_context(load_variant("changzhou-4deck"), parse_rank("10"), parse_trump("H"))
    hand = parse_cards("C3 C4 C5 C6 C7 C8 C9 CJ CQ CK CA D3 D4 D5")
    result = legal_follows(ctx, parse_cards("S5 S5 S6 S6"), hand, limit=10)
    assert len(result.plays) == 10 and result.truncated
    assert result.count == 1001  # C(14, 4): void, any four of fourteen distinct cards


# ---------------------------------------------------------------------- switches (§4, §7)


def test_AMB_11_pair_tractor_lead_vs_triple_tractor() -> None:
    lead, hand = "S6 S6 S7 S7 S8 S8", "S9 S9 S10 S10 SJ SJ SK SK SK SA SA SA"
    a = follows("jj-4deck", "3", "H", lead, hand, ["AMB-11=A"])
    b = follows("jj-4deck", "3", "H", lead, hand, ["AMB-11=B"])
    c = follows("jj-4deck", "3", "H", lead, hand, ["AMB-11=C"])
    assert a == plays("S9 S9 S10 S10 SJ SJ", "SK SK SK SA SA SA")
    assert b == plays("S9 S9 S10 S10 SJ SJ")
    assert c == plays("SK SK SK SA SA SA")


def test_AMB_12_quad_lead_table() -> None:
    lead, hand = "SA SA SA SA", "S6 S6 S9 S9 SK SK SK"
    assert follows("changzhou-4deck", "3", "H", lead, hand, ["AMB-12=A"]) == \
        plays("SK SK SK S6", "SK SK SK S9")
    assert follows("changzhou-4deck", "3", "H", lead, hand, ["AMB-12=B"]) == \
        plays("S6 S6 S9 S9", "S6 S6 SK SK", "S9 S9 SK SK")


def test_AMB_13_triple_tractor_lead_table() -> None:
    lead, hand = "S6 S6 S6 S7 S7 S7", "S4 S4 S4 SJ SJ SQ SQ SK"
    assert follows("changzhou-4deck", "3", "H", lead, hand, ["AMB-13=A"]) == plays(
        "S4 S4 S4 SJ SJ SQ", "S4 S4 S4 SJ SJ SK", "S4 S4 S4 SQ SQ SJ", "S4 S4 S4 SQ SQ SK")
    assert follows("changzhou-4deck", "3", "H", lead, hand, ["AMB-13=B"]) == \
        plays("S4 S4 SJ SJ SQ SQ")


def test_AMB_14_quad_tractor_lead_table() -> None:
    lead, hand = "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 SJ SJ SJ SK SK SA"
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-14=A"]) == \
        plays("S8 S8 S8 S8 SJ SJ SJ SK", "S8 S8 S8 S8 SJ SJ SJ SA")
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-14=B"]) == \
        plays("S8 S8 S8 S8 SJ SJ SK SK")


def test_AMB_15_chain_semantics() -> None:
    lead, hand = "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 SJ SJ SK SA S4"
    greedy = follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-15=A"])
    first = follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-15=B"])
    assert first - greedy == plays("S8 S8 S8 S8 SJ SK SA S4")


def test_AMB_16_throw_of_two_tractors() -> None:
    lead, hand = "SA SA SK SK S9 S9 S8 S8", "S3 S3 S4 S4 S5 S5 S6 S6 SJ SJ"
    assert follows("classic-2deck", "2", "H", lead, hand, ["AMB-16=A"]) == \
        plays("S3 S3 S4 S4 S5 S5 S6 S6")
    assert len(follows("classic-2deck", "2", "H", lead, hand, ["AMB-16=B"])) == 5
    assert len(follows("classic-2deck", "2", "H", lead, hand, ["AMB-16=C"])) == 5


def test_AMB_17_split_sets() -> None:
    lead, hand = "S5 S5", "SK SK SK SA"
    assert follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-17=A"]) == plays("SK SK")
    assert follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-17=B"]) == \
        plays("SK SK", "SK SA")


def test_AMB_18_jj4_tables_vs_line_76() -> None:
    lead, hand = "S6 S6 S7 S7 S8 S8", "SA SA SA SA SQ SQ S9 S9"
    a = follows("jj-4deck", "3", "H", lead, hand, ["AMB-18=A"])
    b = follows("jj-4deck", "3", "H", lead, hand, ["AMB-18=B"])
    assert a == plays("SA SA SA SA SQ SQ", "SA SA SA SA S9 S9")
    assert b == a | plays("SA SA SQ SQ S9 S9")


def test_AMB_19_ruff_when_lacking_the_shape() -> None:
    lead, hand = "S5 S5", "S9 SK H7 H7"
    assert follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-19=A"]) == plays("S9 SK")
    b = follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-19=B"])
    assert plays("H7 H7") <= b and plays("S9 SK") <= b


def test_AMB_37_only_last_player_ruffs() -> None:
    lead, hand = "S5", "H4 C7"
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-37=A"]) == plays("H4", "C7")
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-37=B"], position=1) == plays("C7")
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-37=B"], position=3) == \
        plays("H4", "C7")


def test_AMB_41_two_quads_adjacent() -> None:
    lead, hand = "S4 S4 S5 S5 S6 S6 S7 S7", "S9 S9 S9 S9 SK SK SK SK SA"
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-41=A"]) == \
        plays("S9 S9 S9 S9 SK SK SK SK")
    # B: two non-adjacent quads fall to row 7, quad + 2 pairs (the other quad split).
    assert follows("jj-4deck", "3", "H", lead, hand, ["AMB-41=B"]) == \
        plays("S9 S9 S9 S9 SK SK SK SK")
    hand2 = "S9 S9 S9 S9 SK SK SK SK SJ SJ"
    assert follows("jj-4deck", "3", "H", lead, hand2, ["AMB-41=A"]) == \
        plays("S9 S9 S9 S9 SK SK SK SK")
    assert follows("jj-4deck", "3", "H", lead, hand2, ["AMB-41=B"]) == plays(
        "S9 S9 S9 S9 SK SK SK SK", "S9 S9 S9 S9 SK SK SJ SJ", "SK SK SK SK S9 S9 SJ SJ")


def test_AMB_06_gap_changes_the_obligation() -> None:
    lead, hand = "S9 S9 SJ SJ", "S5 S5 S6 S6 S3 S3"
    assert follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-06=A"]) == \
        plays("S5 S5 S6 S6")
    assert len(follows("changzhou-4deck", "10", "H", lead, hand, ["AMB-06=B"])) == 3


def test_AMB_07_natural_suit_following() -> None:
    lead, hand = "H5", "S2 LJ C4"
    assert follows("classic-2deck", "2", "H", lead, hand, ["AMB-07=A"]) == plays("S2", "LJ")
    assert follows("classic-2deck", "2", "H", lead, hand, ["AMB-07=B"]) == \
        plays("S2", "LJ", "C4")


def test_AMB_01_fixed_two_changes_void() -> None:
    lead, hand = "S3", "S2 H5 H6"
    assert follows("changzhou-4deck", "10", "D", lead, hand, ["AMB-01=A"]) == \
        plays("S2", "H5", "H6")
    assert follows("changzhou-4deck", "10", "D", lead, hand, ["AMB-01=B"]) == plays("S2")


def test_OTH_5_longer_tuples_protected() -> None:
    lead, hand = "S5 S5", "SK SK SK SA"
    assert follows("changzhou-4deck", "10", "H", lead, hand, ["OTH-5=A"]) == plays("SK SK")
    assert follows("changzhou-4deck", "10", "H", lead, hand, ["OTH-5=B"]) == \
        plays("SK SK", "SK SA")


def test_OTH_6_no_shape_obligation() -> None:
    lead, hand = "S5 S5", "S3 S3 S9"
    assert follows("classic-2deck", "2", "H", lead, hand, ["OTH-6=A"]) == plays("S3 S3")
    assert follows("classic-2deck", "2", "H", lead, hand, ["OTH-6=B"]) == \
        plays("S3 S3", "S3 S9")


def test_OTH_7_mixed_width_run_is_owed() -> None:
    lead, hand = "S3 S3 S3 S4 S4 S4", "S8 S8 S8 S9 S9 SQ SQ"
    assert follows("classic-3deck", "2", "H", lead, hand, ["OTH-7=B"]) == \
        plays("S8 S8 S8 S9 S9 SQ")
    assert follows("classic-3deck", "2", "H", lead, hand, ["OTH-7=A"]) == \
        plays("S8 S8 S8 S9 S9 SQ", "S8 S8 S8 SQ SQ S9")


def test_LEAD_3_a_lead_is_any_shape_of_one_suit() -> None:
    ctx = make_context(load_variant("changzhou-4deck"), parse_rank("10"), parse_trump("H"))
    for lead in ("S9", "S9 S9 S9", "S9 S9 SJ SJ", "SA SK SK", "BJ BJ LJ LJ H3"):
        assert legal_follows(ctx, parse_cards(lead), parse_cards("C3 C4 C5 C6 C7")).count >= 1
    with pytest.raises(FollowError, match="DEF-27"):
        legal_follows(ctx, parse_cards("S9 C9"), parse_cards("C3 C4"))


def test_follow_options_nth_matches_listing_order() -> None:
    from shengji_sim.rules.follow import follow_options

    ctx = make_context(load_variant("changzhou-4deck"), parse_rank("10"), parse_trump("H"))
    for lead, hand in (("S5 S5 S6 S6", "C3 C4 C4 C9 D5 D5 D6"),
                       ("S5 S5 S5 S5", "S7 S7 S7 S8 S8 SJ SJ"),
                       ("S5", "S7 S7 S8 SJ")):
        options = follow_options(ctx, parse_cards(lead), parse_cards(hand))
        listed = legal_follows(ctx, parse_cards(lead), parse_cards(hand)).plays
        assert options.count == len(listed)
        assert [options.nth(i) for i in range(options.count)] == listed
        with pytest.raises(IndexError):
            options.nth(options.count)
