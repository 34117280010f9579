"""The ablation profiles on the Numba core (the unit tests of the profiles are
tests/unit/test_ablation_profiles.py)."""

from __future__ import annotations

from tests.unit.test_ablation_profiles import ABLATION


def test_greedy_as_heuristic_plays_greedys_hands():
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import play_hand_core

    variant = load_variant("classic-2deck")
    other = str(ABLATION / "greedy-as-heuristic.toml")
    for index in range(6):
        greedy = play_hand_core(variant, "greedy", 7, index)
        heuristic = play_hand_core(variant, other, 7, index)
        assert greedy == heuristic
