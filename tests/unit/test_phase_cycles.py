"""tools/phase_cycles.py: every probe still names one statement of the current kernels (so a
kernel edit that moves one fails here, not in a ten-minute compile), the instrumented
modules still parse, and the counters count (a toy kernel instrumented the same way, run in a
child process: the counters map memory at a fixed address)."""

from __future__ import annotations

import ast
import os
import platform
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools.phase_cycles import PROBES, SLOTS, Probe, instrument, instrumented, module_path

ROOT = Path(__file__).resolve().parents[2]


def test_every_probe_names_one_statement_of_the_current_kernels():
    names = []
    for module in sorted({p.module for p in PROBES}):
        source = module_path(module).read_text()
        text, added = instrumented(source, module, PROBES, len(names))
        ast.parse(text)  # the wrapped statements keep the module valid Python
        assert text.count("_pc_count(") == sum(p.module == module for p in PROBES)
        names.extend(added)
    assert len(names) == sum(len(p.names) for p in PROBES) <= SLOTS
    assert len(set(names)) == len(names)


def test_a_probe_whose_statement_moved_names_itself():
    probe = Probe("game_nb", "    no_such_statement()", ("the missing phase",))
    with pytest.raises(ValueError, match="'the missing phase'.*0 times"):
        instrumented(module_path("game_nb").read_text(), "game_nb", (probe,))


def test_a_probe_matches_whole_lines_only():
    source = "def f():\n        y = g(x)\n"
    with pytest.raises(ValueError, match="0 times"):  # not the tail of the deeper line
        instrumented(source, "m", (Probe("m", "    y = g(x)", ("g",)),))


def test_a_probe_of_an_unknown_module_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no_such_nb"):
        instrument(tmp_path, (Probe("no_such_nb", "    x = 1", ("x",)),))


def test_the_copy_holds_the_probes_and_is_rewritten_only_where_changed(tmp_path):
    names = instrument(tmp_path)
    assert names[0] == "a hand, in all"
    game = tmp_path / module_path("game_nb").relative_to(ROOT)
    assert "_pc_count(" in game.read_text()
    plain = tmp_path / module_path("bits_nb").relative_to(ROOT)
    assert plain.read_text() == module_path("bits_nb").read_text()
    stamps = {p: p.stat().st_mtime_ns for p in (game, plain)}
    os.utime(game, ns=(1, 1))
    instrument(tmp_path)
    assert game.stat().st_mtime_ns == 1  # same text: not rewritten (the cache stays valid)
    assert plain.stat().st_mtime_ns == stamps[plain]


TOY = '''
from __future__ import annotations
from numba import njit


@njit(cache=True)
def bits_nb(n):
    s = 0
    while n:
        s += n & 1
        n >>= 1
    return s


@njit(cache=True)
def run_nb(n):
    out = 0
    for j in range(n):
        out += bits_nb(j)
    return out
'''

CHILD = textwrap.dedent('''
    import sys
    sys.path.insert(0, sys.argv[1])
    import _phase_counters as pc
    import toy
    toy.run_nb(3)
    pc.BUFFER[:] = 0
    toy.run_nb(10)
    print(pc.BUFFER[0], pc.BUFFER[1], pc.BUFFER[pc.SLOTS], pc.BUFFER[pc.SLOTS + 1])
''')


@pytest.mark.skipif(sys.platform != "linux" or platform.machine() not in ("x86_64", "AMD64"),
                    reason="the counters are mapped with Linux's mmap flags and read x86's "
                           "time-stamp counter")
def test_the_counters_count_calls_and_cycles_in_compiled_and_cached_code(tmp_path):
    probes = (Probe("toy", "        out += bits_nb(j)", ("even j", "odd j"), "j % 2"),)
    text, names = instrumented(TOY, "toy", probes)
    assert names == ["even j", "odd j"]
    (tmp_path / "toy.py").write_text(text)
    (tmp_path / "_phase_counters.py").write_text(
        (ROOT / "tools" / "_phase_counters.py").read_text())
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    for run in ("compiled", "loaded from the cache"):
        done = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (run, done.stderr)
        even_cycles, odd_cycles, even_calls, odd_calls = map(int, done.stdout.split())
        assert (even_calls, odd_calls) == (5, 5), run
        assert even_cycles > 0 and odd_cycles > 0, run
    assert any((tmp_path / "cache").rglob("*.nbc"))  # the second run had a cache to load


def test_the_counters_module_agrees_with_the_tool():
    tree = ast.parse((ROOT / "tools" / "_phase_counters.py").read_text())
    constants = {node.targets[0].id: ast.literal_eval(node.value) for node in tree.body
                 if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                 and node.targets[0].id in ("ADDRESS", "SLOTS")}
    from tools.phase_cycles import COUNTER_ADDRESS
    assert constants == {"ADDRESS": COUNTER_ADDRESS, "SLOTS": SLOTS}


def test_the_tools_examples():
    import doctest

    import tools.phase_cycles

    failed, attempted = doctest.testmod(tools.phase_cycles)
    assert attempted >= 4 and failed == 0
