"""core/follow/fast_guards_nb.py is generated from the fast paths' table (core/follow/fast_paths.py,
by core/follow/make_fast_guards.py) and checked in; this fails when it is stale, and checks the
table against the schema. tests/integration/test_core_follow.py runs every switch value against the
guards and their fast paths."""

from __future__ import annotations

import re

import pytest

from shengji_sim.config.interpretations import item_for_key
from shengji_sim.config.variant import load_variant
from shengji_sim.config.variant_schema import SCHEMA
from shengji_sim.core.base.tables import SW, code, switch_array
from shengji_sim.core.follow import fast_guards_nb, make_fast_guards
from shengji_sim.core.follow.fast_paths import FAST_PATHS, Decline, FastPath


def test_fast_guards_module_is_current() -> None:
    """Regenerate with ``python -m shengji_sim.core.follow.make_fast_guards`` when this fails."""
    assert make_fast_guards.TARGET.read_text(encoding="utf-8") == make_fast_guards.render()


def test_every_decline_names_a_schema_value_and_its_rule() -> None:
    """Each reading of the table is a value of the schema, and an AMB/OTH one carries its ID
    and letter (``AMB-19 B``); each position flag is one of its guard's."""
    for path in FAST_PATHS.values():
        for decline in path.declines:
            assert re.fullmatch(r"(AMB|OTH|FOLLOW)-\d+( [A-C]\d?)?", decline.rule), decline
            assert not decline.when or decline.when in path.flags
            for key, value in decline.switches:
                assert value in SCHEMA[key].allowed, (key, value)
                item = item_for_key(key)
                if item is not None:
                    assert f"{item.id} {item.letter_for(key, value)}" == decline.rule


def test_each_guard_is_true_exactly_under_its_readings() -> None:
    """``<path>_declines_nb`` of a switch array that holds one reading (flags set) is true, and
    false on a variant none of whose readings hold (classic-2deck's own switches)."""
    base = switch_array(load_variant("classic-2deck"))
    for name, path in FAST_PATHS.items():
        guard = getattr(fast_guards_nb, f"{name}_declines_nb").py_func
        flags = (True,) * len(path.flags)
        assert not guard(base, *flags), name
        for decline in path.declines:
            sw = base.copy()
            for key, value in decline.switches:
                sw[SW[key]] = code(key, value)
            assert guard(sw, *flags), (name, decline)
            if decline.when:  # the reading alone, its position flag not set
                off = tuple(f != decline.when for f in path.flags)
                assert not guard(sw, *off), (name, decline)


def test_a_value_outside_the_schema_is_refused(monkeypatch) -> None:
    bad = {"pair": FastPath("x", (), (Decline("AMB-19 B", (("ruff_condition", "never"),)),))}
    monkeypatch.setattr(make_fast_guards, "FAST_PATHS", bad)
    with pytest.raises(ValueError, match="ruff_condition = 'never'"):
        make_fast_guards.render()


def test_a_wrong_letter_is_refused(monkeypatch) -> None:
    wrong = Decline("AMB-19 A", (("ruff_condition", "shape_missing"),))
    bad = {"pair": FastPath("x", (), (wrong,))}
    monkeypatch.setattr(make_fast_guards, "FAST_PATHS", bad)
    with pytest.raises(ValueError, match="AMB-19 B"):
        make_fast_guards.render()

