"""A cold run's first answer: the reference engine plays while the kernels compile.

A fresh clone's first ``simulate`` on the core backend compiles the Numba kernels for minutes
(``python -m tools.compile_times``) before its first row. :func:`answer_while_compiling`
(the ``while_compiling`` hook of :func:`shengji_sim.run.sim.run`, which ``simulate`` passes) turns
that wait into answers, for a run of hands (not duplicate) whose whole-hand kernel is not in
the compile cache (:func:`shengji_sim.core.runtime.backend.whole_hand_cached`):

* the kernels compile in a child process, ``python -m shengji_sim.core.runtime.warmup --run KIND``
  (itself on two processes, as the compile step always is);
* meanwhile this process plays the run's hands in index order on the reference engine, whose
  rows are the core's (the differential tests of tests/property/), writing
  each chunk it completes as a part of the run;
* one line on stderr says so, with the provisional answer of the hands played so far: the
  dealer side's hold rate and its 95% Wilson interval (redrawn every second on a terminal;
  elsewhere a line at the start, every :data:`EVERY` seconds and at the end);
* when the child is done the core plays the rest of the chunk the reference was in (the rows
  joined in index order) and every chunk after it, with the usual progress bar; when the
  reference finishes the run first (a small run, or a busy machine), the run ends with its
  answer and the child goes on compiling in its own session, so that the next run finds the
  kernels cached; a run interrupted or failing stops it and what it started. The child holds
  a lock file in the kernel cache while it runs: a cold run that finds it held waits for that
  compile instead of starting another. A child that fails is reported on the line and the
  run compiles in its own process.

The manifest's ``timing`` keeps the core's hands and seconds apart (hands per second of play)
from ``reference_hands`` and ``reference_seconds``; ``compile_seconds`` is the wall time until
the kernels were ready. The rows, and so the summary, are those of the same run on the core
alone (tests/integration/test_first_answer.py).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim.results import ROW_DTYPE, row_from_record
from shengji_sim.run.run_dir import Job, Part, write_manifest
from shengji_sim.run.sim import (
    ChunkMap,
    _stamp,
    compute_chunk,
    play_reference_hand,
    seat_players,
)

EVERY = 30.0  #: seconds between provisional lines when stderr is not a terminal


def compile_lock(kind: str) -> Path:
    """The lock file a first run's compile of ``kind`` holds while it runs (in the kernel
    cache): a run waits only for a compile of its own lane kind."""
    from shengji_sim.core import CACHE_DIR

    return CACHE_DIR / f"first-run-compile-{kind}.lock"


def compile_command(kind: str) -> list[str]:
    """The child that compiles a run's kernels (``kind``: "random" or "greedy")."""
    return [sys.executable, "-m", "shengji_sim.core.runtime.warmup", "--run", kind]


def answer_while_compiling(variant: Any, job: Job, threads: int, out: Path, manifest: dict,
                           show: bool) -> ChunkMap | None:
    """The chunk map of a cold run (module docstring), or ``None`` when the kernels of
    ``job``'s players are cached (the run then loads them as usual)."""
    from shengji_sim.core.runtime.backend import compile_kind, whole_hand_cached

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
    from shengji_sim.core.runtime.backend import compile_for, run_chunk

    began = time.perf_counter()
    compiling = Compile(kind)
    line = ProvisionalLine(show, waiting=compiling.child is None)
    seats = seat_players(spec)
    pending = list(todo)
    try:
        while pending and compiling.running():  # the reference, chunk by chunk
            start, count = pending[0]
            rows, seconds = _reference_rows(variant, seats, root_seed, start, count, compiling,
                                            line)
            _stamp(rows, 0, codes)
            if len(rows) < count:  # the kernels are ready inside this chunk
                break
            pending.pop(0)
            yield start, Part(count, count, rows, reference_hands=count,
                              reference_seconds=seconds)
        else:
            rows, seconds = np.empty(0, ROW_DTYPE), 0.0
        if not pending:  # the reference played the rest of the run
            line.close(f"the reference engine played the run's last {line.hands:,} hands "
                       f"while the kernels compiled; {compiling.leave()}")
            return
        failed = compiling.failure()
        if failed:
            line.close(f"compiling in the background failed ({failed}); compiling here")
        ready = time.perf_counter()
        compile_for(variant, spec, threads)  # loads what the child compiled
        load = time.perf_counter() - ready
        timing = manifest["timing"]
        timing["compile_seconds"] = round(timing.get("compile_seconds", 0.0)
                                          + time.perf_counter() - began, 6)
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
                                  reference_hands=len(rows), reference_seconds=seconds,
                                  load_seconds=load)
                load = 0.0
            for start, count in pending:
                part = compute_chunk(variant, job, root_seed, start, count, run_chunk, threads,
                                     bar)
                yield start, replace(part, load_seconds=load)
                load = 0.0
        finally:
            if bar is not None:
                bar.close()
    finally:
        compiling.stop()  # unless left to finish for the next run
        line.stop()


class Compile:
    """The compile a cold run waits for: a child this run starts (``compile_command``, in a
    session of its own, holding the lock file :func:`compile_lock`), or, when another run's
    compile holds that lock, that one (this run then starts none: two would share two
    cores)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.child: subprocess.Popen | None = None
        self.left = False
        self.said = tempfile.TemporaryFile()  # the child's stderr, which may outlive us
        self.fd = None
        try:
            import fcntl
        except ImportError:  # no POSIX locks (Windows): always a child of our own
            fcntl = None
        if fcntl is not None:
            lock = compile_lock(kind)
            lock.parent.mkdir(parents=True, exist_ok=True)
            self.fd = os.open(lock, os.O_CREAT | os.O_RDWR)
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # another run is compiling: wait for it
                return
        self.child = subprocess.Popen(compile_command(kind), stdout=subprocess.DEVNULL,
                                      stderr=self.said, start_new_session=True,
                                      pass_fds=() if self.fd is None else (self.fd,))
        if self.fd is not None:  # the child holds the lock now, as long as it runs
            os.close(self.fd)
            self.fd = None

    def running(self) -> bool:
        if self.child is not None:
            return self.child.poll() is None
        import fcntl

        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        return False

    def failure(self) -> str | None:
        """After it ended: None, or how our child failed (its exit code and last line)."""
        if self.child is None or self.child.wait() == 0:
            return None
        self.said.seek(0)
        lines = self.said.read().decode(errors="replace").strip().splitlines()
        return f"{' '.join(compile_command(self.kind))}: exit {self.child.returncode}, " \
               f"{lines[-1] if lines else 'nothing on stderr'}"

    def leave(self) -> str:
        """The run is answered: a compile still running goes on for the next run."""
        if not self.running():
            return "they are compiled and cached for the next run"
        self.left = True
        if self.child is None:
            return "another run's compile goes on for the next run"
        return (f"they go on compiling in the background (process {self.child.pid}) for the "
                "next run")

    def stop(self) -> None:
        """Stop our child and everything it started (its session), unless left running."""
        if self.child is not None and not self.left and self.child.poll() is None:
            try:
                os.killpg(self.child.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            self.child.wait()
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        self.said.close()


def _reference_rows(variant, seats, root_seed: int, start: int, count: int,
                    compiling: Compile, line: ProvisionalLine) -> tuple[np.ndarray, float]:
    """Rows of hands ``start ..`` on the reference engine until ``count`` are played or the
    compile has ended; and the seconds it took."""
    rows = np.empty(count, ROW_DTYPE)
    t0 = time.perf_counter()
    n = 0
    while n < count and compiling.running():
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
    provisional answer (the dealer side's hold rate, Wilson 95%) of the hands played.
    ``waiting``: the compile is another run's."""

    def __init__(self, show: bool, stream=None, waiting: bool = False) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.show = show
        self.doing = ("waiting for another run's compile of the Numba kernels" if waiting else
                      "compiling the Numba kernels (first run only; cached for later runs)")
        self.live = show and bool(getattr(self.stream, "isatty", lambda: False)())
        self.hands = self.holds = 0
        self.began = time.perf_counter()
        self.last = self.began
        self.done = threading.Event()
        self.lock = threading.Lock()  # the counters and every write
        self.ticker = None
        if self.live:
            self.ticker = threading.Thread(target=self._tick, daemon=True)
            self.ticker.start()
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
        from shengji_sim.stats import percent, percent_range, wilson_interval

        with self.lock:
            n, k = self.hands, self.holds
        if not n:
            return "no hand played yet"
        lo, hi = wilson_interval(k, n)
        return f"dealer side holds {percent(k / n)} [{percent_range(lo, hi)}] in {n:,} hands"

    def text(self) -> str:
        seconds = time.perf_counter() - self.began
        return f"{self.doing}, {seconds:.0f} s; meanwhile the reference engine plays: " \
               f"{self.answer()} (provisional)"

    def _tick(self) -> None:
        while not self.done.wait(1.0):
            self._write("\r\x1b[K" + self.text(), unless_done=True)

    def _write(self, text: str, unless_done: bool = False) -> None:
        with self.lock:
            if unless_done and self.done.is_set():
                return
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):  # a closed stream: nothing to show
                pass

    def _halt(self) -> None:
        self.done.set()
        if self.ticker is not None:
            self.ticker.join()
            self.ticker = None

    def close(self, words: str) -> None:
        """Stop redrawing and leave ``words`` as the line's last state."""
        self._halt()
        if self.show:
            self._write(("\r\x1b[K" if self.live else "") + words + "\n")
        self.show = False

    def stop(self) -> None:
        self._halt()
        if self.live and self.show:
            self._write("\n")
        self.show = False


__all__ = ["EVERY", "Compile", "ProvisionalLine", "answer_while_compiling", "compile_command",
           "compile_lock"]
