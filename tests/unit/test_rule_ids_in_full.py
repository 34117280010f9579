"""Rule IDs are written in full, so that ``git grep CMP-3`` finds every place that cites CMP-3.

A range (``CMP-2..4``, ``AMB-01..08``), a slash list (``TRUMP-6/7``, ``AMB-25/26/27/44``) or a
comma list of bare numbers (``CHAO-1, 2, 5``) hides the IDs it stands for from a search; write
``CMP-2, CMP-3, CMP-4`` instead, however long the list. Scanned: the ``.py``, ``.md`` and
``.toml`` files below :data:`SCANNED`, except :data:`NOT_SCANNED`. An abbreviation quoted as
inline code (between backticks) is an example of the form, not a citation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Where rule IDs are cited: directories (recursively) and single files, relative to ROOT.
SCANNED = ("shengji_sim", "tests", "benchmarks", "variants", "docs", "tools", "README.md")
SUFFIXES = (".py", ".md", ".toml")

#: docs/RULES.md is the verbatim copy of the shared rules text (never edited here); this file
#: shows the abbreviated forms it looks for.
NOT_SCANNED = ("docs/RULES.md", "tests/unit/test_rule_ids_in_full.py")

#: An ID prefix (``CMP-``, ``EX-B-CZ4-``) and a number followed by ``..n``, ``/n[/n...]`` or
#: ``, n[, n...]`` closed by punctuation (``, 2 decks`` is prose, not a list).
ABBREVIATED = re.compile(
    r"(?<![\w-])[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\d+"
    r"(?:\.\.\d+(?!\w)|(?:/\d+)+(?!\w)|(?:, \d+)+(?=[,;:)\]]|\.(?!\d)|$))")
#: Inline code (``x`` or `x`): what it quotes is an example, not a citation.
QUOTED = re.compile(r"``[^`]+``|`[^`]+`")


def scanned_files() -> list[Path]:
    skip = NOT_SCANNED
    out = []
    for entry in SCANNED:
        base = ROOT / entry
        paths = [base] if base.is_file() else sorted(base.rglob("*"))
        for path in paths:
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts \
                    and not rel.startswith(skip):
                out.append(path)
    return out


def _read(path: Path) -> str:
    """The text of ``path``; undecodable bytes (a deliberately non-UTF-8 test file) replaced."""
    return path.read_text(encoding="utf-8", errors="replace")


def abbreviations(text: str) -> list[tuple[int, str]]:
    """(line number, abbreviation) of every range or slash list of rule IDs in ``text``."""
    return [(n, m.group(0)) for n, line in enumerate(text.splitlines(), start=1)
            for m in ABBREVIATED.finditer(QUOTED.sub("", line))]


@pytest.mark.parametrize("text", [
    "CMP-2..4", "(FOLLOW-1..11)", "AMB-01..08.", "TRUMP-6/7", "AMB-25/26/27/44,",
    "EX-B-CZ4-72/73", "see DEF-14..17 and", "OTH-1/2", "(CHAO-1, 2, 5, 6)",
    "AMB-33, 35, 42;", "BID-1, 2.",
])
def test_the_pattern_finds_each_abbreviated_form(text: str) -> None:
    assert len(abbreviations(text)) == 1, text


@pytest.mark.parametrize("text", [
    "CMP-2, CMP-3, CMP-4", "000 lines 46-50", "l.93/99", "OTH-1/OTH-2", "AMB-27 A/(ii)",
    "FOLLOW-*", "levels 2..A", "seats 0..3", "hands/s", "a range such as ``CMP-2..4``",
    "`TRUMP-6/7` is a slash list", "AMB-05, 2 decks", "CMP-3, 2.5 points", "CHAO-1, CHAO-2)",
])
def test_the_pattern_leaves_full_ids_and_other_ranges_alone(text: str) -> None:
    assert abbreviations(text) == [], text


def test_the_scan_covers_code_tests_and_docs() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in scanned_files()}
    assert {"README.md", "docs/DESIGN.md", "shengji_sim/rules/trick.py",
            "tests/unit/test_trick.py", "variants/jj-4deck.toml"} <= names
    assert "docs/RULES.md" not in names
    assert "shengji_sim/core/engine/game_nb.py" in names


def test_rule_ids_are_written_in_full() -> None:
    found = [f"{path.relative_to(ROOT).as_posix()}:{line}: {abbr}"
             for path in scanned_files()
             for line, abbr in abbreviations(_read(path))]
    assert not found, ("write rule-ID ranges out in full (CMP-2, CMP-3, CMP-4):\n"
                       + "\n".join(found))
