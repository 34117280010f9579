"""Differential tests of the pre-trick kernels on hypothesis draws: the rng kernel's remainder
(``core.rng_nb``) against Python's ``%``, and the whole pre-trick phase (deal, declarations
during and after the deal, 炒底) against the reference, draw for draw, under drawn readings of
the declaring and 炒 items (AMB-50 every letter with AMB-33, AMB-35, AMB-42, AMB-46, AMB-51),
hand 1 and later hands. The example-based draw-for-draw tests of the deal, declarations, 炒
and leads against the reference are tests/integration/test_core_deal.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.core.base import rng_nb
from shengji_sim.core.runtime.api import PreTrick
from shengji_sim.fuzz.card_strategies import amb_overrides
from shengji_sim.fuzz.positions import variant_for
from shengji_sim.players.reference import GreedyPlayer, PassivePlayer, RandomPlayer
from tests.helpers import budget, kept_lane
from tests.integration.test_core_deal import LATER, check_hands


@budget(5)
@given(st.integers(0, 2**64 - 1), st.integers(1, rng_nb.N_THRESHOLDS - 1))
def test_rng_fastmod_is_the_remainder(x, n) -> None:
    """``below``'s remainder by multiplication (Lemire's fastmod) is ``x % n``."""
    for y in (x, n - 1, n, 2**64 - 1 - x % n, 2**64 - 1):
        assert int(rng_nb.fastmod_nb(np.uint64(y), n)) == y % n


# ------------------------------------------------------------------ the pre-trick phase

DEAL_VARIANTS = ("changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck",
                 "classic-3deck")
#: the items that change how declaring and 炒 go, drawn besides AMB-50's letter
DECLARING_ITEMS = ("AMB-29", "AMB-33", "AMB-35", "AMB-42", "AMB-46", "AMB-51")
SEATS = {"random": RandomPlayer, "greedy": GreedyPlayer, "passive": PassivePlayer}
_PRE: dict = {}


@st.composite
def pre_trick_cases(draw):
    name = draw(st.sampled_from(DEAL_VARIANTS))
    letter = draw(st.sampled_from("ABC"))
    ambs = draw(amb_overrides(name, (f"AMB-50={letter}",), items=DECLARING_ITEMS))
    seats = draw(st.lists(st.sampled_from(["random", "random", "greedy", "passive"]),
                          min_size=4, max_size=4).filter(lambda s: s.count("passive") < 4))
    match = draw(st.sampled_from([None, *LATER]))
    return name, ambs, seats, draw(st.integers(0, 2**32)), draw(st.integers(0, 10**6)), match


@budget(0.6)
@given(case=pre_trick_cases())
def test_AMB_50_pre_trick_matches_reference(case) -> None:
    """Deal, declarations (the window after the deal, AMB-50 A / B / C) and 炒 equal the
    reference's, field by field (``after_deal`` and four-joker ``choice`` included), and
    the rng state after the phase, on drawn readings, tables, seeds and match states. A
    table of four passive seats is not drawn: where nobody declaring redeals (DEF-25) it
    never settles (tests/integration/test_core_deal.py has that case)."""
    name, ambs, seats, root, index, match = case
    pt = kept_lane(_PRE, f"{name} {ambs}", lambda: PreTrick(variant_for(name, ambs)))
    check_hands(pt, [SEATS[s]() for s in seats], root, [index], (match,))


# every letter of AMB-50 on every built-in variant, hand 1 and later hands; JJ4 also with
# AMB-35 B (every bid recorded) and CZ4 with the readings that let more seats declare late
SWEEP = [(name, (f"AMB-50={x}",)) for name in DEAL_VARIANTS for x in "ABC"] + [
    ("jj-4deck", ("AMB-50=B", "AMB-35=B")), ("jj-4deck", ("AMB-50=C", "AMB-35=B")),
    ("changzhou-4deck", ("AMB-50=B", "AMB-42=B")), ("changzhou-4deck", ("AMB-50=C", "AMB-42=B")),
    ("changzhou-4deck", ("AMB-50=C", "AMB-33=C")), ("classic-2deck", ("AMB-50=C", "AMB-42=B")),
]


@pytest.mark.parametrize("name, ambs", SWEEP, ids=[f"{n} {' '.join(a)}" for n, a in SWEEP])
def test_AMB_50_every_letter_matches_reference(name, ambs) -> None:
    """AMB-50 A / B / C: random, greedy and mixed tables, hand 1 (CZ4: its random first
    recipient, then dealt clockwise) and hands 2+, kernel == reference, draw for draw.
    Under the defaults a declaration after the deal is rare (about 2% of random hands);
    where AMB-42 B or AMB-35 B let more seats declare, the sweep has some in hand 1 and in
    later hands."""
    pt = PreTrick(variant_for(name, ambs))
    late = {"hand 1": 0, "later": 0}
    for seed, tables in ((41, ["random"] * 4), (42, ["greedy"] * 4),
                         (43, ["passive", "random", "greedy", "random"])):
        players = [SEATS[s]() for s in tables]
        late["hand 1"] += check_hands(pt, players, seed, range(8))["after_deal"]
        late["later"] += check_hands(pt, players, seed + 10, range(12), LATER)["after_deal"]
    if ambs[0] == "AMB-50=A":
        assert late == {"hand 1": 0, "later": 0}
    elif len(ambs) > 1 and ambs[1] in ("AMB-42=B", "AMB-35=B"):
        assert late["hand 1"] > 0 and late["later"] > 0, late
