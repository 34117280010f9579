"""Differential tests of the pre-trick kernels on hypothesis draws: the rng kernel's remainder
(``core.rng_nb``) against Python's ``%``. The draw-for-draw tests of the deal, declarations,
炒 and leads against the reference are tests/unit/test_core_deal.py."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.core import rng_nb
from tests.helpers import budget


@budget(5)
@given(st.integers(0, 2**64 - 1), st.integers(1, rng_nb.N_THRESHOLDS - 1))
def test_rng_fastmod_is_the_remainder(x, n) -> None:
    """``below``'s remainder by multiplication (Lemire's fastmod) is ``x % n``."""
    for y in (x, n - 1, n, 2**64 - 1 - x % n, 2**64 - 1):
        assert int(rng_nb.fastmod_nb(np.uint64(y), n)) == y % n
