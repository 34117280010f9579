"""Every file a comment, docstring or document points at is in the repository.

Scanned: the comments and docstrings of the ``.py`` files and the whole text of the ``.md``
files below :data:`SCANNED` (URLs removed), except :data:`NOT_SCANNED`.
A reference is one of:

* a path with a slash that ends in ``.py``, ``.md`` or ``.toml`` (``tests/helpers.py``,
  ``core/base/bits_nb.py``), or that starts at a top-level directory of the repository
  (``shengji_sim/rules/``): it must exist below the repository root, the referring file's
  directory or the package directory (``core/base/bits_nb.py`` is
  ``shengji_sim/core/base/bits_nb.py``);
* a bare ``NAME.md`` or ``NAME.py`` (``DESIGN.md``, ``follow.py``): some file of that name
  must exist in the repository, unless it is a file the program writes (:data:`WRITTEN`);
* a dotted module path ``shengji_sim.x.y[.name]``: the module must exist, and a name after it
  must be defined at the module's top level.

Not references: URLs, the seed files and citations of docs/RULES.md (``000 line 16``),
placeholders of files a user or the program makes (``out_dir/run.json``, ``my.toml``), and
words joined by a slash (``pair/triple``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "shengji_sim"

#: Where references are looked for: directories (recursively) and single files.
SCANNED = ("shengji_sim", "tests", "benchmarks", "docs", "tools", "README.md")

#: This file: its docstring and cases show references that do not resolve, on purpose.
NOT_SCANNED = ("tests/unit/test_file_references.py",)

#: Files the program writes (``fuzz --out``, ``diff --out``, ``balance --out``), named in docs
#: and help texts.
WRITTEN = frozenset({"findings.md", "diff.md", "balance.md"})

#: Top-level directories of the repository: a path starting with one is a repository path.
TOP_LEVEL = ("shengji_sim", "tests", "benchmarks", "docs", "variants", "reports", "tools")

URL = re.compile(r"\b(?:https?|file)://\S+")
PATH = re.compile(r"(?<![\w./-])(\.{0,2}/?[\w-]+(?:\.[\w-]+)*(?:/[\w.-]+)+/?)")
BARE = re.compile(r"(?<![\w./-])(\.?[\w-]+\.(?:md|py))(?![\w/-])")
MODULE = re.compile(r"(?<![\w.])(shengji_sim(?:\.\w+)+)")
CHECKED_SUFFIXES = (".py", ".md", ".toml")
GENERATED_PARTS = ("__pycache__", "baselines")  # baselines: written by `bench --save`


# -------------------------------------------------------------------------- collecting


def scanned_files() -> list[Path]:
    out = []
    for entry in SCANNED:
        base = ROOT / entry
        if not base.exists():
            continue
        for path in [base] if base.is_file() else sorted(base.rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in (".py", ".md") and path.is_file() \
                    and "__pycache__" not in path.parts \
                    and not rel.startswith(NOT_SCANNED):
                out.append(path)
    return out


def prose(path: Path) -> list[tuple[int, str]]:
    """(first line, text) of the comments and docstrings of a ``.py`` file, or the whole text
    of a ``.md`` file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        return [(1, text)]
    out = [(tok.start[0], tok.string)
           for tok in tokenize.generate_tokens(io.StringIO(text).readline)
           if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                out.append((body[0].lineno, body[0].value.value))
    return out


def located_references(text: str) -> list[tuple[int, str, str]]:
    """(line offset in ``text``, kind, reference) of every path-like reference: kind "path",
    "bare" or "module"."""
    text = URL.sub(lambda m: " " * len(m.group(0)), text)
    found = []
    for m in PATH.finditer(text):
        ref = m.group(1).rstrip(".")
        first = ref.lstrip("./").split("/")[0]
        if ref.endswith(CHECKED_SUFFIXES) or (first in TOP_LEVEL and not ref.startswith(".")):
            found.append((m.start(), "path", ref))
    found += [(m.start(), "bare", m.group(1)) for m in BARE.finditer(text)]
    found += [(m.start(), "module", m.group(1).rstrip(".")) for m in MODULE.finditer(text)]
    return [(text.count("\n", 0, at), kind, ref) for at, kind, ref in sorted(found)]


def references(text: str) -> list[tuple[str, str]]:
    """(kind, reference) of every path-like reference in ``text``, in text order."""
    return [(kind, ref) for _, kind, ref in located_references(text)]


# ---------------------------------------------------------------------------- resolving


@cache
def repository_names() -> frozenset[str]:
    return frozenset(p.name for entry in SCANNED + ("variants", "reports")
                     if (ROOT / entry).exists()
                     for p in ([ROOT / entry] if (ROOT / entry).is_file()
                               else (ROOT / entry).rglob("*")))


def path_exists(ref: str, referrer: Path) -> bool:
    if any(part in GENERATED_PARTS for part in ref.split("/")):
        return True
    bases = (ROOT, referrer.parent, PACKAGE)
    return any((base / ref.lstrip("/")).exists() for base in bases)


def bare_exists(name: str) -> bool:
    return name in WRITTEN or name in repository_names()


@cache
def top_level_names(module_file: Path) -> frozenset[str]:
    """Names a module defines or imports at top level (functions, classes, assignments)."""
    tree = ast.parse(module_file.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return frozenset(names)


def module_exists(dotted: str) -> bool:
    """``shengji_sim.a.b[.name[.attr]]``: the longest module prefix exists and the first name
    after it is defined there (attributes of that name are not checked)."""
    parts = dotted.split(".")
    path = ROOT / parts[0]
    for i, part in enumerate(parts[1:], start=1):
        if (path / part).is_dir() and (path / part / "__init__.py").exists():
            path = path / part
        elif (path / f"{part}.py").is_file():
            path = path / f"{part}.py"
        else:
            module = path / "__init__.py" if path.is_dir() else path
            return part in top_level_names(module)
        if path.is_file() and i + 1 < len(parts):
            return parts[i + 1] in top_level_names(path)
    return True


def resolves(kind: str, ref: str, referrer: Path) -> bool:
    if kind == "path":
        return path_exists(ref, referrer)
    return bare_exists(ref) if kind == "bare" else module_exists(ref)


def dangling(path: Path) -> list[str]:
    """``file:line: reference`` for every reference in ``path`` that does not resolve."""
    rel = path.relative_to(ROOT).as_posix()
    return sorted((f"{rel}:{line + offset}: {ref}"
                   for line, text in prose(path)
                   for offset, kind, ref in located_references(text)
                   if not resolves(kind, ref, path)),
                  key=lambda entry: int(entry.split(":")[1]))


# -------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("text, expected", [
    ("see docs/core-conventions.md", [("path", "docs/core-conventions.md")]),
    ("(`core/base/bits_nb.py`)", [("path", "core/base/bits_nb.py")]),
    ("layout: shengji_sim/rules/ and tests/unit.", [("path", "shengji_sim/rules/"),
                                                  ("path", "tests/unit")]),
    ("Inputs follow ``.core_contract.md``", [("bare", ".core_contract.md")]),
    ("STYLE.md B2", [("bare", "STYLE.md")]),
    (":mod:`shengji_sim.rules.follow_tables`", [("module", "shengji_sim.rules.follow_tables")]),
    ("https://github.com/rbtying/shengji/blob/master/README.md", []),
    ("000 line 16, 002 lines 86-122, pair/triple, out_dir/run.json, my.toml", []),
])
def test_references_are_recognised(text: str, expected: list[tuple[str, str]]) -> None:
    assert references(text) == expected


def test_resolution_tells_existing_from_missing_files() -> None:
    here = Path(__file__)
    assert path_exists("docs/DESIGN.md", here) and path_exists("core/base/bits_nb.py", here)
    assert not path_exists("docs/STYLE.md", here)
    assert bare_exists("RULES.md") and bare_exists("findings.md")
    assert not bare_exists(".core_contract.md")
    assert module_exists("shengji_sim.rules.follow_tables.jj4_table")
    assert module_exists("shengji_sim.run.sim.HandFailure")
    assert not module_exists("shengji_sim.rules.tables")
    assert not module_exists("shengji_sim.run.sim.NoSuchName")


def test_the_scan_covers_code_tests_and_docs() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in scanned_files()}
    assert {"README.md", "docs/DESIGN.md", "docs/RULES.md", "shengji_sim/cli/__init__.py",
            "tests/helpers.py"} <= names
    assert "shengji_sim/core/engine/game_nb.py" in names


def test_every_referenced_file_exists() -> None:
    found = [line for path in scanned_files() for line in dangling(path)]
    assert not found, "references to files that are not in the repository:\n" + "\n".join(found)
