"""Generate docs/rule-index.md: for every rule ID of docs/RULES.md, where the code implements it
and which tests are named after it.

Run from the repository root::

    python -m tools.rule_index          # rewrite docs/rule-index.md
    python -m tools.rule_index --check  # exit 1 if the committed file is stale

Representation
--------------
* The IDs come from docs/RULES.md: the rule catalogue of §2 (``**CMP-3 Title.**``, grouped by
  its ``### 2.n`` headings), the ambiguities of §4 (``### AMB-09 Title``), the defaults of §6
  and the other engines' readings of §7 (table rows ``| DEF-4 | gap |``, ``| OTH-1 | point |``).
* A function or class *cites* an ID when its docstring, a comment or a string literal inside
  its body (an error message, a ``reason``) names the ID in full (``CMP-3``; ``CMP-30`` is
  another ID; a range such as ``CMP-2..4`` and an ``--amb`` example such as ``AMB-09=C`` name
  none). A comment or string belongs to the innermost function or class whose lines hold it;
  module-level text cites nothing.
* Reference: every function and class of ``shengji_sim/`` outside :data:`KERNEL_DIR` and
  :data:`NOT_REFERENCE`. Kernels: every function of :data:`KERNEL_DIR` (any module, any depth)
  whose name ends in ``_nb``. Nothing is hard-coded per module, so kernels moving between core
  modules only change the file named beside them.
* Tests: every ``test*`` function of ``tests/**/test_*.py`` whose name contains the ID as
  underscore-separated words (``test_CMP_3_...``: the rule of tests/unit/test_rule_coverage.py).

Output: one section per RULES.md part, one ``###`` heading per ID (the bare ID, so
``rule-index.md#cmp-3`` links to it), the rule's title, then the reference functions, kernels
and tests, each grouped by file.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = Path("docs/RULES.md")
OUTPUT = Path("docs/rule-index.md")
PACKAGE_DIR = Path("shengji_sim")
KERNEL_DIR = Path("shengji_sim/core")
#: Not rule implementations: the fuzz harness checks rules, the CLI only passes them through.
NOT_REFERENCE = (Path("shengji_sim/fuzz"), Path("shengji_sim/cli"))
TESTS_DIR = Path("tests")
COMMAND = "python -m tools.rule_index"

CATALOGUE_ID = re.compile(r"^\*\*([A-Z]+-\d+) (.+?)\*\*", re.M)
FAMILY = re.compile(r"^### (2\.\d+ .+)$", re.M)
AMB_ID = re.compile(r"^### (AMB-\d\d) (.+)$", re.M)
TABLE_ID = re.compile(r"^\| ((?:DEF|OTH)-\d+) \| (.+?) \|", re.M)
#: An ID written in full: not part of a longer ID, nor the first of a range (``CMP-2..4``,
#: ``TRUMP-6/7``), which names none of its IDs in full, nor an ``--amb`` example
#: (``AMB-09=C``).
CITED = re.compile(r"(?<![\w-])([A-Z]+-\d+)(?!\d|\.\.\d|/\d|=)")
TEST_NAME_ID = re.compile(r"(?:^|_)([A-Z]+)_(\d+)(?=_|$)")


# ------------------------------------------------------------------------------- the rules


@dataclass(frozen=True)
class Rule:
    id: str
    title: str


@dataclass(frozen=True)
class Part:
    """A heading of the index and the rules under it, in RULES.md order."""

    heading: str
    rules: tuple[Rule, ...]


def _between(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end)]


def _title(raw: str) -> str:
    return " ".join(raw.split()).rstrip(".").strip()


def catalogue_parts(rules_text: str) -> list[Part]:
    """The §2 families, each with its rule IDs."""
    section = _between(rules_text, "## 2. Rule catalogue", "## 3. Variants")
    heads = list(FAMILY.finditer(section))
    parts = []
    for i, head in enumerate(heads):
        body = section[head.end():heads[i + 1].start() if i + 1 < len(heads) else len(section)]
        rules = tuple(Rule(m.group(1), _title(m.group(2))) for m in CATALOGUE_ID.finditer(body))
        parts.append(Part(f"§{head.group(1)}", rules))
    return parts


def rule_parts(rules_text: str) -> list[Part]:
    """Every part of the index: the §2 families, then AMB (§4), DEF (§6) and OTH (§7)."""
    amb = _between(rules_text, "## 4. ", "## 5. ")
    defaults = _between(rules_text, "## 6. ", "## 7. ")
    others = _between(rules_text, "## 7. ", "## 8. ")
    return catalogue_parts(rules_text) + [
        Part("§4 Ambiguities (AMB)",
             tuple(Rule(m.group(1), _title(m.group(2))) for m in AMB_ID.finditer(amb))),
        Part("§6 Unspecified rules and their defaults (DEF)",
             tuple(Rule(m.group(1), _title(m.group(2))) for m in TABLE_ID.finditer(defaults))),
        Part("§7 Readings of other engines (OTH)",
             tuple(Rule(m.group(1), _title(m.group(2))) for m in TABLE_ID.finditer(others))),
    ]


def rule_ids(rules_text: str) -> list[str]:
    """The rule IDs of the §2 catalogue, sorted."""
    return sorted({r.id for part in catalogue_parts(rules_text) for r in part.rules})


def switch_ids(rules_text: str) -> list[str]:
    """The AMB (§4) and OTH (§7) items, sorted."""
    return sorted(r.id for part in rule_parts(rules_text)[-3:] for r in part.rules
                  if not r.id.startswith("DEF-"))


# ----------------------------------------------------------------------------- the code


@dataclass
class Scope:
    """A function or class of a scanned file: its dotted name within the file (enclosing
    classes and functions first), its line span and the IDs its own text cites."""

    name: str
    is_class: bool
    start: int
    end: int
    cited: set[str] = field(default_factory=set)

    @property
    def is_kernel(self) -> bool:
        return not self.is_class and self.name.split(".")[-1].endswith("_nb")


def _scopes(tree: ast.AST) -> list[Scope]:
    """Every function, method and class of a module, in source order."""
    out: list[Scope] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                out.append(Scope(name, isinstance(child, ast.ClassDef), child.lineno,
                                 child.end_lineno or child.lineno))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(tree, "")
    return out


def _innermost(scopes: list[Scope], line: int) -> Scope | None:
    holding = [s for s in scopes if s.start <= line <= s.end]
    return min(holding, key=lambda s: s.end - s.start) if holding else None


def _texts(source: str, tree: ast.AST) -> Iterable[tuple[int, str]]:
    """(line, text) of every comment and string literal (docstrings included)."""
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def cited_scopes(path: Path) -> list[Scope]:
    """The functions and classes of one Python file with the IDs each cites."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    scopes = _scopes(tree)
    for line, text in _texts(source, tree):
        owner = _innermost(scopes, line)
        if owner is not None:
            owner.cited.update(CITED.findall(text))
    return scopes


def named_tests(path: Path) -> list[str]:
    """The test functions of one test module (methods as ``Class.test_x``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [s.name for s in _scopes(tree)
            if not s.is_class and s.name.split(".")[-1].startswith("test")]


def ids_in_test_name(name: str) -> set[str]:
    """``test_CMP_3_quad_tractor`` -> {"CMP-3"}: IDs written as underscore-separated words."""
    return {f"{family}-{number}" for family, number in TEST_NAME_ID.findall(name.split(".")[-1])}


def _python_files(root: Path, directory: Path) -> list[Path]:
    return sorted(p for p in (root / directory).rglob("*.py") if "__pycache__" not in p.parts)


def _is_under(path: Path, prefixes: Iterable[Path]) -> bool:
    return any(path == p or p in path.parents for p in prefixes)


# ------------------------------------------------------------------------------- the index


#: ID -> file (relative to the root) -> names, in file and source order.
Places = dict[str, dict[str, list[str]]]


@dataclass
class Index:
    reference: Places
    kernels: Places
    tests: Places


def _add(places: Places, rule_id: str, rel: str, name: str) -> None:
    names = places.setdefault(rule_id, {}).setdefault(rel, [])
    if name not in names:
        names.append(name)


def build_index(root: Path) -> Index:
    index = Index({}, {}, {})
    for path in _python_files(root, PACKAGE_DIR):
        rel = path.relative_to(root)
        in_core = _is_under(rel, [KERNEL_DIR])
        if not in_core and _is_under(rel, NOT_REFERENCE):
            continue
        for scope in cited_scopes(path):
            if in_core and not scope.is_kernel:
                continue
            for rule_id in sorted(scope.cited):
                _add(index.kernels if in_core else index.reference, rule_id, rel.as_posix(),
                     scope.name)
    for path in _python_files(root, TESTS_DIR):
        if not path.name.startswith("test_"):
            continue
        rel = path.relative_to(root).as_posix()
        for name in named_tests(path):
            for rule_id in sorted(ids_in_test_name(name)):
                _add(index.tests, rule_id, rel, name)
    return index


def _places_line(label: str, places: dict[str, list[str]]) -> str:
    if not places:
        return f"- {label}: none"
    groups = [f"[`{rel}`](../{rel}) " + ", ".join(f"`{n}`" for n in names)
              for rel, names in sorted(places.items())]
    return f"- {label}: " + "; ".join(groups)


def _coverage(parts: list[Part], index: Index) -> str:
    ids = [r.id for part in parts for r in part.rules]
    counts = [sum(1 for i in ids if i in places)
              for places in (index.reference, index.kernels, index.tests)]
    return (f"{len(ids)} IDs: {counts[0]} cited by a reference function, {counts[1]} by a "
            f"kernel, {counts[2]} with a test named after them.")


def render(root: Path = ROOT) -> str:
    """The text of docs/rule-index.md for the checkout at ``root``."""
    parts = rule_parts((root / RULES).read_text(encoding="utf-8"))
    index = build_index(root)
    lines = [
        "# Rule index",
        "",
        f"Generated by `{COMMAND}` from docs/RULES.md and the code; do not edit by hand",
        "(tests/unit/test_rule_index.py fails when it is stale). For every rule ID: the reference",
        "functions and classes (`shengji_sim/` outside the core, the fuzz harness and the CLI) and",
        "the kernels (functions named `*_nb` in `shengji_sim/core/`) whose docstring, comments or",
        "messages cite the ID written in full, and the tests named after it (`test_CMP_3_...`).",
        "",
        _coverage(parts, index),
    ]
    for part in parts:
        lines += ["", f"## {part.heading}"]
        for rule in part.rules:
            lines += ["", f"### {rule.id}", "", rule.title, "",
                      _places_line("reference", index.reference.get(rule.id, {})),
                      _places_line("kernels", index.kernels.get(rule.id, {})),
                      _places_line("tests", index.tests.get(rule.id, {}))]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if {OUTPUT} differs from what the code gives")
    args = parser.parse_args(argv)
    text = render(ROOT)
    target = ROOT / OUTPUT
    if args.check:
        current = target.read_text(encoding="utf-8") if target.exists() else ""
        if current != text:
            print(f"{OUTPUT} is stale; run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    target.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
