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
  the alternative readings, a verdict).

interpretations.md and its figures are :mod:`shengji_sim.report.interpretations`'s (every
reading pair of every variant played on the core, ``HANDS`` hands per pair).

Both files state the example counts, seed, hands, RULES_VERSION and package versions.
``parts`` chooses the reports written (contradictions, interpretations or both). An engine
defect among the findings makes ``report rules`` exit 1.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from dataclasses import asdict
from pathlib import Path

from shengji_sim import RULES_VERSION
from shengji_sim.fuzz.runner import FuzzReport, package_versions, report_markdown, run_catalogue

FUZZ_BUDGET = 30.0  #: seconds of fuzzing per built-in variant (when no example count)
EXAMPLES = 60  #: examples per property on the default readings (a fifth per alternative)
HANDS = 100_000  #: hands per reading pair (interpretations_report.HANDS)
POSITIONS = 40  #: drawn positions per kind per trick-rule item
SEED = 0


def _run(task):
    _, variant, budget, seed, examples = task
    return task, run_catalogue(variant, (), budget, seed, vary=True, examples=examples)


def _warm_kernels() -> None:
    """Compile the kernels once in the parent, so forked workers do not each compile."""
    from shengji_sim.fuzz.engine_properties import kernels_agree
    from shengji_sim.fuzz.positions import position

    pos = position("trick", "classic-2deck", lead="H3 H3", hands=("H4 H4", "H5 H6", "D7 D8"),
                   plays=("H4 H4", "H5 H6", "D7 D8"))
    kernels_agree(pos)


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
            f"* wall time of the contradictions part: {seconds:.0f} s", ""]


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


def report_rules(out_dir: str | Path = "reports", budget: float = FUZZ_BUDGET,
                 hands: int = HANDS, positions: int = POSITIONS, seed: int = SEED,
                 workers: int = 2, variants: list[str] | None = None,
                 examples: int | None = EXAMPLES,
                 parts: tuple[str, ...] = ("contradictions", "interpretations"),
                 ) -> tuple[Path | None, Path | None, bool]:
    """Write the chosen reports; returns their paths (None when not written) and whether an
    engine defect was found."""
    from shengji_sim.config.variant import builtin_names
    from shengji_sim.report.interpretations import write_report

    start = time.monotonic()
    names = variants or builtin_names()
    tasks: list = []
    if "contradictions" in parts:
        tasks += [("fuzz", v, budget, seed, examples) for v in names]
    _warm_kernels()
    fuzz = [r for _, r in run_tasks(tasks, workers)]
    seconds = time.monotonic() - start
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    c_path = i_path = None
    if "contradictions" in parts:
        c_path = out / "contradictions.md"
        c_path.write_text(contradictions_md(fuzz, budget, seed, seconds, examples),
                          encoding="utf-8")
    failures: list = []
    if "interpretations" in parts:
        i_path, failures = write_report(
            out, hands, seed, workers, names,
            argv=f"shengji-sim report rules --hands {hands} --seed {seed}")
    for r in failures:
        print(f"engine failure: {r['variant']} {' '.join(r['vs'])} ({r['players']} players): "
              f"{r['error']}", file=sys.stderr)
    defects = any(rep.engine_defects for rep in fuzz) or bool(failures)
    return c_path, i_path, defects


__all__ = ["EXAMPLES", "FUZZ_BUDGET", "HANDS", "POSITIONS", "SEED", "asdict",
           "contradictions_md", "report_rules"]
