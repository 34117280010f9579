"""Run the property catalogue under hypothesis with a time budget and a seed.

Representation
--------------
:func:`run_property` runs one :class:`~shengji_sim.fuzz.properties.Property` in *chunks*:
chunk ``i`` is a hypothesis run with ``database=None``, ``deadline=None``, a fixed
``max_examples`` and ``@seed(derive(seed, name, i))``, so the examples depend only on the
seed and the number of chunks the budget allowed. It stops at the first failure, after
hypothesis has shrunk it; the :class:`Finding` keeps the shrunk position, its
``repr`` (a :func:`~shengji_sim.fuzz.strategies.position` call), its card count and the
``shengji-sim`` command that reproduces it (:func:`judge_command`).

:func:`run_catalogue` splits a budget over the chosen properties of one variant and returns
a :class:`FuzzReport`; :func:`write_findings` writes it as ``findings.json`` and
``findings.md``. ``engine_defects`` decides the CLI's exit status.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, Verbosity, example, given, settings
from hypothesis import seed as hyp_seed

from shengji_sim import RULES_VERSION
from shengji_sim.cards import format_rank, format_trump
from shengji_sim.fuzz.properties import (
    CATALOGUE,
    ENGINE,
    Property,
    PropertyFailure,
    known_examples,
)
from shengji_sim.fuzz.strategies import Position, positions_of

CHUNK = 40  #: examples per hypothesis run


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


@dataclass
class PropertyRun:
    name: str
    title: str
    status: str  #: passed | failed
    examples: int
    seconds: float
    reason: str = ""
    finding: Finding | None = None


@dataclass
class FuzzReport:
    variant: str
    ambs: list[str]
    budget: float
    seed: int
    vary: bool
    rules_version: str = RULES_VERSION
    runs: list[PropertyRun] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        return [r.finding for r in self.runs if r.finding is not None]

    @property
    def engine_defects(self) -> list[Finding]:
        return [f for f in self.findings if f.classification == ENGINE]


def alternative_readings(variant: str) -> list[str]:
    """Every ``ITEM=LETTER`` the variant loads on its own, other than its default reading,
    for every applicable AMB and OTH item (AMB-27's sub-letters included): the readings
    ``--vary-readings`` covers one at a time."""
    from shengji_sim.fuzz.strategies import _loads, variant_for
    from shengji_sim.interpretations import ITEMS

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
    if pos.kind == "game":
        return " ".join(q(x) for x in base + ["play"] + common + [
            "--seed", str(pos.seed), "--index", str(pos.index), "--players", pos.players,
            "--format", "json"])
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


def finding_of(prop: Property, exc: PropertyFailure) -> Finding:
    pos = exc.position
    return Finding(prop.name, exc.classification, exc.message, exc.rule,
                   pos.variant if pos else "", list(pos.ambs) if pos else [],
                   repr(pos), pos.n_cards() if pos else 0,
                   judge_command(pos) if pos else "")


# ---------------------------------------------------------------------------- running


def _failures(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [e for sub in exc.exceptions for e in _failures(sub)]
    return [exc]


def run_property(prop: Property, variant: str, ambs: tuple[str, ...] = (), budget: float = 10.0,
                 seed: int = 0, vary: bool = False, max_examples: int | None = None,
                 chunk: int = CHUNK) -> PropertyRun:
    """Run one property for ``budget`` seconds (or ``max_examples``); see the module doc."""
    start = time.monotonic()
    strategy = positions_of(prop.kind, variant, tuple(ambs), vary)
    examples = 0

    def body(pos: Position) -> None:
        nonlocal examples
        examples += 1
        try:
            prop.check(pos)
        except PropertyFailure as exc:
            exc.position = pos
            raise

    i = 0
    size = min(chunk, 10)
    while True:
        if max_examples is not None:
            size = min(size, max_examples - examples)
        if size <= 0:
            break
        chunk_start = time.monotonic()
        seen = examples
        wrapped = given(strategy)(body)
        if i == 0 and not vary:
            for known in known_examples(prop.name, variant, tuple(ambs)):
                wrapped = example(known)(wrapped)
        test = settings(
            database=None, deadline=None, max_examples=size, derandomize=False,
            suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
            phases=[Phase.explicit, Phase.generate, Phase.target, Phase.shrink],
            print_blob=False, report_multiple_bugs=False,
        )(hyp_seed(derive(seed, variant, list(ambs), prop.name, i))(wrapped))
        try:
            test()
        except BaseException as exc:  # noqa: BLE001 - classify what hypothesis raised
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures = [e for e in _failures(exc) if isinstance(e, PropertyFailure)]
            if failures:
                return PropertyRun(prop.name, prop.title, "failed", examples,
                                   time.monotonic() - start, failures[0].message,
                                   finding_of(prop, failures[0]))
            message = f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
            return PropertyRun(prop.name, prop.title, "failed", examples,
                               time.monotonic() - start, message,
                               Finding(prop.name, ENGINE, message, "", variant, list(ambs),
                                       "", 0, ""))
        i += 1
        if examples == seen:
            break  # hypothesis found nothing more to try
        left = budget - (time.monotonic() - start)
        if max_examples is None:
            if left <= 0:
                break
            per = (time.monotonic() - chunk_start) / max(1, examples - seen)
            size = max(3, min(chunk, int(left / max(per, 1e-3))))
    return PropertyRun(prop.name, prop.title, "passed", examples, time.monotonic() - start)


def run_catalogue(variant: str, ambs: tuple[str, ...] = (), budget: float = 60.0,
                  seed: int = 0, names: list[str] | None = None,
                  vary: bool = False) -> FuzzReport:
    """Run the chosen properties (all by default), sharing ``budget`` seconds."""
    chosen = [CATALOGUE[n] for n in (names or list(CATALOGUE))]
    report = FuzzReport(variant, list(ambs), budget, seed, vary)
    share = budget / max(1, len(chosen))
    for prop in chosen:
        report.runs.append(run_property(prop, variant, ambs, share, seed, vary))
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


def report_markdown(report: FuzzReport, heading: str = "#") -> str:
    amb = " ".join(f"--amb {a}" for a in report.ambs)
    lines = [f"{heading} Fuzz: {report.variant} {amb}".rstrip(), "",
             f"Budget {report.budget:g} s, seed {report.seed}, readings "
             f"{'varied' if report.vary else 'fixed'}, RULES_VERSION {report.rules_version}.",
             "", "| property | status | examples | seconds | note |",
             "|---|---|---|---|---|"]
    for r in report.runs:
        note = r.reason.replace("|", "\\|")[:160]
        lines.append(f"| `{r.name}` | {r.status} | {r.examples} | {r.seconds:.1f} | {note} |")
    for f in report.findings:
        lines += ["", f"{heading}# `{f.property}`: {f.classification}", "", f.message, "",
                  f"Rule: {f.rule or '-'}; shrunk example ({f.cards} cards):", "",
                  "```python", f.example, "```", "", "Reproduce:", "", "```sh", f.command,
                  "```"]
    return "\n".join(lines) + "\n"


def write_findings(report: FuzzReport, out_dir: str | Path) -> tuple[Path, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    data = asdict(report)
    data["versions"] = package_versions()
    data["engine_defects"] = len(report.engine_defects)
    json_path = out / "findings.json"
    json_path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    md_path = out / "findings.md"
    md_path.write_text(report_markdown(report), encoding="utf-8")
    return json_path, md_path


__all__ = ["Finding", "FuzzReport", "PropertyRun", "judge_command", "package_versions",
           "report_markdown", "run_catalogue", "run_property", "write_findings"]
