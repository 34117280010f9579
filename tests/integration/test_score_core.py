"""SCORE-1 on simulated hands of the Numba core (the scoring unit tests are
tests/unit/test_score.py)."""

from __future__ import annotations

import pytest

from shengji_sim.rules.score import (
    attacker_points_bounds,
    max_kitty_multiplier,
    max_kitty_points,
)
from tests.helpers import NAMES


@pytest.mark.parametrize("name", sorted(NAMES.values()))
def test_SCORE_1_simulated_hands_stay_within_the_bounds(name):
    """Thousands of hands on the core: every term and the total within its bound."""
    import numpy as np

    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import run_chunk

    v = load_variant(name)
    lo, hi = attacker_points_bounds(v)
    rows = np.concatenate([run_chunk(v, "random", 1, 0, 5000, 2),
                           run_chunk(v, "greedy", 1, 0, 1000, 2)])
    points = rows["attacker_points"]
    assert lo <= points.min() and points.max() <= hi, (points.min(), points.max())
    assert rows["kitty_multiplier"].max() <= max_kitty_multiplier(v)
    assert rows["kitty_points"].max() <= max_kitty_points(v)
