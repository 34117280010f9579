"""``shengji-sim report strategies``: reports/strategies.md and its two plots.

Representation
--------------
The report is built from :func:`shengji_sim.run.tournament.round_robin` results, one per
variant (the ``--json`` objects of ``shengji-sim tournament``). It opens with findings in
plain words (the order of the strategies and which pairs differ beyond chance), then the
ratings plot (PNG: each strategy's Bradley-Terry rating with its 95% bootstrap interval,
one panel per variant) and the pairs plot (PNG: a grid of the share of duplicate deals
each strategy won against each other, one panel per variant), the pair table (share of
duplicate deals won with its Wilson interval, mean level margin with its interval, the
backend that played it, and the command that reproduces the row) and the provenance
(command, commit, versions, run time).
A pair "differs beyond chance" when its share's 95% interval excludes 1/2; with many pairs
the intervals are Bonferroni-widened (``z`` for ``0.05 / pairs``) before that test, so the
findings hold together at the 95% level.
"""

from __future__ import annotations

import time
from pathlib import Path
from statistics import NormalDist

import numpy as np

from shengji_sim import RULES_VERSION
from shengji_sim.stats import percent, percent_range, wilson_interval

PLOT = "strategies-ratings.png"
PAIRS_PLOT = "strategies-pairs.png"
REPORT = "strategies.md"
REPORT_VARIANTS = ("classic-2deck", "changzhou-4deck")
#: deals per pair of the committed report, on every variant: the core plays every profile
#: (``core.api.player_kind``), so every pair plays in the core
REPORT_DEALS = 20_000


def bonferroni_z(tests: int, alpha: float = 0.05) -> float:
    """The two-sided normal quantile for ``tests`` simultaneous tests at level ``alpha``."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, tests)))


def separated(pair: dict, tests: int) -> bool:
    """The pair's share differs from 1/2 at the family-wise 95% level (Bonferroni)."""
    k = pair["a_share"] * pair["deals"]
    lo, hi = wilson_interval(k, pair["deals"], bonferroni_z(tests))
    return lo > 0.5 or hi < 0.5


def findings(results: list[dict]) -> list[str]:
    """Plain-language findings: the ladder and the pairs that differ beyond chance."""
    lines = []
    tests = sum(len(r["pairs"]) for r in results)
    for r in results:
        ladder = sorted(r["ratings"].items(), key=lambda kv: -kv[1]["rating"])
        order = " > ".join(f"{n} ({v['rating']:+.0f})" for n, v in ladder)
        if lines:
            lines.append("")
        lines.append(f"**{r['variant']}**: rating order {order} (Bradley-Terry, Elo scale).")
        lines.append("")
        for p in r["pairs"]:
            lo, hi = p["a_share_ci95"]
            if separated(p, tests):  # the winner's share and interval
                winner, share, lo, hi = (p["a"], p["a_share"], lo, hi) if p["a_share"] > 0.5 \
                    else (p["b"], 1 - p["a_share"], 1 - hi, 1 - lo)
                verdict = f"{winner} wins {percent(share)} of the duplicate deals ("
            else:
                verdict = (f"no difference beyond chance ({p['a']}'s share "
                           f"{percent(p['a_share'])}, ")
            lines.append(f"- {p['a']} vs {p['b']}: {verdict}95% CI {percent_range(lo, hi)}, "
                         f"{p['deals']:,} deals).")
    return lines


def ratings_plot(results: list[dict], path: Path) -> None:
    """One panel per variant: each strategy's rating with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(5.5 * len(results), 3.8), squeeze=False)
    for ax, r in zip(axes[0], results, strict=True):
        ladder = sorted(r["ratings"].items(), key=lambda kv: kv[1]["rating"])
        names = [n for n, _ in ladder]
        mid = [v["rating"] for _, v in ladder]
        lo = [v["rating"] - v["ci95"][0] for _, v in ladder]
        hi = [v["ci95"][1] - v["rating"] for _, v in ladder]
        ax.errorbar(mid, range(len(names)), xerr=[lo, hi], fmt="o", capsize=4)
        ax.set_yticks(range(len(names)), names)
        ax.axvline(0, color="grey", lw=0.8, ls="--")
        ax.set_xlabel("rating (Elo scale, mean 0); bars: 95% bootstrap interval")
        ax.set_title(f"{r['variant']}: {r['deals']:,} duplicate deals per pair")
    fig.suptitle("Strategy ratings from duplicate play")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def pairs_plot(results: list[dict], path: Path) -> None:
    """One panel per variant: a grid of the share of duplicate deals the row's strategy won
    against the column's (percent, the ratings' order, strongest first), so the pairs among
    close strategies stay readable where the ratings plot is dominated by random's gap. The
    title gives the widest 95% half-interval of the panel's pairs (the table has each)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(5.2 * len(results), 4.9), squeeze=False)
    for ax, r in zip(axes[0], results, strict=True):
        names = [n for n, _ in sorted(r["ratings"].items(), key=lambda kv: -kv[1]["rating"])]
        at = {n: i for i, n in enumerate(names)}
        grid = np.full((len(names), len(names)), np.nan)
        for p in r["pairs"]:
            grid[at[p["a"]], at[p["b"]]] = 100 * p["a_share"]
            grid[at[p["b"]], at[p["a"]]] = 100 * (1 - p["a_share"])
        ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
        for i in range(len(names)):
            for j in range(len(names)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, percent(grid[i, j] / 100), ha="center", va="center", fontsize=8,
                            color="white" if abs(grid[i, j] - 50) > 35 else "black")
        ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
        ax.set_yticks(range(len(names)), names)
        ax.set_xlabel("against")
        half = max((p["a_share_ci95"][1] - p["a_share_ci95"][0]) / 2 for p in r["pairs"])
        ax.set_title(f"{r['variant']}: share of deals won by the row\n"
                     f"({r['deals']:,} duplicate deals per pair; ties count half;\n"
                     f"95% intervals within ±{100 * half:.1f} points, in the Pairs table)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _command(r: dict, pair: dict | None = None) -> str:
    names = [pair["a"], pair["b"]] if pair else list(r["ratings"])
    parts = ["shengji-sim tournament", f"--variant {r['variant']}",
             "--strategies " + " ".join(names),
             f"--deals {pair['deals'] if pair else r['deals']}", f"--seed {r['seed']}"]
    if r.get("duplicate", True):
        parts.append("--duplicate")
    if r.get("matches"):
        parts.append(f"--matches {r['matches']}")
    return " ".join(parts)


def markdown(results: list[dict], command: str, seconds: float, provenance: dict) -> str:
    """The report's text (see the module docstring)."""
    out = ["# Strategies: strength from duplicate play", "",
           "Each pair of strategies played the same deals twice, the teams swapping seats, so "
           "the luck of the deal cancels. A deal is won by the strategy whose side gained more "
           "levels over its two plays (ties count half). What each strategy does: "
           "[docs/strategies.md](../docs/strategies.md).", "", "## Findings", ""]
    out += findings(results)
    out += ["", f"![ratings]({PLOT})", "", f"![share of deals won, by pair]({PAIRS_PLOT})",
            "", "## Pairs", "",
            "| variant | a | b | deals | a's share (95% CI) | a's mean level margin (95% CI) "
            "| backend | command |",
            "|---|---|---|---|---|---|---|---|"]
    for r in results:
        for p in r["pairs"]:
            lo, hi = p["a_share_ci95"]
            mlo, mhi = p["a_margin_ci95"]
            out.append(f"| {r['variant']} | {p['a']} | {p['b']} | {p['deals']:,} | "
                       f"{percent(p['a_share'])} ({percent_range(lo, hi)}) | "
                       f"{p['a_margin']:+.3f} ({mlo:+.3f} to {mhi:+.3f}) | "
                       f"{r.get('backends', {}).get(p['a'] + '-vs-' + p['b'], '')} | "
                       f"`{_command(r, p)}` |")
    out += ["", "## Ratings", "", "| variant | strategy | rating | 95% CI |", "|---|---|---|---|"]
    for r in results:
        for name, v in sorted(r["ratings"].items(), key=lambda kv: -kv[1]["rating"]):
            out.append(f"| {r['variant']} | {name} | {v['rating']:+.1f} | "
                       f"{v['ci95'][0]:+.1f} to {v['ci95'][1]:+.1f} |")
    tests = sum(len(r["pairs"]) for r in results)
    out += ["", "## Method", "",
            f"* Shares: Wilson 95% intervals on wins + ties/2 of the deals. Findings test "
            f"{tests} pairs at once: a pair is called only when its Bonferroni-widened interval "
            f"(z = {bonferroni_z(tests):.2f}) excludes 50%.",
            "* Ratings: Bradley-Terry fitted to every pair's deal scores, with one imagined "
            "tied deal added to each pair (so that a clean sweep still has a finite rating); "
            "intervals from 200 bootstrap resamples of each pair's deals.",
            "", "## Provenance", "", f"* command: `{command}`",
            f"* commit: {provenance.get('commit')}", f"* RULES_VERSION {RULES_VERSION}",
            "* versions: " + ", ".join(f"{k} {v}" for k, v in
                                       provenance.get("versions", {}).items()),
            f"* run time: {seconds:.0f} s for this command ({time.strftime('%Y-%m-%d')}); "
            f"the time spent playing, as the runs recorded it (a run resumed from an earlier "
            f"command counts its earlier time here, not in this command's time): "
            f"{sum(sum(r.get('play_seconds', {}).values()) for r in results):.0f} s",
            "* each run's rows are under the tournament's run directory; rerunning the command "
            "resumes them"]
    return "\n".join(out) + "\n"


def write_report(results: list[dict], out_dir: str | Path, command: str,
                 seconds: float) -> Path:
    """Write the report (:data:`REPORT`) and its PNGs into ``out_dir``; return its path."""
    from shengji_sim.run.benchmark import commit
    from shengji_sim.run.run_dir import package_versions

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    head, date = commit()  # before writing: the report's own files would make it "+dirty"
    ratings_plot(results, out / PLOT)
    pairs_plot(results, out / PAIRS_PLOT)
    text = markdown(results, command, seconds,
                    {"commit": f"{head} ({date})" if head else None,
                     "versions": package_versions()})
    (out / REPORT).write_text(text, encoding="utf-8")
    return out / REPORT


__all__ = ["bonferroni_z", "findings", "markdown", "separated", "write_report"]
