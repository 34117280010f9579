"""The reference's replay accepts the kernels' hands, and they keep the invariants of every
hand (:func:`~tests.integration.hand_invariants.check_invariants`): ``SHENGJI_CORE_REPLAY_HANDS``
hands per variant (default 1,000, the CI figure), records rebuilt from the kernels' logs."""

from __future__ import annotations

import os

import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import play_hand_core
from shengji_sim.rules.replay import replay
from tests.integration.hand_invariants import check_invariants

HANDS = int(os.environ.get("SHENGJI_CORE_REPLAY_HANDS", "1000"))
ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]


@pytest.mark.parametrize("name", ALL)
def test_reference_replay_accepts_kernel_hands(name) -> None:
    v = load_variant(name)
    for index in range(HANDS):
        rec = play_hand_core(v, "random", 31337, index)
        check_invariants(v, rec)
        replay(v, rec)
