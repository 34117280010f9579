"""Regression: AMB-28 (cz4_hand). The fuzz harness drew AMB-28=C (`51+8`, 212 cards of 216)
for changzhou-4deck, so `test_offered_moves_are_legal` failed in CI on a VariantError the
variant is right to raise. The reading sampler offers only readings the variant loads."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given

from shengji_sim.config.interpretations import VariantError
from shengji_sim.fuzz.card_strategies import amb_overrides
from shengji_sim.fuzz.positions import variant_for
from tests.helpers import budget


def test_AMB_28_C_is_impossible_for_changzhou_4deck() -> None:
    with pytest.raises(VariantError, match="AMB-28"):
        variant_for("changzhou-4deck", ("AMB-28=C",))


@budget(0.6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(amb_overrides("changzhou-4deck", items=("AMB-28",)))
def test_AMB_28_sampler_never_draws_C(ambs: tuple[str, ...]) -> None:
    assert "AMB-28=C" not in ambs
    variant_for("changzhou-4deck", ambs)  # loads


@budget(0.4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(amb_overrides("changzhou-4deck"))
def test_AMB_28_any_drawn_reading_set_loads(ambs: tuple[str, ...]) -> None:
    variant_for("changzhou-4deck", ambs)
