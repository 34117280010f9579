"""A disagreement between the reference and the DEF-5 oracle of
tests/property/test_follow_properties.py, found in CI on 2026-12-02 (clean clone of aa12344,
random draw of ``test_DEF_5_matches_independent_oracle``) and decided on 2026-12-03 for the
reference.

classic-2deck, level 2, hearts trumps. The lead is a throw of two trump tractors, H7 H7 H8
H8 and H3 H3 H4 H4 H5 H5 (THROW-5, DEF-8: lead tractors of 3 and 2 pairs, 5 pair units).
The follower holds only trump pairs: S2 S2 H6 H6 HQ HQ HK HK HA HA C2 C2. The reference
(``rules.follow.legal_follows``) allows the four plays that answer the 3-pair tractor with
a 3-pair tractor, among them S2 S2 H6 H6 HK HK HA HA C2 C2 (HK HA and an off-suit level
card, then two pairs). The oracle used to score plays by matched tractor cards in total and
ranked that play below two 2-pair tractors and a pair (8 tractor cards against 6).

The ruling: DEF-5 matches "tractors of the led kind first (longest first)", and a throw's
component "owes at least what the same component would be owed if it were led alone, from
the cards the larger components leave"; so the 3-pair tractor is answered by a 3-pair
tractor before the 2-pair one is looked at. The seeds rank the same way where they speak:
JJ4 table 1 puts "3-pair tractor + 2 singles" above "2-pair tractor + 2 pairs" (002 lines
92-94) and CZ4 puts "3-pair tractor" above "2-pair tractor + 1 pair" (000 line 48). The
oracle now scores component by component, longest first.
"""

from __future__ import annotations

from shengji_sim.cards import parse_cards
from shengji_sim.fuzz.positions import Position
from shengji_sim.rules.follow import legal_follows
from tests.differential import check_position
from tests.property.test_follow_properties import (
    as_multisets,
    oracle_lead_structure,
    oracle_score,
    sub_multisets,
)

POSITION = Position(kind="follow", variant="classic-2deck", level=0, trump=1,
                    lead=(18, 18, 19, 19, 14, 14, 15, 15, 16, 16),
                    hands=((0, 0, 17, 17, 23, 23, 24, 24, 25, 25, 26, 26),))

#: The four plays with a 3-pair tractor (every five of the six pairs but those without
#: both HK and HA, or with HK HA only as part of a 2-pair tractor).
LONGEST_FIRST = ["S2 S2 H6 H6 HK HK HA HA C2 C2", "H6 H6 HQ HQ HK HK HA HA C2 C2",
                 "S2 S2 H6 H6 HQ HQ HK HK HA HA", "S2 S2 HQ HQ HK HK HA HA C2 C2"]


def test_DEF_8_THROW_5_a_throws_longer_tractor_is_answered_first() -> None:
    """DEF-5 longest first: the reference's follows are the plays with a 3-pair tractor."""
    result = legal_follows(POSITION.ctx, list(POSITION.lead), list(POSITION.hand))
    expected = {tuple(sorted(parse_cards(p))) for p in LONGEST_FIRST}
    assert set(as_multisets(result.plays)) == expected


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


def test_DEF_8_THROW_5_two_tractor_throw_kernel_equals_reference(follow_buf) -> None:
    """The follow kernels list the same plays (count, order, legality) as the reference."""
    assert check_position(POSITION, 1, follow_buf) == "THROW-5/DEF-8"
