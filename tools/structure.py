"""The package's floor plan, as a reader of the imports sees it: ``python -m tools.structure``.

Words (as issue "The house in rooms" uses them):

* a **module** is one ``.py`` file of ``shengji_sim``; an **arrow** is an import of one module
  by another (``import`` or ``from ... import``, at module level or inside a function, as
  ``tests/unit/test_layers.py`` reads them);
* a **room** is a sub-package with its modules (``shengji_sim/rules/``,
  ``shengji_sim/fuzz/``, ...: the directory a module's file is in), or one module that
  stands alone at the top of ``shengji_sim/`` (``cards.py``, ``stats.py``; the package's own
  ``__init__`` is the room ``shengji_sim``). A room's **internal floors** are the levels of the
  longest import chain between its own modules;
* the **floors** of the house are the levels of the longest import chain between rooms (the
  rooms' import graph with each circle of rooms counted as one room);
* a **circle** is a set of two or more modules that import each other, directly or through
  other modules (a strongly connected component of the module graph). ``from pkg import x``
  of a package's ``__init__`` counts as an arrow to the package's ``__init__`` module only.

It prints one line per room (modules, lines, internal floors, the rooms it imports), the
house's floors, the circles, the largest files and, with ``--json``, all of it as JSON.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "shengji_sim"


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """``shengji_sim.core.engine.game_nb`` of ``shengji_sim/core/engine/game_nb.py`` (a package's
    ``__init__.py`` is the package)."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, package): p for p in sorted(package.rglob("*.py"))
            if "__pycache__" not in p.parts}


def _resolve(me: str, is_package: bool, node: ast.ImportFrom) -> str:
    base = me.split(".") if is_package else me.split(".")[:-1]
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported(path: Path, me: str, known: set[str]) -> set[str]:
    """The package's modules that ``path`` (module ``me``) imports."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(me, path.name == "__init__.py", node) if node.level else node.module
            if target is None:
                continue
            names = [f"{target}.{a.name}" for a in node.names] + [target]
        else:
            continue
        for name in names:
            while name and name not in known:  # the longest module prefix
                name = name.rpartition(".")[0]
            if name and name != me and name.startswith("shengji_sim"):
                found.add(name)
    # ``from pkg import mod`` names both pkg and pkg.mod: keep the module only
    return {m for m in found if not any(o.startswith(m + ".") for o in found)} | (
        {m for m in found if m in _submodule_imports(tree, me, path, known)})


def _submodule_imports(tree, me, path, known) -> set[str]:
    """Packages imported for a name defined in their ``__init__`` (not a submodule)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(me, path.name == "__init__.py", node) if node.level else node.module
            if target in known and any(f"{target}.{a.name}" not in known for a in node.names):
                out.add(target)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
    return out


def graph(package: Path = PACKAGE) -> tuple[dict[str, Path], dict[str, set[str]]]:
    mods = modules(package)
    known = set(mods)
    return mods, {m: imported(p, m, known) for m, p in mods.items()}


def room_of(module: str, mods: dict[str, Path], package: Path = PACKAGE) -> str:
    """The sub-package a module's file is in, or the module itself at the package's top."""
    path = mods[module]
    if path.parent == package:
        return module
    return module_name(path.parent / "__init__.py", package)


def strongly_connected(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm (iterative): the strongly connected components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                out.append(sorted(component))
    return out


def floors(nodes: list[str], edges: dict[str, set[str]]) -> int:
    """Levels of the longest import chain (circles condensed to one node)."""
    comps = strongly_connected(nodes, edges)
    comp_of = {n: i for i, c in enumerate(comps) for n in c}
    cedges: dict[int, set[int]] = defaultdict(set)
    for a in nodes:
        for b in edges.get(a, ()):
            if b in comp_of and comp_of[a] != comp_of[b]:
                cedges[comp_of[a]].add(comp_of[b])
    depth: dict[int, int] = {}

    def level(c: int) -> int:
        if c not in depth:
            depth[c] = 0  # a guard; the condensation has no cycles
            depth[c] = 1 + max((level(d) for d in cedges[c]), default=0)
        return depth[c]

    sys.setrecursionlimit(max(1000, 10 * len(comps)))
    return max((level(c) for c in range(len(comps))), default=0)


def survey(package: Path = PACKAGE) -> dict:
    mods, edges = graph(package)
    rooms: dict[str, list[str]] = defaultdict(list)
    for m in mods:
        rooms[room_of(m, mods)].append(m)
    room_edges: dict[str, set[str]] = defaultdict(set)
    for a, targets in edges.items():
        for b in targets:
            ra, rb = room_of(a, mods), room_of(b, mods)
            if ra != rb:
                room_edges[ra].add(rb)
    lines = {m: len(p.read_text(encoding="utf-8").splitlines()) for m, p in mods.items()}
    circles = [c for c in strongly_connected(sorted(mods), edges) if len(c) > 1]
    room_rows = []
    for room in sorted(rooms):
        members = rooms[room]
        inner = {m: {t for t in edges[m] if t in members} for m in members}
        room_rows.append({
            "room": room, "modules": len(members), "lines": sum(lines[m] for m in members),
            "internal_floors": floors(sorted(members), inner),
            "imports": sorted(room_edges[room]),
        })
    return {
        "rooms": room_rows, "room_count": len(rooms),
        "floors": floors(sorted(rooms), room_edges),
        "arrows": sum(len(t) for t in edges.values()),
        "room_arrows": sum(len(t) for t in room_edges.values()),
        "room_circles": [c for c in strongly_connected(sorted(rooms), room_edges) if len(c) > 1],
        "circles": circles,
        "largest": sorted(((lines[m], m) for m in mods), reverse=True)[:12],
        "total_lines": sum(lines.values()),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.structure", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print the survey as JSON")
    args = parser.parse_args(argv)
    s = survey()
    if args.json:
        print(json.dumps(s, indent=1))
        return
    print(f"{s['room_count']} rooms on {s['floors']} floors; {s['room_arrows']} arrows between "
          f"rooms, {s['arrows']} between modules; {s['total_lines']:,} lines")
    for r in s["rooms"]:
        print(f"  {r['room']:32} {r['modules']:3} modules {r['lines']:6,} lines "
              f"{r['internal_floors']:3} internal floors -> {', '.join(r['imports']) or '-'}")
    print(f"circles of rooms: {s['room_circles'] or 'none'}")
    print(f"circles of modules: {s['circles'] or 'none'}")
    print("largest files: " + ", ".join(f"{m} {n:,}" for n, m in s["largest"]))


if __name__ == "__main__":
    main()
