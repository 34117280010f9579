"""Regression: lanes on Python threads shared one greedy candidate buffer (``lane.cand``), so
greedy hands played on two threads raced on it and gave other rows than on one thread
(caught by test_sim's parquet/csv round trip, which runs greedy players on the core with the
default thread count). Each lane now gets its own buffer; rows never depend on threads."""

from __future__ import annotations

import numpy as np

from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk


def test_greedy_rows_are_the_same_on_one_and_two_threads() -> None:
    variant = load_variant("baifen-1deck")
    one = run_chunk(variant, "greedy", 5, 0, 200, threads=1)
    two = run_chunk(variant, "greedy", 5, 0, 200, threads=2)
    assert np.array_equal(one, two)
