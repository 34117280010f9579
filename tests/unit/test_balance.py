"""Variant balance (shengji_sim.run.balance, balance_report, balance_plots; `balance`, `report
balance`): grid building, sweeps, statistics, bad input, a tiny grid end to end, resume."""

from __future__ import annotations

import math

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.report import balance_stats as bs
from shengji_sim.run import balance, sim
from tests.helpers import run_cli

SEED = 5


# ------------------------------------------------------------------------ sweeps, cells


def test_parse_sweep_and_bad_sweeps() -> None:
    assert balance.parse_sweep("kitty_size=4,8") == balance.Sweep("kitty_size", ("4", "8"))
    assert balance.parse_sweep("amb-25=a,b", "--amb") == balance.Sweep("AMB-25", ("A", "B"))
    for text, needle in [("kity_size=4", "unknown variant key"), ("kitty_size=", "empty"),
                         ("kitty_size=4,4", "given twice"), ("kitty_size", "expected")]:
        with pytest.raises(balance.BalanceError, match=needle):
            balance.parse_sweep(text)
    with pytest.raises(balance.BalanceError, match="AMB-nn"):
        balance.parse_sweep("kitty_size=A", "--amb")


def test_kitty_size_sweep_moves_hand_size_and_refuses_impossible_values() -> None:
    classic, cz4 = load_variant("classic-2deck"), load_variant("changzhou-4deck")
    sweep = balance.Sweep("kitty_size", ("4",))
    assert balance.sweep_overrides(classic, sweep, "4") == (["kitty_size=4", "hand_size=26"], [])
    assert balance.sweep_overrides(cz4, sweep, "12") == (["cz4_hand=51+12"], [])
    with pytest.raises(balance.BalanceError, match="impossible"):
        balance.sweep_overrides(classic, sweep, "5")
    spec = balance.Spec(["changzhou-4deck"], ["random"], 10,
                        sweeps=[balance.Sweep("kitty_size", ("4",))])
    with pytest.raises(balance.BalanceError, match="kitty_size=4 on changzhou-4deck"):
        balance.build_cells(spec)  # 52+4 is no cz4_hand (AMB-28)


def test_cells_share_the_default_value_and_list_every_strategy() -> None:
    spec = balance.Spec(["classic-2deck"], ["random", "greedy"], 10, matches=2,
                        sweeps=[balance.Sweep("AMB-25", ("A", "B"))])
    cells = balance.build_cells(spec)
    # per strategy: own rules (hands + matches), AMB-25 A, AMB-25 B (= own: same run)
    assert len(cells) == 8
    runs = balance.unique_runs(cells)
    assert len(runs) == 6
    own_b = [c for c in cells if c.sweep_value == "B"]
    assert all(c.is_default for c in own_b)
    assert {c.cell_id for c in own_b} <= {c.cell_id for c in cells if not c.sweep_key}


def test_strategy_checks() -> None:
    for names, needle in [([], "empty"), (["random", "random"], "twice"),
                          (["no-such-profile"], "no-such-profile")]:
        with pytest.raises(balance.BalanceError, match=needle):
            balance.check_strategies(names)


# --------------------------------------------------------------------------- statistics


def test_holm() -> None:
    assert bs.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert bs.holm([]) == []


def test_paired_share_difference_reduces_to_unpaired_without_correlation() -> None:
    # a 2x2 table with a*d == b*c: phi = 0, so Newcombe's paired interval equals the
    # independent one built from the same Wilson limits
    x = np.array([1] * 20 + [1] * 20 + [0] * 30 + [0] * 30, float)
    y = np.array([1] * 20 + [0] * 20 + [1] * 30 + [0] * 30, float)
    paired = bs.paired_share_difference(x, y)
    unpaired = bs.unpaired_share_difference(40, 100, 50, 100)
    assert paired.value == pytest.approx(-0.1)
    assert (paired.lo, paired.hi) == pytest.approx((unpaired.lo, unpaired.hi))
    # positively correlated outcomes: the paired interval is narrower
    y2 = x.copy()
    y2[:10] = 0
    p2, u2 = bs.difference("dealer_hold", x, y2, True), bs.difference("dealer_hold", x, y2, False)
    assert p2.hi - p2.lo < u2.hi - u2.lo
    assert p2.lo < 0.1 < p2.hi and p2.p < 0.05


def test_mean_differences_and_ratio() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=500)
    y = x + 0.1 + rng.normal(scale=0.1, size=500)
    d = bs.paired_mean_difference(y, x)
    assert d.lo < 0.1 < d.hi and d.p < 1e-6
    u = bs.unpaired_mean_difference(y, x)
    assert u.hi - u.lo > d.hi - d.lo
    r = bs.ratio(np.array([1.0, 0, 2]), np.array([2.0, 0, 2]))
    assert r.value == pytest.approx(0.75) and r.n == 4
    assert not bs.ratio(np.zeros(3), np.zeros(3)).exercised


def test_thresholds_follow_the_score_table() -> None:
    assert bs.thresholds(load_variant("baifen-1deck")) == [1, 40, 80, 100]
    classic = load_variant("classic-2deck")
    assert bs.thresholds(classic)[:3] == [1, classic.score_step, 2 * classic.score_step]


def test_kitty_decides_compares_outcomes_with_and_without_the_award() -> None:
    classic = load_variant("classic-2deck")
    rows = np.zeros(3, sim.ROW_DTYPE)
    rows["index"] = [0, 1, 2]
    rows["attacker_points"] = [90, 30, 150]
    rows["kitty_awarded"] = [20, 0, 5]  # 90 - 20 = 70: below 80, dealer +1 -> attackers +1
    vec = bs.hand_vectors(rows, classic)
    assert list(vec["kitty_decides"]) == [1, 0, 0]
    assert list(vec["kitty_flips_side"]) == [1, 0, 0]


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("argv, needle", [
    (["--variants", "classic-2deck", "--strategies", "random", "--sweep", "nope=1,2"],
     "unknown variant key"),
    (["--variants", "classic-2deck", "--strategies", "random", "--sweep", "kitty_size=5"],
     "impossible"),
    (["--variants", "classic-2deck", "--strategies", "nobody"], "nobody"),
    (["--variants", "--strategies", "random"], "--variants: empty list"),
    (["--variants", "classic-2deck", "--strategies"], "--strategies: empty list"),
    (["--variants", "classic-2deck", "--strategies", "random", "--sweep", "kitty_size="],
     "empty list"),
    (["--variants", "classic-2deck", "--strategies", "random", "--amb", "AMB-25=Z"],
     "AMB-25"),
    (["--variants", "no-such-variant", "--strategies", "random"], "no-such-variant"),
    (["--variants", "jj-4deck", "jj-4deck", "--strategies", "random"], "given twice"),
    (["--variants", "classic-2deck", "--strategies", "random", "--hands", "0"], "--hands 0"),
    (["--variants", "classic-2deck", "--strategies", "random", "--bogus"], "no such option"),
])
def test_balance_bad_input_is_one_line_exit_2(capsys, tmp_path, argv, needle) -> None:
    code, out, err = run_cli(capsys, "balance", *argv, "--out", str(tmp_path / "b"), "--quiet")
    assert code == 2, err
    assert needle in err and len(err.strip().splitlines()) == 1


# --------------------------------------------------------------------- end to end (core)


def tiny_spec(hands: int = 24) -> balance.Spec:
    return balance.Spec(["classic-2deck"], ["random"], hands, matches=2, seed=SEED,
                        sweeps=[balance.Sweep("AMB-25", ("A", "B"))])


class Stop(Exception):
    pass


def test_not_exercised_measures() -> None:
    jj4 = load_variant("jj-4deck")  # no kitty (AMB-27 A)
    rows = np.zeros(4, sim.ROW_DTYPE)
    rows["index"] = np.arange(4)
    m = bs.hand_measures(rows, jj4)
    if jj4.kitty_size == 0:
        assert not m["kitty_decides"].exercised and math.isnan(m["kitty_decides"].value)
    assert m["dealer_hold"].exercised


def test_a_sweep_with_fixed_settings_compares_with_its_own_reference() -> None:
    """AMB-01 (fixed 2s) acts only away from level 2: the report's sweep holds level 10, and
    its reference is the variant's own reading at level 10, not the level-2 own cell."""
    spec = balance.report_spec(10, 0)
    spec.variants = ["changzhou-4deck"]
    spec.strategies = ["random"]
    spec.variant_sweeps = {"changzhou-4deck": [
        balance.Sweep("AMB-01", ("A", "B"), ("starting_level=10",))]}
    cells = balance.build_cells(spec)
    own, a, b = cells
    assert a.is_default and not b.is_default and a.cell_id != own.cell_id
    assert bs.sweep_reference(b, cells) is a
    assert b.label == "changzhou-4deck AMB-01=B (starting_level=10)"
    assert load_variant("changzhou-4deck", sets=list(b.sets), amb=list(b.ambs)).fixed_two == \
        "none"


def test_level_option_sets_every_cell(capsys, tmp_path) -> None:
    code, out, err = run_cli(capsys, "balance", "--variants", "classic-2deck", "--strategies",
                             "random", "--level", "Z", "--out", str(tmp_path / "b"))
    assert code == 2 and "--level Z" in err


def test_planned_time_and_hands_within_a_budget(tmp_path) -> None:
    spec = balance.Spec(["classic-2deck"], ["random"], 1000, matches=10,
                        sweeps=[balance.Sweep("AMB-25", ("A", "B"))])
    cells = balance.build_cells(spec)
    rates = {("classic-2deck", "random", "hands"): 100.0,
             ("classic-2deck", "random", "matches"): 1.0}
    # two runs of 1000 hands at 100/s, 10 matches at 1/s
    assert balance.planned_seconds(cells, rates, tmp_path) == pytest.approx(30.0)
    assert balance.hands_within(cells, rates, tmp_path, 60.0) is None
    assert balance.hands_within(cells, rates, tmp_path, 20.0) == 500


