"""Legal follows as families, the obligation of a follow (FOLLOW-1, FOLLOW-2, FOLLOW-3,
FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5, DEF-8,
THROW-5, AMB-11, AMB-15, AMB-17, AMB-19, AMB-37, OTH-5, OTH-6, OTH-7): the families of
``follow.obligation`` as kernels.

Representation
--------------
Inputs (docs/core-conventions.md): ``kt`` (:class:`~shengji_sim.core.base.tables.KernelTables`),
``sw`` (:mod:`.switches`), ``level``, ``trump``, the lead as a count vector ``lead_counts[54]``
plus its canonical units (``n_units``, ``unit_w``, ``unit_len``, ``unit_kinds``, from
``shapes.decompose``), the follower's whole hand ``hand_counts[54]`` and ``position`` (1..3
after the leader, AMB-37 B).

As in the reference, every policy yields a union of families (:mod:`.follow_realize_nb`).
:func:`follow_options_nb` writes them into the caller's
:class:`~.follow_data.FollowBuffers` and returns ``(n_families, rule)``; ``rule`` is a
``RULE_*`` code, or a negative ``ERR_*`` code (then ``n_families`` is 0). Counting, listing
and checking plays of the families is :mod:`.follow_count_nb`.
"""

from __future__ import annotations

from shengji_sim.cards import (
    N_KINDS,
    TRUMP,
)
from shengji_sim.core.base.errors import (
    ERR_EMPTY_LEAD,
    ERR_MIXED_LEAD,
    ERR_SHORT_HAND,
    ERR_TOO_DEEP,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_CZ4_CHAIN_SEMANTICS,
    SW_FOLLOW_POLICY,
    SW_JJ4_FOLLOW_SOURCE,
    SW_JJ4_LINE40,
    SW_LONGER_TUPLES,
    SW_MIXED_WIDTH_RUNS,
    SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR,
    SW_RUFF_CONDITION,
    SW_SHAPE_OBLIGATION,
    SW_SPLIT_SETS,
    SW_TRACTOR_OBLIGATION,
    SW_TRACTOR_UNITS,
    V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY,
    V_FOLLOW_POLICY_SUIT_ONLY,
    V_FOLLOW_POLICY_TRACTOR_PAIRS,
    V_JJ4_FOLLOW_SOURCE_LINE76,
    V_JJ4_LINE40_LITERAL,
    V_LONGER_TUPLES_PROTECTED,
    V_MIXED_WIDTH_RUNS_YES,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST,
    V_RUFF_CONDITION_SHAPE_MISSING,
    V_SHAPE_OBLIGATION_NONE,
    V_SPLIT_SETS_YES,
    V_TRACTOR_OBLIGATION_MAXIMIZE,
    reading_nb,
)
from shengji_sim.core.follow.follow_data import (
    CZ_K,
    CZ_LEN,
    CZ_W,
    JJ_RULE,
    MAX_DEPTH,
    RULE_AMB_11,
    RULE_AMB_19_B,
    RULE_AMB_37_B,
    RULE_DEF_5,
    RULE_FOLLOW_1,
    RULE_FOLLOW_2,
    RULE_FOLLOW_3,
    RULE_FOLLOW_4,
    RULE_FOLLOW_4_AMB_15_B,
    RULE_FOLLOW_5,
    RULE_OTH_6_B,
    RULE_OTH_7_B,
    RULE_THROW_5_DEF_8,
    STATE_GEN,
    STATE_N,
    STATE_NFAM,
    STATE_NKEYS,
    STATE_ROW,
    STATE_SPLIT,
    STATE_TR,
    STATE_TRW,
    STATE_WAYS,
    lead_id_nb,
    sort_pattern_list_nb,
)
from shengji_sim.core.follow.follow_realize_nb import (
    apply_unit_nb,
    emit_family_nb,
    emit_holding_family_nb,
    holding_weights_nb,
    load_one_nb,
    next_instance_nb,
    prepare_tractors_nb,
    realize_nb,
)
from shengji_sim.core.follow.follow_rows_nb import (
    jj4_rows_nb,
    load_alt_nb,
    structure_rows_nb,
    table_family_nb,
)
from shengji_sim.core.follow.follow_throw_nb import (
    throw_obligation_nb,
)


@njit(cache=True, inline="always")
def _follow_suit_and_fill(kt, sw, level, trump, lead_kind, hand, n, position, buf):
    """FOLLOW-1: every led-suit card, then any others (FOLLOW-2); AMB-37 B: only the last
    player of a trick may ruff."""
    hold = buf.hold
    rest = buf.work
    nh = 0
    for kk in range(N_KINDS):
        rest[kk] = hand[kk] - hold[kk]
        nh += hold[kk]
    lead_is_trump = kt.eff[level, trump, lead_kind] == TRUMP
    last_only = sw[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL
    if nh == 0 and not lead_is_trump and last_only and position < 3:
        plain = buf.ucnt
        nplain = 0
        for kk in range(N_KINDS):
            plain[kk] = rest[kk] if kt.eff[level, trump, kk] != TRUMP else 0
            nplain += plain[kk]
        if nplain >= n:
            emit_family_nb(buf, hold, plain, n)  # hold is all zero here
        else:
            for kk in range(N_KINDS):
                rest[kk] -= plain[kk]
            emit_family_nb(buf, plain, rest, n - nplain)
        return RULE_AMB_37_B
    emit_family_nb(buf, hold, rest, n - nh)
    if nh:
        return RULE_FOLLOW_1
    return RULE_FOLLOW_2


@njit(cache=True, inline="always")
def _first_row(kt, sw, level, trump, buf, n_rows, n):
    """FOLLOW-11 over rows buf.row_start / alt_order / alt_*: the realizations of the first
    realizable row; OTH-5 B finds the row without splitting and then allows splits for it
    and every earlier row."""
    split = buf.state[STATE_SPLIT] == 1
    protected = sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED
    ob_split = False if protected else split
    fam_split = split or protected
    for r in range(n_rows):
        hit = False
        for j in range(buf.row_start[r], buf.row_start[r + 1]):
            npat = load_alt_nb(buf, buf.alt_order[j])
            res = realize_nb(kt, level, trump, buf, npat, ob_split, False, n)
            if res < 0:
                return res
            if res == 1:
                hit = True
                break
        if not hit:
            continue
        buf.state[STATE_ROW] = r + 1
        first = 0 if protected else r
        for rr in range(first, r + 1):
            for j in range(buf.row_start[rr], buf.row_start[rr + 1]):
                npat = load_alt_nb(buf, buf.alt_order[j])
                err = realize_nb(kt, level, trump, buf, npat, fam_split, True, n)
                if err < 0:
                    return err
        return 0
    return 0  # unreachable: the last row (singles) is always realizable


@njit(cache=True, _nrt=False)
def _mixed_width(kt, sw, level, trump, buf, w, k, n):
    """OTH-7 B: after a triple/quad-tractor lead not held exactly, a run of adjacent sets
    of mixed widths is owed. Returns the number of families added (0: does not apply)."""
    if w < 3 or k < 2:
        return 0
    split = buf.state[STATE_SPLIT] == 1
    load_one_nb(buf, w, k)
    res = realize_nb(kt, level, trump, buf, 1, split, False, n)
    if res != 0:
        return res if res < 0 else 0
    if w == 4 and k == 2 and table_family_nb(sw, 4, 2) == 2:
        buf.pw[0] = 4
        buf.pk[0] = 1
        buf.pw[1] = 4
        buf.pk[1] = 1
        res = realize_nb(kt, level, trump, buf, 2, split, False, n)
        if res != 0:
            return res if res < 0 else 0
    err = prepare_tractors_nb(kt, level, trump, buf)
    if err:
        return err
    hold = buf.hold
    work = buf.work
    added = 0
    for j in range(buf.trs[k], buf.trs[k + 1]):
        t = buf.trf[j]
        lo = 99
        hi = 0
        for i in range(k):
            c = hold[kt.tr_kinds[level, trump, t, i]]
            x = c if c < w else w
            lo = min(lo, x)
            hi = max(hi, x)
        if lo >= 2 and hi == w and lo < w:
            for i in range(k):
                kk = kt.tr_kinds[level, trump, t, i]
                work[kk] -= min(hold[kk], w)
            err = emit_holding_family_nb(buf, n)
            for i in range(k):
                kk = kt.tr_kinds[level, trump, t, i]
                work[kk] = hold[kk]
            if err:
                return err
            added += 1
    return added


@njit(cache=True, _nrt=False)
def _cz4_chain(kt, sw, level, trump, buf, lid, n):
    """FOLLOW-4 (000 lines 46-50) under AMB-15 (greedy / first element) and AMB-11."""
    split = buf.state[STATE_SPLIT] == 1
    ch = sw[SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR]  # NA where AMB-11 does not apply
    if lid == 2 and (ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE or
                     ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST):
        # the 3-pair tractor itself (AMB-11 choice only), then the 2-triple tractor
        first = 0 if ch == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE else 1
        hit = False
        for a in range(first, 2):
            load_one_nb(buf, 2 + a, 3 - a)
            res = realize_nb(kt, level, trump, buf, 1, split, False, n)
            if res < 0:
                return res
            hit = hit or res == 1
        if hit:
            for a in range(first, 2):
                load_one_nb(buf, 2 + a, 3 - a)
                err = realize_nb(kt, level, trump, buf, 1, split, True, n)
                if err < 0:
                    return err
            return RULE_AMB_11
    nchain = CZ_LEN[lid]
    if sw[SW_CZ4_CHAIN_SEMANTICS] == V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY:
        for e in range(nchain):
            w = CZ_W[lid, e]
            k = CZ_K[lid, e]
            if w * k > n:
                continue
            load_one_nb(buf, w, k)
            res = realize_nb(kt, level, trump, buf, 1, split, False, n)
            if res < 0:
                return res
            if res == 1:
                err = realize_nb(kt, level, trump, buf, 1, split, True, n)
                if err < 0:
                    return err
                return RULE_FOLLOW_4_AMB_15_B
        err = emit_holding_family_nb(buf, n)
        if err < 0:
            return err
        return RULE_FOLLOW_4_AMB_15_B
    err = _greedy(kt, level, trump, buf, lid, n, split)
    if err < 0:
        return err
    return RULE_FOLLOW_4


@njit(cache=True, _nrt=False)
def _greedy(kt, level, trump, buf, lid, n, split):
    """AMB-15 A: take the highest-priority element that fits and can be formed, every way;
    repeat; a leaf (nothing fits) is a family. Explicit stack instead of recursion."""
    nchain = CZ_LEN[lid]
    for e in range(nchain):
        if CZ_K[lid, e] >= 2:
            err = prepare_tractors_nb(kt, level, trump, buf)
            if err:
                return err
            break
    work = buf.work
    trk = kt.tr_kinds[level, trump]
    cur = buf.s_cur
    unit = buf.s_unit
    app = buf.s_app
    elem = buf.s_elem
    m = buf.s_m
    d = 0
    m[0] = n
    elem[0] = -1
    app[0] = 0
    while d >= 0:
        if elem[d] == -1:  # first visit: choose the element
            chosen = -2
            for e in range(nchain):
                w = CZ_W[lid, e]
                k = CZ_K[lid, e]
                if w * k > m[d]:
                    continue
                pos, u = next_instance_nb(trk, buf.state, buf.trf, buf.trs, work, w, k, split,
                                        0, -1)
                if pos >= 0:
                    chosen = e
                    break
            if chosen == -2:
                err = emit_holding_family_nb(buf, n)  # free = m[d]
                if err:
                    return err
                d -= 1
                continue
            elem[d] = chosen
            cur[d] = 0
        e = elem[d]
        w = CZ_W[lid, e]
        k = CZ_K[lid, e]
        if app[d]:
            apply_unit_nb(trk, work, w, k, unit[d], -1)
            app[d] = 0
        pos, u = next_instance_nb(trk, buf.state, buf.trf, buf.trs, work, w, k, split, cur[d], -1)
        if pos < 0:
            d -= 1
            continue
        if d + 1 >= MAX_DEPTH:
            return ERR_TOO_DEEP
        cur[d] = pos + 1
        unit[d] = u
        app[d] = 1
        apply_unit_nb(trk, work, w, k, u, 1)
        m[d + 1] = m[d] - w * k
        d += 1
        elem[d] = -1
        app[d] = 0
    return 0


@njit(cache=True, _nrt=False)
def follow_options_nb(kt, sw, level, trump, lead_counts, n_units, unit_w, unit_len,
                      unit_kinds, hand_counts, position, buf):
    """The families of legal follows (``obligation``). Returns (n_families, rule code);
    n_families is 0 and rule < 0 on an error (``ERR_*``)."""
    state = buf.state
    state[STATE_GEN] += 1
    state[STATE_NFAM] = 0
    state[STATE_NKEYS] = -1
    state[STATE_TR] = 0
    state[STATE_TRW] = sw[SW_TRACTOR_UNITS]
    state[STATE_ROW] = 0
    state[STATE_WAYS] = 0
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    state[STATE_SPLIT] = 1 if split else 0
    n = 0
    lead_kind = -1
    nhand = 0
    hold = buf.hold
    work = buf.work
    for kk in range(N_KINDS):
        n += lead_counts[kk]
        if lead_kind < 0 and lead_counts[kk]:
            lead_kind = kk
        nhand += hand_counts[kk]
        hold[kk] = 0
        work[kk] = 0
    if n == 0:
        return 0, ERR_EMPTY_LEAD
    # the led follow class (FOLLOW-1): the lead's first kind's (tables.cls_kinds)
    cls = kt.cls_kinds[level, trump, lead_kind]
    nh = 0
    n_in_class = 0
    for j in range(kt.cls_n[level, trump, lead_kind]):
        kk = cls[j]
        c = hand_counts[kk]
        hold[kk] = c
        work[kk] = c
        nh += c
        n_in_class += lead_counts[kk]
    if n_in_class != n:
        return 0, ERR_MIXED_LEAD
    if nhand < n:
        return 0, ERR_SHORT_HAND
    state[STATE_N] = n
    singles = True
    for u in range(n_units):
        if unit_w[u] != 1 or unit_len[u] != 1:
            singles = False
    # AMB-19 B: lacking the led shape, any cards may be played
    if sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING and nh > 0:
        if n_units > MAX_DEPTH:
            return 0, ERR_TOO_DEEP
        if singles:  # n singles are realizable iff n cards are held (fast path)
            res = 1 if nh >= n else 0
        else:
            for u in range(n_units):
                buf.pw[u] = unit_w[u]
                buf.pk[u] = unit_len[u]
            sort_pattern_list_nb(n_units, buf.pw, buf.pk)
            res = realize_nb(kt, level, trump, buf, n_units, split, False, n)
        if res < 0:
            return 0, res
        if res == 0:
            for kk in range(N_KINDS):
                work[kk] = 0
            emit_family_nb(buf, work, hand_counts, n)
            return 1, RULE_AMB_19_B
    if nh <= n:
        rule = _follow_suit_and_fill(kt, sw, level, trump, lead_kind, hand_counts, n,
                                     position, buf)
        return 1, rule
    err = holding_weights_nb(cls, kt.cls_n[level, trump, lead_kind], buf)
    if err:
        return 0, err
    policy = sw[SW_FOLLOW_POLICY]
    no_shape = sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE
    if singles or no_shape or policy == V_FOLLOW_POLICY_SUIT_ONLY:  # fast path, no shapes
        err = emit_holding_family_nb(buf, n)
        if err:
            return 0, err
        return 1, RULE_OTH_6_B if no_shape else RULE_FOLLOW_1
    rule = _shape_obligation(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n)
    if rule < 0:
        return 0, rule
    return state[STATE_NFAM], rule


@njit(cache=True, inline="always")
def _shape_obligation(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n):
    """Enough led-suit cards: the policy decides which structure must be played."""
    policy = sw[SW_FOLLOW_POLICY]
    if sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE or policy == V_FOLLOW_POLICY_SUIT_ONLY:
        err = emit_holding_family_nb(buf, n)
        if err:
            return err
        if sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE:
            return RULE_OTH_6_B
        return RULE_FOLLOW_1
    singles = True
    for u in range(n_units):
        if unit_w[u] != 1 or unit_len[u] != 1:
            singles = False
    if singles:
        err = emit_holding_family_nb(buf, n)
        if err:
            return err
        return RULE_FOLLOW_1
    if n_units == 1:
        w = unit_w[0]
        k = unit_len[0]
        if sw[SW_MIXED_WIDTH_RUNS] == V_MIXED_WIDTH_RUNS_YES:
            added = _mixed_width(kt, sw, level, trump, buf, w, k, n)
            if added < 0:
                return added
            if added > 0:
                return RULE_OTH_7_B
        if w >= 2:
            chosen = table_family_nb(sw, w, k)
            lid = lead_id_nb(w, k)
            if chosen == 1 and lid >= 0 and CZ_LEN[lid] > 0:
                return _cz4_chain(kt, sw, level, trump, buf, lid, n)
            if chosen == 2 and sw[SW_JJ4_FOLLOW_SOURCE] != V_JJ4_FOLLOW_SOURCE_LINE76 and lid >= 0:
                n_rows = jj4_rows_nb(sw, buf, lid)
                if n_rows > 0:
                    err = _first_row(kt, sw, level, trump, buf, n_rows, n)
                    if err < 0:
                        return err
                    return RULE_FOLLOW_5 + JJ_RULE[lid] - 5
    if n_units > 1 and reading_nb(sw, SW_TRACTOR_OBLIGATION) == V_TRACTOR_OBLIGATION_MAXIMIZE:
        err = throw_obligation_nb(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n)
        if err < 0:
            return err
        return RULE_THROW_5_DEF_8
    n_rows = structure_rows_nb(sw, buf, n_units, unit_w, unit_len)
    if n_rows < 0:
        return n_rows
    err = _first_row(kt, sw, level, trump, buf, n_rows, n)
    if err < 0:
        return err
    if n_units > 1:
        return RULE_THROW_5_DEF_8
    if policy == V_FOLLOW_POLICY_TRACTOR_PAIRS:
        return RULE_FOLLOW_3
    return RULE_DEF_5
