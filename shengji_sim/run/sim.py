"""Batch runner: play hands (or whole matches) ``[0, n)`` of a variant, write result rows
chunk by chunk.

Representation
--------------
A run lives in one directory (:mod:`shengji_sim.run.run_dir`: the manifest, the part files
``rows/part-<start>`` and, in a match run, ``matches/part-<start>``, each written atomically,
so that ``resume=True`` recomputes only the missing chunks). Chunk ``c`` covers hands (or
matches) ``[c * chunk_size, ...)``.

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
records what must stay fixed for a resumed run to equal an uninterrupted one
(:mod:`shengji_sim.run.run_dir`).

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
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim import RULES_VERSION
from shengji_sim.config.seats import parse_players
from shengji_sim.config.strategy import CORE_PROFILES, load_strategy
from shengji_sim.core.runtime.backend import compile_for as core_compile_for
from shengji_sim.core.runtime.backend import compile_matches_for as core_compile_matches_for
from shengji_sim.core.runtime.backend import reporting_compiles
from shengji_sim.core.runtime.backend import run_chunk as core_run_chunk
from shengji_sim.core.runtime.backend import run_matches as core_run_matches
from shengji_sim.errors import HandFailure
from shengji_sim.results import (
    MATCH_DTYPE,
    ROW_DTYPE,
    STRATEGY_COLUMNS,
    match_row_from_record,
    row_from_record,
)
from shengji_sim.run.run_dir import (
    MATCHES_DIR,
    ROWS_FORMATS,
    Job,
    Part,
    PartEncoder,
    SimError,
    _check_run_dir,
    _lock,
    _make_run_dir,
    _now,
    _prepare,
    part_path,
    write_manifest,
    write_part,
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

MODES = ("hands", "matches")
PLAYERS = CORE_PROFILES  #: the built-in profiles every backend plays (others: load_strategy)
#: A progress bar splits a chunk into at most this many backend calls (rows are unchanged).
PROGRESS_STEPS = 16
MAX_SEED = (1 << 64) - 1


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


# ----------------------------------------------------------------------------------- run


@dataclass
class RunResult:
    out_dir: Path
    manifest: dict
    hands_run: int        # hands (matches, in a match run) computed by this call
    hands_skipped: int    # hands (matches) already on disk (resume)
    seconds: float



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
    :data:`~shengji_sim.run.run_dir.DEFAULT_CHUNK`
    (:data:`~shengji_sim.run.run_dir.DEFAULT_MATCH_CHUNK`) for the backend and ``"parquet"``.
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

    def done(self) -> None:
        """End the line with its count and seconds, if anything compiled: for a caller whose
        work goes on, with a progress bar of its own, once the kernels are ready."""
        if self.began is not None:
            self._finish()

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
def showing_compiles(show: bool = True) -> Iterator[CompileLine | None]:
    """While the block runs, the :class:`CompileLine` of any kernel Numba compiles in it:
    for commands whose kernels compile inside their work (``diff``, ``bench``) rather than in
    a compile step of their own. Nothing is shown when everything is cached. Gives the line
    (``None`` when not shown), which a caller may end (:meth:`CompileLine.done`) when its
    work goes on past the compile."""
    if not show:
        yield None
        return
    line = CompileLine()
    try:
        with reporting_compiles(line):
            yield line
    finally:
        line.close()


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
