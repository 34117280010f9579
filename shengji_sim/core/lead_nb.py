"""The distinct one-unit leads (LEAD-3) and the random / greedy lead choice as kernels,
equal to :func:`shengji_sim.rules.game.lead_options` and ``RandomPlayer.lead`` /
``GreedyPlayer.lead`` of :mod:`shengji_sim.players`.

Representation
--------------
A hand is an ``int8[54]`` count vector; ``level``/``trump`` index the
:class:`~shengji_sim.core.tables.KernelTables`. Option ``i`` of the listing is one unit,
written to the :class:`LeadBuffers` ``lb``: ``lb.w[i]`` copies of each of the
``lb.ln[i]`` kinds ``lb.kinds[i, :ln]`` (chain order low→high, as ``tr_kinds``; a single or
set has ``ln == 1``), and ``lb.ords[i, :ln]`` the same kinds' strongest-first positions
(``kt.order``) ascending, so ``lb.kinds_at(order)`` of ``ords`` repeated ``w`` times is the
reference's card list (sorted by ``Ranking.sort_key``). Options are listed like the
reference: by that strongest-first card sequence (a prefix first), duplicates (one multiset
reached by several chain sequences) listed once. ``lb.g*`` arrays are generation scratch;
``make_lead_buffers(kt)`` sizes everything once (no allocation per call).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.core.bits_nb import (
    lowest_bit_nb,
    popcount_nb,
)
from shengji_sim.core.jit import njit
from shengji_sim.core.shapes_nb import (
    two_quads_count_nb,
)
from shengji_sim.core.switches import (
    SW_TRACTOR_UNITS,
)
from shengji_sim.core.tables import (
    MAX_RUN,
)

TRUMP = 4


class LeadBuffers(NamedTuple):
    w: np.ndarray  # int8[MAXL]   output: width of option i
    ln: np.ndarray  # int8[MAXL]   output: number of kinds of option i
    kinds: np.ndarray  # int8[MAXL, 13] output: kinds, chain order
    ords: np.ndarray  # int16[MAXL, 13] output: kt.order of the kinds, ascending
    gw: np.ndarray  # int8[MAXL]   scratch: generated options
    gln: np.ndarray  # int8[MAXL]
    gkinds: np.ndarray  # int8[MAXL, 13]
    gords: np.ndarray  # int16[MAXL, 13]
    idx: np.ndarray  # int32[MAXL]  scratch: sort permutation
    tmp: np.ndarray  # int32[MAXL]  scratch
    bucket: np.ndarray  # int32[56]  scratch: bucket bounds by strongest card


@njit(cache=True, _nrt=True)
def alloc_lead_buffers_nb(m):
    """:class:`LeadBuffers` for at most ``m`` options."""
    return LeadBuffers(
        np.zeros(m, np.int8), np.zeros(m, np.int8), np.full((m, MAX_RUN), -1, np.int8),
        np.zeros((m, MAX_RUN), np.int16),
        np.zeros(m, np.int8), np.zeros(m, np.int8), np.full((m, MAX_RUN), -1, np.int8),
        np.zeros((m, MAX_RUN), np.int16), np.zeros(m, np.int32), np.zeros(m, np.int32),
        np.zeros(56, np.int32))


@njit(cache=True, _nrt=False)
def _cmp_nb(gw, gln, gords, a, b):
    """Compare generated options a, b by their strongest-first card sequences (-1, 0, 1).

    A sequence is ``o_1^w o_2^w ... o_L^w`` with ``o`` ascending; at equal first kinds a
    smaller width runs out first: it is the smaller sequence iff it has no second kind.
    """
    la = gln[a]
    lbb = gln[b]
    wa = gw[a]
    wb = gw[b]
    m = la if la < lbb else lbb
    for i in range(m):
        oa = gords[a, i]
        ob = gords[b, i]
        if oa != ob:
            return -1 if oa < ob else 1
        if wa != wb:
            if wa < wb:
                return -1 if la == 1 else 1
            return 1 if lbb == 1 else -1
    if la == lbb:
        return 0
    return -1 if la < lbb else 1


@njit(cache=True, _nrt=False, inline="always")
def _add_tractor_nb(lb, order, kinds, ln, counts, widths, g):
    """Append run ``kinds`` (length ``ln``) once per width of ``widths`` it is held at."""
    low = 127
    for i in range(ln):
        c = counts[kinds[i]]
        if c < low:
            low = c
    for w in range(2, 5):
        if (widths >> w) & 1 and low >= w:
            lb.gw[g] = w
            lb.gln[g] = ln
            for i in range(ln):
                k = kinds[i]
                lb.gkinds[g, i] = k
                o = order[k]
                j = i  # insertion: the kinds' positions ascending
                while j > 0 and lb.gords[g, j - 1] > o:
                    lb.gords[g, j] = lb.gords[g, j - 1]
                    j -= 1
                lb.gords[g, j] = o
            g += 1
    return g


@njit(cache=True, _nrt=False)
def _two_quads_options_nb(kt, level, trump, quads, lb, g):
    """AMB-41 A (``shapes.two_quads_unit``): append every two quads of one follow class
    that are no quad tractor, as one width-4 unit of length 2 (kinds in power order);
    ``quads`` is the bit set of the positions held four times. Returns the new end."""
    kind_at = kt.kind_at[level, trump]
    order = kt.order[level, trump]
    power = kt.power[level, trump]
    eff = kt.eff[level, trump]
    group = kt.group[level, trump]
    trl = kt.tr_len[level, trump]
    trk = kt.tr_kinds[level, trump]
    outer = quads
    while outer:
        hi = kind_at[lowest_bit_nb(outer)]  # the stronger quad (listing order)
        outer &= outer - 1
        inner = outer
        while inner:
            lo = kind_at[lowest_bit_nb(inner)]
            inner &= inner - 1
            if eff[lo] != eff[hi] or group[lo] != group[hi]:
                continue
            adjacent = False
            for t in range(kt.ntr[level, trump]):
                if trl[t] == 2 and ((trk[t, 0] == lo and trk[t, 1] == hi) or
                                    (trk[t, 0] == hi and trk[t, 1] == lo)):
                    adjacent = True
                    break
            if adjacent:
                continue  # a quad tractor, listed with the tractors
            a, b = (hi, lo) if power[hi] < power[lo] else (lo, hi)
            lb.gw[g] = 4
            lb.gln[g] = 2
            lb.gkinds[g, 0] = a
            lb.gkinds[g, 1] = b
            oa = order[a]
            ob = order[b]
            lb.gords[g, 0] = oa if oa < ob else ob
            lb.gords[g, 1] = ob if oa < ob else oa
            g += 1
    return g


@njit(cache=True, _nrt=False, inline="always")
def _tractor_options_nb(kt, sw, level, trump, counts, pairs, quads, lb, g):
    """Append every held tractor (COMBO-4, COMBO-5, COMBO-6; each width of ``tractor_units`` the run
    is held
    at) to the generated options ``lb.g*`` from index ``g``; returns the new end. ``pairs``
    is the bit set of the positions held at least twice (``hm[1]`` of :mod:`.bits_nb`). Kinds
    go to ``gkinds`` in chain order, their positions to ``gords`` ascending. Runs are found
    from their first chain kind (``kt.from_idx``), strongest first kind first; the listing's
    sort, not this order, decides where they appear. ``quads`` (the positions held four
    times, or 0 where AMB-41 A does not apply) adds the two-quad units of AMB-41 A."""
    order = kt.order[level, trump]
    widths = sw[SW_TRACTOR_UNITS]
    if not widths:
        return g
    if popcount_nb(quads) >= 2:
        g = _two_quads_options_nb(kt, level, trump, quads, lb, g)
    kind_at = kt.kind_at[level, trump]
    tr_len = kt.tr_len[level, trump]
    tr_kinds = kt.tr_kinds[level, trump]
    tr_pmask = kt.tr_pmask[level, trump]
    from_n = kt.from_n[level, trump]
    from_idx = kt.from_idx[level, trump]
    succ = kt.succ_pmask[level, trump]
    closed = kt.tr_closed[level, trump] == 1
    firsts = pairs
    while firsts:  # runs by their first chain kind, which must be held twice
        first = kind_at[lowest_bit_nb(firsts)]
        firsts &= firsts - 1
        if closed and not succ[first] & pairs:
            continue  # no 2-run from ``first`` held twice: no run (tables.succ_pmask)
        cur_len = 2
        held = 0  # runs of length cur_len from ``first`` held at least twice
        for r in range(from_n[first]):
            t = from_idx[first, r]
            ln = tr_len[t]
            if ln != cur_len:
                if closed and held == 0:
                    break  # none of length cur_len held: none longer (tables.tr_closed)
                cur_len = ln
                held = 0
            if tr_pmask[t] & ~pairs:
                continue  # some kind of the run is held less than twice
            held += 1
            g = _add_tractor_nb(lb, order, tr_kinds[t], ln, counts, widths, g)
    return g


@njit(cache=True, _nrt=False)
def _pairs_nb(order, counts):
    """The positions of the kinds ``counts`` holds at least twice, as a bit set."""
    pairs = np.int64(0)
    for k in range(54):
        if counts[k] >= 2:
            pairs |= np.int64(1) << np.int64(order[k])
    return pairs


@njit(cache=True, _nrt=False)
def _quads_nb(order, counts):
    """The positions of the kinds ``counts`` holds four times, as a bit set."""
    quads = np.int64(0)
    for k in range(54):
        if counts[k] >= 4:
            quads |= np.int64(1) << np.int64(order[k])
    return quads


@njit(cache=True, _nrt=False)
def lead_options_nb(kt, sw, level, trump, counts, lb):
    """``lead_options``: the distinct one-unit leads of ``counts`` (LEAD-3), in the
    reference's order, written to ``lb.w/ln/kinds/ords``; returns how many.

    Sorting: a stable bucket pass on the strongest card, then a stable insertion sort of
    each bucket (few options share a strongest card).
    """
    gw = lb.gw
    gln = lb.gln
    gkinds = lb.gkinds
    gords = lb.gords
    idx = lb.idx
    bucket = lb.bucket
    order = kt.order[level, trump]
    g = 0
    for k in range(54):  # singles and sets (COMBO-1, COMBO-2, COMBO-3)
        for w in range(1, counts[k] + 1):
            gw[g] = w
            gln[g] = 1
            gkinds[g, 0] = k
            gords[g, 0] = order[k]
            g += 1
    quads = _quads_nb(order, counts) if two_quads_count_nb(sw) else np.int64(0)
    g = _tractor_options_nb(kt, sw, level, trump, counts, _pairs_nb(order, counts), quads,
                            lb, g)
    for b in range(56):
        bucket[b] = 0
    for i in range(g):
        bucket[gords[i, 0] + 1] += 1
    for b in range(1, 56):
        bucket[b] += bucket[b - 1]
    for i in range(g):  # stable placement by strongest card
        b = gords[i, 0]
        idx[bucket[b]] = i
        bucket[b] += 1
    lo = 0
    for b in range(55):  # bucket b now ends at bucket[b]
        hi = bucket[b]
        for r in range(lo + 1, hi):
            v = idx[r]
            j = r
            while j > lo and _cmp_nb(gw, gln, gords, v, idx[j - 1]) < 0:
                idx[j] = idx[j - 1]
                j -= 1
            idx[j] = v
        lo = hi if hi > lo else lo
    return _copy_distinct_nb(lb, g)


@njit(cache=True, _nrt=False, inline="always")
def _copy_distinct_nb(lb, g):
    """Copy the generated options ``lb.idx[:g]`` (sorted) to the output, each distinct
    multiset once; returns how many."""
    gw = lb.gw
    gln = lb.gln
    gkinds = lb.gkinds
    gords = lb.gords
    n = 0
    prev = -1
    for r in range(g):
        s = lb.idx[r]
        if prev >= 0 and _cmp_nb(gw, gln, gords, s, prev) == 0:
            continue  # the same multiset from another chain sequence
        prev = s
        lb.w[n] = gw[s]
        ln = gln[s]
        lb.ln[n] = ln
        for i in range(ln):
            lb.kinds[n, i] = gkinds[s, i]
            lb.ords[n, i] = gords[s, i]
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def sorted_tractors_nb(kt, sw, level, trump, counts, pairs, quads, lb):
    """The held tractors of ``counts`` (``pairs``: its positions held twice; ``quads``: held
    four times where AMB-41 A applies, else 0), distinct and in listing order, into
    ``lb.w/ln/kinds/ords`` (as :func:`lead_options_nb` lists them); returns how many."""
    g = _tractor_options_nb(kt, sw, level, trump, counts, pairs, quads, lb, 0)
    idx = lb.idx
    for r in range(g):  # stable insertion sort by the strongest-first card sequence
        j = r
        while j > 0 and _cmp_nb(lb.gw, lb.gln, lb.gords, r, idx[j - 1]) < 0:
            idx[j] = idx[j - 1]
            j -= 1
        idx[j] = r
    return _copy_distinct_nb(lb, g)
