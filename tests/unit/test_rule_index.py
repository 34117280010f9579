"""docs/rule-index.md (tools/rule_index.py): the committed file is what the code gives, and the
generator finds citations and tests by scanning, wherever the functions live."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tools import rule_index
from tools.rule_index import COMMAND, OUTPUT, ROOT, build_index, render, rule_parts

RULES_TEXT = """\
# Rules

## 2. Rule catalogue

### 2.5 CMP: comparing plays

**CMP-3 Triple-tractor beats pair-tractor.** Text.
**CMP-30 A made-up later rule.**

## 3. Variants

## 4. Ambiguities

### AMB-09 Scope of "quad beats 2-pair tractor"

## 5. Examples

## 6. Unspecified

| ID | gap | coverage | default |
|---|---|---|---|
| DEF-4 | Comparing multi-component plays | x | y |

## 7. Readings used by other engines

| ID | point | A | other |
|---|---|---|---|
| OTH-1 | Comparing multi-unit plays | a | b |

## 8. Default readings
"""

FILES = {
    "shengji_sim/rules/trick.py": '''
        def claim_beats(a, b):
            """Does a beat b (CMP-3)?"""
            return a > b


        def later_rule():
            return "CMP-30: a later rule"  # AMB-09 B


        def ranges_cite_nothing():
            """``CMP-2..4`` (a range, quoted as the example it is)"""


        def amb_examples_cite_nothing():
            """``shengji-sim judge trick --amb OTH-1=B``"""


        class Claim:
            """What a play claims (DEF-4)."""

            def top(self):
                pass  # OTH-1
        ''',
    "shengji_sim/fuzz/trick_properties.py": '''
        def winner_consistent():
            """CMP-3: checked, not implemented."""
        ''',
    "shengji_sim/core/moved/deep_nb.py": '''
        def claim_beats_nb(a, b):
            # CMP-3: the kernel
            return helper(a, b)


        def helper(a, b):
            """CMP-3, but not a kernel: no _nb suffix."""
            return a > b
        ''',
    "tests/unit/test_trick.py": '''
        def test_CMP_3_triple_tractor_wins():
            pass


        def test_CMP_30_is_another_rule():
            pass


        def helper_CMP_3():
            pass
        ''',
}


def make_checkout(root: Path) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "RULES.md").write_text(RULES_TEXT, encoding="utf-8")
    for rel, source in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root


def test_committed_rule_index_is_current() -> None:
    committed = (ROOT / OUTPUT).read_text(encoding="utf-8")
    assert committed == render(ROOT), f"{OUTPUT} is stale: run {COMMAND}"


def test_parts_follow_rules_md() -> None:
    parts = rule_parts(RULES_TEXT)
    assert [p.heading for p in parts] == [
        "§2.5 CMP: comparing plays", "§4 Ambiguities (AMB)",
        "§6 Unspecified rules and their defaults (DEF)", "§7 Readings of other engines (OTH)"]
    assert [(r.id, r.title) for p in parts for r in p.rules] == [
        ("CMP-3", "Triple-tractor beats pair-tractor"), ("CMP-30", "A made-up later rule"),
        ("AMB-09", 'Scope of "quad beats 2-pair tractor"'),
        ("DEF-4", "Comparing multi-component plays"), ("OTH-1", "Comparing multi-unit plays")]


def test_the_index_is_found_by_scanning(tmp_path: Path) -> None:
    index = build_index(make_checkout(tmp_path))
    assert index.reference == {
        "CMP-3": {"shengji_sim/rules/trick.py": ["claim_beats"]},
        "CMP-30": {"shengji_sim/rules/trick.py": ["later_rule"]},
        "AMB-09": {"shengji_sim/rules/trick.py": ["later_rule"]},
        "DEF-4": {"shengji_sim/rules/trick.py": ["Claim"]},
        "OTH-1": {"shengji_sim/rules/trick.py": ["Claim.top"]},
    }
    assert index.kernels == {"CMP-3": {"shengji_sim/core/moved/deep_nb.py": ["claim_beats_nb"]}}
    assert index.tests == {
        "CMP-3": {"tests/unit/test_trick.py": ["test_CMP_3_triple_tractor_wins"]},
        "CMP-30": {"tests/unit/test_trick.py": ["test_CMP_30_is_another_rule"]},
    }


def test_a_kernel_moving_between_core_modules_moves_in_the_index(tmp_path: Path) -> None:
    root = make_checkout(tmp_path)
    old = root / "shengji_sim/core/moved/deep_nb.py"
    new = root / "shengji_sim/core/rules/trick_nb.py"
    new.parent.mkdir(parents=True, exist_ok=True)
    new.write_text(old.read_text(encoding="utf-8"), encoding="utf-8")
    old.unlink()
    assert build_index(root).kernels == {
        "CMP-3": {"shengji_sim/core/rules/trick_nb.py": ["claim_beats_nb"]}}


def test_render_lists_every_id_with_its_places(tmp_path: Path) -> None:
    text = render(make_checkout(tmp_path))
    assert "5 IDs: 5 cited by a reference function, 1 by a kernel, 2 with a test" in text
    cmp3 = text[text.index("### CMP-3\n"):text.index("### CMP-30\n")]
    assert cmp3.splitlines()[2] == "Triple-tractor beats pair-tractor"
    assert ("- kernels: [`shengji_sim/core/moved/deep_nb.py`]"
            "(../shengji_sim/core/moved/deep_nb.py) `claim_beats_nb`") in cmp3
    assert "- tests: [`tests/unit/test_trick.py`]" in cmp3
    assert "- kernels: none" in text[text.index("### DEF-4\n"):]


def test_check_mode_reports_a_stale_file(tmp_path: Path, monkeypatch, capsys) -> None:
    root = make_checkout(tmp_path)
    monkeypatch.setattr(rule_index, "ROOT", root)
    assert rule_index.main([]) == 0 and rule_index.main(["--check"]) == 0
    (root / OUTPUT).write_text("# Rule index\n", encoding="utf-8")
    assert rule_index.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().err
