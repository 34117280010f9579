"""Differential tests: the follow kernels (core/follow/follow_rows_nb.py and its siblings) against
the reference :mod:`shengji_sim.rules.follow` on hypothesis positions (docs/core-conventions.md:
"Parity is the spec"); the example-based ones are tests/integration/test_core_follow.py.

Positions of every built-in variant with overrides among AMB-11, AMB-12, AMB-13, AMB-14, AMB-15,
AMB-16, AMB-17, AMB-18, AMB-19, AMB-37, AMB-41, OTH-5, OTH-6, OTH-7: the kernel count equals
``Options.count``, ``nth(i)`` equals ``Options.nth(i)`` (every i, or a sample of 200 when
larger), and ``is_legal_follow_nb`` agrees with ``check_follow`` on listed plays and on random
hand subsets (:func:`tests.differential.check_position`).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.fuzz.positions import FOLLOW_ITEMS, VARIANTS, Position
from shengji_sim.fuzz.trick_strategies import follow_positions
from tests.differential import check_position

ITEMS = FOLLOW_ITEMS + ("AMB-37", "OTH-7")
NO_AMB19 = tuple(i for i in ITEMS if i != "AMB-19")


@given(follow_positions(VARIANTS, vary=True, items=ITEMS, max_lead=12, max_hand=20,
                        holding="any"), st.integers(1, 3))
def test_kernel_matches_reference(follow_buf, pos: Position, position_arg: int) -> None:
    check_position(pos, position_arg, follow_buf)


@given(follow_positions(VARIANTS, vary=True, items=NO_AMB19, max_lead=12, max_hand=25,
                        holding="any", structured=True), st.integers(1, 3))
def test_kernel_matches_reference_shapes(follow_buf, pos: Position, position_arg: int) -> None:
    """Shape obligations (no AMB-19 B short cut), structured leads, longer hands."""
    check_position(pos, position_arg, follow_buf)
