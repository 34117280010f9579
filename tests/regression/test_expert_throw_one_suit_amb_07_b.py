"""Regression: the differential soak (2026-12-01) stopped at hand 4412 of changzhou-4deck
and at hand 9251 of classic-2deck under AMB-07 B with expert players: both engines refused
the leads D2 DA and H2 H2 HA (DEF-27).
Under AMB-07 B a natural suit's follow group holds its level cards, which are trumps, and
``players.proven_throw`` (and ``heuristic_lead_nb.proven_throw_nb``) gathered a throw by group
alone, mixing the trump D2 with the plain DA. A throw is now gathered from a group's trumps
or from its plain cards, never both."""

from __future__ import annotations

import pytest

from shengji_sim.fuzz.positions import variant_for
from shengji_sim.fuzz.soak import compare_hand

AMBS = ("AMB-07=B",)


@pytest.mark.parametrize(("variant", "index"), [("changzhou-4deck", 4412),
                                                ("classic-2deck", 9251)])
def test_DEF_27_expert_throw_under_AMB_07_B_is_one_suit_on_both_engines(
        variant: str, index: int) -> None:
    decisions, divergence = compare_hand(variant_for(variant, AMBS), variant, AMBS, "expert",
                                         0, index)
    assert divergence is None, divergence
    assert decisions > 50  # a whole hand: every trick compared
