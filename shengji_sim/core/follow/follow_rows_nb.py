"""Rows of the follow rules as kernels: which structure a follower owes, ranked (FOLLOW-4,
FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5, DEF-8, AMB-11,
AMB-12, AMB-13, AMB-14, AMB-16).

Representation
--------------
A *row* is a list of alternatives (the seed's "或", the player's choice); an alternative is a
list of patterns ``(width, length)`` that must be taken from the holding, disjointly; the
rest of the follow is any led-suit cards (FOLLOW-11). Row generators write their rows into
``buf.alt_w/alt_k/alt_n`` (one alternative per index, patterns sorted by
:func:`~.follow_data.sort_pattern_list_nb`), ``buf.alt_order`` and ``buf.row_start[r]`` (row ``r``'s
alternatives are ``alt_order[row_start[r]:row_start[r + 1]]``). :func:`component_rows_nb`
copies the rows of one component of a throw into the component store ``buf.g_*``/``ga_*``
(``follow.component_rows``).
"""

from __future__ import annotations

from shengji_sim.core.base.errors import (
    ERR_TOO_DEEP,
    ERR_TOO_MANY_ALTERNATIVES,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    NA,
    SW_CZ4_CHAIN_SEMANTICS,
    SW_FOLLOW_POLICY,
    SW_JJ4_FOLLOW_SOURCE,
    SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR,
    SW_QUAD_LEAD_TABLE,
    SW_QUADTRACTOR_LEAD_TABLE,
    SW_TRACTOR_OBLIGATION,
    SW_TRIPLETRACTOR_LEAD_TABLE,
    SW_TWO_QUADS_ADJACENT,
    V_FOLLOW_POLICY_CZ4_CHAINS,
    V_FOLLOW_POLICY_JJ4_TABLES,
    V_JJ4_FOLLOW_SOURCE_LINE76,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST,
    V_QUAD_LEAD_TABLE_JJ4,
    V_QUADTRACTOR_LEAD_TABLE_JJ4,
    V_TRACTOR_OBLIGATION_MAXIMIZE,
    V_TRACTOR_OBLIGATION_SAME_LENGTH_ONLY,
    V_TRIPLETRACTOR_LEAD_TABLE_JJ4,
    reading_nb,
)
from shengji_sim.core.follow.follow_data import (
    CZ_LEN,
    CZR_NALT,
    CZR_NPAT,
    CZR_NROWS,
    CZR_PK,
    CZR_PW,
    JJ_NALT,
    JJ_NPAT,
    JJ_NROWS,
    JJ_PK,
    JJ_PW,
    MAX_DEPTH,
    lead_id_nb,
    sort_pattern_list_nb,
)


@njit(cache=True, inline="always")
def load_alt_nb(buf, a):
    npat = buf.alt_n[a]
    for i in range(npat):
        buf.pw[i] = buf.alt_w[a, i]
        buf.pk[i] = buf.alt_k[a, i]
    return npat


@njit(cache=True, inline="always")
def jj4_rows_nb(sw, buf, lid):
    """Load a JJ4 table (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10; AMB-41 and
    AMB-11 pick the variant) as rows."""
    tq = reading_nb(sw, SW_TWO_QUADS_ADJACENT)
    ch = reading_nb(sw, SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR)
    n_rows = JJ_NROWS[lid, tq, ch]
    a = 0
    for r in range(n_rows):
        buf.row_start[r] = a
        for j in range(JJ_NALT[lid, tq, ch, r]):
            npat = JJ_NPAT[lid, tq, ch, r, j]
            for p in range(npat):
                buf.alt_w[a, p] = JJ_PW[lid, tq, ch, r, j, p]
                buf.alt_k[a, p] = JJ_PK[lid, tq, ch, r, j, p]
            buf.alt_n[a] = npat
            sort_pattern_list_nb(npat, buf.alt_w[a], buf.alt_k[a])
            buf.alt_order[a] = a
            a += 1
    buf.row_start[n_rows] = a
    return n_rows


@njit(cache=True, inline="always")
def _score_code(prefix, a, b, c, d):
    return (((prefix * 64 + a) * 64 + b) * 64 + c) * 64 + d


@njit(cache=True, inline="always")
def structure_rows_nb(sw, buf, n_units, unit_w, unit_len):
    """DEF-5 / FOLLOW-3 / AMB-16 candidates (``follow._structure_rows``) grouped into rows by
    score, best first. Returns the number of rows or an error code."""
    mode = reading_nb(sw, SW_TRACTOR_OBLIGATION)
    # the lead's tractors and sets of width >= 2
    nt = 0
    tw = buf.s_cur  # scratch: the DFS stacks are free until _first_row
    tk = buf.s_unit
    set4 = 0
    set3 = 0
    set2 = 0
    for u in range(n_units):
        if unit_len[u] >= 2:
            if nt >= MAX_DEPTH:
                return ERR_TOO_DEEP
            tw[nt] = unit_w[u]
            tk[nt] = unit_len[u]
            nt += 1
        elif unit_w[u] == 4:
            set4 += 1
        elif unit_w[u] == 3:
            set3 += 1
        elif unit_w[u] == 2:
            set2 += 1
    matched = buf.s_elem  # odometer over _tractor_choices
    for i in range(nt):
        matched[i] = 0
    n_alt = 0
    cap = buf.alt_n.shape[0]
    top = -1
    while True:
        nonzero = 0
        for i in range(nt):
            if matched[i]:
                nonzero += 1
        if mode == V_TRACTOR_OBLIGATION_MAXIMIZE or nonzero <= 1:
            c4 = set4
            c3 = set3
            c2 = set2
            cards = 0
            in4 = 0
            in3 = 0
            in2 = 0
            for i in range(nt):
                left = tk[i] - matched[i]
                if tw[i] == 4:
                    c4 += left
                    in4 += matched[i]
                elif tw[i] == 3:
                    c3 += left
                    in3 += matched[i]
                else:
                    c2 += left
                    in2 += matched[i]
                cards += tw[i] * matched[i]
            for n4 in range(c4 + 1):
                for n3 in range(c4 + c3 - n4 + 1):
                    for n2 in range(c4 + c3 + c2 - n4 - n3 + 1):
                        if mode == V_TRACTOR_OBLIGATION_MAXIMIZE:
                            score = _score_code(0, cards, n4, n3, n2)
                        else:
                            score = _score_code(0, 1 if nonzero else 0, n4 + in4, n3 + in3,
                                                n2 + in2)
                        npat = nonzero + n4 + n3 + n2
                        if npat > MAX_DEPTH:
                            return ERR_TOO_DEEP
                        if n_alt >= cap:
                            return ERR_TOO_MANY_ALTERNATIVES
                        aw = buf.alt_w[n_alt]
                        ak = buf.alt_k[n_alt]
                        p = 0
                        for i in range(nt):
                            if matched[i]:
                                aw[p] = tw[i]
                                ak[p] = matched[i]
                                p += 1
                        for _ in range(n4):
                            aw[p] = 4
                            ak[p] = 1
                            p += 1
                        for _ in range(n3):
                            aw[p] = 3
                            ak[p] = 1
                            p += 1
                        for _ in range(n2):
                            aw[p] = 2
                            ak[p] = 1
                            p += 1
                        sort_pattern_list_nb(npat, aw, ak)
                        dup = False
                        for b in range(n_alt):  # dict key: the pattern multiset
                            if buf.alt_score[b] == score and buf.alt_n[b] == npat:
                                same = True
                                for i in range(npat):
                                    if buf.alt_w[b, i] != aw[i] or buf.alt_k[b, i] != ak[i]:
                                        same = False
                                        break
                                if same:
                                    dup = True
                                    break
                        if dup:
                            continue
                        buf.alt_n[n_alt] = npat
                        buf.alt_score[n_alt] = score
                        if score > top:
                            top = score
                        n_alt += 1
        # next tractor choice (product order is irrelevant: rows are sorted by score)
        i = 0
        while i < nt:
            if mode == V_TRACTOR_OBLIGATION_SAME_LENGTH_ONLY:
                if matched[i] == 0:
                    matched[i] = tk[i]
                    break
            else:
                if matched[i] == 0:
                    matched[i] = 2
                    break
                if matched[i] < tk[i]:
                    matched[i] += 1
                    break
            matched[i] = 0
            i += 1
        if i == nt:
            break
    # AMB-11 on a 3-pair tractor lead: the 2-triple tractor as a choice (A) or first (C)
    if n_units == 1 and unit_w[0] == 2 and unit_len[0] == 3:
        ch = sw[SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR]  # NA where AMB-11 does not apply
        if ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE or \
                ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST:
            if n_alt >= cap:
                return ERR_TOO_MANY_ALTERNATIVES
            bonus = 1 if ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST else 0
            buf.alt_w[n_alt, 0] = 3
            buf.alt_k[n_alt, 0] = 2
            buf.alt_n[n_alt] = 1
            buf.alt_score[n_alt] = bonus * (64 ** 4) + top
            n_alt += 1
    return _group_rows(buf, n_alt)


@njit(cache=True, inline="always")
def _group_rows(buf, n_alt):
    """Sort alternatives by score, best first, and cut rows of equal score."""
    order = buf.alt_order
    score = buf.alt_score
    for i in range(n_alt):
        order[i] = i
    for i in range(1, n_alt):
        x = order[i]
        j = i - 1
        while j >= 0 and score[order[j]] < score[x]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = x
    n_rows = 0
    for i in range(n_alt):
        if i == 0 or score[order[i]] != score[order[i - 1]]:
            buf.row_start[n_rows] = i
            n_rows += 1
    buf.row_start[n_rows] = n_alt
    return n_rows


@njit(cache=True, inline="always")
def table_family_nb(sw, w, k):
    """Which seed's table governs a lead (``follow._table_family``): 0 none, 1 cz4, 2 jj4."""
    policy = sw[SW_FOLLOW_POLICY]
    if policy == V_FOLLOW_POLICY_CZ4_CHAINS:
        own = 1
    elif policy == V_FOLLOW_POLICY_JJ4_TABLES:
        own = 2
    else:
        return 0
    if w == 4 and k == 1 and sw[SW_QUAD_LEAD_TABLE] != NA:  # AMB-12
        return 2 if sw[SW_QUAD_LEAD_TABLE] == V_QUAD_LEAD_TABLE_JJ4 else 1
    if w == 3 and k == 2 and sw[SW_TRIPLETRACTOR_LEAD_TABLE] != NA:  # AMB-13
        return 2 if sw[SW_TRIPLETRACTOR_LEAD_TABLE] == V_TRIPLETRACTOR_LEAD_TABLE_JJ4 else 1
    if w == 4 and k == 2 and sw[SW_QUADTRACTOR_LEAD_TABLE] != NA:  # AMB-14
        return 2 if sw[SW_QUADTRACTOR_LEAD_TABLE] == V_QUADTRACTOR_LEAD_TABLE_JJ4 else 1
    return own


@njit(cache=True, _nrt=False)
def _store_row(buf, g, a, npat, src_w, src_k):
    """Append one alternative (``npat`` patterns) to global row ``g``'s alternatives at
    store index ``a``; returns the next index or ERR_TOO_MANY_ALTERNATIVES."""
    if a >= buf.ga_n.shape[0]:
        return ERR_TOO_MANY_ALTERNATIVES
    if npat > MAX_DEPTH:
        return ERR_TOO_DEEP
    for p in range(npat):
        buf.ga_w[a, p] = src_w[p]
        buf.ga_k[a, p] = src_k[p]
    buf.ga_n[a] = npat
    buf.g_nalt[g] += 1
    return a + 1


@njit(cache=True, _nrt=False)
def component_rows_nb(sw, buf, unit_w, unit_len, c, g, a):
    """``follow.component_rows`` of unit ``c`` (``unit_w[c]``, ``unit_len[c]``) into the
    global rows from ``g`` and alternatives from ``a``: the CZ4 chain as rows
    (``CZR_*``), the JJ4 table, or the DEF-5 rows of the unit alone. Returns
    ``(rows, next alternative index)``; rows < 0 is an error code."""
    w = unit_w[c]
    k = unit_len[c]
    chosen = table_family_nb(sw, w, k) if w >= 2 else 0
    lid = lead_id_nb(w, k)
    if chosen == 1 and lid >= 0 and CZ_LEN[lid] > 0:
        sem = reading_nb(sw, SW_CZ4_CHAIN_SEMANTICS)
        head = 0
        ch = sw[SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR]  # NA where AMB-11 does not apply
        if lid == 2:
            if ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE:
                head = 1
            elif ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST:
                head = 2
        n_rows = CZR_NROWS[lid, sem, head]
        if g + n_rows > buf.g_alt0.shape[0]:
            return ERR_TOO_MANY_ALTERNATIVES, a
        for r in range(n_rows):
            buf.g_alt0[g + r] = a
            buf.g_nalt[g + r] = 0
            for j in range(CZR_NALT[lid, sem, head, r]):
                a = _store_row(buf, g + r, a, CZR_NPAT[lid, sem, head, r, j],
                               CZR_PW[lid, sem, head, r, j], CZR_PK[lid, sem, head, r, j])
                if a < 0:
                    return a, a
        return n_rows, a
    if chosen == 2 and sw[SW_JJ4_FOLLOW_SOURCE] != V_JJ4_FOLLOW_SOURCE_LINE76 and lid >= 0:
        n_rows = jj4_rows_nb(sw, buf, lid)
    else:
        n_rows = structure_rows_nb(sw, buf, 1, unit_w[c:c + 1], unit_len[c:c + 1])
    if n_rows < 0:
        return n_rows, a
    if g + n_rows > buf.g_alt0.shape[0]:
        return ERR_TOO_MANY_ALTERNATIVES, a
    for r in range(n_rows):
        buf.g_alt0[g + r] = a
        buf.g_nalt[g + r] = 0
        for j in range(buf.row_start[r], buf.row_start[r + 1]):
            x = buf.alt_order[j]
            a = _store_row(buf, g + r, a, buf.alt_n[x], buf.alt_w[x], buf.alt_k[x])
            if a < 0:
                return a, a
    return n_rows, a
