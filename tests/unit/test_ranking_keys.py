"""The ranking keys are marked once, in the schema (``Field.tables``, ``RANKING_KEYS``): the
reference's ranking cache, the core's tables (``api.tables_for``, the saved tables) and
``diff``'s equivalent positions all key by them. These fail when the tables read a key that
is not marked, or when a mark says more or less than the kernels do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from shengji_sim.config.variant import builtin_names, load_variant
from shengji_sim.config.variant_schema import (
    KT_AND_SW,
    KT_ONLY,
    RANKING_KEYS,
    SCHEMA,
    TABLES_ONLY_KEYS,
)
from shengji_sim.core.base.tables import build_tables
from shengji_sim.core.runtime.diffrun import TABLE_KEYS
from shengji_sim.rules.ranking import ranking_key

CORE = Path(__file__).resolve().parents[2] / "shengji_sim" / "core"


class Reads:
    """A variant that notes the name of every attribute read from it."""

    def __init__(self, variant: Any) -> None:
        object.__setattr__(self, "_variant", variant)
        object.__setattr__(self, "read", set())

    def __getattr__(self, name: str) -> Any:
        self.read.add(name)
        return getattr(self._variant, name)


#: variants and readings whose tables take the branches that read switches: every rule set,
#: and the readings of the ranking items that only some rule sets default to
READINGS = [(name, ()) for name in builtin_names()] + [
    ("jj-4deck", ("AMB-40=B",)), ("classic-2deck", ("AMB-04=B", "AMB-05=B", "AMB-06=B")),
    ("classic-2deck", ("AMB-03=B", "AMB-07=B", "AMB-08=B")),
]


@pytest.mark.parametrize(("name", "amb"), READINGS)
def test_the_tables_read_only_the_marked_ranking_keys(name: str, amb: tuple[str, ...]) -> None:
    """build_tables (rules.ranking.build_ranking, rules.shapes.unit_top) reads a variant
    attribute only if the schema marks it ``tables``; else its ranking key would not change
    when its tables do, and variants with different tables would share them."""
    variant = Reads(load_variant(name, amb=list(amb), warn=lambda _message: None))
    build_tables(variant)
    assert variant.read - set(RANKING_KEYS) == set()


def kernel_sources() -> str:
    """The kernels' sources (not the generated constants, not the Python-only runtime)."""
    paths = [p for p in sorted(CORE.rglob("*.py"))
             if p.name != "switches.py" and "runtime" not in p.relative_to(CORE).parts]
    assert len(paths) > 20
    return "".join(p.read_text(encoding="utf-8") for p in paths)


def test_kt_only_keys_reach_the_kernels_through_the_tables_only() -> None:
    """diffrun.equivalent_positions ignores the switches of TABLE_KEYS: no kernel may read
    them; a key marked KT_AND_SW is read by some kernel (else it is KT_ONLY)."""
    sources = kernel_sources()
    assert TABLE_KEYS == TABLES_ONLY_KEYS
    for key in RANKING_KEYS:
        read = f"SW_{key.upper()}" in sources
        assert SCHEMA[key].tables == (KT_AND_SW if read else KT_ONLY), key


def test_the_ranking_key_names_its_values() -> None:
    key = ranking_key(load_variant("classic-2deck", amb=["AMB-05=B"]))
    assert key._fields == RANKING_KEYS
    assert key.ace_adjacency == "trump_A2" and key.tractor_units == (2,)
    assert hash(key) == hash(ranking_key(load_variant("classic-2deck", amb=["AMB-05=B"])))
