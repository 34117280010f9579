"""Balance measures, comparisons and the report of a grid (:mod:`shengji_sim.run.balance`).

Representation
--------------
Per cell, :func:`hand_measures` (hand cells) and :func:`match_measures` (match cells) give
:class:`Estimate` objects keyed by measure name. A *share* is a Wilson 95% interval on
``k`` of ``n``; a *mean* a normal (t, the samples being thousands of hands) 95% interval; a
*ratio* (failed throws per throw, the mean multiplier of kitties won) a delta-method interval
over hands (the hands, not the throws, are independent). ``n == 0`` (no hand could exercise
the measure: no kitty, no throws, no 炒底 in the variant) is *not exercised*.

Per-hand vectors (:func:`hand_vectors`) back the comparisons: for a share the 0/1 outcome of
each hand, for a mean its value, in hand-index order. Two hand cells of the same deck count
share their seeds (:mod:`shengji_sim.run.balance`), so hand ``i`` of one and hand ``i`` of the other
start from the same shuffle: their difference is *paired* on the hands (shares: Newcombe's
paired-difference interval from Wilson limits and the phi coefficient, test by McNemar;
means: paired t). Cells of different deck counts are *unpaired* (shares: Newcombe's hybrid
score interval, pooled two-proportion test; means: Welch). p-values are two-sided normal; the
Holm step-down correction runs across every comparison of a report, and a conclusion is
stated only where the 95% interval excludes zero *and* the Holm-adjusted p is below 0.05.

Measures named here (column ``measure`` of the tables):

* ``dealer_hold``: the dealer side keeps the deal (the next dealer is on the dealer's side).
* ``dealer_gain_<k>`` / ``attacker_gain_<k>``: the side gains ``k`` levels; ``levels_dealer``,
  ``levels_attackers``: mean levels per hand.
* ``attacker_points``: mean final points (kitty and penalties included, POINT-3);
  ``points_ge_<t>``: share reaching each threshold ``t`` of the variant's score table.
* ``last_trick_attackers``; ``kitty_points_moved`` (mean points the kitty adds to the
  attackers, KITTY-3); ``kitty_multiplier`` (mean over the kitties the attackers won);
  ``kitty_decides``: the level outcome (side and levels, LEVEL-2) differs with and without
  the kitty's award; ``kitty_flips_side``.
* ``no_declaration``, ``redeal`` (a hand with a redeal), ``counters`` (declarations after
  the first, mean), ``chaodi`` (mean 炒底 rounds; exercised only where the variant has it).
* ``throws`` (mean per hand), ``throw_failed`` (failed per throw), ``penalty`` (share of
  hands with a penalty), ``penalty_points`` (mean).
* matches: ``match_hands`` (mean hands per match), ``first_dealer_team_wins`` (the team of
  hand 1's dealer wins the match), ``dealer_wins_at_<rank>`` (the dealer side levels up, in
  the hands played at each level).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from shengji_sim.stats import Z95, apart, holm, wilson_interval

HEADLINE = ("dealer_hold", "kitty_decides", "last_trick_attackers")
COMPARED = ("dealer_hold", "kitty_decides", "attacker_points")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Estimate:
    kind: str          #: "share", "mean" or "ratio"
    value: float
    lo: float
    hi: float
    n: int             #: hands (matches, throws...) it is over; 0: not exercised

    @property
    def exercised(self) -> bool:
        return self.n > 0 and not math.isnan(self.value)

    def as_row(self) -> dict:
        def num(x: float) -> float | None:  # JSON has no NaN or infinity
            return x if math.isfinite(x) else None

        return {"kind": self.kind, "value": num(self.value), "lo": num(self.lo),
                "hi": num(self.hi), "n": self.n, "exercised": self.exercised}


NOT_EXERCISED = Estimate("share", math.nan, math.nan, math.nan, 0)


def share(k: int | float, n: int) -> Estimate:
    if n <= 0:
        return NOT_EXERCISED
    lo, hi = wilson_interval(k, n)
    return Estimate("share", k / n, lo, hi, n)


def mean(values: np.ndarray) -> Estimate:
    n = len(values)
    if n == 0:
        return Estimate("mean", math.nan, math.nan, math.nan, 0)
    m = float(np.mean(values))
    half = Z95 * float(np.std(values, ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return Estimate("mean", m, m - half, m + half, n)


def ratio(num: np.ndarray, den: np.ndarray) -> Estimate:
    """sum(num) / sum(den) over hands, delta-method interval (hands independent)."""
    total = float(np.sum(den))
    n = len(den)
    if total <= 0 or n < 2:
        return Estimate("ratio", math.nan, math.nan, math.nan, 0)
    r = float(np.sum(num)) / total
    resid = num - r * den
    se = math.sqrt(float(np.var(resid, ddof=1)) * n) / total
    return Estimate("ratio", r, r - Z95 * se, r + Z95 * se, int(total))


# --------------------------------------------------------------------------- score tables


def thresholds(variant: Any) -> list[int]:
    """The attacker-point thresholds where the variant's score table changes (LEVEL-2,
    LEVEL-3, LEVEL-4), above 0 and up to the deck's points."""
    if variant.score_table == "one_deck":
        return [1, 40, 80, 100]
    step = variant.score_step
    return [1] + list(range(step, variant.total_points + 1, step))


def outcomes(variant: Any, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(winner side code, levels)`` of each attacker-point total (rules.score.table_result,
    codes of :data:`shengji_sim.results.WINNER_SIDES`)."""
    from shengji_sim.results import WINNER_SIDES
    from shengji_sim.rules.score import table_result

    uniq, inverse = np.unique(points, return_inverse=True)
    sides = np.empty(len(uniq), np.int64)
    levels = np.empty(len(uniq), np.int64)
    for i, p in enumerate(uniq):
        side, lv = table_result(variant, int(p))
        sides[i], levels[i] = WINNER_SIDES.index(side), lv
    return sides[inverse], levels[inverse]


# ---------------------------------------------------------------------------- per hand


def hand_vectors(rows: np.ndarray, variant: Any) -> dict[str, np.ndarray]:
    """The per-hand values behind the compared measures, in hand-index order."""
    rows = rows[np.argsort(rows["index"], kind="stable")]
    points = rows["attacker_points"].astype(np.int64)
    awarded = rows["kitty_awarded"].astype(np.int64)
    side, levels = outcomes(variant, points)
    side0, levels0 = outcomes(variant, points - awarded)
    return {
        "index": rows["index"].astype(np.int64),
        "dealer_hold": (rows["next_dealer"] % 2 == rows["dealer"] % 2).astype(np.float64),
        "kitty_decides": ((side != side0) | (levels != levels0)).astype(np.float64),
        "kitty_flips_side": (side != side0).astype(np.float64),
        "attacker_points": points.astype(np.float64),
        "last_trick_attackers": (rows["last_trick_side"] == 1).astype(np.float64),
    }


def hand_measures(rows: np.ndarray, variant: Any) -> dict[str, Estimate]:
    """Every hand measure of one cell (module docstring)."""
    n = len(rows)
    vec = hand_vectors(rows, variant)
    out: dict[str, Estimate] = {}
    out["dealer_hold"] = share(int(vec["dealer_hold"].sum()), n)
    winner = rows["winner_side"].astype(np.int64)
    lv = rows["levels"].astype(np.int64)
    for side_code, name in ((0, "dealer"), (1, "attackers")):
        gained = np.where(winner == side_code, lv, 0)
        out[f"levels_{name}"] = mean(gained.astype(np.float64))
        for k in range(1, int(lv.max(initial=0)) + 1):
            out[f"{name}_gain_{k}"] = share(int(np.sum((winner == side_code) & (lv == k))), n)
    out["no_level_change"] = share(int(np.sum((winner == 2) | (lv == 0))), n)
    out["attacker_points"] = mean(vec["attacker_points"])
    for t in thresholds(variant):
        out[f"points_ge_{t}"] = share(int(np.sum(rows["attacker_points"] >= t)), n)
    has_kitty = variant.kitty_size > 0
    won = rows["last_trick_side"] == 1
    out["last_trick_attackers"] = share(int(won.sum()), n)
    if has_kitty:
        out["kitty_points_moved"] = mean(rows["kitty_awarded"].astype(np.float64))
        out["kitty_multiplier"] = mean(rows["kitty_multiplier"][won].astype(np.float64))
        out["kitty_decides"] = share(int(vec["kitty_decides"].sum()), n)
        out["kitty_flips_side"] = share(int(vec["kitty_flips_side"].sum()), n)
    else:
        for name in ("kitty_points_moved", "kitty_multiplier", "kitty_decides",
                     "kitty_flips_side"):
            out[name] = NOT_EXERCISED
    out["no_declaration"] = share(int(np.sum(rows["declarations"] == 0)), n)
    out["redeal"] = share(int(np.sum(rows["redeals"] > 0)), n)
    out["counters"] = mean(np.maximum(rows["declarations"].astype(np.float64) - 1, 0))
    out["chaodi"] = mean(rows["chaodi"].astype(np.float64)) if variant.chaodi \
        else NOT_EXERCISED
    if variant.throws_allowed:
        out["throws"] = mean(rows["throws"].astype(np.float64))
        out["throw_failed"] = ratio(rows["throws_failed"].astype(np.float64),
                                    rows["throws"].astype(np.float64))
        out["penalty"] = share(int(np.sum(rows["penalty_points"] != 0)), n)
        out["penalty_points"] = mean(rows["penalty_points"].astype(np.float64))
    else:
        for name in ("throws", "throw_failed", "penalty", "penalty_points"):
            out[name] = NOT_EXERCISED
    return out


def distributions(rows: np.ndarray, variant: Any, bin_width: int = 10) -> dict[str, dict]:
    """Histograms: attacker points (bins of ``bin_width``, lower edge), the dealer side's
    level change (+k gained, -k the attackers gained, 0 none), the multiplier of kitties won
    by the attackers. Each ``{value: count}``."""
    pts = rows["attacker_points"].astype(np.int64)
    bins = (np.floor_divide(pts, bin_width) * bin_width)
    winner = rows["winner_side"].astype(np.int64)
    signed = np.where(winner == 0, rows["levels"], np.where(winner == 1, -rows["levels"], 0))
    out = {"attacker_points": _counts(bins), "dealer_level_change": _counts(signed)}
    if variant.kitty_size > 0:
        out["kitty_multiplier"] = _counts(rows["kitty_multiplier"][rows["last_trick_side"] == 1])
    return out


def _counts(values: np.ndarray) -> dict[int, int]:
    uniq, counts = np.unique(np.asarray(values, np.int64), return_counts=True)
    return {int(u): int(c) for u, c in zip(uniq, counts, strict=True)}


def match_measures(match_rows: np.ndarray, hand_rows: np.ndarray) -> dict[str, Estimate]:
    """Match length, the first dealer's team's win rate, the dealer side's wins at each
    level."""
    out: dict[str, Estimate] = {"match_hands": mean(match_rows["hands"].astype(np.float64))}
    first = hand_rows[hand_rows["index"] == 0]
    first = first[np.argsort(first["match"], kind="stable")]
    order = np.argsort(match_rows["match"], kind="stable")
    winners = match_rows["winner"][order].astype(np.int64)
    if len(first) == len(winners):
        team = first["dealer"].astype(np.int64) % 2
        finished = winners >= 0
        out["first_dealer_team_wins"] = share(int(np.sum(winners[finished] ==
                                                         team[finished])),
                                              int(finished.sum()))
    won = hand_rows["winner_side"] == 0
    for level in range(13):
        at = hand_rows["level"] == level
        out[f"dealer_wins_at_{RANKS[level]}"] = share(int(np.sum(won & at)), int(at.sum()))
    return out


# ------------------------------------------------------------------------ comparisons


@dataclass(frozen=True)
class Difference:
    value: float
    lo: float
    hi: float
    p: float
    n: int
    paired: bool


def _p(z: float) -> float:
    return 2 * (1 - NormalDist().cdf(abs(z)))


def paired_share_difference(x: np.ndarray, y: np.ndarray) -> Difference:
    """``mean(x) - mean(y)`` for 0/1 outcomes of the same hands: Newcombe (1998) method 10
    interval (Wilson limits of each share, phi correlation), McNemar's z test."""
    n = len(x)
    a = int(np.sum((x == 1) & (y == 1)))
    b = int(np.sum((x == 1) & (y == 0)))
    c = int(np.sum((x == 0) & (y == 1)))
    d = n - a - b - c
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson_interval(a + b, n)
    l2, u2 = wilson_interval(a + c, n)
    den = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / math.sqrt(den) if den > 0 else 0.0
    delta = p1 - p2
    d_lo = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    d_hi = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    p = _p((b - c) / math.sqrt(b + c)) if b + c else 1.0
    return Difference(delta, delta - d_lo, delta + d_hi, p, n, True)


def unpaired_share_difference(k1: int, n1: int, k2: int, n2: int) -> Difference:
    """Newcombe's hybrid score interval (method 10) for independent shares; pooled z test."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson_interval(k1, n1)
    l2, u2 = wilson_interval(k2, n2)
    delta = p1 - p2
    lo = delta - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = delta + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pool = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    p = _p(delta / se) if se > 0 else (1.0 if delta == 0 else 0.0)
    return Difference(delta, lo, hi, p, min(n1, n2), False)


def paired_mean_difference(x: np.ndarray, y: np.ndarray) -> Difference:
    d = x - y
    n = len(d)
    m = float(np.mean(d))
    se = float(np.std(d, ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    p = _p(m / se) if se > 0 else (1.0 if m == 0 else 0.0)
    return Difference(m, m - Z95 * se, m + Z95 * se, p, n, True)


def unpaired_mean_difference(x: np.ndarray, y: np.ndarray) -> Difference:
    m = float(np.mean(x) - np.mean(y))
    se = math.sqrt(float(np.var(x, ddof=1)) / len(x) + float(np.var(y, ddof=1)) / len(y))
    p = _p(m / se) if se > 0 else (1.0 if m == 0 else 0.0)
    return Difference(m, m - Z95 * se, m + Z95 * se, p, min(len(x), len(y)), False)


def difference(measure: str, x: np.ndarray, y: np.ndarray, paired: bool) -> Difference:
    """The difference ``x - y`` of a compared measure (:data:`COMPARED`)."""
    is_share = measure != "attacker_points"
    if paired:
        n = min(len(x), len(y))
        x, y = x[:n], y[:n]
        return paired_share_difference(x, y) if is_share else paired_mean_difference(x, y)
    if is_share:
        return unpaired_share_difference(int(x.sum()), len(x), int(y.sum()), len(y))
    return unpaired_mean_difference(x, y)


# ---------------------------------------------------------------------------- analysis


@dataclass
class CellResult:
    """One run of the grid, measured."""

    cell: Any                       #: the grid's :class:`~shengji_sim.run.balance.Cell`
    measures: dict[str, Estimate]
    vectors: dict[str, np.ndarray]  #: hand cells: :func:`hand_vectors`
    dists: dict[str, dict]


def measure_cells(out_dir: str, cells: Sequence[Any], warn=None) -> dict[str, CellResult]:
    """cell id -> :class:`CellResult` of every run in the grid directory."""
    from shengji_sim.run import balance, run_dir

    results: dict[str, CellResult] = {}
    for cell in balance.unique_runs(cells):
        path = balance.cell_dir(out_dir, cell)
        variant = balance.load_cell_variant(cell, warn)
        rows = run_dir.read_rows(path)
        if cell.mode == "matches":
            match_rows = run_dir.read_rows(path, run_dir.MATCHES_DIR)
            results[cell.cell_id] = CellResult(cell, match_measures(match_rows, rows), {},
                                               {"match_hands": _counts(match_rows["hands"])})
        else:
            results[cell.cell_id] = CellResult(cell, hand_measures(rows, variant),
                                               hand_vectors(rows, variant),
                                               distributions(rows, variant))
    return results


@dataclass(frozen=True)
class Comparison:
    family: str        #: "variant", "sweep" or "strategy"
    group: str         #: what is compared, without the strategy (for robustness)
    strategy: str      #: the strategy both cells played ("" for a strategy comparison)
    a: str             #: label of the first cell
    b: str             #: label of the second (the reference)
    measure: str
    diff: Difference
    p_holm: float = 1.0

    @property
    def conclusive(self) -> bool:
        return (self.diff.lo > 0 or self.diff.hi < 0) and self.p_holm < 0.05

    def as_row(self) -> dict:
        def num(x: float) -> float | None:  # JSON has no NaN or infinity
            return x if math.isfinite(x) else None

        return {"family": self.family, "group": self.group, "strategy": self.strategy,
                "a": self.a, "b": self.b, "measure": self.measure, "paired": self.diff.paired,
                "difference": num(self.diff.value), "lo": num(self.diff.lo),
                "hi": num(self.diff.hi), "n": self.diff.n, "p": num(self.diff.p),
                "p_holm": num(self.p_holm), "conclusive": self.conclusive}


def _pairable(r1: CellResult, r2: CellResult) -> bool:
    """Same deck count (common deals) and at least one hand each."""
    return r1.cell.decks == r2.cell.decks


def _compare(family, group, strategy, a, b, r1: CellResult, r2: CellResult,
             force_unpaired: bool = False) -> list[Comparison]:
    out = []
    for m in COMPARED:
        if not (r1.measures[m].exercised and r2.measures[m].exercised):
            continue
        paired = _pairable(r1, r2) and not force_unpaired
        out.append(Comparison(family, group, strategy, a, b, m,
                              difference(m, r1.vectors[m], r2.vectors[m], paired)))
    return out


def sweep_reference(cell: Any, cells: Sequence[Any]) -> Any:
    """The cell a sweep cell is compared with: the value of its sweep that gives the
    reference rules (the variant's own, with the sweep's fixed settings); else the variant's
    own cell (a sweep without fixed settings), else the sweep's first value."""
    group = [c for c in cells if c.mode == "hands" and c.sweep_key and c.group == cell.group
             and c.strategy == cell.strategy]
    ref = next((c for c in group if c.is_default), None)
    if ref is None and not cell.fixed:
        ref = next(c for c in cells if c.mode == "hands" and not c.sweep_key and
                   c.variant == cell.variant and c.strategy == cell.strategy)
    return ref or group[0]


def reference_label(ref: Any) -> str:
    return ref.label if ref.sweep_key and not ref.is_default else \
        ("own rules" + (f" ({', '.join(ref.fixed)})" if ref.fixed else ""))


def comparisons(results: dict[str, CellResult], cells: Sequence[Any]) -> list[Comparison]:
    """Every comparison of the grid, Holm-adjusted together: each pair of variants (own
    rules) per strategy, each sweep value against its reference (:func:`sweep_reference`)
    per strategy, each pair of strategies per variant (own rules)."""
    hand_cells = [c for c in cells if c.mode == "hands"]
    base = {(c.variant, c.strategy): results[c.cell_id] for c in hand_cells if not c.sweep_key}
    variants = list(dict.fromkeys(c.variant for c in hand_cells))
    strategies = list(dict.fromkeys(c.strategy for c in hand_cells))
    out: list[Comparison] = []
    for s in strategies:
        for i, v1 in enumerate(variants):
            for v2 in variants[i + 1:]:
                out += _compare("variant", f"{v1} vs {v2}", s, v1, v2, base[v1, s], base[v2, s])
    for c in hand_cells:
        ref = sweep_reference(c, cells) if c.sweep_key and not c.is_default else None
        if ref is not None and ref.cell_id != c.cell_id:
            out += _compare("sweep", f"{c.label} vs {reference_label(ref)}", c.strategy,
                            c.label, ref.label, results[c.cell_id], results[ref.cell_id])
    for v in variants:
        for i, s1 in enumerate(strategies):
            for s2 in strategies[i + 1:]:
                out += _compare("strategy", f"{v}: {s1} vs {s2}", "", s1, s2, base[v, s1],
                                base[v, s2])
    adjusted = holm([c.diff.p for c in out])
    return [Comparison(c.family, c.group, c.strategy, c.a, c.b, c.measure, c.diff, p)
            for c, p in zip(out, adjusted, strict=True)]


def robustness(comps: Sequence[Comparison], group: str, measure: str) -> str:
    """"holds for random, greedy and expert" or which strategies it holds for."""
    mine = [c for c in comps if c.group == group and c.measure == measure and c.strategy]
    if not mine:
        return ""
    ups = [c.strategy for c in mine if c.conclusive and c.diff.value > 0]
    downs = [c.strategy for c in mine if c.conclusive and c.diff.value < 0]
    none = [c.strategy for c in mine if not c.conclusive]
    if len(ups) == len(mine) or len(downs) == len(mine):
        return f"holds for {_and(ups or downs)}"
    parts = []
    if ups:
        parts.append(f"higher for {_and(ups)}")
    if downs:
        parts.append(f"lower for {_and(downs)}")
    if none:
        parts.append(f"no difference beyond chance for {_and(none)}")
    return "; ".join(parts)


def _and(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def pairing_note(results: dict[str, CellResult], cells: Sequence[Any]) -> dict | None:
    """For the sweep cell of a reading (else of any key) whose dealer-hold rate differs most
    from its reference: the difference with and without pairing (the same hands treated as
    independent samples)."""
    candidates = [c for c in cells if c.mode == "hands" and c.sweep_key and not c.is_default]
    best = None
    for c in candidates:
        ref = sweep_reference(c, cells)
        if ref.cell_id == c.cell_id:
            continue
        x, y = results[c.cell_id].vectors["dealer_hold"], results[ref.cell_id].vectors[
            "dealer_hold"]
        paired = difference("dealer_hold", x, y, True)
        # a reading first (it keeps the deal itself), then the largest difference
        key = (bool(c.ambs), abs(paired.value))
        if best is None or key > best[0]:
            best = (key, {"a": c.label, "b": ref.label, "strategy": c.strategy,
                          "measure": "dealer_hold", "paired": paired,
                          "unpaired": difference("dealer_hold", x, y, False)})
    return best[1] if best else None


# ----------------------------------------------------------------------------- writing

REPORT = "balance.md"
TABLES = ("balance-cells", "balance-comparisons", "balance-distributions")


def _decimals(lo: float, hi: float, least: int) -> int:
    """``least`` decimals, or the more that print an interval's bounds apart
    (:func:`~shengji_sim.report.summary.apart`); an interval of no width (every hand alike) keeps
    ``least``."""
    return least if lo == hi else apart(lo, hi, least)


def _pct(e: Estimate) -> str:
    """``value% (lo to hi)``: two decimals, more where the bounds would print alike.

    >>> _pct(Estimate("share", 0.0001, 0.00002, 0.00028, 40000)), _pct(share(0, 40000))
    ('0.010% (0.002 to 0.028)', '0.00% (0.00 to 0.01)')
    """
    if not e.exercised:
        return "not exercised"
    d = _decimals(100 * e.lo, 100 * e.hi, 2)
    return f"{100 * e.value:.{d}f}% ({100 * e.lo:.{d}f} to {100 * e.hi:.{d}f})"


def _num(e: Estimate, digits: int = 2) -> str:
    """``value (lo to hi)``: ``digits`` decimals, more where the bounds would print alike.

    >>> _num(Estimate("mean", 0.0004, -0.0002, 0.001, 40000)), _num(Estimate("mean", 0, 0, 0, 9))
    ('0.0004 (-0.0002 to 0.0010)', '0.00 (0.00 to 0.00)')
    """
    if not e.exercised:
        return "not exercised"
    d = _decimals(e.lo, e.hi, digits)
    return f"{e.value:.{d}f} ({e.lo:.{d}f} to {e.hi:.{d}f})"


def _pp(d: Difference, measure: str) -> str:
    if measure == "attacker_points":
        n = _decimals(d.lo, d.hi, 2)
        return f"{d.value:+.{n}f} points ({d.lo:+.{n}f} to {d.hi:+.{n}f})"
    n = _decimals(100 * d.lo, 100 * d.hi, 2)
    return f"{100 * d.value:+.{n}f} pp ({100 * d.lo:+.{n}f} to {100 * d.hi:+.{n}f})"


MEASURE_WORDS = {"dealer_hold": "the dealer-hold rate",
                 "kitty_decides": "the share of hands the kitty decides",
                 "attacker_points": "the attackers' mean points",
                 "last_trick_attackers": "the attackers' last-trick share"}


def cell_table(results: dict[str, CellResult]) -> list[dict]:
    rows = []
    for cid, r in results.items():
        c = r.cell
        for name, e in r.measures.items():
            rows.append({"cell_id": cid, "variant": c.variant, "sweep_key": c.sweep_key,
                         "sweep_value": c.sweep_value, "strategy": c.strategy, "mode": c.mode,
                         "variant_hash": c.variant_hash, "measure": name, **e.as_row()})
    return rows


def distribution_table(results: dict[str, CellResult]) -> list[dict]:
    rows = []
    for cid, r in results.items():
        for name, hist in r.dists.items():
            for value, count in hist.items():
                rows.append({"cell_id": cid, "variant": r.cell.variant,
                             "sweep_key": r.cell.sweep_key, "sweep_value": r.cell.sweep_value,
                             "strategy": r.cell.strategy, "distribution": name,
                             "value": value, "count": count})
    return rows


def write_table(rows: list[dict], path_stem: Any) -> None:
    """``<stem>.csv`` and ``<stem>.parquet``."""
    import csv

    import pyarrow as pa
    import pyarrow.parquet as pq

    if not rows:
        return
    names = list(rows[0])
    with open(f"{path_stem}.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, names)
        w.writeheader()
        w.writerows(rows)
    pq.write_table(pa.table({n: [r[n] for r in rows] for n in names}), f"{path_stem}.parquet")


def findings(results: dict[str, CellResult], cells: Sequence[Any],
             comps: Sequence[Comparison]) -> list[str]:
    """Up to five plain-language findings, each with its figure and interval."""
    out: list[str] = []
    hand_base = {(r.cell.variant, r.cell.strategy): r for r in results.values()
                 if r.cell.mode == "hands" and not r.cell.sweep_key}
    strategies = list(dict.fromkeys(c.strategy for c in cells))
    variants = list(dict.fromkeys(c.variant for c in cells))
    top = strategies[-1]
    if len(variants) > 1:
        ranked = sorted(variants, key=lambda v: hand_base[v, top].measures["dealer_hold"].value)
        lo_v, hi_v = ranked[0], ranked[-1]
        hi_e = hand_base[hi_v, top].measures["dealer_hold"]
        lo_e = hand_base[lo_v, top].measures["dealer_hold"]
        gaps = []
        for s in strategies:
            x = hand_base[hi_v, s].vectors["dealer_hold"]
            y = hand_base[lo_v, s].vectors["dealer_hold"]
            paired = hand_base[hi_v, s].cell.decks == hand_base[lo_v, s].cell.decks
            comp = next((c for c in comps if c.family == "variant" and c.strategy == s and
                         c.measure == "dealer_hold" and {c.a, c.b} == {lo_v, hi_v}), None)
            d = difference("dealer_hold", x, y, paired)
            sure = comp is not None and comp.conclusive
            gaps.append(f"{s} {_pp(d, 'dealer_hold')}" + ("" if sure else ", not beyond chance"))
        out.append(f"**The dealer's advantage depends on the variant.** With {top} play the "
                   f"dealer side keeps the deal in {_pct(hi_e)} of hands on {hi_v} but "
                   f"{_pct(lo_e)} on {lo_v} (the gap by strategy: {'; '.join(gaps)}).")
    groups = list(dict.fromkeys(c.group for c in cells if c.mode == "hands" and c.sweep_key))
    swept: list[tuple[tuple[bool, float], str]] = []
    for group in groups:
        v, key, fixed = group
        labels = {c.label for c in cells if c.group == group}
        mine = [c for c in comps if c.family == "sweep" and c.measure == "dealer_hold" and
                c.a in labels]
        if not mine:
            continue
        if fixed:
            key = f"{key} ({', '.join(fixed)})"
        best = max(mine, key=lambda c: (c.conclusive, abs(c.diff.value)))
        if best.conclusive:
            text = (f"**{v}: {key} matters.** {best.a} instead of {best.b} "
                    f"changes the dealer-hold rate by {_pp(best.diff, 'dealer_hold')} "
                    f"with {best.strategy} play, on the same deals; "
                    f"{robustness(comps, best.group, 'dealer_hold')}.")
        else:
            text = (f"**{v}: {key} makes no difference to who keeps the deal beyond "
                    f"chance** (largest: {best.a}, {_pp(best.diff, 'dealer_hold')} with "
                    f"{best.strategy} play; Holm p {best.p_holm:.2g}).")
        swept.append(((best.conclusive, abs(best.diff.value)), text))
    swept.sort(key=lambda t: t[0], reverse=True)
    later: list[str] = []
    kitty = [(v, s, e) for (v, s), r in hand_base.items()
             if (e := r.measures["kitty_decides"]).exercised]
    if kitty:
        v, s, e = max(kitty, key=lambda t: t[2].value)
        text = (f"**The kitty can decide the hand.** Its award changes the level outcome in "
                f"{_pct(e)} of hands on {v} with {s} play")
        mine = [t for t in kitty if t[1] == top]
        if s != top and mine:
            v2, _, e2 = max(mine, key=lambda t: t[2].value)
            text += f"; with {top} play at most {_pct(e2)} ({v2})"
        later.append(text + ".")
    if len(strategies) > 1:
        comp = [c for c in comps if c.family == "strategy" and c.measure == "dealer_hold"]
        if comp:
            best = max(comp, key=lambda c: abs(c.diff.value))
            later.append(f"**Skill moves the balance.** {best.group.split(':')[0]}: "
                         f"{best.a} rather than {best.b} at all four seats changes the "
                         f"dealer-hold rate by {_pp(best.diff, 'dealer_hold')}"
                         + ("" if best.conclusive else " (not beyond chance)") + ".")
    out += [t for _, t in swept[:3]] + later + [t for _, t in swept[3:]]
    return [f"{i + 1}. {text}" for i, text in enumerate(out[:5])]


def _hand_rows(results, pred) -> list[CellResult]:
    return [r for r in results.values() if r.cell.mode == "hands" and pred(r.cell)]


def markdown(results: dict[str, CellResult], cells: Sequence[Any], comps: Sequence[Comparison],
             plots: Sequence[str], provenance: dict) -> str:
    """The report's text (balance.md)."""
    base = _hand_rows(results, lambda c: not c.sweep_key)
    sweep = [c for c in cells if c.mode == "hands" and c.sweep_key]
    hands = sorted({r.measures["dealer_hold"].n for r in base})
    out = ["# Variant balance", "",
           "Every variant and sweep value was played by every strategy at all four seats, from "
           "the variant's starting level (unless a sweep holds another, shown in its label), "
           "on the same root seed: hand *i* of every cell of the "
           "same deck count starts from the same shuffle, so differences between them are "
           f"paired on common deals. Hands per cell: {', '.join(f'{n:,}' for n in hands)}.",
           "", "## Findings", ""]
    out += findings(results, cells, comps)
    out += [""] + [f"![{p}]({p})" for p in plots]
    out += ["", "## Dealer side, levels and points", "",
            "| variant | strategy | hands | dealer holds the deal | levels/hand dealer side | "
            "levels/hand attackers | attackers' points (mean) |", "|---|---|---|---|---|---|---|"]
    for r in base:
        m = r.measures
        out.append(f"| {r.cell.variant} | {r.cell.strategy} | {m['dealer_hold'].n:,} | "
                   f"{_pct(m['dealer_hold'])} | {_num(m['levels_dealer'], 3)} | "
                   f"{_num(m['levels_attackers'], 3)} | {_num(m['attacker_points'], 1)} |")
    out += ["", "Share of hands reaching each threshold of the variant's score table:", "",
            "| variant | strategy | attackers' points >= threshold |", "|---|---|---|"]
    for r in base:
        ths = [(k[len("points_ge_"):], e) for k, e in r.measures.items()
               if k.startswith("points_ge_")]
        out.append(f"| {r.cell.variant} | {r.cell.strategy} | " +
                   "; ".join(f"{t}: {100 * e.value:.2f}%" for t, e in ths) + " |")
    out += ["", "## Kitty", "",
            "| variant | strategy | attackers win the last trick | multiplier (mean, kitties "
            "won) | points moved (mean/hand) | kitty decides the outcome | kitty flips the side "
            "|", "|---|---|---|---|---|---|---|"]
    for r in base:
        m = r.measures
        out.append(f"| {r.cell.variant} | {r.cell.strategy} | {_pct(m['last_trick_attackers'])}"
                   f" | {_num(m['kitty_multiplier'])} | {_num(m['kitty_points_moved'])} | "
                   f"{_pct(m['kitty_decides'])} | {_pct(m['kitty_flips_side'])} |")
    out += ["", "Multiplier of the kitties the attackers won (share of those hands):", "",
            "| variant | strategy | multiplier: share |", "|---|---|---|"]
    for r in base:
        hist = r.dists.get("kitty_multiplier")
        total = sum(hist.values()) if hist else 0
        text = "; ".join(f"x{k}: {100 * n / total:.2f}%" for k, n in sorted(hist.items())) \
            if total else "not exercised"
        out.append(f"| {r.cell.variant} | {r.cell.strategy} | {text} |")
    out += ["", "## Declaring and throws", "",
            "| variant | strategy | no declaration | redeal | counters (mean) | 炒底 rounds "
            "(mean) | throws (mean) | failed per throw | hands with a penalty |",
            "|---|---|---|---|---|---|---|---|---|"]
    for r in base:
        m = r.measures
        out.append(f"| {r.cell.variant} | {r.cell.strategy} | {_pct(m['no_declaration'])} | "
                   f"{_pct(m['redeal'])} | {_num(m['counters'], 3)} | {_num(m['chaodi'], 3)} | "
                   f"{_num(m['throws'], 3)} | {_pct(m['throw_failed'])} | {_pct(m['penalty'])} |")
    if sweep:
        out += ["", "## Sweeps", "",
                "| cell | strategy | dealer holds the deal | kitty decides | attackers' points |"
                " dealer hold vs the sweep's reference (paired where the deck count is the same;"
                " * conclusive) |", "|---|---|---|---|---|---|"]
        for cell in sweep:
            m = results[cell.cell_id].measures
            comp = next((c for c in comps if c.family == "sweep" and c.a == cell.label and
                         c.strategy == cell.strategy and c.measure == "dealer_hold"), None)
            vs = "reference" if cell.is_default else \
                (_pp(comp.diff, "dealer_hold") + (" *" if comp.conclusive else "")) if comp \
                else ""
            out.append(f"| {cell.label} | {cell.strategy} | {_pct(m['dealer_hold'])} | "
                       f"{_pct(m['kitty_decides'])} | {_num(m['attacker_points'], 1)} | {vs} |")
    matches = [r for r in results.values() if r.cell.mode == "matches"]
    if matches:
        out += ["", "## Matches", "",
                "| variant | strategy | matches | hands per match | first dealer's team wins "
                "| dealer side wins the hand, by level (hands) |", "|---|---|---|---|---|---|"]
        for r in matches:
            m = r.measures
            levels = "; ".join(f"{k[len('dealer_wins_at_'):]}: {100 * e.value:.1f}% "
                               f"({e.n:,})" for k, e in m.items()
                               if k.startswith("dealer_wins_at_") and e.exercised)
            out.append(f"| {r.cell.variant} | {r.cell.strategy} | {m['match_hands'].n:,} | "
                       f"{_num(m['match_hands'])} | "
                       f"{_pct(m.get('first_dealer_team_wins', NOT_EXERCISED))} | {levels} |")
    conclusive = [c for c in comps if c.conclusive]
    out += ["", "## Comparisons", "",
            f"{len(comps)} comparisons ({', '.join(COMPARED)}; each pair of variants, each sweep "
            f"value against its sweep's reference, each pair of strategies), Holm-corrected "
            f"together. {len(conclusive)} are conclusive (95% interval excludes 0 and Holm p < "
            "0.05); every comparison is in balance-comparisons.csv.", "",
            "| family | compared | strategy | measure | paired | difference (95% CI) | Holm p | "
            "robust across strategies |", "|---|---|---|---|---|---|---|---|"]
    for c in sorted(conclusive, key=lambda c: (c.family, c.group, c.measure, c.strategy)):
        out.append(f"| {c.family} | {c.group} | {c.strategy or '-'} | {c.measure} | "
                   f"{'yes' if c.diff.paired else 'no'} | {_pp(c.diff, c.measure)} | "
                   f"{c.p_holm:.2g} | {robustness(comps, c.group, c.measure) or '-'} |")
    note = pairing_note(results, cells)
    if note:
        p, u = note["paired"], note["unpaired"]
        out += ["", "## Pairing", "",
                f"{note['a']} vs {note['b']} ({note['strategy']}), dealer-hold rate: paired on "
                f"the common deals {_pp(p, 'dealer_hold')}, width {100 * (p.hi - p.lo):.2f} pp; "
                f"the same hands treated as independent samples {_pp(u, 'dealer_hold')}, width "
                f"{100 * (u.hi - u.lo):.2f} pp.", "",
                "Every sweep value against its reference, dealer-hold rate, 95% interval width "
                "with and without pairing:", "",
                "| cell | reference | strategy | difference | paired width | unpaired width |",
                "|---|---|---|---|---|---|"]
        for c in cells:
            if c.mode != "hands" or not c.sweep_key or c.is_default:
                continue
            ref = sweep_reference(c, cells)
            if ref.cell_id == c.cell_id:
                continue
            x = results[c.cell_id].vectors["dealer_hold"]
            y = results[ref.cell_id].vectors["dealer_hold"]
            p, u = difference("dealer_hold", x, y, True), difference("dealer_hold", x, y, False)
            out.append(f"| {c.label} | {ref.label} | {c.strategy} | "
                       f"{100 * p.value:+.2f} pp | {100 * (p.hi - p.lo):.2f} pp | "
                       f"{100 * (u.hi - u.lo):.2f} pp |")
    heads = [(c.label, c.strategy, name, results[c.cell_id].measures[name]) for c in cells
             if c.mode == "hands" for name in HEADLINE]
    heads = [h for h in heads if h[3].exercised]
    if heads:
        label, strategy, name, e = max(heads, key=lambda h: h[3].hi - h[3].lo)
        out += ["", f"Headline shares ({', '.join(HEADLINE)}, every hand cell): the widest 95% "
                f"interval is +-{50 * (e.hi - e.lo):.2f} pp ({name}, {label}, {strategy}). "
                "Match shares are over fewer matches and wider."]
    out += ["", "## Method", "",
            "* Shares: Wilson 95% intervals. Means: normal (t) 95% intervals over hands. Failed "
            "throws per throw: a ratio with a delta-method interval over hands.",
            "* Differences on common deals (same deck count): Newcombe's paired interval "
            "(Wilson limits, phi correlation) with McNemar's test for shares, paired t for "
            "means. Different deck counts: Newcombe's hybrid score interval and a pooled "
            "two-proportion test; Welch for means.",
            "* Holm's step-down correction over every comparison of the report; a conclusion is "
            "stated only when the interval excludes 0 and the Holm-adjusted p < 0.05.",
            "* A sweep's reference is its value that gives the variant's own rules (with the "
            "sweep's held settings, e.g. AMB-01 at starting_level=10: fixed 2s change nothing "
            "at level 2, where every 2 is a level card).",
            "* *Kitty decides*: the level outcome (side and levels) from the attackers' points "
            "differs from the outcome from their points minus the kitty award.",
            "* *Not exercised*: no hand could exercise the measure (no kitty, throws not "
            "allowed, no 炒底 in the variant, no hand at that level).",
            "", "## Provenance", "", f"* command: `{provenance['command']}`",
            f"* commit: {provenance.get('commit')}", f"* RULES_VERSION {provenance['rules']}",
            "* versions: " + ", ".join(f"{k} {v}" for k, v in provenance["versions"].items()),
            f"* run time: {provenance['seconds']:.0f} s for this command (planned "
            f"{provenance['planned']:.0f} s from the measured throughput; play alone "
            f"{provenance['play_seconds']:.0f} s, from the runs' manifests)",
            "* throughput measured per cell kind (units per second): " +
            "; ".join(f"{v} {s} {m}: {rate:,.0f}" for (v, s, m), rate in
                      provenance.get("rates", {}).items()),
            f"* runs: {provenance['runs']} (one sim run directory per cell; rerunning the "
            "command resumes them)"]
    return "\n".join(out) + "\n"


def write_report(out_dir: str, report_dir: str, cells: Sequence[Any], provenance: dict,
                 warn=None) -> tuple[Any, dict]:
    """Measure the grid in ``out_dir``, write the tables, plots and balance.md into
    ``report_dir``; return ``(path of balance.md, JSON summary)``."""
    from pathlib import Path

    from shengji_sim import RULES_VERSION
    from shengji_sim.report.balance_plots import all_plots
    from shengji_sim.run.benchmark import commit
    from shengji_sim.run.run_dir import package_versions

    head, date = commit()  # before writing: the report's own files would make it "+dirty"
    out = Path(report_dir)
    out.mkdir(parents=True, exist_ok=True)
    results = measure_cells(out_dir, cells, warn)
    comps = comparisons(results, cells)
    write_table(cell_table(results), out / TABLES[0])
    write_table([c.as_row() for c in comps], out / TABLES[1])
    write_table(distribution_table(results), out / TABLES[2])
    plots = all_plots(results, cells, out)
    prov = {"commit": f"{head} ({date})" if head else None, "versions": package_versions(),
            "rules": RULES_VERSION, "runs": str(out_dir), **provenance}
    text = markdown(results, cells, comps, plots, prov)
    path = out / REPORT
    path.write_text(text, encoding="utf-8")
    summary = {"report": str(path), "plots": plots,
               "findings": findings(results, cells, comps),
               "cells": {cid: {"label": r.cell.label, "strategy": r.cell.strategy,
                               "mode": r.cell.mode,
                               "measures": {k: e.as_row() for k, e in r.measures.items()}}
                         for cid, r in results.items()},
               "comparisons": [c.as_row() for c in comps]}
    return path, summary


__all__ = ["COMPARED", "CellResult", "Comparison", "Difference", "Estimate", "HEADLINE",
           "comparisons", "difference", "distributions", "findings", "hand_measures",
           "hand_vectors", "holm", "markdown", "match_measures", "measure_cells",
           "paired_mean_difference", "paired_share_difference", "pairing_note", "robustness",
           "share", "thresholds", "unpaired_mean_difference", "unpaired_share_difference",
           "write_report"]
