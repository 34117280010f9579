"""The heuristic family in the kernels (core/players/heuristic_nb.py, core/players/memory_nb.py)
plays exactly as the reference's ``players.HeuristicPlayer``: identical hand records for expert,
cautious and bold (and mixed seats, and a user profile) on every built-in variant, identical result
rows, and identical whole matches (hands at every level the match reaches, LEVEL-1, LEVEL-2,
DEALER-1). Reference hands of heuristic players are slow, so each case
plays a few; the budget scales with the hypothesis profile."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shengji_sim.config.variant import load_variant
from shengji_sim.core.players.heuristic_declare_bury_nb import trump_score_nb, trump_scores_step_nb
from shengji_sim.core.runtime.backend import play_hand_core, run_chunk, run_matches
from shengji_sim.players.reference import trump_score
from shengji_sim.results import row_from_record
from shengji_sim.rules.game import play_hand
from shengji_sim.run import sim
from shengji_sim.run.sim import seat_players

ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]
HANDS = max(1, round(settings.default.max_examples / 100))  #: hands per case (dev: 1)
MATCHES = max(1, round(settings.default.max_examples / 100))  #: matches per case (dev: 1)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("players", ["expert", "cautious", "bold", "NS=expert,EW=greedy",
                                     "NS=random,EW=bold"])
def test_heuristic_records_equal_the_reference(name: str, players: str) -> None:
    v = load_variant(name)
    for index in range(HANDS):
        expected = play_hand(v, seat_players(players), 31, index)
        assert play_hand_core(v, players, 31, index) == expected, (name, players, index)


def test_a_user_profile_plays_in_the_kernels(tmp_path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\nextends = "expert"\n[lead]\nlead_pairs = false\n'
                    'draw_trumps = 4\n[follow]\nwin_unsure = false\n[declare]\n'
                    'declare_rule = "share"\ndeclare_share = 30\n', encoding="utf-8")
    v = load_variant("classic-2deck")
    spec = f"NS={path},EW=expert"
    for index in range(HANDS):
        expected = play_hand(v, seat_players(spec), 3, index)
        assert play_hand_core(v, spec, 3, index) == expected, index


@pytest.mark.parametrize("name", ["classic-2deck", "changzhou-4deck"])
def test_a_profile_that_follows_by_the_greedy_rule_plays_in_the_kernels(tmp_path,
                                                                        name: str) -> None:
    """A heuristic profile with ``follow_rule = "greedy"`` follows by the greedy player's
    walks in the kernels (``greedy_nb.greedy_follow_nb``, ``greedy_single_nb``), beside
    expert seats, and plays the reference's cards."""
    path = tmp_path / "plain.toml"
    path.write_text('name = "plain"\nextends = "expert"\n[follow]\nfollow_rule = "greedy"\n',
                    encoding="utf-8")
    v = load_variant(name)
    spec = f"NS={path},EW=expert"
    for index in range(max(HANDS, 3)):
        expected = play_hand(v, seat_players(spec), 5, index)
        assert play_hand_core(v, spec, 5, index) == expected, index


@pytest.mark.parametrize("name", ["classic-2deck", "changzhou-4deck"])
def test_heuristic_rows_equal_the_reference(name: str) -> None:
    v = load_variant(name)
    players = "NS=expert,EW=cautious"
    rows = run_chunk(v, players, 8, 0, 2 * HANDS, 2)
    expected = np.concatenate([row_from_record(play_hand(v, seat_players(players), 8, i))
                               .reshape(1) for i in range(2 * HANDS)])
    assert rows.tobytes() == expected.tobytes()


@pytest.mark.parametrize("name, players", [("baifen-1deck", "expert"),
                                           ("classic-2deck", "NS=bold,EW=greedy")])
def test_heuristic_matches_equal_the_reference(name: str, players: str) -> None:
    v = load_variant(name)
    hands, matches = sim.reference_matches(v, players, 5, 0, MATCHES)
    core_hands, core_matches = run_matches(v, players, 5, 0, MATCHES, 1)
    assert np.array_equal(core_matches, matches)
    assert np.array_equal(core_hands, hands)
    assert len(set(hands["level"].tolist())) > 1  # hands at other levels than the first


@given(counts=st.lists(st.integers(0, 4), min_size=54, max_size=54),
       level=st.integers(0, 12), suit=st.integers(0, 4))
def test_trump_score_kernel_equals_the_reference(counts, level, suit) -> None:
    """``heuristic_declare_bury_nb.trump_score_nb`` (visits the trumps only) is
    ``players.trump_score`` on any holding, level and trump suit (4: no-trump)."""
    hand = [k for k in range(54) for _ in range(counts[k])]
    assert trump_score_nb(np.array(counts, np.int8), level, suit) == trump_score(hand, level,
                                                                                 suit)


@given(dealt=st.lists(st.integers(0, 53), max_size=40), level=st.integers(0, 12))
def test_trump_scores_kept_while_dealt_equal_the_scores_of_the_hand(dealt, level) -> None:
    """``heuristic_declare_bury_nb.trump_scores_step_nb``, called as each card is dealt (the
    deal loop keeps a heuristic seat's scores so), leaves every suit's score (4: no-trump) equal to
    ``trump_score_nb`` of the hand so far, after every card."""
    counts = np.zeros(54, np.int8)
    scores = np.zeros(5, np.int32)
    for k in dealt:
        if counts[k] == 4:
            continue  # four decks at most
        counts[k] += 1
        trump_scores_step_nb(scores, level, k, counts[k])
        assert list(scores) == [trump_score_nb(counts, level, s) for s in range(5)], k
