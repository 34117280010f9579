"""Every reading's kernels judge every position the reference judges (issue 33, "No position
that a reading's kernels cannot judge").

For every applicable AMB/OTH letter of classic-2deck, changzhou-4deck and jj-4deck that
switches a trick rule (the ``diff`` runs that evaluate reading B beside A), with random,
greedy and expert players: along reading A's hands, every follow and every trick is judged
under reading B by the kernels and by the reference (tests/shadow_positions.py). Where the
reference judges, the kernels judge alike (legal-set size, whether the chosen play is in it;
the trick's winner). Where the reference cannot judge, the kernels cannot either, and the
only reason allowed is that the lead is not a legal lead under B (DEF-27: not of one follow
group under B), which ``diff`` counts apart (``shadow_nb.S_LEAD_NOT_LEGAL_B``, checked here
against the walk with random players).

``SHADOW_HANDS`` hands per letter and player set (default 2; each hand at another level).
A bigger run: ``SHADOW_HANDS=40 python -m pytest tests/property/test_every_reading_judges.py``.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.report.interpretations import pairs
from shengji_sim.rules.shapes import make_context, play_suit
from shengji_sim.run import reading_diff as rd
from tests.shadow_positions import positions

VARIANTS = ("classic-2deck", "changzhou-4deck", "jj-4deck")
PLAYERS = ("random", "greedy", "expert")
HANDS = int(os.environ.get("SHADOW_HANDS", "2"))
SEED = 33

CASES = [(name, f"{item}={letter}") for name in VARIANTS
         for _, item, _, letter in pairs(name) if rd.trick_item(item)]


def _levels(case: int, players: int) -> np.ndarray:
    """Hand ``i``'s level: spread over the 13 levels by the case and the player set."""
    return ((np.arange(HANDS) * 5 + 3 * case + 7 * players) % 13).astype(np.int32)


def _lead_legal(variant, pos) -> bool:
    return play_suit(make_context(variant, pos.level, pos.trump), pos.lead) is not None


@pytest.mark.parametrize(("name", "spec"), CASES, ids=[f"{n} {s}" for n, s in CASES])
def test_DEF_27_reading_B_kernels_judge_every_position_the_reference_judges(
        name: str, spec: str) -> None:
    va = load_variant(name)
    vb = load_variant(name, amb=[spec])
    case = CASES.index((name, spec))
    for j, players in enumerate(PLAYERS):
        levels = _levels(case, j)
        not_legal = 0
        for pos in positions(va, vb, players, SEED, levels):
            k, r = pos.kernel, pos.reference
            legal = _lead_legal(vb, pos)
            if pos.kind == "trick" and not legal:
                not_legal += 1
            if r.error is None:
                assert k == r, f"{players}: {pos.describe()}"
                continue
            assert k.error is not None, f"{players}: only the reference gives up: " \
                                        f"{pos.describe()}"
            assert not legal, f"{players}: neither engine judges a position B's rules " \
                              f"judge: {pos.describe()}"
        if players == "random":
            from shengji_sim.core.engine.shadow_nb import S_LEAD_NOT_LEGAL_B
            from shengji_sim.core.runtime.diffrun import run_diff

            shadow = run_diff(va, vb, players, SEED, 0, HANDS, levels).shadow
            assert shadow[:, S_LEAD_NOT_LEGAL_B].sum() == not_legal
