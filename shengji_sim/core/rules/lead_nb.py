"""The distinct one-unit leads (LEAD-3) and the random / greedy lead choice as kernels,
equal to :func:`shengji_sim.rules.game.lead_options` and ``RandomPlayer.lead`` /
``GreedyPlayer.lead`` of :mod:`shengji_sim.players.reference`.

Representation
--------------
A hand is an ``int8[54]`` count vector; ``level``/``trump`` index the
:class:`~shengji_sim.core.base.tables.KernelTables`. Option ``i`` of the listing is one unit,
written to the :class:`LeadBuffers` ``lb``: ``lb.w[i]`` copies of each of the
``lb.ln[i]`` kinds ``lb.kinds[i, :ln]`` (chain order low→high, as ``tr_kinds``; a single or
set has ``ln == 1``), and ``lb.ords[i, :ln]`` the same kinds' strongest-first positions
(``kt.order``) ascending, so ``lb.kinds_at(order)`` of ``ords`` repeated ``w`` times is the
reference's card list (sorted by ``Ranking.sort_key``). Options are listed like the
reference: by that strongest-first card sequence (a prefix first), duplicates (one multiset
reached by several chain sequences) listed once. ``lb.g*`` arrays are the generated
tractors (``lb.idx`` their listing order); ``make_lead_buffers(kt)`` sizes everything once
(no allocation per call).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.core.base.bits_nb import (
    lowest_bit_nb,
    popcount_nb,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_TRACTOR_UNITS,
)
from shengji_sim.core.base.tables import (
    MAX_RUN,
)
from shengji_sim.core.rules.shapes_nb import (
    may_hold_tractor_nb,
    two_quads_count_nb,
)

TRUMP = 4


class LeadBuffers(NamedTuple):
    w: np.ndarray  # int8[MAXL]   output: width of option i
    ln: np.ndarray  # int8[MAXL]   output: number of kinds of option i
    kinds: np.ndarray  # int8[MAXL, 13] output: kinds, chain order
    ords: np.ndarray  # int16[MAXL, 13] output: kt.order of the kinds, ascending
    gw: np.ndarray  # int8[MAXL]   scratch: generated tractors
    gln: np.ndarray  # int8[MAXL]
    gkinds: np.ndarray  # int8[MAXL, 13]
    gords: np.ndarray  # int16[MAXL, 13]
    idx: np.ndarray  # int32[MAXL]  scratch: the generated tractors in listing order (then
    #                  free: heuristic_lead_nb._option_facts_nb marks the options using the
    #                  kept kind)
    tmp: np.ndarray  # int32[MAXL]  scratch (heuristic_lead_nb._option_facts_nb: option points)


@njit(cache=True, _nrt=True)
def alloc_lead_buffers_nb(m):
    """:class:`LeadBuffers` for at most ``m`` options."""
    return LeadBuffers(
        np.zeros(m, np.int8), np.zeros(m, np.int8), np.full((m, MAX_RUN), -1, np.int8),
        np.zeros((m, MAX_RUN), np.int16),
        np.zeros(m, np.int8), np.zeros(m, np.int8), np.full((m, MAX_RUN), -1, np.int8),
        np.zeros((m, MAX_RUN), np.int16), np.zeros(m, np.int32), np.zeros(m, np.int32))


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
    """Append every held tractor (COMBO-4, COMBO-5, COMBO-6; each width of
    ``tractor_units`` the run is held at) to the generated options ``lb.g*`` from index
    ``g``; returns the new end. ``pairs`` is the bit set of the positions held at least
    twice (``hm[1]`` of :mod:`.bits_nb`). Kinds go to ``gkinds`` in chain order, their
    positions to ``gords`` ascending. Runs are found from their first chain kind
    (``kt.from_idx``), strongest first kind first; the sort of :func:`_sorted_tractors_nb`,
    not this order, decides where they appear. ``quads`` (the positions held four times, or
    0 where AMB-41 A does not apply) adds the two-quad units of AMB-41 A."""
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


@njit(cache=True, _nrt=False, inline="always")
def _held_masks_nb(order, counts):
    """The positions of the kinds ``counts`` holds at least once, at least twice and four
    times, as bit sets (``hm[0]``, ``hm[1]``, ``hm[3]`` of :mod:`.bits_nb`)."""
    held = np.int64(0)
    pairs = np.int64(0)
    quads = np.int64(0)
    for k in range(54):  # without branches: they mispredict on random hands
        c = counts[k]
        bit = np.int64(1) << np.int64(order[k])
        held |= bit & -np.int64(c > 0)
        pairs |= bit & -np.int64(c > 1)
        quads |= bit & -np.int64(c > 3)
    return held, pairs, quads


@njit(cache=True, _nrt=False, inline="always")
def _add_sets_nb(lb, k, o, c, n):
    """Append the sets of kind ``k`` (position ``o``, held ``c`` times; COMBO-1, COMBO-2,
    COMBO-3) to the output from index ``n``, widths 1..``c``: each is a prefix of the next.
    Returns the new end."""
    for w in range(1, c + 1):
        lb.w[n] = w
        lb.ln[n] = 1
        lb.kinds[n, 0] = k
        lb.ords[n, 0] = o
        n += 1
    return n


@njit(cache=True, _nrt=False, inline="always")
def _sorted_tractors_nb(kt, sw, level, trump, counts, pairs, quads, lb):
    """Every held tractor (:func:`_tractor_options_nb`) generated into ``lb.g*`` and
    ``lb.idx[:g]`` their indices in listing order: a stable insertion sort by
    :func:`_cmp_nb`, so of one multiset reached by several chain sequences the one generated
    first comes first. Returns ``g``."""
    g = _tractor_options_nb(kt, sw, level, trump, counts, pairs, quads, lb, 0)
    idx = lb.idx
    for r in range(g):
        j = r
        while j > 0 and _cmp_nb(lb.gw, lb.gln, lb.gords, r, idx[j - 1]) < 0:
            idx[j] = idx[j - 1]
            j -= 1
        idx[j] = r
    return g


@njit(cache=True, _nrt=False, inline="always")
def _repeats_nb(lb, r):
    """Whether sorted tractor ``r`` (``lb.idx[r]``) is the multiset of the one before it
    (one run reached from another chain start): the listing keeps the first only."""
    return r > 0 and _cmp_nb(lb.gw, lb.gln, lb.gords, lb.idx[r], lb.idx[r - 1]) == 0


@njit(cache=True, _nrt=False, inline="always")
def _copy_option_nb(lb, s, n):
    """Copy generated option ``s`` (``lb.g*``) to output option ``n``."""
    lb.w[n] = lb.gw[s]
    ln = lb.gln[s]
    lb.ln[n] = ln
    for i in range(ln):
        lb.kinds[n, i] = lb.gkinds[s, i]
        lb.ords[n, i] = lb.gords[s, i]


@njit(cache=True, _nrt=False, inline="always")
def _add_tractors_topped_nb(lb, o, g, r, n):
    """Append the sorted tractors from ``r`` (of ``g``) whose strongest kind is at position
    ``o``, each multiset once, to the output from index ``n``; returns the next sorted
    tractor and the new end."""
    while r < g and lb.gords[lb.idx[r], 0] == o:
        if not _repeats_nb(lb, r):
            _copy_option_nb(lb, lb.idx[r], n)
            n += 1
        r += 1
    return r, n


@njit(cache=True, _nrt=False)
def lead_options_nb(kt, sw, level, trump, counts, lb):
    """``lead_options``: the distinct one-unit leads of ``counts`` (LEAD-3), in the
    reference's order, written to ``lb.w/ln/kinds/ords``; returns how many.

    Listed in order, nothing sorted but the tractors: the options whose strongest card is
    the kind at position ``o`` come together, the held positions strongest first; first
    that kind's sets, widths 1..c (each a prefix of the next; :func:`_cmp_nb` puts a set
    before every tractor it tops), then the tractors it tops, in their sorted order.
    Tractors are generated (:func:`_sorted_tractors_nb`) only when the hand may hold one
    (``shapes_nb.may_hold_tractor_nb``); most hands hold none.
    """
    kind_at = kt.kind_at[level, trump]
    held, pairs, quads = _held_masks_nb(kt.order[level, trump], counts)
    if not two_quads_count_nb(sw):
        quads = np.int64(0)
    g = 0
    if may_hold_tractor_nb(kind_at, kt.succ_pmask[level, trump], kt.tr_closed[level, trump],
                           sw[SW_TRACTOR_UNITS], pairs, quads):
        g = _sorted_tractors_nb(kt, sw, level, trump, counts, pairs, quads, lb)
    n = 0
    r = 0
    while held:
        o = lowest_bit_nb(held)
        held &= held - 1
        k = kind_at[o]
        n = _add_sets_nb(lb, k, o, counts[k], n)
        if r < g:
            r, n = _add_tractors_topped_nb(lb, o, g, r, n)
    return n


@njit(cache=True, _nrt=False, inline="always")
def sorted_tractors_nb(kt, sw, level, trump, counts, pairs, quads, lb):
    """The held tractors of ``counts`` (``pairs``: its positions held twice; ``quads``: held
    four times where AMB-41 A applies, else 0), distinct and in listing order, into
    ``lb.w/ln/kinds/ords`` (as :func:`lead_options_nb` lists them); returns how many."""
    g = _sorted_tractors_nb(kt, sw, level, trump, counts, pairs, quads, lb)
    n = 0
    for r in range(g):
        if not _repeats_nb(lb, r):
            _copy_option_nb(lb, lb.idx[r], n)
            n += 1
    return n
