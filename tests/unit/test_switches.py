"""core/base/switches.py is generated from the variant schema (core/base/make_switches.py)
and checked in; this fails when it is stale, and checks what a kernel reads from ``sw``."""

from __future__ import annotations

import numpy as np

from shengji_sim.config.interpretations import ITEMS, item_for_key
from shengji_sim.config.variant import load_variant
from shengji_sim.config.variant_schema import SCHEMA
from shengji_sim.core.base import make_switches, switches
from shengji_sim.core.base.tables import SW, code, switch_array
from shengji_sim.core.runtime.api import kernel_inputs


def test_switches_module_is_current() -> None:
    """Regenerate with ``python -m shengji_sim.core.base.make_switches`` when this fails."""
    assert make_switches.TARGET.read_text(encoding="utf-8") == make_switches.render()


def test_every_key_and_value_has_its_constant_by_name() -> None:
    """``git grep SW_RUFF_CONDITION`` finds a definition: one per key and per value."""
    text = make_switches.TARGET.read_text(encoding="utf-8")
    for key, slot in SW.items():
        name = f"SW_{make_switches.const_name(key)}"
        assert f"\n{name} = {slot}\n" in text
        assert getattr(switches, name) == slot
        field = SCHEMA[key]
        for value in field.allowed or ():
            if field.type == "str":
                value_name = f"V_{make_switches.const_name(key)}_{make_switches.const_name(value)}"
                assert getattr(switches, value_name) == code(key, value)
    assert switches.N_SWITCHES == len(SCHEMA)


def test_each_reading_constant_names_its_item_and_letter() -> None:
    text = make_switches.TARGET.read_text(encoding="utf-8")
    for item in ITEMS.values():
        for alt in item.alternatives:
            assert f"{item.id} {alt.letter}: {alt.value!r}" in text


def test_na_marks_an_item_that_does_not_apply() -> None:
    """AMB-12 (quad lead table) is n/a in classic-2deck: NA in ``sw``, read as letter A by
    ``reading_nb``; in changzhou-4deck it holds its letter."""
    std2 = switch_array(load_variant("classic-2deck"))
    assert std2[switches.SW_QUAD_LEAD_TABLE] == switches.NA
    assert switches.reading_nb.py_func(std2, switches.SW_QUAD_LEAD_TABLE) == 0
    cz4 = switch_array(load_variant("changzhou-4deck"))
    assert cz4[switches.SW_QUAD_LEAD_TABLE] == switches.V_QUAD_LEAD_TABLE_CZ4
    for key in SCHEMA:  # only AMB/OTH switches are ever NA
        if item_for_key(key) is None:
            assert std2[SW[key]] != switches.NA


def test_kernel_inputs_are_built_once_per_variant() -> None:
    a = kernel_inputs(load_variant("jj-4deck"))
    b = kernel_inputs(load_variant("jj-4deck"))
    assert a.kt is b.kt and a.sw is b.sw
    assert np.array_equal(a.sw, switch_array(load_variant("jj-4deck")))
