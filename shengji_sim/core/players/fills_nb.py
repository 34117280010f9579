"""The best fills of a family's free cards and their listing ranks, for the walks of
:mod:`.walks_nb` that do not walk a family of many options whole (``SHORTCUT_FROM``).

The best option by the linear keys (points, cost) is a greedy fill of the heaviest kinds
(:func:`_order_by_weight_nb`, :func:`_fill_nb`, :func:`_best_fill_nb`); its listing index is
counted, not walked (:func:`_rank_nb`, :func:`_rank_from_nb`, recounted only from the kind a
step changed), and says whether it is within the cap of ``GREEDY_OPTIONS``; past it, the best
of the first 256 is the best of a few greedy fills (:func:`_best_below_nb`).
:func:`best_fill_index_nb` is that choice; :func:`suit_walk_index_nb` the listing index of a
one-suit walk's composition. The scratch is ``lane.keys`` at the offsets of :mod:`.walks_nb`
(``_X_*``: a composition, its caps and the kinds' weights; ``_Y_*``, ``_R_*``).
"""

from __future__ import annotations

from shengji_sim.core.base.jit import njit
from shengji_sim.core.players.walks_nb import (
    _R_LEFT,
    _R_RANK,
    _U_COST,
    _U_PTS,
    _X_CNT,
    _X_W,
    _Y_ORD,
    _Y_PATH,
)


@njit(cache=True, _nrt=False, inline="always")
def _order_by_weight_nb(sc, nk, sign):
    """Each pool kind's per-card weight ``sign * points * 2 ** 24 - cost`` into
    ``sc[_X_W:]`` (``sign`` 1: most points, then cheapest; -1: fewest points, then
    cheapest; the cost of a play is below ``2 ** 24``, so a play's weight orders it as
    (points, cost) do), and the kinds heaviest first, the strongest first among equal
    weights, into ``sc[_Y_ORD:]``."""
    for i in range(nk):
        w = sign * sc[_U_PTS + i] * (1 << 24) - sc[_U_COST + i]
        sc[_X_W + i] = w
        j = i
        while j > 0 and sc[_X_W + sc[_Y_ORD + j - 1]] < w:
            sc[_Y_ORD + j] = sc[_Y_ORD + j - 1]
            j -= 1
        sc[_Y_ORD + j] = i


@njit(cache=True, _nrt=False, inline="always")
def _fill_nb(sc, ucap, nk, start, left, write):
    """The greatest weight of ``left`` cards over the pool kinds ``start..nk-1`` (caps
    ``ucap``; :func:`_order_by_weight_nb` done): the sums are linear in the cards, so the
    best takes the heaviest kinds whole, the strongest first among equal weights (the
    lexicographically greatest, first in listing order, of the best compositions). With
    ``write`` its counts go into ``sc[_X_CNT + start:]``."""
    if write:
        for i in range(start, nk):
            sc[_X_CNT + i] = 0
    total = 0
    for o in range(nk):
        if left == 0:
            break
        i = sc[_Y_ORD + o]
        if i < start:
            continue
        take = ucap[i] if ucap[i] < left else left
        if write:
            sc[_X_CNT + i] = take
        total += take * sc[_X_W + i]
        left -= take
    return total


@njit(cache=True, _nrt=False, inline="always")
def _best_fill_nb(sc, ucap, nk, free, sign):
    """The composition of ``free`` over the pool (caps ``ucap[:nk]``) with the greatest sum
    of per-card weights (:func:`_order_by_weight_nb`), first in listing order among equals,
    into ``sc[_X_CNT:]`` (:func:`_fill_nb`)."""
    _order_by_weight_nb(sc, nk, sign)
    _fill_nb(sc, ucap, nk, 0, free, True)


@njit(cache=True, _nrt=False, inline="always")
def _best_below_nb(sc, ways, ucap, nk, free, m):
    """The listing index of the best composition (:func:`_best_fill_nb`'s weights, done)
    among the first ``m`` in listing order, first among equals, when the best of all comes
    later; it is left in ``sc[_X_CNT:]``. The first ``m`` are those before the ``m``-th
    (unranked as ``follow_count_nb._nth_ready_nb`` does): for each kind ``i``, the ones
    that share its first ``i`` counts and hold more of kind ``i``, each such group in
    listing order and whole, so its best is the best fill (:func:`_fill_nb`) of the kinds
    after ``i``."""
    index = m
    left = free
    prefix = 0  # the weight of the ``m``-th composition's counts so far
    best = 0
    best_i = -1
    best_c = 0
    for i in range(nk):
        c = ucap[i] if ucap[i] < left else left
        while c >= 0:
            w = ways[i + 1, left - c]
            if index < w:
                break
            if w > 0:  # the group of c cards of kind i: every way of the rest comes first
                v = prefix + c * sc[_X_W + i] + _fill_nb(sc, ucap, nk, i + 1, left - c, False)
                if best_i < 0 or v > best:
                    best, best_i, best_c = v, i, c
            index -= w
            c -= 1
        sc[_Y_PATH + i] = c
        prefix += c * sc[_X_W + i]
        left -= c
        if left == 0:
            break  # no group past the kinds that hold the whole
    for i in range(best_i):
        sc[_X_CNT + i] = sc[_Y_PATH + i]
    sc[_X_CNT + best_i] = best_c
    left = free
    for i in range(best_i + 1):
        left -= sc[_X_CNT + i]
    _fill_nb(sc, ucap, nk, best_i + 1, left, True)
    return _rank_nb(sc, ways, ucap, nk, free)


@njit(cache=True, _nrt=False, inline="always")
def _rank_nb(sc, ways, ucap, nk, free):
    """The listing index of the composition ``sc[_X_CNT:]`` of ``free`` cards: how many
    compositions come before it (descending lexicographic order), counted with
    ``options_count_nb``'s table ``ways[i, m]`` (compositions of ``m`` over the kinds
    ``i..``). The count over the kinds before each kind is kept (:func:`_rank_from_nb`)."""
    sc[_R_RANK] = 0
    sc[_R_LEFT] = free
    return _rank_from_nb(sc, ways, ucap, nk, 0)


@njit(cache=True, _nrt=False, inline="always")
def _rank_from_nb(sc, ways, ucap, nk, start):
    """:func:`_rank_nb` of a composition whose kinds before ``start`` are those of the
    composition last ranked: the count over them (``sc[_R_RANK + start]``, with the cards
    left after them ``sc[_R_LEFT + start]``) is kept, the rest recounted. Each kind's count
    before it is kept up to the last kind holding a card (a walk's next composition changes
    a kind that holds one, ``follow_count_nb.next_composition_nb``)."""
    r = sc[_R_RANK + start]
    left = sc[_R_LEFT + start]
    for i in range(start, nk):
        c0 = sc[_X_CNT + i]
        hi = ucap[i] if ucap[i] < left else left
        for c in range(c0 + 1, hi + 1):
            r += ways[i + 1, left - c]
        left -= c0
        sc[_R_RANK + i + 1] = r
        sc[_R_LEFT + i + 1] = left
        if left == 0:
            break
    return r


@njit(cache=True, _nrt=False, inline="always")
def suit_walk_index_nb(fb, sc, nk, whole, last, changed):
    """The listing index of the option a one-suit walk is at, ``last`` that of the one
    before it (-1 at the start): the next index when the pool is all of the suit, else its
    rank (:func:`_rank_nb`), recounted from the first kind that changed (``changed``, 0 at
    the start; :func:`suit_walk_next_nb`). Indices grow along the walk."""
    if whole:
        return last + 1
    if changed == 0:
        return _rank_nb(sc, fb.ways, fb.ucap, nk, fb.fam_free[0])
    return _rank_from_nb(sc, fb.ways, fb.ucap, nk, changed)


@njit(cache=True, _nrt=False, inline="always")
def best_fill_index_nb(walk, nk, m, sign):
    """The listing index of the best of the first ``m`` options of the one family being
    walked (:func:`family_walk_start_nb`), first among equals: by (points, cost) from
    per-kind sums, ``sign`` 1 the most points then the cheapest, -1 the fewest points then
    the cheapest. The greedy fill (:func:`_best_fill_nb`) and its rank (:func:`_rank_nb`),
    or the best before the cap when the fill comes later (:func:`_best_below_nb`)."""
    sc = walk.keys
    fb = walk.fb
    free = fb.fam_free[0]
    _best_fill_nb(sc, fb.ucap, nk, free, sign)
    r = _rank_nb(sc, fb.ways, fb.ucap, nk, free)
    return r if r < m else _best_below_nb(sc, fb.ways, fb.ucap, nk, free, m)
