"""Layers import one way (docs/DESIGN.md "Layers, one dependency direction"):

    cards, rng, errors, results, stats, config/ -> rules/ -> core/, players/
    -> run/, fuzz/ -> report/ -> cli/

and inside the core, the floors base/ -> rules/ -> follow/ -> players/ -> engine/ -> runtime/.

Every ``import`` and ``from ... import`` of a ``shengji_sim`` module, at module level or
inside a function, is an edge; an edge to a higher layer fails, naming the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "shengji_sim"

#: layer of each module (the longest matching dotted prefix decides)
LAYERS: dict[str, int] = {
    "shengji_sim": 0,  # the package itself: __version__, RULES_VERSION
    "shengji_sim.cards": 0,
    "shengji_sim.rng": 0,
    "shengji_sim.errors": 0,
    "shengji_sim.results": 0,
    "shengji_sim.stats": 0,
    "shengji_sim.config": 0,
    "shengji_sim.rules": 1,
    "shengji_sim.core": 2,
    "shengji_sim.players": 2,
    "shengji_sim.run": 3,
    "shengji_sim.fuzz": 3,
    "shengji_sim.report": 4,
    "shengji_sim.cli": 5,
    "shengji_sim.__main__": 5,
}
#: floors inside the core, one direction (docs/core-conventions.md "Where things live")
CORE_FLOORS: dict[str, int] = {
    "shengji_sim.core": 0,  # the package: the source-keyed kernel cache
    "shengji_sim.core.base": 1,
    "shengji_sim.core.rules": 2,
    "shengji_sim.core.follow": 3,
    "shengji_sim.core.players": 4,
    "shengji_sim.core.engine": 5,
    "shengji_sim.core.runtime": 6,
}
NAMES = {0: "base", 1: "rules", 2: "engines and players", 3: "runs and fuzzing", 4: "reports",
         5: "command line"}


def layer(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in LAYERS:
            return LAYERS[prefix]
    raise AssertionError(f"{module}: no layer (add it to LAYERS)")


def module_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, me: str | None = None) -> list[tuple[int, str]]:
    """(line, imported module) of every shengji_sim import in the file (module ``me``)."""
    me = me or module_of(path)
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.startswith("shengji_sim")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this package
                base = me.split(".")[:-node.level + (1 if path.name == "__init__.py" else 0)
                                    or None]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("shengji_sim"):
                for a in node.names:
                    full = f"{target}.{a.name}"
                    out.append((node.lineno, full if _is_module(full) else target))
    return out


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def core_floor(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in CORE_FLOORS:
            return CORE_FLOORS[prefix]
    raise AssertionError(f"{module}: not in the core")


def upward_core_edges() -> list[str]:
    """Edges between the core's rooms that go up a floor (base < rules < follow < players <
    engine < runtime)."""
    bad = []
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        me = module_of(path)
        for line, target in imports(path):
            if target.startswith("shengji_sim.core") and core_floor(target) > core_floor(me):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {me} imports {target}")
    return bad


def upward_edges() -> list[str]:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        me = module_of(path)
        mine = layer(me)
        for line, target in imports(path):
            if layer(target) > mine:
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {me} ({NAMES[mine]}) "
                           f"imports {target} ({NAMES[layer(target)]})")
    return bad


def test_every_module_has_a_layer() -> None:
    for path in PACKAGE.rglob("*.py"):
        layer(module_of(path))


def test_layers_import_one_way() -> None:
    bad = upward_edges()
    assert not bad, "upward imports:\n" + "\n".join(bad)


def test_an_upward_edge_is_found(tmp_path) -> None:
    """The check bites: a rules module importing the simulation runner is reported."""
    text = (PACKAGE / "rules" / "shapes.py").read_text(encoding="utf-8")
    copy = tmp_path / "shapes.py"
    copy.write_text(text + "\n\ndef _x():\n    from shengji_sim.run import sim\n", encoding="utf-8")
    found = imports(copy, "shengji_sim.rules.shapes")
    edges = [t for _line, t in found if layer(t) > layer("shengji_sim.rules.shapes")]
    assert edges == ["shengji_sim.run.sim"]


def test_core_floors_import_one_way() -> None:
    bad = upward_core_edges()
    assert not bad, "upward imports inside the core:\n" + "\n".join(bad)


def test_an_upward_core_edge_is_found(tmp_path) -> None:
    """The core check bites: a rules kernel importing a player kernel is reported."""
    text = (PACKAGE / "core" / "rules" / "trick_nb.py").read_text(encoding="utf-8")
    copy = tmp_path / "trick_nb.py"
    copy.write_text(text + "\nfrom shengji_sim.core.players import heuristic_nb\n",
                    encoding="utf-8")
    found = imports(copy, "shengji_sim.core.rules.trick_nb")
    floor = core_floor("shengji_sim.core.rules.trick_nb")
    up = [t for _l, t in found if t.startswith("shengji_sim.core") and core_floor(t) > floor]
    assert up == ["shengji_sim.core.players.heuristic_nb"]


#: the longest a source file of the package may be (issue 34: a room a reader can take in)
MAX_LINES = 800


def test_no_source_file_is_longer_than_the_limit() -> None:
    long = {str(p.relative_to(PACKAGE.parent)): n for p in sorted(PACKAGE.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"files over {MAX_LINES} lines: {long}"
