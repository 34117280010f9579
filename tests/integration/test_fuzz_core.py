"""The fuzzer's kernel-parity properties on the Numba core (the other fuzz tests are
tests/unit/test_fuzz.py)."""

from __future__ import annotations

import pytest

from shengji_sim.fuzz.positions import position
from shengji_sim.fuzz.property_base import PropertyFailure
from tests.unit.test_fuzz import CAT, passes


def test_kernels_agree() -> None:
    passes("kernels_agree", "classic-2deck", 10)
    passes("kernels_agree", "jj-4deck", 10)


def test_kernels_agree_iterates_the_parity_table(monkeypatch) -> None:
    """kernels_agree calls every position kernel of api.PARITY: a kernel wrapper that
    breaks is a failure naming it (there is no "skipped")."""
    from shengji_sim.core.runtime import api

    pos = position("trick", "classic-2deck", lead="H3 H3", hands=("H4 H4", "H5 H6", "D7 D8"),
                   plays=("H4 H4", "H5 H6", "D7 D8"))
    CAT["kernels_agree"].check(pos)
    for i, entry in enumerate(api.PARITY):
        if entry.scope != "position":
            continue

        def planted_defect(*args):
            raise RuntimeError("planted defect")

        broken = api.PARITY[:i] + (entry._replace(kernel=planted_defect),) + api.PARITY[i + 1:]
        monkeypatch.setattr(api, "PARITY", broken)
        with pytest.raises(PropertyFailure, match="planted defect"):
            CAT["kernels_agree"].check(pos)
        monkeypatch.undo()
