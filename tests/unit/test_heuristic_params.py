"""A strategy profile as the kernels' parameter row (core.api.profile_params,
core/players/heuristic_nb.py "Representation"): every schema key has its column, values are
encoded as the kernels read them, a bad value is refused in one line; each profile gets
the player kind that plays it (random, greedy's kernels, or the heuristic kernels)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from shengji_sim.config.strategy import (
    SCHEMA,
    StrategyError,
    StrategyProfile,
    load_strategy,
    strategy_names,
)
from shengji_sim.core.players import heuristic_nb as H
from shengji_sim.core.players import make_profile_columns
from shengji_sim.core.players import profile_columns as C
from shengji_sim.core.players.greedy_nb import GREEDY
from shengji_sim.core.players.random_nb import RANDOM
from shengji_sim.core.runtime.api import (
    PARAM_COLUMNS,
    player_kind,
    profile_params,
    seat_profiles,
)

#: the kernels' column constants, by key (generated: core/players/profile_columns.py)
CONSTANTS = {key: getattr(C, make_profile_columns.const_name(key)) for key in SCHEMA}


def test_profile_columns_module_is_current() -> None:
    """Regenerate with ``python -m shengji_sim.core.players.make_profile_columns`` when this
    fails."""
    text = make_profile_columns.TARGET.read_text(encoding="utf-8")
    assert text == make_profile_columns.render()


def test_every_schema_key_has_the_kernels_column() -> None:
    assert set(CONSTANTS) == set(SCHEMA) == set(PARAM_COLUMNS)
    assert PARAM_COLUMNS == CONSTANTS and C.PARAM_KEYS == tuple(SCHEMA)
    assert sorted(CONSTANTS.values()) == list(range(C.N_PARAMS))
    assert C.P_WIN_MIN_POINTS == list(SCHEMA).index("win_min_points")


def test_str_values_are_encoded_as_the_kernels_read_them() -> None:
    assert SCHEMA["declare_rule"].allowed.index("strength") == H.STRENGTH
    assert SCHEMA["bury_rule"].allowed.index("void_short") == H.VOID_SHORT
    assert SCHEMA["lead_rule"].allowed.index("expert") == H.EXPERT
    assert SCHEMA["follow_rule"].allowed.index("expert") == H.EXPERT
    assert SCHEMA["throws"].allowed.index("proven") == H.PROVEN
    assert SCHEMA["trump_lead"].allowed.index("early") == H.EARLY
    assert SCHEMA["trump_lead"].allowed.index("keep") == H.KEEP


@pytest.mark.parametrize("name", strategy_names())
def test_each_key_lands_in_its_column(name: str) -> None:
    profile = load_strategy(name)
    row = profile_params(profile)
    assert row.dtype == np.int32 and row.shape == (C.N_PARAMS,)
    for key, k in SCHEMA.items():
        value = getattr(profile, key)
        expected = k.allowed.index(value) if k.type == "str" else int(value)
        assert row[CONSTANTS[key]] == expected, (name, key)


def test_expert_row() -> None:
    row = profile_params(load_strategy("expert"))
    assert row[C.P_MEMORY] == 1 and row[C.P_THROWS] == H.PROVEN
    assert row[C.P_DECLARE_STRENGTH] == 100 and row[C.P_RUFF_MIN_POINTS] == 5
    assert profile_params(load_strategy("cautious"))[C.P_TRUMP_LEAD] == H.KEEP


@pytest.mark.parametrize("key, value", [("trump_lead", "sometimes"), ("draw_trumps", 61),
                                        ("memory", 1), ("win_min_points", True),
                                        ("declare_share", "25")])
def test_a_bad_value_is_refused_in_one_line(key: str, value) -> None:
    profile = dataclasses.replace(StrategyProfile(name="odd"), **{key: value})
    with pytest.raises(StrategyError) as err:
        profile_params(profile)
    assert "\n" not in str(err.value) and key in str(err.value) and "odd" in str(err.value)


def test_player_kinds() -> None:
    assert player_kind(load_strategy("random")) == RANDOM
    assert player_kind(load_strategy("greedy")) == GREEDY
    for name in ("expert", "cautious", "bold"):
        assert player_kind(load_strategy(name)) == H.HEURISTIC
    assert player_kind(StrategyProfile(name="mine", declare_share=30)) == H.HEURISTIC
    kinds, params = seat_profiles(["expert", "greedy", "expert", "greedy"])
    assert list(kinds) == [H.HEURISTIC, GREEDY, H.HEURISTIC, GREEDY]
    assert params[0, C.P_MEMORY] == 1 and not params[1].any()


def test_the_core_plays_every_built_in_profile() -> None:
    kinds = {player_kind(load_strategy(name)) for name in strategy_names()}
    assert kinds == {RANDOM, GREEDY, H.HEURISTIC}
