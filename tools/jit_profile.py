"""Where the Numba core's run time goes, kernel by kernel: ``python -m tools.jit_profile``.

``perf`` samples jitted code as anonymous memory and cannot name it. This tool names it: it
runs the core's hand loop (``core.backend.run_chunk``: ``--hands`` hands of ``--variant``
with ``--players``, one thread) under ``perf record`` in a child process whose compile cache
is an empty temporary directory, so every kernel is compiled afresh and its object code (an
ELF file) is still held by its library. After a warm-up the child writes
``/tmp/perf-PID.map`` (perf's map of JIT code: ``start size name`` per line, hexadecimal)
from the symbol tables of those objects (:func:`write_perf_map`), then plays the timed
hands. The parent prints each kernel's share of the samples that fell in jitted code (self
time: a callee inlined into its caller counts for the caller), kernel names shortened to
``module.function`` (:func:`short_name`); ``unnamed`` is jitted code outside the kernels'
objects (Numba's runtime: reference counting and the like).

Requires ``perf`` and pyelftools (a test dependency). A fresh compile of the core takes
minutes. What it taught is in docs/core-conventions.md ("Run time").
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter


def short_name(symbol: str) -> str:
    """A Numba kernel's mangled symbol as ``module.function`` (anything else unchanged).

    >>> short_name("_ZN11shengji_sim4core7game_nb12play_hand_nbB3v89B40c8tJTIeFIjx")
    'game_nb.play_hand_nb'
    """
    if not symbol.startswith("_ZN"):
        return symbol
    parts = []
    rest = symbol[3:]
    while rest and rest[0].isdigit():
        n = re.match(r"\d+", rest).group(0)
        parts.append(rest[len(n):len(n) + int(n)])
        rest = rest[len(n) + int(n):]
    return ".".join(parts[-2:]) if parts else symbol


def write_perf_map(prefixes: tuple[str, ...], path: str | None = None) -> int:
    """Write perf's JIT map for every compiled kernel of the modules whose names start with
    one of ``prefixes`` (``/tmp/perf-PID.map`` by default); returns the symbols written.
    Only libraries compiled in this process hold their object code (not those loaded from a
    cache). A function's address is its section's load address (from a global symbol of the
    section, looked up in the JIT engine) plus its offset in the object."""
    from elftools.elf.elffile import ELFFile

    libraries = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefixes):
            continue
        for obj in list(vars(module).values()):
            overloads = getattr(obj, "overloads", None)
            if isinstance(overloads, dict):
                for cres in overloads.values():
                    libraries[id(cres.library)] = cres.library
    entries: dict[int, tuple[int, str]] = {}
    for lib in libraries.values():
        blob = getattr(lib, "_compiled_object", None)
        if blob is None:
            continue
        symtab = ELFFile(io.BytesIO(blob)).get_section_by_name(".symtab")
        funcs = [s for s in symtab.iter_symbols()
                 if s["st_info"]["type"] == "STT_FUNC" and s["st_shndx"] != "SHN_UNDEF"]
        base: dict[int, int] = {}
        for s in funcs:
            if s["st_info"]["bind"] == "STB_GLOBAL" and s["st_shndx"] not in base:
                address = lib._codegen._engine.get_function_address(s.name)
                if address:
                    base[s["st_shndx"]] = address - s["st_value"]
        for s in funcs:
            if s["st_shndx"] in base and s["st_size"]:
                entries[base[s["st_shndx"]] + s["st_value"]] = (s["st_size"], s.name)
    with open(path or f"/tmp/perf-{os.getpid()}.map", "w", encoding="utf-8") as f:
        for address, (size, name) in sorted(entries.items()):
            f.write(f"{address:x} {size:x} {name}\n")
    return len(entries)


def _child(variant_name: str, players: str, hands: int) -> None:
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import run_chunk

    variant = load_variant(variant_name)
    run_chunk(variant, players, 0, 0, 50, 1)  # compile and warm up
    n = write_perf_map(("shengji_sim",))
    began = time.perf_counter()
    run_chunk(variant, players, 0, 0, hands, 1)
    rate = hands / (time.perf_counter() - began)
    print(f"{n} kernel symbols mapped; {rate:,.0f} hands/s under perf", file=sys.stderr)


def shares(report: str) -> list[tuple[str, float]]:
    """(kernel, percent) rows of ``perf report --sort symbol --percentage relative`` output,
    merged by :func:`short_name` (a kernel is linked into several objects), largest first;
    bare addresses are summed as ``unnamed``.

    >>> rows = ["40.00%  [.] _ZN3pkg1m1fB2v1", "10.00%  [.] 0x7f01", "50.00%  [.] _ZN3pkg1m1fB9x"]
    >>> shares("\\n".join(rows))
    [('m.f', 90.0), ('unnamed', 10.0)]
    """
    total: Counter = Counter()
    for line in report.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+\[\.\]\s+(\S+)", line)
        if m:
            name = "unnamed" if m.group(2).startswith("0x") else short_name(m.group(2))
            total[name] += float(m.group(1))
    return [(k, round(v, 2)) for k, v in total.most_common()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.jit_profile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="classic-2deck")
    parser.add_argument("--players", default="random")
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.variant, args.players, args.hands)
        return
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(tmp, "numba"))
        subprocess.run(["perf", "record", "-F", "2000", "-o", data, sys.executable, "-m",
                        "tools.jit_profile", "--child", "--variant", args.variant,
                        "--players", args.players, "--hands", str(args.hands)],
                       env=env, check=True)
        dsos = subprocess.run(["perf", "report", "-i", data, "--sort", "dso"],
                              capture_output=True, text=True, check=True).stdout
        jit = re.search(r"\[JIT\] tid \d+", dsos)
        if jit is None:
            sys.exit("no samples in jitted code")
        report = subprocess.run(["perf", "report", "-i", data, "--no-children", "--dso",
                                 jit.group(0), "--percentage", "relative", "--sort",
                                 "symbol"], capture_output=True, text=True, check=True).stdout
    print(f"self time in jitted code, {args.variant}, {args.players}, {args.hands} hands:")
    for name, pct in shares(report)[:args.top]:
        print(f"{pct:6.2f}%  {name}")


if __name__ == "__main__":
    main()
