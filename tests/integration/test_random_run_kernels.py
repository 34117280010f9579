"""A run of random players compiles no greedy, heuristic or memory kernel (issue 34): their
branches sit under ``if cand is not None`` (``skilled`` in the deal), which Numba prunes when
a lane has no greedy or heuristic seat. ``tools.kernel_tree`` walks the kernels the
whole-hand kernel reaches for a run's argument types, with Numba's own front end and type
inference; a branch that stops being pruned (a greedy call outside the guard, a guard that
tests a compound condition) brings its kernels into the list and this fails, naming them.
"""

from __future__ import annotations

import pytest

from tools.kernel_tree import run_kernels

#: what a random-player run must not compile: modules, and kernels named for those players
SKILLED_MODULES = ("greedy_nb", "greedy_walks_nb", "greedy_fast_nb", "heuristic_nb",
                   "heuristic_declare_bury_nb", "heuristic_lead_nb", "heuristic_follow_nb",
                   "memory_nb")
SKILLED_WORDS = ("greedy", "heuristic", "expert", "memory")


def skilled(names: set[str]) -> list[str]:
    return sorted(n for n in names
                  if n.rsplit(".", 2)[-2] in SKILLED_MODULES
                  or any(w in n.rsplit(".", 1)[-1] for w in SKILLED_WORDS))


@pytest.mark.parametrize("variant", ["classic-2deck", "changzhou-4deck"])
def test_a_random_run_compiles_no_greedy_heuristic_or_memory_kernel(variant) -> None:
    names = run_kernels(variant, "random")
    assert "shengji_sim.core.engine.game_nb.play_hand_nb" in names
    assert not skilled(names), f"a random run compiles {skilled(names)}"


def test_the_walk_sees_the_skilled_kernels_of_an_expert_run() -> None:
    """The check bites: an expert run reaches the heuristic, greedy and memory kernels."""
    found = {n.rsplit(".", 2)[-2] for n in skilled(run_kernels("classic-2deck", "expert"))}
    assert {"heuristic_follow_nb", "heuristic_declare_bury_nb", "memory_nb"} <= found
