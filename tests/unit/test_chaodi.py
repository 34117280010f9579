"""炒底 (shengji_sim.rules.chaodi): RULES.md §5.8 EX-B-CZ4-72, EX-B-CZ4-73, CHAO-1, CHAO-2, CHAO-3,
CHAO-4, CHAO-5, CHAO-6, DEF-21, AMB-29, AMB-32, AMB-34 (direction), AMB-51, and independent
positions.

Seats: the seeds' P1..P4 are seats 0..3 in play order (AMB-34 A).
"""

from __future__ import annotations

import pytest

from shengji_sim.cards import NO_TRUMP, parse_cards, parse_rank
from shengji_sim.rules.chaodi import (
    asking_order,
    can_chaodi,
    chaodi_effect,
    chaodi_strength,
    resolve_chaodi,
)
from tests.helpers import SEAT, C, D, H, S, decl, var

TEN = parse_rank("10")


def chao(variant, standing, new, *, declarer="P1", other=False, flip=False, level=TEN):
    return can_chaodi(variant, level, standing, new, seat=new.seat,
                      original_declarer=None if declarer is None else SEAT[declarer],
                      someone_else_chaoed=other, trump_from_kitty_flip=flip)


def rung(rule_set, cards, amb=(), level="10"):
    return chaodi_strength(var(rule_set, amb), parse_rank(level), parse_cards(cards))


# ---------------------------------------------------------------------------------------------
# §5.8 examples


def test_EX_B_CZ4_72_asking_order():
    assert asking_order(SEAT["P1"]) == [SEAT[p] for p in ("P2", "P3", "P4", "P1")]


@pytest.mark.parametrize("step, seat, legal", [
    (0, "P2", False),  # pass
    (1, "P3", True),   # 炒 with a stronger tier
    (2, "P4", False),  # pass
    (3, "P1", True),   # still stronger; allowed because someone else has 炒ed
])
def test_EX_B_CZ4_72_sequence(step, seat, legal):
    actions = [None, decl("P3", "C10 C10"), None, decl("P1", "S10 S10")]
    out = resolve_chaodi(var("CZ4"), TEN, decl("P1", "H10"), H, actions,
                         dealer_seat=SEAT["P1"], hand_number=2)
    rec = out.records[step]
    assert rec.seat == SEAT[seat] and rec.legal is legal
    assert out.kitty_holder == SEAT["P1"] and out.trump == S
    assert [r.seat for r in out.records[4:]] == [1, 2, 3]  # everyone else passes: fight over


def test_EX_B_CZ4_72_counterfactual_nobody_else_chaoed():
    ok, reason = chao(var("CZ4"), decl("P1", "H10"), decl("P1", "S10 S10"), other=False)
    assert not ok and "CHAO-5" in reason
    out = resolve_chaodi(var("CZ4"), TEN, decl("P1", "H10"), H, [None, None, None],
                         dealer_seat=SEAT["P1"], hand_number=2)
    assert [r.seat for r in out.records] == [1, 2, 3]  # P1 is never asked
    assert out.standing == decl("P1", "H10") and out.kitty_holder == SEAT["P1"]


@pytest.mark.parametrize("cards", ["S10", "D10 D10", "S10 S10", "LJ LJ", "BJ BJ",
                                   "BJ BJ BJ BJ"])
def test_EX_B_CZ4_73_no_chaodi_after_kitty_flip(cards):
    ok, reason = chao(var("CZ4"), None, decl("P2", cards), declarer=None, flip=True)
    assert not ok and "CHAO-6" in reason


# ---------------------------------------------------------------------------------------------
# CHAO-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6


@pytest.mark.parametrize("rule_set, allowed", [
    ("CZ4", True), ("STD2", True), ("JJ4", False), ("ONE1", False), ("THREE3", False)])
def test_CHAO_1_which_variants_have_chaodi(rule_set, allowed):
    level = parse_rank("3")
    variant = var(rule_set)
    ok, reason = can_chaodi(variant, level, None, decl("P2", "S3 S3"), seat=1,
                            original_declarer=0, someone_else_chaoed=False,
                            trump_from_kitty_flip=False)
    assert ok is allowed
    if not allowed:
        assert "CHAO-1" in reason


def test_CHAO_1_asked_in_play_order_from_dealer_xiajia():
    assert asking_order(2) == [3, 0, 1, 2]


def test_CHAO_2_line68_ascending_ladder_cz4():
    ladder = ["D10 D10", "C10 C10", "H10 H10", "S10 S10", "LJ LJ", "BJ BJ", "LJ LJ LJ LJ",
              "BJ BJ BJ BJ"]
    keys = [rung("CZ4", c) for c in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("single", ["S10", "H10", "C10", "D10"])
def test_CHAO_2_line68_single_stands_on_the_bottom_rung(single):
    """l.68's bottom rung "single 10" is what may stand: the lowest pair overrides it."""
    ok, reason = chao(var("CZ4"), decl("P1", single), decl("P2", "D10 D10"))
    assert ok and "CHAO-2" in reason


@pytest.mark.parametrize("cards", ["S10", "D10", "H10 H10 H10", "S10 S10 S10 S10", "LJ LJ LJ",
                                   "BJ", "SA SA", "BJ BJ LJ LJ"])
def test_CHAO_2_line68_not_eligible(cards):
    assert rung("CZ4", cards) is None


def test_CHAO_2_std2_pair_beats_any_single_and_suit_order():
    variant, level = var("STD2"), parse_rank("2")
    order = ["D2 D2", "C2 C2", "H2 H2", "S2 S2", "LJ LJ", "BJ BJ"]
    keys = [chaodi_strength(variant, level, parse_cards(c)) for c in order]
    assert keys == sorted(keys)
    for single in ("S2", "H2", "C2", "D2"):
        ok, _ = can_chaodi(variant, level, decl("P1", single), decl("P2", "D2 D2"), seat=1,
                           original_declarer=0, someone_else_chaoed=False,
                           trump_from_kitty_flip=False)
        assert ok


def test_CHAO_2_must_be_strictly_higher():
    variant = var("CZ4")
    assert not chao(variant, decl("P1", "C10 C10"), decl("P2", "C10 C10"))[0]
    assert not chao(variant, decl("P1", "H10 H10"), decl("P2", "C10 C10"))[0]
    assert chao(variant, decl("P1", "H10 H10"), decl("P2", "S10 S10"))[0]


def test_CHAO_3_effect_trump_and_jokers():
    variant = var("CZ4")
    assert chaodi_effect(variant, decl("P2", "C10 C10"), 2) == (C, None)
    assert chaodi_effect(variant, decl("P2", "LJ LJ"), 2)[0] == NO_TRUMP  # 反无主 (l.69)
    assert chaodi_effect(variant, decl("P2", "BJ BJ BJ BJ"), 2)[0] == NO_TRUMP
    assert chaodi_effect(variant, decl("P2", "BJ BJ BJ BJ"), 2, choice=D)[0] == D
    assert chaodi_effect(variant, decl("P2", "BJ BJ BJ BJ", H), 2)[0] == H  # the option's


@pytest.mark.parametrize("cards", ["C10 C10", "LJ LJ", "BJ BJ"])
def test_CHAO_3_only_four_jokers_choose(cards):
    ok, reason = chao(var("CZ4"), decl("P1", "D10"), decl("P2", cards, S))
    assert not ok and "CHAO-3" in reason
    assert chao(var("CZ4"), decl("P1", "D10"), decl("P2", "BJ BJ BJ BJ", S))[0]


def test_CHAO_3_std2_shown_suit_becomes_trump():
    assert chaodi_effect(var("STD2"), decl("P3", "S2 S2"), 1) == (S, None)


def test_CHAO_4_unlimited_rounds():
    ladder = ["D10 D10", "C10 C10", "H10 H10", "S10 S10", "LJ LJ", "BJ BJ", "LJ LJ LJ LJ"]
    seats = ["P2", "P3", "P4", "P1", "P2", "P3", "P4"]  # P1 (declarer) after others 炒ed
    actions = [decl(s, c) for s, c in zip(seats, ladder)]
    out = resolve_chaodi(var("CZ4"), TEN, decl("P1", "S10"), S, actions,
                         dealer_seat=SEAT["P1"], hand_number=3)
    assert all(r.legal for r in out.records[:7])
    assert out.kitty_holder == SEAT["P4"] and out.trump == NO_TRUMP


def test_CHAO_5_no_self_chaodi_before_someone_else():
    variant = var("CZ4")
    assert not chao(variant, decl("P1", "H10"), decl("P1", "BJ BJ"), other=False)[0]
    assert chao(variant, decl("P3", "C10 C10"), decl("P1", "BJ BJ"), other=True)[0]


def test_CHAO_5_switched_off_declarer_never():
    variant = var("CZ4", sets=["chaodi_self_after_other=false"])
    ok, reason = chao(variant, decl("P3", "C10 C10"), decl("P1", "BJ BJ"), other=True)
    assert not ok and "CHAO-5" in reason


def test_CHAO_5_no_chao_over_own_standing():
    ok, _ = chao(var("CZ4"), decl("P3", "C10 C10"), decl("P3", "BJ BJ"), other=True)
    assert not ok


def test_CHAO_6_std2_allows_chaodi_after_kitty_flip():
    variant, level = var("STD2"), parse_rank("2")
    ok, _ = can_chaodi(variant, level, None, decl("P2", "H2 H2"), seat=1, original_declarer=None,
                       someone_else_chaoed=False, trump_from_kitty_flip=True)
    assert ok


# ---------------------------------------------------------------------------------------------
# DEF-21, AMB-34


def test_DEF_21_fight_ends_when_all_others_passed_since_last_chao():
    actions = [decl("P2", "D10 D10"), None, None, None, decl("P3", "S10 S10")]
    out = resolve_chaodi(var("CZ4"), TEN, decl("P1", "H10"), H, actions,
                         dealer_seat=SEAT["P1"], hand_number=2)
    # after P2's 炒: P3, P4, P1 pass -> over; the 5th action is never asked for
    assert [r.seat for r in out.records] == [1, 2, 3, 0]
    assert out.kitty_holder == SEAT["P2"] and out.trump == D


def test_DEF_21_illegal_chao_counts_as_pass():
    actions = [decl("P2", "D10 D10"), decl("P3", "D10 D10"), None, None]
    out = resolve_chaodi(var("CZ4"), TEN, decl("P1", "H10"), H, actions,
                         dealer_seat=SEAT["P1"], hand_number=2)
    assert [r.legal for r in out.records] == [True, False, False, False]
    assert out.kitty_holder == SEAT["P2"]


@pytest.mark.parametrize("dealer, order", [(0, [1, 2, 3, 0]), (3, [0, 1, 2, 3]),
                                           (1, [2, 3, 0, 1])])
def test_AMB_34_asking_order_follows_play_order(dealer, order):
    assert asking_order(dealer) == order


# ---------------------------------------------------------------------------------------------
# AMB-29, AMB-32


@pytest.mark.parametrize("letter, p2_pair, p3_triple, p3_pair", [
    ("A", False, True, False),
    ("B", True, False, True),
])
def test_AMB_29_example(letter, p2_pair, p3_triple, p3_pair):
    variant = var("CZ4", [f"AMB-29={letter}"])
    standing = decl("P1", "D10 D10")
    assert chao(variant, standing, decl("P2", "C10 C10"))[0] is p2_pair
    assert chao(variant, standing, decl("P3", "H10 H10 H10"))[0] is p3_triple
    assert chao(variant, standing, decl("P3", "H10 H10"))[0] is p3_pair


def test_AMB_29_descending_reverses():
    variant = var("CZ4", ["AMB-29=C"])
    assert chao(variant, decl("P1", "S10 S10"), decl("P2", "D10 D10"))[0]  # ♦ above ♠
    assert not chao(variant, decl("P1", "LJ LJ"), decl("P2", "BJ BJ"))[0]  # LJ above BJ
    assert not chao(variant, decl("P1", "D10 D10"), decl("P2", "S10"))[0]  # CHAO-2: no single
    # Decision (CHAO-2): a standing single is still overridden by any pair, even the lowest
    assert chao(variant, decl("P1", "S10"), decl("P2", "BJ BJ BJ BJ"))[0]


def test_AMB_29_fanzhu_tiers_bj_over_lj_and_triples():
    variant = var("CZ4", ["AMB-29=A"])
    assert chao(variant, decl("P1", "LJ LJ"), decl("P2", "BJ BJ"))[0]
    assert chao(variant, decl("P1", "BJ BJ"), decl("P2", "S10 S10 S10"))[0]


def test_AMB_29_fanzhu_tiers_a_single_never_chaos():
    """CHAO-2 (revision 2026-12-04): a single never 炒s under any AMB-29 reading. Under the
    反主 tiers (A) CZ4 has no case where one could (CHAO-6 leaves a declaration standing,
    and single L is the bottom tier), so a CZ4 variant with CHAO-6 switched off refuses it
    over nothing too (Decision in ``chaodi_strength``); this test asserted the opposite
    before issue 33."""
    variant = var("CZ4", ["AMB-29=A"], ["chaodi_after_kitty_flip=true"])
    ok, reason = chao(variant, None, decl("P2", "S10"), declarer=None, flip=True)
    assert not ok and "CHAO-2" in reason
    assert chao(variant, None, decl("P2", "S10 S10"), declarer=None, flip=True)[0]
    assert not chao(var("CZ4", ["AMB-29=A"]), decl("P1", "D10"), decl("P2", "S10"))[0]
    assert chaodi_strength(variant, TEN, parse_cards("S10")) is None


@pytest.mark.parametrize("letter, hand, dealer", [
    ("A", 1, "P2"), ("A", 2, None), ("B", 1, None), ("B", 2, None)])
def test_AMB_32_chaodi_moves_dealer(letter, hand, dealer):
    variant = var("CZ4", [f"AMB-32={letter}"])
    _, new_dealer = chaodi_effect(variant, decl("P2", "S10 S10"), hand)
    assert new_dealer == (None if dealer is None else SEAT[dealer])


@pytest.mark.parametrize("letter, dealer", [("A", "P2"), ("B", "P1")])
def test_AMB_32_example_full_fight(letter, dealer):
    out = resolve_chaodi(var("CZ4", [f"AMB-32={letter}"]), TEN, decl("P1", "H10"), H,
                         [decl("P2", "S10 S10")], dealer_seat=SEAT["P1"], hand_number=1)
    assert out.dealer == SEAT[dealer] and out.kitty_holder == SEAT["P2"]


# ---------------------------------------------------------------------------------------------
# Independent positions


def test_AMB_51_A_standing_triple_counts_as_its_pair():
    variant = var("CZ4", ["AMB-51=A"])
    standing = decl("P1", "C10 C10 C10")  # declared as a triple (BID-3)
    assert not chao(variant, standing, decl("P2", "D10 D10"))[0]
    assert chao(variant, standing, decl("P2", "H10 H10"))[0]


# RULES.md AMB-51's example (CZ4, level 3, hand 2): P2's H3 H3 H3 stands. Its "P0" holding
# LJ LJ is read as P4 (the seeds' seats are P1..P4).
@pytest.mark.parametrize("letter, s3_pair, lj_pair, c3_quad", [
    ("A", True, True, False),
    ("B", False, False, False),
    ("C", False, False, True),
])
def test_AMB_51_example(letter, s3_pair, lj_pair, c3_quad):
    variant = var("CZ4", [f"AMB-51={letter}"])
    level = parse_rank("3")
    standing = decl("P2", "H3 H3 H3")

    def may(seat, cards):
        return chao(variant, standing, decl(seat, cards), declarer="P2", level=level)[0]

    assert may("P3", "S3 S3") is s3_pair
    assert may("P4", "LJ LJ") is lj_pair
    assert may("P1", "C3 C3 C3 C3") is c3_quad
    assert may("P4", "BJ BJ BJ BJ") and may("P4", "LJ LJ LJ LJ")  # four jokers always


def test_AMB_51_defaults():
    """RULES.md §8: CZ4 B; n/a elsewhere (no triple declarations in the other 炒底)."""
    assert var("CZ4").readings()["AMB-51"] == "B"
    for rule_set in ("JJ4", "STD2", "ONE1", "THREE3"):
        assert "AMB-51" not in var(rule_set).applicable


@pytest.mark.parametrize("standing", ["C10 C10 C10", "S10 S10 S10 S10", "LJ LJ LJ",
                                      "BJ BJ BJ"])
def test_AMB_51_B_only_four_jokers_chao_a_standing_set(standing):
    variant = var("CZ4", ["AMB-51=B"])
    stand = decl("P1", standing)
    for cards in ("D10 D10", "S10 S10", "LJ LJ", "BJ BJ"):
        assert not chao(variant, stand, decl("P2", cards))[0]
    assert chao(variant, stand, decl("P2", "LJ LJ LJ LJ"))[0]
    assert chao(variant, stand, decl("P2", "BJ BJ BJ BJ"))[0]


def test_AMB_51_C_tiers_go_on_after_a_chao_of_a_quad():
    """Under C a 炒 by a quad of L stands as a set too, so the next 炒 is compared on the
    l.37 tiers again: only quad jokers beat it (000 l.37 "four L < four jokers")."""
    variant = var("CZ4", ["AMB-51=C"])
    actions = [decl("P3", "C10 C10 C10 C10"), decl("P4", "LJ LJ LJ"),
               decl("P1", "BJ BJ BJ BJ", D)]
    out = resolve_chaodi(variant, TEN, decl("P2", "H10 H10 H10"), H, actions,
                         dealer_seat=SEAT["P2"], hand_number=2)
    assert [r.legal for r in out.records[:3]] == [True, False, True]
    assert out.kitty_holder == SEAT["P1"] and out.trump == D


@pytest.mark.parametrize("letter", ["A", "B", "C"])
def test_AMB_51_applies_under_AMB_29_B_only(letter):
    """Under AMB-29 A the l.37 tiers rank the set already; under C (listed only to reject
    it) a standing set counts as its pair, as under AMB-51 A (Decision)."""
    tiers = var("CZ4", ["AMB-29=A", f"AMB-51={letter}"])
    assert chao(tiers, decl("P1", "H10 H10 H10"), decl("P2", "S10 S10 S10 S10"))[0]
    assert not chao(tiers, decl("P1", "H10 H10 H10"), decl("P2", "BJ BJ"))[0]
    reverse = var("CZ4", ["AMB-29=C", f"AMB-51={letter}"])
    assert chao(reverse, decl("P1", "H10 H10 H10"), decl("P2", "D10 D10"))[0]  # ♦ above ♥


def test_line68_four_jokers_top_and_bj_over_lj():
    variant = var("CZ4")
    assert chao(variant, decl("P1", "BJ BJ"), decl("P2", "LJ LJ LJ LJ"))[0]
    assert chao(variant, decl("P3", "LJ LJ LJ LJ"), decl("P2", "BJ BJ BJ BJ"))[0]


def test_single_never_beats_a_single_on_line68():
    assert not chao(var("CZ4"), decl("P1", "D10"), decl("P2", "S10"))[0]


def test_std2_fight_joker_pair_gives_no_trump_dealer_stays():
    level = parse_rank("2")
    out = resolve_chaodi(var("STD2"), level, decl("P1", "H2"), H,
                         [decl("P2", "C2 C2"), decl("P3", "LJ LJ")],
                         dealer_seat=SEAT["P1"], hand_number=1)
    assert out.trump == NO_TRUMP and out.dealer == SEAT["P1"] and out.kitty_holder == SEAT["P3"]


def test_four_joker_choice_in_fight():
    out = resolve_chaodi(var("CZ4"), TEN, decl("P1", "H10"), H,
                         [decl("P2", "BJ BJ BJ BJ")], dealer_seat=SEAT["P1"], hand_number=2,
                         choices=[C])
    assert out.trump == C


def test_seat_mismatch_raises():
    with pytest.raises(ValueError):
        can_chaodi(var("CZ4"), TEN, None, decl("P2", "S10 S10"), seat=0, original_declarer=0,
                   someone_else_chaoed=False, trump_from_kitty_flip=False)
