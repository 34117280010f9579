"""Where a hand's cycles go, phase by phase: ``python -m tools.phase_cycles``.

``tools.jit_profile`` names kernels, but the hand loop inlines its phases (the lead, each
follow, the players' choices) into ``game_nb.play_hand_nb``, so perf's self time cannot
tell them apart. This tool counts them: it copies the package into a work directory,
wraps the statements listed in :data:`PROBES` between two reads of the CPU's cycle counter
(``llvm.readcyclecounter``), compiles that copy in its own cache and plays ``--hands``
hands of each ``--players`` (``core.backend.run_chunk``, one thread, after 50 warm-up
hands). It prints, per phase, its calls and cycles per hand and its share of the hand's.

The counters live in a buffer at a fixed address (:data:`COUNTER_ADDRESS`, mapped by the
child), which the instrumented kernels address as a constant, so their cached code stays
valid in the next process (the line that imports the counters carries a digest of their
module, so a changed counter module recompiles the copy). Linux on x86-64 only: the buffer
is mapped with Linux's ``mmap`` flags, and the counter read is the time-stamp counter, which
ticks at a fixed rate (2.4 GHz on the machine of docs/core-conventions.md) whatever the
core's clock.

A probe names a statement by its exact text: whole lines, found once in its module. A kernel
edit that changes that text makes :func:`instrument` fail with the probe's name
(tests/unit/test_phase_cycles.py checks the probes against the current source without
compiling). A probe's slot may depend on the statement's variables (``size``, ``n_units``).
A probe whose statement lies inside another probe's must be listed first (the outer probe's
text is then the wrapped one and would no longer be found).

The counts include the probes' own cost: about 50 cycles a probe, from this tool's hands per
second against ``shengji-sim bench``'s (classic-2deck random and greedy), which weighs more on
a hand with few cycles a probe (random) than on a dear one. Compare phases of one run, and
speeds with ``shengji-sim bench``. The first run compiles the copy (about 10 minutes on one
core); ``--work DIR`` keeps it for the next run (a file is rewritten only when its text
changes, so the compile cache stays valid). What it taught is in docs/core-conventions.md
("Run time").

Options: ``--variant`` (repeatable), ``--players`` (repeatable; names, profile files or
``NS=a,EW=b``), ``--hands``, ``--work``, ``--json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

COUNTER_ADDRESS = 0x6F0000000000  #: where the child maps the counters (a free address)
SLOTS = 64  #: phases at most; the buffer holds their cycles, then their calls
ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "shengji_sim" / "core"


def module_path(module: str) -> Path:
    """The core's module named ``module`` (a file stem, one in all the core's rooms)."""
    found = sorted(CORE.rglob(f"{module}.py"))
    if len(found) != 1:
        raise ValueError(f"{len(found)} modules {module}.py in shengji_sim/core, not one")
    return found[0]


@dataclass(frozen=True)
class Probe:
    """Cycles of one statement of ``module`` (the core's one module of that name,
    ``shengji_sim/core/<room>/<module>.py``, :func:`module_path`): ``text``, its exact source
    (found once), counted into the phase ``names[slot]``, ``slot`` a Python expression of the
    statement's variables (``"0"`` for one phase)."""

    module: str
    text: str
    names: tuple[str, ...]
    slot: str = "0"


PROBES: tuple[Probe, ...] = (
    Probe("game_nb", """\
        status[i] = play_hand_nb(kt, sw, rule_col, root, start + i, 1, -1, lane, cand, out, i,
                                 False)""", ("a hand, in all",)),
    Probe("game_nb", """\
    status = pre_trick_nb(kt, sw, lane.state, lane.levels, match_dealer, hand_number,
                          lane.pkinds, cand, pre)""", ("deal, declarations, kitty",)),
    Probe("play_trick_nb", """\
    size, top, first = _lead(kt, sw, level, trump, lane, cand, leader)""", ("lead",)),
    Probe("play_trick_nb", """\
            trumps_out, void, kept = _heuristic_view(kt, sw, level, trump, lane, leader)""",
          ("lead: heuristic memory view",)),
    Probe("heuristic_lead_nb", """\
    n = lead_options_nb(kt, sw, level, trump, hand, lb)""",
          ("lead: heuristic leads listed (no proven throw)",)),
    Probe("heuristic_lead_nb", """\
        i = expert_lead_nb(kt, level, trump, p, hand, hm, gmask, lb, n, tops, trumps_out, void,
                           seat, kept)""", ("lead: expert choice among them",)),
    Probe("play_trick_nb", """\
    n_units = _lead_units(kt, sw, level, trump, lane, size, first)""",
          ("lead's units",)),
    Probe("play_trick_nb", """\
        rule, table_row = _follow(kt, sw, level, trump, lane, cand, seat, position, leader,
                                  n_units, size, first)""",
          ("follow: one-card lead", "follow: one-unit lead of 2+ cards",
           "follow: throw"), "0 if size == 1 else (1 if n_units == 1 else 2)"),
    Probe("play_follow_nb", """\
        rule = short_family_nb(kt, level, trump, lane, seat, size,
                               kt.cls_pmask[level, trump, first])""",
          ("follow, expert: short in the led class? (one unit)",
           "follow, expert: short in the led class? (throw)"), "0 if n_units == 1 else 1"),
    Probe("play_follow_nb", """\
        _expert_one_family(kt, sw, level, trump, lane, seat, position, leader, n_units)""",
          ("follow, expert: one-family choice (one unit)",
           "follow, expert: one-family choice (throw)"), "0 if n_units == 1 else 1"),
    Probe("play_follow_nb", """\
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lane.lead, n_units, lane.uw,
                                    lane.ul, lane.uk, pre.hands[seat], position, lane.fb)""",
          ("follow, family kernels: families (one unit)",
           "follow, family kernels: families (throw)"), "0 if n_units == 1 else 1"),
    Probe("play_follow_nb", """\
    count = options_count_nb(kt, level, trump, lane.fb, n_fam)""",
          ("follow, family kernels: count (one unit)",
           "follow, family kernels: count (throw)"), "0 if n_units == 1 else 1"),
    Probe("play_follow_nb", """\
        pick = _expert_pick(kt, sw, level, trump, lane, seat, position, leader, n_units,
                            n_fam, count)""",
          ("follow, family kernels: expert choice (one unit)",
           "follow, family kernels: expert choice (throw)"), "0 if n_units == 1 else 1"),
    Probe("play_follow_nb", """\
        pick = greedy_follow_nb(kt, sw, level, trump, greedy_walk_nb(lane), n_fam, count,
                                position, seat % 2, leader, n_units)""",
          ("follow, family kernels: greedy choice (one unit)",
           "follow, family kernels: greedy choice (throw)"),
          "0 if n_units == 1 else 1"),
    Probe("play_trick_nb", """\
            note_play_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                         lane.smask, lane.void, lane.plays, 0, leader, first)""",
          ("memory: note the lead",)),
    Probe("play_trick_nb", """\
            if lane.hflag[0] and size == 1:
                note_card_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                             lane.smask, lane.void, lane.tk[position], position, seat, first)
            elif lane.hflag[0]:
                note_play_nb(sw, kt.group[level, trump], kt.order[level, trump], lane.seen,
                             lane.smask, lane.void, lane.plays, position, seat, first)""",
          ("memory: note a follow",)),
    Probe("play_trick_nb", """\
    winner, points = _winner_and_points(kt, sw, level, trump, lane, size, first, n_units)""",
          ("trick winner and points",)),
)


def _probe_var(slot: int) -> str:
    """The variable holding a probe's first counter read (one per probe: probes may nest)."""
    return f"_pc_t{slot}"


def _counters_source() -> str:
    return (ROOT / "tools" / "_phase_counters.py").read_text()


def _import_line() -> str:
    """The counters' import, with a digest of their module: a changed module changes every
    instrumented file, so none is loaded from a compile cache made with the old one."""
    digest = hashlib.sha256(_counters_source().encode()).hexdigest()[:16]
    return (f"from _phase_counters import count as _pc_count, cycles as _pc_cycles"
            f"  # counters {digest}\n")


def instrumented(source: str, module: str, probes: tuple[Probe, ...] = PROBES,
                 first_slot: int = 0) -> tuple[str, list[str]]:
    """``source`` of ``module`` with its probes (those of ``probes`` naming it) wrapped, and
    their phase names in slot order from ``first_slot``. A probe whose text is not found
    exactly once as whole lines is a :class:`ValueError` naming it.

    >>> src = "def f(x):\\n    y = g(x)\\n    return y\\n"
    >>> out, names = instrumented(src, "m", (Probe("m", "    y = g(x)", ("g",)),))
    >>> print(out)  # doctest: +ELLIPSIS
    from _phase_counters import count as _pc_count, cycles as _pc_cycles  # counters ...
    def f(x):
        _pc_t0 = _pc_cycles()
        y = g(x)
        _pc_count(0 + (0), _pc_cycles() - _pc_t0)
        return y
    <BLANKLINE>
    >>> names
    ['g']
    """
    names: list[str] = []
    out = source
    for probe in (p for p in probes if p.module == module):
        lines = f"\n{probe.text}\n"  # whole lines: not the tail of a longer line
        found = out.count(lines)
        if found != 1:
            raise ValueError(f"probe {probe.names[0]!r}: its statement is in "
                             f"{module}.py {found} times, not once")
        indent = probe.text[:len(probe.text) - len(probe.text.lstrip(" "))]
        slot = first_slot + len(names)
        t = _probe_var(slot)
        wrapped = (f"\n{indent}{t} = _pc_cycles()\n{probe.text}\n"
                   f"{indent}_pc_count({slot} + ({probe.slot}), _pc_cycles() - {t})\n")
        out = out.replace(lines, wrapped)
        names.extend(probe.names)
    if names:
        header = _import_line()
        future = "from __future__ import annotations\n"
        out = out.replace(future, future + header, 1) if future in out else header + out
    return out, names


def instrument(work: Path, probes: tuple[Probe, ...] = PROBES) -> list[str]:
    """Copy ``shengji_sim`` and the variants and strategies into ``work`` with the probes
    inserted (a file rewritten only when its text changes) and the counters module beside
    it; returns the phase names in slot order."""
    unknown = sorted({p.module for p in probes} - {p.stem for p in CORE.rglob("*.py")})
    if unknown:
        raise ValueError(f"probes name no module {unknown[0]}.py of shengji_sim/core")
    work.mkdir(parents=True, exist_ok=True)
    for folder in ("variants", "strategies"):
        shutil.copytree(ROOT / folder, work / folder, dirs_exist_ok=True)
    names: list[str] = []
    package = ROOT / "shengji_sim"
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or path.is_dir():
            continue
        target = work / "shengji_sim" / path.relative_to(package)
        target.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        if path.suffix == ".py" and CORE in path.parents:
            text, added = instrumented(data.decode(), path.stem, probes, len(names))
            names.extend(added)
            data = text.encode()
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
    if len(names) > SLOTS:
        raise ValueError(f"{len(names)} phases, more than the {SLOTS} slots")
    counters = _counters_source()
    target = work / "_phase_counters.py"
    if not target.exists() or target.read_text() != counters:
        target.write_text(counters)
    return names


def _child(variants: list[str], players: list[str], hands: int) -> None:
    """Run in the work directory: each variant and players' counts as one JSON line."""
    import time

    import _phase_counters as pc

    import shengji_sim
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import run_chunk

    if not Path(shengji_sim.__file__).resolve().is_relative_to(Path.cwd().resolve()):
        sys.exit(f"phase_cycles: imported {shengji_sim.__file__}, not the instrumented copy")

    for name in variants:
        variant = load_variant(name)
        for who in players:
            run_chunk(variant, who, 0, 0, 50, 1)  # compile and warm up
            pc.BUFFER[:] = 0
            began = time.perf_counter()
            run_chunk(variant, who, 0, 0, hands, 1)
            seconds = time.perf_counter() - began
            print(json.dumps({"variant": name, "players": who, "hands": hands,
                              "seconds": seconds, "cycles": pc.BUFFER[:SLOTS].tolist(),
                              "calls": pc.BUFFER[SLOTS:].tolist()}), flush=True)


def table(run: dict, names: list[str]) -> str:
    """One run's phases as text: calls and cycles a hand, cycles a call, and the share of a
    hand's cycles, which are those of slot 0 (:data:`PROBES` begins with the whole hand).

    >>> run = {"variant": "v", "players": "p", "hands": 2, "seconds": 1.0,
    ...        "cycles": [1000, 300, 0], "calls": [2, 4, 0]}
    >>> print(table(run, ["a hand, in all", "lead", "never"]))
    v, p: 2 hands, 2 hands/s under the probes, 500 cycles a hand
      phase                                              calls/hand cycles/call cycles/hand  share
      a hand, in all                                           1.00         500         500 100.0%
      lead                                                     2.00          75         150  30.0%
    """
    hands = run["hands"]
    per_hand = run["cycles"][0] / hands
    lines = [f"{run['variant']}, {run['players']}: {hands:,} hands, "
             f"{hands / run['seconds']:,.0f} hands/s under the probes, "
             f"{per_hand:,.0f} cycles a hand",
             f"  {'phase':50} {'calls/hand':>10} {'cycles/call':>11} {'cycles/hand':>11} "
             f"{'share':>6}"]
    for slot, name in enumerate(names):
        calls, cycles = run["calls"][slot], run["cycles"][slot]
        if calls:
            lines.append(f"  {name:50} {calls / hands:10.2f} {cycles / calls:11,.0f} "
                         f"{cycles / hands:11,.0f} {cycles / hands / per_hand:6.1%}")
    return "\n".join(lines)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: must be at least 1")
    return value


def _full_path(name: str) -> str:
    """A variant or profile file by its full path (the child runs in the work directory);
    a built-in name as it is."""
    return str(Path(name).resolve()) if Path(name).is_file() else name


def _resolved_players(spec: str) -> str:
    """A players spec (``seats.parse_players``'s forms, ``NS=a.toml,EW=b`` included) with its
    profile files by full path; the child checks the names.

    >>> _resolved_players("NS=greedy, EW=random")
    'NS=greedy,EW=random'
    """
    from shengji_sim.config.seats import canonical, parse_players

    seats = parse_players(spec, (), check=lambda name: None)
    return canonical(tuple(_full_path(name) for name in seats))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.phase_cycles",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append")
    parser.add_argument("--players", action="append")
    parser.add_argument("--hands", type=_positive, default=3000)
    parser.add_argument("--work", help="the instrumented copy and its compile cache "
                        "(kept; default a temporary directory)")
    parser.add_argument("--json", action="store_true", help="one JSON object a run")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    variants = args.variant or ["classic-2deck"]
    players = args.players or ["expert"]
    if args.child:
        _child(variants, players, args.hands)
        return
    with tempfile.TemporaryDirectory(prefix="phase_cycles_") as scratch:
        work = Path(args.work).resolve() if args.work else Path(scratch)
        names = instrument(work)
        env = dict(os.environ, PYTHONPATH=str(work), NUMBA_CACHE_DIR=str(work / "cache"))
        # the copy is first on the path (PYTHONPATH, and the working directory); the
        # repository is appended for ``tools`` alone
        cmd = [sys.executable, "-c",
               f"import sys; sys.path.append({str(ROOT)!r}); "
               "from tools.phase_cycles import main; main(sys.argv[1:])", "--child",
               "--hands", str(args.hands)]
        for v in variants:  # the child runs in the work directory: files by their full path
            cmd += ["--variant", _full_path(v)]
        for p in players:
            cmd += ["--players", _resolved_players(p)]
        done = subprocess.run(cmd, env=env, cwd=work, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"phase_cycles: the instrumented run failed:\n{done.stderr[-3000:]}")
        for line in done.stdout.splitlines():
            run = json.loads(line)
            print(json.dumps(run) if args.json else table(run, names) + "\n")


if __name__ == "__main__":
    main()
