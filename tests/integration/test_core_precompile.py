"""The first run's parallel compile (``core/runtime/precompile.py``) compiles each kernel for the
argument types ``play_hand_nb`` calls it with: every signature it names is one the whole-hand
kernels left in the compile cache (the session's warm-up plays hands of random and greedy
players, which never runs the precompile step itself). A signature that drifted from its call
would make the first run compile that part twice."""

from __future__ import annotations

import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime import precompile
from shengji_sim.core.runtime.backend import run_chunk


@pytest.mark.parametrize("players", ["random", "greedy"])
def test_precompiled_signatures_are_the_ones_a_hand_uses(players) -> None:
    run_chunk(load_variant(precompile.TYPE_VARIANT), players, 0, 0, 4)  # compiled or cached
    kt, sw, lane = precompile.scratch_lane(players)
    parts = [*precompile.follow_part(kt, sw, lane), *precompile.other_part(kt, sw, lane)]
    missing = [kernel.py_func.__name__ for kernel, sig in parts
               if not precompile.is_cached(kernel, sig)]
    assert not missing, f"not the signatures play_hand_nb calls: {missing}"


def test_lane_types_follow_the_players() -> None:
    assert precompile.scratch_lane("random")[2].cand is None
    assert precompile.scratch_lane("greedy")[2].cand.shape == (256, 54)
