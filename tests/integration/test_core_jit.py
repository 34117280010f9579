"""``core.jit.njit``: a kernel called from other kernels with literal arguments and integers of
several widths compiles once (docs/core-conventions.md, "Compile time"). Numba's own
``numba.njit`` compiles the same callee three times here; the test shows both."""

from __future__ import annotations

import numba
import numpy as np

from shengji_sim.core.base import jit


def _callers(decorate):
    @decorate(cache=False)
    def callee(x, flag, k):
        return x + k if flag else x - k

    @decorate(cache=False)
    def caller(small):
        a = callee(np.int64(1), True, 0)  # literal bool and int
        b = callee(np.int64(2), False, 4)  # other literals
        c = callee(small[0], small[0] > 0, small[1])  # int32 from an array, a runtime bool
        return a + b + c

    return callee, caller


def test_numba_njit_compiles_a_callee_per_literal_and_width() -> None:
    callee, caller = _callers(numba.njit)
    caller(np.array([3, 5], np.int32))
    assert len(callee.overloads) == 3


def test_core_njit_compiles_the_callee_once_and_computes_the_same() -> None:
    callee, caller = _callers(jit.njit)
    assert caller(np.array([3, 5], np.int32)) == 1 + (2 - 4) + (3 + 5)
    assert len(callee.overloads) == 1
    (signature,) = callee.overloads
    assert signature == (numba.types.int64, numba.types.boolean, numba.types.int64)


def test_call_type_keeps_arrays_booleans_and_uint64() -> None:
    t = numba.types
    assert jit.call_type(t.IntegerLiteral(4)) == t.int64
    assert jit.call_type(t.int8) == t.int64
    assert jit.call_type(t.uint64) == t.uint64
    assert jit.call_type(t.BooleanLiteral(True)) == t.boolean
    assert jit.call_type(t.int8[:, ::1]) == t.int8[:, ::1]
