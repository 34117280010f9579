"""Numba trick winner (CMP-1, CMP-2, CMP-3, CMP-4, CMP-5, CMP-6, CMP-7, CMP-8, CMP-9, TRUMP-6,
TRUMP-7, FOLLOW-12, DEF-3, DEF-4, OTH-1, OTH-2).

Representation
--------------
A trick is ``plays``: ``int8[4, 54]`` count vectors in turn order (row 0 the lead), of which
the first ``n_plays`` (2..4) are used. :func:`trick_winner_nb` returns the index of the
winning play, exactly as ``rules.trick.trick_winner``; a negative value is an input the
reference refuses: -1 (``ValueError``: play count, sizes, empty or mixed-suit lead, DEF-27).

A *simple claim* (one-unit lead) is four ints ``(ruff, width, length, top)``; a play that
cannot win has none. The lead's claim is the best so far and a later claim replaces it iff
it beats it strictly (TRUMP-7, DEF-3). Substitute shapes follow AMB-09, AMB-10, AMB-11, AMB-41.

A *throw claim* (several units) is ``ruff`` plus an OTH-1 key: one int for A
(``largest_type_top``) and C (``highest_card``); for B (``all_units``) and D
(``unit_length_lex``) the OTH-1 D key array of the play's strongest full realization (B
compares a challenger's realizations position by position with the best play's key).
Judging a throw works in a :class:`ThrowScratch` sized once per lane
(:func:`alloc_throw_scratch_nb`); :func:`trick_winner_nb` allocates one for a throw lead
only; simple tricks allocate nothing.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import (
    N_KINDS,
)
from shengji_sim.core.base.errors import (
    ERR_NOT_A_TRICK,
)
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_MULTI_UNIT_COMPARE,
    SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR,
    SW_QUAD_VS_TRACTOR,
    SW_SAME_SUIT_BEATS_THROW,
    SW_SUBSTITUTE_SHAPES,
    SW_TWO_QUADS_ADJACENT,
    V_MULTI_UNIT_COMPARE_ALL_UNITS,
    V_MULTI_UNIT_COMPARE_HIGHEST_CARD,
    V_MULTI_UNIT_COMPARE_LARGEST_TYPE_TOP,
    V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_PAIRS_ONLY_LOSES,
    V_QUAD_VS_TRACTOR_BY_POWER,
    V_QUAD_VS_TRACTOR_NEVER_WHEN_TRACTOR_LED,
    V_SAME_SUIT_BEATS_THROW_YES,
    V_SUBSTITUTE_SHAPES_EXACT_SHAPE_ONLY,
    V_SUBSTITUTE_SHAPES_WINS_ONLY_IN_SUIT,
    V_TWO_QUADS_ADJACENT_ANY,
    reading_nb,
)
from shengji_sim.core.base.tables import (
    MAX_RUN,
)
from shengji_sim.core.rules.shapes_nb import (
    decompose_top_nb,
    realize_nb,
    sort_patterns_nb,
    split_flag_nb,
    supplies_nb,
    tractor_in_group_nb,
    tractor_supplied_nb,
    width_ok_nb,
)

TRUMP = 4
NO_CLAIM = -(1 << 20)


class ThrowScratch(NamedTuple):
    """What :func:`_throw_winner` works in, for plays of up to ``cap`` cards (so at most
    ``cap`` units): rows of ``pats`` are the lead's non-single patterns sorted (``_PW``,
    ``_PL``) and as led (``_OW``, ``_OL``), the patterns left by ``_type_top`` (``_RW``,
    ``_RL``) and the OTH-1 D order of the lead's units (``_ORDER``); rows of ``keys`` are
    ``realize_nb``'s tops (``_CTOP``), the best play's and the candidate's OTH-1 keys
    (``_BEST``, ``_PLAY``) and a leaf's key (``_LEAF``)."""

    pats: np.ndarray  # int64[7, cap + 2]
    keys: np.ndarray  # int16[4, cap + 2]
    ckinds: np.ndarray  # int8[cap + 2, MAX_RUN] realize_nb's chosen kinds per pattern
    clen: np.ndarray  # int8[cap + 2]
    cur: np.ndarray  # int32[cap + 3] realize_nb's candidate per pattern
    counts: np.ndarray  # int8[54] the play being judged


_PW, _PL, _OW, _OL, _RW, _RL, _ORDER = range(7)
_CTOP, _BEST, _PLAY, _LEAF = range(4)


@njit(cache=True, _nrt=True)
def alloc_throw_scratch_nb(cap):
    """A :class:`ThrowScratch` for plays of up to ``cap`` cards."""
    return ThrowScratch(np.zeros((7, cap + 2), np.int64), np.zeros((4, cap + 2), np.int16),
                        np.full((cap + 2, MAX_RUN), -1, np.int8), np.zeros(cap + 2, np.int8),
                        np.zeros(cap + 3, np.int32), np.zeros(N_KINDS, np.int8))


@njit(cache=True, _nrt=False, inline="always")
def _clear_throw_scratch_nb(ts, n_units, size):
    """The scratch as freshly allocated, over the rows a throw of ``n_units`` units and
    ``size`` cards reads."""
    for r in range(7):
        for i in range(n_units + 1):
            ts.pats[r, i] = 0
    for r in range(4):
        for i in range(size + 1):
            ts.keys[r, i] = 0
    for i in range(n_units + 1):
        ts.clen[i] = 0
        for j in range(MAX_RUN):
            ts.ckinds[i, j] = -1
    for i in range(n_units + 2):
        ts.cur[i] = 0


# ------------------------------------------------------------------------------ simple leads


@njit(cache=True, inline="always")
def play_side_nb(eff, counts, lead_suit) -> int:
    """TRUMP-6: 0 a led-suit play, 1 a ruff, -1 a play that cannot win (mixed / other suit)."""
    suit = -1
    for k in range(N_KINDS):
        if counts[k] > 0:
            if suit < 0:
                suit = eff[k]
            elif eff[k] != suit:
                return -1
    return side_of_suit_nb(suit, lead_suit)


@njit(cache=True, inline="always")
def side_of_suit_nb(suit, lead_suit) -> int:
    """TRUMP-6 for a play all of ``suit`` (-1: no cards): 0 the led suit, 1 a ruff, -1 an
    off suit (it cannot win)."""
    if suit == lead_suit:
        return 0
    if suit == TRUMP:
        return 1
    return -1


@njit(cache=True, inline="always")
def claim_beats_nb(sw, r1, w1, l1, t1, r2, w2, l2, t2) -> bool:
    """``trick.claim_beats``: ruff over led suit; shape class (CMP-2, CMP-3, CMP-4, AMB-09 B);
    top."""
    if r1 != r2:
        return r1 == 1
    if w1 != w2:
        if sw[SW_QUAD_VS_TRACTOR] == V_QUAD_VS_TRACTOR_BY_POWER:
            c_quad = w1 == 4 and l1 == 1
            b_quad = w2 == 4 and l2 == 1
            if c_quad and w2 == 2 and l2 == 2:
                return t1 >= t2
            if b_quad and w1 == 2 and l1 == 2:
                return not (t2 >= t1)
        return w1 > w2
    return t1 > t2


@njit(cache=True, inline="always")
def substitute_ok_nb(sw, lead_w, lead_l, ruff, width) -> int:
    """``trick.substitute_patterns`` one at a time: the length of the width-``width``
    substitute for the lead, 0 if none (``width`` 4 with length 1 is CMP-2's quad)."""
    mode = reading_nb(sw, SW_SUBSTITUTE_SHAPES)
    if mode == V_SUBSTITUTE_SHAPES_EXACT_SHAPE_ONLY:
        return 0
    if ruff == 1 and mode == V_SUBSTITUTE_SHAPES_WINS_ONLY_IN_SUIT:
        return 0
    if lead_l < 2:
        return 0
    size = lead_w * lead_l
    if width <= lead_w or size % width != 0 or size // width < 2:
        return 0
    if not width_ok_nb(sw, width):
        return 0
    if width == 3 and lead_w == 2 and (reading_nb(sw, SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR)
                                       == V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_PAIRS_ONLY_LOSES):
        return 0  # AMB-11 B2
    return size // width


@njit(cache=True, inline="always")
def quad_substitute_nb(sw, lead_w, lead_l, ruff) -> bool:
    """CMP-2 / AMB-09 C / AMB-10: a quad counts against a 2-pair tractor lead."""
    mode = reading_nb(sw, SW_SUBSTITUTE_SHAPES)
    if mode == V_SUBSTITUTE_SHAPES_EXACT_SHAPE_ONLY:
        return False
    if ruff == 1 and mode == V_SUBSTITUTE_SHAPES_WINS_ONLY_IN_SUIT:
        return False
    return (lead_w == 2 and lead_l == 2
            and sw[SW_QUAD_VS_TRACTOR] != V_QUAD_VS_TRACTOR_NEVER_WHEN_TRACTOR_LED)


@njit(cache=True, inline="always")
def _fold(sw, b, ruff, w, length, top):
    """``trick.strongest`` step: the claim replaces ``b`` if first or strictly better."""
    if b[0] == NO_CLAIM or claim_beats_nb(sw, ruff, w, length, top, b[0], b[1], b[2], b[3]):
        return (np.int64(ruff), np.int64(w), np.int64(length), np.int64(top))
    return b


@njit(cache=True, inline="always")
def _fold_pattern(power, group, trl, trk, trt, from_n, from_idx, sw, split, suit, counts, ruff,
                  w, length, b):
    """Claims of every instance of (w, length) in ``counts``. They differ in their top only,
    and whether one beats ``b`` or another is monotone in its top (:func:`claim_beats_nb`),
    so the fold keeps the strongest whatever the order: a tractor is looked for among the
    runs from each kind that supplies the width (``kt.from_n``, ``kt.from_idx``), not in
    the whole run table."""
    if length == 1:
        for k in range(N_KINDS):
            if supplies_nb(counts[k], w, split) and (suit < 0 or group[k] == suit):
                b = _fold(sw, b, ruff, w, 1, power[k])
        return b
    if not width_ok_nb(sw, w):
        return b
    for k in range(N_KINDS):
        if not supplies_nb(counts[k], w, split):
            continue
        for r in range(from_n[k]):
            t = from_idx[k, r]
            if trl[t] != length or not tractor_supplied_nb(trk, t, length, counts, w, split):
                continue
            if suit >= 0 and not tractor_in_group_nb(trk, t, length, group, suit):
                continue
            b = _fold(sw, b, ruff, w, length, trt[t])
    return b


@njit(cache=True, inline="always")
def strongest_answer_nb(kt, sw, level, trump, lead_w, lead_l, counts, ruff, suit):
    """``trick.strongest(simple_answers(...))`` as (ruff, width, length, top); ruff is
    NO_CLAIM if there is no answer. ``suit`` -1 for a play's own counts, else the led
    follow group (THROW-2 looks at a holding)."""
    power = kt.power[level, trump]
    group = kt.group[level, trump]
    trl = kt.tr_len[level, trump]
    trk = kt.tr_kinds[level, trump]
    trt = kt.tr_top[level, trump]
    frn = kt.from_n[level, trump]
    fri = kt.from_idx[level, trump]
    split = split_flag_nb(sw)
    b = (np.int64(NO_CLAIM), np.int64(0), np.int64(0), np.int64(0))
    b = _fold_pattern(power, group, trl, trk, trt, frn, fri, sw, split, suit, counts, ruff,
                      lead_w, lead_l, b)
    has_42 = lead_w == 4 and lead_l == 2
    if quad_substitute_nb(sw, lead_w, lead_l, ruff):  # CMP-2
        b = _fold_pattern(power, group, trl, trk, trt, frn, fri, sw, split, suit, counts, ruff,
                          4, 1, b)
    for width in range(2, 5):  # CMP-3, CMP-4
        sub_l = substitute_ok_nb(sw, lead_w, lead_l, ruff, width)
        if sub_l > 0:
            b = _fold_pattern(power, group, trl, trk, trt, frn, fri, sw, split, suit, counts,
                              ruff, width, sub_l, b)
            if width == 4 and sub_l == 2:
                has_42 = True
    if has_42 and sw[SW_TWO_QUADS_ADJACENT] == V_TWO_QUADS_ADJACENT_ANY:
        # AMB-41 A: any two quads count as a 2-quad tractor (EX-F-JJ4-2-1)
        for a in range(N_KINDS):
            if not supplies_nb(counts[a], 4, split) or (suit >= 0 and group[a] != suit):
                continue
            for c in range(a + 1, N_KINDS):
                if not supplies_nb(counts[c], 4, split) or (suit >= 0 and group[c] != suit):
                    continue
                b = _fold(sw, b, ruff, 4, 2, max(power[a], power[c]))
    return b


# ------------------------------------------------------------------------------ throws


@njit(cache=True, _nrt=False)
def type_better_nb(w1, l1, w2, l2) -> bool:
    """DEF-4 ``type_order`` (is tractor, length, width): is (w1, l1) strictly larger?"""
    a1 = 1 if l1 >= 2 else 0
    a2 = 1 if l2 >= 2 else 0
    if a1 != a2:
        return a1 > a2
    if l1 != l2:
        return l1 > l2
    return w1 > w2


@njit(cache=True, _nrt=False)
def _type_top(kt, sw, level, trump, counts, pw, pl, npat, kw, kl, rw, rl, ckinds, clen, ctop,
              cur) -> int:
    """OTH-1 A ``trick._type_top``: the top of the best unit of type (kw, kl) that leaves the
    rest of the structure realizable; NO_CLAIM if none (the reference asserts)."""
    power = kt.power[level, trump]
    group = kt.group[level, trump]
    trl = kt.tr_len[level, trump]
    trk = kt.tr_kinds[level, trump]
    trt = kt.tr_top[level, trump]
    ntr = kt.ntr[level, trump]
    split = split_flag_nb(sw)
    if kw == 1 and kl == 1:
        top = NO_CLAIM
        for k in range(N_KINDS):
            if counts[k] > 0 and power[k] > top:
                top = power[k]
        return top
    nr = 0
    removed = False
    for i in range(npat):
        if not removed and pw[i] == kw and pl[i] == kl:
            removed = True
            continue
        rw[nr] = pw[i]
        rl[nr] = pl[i]
        nr += 1
    sort_patterns_nb(rw, rl, nr)
    best = NO_CLAIM
    if kl == 1:
        for k in range(N_KINDS):
            if not supplies_nb(counts[k], kw, split) or power[k] <= best:
                continue
            counts[k] -= kw
            ok, _ = realize_nb(power, group, trl, trk, trt, ntr, sw, split, -1, counts, rw, rl,
                               nr, 0, ctop, ctop, ckinds, clen, ctop, cur, ctop)
            counts[k] += kw
            if ok:
                best = power[k]
        return best
    if not width_ok_nb(sw, kw):
        return best
    for t in range(ntr):
        if trl[t] != kl or trt[t] <= best or not tractor_supplied_nb(trk, t, kl, counts, kw,
                                                                   split):
            continue
        for q in range(kl):
            counts[trk[t, q]] -= kw
        ok, _ = realize_nb(power, group, trl, trk, trt, ntr, sw, split, -1, counts, rw, rl, nr,
                           0, ctop, ctop, ckinds, clen, ctop, cur, ctop)
        for q in range(kl):
            counts[trk[t, q]] += kw
        if ok:
            best = trt[t]
    return best


@njit(cache=True, _nrt=False)
def _key_greater(a, b, n) -> bool:
    for i in range(n):
        if a[i] != b[i]:
            return a[i] > b[i]
    return False


@njit(cache=True, _nrt=False)
def _throw_winner(kt, sw, level, trump, plays, n_plays, n_units, uw, ul, ut, size, ts) -> int:
    """Winner of a trick led by a throw (DEF-4, OTH-1, OTH-2, THROW-6), in the scratch
    ``ts`` (:class:`ThrowScratch`, at least ``size`` cards)."""
    eff = kt.eff[level, trump]
    power = kt.power[level, trump]
    group = kt.group[level, trump]
    trl = kt.tr_len[level, trump]
    trk = kt.tr_kinds[level, trump]
    trt = kt.tr_top[level, trump]
    ntr = kt.ntr[level, trump]
    split = split_flag_nb(sw)
    mode = reading_nb(sw, SW_MULTI_UNIT_COMPARE)
    same_suit_ok = led_suit_takes_throw_nb(sw)
    lead_suit = -1
    for k in range(N_KINDS):
        if plays[0, k] > 0:
            lead_suit = eff[k]
            break
    # the lead's structure: its non-single units (CMP-8, THROW-6), sorted for realizations
    _clear_throw_scratch_nb(ts, n_units, size)
    pw = ts.pats[_PW]
    pl = ts.pats[_PL]
    orig_w = ts.pats[_OW]
    orig_l = ts.pats[_OL]
    npat = 0
    kw = uw[0]
    kl = ul[0]
    for u in range(n_units):
        if u > 0 and type_better_nb(uw[u], ul[u], kw, kl):
            kw = uw[u]
            kl = ul[u]
        if structured_unit_nb(uw[u], ul[u]):
            pw[npat] = uw[u]
            pl[npat] = ul[u]
            orig_w[npat] = uw[u]
            orig_l[npat] = ul[u]
            npat += 1
    sort_patterns_nb(pw, pl, npat)
    rw = ts.pats[_RW]
    rl = ts.pats[_RL]
    ckinds = ts.ckinds
    clen = ts.clen
    ctop = ts.keys[_CTOP]
    cur = ts.cur
    nkey = n_units
    best_key = ts.keys[_BEST]
    play_key = ts.keys[_PLAY]
    leaf = ts.keys[_LEAF]
    counts = ts.counts
    for k in range(N_KINDS):
        counts[k] = plays[0, k]
    # the lead's claim (is_lead: its own units, not re-realized)
    best_ruff = 0
    best_val = 0
    if mode == V_MULTI_UNIT_COMPARE_LARGEST_TYPE_TOP:
        best_val = _type_top(kt, sw, level, trump, counts, orig_w, orig_l, npat, kw, kl, rw, rl,
                             ckinds, clen, ctop, cur)
        if best_val == NO_CLAIM:  # the leader's own units define its structure (AMB-17 B)
            best_val = -1
            for u in range(n_units):
                if uw[u] == kw and ul[u] == kl and ut[u] > best_val:
                    best_val = ut[u]
    elif mode == V_MULTI_UNIT_COMPARE_HIGHEST_CARD:
        best_val = _highest(power, counts)
    else:
        lead_lex_key_nb(uw, ul, ut, n_units, best_key, ts.pats[_ORDER])
    winner = 0
    for p in range(1, n_plays):
        for k in range(N_KINDS):
            counts[k] = plays[p, k]
        side = play_side_nb(eff, counts, lead_suit)
        if side < 0 or (side == 0 and not same_suit_ok):
            continue  # DEF-4 / OTH-2: only a ruff (or, under OTH-2 B, a led-suit play)
        ok, _ = realize_nb(power, group, trl, trk, trt, ntr, sw, split, -1, counts, pw, pl, npat,
                           0, ctop, ctop, ckinds, clen, ctop, cur, ctop)
        if not ok:
            continue  # CMP-8 / THROW-6: the lead's tractors and sets must be realized
        val = 0
        dominated = False
        if mode == V_MULTI_UNIT_COMPARE_LARGEST_TYPE_TOP:
            val = _type_top(kt, sw, level, trump, counts, orig_w, orig_l, npat, kw, kl, rw, rl,
                            ckinds, clen, ctop, cur)
        elif mode == V_MULTI_UNIT_COMPARE_HIGHEST_CARD:
            val = _highest(power, counts)
        else:
            _, dominated = realize_nb(power, group, trl, trk, trt, ntr, sw, split, -1, counts,
                                      pw, pl, npat, 1, best_key, play_key, ckinds, clen, ctop,
                                      cur, leaf)
        if side != best_ruff:
            beats = side == 1
        elif mode == V_MULTI_UNIT_COMPARE_LARGEST_TYPE_TOP or \
                mode == V_MULTI_UNIT_COMPARE_HIGHEST_CARD:
            beats = val > best_val
        elif mode == V_MULTI_UNIT_COMPARE_ALL_UNITS:
            beats = dominated
        else:
            beats = _key_greater(play_key, best_key, nkey)
        if beats:
            winner = p
            best_ruff = side
            best_val = val
            for i in range(nkey):
                best_key[i] = play_key[i]
    return winner


@njit(cache=True, _nrt=False)
def _highest(power, counts) -> int:
    """OTH-1 C: the power of the play's highest card."""
    top = NO_CLAIM
    for k in range(N_KINDS):
        if counts[k] > 0 and power[k] > top:
            top = power[k]
    return top


@njit(cache=True, _nrt=False)
def lead_lex_key_nb(uw, ul, ut, n, key, order) -> None:
    """``trick._lex_key`` of the lead's own units: tops by (-size, -width, -length, -top);
    ``order`` is int64[>= n] scratch."""
    for i in range(n):
        order[i] = i
    for i in range(1, n):
        v = order[i]
        j = i - 1
        while j >= 0 and _unit_after(uw, ul, ut, order[j], v):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = v
    for i in range(n):
        key[i] = ut[order[i]]


@njit(cache=True, _nrt=False)
def _unit_after(uw, ul, ut, a, b) -> bool:
    """Does unit ``a`` sort strictly after unit ``b`` in the OTH-1 D order?"""
    sa = uw[a] * ul[a]
    sb = uw[b] * ul[b]
    if sa != sb:
        return sa < sb
    if uw[a] != uw[b]:
        return uw[a] < uw[b]
    if ul[a] != ul[b]:
        return ul[a] < ul[b]
    return ut[a] < ut[b]


# ------------------------------------------------------------------------------ entry points


@njit(cache=True, _nrt=False)
def trick_winner_nb(kt, sw, level, trump, plays, n_plays, uw, ul, uk, ut) -> int:
    """``trick.trick_winner``: index of the winning play (see the module docstring).

    ``uw``/``ul``/``ut``: int8/int8/int16[>= 54] and ``uk`` int8[>= 54, 13] scratch; they
    hold the lead's canonical units afterwards (``decompose_top_nb``).
    """
    if n_plays < 2 or n_plays > 4:
        return ERR_NOT_A_TRICK
    eff = kt.eff[level, trump]
    size = 0
    lead_suit = -1
    for k in range(N_KINDS):
        c = plays[0, k]
        if c > 0:
            size += c
            if lead_suit < 0:
                lead_suit = eff[k]
            elif eff[k] != lead_suit:
                return ERR_NOT_A_TRICK  # DEF-27
    if size == 0:
        return ERR_NOT_A_TRICK
    for p in range(1, n_plays):
        n = 0
        for k in range(N_KINDS):
            n += plays[p, k]
        if n != size:
            return ERR_NOT_A_TRICK
    n_units = decompose_top_nb(kt, sw, level, trump, plays[0], uw, ul, uk, ut)
    return trick_winner_units_nb(kt, sw, level, trump, plays, n_plays, n_units, uw, ul, ut,
                                 size, lead_suit, None)


@njit(cache=True, _nrt=False)
def trick_winner_units_nb(kt, sw, level, trump, plays, n_plays, n_units, uw, ul, ut, size,
                          lead_suit, ts) -> int:
    """:func:`trick_winner_nb` of checked plays whose lead (``size`` cards of ``lead_suit``)
    is already decomposed into ``n_units`` units ``uw/ul/ut`` (``decompose_top_nb``). A
    throw that no play may beat (:func:`throw_challenged_nb`) is the lead's unjudged; a
    challenged one is judged in the scratch ``ts`` (:class:`ThrowScratch`), or in one of
    its own when ``ts`` is None."""
    if n_units > 1:
        if not throw_challenged_nb(sw, kt.eff[level, trump], plays, n_plays, lead_suit):
            return 0
        if ts is None:
            return _throw_winner_own_scratch_nb(kt, sw, level, trump, plays, n_plays, n_units,
                                                uw, ul, ut, size)
        return _throw_winner(kt, sw, level, trump, plays, n_plays, n_units, uw, ul, ut, size,
                             ts)
    return one_unit_best_nb(kt, sw, level, trump, plays, n_plays, uw, ul, ut, lead_suit)[0]


@njit(cache=True, _nrt=True)
def _throw_winner_own_scratch_nb(kt, sw, level, trump, plays, n_plays, n_units, uw, ul, ut,
                                 size) -> int:
    """:func:`_throw_winner` in a scratch allocated for this trick (callers that hold no
    :class:`ThrowScratch`: the kitty's last trick, the public :func:`trick_winner_nb`)."""
    return _throw_winner(kt, sw, level, trump, plays, n_plays, n_units, uw, ul, ut, size,
                         alloc_throw_scratch_nb(size))


NOT_A_THROW = -1  #: :func:`throw_ruff_rule_nb`: the lead is one unit
THROW_JUDGED = 0  #: a ruff of the throw is judged whole (:func:`_throw_winner`)
THROW_RUFF_WINS = 1  #: any all-trump play takes the throw


@njit(cache=True, _nrt=False)
def throw_ruff_rule_nb(eff, plays, n_so_far, n_units, uw, ul, lead_suit) -> int:
    """What an all-trump play after the first ``n_so_far`` plays of a trick led by the
    ``n_units`` units ``uw/ul`` needs to take it: :data:`NOT_A_THROW` for a one-unit lead;
    :data:`THROW_RUFF_WINS` when the lead is single cards of a plain suit (no set or
    tractor to realize, CMP-8, THROW-6) and no play so far is a ruff (a ruff beats any play
    that is not one, DEF-4, :func:`_throw_winner`); else :data:`THROW_JUDGED`."""
    if n_units < 2:
        return NOT_A_THROW
    if lead_suit == TRUMP:
        return THROW_JUDGED
    for u in range(n_units):
        if structured_unit_nb(uw[u], ul[u]):
            return THROW_JUDGED
    for p in range(1, n_so_far):
        if play_side_nb(eff, plays[p], lead_suit) == 1:
            return THROW_JUDGED
    return THROW_RUFF_WINS


@njit(cache=True, _nrt=False, inline="always")
def structured_unit_nb(width, length) -> bool:
    """Is a unit of ``width`` cards per kind over ``length`` kinds more than a single card
    (a set or a tractor), a structure a ruff of a throw must realize (CMP-8, THROW-6)?"""
    return width > 1 or length >= 2


@njit(cache=True, _nrt=False, inline="always")
def led_suit_takes_throw_nb(sw) -> bool:
    """OTH-2 B: may a play all of the led suit take a throw (A: only a ruff may, DEF-4)?"""
    return sw[SW_SAME_SUIT_BEATS_THROW] == V_SAME_SUIT_BEATS_THROW_YES


@njit(cache=True, _nrt=False)
def throw_challenged_nb(sw, eff, plays, n_plays, lead_suit) -> bool:
    """May a play after a throw lead beat it? Only a ruff may (DEF-4; an all-trump play
    of a non-trump lead), or under OTH-2 B also a play all of the led suit: the plays
    :func:`_throw_winner` judges."""
    same_suit_ok = led_suit_takes_throw_nb(sw)
    for p in range(1, n_plays):
        side = play_side_nb(eff, plays[p], lead_suit)
        if side == 1 or (side == 0 and same_suit_ok):
            return True
    return False


@njit(cache=True, _nrt=False)
def one_unit_best_nb(kt, sw, level, trump, plays, n_plays, uw, ul, ut, lead_suit):
    """The winner so far of a trick led by one unit ``uw[0]/ul[0]/ut[0]`` (CMP-9): ``(index
    of the winning play, its claim's rank, width, length, top)``; a later play takes the
    trick when its claim beats that one (:func:`one_unit_claim_beats_nb`)."""
    eff = kt.eff[level, trump]
    lw = np.int64(uw[0])
    ll = np.int64(ul[0])
    best_r = np.int64(0)
    best_w = lw
    best_l = ll
    best_t = np.int64(ut[0])
    winner = 0
    power = kt.power[level, trump]
    if ll == 1:
        return set_best_nb(sw, eff, power, plays, n_plays, lw, best_t, lead_suit)
    for p in range(1, n_plays):
        side, reach = tractor_claim_nb(eff, power, plays[p], lead_suit, best_w)
        if not tractor_may_beat_nb(side, reach, best_r, best_t):
            continue
        claim = strongest_answer_nb(kt, sw, level, trump, lw, ll, plays[p], side, -1)
        if claim[0] == NO_CLAIM:
            continue
        if claim_beats_nb(sw, claim[0], claim[1], claim[2], claim[3], best_r, best_w, best_l,
                          best_t):
            winner = p
            best_r = claim[0]
            best_w = claim[1]
            best_l = claim[2]
            best_t = claim[3]
    return winner, best_r, best_w, best_l, best_t


@njit(cache=True, _nrt=False, inline="always")
def set_best_nb(sw, eff, power, plays, n_plays, width, lead_top, lead_suit):
    """:func:`one_unit_best_nb` of a trick led by one set of ``width`` cards of power
    ``lead_top``: each play's claim is its strongest set of that width (:func:`set_claim_nb`).
    It reads the tables' ``[level, trump]`` rows ``eff`` and ``power`` only, so a caller
    that has them passes no tables."""
    best_r = np.int64(0)
    best_t = np.int64(lead_top)
    winner = 0
    split = split_flag_nb(sw)
    for p in range(1, n_plays):
        side, top = set_claim_nb(eff, power, plays[p], lead_suit, width, split)
        if side >= 0 and set_claim_beats_nb(sw, side, width, top,
                                            (winner, best_r, width, 1, best_t)):
            winner = p
            best_r = side
            best_t = top
    return winner, best_r, np.int64(width), np.int64(1), best_t


@njit(cache=True, _nrt=False)
def one_unit_claim_beats_nb(kt, sw, level, trump, play, uw, ul, lead_suit, best):
    """``play``, made after the plays whose winner so far is ``best`` (from
    :func:`one_unit_best_nb`), takes a one-unit trick from it (CMP-9). A lead unit of width
    2 or more is answered only by sets of width 2 or more (its own shape and the CMP-2,
    CMP-3, CMP-4 substitutes of :func:`strongest_answer_nb`), so a tractor lead's play is
    judged only if :func:`tractor_claim_nb`'s bound lets it beat ``best``."""
    if ul[0] == 1:  # a set lead
        side, top = set_claim_nb(kt.eff[level, trump], kt.power[level, trump], play, lead_suit,
                                 np.int64(uw[0]), split_flag_nb(sw))
        return side >= 0 and set_claim_beats_nb(sw, side, np.int64(uw[0]), top, best)
    side, reach = tractor_claim_nb(kt.eff[level, trump], kt.power[level, trump], play,
                                   lead_suit, best[2])
    if not tractor_may_beat_nb(side, reach, best[1], best[4]):
        return False
    claim = strongest_answer_nb(kt, sw, level, trump, np.int64(uw[0]), np.int64(ul[0]), play,
                                side, -1)
    if claim[0] == NO_CLAIM:
        return False
    return claim_beats_nb(sw, claim[0], claim[1], claim[2], claim[3], best[1], best[2],
                          best[3], best[4])


@njit(cache=True, inline="always")
def set_claim_nb(eff, power, play, lead_suit, width, split):
    """A play's claim on a lead of one set of ``width`` cards (CMP-9), in one pass over the
    kinds: ``(side, top)``, side as :func:`play_side_nb` (-1: cannot win) and top the power
    of its strongest kind that supplies that width (AMB-17; -1: none, no claim). Only the
    set's own shape answers a set: the CMP-2, CMP-3, CMP-4 substitutes answer tractors
    (:func:`strongest_answer_nb`)."""
    return claim_number_nb(eff, power, play, lead_suit, width, split, 0)


@njit(cache=True, inline="always")
def set_claim_beats_nb(sw, side, width, top, best) -> bool:
    """:func:`one_unit_claim_beats_nb` for a lead of one set of ``width`` cards (CMP-9): a
    play of one suit (``side`` 0 the led suit, 1 a ruff) claims it by its strongest kind
    that supplies that width (AMB-17), of power ``top`` (-1: none, no claim); only the set
    shape answers a set (CMP-2, CMP-3, CMP-4 substitute for tractors only)."""
    if top < 0:
        return False
    return claim_beats_nb(sw, side, width, 1, top, best[1], best[2], best[3], best[4])


ABOVE_ALL = 1 << 20  #: a tractor claim bound above every power (tractor_claim_nb)


@njit(cache=True, inline="always")
def tractor_claim_nb(eff, power, play, lead_suit, best_width):
    """A bound of a play's claim on a lead of one tractor (CMP-9), in one pass over the
    kinds: ``(side, reach)``, side as :func:`play_side_nb` (-1: cannot win) and reach at
    least the top of every answer the play makes, -1 when no kind is held twice (then it
    makes none). Every answer (the
    tractor's shape, CMP-2's quad, the CMP-3, CMP-4 substitutes, AMB-41's two quads) is
    made of kinds held twice or more, and its top is one of their powers (or AMB-40's wrap
    tractor's, below every trump), so reach is the strongest such kind's power; a kind held
    more than ``best_width`` times may make a wider answer, which beats the best by width
    whatever its top, so it makes reach :data:`ABOVE_ALL`."""
    return claim_number_nb(eff, power, play, lead_suit, 0, False, best_width)


@njit(cache=True, inline="always")
def claim_number_nb(eff, power, play, lead_suit, width, split, reach_width):
    """One pass over a play's kinds for a one-unit lead's claim (CMP-9): ``(side, number)``,
    side as :func:`play_side_nb` and number :func:`claim_number_step_nb`'s over the kinds
    held (:func:`set_claim_nb` with ``reach_width`` 0, :func:`tractor_claim_nb` with the
    best claim's width)."""
    suit = -1
    number = np.int64(-1)
    for k in range(N_KINDS):
        c = play[k]
        if c > 0:
            if suit < 0:
                suit = eff[k]
            elif eff[k] != suit:
                return -1, number
            number = claim_number_step_nb(number, c, power[k], width, split, reach_width)
    return side_of_suit_nb(suit, lead_suit), number


@njit(cache=True, inline="always")
def claim_number_step_nb(number, count, power, width, split, reach_width):
    """A claim number, ``number`` so far (-1 none), after a kind of ``power`` held ``count``
    times: on a tractor lead (``reach_width`` > 0, the best claim's width) the reach of
    :func:`tractor_claim_nb`, above all for a kind held more than ``reach_width`` times;
    else a set lead's strongest kind that supplies ``width`` cards (AMB-17,
    :func:`set_claim_nb`)."""
    if reach_width > 0:
        if count < 2:
            return number
        v = np.int64(ABOVE_ALL) if count > reach_width else np.int64(power)
        return v if v > number else number
    if power > number and supplies_nb(count, width, split):
        return np.int64(power)
    return number


@njit(cache=True, inline="always")
def tractor_may_beat_nb(side, reach, best_side, best_top) -> bool:
    """Can a play with :func:`tractor_claim_nb`'s ``(side, reach)`` beat the claim so far
    (``best_side`` 0 led suit, 1 ruff; top ``best_top``) on a tractor lead? A ruff beats a
    led-suit claim and never loses to one. On the same side (:func:`claim_beats_nb`) a
    claim of the best's width needs a higher top; a wider one wins, but it is made of kinds
    held more often than the best's width, which make reach :data:`ABOVE_ALL`; a narrower
    one wins only as AMB-09 B's 2-pair tractor over a quad, by a higher top. So
    ``reach > best_top`` is needed. A play this admits is judged in full
    (:func:`strongest_answer_nb`)."""
    if side < 0 or reach < 0:
        return False
    if side != best_side:
        return side == 1
    return reach > best_top


@njit(cache=True, _nrt=False)
def trick_points_nb(points, plays, n_plays) -> int:
    """POINT-1, POINT-2: the points of every card in the trick (``points``: ``kt.points``,
    the only table it reads, so the hand loop passes no tables)."""
    total = 0
    for p in range(n_plays):
        for k in range(N_KINDS):
            total += plays[p, k] * points[k]
    return total
