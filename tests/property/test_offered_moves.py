"""Properties added after the 2026-11 review (issue "Rules: defects found by an outside
review"): offered moves are legal, level invariance, leads and follows agree.

Each property is the catalogue's (:mod:`shengji_sim.fuzz.properties`), run here over every
built-in variant with the readings drawn from every applicable letter of every AMB/OTH item
(``vary=True``). Whole hands of the reference engine cost about half a second each, so the
game property runs a twentieth of the profile's example budget (at least 3).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.fuzz.positions import VARIANTS
from shengji_sim.fuzz.properties import CATALOGUE
from shengji_sim.fuzz.strategies import positions_of
from tests.helpers import budget


@pytest.mark.parametrize("variant", VARIANTS)
@budget(0.05, minimum=3)
@given(data=st.data())
def test_offered_moves_are_legal(variant: str, data) -> None:
    """LEAD-3, DEF-27, FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7,
    FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, BID-2, BID-3, BID-4, BID-5, BID-6, KITTY-1, CHAO-2,
    CHAO-3, CHAO-4, CHAO-5, CHAO-6 at every decision."""
    pos = data.draw(positions_of("game", variant, vary=True))
    CATALOGUE["offered_moves_legal"].check(pos)


@pytest.mark.parametrize("variant", VARIANTS)
@given(data=st.data())
def test_level_invariance(variant: str, data) -> None:
    """COMBO-5, COMBO-7, AMB-05, AMB-06, AMB-49."""
    pos = data.draw(positions_of("follow", variant, vary=True))
    CATALOGUE["level_invariance"].check(pos)


@pytest.mark.parametrize("variant", VARIANTS)
@given(data=st.data())
def test_leads_and_follows_agree(variant: str, data) -> None:
    """AMB-41, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11: a first-row
    follow is one unit when led."""
    pos = data.draw(positions_of("follow", variant, vary=True))
    CATALOGUE["leads_follows_agree"].check(pos)
