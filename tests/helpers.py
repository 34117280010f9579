"""Helpers shared by the test modules (imported as ``tests.helpers``, like
``tests.differential``: pyproject's pytest ``pythonpath`` puts the repository root on
``sys.path``). Hypothesis strategies live in :mod:`shengji_sim.fuzz.strategies` and the
modules it names; the kernel == reference checkers in :mod:`tests.differential` (this module
does not import the Numba core).

* :func:`budget`: a test's hypothesis example budget as a multiple of the loaded profile's
  (tests/conftest.py).

* :data:`NAMES`, :func:`var`, :func:`context`: built-in variants by the seed rule-set names of
  RULES.md (CZ4, JJ4, STD2, ONE1, THREE3), with ``--amb`` / ``--set`` overrides.
* :data:`SEAT`, :func:`decl`, :data:`S` .. :data:`D`: the seeds' P1..P4 as seats 0..3 in play
  order (AMB-34 A), declarations and trump suits.
* :func:`run_cli`: the command line in process, as (exit code, stdout, stderr).
* :func:`reference_cases`, :func:`rerun_reference`: re-run a reference test module's tests
  with some of its functions replaced (the kernel parity tests of ``test_core_*``).
"""

from __future__ import annotations

import inspect
import itertools

import pytest
from hypothesis import settings

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.cli import main
from shengji_sim.config.variant import Variant, load_variant
from shengji_sim.rules.bidding import Declaration
from shengji_sim.rules.shapes import Context, make_context

NAMES = {
    "CZ4": "changzhou-4deck",
    "JJ4": "jj-4deck",
    "STD2": "classic-2deck",
    "ONE1": "baifen-1deck",
    "THREE3": "classic-3deck",
}
SEAT = {"P1": 0, "P2": 1, "P3": 2, "P4": 3}
S, H, C, D = (parse_trump(x) for x in "SHCD")


def budget(weight: float, minimum: int = 1, **kwargs) -> settings:
    """``settings`` giving a test ``weight`` times the loaded profile's ``max_examples`` (at
    least ``minimum``; weight 1 = the profile's own budget, the dev profile's 100).
    ``kwargs`` are further settings. Called when the test module is imported, after
    tests/conftest.py (or ``--hypothesis-profile``) has loaded the profile; use it as the
    decorator: ``@budget(4)`` instead of ``@settings(max_examples=400)``."""
    return settings(max_examples=max(minimum, round(weight * settings.default.max_examples)),
                    **kwargs)


LANES_KEPT = 8  #: lanes a differential test keeps (one per variant and readings drawn)


def kept_lane(lanes: dict, key: str, build):
    """``lanes[key]``, built by ``build()`` when missing. A lane holds megabytes of
    buffers and the nightly profile draws thousands of reading combinations, so only the
    last :data:`LANES_KEPT` built are kept (the oldest goes first)."""
    if key not in lanes:
        while len(lanes) >= LANES_KEPT:
            del lanes[next(iter(lanes))]
        lanes[key] = build()
    return lanes[key]


def var(rule_set: str, amb=(), sets=()) -> Variant:
    """The built-in variant of ``rule_set`` with ``--amb`` and ``--set`` overrides."""
    return load_variant(NAMES[rule_set], amb=list(amb), sets=list(sets))


def context(rule_set: str, level: str, trump: str, amb=(), sets=()) -> Context:
    """A Context of :func:`var` for a level and trump in notation ("10", "H", "NT")."""
    return make_context(var(rule_set, amb, sets), parse_rank(level), parse_trump(trump))


def decl(seat: str, cards: str, choice: int | None = None) -> Declaration:
    return Declaration(SEAT[seat], tuple(parse_cards(cards)), choice)


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """``shengji-sim argv...`` in process: (exit code, stdout, stderr). Only the exits of
    :func:`shengji_sim.cli.main` are caught: any other exception (a defect) propagates."""
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def reference_cases(module, prefix="test_"):
    """(name, kwargs) for every test function of ``module`` with its parametrize rows (the
    product of the rows when parametrize marks are stacked)."""
    out = []
    for name, fn in inspect.getmembers(module, inspect.isfunction):
        if not name.startswith(prefix) or fn.__module__ != module.__name__:
            continue
        marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
        if not marks:
            out.append(pytest.param(name, {}, id=name))
            continue
        for i, rows in enumerate(itertools.product(*(_parametrize_rows(m) for m in marks))):
            kwargs = {k: v for row in rows for k, v in row.items()}
            out.append(pytest.param(name, kwargs, id=f"{name}[{i}]"))
    return out


def _parametrize_rows(mark) -> list[dict]:
    """The rows of one parametrize mark as {argument name: value}."""
    names, rows = mark.args[0], mark.args[1]
    names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
    return [dict(zip(names, row if len(names) > 1 else (row,))) for row in rows]


def rerun_reference(monkeypatch, module, name: str, kwargs: dict, **replacements) -> None:
    """Run test ``name`` of ``module`` with ``kwargs``, its functions ``replacements`` swapped
    in (for the test only): a checker that asserts kernel == reference on each call."""
    for attr, fn in replacements.items():
        monkeypatch.setattr(module, attr, fn)
    getattr(module, name)(**kwargs)
