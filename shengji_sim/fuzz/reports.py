"""``shengji-sim report rules``: reports/contradictions.md and reports/interpretations.md.

Representation
--------------
A report run is a list of *tasks*, run on ``workers`` processes (each task is seeded by
itself, so the result does not depend on the worker count or the order):

* ``("fuzz", variant)``: the whole property catalogue on the variant's default readings,
  ``EXAMPLES`` examples per property, then under every alternative reading of every
  applicable AMB and OTH item (``EXAMPLES // 5`` each), reproducible
  (:func:`~shengji_sim.fuzz.runner.run_catalogue` with ``vary``); each distinct finding is
  explained (:mod:`~shengji_sim.fuzz.explain`: seed lines, related items, the judge under
  the alternative readings, a verdict);
* ``("diff", variant, item, letter)``: for every AMB item of RULES.md §4 that applies to the
  variant, its default reading against each other letter, over ``HANDS`` deals and
  ``POSITIONS`` drawn positions of each kind (:func:`~shengji_sim.fuzz.diff.diff_readings`).
  Items that switch no follow, comparison, ranking or throw rule (bidding, 炒底, kitty,
  deck and scoring items) cannot change a legal-follow set or a trick winner of a given
  position; for them only outcomes are compared.

Both files state the example counts, seed, hands, RULES_VERSION and package versions.
``parts`` chooses the reports written (contradictions, interpretations or both). An engine
defect among the findings makes ``report rules`` exit 1.
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import asdict
from pathlib import Path

from shengji_sim import RULES_VERSION
from shengji_sim.fuzz.diff import DiffResult, diff_readings
from shengji_sim.fuzz.runner import FuzzReport, package_versions, report_markdown, run_catalogue

FUZZ_BUDGET = 30.0  #: seconds of fuzzing per built-in variant (when no example count)
EXAMPLES = 60  #: examples per property on the default readings (a fifth per alternative)
HANDS = 12  #: deals per diffed reading pair
POSITIONS = 40  #: drawn positions per kind per trick-rule item
SEED = 0
TRICK_SECTIONS = {"ranking", "compare", "follow", "throw"}


def trick_item(item_id: str) -> bool:
    """Does the item switch a ranking, comparison, follow or throw key?"""
    from shengji_sim.interpretations import ITEMS
    from shengji_sim.variant import SCHEMA

    return any(SCHEMA[k].section in TRICK_SECTIONS for k in ITEMS[item_id].keys)


def diff_pairs(variant: str) -> list[tuple[str, str, str]]:
    """(item, default letter, other letter) for every applicable AMB item of the variant."""
    from shengji_sim.interpretations import ITEMS
    from shengji_sim.variant import load_variant

    v = load_variant(variant)
    readings = v.readings()
    out = []
    for item_id in sorted(v.applicable):
        if not item_id.startswith("AMB"):
            continue
        default = readings.get(item_id, "")
        parts = set(default.split("/"))
        for alt in ITEMS[item_id].alternatives:
            if alt.letter not in parts:
                out.append((item_id, default, alt.letter))
    return out


def _run(task):
    kind = task[0]
    if kind == "fuzz":
        _, variant, budget, seed, examples = task
        return task, run_catalogue(variant, (), budget, seed, vary=True, examples=examples)
    _, variant, item_id, default, letter, hands, positions, seed = task
    try:
        res = diff_readings(variant, (), (f"{item_id}={letter}",), hands, seed,
                            position_examples=positions if trick_item(item_id) else 0,
                            observe=trick_item(item_id))
    except Exception as exc:  # noqa: BLE001 - a reading combination the variant rejects
        res = DiffResult(variant, [], [f"{item_id}={letter}"], hands, seed, "random",
                         error_note=f"{type(exc).__name__}: {' '.join(str(exc).split())}")
    return task, res


def _warm_kernels() -> None:
    """Compile the kernels once in the parent, so forked workers do not each compile."""
    from shengji_sim.fuzz import properties
    from shengji_sim.fuzz.strategies import position

    pos = position("trick", "classic-2deck", lead="H3 H3", hands=("H4 H4", "H5 H6", "D7 D8"),
                   plays=("H4 H4", "H5 H6", "D7 D8"))
    properties.kernels_agree(pos)


def run_tasks(tasks: list, workers: int) -> list:
    if workers <= 1:
        return [_run(t) for t in tasks]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        return pool.map(_run, tasks, chunksize=1)


def _header(title: str, params: str, seconds: float) -> list[str]:
    versions = package_versions()
    vtext = ", ".join(f"{k} {v}" for k, v in versions.items())
    return [f"# {title}", "",
            "Regenerate with `shengji-sim report rules` (do not edit by hand).", "",
            f"* {params}", f"* RULES_VERSION {RULES_VERSION}", f"* versions: {vtext}",
            f"* wall time of the whole `report rules` run: {seconds:.0f} s", ""]


def contradictions_md(reports: list[FuzzReport], budget: float, seed: int,
                      seconds: float, examples: int | None = None) -> str:
    from shengji_sim.fuzz.explain import verdict

    size = (f"{examples} examples per property on the default readings and "
            f"{max(2, examples // 5)} under each alternative reading (every applicable "
            f"letter of every AMB and OTH item, one at a time)" if examples is not None
            else f"budget {budget:g} s per variant")
    lines = _header("Contradictions and engine findings (fuzzing the rules)",
                    f"{size}, seed {seed}, properties: every entry of "
                    f"`shengji_sim.fuzz.properties.CATALOGUE`; known examples "
                    f"(`KNOWN_EXAMPLES`) are replayed apart and are not findings", seconds)
    lines += ["## Summary", "",
              "Each distinct finding (deduplicated by the signature of its shrunk example) "
              "with its verdict: *engine defect* (the engine contradicts itself; fails the "
              "run), *consequence of a reading* (another letter of a related item makes the "
              "property hold, run below), *contradiction inside a seed* (two lines of one "
              "seed disagree under every reading), *translation problem* (a garbled line).",
              "", "| variant | property | readings | verdict | finding |", "|---|---|---|---|---|"]
    any_finding = False
    for rep in reports:
        for f in rep.findings:
            any_finding = True
            lines.append(f"| {rep.variant} | `{f.property}` | {' '.join(f.ambs) or 'defaults'} "
                         f"| {verdict(f).verdict} | {f.message.replace('|', '/')[:200]} |")
    if not any_finding:
        lines.append("| - | - | - | - | no findings |")
    lines += ["", "`engine_defect` / `rule_set_finding` below are the properties' own "
              "classifications; see RULES.md §4 for the readings.", ""]
    from shengji_sim.fuzz.explain import explain_lines

    for rep in reports:
        lines.append(report_markdown(rep, heading="##", explain=explain_lines))
    return "\n".join(lines).rstrip() + "\n"


def interpretations_md(results: list[DiffResult], hands: int, positions: int, seed: int,
                       seconds: float) -> str:
    from shengji_sim.fuzz.diff import diff_markdown

    lines = _header("Interpretation diffs (RULES.md §4)",
                    f"{hands} deals per pair (root seed {seed}, random players), "
                    f"{positions} drawn positions per kind for items that switch a ranking, "
                    f"comparison, follow or throw rule; each applicable AMB item's default "
                    f"reading (letter before the arrow) against each other letter", seconds)
    lines += ["Columns: share of hands where some legal-follow set / trick winner / outcome "
              "differs; the change in dealer-side win rate (B − A) with a 95% CI; drawn "
              "positions (follow, trick, throw) whose answer differs. `—` = the item does "
              "not touch trick rules (only outcomes compared).", "",
              "| variant | item | A → B | follow | winner | outcome | Δ dealer win [95% CI] "
              "| positions differ |", "|---|---|---|---|---|---|---|---|"]
    for r in results:
        item, letter = r.amb_b[0].split("=")
        default = r.error_note if r.played == 0 and r.error_note else ""
        pct = lambda n, r=r: f"{100 * r.share(n):.0f}%"  # noqa: E731
        pos = " / ".join(f"{p.differ}/{p.examples}" for p in r.positions) or "—"
        follow_col = pct(r.follow_differs) if r.positions else "—"
        winner_col = pct(r.winner_differs) if r.positions else "—"
        if default:
            lines.append(f"| {r.variant} | {item} | → {letter} | error: {default[:80]} "
                         f"| | | | |")
            continue
        lines.append(f"| {r.variant} | {item} | {r.amb_a_letter} → {letter} | {follow_col} | "
                     f"{winner_col} | {pct(r.outcome_differs)} | {r.delta:+.2f} "
                     f"[{r.ci[0]:+.2f}, {r.ci[1]:+.2f}] | {pos} |")
    lines += ["", "## Minimal examples", "",
              "Pairs where some drawn position differs, with the shrunk example and the "
              "judge commands for both readings.", ""]
    for r in results:
        if any(p.example for p in r.positions):
            lines.append(diff_markdown(r, heading="###"))
    return "\n".join(lines).rstrip() + "\n"


def report_rules(out_dir: str | Path = "reports", budget: float = FUZZ_BUDGET,
                 hands: int = HANDS, positions: int = POSITIONS, seed: int = SEED,
                 workers: int = 2, variants: list[str] | None = None,
                 examples: int | None = EXAMPLES,
                 parts: tuple[str, ...] = ("contradictions", "interpretations"),
                 ) -> tuple[Path | None, Path | None, bool]:
    """Write the chosen reports; returns their paths (None when not written) and whether an
    engine defect was found."""
    from shengji_sim.variant import builtin_names

    start = time.monotonic()
    names = variants or builtin_names()
    tasks: list = []
    if "contradictions" in parts:
        tasks += [("fuzz", v, budget, seed, examples) for v in names]
    if "interpretations" in parts:
        for v in names:
            for item_id, default, letter in diff_pairs(v):
                tasks.append(("diff", v, item_id, default, letter, hands, positions, seed))
    _warm_kernels()
    done = run_tasks(tasks, workers)
    fuzz = [r for t, r in done if t[0] == "fuzz"]
    diffs = []
    for t, r in done:
        if t[0] == "diff":
            r.amb_a_letter = t[3]
            diffs.append(r)
    seconds = time.monotonic() - start
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    c_path = i_path = None
    if "contradictions" in parts:
        c_path = out / "contradictions.md"
        c_path.write_text(contradictions_md(fuzz, budget, seed, seconds, examples),
                          encoding="utf-8")
    if "interpretations" in parts:
        i_path = out / "interpretations.md"
        i_path.write_text(interpretations_md(diffs, hands, positions, seed, seconds),
                          encoding="utf-8")
    defects = any(rep.engine_defects for rep in fuzz)
    return c_path, i_path, defects


__all__ = ["EXAMPLES", "FUZZ_BUDGET", "HANDS", "POSITIONS", "SEED", "asdict", "contradictions_md",
           "diff_pairs", "interpretations_md", "report_rules", "trick_item"]
