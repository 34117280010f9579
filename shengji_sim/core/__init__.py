"""The Numba core: the rules as kernels over int arrays (docs/core-conventions.md).

Importing this package points Numba's on-disk cache at a directory named by a digest of the
kernels' sources (:func:`use_source_keyed_cache`), before any kernel module is imported.
Numba checks a cached kernel against its own file only, so a kernel whose callee in another
file changed would otherwise load the old callee's machine code; with the directory keyed by
every file the kernels are compiled from (:func:`kernel_sources`: the core's modules but its
Python-only ones, and the reference modules whose tables the kernels bake in as constants),
any such edit compiles everything afresh, and unchanged kernels load what was compiled
before. ``NUMBA_CACHE_DIR``, when set, is the root the keyed directory goes under (a cache
shared by several processes, e.g. Dask workers).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

CORE_DIR = Path(__file__).resolve().parent
PACKAGE_DIR = CORE_DIR.parent
#: core files with no kernel and nothing a kernel imports (editing them compiles nothing):
#: the runtime room, the generators of the switches, the fast-path guards and the profile
#: columns, the fast paths' table (its guards are generated into a kernel file) and the
#: packages' ``__init__`` files
PYTHON_ONLY_ROOMS = frozenset({"runtime"})
PYTHON_ONLY_FILES = frozenset({"__init__.py", "make_switches.py", "make_fast_guards.py",
                               "fast_paths.py", "make_profile_columns.py"})
#: modules outside the core whose values the kernels compile in as constants
BAKED_IN = ("cards.py", "rules/follow_tables.py", "rules/follow.py")


def kernel_sources(core: Path = CORE_DIR) -> list[Path]:
    """Every file the compiled kernels depend on, in a fixed order."""
    own = [p for p in sorted(core.rglob("*.py"))
           if p.name not in PYTHON_ONLY_FILES
           and not PYTHON_ONLY_ROOMS.intersection(p.relative_to(core).parts[:-1])]
    return own + [core.parent / name for name in BAKED_IN if (core.parent / name).exists()]


def source_digest(paths: list[Path]) -> str:
    """A digest of the files' names and contents."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def use_source_keyed_cache(core: Path = CORE_DIR) -> Path:
    """Set ``numba.config.CACHE_DIR`` to ``<root>/numba-<digest>`` and return it; the root is
    ``NUMBA_CACHE_DIR`` if set, else the core's ``__pycache__``."""
    import numba

    root = Path(os.environ.get("NUMBA_CACHE_DIR") or core / "__pycache__")
    target = root / f"numba-{source_digest(kernel_sources(core))}"
    numba.config.CACHE_DIR = str(target)
    return target


CACHE_DIR = use_source_keyed_cache()
