"""A disagreement hypothesis found in CI on 2026-12-02 (clean clone of aa12344, random
draw of tests/property/test_follow_properties.py::test_DEF_5_matches_independent_oracle),
recorded here until it is decided.

classic-2deck, level 2, hearts trumps. The lead is a throw of two trump tractors, H7 H7 H8
H8 and H3 H3 H4 H4 H5 H5 (THROW-5, DEF-8: lead tractors of 3 and 2 pairs, 5 pair units).
The follower holds only trump pairs: S2 S2 H6 H6 HQ HQ HK HK HA HA C2 C2. The reference
(``rules.follow.legal_follows``, rule THROW-5/DEF-8) allows four plays; the test's
brute-force oracle of DEF-5 / AMB-16 A ranks only three of them best. The extra one is
S2 S2 H6 H6 HK HK HA HA C2 C2: one 3-pair tractor (HK HA and an off-suit level card) and
two more pairs, which the oracle scores (6 matched tractor cards, 2 pairs) below plays with
two 2-pair tractors, such as HQ HQ HK HK plus HA HA S2 S2 (8 matched tractor cards, 1 pair).

Which one reads DEF-8's "as many tractor cards as possible" for a throw's several tractors
correctly is not decided yet: the test is expected to fail (strict, so it fails as soon as
the two agree) and names the position for whoever decides it.
"""

from __future__ import annotations

import pytest

from shengji_sim.fuzz.strategies import Position
from shengji_sim.rules.follow import legal_follows
from tests.property.test_follow_properties import (
    as_multisets,
    oracle_lead_structure,
    oracle_score,
    sub_multisets,
)

POSITION = Position(kind="follow", variant="classic-2deck", level=0, trump=1,
                    lead=(18, 18, 19, 19, 14, 14, 15, 15, 16, 16),
                    hands=((0, 0, 17, 17, 23, 23, 24, 24, 25, 25, 26, 26),))


@pytest.mark.xfail(strict=True, reason="reference and DEF-5 oracle disagree on a throw of "
                   "two tractors (module docstring); undecided")
def test_DEF_8_THROW_5_two_tractor_throw_follows_equal_the_oracle() -> None:
    ctx = POSITION.ctx
    lead, holding = list(POSITION.lead), POSITION.holding()
    tractors, pair_units = oracle_lead_structure(ctx.ranking, lead)
    scores = {s: oracle_score(ctx.ranking, s, tractors, pair_units)
              for s in sub_multisets(holding, len(lead))}
    top = max(scores.values())
    expected = {s for s, score in scores.items() if score == top}
    got = set(as_multisets(legal_follows(ctx, lead, list(POSITION.hand)).plays))
    assert got == expected
