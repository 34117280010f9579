"""The ablation profiles of benchmarks/ablation (docs/strategies.md, "What the expert's speed
is made of"): each differs from its built-in profile in exactly the keys listed here (the
docs table's "changes" column says the same in words), and greedy-as-heuristic plays
greedy's hands through the heuristic kernels."""

from __future__ import annotations

from pathlib import Path

import pytest

from shengji_sim.config.strategy import SCHEMA, load_strategy
from shengji_sim.core.players.heuristic_nb import HEURISTIC
from shengji_sim.core.runtime.api import player_kind

ABLATION = Path(__file__).resolve().parents[2] / "benchmarks" / "ablation"

#: file -> (the built-in profile it is measured against, the keys it changes and their values)
CHANGES = {
    "expert-greedy-follow": ("expert", {"follow_rule": "greedy"}),
    "expert-greedy-follow-no-throws": ("expert", {"follow_rule": "greedy", "throws": "never"}),
    "expert-greedy-lead-no-throws": ("expert", {"lead_rule": "greedy", "throws": "never"}),
    "greedy-memory-declare-bury": ("greedy", {
        "memory": True, "declare_rule": "strength", "declare_strength": 100,
        "bury_rule": "void_short"}),
    "greedy-as-heuristic": ("greedy", {"endgame_cards": 6}),
}


def _keys(profile) -> dict:
    return {k: getattr(profile, k) for k in SCHEMA}


def test_every_ablation_file_is_listed():
    assert sorted(p.stem for p in ABLATION.glob("*.toml")) == sorted(CHANGES)


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_an_ablation_profile_changes_only_its_keys(name):
    base, changes = CHANGES[name]
    profile = load_strategy(str(ABLATION / f"{name}.toml"))
    reference = _keys(load_strategy(base))
    differ = {k: v for k, v in _keys(profile).items() if reference[k] != v}
    assert differ == changes
    assert player_kind(profile) == HEURISTIC


