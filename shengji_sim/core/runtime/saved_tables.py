"""The ranking tables of a variant, saved beside the kernels so that a warm run reads them
instead of building them (about 0.5 s of a warm run of the README command).

Representation: one ``.npz`` file per ranking under ``<kernel cache>/tables/``, holding the
arrays of :class:`~shengji_sim.core.base.tables.KernelTables` by field name; its name is a
digest of the variant's ranking key (``rules.ranking.ranking_key``: the values of the schema's
keys marked ``tables``) and of the sources the tables are built from.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim.core.base.tables import KernelTables, build_tables
from shengji_sim.rules.ranking import ranking_key


def tables_file(variant: Any) -> Path:
    """Where :func:`saved_tables` keeps ``variant``'s tables: the kernel cache directory
    (keyed by the kernels' sources), under a digest of what the tables are built from, the
    variant's ranking key (its values by name) and the sources that build them (``cards.py``,
    the schema, the reference rules, ``core/base/tables.py``), so an edit of any of them
    builds them afresh."""
    from shengji_sim.core import CACHE_DIR, PACKAGE_DIR, source_digest

    sources = [PACKAGE_DIR / "cards.py", PACKAGE_DIR / "config" / "variant_schema.py",
               PACKAGE_DIR / "core" / "base" / "tables.py",
               *sorted((PACKAGE_DIR / "rules").glob("*.py"))]
    key = f"{source_digest(sources)} {ranking_key(variant)!r}"
    return Path(CACHE_DIR) / "tables" / f"{hashlib.sha256(key.encode()).hexdigest()[:16]}.npz"


def saved_tables(variant: Any) -> KernelTables:
    """``build_tables(variant)``, read from :func:`tables_file` when a run has saved them
    (building them takes about 0.5 s of a warm run; reading them a few ms). A file that
    cannot be read is built again; one that cannot be written (a read-only cache) is not
    kept."""
    path = tables_file(variant)
    try:
        with np.load(path) as saved:
            return KernelTables(*(saved[name] for name in KernelTables._fields))
    except (OSError, KeyError, ValueError, EOFError):
        pass
    kt = build_tables(variant)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.stem}.{os.getpid()}.partial.npz")
        np.savez(partial, **kt._asdict())
        os.replace(partial, path)  # whole or absent: a concurrent reader never sees half
    except OSError:
        pass
    return kt
