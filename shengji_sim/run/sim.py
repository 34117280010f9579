"""Batch runner: play hands (or whole matches) ``[0, n)`` of a variant, write result rows
chunk by chunk.

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

Seats and duplicate play: ``players`` is a seat spec (:mod:`shengji_sim.config.seats`), kept in
canonical form in the manifest with the run's ``strategies`` (the names the rows'
``strategy_<s>`` codes index). ``duplicate=True`` plays every deal (hand or match) twice, as
given (``duplicate`` 0) and with the teams' strategies swapped (``duplicate`` 1): the same
seeds, so the same shuffle and the same stream of random numbers. One stream serves the deal
and every decision, so once the swapped players decide differently, what they draw after that
differs too: the deal is shared, the later luck only in part. Rows are paired, the swapped
play right after the original (same ``index``, or same ``match``); the manifest counts deals.

Reproducibility (DESIGN.md "Simulation and results"): a row depends on
``(variant, players, root_seed, index)`` only (:func:`shengji_sim.rules.game.play_hand`
derives the hand's stream from ``hand_seed(root_seed, index)``), never on the chunk size,
the thread count, the order chunks are computed in or the backend; a match row and its hands
on ``(variant, players, root_seed, match)`` only (``rules.game.play_match``). The manifest
records what must stay fixed for a resumed run to equal an uninterrupted one (variant content
hash, rules version, row schema, mode, duplicate, players, root seed, chunk size, rows format).

Backends
--------
A backend is ``run_chunk(variant, players, root_seed, start, count, threads) -> rows``:
``rows`` is a ``ROW_DTYPE`` array of length ``count`` for hands ``start .. start+count-1``
in index order, or raise :class:`HandFailure` for the first hand (in index order) its engine
cannot play: an engine defect, reported with the command that replays the hand; the chunk is
not written, the chunks before it stay, and ``resume=True`` tries it again. A match backend
(:func:`register_match_backend`) is ``run_matches(variant, players, root_seed, start, count,
threads) -> (hand rows, match rows)`` for matches ``start .. start+count-1``.
``"reference"`` is the plain-Python engine (one process; ``threads`` is accepted and
ignored); ``"core"`` is the Numba core (:func:`shengji_sim.core.runtime.backend.run_chunk`),
imported
here directly (importing compiles nothing: a kernel compiles, or loads from the cache, on its
first call).

A backend may also distribute chunks: its *opener*
``open_map(variant, job, threads, options)`` checks the options and returns a context
manager (entered after the compile step) giving a
``map_chunks(variant, job, root_seed, chunks, threads, encoder)`` that computes the
chunks (``(start, count)`` pairs of the :class:`Job`: hands or matches, every play of a deal)
several at a time (each by :func:`compute_chunk`) and yields ``(start, part)`` as each
finishes, in any order; ``part`` is a :class:`Part`, its rows checked and, by ``encoder`` (a
:class:`PartEncoder`), encoded as part files where they were computed. The runner (the
client) writes each part as it arrives (each chunk once: a chunk yielded twice is an error,
never a second write) and records the manifest after each, so an interrupted run resumes
the same way. ``"dask"`` (:mod:`shengji_sim.run.dask_backend`, which registers itself when
imported) is such a backend: each chunk is the core's (``run_chunk`` or ``run_matches``) on a
worker of a Dask cluster; ``options`` may name its ``scheduler``; ``threads`` is the size of
the local cluster it starts otherwise. Without an opener, chunks run one after the other
through ``run_chunk``.

A run of hands on the core whose kernels are not cached may be given a ``while_compiling``
hook (:func:`run`; ``simulate`` gives :func:`shengji_sim.run.first_answer.answer_while_compiling`)
whose chunk map plays the first hands on the reference engine while the kernels compile in a
child process. The manifest's ``timing`` then counts them apart: ``hands`` and ``seconds``
are the core's play (hands per second), ``reference_hands`` and ``reference_seconds`` the
reference's, ``compile_seconds`` the wall time until the kernels were ready.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import math
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim import RULES_VERSION, __version__
from shengji_sim.config.seats import canonical, parse_players, seat_codes, strategy_names, swapped
from shengji_sim.config.strategy import CORE_PROFILES, load_strategy
from shengji_sim.core.runtime.backend import compile_for as core_compile_for
from shengji_sim.core.runtime.backend import compile_matches_for as core_compile_matches_for
from shengji_sim.core.runtime.backend import reporting_compiles
from shengji_sim.core.runtime.backend import run_chunk as core_run_chunk
from shengji_sim.core.runtime.backend import run_matches as core_run_matches
from shengji_sim.errors import HandFailure, InputError
from shengji_sim.results import (
    MATCH_DTYPE,
    ROW_DTYPE,
    STRATEGY_COLUMNS,
    match_row_from_record,
    row_from_record,
)

RunChunk = Callable[[Any, str, int, int, int, int], np.ndarray]
RunMatches = Callable[[Any, str, int, int, int, int], tuple[np.ndarray, np.ndarray]]
#: ``map_chunks(variant, job, root_seed, chunks, threads, encoder)`` -> an iterator of
#: ``(start, part)``, ``part`` a :class:`Part` of arrays or ``encoder(part)`` (module docstring)
ChunkMap = Callable[[Any, "Job", int, list[tuple[int, int]], int, "PartEncoder"],
                    Iterator[tuple[int, "Part"]]]
#: ``open_map(variant, job, threads, options)``: a context manager giving a ChunkMap
#: (raises SimError or another InputError at once for options it cannot take)
MapOpener = Callable[[Any, "Job", int, Mapping[str, Any]],
                     contextlib.AbstractContextManager[ChunkMap]]
#: ``compile_for(variant, players, threads, on_compile) -> seconds``: a backend's compile step
CompileStep = Callable[[Any, str, int, Callable[[int, float, bool], None] | None], float]
Progress = Callable[[int, int], None]
#: ``while_compiling(variant, job, threads, out, manifest, show)`` -> a ChunkMap that plays
#: while the kernels compile elsewhere, or None (see :func:`run`)
WhileCompiling = Callable[[Any, "Job", int, Path, dict, bool], ChunkMap | None]

MANIFEST = "run.json"
ROWS_DIR = "rows"
MATCHES_DIR = "matches"
MODES = ("hands", "matches")
MANIFEST_FORMAT = "shengji-sim-run/1"
ROWS_FORMATS = ("parquet", "csv")
PLAYERS = CORE_PROFILES  #: the built-in profiles every backend plays (others: load_strategy)
#: Chunk size when none is given: about 15 s of the reference engine; larger for compiled code.
#: dask: half a second a task at 100,000 hands/s a core, against ms of scheduling (scaling.md)
DEFAULT_CHUNK = {"reference": 1000, "dask": 50_000}
DEFAULT_CHUNK_OTHER = 100_000
#: Matches per chunk when none is given (a match is some 10 to 30 hands).
DEFAULT_MATCH_CHUNK = {"reference": 40}
DEFAULT_MATCH_CHUNK_OTHER = 5_000
#: A progress bar splits a chunk into at most this many backend calls (rows are unchanged).
PROGRESS_STEPS = 16
MAX_SEED = (1 << 64) - 1
_PART = re.compile(r"^part-(\d+)\.(parquet|csv)$")


class SimError(InputError):
    """A bad run request (unknown backend, manifest mismatch, ...); ``str()`` is one line."""


# ------------------------------------------------------------------------------- backends


_BACKENDS: dict[str, RunChunk] = {}
_COMPILE_STEPS: dict[str, CompileStep] = {}
_MATCH_BACKENDS: dict[str, RunMatches] = {}
_MATCH_COMPILE_STEPS: dict[str, CompileStep] = {}
_OPENERS: dict[str, MapOpener] = {}


def register_backend(name: str, run_chunk: RunChunk, *, compile_step: CompileStep | None = None,
                     open_map: MapOpener | None = None, replace: bool = False) -> None:
    """Make ``run_chunk`` available as backend ``name`` (tests and extensions; the built-in
    ``"reference"``, ``"core"`` and ``"dask"`` are registered below). ``compile_step``, if the
    backend compiles code on first use, runs before the first chunk so that the run's timing
    (and its hands per second) counts play alone. ``open_map``, if the backend runs several
    chunks at once (module docstring), opens it for a run; ``run_chunk`` is then what computes
    one chunk wherever the backend runs it."""
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"backend name {name!r}: use letters, digits, '-' and '_'")
    if name in _BACKENDS and not replace and _BACKENDS[name] is not run_chunk:
        raise ValueError(f"backend {name!r} is already registered")
    _BACKENDS[name] = run_chunk
    _COMPILE_STEPS.pop(name, None)
    _OPENERS.pop(name, None)
    if compile_step is not None:
        _COMPILE_STEPS[name] = compile_step
    if open_map is not None:
        _OPENERS[name] = open_map


def register_match_backend(name: str, run_matches: RunMatches, *,
                           compile_step: CompileStep | None = None) -> None:
    """Let backend ``name`` (registered with :func:`register_backend`) play whole matches."""
    if name not in _BACKENDS:
        raise ValueError(f"backend {name!r}: register its hands first")
    _MATCH_BACKENDS[name] = run_matches
    _MATCH_COMPILE_STEPS.pop(name, None)
    if compile_step is not None:
        _MATCH_COMPILE_STEPS[name] = compile_step


def backends() -> list[str]:
    """Registered backend names."""
    return sorted(_BACKENDS)


def default_backend() -> str:
    """The Numba core."""
    return "core"


def get_backend(name: str) -> RunChunk:
    if name not in _BACKENDS:
        raise SimError(f"unknown backend {name!r} (available: {', '.join(backends())})")
    return _BACKENDS[name]


def get_match_backend(name: str) -> RunMatches:
    get_backend(name)
    if name not in _MATCH_BACKENDS:
        raise SimError(f"backend {name!r} cannot play matches "
                       f"(with --matches: {', '.join(sorted(_MATCH_BACKENDS))})")
    return _MATCH_BACKENDS[name]


def seats(players: str) -> tuple[str, str, str, str]:
    """Each seat's strategy of a seat spec: built-in profiles or profile files
    (:func:`~shengji_sim.config.strategy.load_strategy` checks a name outside :data:`PLAYERS`)."""
    return parse_players(players, PLAYERS, load_strategy)


def seat_players(players: str) -> list:
    """The reference's four player objects of a seat spec (:mod:`shengji_sim.config.seats`)."""
    from shengji_sim.players.reference import make_players

    return [make_players(name)[seat]
            for seat, name in enumerate(seats(players))]


def play_reference_hand(variant: Any, seats: list, root_seed: int, index: int) -> dict:
    """``rules.game.play_hand``; an exception inside the engine is a :class:`HandFailure`
    (the variant and players were checked before: whatever fails now is a defect)."""
    from shengji_sim.rules.game import play_hand

    try:
        return play_hand(variant, seats, root_seed, index)
    except Exception as exc:
        what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise HandFailure(index, "reference", what) from exc


def reference_chunk(variant: Any, players: str, root_seed: int, start: int, count: int,
                    threads: int = 1) -> np.ndarray:
    """The reference backend: ``play_hand`` + ``row_from_record`` per index (one process)."""
    seats = seat_players(players)
    rows = np.empty(count, ROW_DTYPE)
    for i in range(count):
        rows[i] = row_from_record(play_reference_hand(variant, seats, root_seed, start + i))
    return rows


def reference_matches(variant: Any, players: str, root_seed: int, start: int, count: int,
                      threads: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The reference backend's matches: ``rules.game.play_match`` per match index."""
    from shengji_sim.rules.game import play_match

    seats = seat_players(players)
    hands, matches = [], np.empty(count, MATCH_DTYPE)
    for i in range(count):
        try:
            record = play_match(variant, seats, root_seed, start + i)
        except Exception as exc:
            what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            raise HandFailure(start + i, "reference", f"match {start + i}: {what}") from exc
        hands += [row_from_record(h) for h in record["hands"]]
        matches[i] = match_row_from_record(record)
    return np.array(hands, ROW_DTYPE), matches
register_backend("reference", reference_chunk)
register_backend("core", core_run_chunk, compile_step=core_compile_for)
register_match_backend("reference", reference_matches)
register_match_backend("core", core_run_matches, compile_step=core_compile_matches_for)
# "dask" registers itself when :mod:`shengji_sim.run.dask_backend` is imported (the command
# line imports it with the runner), so the runner never reaches up to it.


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


# ----------------------------------------------------------------------------------- run


@dataclass
class RunResult:
    out_dir: Path
    manifest: dict
    hands_run: int        # hands (matches, in a match run) computed by this call
    hands_skipped: int    # hands (matches) already on disk (resume)
    seconds: float


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


def _check_args(players: str, root_seed: int, hands: int, chunk_size: int | None,
                threads: int | None, rows_format: str | None, mode: str = "hands") -> None:
    if mode not in MODES:
        raise SimError(f"unknown mode {mode!r} (expected hands or matches)")
    seats(players)
    if not 0 <= root_seed <= MAX_SEED:
        raise SimError(f"seed {root_seed}: must be in 0..2**64-1")
    if hands <= 0:
        raise SimError(f"{mode} {hands}: must be at least 1")
    if chunk_size is not None and chunk_size <= 0:
        raise SimError(f"chunk size {chunk_size}: must be at least 1")
    if threads is not None and threads <= 0:
        raise SimError(f"threads {threads}: must be at least 1")
    if rows_format is not None and rows_format not in ROWS_FORMATS:
        raise SimError(f"unknown rows format {rows_format!r} (expected parquet or csv)")


def default_threads() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


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


def run(variant: Any, players: str, root_seed: int, hands: int, out_dir: str | Path,
        chunk_size: int | None = None, backend: str | None = None, threads: int | None = None,
        resume: bool = False, progress: bool | Progress = False,
        rows_format: str | None = None, warn: Callable[[str], None] | None = None, *,
        mode: str = "hands", duplicate: bool = False,
        backend_options: Mapping[str, Any] | None = None,
        while_compiling: WhileCompiling | None = None) -> RunResult:
    """Play hands ``[0, hands)`` and write their rows to ``out_dir`` (module docstring);
    with ``mode="matches"``, ``hands`` whole matches ``[0, hands)``.

    ``players``: a seat spec (``NAME`` or ``NS=NAME,EW=NAME``). ``duplicate``: play each deal
    twice, the second time with the teams' strategies swapped (module docstring).
    ``chunk_size``, ``rows_format``: default to the existing run's on resume, else
    :data:`DEFAULT_CHUNK` (:data:`DEFAULT_MATCH_CHUNK`) for the backend and ``"parquet"``.
    ``backend``: default :func:`default_backend`. ``threads``: passed to the backend (default:
    the usable CPUs). ``resume``: continue the run in ``out_dir`` (its manifest must match;
    ``hands`` may grow); without it, ``out_dir`` must not hold a run yet. ``progress``:
    ``True`` shows a tqdm bar on stderr (hidden when stderr is not a terminal); a callable is
    called as ``progress(done, hands)`` after each chunk is on disk. ``warn``: receives
    one-line notes (library versions differ from the run's). ``backend_options``: for a
    backend with an opener (module docstring), e.g. ``{"scheduler": "tcp://host:8786"}`` for
    ``"dask"``; the others take none. ``while_compiling``: for a run of hands (not duplicate)
    on the core backend, called as ``while_compiling(variant, job, threads, out, manifest,
    show)`` before compiling; when the kernels are not cached it may return a chunk map
    that plays the first hands on the reference engine while they compile elsewhere and the
    rest on the core (:func:`shengji_sim.run.first_answer.answer_while_compiling`), used instead
    of the compile step; ``None`` compiles as usual. Raises :class:`SimError`.
    """
    _check_args(players, root_seed, hands, chunk_size, threads, rows_format, mode)
    job = Job(mode, bool(duplicate), seats(players))
    backend = backend or default_backend()
    if mode == "matches":
        run_chunk, steps = get_match_backend(backend), _MATCH_COMPILE_STEPS
    else:
        run_chunk, steps = get_backend(backend), _COMPILE_STEPS
    opener = _OPENERS.get(backend)
    if backend_options and opener is None:
        raise SimError(f"backend {backend!r} takes no options "
                       f"(got {', '.join(sorted(backend_options))})")
    threads = threads or default_threads()
    # an opener checks what it can (an extra installed, its options) before anything is
    # written; its cluster (or whatever it opens) is entered only if chunks remain
    opened = (opener(variant, job, threads, backend_options or {})
              if opener is not None else contextlib.nullcontext(None))
    _check_run_dir(Path(out_dir))
    out = _make_run_dir(out_dir)
    with _lock(out):
        manifest, todo, done = _prepare(variant, job, root_seed, hands, out, chunk_size,
                                        backend, threads, resume, rows_format, warn)
        if not todo:
            opened = contextlib.nullcontext(None)
        overlap = None
        if todo and while_compiling is not None and backend == "core" and \
                job.mode == "hands" and not job.duplicate:
            overlap = while_compiling(variant, job, threads, out, manifest, progress is True)
        if todo and backend in steps and overlap is None:
            for _, spec, _ in job.plays():
                _compile(steps[backend], variant, spec, threads, out, manifest,
                         progress is True)
        with opened as chunk_map:
            t0 = time.perf_counter()
            computed = _execute(variant, job, root_seed, hands, out, manifest, todo, done,
                                run_chunk, threads, False if overlap and progress is True
                                else progress, overlap or chunk_map)
            elapsed = time.perf_counter() - t0
    return RunResult(out, manifest, computed, done, elapsed)


def _compile(step: CompileStep, variant, players: str, threads: int, out: Path,
             manifest: dict, show: bool) -> None:
    """Run the backend's compile step (one line on stderr while it compiles, if ``show``)
    and add its seconds to the manifest's ``timing.compile_seconds``."""
    line = CompileLine() if show else None
    try:
        seconds = step(variant, players, threads, line)
    finally:
        if line is not None:
            line.close()
    timing = manifest["timing"]
    timing["compile_seconds"] = round(timing.get("compile_seconds", 0.0) + seconds, 6)
    write_manifest(out, manifest)


class CompileLine:
    """One line on stderr while kernels compile: what is happening, how many kernels are
    done and the seconds so far, redrawn every second on a terminal (elsewhere: a line when
    compiling starts and one when it ends). Nothing is shown when everything is cached."""

    def __init__(self, stream=None) -> None:
        import threading

        self.stream = stream if stream is not None else sys.stderr
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.kernels, self.seconds, self.began = 0, 0.0, None
        self.stop = threading.Event()
        self.ticker = threading.Thread(target=self._tick, daemon=True)

    def __call__(self, kernels: int, seconds: float, finished: bool) -> None:
        self.kernels, self.seconds = kernels, seconds
        if self.began is None and not finished:
            self.began = time.perf_counter() - seconds
            if self.live:
                self.ticker.start()
            else:
                self._write("compiling the Numba kernels (first run only; cached for later "
                            "runs) ...\n")
        if finished:
            self._finish()

    def _text(self, seconds: float) -> str:
        return (f"compiling the Numba kernels (first run only; cached for later runs): "
                f"{self.kernels} compiled, {seconds:.0f} s")

    def _tick(self) -> None:
        while not self.stop.wait(1.0):
            self._write("\r" + self._text(time.perf_counter() - self.began))

    def _finish(self) -> None:
        if self.stop.is_set():
            return
        self.stop.set()
        if self.ticker.is_alive():
            self.ticker.join()
        self._write(("\r" if self.live else "") + self._text(self.seconds) + " - done\n")

    def close(self) -> None:
        """End the line (also when compiling failed or was interrupted)."""
        if self.began is not None and not self.stop.is_set():
            self.stop.set()
            if self.ticker.is_alive():
                self.ticker.join()
            if self.live:
                self._write("\n")

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()


@contextlib.contextmanager
def showing_compiles(show: bool = True) -> Iterator[None]:
    """While the block runs, the :class:`CompileLine` of any kernel Numba compiles in it:
    for commands whose kernels compile inside their work (``diff``, ``bench``) rather than in
    a compile step of their own. Nothing is shown when everything is cached."""
    if not show:
        yield
        return
    line = CompileLine()
    try:
        with reporting_compiles(line):
            yield
    finally:
        line.close()


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


def _execute(variant, job: Job, root_seed, hands, out: Path, manifest: dict,
             todo: list[tuple[int, int]], done: int, run_chunk, threads: int,
             progress: bool | Progress, chunk_map: ChunkMap | None = None) -> int:
    """Compute the chunks ``todo`` (through ``chunk_map`` if given, else one after the other
    through ``run_chunk``) and write each part as it arrives, then the manifest; return the
    hands (matches) computed. The manifest's ``timing.seconds`` adds the wall time between
    arrivals."""
    bar = None
    unit = "match" if job.mode == "matches" else "hand"
    if progress is True:
        from tqdm import tqdm

        bar = tqdm(total=hands, initial=done, unit=unit, file=sys.stderr, disable=None,
                   dynamic_ncols=True, desc=f"{manifest['variant']} {job.players}")
    meta = {"shengji_sim.rules_version": RULES_VERSION,
            "shengji_sim.variant_hash": manifest["variant_hash"],
            "shengji_sim.root_seed": str(root_seed), "shengji_sim.players.reference": job.players,
            "shengji_sim.strategies": ",".join(job.strategies)}
    fmt = manifest["rows_format"]
    expected = dict(todo)
    computed = 0
    if chunk_map is None:  # the bar moves inside each chunk (compute_chunk)
        arrivals = _one_by_one(variant, job, root_seed, todo, run_chunk, threads, bar)
    else:
        encoder = PartEncoder(fmt, tuple(sorted(meta.items())))
        arrivals = chunk_map(variant, job, root_seed, todo, threads, encoder)
    try:
        last = time.perf_counter()
        for start, part in arrivals:
            count = expected.pop(start, None)
            if count is None:
                raise RuntimeError(f"backend returned the chunk at {start} twice, or one not "
                                   "asked for")
            if part.count != count:
                raise RuntimeError(f"backend returned {part.count} for the {count} at {start}")
            write_part(part_path(out, start, fmt), part.rows, fmt, meta)
            if part.match_rows is not None:  # last: the match part marks the chunk done
                write_part(part_path(out, start, fmt, MATCHES_DIR), part.match_rows, fmt, meta)
            now = time.perf_counter()
            seconds, last = now - last, now
            computed += count
            done += count
            timing = manifest["timing"]
            timing = {**timing, "hands": timing["hands"] + part.hands - part.reference_hands,
                      "seconds": round(timing["seconds"] + seconds - part.reference_seconds
                                       - part.load_seconds, 6)}
            if part.reference_hands:
                timing["reference_hands"] = timing.get("reference_hands", 0) \
                    + part.reference_hands
                timing["reference_seconds"] = round(timing.get("reference_seconds", 0.0)
                                                    + part.reference_seconds, 6)
            if part.match_rows is not None:
                timing["matches"] = timing.get("matches", 0) + count
            manifest.update({f"{job.mode}_written": done}, complete=done == hands,
                            updated=_now(), timing=timing)
            write_manifest(out, manifest)
            if bar is not None and chunk_map is not None:
                bar.update(count)
            if callable(progress):
                progress(done, hands)
        if expected:
            raise RuntimeError(f"backend ended without the chunks at {sorted(expected)[:3]}")
    finally:
        close = getattr(arrivals, "close", None)
        if close is not None:  # a distributing backend cancels the chunks still running
            close()
        if bar is not None:
            bar.close()
    return computed


def _one_by_one(variant, job: Job, root_seed, todo: list[tuple[int, int]], run_chunk,
                threads: int, bar) -> Iterator[tuple[int, Part]]:
    """The chunks in index order, each computed when the previous one has been written."""
    for start, count in todo:
        yield start, compute_chunk(variant, job, root_seed, start, count, run_chunk, threads,
                                   bar)


def compute_chunk(variant, job: Job, root_seed, start, count, run_chunk, threads: int,
                  bar=None) -> Part:
    """One chunk's hand rows (and match rows, in a match run), every play of a deal
    (:meth:`Job.plays`); with a visible bar, in up to PROGRESS_STEPS backend calls."""
    steps = PROGRESS_STEPS if bar is not None and not bar.disable else 1
    step = max(1, math.ceil(count / steps))
    pieces, match_pieces = [], []
    for s in range(start, start + count, step):
        n = min(step, start + count - s)
        for dup, spec, codes in job.plays():
            got = run_chunk(variant, spec, root_seed, s, n, threads)
            if job.mode == "matches":
                rows, match_rows = got
                _check_rows(match_rows, s, n, MATCH_DTYPE, "match", "matches")
                _stamp(match_rows, dup, codes)
                match_pieces.append(match_rows)
            else:
                rows = got
                _check_rows(rows, s, n)
            _stamp(rows, dup, codes)
            pieces.append(rows)
        if bar is not None:
            bar.update(n)
    if job.mode != "matches":
        rows = _paired(pieces, "index")
        return Part(count, len(rows), rows)
    rows = _paired(pieces, "match")
    return Part(count, len(rows), rows, _paired(match_pieces, "match"))


def _stamp(rows: np.ndarray, duplicate: int, codes: tuple[int, ...]) -> None:
    """The run's columns of each row: which play of the deal, each seat's strategy code."""
    rows["duplicate"] = duplicate
    for column, code in zip(STRATEGY_COLUMNS, codes):
        rows[column] = code


def _paired(pieces: list[np.ndarray], key: str) -> np.ndarray:
    """The pieces' rows in ``key`` order, a deal's plays (``duplicate`` 0, 1) together;
    stable, so a match's hands keep their order. One piece is in order already."""
    if len(pieces) == 1:
        return pieces[0]
    rows = np.concatenate(pieces)
    return rows[np.lexsort((rows["duplicate"], rows[key]))]


def _check_rows(rows: Any, start: int, count: int, dtype: np.dtype = ROW_DTYPE,
                key: str = "index", what: str = "hands") -> None:
    """A backend must return ``count`` rows of ``dtype`` for ``start..`` in ``key`` order:
    hand rows by ``index``, or match rows (``MATCH_DTYPE``, ``key="match"``)."""
    if not isinstance(rows, np.ndarray) or rows.dtype != dtype or rows.shape != (count,):
        got = getattr(rows, "dtype", type(rows).__name__), getattr(rows, "shape", None)
        raise RuntimeError(f"backend returned {got} for {count} {what} at {start}")
    if not np.array_equal(rows[key], np.arange(start, start + count, dtype=np.uint64)):
        raise RuntimeError(f"backend rows for {what} {start}..{start + count - 1} "
                           f"are not in {key} order")
