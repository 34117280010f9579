"""Strategy profiles: the parameters of the heuristic player family, as data.

A profile is a TOML file in ``strategies/`` (or any path) with top-level ``name``,
``description``, optional ``extends`` (a built-in profile name or a path relative to the
file), and the keys of :data:`SCHEMA` at top level or in their section ([declare] [bury]
[lead] [follow] [endgame]; a key may be written in its section or at top level, never in
another section). Every key is optional: a key left out takes its parent's value (with
``extends``) or the schema default. The defaults are today's ``greedy`` player exactly, so
``strategies/greedy.toml`` sets nothing but its name; ``base = "random"`` ignores every
other key and plays the uniform random player.

Representation
--------------
:class:`StrategyProfile` is a frozen dataclass with one typed attribute per schema key
(``profile.throws``), plus ``name``, ``description`` and ``source`` (the file it came from).
:data:`SCHEMA` is the closed table of keys: section, type ("str", "bool" or "int"),
allowed values or integer range, default and a one-line doc (docs/strategies.md explains
each key in words). Validation is closed: an unknown key or section, a wrong type, a value
out of range, a missing or cyclic ``extends``, malformed TOML: each is a
:class:`StrategyError` (an :class:`~shengji_sim.errors.InputError`, exit 2 on the command
line) whose message is one line naming the file, the key and the bad value.

Built-in profiles are found like the built-in variants: package data ``_strategies/`` when
installed (pyproject force-include), else the repository's ``strategies/``.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shengji_sim.config.datafiles import (
    data_dir,
    did_you_mean,
    display,
    locate,
    looks_like_path,
    names_in,
    unknown,
)
from shengji_sim.errors import InputError

__all__ = [
    "CORE_PROFILES",
    "SCHEMA",
    "SECTIONS",
    "Key",
    "StrategyError",
    "StrategyProfile",
    "load_strategy",
    "strategies_dir",
    "strategy_names",
]

SECTIONS: tuple[str, ...] = ("declare", "bury", "lead", "follow", "endgame")
META_KEYS: tuple[str, ...] = ("name", "description", "extends")
#: The built-in profiles. The Numba core plays every profile, built-in or a file
#: (core.api.player_kind): ``base = "random"`` as random_nb.RANDOM, the default
#: heuristic one as greedy_nb.GREEDY and any other heuristic one as
#: core.heuristic_nb.HEURISTIC with its keys as a parameter row.
CORE_PROFILES: tuple[str, ...] = ("random", "greedy", "expert", "cautious", "bold")


class StrategyError(InputError):
    """A bad strategy profile or profile name; ``str()`` is one line."""


@dataclass(frozen=True)
class Key:
    """One schema key: ``type`` is "str", "bool" or "int"; ``allowed`` the closed value
    set of a "str" key; ``lo``/``hi`` bound an "int" key. ``section`` None: top level only."""

    section: str | None
    key: str
    type: str
    default: Any
    allowed: tuple[str, ...] | None
    lo: int | None
    hi: int | None
    doc: str

    def expected(self) -> str:
        if self.type == "str":
            return "one of " + ", ".join(repr(v) for v in self.allowed or ())
        if self.type == "bool":
            return "true or false"
        return f"an integer in {self.lo}..{self.hi}"


def _str(section, key, values: str, default: str, doc: str) -> Key:
    return Key(section, key, "str", default, tuple(values.split()), None, None, doc)


def _int(section, key, lo: int, hi: int, default: int, doc: str) -> Key:
    return Key(section, key, "int", default, None, lo, hi, doc)


def _bool(section, key, default: bool, doc: str) -> Key:
    return Key(section, key, "bool", default, None, None, None, doc)


_KEYS: list[Key] = [
    _str(None, "base", "heuristic random", "heuristic",
         "'random': the uniform random player (every other key ignored); 'heuristic': the "
         "parameterised heuristic family"),
    _bool(None, "memory", False,
          "remember the public history: cards out per kind, seats shown void in a suit, "
          "which top cards are now master"),
    # [declare]
    _str("declare", "declare_rule", "share strength", "share",
         "'share': declare the strongest option when its suit holds declare_share percent "
         "of the cards held; 'strength': declare the suit whose trumps score best "
         "(length, high trumps, trump pairs) when the score reaches declare_strength"),
    _int("declare", "declare_share", 0, 100, 25,
         "'share' rule: percent of the held cards (at least 4) that must be trumps"),
    _int("declare", "declare_strength", 0, 400, 60,
         "'strength' rule: score x 100 / cards held (at least declare_min_cards) needed; "
         "score = trumps + high trumps (jokers, level cards, trump ace) + trump pairs"),
    _int("declare", "declare_min_cards", 1, 60, 8,
         "'strength' rule: the score is measured against at least this many cards, so a "
         "few lucky early cards do not declare"),
    _int("declare", "declare_playable", 0, 400, 400,
         "'strength' rule: once the hand is complete (the deal's last chance to declare, "
         "and 炒底) the bar is the lower of declare_strength and this: a playable suit is "
         "declared rather than left to BID-8; 400: no lower bar"),
    _bool("declare", "declare_over_partner", True,
          "declare over a declaration the partner made last (false: never counter the "
          "partner; 炒底 is not affected)"),
    # [bury]
    _str("bury", "bury_rule", "weakest void_short", "weakest",
         "'weakest': the weakest non-point non-trump cards; 'void_short': void the shortest "
         "off suits that hold no points, aces or pairs, keep trumps, pairs and points"),
    _bool("bury", "bury_points", False,
          "'void_short' rule: when trumps are at least bury_points_share percent of the "
          "cards kept, off-suit point cards lose their keep bonus: a short suit with points "
          "may be voided and low point cards go to the kitty"),
    _int("bury", "bury_points_share", 0, 100, 40,
         "bury_points: percent of the cards kept (hand size) that must be trumps"),
    # [lead]
    _str("lead", "lead_rule", "greedy expert", "greedy",
         "'greedy': the strongest unit if trump or ace-high, else the lowest single of the "
         "longest off suit; 'expert': proven throws, sure masters, trumps by trump_lead, "
         "low to a suit the partner ruffs, else low"),
    _str("lead", "throws", "never proven", "never",
         "'proven': throw (甩牌) every unit of a suit that memory proves master; 'never'"),
    _str("lead", "trump_lead", "when_strong early keep", "when_strong",
         "expert leads: 'when_strong' leads trumps to draw when holding draw_trumps "
         "trumps; 'early' leads trumps whenever others may hold some; 'keep' leads "
         "trumps only when nothing else is left"),
    _bool("lead", "lead_pairs", False,
          "expert leads: before low singles, lead an off-suit pair or tractor (fewest points) "
          "in a suit no opponent is known void in"),
    _int("lead", "draw_trumps", 0, 60, 8,
         "'when_strong': trumps held needed to lead trumps to draw them"),
    # [follow]
    _str("follow", "follow_rule", "greedy expert", "greedy",
         "'greedy': win as cheaply as possible, feed a winning partner, else the cheapest; "
         "'expert': win only when worth it and it holds, feed a partner whose win is safe, "
         "ruff points, duck otherwise"),
    _int("follow", "win_min_points", 0, 100, 5,
         "expert: points on the table (with the winning play's own) worth winning for"),
    _int("follow", "ruff_min_points", 0, 100, 10,
         "expert: points on the table worth ruffing (trumping an off-suit lead) for"),
    _bool("follow", "win_unsure", False,
          "expert: when no winning play surely holds, still try the cheapest pointless "
          "winning play if the table holds win_min_points"),
    # [endgame]
    _bool("endgame", "kitty_care", False,
          "keep the kitty in mind: in the last endgame_cards cards the dealer side keeps its "
          "biggest trump for the last trick, the attackers keep a trump pair for a multiplier"),
    _int("endgame", "endgame_cards", 1, 60, 5,
         "kitty_care: cards left in hand from which the endgame starts"),
]
SCHEMA: dict[str, Key] = {k.key: k for k in _KEYS}


def _schema_keys(cls: type) -> type:
    """Declare every schema key as a field of ``cls`` with its schema default (in schema
    order, after its own fields): the schema is the one list of keys."""
    python = {"str": str, "int": int, "bool": bool}
    for k in _KEYS:
        cls.__annotations__[k.key] = python[k.type]
        setattr(cls, k.key, k.default)
    return cls


@dataclass(frozen=True)
@_schema_keys
class StrategyProfile:
    """One resolved profile (module docstring); defaults = the ``greedy`` player. The schema
    keys are its fields (:func:`_schema_keys`, from :data:`SCHEMA`), after these three."""

    name: str = "greedy"
    description: str = ""
    source: str = ""

    def values(self) -> dict[str, Any]:
        """Every schema key and its value, in schema order."""
        return {key: getattr(self, key) for key in SCHEMA}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, **self.values()}


# ----------------------------------------------------------------------------- locating


def strategies_dir() -> Path:
    """Built-in profiles: package data ``_strategies/`` if installed, else repo
    ``strategies/``."""
    return data_dir("strategies")


def strategy_names() -> list[str]:
    """Names (file stems) of the built-in profiles, sorted."""
    return names_in(strategies_dir())


def _locate(name_or_path: str) -> Path:
    path = locate(strategies_dir(), name_or_path, any_existing_file=False)
    if path is None:
        raise StrategyError(unknown(name_or_path, "strategy", "a built-in profile",
                                    strategy_names()))
    return path


# ------------------------------------------------------------------------------ checking


def _type_name(value: Any) -> str:
    for py_type, name in ((bool, "boolean"), (int, "integer"), (float, "float"),
                          (str, "string"), (list, "array"), (dict, "table")):
        if isinstance(value, py_type):
            return name
    return type(value).__name__


def _fail(label: str, key: str, problem: str) -> StrategyError:
    return StrategyError(f"{label}: key {key!r}: {problem}")


def _check_value(k: Key, value: Any, label: str) -> Any:
    def bad(problem: str, hint: str = "") -> StrategyError:
        return _fail(label, k.key, f"value {value!r} {problem}; expected {k.expected()}{hint}")

    if k.type == "bool":
        if not isinstance(value, bool):
            raise bad(f"has type {_type_name(value)}")
    elif k.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(f"has type {_type_name(value)}")
        if not k.lo <= value <= k.hi:
            raise bad("is out of range")
    else:
        if not isinstance(value, str):
            raise bad(f"has type {_type_name(value)}")
        if value not in (k.allowed or ()):
            raise bad("is not allowed", did_you_mean(value, k.allowed or ()))
    return value


def _read_toml(path: Path, label: str) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise StrategyError(f"{label}: cannot read file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise StrategyError(f"{label}: malformed TOML: file is not UTF-8") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StrategyError(f"{label}: malformed TOML: {' '.join(str(exc).split())}") from None


def _parse(doc: Mapping[str, Any], label: str) -> tuple[dict[str, str], dict[str, Any]]:
    """(meta, values) of one file; every key checked."""
    meta: dict[str, str] = {}
    values: dict[str, Any] = {}
    for top, value in doc.items():
        if top in META_KEYS:
            if not isinstance(value, str):
                raise _fail(label, top, f"value {value!r} has type {_type_name(value)}; "
                                        "expected a string")
            meta[top] = value
        elif top in SCHEMA:
            values[top] = _check_value(SCHEMA[top], value, label)
        elif top in SECTIONS:
            if not isinstance(value, Mapping):
                raise StrategyError(f"{label}: section [{top}]: value {value!r} has type "
                                    f"{_type_name(value)}; expected a table")
            for key, inner in value.items():
                k = SCHEMA.get(key)
                if k is None:
                    raise _fail(label, key, f"unknown key in [{top}]"
                                            f"{did_you_mean(key, SCHEMA)}")
                if k.section != top:
                    where = f"[{k.section}]" if k.section else "the top level"
                    raise _fail(label, key, f"belongs in {where}, not [{top}]")
                values[key] = _check_value(k, inner, label)
        elif isinstance(value, Mapping):
            raise StrategyError(f"{label}: section [{top}]: unknown section"
                                f"{did_you_mean(top, SECTIONS)}; expected one of "
                                f"{', '.join(f'[{s}]' for s in SECTIONS)}")
        else:
            raise _fail(label, top, f"unknown key{did_you_mean(top, [*META_KEYS, *SCHEMA])};"
                                    f" expected one of {', '.join(META_KEYS)}, a schema key "
                                    "or a section")
    return meta, values


def _locate_extends(target: str, label: str, base_dir: Path) -> Path:
    if not looks_like_path(target):
        names = strategy_names()
        if target in names:
            return strategies_dir() / f"{target}.toml"
        raise _fail(label, "extends", f"value {target!r} is not a built-in profile"
                                      f"{did_you_mean(target, names)}; expected one of "
                                      f"{', '.join(names)} or a path relative to the file")
    path = Path(target)
    if not path.is_absolute():
        path = base_dir / path
    if not path.is_file():
        raise _fail(label, "extends", f"value {target!r}: no such file {display(path)}")
    return path


def _resolve(path: Path, stack: tuple[Path, ...]) -> tuple[dict[str, str], dict[str, Any]]:
    """Merged (meta, values) of ``path`` and its ``extends`` chain (base first)."""
    label = display(path)
    meta, values = _parse(_read_toml(path, label), label)
    if "extends" not in meta:
        return meta, values
    parent = _locate_extends(meta["extends"], label, path.parent)
    here = (*stack, path.resolve())
    if parent.resolve() in here:
        loop = " -> ".join([*(display(p) for p in here), display(parent)])
        raise _fail(label, "extends", f"value {meta['extends']!r} makes a cycle: {loop}")
    parent_meta, merged = _resolve(parent, here)
    merged = {**merged, **values}
    description = meta.get("description", parent_meta.get("description", ""))
    return {**meta, "description": description}, merged


def load_strategy(name_or_path: str) -> StrategyProfile:
    """A built-in profile by name, or a profile file by path; :class:`StrategyError` (one
    line naming the file, key and value) when it is bad."""
    path = _locate(name_or_path)
    meta, values = _resolve(path, ())
    return StrategyProfile(name=meta.get("name", path.stem),
                           description=meta.get("description", ""),
                           source=display(path), **values)


def _check_dataclass_matches_schema() -> None:
    fields = {f.name: f.default for f in dataclasses.fields(StrategyProfile)}
    for key, k in SCHEMA.items():
        assert fields.get(key) == k.default, f"StrategyProfile.{key} default != SCHEMA"


_check_dataclass_matches_schema()
