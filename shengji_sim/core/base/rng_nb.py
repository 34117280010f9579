"""SplitMix64 in Numba, bit-identical to :mod:`shengji_sim.rng`.

Representation
--------------
A stream is a ``uint64[1]`` array holding ``Rng.state``; every kernel that draws takes it
and advances it in place. ``next64_nb`` / ``below_nb`` / ``shuffle_nb`` draw exactly the
numbers of ``Rng.next64`` / ``Rng.below`` (rejection threshold ``2**64 % n``) /
``Rng.shuffle`` (Fisher-Yates from the last index down), so a kernel and the reference
engine fed the same seed stay in lock-step. All arithmetic is ``uint64`` (wrapping).
"""

from __future__ import annotations

import llvmlite.ir as ir
import numpy as np
from numba import types
from numba.extending import intrinsic

from shengji_sim.core.base.jit import njit
from shengji_sim.rng import GOLDEN, INDEX_MULT

_GOLDEN = np.uint64(GOLDEN)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_ZERO = np.uint64(0)
_INDEX_MULT = np.uint64(INDEX_MULT)
N_THRESHOLDS = 257
#: ``2**64 % n`` for n < N_THRESHOLDS (a frozen constant in kernels: one division less)
THRESHOLDS = np.array([0] + [(1 << 64) % n for n in range(1, N_THRESHOLDS)], dtype=np.uint64)
#: Lemire's ``M = floor((2**128 - 1) / n) + 1`` for n < N_THRESHOLDS, as high and low words
#: (n = 1 wraps to 0, which :func:`_fastmod` handles): ``x % n`` without a division
_MAGIC = [((1 << 128) - 1) // n + 1 if n else 0 for n in range(N_THRESHOLDS)]
MAGIC_HI = np.array([(m >> 64) & ((1 << 64) - 1) for m in _MAGIC], dtype=np.uint64)
MAGIC_LO = np.array([m & ((1 << 64) - 1) for m in _MAGIC], dtype=np.uint64)


@intrinsic
def _fastmod(typingctx, x, m_hi, m_lo, n):
    """``x % n`` for uint64 ``x`` and ``n`` from ``M = m_hi * 2**64 + m_lo`` (Lemire, Kaser
    and Kurz, "Faster remainder by direct computation", 2019: ``fastmod_u64``), in 128-bit
    integer arithmetic: three multiplications instead of a 64-bit division."""
    sig = types.uint64(types.uint64, types.uint64, types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        i128 = ir.IntType(128)
        x128, hi, lo, n128 = (builder.zext(a, i128) for a in args)
        c64 = ir.Constant(i128, 64)
        magic = builder.or_(builder.shl(hi, c64), lo)
        low = builder.mul(magic, x128)  # M * x mod 2**128
        bottom = builder.lshr(builder.mul(builder.and_(low, ir.Constant(i128, (1 << 64) - 1)),
                                          n128), c64)
        top = builder.mul(builder.lshr(low, c64), n128)
        return builder.trunc(builder.lshr(builder.add(bottom, top), c64), ir.IntType(64))

    return sig, codegen


@njit(cache=True, _nrt=False)
def mix64_nb(z):
    """SplitMix64 finalizer on a uint64."""
    z = np.uint64(z)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, _nrt=False)
def hand_seed_nb(root, index):
    """``rng.hand_seed(root, index)`` (both as uint64)."""
    return mix64_nb(mix64_nb(np.uint64(root)) ^ (np.uint64(index) * _INDEX_MULT))


@njit(cache=True, _nrt=False)
def next64_nb(state):
    """``Rng.next64``: advance ``state[0]`` by the golden gamma and mix."""
    s = state[0] + _GOLDEN
    state[0] = s
    return mix64_nb(s)


@njit(cache=True, _nrt=False)
def fastmod_nb(x, n):
    """``x % n`` for a uint64 ``x`` and ``0 < n < N_THRESHOLDS``, without a division."""
    return _fastmod(np.uint64(x), MAGIC_HI[n], MAGIC_LO[n], np.uint64(n))


@njit(cache=True, _nrt=False)
def below_nb(state, n):
    """``Rng.below(n)``: uniform int in [0, n), rejecting outputs below ``2**64 % n``.

    ``0 < n < 2**63`` (the caller guarantees it); returns an int64.
    """
    un = np.uint64(n)
    if n < N_THRESHOLDS:  # the frozen threshold, and the remainder by multiplication
        threshold = THRESHOLDS[n]
        while True:
            x = next64_nb(state)
            if x >= threshold:
                return np.int64(fastmod_nb(x, n))
    threshold = (_ZERO - un) % un  # == 2**64 % n
    while True:
        x = next64_nb(state)
        if x >= threshold:
            return np.int64(x % un)


@njit(cache=True, _nrt=False)
def shuffle_nb(state, items):
    """``Rng.shuffle``: Fisher-Yates over ``items`` in place, from the last position down."""
    for i in range(items.shape[0] - 1, 0, -1):
        j = below_nb(state, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t


# ------------------------------------------------------------------- a random multiset


@njit(cache=True, _nrt=False)
def random_multiset_nb(kind_at, state, counts, n, bkinds, suf, kitty):
    """``nth_multiset(below(count))`` over the distinct n-card multisets of ``counts``,
    kinds strongest first (``kind_at`` = ``kt.kind_at[level, trump]``), counts descending;
    into ``kitty[:n]``. ``RandomPlayer.bury`` draws its burial so, and a random follower
    draws the free cards of a one-family follow so (``game_nb._random_short_follow_nb``).

    ``suf[i, m]``: the m-card multisets of kinds ``bkinds[i:]``, i.e. the sum of
    ``suf[i + 1, m - j]`` over ``j <= min(count, m)``, as a sliding window over m. The
    loops avoid data-dependent branches (they mispredict on random hands).
    """
    nk = 0
    for pos in range(54):
        k = kind_at[pos]
        bkinds[nk] = k
        nk += counts[k] > 0
    for m in range(n + 1):
        suf[nk, m] = 0
    suf[nk, 0] = 1
    for i in range(nk - 1, -1, -1):
        c = counts[bkinds[i]]
        window = 0
        for m in range(n + 1):
            j = m - c - 1  # the term leaving the window
            gone = suf[i + 1, max(j, 0)]
            window += suf[i + 1, m] - (gone if j >= 0 else 0)
            suf[i, m] = window
    index = below_nb(state, suf[0, n])
    left = n
    out = 0
    for i in range(nk):
        if left == 0:  # the rest take none (index is 0 here)
            break
        k = bkinds[i]
        for c in range(min(counts[k], left), -1, -1):
            ways = suf[i + 1, left - c]
            if index < ways:
                for _ in range(c):
                    kitty[out] = k
                    out += 1
                left -= c
                break
            index -= ways
