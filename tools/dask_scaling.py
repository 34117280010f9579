"""The figures of docs/scaling.md: ``python -m tools.dask_scaling``.

Measures, on this machine, for classic-2deck random hands:

1. the per-core rate of the Numba core (one lane, best of ``--repeats``) and the client's
   cost of writing a part (rows per second, Parquet and CSV);
2. that the dask backend's rows equal the core backend's (sha256 of the rows, as in the
   run summary) for ``--hands`` hands;
3. hands per second of a LocalCluster of 1 and of 2 workers on the same hands, alternating
   1, 2, 1, 2 ... ``--rounds`` times each (every run printed; best of each compared). A run's
   seconds are the runner's (play and write, after the cluster started and the workers
   loaded the kernels; the cluster start is printed apart), with the CPU seconds its
   workers and its client (this process, which also hosts the scheduler) spent, and the
   wall seconds the workers spent in tasks (far above their CPU seconds: other processes
   had the cores);
4. the cost of a chunk's scheduling: ``--tiny`` one-hand chunks through :func:`map_chunks`
   on a 1-worker cluster, against the same hands computed in the client; and the client's
   CPU time per hand when it receives encoded parts and writes them (what caps one client).

Run it from the repository root on a quiet machine (``uptime`` is printed first); the kernels
must be compiled (``python -m shengji_sim.core.runtime.warmup``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

VARIANT = "classic-2deck"


def _best(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def per_core(variant, hands: int, repeats: int, tmp: Path) -> None:
    from shengji_sim.core.runtime.backend import run_chunk
    from shengji_sim.run import dask_backend, run_dir  # noqa: F401 (dask_backend registers "dask")

    run_chunk(variant, "random", 0, 0, 1, 1)
    seconds = _best(lambda: run_chunk(variant, "random", 0, 0, hands, 1), repeats)
    print(f"core, 1 lane: {hands / seconds:,.0f} hands/s ({hands} hands in {seconds:.3f} s, "
          f"best of {repeats})")
    rows = run_chunk(variant, "random", 0, 0, 20_000, 1)
    for fmt in run_dir.ROWS_FORMATS:
        path = tmp / f"part.{fmt}"
        seconds = _best(lambda p=path, f=fmt: run_dir.write_part(p, rows, f), repeats)
        print(f"client writes a {fmt} part: {len(rows) / seconds:,.0f} rows/s "
              f"({path.stat().st_size / len(rows):.1f} bytes/row on disk)")


def digests(variant, hands: int, chunk: int, tmp: Path) -> None:
    from shengji_sim.report import summary as report
    from shengji_sim.run import dask_backend, sim  # noqa: F401 (dask_backend registers "dask")

    core, dask = tmp / "core", tmp / "dask"
    sim.run(variant, "random", 0, hands, core, chunk_size=chunk, backend="core", threads=1)
    sim.run(variant, "random", 0, hands, dask, chunk_size=chunk, backend="dask", threads=2)
    a = report.summary_json(core)["rows_sha256"]
    b = report.summary_json(dask)["rows_sha256"]
    print(f"rows sha256, {hands} hands: core {a}")
    print(f"rows sha256, {hands} hands: dask {b} ({'equal' if a == b else 'DIFFERENT'})")


def _cpu_seconds() -> float:
    """CPU seconds (user + system) of this process so far."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def speedup(variant, hands: int, chunk: int, rounds: int, tmp: Path) -> None:
    from distributed import get_task_stream

    from shengji_sim.run import dask_backend, sim

    rates: dict[int, list[float]] = {1: [], 2: []}
    for workers in [1, 2] * rounds:
        out = tmp / f"w{workers}"
        shutil.rmtree(out, ignore_errors=True)
        t0 = time.perf_counter()
        with dask_backend.connect(workers=workers) as client:
            started = time.perf_counter() - t0
            options = {"scheduler": client.scheduler.address}
            t1 = time.perf_counter()
            dask_backend.warm_workers(client, variant, "random")
            warm = time.perf_counter() - t1
            busy0, own0 = sum(client.run(_cpu_seconds).values()), _cpu_seconds()
            with get_task_stream(client) as stream:
                res = sim.run(variant, "random", 0, hands, out, chunk_size=chunk,
                              backend="dask", backend_options=options)
            busy = sum(client.run(_cpu_seconds).values()) - busy0
            own = _cpu_seconds() - own0
            tasks = sum(s["stop"] - s["start"] for t in stream.data for s in t["startstops"]
                        if s["action"] == "compute")
        rates[workers].append(hands / res.seconds)
        print(f"  {workers} worker(s): {hands / res.seconds:,.0f} hands/s ({res.seconds:.3f} s;"
              f" CPU s: workers {busy:.2f} in {tasks:.2f} s of tasks, client {own:.2f};"
              f" cluster start {started:.2f} s, kernels loaded on the workers in {warm:.2f} s)"
              f"; load {os.getloadavg()[0]:.1f}", flush=True)
    best1, best2 = max(rates[1]), max(rates[2])
    print(f"best: 1 worker {best1:,.0f} hands/s, 2 workers {best2:,.0f} hands/s, "
          f"ratio {best2 / best1:.2f}x")


def client_cost(variant, hands: int, chunk: int, tmp: Path) -> None:
    """CPU seconds the client spends per hand receiving encoded parts and writing them."""
    from shengji_sim.run import dask_backend, run_dir, sim

    encoder = run_dir.PartEncoder("parquet", ())
    job = run_dir.Job("hands", False, sim.seats("random"))
    chunks = run_dir.plan(hands, chunk)
    with dask_backend.connect(workers=2) as client:
        dask_backend.warm_workers(client, variant, "random")
        own0, t0 = _cpu_seconds(), time.perf_counter()
        for start, part in dask_backend.map_chunks(client, variant, job, 0, chunks, encoder):
            run_dir.write_part(tmp / f"part-{start}.parquet", part.rows, "parquet")
        own, wall = _cpu_seconds() - own0, time.perf_counter() - t0
    print(f"client (and local scheduler), {hands} hands in {len(chunks)} Parquet parts on 2 "
          f"workers: {own:.3f} CPU s in {wall:.2f} s, {own / hands * 1e6:.2f} us per hand")


def scheduling(variant, tiny: int) -> None:
    from shengji_sim.core.runtime.backend import run_chunk
    from shengji_sim.run import dask_backend

    chunks = [(i, 1) for i in range(tiny)]
    local = _best(lambda: [run_chunk(variant, "random", 0, s, n, 1) for s, n in chunks], 3)
    t0 = time.perf_counter()
    with dask_backend.connect(workers=1) as client:
        started = time.perf_counter() - t0
        dask_backend.warm_workers(client, variant, "random")
        own0 = _cpu_seconds()
        remote = _best(lambda: list(dask_backend.map_chunks(client, variant, "random", 0,
                                                            chunks)), 3)
        own = (_cpu_seconds() - own0) / 3
    per = (remote - local) / tiny
    print(f"1-worker LocalCluster started in {started:.2f} s")
    print(f"{tiny} one-hand chunks: {remote:.3f} s through dask, {local:.3f} s in the client:"
          f" {per * 1e3:.2f} ms of scheduling per chunk; client and scheduler CPU "
          f"{own / tiny * 1e3:.2f} ms per chunk")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--chunk", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tiny", type=int, default=500)
    parser.add_argument("--only", choices=["rate", "digest", "speedup", "scheduling"])
    args = parser.parse_args()
    from shengji_sim.config.variant import load_variant

    print(f"{time.strftime('%H:%M:%S', time.gmtime())} UTC, load average {os.getloadavg()}, "
          f"{os.cpu_count()} cpus", flush=True)
    variant = load_variant(VARIANT)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if args.only in (None, "rate"):
            per_core(variant, args.hands, args.repeats, tmp)
        if args.only in (None, "digest"):
            digests(variant, args.hands, args.chunk, tmp)
        if args.only in (None, "speedup"):
            speedup(variant, args.hands, args.chunk, args.rounds, tmp)
        if args.only in (None, "scheduling"):
            scheduling(variant, args.tiny)
            client_cost(variant, args.hands, args.chunk, tmp)
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
