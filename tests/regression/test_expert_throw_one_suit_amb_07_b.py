"""Regression: the differential soak (2026-12-01) stopped at hand 4412 of changzhou-4deck
under AMB-07 B with expert players: both engines refused seat 0's lead D2 DA (DEF-27).
Under AMB-07 B a natural suit's follow group holds its level cards, which are trumps, and
``players.proven_throw`` (and ``heuristic_nb.proven_throw_nb``) gathered a throw by group
alone, mixing the trump D2 with the plain DA. A throw is now gathered from a group's trumps
or from its plain cards, never both."""

from __future__ import annotations

from shengji_sim.fuzz.soak import compare_hand
from shengji_sim.fuzz.strategies import variant_for

VARIANT = "changzhou-4deck"
AMBS = ("AMB-07=B",)


def test_expert_hand_4412_under_AMB_07_B_plays_on_both_engines_alike() -> None:
    decisions, divergence = compare_hand(variant_for(VARIANT, AMBS), VARIANT, AMBS, "expert",
                                         0, 4412)
    assert divergence is None, divergence
    assert decisions > 100
