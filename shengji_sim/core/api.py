"""The front door to the kernels: their inputs, built once per variant.

Representation
--------------
A kernel sees a variant as two inputs (docs/core-conventions.md):

``kt``
    :class:`~shengji_sim.core.tables.KernelTables`, the ranking tables of every level and
    trump, built from the reference's ranking; variants with the same ranking switches share
    one (:func:`tables_for`).
``sw``
    the switches, an ``int32`` array indexed by the constants of :mod:`.switches`
    (:func:`~shengji_sim.core.tables.switch_array`).

:func:`kernel_inputs` is the one cache of both: every Python caller of the kernels (the
simulation backend, the judge's kernel wrappers, the tests) gets them here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from shengji_sim.core.tables import KernelTables, build_tables, switch_array

__all__ = ["KernelInputs", "kernel_inputs", "switch_array", "tables_for"]


class KernelInputs(NamedTuple):
    kt: KernelTables
    sw: np.ndarray


_TABLES: dict[tuple, KernelTables] = {}
_INPUTS: dict[tuple, KernelInputs] = {}


def _ranking_key(variant: Any) -> tuple:
    """What :func:`~shengji_sim.core.tables.build_tables` reads: the switches of
    ``ranking.build_ranking`` and AMB-40 (``shapes.unit_top``)."""
    from shengji_sim.rules.ranking import fixed_two_mode

    return (fixed_two_mode(variant), variant.jj_special_order, variant.level_card_in_plain_run,
            variant.special_adjacency, variant.ace_adjacency, variant.gap_adjacency,
            variant.ace_low_without_two, variant.trump_is_one_suit, variant.offlevel_suit_rank,
            bool(variant.joker_tractor), tuple(variant.tractor_units),
            variant.jj4_A2_tractor_rank)


def tables_for(variant: Any) -> KernelTables:
    """The ranking tables of ``variant`` (shared by variants with the same ranking)."""
    key = _ranking_key(variant)
    kt = _TABLES.get(key)
    if kt is None:
        kt = _TABLES[key] = build_tables(variant)
    return kt


def kernel_inputs(variant: Any) -> KernelInputs:
    """``(kt, sw)`` of ``variant``, built once per variant content."""
    key = (variant.content_hash, variant.present_keys)
    got = _INPUTS.get(key)
    if got is None:
        got = _INPUTS[key] = KernelInputs(tables_for(variant), switch_array(variant))
    return got
