"""The core's side of ``shengji-sim diff``: both readings on the same deals, and B's shadow.

Representation
--------------
:func:`run_diff` plays hands ``start .. start + count - 1`` of root seed ``root`` under two
variants (reading A and reading B of one rule set) with per-decision draws
(:mod:`.shadow_nb`), on ``threads`` lanes (:func:`.diff_nb.diff_lane_nb`, which releases
the GIL), and returns :class:`DiffRows`: ``a`` and ``b``, rows of
:data:`shengji_sim.results.ROW_DTYPE` (hand ``i`` of both on the same deal and the same
per-decision numbers), and ``shadow``, ``int64[count, N_SHADOW]`` counters of reading B
evaluated along A's hand (``shadow_nb.S_*``; zeros when ``shadow`` is off). Hand ``i`` is
played at level ``hand_levels[i]`` (rank 0..12). A hand either reading cannot play, or a
position of A's hand that B's rules judge and the kernels cannot (the shadow's engine
defect), raises :class:`~.backend.CoreError` naming the hand and the position.
:func:`decision_switches` is a variant's ``sw`` with the per-decision slot set.

Reading A's rows do not depend on B: :func:`reading_rows` plays one reading alone, and
``run_diff(..., rows_a=...)`` without the shadow plays only B beside rows A already known (a
report comparing one default with many readings plays the default once).
"""

from __future__ import annotations

import os
from typing import NamedTuple

import numpy as np

from shengji_sim.config.variant_schema import TABLES_ONLY_KEYS
from shengji_sim.core.base.tables import SWITCH_KEYS
from shengji_sim.core.engine.diff_nb import PLAY_A, PLAY_B, PLAY_BOTH, diff_lane_nb
from shengji_sim.core.engine.lane_nb import N_COLUMNS
from shengji_sim.core.engine.shadow_nb import N_SHADOW
from shengji_sim.core.runtime.api import candidates
from shengji_sim.core.runtime.backend import (
    RULE_COLUMN,
    CoreError,
    _rows_of,
    _run_lanes,
    _seats,
    engine,
)

#: ranking keys that reach the kernels through ``kt`` only (no kernel reads their switch;
#: the schema marks them ``KT_ONLY``, tests/unit/test_ranking_keys.py checks it): two readings
#: differing in them alone play alike wherever their tables agree
TABLE_KEYS = TABLES_ONLY_KEYS


class DiffRows(NamedTuple):
    a: np.ndarray  # ROW_DTYPE[count], reading A
    b: np.ndarray  # ROW_DTYPE[count], reading B
    shadow: np.ndarray  # int64[count, N_SHADOW]


def decision_switches(sw: np.ndarray) -> np.ndarray:
    """``sw`` with the per-decision slot (``shadow_nb.SW_DECISION_DRAWS``) set to 1."""
    return np.append(sw, np.int32(1)).astype(np.int32)


def equivalent_positions(ea, eb) -> np.ndarray:
    """``bool[13, 5]``: at which (level, trump) the two engines' readings are the same rules:
    equal switches outside :data:`TABLE_KEYS` and equal tables there."""
    none = np.zeros((13, 5), bool)
    keep = np.array([k not in TABLE_KEYS for k in SWITCH_KEYS])
    if not np.array_equal(ea.sw[keep], eb.sw[keep]):
        return none
    same = np.ones((13, 5), bool)
    for a, b in zip(ea.kt, eb.kt):
        if a.shape != b.shape:
            return none
        if a.shape[:2] == (13, 5):
            same &= (a == b).reshape(13, 5, -1).all(axis=2)
        elif not np.array_equal(a, b):
            return none
    return same


def run_diff(variant_a, variant_b, players: str, root: int, start: int, count: int,
             hand_levels: np.ndarray, shadow: bool = True, threads: int = 1,
             rows_a: np.ndarray | None = None) -> DiffRows:
    """Hands ``start .. start + count - 1`` under both readings (module docstring).
    ``rows_a``: reading A's rows of these hands (:func:`reading_rows`); only B is played then,
    which needs ``shadow`` off (the shadow walks A's hand)."""
    if rows_a is not None and (shadow or len(rows_a) != count):
        raise ValueError("rows_a needs shadow=False and one row per hand")
    sides = PLAY_BOTH if rows_a is None else PLAY_B
    res = _run_sides(variant_a, variant_b, players, root, start, count, hand_levels, shadow,
                     threads, sides)
    return res if rows_a is None else res._replace(a=rows_a)


def reading_rows(variant, players: str, root: int, start: int, count: int,
                 hand_levels: np.ndarray, threads: int = 1) -> np.ndarray:
    """The rows of one reading alone, played as reading A of :func:`run_diff` (per-decision
    draws, hand ``i`` at level ``hand_levels[i]``)."""
    return _run_sides(variant, variant, players, root, start, count, hand_levels, False,
                      threads, PLAY_A).a


def _run_sides(variant_a, variant_b, players, root, start, count, hand_levels, shadow,
               threads, sides) -> DiffRows:
    ea, eb = engine(variant_a), engine(variant_b)
    sw_a, sw_b = decision_switches(ea.sw), decision_switches(eb.sw)
    out_a = np.zeros((count, N_COLUMNS), np.int64)
    out_b = np.zeros((count, N_COLUMNS), np.int64)
    counters = np.zeros((count, N_SHADOW), np.int64)
    status = np.zeros((count, 4), np.int64)
    kinds, params = _seats(players)
    levels = np.ascontiguousarray(hand_levels, np.int32)
    lanes = max(1, min(int(threads or 1), os.cpu_count() or 1, count))
    alike = equivalent_positions(ea, eb)

    def lane(j: int) -> None:
        diff_lane_nb(ea.kt, sw_a, eb.kt, sw_b, RULE_COLUMN, np.uint64(root), start, count, j,
                     lanes, ea.max_lead, eb.max_lead, kinds, params, levels,
                     candidates(kinds), sides,
                     shadow, alike, out_a, out_b, counters, status)

    _run_lanes(lane, lanes)
    for side, name in ((0, "reading A"), (1, "reading B")):
        bad = np.flatnonzero(status[:, side])
        if bad.size:
            i = int(bad[0])
            raise CoreError(start + i, int(status[i, side]), name)
    bad = np.flatnonzero(status[:, 2])
    if bad.size:
        i = int(bad[0])
        raise CoreError(start + i, int(status[i, 2]),
                        f"reading B beside reading A's hand, {shadow_position(status[i, 3])}")
    return DiffRows(_rows_of(out_a), _rows_of(out_b), counters)


def shadow_position(where: int) -> str:
    """``4 * trick + position`` of the shadow (``shadow_nb.shadow_hand_nb``; trick from 0)
    in words: "trick 5 (from 1), the follower 2 places after the leader" or "trick 5
    (from 1), its winner"."""
    trick, position = divmod(int(where), 4)
    return f"trick {trick + 1} (from 1), " + (
        f"the follower {position} place{'s' if position > 1 else ''} after the leader"
        if position else "its winner")
