"""The core's compile cache is keyed by its kernels' sources (shengji_sim/core/__init__.py):
editing a callee in another file never runs stale machine code.

The demonstration is a two-module package in a temporary directory whose kernel ``f`` (in
module ``a``) calls ``g`` (in module ``b``), run in fresh processes: with Numba's plain
per-file cache, editing ``g`` leaves ``f``'s cache valid and the old ``g`` runs; with the cache
directory keyed by :func:`shengji_sim.core.source_digest`, the edit compiles ``f`` again.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from shengji_sim import core

A = """
from numba import njit
from pkg.b import g

@njit(cache=True)
def f():
    return g() * 10
"""

B = """
from numba import njit

@njit(cache=True)
def g():
    return {value}
"""

KEYED_INIT = """
from pathlib import Path
import numba
from shengji_sim.core import source_digest
here = Path(__file__).parent
numba.config.CACHE_DIR = str(here / "cache" / source_digest(sorted(here.glob("*.py"))))
"""


REPO = Path(core.__file__).resolve().parents[2]  #: the checkout under test


def _run(root: Path) -> int:
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{REPO}"}
    proc = subprocess.run([sys.executable, "-c", "from pkg.a import f; print(f())"], cwd=root,
                          env=env, capture_output=True, text=True, check=True)
    return int(proc.stdout)


def _package(root: Path, init: str) -> Path:
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(textwrap.dedent(init))
    (pkg / "a.py").write_text(A)
    (pkg / "b.py").write_text(B.format(value=1))
    return pkg


def _edit_callee(pkg: Path) -> None:
    (pkg / "b.py").write_text(B.format(value=2) + "\n# edited\n")


def test_plain_numba_cache_keeps_a_stale_callee(tmp_path) -> None:
    """The problem the keyed cache solves (numba 0.68: the caller's cache is per file)."""
    pkg = _package(tmp_path, "")
    assert _run(tmp_path) == 10
    _edit_callee(pkg)
    assert _run(tmp_path) == 10  # stale: g still returns 1 inside f


def test_source_keyed_cache_recompiles_after_a_callee_edit(tmp_path) -> None:
    pkg = _package(tmp_path, KEYED_INIT)
    assert _run(tmp_path) == 10
    _edit_callee(pkg)
    assert _run(tmp_path) == 20


def test_core_cache_dir_is_keyed_by_the_kernel_sources() -> None:
    sources = core.kernel_sources()
    names = {p.name for p in sources}
    assert "follow_families_nb.py" in names and "switches.py" in names
    assert "follow_tables.py" in names or "tables.py" in names  # the JJ4/CZ4 tables
    assert not names & {"api.py", "backend.py", "warmup.py"}  # Python only
    assert Path(core.CACHE_DIR).name == f"numba-{core.source_digest(sources)}"
    import numba

    assert numba.config.CACHE_DIR == str(core.CACHE_DIR)
