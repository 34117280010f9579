"""Balance measures and comparisons of a grid's cells (:mod:`shengji_sim.run.balance`); the
report written from them is :mod:`shengji_sim.report.balance`.

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

from shengji_sim.stats import Z95, holm, wilson_interval

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



__all__ = ["COMPARED", "CellResult", "Comparison", "Difference", "Estimate", "HEADLINE",
           "comparisons", "difference", "distributions", "hand_measures", "hand_vectors", "holm",
           "match_measures", "measure_cells", "paired_mean_difference",
           "paired_share_difference", "pairing_note", "robustness", "share", "thresholds",
           "unpaired_mean_difference", "unpaired_share_difference"]
