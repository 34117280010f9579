"""Per-hand tables: TRUMP-1, TRUMP-2, TRUMP-3, TRUMP-4, TRUMP-5, TRUMP-6, TRUMP-7, TRUMP-8, COMBO-5,
COMBO-6, COMBO-7, COMBO-8, COMBO-9, DEF-1, DEF-2, DEF-12, DEF-13 and the adjacency switches AMB-01,
AMB-02, AMB-03, AMB-04, AMB-05, AMB-06, AMB-07, AMB-08 (each switch has a test where its readings
give different answers)."""

from __future__ import annotations

import pytest

from shengji_sim.cards import TRUMP, format_cards, parse_card, parse_cards, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.rules.shapes import Unit, decompose, make_context, unit_top


def ctx_for(name: str, level: str, trump: str, amb=()):
    return make_context(load_variant(name, amb=list(amb)), parse_rank(level), parse_trump(trump))


def order(ctx, text: str) -> str:
    return format_cards(ctx.ranking.sorted_cards(parse_cards(text)))


def is_one_unit(ctx, text: str) -> bool:
    counts = [0] * 54
    for k in parse_cards(text):
        counts[k] += 1
    return len(decompose(ctx, tuple(counts))) == 1


def test_TRUMP_1_trump_class_jokers_level_cards_trump_suit() -> None:
    ctx = ctx_for("classic-2deck", "2", "H")
    trumps = [k for k in range(54) if ctx.ranking.eff_suit[k] == TRUMP]
    assert len(trumps) == 13 + 3 + 2  # 003 line 195 (one-deck check, same set of kinds)
    assert ctx.ranking.eff_suit[parse_card("SA")] == 0


def test_TRUMP_3_fixed_twos_are_trumps_in_CZ4() -> None:
    ctx = ctx_for("changzhou-4deck", "10", "H")
    assert ctx.ranking.is_trump(parse_card("S2"))
    assert not ctx_for("classic-2deck", "10", "H").ranking.is_trump(parse_card("S2"))


def test_TRUMP_4_CZ4_order_at_level_10() -> None:
    ctx = ctx_for("changzhou-4deck", "10", "H")
    assert order(ctx, "H2 HA S10 BJ H10 LJ H3 S2") == "BJ LJ H10 S10 H2 S2 HA H3"


def test_TRUMP_4_STD2_order() -> None:
    ctx = ctx_for("classic-2deck", "2", "H")
    assert order(ctx, "H3 HA S2 BJ H2 LJ") == "BJ LJ H2 S2 HA H3"


def test_TRUMP_5_offsuit_order_removes_level() -> None:
    ctx = ctx_for("classic-2deck", "10", "H")
    assert order(ctx, "S9 SA SJ S2") == "SA SJ S9 S2"
    assert ctx.ranking.is_trump(parse_card("S10"))


def test_TRUMP_7_equal_offsuit_level_cards_share_power_under_AMB_08_A() -> None:
    ctx = ctx_for("jj-4deck", "3", "H")
    power = ctx.ranking.power
    assert power[parse_card("S3")] == power[parse_card("C3")]


def test_AMB_08_suit_order_ranks_offsuit_level_cards() -> None:
    a = ctx_for("changzhou-4deck", "10", "H", ["AMB-08=A"]).ranking.power
    b = ctx_for("changzhou-4deck", "10", "H", ["AMB-08=B"]).ranking.power
    s10, c10 = parse_card("S10"), parse_card("C10")
    assert a[s10] == a[c10]
    assert b[s10] > b[c10]


def test_TRUMP_8_DEF_13_no_trump_trumps_are_jokers_and_level_cards() -> None:
    ctx = ctx_for("classic-2deck", "5", "NT")
    trumps = {k for k in range(54) if ctx.ranking.is_trump(k)}
    assert trumps == set(parse_cards("BJ LJ S5 H5 C5 D5"))
    power = ctx.ranking.power
    assert power[parse_card("S5")] == power[parse_card("D5")]


def test_AMB_01_fixed_two_readings() -> None:
    above = ctx_for("changzhou-4deck", "10", "H", ["AMB-01=A"])
    none = ctx_for("changzhou-4deck", "10", "H", ["AMB-01=B"])
    bottom = ctx_for("changzhou-4deck", "10", "H", ["AMB-01=C"])
    assert order(above, "S2 H3 HA") == "S2 HA H3"
    assert not none.ranking.is_trump(parse_card("S2"))
    assert order(bottom, "S2 H3 HA") == "HA H3 S2"


def test_OTH_9_other_engine_has_no_fixed_twos() -> None:
    ctx = ctx_for("jj-4deck", "3", "H", ["OTH-9=B"])
    assert not ctx.ranking.is_trump(parse_card("S2"))


def test_AMB_02_level_cards_above_or_below_fixed_twos() -> None:
    a = ctx_for("jj-4deck", "3", "H", ["AMB-02=A"])
    b = ctx_for("jj-4deck", "3", "H", ["AMB-02=B"])
    assert order(a, "H2 S3") == "S3 H2"
    assert order(b, "H2 S3") == "H2 S3"


def test_AMB_03_level_card_in_plain_run() -> None:
    lead = "S10 S10 S10 SJ SJ SJ"
    assert not is_one_unit(ctx_for("changzhou-4deck", "10", "S", ["AMB-03=A"]), lead)
    assert is_one_unit(ctx_for("changzhou-4deck", "10", "S", ["AMB-03=B"]), lead)


@pytest.mark.parametrize("letter,s2233,d3s3,ljd3", [
    ("A", True, False, False), ("B", False, True, True), ("C", True, False, False),
])
def test_AMB_04_special_adjacency(letter, s2233, d3s3, ljd3) -> None:
    ctx = ctx_for("changzhou-4deck", "3", "D", [f"AMB-04={letter}"])
    assert is_one_unit(ctx, "S2 S2 S3 S3") == s2233
    assert is_one_unit(ctx, "D3 D3 S3 S3") == d3s3
    assert is_one_unit(ctx, "LJ LJ D3 D3") == ljd3


def test_AMB_04_level_5_two_and_five_adjacent_only_in_suit_sequence() -> None:
    assert is_one_unit(ctx_for("changzhou-4deck", "5", "D", ["AMB-04=A"]), "D2 D2 D5 D5")
    assert not is_one_unit(ctx_for("changzhou-4deck", "5", "D", ["AMB-04=B"]), "D2 D2 D5 D5")
    assert not is_one_unit(ctx_for("changzhou-4deck", "5", "D", ["AMB-04=C"]), "D2 D2 D5 D5")


def test_AMB_05_ace_in_tractors() -> None:
    # Example 1: level 10, 2 plain (AMB-01 B): SA SA S2 S2 S3 S3.
    both = ctx_for("changzhou-4deck", "10", "H", ["AMB-01=B", "AMB-05=A"])
    high = ctx_for("changzhou-4deck", "10", "H", ["AMB-01=B", "AMB-05=C"])
    assert is_one_unit(both, "SA SA S2 S2 S3 S3")
    assert not is_one_unit(high, "SA SA S2 S2 S3 S3")
    # Example 2: fixed 2s, level 3, diamonds trump: DK DK DA DA D2 D2.
    for letter, one in (("A", False), ("B", True), ("C", False)):
        ctx = ctx_for("jj-4deck", "3", "D", [f"AMB-05={letter}"])
        assert is_one_unit(ctx, "DK DK DA DA D2 D2") == one, letter


def test_COMBO_7_ace_only_at_an_end_in_CZ4() -> None:
    ctx = ctx_for("changzhou-4deck", "3", "D")
    assert is_one_unit(ctx, "DA DA D2 D2")
    assert is_one_unit(ctx, "SQ SQ SK SK SA SA")
    assert not is_one_unit(ctx, "DK DK DA DA D2 D2")


def test_AMB_06_DEF_1_gap_adjacency() -> None:
    yes = ctx_for("changzhou-4deck", "10", "H", ["AMB-06=A"])
    no = ctx_for("changzhou-4deck", "10", "H", ["AMB-06=B"])
    assert is_one_unit(yes, "S9 S9 SJ SJ")
    assert not is_one_unit(no, "S9 S9 SJ SJ")


def test_AMB_07_trumps_one_suit_or_natural_suits() -> None:
    one = ctx_for("classic-2deck", "2", "H", ["AMB-07=A"]).ranking
    natural = ctx_for("classic-2deck", "2", "H", ["AMB-07=B"]).ranking
    h5, s2, lj = parse_card("H5"), parse_card("S2"), parse_card("LJ")
    assert one.group[h5] == one.group[s2] == one.group[lj]
    assert natural.group[h5] != natural.group[s2] and natural.group[h5] != natural.group[lj]


def test_COMBO_5_tractors_of_pairs_triples_quads() -> None:
    ctx = ctx_for("changzhou-4deck", "10", "H")
    assert is_one_unit(ctx, "S5 S5 S6 S6")
    assert is_one_unit(ctx, "S8 S8 S8 S9 S9 S9 SJ SJ SJ")
    assert is_one_unit(ctx, "S6 S6 S6 S6 S7 S7 S7 S7")
    assert not is_one_unit(ctx, "S5 S5 S7 S7")


def test_COMBO_6_joker_tractor() -> None:
    assert is_one_unit(ctx_for("changzhou-4deck", "10", "H"), "BJ BJ LJ LJ")


def test_COMBO_2_pair_is_identical_cards_only() -> None:
    ctx = ctx_for("classic-2deck", "2", "H")
    assert not is_one_unit(ctx, "BJ LJ")
    assert is_one_unit(ctx, "S9 S9")


def test_DEF_6_no_mixed_width_tractors() -> None:
    ctx = ctx_for("changzhou-4deck", "10", "H")
    assert not is_one_unit(ctx, "S5 S5 S5 S6 S6 S6 S6")


def test_COMBO_8_level_card_tractors_CZ4_level_3() -> None:
    ctx = ctx_for("changzhou-4deck", "3", "D")
    for text in ("D2 D2 D3 D3", "S2 S2 S3 S3", "H2 H2 H3 H3", "C2 C2 C3 C3"):
        assert is_one_unit(ctx, text), text


def test_CMP_5_top_card_order_of_trump_two_pair_tractors() -> None:
    ctx = ctx_for("changzhou-4deck", "3", "D")
    tops = [unit_top(ctx, decompose(ctx, _counts(t))[0]) for t in
            ("BJ BJ LJ LJ", "D2 D2 D3 D3", "S2 S2 S3 S3", "H2 H2 H3 H3", "C2 C2 C3 C3",
             "DA DA DK DK")]
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == len(tops)


def test_AMB_40_wrap_tractor_rank() -> None:
    a = ctx_for("jj-4deck", "3", "H", ["AMB-40=A"])
    b = ctx_for("jj-4deck", "3", "H", ["AMB-40=B"])
    aa22, aakk = _counts("HA HA H2 H2"), _counts("HA HA HK HK")
    assert unit_top(a, decompose(a, aa22)[0]) > unit_top(a, decompose(a, aakk)[0])
    assert unit_top(b, decompose(b, aa22)[0]) < unit_top(b, decompose(b, aakk)[0])


def test_DEF_2_power_order_off_level_pairs_not_adjacent() -> None:
    ctx = ctx_for("classic-2deck", "5", "H")
    assert not is_one_unit(ctx, "S5 S5 C5 C5")
    assert is_one_unit(ctx, "H5 H5 S5 S5")
    assert is_one_unit(ctx, "S5 S5 HA HA")


def _counts(text: str) -> tuple[int, ...]:
    counts = [0] * 54
    for k in parse_cards(text):
        counts[k] += 1
    return tuple(counts)


def test_unit_cards_round_trip() -> None:
    unit = Unit(2, (parse_card("S5"), parse_card("S6")))
    assert format_cards(unit.cards()) == "S5 S5 S6 S6" and unit.size == 4


def test_TRUMP_2_level_rank_cards_are_trumps_in_every_suit() -> None:
    ctx = ctx_for("classic-2deck", "J", "S")
    assert all(ctx.ranking.is_trump(parse_card(t)) for t in ("SJ", "HJ", "CJ", "DJ"))
    assert order(ctx, "HJ SJ SA") == "SJ HJ SA"


def test_COMBO_1_any_card_is_a_single() -> None:
    ctx = ctx_for("baifen-1deck", "2", "H")
    assert all(len(decompose(ctx, _counts(t))) == 1 for t in ("S9", "BJ", "H2"))


def test_COMBO_3_COMBO_4_triples_and_quads_need_enough_decks() -> None:
    four = ctx_for("changzhou-4deck", "10", "H")
    assert decompose(four, _counts("S9 S9 S9"))[0].width == 3
    assert decompose(four, _counts("S9 S9 S9 S9"))[0].width == 4
    two = ctx_for("classic-2deck", "2", "H")
    assert two.variant.decks == 2 and max(two.ranking.tractor_widths) == 2


def test_COMBO_9_ranks_either_side_of_the_level_are_adjacent_by_default() -> None:
    assert is_one_unit(ctx_for("classic-2deck", "7", "H"), "S6 S6 S8 S8")
    assert not is_one_unit(ctx_for("classic-2deck", "7", "H", ["AMB-06=B"]), "S6 S6 S8 S8")


@pytest.mark.parametrize("level", ["2", "10"])
def test_AMB_49_ace_low_when_the_suit_has_no_two(level) -> None:
    """AMB-49's example (CZ4, ♥ trump): SA SA S3 S3 is two pairs under A and the lowest tractor
    under B, at level 2 (the 2s are level cards) and at level 10 (fixed trumps) alike. B works
    by AMB-06 A's gap rule, so with AMB-06 B it is two pairs again."""
    lead = "SA SA S3 S3"
    assert not is_one_unit(ctx_for("changzhou-4deck", level, "H"), lead)
    assert not is_one_unit(ctx_for("changzhou-4deck", level, "H", ["AMB-49=A"]), lead)
    assert is_one_unit(ctx_for("changzhou-4deck", level, "H", ["AMB-49=B"]), lead)
    assert not is_one_unit(ctx_for("changzhou-4deck", level, "H", ["AMB-49=B", "AMB-06=B"]),
                           lead)


def test_DEF_2_power_order_trump_tractors_at_level_7() -> None:
    """STD2 (power order, DEF-2), level 7, ♠ trump: BJ-LJ-S7-(H7, C7, D7)-SA-SK-..., and the
    trump suit's S8 and S6 meet across the removed level rank (DEF-1, AMB-06 A)."""
    ctx = ctx_for("classic-2deck", "7", "S")
    for tractor in ("BJ BJ LJ LJ", "LJ LJ S7 S7", "S7 S7 H7 H7", "H7 H7 SA SA", "S8 S8 S6 S6"):
        assert is_one_unit(ctx, tractor), tractor
    assert not is_one_unit(ctx, "S7 S7 SA SA")  # the off-suit level cards sit between
    assert not is_one_unit(ctx_for("classic-2deck", "7", "S", ["AMB-06=B"]), "S8 S8 S6 S6")


def test_COMBO_6_without_joker_tractors_power_order_keeps_the_rest() -> None:
    from tests.helpers import context

    ctx = context("STD2", "7", "S", sets=["joker_tractor=false"])
    assert not is_one_unit(ctx, "BJ BJ LJ LJ")
    for tractor in ("LJ LJ S7 S7", "H7 H7 SA SA", "S8 S8 S6 S6"):
        assert is_one_unit(ctx, tractor), tractor


def test_TRUMP_6_trumps_sort_before_off_suit_cards() -> None:
    """Cards are listed strongest first: trumps (TRUMP-6: they beat any off-suit card), then
    by power."""
    ctx = ctx_for("classic-2deck", "7", "S")
    assert order(ctx, "HA S3 D7 C2 HK") == "D7 S3 HA HK C2"


def test_AMB_01_C_fixed_twos_are_the_lowest_trumps() -> None:
    bottom = ctx_for("changzhou-4deck", "10", "H", ["AMB-01=C"])
    s2 = parse_card("S2")
    assert bottom.ranking.is_trump(s2)
    assert order(bottom, "SA S2 H3") == "H3 S2 SA"


def test_AMB_02_B_jokers_stay_on_top() -> None:
    b = ctx_for("jj-4deck", "3", "H", ["AMB-02=B"])
    assert order(b, "S3 H2 LJ BJ HA") == "BJ LJ H2 S3 HA"


def test_TRUMP_1_the_trump_suit_2_is_a_trump_without_fixed_twos() -> None:
    """STD2 at level 5, ♥ trump: H2 is the trump suit's lowest card (TRUMP-4, 003 l.143)."""
    ctx = ctx_for("classic-2deck", "5", "H")
    assert ctx.ranking.is_trump(parse_card("H2"))
    assert order(ctx, "SA H2 H3") == "H3 H2 SA"


def test_AMB_06_B_keeps_natural_neighbours() -> None:
    """AMB-06 B only refuses the link across a removed rank."""
    ctx = ctx_for("changzhou-4deck", "10", "H", ["AMB-06=B"])
    assert is_one_unit(ctx, "S5 S5 S6 S6")
    assert not is_one_unit(ctx, "S9 S9 SJ SJ")


def test_DEF_2_the_trump_ace_is_not_next_to_the_jokers() -> None:
    """Power order (STD2, level 5, ♦ trump): LJ - D5 - (S5, H5, C5) - DA; no LJ-DA link."""
    ctx = ctx_for("classic-2deck", "5", "D")
    assert not is_one_unit(ctx, "DA DA LJ LJ")
    assert is_one_unit(ctx, "DA DA DK DK")
