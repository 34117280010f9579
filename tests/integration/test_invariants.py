"""Invariants over many random hands per variant, played by the reference engine (issue "Whole
hands and matches").

``SHENGJI_INVARIANT_HANDS`` hands per variant (default 200, the CI figure): each hand's record
keeps the invariants of :func:`~tests.integration.hand_invariants.check_invariants` and replay
accepts it. The core's hands, which are the reference's by the differential tests, are checked
against the same invariants in greater number (tests/integration/test_core_replay.py), where a
hand costs a replay instead of a reference play and a replay; ``shengji-sim soak`` plays more.
"""

from __future__ import annotations

import os

import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.players.reference import make_players
from shengji_sim.rules.game import play_hand
from shengji_sim.rules.replay import replay
from tests.integration.hand_invariants import check_invariants

HANDS = int(os.environ.get("SHENGJI_INVARIANT_HANDS", "200"))
ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]


@pytest.mark.parametrize("name", ALL)
def test_invariants_over_random_hands(name) -> None:
    v = load_variant(name)
    players = make_players("random")
    for index in range(HANDS):
        rec = play_hand(v, players, 2026, index)
        check_invariants(v, rec)
        replay(v, rec)
