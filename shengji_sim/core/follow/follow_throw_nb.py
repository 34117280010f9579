"""Following a throw as kernels (THROW-5, DEF-5 under AMB-16 A; ``follow.throw_obligation``).

Representation
--------------
Each component of the lead that is not a single has its rows (what it would be owed if led
alone, :func:`~.follow_rows_nb.component_rows`) in the component store: component ``c``'s
rows are the global rows ``buf.c_first[c] .. + buf.c_nrows[c] - 1``, a global row ``g``'s
alternatives ``buf.g_alt0[g] .. + buf.g_nalt[g] - 1`` of ``buf.ga_*``. A *choice* is one
row per component (``rows[c]``, an offset); it is realizable when, for some alternative of
each chosen row (the odometer ``buf.c_alt``), their patterns can be taken disjointly.
"""

from __future__ import annotations

from shengji_sim.core.base.errors import (
    ERR_TOO_DEEP,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_LONGER_TUPLES,
    V_LONGER_TUPLES_PROTECTED,
)
from shengji_sim.core.follow.follow_data import (
    MAX_DEPTH,
    STATE_ROW,
    STATE_SPLIT,
    sort_pattern_list_nb,
)
from shengji_sim.core.follow.follow_realize_nb import (
    realize_nb,
)
from shengji_sim.core.follow.follow_rows_nb import (
    component_rows_nb,
)


@njit(cache=True, _nrt=False)
def _load_choice(buf, m, rows):
    """The patterns of alternative ``buf.c_alt[c]`` of row ``rows[c]`` of components
    0..m-1, into buf.pw/pk (sorted); returns how many or ERR_TOO_DEEP."""
    npat = 0
    for c in range(m):
        x = buf.g_alt0[buf.c_first[c] + rows[c]] + buf.c_alt[c]
        for p in range(buf.ga_n[x]):
            if npat >= MAX_DEPTH:
                return ERR_TOO_DEEP
            buf.pw[npat] = buf.ga_w[x, p]
            buf.pk[npat] = buf.ga_k[x, p]
            npat += 1
    sort_pattern_list_nb(npat, buf.pw, buf.pk)
    return npat


@njit(cache=True, _nrt=False)
def _next_alternatives(buf, m, rows):
    """Advance the alternative odometer ``buf.c_alt[:m]``; False when it wraps."""
    for c in range(m - 1, -1, -1):
        buf.c_alt[c] += 1
        if buf.c_alt[c] < buf.g_nalt[buf.c_first[c] + rows[c]]:
            return True
        buf.c_alt[c] = 0
    return False


@njit(cache=True, _nrt=False)
def _choice(kt, level, trump, buf, m, rows, split, emit, n):
    """Rows ``rows[:m]`` of components 0..m-1 (one alternative each, every combination):
    ``emit`` stores every realization as a family (returns 0 or an error), else returns 1
    if one combination is realizable, 0 if none (``follow._choice_realizable``)."""
    for c in range(m):
        buf.c_alt[c] = 0
    while True:
        npat = _load_choice(buf, m, rows)
        if npat < 0:
            return npat
        res = realize_nb(kt, level, trump, buf, npat, split, emit, n)
        if res < 0:
            return res
        if res == 1 and not emit:
            return 1
        if not _next_alternatives(buf, m, rows):
            return 0


@njit(cache=True, _nrt=False)
def throw_obligation_nb(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n):
    """``follow.throw_obligation`` (THROW-5, DEF-5 under AMB-16 A): each component that is
    not a single owes the first of its rows realizable together with the rows chosen for
    the larger components; the families are that choice's realizations (OTH-5 B: every
    choice ranked at or before it, with splitting). Sets STATE_ROW to 1 + the sum of the
    chosen row offsets. Returns 0 or an error code."""
    nc = 0
    g = 0
    a = 0
    for u in range(n_units):
        if unit_w[u] == 1 and unit_len[u] == 1:
            continue
        if nc >= MAX_DEPTH:
            return ERR_TOO_DEEP
        rows, a = component_rows_nb(sw, buf, unit_w, unit_len, u, g, a)
        if rows < 0:
            return rows
        buf.c_first[nc] = g
        buf.c_nrows[nc] = rows
        g += rows
        nc += 1
    split = buf.state[STATE_SPLIT] == 1
    protected = sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED
    pick = buf.c_pick
    total = 0
    for c in range(nc):
        for r in range(buf.c_nrows[c]):
            pick[c] = r
            res = _choice(kt, level, trump, buf, c + 1, pick, split and not protected, False,
                          n)
            if res < 0:
                return res
            if res == 1:
                break
        total += pick[c]
    buf.state[STATE_ROW] = 1 + total
    if not protected:
        return _choice(kt, level, trump, buf, nc, pick, split, True, n)
    # OTH-5 B: every choice at or before ``pick`` that splitting can realize
    row = buf.c_row
    tight = buf.c_tight
    d = 0
    row[0] = -1
    tight[0] = 1
    while d >= 0:
        row[d] += 1
        last = pick[d] if tight[d] == 1 else buf.c_nrows[d] - 1
        if row[d] > last:
            d -= 1
            continue
        res = _choice(kt, level, trump, buf, d + 1, row, True, False, n)
        if res < 0:
            return res
        if res == 0:
            continue
        if d + 1 == nc:
            err = _choice(kt, level, trump, buf, nc, row, True, True, n)
            if err < 0:
                return err
            continue
        tight[d + 1] = 1 if tight[d] == 1 and row[d] == pick[d] else 0
        d += 1
        row[d] = -1
    return 0
