"""Follow rules by ID (FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7,
FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5, DEF-8, THROW-5) and every follow switch of §4/§7
with a position where its readings differ. Positions here are not the §5 examples."""

from __future__ import annotations

import pytest

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.rules.follow import FollowError, check_follow, legal_follows
from shengji_sim.rules.shapes import make_context


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


# ------------------------------------------- FOLLOW-4 chains: AMB-11, AMB-15 B, the verdict

CZ4 = "changzhou-4deck"


def verdict(name: str, level: str, trump: str, lead: str, hand: str, play: str, amb=(),
            position=1) -> tuple[bool, str]:
    ctx = make_context(load_variant(name, amb=list(amb)), parse_rank(level), parse_trump(trump))
    return check_follow(ctx, parse_cards(lead), parse_cards(hand), parse_cards(play), position)


def test_FOLLOW_4_verdict_names_the_chain_and_its_000_line() -> None:
    """FOLLOW-4's table: a quad lead follows 000 line 47, quad -> triple -> tractor -> pairs."""
    lead, hand = "S5 S5 S5 S5", "S3 S3 S3 S8 S9"
    chain = "000 line 47 chain: quad -> triple -> 2-pair tractor -> pair -> singles"
    assert verdict(CZ4, "10", "H", lead, hand, "S3 S3 S3 S9") == \
        (True, f"FOLLOW-4: satisfies {chain}")
    assert verdict(CZ4, "10", "H", lead, hand, "S3 S3 S8 S9") == \
        (False, f"FOLLOW-4: violates {chain}")


def test_FOLLOW_1_FOLLOW_2_verdicts_name_the_rule() -> None:
    assert verdict("jj-4deck", "3", "H", "S5 S5", "S4 C6 H9 HJ", "S4 C6") == \
        (True, "FOLLOW-1: satisfies all 1 led-suit card(s) first")
    assert verdict("jj-4deck", "3", "H", "S5 S5", "C4 C6 H9 HJ", "C4 H9") == \
        (True, "FOLLOW-2: satisfies void: ruff or discard")


# 000 line 48 (3-pair tractor lead) at level 10: SJ..SA hold the 3-pair tractors JJQQKK and
# QQKKAA (the triple SK splits, AMB-17 A) and the 2-triple tractor SK SK SK SA SA SA.
AMB11_LEAD = "S6 S6 S7 S7 S8 S8"
AMB11_HAND = "S9 S9 SJ SJ SQ SQ SK SK SK SA SA SA"
AMB11_PAIR_TRACTORS = ("SA SA SK SK SQ SQ", "SK SK SQ SQ SJ SJ", "SQ SQ SJ SJ S9 S9")


def test_AMB_11_cz4_chain_head() -> None:
    """AMB-11 on CZ4's 000 line 48 chain: B1 (CZ4's default) owes the 3-pair tractor only;
    A lets the 2-triple tractor stand beside it; C makes the 2-triple tractor mandatory."""
    b1 = follows(CZ4, "10", "H", AMB11_LEAD, AMB11_HAND)
    assert b1 == follows(CZ4, "10", "H", AMB11_LEAD, AMB11_HAND, ["AMB-11=B1"]) == \
        plays(*AMB11_PAIR_TRACTORS)
    assert follows(CZ4, "10", "H", AMB11_LEAD, AMB11_HAND, ["AMB-11=A"]) == \
        plays(*AMB11_PAIR_TRACTORS, "SK SK SK SA SA SA")
    assert follows(CZ4, "10", "H", AMB11_LEAD, AMB11_HAND, ["AMB-11=C"]) == \
        plays("SK SK SK SA SA SA")
    triples = "SK SK SK SA SA SA"
    assert verdict(CZ4, "10", "H", AMB11_LEAD, AMB11_HAND, triples, ["AMB-11=C"]) == \
        (True, "AMB-11: satisfies 000 line 48 with the triple tractor")
    # C without a 2-triple tractor: the chain itself (FOLLOW-4) decides.
    hand = "S9 S9 SJ SJ SQ SQ S3"
    assert follows(CZ4, "10", "H", AMB11_LEAD, hand, ["AMB-11=C"]) == plays("SQ SQ SJ SJ S9 S9")
    assert verdict(CZ4, "10", "H", AMB11_LEAD, hand, "SQ SQ SJ SJ S9 S9", ["AMB-11=C"])[1] \
        .startswith("FOLLOW-4: satisfies 000 line 48 chain")


def test_AMB_15_B_the_first_formable_element_may_be_the_whole_lead() -> None:
    """AMB-15 B: only the first formable element is owed, even when it is as large as the
    lead (3-pair tractor on line 48, 4-pair tractor on line 50); the rest is free."""
    assert follows(CZ4, "10", "H", AMB11_LEAD, "S9 S9 SJ SJ SQ SQ S3 S4", ["AMB-15=B"]) == \
        plays("S9 S9 SJ SJ SQ SQ")
    lead, hand = "S5 S5 S5 S5 S6 S6 S6 S6", "S7 S7 S8 S8 S9 S9 SJ SJ SK SA"
    assert follows(CZ4, "10", "H", lead, hand, ["AMB-15=B"]) == \
        plays("S7 S7 S8 S8 S9 S9 SJ SJ")
    assert verdict(CZ4, "10", "H", lead, hand, "S7 S7 S8 S8 S9 S9 SJ SJ", ["AMB-15=B"]) == (
        True, "FOLLOW-4/AMB-15 B: satisfies 000 line 50 chain: 2-quad tractor -> quad -> triple"
        " -> 4-pair tractor -> 3-pair tractor -> 2-pair tractor -> pair -> singles")


def test_AMB_15_B_no_formable_element_means_any_led_suit_cards() -> None:
    lead, hand = "S5 S5 S6 S6", "S3 S7 S9 SK SA"
    assert follows(CZ4, "10", "H", lead, hand, ["AMB-15=B"]) == plays(
        "S3 S7 S9 SK", "S3 S7 S9 SA", "S3 S7 SK SA", "S3 S9 SK SA", "S7 S9 SK SA")
    assert verdict(CZ4, "10", "H", lead, hand, "S3 S7 S9 SK", ["AMB-15=B"]) == \
        (True, "FOLLOW-4/AMB-15 B: satisfies 000 line 46 chain: 2-pair tractor -> pair -> singles")


@pytest.mark.parametrize(("rule", "lead", "play"), [
    ("FOLLOW-5", "S4 S4 S5 S5 S6 S6 S7 S7", "S9 S9 S10 S10 SJ SJ SQ SQ"),
    ("FOLLOW-6", "S4 S4 S4 S4 S5 S5 S5 S5", "S9 S9 S9 S9 SJ SJ SJ SJ"),
    ("FOLLOW-7", "S4 S4 S5 S5 S6 S6", "S9 S9 S10 S10 SJ SJ"),
    ("FOLLOW-8", "S4 S4 S4 S5 S5 S5", "S9 S9 S9 S10 S10 S10"),
    ("FOLLOW-9", "S4 S4 S4 S4", "S9 S9 S9 S9"),
    ("FOLLOW-10", "S4 S4 S5 S5", "S9 S9 S10 S10"),
])
def test_FOLLOW_5_to_FOLLOW_10_verdict_names_the_jj4_table(rule, lead, play) -> None:
    """Each JJ4 lead shape has its own table; the verdict names it, and the row met."""
    legal, why = verdict("jj-4deck", "3", "H", lead, f"{play} SA", play)
    assert legal and why.startswith(f"{rule}: satisfies row 1 (line ")


def test_AMB_37_B_a_void_player_before_the_last_discards_what_they_can() -> None:
    """AMB-37 B: P2 (not last) with one off-suit card for a pair lead discards it and fills
    with a trump; the last player may ruff or discard (FOLLOW-2)."""
    lead = "S5 S5"
    assert follows("jj-4deck", "3", "H", lead, "C4 H9 HJ", ["AMB-37=B"], position=1) == \
        plays("C4 H9", "C4 HJ")
    assert follows("jj-4deck", "3", "H", lead, "C4 H9 HJ", ["AMB-37=B"], position=3) == \
        plays("C4 H9", "C4 HJ", "H9 HJ")
    assert follows("jj-4deck", "3", "H", lead, "C4 C6 H9 HJ", ["AMB-37=B"], position=2) == \
        plays("C4 C6")
    assert verdict("jj-4deck", "3", "H", lead, "C4 C6 H9 HJ", "C4 C6", ["AMB-37=B"]) == \
        (True, "AMB-37 B: satisfies only the last player ruffs")
    assert verdict("jj-4deck", "3", "H", lead, "C4 H9 HJ", "C4 H9", ["AMB-37=B"]) == \
        (True, "AMB-37 B: satisfies")


def test_OTH_7_B_held_exact_tractor_or_two_quads_come_first() -> None:
    """OTH-7 B owes a mixed-width run only when the exact tractor (or JJ4's two quads, AMB-41
    A) is not held."""
    lead = "S4 S4 S4 S5 S5 S5"
    hand = "S9 S9 S9 S10 S10 S10 SQ SQ SQ SK SK"
    assert follows(CZ4, "2", "H", lead, hand, ["OTH-7=B"]) == plays("S9 S9 S9 S10 S10 S10")
    lead = "S4 S4 S4 S4 S5 S5 S5 S5"
    hand = "S9 S9 S9 S9 SJ SJ SJ SQ SQ SQ SQ SK"
    assert follows("jj-4deck", "3", "H", lead, hand, ["OTH-7=B"]) == \
        plays("S9 S9 S9 S9 SQ SQ SQ SQ")
    # Without the two quads the run JJJ QQQQ is owed, with one more card.
    hand = "S9 S9 S9 SJ SJ SJ SQ SQ SQ SQ SK"
    got = follows("jj-4deck", "3", "H", lead, hand, ["OTH-7=B"])
    assert got == plays("SJ SJ SJ SQ SQ SQ SQ S9", "SJ SJ SJ SQ SQ SQ SQ SK")
    assert verdict("jj-4deck", "3", "H", lead, hand, "SJ SJ SJ SQ SQ SQ SQ SK", ["OTH-7=B"]) \
        == (True, "OTH-7 B: satisfies a mixed-width run of adjacent sets")


# ------------------------------------------ DEF-5: a throw's components (THROW-5, DEF-8)


def test_DEF_5_quad_in_a_throw_follows_the_cz4_chain_greedy_or_first_element() -> None:
    """RULES.md DEF-5's example (CZ4, level 10): the quad owes 000 line 47's chain; greedy
    (AMB-15 A) fills two pairs, AMB-15 B owes only the first formable element, one pair."""
    lead, hand = "SA S5 S5 S5 S5", "S3 S3 SJ SJ S7 SQ"
    assert follows(CZ4, "10", "H", lead, hand) == plays("SJ SJ S3 S3 S7", "SJ SJ S3 S3 SQ")
    assert follows(CZ4, "10", "H", lead, hand, ["AMB-15=B"]) == plays(
        "SJ SJ S3 S3 S7", "SJ SJ S3 S3 SQ", "SJ SJ S3 S7 SQ", "SJ S3 S3 S7 SQ")


def test_DEF_5_pair_tractor_in_a_throw_follows_the_jj4_table() -> None:
    """JJ4 table 6 (FOLLOW-10): a 2-pair tractor is answered by a 2-pair tractor or a quad, so
    the quad is owed; without the table (AMB-18 B) or in CZ4 (000 line 46) two pairs do."""
    lead, hand = "SA S5 S5 S6 S6", "S9 S9 S9 S9 S3 S3 S7"
    assert follows("jj-4deck", "10", "H", lead, hand) == \
        plays("S9 S9 S9 S9 S7", "S9 S9 S9 S9 S3")
    pairs = plays("S9 S9 S9 S9 S7", "S9 S9 S9 S9 S3", "S9 S9 S9 S3 S3", "S9 S9 S7 S3 S3")
    assert follows("jj-4deck", "10", "H", lead, hand, ["AMB-18=B"]) == pairs
    assert follows(CZ4, "10", "H", lead, hand) == pairs


def test_DEF_5_AMB_11_three_pair_tractor_in_a_cz4_throw() -> None:
    """A throw's 3-pair tractor owes what it would owe led alone (000 line 48 and AMB-11)."""
    lead, hand = "S3 S6 S6 S7 S7 S8 S8", "SJ SJ SQ SQ SK SK SK SA SA SA S4"
    pair_tractor = [f"{t} {x}" for t, xs in (("SQ SQ SK SK SA SA", ("SA", "SK", "SJ", "S4")),
                                             ("SJ SJ SQ SQ SK SK", ("SA", "SK", "S4")))
                    for x in xs]
    triple_tractor = [f"SK SK SK SA SA SA {x}" for x in ("SQ", "SJ", "S4")]
    assert follows(CZ4, "10", "H", lead, hand) == plays(*pair_tractor)
    assert follows(CZ4, "10", "H", lead, hand, ["AMB-11=A"]) == \
        plays(*pair_tractor, *triple_tractor)
    assert follows(CZ4, "10", "H", lead, hand, ["AMB-11=C"]) == plays(*triple_tractor)


def test_AMB_11_without_a_table_three_decks() -> None:
    """THREE3 has no follow table (DEF-8 -> DEF-5); AMB-11 still decides whether the 2-triple
    tractor stands beside the 3-pair tractor (A), is not owed (B2, THREE3's default) or comes
    first (C)."""
    lead, hand = "S6 S6 S7 S7 S8 S8", "S9 S9 S10 S10 SJ SJ SK SK SK SA SA SA"
    tractor, triples = "S9 S9 S10 S10 SJ SJ", "SK SK SK SA SA SA"
    assert follows("classic-3deck", "2", "H", lead, hand) == plays(tractor)
    assert follows("classic-3deck", "2", "H", lead, hand, ["AMB-11=A"]) == plays(tractor, triples)
    assert follows("classic-3deck", "2", "H", lead, hand, ["AMB-11=C"]) == plays(triples)


@pytest.mark.parametrize(("name", "lead", "hand", "play", "amb", "why"), [
    ("classic-2deck", "S5 S5", "S3 S3 S9", "S3 S3", [], "FOLLOW-3: satisfies row 1: pair"),
    ("classic-2deck", "S5 S5", "S3 S3 S9", "S3 S9", ["OTH-6=B"],
     "OTH-6 B: satisfies follow suit, no shape obligation"),
    ("classic-2deck", "SA SK", "S3 S4 S9", "S3 S9", [],
     "FOLLOW-1: satisfies follow suit with any cards"),
    ("classic-2deck", "SA SA S9 S9", "S3 S3 S4 S4 S7", "S3 S3 S4 S4", ["AMB-16=B"],
     "THROW-5/DEF-8: satisfies row 1: pair + pair"),
    ("classic-2deck", "SA SA S9 S9", "S3 S3 S4 S4 S7", "S3 S3 S4 S4", [],
     "THROW-5/DEF-8: satisfies components: pair; pair"),
])
def test_FOLLOW_3_THROW_5_verdict_names_the_rule(name, lead, hand, play, amb, why) -> None:
    assert verdict(name, "2", "H", lead, hand, play, amb) == (True, why)


@pytest.mark.parametrize(("line", "lead", "hand", "owed"), [
    (46, "S5 S5 S6 S6", "S8 S8 S9 S9 SQ SQ S3", ["S8 S8 S9 S9"]),
    (47, "S5 S5 S5 S5", "S9 S9 S9 S9 S3 S7", ["S9 S9 S9 S9"]),
    (48, "S5 S5 S6 S6 S7 S7", "S8 S8 S9 S9 SJ SJ SK SK", ["S8 S8 S9 S9 SJ SJ"]),
    (49, "S5 S5 S5 S6 S6 S6", "S8 S8 S8 S9 S9 S9 SJ SJ SJ",
     ["S8 S8 S8 S9 S9 S9", "S9 S9 S9 SJ SJ SJ"]),
    (50, "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 S9 S9 S9 S9 SJ SJ SJ SJ",
     ["S8 S8 S8 S8 S9 S9 S9 S9", "S9 S9 S9 S9 SJ SJ SJ SJ"]),
])
def test_FOLLOW_4_each_chain_owes_its_first_element_when_held(line, lead, hand, owed) -> None:
    """000 lines 46-50 (CZ4, level 10: S9 and SJ are adjacent, DEF-1): a follower who holds
    the led shape itself plays it, under both readings of AMB-15; its parts (pairs for a
    tractor, a triple for a quad, two separate quads for a quad tractor) are not enough."""
    for amb in ("AMB-15=A", "AMB-15=B"):
        assert follows(CZ4, "10", "H", lead, hand, [amb]) == plays(*owed), (line, amb)


def test_OTH_5_B_a_voluntary_split_may_meet_an_earlier_row() -> None:
    """JJ4 table 5 (FOLLOW-9), quad lead, with S9 S9 S9 S10 S10 S5. OTH-5 B: the triple creates
    no pair obligation, so the row owed is "triple + 1" (line 208); breaking the triple
    voluntarily makes S9 S9 S10 S10, a 2-pair tractor (line 204), which is legal too.
    OTH-5 A (split at once) owes that tractor alone."""
    lead, hand = "S4 S4 S4 S4", "S9 S9 S9 S10 S10 S5"
    assert follows("jj-4deck", "3", "H", lead, hand, ["OTH-5=B"]) == \
        plays("S9 S9 S10 S10", "S9 S9 S9 S10", "S9 S9 S9 S5")
    assert follows("jj-4deck", "3", "H", lead, hand, ["OTH-5=A"]) == plays("S9 S9 S10 S10")


@pytest.mark.parametrize(("name", "amb", "lead", "hand", "play", "why"), [
    ("classic-2deck", [], "S5 S5", "S3 S9 C4", "S3 S9",
     "FOLLOW-1: satisfies all 2 led-suit card(s) first"),
    ("classic-2deck", [], "S5 S5", "S3 S9 SK", "S3 S9", "FOLLOW-3: satisfies row 2: any cards"),
    ("changzhou-4deck", ["AMB-19=B"], "S5 S5", "S9 SK H7 H7", "H7 H7",
     "AMB-19 B: satisfies lacking the led shape, any cards may be played"),
])
def test_FOLLOW_1_FOLLOW_3_AMB_19_verdicts(name, amb, lead, hand, play, why) -> None:
    level = "10" if name == "changzhou-4deck" else "2"
    assert verdict(name, level, "H", lead, hand, play, amb) == (True, why)


def test_FOLLOW_10_row_1_is_a_choice() -> None:
    """002 line 216: a 2-pair tractor or a quad, the player's choice."""
    assert verdict("jj-4deck", "3", "H", "S4 S4 S5 S5", "S9 S9 S10 S10 SA", "S9 S9 S10 S10") == \
        (True, "FOLLOW-10: satisfies row 1 (line 216): 2-pair tractor or quad")


def test_FOLLOW_1_short_hand_is_an_error() -> None:
    ctx = make_context(load_variant("classic-2deck"), parse_rank("2"), parse_trump("H"))
    with pytest.raises(FollowError, match="hand has 1 card"):
        legal_follows(ctx, parse_cards("S5 S5"), parse_cards("S3"))


def test_DEF_5_follows_are_listed_strongest_first_with_their_rule_and_row() -> None:
    """A pair and a single (CZ4, level 10): the pair is owed (DEF-5), either pair; the listing
    is strongest first, within a play and between plays; a limit keeps the exact count."""
    from shengji_sim.rules.follow import follow_options

    ctx = make_context(load_variant(CZ4), parse_rank("10"), parse_trump("H"))
    lead, hand = parse_cards("S5 S5 S3"), parse_cards("S7 S7 S8 S8 S9")
    listed = [parse_cards(p) for p in ("S9 S8 S8", "S9 S7 S7", "S8 S8 S7", "S8 S7 S7")]
    result = legal_follows(ctx, lead, hand)
    assert (result.plays, result.count, result.rule) == (listed, 4, "THROW-5/DEF-8")
    limited = legal_follows(ctx, lead, hand, limit=2)
    assert (limited.plays, limited.count, limited.truncated) == (listed[:2], 4, True)
    options = follow_options(ctx, lead, hand)
    assert [options.nth(i) for i in range(options.count)] == listed
    assert (options.rule, options.row) == ("THROW-5/DEF-8", 1)
    jj4 = make_context(load_variant("jj-4deck"), parse_rank("3"), parse_trump("H"))
    options = follow_options(jj4, parse_cards("S4 S4 S4 S4"), parse_cards("S7 S7 S8 S8 SK"))
    assert (options.count, options.rule, options.row) == (1, "FOLLOW-9", 2)  # 002 line 204
