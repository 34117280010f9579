"""The balance report written: ``balance.md``, its tables (CSV) and its plots.

:func:`write_report` measures a grid's cells and compares them
(:mod:`shengji_sim.report.balance_stats`: the measures, their intervals and the comparisons),
then writes the tables ``balance-cells``, ``balance-comparisons`` and ``balance-distributions``
(:func:`write_table`: one row a dict), the plots (:mod:`shengji_sim.report.balance_plots`) and
:data:`REPORT`, the markdown (:func:`markdown`) whose conclusions :func:`findings` states. A
number is printed with the decimals its interval needs (``_decimals``): shares in percent,
differences in percentage points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shengji_sim.report.balance_stats import (
    COMPARED,
    HEADLINE,
    NOT_EXERCISED,
    CellResult,
    Comparison,
    Difference,
    Estimate,
    comparisons,
    difference,
    measure_cells,
    pairing_note,
    robustness,
    sweep_reference,
)
from shengji_sim.stats import apart

# ----------------------------------------------------------------------------- writing

REPORT = "balance.md"
TABLES = ("balance-cells", "balance-comparisons", "balance-distributions")


def _decimals(lo: float, hi: float, least: int) -> int:
    """``least`` decimals, or the more that print an interval's bounds apart
    (:func:`~shengji_sim.stats.apart`); an interval of no width (every hand alike) keeps
    ``least``."""
    return least if lo == hi else apart(lo, hi, least)


def _pct(e: Estimate) -> str:
    """``value% (lo to hi)``: two decimals, more where the bounds would print alike.

    >>> from shengji_sim.report.balance_stats import share
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


__all__ = ["REPORT", "TABLES", "cell_table", "distribution_table", "findings", "markdown",
           "write_report", "write_table"]
