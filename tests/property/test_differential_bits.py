"""Hand masks (core.bits_nb) against a Python model on hypothesis draws: popcount and n-th
bit, and the masks following the count vector through every removal. The mask fast paths'
draw-for-draw tests are tests/integration/test_core_bits.py."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.core.base.bits_nb import nth_bit_nb, popcount_nb, take_nb
from shengji_sim.core.runtime.api import masks_of

counts_st = st.lists(st.integers(0, 4), min_size=54, max_size=54)


def _masks_by_hand(order, counts) -> list[int]:
    return [sum(1 << int(order[k]) for k in range(54) if counts[k] > j) for j in range(4)]


@given(st.integers(0, (1 << 54) - 1), st.integers(0, 53))
def test_popcount_and_nth_bit(x, n) -> None:
    bits = [i for i in range(54) if x >> i & 1]
    assert popcount_nb(np.int64(x)) == len(bits)
    if n < len(bits):
        assert nth_bit_nb(np.int64(x), n) == bits[n]


@given(counts_st, st.permutations(range(54)), st.data())
def test_masks_follow_the_counts_through_removals(counts, perm, data) -> None:
    order = np.array(perm, np.int16)
    hand = np.array(counts, np.int8)
    hm = masks_of(order, hand)
    assert [int(m) for m in hm] == _masks_by_hand(order, hand)
    while hand.sum():
        k = data.draw(st.sampled_from([k for k in range(54) if hand[k]]))
        n = data.draw(st.integers(1, int(hand[k])))
        take_nb(hand, hm, k, order[k], n)
        assert [int(m) for m in hm] == _masks_by_hand(order, hand)
