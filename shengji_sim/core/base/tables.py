"""Kernel inputs: the variant's switches as an int array, and ranking tables per hand.

Representation
--------------
**Switches.** ``switch_array(variant)`` is ``sw``, an ``int32[N_SWITCHES]`` with one slot
per key of :data:`shengji_sim.config.variant_schema.SCHEMA`; the slot and value constants
(``SW_SPLIT_SETS``,
``V_SPLIT_SETS_YES``, ``NA``) are generated in :mod:`shengji_sim.core.base.switches`. Kernels never
see strings.

**Ranking tables.** ``build_tables(variant)`` returns :class:`KernelTables`, indexed by
``[level 0..12, trump 0..4 (4 = NT)]`` and built from the reference
:mod:`shengji_sim.rules.ranking` and :mod:`shengji_sim.rules.shapes`, so the two engines
share one definition of suits, powers and adjacency:

``eff[l, t, k]``, ``group[l, t, k]``, ``power[l, t, k]``
    as in :class:`~shengji_sim.rules.ranking.Ranking`.
``order[l, t, k]`` / ``kind_at[l, t, i]``
    position of kind ``k`` in the strongest-first order (``Ranking.sort_key``) and its
    inverse: the listing order of plays.
``ntr[l, t]``, ``tr_len[l, t, i]``, ``tr_kinds[l, t, i, :]``, ``tr_top[l, t, i]``
    every tractor kind-sequence (lengths 2..13, in ``shapes.tractor_kinds`` order), padded
    with -1, and its comparison power (``shapes.unit_top``, AMB-40 included).
``points[k]``
    POINT-1.
``tr_mask[l, t, i]``
    the run's kinds as a bit set (bit ``k``): a run is held at least twice iff its mask lies
    inside the mask of the kinds held twice (one test instead of a loop).
``tr_closed[l, t]``
    1 when the runs are closed under dropping the last kind (checked here): then a hand
    that holds no run of length ``m`` holds none longer, and a scan of the runs may stop.
``from_n[l, t, k]`` / ``from_idx[l, t, k, :]``
    the runs whose chain starts with kind ``k``: how many, and their indices into
    ``tr_*`` in the tables' order (by length; padded -1), so a hand's tractors are found
    from the kinds it holds twice.
``cls_n[l, t, k]`` / ``cls_kinds[l, t, k, :]``
    kind ``k``'s follow class (the kinds of the same ``eff`` and ``group``, FOLLOW-1): how
    many, and the kinds in listing order (padded -1), so a one-card follow looks at its
    class only.
``tr_pmask[l, t, i]``, ``cls_pmask[l, t, k]``, ``trump_pmask[l, t]``
    the same sets as bit sets of strongest-first *positions* (bit ``order[k]``, as the hand
    masks of :mod:`.bits_nb`): run ``i``'s kinds, kind ``k``'s follow class, the trumps.
``succ_pmask[l, t, k]``
    the positions of the second kinds of the length-2 runs that start with kind ``k``: when
    the runs are closed (``tr_closed``), a hand holds a run from ``k`` twice only if it
    holds ``k`` and one of these twice.

All arrays are C-contiguous numpy arrays of fixed dtype, so a kernel compiled once with
``cache=True`` serves every variant.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from shengji_sim.cards import N_KINDS, TRUMP, points_of
from shengji_sim.config.interpretations import item_for_key
from shengji_sim.config.variant_schema import SCHEMA
from shengji_sim.core.base.switches import N_SWITCHES, NA
from shengji_sim.rules.shapes import Unit, make_context, tractor_kinds, unit_top

N_LEVELS = 13
N_TRUMPS = 5
MAX_RUN = 13
SWITCH_KEYS: tuple[str, ...] = tuple(SCHEMA)
SW: dict[str, int] = {key: i for i, key in enumerate(SWITCH_KEYS)}  #: key -> slot of ``sw``
assert N_SWITCHES == len(SWITCH_KEYS), "core/base/switches.py is stale: run make_switches"


def code(key: str, value: Any) -> int:
    """The integer a kernel sees for ``value`` of ``key`` (:mod:`.switches`)."""
    field = SCHEMA[key]
    if field.type == "bool":
        return int(bool(value))
    if field.type == "int":
        return int(value)
    if field.type == "list[int]":
        return sum(1 << int(w) for w in value)
    return field.allowed.index(value)


def switch_array(variant: Any) -> np.ndarray:
    """``sw`` (:mod:`.switches`): each schema key's code, :data:`~.switches.NA` for an AMB/OTH
    switch the variant file leaves out (its item does not apply, RULES.md §8)."""
    present = variant.present_keys
    values = [NA if item_for_key(key) is not None and key not in present
              else code(key, getattr(variant, key)) for key in SWITCH_KEYS]
    return np.array(values, dtype=np.int32)


class KernelTables(NamedTuple):
    eff: np.ndarray  # int8[13, 5, 54]
    group: np.ndarray  # int8[13, 5, 54]
    power: np.ndarray  # int16[13, 5, 54]
    order: np.ndarray  # int16[13, 5, 54]
    kind_at: np.ndarray  # int16[13, 5, 54]
    ntr: np.ndarray  # int32[13, 5]
    tr_len: np.ndarray  # int8[13, 5, MAXT]
    tr_kinds: np.ndarray  # int8[13, 5, MAXT, 13]
    tr_top: np.ndarray  # int16[13, 5, MAXT]
    points: np.ndarray  # int16[54]
    tr_mask: np.ndarray  # int64[13, 5, MAXT] bit k set iff kind k is in the run (fast filters)
    tr_closed: np.ndarray  # int8[13, 5] 1 iff every run's first length-1 kinds are a run too
    from_n: np.ndarray  # int16[13, 5, 54] runs starting with kind k
    from_idx: np.ndarray  # int16[13, 5, 54, MAXF] their indices (by length), padded -1
    cls_n: np.ndarray  # int8[13, 5, 54] size of kind k's follow class
    cls_kinds: np.ndarray  # int8[13, 5, 54, 54] the class's kinds in listing order, padded -1
    tr_pmask: np.ndarray  # int64[13, 5, MAXT] run's kinds by position (bit order[k])
    cls_pmask: np.ndarray  # int64[13, 5, 54] kind k's follow class by position
    trump_pmask: np.ndarray  # int64[13, 5] the trumps by position
    succ_pmask: np.ndarray  # int64[13, 5, 54] second kinds of the 2-runs from kind k


def build_tables(variant: Any) -> KernelTables:
    """Ranking tables for every level and trump of ``variant`` (see the module docstring)."""
    shape = (N_LEVELS, N_TRUMPS, N_KINDS)
    eff = np.zeros(shape, np.int8)
    group = np.zeros(shape, np.int8)
    power = np.zeros(shape, np.int16)
    order = np.zeros(shape, np.int16)
    kind_at = np.zeros(shape, np.int16)
    runs: dict[tuple[int, int], list[tuple[tuple[int, ...], int]]] = {}
    for level in range(N_LEVELS):
        for trump in range(N_TRUMPS):
            ctx = make_context(variant, level, trump)
            r = ctx.ranking
            eff[level, trump] = r.eff_suit
            group[level, trump] = r.group
            power[level, trump] = r.power
            strongest_first = sorted(range(N_KINDS), key=r.sort_key)
            kind_at[level, trump] = strongest_first
            for i, k in enumerate(strongest_first):
                order[level, trump, k] = i
            runs[level, trump] = [
                (kinds, unit_top(ctx, Unit(2, kinds)))
                for length in range(2, MAX_RUN + 1) for kinds in tractor_kinds(r, length)
            ]
    max_t = max(1, max(len(v) for v in runs.values()))
    ntr = np.zeros((N_LEVELS, N_TRUMPS), np.int32)
    tr_len = np.zeros((N_LEVELS, N_TRUMPS, max_t), np.int8)
    tr_kinds = np.full((N_LEVELS, N_TRUMPS, max_t, MAX_RUN), -1, np.int8)
    tr_top = np.zeros((N_LEVELS, N_TRUMPS, max_t), np.int16)
    tr_mask = np.zeros((N_LEVELS, N_TRUMPS, max_t), np.int64)
    for (level, trump), items in runs.items():
        ntr[level, trump] = len(items)
        for i, (kinds, top) in enumerate(items):
            tr_len[level, trump, i] = len(kinds)
            tr_kinds[level, trump, i, :len(kinds)] = kinds
            tr_top[level, trump, i] = top
            tr_mask[level, trump, i] = sum(1 << k for k in kinds)
    tr_closed = np.zeros((N_LEVELS, N_TRUMPS), np.int8)
    for (level, trump), items in runs.items():
        chains = {kinds for kinds, _top in items}
        tr_closed[level, trump] = all(len(k) == 2 or k[:-1] in chains for k in chains)
    points = np.array([points_of(k) for k in range(N_KINDS)], np.int16)
    from_n, from_idx = _runs_by_first_kind(ntr, tr_kinds)
    cls_n, cls_kinds = _follow_classes(eff, group, kind_at)
    bit = np.int64(1) << order.astype(np.int64)  # [l, t, k]: kind k's position bit
    tr_pmask = np.zeros_like(tr_mask)
    succ_pmask = np.zeros(shape, np.int64)
    for level in range(N_LEVELS):
        for trump in range(N_TRUMPS):
            for i in range(ntr[level, trump]):
                kinds = tr_kinds[level, trump, i, :tr_len[level, trump, i]]
                tr_pmask[level, trump, i] = np.bitwise_or.reduce(bit[level, trump, kinds])
                if len(kinds) == 2:
                    succ_pmask[level, trump, kinds[0]] |= bit[level, trump, kinds[1]]
    same_class = ((eff[..., :, None] == eff[..., None, :])
                  & (group[..., :, None] == group[..., None, :]))  # [l, t, k, k']
    cls_pmask = np.bitwise_or.reduce(np.where(same_class, bit[..., None, :], 0), axis=-1)
    trump_pmask = np.bitwise_or.reduce(np.where(eff == TRUMP, bit, 0), axis=-1)
    return KernelTables(eff, group, power, order, kind_at, ntr, tr_len, tr_kinds, tr_top,
                        points, tr_mask, tr_closed, from_n, from_idx, cls_n, cls_kinds,
                        tr_pmask, cls_pmask, trump_pmask, succ_pmask)


def _runs_by_first_kind(ntr, tr_kinds) -> tuple[np.ndarray, np.ndarray]:
    """``from_n`` / ``from_idx`` (see the module docstring) from the run tables."""
    lists = [[[[] for _k in range(N_KINDS)] for _t in range(N_TRUMPS)] for _l in range(N_LEVELS)]
    for level in range(N_LEVELS):
        for trump in range(N_TRUMPS):
            for i in range(ntr[level, trump]):
                lists[level][trump][tr_kinds[level, trump, i, 0]].append(i)
    width = max(1, max(len(x) for per_l in lists for per_t in per_l for x in per_t))
    from_n = np.zeros((N_LEVELS, N_TRUMPS, N_KINDS), np.int16)
    from_idx = np.full((N_LEVELS, N_TRUMPS, N_KINDS, width), -1, np.int16)
    for level in range(N_LEVELS):
        for trump in range(N_TRUMPS):
            for k in range(N_KINDS):
                runs = lists[level][trump][k]
                from_n[level, trump, k] = len(runs)
                from_idx[level, trump, k, :len(runs)] = runs
    return from_n, from_idx


def _follow_classes(eff, group, kind_at) -> tuple[np.ndarray, np.ndarray]:
    """``cls_n`` / ``cls_kinds`` (see the module docstring) from the ranking tables."""
    cls_n = np.zeros((N_LEVELS, N_TRUMPS, N_KINDS), np.int8)
    cls_kinds = np.full((N_LEVELS, N_TRUMPS, N_KINDS, N_KINDS), -1, np.int8)
    for level in range(N_LEVELS):
        for trump in range(N_TRUMPS):
            listing = kind_at[level, trump]
            key = eff[level, trump].astype(np.int64) * 16 + group[level, trump]
            for cls in np.unique(key):  # each class once: its kinds in listing order
                members = listing[key[listing] == cls]
                cls_n[level, trump, key == cls] = len(members)
                cls_kinds[level, trump, key == cls, :len(members)] = members
    return cls_n, cls_kinds
