"""Level change and dealer succession (shengji_sim.rules.score): RULES.md §5.7, LEVEL-1, LEVEL-2,
LEVEL-3, LEVEL-4, LEVEL-5, LEVEL-6, LEVEL-7, LEVEL-8, SCORE-1, DEALER-1, DEALER-2, DEALER-3, DEF-14,
DEF-15, DEF-16, DEF-17, DEF-26, DEF-28, AMB-34, AMB-36, AMB-39."""

from __future__ import annotations

from dataclasses import replace

import pytest

from shengji_sim.rules.score import (
    ScoreResult,
    attacker_points_bounds,
    judge_score,
    max_kitty_multiplier,
    max_kitty_points,
)
from tests.helpers import NAMES, var


def score(rule_set: str, points: int, amb=(), sets=(), hook=None) -> ScoreResult:
    return judge_score(var(rule_set, amb, sets), points, hook)


# --- RULES.md §5.7 -----------------------------------------------------------------------------

EX_S = [
    ("EX-S-JJ4", "JJ4", -30, "dealer", 3),
    ("EX-S-JJ4", "JJ4", 0, "dealer", 3),
    ("EX-S-JJ4", "JJ4", 75, "dealer", 2),
    ("EX-S-JJ4", "JJ4", 80, "dealer", 1),
    ("EX-S-JJ4", "JJ4", 155, "dealer", 1),
    ("EX-S-JJ4", "JJ4", 160, "attackers", 1),
    ("EX-S-JJ4", "JJ4", 239, "attackers", 1),
    ("EX-S-JJ4", "JJ4", 240, "attackers", 2),
    ("EX-S-JJ4", "JJ4", 400, "attackers", 4),
    ("EX-S-JJ4", "JJ4", 560, "attackers", 6),
    ("EX-S-STD2", "STD2", 0, "dealer", 3),
    ("EX-S-STD2", "STD2", 35, "dealer", 2),
    ("EX-S-STD2", "STD2", 40, "dealer", 1),
    ("EX-S-STD2", "STD2", 75, "dealer", 1),
    ("EX-S-STD2", "STD2", 80, "attackers", 1),
    ("EX-S-STD2", "STD2", 115, "attackers", 1),
    ("EX-S-STD2", "STD2", 120, "attackers", 2),
    ("EX-S-STD2", "STD2", 160, "attackers", 3),
    ("EX-S-STD2", "STD2", 200, "attackers", 4),
    ("EX-S-CZ4", "CZ4", 150, "dealer", 1),
]


@pytest.mark.parametrize(("ex_id", "rule_set", "points", "side", "levels"), EX_S,
                         ids=[f"{case[0]}[s={case[2]}]" for case in EX_S])
def test_section_5_7_examples(ex_id, rule_set, points, side, levels):
    result = score(rule_set, points)
    assert (result.winner_side, result.levels) == (side, levels)
    if side == "dealer":
        assert (result.next_dealer, result.next_dealer_offset, result.dealer_keeps) == \
            ("partner", 2, True)
    else:
        assert result.dealer_keeps is False


@pytest.mark.parametrize(("rule_set", "points", "letter", "expected"), [
    ("JJ4", -30, "A", ("partner", 2)),
    ("JJ4", -30, "B", ("partner", 2)),
    ("JJ4", 155, "B", ("partner", 2)),
    ("JJ4", 160, "A", ("next", 1)),
    ("JJ4", 160, "B", ("previous", 3)),
    ("CZ4", 150, "A", ("partner", 2)),
    ("STD2", 80, "A", ("next", 1)),
    ("STD2", 80, "B", ("previous", 3)),
])
def test_AMB_34_next_dealer_in_the_examples(rule_set, points, letter, expected):
    result = score(rule_set, points, [f"AMB-34={letter}"])
    assert (result.next_dealer, result.next_dealer_offset) == expected


# --- AMB items ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("letter", "expected"), [("A", ("next", 1, False)),
                                                  ("B", ("partner", 2, True))])
def test_AMB_36_one_deck_rotation(letter, expected):
    result = score("ONE1", 50, [f"AMB-36={letter}"])
    assert (result.winner_side, result.levels) == ("none", 0)
    assert (result.next_dealer, result.next_dealer_offset, result.dealer_keeps) == expected


def test_AMB_36_to_attackers_follows_amb34():
    result = score("ONE1", 50, ["AMB-34=B"])
    assert (result.next_dealer, result.next_dealer_offset) == ("previous", 3)


def test_AMB_39_demotion_hook():
    def demote_dealer(result: ScoreResult) -> ScoreResult:
        return replace(result, levels=result.levels - 1)

    assert score("JJ4", 300, hook=demote_dealer).levels == 2  # A: hook ignored
    assert score("JJ4", 300, ["AMB-39=B"], hook=demote_dealer).levels == 1
    assert score("JJ4", 300, ["AMB-39=B"]).levels == 2  # B without a hook: unchanged


# --- rule IDs ----------------------------------------------------------------------------------


def test_LEVEL_1_levels_are_non_negative_counts():
    for points in range(-100, 420, 5):
        result = score("CZ4", points)
        assert result.levels >= 1 and result.winner_side in ("dealer", "attackers")


def test_LEVEL_2_jj4_table_boundaries():
    assert (score("JJ4", 5).winner_side, score("JJ4", 5).levels) == ("dealer", 2)
    assert score("JJ4", 79).levels == 2 and score("JJ4", 159).levels == 1
    assert score("JJ4", 319).levels == 2 and score("JJ4", 320).levels == 3


def test_LEVEL_3_std2_table():
    assert [score("STD2", s).levels for s in (0, 5, 40, 80, 120, 155, 160)] == \
        [3, 2, 1, 1, 2, 2, 3]


@pytest.mark.parametrize(("points", "side", "levels"), [
    (0, "dealer", 2), (35, "dealer", 1), (40, "none", 0), (75, "none", 0),
    (80, "attackers", 1), (95, "attackers", 1), (100, "attackers", 2),
])
def test_LEVEL_4_one_deck_table(points, side, levels):
    result = score("ONE1", points)
    assert (result.winner_side, result.levels) == (side, levels)


def test_LEVEL_5_DEF_15_three_deck_table():
    got = [(score("THREE3", s).winner_side, score("THREE3", s).levels)
           for s in (0, 55, 60, 115, 120, 175, 180)]
    assert got == [("dealer", 3), ("dealer", 2), ("dealer", 1), ("dealer", 1),
                   ("attackers", 1), ("attackers", 1), ("attackers", 2)]


def test_LEVEL_6_DEF_14_cz4_uses_the_four_deck_table():
    assert score("CZ4", 159).winner_side == "dealer"
    assert (score("CZ4", 160).winner_side, score("CZ4", 160).levels) == ("attackers", 1)
    assert score("CZ4", 400).levels == 4


def test_LEVEL_7_no_cap_unless_set():
    assert score("JJ4", 560).levels == 6
    assert score("JJ4", 560, sets=["level_gain_cap=2"]).levels == 2
    assert score("JJ4", 0, sets=["level_gain_cap=2"]).levels == 2


def test_LEVEL_8_DEF_17_no_demotion_by_default():
    for rule_set in NAMES:
        assert score(rule_set, 400).levels >= 1


def test_SCORE_1_DEF_28_negative_scores_count_as_zero():
    assert score("JJ4", -150) == score("JJ4", 0)
    assert score("STD2", -20, sets=["negative_scores=false"]) == score("STD2", 0)
    assert score("ONE1", -5).levels == 2


def test_DEALER_1_succession():
    assert score("CZ4", 100).next_dealer == "partner"
    assert score("CZ4", 200).next_dealer == "next"


def test_DEALER_2_DEF_16_score_decides_in_003_variants():
    assert score("STD2", 75).next_dealer == "partner"
    assert (score("STD2", 80).next_dealer, score("THREE3", 120).next_dealer) == ("next", "next")


def test_DEALER_3_one_deck_rotation_without_level_change():
    result = score("ONE1", 60)
    assert (result.winner_side, result.levels, result.dealer_keeps) == ("none", 0, False)


def test_DEF_26_one_deck_above_hundred():
    assert score("ONE1", 160).levels == 2


def test_POINT_3_the_attackers_points_alone_decide():
    assert score("STD2", 75).winner_side == "dealer"
    assert score("STD2", 80).winner_side == "attackers"
    assert score("JJ4", 155).winner_side == "dealer"
    assert score("JJ4", 160).winner_side == "attackers"


# --- what a hand can score (attacker_points_bounds) --------------------------------------------

BOUNDS = [
    # KITTY-2: T <= total - k, W <= k * N; no penalties: lo 0
    ("STD2", (), (), (0, 200 + 80 * (64 - 1))),  # kitty 8 x 10 points, N = 2^6 (cap 64)
    ("THREE3", (), (), (0, 300 + 60 * (64 - 1))),  # kitty of 6
    ("ONE1", (), (), (0, 100 + 60 * (2 - 1))),  # one deck: singles only, N = 2^1
    ("STD2", ("AMB-25=C",), (), (0, 200 + 80 * (4 - 1))),  # by unit: pairs at most, 2^2
    ("STD2", (), ("throw_penalty_points=5",), (-5 * 24, 200 + 80 * 63 + 5 * 24)),
    # CZ4: 2^cards uncapped (52 cards); 1 point per failed throw, at most 51 throws
    ("CZ4", (), (), (-51, 400 + 80 * (2 ** 52 - 1) + 51)),
    ("CZ4", ("OTH-8=B",), (), (-510, 400 + 80 * (2 ** 52 - 1) + 510)),  # 10 points a throw
    ("CZ4", ("AMB-24=C",), (), (0, 400 + 80 * (2 ** 52 - 1))),  # a level, not points
    ("CZ4", ("AMB-23=A",), (), (0, 400 + 80 * (2 ** 52 - 1))),  # refused, never failed
    # JJ4 扣底 both ways, N = cards (54, or 52 with a kitty of 8)
    ("JJ4", (), (), (-400 * 54, 400 * 55)),  # A/(iii): +-(last trick's points) x n
    ("JJ4", ("AMB-27=B/(i)",), (), (-80 * 52, 400 + 80 * 51)),  # +-(kitty points) x n
    ("JJ4", ("AMB-27=A/(ii)",), (), (-53 * 400, 54 * 400)),  # the loser's points x n
]


@pytest.mark.parametrize("rule_set, amb, sets, expected", BOUNDS)
def test_SCORE_1_KITTY_3_attacker_points_bounds(rule_set, amb, sets, expected):
    assert attacker_points_bounds(var(rule_set, amb, sets)) == expected


def test_KITTY_3_STD2_upper_bound_is_reached_by_a_tractor_on_a_full_kitty():
    """The attackers take the last trick with a 3-pair trump tractor (x64) over a kitty of
    80 points and every other point: 120 + 80 * 64 = 5240, the bound."""
    from shengji_sim.cards import parse_cards
    from shengji_sim.rules.kitty import judge_kitty
    from shengji_sim.rules.shapes import make_context

    v = var("STD2")
    ctx = make_context(v, 0, 1)  # level 2, hearts
    plays = [parse_cards(t) for t in ("H5 H5 H6 H6 H7 H7", "S3 S3 S4 S4 S6 S6",
                                      "C3 C3 C4 C4 C6 C6", "D3 D3 D4 D4 D6 D6")]
    kitty = parse_cards("SK SK S10 S10 CK CK C10 C10")
    result = judge_kitty(ctx, plays, "attackers", kitty)
    assert (result.multiplier, result.kitty_points) == (max_kitty_multiplier(v),
                                                        max_kitty_points(v))
    assert v.total_points - result.kitty_points + result.awarded == attacker_points_bounds(v)[1]


