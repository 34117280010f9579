"""Match level arithmetic: LEVEL-1, AMB-38, DEF-18, DEF-19, TRUMP-2, DECK-1."""

from __future__ import annotations

from shengji_sim.config.variant import load_variant
from shengji_sim.rules.match import MatchState, after_hand, new_match, side_of
from shengji_sim.rules.score import judge_score

Q, K, A = 10, 11, 12


def test_LEVEL_1_DEF_19_both_sides_start_at_2() -> None:
    for name in ("changzhou-4deck", "jj-4deck", "classic-2deck"):
        assert new_match(load_variant(name)).levels == (0, 0)


def test_DECK_1_partners_share_a_side() -> None:
    assert side_of(0) == side_of(2) != side_of(1) == side_of(3)


def test_TRUMP_2_the_hand_is_played_at_the_dealer_sides_level() -> None:
    assert MatchState(levels=(3, 7), dealer=1).level == 7


def test_AMB_38_attackers_at_Q_gain_two() -> None:
    # RULES.md AMB-38 example: N-S (side 0) at Q gain +2 as attackers (dealer seat 1).
    for letter, levels, winner in (("A", (A, 4), 0), ("B", (A, 4), None)):
        v = load_variant("changzhou-4deck", amb=[f"AMB-38={letter}"])
        result = judge_score(v, 250)  # attackers +2 in the four-deck table
        state = after_hand(v, MatchState(levels=(Q, 4), dealer=1), 1, result)
        assert state.levels == levels and state.winner == winner, letter
        assert state.dealer == 2  # the previous dealer's 下家 deals next


def test_AMB_38_win_at_A_needs_a_dealer_win_at_A() -> None:
    v = load_variant("changzhou-4deck", amb=["AMB-38=B"])
    state = after_hand(v, MatchState(levels=(A, 5), dealer=0), 0, judge_score(v, 100))
    assert state.winner == 0
    lost = after_hand(v, MatchState(levels=(A, 5), dealer=0), 0, judge_score(v, 170))
    assert lost.winner is None and lost.levels == (A, 6)


def test_DEF_18_gains_past_A_are_capped() -> None:
    v = load_variant("jj-4deck")
    state = after_hand(v, MatchState(levels=(K, 2), dealer=0), 0, judge_score(v, 0))
    assert state.levels == (A, 2) and state.winner is None
