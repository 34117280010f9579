"""The balance report's plots (matplotlib, Agg backend, PNG; each titled, labelled, with 95%
interval bars or bands).

Representation
--------------
Each function takes the measured cells (``cell id -> balance_stats.CellResult``) and the
grid's cells, writes one PNG and returns its file name (``None`` when the grid has nothing to
draw, e.g. no sweep or no match cells). Shares are drawn in percent.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim.stats import wilson_interval

DEALER_HOLD = "balance-dealer-hold.png"
POINTS = "balance-attacker-points.png"
LEVELS = "balance-level-gain.png"
SWEEPS = "balance-sweeps.png"
MATCH_LENGTH = "balance-match-length.png"


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _base(results: dict, cells: Sequence[Any], mode: str = "hands") -> dict:
    return {(c.variant, c.strategy): results[c.cell_id] for c in cells
            if c.mode == mode and not c.sweep_key}


def _order(cells: Sequence[Any]) -> tuple[list[str], list[str]]:
    return (list(dict.fromkeys(c.variant for c in cells)),
            list(dict.fromkeys(c.strategy for c in cells)))


def _bars(ax, names: list[str], strategies: list[str], value_of, ylabel: str) -> None:
    width = 0.8 / max(1, len(strategies))
    for j, s in enumerate(strategies):
        xs, ys, lo, hi = [], [], [], []
        for i, v in enumerate(names):
            e = value_of(v, s)
            if e is None or not e.exercised:
                continue
            xs.append(i + (j - (len(strategies) - 1) / 2) * width)
            ys.append(e.value)
            lo.append(e.value - e.lo)
            hi.append(e.hi - e.value)
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=s)
    ax.set_xticks(range(len(names)), names, rotation=15)
    ax.set_ylabel(ylabel)
    ax.legend(title="strategy")


def dealer_hold_plot(results: dict, cells: Sequence[Any], out: Path) -> str:
    plt = _plt()
    base = _base(results, cells)
    names, strategies = _order(cells)
    fig, ax = plt.subplots(figsize=(8, 4.2))
    pct = 100.0

    def value_of(v, s):
        e = base[v, s].measures["dealer_hold"]
        return type(e)(e.kind, pct * e.value, pct * e.lo, pct * e.hi, e.n)

    _bars(ax, names, strategies, value_of, "dealer side holds the deal (% of hands)")
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    n = sorted({r.measures["dealer_hold"].n for r in base.values()})
    ax.set_title(f"Dealer-hold rate by variant and strategy ({' or '.join(f'{x:,}' for x in n)} "
                 "hands each; bars: 95% Wilson)")
    fig.tight_layout()
    fig.savefig(out / DEALER_HOLD, dpi=110)
    plt.close(fig)
    return DEALER_HOLD


def points_plot(results: dict, cells: Sequence[Any], out: Path) -> str:
    """Attackers' final points, one panel per strategy, one line per variant (share of
    hands per 10-point bin with its Wilson band)."""
    plt = _plt()
    base = _base(results, cells)
    names, strategies = _order(cells)
    fig, axes = plt.subplots(1, len(strategies), figsize=(5.5 * len(strategies), 4),
                             squeeze=False, sharey=True)
    for ax, s in zip(axes[0], strategies, strict=True):
        for v in names:
            r = base[v, s]
            hist = r.dists["attacker_points"]
            n = sum(hist.values())
            xs = np.array(sorted(hist))
            ks = np.array([hist[x] for x in xs])
            ys = 100 * ks / n
            band = np.array([wilson_interval(int(k), n) for k in ks]) * 100
            ax.plot(xs + 5, ys, lw=1.2, label=v)
            ax.fill_between(xs + 5, band[:, 0], band[:, 1], alpha=0.25)
        ax.set_xlabel("attackers' final points (10-point bins)")
        ax.set_title(f"{s}")
        ax.legend(fontsize=7)
    axes[0][0].set_ylabel("% of hands (band: 95% Wilson)")
    fig.suptitle("Attackers' points distribution by variant")
    fig.tight_layout()
    fig.savefig(out / POINTS, dpi=110)
    plt.close(fig)
    return POINTS


def level_plot(results: dict, cells: Sequence[Any], out: Path) -> str:
    """The dealer side's level change per hand (+k it gains k, -k the attackers gain k)."""
    plt = _plt()
    base = _base(results, cells)
    names, strategies = _order(cells)
    fig, axes = plt.subplots(1, len(strategies), figsize=(5.5 * len(strategies), 4),
                             squeeze=False, sharey=True)
    width = 0.8 / max(1, len(names))
    for ax, s in zip(axes[0], strategies, strict=True):
        for j, v in enumerate(names):
            hist = base[v, s].dists["dealer_level_change"]
            n = sum(hist.values())
            xs = np.array(sorted(hist))
            ks = np.array([hist[x] for x in xs])
            ys = 100 * ks / n
            band = np.array([wilson_interval(int(k), n) for k in ks]) * 100
            ax.bar(xs + (j - (len(names) - 1) / 2) * width, ys, width,
                   yerr=[ys - band[:, 0], band[:, 1] - ys], capsize=2, label=v)
        ax.set_xlabel("levels: + gained by the dealer side, - by the attackers")
        ax.set_title(s)
        ax.legend(fontsize=7)
    axes[0][0].set_ylabel("% of hands (bars: 95% Wilson)")
    fig.suptitle("Level change per hand")
    fig.tight_layout()
    fig.savefig(out / LEVELS, dpi=110)
    plt.close(fig)
    return LEVELS


def sweep_plot(results: dict, cells: Sequence[Any], out: Path) -> str | None:
    """One panel per (variant, sweep key): the value on x, the dealer-hold rate and the
    share of hands the kitty decides on y with their 95% bands, a line per strategy."""
    groups = list(dict.fromkeys(c.group for c in cells if c.mode == "hands" and c.sweep_key))
    if not groups:
        return None
    plt = _plt()
    _, strategies = _order(cells)
    fig, axes = plt.subplots(2, len(groups), figsize=(4.2 * len(groups), 7), squeeze=False)
    for col, (v, key, fixed) in enumerate(groups):
        for row, measure in enumerate(("dealer_hold", "kitty_decides")):
            ax = axes[row][col]
            for s in strategies:
                mine = [c for c in cells if c.mode == "hands" and c.sweep_key and
                        c.group == (v, key, fixed) and c.strategy == s]
                pts = [(c.sweep_value, results[c.cell_id].measures[measure]) for c in mine]
                pts = [(x, e) for x, e in pts if e.exercised]
                if not pts:
                    continue
                xs = list(range(len(pts)))
                ys = np.array([100 * e.value for _, e in pts])
                lo = np.array([100 * e.lo for _, e in pts])
                hi = np.array([100 * e.hi for _, e in pts])
                ax.errorbar(xs, ys, yerr=[ys - lo, hi - ys], marker="o", capsize=3, label=s)
                ax.fill_between(xs, lo, hi, alpha=0.2)
                ax.set_xticks(xs, [x for x, _ in pts])
            ax.set_xlabel(key)
            ax.set_ylabel(("dealer holds the deal" if measure == "dealer_hold" else
                           "kitty decides the outcome") + " (% of hands)")
            held = f" ({', '.join(fixed)})" if fixed else ""
            ax.set_title(f"{v}: {key}{held}", fontsize=9)
            ax.legend(fontsize=7)
    fig.suptitle("Sweeps (95% Wilson bands; the same deals at every value)")
    fig.tight_layout()
    fig.savefig(out / SWEEPS, dpi=110)
    plt.close(fig)
    return SWEEPS


def match_plot(results: dict, cells: Sequence[Any], out: Path) -> str | None:
    base = _base(results, cells, "matches")
    if not base:
        return None
    plt = _plt()
    names, strategies = _order([c for c in cells if c.mode == "matches"])
    fig, ax = plt.subplots(figsize=(8, 4.2))
    _bars(ax, names, strategies, lambda v, s: base[v, s].measures["match_hands"]
          if (v, s) in base else None, "hands per match (mean)")
    n = sorted({r.measures["match_hands"].n for r in base.values()})
    ax.set_title(f"Match length ({' or '.join(f'{x:,}' for x in n)} matches each; "
                 "bars: 95% t interval)")
    fig.tight_layout()
    fig.savefig(out / MATCH_LENGTH, dpi=110)
    plt.close(fig)
    return MATCH_LENGTH


def all_plots(results: dict, cells: Sequence[Any], out: Path) -> list[str]:
    made = [dealer_hold_plot(results, cells, out), points_plot(results, cells, out),
            level_plot(results, cells, out), sweep_plot(results, cells, out),
            match_plot(results, cells, out)]
    return [m for m in made if m]
