"""A cold run's first answer: the reference engine plays while the kernels compile.

A fresh clone's first ``simulate`` on the core backend compiles the Numba kernels for minutes
(``python -m tools.compile_times``) before its first row. :func:`answer_while_compiling`
(the ``while_compiling`` hook of :func:`shengji_sim.sim.run`, which ``simulate`` passes) turns
that wait into answers, for a run of hands (not duplicate) whose whole-hand kernel is not in
the compile cache (:func:`shengji_sim.core.backend.whole_hand_cached`):

* the kernels compile in a child process, ``python -m shengji_sim.core.warmup --run KIND``
  (itself on two processes, as the compile step always is);
* meanwhile this process plays the run's hands in index order on the reference engine, whose
  rows are the core's (the differential tests, tests/property/test_differential_*), writing
  each chunk it completes as a part of the run;
* one line on stderr says so, with the provisional answer of the hands played so far: the
  dealer side's hold rate and its 95% Wilson interval (redrawn every second on a terminal;
  elsewhere a line at the start, every :data:`EVERY` seconds and at the end);
* when the child is done the core plays the rest of the chunk the reference was in (the rows
  joined in index order) and every chunk after it, with the usual progress bar; when the
  reference finishes the run first (a small run, or a busy machine), the run ends with its
  answer and the child goes on compiling in its own session, so that the next run finds the
  kernels cached; a run interrupted or failing stops it.

The manifest's ``timing`` keeps the core's hands and seconds apart (hands per second of play)
from ``reference_hands`` and ``reference_seconds``; ``compile_seconds`` is the wall time until
the kernels were ready. The rows, and so the summary, are those of the same run on the core
alone (tests/unit/test_first_answer.py).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim.results import ROW_DTYPE, row_from_record
from shengji_sim.sim import (
    ChunkMap,
    Job,
    Part,
    _stamp,
    compute_chunk,
    play_reference_hand,
    seat_players,
    write_manifest,
)

EVERY = 30.0  #: seconds between provisional lines when stderr is not a terminal


def compile_command(kind: str) -> list[str]:
    """The child that compiles a run's kernels (``kind``: "random" or "greedy")."""
    return [sys.executable, "-m", "shengji_sim.core.warmup", "--run", kind]


def answer_while_compiling(variant: Any, job: Job, threads: int, out: Path, manifest: dict,
                           show: bool) -> ChunkMap | None:
    """The chunk map of a cold run (module docstring), or ``None`` when the kernels of
    ``job``'s players are cached (the run then loads them as usual)."""
    from shengji_sim.core.backend import compile_kind, whole_hand_cached

    (_, spec, codes), = job.plays()
    if whole_hand_cached(variant, spec):
        return None

    def chunk_map(variant, job, root_seed, todo, threads, encoder) -> Iterator[tuple[int, Part]]:
        return _overlap(variant, job, spec, codes, root_seed, todo, threads, manifest,
                        out, compile_kind(spec), show)

    return chunk_map


def _overlap(variant, job: Job, spec: str, codes, root_seed: int,
             todo: list[tuple[int, int]], threads: int, manifest: dict, out: Path,
             kind: str, show: bool) -> Iterator[tuple[int, Part]]:
    from shengji_sim.core.backend import compile_for, run_chunk

    began = time.perf_counter()
    said = tempfile.TemporaryFile()  # the child's stderr, outliving this process if need be
    child = subprocess.Popen(compile_command(kind), stdout=subprocess.DEVNULL, stderr=said,
                             start_new_session=True)  # a terminal's Ctrl-C reaches us only
    finished = False
    line = ProvisionalLine(show)
    seats = seat_players(spec)
    pending = list(todo)
    try:
        while pending and child.poll() is None:  # the reference, chunk by chunk
            start, count = pending[0]
            rows, seconds = _reference_rows(variant, seats, root_seed, start, count, child,
                                            line)
            _stamp(rows, 0, codes)
            if len(rows) < count:  # the kernels are ready inside this chunk
                break
            pending.pop(0)
            yield start, Part(count, count, rows, reference_hands=count,
                              reference_seconds=seconds)
        else:
            rows, seconds = np.empty(0, ROW_DTYPE), 0.0
        if not pending:  # the reference played the whole run; the compile goes on
            finished = True
            line.close(f"the reference engine played all {line.hands:,} hands while the "
                       f"kernels compiled; they go on compiling in the background (process "
                       f"{child.pid}) for the next run")
            return
        if child.wait() != 0:
            said.seek(0)
            lines = said.read().decode(errors="replace").strip().splitlines()
            raise RuntimeError(f"compiling the kernels failed in "
                               f"{' '.join(compile_command(kind))} (exit {child.returncode}): "
                               f"{lines[-1] if lines else 'nothing on stderr'}")
        compile_for(variant, spec, threads)  # loads what the child compiled
        manifest["timing"]["compile_seconds"] = round(time.perf_counter() - began, 6)
        write_manifest(out, manifest)
        line.close(f"kernels compiled in {time.perf_counter() - began:.0f} s, cached for later "
                   f"runs; the reference engine played {line.hands:,} hands meanwhile "
                   f"({line.answer()}); the core plays the rest")
        bar = _bar(manifest, job, show)
        try:
            if len(rows):  # the chunk the reference was in: its rest on the core
                start, count = pending.pop(0)
                core = run_chunk(variant, spec, root_seed, start + len(rows), count - len(rows),
                                 threads)
                _stamp(core, 0, codes)
                if bar is not None:
                    bar.update(count)
                yield start, Part(count, count, np.concatenate([rows, core]),
                                  reference_hands=len(rows),
                                  reference_seconds=seconds)
            for start, count in pending:
                yield start, compute_chunk(variant, job, root_seed, start, count, run_chunk,
                                           threads, bar)
        finally:
            if bar is not None:
                bar.close()
    finally:
        if child.poll() is None and not finished:  # interrupted or failed: stop compiling
            child.terminate()
            child.wait()
        said.close()
        line.stop()


def _reference_rows(variant, seats, root_seed: int, start: int, count: int, child,
                    line: ProvisionalLine) -> tuple[np.ndarray, float]:
    """Rows of hands ``start ..`` on the reference engine until ``count`` are played or the
    child has finished compiling; and the seconds it took."""
    rows = np.empty(count, ROW_DTYPE)
    t0 = time.perf_counter()
    n = 0
    while n < count and child.poll() is None:
        rows[n] = row_from_record(play_reference_hand(variant, seats, root_seed, start + n))
        line.add(int(rows[n]["winner_side"]) == 0)
        n += 1
    return rows[:n], time.perf_counter() - t0


def _bar(manifest: dict, job: Job, show: bool):
    """The run's progress bar from the hands written so far (as ``sim``'s), or None."""
    if not show:
        return None
    from tqdm import tqdm

    return tqdm(total=manifest["hands"], initial=manifest.get("hands_written", 0), unit="hand",
                file=sys.stderr, disable=None, dynamic_ncols=True,
                desc=f"{manifest['variant']} {job.players}")


class ProvisionalLine:
    """The one stderr line of a run that answers while compiling: what it is doing and the
    provisional answer (the dealer side's hold rate, Wilson 95%) of the hands played."""

    def __init__(self, show: bool, stream=None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.show = show
        self.live = show and bool(getattr(self.stream, "isatty", lambda: False)())
        self.hands = self.holds = 0
        self.began = time.perf_counter()
        self.last = self.began
        self.done = threading.Event()
        self.lock = threading.Lock()
        if self.live:
            threading.Thread(target=self._tick, daemon=True).start()
        elif show:
            self._write(self.text() + "\n")

    def add(self, dealer_holds: bool) -> None:
        with self.lock:
            self.hands += 1
            self.holds += dealer_holds
        now = time.perf_counter()
        if self.show and not self.live and now - self.last >= EVERY:
            self.last = now
            self._write(self.text() + "\n")

    def answer(self) -> str:
        """The provisional answer in words, or that there is none yet."""
        from shengji_sim.report import percent, percent_range, wilson_interval

        with self.lock:
            n, k = self.hands, self.holds
        if not n:
            return "no hand played yet"
        lo, hi = wilson_interval(k, n)
        return f"dealer side holds {percent(k / n)} [{percent_range(lo, hi)}] in {n:,} hands"

    def text(self) -> str:
        seconds = time.perf_counter() - self.began
        return (f"compiling the Numba kernels (first run only; cached for later runs), "
                f"{seconds:.0f} s; meanwhile the reference engine plays: {self.answer()} "
                "(provisional)")

    def _tick(self) -> None:
        while not self.done.wait(1.0):
            self._write("\r\x1b[K" + self.text())

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed stream: nothing to show
            pass

    def close(self, words: str) -> None:
        """Stop redrawing and leave ``words`` as the line's last state."""
        self.done.set()
        if self.show:
            self._write(("\r\x1b[K" if self.live else "") + words + "\n")
        self.show = False

    def stop(self) -> None:
        self.done.set()
        if self.live and self.show:
            self._write("\n")
        self.show = False


__all__ = ["EVERY", "ProvisionalLine", "answer_while_compiling", "compile_command"]
