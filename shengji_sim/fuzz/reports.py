"""``shengji-sim report rules``: reports/contradictions.md and reports/interpretations.md.

Representation
--------------
A report run is a list of *tasks*, run on ``workers`` processes (each task is seeded by
itself, so the result does not depend on the worker count or the order):

* ``("fuzz", variant)``: the whole property catalogue on the variant's default readings for
  ``FUZZ_BUDGET`` seconds (:func:`~shengji_sim.fuzz.runner.run_catalogue`);

interpretations.md and its figures are :mod:`shengji_sim.interpretations_report`'s (every
reading pair of every variant played on the core, ``HANDS`` hands per pair).

Both files state the budget, seed, hands, RULES_VERSION and package versions. Findings are
what the catalogue reports; the fuzz part's wall time varies with the machine, so example
counts may differ between runs on different machines, while every example is seeded.
"""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import asdict
from pathlib import Path

from shengji_sim import RULES_VERSION
from shengji_sim.fuzz.runner import FuzzReport, package_versions, report_markdown, run_catalogue

FUZZ_BUDGET = 30.0  #: seconds of fuzzing per built-in variant
HANDS = 100_000  #: hands per reading pair (interpretations_report.HANDS)
POSITIONS = 40  #: drawn positions per kind per trick-rule item
SEED = 0


def _run(task):
    _, variant, budget, seed = task
    return task, run_catalogue(variant, (), budget, seed)


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
                      seconds: float) -> str:
    lines = _header("Contradictions and engine findings (fuzzing the rules)",
                    f"budget {budget:g} s per variant, seed {seed}, default readings, "
                    f"properties: every entry of `shengji_sim.fuzz.properties.CATALOGUE`",
                    seconds)
    lines += ["## Summary", "", "| variant | property | classification | finding |",
              "|---|---|---|---|"]
    any_finding = False
    for rep in reports:
        for f in rep.findings:
            any_finding = True
            lines.append(f"| {rep.variant} | `{f.property}` | {f.classification} | "
                         f"{f.message.replace('|', '/')[:200]} |")
    if not any_finding:
        lines.append("| - | - | - | no findings |")
    lines += ["", "`engine_defect`: the engine contradicts itself or its kernels. "
              "`rule_set_finding`: the rules as written (a seed table or the chosen reading) "
              "produce the problem; see RULES.md §4 for the readings.", ""]
    for rep in reports:
        lines.append(report_markdown(rep, heading="##"))
    return "\n".join(lines).rstrip() + "\n"


def report_rules(out_dir: str | Path = "reports", budget: float = FUZZ_BUDGET,
                 hands: int = HANDS, positions: int = POSITIONS, seed: int = SEED,
                 workers: int = 2, variants: list[str] | None = None) -> tuple[Path, Path, bool]:
    """Write both reports; returns their paths and whether an engine defect was found."""
    from shengji_sim.interpretations_report import write_report
    from shengji_sim.variant import builtin_names

    start = time.monotonic()
    names = variants or builtin_names()
    tasks: list = [("fuzz", v, budget, seed) for v in names]
    _warm_kernels()
    fuzz = [r for _, r in run_tasks(tasks, workers)]
    seconds = time.monotonic() - start
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    c_path = out / "contradictions.md"
    c_path.write_text(contradictions_md(fuzz, budget, seed, seconds), encoding="utf-8")
    i_path = write_report(out, hands, seed, workers, names,
                          argv=f"shengji-sim report rules --hands {hands} --seed {seed}")
    defects = any(rep.engine_defects for rep in fuzz)
    return c_path, i_path, defects


__all__ = ["FUZZ_BUDGET", "HANDS", "POSITIONS", "SEED", "asdict", "contradictions_md",
           "report_rules"]
