"""Bit sets of card positions, and a hand's count-threshold masks, as kernels.

Representation
--------------
A set of kinds is an ``int64`` whose bit ``o`` stands for the kind at strongest-first
position ``o`` (``kt.kind_at[level, trump, o]``; positions 0..53, so the sign bit is never
used): the lowest set bit is the strongest kind, and walking the bits upwards walks the
reference's listing order. A hand's **masks** are ``hm[j]`` for ``j = 0..3``: bit ``o`` of
``hm[j]`` is set iff the hand holds more than ``j`` copies of that kind (``hm[0]`` the kinds
held, ``hm[1]`` the kinds held at least twice, ...; four decks at most, DECK-2). They are
kept beside the ``int8[54]`` count vector and changed with it (:func:`take_nb`), so "which
kinds of this follow class are held" is one ``and`` and "how many" one ``popcount``.

``popcount_nb`` / ``lowest_bit_nb`` are LLVM's ``ctpop`` / ``cttz`` (one instruction each on
current CPUs).
"""

from __future__ import annotations

import llvmlite.ir as ir
import numpy as np
from numba import types
from numba.extending import intrinsic

from shengji_sim.core.base.jit import njit

N_KINDS = 54
N_MASKS = 4  #: counts above 0, 1, 2, 3 (four decks at most, DECK-2)


@intrinsic
def _ctpop(typingctx, x):
    """LLVM ``ctpop`` of an int64."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, [args[0]])

    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx, x):
    """LLVM ``cttz`` of an int64 (64 for 0)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return types.int64(types.int64), codegen


@njit(cache=True, _nrt=False)
def popcount_nb(x):
    """How many bits of ``x`` are set."""
    return _ctpop(np.int64(x))


@njit(cache=True, _nrt=False)
def lowest_bit_nb(x):
    """The index of the lowest set bit of ``x`` (64 when ``x`` is 0)."""
    return _cttz(np.int64(x))


@njit(cache=True, _nrt=False)
def nth_bit_nb(x, n):
    """The index of the ``n``-th lowest set bit of ``x`` (``n`` from 0; ``n <
    popcount(x)``)."""
    for _ in range(n):
        x &= x - 1
    return _cttz(np.int64(x))


@njit(cache=True, _nrt=False)
def cards_in_nb(hm, mask):
    """How many cards of the kinds in ``mask`` the hand with masks ``hm`` holds."""
    return (popcount_nb(hm[0] & mask) + popcount_nb(hm[1] & mask) + popcount_nb(hm[2] & mask)
            + popcount_nb(hm[3] & mask))


@njit(cache=True, _nrt=False)
def masks_of_nb(order, counts, hm):
    """Fill ``hm[0..3]`` from the count vector ``counts`` (``order``: ``kt.order[level,
    trump]``, kind -> position)."""
    m0 = np.int64(0)
    m1 = np.int64(0)
    m2 = np.int64(0)
    m3 = np.int64(0)
    for k in range(N_KINDS):  # without branches: they mispredict on random hands
        c = counts[k]
        bit = np.int64(1) << np.int64(order[k])
        m0 |= bit & -np.int64(c > 0)
        m1 |= bit & -np.int64(c > 1)
        m2 |= bit & -np.int64(c > 2)
        m3 |= bit & -np.int64(c > 3)
    hm[0] = m0
    hm[1] = m1
    hm[2] = m2
    hm[3] = m3


@njit(cache=True, _nrt=False)
def take_nb(counts, hm, k, o, n):
    """Remove ``n`` copies of kind ``k`` (at position ``o``) from ``counts`` and its masks."""
    c = counts[k]
    counts[k] = c - n
    clear = ~(np.int64(1) << np.int64(o))
    for j in range(c - n, c):
        hm[j] &= clear
