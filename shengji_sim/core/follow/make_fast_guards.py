"""Generate :mod:`shengji_sim.core.follow.fast_guards_nb` from :data:`.fast_paths.FAST_PATHS`.

``python -m shengji_sim.core.follow.make_fast_guards`` rewrites ``core/follow/fast_guards_nb.py``;
``tests/unit/test_fast_paths.py`` fails when the checked-in file differs from :func:`render`.
The guards are generated, not built from the table at import time, so a cached kernel depends
only on source files (the kernel cache is keyed by them, ``core/__init__.py``), and each test
of a switch is spelled out with its rule ID, as in ``core/base/switches.py``.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from shengji_sim.config.interpretations import item_for_key
from shengji_sim.config.variant_schema import SCHEMA
from shengji_sim.core.base.make_switches import const_name
from shengji_sim.core.follow.fast_paths import FAST_PATHS, Decline

TARGET = Path(__file__).with_name("fast_guards_nb.py")
WIDTH = 100
HEADER = '''"""Follow fast-path guards: GENERATED from core/follow/fast_paths.py, do not edit.

Regenerate with ``python -m shengji_sim.core.follow.make_fast_guards`` after changing
:data:`shengji_sim.core.follow.fast_paths.FAST_PATHS`; ``tests/unit/test_fast_paths.py`` fails
when this file is stale.

``<path>_declines_nb(sw, *flags)`` is true where the fast path ``<path>`` leaves the follow to
the family kernels (it returns rule -1 and draws nothing): under one of the readings the table
lists for it, each a test of ``sw`` (``core/base/switches.py``) and maybe a position flag.
"""

from __future__ import annotations

from shengji_sim.core.base.jit import njit
'''


def _label(decline: Decline, key: str, value: str) -> str:
    """The comment of a switch test: the AMB/OTH reading's letter and meaning (checked against
    the rule ID the table gives), else the table's rule ID with the key's rules."""
    item = item_for_key(key)
    if item is not None:
        letter = f"{item.id} {item.letter_for(key, value)}"
        if letter not in decline.rule:
            raise ValueError(f"fast_paths: {key} = {value!r} is {letter}, not {decline.rule}")
        alt = next(a for a in item.alternatives if a.key == key and a.value == value)
        return f"{letter}: {value!r}, {alt.description}"
    return f"{decline.rule}: {key} = {value!r}"


def _check(key: str, value: str) -> None:
    field = SCHEMA.get(key)
    if field is None or field.type != "str" or value not in (field.allowed or ()):
        raise ValueError(f"fast_paths: {key} = {value!r} is not a value of the schema")


def _test(key: str, value: str, names: set[str]) -> str:
    """``sw[SW_KEY] == V_KEY_VALUE``; an AMB/OTH switch's letter A through ``reading_nb``
    (an n/a switch reads as A, ``core/base/switches.py``)."""
    _check(key, value)
    slot, code = f"SW_{const_name(key)}", f"V_{const_name(key)}_{const_name(value)}"
    names.update((slot, code))
    if item_for_key(key) is not None and SCHEMA[key].allowed.index(value) == 0:
        names.add("reading_nb")
        return f"reading_nb(sw, {slot}) == {code}"
    return f"sw[{slot}] == {code}"


def _decline_lines(decline: Decline, flags: tuple[str, ...], names: set[str]) -> list[str]:
    tests = [_test(key, value, names) for key, value in decline.switches]
    if decline.when:
        if decline.when not in flags:
            raise ValueError(f"fast_paths: flag {decline.when!r} is not one of {flags}")
        tests.append(decline.when)
    lines = []
    for key, value in decline.switches:
        lines += ["    " + c for c in _comment(_label(decline, key, value))]
    if decline.when:
        lines.append(f"    # ... when {decline.when}")
    cond = " and ".join(tests)
    if len(cond) + 8 > WIDTH:
        cond = "(" + ("\n" + " " * 12 + "and ").join(tests) + ")"
    lines += [f"    if {cond}:", "        return True"]
    return lines


def _comment(text: str) -> list[str]:
    """A ``#`` comment wrapped to the line length (four spaces in)."""
    return ["# " + line for line in textwrap.wrap(text, WIDTH - 6)]


def _guard(name: str, doc: str, flags: tuple[str, ...], declines: tuple[Decline, ...],
           names: set[str]) -> list[str]:
    args = ", ".join(("sw",) + flags)
    lines = ["", "", "@njit(cache=True, _nrt=False)", f"def {name}_declines_nb({args}):"]
    lines.append(f'    """Does the {name} fast path decline? It covers {doc}."""')
    for decline in declines:
        lines += _decline_lines(decline, flags, names)
    lines.append("    return False")
    return lines


def _wrap_doc(line: str) -> list[str]:
    """A long docstring line wrapped to the line length, indented as the first."""
    if len(line) <= WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()))
    return textwrap.wrap(line.strip(), WIDTH, initial_indent=indent, subsequent_indent=indent)


def render() -> str:
    """The text of ``fast_guards_nb.py`` for the current table."""
    names: set[str] = set()
    body: list[str] = []
    for name, path in FAST_PATHS.items():
        for line in _guard(name, path.doc, path.flags, path.declines, names):
            body += _wrap_doc(line) if line.lstrip().startswith('"""') else [line]
    imports = ["from shengji_sim.core.base.switches import ("]
    imports += [f"    {n}," for n in sorted(names)]
    imports.append(")")
    return HEADER + "\n".join(imports + body) + "\n"


def main() -> None:
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
