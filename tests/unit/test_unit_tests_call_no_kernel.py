"""The unit tests' guard (tests/unit/conftest.py): a kernel called from a unit test is refused
before Numba compiles or loads it, and a unit test that calls none runs as before."""

from __future__ import annotations

import numpy as np
import pytest


def test_a_kernel_called_from_a_unit_test_is_refused() -> None:
    from shengji_sim.core.base.bits_nb import popcount_nb

    before = dict(popcount_nb.overloads)  # an earlier test of this process may have loaded it
    with pytest.raises(AssertionError, match="a unit test called the kernel .*popcount_nb"):
        popcount_nb(np.uint64(3))
    assert dict(popcount_nb.overloads) == before  # refused before compiling or loading


def test_the_reference_runs_under_the_guard() -> None:
    from shengji_sim.config.variant import load_variant
    from shengji_sim.players.reference import make_players
    from shengji_sim.rules.game import play_hand

    rec = play_hand(load_variant("baifen-1deck"), make_players("random"), 0, 0)
    assert rec["tricks"]
