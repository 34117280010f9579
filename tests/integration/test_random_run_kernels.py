"""A run of random players compiles no greedy, heuristic or memory kernel (issue 34): their
branches sit under ``if cand is not None`` (``skilled`` in the deal), which Numba prunes when
a lane has no greedy or heuristic seat. ``tools.kernel_tree`` walks the kernels the
whole-hand kernel reaches for a run's argument types, with Numba's own front end and type
inference; a branch that stops being pruned (a greedy call outside the guard, a guard that
tests a compound condition) brings its kernels into the list and this fails, naming them.
The argument types do not depend on the variant (``core.runtime.precompile``), so one
variant stands for all. The whole walk takes about 150 s (inlining the ``inline="always"``
kernels dominates), so it runs once.
"""

from __future__ import annotations

import re

from shengji_sim.core.engine.deal_nb import pre_trick_nb
from shengji_sim.core.runtime import precompile
from tools.kernel_tree import kernels_reached, run_kernels

#: what a random-player run must not compile: modules, and kernels named for those players
SKILLED_MODULES = ("greedy_nb", "greedy_walks_nb", "greedy_fast_nb", "heuristic_nb",
                   "heuristic_declare_bury_nb", "heuristic_lead_nb", "heuristic_follow_nb",
                   "memory_nb")
#: (``greedy_declares_nb``, ``_memory_view``; not ``follow_families_nb._greedy``, AMB-15 A's
#: greedy chain, a rule)
SKILLED_NAME = re.compile(r"(^|_)(greedy|heuristic|expert|memory)_")


def skilled(names: set[str]) -> list[str]:
    return sorted(n for n in names
                  if n.rsplit(".", 2)[-2] in SKILLED_MODULES
                  or SKILLED_NAME.search(n.rsplit(".", 1)[-1]))


def test_a_random_run_compiles_no_greedy_heuristic_or_memory_kernel() -> None:
    names = run_kernels("classic-2deck", "random")
    assert {"shengji_sim.core.engine.game_nb.play_hand_nb",
            "shengji_sim.core.engine.deal_nb.pre_trick_nb"} <= names
    assert not skilled(names), f"a random run compiles {skilled(names)}"


def test_the_walk_finds_the_skilled_kernels_of_a_lane_that_has_such_seats() -> None:
    """The check bites: the pre-trick kernels of a lane with a greedy candidate buffer (the
    lane of any greedy or heuristic seat) reach greedy's and the heuristic profiles'
    declaring, 炒 and burying; a random lane's reach none."""
    def reach(players: str) -> list[str]:
        kt, sw, lane = precompile.scratch_lane(players)
        sig = precompile.signature(kt, sw, lane.state, lane.levels, 0, 0, lane.pkinds,
                                   lane.cand, lane.pre)
        return skilled(kernels_reached(pre_trick_nb, sig))

    found = {n.rsplit(".", 2)[-2] for n in reach("greedy")}
    assert {"greedy_nb", "heuristic_declare_bury_nb"} <= found
    assert reach("random") == []
