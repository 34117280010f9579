"""Whole matches: the core (core/engine/match_nb.py) plays every hand of a match as the reference's
``rules.game.play_match`` does (LEVEL-1, LEVEL-2, LEVEL-4, DEALER-1, DEALER-2, DEALER-3,
AMB-36, AMB-38, AMB-39, DEF-18): equal hand rows and match rows, for random, greedy and mixed
seats, both AMB-38 readings, and readings of the declaration window (AMB-50) and of 炒 over
a standing set (AMB-51); and the same rows on 1 and 2 threads.

Reference matches are slow (a greedy match of the 1-deck set is about a second), so each case
plays a couple of matches; the budget scales with the hypothesis profile."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import settings

from shengji_sim.cards import RANKS
from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk, run_matches
from shengji_sim.results import MATCH_DTYPE, ROW_DTYPE
from shengji_sim.rng import hand_seed, match_seed
from shengji_sim.run import sim

#: matches per case: 2 under the dev profile (100 examples), more under ci / nightly
MATCHES = max(1, round(2 * settings.default.max_examples / 100))
CASES = [
    ("classic-2deck", (), "random"), ("classic-2deck", (), "greedy"),
    ("classic-2deck", ("AMB-38=B",), "NS=random,EW=greedy"),
    ("changzhou-4deck", (), "random"), ("changzhou-4deck", (), "NS=greedy,EW=random"),
    ("baifen-1deck", (), "random"), ("baifen-1deck", (), "greedy"),
    # declaring after the deal (AMB-50) in hand 1 and in the match's later hands; JJ4's
    # hidden bids; 炒 over a standing triple or quad on the l.37 tiers (AMB-51 C)
    ("changzhou-4deck", ("AMB-50=B", "AMB-51=C"), "random"),
    ("jj-4deck", ("AMB-50=C", "AMB-35=B"), "random"),
    ("classic-2deck", ("AMB-50=A",), "NS=greedy,EW=random"),
]


@pytest.mark.parametrize("name, ambs, players", CASES)
def test_core_matches_equal_the_reference(name: str, ambs: tuple, players: str) -> None:
    v = load_variant(name, amb=list(ambs))
    hands, matches = sim.reference_matches(v, players, 5, 3, MATCHES)
    core_hands, core_matches = run_matches(v, players, 5, 3, MATCHES, 1)
    assert core_hands.dtype == ROW_DTYPE and core_matches.dtype == MATCH_DTYPE
    assert np.array_equal(core_matches, matches)
    assert np.array_equal(core_hands, hands)
    assert matches["hands"].sum() == len(hands)


def test_LEVEL_1_a_match_runs_to_A_and_its_hands_are_seeded_from_the_match() -> None:
    v = load_variant("classic-2deck")
    hands, matches = run_matches(v, "random", 9, 0, 4, 1)
    for m in matches:
        mine = hands[hands["match"] == m["match"]]
        assert m["match_seed"] == match_seed(9, int(m["match"]))
        assert list(mine["hand_number"]) == list(range(1, m["hands"] + 1))
        assert all(int(r["hand_seed"]) == hand_seed(int(r["seed"]), int(r["index"]))
                   for r in mine)
        assert m["winner"] in (0, 1) and m[f"level_{m['winner']}"] == 12  # AMB-38 A
        assert m["dealer_hands_0"] + m["dealer_hands_1"] == m["hands"]


def test_match_rows_do_not_depend_on_threads_or_chunks() -> None:
    v = load_variant("changzhou-4deck")
    one = run_matches(v, "random", 2, 0, 6, 1)
    two = run_matches(v, "random", 2, 0, 6, 2)
    split = [run_matches(v, "random", 2, s, 3, 2) for s in (0, 3)]
    for a, b in ((one, two), (one, tuple(np.concatenate(p) for p in zip(*split)))):
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


@pytest.mark.parametrize("name, rank", [("changzhou-4deck", "A"), ("classic-2deck", "10"),
                                        ("jj-4deck", "3"), ("baifen-1deck", "K")])
def test_hands_at_a_chosen_level_equal_the_reference(name: str, rank: str) -> None:
    """``simulate --level R`` (the run's ``starting_level``): hands at level R, where the
    level cards, their tractors and the fixed 2s (AMB-01, AMB-02, AMB-03, AMB-04) differ from
    level 2."""
    v = load_variant(name, sets=[f"starting_level={rank}"])
    rows = run_chunk(v, "NS=greedy,EW=random", 8, 0, 4, 1)
    assert np.array_equal(rows, sim.reference_chunk(v, "NS=greedy,EW=random", 8, 0, 4))
    assert set(rows["level"]) == {RANKS.index(rank)}
