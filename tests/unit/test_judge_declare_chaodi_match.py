"""``shengji-sim judge declare|chaodi|match`` (issue 33 part B): RULES.md §5's declaring,
炒底 and scoring examples (EX-B-*, EX-S-*) and the §4 examples of the items these commands
judge, each under every letter the example names; bad input is one line and exit 2.

AMB-50 and AMB-51 are added by another branch: their tests skip while the schema lacks
``declaration_after_deal`` / ``chaodi_over_set``.
"""

from __future__ import annotations

import json

import pytest

from shengji_sim.cards import RANKS
from shengji_sim.cli import main

CZ4, JJ4, STD2, ONE1 = "changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck"


def judge(capsys, command: str, *argv: str) -> dict:
    try:
        main(["judge", command, *argv])
    except SystemExit as exc:
        out, err = capsys.readouterr()
        raise AssertionError(f"exit {exc.code}: {err}") from None
    out, err = capsys.readouterr()
    assert err == "", err
    return json.loads(out)


def bad(capsys, command: str, *argv: str) -> str:
    with pytest.raises(SystemExit) as info:
        main(["judge", command, *argv])
    out, err = capsys.readouterr()
    assert (info.value.code, out) == (2, ""), err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    return err


def declare(capsys, variant: str, level: str, history: list[str], cards: str, seat: int,
            *extra: str) -> dict:
    argv = ["--variant", variant, "--level", level, "--cards", cards, "--seat", str(seat)]
    for h in history:
        argv += ["--standing", h]
    return judge(capsys, "declare", *argv, *extra)


# ---------------------------------------------------------------------- §5.8 declaring

EX_B_CZ4_37 = [  # (seat, shows, legal): 000 lines 35, 37, hand 1, level 3; P1..P4 = seats 0..3
    (0, "S3", True), (1, "H3 H3", True), (2, "C3 C3", False), (2, "LJ LJ", True),
    (3, "BJ BJ", True), (0, "D3 D3 D3", True), (2, "LJ LJ LJ", True),
    (0, "S3 S3 S3 S3", True), (3, "BJ BJ BJ BJ", True),
]


def _sequence(capsys, variant, level, steps, *extra) -> tuple[list[dict], list[str]]:
    history: list[str] = []
    answers = []
    for seat, cards, _legal in steps:
        answers.append(declare(capsys, variant, level, history, cards, seat, *extra))
        if answers[-1]["legal"]:
            history.append(f"{seat}:{cards}")
    return answers, history


def test_BID_3_EX_B_CZ4_37_the_ladder_step_by_step(capsys) -> None:
    answers, _ = _sequence(capsys, CZ4, "3", EX_B_CZ4_37)
    assert [a["legal"] for a in answers] == [legal for _, _, legal in EX_B_CZ4_37]
    assert "不能再亮同级别" in answers[2]["reason"]  # 000 line 35: the same tier cannot
    assert answers[-1]["trump"] == "NT"  # BID-5: four jokers, the only NT declaration
    assert answers[-1]["standing"] == {"seat": 3, "cards": ["BJ", "BJ", "BJ", "BJ"]}


@pytest.mark.parametrize("letter, dealer", [("A", 3), ("B", 0)])
def test_AMB_46_EX_B_CZ4_37_final_dealer(capsys, letter, dealer) -> None:
    answers, _ = _sequence(capsys, CZ4, "3", EX_B_CZ4_37, "--amb", f"AMB-46={letter}")
    assert answers[-1]["dealer"] == dealer


def test_BID_4_EX_B_JJ4_22_one_more_card_earlier_wins_ties(capsys) -> None:
    steps = [(0, "S3", True), (1, "H3 H3", True), (2, "D3 D3", False),
             (2, "D3 D3 D3", True)]
    answers, _ = _sequence(capsys, JJ4, "3", steps)
    assert [a["legal"] for a in answers] == [legal for _, _, legal in steps]
    assert answers[-1]["trump"] == "D"


def test_BID_8_EX_B_JJ4_28_nobody_bids_spades(capsys) -> None:
    got = judge(capsys, "declare", "--variant", JJ4, "--nobody", "--hand-number", "2")
    assert got == {"redeal": False, "trump": "S", "dealer": None, "reason": got["reason"]}
    assert got["reason"].startswith("BID-8")


def test_DEF_29_jj4_hand1_nobody_bids_no_seat_named(capsys) -> None:
    """DEF-29: the rules name no seat (the first recipient deals, which the judge does not
    know)."""
    got = judge(capsys, "declare", "--variant", JJ4, "--nobody")
    assert (got["trump"], got["dealer"], got["redeal"]) == ("S", None, False)


def test_BID_6_a_seat_may_not_counter_itself(capsys) -> None:
    got = declare(capsys, CZ4, "3", ["0:S3"], "H3 H3", 0)
    assert not got["legal"] and got["reason"].startswith("BID-6")
    assert got["standing"] == {"seat": 0, "cards": ["S3"]}


def test_DEF_20_self_reinforcement(capsys) -> None:
    got = declare(capsys, CZ4, "3", ["0:S3"], "S3 S3", 0)
    assert got["legal"] and got["trump"] == "S" and got["declarer"] == 0
    refused = declare(capsys, CZ4, "3", ["0:S3"], "S3 S3", 0, "--set", "self_reinforce=false")
    assert not refused["legal"] and refused["reason"].startswith("DEF-20")


def test_BID_7_hand_2_declaring_does_not_move_the_deal(capsys) -> None:
    got = declare(capsys, STD2, "2", ["0:S2"], "H2 H2", 1, "--hand-number", "2")
    assert got["legal"] and got["trump"] == "H" and got["dealer"] is None


def test_BID_1_the_window_closes_with_the_deal_for_jj4(capsys) -> None:
    """DEF-24: JJ4 bids end with the deal (002 line 20), under today's rules and AMB-50 A."""
    got = declare(capsys, JJ4, "3", [], "S3", 0, "--phase", "after_deal", "--hand-number", "2")
    assert not got["legal"] and ("DEF-24" in got["reason"] or "AMB-50" in got["reason"])
    assert got["standing"] is None and got["trump"] is None


# -------------------------------------------------------------------- §4 declaring items


@pytest.mark.parametrize("letter, trump", [("A", "NT"), ("B", "S"), ("C", "NT")])
def test_AMB_33_joker_pair_over_a_single(capsys, letter, trump) -> None:
    """AMB-33 example (hand 1, level 3): P1 shows S3; P2 shows LJ LJ."""
    got = declare(capsys, CZ4, "3", ["0:S3"], "LJ LJ", 1, "--amb", f"AMB-33={letter}")
    assert got["legal"] and got["trump"] == trump and got["dealer"] == 1


def test_AMB_33_C_four_jokers_choose(capsys) -> None:
    got = declare(capsys, CZ4, "3", ["0:S3"], "BJ BJ BJ BJ", 1, "--amb", "AMB-33=C",
                  "--choice", "D")
    assert got["legal"] and got["trump"] == "D"


def test_AMB_33_B_pair_jokers_first_keep_no_suit(capsys) -> None:
    got = declare(capsys, CZ4, "3", [], "LJ LJ", 1)
    assert not got["legal"] and got["reason"].startswith("AMB-33 B")


def test_AMB_35_hidden_bids(capsys) -> None:
    """AMB-35 example (JJ4, level 3): P1 bids S3, P2 H3 H3, P3 tries D3 D3."""
    history = ["0:S3", "1:H3 H3"]
    a = declare(capsys, JJ4, "3", history, "D3 D3", 2)
    assert not a["legal"] and a["standing"]["seat"] == 1
    b = declare(capsys, JJ4, "3", history, "D3 D3", 2, "--amb", "AMB-35=B")
    assert b["legal"] and b["standing"] == {"seat": 1, "cards": ["H3", "H3"]}
    assert b["trump"] == "H"
    later = declare(capsys, JJ4, "3", [*history, "2:D3 D3"], "D3 D3 D3", 2, "--amb",
                    "AMB-35=B")
    assert later["standing"]["seat"] == 2 and later["trump"] == "D"


@pytest.mark.parametrize("letter, legal, trump", [("A", False, "S"), ("B", True, "H"),
                                                  ("C", False, "S")])
def test_AMB_42_override_rule(capsys, letter, legal, trump) -> None:
    """AMB-42 example (STD2, level 2): P1 turns S2; later P2 turns H2."""
    got = declare(capsys, STD2, "2", ["0:S2"], "H2", 1, "--amb", f"AMB-42={letter}")
    assert (got["legal"], got["trump"]) == (legal, trump)


@pytest.mark.parametrize("letter, dealer", [("A", 1), ("B", 0)])
def test_AMB_46_hand1_dealer_after_a_counter(capsys, letter, dealer) -> None:
    """AMB-46 example (level 3): P1 shows S3; P2 counters with H3 H3."""
    got = declare(capsys, CZ4, "3", ["0:S3"], "H3 H3", 1, "--amb", f"AMB-46={letter}")
    assert (got["legal"], got["trump"], got["dealer"]) == (True, "H", dealer)


def nobody(capsys, variant: str, level: str, kitty: str, hand: int, *extra: str) -> dict:
    return judge(capsys, "declare", "--variant", variant, "--level", level, "--nobody",
                 "--kitty", kitty, "--hand-number", str(hand), *extra)


KITTY_30 = "S7 H10 D5 BJ S8 S9 C4 C6"


@pytest.mark.parametrize("letter, hand, redeal, trump", [
    ("A", 2, False, "S"), ("A", 1, True, None), ("B1", 2, False, "D"), ("B2", 2, False, "H"),
])
def test_AMB_30_cz4_nobody_declares(capsys, letter, hand, redeal, trump) -> None:
    """AMB-30 example (level 5): kitty [S7, H10, D5, BJ, ...]."""
    got = nobody(capsys, CZ4, "5", KITTY_30, hand, "--amb", f"AMB-30={letter}")
    assert (got["redeal"], got["trump"]) == (redeal, trump)


def test_AMB_30_B1_a_joker_first_without_level_cards_is_no_trump(capsys) -> None:
    got = nobody(capsys, CZ4, "5", "BJ S7 S8 S9 C4 C6 H7 H8", 2)
    assert got["trump"] == "NT"


@pytest.mark.parametrize("letter, dealer", [("A", 1), ("B", 2), ("C", 1)])
def test_AMB_31_mod4_first_dealer(capsys, letter, dealer) -> None:
    """AMB-31 example: the first kitty card H7: A 19, B 6, C 7 (mod 4: tables 3, 2, 3;
    BID-9's clockwise tables: table 3 is seat 1, table 2 seat 2)."""
    got = nobody(capsys, CZ4, "2", "H7 S5 S6 S7 S8 S9 SJ SQ", 1, "--amb", f"AMB-31={letter}")
    assert (got["trump"], got["dealer"]) == ("H", dealer)


@pytest.mark.parametrize("letter, redeal, trump, dealer", [
    ("A", False, None, 2), ("B", False, "C", 2), ("C", True, None, None),
])
def test_AMB_45_std2_nobody_declares(capsys, letter, redeal, trump, dealer) -> None:
    """AMB-45 example (revision 2026-12-04): the first kitty card C6, counted as AMB-31 C
    (pips: 6) from seat 0: seat 2."""
    got = nobody(capsys, STD2, "2", "C6 S3 S4 S5 S7 S8 S9 SJ", 1, "--amb", f"AMB-45={letter}")
    assert (got["redeal"], got["trump"], got["dealer"]) == (redeal, trump, dealer)


@pytest.mark.parametrize("letter, legal", [("A", False), ("B", True), ("C", True)])
def test_AMB_50_overcall_after_the_last_card(capsys, letter, legal) -> None:
    """AMB-50 example (STD2, level 5, hand 2): the deal ends with P1's H5 standing; P2 shows
    S5 S5 after the last card."""
    got = declare(capsys, STD2, "5", ["1:H5"], "S5 S5", 2, "--phase", "after_deal",
                  "--hand-number", "2", "--amb", f"AMB-50={letter}")
    assert got["legal"] is legal
    assert got["trump"] == ("S" if legal else "H")
    if not legal:
        assert "AMB-50" in got["reason"] or "DEF-24" in got["reason"]


def test_AMB_50_C_an_answer_must_rank_higher(capsys) -> None:
    """AMB-50 C: P1 may answer S5 S5 with D5 D5 only if the ladder ranks it higher (it does
    not: the same tier, STD2 AMB-42 A)."""
    got = declare(capsys, STD2, "5", ["1:H5", "2:S5 S5"], "D5 D5", 1, "--phase",
                  "after_deal", "--hand-number", "2", "--amb", "AMB-50=C")
    assert not got["legal"] and got["trump"] == "S"


@pytest.mark.parametrize("letter, asked, passes, legal", [
    ("B", 3, 3, True), ("B", 4, 4, False), ("B", 4, 0, False),
    ("C", 4, 3, True), ("C", 7, 4, False), ("C", 9, 2, True), ("A", 0, 0, False),
])
def test_AMB_50_the_window_after_the_last_card(capsys, letter, asked, passes, legal) -> None:
    """AMB-50: B gives each seat one more chance (the fifth seat asked finds it closed); C asks
    until four seats in a row have passed; A is closed after the last card."""
    got = declare(capsys, STD2, "5", ["1:H5"], "S5 S5", 2, "--phase", "after_deal",
                  "--hand-number", "2", "--amb", f"AMB-50={letter}", "--asked", str(asked),
                  "--passes", str(passes))
    assert got["legal"] is legal
    if not legal:
        assert got["reason"].startswith("AMB-50")


# ---------------------------------------------------------------------------- 炒底


def chao(capsys, variant: str, level: str, standing: str, cards: str, seat: int,
         *extra: str) -> dict:
    return judge(capsys, "chaodi", "--variant", variant, "--level", level, "--standing",
                 standing, "--cards", cards, "--seat", str(seat), *extra)


def test_CHAO_5_EX_B_CZ4_72_the_declarer_after_someone_else(capsys) -> None:
    """EX-B-CZ4-72: P1 declared and buried; P3 炒s; P1 may then 炒 (someone else has); had
    nobody else 炒ed, P1's 炒 would be illegal (不能自反)."""
    p3 = chao(capsys, CZ4, "3", "0:D3", "C3 C3", 2, "--declarer", "0", "--trump", "D")
    assert p3["legal"] and p3["trump"] == "C" and p3["buries"] == 2
    p1 = chao(capsys, CZ4, "3", "2:C3 C3", "H3 H3", 0, "--declarer", "0", "--trump", "C",
              "--someone-else-chaoed")
    assert p1["legal"] and p1["trump"] == "H"
    alone = chao(capsys, CZ4, "3", "0:D3", "H3 H3", 0, "--declarer", "0", "--trump", "D")
    assert not alone["legal"] and alone["reason"].startswith("CHAO-5")
    assert (alone["trump"], alone["buries"]) == ("D", None)


def test_CHAO_6_EX_B_CZ4_73_no_chao_after_a_kitty_flip(capsys) -> None:
    got = chao(capsys, CZ4, "3", "none", "BJ BJ", 1, "--kitty-flip", "--trump", "S",
               "--dealer", "0")
    assert not got["legal"] and got["reason"].startswith("CHAO-6")
    assert (got["trump"], got["dealer"]) == ("S", 0)


def test_CHAO_1_no_chaodi_in_jj4(capsys) -> None:
    got = chao(capsys, JJ4, "3", "0:D3", "C3 C3", 2)
    assert not got["legal"] and got["reason"].startswith("CHAO-1")


def test_CHAO_3_jokers_give_no_trump_and_four_choose(capsys) -> None:
    pair = chao(capsys, CZ4, "3", "0:D3", "LJ LJ", 2, "--trump", "D")
    assert pair["legal"] and pair["trump"] == "NT"
    four = chao(capsys, CZ4, "3", "0:D3", "BJ BJ BJ BJ", 2, "--trump", "D", "--choice", "S")
    assert four["legal"] and four["trump"] == "S"


def test_CHAO_2_std2_a_single_never_chaos(capsys) -> None:
    got = chao(capsys, STD2, "2", "0:D2", "S2", 1, "--trump", "D")
    assert not got["legal"] and got["reason"].startswith("CHAO-2")


@pytest.mark.parametrize("letter, p2, p3_triple, p3_pair", [
    ("A", False, True, True), ("B", True, False, True),
])
def test_AMB_29_chaodi_ladder(capsys, letter, p2, p3_triple, p3_pair) -> None:
    """AMB-29 example (level 10): trump came from D10 D10; P2 holds C10 C10, P3 H10 H10
    H10. A: P2 may not (same tier), P3 may (triple > pair). B: P2 may (♣ > ♦); P3 only as
    a pair of ♥10."""
    amb = ("--amb", f"AMB-29={letter}", "--trump", "D")
    assert chao(capsys, CZ4, "10", "1:D10 D10", "C10 C10", 2, *amb)["legal"] is p2
    assert chao(capsys, CZ4, "10", "1:D10 D10", "H10 H10 H10", 3, *amb)["legal"] is p3_triple
    pair = chao(capsys, CZ4, "10", "1:D10 D10", "H10 H10", 3, *amb)
    assert pair["legal"] is (p3_pair and letter == "B")


@pytest.mark.parametrize("letter, dealer, moves", [("A", 1, True), ("B", 0, False)])
def test_AMB_32_chaodi_moves_the_deal_in_hand_1(capsys, letter, dealer, moves) -> None:
    """AMB-32 example (hand 1): P1 declared and buried; P2 炒s."""
    got = chao(capsys, CZ4, "3", "0:D3", "C3 C3", 1, "--trump", "D", "--amb",
               f"AMB-32={letter}")
    assert (got["legal"], got["dealer"], got["dealer_moves"], got["buries"]) == \
        (True, dealer, moves, 1)


def test_AMB_32_A_later_hands_keep_the_dealer(capsys) -> None:
    got = chao(capsys, CZ4, "3", "0:D3", "C3 C3", 1, "--trump", "D", "--hand-number", "4",
               "--dealer", "2")
    assert (got["dealer"], got["dealer_moves"]) == (2, False)


@pytest.mark.parametrize("letter, s3_pair, lj_pair, c3_quad", [
    ("A", True, True, False), ("B", False, False, False), ("C", False, False, True),
])
def test_AMB_51_chao_over_a_standing_triple(capsys, letter, s3_pair, lj_pair,
                                            c3_quad) -> None:
    """AMB-51 example (CZ4, level 3, hand 2): P2's H3 H3 H3 stands; P3 holds S3 S3, P0 LJ
    LJ, P1 C3 C3 C3 C3."""
    args = ("--trump", "H", "--hand-number", "2", "--amb", f"AMB-51={letter}")
    assert chao(capsys, CZ4, "3", "2:H3 H3 H3", "S3 S3", 3, *args)["legal"] is s3_pair
    assert chao(capsys, CZ4, "3", "2:H3 H3 H3", "LJ LJ", 0, *args)["legal"] is lj_pair
    assert chao(capsys, CZ4, "3", "2:H3 H3 H3", "C3 C3 C3 C3", 1, *args)["legal"] is c3_quad


# ------------------------------------------------------------------ §5.7 scoring, the match


def match(capsys, variant: str, levels: str, dealer: int, points: int, *extra: str) -> dict:
    return judge(capsys, "match", "--variant", variant, "--levels", levels, "--dealer",
                 str(dealer), "--attacker-points", str(points), *extra)


EX_S_JJ4 = [(-30, "dealer", 3), (0, "dealer", 3), (75, "dealer", 2), (80, "dealer", 1),
            (155, "dealer", 1), (160, "attackers", 1), (239, "attackers", 1),
            (240, "attackers", 2), (400, "attackers", 4), (560, "attackers", 6)]
EX_S_STD2 = [(0, "dealer", 3), (35, "dealer", 2), (40, "dealer", 1), (75, "dealer", 1),
             (80, "attackers", 1), (115, "attackers", 1), (120, "attackers", 2),
             (160, "attackers", 3), (200, "attackers", 4)]


@pytest.mark.parametrize("points, side, gained", EX_S_JJ4)
def test_LEVEL_2_EX_S_JJ4(capsys, points, side, gained) -> None:
    """EX-S-JJ4 (002 line 232, no cap: LEVEL-7): seat 0 deals at 5, seats 1/3 at 5."""
    got = match(capsys, JJ4, "5,5", 0, points)
    assert (got["winner_side"], got["levels"]) == (side, gained)
    after = RANKS[RANKS.index("5") + gained]
    assert got["levels_after"] == ([after, "5"] if side == "dealer" else ["5", after])
    assert got["next_dealer"] == (2 if side == "dealer" else 1)  # partner / 下家 (AMB-34 A)


@pytest.mark.parametrize("points, side, gained", EX_S_STD2)
def test_LEVEL_3_EX_S_STD2(capsys, points, side, gained) -> None:
    got = match(capsys, STD2, "2,2", 1, points)
    assert (got["winner_side"], got["levels"]) == (side, gained)
    assert got["next_dealer"] == (3 if side == "dealer" else 2)
    assert got["match_over"] is False


def test_LEVEL_6_EX_S_CZ4_dealer_side_plus_one_at_150(capsys) -> None:
    """EX-S-CZ4 (DEF-14): s = 150 gives dealer +1 and the dealer's partner deals."""
    got = match(capsys, CZ4, "7,9", 0, 150)
    assert (got["winner_side"], got["levels"], got["next_dealer"]) == ("dealer", 1, 2)
    assert got["levels_after"] == ["8", "9"] and got["level_played"] == "7"


@pytest.mark.parametrize("letter, dealer", [("A", 1), ("B", 3)])
def test_AMB_34_the_previous_dealers_xiajia(capsys, letter, dealer) -> None:
    """AMB-34 example: dealer N (seat 0) loses: A W (seat 1, play order), B E (seat 3)."""
    got = match(capsys, STD2, "4,4", 0, 100, "--amb", f"AMB-34={letter}")
    assert got["next_dealer"] == dealer


@pytest.mark.parametrize("letter, dealer", [("A", 1), ("B", 2)])
def test_AMB_36_one1_nobody_levels(capsys, letter, dealer) -> None:
    """AMB-36 example: N (seat 0) dealt; the attackers made 50: A W deals, B S deals."""
    got = match(capsys, ONE1, "6,9", 0, 50, "--amb", f"AMB-36={letter}")
    assert (got["winner_side"], got["levels"], got["next_dealer"]) == ("none", 0, dealer)
    assert got["levels_after"] == ["6", "9"]


def test_DEALER_3_one1_rotation_without_level_change(capsys) -> None:
    got = match(capsys, ONE1, "6,9", 0, 40)
    assert (got["winner_side"], got["next_dealer_rule"]) == ("none", "next")


def test_AMB_38_match_end(capsys) -> None:
    """AMB-38 example: N-S at Q gain +2 as attackers: A they reach A and win; B they deal
    at A and must win that hand (DEF-18: capped at A)."""
    a = match(capsys, STD2, "Q,7", 1, 125, "--amb", "AMB-38=A")
    assert (a["levels_after"], a["match_over"], a["match_winner"]) == (["A", "7"], True, 0)
    b = match(capsys, STD2, "Q,7", 1, 125, "--amb", "AMB-38=B")
    assert (b["levels_after"], b["match_over"], b["next_dealer"]) == (["A", "7"], False, 2)
    held = match(capsys, STD2, "A,7", 2, 30, "--amb", "AMB-38=B")
    assert (held["match_over"], held["match_winner"]) == (True, 0)
    lost = match(capsys, STD2, "A,7", 2, 100, "--amb", "AMB-38=B")
    assert (lost["match_over"], lost["levels_after"]) == (False, ["A", "8"])


def test_LEVEL_1_defenders_at_A_who_hold_win_the_match(capsys) -> None:
    """LEVEL-1, DEF-18 (JJ4 AMB-38 B): overshoot capped at A, no win as attackers."""
    got = match(capsys, JJ4, "K,Q", 1, 400)
    assert (got["levels_after"], got["match_over"]) == (["A", "Q"], False)


@pytest.mark.parametrize("letter", ["A", "B"])
def test_AMB_39_no_level_goes_down(capsys, letter) -> None:
    """AMB-39 (DEF-17): no seed gives a demotion rule; the losing side keeps its level."""
    got = match(capsys, CZ4, "9,J", 0, 300, "--amb", f"AMB-39={letter}")
    assert got["levels_after"][0] == "9" and got["winner_side"] == "attackers"


# ------------------------------------------------------------------------- bad input


BAD = [
    ("declare", ["--cards", "S2", "--seat", "4"], "--seat 4"),
    ("declare", ["--cards", "S5 S6", "--seat", "1"], "not a declaration"),
    ("declare", ["--cards", "S5", "--seat", "1", "--level", "2"], "not a declaration"),
    ("declare", ["--cards", "S2", "--seat", "1", "--level", "Z"], "--level Z"),
    ("declare", ["--cards", "XX", "--seat", "1"], "--cards"),
    ("declare", ["--cards", "S2", "--seat", "1", "--standing", "S2"], "SEAT:CARDS"),
    ("declare", ["--cards", "S2", "--seat", "1", "--standing", "7:S2"], "--standing #1 7"),
    ("declare", ["--cards", "S2 S2", "--seat", "1", "--standing", "0:H2 H2", "--standing",
                 "2:C2"], "was not legal"),
    ("declare", ["--cards", "S2", "--seat", "1", "--choice", "S"], "only four jokers"),
    ("declare", ["--cards", "S2"], "give --cards and --seat"),
    ("declare", ["--nobody", "--cards", "S2"], "drop --cards"),
    ("declare", ["--nobody", "--kitty", "S3 S4"], "kitty of 8"),
    ("declare", ["--cards", "S2", "--seat", "1", "--kitty", "S3"], "only with --nobody"),
    ("declare", ["--variant", CZ4, "--nobody"], "needs the kitty"),
    ("declare", ["--cards", "S2", "--seat", "1", "--phase", "later"], "--phase"),
    ("chaodi", ["--cards", "S2 S2", "--seat", "1", "--standing", "0:D2", "--trump", "X"],
     "--trump X"),
    ("chaodi", ["--cards", "S2 S2", "--seat", "one", "--standing", "0:D2"], "--seat one"),
    ("chaodi", ["--cards", "S2 S3", "--seat", "1", "--standing", "0:D2"], "not a declaration"),
    ("chaodi", ["--cards", "S2 S2", "--seat", "1", "--standing", "0:D2", "--declarer", "9"],
     "--declarer 9"),
    ("chaodi", ["--cards", "S2 S2", "--seat", "1", "--standing", "0:D2", "--choice", "S"],
     "only four jokers"),
    ("chaodi", ["--cards", "S2 S2", "--seat", "1", "--standing", "0:LJ"],
     "neither a declaration nor a 炒"),
    ("match", ["--levels", "10", "--dealer", "0", "--attacker-points", "40"], "two ranks"),
    ("match", ["--levels", "10,Z", "--dealer", "0", "--attacker-points", "40"], "--levels"),
    ("match", ["--levels", "10,J", "--dealer", "5", "--attacker-points", "40"], "--dealer 5"),
    ("match", ["--levels", "10,J", "--dealer", "0", "--attacker-points", "9999"],
     "--attacker-points 9999"),
    ("match", ["--levels", "A,J", "--dealer", "0", "--attacker-points", "40"],
     "already won"),
]


@pytest.mark.parametrize("command, argv, needle", BAD, ids=[f"{c} {n}" for c, _, n in BAD])
def test_BID_1_bad_input_is_one_line_exit_2(capsys, command, argv, needle) -> None:
    if "--variant" not in argv:
        argv = ["--variant", STD2, *argv]
    assert needle in bad(capsys, command, *argv)
