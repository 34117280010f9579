"""Counting, listing and checking legal follows as kernels: ``Options.count``,
``Options.nth`` and ``check_follow`` of :mod:`shengji_sim.rules.follow` over the families of
:func:`~.follow_families_nb.follow_options_nb`.

Representation
--------------
**Listing order.** The reference lists plays as strongest-first card sequences sorted
lexicographically; for equal-size multisets that is the count vector, read in ``kt.order``
(strongest first), compared lexicographically with *more* copies first. Inside one holding a
play is therefore the number ``key = sum(count[k] * weight[k])`` with mixed radix
``holding[k] + 1`` per kind, strongest kind most significant: descending keys are the
listing order. One family is counted by a polynomial product (``buf.ways``) and unranked
directly (``follow.nth_multiset``); several are materialised as keys into ``buf.keys``,
sorted and deduped (``follow._enumerate``).
"""

from __future__ import annotations

from shengji_sim.cards import (
    N_KINDS,
)
from shengji_sim.core.base.errors import (
    ERR_INDEX,
    ERR_LEAD_TOO_LONG,
    ERR_TOO_MANY_PLAYS,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.follow.follow_data import (
    MAX_N,
    STATE_NKEYS,
    STATE_WAYS,
)
from shengji_sim.core.follow.follow_families_nb import (
    follow_options_nb,
)


@njit(cache=True, inline="always")
def _single_ways(kind_at, buf, f):
    """Fill buf.ways for family f's pool (kinds strongest first: the tables' ``kind_at`` row);
    returns the kind count."""
    pool = buf.fam_pool[f]
    free = buf.fam_free[f]
    nk = 0
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


@njit(cache=True, _nrt=False, inline="always")
def next_composition_nb(cnt, cap, nk):
    """The composition after ``cnt[:nk]`` (bounded by ``cap[:nk]``) in descending
    lexicographic order, in place: the rightmost card that can move right moves one place
    and the cards after it fill from the left. Returns the first index that changed, or -1
    (``cnt`` unchanged) after the last composition."""
    tail = 0
    room = 0
    j = nk - 1
    while j >= 0:
        if cnt[j] > 0 and room > tail:
            break
        tail += cnt[j]
        room += cap[j]
        j -= 1
    if j < 0:
        return -1
    cnt[j] -= 1
    left = tail + 1
    for i in range(j + 1, nk):
        c = cap[i] if cap[i] < left else left
        cnt[i] = c
        left -= c
    return j


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
            if next_composition_nb(cnt, buf.ucap, nk) < 0:
                break
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
        return one_family_count_nb(kt.kind_at[level, trump], buf)
    if buf.state[STATE_NKEYS] >= 0:
        return buf.state[STATE_NKEYS]
    return _materialize(kt, level, trump, buf, n_fam)


@njit(cache=True, _nrt=False)
def options_nth_nb(kt, level, trump, buf, n_fam, index, out_counts):
    """The ``index``-th legal follow in listing order into ``out_counts`` (``Options.nth``).
    Returns 0 or an error code."""
    if n_fam == 1:
        return one_family_nth_nb(kt.kind_at[level, trump], buf, index, out_counts)
    if buf.state[STATE_NKEYS] < 0:
        nkeys = _materialize(kt, level, trump, buf, n_fam)
        if nkeys < 0:
            return nkeys
    return _nth_ready_nb(kt.kind_at[level, trump], buf, n_fam, index, out_counts)


@njit(cache=True, _nrt=False)
def one_family_count_nb(kind_at, buf):
    """:func:`options_count_nb` of one family (``n_fam`` 1), from the tables' ``kind_at``
    row: a caller that has the row passes no tables (a call copies every array it is
    passed). Not inlined: inlined at the greedy follow's three call sites it doubled the
    compile time of ``game_nb.play_hand_nb``."""
    free = buf.fam_free[0]
    if free > MAX_N:
        return ERR_LEAD_TOO_LONG
    buf.state[STATE_WAYS] = _single_ways(kind_at, buf, 0) + 1  # kept for nth
    return buf.ways[0, free]


@njit(cache=True, _nrt=False)
def one_family_nth_nb(kind_at, buf, index, out_counts):
    """:func:`options_nth_nb` of one family, from the tables' ``kind_at`` row."""
    if buf.fam_free[0] > MAX_N:
        return ERR_LEAD_TOO_LONG
    if buf.state[STATE_WAYS] <= 0:  # the count's table is gone: build it again
        buf.state[STATE_WAYS] = _single_ways(kind_at, buf, 0) + 1
    return _nth_ready_nb(kind_at, buf, 1, index, out_counts)


@njit(cache=True, _nrt=False)
def options_list_nb(kt, level, trump, buf, n_fam, m, cand):
    """The first ``m`` legal follows in listing order into ``cand[:m]``, after
    :func:`options_count_nb` found at least ``m``: :func:`options_nth_nb` for each, in one
    call (a call passes the tables and buffers by value, so a call per option cost more
    than the option). Returns 0 or an error code."""
    if m <= 0:
        return 0
    err = options_nth_nb(kt, level, trump, buf, n_fam, 0, cand[0])  # builds what is missing
    kind_at = kt.kind_at[level, trump]
    for i in range(1, m):
        if err:
            break
        err = _nth_ready_nb(kind_at, buf, n_fam, i, cand[i])
    return err


@njit(cache=True, _nrt=False, inline="always")
def _nth_ready_nb(kind_at, buf, n_fam, index, out_counts):
    """:func:`options_nth_nb` once its table (one family: ``buf.ways``) or its keys
    (several: ``buf.keys``) are built: unrank ``index`` into ``out_counts``."""
    if n_fam == 1:
        nk = buf.state[STATE_WAYS] - 1
        free = buf.fam_free[0]
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
    if index < 0 or index >= buf.state[STATE_NKEYS]:
        return ERR_INDEX
    rest = buf.keys[index]  # its digits, the most significant (strongest kind) first
    hold = buf.hold
    for kk in range(N_KINDS):
        out_counts[kk] = 0
    for i in range(N_KINDS):
        kk = kind_at[i]
        if hold[kk]:
            c = rest // buf.weight[kk]
            out_counts[kk] = c
            rest -= c * buf.weight[kk]
    return 0


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
