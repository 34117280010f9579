"""Layers import one way (docs/DESIGN.md "Layers, one dependency direction"):

    cards, variant (and the other base modules) -> rules -> core, players, record
    -> sim, fuzz, report, benchmark -> cli

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
    "shengji_sim.interpretations": 0,
    "shengji_sim.variant": 0,
    "shengji_sim.strategy": 0,
    "shengji_sim.datafiles": 0,
    "shengji_sim.results": 0,
    "shengji_sim.seats": 0,
    "shengji_sim.rules": 1,
    "shengji_sim.core": 2,
    "shengji_sim.core.heuristic_nb": 2,
    "shengji_sim.core.memory_nb": 2,
    "shengji_sim.players": 2,
    "shengji_sim.record": 2,
    "shengji_sim.judge": 2,
    "shengji_sim.sim": 3,
    "shengji_sim.fuzz": 3,
    "shengji_sim.report": 3,
    "shengji_sim.benchmark": 3,
    "shengji_sim.tournament": 3,
    "shengji_sim.tournament_report": 3,
    "shengji_sim.balance": 3,
    "shengji_sim.balance_report": 3,
    "shengji_sim.balance_plots": 3,
    "shengji_sim.dask_backend": 3,
    "shengji_sim.reading_diff": 3,
    "shengji_sim.interpretations_report": 3,
    "shengji_sim.first_answer": 3,
    "shengji_sim.cli": 4,
    "shengji_sim.__main__": 4,
}
NAMES = {0: "base", 1: "rules", 2: "engines and players", 3: "runs", 4: "command line"}


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
    copy.write_text(text + "\n\ndef _x():\n    from shengji_sim import sim\n", encoding="utf-8")
    found = imports(copy, "shengji_sim.rules.shapes")
    edges = [t for _line, t in found if layer(t) > layer("shengji_sim.rules.shapes")]
    assert edges == ["shengji_sim.sim"]
