"""The run directory on disk: its manifest, its part files and the checkpoints that let a run
resume. The runner (:mod:`shengji_sim.run.sim`) computes the chunks; this module holds what a
run leaves behind and how it is read back.

Representation
--------------
A run lives in one directory::

    out_dir/run.json                      the manifest (small JSON, rewritten atomically)
    out_dir/rows/part-<start>.parquet     rows [start, start + count) as ROW_DTYPE columns
    out_dir/rows/part-<start>.csv         (or CSV: a header line of ROW_DTYPE names)
    out_dir/matches/part-<start>.parquet  match runs: MATCH_DTYPE rows of the same matches
    out_dir/summary.json                  written by :mod:`shengji_sim.report.summary`

``<start>`` is zero-padded to 12 digits so that a directory listing is in index order. Chunk
``c`` covers hands ``[c * chunk_size, min((c + 1) * chunk_size, hands))``. Each part is
written to a hidden temporary file in ``rows/``, fsynced and renamed into place, so a part
file that exists is complete: an interrupted run (Ctrl-C, SIGTERM, SIGKILL, power loss)
loses at most the chunk it was computing, and ``resume=True`` recomputes only the missing
parts.

Match runs (``mode="matches"``, manifest ``"mode": "matches"`` and ``"matches": n``): the unit
of a chunk is a match. Chunk ``c`` covers matches ``[c * chunk_size, ...)``; its hand rows
(every hand of those matches, in match then hand order) go to ``rows/part-<start>`` and its
match rows to ``matches/part-<start>``, written in that order, so the match part marks the
chunk done: ``resume=True`` skips a chunk whose match part exists and recomputes (overwrites)
any other. Resuming is at match granularity.

A :class:`Job` is what a run plays (mode, duplicate play, each seat's strategy), as its
manifest records it; a :class:`Part` is one chunk's result, as arrays or as the bytes of its
part files (:class:`PartEncoder`). The manifest records what must stay fixed for a resumed run
to equal an uninterrupted one (variant content hash, rules version, row schema, mode,
duplicate, players, root seed, chunk size, rows format): ``_prepare`` checks it, creates the
run or picks up where it stopped, and returns the chunks still to compute.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import os
import platform
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim import RULES_VERSION, __version__
from shengji_sim.config.seats import canonical, seat_codes, strategy_names, swapped
from shengji_sim.errors import InputError
from shengji_sim.results import MATCH_DTYPE, ROW_DTYPE

MANIFEST = "run.json"
ROWS_DIR = "rows"
MATCHES_DIR = "matches"
MANIFEST_FORMAT = "shengji-sim-run/1"
ROWS_FORMATS = ("parquet", "csv")
#: Chunk size when none is given: about 15 s of the reference engine; larger for compiled code.
#: dask: half a second a task at 100,000 hands/s a core, against ms of scheduling (scaling.md)
DEFAULT_CHUNK = {"reference": 1000, "dask": 50_000}
DEFAULT_CHUNK_OTHER = 100_000
#: Matches per chunk when none is given (a match is some 10 to 30 hands).
DEFAULT_MATCH_CHUNK = {"reference": 40}
DEFAULT_MATCH_CHUNK_OTHER = 5_000
_PART = re.compile(r"^part-(\d+)\.(parquet|csv)$")


class SimError(InputError):
    """A bad run request (unknown backend, manifest mismatch, ...); ``str()`` is one line."""


# ---------------------------------------------------------------------------- manifest


def package_versions() -> dict[str, str | None]:
    """Versions that may affect results or files (read from metadata; nothing is imported)."""
    out: dict[str, str | None] = {"shengji_sim": __version__, "python": platform.python_version()}
    for dist in ("numpy", "numba", "pyarrow"):
        try:
            out[dist] = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            out[dist] = None
    return out


def row_schema() -> str:
    """A short fingerprint of ROW_DTYPE (names, types, order)."""
    return hashlib.sha256(repr(ROW_DTYPE.descr).encode()).hexdigest()[:16]


def load_manifest(out_dir: str | Path) -> dict:
    path = Path(out_dir) / MANIFEST
    try:
        with open(path, encoding="utf-8") as fh:
            manifest = json.load(fh)
    except FileNotFoundError:
        raise SimError(f"{out_dir}: no {MANIFEST}; not a simulation run directory") from None
    except json.JSONDecodeError as exc:
        raise SimError(f"{path}: unreadable manifest ({exc.msg}, line {exc.lineno})") from None
    except UnicodeDecodeError:
        raise SimError(f"{path}: unreadable manifest (not UTF-8)") from None
    except OSError as exc:
        raise SimError(f"{path}: cannot read the manifest ({exc.strerror})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        raise SimError(f"{path}: not a {MANIFEST_FORMAT} manifest")
    return manifest


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):  # not supported everywhere (Windows); best effort
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _tmp_path(final: Path) -> Path:
    return final.with_name(f".{final.name}.{os.getpid()}.tmp")


def _commit(tmp: Path, final: Path) -> None:
    """fsync ``tmp`` and rename it over ``final`` (atomic on POSIX and Windows)."""
    with open(tmp, "rb+") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, final)
    _fsync_dir(final.parent)


def write_json_atomic(final: Path, obj: Any) -> None:
    """Write ``obj`` as indented JSON to ``final`` via a temp file and a rename."""
    tmp = _tmp_path(final)
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        _commit(tmp, final)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def write_manifest(out_dir: Path, manifest: dict) -> None:
    write_json_atomic(out_dir / MANIFEST, manifest)


# ------------------------------------------------------------------------------- parts


def part_path(out_dir: str | Path, start: int, rows_format: str, kind: str = ROWS_DIR) -> Path:
    """A part file: ``kind`` is :data:`ROWS_DIR` (hand rows) or :data:`MATCHES_DIR`."""
    return Path(out_dir) / kind / f"part-{start:012d}.{rows_format}"


def mode_of(manifest: dict) -> str:
    """"hands" or "matches" (a manifest without a mode is a run of hands)."""
    return manifest.get("mode", "hands")


def units(manifest: dict) -> int:
    """The hands (or matches, in a match run) the run asks for: its chunks' unit."""
    return manifest[mode_of(manifest)]


def done_dir(manifest: dict) -> str:
    """The directory whose part marks a chunk done (a match run's match parts)."""
    return MATCHES_DIR if mode_of(manifest) == "matches" else ROWS_DIR


def plan(hands: int, chunk_size: int) -> list[tuple[int, int]]:
    """``(start, count)`` of every chunk of a run."""
    return [(s, min(chunk_size, hands - s)) for s in range(0, hands, chunk_size)]


def _arrow_table(rows: np.ndarray, meta: dict[str, str]):
    import pyarrow as pa

    cols = {name: pa.array(rows[name]) for name in rows.dtype.names}
    return pa.table(cols).replace_schema_metadata(meta)


def encode_part(rows: np.ndarray, rows_format: str, meta: dict[str, str] | None = None) -> bytes:
    """The bytes of a part file holding ``rows`` (Parquet with zstd, or CSV)."""
    import pyarrow as pa

    table = _arrow_table(rows, meta or {})
    sink = pa.BufferOutputStream()
    if rows_format == "parquet":
        import pyarrow.parquet as pq

        pq.write_table(table, sink, compression="zstd")
    else:
        import pyarrow.csv as pacsv

        pacsv.write_csv(table, sink)
    return sink.getvalue().to_pybytes()


def write_part(path: Path, rows: np.ndarray | bytes, rows_format: str,
               meta: dict[str, str] | None = None) -> None:
    """Write one part atomically (hidden temp file in the same directory, then rename);
    ``rows`` may be encoded already (:class:`PartEncoder`)."""
    data = rows if isinstance(rows, bytes) else encode_part(rows, rows_format, meta)
    tmp = _tmp_path(path)
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        _commit(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


@dataclass(frozen=True)
class Part:
    """One chunk's result: ``count`` hands (matches, in a match run) as ``hands`` hand rows
    and, in a match run, the match rows; each an array, or the bytes of its part file when a
    :class:`PartEncoder` encoded it where the rows were made."""

    count: int
    hands: int
    rows: np.ndarray | bytes
    match_rows: np.ndarray | bytes | None = None
    #: of ``hands``, those the reference engine played while the core's kernels compiled
    #: (:mod:`shengji_sim.run.first_answer`), and the seconds it took: apart from the run's play
    reference_hands: int = 0
    reference_seconds: float = 0.0
    #: seconds before it that loaded kernels (counted in ``compile_seconds``), not play
    load_seconds: float = 0.0


@dataclass(frozen=True)
class PartEncoder:
    """``encoder(part)``: a chunk's :class:`Part` with its rows encoded as the part files of
    this run. Picklable, so that a backend distributing chunks encodes each where its rows
    are made and sends the client the files' bytes (a sixth of the rows' size in Parquet)
    instead of encoding every part in the client."""

    rows_format: str
    meta: tuple[tuple[str, str], ...]

    def __call__(self, part: Part) -> Part:
        meta = dict(self.meta)
        matches = None if part.match_rows is None else \
            encode_part(part.match_rows, self.rows_format, meta)
        return Part(part.count, part.hands, encode_part(part.rows, self.rows_format, meta),
                    matches)


def read_part(path: str | Path, dtype: np.dtype = ROW_DTYPE) -> np.ndarray:
    """One part file back as a ``dtype`` array (``ROW_DTYPE``, or ``MATCH_DTYPE``)."""
    import pyarrow as pa

    path = Path(path)
    try:
        table = _read_table(path, dtype)
    except (OSError, pa.ArrowException) as exc:  # a part damaged or removed behind our back
        raise SimError(f"{path}: unreadable part file ({' '.join(str(exc).split())})") \
            from None
    if sorted(table.column_names) != sorted(dtype.names):
        what = "MATCH_DTYPE" if dtype == MATCH_DTYPE else "ROW_DTYPE"
        raise SimError(f"{path}: columns differ from this version's {what}")
    rows = np.empty(table.num_rows, dtype)
    for name in dtype.names:
        rows[name] = table.column(name).to_numpy()
    return rows


def _read_table(path: Path, dtype: np.dtype = ROW_DTYPE):
    """A part file as a pyarrow Table (Parquet, or CSV with ``dtype``'s column types)."""
    import pyarrow as pa

    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        return pq.read_table(path)
    import pyarrow.csv as pacsv

    types = {n: pa.from_numpy_dtype(dtype[n]) for n in dtype.names}
    return pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(column_types=types))


def existing_parts(out_dir: str | Path, kind: str = ROWS_DIR) -> dict[int, Path]:
    """start -> path of every part file present in ``kind`` (complete by construction)."""
    rows_dir = Path(out_dir) / kind
    if not rows_dir.is_dir():
        return {}
    found: dict[int, Path] = {}
    for entry in rows_dir.iterdir():
        m = _PART.match(entry.name)
        if m:
            found[int(m.group(1))] = entry
    return found


def iter_parts(out_dir: str | Path, kind: str = ROWS_DIR) -> Iterator[tuple[int, np.ndarray]]:
    """``(start, rows)`` of each finished chunk of a run in order, one part in memory at a
    time: hand rows, or with ``kind=MATCHES_DIR`` a match run's match rows."""
    manifest = load_manifest(out_dir)
    present = existing_parts(out_dir, done_dir(manifest))
    dtype = MATCH_DTYPE if kind == MATCHES_DIR else ROW_DTYPE
    for start, _ in plan(units(manifest), manifest["chunk_size"]):
        if start in present:
            path = present[start].parent.parent / kind / present[start].name
            yield start, read_part(path, dtype)


def read_rows(out_dir: str | Path, kind: str = ROWS_DIR) -> np.ndarray:
    """Every row of a run (hand rows, or ``kind=MATCHES_DIR`` match rows), concatenated (for
    tests and small runs)."""
    parts = [rows for _, rows in iter_parts(out_dir, kind)]
    dtype = MATCH_DTYPE if kind == MATCHES_DIR else ROW_DTYPE
    return np.concatenate(parts) if parts else np.empty(0, dtype)


# ------------------------------------------------------------------ jobs and checkpoints


@dataclass(frozen=True)
class Job:
    """What a run plays: ``mode`` ("hands" or "matches"), duplicate play, each seat's
    strategy."""

    mode: str
    duplicate: bool
    seats: tuple[str, ...]

    @property
    def players(self) -> str:
        return canonical(self.seats)

    @property
    def strategies(self) -> tuple[str, ...]:
        return strategy_names(self.seats)

    def plays(self) -> list[tuple[int, str, tuple[int, ...]]]:
        """``(duplicate, players spec, strategy codes)`` of each play of a deal."""
        seatings = [self.seats, swapped(self.seats)] if self.duplicate else [self.seats]
        return [(d, canonical(s), seat_codes(s, self.strategies))
                for d, s in enumerate(seatings)]


def _same_run(old: dict, new: dict, out_dir: Path, resume: bool) -> None:
    """Raise a one-line SimError when ``old`` (on disk) is not the run ``new`` describes."""
    checks = [
        ("variant_hash", "variant", lambda m: f"{m['variant']} ({m['variant_hash'][:12]})"),
        ("mode", "mode", mode_of),
        ("duplicate", "duplicate", lambda m: m.get("duplicate", False)),
        ("players", "players", lambda m: m["players"]),
        ("root_seed", "seed", lambda m: m["root_seed"]),
        ("rules_version", "rules version", lambda m: m["rules_version"]),
        ("row_schema", "row schema", lambda m: m["row_schema"]),
        ("chunk_size", "chunk size", lambda m: m["chunk_size"]),
        ("rows_format", "rows format", lambda m: m["rows_format"]),
    ]
    defaults = {"mode": "hands", "duplicate": False}  # manifests written before them
    for key, label, show in checks:
        if old.get(key, defaults.get(key)) != new[key]:
            hint = "" if resume else "; choose another --out"
            raise SimError(f"{out_dir} holds a different run: {label} {show(old)} there, "
                           f"{show(new)} requested{hint}")
    mode = mode_of(new)
    if units(new) < units(old):
        raise SimError(f"{out_dir} holds a run of {units(old)} {mode}; --{mode} "
                       f"{units(new)} would shrink it")


def _make_run_dir(out_dir: str | Path) -> Path:
    """``out_dir``, created with its parents; a path that cannot be a directory is a SimError."""
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SimError(f"{out}: cannot create the run directory ({exc.strerror})") from None
    return out


@contextlib.contextmanager
def _lock(out_dir: Path) -> Iterator[None]:
    """An exclusive advisory lock so two runs never write one directory (POSIX only)."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock
        yield
        return
    try:
        fh = open(out_dir / ".lock", "w")
    except OSError as exc:
        raise SimError(f"{out_dir}: cannot write in the run directory ({exc.strerror})") \
            from None
    with fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise SimError(f"{out_dir} is being written by another run") from None
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _prepare(variant, job: Job, root_seed, hands, out: Path, chunk_size, backend, threads,
             resume, rows_format, warn) -> tuple[dict, list[tuple[int, int]], int]:
    """Check or create the manifest; return it, the chunks to compute and the units on disk."""
    have_manifest = (out / MANIFEST).exists()
    old = load_manifest(out) if have_manifest else None
    present = existing_parts(out, done_dir(old) if old else ROWS_DIR)
    if old is not None and not resume:
        new_probe = _new_manifest(variant, job, root_seed, hands,
                                  chunk_size or old.get("chunk_size"), backend, threads,
                                  rows_format or old.get("rows_format"))
        _same_run(old, new_probe, out, resume=False)
        if units(old) == hands and _all_parts(old, present):  # the run again: its answer
            if warn is not None:
                warn(f"{out} holds this run, complete: its summary (nothing to compute; "
                     "--out elsewhere for a new run)")
            return old, [], hands
        mode = mode_of(old)
        grow = f" to {hands} {mode}" if hands > units(old) else ""
        raise SimError(f"{out} holds this run, {len(present)} of "
                       f"{len(plan(units(old), old['chunk_size']))} chunks written; pass "
                       f"--resume to continue it{grow} or choose another --out")
    if old is None and resume and warn is not None:
        warn(f"--resume: {out} holds no run yet; starting it fresh")
    for stale in [*(out / ROWS_DIR).glob(".part-*.tmp"), *(out / MATCHES_DIR).glob(".part-*.tmp"),
                  *out.glob(".*.json.*.tmp")]:
        stale.unlink()  # left by a killed run
    if old is None:
        defaults = (DEFAULT_MATCH_CHUNK, DEFAULT_MATCH_CHUNK_OTHER) if job.mode == "matches" \
            else (DEFAULT_CHUNK, DEFAULT_CHUNK_OTHER)
        manifest = _new_manifest(variant, job, root_seed, hands,
                                 chunk_size or defaults[0].get(backend, defaults[1]),
                                 backend, threads, rows_format or "parquet")
        _make_part_dirs(out, job)
        write_manifest(out, manifest)
        return manifest, plan(hands, manifest["chunk_size"]), 0
    manifest = _resume_manifest(old, variant, job, root_seed, hands, out, chunk_size,
                                backend, threads, rows_format, warn)
    _make_part_dirs(out, job)
    return _resume_plan(manifest, units(old), hands, out, present)


def _all_parts(manifest: dict, present: dict[int, Path]) -> bool:
    """Is every chunk of the run ``manifest`` describes on disk (``present``: start -> part)?"""
    suffix = "." + manifest["rows_format"]
    return all(start in present and present[start].suffix == suffix
               for start, _ in plan(units(manifest), manifest["chunk_size"]))


def _check_run_dir(out: Path) -> None:
    """``out`` is a run directory of ``simulate``, or empty, or not there yet: a directory
    holding other files and no manifest (the repository's ``docs/``, a ``diff`` or
    ``balance`` output) is refused before anything is written into it."""
    if not out.is_dir() or (out / MANIFEST).exists():
        return
    try:
        other = sorted(p.name for p in out.iterdir() if p.name != ".lock")
    except OSError as exc:
        raise SimError(f"{out}: cannot read the directory ({exc.strerror})") from None
    if existing_parts(out) or existing_parts(out, MATCHES_DIR):
        raise SimError(f"{out / ROWS_DIR} holds part files but {out} has no {MANIFEST}; "
                       "choose another --out")
    if other:
        more = f" and {len(other) - 1} more" if len(other) > 1 else ""
        raise SimError(f"{out} is not a run directory (it holds {other[0]}{more} and no "
                       f"{MANIFEST}); choose another --out, new or empty")


def _make_part_dirs(out: Path, job: Job) -> None:
    (out / ROWS_DIR).mkdir(exist_ok=True)
    if job.mode == "matches":
        (out / MATCHES_DIR).mkdir(exist_ok=True)


def _new_manifest(variant, job: Job, root_seed, hands, chunk_size, backend, threads,
                  rows_format) -> dict:
    now = _now()
    return {
        "format": MANIFEST_FORMAT,
        "variant": variant.name, "variant_hash": variant.content_hash,
        "rules_version": RULES_VERSION, "row_schema": row_schema(),
        "mode": job.mode, "duplicate": job.duplicate,
        "players": job.players, "strategies": list(job.strategies),
        "root_seed": root_seed, job.mode: hands,
        "chunk_size": chunk_size, "rows_format": rows_format,
        "backend": backend, "backends_used": [backend], "threads": threads,
        "versions": package_versions(),
        "created": now, "updated": now,
        f"{job.mode}_written": 0, "complete": False,
        "timing": {"hands": 0, "seconds": 0.0},
    }


def _resume_manifest(old, variant, job: Job, root_seed, hands, out, chunk_size, backend,
                     threads, rows_format, warn) -> dict:
    new = _new_manifest(variant, job, root_seed, hands, chunk_size or old.get("chunk_size"),
                        backend, threads, rows_format or old.get("rows_format"))
    _same_run(old, new, out, resume=True)
    versions = package_versions()
    if old.get("versions") != versions and warn is not None:
        diff = [f"{k} {old.get('versions', {}).get(k)} -> {v}" for k, v in versions.items()
                if old.get("versions", {}).get(k) != v]
        warn(f"resuming {out} with different versions ({', '.join(diff)})")
    manifest = dict(old)
    manifest.update({job.mode: hands}, backend=backend, threads=threads, versions=versions,
                    backends_used=sorted(set(old.get("backends_used", [])) | {backend}))
    return manifest


def _resume_plan(manifest: dict, old_hands: int, hands: int, out: Path,
                 present: dict[int, Path]) -> tuple[dict, list[tuple[int, int]], int]:
    chunk = manifest["chunk_size"]
    chunks = plan(hands, chunk)
    starts = {s for s, _ in chunks}
    for start, path in sorted(present.items()):
        if start not in starts or path.suffix != "." + manifest["rows_format"]:
            raise SimError(f"{path}: not a part of this run (chunk size {chunk}, "
                           f"{hands} {mode_of(manifest)}, {manifest['rows_format']})")
        # the short last chunk of a run that is now extended is recomputed in full
        if min(chunk, old_hands - start) != min(chunk, hands - start):
            path.unlink()
            del present[start]
    _fsync_dir(out / done_dir(manifest))
    done = sum(n for s, n in chunks if s in present)
    manifest.update({f"{mode_of(manifest)}_written": done}, complete=done == hands,
                    updated=_now())
    write_manifest(out, manifest)
    return manifest, [(s, n) for s, n in chunks if s not in present], done
