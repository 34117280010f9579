"""Where the Numba core's cold compile time goes: ``python -m tools.compile_times``.

Runs one entry point of the core (by default what ``shengji-sim simulate`` runs: a chunk of
random-player hands of classic-2deck) against an empty compile cache in a fresh process, with
Numba's ``numba:compile`` events recorded, and prints every kernel specialisation compiled:
its own time (exclusive of the callees it compiled meanwhile), its time with callees, and
totals per module. A maintainer reads it before and after a change meant to shorten the first
run (docs/core-conventions.md, "Compile time").

Options: ``--entry simulate|greedy|warmup``, ``--top N`` (rows in the kernel table) and
``--save PATH`` (the raw compile events and per-specialisation rows as JSON, to compare runs).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

ENTRIES = ("simulate", "greedy", "warmup")


def _run_entry(entry: str) -> None:
    """Compile what ``entry`` needs (in this process, whose cache directory is empty)."""
    if entry == "warmup":
        from shengji_sim.core.runtime.warmup import warm_up

        warm_up(processes=1)
        return
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import run_chunk

    players = "greedy" if entry == "greedy" else "random"
    run_chunk(load_variant("classic-2deck"), players, 1, 0, 20, 1)


def _record(entry: str) -> dict:
    """Child process: run ``entry`` with compile events recorded; return the events."""
    import numba.core.event as ev

    began = time.perf_counter()
    with ev.install_recorder("numba:compile") as recorder:
        _run_entry(entry)
    wall = time.perf_counter() - began
    events = []
    for stamp, event in recorder.buffer:
        dispatcher = event.data["dispatcher"]
        py_func = dispatcher.py_func
        events.append({
            "t": stamp, "start": event.is_start,
            "kernel": f"{py_func.__module__}.{py_func.__qualname__}",
            "args": str(event.data["args"]),
        })
    return {"wall": wall, "events": events}


def exclusive_times(events: list[dict]) -> list[dict]:
    """Pair start/end events (they nest: compiling a caller compiles its callees) into one
    row per specialisation with its inclusive and exclusive seconds."""
    stack: list[dict] = []
    rows = []
    for e in events:
        if e["start"]:
            stack.append({"kernel": e["kernel"], "args": e["args"], "t0": e["t"], "child": 0.0})
            continue
        top = stack.pop()
        inclusive = e["t"] - top["t0"]
        rows.append({"kernel": top["kernel"], "args": top["args"], "inclusive": inclusive,
                     "exclusive": inclusive - top["child"]})
        if stack:
            stack[-1]["child"] += inclusive
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.compile_times",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--entry", choices=ENTRIES, default="simulate")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--save", metavar="PATH", help="write the events and rows as JSON")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        json.dump(_record(args.entry), sys.stdout)
        return
    with tempfile.TemporaryDirectory(prefix="shengji-cold-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-m", "tools.compile_times", "--child",
                              "--entry", args.entry], env=env, check=True,
                             capture_output=True, text=True).stdout
    result = json.loads(out)
    rows = exclusive_times(result["events"])
    if args.save:
        with open(args.save, "w") as fh:
            json.dump({"entry": args.entry, "wall": result["wall"], "rows": rows}, fh, indent=1)
    total = sum(r["exclusive"] for r in rows)
    print(f"entry {args.entry}: {result['wall']:.1f} s wall in the child, "
          f"{total:.1f} s in {len(rows)} kernel compilations")
    per_module: dict[str, float] = defaultdict(float)
    for r in rows:
        per_module[r["kernel"].rsplit(".", 1)[0]] += r["exclusive"]
    print("\nmodule                                      own s")
    for module, seconds in sorted(per_module.items(), key=lambda kv: -kv[1]):
        print(f"{module:<42} {seconds:7.1f}")
    per_kernel: dict[str, int] = defaultdict(int)
    for r in rows:
        per_kernel[r["kernel"]] += 1
    repeated = sorted(((n, k) for k, n in per_kernel.items() if n > 1), reverse=True)
    print(f"\n{len(per_kernel)} kernels; compiled more than once (specialisations): "
          + (", ".join(f"{k.rsplit('.', 1)[1]} {n}" for n, k in repeated[:12]) or "none"))
    print(f"\nkernel (top {args.top} by own time)                      own s   with callees")
    for r in sorted(rows, key=lambda r: -r["exclusive"])[:args.top]:
        print(f"{r['kernel']:<52} {r['exclusive']:7.1f} {r['inclusive']:9.1f}")


if __name__ == "__main__":
    main()
