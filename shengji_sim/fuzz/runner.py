"""Run the property catalogue under hypothesis with a fixed example count or a time budget.

Representation
--------------
:func:`run_property` runs one :class:`~shengji_sim.fuzz.property_base.Property` in *chunks*:
chunk ``i`` is a hypothesis run with ``database=None``, ``deadline=None``, a fixed
``max_examples`` and ``@seed(derive(seed, variant, readings, name, i))``, so the examples
depend only on the seed and the example count (``max_examples``: reproducible; a budget in
seconds: as many chunks as the time allows). A failure is shrunk by hypothesis and kept as
a :class:`Finding` (the shrunk position, its ``repr``, a
:func:`~shengji_sim.fuzz.positions.position` call, its card count, the ``shengji-sim``
command that reproduces it, :func:`judge_command`) under its :func:`signature`; the search
goes on in the next chunk, where a failure of a signature already found counts as a pass,
so each run collects up to ``MAX_FINDINGS`` *distinct* failures.

``KNOWN_EXAMPLES`` (past findings) are replayed apart (:func:`replay_known`): a
:class:`KnownResult` says whether each still fails; they are never findings. A finding of
the search whose signature equals a known example's names it (``Finding.known``).

:func:`run_catalogue` runs the chosen properties of one variant on the given readings and,
with ``vary``, once more under every alternative reading (:func:`alternative_readings`:
every applicable letter of every AMB and OTH item, one at a time) for the properties it can
affect (:func:`relevant`); it returns a :class:`FuzzReport`. :func:`write_findings` writes
it as ``findings.json`` and ``findings.md``. ``engine_defects`` decides the CLI's exit
status.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hyp_seed

from shengji_sim import RULES_VERSION
from shengji_sim.cards import format_rank, format_trump
from shengji_sim.fuzz.positions import Position, _loads
from shengji_sim.fuzz.properties import CATALOGUE, known_examples
from shengji_sim.fuzz.property_base import ENGINE, Property, PropertyFailure
from shengji_sim.fuzz.strategies import positions_of

CHUNK = 40  #: examples per hypothesis run
MAX_FINDINGS = 6  #: distinct failures collected per property run
DETAIL = " :: "  #: a failure message's text after this is detail, not part of its signature


@dataclass
class Finding:
    property: str
    classification: str
    message: str
    rule: str
    variant: str
    ambs: list[str]
    example: str
    cards: int
    command: str
    signature: str = ""
    found_at: int = 0  #: the example count of its property run when it was found
    known: str = ""  #: the name of the KNOWN_EXAMPLES entry with the same signature, if any


@dataclass
class KnownResult:
    """A ``KNOWN_EXAMPLES`` entry replayed: reported as known, never as a finding."""

    name: str
    property: str
    variant: str
    ambs: list[str]
    reproduces: bool
    classification: str
    message: str
    example: str
    command: str
    signature: str = ""


@dataclass
class PropertyRun:
    name: str
    title: str
    status: str  #: passed | failed
    examples: int
    seconds: float
    reason: str = ""
    findings: list[Finding] = field(default_factory=list)
    ambs: list[str] = field(default_factory=list)

    @property
    def finding(self) -> Finding | None:
        return self.findings[0] if self.findings else None


@dataclass
class FuzzReport:
    variant: str
    ambs: list[str]
    budget: float
    seed: int
    vary: bool
    rules_version: str = RULES_VERSION
    runs: list[PropertyRun] = field(default_factory=list)
    known: list[KnownResult] = field(default_factory=list)
    examples: int | None = None  #: fixed examples per property (None: the time budget)
    readings: list[str] = field(default_factory=list)  #: alternative readings covered

    @property
    def findings(self) -> list[Finding]:
        return [f for r in self.runs for f in r.findings]

    @property
    def engine_defects(self) -> list[Finding]:
        return [f for f in self.findings if f.classification == ENGINE]


def alternative_readings(variant: str) -> list[str]:
    """Every ``ITEM=LETTER`` the variant loads on its own, other than its default reading,
    for every applicable AMB and OTH item (AMB-27's sub-letters included): the readings
    ``--vary-readings`` covers one at a time."""
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.fuzz.positions import variant_for

    v = variant_for(variant, ())
    readings = v.readings()
    out = []
    for item_id in sorted(v.applicable):
        default = set(readings.get(item_id, "").split("/"))
        for alt in ITEMS[item_id].alternatives:
            spec = f"{item_id}={alt.letter}"
            if alt.letter not in default and _loads(variant, (spec,)):
                out.append(spec)
    return out


def derive(seed: int, *parts) -> int:
    text = json.dumps([seed, *parts])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# ---------------------------------------------------------------------- reproduction


def judge_command(pos: Position) -> str:
    """The ``shengji-sim`` command that shows the position's verdict."""
    q = shlex.quote
    base = ["shengji-sim"]
    common = ["--variant", pos.variant]
    for spec in pos.ambs:
        common += ["--amb", spec]
    if pos.kind in ("game", "match"):
        match = ["--match", "--set", f"starting_level={format_rank(pos.level)}"] \
            if pos.kind == "match" else []
        return " ".join(q(x) for x in base + ["play"] + common + match + [
            "--seed", str(pos.seed), "--index", str(pos.index), "--players", pos.players,
            "--format", "json"])
    if pos.kind in ("declare", "chaodi", "score"):
        return " ".join(q(x) for x in base + _flow_args(pos, common))
    common += ["--level", format_rank(pos.level), "--trump", format_trump(pos.trump)]
    if pos.kind == "follow":
        args = ["judge", "follow"] + common + ["--lead", pos._fmt(pos.lead), "--hand",
                                               pos._fmt(pos.hand)]
    elif pos.kind == "trick":
        args = ["judge", "trick"] + common + ["--plays"] + [pos._fmt(p) for p in pos.trick]
    else:
        args = ["judge", "throw"] + common + ["--lead", pos._fmt(pos.lead), "--others"] + \
            [pos._fmt(h) for h in pos.hands]
    return " ".join(q(x) for x in base + args)


def _flow_args(pos: Position, common: list[str]) -> list[str]:
    """``judge declare|chaodi|match`` arguments of a declare, chaodi or score position."""
    if pos.kind == "score":
        levels = ",".join(format_rank(r) for r in pos.levels)
        return ["judge", "match"] + common + ["--levels", levels, "--dealer", str(pos.dealer),
                                             "--attacker-points", str(pos.points)]
    args = common + ["--level", format_rank(pos.level), "--cards", pos._fmt(pos.lead),
                     "--seat", str(pos.seat)]
    if pos.kind == "declare":
        for seat, cards in pos.history:
            args += ["--standing", pos.shown(seat, cards)]
        args += ["--hand-number", str(pos.hand_number)]
        args += ["--phase", "after_deal"] if "after_deal" in pos.flags else []
        return ["judge", "declare"] + args
    standing = pos.shown(*pos.history[0]) if pos.history else "none"
    declarer = "none" if pos.declarer is None else str(pos.declarer)
    args += ["--trump", format_trump(pos.trump), "--standing", standing, "--declarer",
             declarer, "--dealer", str(pos.dealer), "--hand-number", str(pos.hand_number)]
    args += ["--someone-else-chaoed"] if "someone_else" in pos.flags else []
    args += ["--kitty-flip"] if "kitty_flip" in pos.flags else []
    return ["judge", "chaodi"] + args


CARD_TOKEN = re.compile(r"\b(?:[SHDC](?:10|[2-9JQKA])|BJ|LJ)\b")
NUMBERED = re.compile(r"\b(position|seat|play|winner|trick|level) \w+\b")


def signature(prop_name: str, classification: str, rule: str, message: str) -> str:
    """The signature that deduplicates failures: the property, its classification and rule
    and the message (up to ``DETAIL``) with the cards (and seat, play and level numbers)
    taken out, so shrunk examples of one failure share it and different failures (another
    table row, another shape) do not."""
    text = CARD_TOKEN.sub("#", message.split(DETAIL)[0])
    text = re.sub(r"#(?: #)+", "#…", text)
    text = NUMBERED.sub(lambda m: f"{m.group(1)} _", text)
    return f"{prop_name} | {classification} | {rule} | {text}"


def finding_of(prop: Property, exc: PropertyFailure, found_at: int = 0) -> Finding:
    pos = exc.position
    return Finding(prop.name, exc.classification, exc.message, exc.rule,
                   pos.variant if pos else "", list(pos.ambs) if pos else [],
                   repr(pos), pos.n_cards() if pos else 0,
                   judge_command(pos) if pos else "",
                   signature(prop.name, exc.classification, exc.rule, exc.message), found_at)


def replay_known(prop: Property, variant: str, ambs: tuple[str, ...] = ()) -> list[KnownResult]:
    """Replay the property's ``KNOWN_EXAMPLES`` for the variant and readings."""
    out = []
    for name, pos in known_examples(prop.name, variant, tuple(ambs)):
        try:
            prop.check(pos)
        except PropertyFailure as exc:
            out.append(KnownResult(name, prop.name, variant, list(ambs), True,
                                   exc.classification, exc.message, repr(pos),
                                   judge_command(pos),
                                   signature(prop.name, exc.classification, exc.rule,
                                             exc.message)))
            continue
        out.append(KnownResult(name, prop.name, variant, list(ambs), False, "", "holds now",
                               repr(pos), judge_command(pos)))
    return out


# ---------------------------------------------------------------------------- running


def _failures(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [e for sub in exc.exceptions for e in _failures(sub)]
    return [exc]


def run_property(prop: Property, variant: str, ambs: tuple[str, ...] = (), budget: float = 10.0,
                 seed: int = 0, vary: bool = False, max_examples: int | None = None,
                 chunk: int = CHUNK, max_findings: int = MAX_FINDINGS,
                 known: list[KnownResult] | None = None,
                 seen: set[str] | None = None) -> PropertyRun:
    """Run one property for ``budget`` seconds (or exactly ``max_examples`` property calls,
    shrinking included: reproducible); see the module doc. A failure whose signature was
    already found (or is in ``seen``: found by an earlier run) counts as a pass from the
    next chunk on, so the search goes on for different failures."""
    start = time.monotonic()
    strategy = positions_of(prop.kind, variant, tuple(ambs), vary)
    examples = 0
    found: dict[str, Finding] = {}
    before = set(seen or ())
    known_sigs = {k.signature: k.name for k in known or [] if k.reproduces}

    def body(pos: Position) -> None:
        nonlocal examples
        examples += 1
        try:
            prop.check(pos)
        except PropertyFailure as exc:
            sig = signature(prop.name, exc.classification, exc.rule, exc.message)
            if sig in found or sig in before:
                return  # found before: look for another failure
            exc.position = pos
            raise

    run = PropertyRun(prop.name, prop.title, "passed", 0, 0.0, ambs=list(ambs))
    i = 0
    size = min(chunk, 10)
    while len(found) < max_findings:
        if max_examples is not None:
            size = min(size, max_examples - examples)
        if size <= 0:
            break
        chunk_start = time.monotonic()
        seen = examples
        test = settings(
            database=None, deadline=None, max_examples=size, derandomize=False,
            suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
            phases=[Phase.generate, Phase.target, Phase.shrink],
            print_blob=False, report_multiple_bugs=False,
        )(hyp_seed(derive(seed, variant, list(ambs), prop.name, i))(given(strategy)(body)))
        try:
            test()
        except BaseException as exc:  # noqa: BLE001 - classify what hypothesis raised
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures = [e for e in _failures(exc) if isinstance(e, PropertyFailure)]
            if failures:
                f = finding_of(prop, failures[0], examples)
                f.known = known_sigs.get(f.signature, "")
                found[f.signature] = f
            else:
                message = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
                run.findings = list(found.values()) + [
                    Finding(prop.name, ENGINE, message, "", variant, list(ambs), "", 0, "",
                            signature(prop.name, ENGINE, "", message), examples)]
                run.status, run.reason, run.examples = "failed", message, examples
                run.seconds = time.monotonic() - start
                return run
        i += 1
        if examples == seen:
            break  # hypothesis found nothing more to try
        if max_examples is None:
            left = budget - (time.monotonic() - start)
            if left <= 0:
                break
            per = (time.monotonic() - chunk_start) / max(1, examples - seen)
            size = max(3, min(chunk, int(left / max(per, 1e-3))))
    run.findings = list(found.values())
    run.examples, run.seconds = examples, time.monotonic() - start
    if run.findings:
        run.status = "failed"
        run.reason = "; ".join(f.message for f in run.findings)
    return run


#: the rule sections an item must switch for it to matter to a property of each kind
KIND_SECTIONS: dict[str, frozenset[str]] = {
    "follow": frozenset({"ranking", "compare", "follow"}),
    "trick": frozenset({"ranking", "compare", "follow"}),
    "throw": frozenset({"ranking", "compare", "follow", "throw"}),
    "game": frozenset({"ranking", "compare", "follow", "throw", "kitty", "bidding", "chaodi",
                       "deck", "scoring"}),
    "declare": frozenset({"bidding"}),
    "chaodi": frozenset({"bidding", "chaodi"}),
    "score": frozenset({"scoring"}),
    "match": frozenset({"ranking", "compare", "follow", "throw", "kitty", "bidding", "chaodi",
                        "deck", "scoring"}),
}


def relevant(prop: Property, spec: str) -> bool:
    """Can the reading ``ITEM=LETTER`` change what the property sees?"""
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.config.variant_schema import SCHEMA

    sections = prop.sections or KIND_SECTIONS[prop.kind]
    return any(SCHEMA[k].section in sections for k in ITEMS[spec.split("=")[0]].keys)


def run_catalogue(variant: str, ambs: tuple[str, ...] = (), budget: float = 60.0,
                  seed: int = 0, names: list[str] | None = None,
                  vary: bool = False, examples: int | None = None,
                  alt_examples: int | None = None) -> FuzzReport:
    """Run the chosen properties (all by default) on ``ambs``, then, with ``vary``, once
    more under each alternative reading (:func:`alternative_readings`, one at a time on top
    of ``ambs``) for the properties it can affect (:func:`relevant`).

    With ``examples`` each property runs that many examples on ``ambs`` and
    ``alt_examples`` (default ``max(2, examples // 5)``) under each alternative reading;
    otherwise ``budget`` seconds are shared by all the runs. Known examples are replayed
    first on ``ambs`` and reported apart. A run under an alternative reading reports only
    failures whose signature no earlier run of the property found (the readings a finding
    depends on are the explanation's business: :mod:`~shengji_sim.fuzz.explain`)."""
    chosen = [CATALOGUE[n] for n in (names or list(CATALOGUE))]
    report = FuzzReport(variant, list(ambs), budget, seed, vary, examples=examples)
    taken = {a.split("=")[0].upper() for a in ambs}
    alts = [r for r in alternative_readings(variant) if r.split("=")[0] not in taken] \
        if vary else []
    report.readings = alts
    plan = [(p, tuple(ambs)) for p in chosen]
    plan += [(p, (*ambs, r)) for r in alts for p in chosen if relevant(p, r)]
    plan = [(p, a) for p, a in plan if _loads(variant, a)]
    if examples is not None and alt_examples is None:
        alt_examples = max(2, examples // 5)
    share = budget / max(1, len(plan))
    for prop in chosen:
        report.known += replay_known(prop, variant, tuple(ambs))
    seen: dict[str, set[str]] = {p.name: set() for p in chosen}
    for prop, readings in plan:
        n = None if examples is None else examples if readings == tuple(ambs) \
            else alt_examples
        n = None if n is None else max(1, round(n * prop.weight))
        run = run_property(prop, variant, readings, share, seed, False, n,
                           known=report.known, seen=seen[prop.name])
        seen[prop.name] |= {f.signature for f in run.findings}
        report.runs.append(run)
    return report


# ---------------------------------------------------------------------------- writing


def package_versions() -> dict[str, str]:
    import platform
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version(), "RULES_VERSION": RULES_VERSION}
    for name in ("shengji-sim", "hypothesis", "numpy", "numba", "click"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "not installed"
    return out


def _cell(text: str, n: int = 160) -> str:
    return text.replace("|", "\\|")[:n]


def report_markdown(report: FuzzReport, heading: str = "#",
                    explain: Callable[[Finding], list[str]] | None = None) -> str:
    """The report as markdown: one row per property (its run on the fixed readings, and its
    runs under the alternative readings summed), the known examples apart, then each
    distinct finding with its example and command (and ``explain``'s lines, if given)."""
    amb = " ".join(f"--amb {a}" for a in report.ambs)
    size = (f"{report.examples} examples per property" if report.examples is not None
            else f"budget {report.budget:g} s")
    readings = (f"the variant's readings and each of {len(report.readings)} alternative "
                f"readings one at a time" if report.vary else "fixed readings")
    lines = [f"{heading} Fuzz: {report.variant} {amb}".rstrip(), "",
             f"{size}, seed {report.seed}, {readings}, RULES_VERSION "
             f"{report.rules_version}.", "",
             "| property | readings | examples | seconds | distinct findings |",
             "|---|---|---|---|---|"]
    fixed = tuple(report.ambs)
    for name in dict.fromkeys(r.name for r in report.runs):
        runs = [r for r in report.runs if r.name == name]
        base = [r for r in runs if tuple(r.ambs) == fixed]
        alts = [r for r in runs if tuple(r.ambs) != fixed]
        for label, group in (("defaults" if not fixed else amb, base),
                             (f"{len(alts)} alternatives", alts)):
            if not group:
                continue
            n_found = sum(len(r.findings) for r in group)
            lines.append(f"| `{name}` | {label} | {sum(r.examples for r in group)} | "
                         f"{sum(r.seconds for r in group):.1f} | {n_found or '-'} |")
    if report.known:
        lines += ["", f"{heading}# Known examples (regression tests, not findings of this run)",
                  "", "| name | property | still fails | classification |", "|---|---|---|---|"]
        for k in report.known:
            lines.append(f"| `{k.name}` | `{k.property}` | {'yes' if k.reproduces else 'no'} "
                         f"| {k.classification or '-'} |")
    for f in report.findings:
        where = " ".join(f.ambs) or "default readings"
        lines += ["", f"{heading}# `{f.property}` ({where}): {f.classification}", "",
                  f.message, ""]
        if f.known:
            lines += [f"Same signature as the known example `{f.known}`; found by the run "
                      f"itself at example {f.found_at}.", ""]
        lines += [f"Rule: {f.rule or '-'}; shrunk example ({f.cards} cards):", "",
                  "```python", f.example, "```", "", "Reproduce:", "", "```sh", f.command,
                  "```"]
        if explain is not None:
            lines += [""] + explain(f)
    return "\n".join(lines) + "\n"


def write_findings(report: FuzzReport, out_dir: str | Path,
                   explain: Callable[[Finding], list[str]] | None = None,
                   verdict: Callable[[Finding], Any] | None = None) -> tuple[Path, Path]:
    """findings.json (with each finding's ``verdict(f).verdict`` when ``verdict`` is given:
    ``fuzz.explain.verdict``) and findings.md (with ``explain``'s lines under each
    finding: ``fuzz.explain.explain_lines``)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    data = asdict(report)
    data["versions"] = package_versions()
    data["engine_defects"] = len(report.engine_defects)
    if verdict is not None:
        data["verdicts"] = [{"property": f.property, "ambs": f.ambs, "message": f.message,
                             "verdict": verdict(f).verdict} for f in report.findings]
    json_path = out / "findings.json"
    json_path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    md_path = out / "findings.md"
    md_path.write_text(report_markdown(report, explain=explain), encoding="utf-8")
    return json_path, md_path


__all__ = ["Finding", "FuzzReport", "KnownResult", "PropertyRun", "alternative_readings",
           "judge_command", "package_versions", "relevant", "replay_known", "report_markdown",
           "run_catalogue", "run_property", "signature", "write_findings"]
