"""Realizations as kernels: disjoint units of given patterns taken from a holding, emitted
as families (FOLLOW-11, AMB-17; ``shapes.realizations`` and ``follow._families_for``).

Representation
--------------
``buf.hold`` is the follower's holding in the led follow class and ``buf.work`` the counts a
search takes units from (equal to ``hold`` on entry, restored on exit). A *family* is
``fixed`` cards (a realization) plus any ``free`` cards of ``pool = hold - fixed``; families
are stored once each in ``buf.fam_*``, keyed by the mixed-radix number of ``fixed``
(``buf.weight``, :func:`holding_weights_nb`: the holding's kinds strongest first, radix
``hold[k] + 1``). Tractors the holding can supply are listed once per follow in ``buf.trf``
(:func:`prepare_tractors_nb`), grouped by length (``buf.trs``).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
)
from shengji_sim.core.base.errors import (
    ERR_KEY_OVERFLOW,
    ERR_TOO_DEEP,
    ERR_TOO_MANY_FAMILIES,
    ERR_TOO_MANY_TRACTORS,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_data import (
    MAX_DEPTH,
    RADIX_LIMIT,
    STATE_GEN,
    STATE_NFAM,
    STATE_TR,
    STATE_TRW,
)
from shengji_sim.core.rules.shapes_nb import (
    supplies_nb,
)


@njit(cache=True, inline="always")
def prepare_tractors_nb(kt, level, trump, buf):
    """buf.trf: tractor runs whose kinds the holding has at least twice, grouped by length
    (``tr_*`` order is by length, then ``tractor_kinds`` order, so filtering keeps it)."""
    if buf.state[STATE_TR] == 1:
        return 0
    return _prepare_tractors_core(kt.tr_len[level, trump], kt.tr_mask[level, trump],
                                  kt.tr_closed[level, trump] == 1, kt.ntr[level, trump],
                                  buf.hold, buf.trf, buf.trs, buf.state)


@njit(cache=True, _nrt=False)
def _prepare_tractors_core(tr_len, tr_mask, closed, ntr, hold, trf, trs, state):
    """:func:`prepare_tractors_nb` on the arrays it reads (a call that does not pass every
    table and buffer: Numba passes a NamedTuple of arrays field by field, ~500 words)."""
    n = 0
    cur_len = 2
    trs[0] = 0
    trs[1] = 0
    trs[2] = 0
    pairs = np.int64(0)  # kinds held at least twice, as a bit set
    n_pairs = 0
    for kk in range(N_KINDS):
        if hold[kk] >= 2:
            pairs |= np.int64(1) << np.int64(kk)
            n_pairs += 1
    held = 0  # runs of length cur_len held
    for t in range(ntr if n_pairs >= 2 else 0):
        length = tr_len[t]
        if length > cur_len:
            if closed and held == 0:
                break  # none of length cur_len held: none longer (tables.tr_closed)
            held = 0
        while cur_len < length:
            cur_len += 1
            trs[cur_len] = n
        if tr_mask[t] & ~pairs:
            continue  # some kind of the run is held less than twice
        if n >= trf.shape[0]:
            return ERR_TOO_MANY_TRACTORS
        trf[n] = t
        n += 1
        held += 1
    while cur_len < 15:
        cur_len += 1
        trs[cur_len] = n
    state[STATE_TR] = 1
    return 0


@njit(cache=True, inline="always")
def _tr_less(trk, a, b, length):
    """Unit order of two tractors of one width: their kinds tuples, lexicographically
    (``trk = kt.tr_kinds[level, trump]``)."""
    for i in range(length):
        x = trk[a, i]
        y = trk[b, i]
        if x != y:
            return x < y
    return False


@njit(cache=True, inline="always")
def apply_unit_nb(trk, work, w, k, unit, sign):
    if k == 1:
        work[unit] -= sign * w
    else:
        for i in range(k):
            work[trk[unit, i]] -= sign * w


@njit(cache=True, inline="always")
def next_instance_nb(trk, state, trf, trs, work, w, k, split, start, floor):
    """The first instance of pattern (w, k) at cursor >= ``start`` (``instances`` order) that
    is not below ``floor`` (-1: none). Returns (cursor, unit) or (-1, -1)."""
    if k == 1:
        s = start
        if floor > s:
            s = floor
        for kk in range(s, N_KINDS):
            if supplies_nb(work[kk], w, split):
                return np.int64(kk), np.int64(kk)
        return np.int64(-1), np.int64(-1)
    if (state[STATE_TRW] >> w) & 1 == 0 or k > 13:
        return np.int64(-1), np.int64(-1)
    lo = trs[k]
    hi = trs[k + 1]
    j = lo + start
    while j < hi:
        t = trf[j]
        ok = True
        for i in range(k):
            if not supplies_nb(work[trk[t, i]], w, split):
                ok = False
                break
        if ok and (floor < 0 or not _tr_less(trk, t, floor, k)):
            return np.int64(j - lo), np.int64(t)
        j += 1
    return np.int64(-1), np.int64(-1)


@njit(cache=True, inline="always")
def emit_holding_family_nb(buf, n):
    """Store the family ``fixed = hold - work``, ``pool = work``, ``free = n - |fixed|``,
    once (keyed by the mixed radix of ``fixed``). Returns 0 or an error code."""
    return _emit_holding(buf.hold, buf.work, buf.weight, buf.ht, buf.ht_gen, buf.state,
                         buf.fam_fixed, buf.fam_pool, buf.fam_free, buf.fam_key, n)


@njit(cache=True, inline="always")
def _emit_holding(hold, work, weight, ht, ht_gen, state, fam_fixed, fam_pool, fam_free,
                  fam_key, n):
    """:func:`emit_holding_family_nb` on the arrays it uses."""
    key = 0
    size = 0
    for kk in range(N_KINDS):  # weight is 0 outside the holding
        d = hold[kk] - work[kk]
        key += d * weight[kk]
        size += d
    h = ht.shape[0]
    gen = state[STATE_GEN]
    x = key ^ (key >> 29)
    x = x * -7046029254386353131  # 0x9E3779B97F4A7C15 as int64 (wraps)
    x = x ^ (x >> 32)
    slot = x & (h - 1)
    nf = state[STATE_NFAM]
    while ht_gen[slot] == gen:
        f = ht[slot] - 1
        if fam_key[f] == key:
            return 0
        slot = (slot + 1) & (h - 1)
    if nf >= fam_free.shape[0]:
        return ERR_TOO_MANY_FAMILIES
    ht_gen[slot] = gen
    ht[slot] = nf + 1
    for kk in range(N_KINDS):
        fam_fixed[nf, kk] = hold[kk] - work[kk]
        fam_pool[nf, kk] = work[kk]
    fam_free[nf] = n - size
    fam_key[nf] = key
    state[STATE_NFAM] = nf + 1
    return 0


@njit(cache=True, inline="always")
def emit_family_nb(buf, fixed, pool, free):
    """Store a family given by arrays (FOLLOW-1, FOLLOW-2, AMB-19 B, AMB-37 B: always alone)."""
    nf = buf.state[STATE_NFAM]
    for kk in range(N_KINDS):
        buf.fam_fixed[nf, kk] = fixed[kk]
        buf.fam_pool[nf, kk] = pool[kk]
    buf.fam_free[nf] = free
    buf.fam_key[nf] = 0
    buf.state[STATE_NFAM] = nf + 1


@njit(cache=True, _nrt=False)
def realize_nb(kt, level, trump, buf, npat, split, emit, n):
    """``realizations`` of buf.pw/pk[:npat] (sorted) from buf.work (= the holding on entry,
    restored on exit). ``emit``: store every realization as a family (returns 0 or an error);
    else return 1 if one exists, 0 if not."""
    if npat > MAX_DEPTH:
        return ERR_TOO_DEEP
    for i in range(npat - 1, -1, -1):
        if buf.pk[i] >= 2 and buf.state[STATE_TR] == 0:
            err = prepare_tractors_nb(kt, level, trump, buf)
            if err:
                return err
    return _realize_core(kt.tr_kinds[level, trump], buf.pw, buf.pk, buf.work, buf.s_need,
                         buf.s_cur, buf.s_unit, buf.s_app, buf.trf, buf.trs, buf.hold,
                         buf.weight, buf.ht, buf.ht_gen, buf.state, buf.fam_fixed, buf.fam_pool,
                         buf.fam_free, buf.fam_key, npat, split, emit, n)


@njit(cache=True, _nrt=False)
def _realize_core(trk, pw, pk, work, need, cur, unit, app, trf, trs, hold, weight, ht, ht_gen,
                  state, fam_fixed, fam_pool, fam_free, fam_key, npat, split, emit, n):
    """:func:`realize_nb` on the arrays it uses (tractors prepared)."""
    need[npat] = 0
    for i in range(npat - 1, -1, -1):
        need[i] = need[i + 1] + pw[i] * pk[i]
    left = 0
    for kk in range(N_KINDS):
        left += work[kk]
    d = 0
    cur[0] = 0
    app[0] = 0
    found_any = 0
    while d >= 0:
        if d == npat:
            if emit:
                err = _emit_holding(hold, work, weight, ht, ht_gen, state, fam_fixed, fam_pool,
                                    fam_free, fam_key, n)
                if err:
                    for i in range(npat):
                        apply_unit_nb(trk, work, pw[i], pk[i], unit[i], -1)
                    return err
            else:
                for i in range(npat):
                    apply_unit_nb(trk, work, pw[i], pk[i], unit[i], -1)
                return 1
            found_any = 1
            d -= 1
            continue
        w = pw[d]
        k = pk[d]
        if app[d]:
            apply_unit_nb(trk, work, w, k, unit[d], -1)
            left += w * k
            app[d] = 0
        pos = -1
        u = -1
        if need[d] <= left:
            floor = -1
            if d > 0 and pw[d - 1] == w and pk[d - 1] == k:
                floor = unit[d - 1]
            pos, u = next_instance_nb(trk, state, trf, trs, work, w, k, split, cur[d], floor)
        if pos < 0:
            d -= 1
            continue
        cur[d] = pos + 1
        unit[d] = u
        app[d] = 1
        apply_unit_nb(trk, work, w, k, u, 1)
        left -= w * k
        d += 1
        if d < npat:
            cur[d] = 0
            app[d] = 0
    if emit:
        return 0
    return found_any


@njit(cache=True, inline="always")
def load_one_nb(buf, w, k):
    buf.pw[0] = w
    buf.pk[0] = k
    return 1


@njit(cache=True, inline="always")
def holding_weights_nb(cls, n_cls, buf):
    """Mixed radix of the holding, strongest kind most significant (module docstring); the
    holding lies in the led follow class ``cls[:n_cls]`` (listing order), 0 elsewhere."""
    w = 1
    hold = buf.hold
    weight = buf.weight
    for kk in range(N_KINDS):
        weight[kk] = 0
    for j in range(n_cls - 1, -1, -1):
        kk = cls[j]
        c = hold[kk]
        if c:
            weight[kk] = w
            if w > RADIX_LIMIT[c]:
                return ERR_KEY_OVERFLOW
            w *= c + 1
    return 0
