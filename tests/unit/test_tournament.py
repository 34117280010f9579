"""Tournament statistics: deal margins from duplicate rows, shares, Bradley-Terry ratings."""

from __future__ import annotations

import numpy as np
import pytest

from shengji_sim import tournament as T

FIELDS = [("index", "u8"), ("match", "i8"), ("duplicate", "i1"), ("dealer", "i1"),
          ("winner_side", "i1"), ("levels", "i1")] + [(f"strategy_{s}", "i1") for s in range(4)]


def rows_of(hands):
    """hands: (index, duplicate, dealer, winner_side, levels, a_on_side_0)."""
    rows = np.zeros(len(hands), FIELDS)
    for r, (index, dup, dealer, winner, levels, a_first) in zip(rows, hands, strict=True):
        r["index"], r["match"], r["duplicate"] = index, -1, dup
        r["dealer"], r["winner_side"], r["levels"] = dealer, winner, levels
        codes = (0, 1, 0, 1) if a_first else (1, 0, 1, 0)
        for s in range(4):
            r[f"strategy_{s}"] = codes[s]
    return rows


def test_side_gains_follow_the_dealer_and_the_winning_side():
    rows = rows_of([(0, 0, 1, 0, 2, True),   # dealer seat 1 (side 1) holds: side 1 +2
                    (1, 0, 1, 1, 3, True),   # attackers (side 0) win: side 0 +3
                    (2, 0, 2, 2, 0, True)])  # nobody gains
    assert T.side_gains(rows).tolist() == [[0, 2], [3, 0], [0, 0]]


def test_deal_margin_sums_both_plays_from_a_side():
    # deal 0: a (code 0) gains 2 as side 0, then loses 1 as side 1 -> margin +1
    # deal 1: a loses 3 levels in both plays -> -6; deal 2: +1 and -1 -> a tie
    rows = rows_of([(0, 0, 0, 0, 2, True), (0, 1, 0, 0, 1, False),
                    (1, 0, 1, 0, 3, True), (1, 1, 0, 0, 3, False),
                    (2, 0, 0, 0, 1, True), (2, 1, 0, 0, 1, False)])
    margins = T.deal_margins(rows, 0)
    assert margins.tolist() == [1, -6, 0]
    assert T.scores_of(margins).tolist() == [1.0, 0.0, 0.5]
    assert T.deal_margins(rows, 1).tolist() == [-1, 6, 0]


def test_a_deal_without_its_second_play_is_refused():
    rows = rows_of([(0, 0, 0, 0, 2, True), (1, 0, 0, 0, 2, True), (1, 1, 0, 0, 2, False)])
    with pytest.raises(ValueError, match="index 0"):
        T.deal_margins(rows, 0)


def test_share_interval_counts_ties_as_halves_and_never_has_zero_width():
    lo, hi = T.share_interval(np.array([1.0] * 50))
    assert 0.9 < lo < hi == 1.0
    half = T.share_interval(np.array([0.5] * 40))
    assert half[0] < 0.5 < half[1]


def test_pair_result_reports_share_margin_and_intervals():
    margins = np.array([2, 1, -1, 0, 3, 1, 1, -2, 1, 1])
    pair = T.pair_result("x", "y", margins)
    assert pair.deals == 10 and pair.a_share == pytest.approx(7.5 / 10)
    assert pair.a_margin == pytest.approx(0.7)
    assert pair.a_margin_ci95[0] < 0.7 < pair.a_margin_ci95[1]
    assert set(pair.as_json()) == {"a", "b", "deals", "a_share", "a_share_ci95", "a_margin",
                                   "a_margin_ci95"}


def test_bradley_terry_orders_a_transitive_ladder_and_centres_on_zero():
    wins = {("s", "m"): (70.0, 100), ("m", "w"): (70.0, 100), ("s", "w"): (85.0, 100)}
    r = T.bradley_terry(["s", "m", "w"], wins)
    assert r["s"] > r["m"] > r["w"]
    assert sum(r.values()) == pytest.approx(0.0, abs=1e-9)


def test_a_clean_sweep_has_a_finite_rating():
    r = T.bradley_terry(["a", "b"], {("a", "b"): (100.0, 100)})
    assert 0 < r["a"] - r["b"] < 2000


def test_bootstrap_intervals_contain_the_fit_and_are_reproducible():
    rng = np.random.default_rng(1)
    pairs = [T.pair_result("a", "b", rng.choice([-1, 1], 400, p=[0.3, 0.7])),
             T.pair_result("b", "c", rng.choice([-1, 1], 400, p=[0.4, 0.6]))]
    out = T.ratings(["a", "b", "c"], pairs, samples=100, seed=3)
    for name in "abc":
        lo, hi = out[name]["ci95"]
        assert lo <= out[name]["rating"] <= hi and lo < hi
    assert out == T.ratings(["a", "b", "c"], pairs, samples=100, seed=3)
