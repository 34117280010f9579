"""Codes, constant tables and buffers of the follow kernels (FOLLOW-1, FOLLOW-2, FOLLOW-3,
FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5, DEF-8).

Representation
--------------
**Codes.** A follow kernel reports the rule that decided as a ``RULE_*`` code
(:data:`RULE_NAMES` gives the reference's rule string, ``Obligation.rule``) or an error as
a negative ``ERR_*`` code (:data:`FOLLOW_ERRORS` in words).

**Tables.** The JJ4 tables (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, with
the AMB-11 and AMB-41 variants) and the CZ4 chains (FOLLOW-4) of
:mod:`shengji_sim.rules.follow_tables` are constant arrays built from that module at import:
``JJ_*[lead, two_quads, pairtractor, row, alternative, pattern]``, ``CZ_*[lead, i]`` and the
chains as ranked rows (a chain shape inside a throw, ``follow.chain_rows_for``)
``CZR_*[lead, semantics, head, row, alternative, pattern]``. A pattern is
``(width, length)``; a lead id (:func:`lead_id_nb`) indexes ``_LEADS``.

**Buffers.** :class:`FollowBuffers` holds a follow kernel's outputs (the families) and its
scratch; :func:`make_buffers` sizes them once per thread (no allocation per call), and
``ERR_TOO_MANY_*`` reports a full one. ``buf.state`` carries the ``STATE_*`` slots.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
)
from shengji_sim.config.variant_schema import SCHEMA
from shengji_sim.core.base.jit import njit
from shengji_sim.rules.follow import chain_rows_for
from shengji_sim.rules.follow_tables import CZ4_CHAINS, QT, T2, T3, T4, TT, Q, jj4_table

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
RULE_FOLLOW_5 = 12  #: JJ4 table 1 (4-pair tractor lead, FOLLOW-5)
RULE_FOLLOW_6 = 13  #: JJ4 table 2 (two quads, FOLLOW-6)
RULE_FOLLOW_7 = 14  #: JJ4 table 3 (3-pair tractor, FOLLOW-7)
RULE_FOLLOW_8 = 15  #: JJ4 table 4 (2-triple tractor, FOLLOW-8)
RULE_FOLLOW_9 = 16  #: JJ4 table 5 (quad, FOLLOW-9)
RULE_FOLLOW_10 = 17  #: JJ4 table 6 (2-pair tractor, FOLLOW-10)
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


MAX_DEPTH = 64  #: patterns per alternative, CZ4 greedy depth
MAX_N = 64  #: lead size bound of the unranking table
#: play keys a follow may materialise (``buf.keys``): the reference's
#: ``rules.follow.MAX_MATERIALIZED``, so that both engines refuse exactly the same follows
#: (2**18 refused a jj-4deck OTH-5 B follow the reference lists: tests/regression/
#: test_follow_keys_as_the_reference_oth_5_b.py)
MAX_PLAYS = 2_000_000


#: ``RADIX_LIMIT[c]``: the largest weight that may still be multiplied by ``c + 1`` (a table
#: instead of a 64-bit division per held kind in :func:`holding_weights_nb`)
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


def make_buffers(max_families: int = 4096, max_plays: int = MAX_PLAYS,
                 max_alternatives: int = 4096, max_tractors: int = 1024) -> FollowBuffers:
    """Allocate one set of buffers (reuse it for every call of one thread)."""
    return alloc_follow_buffers_nb(max_families, max_plays, max_alternatives, max_tractors)


@njit(cache=True, _nrt=True)
def alloc_follow_buffers_nb(max_families, max_plays, max_alternatives, max_tractors):
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


@njit(cache=True, inline="always")
def lead_id_nb(w, k):
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
def sort_pattern_list_nb(n, pw, pk):
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
