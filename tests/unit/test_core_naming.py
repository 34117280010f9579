"""The core's naming rule (docs/core-conventions.md, "Rules"): a kernel module (``*_nb``) holds
kernels only, each named ``..._nb`` or, when only its own module calls it, ``_...``; the Python
wrappers live in ``core/runtime/api.py``, which compiles nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "shengji_sim" / "core"
#: decorators that make a function a kernel (or a Numba intrinsic a kernel calls)
KERNEL_DECORATORS = ("njit", "intrinsic")


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return ast.unparse(target).rsplit(".", 1)[-1]


def naming_faults(source: str, module: str) -> list[str]:
    """Faults of one core module's top-level functions against the naming rule."""
    faults = []
    kernel_module = module.endswith("_nb")
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        jitted = any(_decorator_name(d) in KERNEL_DECORATORS for d in node.decorator_list)
        where = f"{module}.{node.name} (line {node.lineno})"
        if kernel_module and not jitted:
            faults.append(f"{where}: a kernel module holds kernels only")
        if jitted and not (node.name.endswith("_nb") or node.name.startswith("_")):
            faults.append(f"{where}: a kernel is named ..._nb, or _... when module-private")
        if module == "api" and jitted:
            faults.append(f"{where}: api.py holds Python wrappers, not kernels")
    return faults


def core_modules() -> list[Path]:
    """Every module of the core, in all its rooms."""
    return sorted(p for p in CORE.rglob("*.py") if "__pycache__" not in p.parts)


def test_core_modules_follow_the_naming_rule() -> None:
    modules = core_modules()
    # the rooms (issue 34) moved every module out of core/ itself, where this test looked
    # until then and so checked nothing: it must see the kernel modules of every room
    rooms = {p.parent.name for p in modules if p.stem.endswith("_nb")}
    assert {"base", "rules", "follow", "players", "engine"} <= rooms, rooms
    faults = [f for path in modules
              for f in naming_faults(path.read_text(encoding="utf-8"), path.stem)]
    assert not faults, "\n".join(faults)


def test_the_check_finds_each_fault() -> None:
    source = (
        "@njit(cache=True)\ndef helper(x):\n    return x\n\n"
        "def wrapper(x):\n    return x\n\n"
        "@njit(cache=True, inline='always')\ndef _step(x):\n    return x\n\n"
        "@nb.njit\ndef count_nb(x):\n    return x\n"
    )
    faults = naming_faults(source, "demo_nb")
    assert len(faults) == 2
    assert "demo_nb.helper" in faults[0] and "named ..._nb" in faults[0]
    assert "demo_nb.wrapper" in faults[1] and "kernels only" in faults[1]
    assert naming_faults("@njit\ndef f_nb():\n    pass\n", "api") == [
        "api.f_nb (line 2): api.py holds Python wrappers, not kernels"]
