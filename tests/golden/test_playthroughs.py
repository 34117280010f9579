"""Golden playthroughs: one greedy hand per built-in variant, rendered as text.

Regenerate after an intended rule change (and bump RULES_VERSION) with
``UPDATE_GOLDEN=1 python -m pytest tests/golden``; the same text comes from
``shengji-sim play --variant V --seed 1 --players greedy``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from shengji_sim.config.variant import builtin_names, load_variant
from shengji_sim.players.reference import make_players
from shengji_sim.rules.game import play_hand
from shengji_sim.rules.record import render_text

HERE = Path(__file__).parent / "playthroughs"


def playthrough(name: str) -> str:
    record = play_hand(load_variant(name), make_players("greedy"), 1, 0)
    return render_text(record)


@pytest.mark.parametrize("name", builtin_names())
def test_golden_playthrough(name: str) -> None:
    path = HERE / f"{name}.txt"
    text = playthrough(name)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden playthrough {path}"
    assert text.splitlines() == path.read_text(encoding="utf-8").splitlines()


def test_every_builtin_variant_has_a_playthrough() -> None:
    have = {p.stem for p in HERE.glob("*.txt")}
    assert set(builtin_names()) <= have
