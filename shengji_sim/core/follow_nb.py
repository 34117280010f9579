"""Numba kernels for legal follows (FOLLOW-1..12, DEF-5, DEF-8, AMB-11..19, AMB-37, AMB-41,
OTH-5..7): the same families, count, listing order and nth play as
:mod:`shengji_sim.rules.follow`.

Representation
--------------
Inputs follow ``.core_contract.md``: ``kt`` (:class:`~shengji_sim.core.tables.KernelTables`),
``sw`` (switches, :mod:`.switches`), ``level``, ``trump``, the lead as a count vector
``lead_counts[54]`` plus its canonical units (``n_units``, ``unit_w``, ``unit_len``,
``unit_kinds``, from ``shapes.decompose``), the follower's whole hand ``hand_counts[54]`` and
``position`` (1..3 after the leader, AMB-37 B).

**Families.** As in the reference, every policy yields a union of families, each ``fixed``
cards plus any ``free`` cards from ``pool``. :func:`follow_options_nb` writes them into the
caller's :class:`FollowBuffers` (``fam_fixed[f, 54]``, ``fam_pool[f, 54]``, ``fam_free[f]``)
and returns ``(n_families, rule)``; ``rule`` is a ``RULE_*`` code (:data:`RULE_NAMES` gives
the reference's rule string) or a negative ``ERR_*`` code (then ``n_families`` is 0).
Families of the shape rules all lie inside the led-group holding and have
``pool = holding - fixed``, ``free = n - |fixed|``; they are identified by ``fam_key``, the
mixed-radix number of ``fixed`` (below), and stored once (the reference's ``dict.fromkeys``).

**Listing order.** The reference lists plays as strongest-first card sequences sorted
lexicographically; for equal-size multisets that is the count vector, read in ``kt.order``
(strongest first), compared lexicographically with *more* copies first. Inside one holding a
play is therefore the number ``key = sum(count[k] * weight[k])`` with mixed radix
``holding[k] + 1`` per kind, strongest kind most significant: descending keys are the
listing order. One family is counted by a polynomial product and unranked directly
(``nth_multiset``); several are materialised as keys into ``buf.keys``, sorted and deduped
(``_enumerate``). ``ERR_TOO_MANY_*`` reports a full buffer (sizes are arguments of
:func:`make_buffers`).

**Tables.** The JJ4 tables (FOLLOW-5..10, with AMB-11 and AMB-41 variants) and the CZ4 chains
(FOLLOW-4) of :mod:`shengji_sim.rules.tables` are constant arrays built from that module at
import: ``JJ_*[lead, two_quads, pairtractor, row, alternative, pattern]``, ``CZ_*[lead, i]``.
A pattern is ``(width, length)``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit

from shengji_sim.cards import N_KINDS, TRUMP
from shengji_sim.core.bits_nb import cards_in_nb, lowest_bit_nb, popcount_nb
from shengji_sim.core.deal_nb import random_multiset_nb
from shengji_sim.core.rng_nb import below_nb
from shengji_sim.core.shapes_nb import supplies as _supplies  # AMB-17
from shengji_sim.core.switches import (
    NA,
    SW_CZ4_CHAIN_SEMANTICS,
    SW_FOLLOW_POLICY,
    SW_JJ4_FOLLOW_SOURCE,
    SW_JJ4_LINE40,
    SW_LONGER_TUPLES,
    SW_MIXED_WIDTH_RUNS,
    SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR,
    SW_QUAD_LEAD_TABLE,
    SW_QUADTRACTOR_LEAD_TABLE,
    SW_RUFF_CONDITION,
    SW_SHAPE_OBLIGATION,
    SW_SPLIT_SETS,
    SW_TRACTOR_OBLIGATION,
    SW_TRACTOR_UNITS,
    SW_TRIPLETRACTOR_LEAD_TABLE,
    SW_TWO_QUADS_ADJACENT,
    V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY,
    V_FOLLOW_POLICY_CZ4_CHAINS,
    V_FOLLOW_POLICY_JJ4_TABLES,
    V_FOLLOW_POLICY_SUIT_ONLY,
    V_FOLLOW_POLICY_TRACTOR_PAIRS,
    V_JJ4_FOLLOW_SOURCE_LINE76,
    V_JJ4_LINE40_LITERAL,
    V_LONGER_TUPLES_PROTECTED,
    V_MIXED_WIDTH_RUNS_YES,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST,
    V_QUAD_LEAD_TABLE_JJ4,
    V_QUADTRACTOR_LEAD_TABLE_JJ4,
    V_RUFF_CONDITION_SHAPE_MISSING,
    V_SHAPE_OBLIGATION_NONE,
    V_SPLIT_SETS_YES,
    V_TRACTOR_OBLIGATION_MAXIMIZE,
    V_TRACTOR_OBLIGATION_SAME_LENGTH_ONLY,
    V_TRIPLETRACTOR_LEAD_TABLE_JJ4,
    reading_nb,
)
from shengji_sim.rules.follow import chain_rows_for
from shengji_sim.rules.follow_tables import CZ4_CHAINS, QT, T2, T3, T4, TT, Q, jj4_table
from shengji_sim.variant import SCHEMA

# ------------------------------------------------------------------------------ codes

RULE_NAMES: tuple[str, ...] = (
    "FOLLOW-1", "FOLLOW-2", "AMB-37 B", "AMB-19 B", "OTH-6 B", "OTH-7 B", "AMB-11",
    "FOLLOW-4", "FOLLOW-4/AMB-15 B", "FOLLOW-3", "DEF-5", "THROW-5/DEF-8",
    "FOLLOW-5", "FOLLOW-6", "FOLLOW-7", "FOLLOW-8", "FOLLOW-9", "FOLLOW-10",
)
RULE_FOLLOW_1 = 0
RULE_FOLLOW_2 = 1
RULE_AMB_37_B = 2
RULE_AMB_19_B = 3
RULE_OTH_6_B = 4
RULE_OTH_7_B = 5
RULE_AMB_11 = 6
RULE_FOLLOW_4 = 7
RULE_FOLLOW_4_AMB_15_B = 8
RULE_FOLLOW_3 = 9
RULE_DEF_5 = 10
RULE_THROW_5_DEF_8 = 11
RULE_FOLLOW_5 = 12  #: FOLLOW-5..10 are RULE_FOLLOW_5 + table number - 1

ERR_MIXED_LEAD = -1  #: the lead mixes follow groups (DEF-27)
ERR_EMPTY_LEAD = -2
ERR_SHORT_HAND = -3  #: the hand has fewer cards than the lead
ERR_TOO_MANY_FAMILIES = -4  #: buf.fam_* is full
ERR_TOO_MANY_PLAYS = -5  #: buf.keys is full (the reference's MAX_MATERIALIZED analogue)
ERR_TOO_MANY_ALTERNATIVES = -6  #: buf.alt_* is full (DEF-5 candidates)
ERR_TOO_DEEP = -7  #: more patterns in one alternative than buf.s_* holds
ERR_KEY_OVERFLOW = -8  #: the holding's mixed radix does not fit in int64
ERR_INDEX = -9  #: nth index out of range
ERR_TOO_MANY_TRACTORS = -10
ERR_LEAD_TOO_LONG = -11

ERROR_NAMES: dict[int, str] = {
    ERR_MIXED_LEAD: "lead mixes suits (DEF-27)",
    ERR_EMPTY_LEAD: "empty lead",
    ERR_SHORT_HAND: "hand has fewer cards than the lead",
    ERR_TOO_MANY_FAMILIES: "family buffer full",
    ERR_TOO_MANY_PLAYS: "play-key buffer full",
    ERR_TOO_MANY_ALTERNATIVES: "alternative buffer full",
    ERR_TOO_DEEP: "pattern stack full",
    ERR_KEY_OVERFLOW: "holding radix overflows int64",
    ERR_INDEX: "index out of range",
    ERR_TOO_MANY_TRACTORS: "tractor buffer full",
    ERR_LEAD_TOO_LONG: "lead longer than the unranking table",
}

# ----------------------------------------------------------------------- constant tables

_LEADS = (T2, Q, T3, TT, QT, T4)  #: lead ids 0..5 of the table arrays
_JJ_RULE = {T4: 5, QT: 6, T3: 7, TT: 8, Q: 9, T2: 10}


def _build_jj4():
    two_quads = SCHEMA["two_quads_adjacent"].allowed
    choices = SCHEMA["pairtractor_lead_vs_tripletractor"].allowed
    shape = (len(_LEADS), len(two_quads), len(choices))
    tables = {}
    max_rows = max_alts = max_pats = 1
    for i, lead in enumerate(_LEADS):
        for j, tq in enumerate(two_quads):
            for c, ch in enumerate(choices):
                rows = jj4_table(lead, tq, ch)
                tables[i, j, c] = rows
                max_rows = max(max_rows, len(rows))
                for row in rows:
                    max_alts = max(max_alts, len(row.alternatives))
                    for alt in row.alternatives:
                        max_pats = max(max_pats, len(alt))
    nrows = np.zeros(shape, np.int32)
    nalt = np.zeros(shape + (max_rows,), np.int32)
    npat = np.zeros(shape + (max_rows, max_alts), np.int32)
    pw = np.zeros(shape + (max_rows, max_alts, max_pats), np.int8)
    pk = np.zeros(shape + (max_rows, max_alts, max_pats), np.int8)
    for (i, j, c), rows in tables.items():
        nrows[i, j, c] = len(rows)
        for r, row in enumerate(rows):
            nalt[i, j, c, r] = len(row.alternatives)
            for a, alt in enumerate(row.alternatives):
                npat[i, j, c, r, a] = len(alt)
                for p, (w, k) in enumerate(alt):
                    pw[i, j, c, r, a, p] = w
                    pk[i, j, c, r, a, p] = k
    rule = np.array([_JJ_RULE[lead] for lead in _LEADS], np.int32)
    return nrows, nalt, npat, pw, pk, rule


def _build_cz4():
    n = max(len(chain) for chain, _line in CZ4_CHAINS.values())
    length = np.zeros(len(_LEADS), np.int32)
    cw = np.zeros((len(_LEADS), n), np.int8)
    ck = np.zeros((len(_LEADS), n), np.int8)
    for i, lead in enumerate(_LEADS):
        if lead in CZ4_CHAINS:
            chain, _line = CZ4_CHAINS[lead]
            length[i] = len(chain)
            for e, (w, k) in enumerate(chain):
                cw[i, e] = w
                ck[i, e] = k
    return length, cw, ck


def _build_cz4_rows():
    """CZ4 chains as ranked rows (``follow.chain_rows_for``), for chain shapes inside a
    throw: ``CZR_*[lead, semantics, head, row, alternative, pattern]``; ``head`` 0 none,
    1 AMB-11 choice, 2 AMB-11 triple_first (3-pair tractor leads only)."""
    semantics = SCHEMA["cz4_chain_semantics"].allowed
    heads = (None, "choice", "triple_first")
    tables = {}
    for i, lead in enumerate(_LEADS):
        if lead not in CZ4_CHAINS:
            continue
        for j, sem in enumerate(semantics):
            for h, head in enumerate(heads):
                tables[i, j, h] = chain_rows_for(lead, sem, head if lead == T3 else None)
    max_rows = max(len(rows) for rows in tables.values())
    max_alts = max(len(row) for rows in tables.values() for row in rows)
    max_pats = max(1, max(len(alt) for rows in tables.values() for row in rows for alt in row))
    shape = (len(_LEADS), len(semantics), len(heads))
    nrows = np.zeros(shape, np.int32)
    nalt = np.zeros(shape + (max_rows,), np.int32)
    npat = np.zeros(shape + (max_rows, max_alts), np.int32)
    pw = np.zeros(shape + (max_rows, max_alts, max_pats), np.int8)
    pk = np.zeros(shape + (max_rows, max_alts, max_pats), np.int8)
    for (i, j, h), rows in tables.items():
        nrows[i, j, h] = len(rows)
        for r, row in enumerate(rows):
            nalt[i, j, h, r] = len(row)
            for a, alt in enumerate(row):
                npat[i, j, h, r, a] = len(alt)
                for p, (w, k) in enumerate(alt):
                    pw[i, j, h, r, a, p] = w
                    pk[i, j, h, r, a, p] = k
    return nrows, nalt, npat, pw, pk


JJ_NROWS, JJ_NALT, JJ_NPAT, JJ_PW, JJ_PK, JJ_RULE = _build_jj4()
CZ_LEN, CZ_W, CZ_K = _build_cz4()
CZR_NROWS, CZR_NALT, CZR_NPAT, CZR_PW, CZR_PK = _build_cz4_rows()

# ---------------------------------------------------------------------------- buffers

MAX_DEPTH = 64  #: patterns per alternative, CZ4 greedy depth
MAX_N = 64  #: lead size bound of the unranking table
#: ``RADIX_LIMIT[c]``: the largest weight that may still be multiplied by ``c + 1`` (a table
#: instead of a 64-bit division per held kind in :func:`_holding_weights`)
RADIX_LIMIT = np.array([(1 << 62) // (c + 1) for c in range(128)], np.int64)
STATE_GEN = 0  #: hash generation counter
STATE_N = 1  #: lead size of the last obligation
STATE_NFAM = 2
STATE_NKEYS = 3  #: distinct play keys materialised (-1: not yet)
STATE_TR = 4  #: 1 when buf.trf holds the holding's tractors
STATE_SPLIT = 5
STATE_NALT = 6
STATE_TRW = 8  #: ``sw[SW_TRACTOR_UNITS]``: bit w set = width-w tractors exist (COMBO-5)
STATE_ROW = 9  #: 1-based row of the first realizable row (``Obligation.row``), 0 if none
STATE_WAYS = 10  #: 1 + kinds of buf.ways / ukind / ucap for family 0 when valid, else 0


class FollowBuffers(NamedTuple):
    """Caller-owned outputs and scratch of the follow kernels (see :func:`make_buffers`)."""

    fam_fixed: np.ndarray  # int8[F, 54]
    fam_pool: np.ndarray  # int8[F, 54]
    fam_free: np.ndarray  # int32[F]
    fam_key: np.ndarray  # int64[F]
    ht: np.ndarray  # int32[H] family hash table (index + 1), H = power of 2 >= 2F
    ht_gen: np.ndarray  # int64[H] generation stamps (no clearing per call)
    state: np.ndarray  # int64[16]
    keys: np.ndarray  # int64[P] materialised play keys
    weight: np.ndarray  # int64[54] mixed radix of the holding (0 outside it)
    hold: np.ndarray  # int16[54] led-group holding
    work: np.ndarray  # int16[54] DFS counts
    trf: np.ndarray  # int32[T] tractor indices supplied by the holding (width >= 2)
    trs: np.ndarray  # int32[16] trf offsets by tractor length
    s_cur: np.ndarray  # int32[D] DFS cursors
    s_unit: np.ndarray  # int32[D]
    s_app: np.ndarray  # int8[D]
    s_elem: np.ndarray  # int32[D]
    s_m: np.ndarray  # int32[D + 1]
    s_need: np.ndarray  # int32[D + 1]
    pw: np.ndarray  # int8[D] current pattern list
    pk: np.ndarray  # int8[D]
    alt_w: np.ndarray  # int8[A, D] DEF-5 / table alternatives
    alt_k: np.ndarray  # int8[A, D]
    alt_n: np.ndarray  # int32[A]
    alt_score: np.ndarray  # int64[A]
    alt_order: np.ndarray  # int32[A]
    row_start: np.ndarray  # int32[A + 1]
    ways: np.ndarray  # int64[55, MAX_N + 1]
    ukind: np.ndarray  # int16[54]
    ucap: np.ndarray  # int16[54]
    ucnt: np.ndarray  # int16[54]
    # a throw's component rows (THROW-5, DEF-5): component c's rows are the global rows
    # c_first[c] .. c_first[c] + c_nrows[c] - 1; global row g's alternatives are
    # g_alt0[g] .. g_alt0[g] + g_nalt[g] - 1 of ga_w / ga_k / ga_n
    c_first: np.ndarray  # int32[D]
    c_nrows: np.ndarray  # int32[D]
    c_pick: np.ndarray  # int32[D] chosen row offset per component
    c_row: np.ndarray  # int32[D] scratch: a row offset per component (OTH-5 B walk)
    c_tight: np.ndarray  # int8[D] scratch: the walk's prefix equals the chosen rows
    c_alt: np.ndarray  # int32[D] scratch: alternative odometer
    g_alt0: np.ndarray  # int32[A]
    g_nalt: np.ndarray  # int32[A]
    ga_w: np.ndarray  # int8[A, D]
    ga_k: np.ndarray  # int8[A, D]
    ga_n: np.ndarray  # int32[A]


def make_buffers(max_families: int = 4096, max_plays: int = 1 << 18,
                 max_alternatives: int = 4096, max_tractors: int = 1024) -> FollowBuffers:
    """Allocate one set of buffers (reuse it for every call of one thread)."""
    return alloc_buffers_nb(max_families, max_plays, max_alternatives, max_tractors)


@njit(cache=True, _nrt=True)
def alloc_buffers_nb(max_families, max_plays, max_alternatives, max_tractors):
    """:class:`FollowBuffers` of the given sizes (also callable from kernels)."""
    h = 1
    while h < 2 * max_families:
        h *= 2
    d, a = MAX_DEPTH, max_alternatives
    return FollowBuffers(
        np.zeros((max_families, N_KINDS), np.int8), np.zeros((max_families, N_KINDS), np.int8),
        np.zeros(max_families, np.int32), np.zeros(max_families, np.int64),
        np.zeros(h, np.int32), np.full(h, -1, np.int64), np.zeros(16, np.int64),
        np.zeros(max_plays, np.int64), np.zeros(N_KINDS, np.int64),
        np.zeros(N_KINDS, np.int16), np.zeros(N_KINDS, np.int16),
        np.zeros(max_tractors, np.int32), np.zeros(16, np.int32),
        np.zeros(d, np.int32), np.zeros(d, np.int32), np.zeros(d, np.int8),
        np.zeros(d, np.int32), np.zeros(d + 1, np.int32), np.zeros(d + 1, np.int32),
        np.zeros(d, np.int8), np.zeros(d, np.int8),
        np.zeros((a, d), np.int8), np.zeros((a, d), np.int8), np.zeros(a, np.int32),
        np.zeros(a, np.int64), np.zeros(a, np.int32), np.zeros(a + 1, np.int32),
        np.zeros((N_KINDS + 1, MAX_N + 1), np.int64), np.zeros(N_KINDS, np.int16),
        np.zeros(N_KINDS, np.int16), np.zeros(N_KINDS, np.int16),
        np.zeros(d, np.int32), np.zeros(d, np.int32), np.zeros(d, np.int32),
        np.zeros(d, np.int32), np.zeros(d, np.int8), np.zeros(d, np.int32),
        np.zeros(a, np.int32), np.zeros(a, np.int32), np.zeros((a, d), np.int8),
        np.zeros((a, d), np.int8), np.zeros(a, np.int32),
    )


# ------------------------------------------------------------------------- small helpers


@njit(cache=True, inline="always")
def _lead_id(w, k):
    if w == 2 and k == 2:
        return 0
    if w == 4 and k == 1:
        return 1
    if w == 2 and k == 3:
        return 2
    if w == 3 and k == 2:
        return 3
    if w == 4 and k == 2:
        return 4
    if w == 2 and k == 4:
        return 5
    return -1


@njit(cache=True, _nrt=False)
def _sort_patterns(n, pw, pk):
    """``realizations`` order: larger size, then wider, then longer first (insertion sort)."""
    for i in range(1, n):
        w = pw[i]
        k = pk[i]
        j = i - 1
        while j >= 0:
            a = pw[j] * pk[j]
            if a > w * k or (a == w * k and (pw[j] > w or (pw[j] == w and pk[j] >= k))):
                break
            pw[j + 1] = pw[j]
            pk[j + 1] = pk[j]
            j -= 1
        pw[j + 1] = w
        pk[j + 1] = k


@njit(cache=True, inline="always")
def _prepare_tractors(kt, level, trump, buf):
    """buf.trf: tractor runs whose kinds the holding has at least twice, grouped by length
    (``tr_*`` order is by length, then ``tractor_kinds`` order, so filtering keeps it)."""
    if buf.state[STATE_TR] == 1:
        return 0
    return _prepare_tractors_core(kt.tr_len[level, trump], kt.tr_mask[level, trump],
                                  kt.tr_closed[level, trump] == 1, kt.ntr[level, trump],
                                  buf.hold, buf.trf, buf.trs, buf.state)


@njit(cache=True, _nrt=False)
def _prepare_tractors_core(tr_len, tr_mask, closed, ntr, hold, trf, trs, state):
    """:func:`_prepare_tractors` on the arrays it reads (a call that does not pass every
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
def _apply(trk, work, w, k, unit, sign):
    if k == 1:
        work[unit] -= sign * w
    else:
        for i in range(k):
            work[trk[unit, i]] -= sign * w


@njit(cache=True, inline="always")
def _next_instance(trk, state, trf, trs, work, w, k, split, start, floor):
    """The first instance of pattern (w, k) at cursor >= ``start`` (``instances`` order) that
    is not below ``floor`` (-1: none). Returns (cursor, unit) or (-1, -1)."""
    if k == 1:
        s = start
        if floor > s:
            s = floor
        for kk in range(s, N_KINDS):
            if _supplies(work[kk], w, split):
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
            if not _supplies(work[trk[t, i]], w, split):
                ok = False
                break
        if ok and (floor < 0 or not _tr_less(trk, t, floor, k)):
            return np.int64(j - lo), np.int64(t)
        j += 1
    return np.int64(-1), np.int64(-1)


# ------------------------------------------------------------------------------ families


@njit(cache=True, inline="always")
def _emit_holding_family(buf, n):
    """Store the family ``fixed = hold - work``, ``pool = work``, ``free = n - |fixed|``,
    once (keyed by the mixed radix of ``fixed``). Returns 0 or an error code."""
    return _emit_holding(buf.hold, buf.work, buf.weight, buf.ht, buf.ht_gen, buf.state,
                         buf.fam_fixed, buf.fam_pool, buf.fam_free, buf.fam_key, n)


@njit(cache=True, inline="always")
def _emit_holding(hold, work, weight, ht, ht_gen, state, fam_fixed, fam_pool, fam_free,
                  fam_key, n):
    """:func:`_emit_holding_family` on the arrays it uses."""
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
def _emit_family(buf, fixed, pool, free):
    """Store a family given by arrays (FOLLOW-1/2, AMB-19 B, AMB-37 B: always alone)."""
    nf = buf.state[STATE_NFAM]
    for kk in range(N_KINDS):
        buf.fam_fixed[nf, kk] = fixed[kk]
        buf.fam_pool[nf, kk] = pool[kk]
    buf.fam_free[nf] = free
    buf.fam_key[nf] = 0
    buf.state[STATE_NFAM] = nf + 1


@njit(cache=True, inline="always")
def _realize(kt, level, trump, buf, npat, split, emit, n):
    """``realizations`` of buf.pw/pk[:npat] (sorted) from buf.work (= the holding on entry,
    restored on exit). ``emit``: store every realization as a family (returns 0 or an error);
    else return 1 if one exists, 0 if not."""
    if npat > MAX_DEPTH:
        return ERR_TOO_DEEP
    for i in range(npat - 1, -1, -1):
        if buf.pk[i] >= 2 and buf.state[STATE_TR] == 0:
            err = _prepare_tractors(kt, level, trump, buf)
            if err:
                return err
    return _realize_core(kt.tr_kinds[level, trump], buf.pw, buf.pk, buf.work, buf.s_need,
                         buf.s_cur, buf.s_unit, buf.s_app, buf.trf, buf.trs, buf.hold,
                         buf.weight, buf.ht, buf.ht_gen, buf.state, buf.fam_fixed, buf.fam_pool,
                         buf.fam_free, buf.fam_key, npat, split, emit, n)


@njit(cache=True, _nrt=False)
def _realize_core(trk, pw, pk, work, need, cur, unit, app, trf, trs, hold, weight, ht, ht_gen,
                  state, fam_fixed, fam_pool, fam_free, fam_key, npat, split, emit, n):
    """:func:`_realize` on the arrays it uses (tractors prepared)."""
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
                        _apply(trk, work, pw[i], pk[i], unit[i], -1)
                    return err
            else:
                for i in range(npat):
                    _apply(trk, work, pw[i], pk[i], unit[i], -1)
                return 1
            found_any = 1
            d -= 1
            continue
        w = pw[d]
        k = pk[d]
        if app[d]:
            _apply(trk, work, w, k, unit[d], -1)
            left += w * k
            app[d] = 0
        pos = -1
        u = -1
        if need[d] <= left:
            floor = -1
            if d > 0 and pw[d - 1] == w and pk[d - 1] == k:
                floor = unit[d - 1]
            pos, u = _next_instance(trk, state, trf, trs, work, w, k, split, cur[d], floor)
        if pos < 0:
            d -= 1
            continue
        cur[d] = pos + 1
        unit[d] = u
        app[d] = 1
        _apply(trk, work, w, k, u, 1)
        left -= w * k
        d += 1
        if d < npat:
            cur[d] = 0
            app[d] = 0
    if emit:
        return 0
    return found_any


@njit(cache=True, inline="always")
def _load_one(buf, w, k):
    buf.pw[0] = w
    buf.pk[0] = k
    return 1


# ------------------------------------------------------------------- FOLLOW-1 / FOLLOW-2


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
            _emit_family(buf, hold, plain, n)  # hold is all zero here
        else:
            for kk in range(N_KINDS):
                rest[kk] -= plain[kk]
            _emit_family(buf, plain, rest, n - nplain)
        return RULE_AMB_37_B
    _emit_family(buf, hold, rest, n - nh)
    if nh:
        return RULE_FOLLOW_1
    return RULE_FOLLOW_2


# -------------------------------------------------------------------------- first row


@njit(cache=True, inline="always")
def _load_alt(buf, a):
    npat = buf.alt_n[a]
    for i in range(npat):
        buf.pw[i] = buf.alt_w[a, i]
        buf.pk[i] = buf.alt_k[a, i]
    return npat


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
            npat = _load_alt(buf, buf.alt_order[j])
            res = _realize(kt, level, trump, buf, npat, ob_split, False, n)
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
                npat = _load_alt(buf, buf.alt_order[j])
                err = _realize(kt, level, trump, buf, npat, fam_split, True, n)
                if err < 0:
                    return err
        return 0
    return 0  # unreachable: the last row (singles) is always realizable


@njit(cache=True, inline="always")
def _jj4_rows(sw, buf, lid):
    """Load a JJ4 table (FOLLOW-5..10; AMB-41 and AMB-11 pick the variant) as rows."""
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
            _sort_patterns(npat, buf.alt_w[a], buf.alt_k[a])
            buf.alt_order[a] = a
            a += 1
    buf.row_start[n_rows] = a
    return n_rows


# ----------------------------------------------------------------- DEF-5 structure rows


@njit(cache=True, inline="always")
def _score_code(prefix, a, b, c, d):
    return (((prefix * 64 + a) * 64 + b) * 64 + c) * 64 + d


@njit(cache=True, inline="always")
def _structure_rows(sw, buf, n_units, unit_w, unit_len):
    """DEF-5 / FOLLOW-3 / AMB-16 candidates (``_structure_rows``) grouped into rows by
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
                        _sort_patterns(npat, aw, ak)
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


# ------------------------------------------------------------------- OTH-7 mixed runs


@njit(cache=True, inline="always")
def _mixed_width(kt, sw, level, trump, buf, w, k, n):
    """OTH-7 B: after a triple/quad-tractor lead not held exactly, a run of adjacent sets
    of mixed widths is owed. Returns the number of families added (0: does not apply)."""
    if w < 3 or k < 2:
        return 0
    split = buf.state[STATE_SPLIT] == 1
    _load_one(buf, w, k)
    res = _realize(kt, level, trump, buf, 1, split, False, n)
    if res != 0:
        return res if res < 0 else 0
    if w == 4 and k == 2 and _table_family(sw, 4, 2) == 2:
        buf.pw[0] = 4
        buf.pk[0] = 1
        buf.pw[1] = 4
        buf.pk[1] = 1
        res = _realize(kt, level, trump, buf, 2, split, False, n)
        if res != 0:
            return res if res < 0 else 0
    err = _prepare_tractors(kt, level, trump, buf)
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
            err = _emit_holding_family(buf, n)
            for i in range(k):
                kk = kt.tr_kinds[level, trump, t, i]
                work[kk] = hold[kk]
            if err:
                return err
            added += 1
    return added


# ------------------------------------------------------------------------- CZ4 chains


@njit(cache=True, inline="always")
def _table_family(sw, w, k):
    """Which seed's table governs a lead (``_table_family``): 0 none, 1 cz4, 2 jj4."""
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


@njit(cache=True, inline="always")
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
            _load_one(buf, 2 + a, 3 - a)
            res = _realize(kt, level, trump, buf, 1, split, False, n)
            if res < 0:
                return res
            hit = hit or res == 1
        if hit:
            for a in range(first, 2):
                _load_one(buf, 2 + a, 3 - a)
                err = _realize(kt, level, trump, buf, 1, split, True, n)
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
            _load_one(buf, w, k)
            res = _realize(kt, level, trump, buf, 1, split, False, n)
            if res < 0:
                return res
            if res == 1:
                err = _realize(kt, level, trump, buf, 1, split, True, n)
                if err < 0:
                    return err
                return RULE_FOLLOW_4_AMB_15_B
        err = _emit_holding_family(buf, n)
        if err < 0:
            return err
        return RULE_FOLLOW_4_AMB_15_B
    err = _greedy(kt, level, trump, buf, lid, n, split)
    if err < 0:
        return err
    return RULE_FOLLOW_4


@njit(cache=True, inline="always")
def _greedy(kt, level, trump, buf, lid, n, split):
    """AMB-15 A: take the highest-priority element that fits and can be formed, every way;
    repeat; a leaf (nothing fits) is a family. Explicit stack instead of recursion."""
    nchain = CZ_LEN[lid]
    for e in range(nchain):
        if CZ_K[lid, e] >= 2:
            err = _prepare_tractors(kt, level, trump, buf)
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
                pos, u = _next_instance(trk, buf.state, buf.trf, buf.trs, work, w, k, split,
                                        0, -1)
                if pos >= 0:
                    chosen = e
                    break
            if chosen == -2:
                err = _emit_holding_family(buf, n)  # free = m[d]
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
            _apply(trk, work, w, k, unit[d], -1)
            app[d] = 0
        pos, u = _next_instance(trk, buf.state, buf.trf, buf.trs, work, w, k, split, cur[d], -1)
        if pos < 0:
            d -= 1
            continue
        if d + 1 >= MAX_DEPTH:
            return ERR_TOO_DEEP
        cur[d] = pos + 1
        unit[d] = u
        app[d] = 1
        _apply(trk, work, w, k, u, 1)
        m[d + 1] = m[d] - w * k
        d += 1
        elem[d] = -1
        app[d] = 0
    return 0


# -------------------------------------------------------------------------- obligation


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
            _sort_patterns(n_units, buf.pw, buf.pk)
            res = _realize(kt, level, trump, buf, n_units, split, False, n)
        if res < 0:
            return 0, res
        if res == 0:
            for kk in range(N_KINDS):
                work[kk] = 0
            _emit_family(buf, work, hand_counts, n)
            return 1, RULE_AMB_19_B
    if nh <= n:
        rule = _follow_suit_and_fill(kt, sw, level, trump, lead_kind, hand_counts, n,
                                     position, buf)
        return 1, rule
    err = _holding_weights(cls, kt.cls_n[level, trump, lead_kind], buf)
    if err:
        return 0, err
    policy = sw[SW_FOLLOW_POLICY]
    no_shape = sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE
    if singles or no_shape or policy == V_FOLLOW_POLICY_SUIT_ONLY:  # fast path, no shapes
        err = _emit_holding_family(buf, n)
        if err:
            return 0, err
        return 1, RULE_OTH_6_B if no_shape else RULE_FOLLOW_1
    rule = _shape_obligation(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n)
    if rule < 0:
        return 0, rule
    return state[STATE_NFAM], rule


@njit(cache=True, inline="always")
def _holding_weights(cls, n_cls, buf):
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


@njit(cache=True, inline="always")
def _shape_obligation(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n):
    """Enough led-suit cards: the policy decides which structure must be played."""
    policy = sw[SW_FOLLOW_POLICY]
    if sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE or policy == V_FOLLOW_POLICY_SUIT_ONLY:
        err = _emit_holding_family(buf, n)
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
        err = _emit_holding_family(buf, n)
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
            chosen = _table_family(sw, w, k)
            lid = _lead_id(w, k)
            if chosen == 1 and lid >= 0 and CZ_LEN[lid] > 0:
                return _cz4_chain(kt, sw, level, trump, buf, lid, n)
            if chosen == 2 and sw[SW_JJ4_FOLLOW_SOURCE] != V_JJ4_FOLLOW_SOURCE_LINE76 and lid >= 0:
                n_rows = _jj4_rows(sw, buf, lid)
                if n_rows > 0:
                    err = _first_row(kt, sw, level, trump, buf, n_rows, n)
                    if err < 0:
                        return err
                    return RULE_FOLLOW_5 + JJ_RULE[lid] - 5
    if n_units > 1 and reading_nb(sw, SW_TRACTOR_OBLIGATION) == V_TRACTOR_OBLIGATION_MAXIMIZE:
        err = _throw_obligation(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n)
        if err < 0:
            return err
        return RULE_THROW_5_DEF_8
    n_rows = _structure_rows(sw, buf, n_units, unit_w, unit_len)
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


# ------------------------------------------------------ DEF-5: following a throw (THROW-5)


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
def _component_rows(sw, buf, unit_w, unit_len, c, g, a):
    """``follow.component_rows`` of unit ``c`` (``unit_w[c]``, ``unit_len[c]``) into the
    global rows from ``g`` and alternatives from ``a``: the CZ4 chain as rows
    (``CZR_*``), the JJ4 table, or the DEF-5 rows of the unit alone. Returns
    ``(rows, next alternative index)``; rows < 0 is an error code."""
    w = unit_w[c]
    k = unit_len[c]
    chosen = _table_family(sw, w, k) if w >= 2 else 0
    lid = _lead_id(w, k)
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
        n_rows = _jj4_rows(sw, buf, lid)
    else:
        n_rows = _structure_rows(sw, buf, 1, unit_w[c:c + 1], unit_len[c:c + 1])
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
    _sort_patterns(npat, buf.pw, buf.pk)
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
        res = _realize(kt, level, trump, buf, npat, split, emit, n)
        if res < 0:
            return res
        if res == 1 and not emit:
            return 1
        if not _next_alternatives(buf, m, rows):
            return 0


@njit(cache=True, _nrt=False)
def _throw_obligation(kt, sw, level, trump, buf, n_units, unit_w, unit_len, n):
    """``follow._throw_obligation`` (THROW-5, DEF-5 under AMB-16 A): each component that is
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
        rows, a = _component_rows(sw, buf, unit_w, unit_len, u, g, a)
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


# --------------------------------------------------------------------------- counting


@njit(cache=True, inline="always")
def _single_ways(kt, level, trump, buf, f):
    """Fill buf.ways for family f's pool (kinds strongest first); returns the kind count."""
    pool = buf.fam_pool[f]
    free = buf.fam_free[f]
    nk = 0
    kind_at = kt.kind_at[level, trump]
    ukind = buf.ukind
    ucap = buf.ucap
    for i in range(N_KINDS):  # compaction without a branch per kind (ukind has 54 slots)
        kk = kind_at[i]
        c = pool[kk]
        ukind[nk] = kk
        ucap[nk] = c
        nk += c > 0
    ways = buf.ways
    for m in range(free + 1):
        ways[nk, m] = 0
    ways[nk, 0] = 1
    for i in range(nk - 1, -1, -1):
        c = buf.ucap[i]
        for m in range(free + 1):
            s = 0
            for j in range(min(c, m) + 1):
                s += ways[i + 1, m - j]
            ways[i, m] = s
    return nk


@njit(cache=True, _nrt=True)
def _materialize(kt, level, trump, buf, n_fam):
    """Distinct play keys of the union of families, in buf.keys, descending (the listing
    order). Returns their number or an error code."""
    keys = buf.keys
    cap = keys.shape[0]
    nkeys = 0
    buf.state[STATE_WAYS] = 0  # ukind / ucap are reused below
    weight = buf.weight
    cnt = buf.ucnt
    for f in range(n_fam):
        free = buf.fam_free[f]
        base = buf.fam_key[f]
        if free == 0:
            if nkeys >= cap:
                return ERR_TOO_MANY_PLAYS
            keys[nkeys] = base
            nkeys += 1
            continue
        pool = buf.fam_pool[f]
        nk = 0
        for kk in range(N_KINDS):  # without a branch per kind
            c = pool[kk]
            buf.ukind[nk] = kk
            buf.ucap[nk] = c
            nk += c > 0
        # bounded compositions of ``free`` over the pool's kinds (any order; sorted below)
        left = free
        for i in range(nk):
            c = buf.ucap[i] if buf.ucap[i] < left else left
            cnt[i] = c
            left -= c
        if left > 0:
            continue
        while True:
            key = base
            for i in range(nk):
                key += cnt[i] * weight[buf.ukind[i]]
            if nkeys >= cap:
                return ERR_TOO_MANY_PLAYS
            keys[nkeys] = key
            nkeys += 1
            # next: the rightmost j with cnt[j] > 0 whose cards fit further right
            tail = 0
            room = 0
            j = nk - 1
            found = False
            while j >= 0:
                if cnt[j] > 0 and room >= tail + 1:
                    found = True
                    break
                tail += cnt[j]
                room += buf.ucap[j]
                j -= 1
            if not found:
                break
            cnt[j] -= 1
            left = tail + 1
            for i in range(j + 1, nk):
                c = buf.ucap[i] if buf.ucap[i] < left else left
                cnt[i] = c
                left -= c
    keys[:nkeys].sort()
    # ascending unique in place, then reverse
    u = 0
    for i in range(nkeys):
        if u == 0 or keys[u - 1] != keys[i]:
            keys[u] = keys[i]
            u += 1
    for i in range(u // 2):
        t = keys[i]
        keys[i] = keys[u - 1 - i]
        keys[u - 1 - i] = t
    buf.state[STATE_NKEYS] = u
    return u


@njit(cache=True, _nrt=False)
def options_count_nb(kt, level, trump, buf, n_fam):
    """Exact number of distinct legal follows of the families in ``buf`` (``Options.count``)."""
    if n_fam == 1:
        free = buf.fam_free[0]
        if free > MAX_N:
            return ERR_LEAD_TOO_LONG
        buf.state[STATE_WAYS] = _single_ways(kt, level, trump, buf, 0) + 1  # kept for nth
        return buf.ways[0, free]
    if buf.state[STATE_NKEYS] >= 0:
        return buf.state[STATE_NKEYS]
    return _materialize(kt, level, trump, buf, n_fam)


@njit(cache=True, _nrt=False)
def options_nth_nb(kt, level, trump, buf, n_fam, index, out_counts):
    """The ``index``-th legal follow in listing order into ``out_counts`` (``Options.nth``).
    Returns 0 or an error code."""
    if n_fam == 1:
        free = buf.fam_free[0]
        if free > MAX_N:
            return ERR_LEAD_TOO_LONG
        if buf.state[STATE_WAYS] > 0:  # the count's table is still valid
            nk = buf.state[STATE_WAYS] - 1
        else:
            nk = _single_ways(kt, level, trump, buf, 0)
            buf.state[STATE_WAYS] = nk + 1
        if index < 0 or index >= buf.ways[0, free]:
            return ERR_INDEX
        for kk in range(N_KINDS):
            out_counts[kk] = buf.fam_fixed[0, kk]
        left = free
        ways = buf.ways
        for i in range(nk):
            c = buf.ucap[i] if buf.ucap[i] < left else left
            while c >= 0:
                w = ways[i + 1, left - c]
                if index < w:
                    break
                index -= w
                c -= 1
            out_counts[buf.ukind[i]] += c
            left -= c
            if left == 0:
                break
        return 0
    nkeys = buf.state[STATE_NKEYS]
    if nkeys < 0:
        nkeys = _materialize(kt, level, trump, buf, n_fam)
        if nkeys < 0:
            return nkeys
    if index < 0 or index >= nkeys:
        return ERR_INDEX
    key = buf.keys[index]
    hold = buf.hold
    for kk in range(N_KINDS):
        out_counts[kk] = 0
    for i in range(N_KINDS):
        kk = kt.kind_at[level, trump, i]
        if hold[kk]:
            out_counts[kk] = (key // buf.weight[kk]) % (hold[kk] + 1)
    return 0


#: a class of at most this many kinds held cannot overflow the mixed radix: at most four
#: decks (DECK-2), so the radix is at most 5 ** 26 < 2 ** 61 (ERR_KEY_OVERFLOW)
SAFE_DISTINCT = 26


@njit(cache=True, _nrt=False)
def _left_to_families_nb(sw):
    """True for the readings every direct random follow below leaves to the family
    kernels: AMB-19 B (ruff when the shape is missing), OTH-6 B (no shape obligation), the
    suit-only policy."""
    return (sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING
            or sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE
            or sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_SUIT_ONLY)


@njit(cache=True, _nrt=False)
def _three_key_nb(a, b, c):
    """Three card places (``a <= b <= c``, strongest first) as one ascending key."""
    return (a * 64 + b) * 64 + c


@njit(cache=True, _nrt=False)
def random_pair_follow_nb(sw, cls, n_cls, hand, state, play):
    """``RandomPlayer.follow`` of a lead that is one pair, when the follower holds more than
    two cards of the led follow class ``cls[:n_cls]`` (``kt.cls_kinds``, strongest first):
    the play (taken from ``hand``), drawn as ``below(count)`` over the options the family
    kernels list. Returns ``(rule, row)``; rule -1 leaves the follow to them.

    A pair has no FOLLOW-4..10 table, so every policy ranks DEF-5 rows (FOLLOW-3, FOLLOW-11):
    row 1, a pair, when one is held (AMB-17: a larger set supplies one iff sets split; OTH-5
    B finds the row without splitting and then offers every pair, split or not); else row 2,
    any two cards of the class. Listed by the strongest-first card sequence. Left to the
    family kernels: AMB-19 B, OTH-6 B, the suit-only policy, a radix near overflow."""
    if _left_to_families_nb(sw):
        return -1, 0
    policy = sw[SW_FOLLOW_POLICY]
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    protected = sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED
    owed_split = split and not protected  # finding the row (OTH-5 B: never split)
    offer_split = split or protected  # the row's realizations
    held = 0
    distinct = 0
    doubles = 0
    owed = 0
    offered = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            distinct += 1
            radix *= c + 1
            doubles += c >= 2
            owed += _supplies(c, 2, owed_split)
            offered += _supplies(c, 2, offer_split)
    if held <= 2 or radix > 2.0 ** 61:
        return -1, 0
    rule = RULE_FOLLOW_3 if policy == V_FOLLOW_POLICY_TRACTOR_PAIRS else RULE_DEF_5
    for k in range(N_KINDS):
        play[k] = 0
    if owed:  # row 1: one of the pairs
        i = below_nb(state, offered)
        for j in range(n_cls):
            k = cls[j]
            if _supplies(hand[k], 2, offer_split):
                if i == 0:
                    play[k] = 2
                    hand[k] -= 2
                    return rule, 1
                i -= 1
        return -1, 0
    # row 2: any two cards; options starting with x: [x, x] if x is held twice, then [x, y]
    # for each held y listed after x
    i = below_nb(state, distinct * (distinct - 1) // 2 + doubles)
    after = distinct
    for j in range(n_cls):
        x = cls[j]
        if not hand[x]:
            continue
        after -= 1
        if hand[x] >= 2:
            if i == 0:
                play[x] = 2
                hand[x] -= 2
                return rule, 2
            i -= 1
        if i < after:
            for jj in range(j + 1, n_cls):
                y = cls[jj]
                if hand[y]:
                    if i == 0:
                        play[x] = 1
                        play[y] = 1
                        hand[x] -= 1
                        hand[y] -= 1
                        return rule, 2
                    i -= 1
        i -= after
    return -1, 0


@njit(cache=True, _nrt=False)
def random_triple_follow_nb(sw, cls, n_cls, hand, state, play, keys):
    """``RandomPlayer.follow`` of a lead that is one triple, when the follower holds more
    than three cards of the led follow class ``cls[:n_cls]`` (strongest first): the play
    (taken from ``hand``), drawn as ``below(count)`` over the options the family kernels
    list. Returns ``(rule, row)``; rule -1 leaves the follow to them (no draw).

    A triple has no FOLLOW-4..10 table (DEF-8), so every policy ranks the DEF-5 rows of
    :func:`shengji_sim.rules.follow._structure_rows`: row 1 a triple (AMB-17: a quad
    supplies one iff sets split), row 2 a pair plus any other card of the class, row 3 any
    three cards. Listed by the strongest-first card sequence: row 2's plays ``{k, k, x}``
    are keyed by their three class indices, ascending (:func:`_three_key_nb`; ``keys`` is
    scratch of at least ``n_cls * n_cls`` entries). Left to the family kernels: AMB-19 B,
    OTH-5 B, OTH-6 B, the suit-only policy, a radix near overflow, and row 3 when some kind
    is held more than once (sets not split)."""
    if _left_to_families_nb(sw) or sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED:
        return -1, 0  # ... and OTH-5 B
    policy = sw[SW_FOLLOW_POLICY]
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    held = 0
    distinct = 0
    triples = 0
    pairs = 0
    multiple = 0
    radix = 1.0
    for j in range(n_cls):
        c = hand[cls[j]]
        if c:
            held += c
            distinct += 1
            radix *= c + 1
            triples += _supplies(c, 3, split)
            pairs += _supplies(c, 2, split)
            multiple += c >= 2
    if held <= 3 or radix > 2.0 ** 61:
        return -1, 0
    if not triples and not pairs and multiple:
        return -1, 0  # row 3 over a holding with sets: the family kernels unrank it
    rule = RULE_FOLLOW_3 if policy == V_FOLLOW_POLICY_TRACTOR_PAIRS else RULE_DEF_5
    for k in range(N_KINDS):
        play[k] = 0
    if triples:  # row 1: one of the triples, strongest first
        i = below_nb(state, triples)
        for j in range(n_cls):
            k = cls[j]
            if _supplies(hand[k], 3, split):
                if i == 0:
                    play[k] = 3
                    hand[k] -= 3
                    return rule, 1
                i -= 1
        return -1, 0
    if pairs:  # row 2: a pair and one more card of the class
        m = 0
        for j in range(n_cls):
            if not _supplies(hand[cls[j]], 2, split):
                continue
            for jj in range(n_cls):
                left = hand[cls[jj]] - (2 if jj == j else 0)
                if left <= 0:
                    continue
                if j <= jj:  # the play {cls[j] x2, cls[jj]}, its class indices ascending
                    m = _insert_key_nb(keys, m, _three_key_nb(j, j, jj))
                else:
                    m = _insert_key_nb(keys, m, _three_key_nb(jj, j, j))
        _draw_key_nb(keys, m, state, cls, 3, hand, play)
        return rule, 2
    # row 3: three different kinds (all held once), in lexicographic order of the class
    i = below_nb(state, distinct * (distinct - 1) * (distinct - 2) // 6)
    chosen = 0
    left = distinct
    for j in range(n_cls):
        k = cls[j]
        if not hand[k]:
            continue
        left -= 1
        need = 2 - chosen  # cards still to choose after this one
        ways = 1  # combinations of the remaining kinds if k is taken
        for t in range(need):
            ways = ways * (left - t) // (t + 1)
        if i < ways:
            play[k] = 1
            chosen += 1
            if chosen == 3:
                break
        else:
            i -= ways
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return rule, 3


@njit(cache=True, _nrt=False)
def _insert_key_nb(keys, m, key):
    """Insert ``key`` into the ascending ``keys[:m]``; returns ``m + 1``."""
    r = m
    while r > 0 and keys[r - 1] > key:
        keys[r] = keys[r - 1]
        r -= 1
    keys[r] = key
    return m + 1


@njit(cache=True, _nrt=False)
def _four_key_nb(a, b, c, d):
    """Four card places (``a <= b <= c <= d``, strongest first) as one ascending key."""
    return ((a * 64 + b) * 64 + c) * 64 + d


@njit(cache=True, _nrt=False)
def _draw_key_nb(keys, m, state, kinds, n_cards, hand, play):
    """Option ``below(count)`` of the sorted ``keys[:m]`` (each multiset once), a key being
    ``n_cards`` places of 6 bits that ``kinds`` maps to kinds, added to ``play`` and taken
    from ``hand``."""
    n = 0
    for r in range(m):
        if r == 0 or keys[r] != keys[n - 1]:
            keys[n] = keys[r]
            n += 1
    key = keys[below_nb(state, n)]
    for i in range(n_cards):
        k = kinds[(key >> (6 * i)) & 63]
        play[k] += 1
        hand[k] -= 1


@njit(cache=True, _nrt=False)
def random_pairtractor_follow_nb(sw, kind_at, succ, cls_mask, hm, hand, state, play, keys,
                                 rest, bkinds, suf, picked):
    """``RandomPlayer.follow`` of a lead that is one 2-pair tractor, when the follower holds
    more than four cards of the led follow class (``cls_mask``, positions): the play
    (taken from ``hand``), drawn as ``below(count)`` over the options the family kernels
    list. ``hm`` are the hand's masks (:mod:`.bits_nb`), ``succ`` the tables'
    ``succ_pmask[level, trump]`` (the 2-runs). Returns ``(rule, row)``; rule -1 leaves the
    follow to them (no draw).

    The three policies rank the same kinds of play:
    * FOLLOW-4 (000 line 46, chain tractor -> pair, AMB-15 A greedy): a 2-pair tractor; else
      two pairs (a kind held four times gives both when sets split); else the one pair plus
      any two cards; else any four cards. No row.
    * FOLLOW-10 (002 lines 214-222): row 1 a 2-pair tractor or a quad, row 2 two pairs,
      row 3 a pair and two cards, row 4 any four cards.
    * DEF-5 / FOLLOW-3: the same rows without the quad (AMB-16's readings rank a lone
      tractor alike).
    Pairs and quads are supplied per AMB-17. Each row's plays are the distinct multisets of
    its realizations, listed by the strongest-first card sequence (four positions ascending
    as one key, :func:`_four_key_nb`); the free cards of row 3 and 4 are drawn as
    ``deal_nb.random_multiset_nb`` draws them. Left to the family kernels: AMB-15 B,
    AMB-19 B, OTH-5 B, OTH-6 B, the suit-only policy, a radix near overflow."""
    if _left_to_families_nb(sw) or sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED:
        return -1, 0  # ... and OTH-5 B
    policy = sw[SW_FOLLOW_POLICY]
    cz4 = policy == V_FOLLOW_POLICY_CZ4_CHAINS
    if cz4 and sw[SW_CZ4_CHAIN_SEMANTICS] == V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY:
        return -1, 0
    jj4 = (policy == V_FOLLOW_POLICY_JJ4_TABLES
           and sw[SW_JJ4_FOLLOW_SOURCE] != V_JJ4_FOLLOW_SOURCE_LINE76)
    held = hm[0] & cls_mask
    if cards_in_nb(hm, cls_mask) <= 4 or popcount_nb(held) > SAFE_DISTINCT:
        return -1, 0  # short (the caller's path) / the radix guard
    split = reading_nb(sw, SW_SPLIT_SETS) == V_SPLIT_SETS_YES
    sup = hm[1] & cls_mask  # kinds that supply a pair (AMB-17)
    if not split:
        sup &= ~hm[2]
    quads = hm[3] & cls_mask  # held four times: a quad either way (four decks at most)
    if cz4:
        rule = RULE_FOLLOW_4
    elif jj4:
        rule = RULE_FOLLOW_5 + 5  # FOLLOW-10
    elif policy == V_FOLLOW_POLICY_TRACTOR_PAIRS:
        rule = RULE_FOLLOW_3
    else:
        rule = RULE_DEF_5
    for k in range(N_KINDS):
        play[k] = 0
    m = 0
    firsts = sup  # row 1: the 2-pair tractors held (and JJ4's quads)
    while firsts:
        a = lowest_bit_nb(firsts)
        firsts &= firsts - 1
        seconds = succ[kind_at[a]] & sup
        while seconds:
            b = lowest_bit_nb(seconds)
            seconds &= seconds - 1
            lo, hi = (a, b) if a < b else (b, a)
            m = _insert_key_nb(keys, m, _four_key_nb(lo, lo, hi, hi))
    if jj4:
        q = quads
        while q:
            a = lowest_bit_nb(q)
            q &= q - 1
            m = _insert_key_nb(keys, m, _four_key_nb(a, a, a, a))
    if m:
        _draw_key_nb(keys, m, state, kind_at, 4, hand, play)
        return rule, 0 if cz4 else 1
    ks = sup  # row 2: two pairs
    while ks:
        a = lowest_bit_nb(ks)
        ks &= ks - 1
        if split and (quads >> a) & 1:
            m = _insert_key_nb(keys, m, _four_key_nb(a, a, a, a))
        ms = ks
        while ms:
            b = lowest_bit_nb(ms)
            ms &= ms - 1
            m = _insert_key_nb(keys, m, _four_key_nb(a, a, b, b))
    if m:
        _draw_key_nb(keys, m, state, kind_at, 4, hand, play)
        return rule, 0 if cz4 else 2
    for k in range(N_KINDS):  # rows 3 and 4 draw free cards from the led class
        rest[k] = 0
    c = held
    while c:
        k = kind_at[lowest_bit_nb(c)]
        c &= c - 1
        rest[k] = hand[k]
    free = 4
    row = 4
    if sup:  # row 3: the one pair, then any two
        k = kind_at[lowest_bit_nb(sup)]
        play[k] = 2
        rest[k] -= 2
        free = 2
        row = 3
    random_multiset_nb(kind_at, state, rest, free, bkinds, suf, picked)
    for i in range(free):
        play[picked[i]] += 1
    for k in range(N_KINDS):
        hand[k] -= play[k]
    return rule, 0 if cz4 else row


@njit(cache=True, _nrt=False)
def options_contain_nb(buf, n_fam, play_counts):
    """Is the play in some family (``_in_family``)? ``play_counts`` has the lead's size."""
    for f in range(n_fam):
        ok = True
        extra = 0
        for kk in range(N_KINDS):
            r = play_counts[kk] - buf.fam_fixed[f, kk]
            if r < 0 or r > buf.fam_pool[f, kk]:
                ok = False
                break
            extra += r
        if ok and extra == buf.fam_free[f]:
            return True
    return False


@njit(cache=True, _nrt=False)
def follow_count_nb(kt, sw, level, trump, lead_counts, n_units, unit_w, unit_len,
                    unit_kinds, hand_counts, position, buf):
    """The exact number of distinct legal follows (negative: an ``ERR_*`` code)."""
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lead_counts, n_units, unit_w,
                                    unit_len, unit_kinds, hand_counts, position, buf)
    if rule < 0:
        return rule
    return options_count_nb(kt, level, trump, buf, n_fam)


@njit(cache=True, _nrt=False)
def follow_nth_nb(kt, sw, level, trump, lead_counts, n_units, unit_w, unit_len,
                  unit_kinds, hand_counts, position, buf, index, out_counts):
    """The ``index``-th legal follow in the reference's listing order; returns 0 or ERR_*."""
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lead_counts, n_units, unit_w,
                                    unit_len, unit_kinds, hand_counts, position, buf)
    if rule < 0:
        return rule
    return options_nth_nb(kt, level, trump, buf, n_fam, index, out_counts)


@njit(cache=True, _nrt=False)
def is_legal_follow_nb(kt, sw, level, trump, lead_counts, n_units, unit_w, unit_len,
                       unit_kinds, hand_counts, position, buf, play_counts):
    """``check_follow``: is the play (a sub-multiset of the hand) a legal follow? A play not
    in the hand is not legal (the reference raises FollowError)."""
    n = 0
    size = 0
    for kk in range(N_KINDS):
        if play_counts[kk] > hand_counts[kk] or play_counts[kk] < 0:
            return False
        n += lead_counts[kk]
        size += play_counts[kk]
    if size != n:
        return False
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lead_counts, n_units, unit_w,
                                    unit_len, unit_kinds, hand_counts, position, buf)
    if rule < 0:
        return False
    return options_contain_nb(buf, n_fam, play_counts)


# ----------------------------------------------------------------------- Python wrapper


class _Prepared(NamedTuple):
    variant: object
    kt: object
    sw: np.ndarray


_PREPARED: dict[int, _Prepared] = {}


def prepared(variant) -> _Prepared:
    """Kernel inputs for a variant (cached per variant object)."""
    hit = _PREPARED.get(id(variant))
    if hit is None or hit.variant is not variant:
        from shengji_sim.core.api import kernel_inputs

        hit = _Prepared(variant, *kernel_inputs(variant))
        _PREPARED[id(variant)] = hit
    return hit


@lru_cache(maxsize=1)
def _default_buffers() -> FollowBuffers:
    return make_buffers()


def lead_arrays(variant, level: int, trump: int, lead: list[int]):
    """``lead_counts`` and the canonical units (``shapes.decompose``) as kernel arrays."""
    from shengji_sim.rules.shapes import decompose, make_context

    counts = np.zeros(N_KINDS, np.int8)
    for k in lead:
        counts[k] += 1
    units = decompose(make_context(variant, level, trump), tuple(int(c) for c in counts))
    n_units = len(units)
    unit_w = np.zeros(max(1, n_units), np.int8)
    unit_len = np.zeros(max(1, n_units), np.int8)
    unit_kinds = np.full((max(1, n_units), 13), -1, np.int8)
    for i, u in enumerate(units):
        unit_w[i] = u.width
        unit_len[i] = len(u.kinds)
        unit_kinds[i, :len(u.kinds)] = u.kinds
    return counts, n_units, unit_w, unit_len, unit_kinds


def counts_of(cards: list[int]) -> np.ndarray:
    out = np.zeros(N_KINDS, np.int8)
    for k in cards:
        out[k] += 1
    return out


def cards_of(kt, level: int, trump: int, counts: np.ndarray) -> list[int]:
    """Cards of a count vector, strongest first (``Ranking.sort_key``)."""
    out: list[int] = []
    for k in kt.kind_at[level, trump]:
        out += [int(k)] * int(counts[k])
    return out


def legal_follows_core(variant, level: int, trump: int, lead: list[int], hand: list[int],
                       limit: int | None = None, position: int = 1, buf=None):
    """The kernels' answer in the reference's ``legal_follows`` form (``FollowResult``)."""
    from shengji_sim.rules.follow import FollowError, FollowResult

    p = prepared(variant)
    buf = _default_buffers() if buf is None else buf
    lead_counts, n_units, unit_w, unit_len, unit_kinds = lead_arrays(variant, level, trump,
                                                                     lead)
    hand_counts = counts_of(hand)
    n_fam, rule = follow_options_nb(p.kt, p.sw, level, trump, lead_counts, n_units,
                                    unit_w, unit_len, unit_kinds, hand_counts, position, buf)
    if rule < 0:
        raise FollowError(ERROR_NAMES.get(int(rule), str(rule)))
    count = int(options_count_nb(p.kt, level, trump, buf, n_fam))
    if count < 0:
        raise FollowError(ERROR_NAMES.get(count, str(count)))
    shown = count if limit is None else min(limit, count)
    out = np.zeros(N_KINDS, np.int8)
    plays = []
    for i in range(shown):
        err = options_nth_nb(p.kt, level, trump, buf, n_fam, i, out)
        if err:
            raise FollowError(ERROR_NAMES.get(int(err), str(err)))
        plays.append(cards_of(p.kt, level, trump, out))
    truncated = limit is not None and count > len(plays)
    return FollowResult(plays, count, truncated, RULE_NAMES[rule])
