"""Declaring trump (shengji_sim.rules.bidding): RULES.md §5.8 EX-B-*, BID-1, BID-2, BID-3, BID-4,
BID-5, BID-6, BID-7, BID-8, BID-9, DEALER-4, DEF-20, DEF-24, DEF-25, DEF-29, AMB-30, AMB-31, AMB-33,
AMB-35, AMB-42, AMB-45, AMB-46, AMB-50, and independent positions. The game loop's declaring
after the deal (AMB-50) is in tests/unit/test_game.py.

Seats: the seeds' P1..P4 are seats 0..3 in play order (AMB-34 A).
"""

from __future__ import annotations

import pytest

from shengji_sim.cards import NO_TRUMP, parse_card, parse_cards, parse_rank
from shengji_sim.rules.bidding import (
    Declaration,
    can_override,
    declaration_strength,
    declaration_window_open,
    mod4_number,
    mod4_seat,
    no_declaration,
    resolve_declarations,
    resolve_hidden_bids,
    trump_after,
)
from tests.helpers import SEAT, C, D, H, S, decl, var


def run(rule_set, level, seq, amb=(), sets=(), first_hand=True):
    variant = var(rule_set, amb, sets)
    return resolve_declarations(
        variant, parse_rank(level), [decl(s, c) for s, c in seq], first_hand=first_hand
    )


def strength(rule_set, level, cards, amb=()):
    return declaration_strength(var(rule_set, amb), parse_rank(level), parse_cards(cards))


def kitty(text: str) -> list[int]:
    return parse_cards(text)


# ---------------------------------------------------------------------------------------------
# §5.8 examples

EX_CZ4_37 = [
    ("P1", "S3", True),
    ("P2", "H3 H3", True),
    ("P3", "C3 C3", False),
    ("P3", "LJ LJ", True),
    ("P4", "BJ BJ", True),
    ("P1", "D3 D3 D3", True),
    ("P3", "LJ LJ LJ", True),
    ("P1", "S3 S3 S3 S3", True),
    ("P4", "BJ BJ BJ BJ", True),
]


@pytest.mark.parametrize("step", range(len(EX_CZ4_37)), ids=lambda i: f"step{i + 1}")
def test_EX_B_CZ4_37_each_step(step):
    out = run("CZ4", "3", [(s, c) for s, c, _ in EX_CZ4_37])
    seat, cards, legal = EX_CZ4_37[step]
    assert out.records[step].legal is legal, out.records[step].reason


@pytest.mark.parametrize("letter, dealer", [("A", "P4"), ("B", "P1")])
def test_EX_B_CZ4_37_final_dealer_depends_on_AMB_46(letter, dealer):
    out = run("CZ4", "3", [(s, c) for s, c, _ in EX_CZ4_37], amb=[f"AMB-46={letter}"])
    assert out.dealer == SEAT[dealer]
    assert out.declarer == SEAT["P4"]
    assert out.trump == NO_TRUMP  # four jokers: the only no-trump declaration (000 l.36)


def test_EX_B_CZ4_37_default_dealer_is_P4():
    out = run("CZ4", "3", [(s, c) for s, c, _ in EX_CZ4_37])
    assert out.dealer == SEAT["P4"]
    assert out.legal == tuple(legal for _, _, legal in EX_CZ4_37)


@pytest.mark.parametrize("step, legal", list(enumerate([True, True, False, True])))
def test_EX_B_JJ4_22(step, legal):
    seq = [("P1", "S3"), ("P2", "H3 H3"), ("P3", "D3 D3"), ("P3", "D3 D3 D3")]
    out = run("JJ4", "3", seq)
    assert out.records[step].legal is legal
    assert out.trump == D
    assert out.declarer == SEAT["P3"]


@pytest.mark.parametrize("hand", [1, 2, 5])
def test_EX_B_JJ4_28_no_bids_spades(hand):
    out = no_declaration(var("JJ4"), parse_rank("3"), [], hand)
    assert out.trump == S
    assert not out.redeal


# ---------------------------------------------------------------------------------------------
# BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, BID-7, BID-8, BID-9


def test_BID_1_first_declaration_sets_the_suit_std2():
    out = run("STD2", "2", [("P3", "C2")])
    assert out.trump == C and out.declarer == SEAT["P3"] and out.dealer == SEAT["P3"]


@pytest.mark.parametrize("cards", ["S3", "SA SA", "S2 H2", "LJ", "S2 S2 S2"])
def test_BID_1_invalid_declarations_std2_level_2(cards):
    assert strength("STD2", "2", cards) is None


def test_BID_1_one1_first_two_shown():
    assert strength("ONE1", "2", "H2") == (1,)
    assert strength("ONE1", "2", "H3") is None
    out = run("ONE1", "2", [("P2", "D2"), ("P3", "S2")])
    assert out.trump == D and out.dealer == SEAT["P2"]
    assert out.legal == (True, False)


def test_BID_2_race_same_tier_refused_stronger_accepted():
    variant = var("CZ4")
    level = parse_rank("10")
    standing = decl("P1", "H10 H10")
    assert not can_override(variant, level, standing, decl("P2", "S10 S10"), first_hand=True)[0]
    ok, reason = can_override(variant, level, standing, decl("P2", "S10 S10 S10"),
                              first_hand=True)
    assert ok and "BID-2" in reason


LADDER_3 = ["S3", "S3 S3", "LJ LJ", "BJ BJ", "S3 S3 S3", "LJ LJ LJ", "BJ BJ BJ",
            "S3 S3 S3 S3", "LJ LJ LJ LJ", "BJ BJ BJ BJ"]


@pytest.mark.parametrize("i", range(len(LADDER_3) - 1))
def test_BID_3_cz4_ladder_strictly_ascending(i):
    assert strength("CZ4", "3", LADDER_3[i]) < strength("CZ4", "3", LADDER_3[i + 1])


@pytest.mark.parametrize("a, b", [("S3", "D3"), ("H3 H3", "C3 C3"), ("S3 S3 S3 S3", "D3 D3 D3 D3")])
def test_BID_3_cz4_suits_equal_within_a_tier(a, b):
    assert strength("CZ4", "3", a) == strength("CZ4", "3", b)


@pytest.mark.parametrize("cards", ["LJ", "BJ", "BJ BJ LJ LJ", "S3 S3 S3 S3 S3", "S4 S4"])
def test_BID_3_cz4_not_declarations(cards):
    assert strength("CZ4", "3", cards) is None


def test_BID_4_jj4_plus_one_card_earlier_wins_ties():
    out = run("JJ4", "3", [("P1", "C3 C3"), ("P2", "S3 S3"), ("P3", "H3 H3 H3"),
                           ("P4", "D3 D3 D3 D3")])
    assert out.legal == (True, False, True, True)
    assert out.trump == D and out.declarer == SEAT["P4"]


@pytest.mark.parametrize("cards", ["LJ LJ", "BJ BJ BJ", "S2 S2"])
def test_BID_4_jj4_jokers_and_non_level_not_biddable(cards):
    assert strength("JJ4", "3", cards) is None


def test_BID_5_cz4_no_trump_only_with_four_jokers():
    out = run("CZ4", "10", [("P1", "S10"), ("P2", "LJ LJ"), ("P3", "BJ BJ BJ")])
    assert out.trump == S  # pair/triple jokers keep the suit (AMB-33 B)
    out = run("CZ4", "10", [("P1", "S10"), ("P2", "LJ LJ LJ LJ")])
    assert out.trump == NO_TRUMP


def test_BID_5_std2_joker_pair_is_fan_wuzhu():
    out = run("STD2", "2", [("P1", "S2 S2"), ("P2", "LJ LJ"), ("P3", "BJ BJ")])
    assert out.legal == (True, True, True)
    assert out.trump == NO_TRUMP and out.declarer == SEAT["P3"]


def test_BID_5_three3_has_no_joker_declarations():
    assert strength("THREE3", "2", "BJ BJ") is None
    assert strength("THREE3", "2", "S2 S2 S2") == (3, 0)


@pytest.mark.parametrize("rule_set, level", [("CZ4", "3"), ("JJ4", "3")])
def test_BID_6_self_counter_forbidden(rule_set, level):
    out = run(rule_set, level, [("P1", "S3"), ("P1", "H3 H3")])
    assert out.legal == (True, False)
    assert "BID-6" in out.records[1].reason
    assert out.trump == S


def test_BID_6_self_counter_allowed_when_switched_on():
    out = run("CZ4", "3", [("P1", "S3"), ("P1", "H3 H3")], sets=["self_counter=true"])
    assert out.legal == (True, True) and out.trump == H


def test_BID_6_self_counter_jokers_over_own_level_cards_is_zifan():
    out = run("CZ4", "3", [("P1", "S3"), ("P1", "BJ BJ")])
    assert out.legal == (True, False)


def test_BID_7_hand1_declarer_deals_later_hands_dealer_fixed():
    seq = [("P1", "S3"), ("P2", "H3 H3")]
    assert run("CZ4", "3", seq).dealer == SEAT["P2"]
    later = run("CZ4", "3", seq, first_hand=False)
    assert later.dealer is None and later.trump == H and later.declarer == SEAT["P2"]


def test_BID_8_nobody_declared_outcome_is_empty():
    out = run("CZ4", "3", [("P1", "S4")])
    assert out.standing is None and out.trump is None and out.dealer is None
    assert "BID-8" in out.rule


@pytest.mark.parametrize("rule_set, hand, trump, redeal", [
    ("CZ4", 2, D, False),      # B1: first level card D5
    ("JJ4", 1, S, False),      # spades
    ("ONE1", 1, None, True),   # DEF-25
    ("THREE3", 3, None, True),  # DEF-25
])
def test_BID_8_per_variant(rule_set, hand, trump, redeal):
    out = no_declaration(var(rule_set), parse_rank("5"), kitty("S7 H10 D5 BJ C2 C3"), hand)
    assert (out.trump, out.redeal) == (trump, redeal)


# (card, its table = number mod 4, the seat): the tables run clockwise, seats in play order
@pytest.mark.parametrize("card, table, seat", [
    ("SA", 0, 0), ("S2", 1, 3), ("SK", 0, 0), ("HA", 1, 3), ("S3", 2, 2), ("H7", 3, 1),
    ("DK", 3, 1), ("LJ", 0, 0), ("BJ", 1, 3)])
def test_BID_9_cz4_hand1_dealer_mod4_deck_index(card, table, seat):
    variant = var("CZ4")
    assert mod4_number(variant, parse_card(card)) % 4 == table
    out = no_declaration(variant, parse_rank("5"), kitty(f"{card} S7 S8"), 1)
    assert out.dealer_seat == seat
    assert f"seat {seat} (BID-9" in out.rule


def test_BID_9_deck_index_numbers():
    variant = var("CZ4")
    assert [mod4_number(variant, parse_card(c)) for c in ("SA", "SK", "HA", "CA", "DK")] == [
        0, 12, 13, 26, 51]


# ---------------------------------------------------------------------------------------------
# DEALER-4, DEF-20, DEF-24, DEF-25


@pytest.mark.parametrize("rule_set, seq, dealer", [
    ("CZ4", [("P2", "S3"), ("P3", "H3 H3")], "P3"),
    ("JJ4", [("P2", "S3"), ("P3", "H3 H3")], "P3"),
    ("STD2", [("P2", "S3"), ("P4", "H3 H3")], "P4"),
    ("ONE1", [("P4", "S3"), ("P1", "H3")], "P4"),  # folk: the first to show a 2 (level) deals
])
def test_DEALER_4_hand1_dealer(rule_set, seq, dealer):
    assert run(rule_set, "3", seq).dealer == SEAT[dealer]


def test_DEALER_4_hand1_dealer_from_kitty_when_nobody_declares():
    out = no_declaration(var("CZ4"), parse_rank("5"), kitty("H7 S5 D2"), 1)
    assert out.dealer_seat == 1 and out.trump == S  # H7 = 19: table 3; first level card S5


def test_DEF_20_self_reinforce_same_suit_allowed():
    out = run("CZ4", "3", [("P1", "S3"), ("P2", "H3 H3"), ("P2", "H3 H3 H3")])
    assert out.legal == (True, True, True)
    assert out.declarer == SEAT["P2"] and out.trump == H


def test_DEF_20_self_reinforce_switched_off():
    out = run("STD2", "2", [("P1", "S2"), ("P1", "S2 S2")], sets=["self_reinforce=false"])
    assert out.legal == (True, False)
    assert "DEF-20" in out.records[1].reason


def test_DEF_20_self_reinforce_jj4():
    out = run("JJ4", "3", [("P1", "S3"), ("P1", "S3 S3"), ("P2", "H3 H3")])
    assert out.legal == (True, True, False)


@pytest.mark.parametrize("rule_set", ["CZ4", "JJ4", "STD2", "ONE1", "THREE3"])
@pytest.mark.parametrize("letter", ["A", "B", "C"])
def test_DEF_24_window_open_during_the_deal(rule_set, letter):
    ok, reason = declaration_window_open(var(rule_set, [f"AMB-50={letter}"]),
                                         deal_finished=False)
    assert ok and "DEF-24" in reason


@pytest.mark.parametrize("rule_set, letter", [
    ("CZ4", "C"), ("JJ4", "A"), ("STD2", "C"), ("ONE1", "C"), ("THREE3", "C")])
def test_AMB_50_defaults(rule_set, letter):
    """RULES.md §8: CZ4 C (000 l.66), JJ4 A (002 l.20), STD2 / ONE1 / THREE3 C (003 l.61)."""
    assert var(rule_set).readings()["AMB-50"] == letter


# (letter, seats asked since the last card, passes in a row since the last declaration, open)
@pytest.mark.parametrize("letter, asked, passes, open_", [
    ("A", 0, 0, False),
    ("B", 0, 0, True), ("B", 3, 3, True), ("B", 4, 4, False),
    ("B", 4, 0, False),  # closes after its one round, even if someone declared in it
    ("C", 0, 0, True), ("C", 3, 3, True), ("C", 4, 4, False),
    ("C", 9, 3, True),  # a declaration in the round: the asking goes round again
    ("C", 9, 4, False),
])
def test_AMB_50_window_after_the_last_card(letter, asked, passes, open_):
    ok, reason = declaration_window_open(var("STD2", [f"AMB-50={letter}"]),
                                         deal_finished=True, asked=asked, passes=passes)
    assert ok is open_ and f"AMB-50 {letter}" in reason


@pytest.mark.parametrize("amb, seq", [
    ((), [("P1", "S2"), ("P2", "H2")]),                    # AMB-42 A: the same tier
    (("AMB-42=B",), [("P1", "S2"), ("P2", "H2")]),         # B would let the last win
    (("AMB-42=B",), [("P1", "S2 S2"), ("P2", "H2")]),
    (("AMB-42=C",), [("P1", "S2"), ("P2", "H2 H2")]),      # C: the first stands
])
def test_AMB_50_C_after_the_deal_a_declaration_must_beat_the_standing(amb, seq):
    """Decision (``_after_deal_rule``): after the last card under C a declaration must be
    strictly stronger than the one standing, whatever AMB-42 says, so the asking ends."""
    variant = var("STD2", ["AMB-50=C", *amb])
    level = parse_rank("2")
    standing, new = decl(*seq[0]), decl(*seq[1])
    ok, reason = can_override(variant, level, standing, new, first_hand=False, after_deal=True)
    assert not ok and ("AMB-50 C" in reason or "AMB-42 C" in reason)
    stronger = decl(seq[1][0], "H2 H2" if standing.count == 1 else "BJ BJ")
    expected = "AMB-42=C" not in amb
    assert can_override(variant, level, standing, stronger, first_hand=False,
                        after_deal=True)[0] is expected


@pytest.mark.parametrize("amb", [(), ("AMB-42=B",)])
def test_AMB_50_B_keeps_the_override_rule_after_the_deal(amb):
    """Under B the one extra round is finite, so AMB-42 applies there as during the deal."""
    variant = var("STD2", ["AMB-50=B", *amb])
    ok, _ = can_override(variant, parse_rank("2"), decl("P1", "S2"), decl("P2", "H2"),
                         first_hand=False, after_deal=True)
    assert ok is bool(amb)


def test_AMB_50_C_hidden_bids_must_add_a_card_after_the_deal():
    """AMB-35 B records any bid during the deal; after it (AMB-50 C) a bid must have more
    cards than the leading one (Decision of ``_after_deal_rule``), a self-reinforcement too
    (DEF-20)."""
    variant = var("JJ4", ["AMB-50=C", "AMB-35=B"])
    level = parse_rank("3")
    lead = decl("P2", "H3 H3")
    assert can_override(variant, level, lead, decl("P3", "D3 D3"), first_hand=True)[0]
    for late in (decl("P3", "D3 D3"), decl("P2", "H3 H3")):
        assert not can_override(variant, level, lead, late, first_hand=True, after_deal=True)[0]
    assert can_override(variant, level, lead, decl("P3", "D3 D3 D3"), first_hand=True,
                        after_deal=True)[0]
    out = resolve_declarations(variant, level, [decl("P1", "S3"), lead, decl("P3", "D3 D3")],
                               after_deal=[False, False, True])
    assert out.legal == (True, True, False) and out.trump == H


def test_DEF_24_ties_earliest_wins():
    out = run("STD2", "2", [("P1", "S2 S2"), ("P2", "H2 H2")])
    assert out.trump == S and out.legal == (True, False)


@pytest.mark.parametrize("rule_set", ["ONE1", "THREE3"])
@pytest.mark.parametrize("hand", [1, 4])
def test_DEF_25_redeal(rule_set, hand):
    out = no_declaration(var(rule_set), parse_rank("2"), kitty("S2 H5"), hand)
    assert out.redeal and out.trump is None and out.dealer_seat is None


# ---------------------------------------------------------------------------------------------
# AMB items where the alternatives differ


@pytest.mark.parametrize("letter, trump, hand1, redeal", [
    ("A", S, 1, True), ("A", S, 2, False),
    ("B1", D, 2, False), ("B2", H, 2, False),
])
def test_AMB_30_cz4_no_bid(letter, trump, hand1, redeal):
    out = no_declaration(var("CZ4", [f"AMB-30={letter}"]), parse_rank("5"),
                         kitty("S7 H10 D5 BJ C4 C6 C7 C8"), hand1)
    assert out.redeal is redeal
    assert out.trump == (None if redeal else trump)


@pytest.mark.parametrize("letter, trump", [("A", NO_TRUMP), ("B1", NO_TRUMP), ("B2", NO_TRUMP)])
def test_AMB_30_joker_first_no_level_card(letter, trump):
    out = no_declaration(var("CZ4", [f"AMB-30={letter}"]), parse_rank("5"), kitty("BJ S7 C4"), 2)
    assert out.trump == trump


def test_AMB_30_hand1_dealer_only_under_B():
    b = no_declaration(var("CZ4"), parse_rank("5"), kitty("S8 H10 D5"), 1)
    assert b.dealer_seat == mod4_seat(var("CZ4"), parse_card("S8")) == 1  # ♠8 = 7: table 3
    assert not b.redeal
    a = no_declaration(var("CZ4", ["AMB-30=A"]), parse_rank("5"), kitty("S8 H10 D5"), 1)
    assert a.redeal and a.dealer_seat is None


# the numbers of the AMB-31 example mod 4 are tables; BID-9: table 1 -> seat 3, 3 -> seat 1
@pytest.mark.parametrize("letter, card, seat", [
    ("A", "H7", 1), ("B", "H7", 2), ("C", "H7", 1),
    ("A", "BJ", 3), ("B", "BJ", 3), ("C", "BJ", 3),
    ("A", "DA", 1), ("B", "DA", 0), ("C", "DA", 3),
])
def test_AMB_31_mod4_numbering(letter, card, seat):
    variant = var("CZ4", [f"AMB-31={letter}"])
    assert mod4_seat(variant, parse_card(card)) == seat
    out = no_declaration(variant, parse_rank("5"), kitty(f"{card} S9"), 1)
    assert out.dealer_seat == seat


@pytest.mark.parametrize("letter, trump", [("A", NO_TRUMP), ("B", S), ("C", NO_TRUMP)])
def test_AMB_33_joker_pair_over_single(letter, trump):
    out = run("CZ4", "3", [("P1", "S3"), ("P2", "LJ LJ")], amb=[f"AMB-33={letter}"])
    assert out.trump == trump
    assert out.dealer == SEAT["P2"]


@pytest.mark.parametrize("letter, choice, trump", [
    ("A", C, NO_TRUMP), ("B", C, NO_TRUMP), ("C", C, C), ("C", None, NO_TRUMP)])
def test_AMB_33_four_jokers(letter, choice, trump):
    variant = var("CZ4", [f"AMB-33={letter}"])
    assert trump_after(variant, S, decl("P2", "BJ BJ BJ BJ", choice)) == trump


@pytest.mark.parametrize("letter, legal", [("A", True), ("B", False), ("C", True)])
def test_AMB_33_opening_joker_pair(letter, legal):
    out = run("CZ4", "3", [("P2", "LJ LJ")], amb=[f"AMB-33={letter}"])
    assert out.legal == (legal,)


@pytest.mark.parametrize("letter, legal, trump", [
    ("A", (True, True, False, True), D),
    ("B", (True, True, True, True), D),
])
def test_AMB_35_hidden_bids(letter, legal, trump):
    seq = [("P1", "S3"), ("P2", "H3 H3"), ("P3", "D3 D3"), ("P3", "D3 D3 D3")]
    out = run("JJ4", "3", seq, amb=[f"AMB-35={letter}"])
    assert out.legal == legal and out.trump == trump


@pytest.mark.parametrize("letter, legal, declarer", [
    ("A", (True, True, False), "P2"),
    ("B", (True, True, True), "P2"),  # P3's 2-card bid is recorded but P2's earlier one wins
])
def test_AMB_35_example_without_third_card(letter, legal, declarer):
    seq = [("P1", "S3"), ("P2", "H3 H3"), ("P3", "D3 D3")]
    out = run("JJ4", "3", seq, amb=[f"AMB-35={letter}"])
    assert out.legal == legal and out.declarer == SEAT[declarer] and out.trump == H


def test_resolve_hidden_bids_most_cards_earliest_tie():
    bids = [decl("P1", "S3"), decl("P2", "H3 H3"), decl("P3", "D3 D3"), decl("P4", "C3")]
    assert resolve_hidden_bids(bids) == bids[1]
    assert resolve_hidden_bids([]) is None


@pytest.mark.parametrize("letter, trump, legal", [
    ("A", S, (True, False)), ("B", H, (True, True)), ("C", S, (True, False))])
def test_AMB_42_override_rule(letter, trump, legal):
    out = run("STD2", "2", [("P1", "S2"), ("P2", "H2")], amb=[f"AMB-42={letter}"])
    assert out.trump == trump and out.legal == legal


def test_AMB_42_first_wins_refuses_stronger():
    out = run("STD2", "2", [("P1", "S2"), ("P2", "H2 H2")], amb=["AMB-42=C"])
    assert out.trump == S


# A and B count the number in play order from seat 0 (AMB-45's example: BID-9's clockwise
# tables are CZ4's, not STD2's)
@pytest.mark.parametrize("letter, card, trump, dealer", [
    ("A", "C6", None, 2), ("B", "C6", C, 2), ("C", "C6", None, None),
    ("A", "C7", None, 3), ("B", "C7", C, 3), ("C", "C7", None, None)])
def test_AMB_45_std2_no_bid_face_value(letter, card, trump, dealer):
    out = no_declaration(var("STD2", [f"AMB-45={letter}"]), parse_rank("2"),
                         kitty(f"{card} S4"), 1)
    assert out.trump == trump and out.dealer_seat == dealer
    assert out.redeal is (letter == "C")


@pytest.mark.parametrize("letter, trump, dealer, redeal", [
    ("A", None, 2, False), ("B", C, 2, False), ("C", None, None, True)])
def test_AMB_45_example(letter, trump, dealer, redeal):
    """RULES.md AMB-45's example: the first kitty card is C6; STD2's default AMB-31 C counts
    its pips, 6, in play order from seat 0: seat 2 deals (A: trump undetermined; B: ♣)."""
    out = no_declaration(var("STD2", [f"AMB-45={letter}"]), parse_rank("2"), kitty("C6 S4"), 1)
    assert out.dealer_seat == dealer and out.trump == trump and out.redeal is redeal


@pytest.mark.parametrize("letter, trump", [("A", None), ("B", C)])
def test_AMB_45_example_counts_in_play_order_with_other_numberings(letter, trump):
    """C6 under AMB-31 B (rank index 5) and A (deck index 31): 5 and 31 mod 4 count to seats
    1 and 3 in play order under A and B alike (the clockwise tables would give 3 and 1)."""
    for numbering, seat in (("B", 1), ("A", 3)):
        variant = var("STD2", [f"AMB-45={letter}", f"AMB-31={numbering}"])
        out = no_declaration(variant, parse_rank("2"), kitty("C6 S4"), 1)
        assert out.dealer_seat == seat and out.trump == trump


def test_DEF_29_jj4_hand1_nobody_bids_names_no_dealer_here():
    """DEF-29: JJ4 hand 1 without bids: spades (002 l.28) and no dealer from BID-8; the game
    gives the deal to the seat that received the first card (tests/unit/test_game.py)."""
    out = no_declaration(var("JJ4"), parse_rank("2"), [], 1)
    assert out.trump == S and out.dealer_seat is None and "DEF-29" in out.rule
    later = no_declaration(var("JJ4"), parse_rank("2"), [], 2)
    assert later.trump == S and "DEF-29" not in later.rule


@pytest.mark.parametrize("letter, dealer", [("A", "P2"), ("B", "P1")])
def test_AMB_46_hand1_dealer(letter, dealer):
    out = run("CZ4", "3", [("P1", "S3"), ("P2", "H3 H3")], amb=[f"AMB-46={letter}"])
    assert out.dealer == SEAT[dealer] and out.trump == H
    assert out.first_turner == SEAT["P1"]


# ---------------------------------------------------------------------------------------------
# Independent positions


def test_cz4_level10_long_race():
    seq = [("P2", "D10"), ("P3", "D10"), ("P3", "C10 C10"), ("P4", "S10 S10"),
           ("P1", "BJ BJ"), ("P2", "LJ LJ LJ"), ("P2", "BJ BJ BJ")]
    out = run("CZ4", "10", seq)
    # last: P2 over its own LJ×3 with BJ×3 is another card, so 自反 (BID-6), not 自保
    assert out.legal == (True, False, True, False, True, True, False)
    assert out.trump == C  # jokers keep clubs (AMB-33 B)
    assert out.declarer == SEAT["P2"] and out.first_turner == SEAT["P2"]


def test_records_track_trump_after_each_attempt():
    out = run("CZ4", "3", [("P1", "S3"), ("P2", "H3 H3"), ("P3", "C3 C3"), ("P4", "BJ BJ")])
    assert [r.trump_after for r in out.records] == [S, H, H, H]


def test_last_wins_still_forbids_zifan():
    out = run("STD2", "2", [("P1", "S2"), ("P1", "H2"), ("P2", "D2")], amb=["AMB-42=B"])
    assert out.legal == (True, False, True) and out.trump == D


def test_std2_pair_over_single_then_joker_pair_reinforced():
    out = run("STD2", "7", [("P1", "S7"), ("P2", "H7 H7"), ("P3", "LJ LJ"), ("P2", "BJ BJ")])
    assert out.legal == (True, True, True, True)
    assert out.trump == NO_TRUMP and out.dealer == SEAT["P2"]


def test_three3_triple_level():
    out = run("THREE3", "2", [("P1", "S2 S2"), ("P2", "H2 H2"), ("P2", "H2 H2 H2")])
    assert out.legal == (True, False, True) and out.trump == H


def test_more_cards_than_decks_is_not_a_declaration():
    assert strength("STD2", "2", "S2 S2 S2") is None
    assert strength("ONE1", "2", "S2 S2") is None


def test_cz4_literal_10_vs_level_card_at_level_10_agree():
    k = kitty("S7 H10 D5 BJ")
    b1 = no_declaration(var("CZ4", ["AMB-30=B1"]), parse_rank("10"), k, 3)
    b2 = no_declaration(var("CZ4", ["AMB-30=B2"]), parse_rank("10"), k, 3)
    assert b1.trump == b2.trump == H


def test_cz4_hand2_no_dealer_change():
    out = no_declaration(var("CZ4"), parse_rank("5"), kitty("H7 S5"), 2)
    assert out.dealer_seat is None and out.trump == S


def test_declaration_properties():
    d = decl("P3", "LJ LJ LJ")
    assert (d.seat, d.count, d.is_joker, d.suit) == (2, 3, True, NO_TRUMP)
    assert decl("P1", "D9").suit == D
    with pytest.raises(ValueError):
        Declaration(4, (0,))
    with pytest.raises(ValueError):
        Declaration(0, ())
