"""tools/jit_profile.py: the perf map it writes names a freshly compiled kernel at the
address where its machine code lies (checked in a child process with an empty compile
cache, on a toy kernel: the core's fresh compile takes minutes)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent('''
    import ctypes, sys
    sys.path.insert(0, sys.argv[1])
    import toy_kernels
    from tools.jit_profile import write_perf_map
    toy_kernels.total_nb(10)
    n = write_perf_map(("toy_kernels",), sys.argv[2])
    cres = next(iter(toy_kernels.total_nb.overloads.values()))
    entry = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    for line in open(sys.argv[2]):
        start, size, name = line.split()
        if int(start, 16) == entry:
            code = ctypes.string_at(entry, int(size, 16))
            print(n, name, len(code), code == bytes(len(code)))
''')


def test_perf_map_names_a_fresh_kernel(tmp_path) -> None:
    (tmp_path / "toy_kernels.py").write_text(textwrap.dedent('''
        from numba import njit

        @njit(cache=True)
        def total_nb(n):
            s = 0
            for i in range(n):
                s += i * i
            return s
    '''))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path),
                           str(tmp_path / "perf.map")], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert rows, "no map line starts at total_nb's entry point"
    n, name, size, all_zero = rows[0]
    assert int(n) >= 1 and "toy_kernels8total_nb" in name
    assert int(size) > 0 and all_zero == "False"


def test_short_names_and_shares() -> None:
    from tools.jit_profile import shares, short_name

    assert short_name("_ZN11shengji_sim4core7game_nb12play_hand_nbB3v89B40c8tJTIeF") == \
        "game_nb.play_hand_nb"
    assert short_name("malloc") == "malloc"
    report = "\n".join(["# comment", "  40.00%  [.] _ZN3pkg1m1fB2v1",
                        "  10.00%  [.] 0x00007f0100", "  50.00%  [.] _ZN3pkg1m1fB9x",
                        "   5.00%  [.] _ZN3pkg1m1gB1"])
    assert shares(report) == [("m.f", 90.0), ("unnamed", 10.0), ("m.g", 5.0)]
