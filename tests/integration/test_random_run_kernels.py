"""A run of random players compiles no greedy, heuristic or memory kernel (issue 34): their
branches sit under ``if cand is not None`` (``skilled`` in the deal), which Numba prunes when
a lane has no greedy or heuristic seat. ``python -m tools.kernel_tree`` walks the kernels the
whole-hand kernel reaches for a run's argument types, with Numba's own front end and type
inference; a branch that stops being pruned (a greedy call outside the guard, a guard that
tests a compound condition) brings its kernels into the list and this fails, naming them.
The argument types do not depend on the variant (``core.runtime.precompile``), so one
variant stands for all. The walk runs in its own process: it stands typed-only overloads
in for the inlined kernels while it runs (``tools.kernel_tree``), which no test worker
should see.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

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


def reached(players: str) -> set[str]:
    """The kernels a run of ``players`` on classic-2deck compiles (``tools.kernel_tree``)."""
    out = subprocess.run([sys.executable, "-m", "tools.kernel_tree", "--players", players,
                          "--list"], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout
    return {line for line in out.splitlines() if line.startswith("shengji_sim.")}


def test_a_random_run_compiles_no_greedy_heuristic_or_memory_kernel() -> None:
    names = reached("random")
    assert {"shengji_sim.core.engine.game_nb.play_hand_nb",
            "shengji_sim.core.engine.deal_nb.pre_trick_nb"} <= names
    assert not skilled(names), f"a random run compiles {skilled(names)}"


def test_the_walk_finds_the_skilled_kernels_of_an_expert_run() -> None:
    """The check bites: an expert run reaches the heuristic profiles' declaring, leading and
    following, their memory, and greedy's kernels."""
    found = {n.rsplit(".", 2)[-2] for n in skilled(reached("expert"))}
    assert {"greedy_nb", "heuristic_declare_bury_nb", "heuristic_lead_nb",
            "heuristic_follow_nb", "memory_nb"} <= found
