"""Round robins on the Numba core (the tournament's unit tests are
tests/unit/test_tournament.py)."""

from __future__ import annotations

import pytest

from shengji_sim.run import tournament as T
from tests.unit.test_tournament import _cli


@pytest.fixture(scope="module")
def classic():
    from shengji_sim.config.variant import load_variant

    return load_variant("classic-2deck")


def test_round_robin_pairs_duplicate_deals_on_the_core(classic, tmp_path):
    out = T.round_robin(classic, ["greedy", "random"], 300, 5, tmp_path, samples=50)
    (pair,) = out["pairs"]
    assert (pair["a"], pair["b"], pair["deals"]) == ("greedy", "random", 300)
    lo, hi = pair["a_share_ci95"]
    assert 0 < lo < pair["a_share"] < hi < 1
    assert pair["a_share"] > 0.5  # greedy beats random on paired deals
    assert out["ratings"]["greedy"]["rating"] > out["ratings"]["random"]["rating"]
    # the same tournament again reads the finished runs (resume) and gives the same answer
    assert T.round_robin(classic, ["greedy", "random"], 300, 5, tmp_path, samples=50) == out


def test_round_robin_swapping_the_order_mirrors_the_pair(classic, tmp_path):
    ab = T.round_robin(classic, ["greedy", "random"], 100, 9, tmp_path / "ab", samples=20)
    ba = T.round_robin(classic, ["random", "greedy"], 100, 9, tmp_path / "ba", samples=20)
    assert ab["pairs"][0]["a_share"] == pytest.approx(1 - ba["pairs"][0]["a_share"])
    assert ab["pairs"][0]["a_margin"] == pytest.approx(-ba["pairs"][0]["a_margin"])


def test_round_robin_match_share_from_duplicate_matches(classic, tmp_path):
    out = T.round_robin(classic, ["greedy", "random"], 50, 2, tmp_path, matches=20,
                        samples=20)
    pair = out["pairs"][0]
    assert pair["matches"] == 20
    lo, hi = pair["a_match_share_ci95"]
    assert lo <= pair["a_match_share"] <= hi and lo < hi


def test_tournament_json_has_the_promised_shape(capsys, tmp_path):
    import json

    code, out, err = _cli(capsys, "tournament", "--strategies", "greedy", "random", "--deals",
                          "40", "--duplicate", "--out", str(tmp_path), "--json", "--quiet")
    assert code == 0, err
    result = json.loads(out)
    assert set(result["pairs"][0]) >= {"a", "b", "deals", "a_share", "a_share_ci95",
                                       "a_margin", "a_margin_ci95"}
    assert set(result["ratings"]["greedy"]) == {"rating", "ci95"}
    assert result["backends"] == {"greedy-vs-random": "core"}
