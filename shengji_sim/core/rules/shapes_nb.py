"""Numba shapes: canonical decomposition, instances and realizations (COMBO-1, COMBO-2, COMBO-3,
COMBO-4, COMBO-5, COMBO-6, COMBO-7, COMBO-8, COMBO-9, COMBO-10, DEF-4).

Representation
--------------
A holding is an ``int8[54]`` count vector. A list of units is four parallel arrays:
``w[u]`` (width), ``ln[u]`` (number of kinds), ``kinds[u, 13]`` (chain order low to high,
padded with -1) and ``top[u]`` (CMP-1 comparison power, ``shapes.unit_top``: the kind's
power for a set, ``kt.tr_top`` for a tractor so AMB-40 is included). A tractor is addressed
by its index ``t`` in the per-hand tables ``kt.tr_len/tr_kinds/tr_top`` (lengths 2..13 in
``shapes.tractor_kinds`` order); the width set is the bit mask ``sw[SW_TRACTOR_UNITS]``.

:func:`decompose_nb` returns exactly ``shapes.decompose``: the reference's memoised
recursion "best over the units containing the lowest kind of (unit + canonical rest)" is run
as a depth-first search with a component budget (a branch that already needs more
components than the best found cannot win, DEF-4 "fewest components first") and a one-unit
fast path at every node (a lead in play is usually one unit: no allocation then).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.core.base.bits_nb import (
    lowest_bit_nb,
    popcount_nb,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_SPLIT_SETS,
    SW_THROW_SPLIT,
    SW_TRACTOR_UNITS,
    SW_TWO_QUADS_ADJACENT,
    V_SPLIT_SETS_YES,
    V_THROW_SPLIT_SETS_WHOLE,
    V_TWO_QUADS_ADJACENT_ANY,
    reading_nb,
)

MAX_RUN = 13
N_KINDS = 54
FAIL = 1 << 20  #: "no decomposition within the budget"


@njit(cache=True, _nrt=False)
def first_kind_nb(counts) -> int:
    """The first kind (lowest index) a count vector holds; -1 for an empty one."""
    for k in range(N_KINDS):
        if counts[k]:
            return k
    return -1


@njit(cache=True, inline="always")
def split_flag_nb(sw) -> bool:
    """AMB-17 A: a larger set may supply a smaller one."""
    return reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES


@njit(cache=True, inline="always")
def sets_whole_nb(sw) -> bool:
    """AMB-48 A: a throw's components never break a held set."""
    return reading_nb(sw, SW_THROW_SPLIT) == V_THROW_SPLIT_SETS_WHOLE


@njit(cache=True, inline="always")
def two_quads_count_nb(sw) -> bool:
    """AMB-41 A (where it applies): any two quads of one suit form the "2个4个" shape."""
    return sw[SW_TWO_QUADS_ADJACENT] == V_TWO_QUADS_ADJACENT_ANY


@njit(cache=True, inline="always")
def width_ok_nb(sw, width: int) -> bool:
    """COMBO-5: tractors of ``width`` exist (``variant.tractor_units``)."""
    return (sw[SW_TRACTOR_UNITS] >> width) & 1 == 1


@njit(cache=True, inline="always")
def supplies_nb(count: int, width: int, split: bool) -> bool:
    """AMB-17: can a kind held ``count`` times supply a width-``width`` unit?"""
    if width == 1:
        return count >= 1
    if split:
        return count >= width
    return count == width


@njit(cache=True, inline="always")
def tractor_supplied_nb(trk, t: int, length: int, counts, width: int, split: bool) -> bool:
    for i in range(length):
        if not supplies_nb(counts[trk[t, i]], width, split):
            return False
    return True


@njit(cache=True, inline="always")
def tractor_in_group_nb(trk, t: int, length: int, group, suit: int) -> bool:
    """Are all kinds of run ``t`` (``length`` of them) in follow group ``suit``?"""
    for q in range(length):
        if group[trk[t, q]] != suit:
            return False
    return True


# ------------------------------------------------------------------------------ unit order


@njit(cache=True, _nrt=False)
def unit_less_nb(w1, l1, k1, w2, l2, k2) -> bool:
    """Sort order of ``decompose``'s result: (-size, -width, kinds) ascending."""
    s1 = w1 * l1
    s2 = w2 * l2
    if s1 != s2:
        return s1 > s2
    if w1 != w2:
        return w1 > w2
    n = min(l1, l2)
    for i in range(n):
        if k1[i] != k2[i]:
            return k1[i] < k2[i]
    return l1 < l2


@njit(cache=True, _nrt=False)
def kinds_less_nb(k1, l1, k2, l2) -> bool:
    """``Unit.__lt__`` for units of one pattern: kinds tuples lexicographically."""
    n = min(l1, l2)
    for i in range(n):
        if k1[i] != k2[i]:
            return k1[i] < k2[i]
    return l1 < l2


@njit(cache=True, _nrt=False)
def key_better_nb(n1, w1, l1, t1, n2, w2, l2, t2) -> bool:
    """``decompose`` key (-count, sizes, widths, tops): is list 1 strictly better than 2?"""
    if n1 != n2:
        return n1 < n2
    for i in range(n1):
        s1 = w1[i] * l1[i]
        s2 = w2[i] * l2[i]
        if s1 != s2:
            return s1 > s2
    for i in range(n1):
        if w1[i] != w2[i]:
            return w1[i] > w2[i]
    for i in range(n1):
        if t1[i] != t2[i]:
            return t1[i] > t2[i]
    return False


@njit(cache=True, _nrt=False)
def copy_units_nb(n, sw_, sl, sk, st, dw, dl, dk, dt) -> None:
    for u in range(n):
        dw[u] = sw_[u]
        dl[u] = sl[u]
        dt[u] = st[u]
        for i in range(MAX_RUN):
            dk[u, i] = sk[u, i]


# ------------------------------------------------------------------------------ one unit


@njit(cache=True, _nrt=False, inline="always")
def set_unit_nb(power, kind, width, u, ow, ol, ok, ot) -> None:
    """Unit ``u`` of a unit list is ``width`` copies of ``kind``: one set (COMBO-1, COMBO-2,
    COMBO-3, COMBO-4), its top the kind's power."""
    ow[u] = width
    ol[u] = 1
    ok[u, 0] = kind
    for i in range(1, MAX_RUN):
        ok[u, i] = -1
    ot[u] = power[kind]


@njit(cache=True, inline="always")
def one_unit_nb(power, trl, trk, trt, ntr, sw, counts, ow, ol, ok, ot) -> bool:
    """Fast path: if ``counts`` is exactly one unit, write it at index 0 and return True.

    A single kind is a set; ``m >= 2`` kinds all held ``w`` times are a tractor iff some run
    of length ``m`` has exactly those kinds (the strongest top wins, the earliest on ties, as
    the reference's key order and strict ``>`` give).
    """
    m = 0
    w = 0
    first = -1
    for k in range(N_KINDS):
        c = counts[k]
        if c > 0:
            if m == 0:
                w = c
                first = k
            elif c != w:
                return False
            m += 1
    if m == 0:
        return False
    if m == 1:
        set_unit_nb(power, first, w, 0, ow, ol, ok, ot)
        return True
    if m > MAX_RUN or not width_ok_nb(sw, w):
        return False
    best = -1
    for t in range(ntr):
        if trl[t] != m:
            continue
        good = True
        for i in range(m):
            if counts[trk[t, i]] != w:
                good = False
                break
        if good and (best < 0 or trt[t] > trt[best]):
            best = t
    if best < 0:
        return False
    ow[0] = w
    ol[0] = m
    for i in range(MAX_RUN):
        ok[0, i] = trk[best, i]
    ot[0] = trt[best]
    return True


# ------------------------------------------------------------------------------ decompose


@njit(cache=True, _nrt=False)
def _consider(depth, n_rest, uw, ul, ukr, ut, bw, bl, bk, bt, cw, cl, ck, ct, best_n) -> int:
    """Candidate = unit + canonical rest (row depth+1), sorted; keep it in row ``depth`` if
    it beats the best so far (strictly). Returns the best count."""
    rw, rl, rk, rt = bw[depth + 1], bl[depth + 1], bk[depth + 1], bt[depth + 1]
    xw, xl, xk, xt = cw[depth], cl[depth], ck[depth], ct[depth]
    p = 0
    while p < n_rest and unit_less_nb(rw[p], rl[p], rk[p], uw, ul, ukr):
        p += 1
    j = 0
    for i in range(n_rest + 1):
        if i == p:
            xw[i] = uw
            xl[i] = ul
            xt[i] = ut
            for q in range(MAX_RUN):
                xk[i, q] = ukr[q]
        else:
            xw[i] = rw[j]
            xl[i] = rl[j]
            xt[i] = rt[j]
            for q in range(MAX_RUN):
                xk[i, q] = rk[j, q]
            j += 1
    n = n_rest + 1
    if best_n >= FAIL or key_better_nb(n, xw, xl, xt, best_n, bw[depth], bl[depth], bt[depth]):
        copy_units_nb(n, xw, xl, xk, xt, bw[depth], bl[depth], bk[depth], bt[depth])
        return n
    return best_n


@njit(cache=True, _nrt=False)
def _enter(power, trl, trk, trt, ntr, sw, counts, d, fn, fb, bw, bl, bk, bt) -> int:
    """Base cases of a node: its result, or -1 if its units must be searched."""
    if fn[d] == 0:
        return 0
    if fb[d] <= 0:
        return FAIL
    if one_unit_nb(power, trl, trk, trt, ntr, sw, counts, bw[d], bl[d], bk[d], bt[d]):
        return 1
    if fb[d] == 1:
        return FAIL
    return -1


@njit(cache=True, _nrt=False)
def _next_unit(trl, trk, ntr, sw, counts, d, ffirst, fphase, fw, ft) -> bool:
    """Advance node ``d`` to its next unit containing its lowest kind (reference order:
    sets of widths 1..count, then tractors in table order with widths ascending; under
    AMB-48 A only the whole set, and tractors whose kinds are held exactly their width)."""
    first = ffirst[d]
    whole = sets_whole_nb(sw)  # AMB-48 A: every held kind whole
    if fphase[d] == 0:
        if whole:
            fw[d] = counts[first] if fw[d] == 0 else counts[first] + 1
        else:
            fw[d] += 1
        if fw[d] <= counts[first]:
            return True
        fphase[d] = 1
        ft[d] = 0
        fw[d] = 1
    t = ft[d]
    w = fw[d] + 1
    while t < ntr:
        length = trl[t]
        has = False
        for i in range(length):
            if trk[t, i] == first:
                has = True
                break
        if has:
            while w <= 4:
                if width_ok_nb(sw, w):
                    good = True
                    for i in range(length):
                        c = counts[trk[t, i]]
                        if c < w or (whole and c != w):
                            good = False
                            break
                    if good:
                        ft[d] = t
                        fw[d] = w
                        return True
                w += 1
        t += 1
        w = 2
    ft[d] = ntr
    return False


@njit(cache=True, _nrt=False)
def _take(trk, counts, d, ffirst, fphase, fw, ft, sign) -> int:
    """Remove (``sign`` = -1) or put back (+1) node ``d``'s current unit; its card count."""
    w = fw[d]
    if fphase[d] == 0:
        counts[ffirst[d]] += sign * w
        return w
    t = ft[d]
    length = 0
    for i in range(MAX_RUN):
        k = trk[t, i]
        if k < 0:
            break
        counts[k] += sign * w
        length += 1
    return w * length


@njit(cache=True, _nrt=False)
def _dec_search(power, trl, trk, trt, ntr, sw, counts, ncards,
                bw, bl, bk, bt, cw, cl, ck, ct, ukr,
                fn, fb, fbest, ffirst, fphase, fw, ft) -> int:
    """Iterative form of the reference recursion (Numba cannot cache recursive functions).

    Node ``d`` holds the canonical decomposition of the current ``counts`` in row ``d`` of
    ``bw/bl/bk/bt``; a child gets the budget ``min(budget, best) - 1`` (a branch needing
    more components than the best so far cannot win; equal counts are still compared).
    """
    d = 0
    fn[0] = ncards
    fb[0] = ncards
    ret = _enter(power, trl, trk, trt, ntr, sw, counts, 0, fn, fb, bw, bl, bk, bt)
    if ret >= 0:
        return ret
    fbest[0] = FAIL
    first = 0
    while counts[first] == 0:
        first += 1
    ffirst[0] = first
    fphase[0] = 0
    fw[0] = 0
    returning = False
    while True:
        if returning:
            # child d+1 finished with ``ret``: put the unit back and consider the candidate
            _take(trk, counts, d, ffirst, fphase, fw, ft, 1)
            if ret < FAIL:
                row = ukr[d]
                if fphase[d] == 0:
                    row[0] = ffirst[d]
                    for q in range(1, MAX_RUN):
                        row[q] = -1
                    top = power[ffirst[d]]
                    length = 1
                else:
                    t = ft[d]
                    for q in range(MAX_RUN):
                        row[q] = trk[t, q]
                    top = trt[t]
                    length = trl[t]
                fbest[d] = _consider(d, ret, fw[d], length, row, top, bw, bl, bk, bt,
                                     cw, cl, ck, ct, fbest[d])
            returning = False
        if _next_unit(trl, trk, ntr, sw, counts, d, ffirst, fphase, fw, ft):
            size = _take(trk, counts, d, ffirst, fphase, fw, ft, -1)
            c = d + 1
            fn[c] = fn[d] - size
            fb[c] = min(fb[d], fbest[d]) - 1
            r = _enter(power, trl, trk, trt, ntr, sw, counts, c, fn, fb, bw, bl, bk, bt)
            if r >= 0:
                ret = r
                returning = True
                continue
            d = c
            fbest[d] = FAIL
            first = 0
            while counts[first] == 0:
                first += 1
            ffirst[d] = first
            fphase[d] = 0
            fw[d] = 0
            continue
        # node d exhausted
        ret = fbest[d]
        if d == 0:
            return ret
        d -= 1
        returning = True


@njit(cache=True, _nrt=False)
def two_quads_unit_nb(power, sw, counts, ow, ol, ok, ot) -> bool:
    """``shapes.two_quads_unit`` after :func:`one_unit_nb` found no quad tractor: exactly two
    quads as one width-4 unit of length 2 at index 0, kinds in (power, kind) order."""
    a = -1
    b = -1
    for k in range(N_KINDS):
        c = counts[k]
        if c > 0:
            if c != 4:
                return False
            if a < 0:
                a = k
            elif b < 0:
                b = k
            else:
                return False
    if b < 0 or not width_ok_nb(sw, 4):
        return False
    if power[b] < power[a]:
        a, b = b, a
    ow[0] = 4
    ol[0] = 2
    ok[0, 0] = a
    ok[0, 1] = b
    for i in range(2, MAX_RUN):
        ok[0, i] = -1
    ot[0] = power[b]
    return True


@njit(cache=True, _nrt=False)
def decompose_top_nb(kt, sw, level, trump, counts, out_w, out_len, out_kinds,
                     out_top) -> int:
    """``shapes.decompose`` with each unit's top (see the module docstring)."""
    power = kt.power[level, trump]
    trl = kt.tr_len[level, trump]
    trk = kt.tr_kinds[level, trump]
    trt = kt.tr_top[level, trump]
    ntr = kt.ntr[level, trump]
    ncards = 0
    for k in range(N_KINDS):
        ncards += counts[k]
    if ncards == 0:
        return 0
    if one_unit_nb(power, trl, trk, trt, ntr, sw, counts, out_w, out_len, out_kinds, out_top):
        return 1
    if ncards == 8 and two_quads_count_nb(sw) and two_quads_unit_nb(
            power, sw, counts, out_w, out_len, out_kinds, out_top):
        return 1  # AMB-41 A: a "2个4个" lead
    if not _may_form_tractor_nb(kt, sw, level, trump, counts):
        return _whole_sets_nb(power, counts, out_w, out_len, out_kinds, out_top)
    return _decompose_throw_nb(power, trl, trk, trt, ntr, sw, counts, ncards, out_w, out_len,
                               out_kinds, out_top)


@njit(cache=True, _nrt=False, inline="always")
def _may_form_tractor_nb(kt, sw, level, trump, counts) -> bool:
    """May ``counts`` hold a tractor (COMBO-5)? :func:`may_hold_tractor_nb` on the
    positions it holds twice (no two-quad units: they are never a throw's components)."""
    order = kt.order[level, trump]
    pairs = 0  # the positions held twice (bits_nb)
    for k in range(N_KINDS):
        if counts[k] >= 2:
            pairs |= 1 << order[k]
    return may_hold_tractor_nb(kt.kind_at[level, trump], kt.succ_pmask[level, trump],
                               kt.tr_closed[level, trump], sw[SW_TRACTOR_UNITS], pairs,
                               np.int64(0))


@njit(cache=True, _nrt=False)
def may_hold_tractor_nb(kind_at, succ, closed, widths, pairs, quads):
    """False when no tractor is held twice (``pairs``: the positions held twice): no
    tractor widths, or (runs closed, ``tables.tr_closed``) no kind held twice whose 2-runs'
    second kinds are held twice (``succ``: ``tables.succ_pmask``), and fewer than two
    ``quads`` (AMB-41 A two-quad units). Most hands hold none."""
    if not widths or not pairs:
        return False
    if popcount_nb(quads) >= 2:
        return True
    if closed != 1:
        return True
    firsts = pairs
    while firsts:
        if succ[kind_at[lowest_bit_nb(firsts)]] & pairs:
            return True
        firsts &= firsts - 1
    return False


@njit(cache=True, _nrt=False, inline="always")
def _whole_sets_nb(power, counts, out_w, out_len, out_kinds, out_top) -> int:
    """DEF-4 without tractors: each held kind whole is one set, the fewest components (a
    split set adds one), in ``decompose``'s order (larger sets first, then by kind)."""
    widest = 0
    for k in range(N_KINDS):
        if counts[k] > widest:
            widest = counts[k]
    n = 0
    for w in range(widest, 0, -1):
        for k in range(N_KINDS):
            if counts[k] == w:
                set_unit_nb(power, k, w, n, out_w, out_len, out_kinds, out_top)
                n += 1
    return n


@njit(cache=True, _nrt=True)
def _decompose_throw_nb(power, trl, trk, trt, ntr, sw, counts, ncards, out_w, out_len,
                        out_kinds, out_top) -> int:
    """A throw: scratch rows per depth (best and candidate); the only allocating path, kept
    apart so that :func:`decompose_top_nb` runs without reference counting (NRT off)."""
    d = ncards + 2
    bw = np.zeros((d, ncards + 1), np.int8)
    bl = np.zeros((d, ncards + 1), np.int8)
    bk = np.full((d, ncards + 1, MAX_RUN), -1, np.int8)
    bt = np.zeros((d, ncards + 1), np.int16)
    cw = np.zeros((d, ncards + 1), np.int8)
    cl = np.zeros((d, ncards + 1), np.int8)
    ck = np.full((d, ncards + 1, MAX_RUN), -1, np.int8)
    ct = np.zeros((d, ncards + 1), np.int16)
    ukr = np.full((d, MAX_RUN), -1, np.int8)
    frames = np.zeros((7, d), np.int64)
    work = np.empty(N_KINDS, np.int8)
    for k in range(N_KINDS):
        work[k] = counts[k]
    n = _dec_search(power, trl, trk, trt, ntr, sw, work, ncards, bw, bl, bk, bt, cw, cl, ck,
                    ct, ukr, frames[0], frames[1], frames[2], frames[3], frames[4], frames[5],
                    frames[6])
    copy_units_nb(n, bw[0], bl[0], bk[0], bt[0], out_w, out_len, out_kinds, out_top)
    return n


@njit(cache=True, _nrt=True)
def decompose_nb(kt, sw, level, trump, counts, out_w, out_len, out_kinds) -> int:
    """``shapes.decompose``: canonical units of a one-suit play, in the reference's order.

    ``out_w``/``out_len``: int8[>= n]; ``out_kinds``: int8[>= n, 13] (padded -1).
    """
    top = np.empty(out_w.shape[0], np.int16)
    return decompose_top_nb(kt, sw, level, trump, counts, out_w, out_len, out_kinds, top)


# ------------------------------------------------------------------------------ realizations


@njit(cache=True, _nrt=False)
def _next_instance(group, trl, trk, ntr, sw, split, suit, counts, w, length, after,
                   floor_kinds, floor_len, use_floor) -> int:
    """The next unit of pattern (w, length) after candidate index ``after`` that ``counts``
    supplies (``shapes.instances`` order: kinds ascending, tractors in table order), at or
    above the floor unit; -1 if none. Sets are indexed by kind, tractors by table index."""
    if length == 1:
        for k in range(after + 1, N_KINDS):
            if not supplies_nb(counts[k], w, split) or (suit >= 0 and group[k] != suit):
                continue
            if use_floor and k < floor_kinds[0]:
                continue
            return k
        return -1
    if not width_ok_nb(sw, w):
        return -1
    for t in range(after + 1, ntr):
        if trl[t] != length or not tractor_supplied_nb(trk, t, length, counts, w, split):
            continue
        if suit >= 0 and not tractor_in_group_nb(trk, t, length, group, suit):
            continue
        if use_floor and kinds_less_nb(trk[t], length, floor_kinds, floor_len):
            continue
        return t
    return -1


@njit(cache=True, _nrt=False)
def _apply(trk, counts, w, length, idx, sign) -> None:
    if length == 1:
        counts[idx] += sign * w
    else:
        for q in range(length):
            counts[trk[idx, q]] += sign * w


@njit(cache=True, _nrt=False)
def sort_desc_nb(a, lo, hi) -> None:
    """Insertion sort of ``a[lo:hi]``, largest first."""
    for i in range(lo + 1, hi):
        v = a[i]
        j = i - 1
        while j >= lo and a[j] < v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v


@njit(cache=True, _nrt=False)
def _leaf_key(power, counts, pw, pl, npat, ctop, key) -> int:
    """OTH-1 D key of a full realization (``trick._lex_key``): per pattern group (in the
    sorted pattern order) the tops largest first, then the left-over singles."""
    for i in range(npat):
        key[i] = ctop[i]
    lo = 0
    for i in range(1, npat + 1):
        if i == npat or pw[i] != pw[lo] or pl[i] != pl[lo]:
            sort_desc_nb(key, lo, i)
            lo = i
    n = npat
    for k in range(N_KINDS):
        for _ in range(counts[k]):
            key[n] = power[k]
            n += 1
    sort_desc_nb(key, npat, n)
    return n


@njit(cache=True, _nrt=False)
def realize_nb(power, group, trl, trk, trt, ntr, sw, split, suit, counts, pw, pl, npat,
               mode, ref_key, best_key, ckinds, clen, ctop, cur, key):
    """Walk the realizations of the sorted patterns ``pw/pl`` in ``counts`` (restored).

    ``mode`` 0: stop at the first (``realizable``); returns (found, False).
    ``mode`` 1: every full realization (``trick._full_realizations``): ``best_key`` gets the
    largest OTH-1 D key; the second result is True if some realization's key beats
    ``ref_key`` position by position (OTH-1 B ``_dominates``). Keys have ``sum(counts) -
    cards in patterns + npat`` entries.
    Scratch: ``ckinds`` int8[npat, 13], ``clen`` int8[npat], ``ctop`` int16[npat],
    ``cur`` int32[npat + 1], ``key`` int16[>= key length].
    """
    found = False
    dominated = False
    i = 0
    cur[0] = -1
    while i >= 0:
        if i == npat:
            if mode == 0:
                found = True
                for j in range(npat):
                    _apply(trk, counts, pw[j], pl[j], cur[j], 1)
                return found, dominated
            n = _leaf_key(power, counts, pw, pl, npat, ctop, key)
            if not found:
                for j in range(n):
                    best_key[j] = key[j]
            else:
                for j in range(n):
                    if key[j] != best_key[j]:
                        if key[j] > best_key[j]:
                            for q in range(n):
                                best_key[q] = key[q]
                        break
            found = True
            if not dominated:
                dom = True
                for j in range(n):
                    if key[j] <= ref_key[j]:
                        dom = False
                        break
                dominated = dom
            i -= 1
            if i >= 0:
                _apply(trk, counts, pw[i], pl[i], cur[i], 1)
            continue
        use_floor = i > 0 and pw[i - 1] == pw[i] and pl[i - 1] == pl[i]
        if use_floor:
            nxt = _next_instance(group, trl, trk, ntr, sw, split, suit, counts, pw[i], pl[i],
                                 cur[i], ckinds[i - 1], clen[i - 1], True)
        else:
            nxt = _next_instance(group, trl, trk, ntr, sw, split, suit, counts, pw[i], pl[i],
                                 cur[i], ckinds[0], 0, False)
        if nxt < 0:
            i -= 1
            if i >= 0:
                _apply(trk, counts, pw[i], pl[i], cur[i], 1)
            continue
        cur[i] = nxt
        if pl[i] == 1:
            ckinds[i, 0] = nxt
            clen[i] = 1
            ctop[i] = power[nxt]
        else:
            for q in range(MAX_RUN):
                ckinds[i, q] = trk[nxt, q]
            clen[i] = pl[i]
            ctop[i] = trt[nxt]
        _apply(trk, counts, pw[i], pl[i], nxt, -1)
        i += 1
        cur[i] = -1
    return found, dominated


@njit(cache=True, _nrt=False)
def sort_patterns_nb(pw, pl, n) -> None:
    """Stable sort by (-size, -width, -length), as ``shapes.realizations``."""
    for i in range(1, n):
        w = pw[i]
        length = pl[i]
        j = i - 1
        while j >= 0 and (pw[j] * pl[j] < w * length
                          or (pw[j] * pl[j] == w * length and pw[j] < w)
                          or (pw[j] * pl[j] == w * length and pw[j] == w and pl[j] < length)):
            pw[j + 1] = pw[j]
            pl[j + 1] = pl[j]
            j -= 1
        pw[j + 1] = w
        pl[j + 1] = length


@njit(cache=True, _nrt=False)
def realizable_nb(kt, sw, level, trump, counts, pw, pl, npat, ckinds, clen, ctop, cur) -> bool:
    """``shapes.realizable``: can disjoint units of the patterns be taken from ``counts``?

    ``pw``/``pl`` must already be sorted with :func:`sort_patterns_nb`; ``counts`` is restored.
    Scratch as :func:`realize_nb`.
    """
    found, _ = realize_nb(kt.power[level, trump], kt.group[level, trump],
                          kt.tr_len[level, trump], kt.tr_kinds[level, trump],
                          kt.tr_top[level, trump], kt.ntr[level, trump], sw, split_flag_nb(sw),
                          -1, counts, pw, pl, npat, 0, ctop, ctop, ckinds, clen, ctop, cur,
                          ctop)
    return found
