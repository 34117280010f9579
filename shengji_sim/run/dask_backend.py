"""Chunks of hands on a Dask distributed cluster: the ``"dask"`` backend of :mod:`.sim`.

Representation
--------------
A *chunk* is ``(start, count)``: hands (or whole matches) ``start .. start + count - 1`` of one
(variant, players, root seed). Each chunk is one Dask task that runs the Numba core
(:func:`shengji_sim.run.sim.compute_chunk` over :func:`shengji_sim.core.runtime.backend.run_chunk`
or ``run_matches``, one lane) on a worker. For :mod:`.sim`'s runner the players are a
:class:`~shengji_sim.run.run_dir.Job` (hands or matches, every play of a duplicate deal) and the
task returns the chunk's :class:`~shengji_sim.run.run_dir.Part`, its rows checked and encoded as the
run's part files, so the client only writes bytes; :func:`map_chunks` yields ``(start, part)`` on
the client as each task finishes (completion order, each chunk once). :func:`map_sweep` runs chunks
of any mix of variants, seat specs and seeds (other commands' sweeps) and yields each chunk's
``ROW_DTYPE`` hand rows. A row depends on (variant, players, root seed, index) only, so the rows
equal the local core backend's whatever the worker count, the order or a retried task.

Workers
-------
Without a scheduler address, :func:`connect` starts a ``LocalCluster``: one worker process
per usable core (or ``workers``), each single-threaded (``threads_per_worker=1`` and
``NUMBA_NUM_THREADS=1``: numba's workqueue layer crashed a 2-thread worker), with
``NUMBA_CACHE_DIR`` set to the client's cache root so the workers load the kernels the client
compiled instead of compiling them. With an address (``tcp://host:8786``), the cluster is
someone else's: its workers must run this version of shengji_sim (each compiles the kernels
on its first task unless they share a cache). :func:`warm_workers` loads the kernels on every
worker before the timed part of a run.

Faults: a worker process that dies loses its tasks; the scheduler runs them again on another
worker (up to ``distributed.scheduler.allowed-failures`` times). The client keeps the first
result of each chunk, so a part is written once.

``distributed`` is an optional dependency (``pip install -e '.[dask]'``), imported by the
functions here only: importing this module imports no Dask.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple

from shengji_sim.errors import HandFailure, InputError
from shengji_sim.run import run_dir, sim

INSTALL_HINT = "pip install -e '.[dask]'"
#: seconds to wait for a scheduler given by address before giving up
CONNECT_TIMEOUT = 10.0
#: the local scheduler's HTTP server (it has one even without a dashboard): any free port
#: on the loopback, not 8787, which a second cluster would find taken
DASHBOARD = "127.0.0.1:0"
#: worker environment: one thread per worker process (module docstring)
WORKER_ENV = {"NUMBA_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


class DaskError(InputError):
    """The dask backend cannot run as asked (extra missing, scheduler unreachable, unknown
    option); ``str()`` is one line."""


def _distributed():
    """The ``distributed`` module, or a one-line DaskError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise DaskError("the dask backend needs dask[distributed], which is not installed: "
                        f"{INSTALL_HINT}") from None
    return distributed


# -------------------------------------------------------------------------------- worker


#: variant content hash -> the first variant object of that hash this worker received, so
#: that the core's engine cache (keyed by the object) is built once per worker, not per task
_VARIANTS: dict[str, Any] = {}


def _job(players):
    """A runner's :class:`~shengji_sim.run.run_dir.Job`, or the job of hands of a seat spec."""

    return run_dir.Job("hands", False, sim.seats(players)) if isinstance(players, str) else players


def chunk_task(variant, players, root_seed: int, start: int, count: int,
               encoder: Callable[[Any], Any] | None = None):
    """Run on a worker: one chunk of ``players`` (a Job: its :class:`~shengji_sim.run.run_dir.Part`,
    ``encoder(part)`` if given; a seat spec: its hand rows), or ``("failure", index, engine,
    reason)`` for a hand the engine cannot play (a HandFailure does not survive pickling as
    itself)."""
    from shengji_sim.core.runtime.backend import run_chunk, run_matches

    variant = _VARIANTS.setdefault(variant.content_hash, variant)
    job = _job(players)
    run = run_matches if job.mode == "matches" else run_chunk
    try:
        part = sim.compute_chunk(variant, job, root_seed, start, count, run, 1)
    except HandFailure as failure:
        return ("failure", failure.index, failure.engine, failure.reason)
    if isinstance(players, str):
        return part.rows
    return part if encoder is None else encoder(part)


def warm_task(variant, players) -> int:
    """Run on a worker: load (or compile) the kernels this variant and players (a seat spec
    or a Job: each of its plays, hands or matches) need; return the worker's process id."""
    from shengji_sim.core.runtime.backend import compile_for, compile_matches_for

    variant = _VARIANTS.setdefault(variant.content_hash, variant)
    job = _job(players)
    compile_step = compile_matches_for if job.mode == "matches" else compile_for
    for _, spec, _ in job.plays():
        compile_step(variant, spec, 1)
    return os.getpid()


# -------------------------------------------------------------------------------- client


def worker_env() -> dict[str, str]:
    """Environment of local worker processes: one thread, the client's Numba cache root."""
    from shengji_sim.core import CACHE_DIR

    return {**WORKER_ENV, "NUMBA_CACHE_DIR": str(CACHE_DIR.parent)}


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None,
            timeout: float | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: to ``scheduler`` (an address) if given, else to a new
    LocalCluster of ``workers`` single-threaded worker processes (default: the usable
    cores), closed on exit. An unreachable scheduler is a one-line DaskError."""
    distributed = _distributed()
    if scheduler is not None:
        if workers is not None:
            raise DaskError(f"workers {workers}: only a local cluster is sized here; "
                            f"scheduler {scheduler} has its own workers")
        _probe(scheduler, timeout or CONNECT_TIMEOUT)
        with distributed.Client(scheduler, timeout=timeout or CONNECT_TIMEOUT,
                                set_as_default=False) as client:
            yield client
        return
    if workers is not None and workers < 1:
        raise DaskError(f"workers {workers}: must be at least 1")
    n = workers or _usable_cores()
    with distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                  dashboard_address=DASHBOARD, silence_logs=logging.ERROR,
                                  env=worker_env()) as cluster, \
            distributed.Client(cluster, set_as_default=False) as client:
        yield client


def _probe(scheduler: str, timeout: float) -> None:
    """Open and close one connection to ``scheduler``; a bad or unreachable address is a
    one-line DaskError. (A ``Client`` that fails to connect would stay half-built and stall
    the interpreter's exit for 20 s with a traceback.)"""
    import asyncio

    from distributed.comm import connect as open_comm

    async def touch() -> None:
        comm = await open_comm(scheduler, timeout=timeout)
        await comm.close()

    try:
        asyncio.run(touch())
    except (OSError, ValueError, TypeError) as exc:
        raise DaskError(f"cannot connect to the dask scheduler {scheduler!r} "
                        f"({' '.join(str(exc).split()) or type(exc).__name__})") from None


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def warm_workers(client, variant, players) -> list[int]:
    """Load the kernels on every worker now (one task each, each asked of its own worker but
    free to run elsewhere should that worker leave); the process ids that ran them. A worker
    that cannot (no shengji_sim, another version) is a one-line DaskError."""
    addresses = list(client.scheduler_info()["workers"])
    futures = [client.submit(warm_task, variant, players, workers=[a], allow_other_workers=True,
                             pure=False) for a in addresses]
    try:
        return [f.result() for f in futures]
    except Exception as exc:  # raised on a worker, whatever it is: the cluster cannot run us
        what = " ".join(f"{type(exc).__name__}: {exc}".split())
        raise DaskError(f"the dask workers cannot play hands here: {what}") from None


class Chunk(NamedTuple):
    """One task of a sweep: hands ``start .. start + count - 1`` of a variant and players (a
    seat spec; the runner's chunks carry its :class:`~shengji_sim.run.run_dir.Job`)."""

    variant: Any
    players: Any
    root_seed: int
    start: int
    count: int


def map_sweep(client, chunks: Iterable[Chunk], encoder: Callable[[Any], Any] | None = None
              ) -> Iterator[tuple[Chunk, Any]]:
    """Submit one task per :class:`Chunk` (any mix of variants, players and seeds: the sweeps
    of other commands) and yield ``(chunk, result)`` as each finishes (any order, each chunk
    once): a seat spec's ``ROW_DTYPE`` hand rows, or a Job's Part (``encoder(part)`` made on
    the worker: the runner's part files). A hand the engine cannot play raises
    :class:`HandFailure` when its chunk arrives; leaving the loop early (an exception,
    ``close()``) cancels the chunks not yet received."""
    distributed = _distributed()
    futures = {client.submit(chunk_task, *chunk, encoder, pure=False): chunk
               for chunk in chunks}
    pending = dict(futures)
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            chunk = pending.pop(future)
            result = future.result()
            future.release()
            if isinstance(result, tuple):
                _, index, engine, reason = result
                raise HandFailure(index, engine, reason)
            yield chunk, result
    finally:
        if pending:
            client.cancel(list(pending))


def map_chunks(client, variant, players, root_seed: int, chunks: list[tuple[int, int]],
               encoder: Callable[[Any], Any] | None = None) -> Iterator[tuple[int, Any]]:
    """:func:`map_sweep` over chunks ``(start, count)`` of one variant, players (a seat spec
    or a Job) and seed: yields ``(start, result)`` as each finishes."""
    sweep = (Chunk(variant, players, root_seed, start, count) for start, count in chunks)
    for chunk, rows in map_sweep(client, sweep, encoder):
        yield chunk.start, rows


def open_map(variant, players, threads: int, options: Mapping[str, Any]):
    """:mod:`.sim`'s opener of the dask backend. Checks now that Dask is installed, the
    ``options`` are known and the ``scheduler`` (an address), if any, answers; the context
    manager it returns starts or joins the cluster (without an address: a local cluster of
    ``threads`` workers), loads the kernels on every worker and gives a
    ``map_chunks(variant, players, root_seed, chunks, threads, encoder)`` over it (parts
    encoded on the workers)."""
    _distributed()
    unknown = sorted(set(options) - {"scheduler"})
    if unknown:
        raise DaskError(f"unknown dask backend option {unknown[0]!r} (expected scheduler)")
    if options.get("scheduler") is not None:  # before the run directory is made
        _probe(options["scheduler"], CONNECT_TIMEOUT)
    return _cluster_map(variant, players, threads, options.get("scheduler"))


@contextlib.contextmanager
def _cluster_map(variant, players, threads: int, scheduler: str | None):
    with connect(scheduler, None if scheduler else threads) as client:
        warm_workers(client, variant, players)

        def run_chunks(variant, players, root_seed, chunks, threads, encoder):
            return map_chunks(client, variant, players, root_seed, chunks, encoder)

        yield run_chunks


# The client compiles (or loads) the kernels into the cache the local workers share.
sim.register_backend("dask", sim.core_run_chunk, compile_step=sim.core_compile_for,
                     open_map=open_map)
sim.register_match_backend("dask", sim.core_run_matches,
                           compile_step=sim.core_compile_matches_for)

__all__ = ["Chunk", "DaskError", "connect", "map_chunks", "map_sweep", "open_map",
           "warm_workers"]
