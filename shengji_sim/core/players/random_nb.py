"""The random player's decisions as kernels: the ``random`` player of
:mod:`shengji_sim.players.reference` (and ``passive``, a random player that never declares or
炒s, for tests of BID-8).

Representation
--------------
A seat's player is a kind (``lane.pkinds[seat]``): :data:`RANDOM`, :data:`PASSIVE`, or
``greedy_nb.GREEDY`` and ``heuristic_nb.HEURISTIC`` (their modules; the names a profile gives
them are ``runtime.api.PLAYER_KINDS``). Each decision gets the engine's options (a count and a
way to list them, as the reference's ``Choice``) and returns an option's index, drawing from
the hand's rng stream ``state`` exactly where the reference player draws:

* declare and 炒 (BID-2, CHAO-2): :func:`random_choose_nb` (random: ``below(n + 1)``; passive
  passes);
* bury (KITTY-1): ``rng_nb.random_multiset_nb``;
* lead (LEAD-3): :func:`random_lead_into_nb` and :func:`random_lead_pick_nb` (counted
  without listing the sets), or :func:`random_lead_nb` over a listing;
* follow: ``below(count)`` over the family kernels' options, or a fast path of
  :mod:`.follow_fast_nb` (``game_nb``'s random follows).
"""

from __future__ import annotations

import numpy as np

from shengji_sim.core.base.bits_nb import lowest_bit_nb
from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.rng_nb import below_nb
from shengji_sim.core.base.switches import SW_TRACTOR_UNITS
from shengji_sim.core.rules.lead_nb import sorted_tractors_nb
from shengji_sim.core.rules.shapes_nb import (
    may_hold_tractor_nb,
    two_quads_count_nb,
)

#: player kinds (``lane.pkinds[seat]``): these two, ``greedy_nb.GREEDY`` (1) and
#: ``heuristic_nb.HEURISTIC`` (3)
RANDOM = 0
PASSIVE = 2  # random, but never declares or 炒s (exercises BID-8 in tests)


@njit(cache=True, _nrt=False)
def random_choose_nb(state, pkind, n):
    """A random or passive seat's declaration or 炒 among ``n`` options: the index, or
    -1 = pass. random: ``below(n + 1)``, ``n`` passes; passive: always passes."""
    if n == 0 or pkind == PASSIVE:
        return -1
    i = below_nb(state, n + 1)
    return -1 if i == n else i


@njit(cache=True, _nrt=False)
def random_lead_into_nb(kt, sw, level, trump, counts, hm, n_cards, lb, state, lead):
    """``RandomPlayer.lead`` without listing the sets: option ``below(n)`` of
    :func:`lead_options_nb`'s listing, written to ``lead`` as counts; returns ``(n, top)``,
    ``top`` the lead's strongest kind (``(-1, -1)`` if nothing is held). ``hm`` are the
    hand's masks (:mod:`.bits_nb`).

    In the listing the options whose strongest card is the kind at position ``o`` come
    together: first that kind's sets, widths 1..c (each a prefix of the next and of every
    tractor it tops), then the tractors it tops, in their sorted order. So ``n`` is the
    number of cards held (``n_cards``) plus the distinct tractors, and option ``i`` is found
    in one walk up the held positions; only the tractors are generated and sorted.

    The game loop calls the three steps itself: a call that passes ``kt`` or the buffers
    copies every array's fields, so the common case (no tractor) passes neither.
    """
    m = 0
    quads = hm[3] if two_quads_count_nb(sw) else np.int64(0)
    if may_hold_tractor_nb(kt.kind_at[level, trump], kt.succ_pmask[level, trump],
                           kt.tr_closed[level, trump], sw[SW_TRACTOR_UNITS], hm[1], quads):
        m = sorted_tractors_nb(kt, sw, level, trump, counts, hm[1], quads, lb)
    return random_lead_pick_nb(kt.kind_at[level, trump], counts, hm[0], n_cards, m, lb.w,
                               lb.ln, lb.kinds, lb.ords, state, lead)


@njit(cache=True, _nrt=False)
def random_lead_pick_nb(kind_at, counts, held, n_cards, m, tw, tln, tkinds, tords, state,
                        lead):
    """Option ``below(n_cards + m)`` of the listing into ``lead``, the ``m`` tractors being
    ``tw/tln/tkinds/tords[:m]`` (:func:`sorted_tractors_nb`) and ``held`` the positions
    held; returns ``(n, top)`` as :func:`random_lead_into_nb`."""
    n = n_cards + m
    i = below_nb(state, n)
    for k in range(54):
        lead[k] = 0
    t = 0
    while held:
        o = lowest_bit_nb(held)
        held &= held - 1
        k = kind_at[o]
        c = counts[k]
        if i < c:  # the set of i + 1 copies of k (COMBO-1, COMBO-2, COMBO-3)
            lead[k] = i + 1
            return n, k
        i -= c
        while t < m and tords[t, 0] == o:  # the tractors k tops (COMBO-4, COMBO-5, COMBO-6)
            if i == 0:
                for j in range(tln[t]):
                    lead[tkinds[t, j]] = tw[t]
                return n, k
            i -= 1
            t += 1
    return -1, -1


@njit(cache=True, _nrt=False)
def random_lead_nb(state, n):
    """``RandomPlayer.lead``: option ``below(n)``."""
    return below_nb(state, n)
