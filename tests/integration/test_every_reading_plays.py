"""Every applicable letter of every AMB/OTH item plays whole hands on the core without an
error (classic-2deck, changzhou-4deck, jj-4deck; issue "Rules: defects found by an outside
review": AMB-07 B crashed a hand with "kernel error -101").

``READING_HANDS`` hands per reading (default 500; the issue's figure is 5,000:
``READING_HANDS=5000 python -m pytest tests/integration/test_every_reading_plays.py``), with
random and greedy players. A reading that makes the variant impossible (AMB-28 C: 51 x 4 + 8
cards) must be refused as such by the variant loader, and is listed, not played.
"""

from __future__ import annotations

import os

import pytest

from shengji_sim.config.interpretations import ITEMS, VariantError
from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.backend import run_chunk

VARIANTS = ("classic-2deck", "changzhou-4deck", "jj-4deck")
HANDS = int(os.environ.get("READING_HANDS", "500"))
#: readings the loader refuses because no deal is possible (RULES.md AMB-28 C)
IMPOSSIBLE = {("changzhou-4deck", "AMB-28=C")}


def readings(name: str) -> list[str]:
    """``AMB-nn=X`` for every letter of every item that applies to the variant."""
    applicable = load_variant(name).applicable
    return [f"{item_id}={letter}" for item_id, item in ITEMS.items() if item_id in applicable
            for letter in item.letters]


CASES = [(name, spec) for name in VARIANTS for spec in readings(name)]


@pytest.mark.parametrize(("name", "spec"), CASES, ids=[f"{n} {s}" for n, s in CASES])
def test_every_reading_plays_whole_hands_on_the_core(name: str, spec: str) -> None:
    try:
        variant = load_variant(name, amb=[spec])
    except VariantError as exc:
        assert (name, spec) in IMPOSSIBLE, exc
        assert "impossible" in str(exc)
        return
    assert (name, spec) not in IMPOSSIBLE
    for players in ("random", "greedy"):
        count = HANDS if players == "random" else max(1, HANDS // 50)
        rows = run_chunk(variant, players, 1, 0, count)
        assert len(rows) == count
