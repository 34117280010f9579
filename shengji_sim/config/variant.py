"""Variant files: loading, validation, ``extends``, ``--amb`` and ``--set`` overrides, and the
resolved :class:`Variant` (the key table: :mod:`shengji_sim.config.variant_schema`).

A variant is a TOML file in ``variants/`` (or any path) with top-level ``name``, ``rule_set``,
``description`` and optional ``extends``, and the sections [deck] [ranking] [compare] [follow]
[throw] [kitty] [bidding] [chaodi] [scoring]. Every key name is unique across sections, and
:class:`Variant` exposes each as a flat attribute (``variant.quad_vs_tractor``).

:data:`~shengji_sim.config.variant_schema.SCHEMA` is the closed table of keys (section, type,
allowed values or range, default, rule IDs, doc). Keys that switch an AMB/OTH item of RULES.md
(see :mod:`shengji_sim.config.interpretations`) are optional: a variant file leaves a key out
where RULES.md §8 says the item is n/a, the item is then not in ``Variant.applicable`` and the
attribute takes the schema default (the value of letter A). Every other key is required (after
``extends``).

Loading order: the ``extends`` chain (base first, each file's keys override), then ``--amb`` (only
for items whose key is present; others warn and change nothing), then ``--set``, then derived keys
(AMB-28 ``cz4_hand`` and AMB-27 ``jj4_kitty`` fix hand/kitty sizes; OTH-9 B forces
``fixed_two = "none"``), then the cross-field checks (RULES.md DECK-1, DECK-2, DECK-3, POINT-1,
COMBO-5, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10). Every error is a
:class:`VariantError` whose message is one line naming the file (or ``--set`` /
``--amb ...``), the key, the bad value and what is accepted.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property
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
from shengji_sim.config.interpretations import ITEMS, VariantError, item_for_key, parse_amb
from shengji_sim.config.variant_schema import (
    _FIELDS,
    META_KEYS,
    SCHEMA,
    SECTIONS,
    Field,
    _check_value,
    _fail,
    _type_name,
)

__all__ = [
    "Variant",
    "VariantError",
    "builtin_names",
    "dump_variant",
    "load_variant",
    "variant_from_mapping",
    "variants_dir",
]

# ---------------------------------------------------------------------------------------------
# The resolved variant


#: a schema type -> the attribute's Python type (``tractor_units`` is normalised to a tuple)
_PYTHON_TYPES: dict[str, Any] = {
    "str": str, "int": int, "bool": bool, "list[int]": tuple[int, ...],
}


def _schema_keys(cls: type) -> type:
    """Declare every schema key as a field of ``cls`` (in schema order, after its own fields),
    with the Python type of its schema type: the schema is the one list of keys, and
    ``git grep`` for a key finds its type, values, rule IDs and doc there."""
    for f in _FIELDS:
        cls.__annotations__[f.key] = _PYTHON_TYPES[f.type]
    return cls


@dataclass(frozen=True)
@_schema_keys
class Variant:
    """A resolved, validated rule variant; every schema key is a flat attribute.

    The schema keys are its fields (:func:`_schema_keys`: declared from
    :data:`~shengji_sim.config.variant_schema.SCHEMA`, not listed here), after the fields below.
    ``applicable`` holds the IDs of the AMB/OTH items whose key is present in the resolved
    file (after ``extends`` and ``--set``); an absent switch key takes its schema default.
    ``present_keys`` is the set of schema keys actually given. ``source`` is not compared.
    """

    name: str
    rule_set: str
    description: str
    source: str = dataclass_field(compare=False)
    applicable: frozenset[str]
    present_keys: frozenset[str]

    @property
    def max_set(self) -> int:
        """The widest set (identical cards) the deck allows: one per deck."""
        return self.decks

    def values(self) -> dict[str, Any]:
        """Every schema key -> resolved value (tuples stay tuples)."""
        return {key: getattr(self, key) for key in SCHEMA}

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: name, rule_set, description, applicable (sorted) and every key's value."""
        out: dict[str, Any] = {
            "name": self.name,
            "rule_set": self.rule_set,
            "description": self.description,
            "applicable": _sorted_ids(self.applicable),
        }
        for key, value in self.values().items():
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @cached_property
    def content_hash(self) -> str:
        """sha256 hex of canonical JSON of rule_set, applicable and every resolved value."""
        payload = self.to_dict()
        del payload["name"], payload["description"]
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def readings(self) -> dict[str, str]:
        """Each applicable item ID -> its letter (``"B1"``; AMB-27 as ``"A/(ii)"``)."""
        out: dict[str, str] = {}
        for item_id in _sorted_ids(self.applicable):
            item = ITEMS[item_id]
            parts = [
                item.letter_for(key, getattr(self, key))
                for key in item.keys
                if key in self.present_keys
            ]
            out[item_id] = "/".join(parts)
        return out

    def to_toml(self) -> str:
        """The variant as a self-contained TOML file (present keys only); see dump_variant."""
        return dump_variant(self)


def _sorted_ids(ids: Iterable[str]) -> list[str]:
    order = {item_id: i for i, item_id in enumerate(ITEMS)}
    return sorted(ids, key=lambda item_id: order.get(item_id, len(order)))


# ---------------------------------------------------------------------------------------------
# Locating files


def variants_dir() -> Path:
    """The built-in variants: package data ``_variants/`` if installed, else repo ``variants/``."""
    return data_dir("variants")


def builtin_names() -> list[str]:
    """Names (file stems) of the built-in variants, sorted."""
    return names_in(variants_dir())


def _locate(name_or_path: str) -> Path:
    path = locate(variants_dir(), name_or_path, any_existing_file=True)
    if path is None:
        raise VariantError(unknown(name_or_path, "variant", "a built-in name", builtin_names()))
    return path


# ---------------------------------------------------------------------------------------------
# Reading and checking one file


@dataclass
class _Doc:
    """One parsed variant file (or mapping): its meta keys and checked values."""

    label: str
    base_dir: Path
    path: Path | None
    meta: dict[str, str]
    values: dict[str, Any]


def _read_toml(path: Path, label: str) -> dict[str, Any]:
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise VariantError(f"{label}: cannot read file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise VariantError(f"{label}: malformed TOML: file is not UTF-8") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = " ".join(str(exc).split())
        raise VariantError(f"{label}: malformed TOML: {message}") from None


def _unknown_top(label: str, top: str, value: Any) -> VariantError:
    if isinstance(value, Mapping):
        hint = did_you_mean(top, SECTIONS)
        return VariantError(
            f"{label}: section [{top}]: unknown section{hint}; "
            f"expected one of {', '.join(f'[{s}]' for s in SECTIONS)}"
        )
    hint = did_you_mean(top, [*META_KEYS, *SCHEMA])
    return _fail(label, top, f"unknown top-level key{hint}; expected one of "
                             f"{', '.join(META_KEYS)} or a section")


def _parse_section(label: str, section: str, table: Any, values: dict[str, Any]) -> None:
    if not isinstance(table, Mapping):
        raise VariantError(
            f"{label}: section [{section}]: value {table!r} has type {_type_name(table)}; "
            f"expected a table"
        )
    for key, value in table.items():
        f = SCHEMA.get(key)
        if f is None:
            hint = did_you_mean(key, SCHEMA)
            raise _fail(label, key, f"unknown key in [{section}]{hint}")
        if f.section != section:
            raise _fail(label, key, f"belongs in [{f.section}], not [{section}]")
        values[key] = _check_value(f, value, label)


def _parse_doc(doc: Mapping[str, Any], label: str, base_dir: Path, path: Path | None) -> _Doc:
    meta: dict[str, str] = {}
    values: dict[str, Any] = {}
    for top, value in doc.items():
        if top in META_KEYS:
            if not isinstance(value, str):
                raise _fail(label, top, f"value {value!r} has type {_type_name(value)}; "
                                        f"expected a string")
            meta[top] = value
        elif top in SECTIONS:
            _parse_section(label, top, value, values)
        elif top in SCHEMA:
            raise _fail(label, top, f"must be inside section [{SCHEMA[top].section}]")
        else:
            raise _unknown_top(label, top, value)
    return _Doc(label, base_dir, path, meta, values)


# ---------------------------------------------------------------------------------------------
# extends


def _locate_extends(doc: _Doc) -> Path:
    target = doc.meta["extends"]
    if not looks_like_path(target):
        names = builtin_names()
        if target in names:
            return variants_dir() / f"{target}.toml"
        raise _fail(doc.label, "extends", f"value {target!r} is not a built-in variant"
                                          f"{did_you_mean(target, names)}; expected one of "
                                          f"{', '.join(names)} or a path relative to the file")
    path = Path(target)
    if not path.is_absolute():
        path = doc.base_dir / path
    if not path.is_file():
        raise _fail(doc.label, "extends", f"value {target!r}: no such file {display(path)}")
    return path


def _resolve_chain(doc: _Doc, stack: list[tuple[Path, str]]) -> list[_Doc]:
    """The extends chain ending in ``doc``, base first; cycles are errors."""
    if "extends" not in doc.meta:
        return [doc]
    path = _locate_extends(doc)
    real = path.resolve()
    here = [*stack, (doc.path.resolve(), doc.label)] if doc.path else list(stack)
    if any(real == seen for seen, _ in here):
        loop = " -> ".join([*(label for _, label in here), display(path)])
        raise _fail(doc.label, "extends", f"value {doc.meta['extends']!r} makes a cycle: {loop}")
    label = display(path)
    parent = _parse_doc(_read_toml(path, label), label, path.parent, path)
    return [*_resolve_chain(parent, here), doc]


# ---------------------------------------------------------------------------------------------
# Merging, overrides, derived keys, cross-field checks


@dataclass
class _State:
    """Resolved values so far, with the origin (label, layer rank) of every key."""

    name: str
    values: dict[str, Any]
    origins: dict[str, tuple[str, int]]

    def set(self, key: str, value: Any, label: str, rank: int) -> None:
        self.values[key] = value
        self.origins[key] = (label, rank)

    def where(self, key: str) -> str:
        return self.origins[key][0]

    def rank(self, key: str) -> int:
        return self.origins[key][1]

    def fail(self, key: str, problem: str) -> VariantError:
        value = self.values[key]
        shown = list(value) if isinstance(value, tuple) else value
        return _fail(self.where(key), key, f"value {shown!r} {problem}")

    def blame(self, *keys: str) -> str:
        """Of several keys, the one set last (ties: the first named)."""
        return max(keys, key=lambda k: (self.rank(k), -keys.index(k)))


def _merge(docs: list[_Doc], default_name: str) -> tuple[_State, dict[str, str]]:
    state = _State(docs[-1].meta.get("name", default_name), {}, {})
    meta: dict[str, str] = {"rule_set": "custom", "description": ""}
    for rank, doc in enumerate(docs):
        for key, value in doc.values.items():
            state.set(key, value, doc.label, rank)
        meta.update({k: v for k, v in doc.meta.items() if k in ("rule_set", "description")})
    return state, meta


def _apply_amb(state: _State, specs: Sequence[str], rank: int, warn: Callable[[str], None]) -> None:
    file_keys = set(state.values)
    for spec in specs:
        pairs = parse_amb(spec)
        item = item_for_key(pairs[0][0])
        assert item is not None
        absent = [key for key, _ in pairs if key not in file_keys]
        if len(absent) == len(pairs):
            warn(f"{item.id} does not apply to {state.name}; ignored")
            continue
        for key in absent:
            warn(f"{item.id} part {key!r} does not apply to {state.name}; ignored")
        letters = "/".join(item.letter_for(k, v) for k, v in pairs if k in file_keys)
        label = f"--amb {item.id}={letters}"
        for key, value in pairs:
            if key in file_keys:
                state.set(key, value, label, rank)


def _parse_set_value(raw: str, f: Field) -> Any:
    """A --set value: a TOML value if it parses, else the bare text (always text for str keys)."""
    text = raw.strip()
    try:
        value = tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text
    if f.type == "str" and not isinstance(value, str):
        return text
    return value


def _apply_sets(state: _State, specs: Sequence[str], rank: int) -> None:
    for spec in specs:
        key, sep, raw = spec.partition("=")
        key = key.strip()
        if not sep or not key:
            raise VariantError(f"--set {spec!r}: expected key=value, e.g. --set decks=2")
        f = SCHEMA.get(key)
        if f is None:
            raise _fail("--set", key, f"unknown key{did_you_mean(key, SCHEMA)}")
        state.set(key, _check_value(f, _parse_set_value(raw, f), "--set"), "--set", rank)


def _check_required(state: _State, label: str) -> None:
    for f in _FIELDS:
        if f.required and f.key not in state.values:
            raise _fail(label, f.key, f"missing; required in [{f.section}] ({f.rules}): {f.doc}")


def _impose_hand(state: _State, switch: str, hand: int, kitty: int) -> None:
    """A switch (cz4_hand, jj4_kitty) fixes hand_size/kitty_size unless set later or with it."""
    for key, want in (("hand_size", hand), ("kitty_size", kitty)):
        if state.values[key] == want:
            continue
        if state.rank(key) >= state.rank(switch):
            raise state.fail(key, f"conflicts with {switch} = {state.values[switch]!r} "
                                  f"(which gives hand_size {hand}, kitty_size {kitty})")
        state.set(key, want, state.where(switch), state.rank(switch))


def _derive(state: _State) -> None:
    """Derived keys: AMB-28 cz4_hand, AMB-27 jj4_kitty (hand/kitty), OTH-9 B (fixed_two)."""
    total = state.values["total_cards"]
    if "cz4_hand" in state.values:
        hand, kitty = (int(n) for n in state.values["cz4_hand"].split("+"))
        if 4 * hand + kitty != total:
            possible = [v for v in SCHEMA["cz4_hand"].allowed or ()
                        if 4 * int(v.split("+")[0]) + int(v.split("+")[1]) == total]
            raise state.fail("cz4_hand", f"is impossible: {hand}*4+{kitty} = {4 * hand + kitty}"
                                         f" != {total} (AMB-28); expected one of "
                                         f"{', '.join(repr(v) for v in possible) or 'none'}")
        _impose_hand(state, "cz4_hand", hand, kitty)
    if "jj4_kitty" in state.values:
        kitty = 0 if state.values["jj4_kitty"] == "none" else 8
        if (total - kitty) % 4 or kitty >= total:
            raise state.fail("jj4_kitty", f"is impossible: {total} - {kitty} cards do not "
                                          f"split into 4 hands (AMB-27)")
        _impose_hand(state, "jj4_kitty", (total - kitty) // 4, kitty)
    if state.values.get("fixed_two_oth") == "none":
        state.set("fixed_two", "none", state.where("fixed_two_oth"), state.rank("fixed_two_oth"))


def _cross_check(state: _State) -> None:
    """DECK-1, DECK-2, DECK-3, POINT-1, COMBO-5 and FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7,
    FOLLOW-8, FOLLOW-9, FOLLOW-10 constraints between keys."""
    v = state.values
    decks, total = v["decks"], v["total_cards"]
    if total != decks * 54:
        key = state.blame("total_cards", "decks")
        raise state.fail(key, f"breaks total_cards == decks*54 (DECK-2): "
                              f"{total} != {decks}*54 = {decks * 54}")
    if v["total_points"] != decks * 100:
        key = state.blame("total_points", "decks")
        raise state.fail(key, f"breaks total_points == decks*100 (POINT-1): "
                              f"{v['total_points']} != {decks}*100 = {decks * 100}")
    _derive(state)
    hand, kitty = v["hand_size"], v["kitty_size"]
    if kitty >= total:
        raise state.fail(state.blame("kitty_size", "total_cards"),
                         f"breaks kitty_size < total_cards (DECK-3): {kitty} >= {total}")
    if 4 * hand + kitty != total:
        key = state.blame("hand_size", "kitty_size", "total_cards", "decks")
        raise state.fail(key, f"breaks 4*hand_size + kitty_size == total_cards (DECK-3): "
                              f"4*{hand} + {kitty} = {4 * hand + kitty} != {total}")
    too_wide = [u for u in v["tractor_units"] if u > decks]
    if too_wide:
        raise state.fail(state.blame("tractor_units", "decks"),
                         f"breaks tractor_units each <= decks (COMBO-5): unit {too_wide[0]} "
                         f"needs {too_wide[0]} decks, decks = {decks}")
    if v["follow_policy"] in ("jj4_tables", "cz4_chains") and decks != 4:
        raise state.fail(state.blame("follow_policy", "decks"),
                         f"breaks follow_policy {v['follow_policy']!r} needs decks == 4 "
                         "(its tables use quads; FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, "
                         f"FOLLOW-8, FOLLOW-9, FOLLOW-10): decks = {decks}")


def _build(
    docs: list[_Doc],
    default_name: str,
    amb: Sequence[str],
    sets: Sequence[str],
    warn: Callable[[str], None] | None,
) -> Variant:
    state, meta = _merge(docs, default_name)
    _apply_amb(state, amb, len(docs), warn or _default_warn)
    _apply_sets(state, sets, len(docs) + 1)
    _check_required(state, docs[-1].label)
    _cross_check(state)
    present = frozenset(state.values)
    applicable = frozenset(
        item.id for key in present if (item := item_for_key(key)) is not None
    )
    values = {f.key: state.values.get(f.key, f.default) for f in _FIELDS}
    return Variant(
        name=state.name,
        rule_set=meta["rule_set"],
        description=meta["description"],
        source=docs[-1].label,
        applicable=applicable,
        present_keys=present,
        **values,
    )


def _default_warn(message: str) -> None:
    warnings.warn(message, UserWarning, stacklevel=4)


# ---------------------------------------------------------------------------------------------
# Public entry points


def load_variant(
    name_or_path: str,
    amb: Sequence[str] = (),
    sets: Sequence[str] = (),
    warn: Callable[[str], None] | None = None,
) -> Variant:
    """Load a built-in variant by name, or a .toml file by path, with overrides.

    ``amb``: specs like ``"AMB-09=C"`` / ``"OTH-1=B"`` (an item whose key is absent from the
    resolved file calls ``warn`` and changes nothing; default: ``warnings.warn``).
    ``sets``: ``"key=value"`` (a TOML value, or a bare word as a string). Raises VariantError.
    """
    path = _locate(name_or_path)
    label = name_or_path if looks_like_path(name_or_path) else display(path)
    doc = _parse_doc(_read_toml(path, label), label, path.parent, path)
    return _build(_resolve_chain(doc, []), path.stem, amb, sets, warn)


def variant_from_mapping(
    data: Mapping[str, Any],
    amb: Sequence[str] = (),
    sets: Sequence[str] = (),
    warn: Callable[[str], None] | None = None,
    source: str = "<mapping>",
    base_dir: Path | None = None,
) -> Variant:
    """Load a variant from an already-parsed TOML document (``extends`` relative to base_dir)."""
    doc = _parse_doc(data, source, base_dir or Path.cwd(), None)
    return _build(_resolve_chain(doc, []), "custom", amb, sets, warn)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False).replace("\x7f", "\\u007f")


def dump_variant(variant: Variant) -> str:
    """A self-contained TOML file (no ``extends``; present keys only) that loads back equal."""
    lines = [
        f"name = {_toml_value(variant.name)}",
        f"rule_set = {_toml_value(variant.rule_set)}",
        f"description = {_toml_value(variant.description)}",
    ]
    for section in SECTIONS:
        keys = [f.key for f in _FIELDS if f.section == section and f.key in variant.present_keys]
        if keys:
            lines += ["", f"[{section}]"]
            lines += [f"{key} = {_toml_value(getattr(variant, key))}" for key in keys]
    return "\n".join(lines) + "\n"
