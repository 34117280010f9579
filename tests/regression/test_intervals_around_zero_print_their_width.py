"""An interval around zero printed as "+0.00 pp [-0.00, +0.00]" (126 cells of the committed
reports/interpretations.md at f03136f, 14 of reports/balance.md): ``report.apart`` told the
bounds apart by their text, and "-0.00" is not "+0.00". It now compares the printed numbers,
and a bound that is not zero does not print as zero, so an interval shows whether it holds
zero; the balance report's intervals use it too."""

from __future__ import annotations

import re

from shengji_sim.report.balance import _num, _pp
from shengji_sim.report.balance_stats import Difference, Estimate
from shengji_sim.run import reading_diff as rd


def _bounds(text: str) -> tuple[float, float]:
    lo, hi = re.search(r"[\[(]([-+]?[\d.]+)(?:,| to) ([-+]?[\d.]+)[\])]", text).groups()
    return float(lo), float(hi)


def test_a_reading_effect_around_zero_keeps_its_width() -> None:
    text = rd.effect_interval(0.00002, (-0.00003, 0.00007), scale=100, unit=" pp")
    lo, hi = _bounds(text)
    assert lo < 0 < hi, text
    assert text == "+0.002 pp [-0.003, +0.007]"


def test_a_balance_difference_around_zero_keeps_its_width() -> None:
    share = _pp(Difference(0.00002, -0.00003, 0.00007, 0.5, 1000, True), "dealer_hold")
    points = _pp(Difference(0.001, -0.002, 0.004, 0.5, 1000, True), "attacker_points")
    mean = _num(Estimate("mean", 0.0004, -0.0002, 0.001, 40000))
    for text in (share, points, mean):
        lo, hi = _bounds(text)
        assert lo < 0 < hi, text
    assert share == "+0.002 pp (-0.003 to +0.007)"
