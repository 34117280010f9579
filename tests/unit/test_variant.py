"""Variant files: built-ins, RULES.md §8 defaults, --amb/--set, extends, hashing, validation.

The §8 table below is transcribed from RULES.md §8.1 by hand, independently of
shengji_sim.config.interpretations, so the built-in files are checked against the rules text itself.
"""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.config.interpretations import ITEMS, item_for_key
from shengji_sim.config.variant import (
    Variant,
    VariantError,
    builtin_names,
    dump_variant,
    load_variant,
    variant_from_mapping,
    variants_dir,
)
from shengji_sim.config.variant_schema import SCHEMA, SECTIONS, describe_schema
from tests.helpers import NAMES

RULE_SETS = ("CZ4", "JJ4", "STD2", "ONE1", "THREE3")

# RULES.md §8.1, columns CZ4 JJ4 STD2 ONE1 THREE3 ("-" = n/a).
SECTION_8 = """
AMB-01 A A B B B
AMB-02 A A - - -
AMB-03 A A A - A
AMB-04 A A B - B
AMB-05 A B C - C
AMB-06 A A A - A
AMB-07 A A A A A
AMB-08 B A A A A
AMB-09 A A - - -
AMB-10 B B - - C
AMB-11 B1 A - - B2
AMB-12 A B - - -
AMB-13 A B - - -
AMB-14 A B - - -
AMB-15 A - - - -
AMB-16 A A A - A
AMB-17 A A - - A
AMB-18 - A - - -
AMB-19 A A A A A
AMB-20 A A A A A
AMB-21 A B B B B
AMB-22 - C - - -
AMB-23 B B B B B
AMB-24 A - - - -
AMB-25 A D B B B
AMB-26 A C C C C
AMB-27 - A/(iii) - - -
AMB-28 A - - - -
AMB-29 B - B - -
AMB-30 B1 - - - -
AMB-31 A - C - -
AMB-32 A - B - -
AMB-33 B - A - -
AMB-34 A A A A A
AMB-35 - A - - -
AMB-36 - - - A -
AMB-37 - A - - -
AMB-38 B B A A A
AMB-39 A A A A A
AMB-40 A A - - -
AMB-41 - A - - -
AMB-42 A A A C A
AMB-43 A A A A A
AMB-44 - - A A A
AMB-45 - - A C C
AMB-46 A A A B A
AMB-47 A A A A A
AMB-48 A A A A A
AMB-49 A A - - -
AMB-50 C A C C C
AMB-51 B - - - -
OTH-1 A A A A A
OTH-2 A A A A A
OTH-3 A A A A A
OTH-4 A A A A A
OTH-5 A A - - A
OTH-6 A A A - A
OTH-7 A A - - A
OTH-8 A A A A A
OTH-9 A A - - -
"""


def _section8() -> dict[str, dict[str, str | None]]:
    table: dict[str, dict[str, str | None]] = {}
    for line in SECTION_8.strip().splitlines():
        item_id, *cells = line.split()
        pairs = zip(RULE_SETS, cells, strict=True)
        table[item_id] = {rs: None if c == "-" else c for rs, c in pairs}
    return table


S8 = _section8()

# Non-AMB values per built-in, from the seed rule sets (RULES.md §3 and §6).
NON_AMB: dict[str, dict[str, Any]] = {
    "CZ4": dict(decks=4, hand_size=52, kitty_size=8, deal_order="random_first_then_dealer",
                starting_level="2", joker_tractor=True, tractor_units=(2, 3, 4),
                follow_policy="cz4_chains", throws_allowed=True, throw_penalty_points=1,
                kitty_multiplier_cap=0, last_trick_dealer_side="not_counted",
                bid_method="race_open", self_counter=False, self_reinforce=True,
                no_declaration="cz4_kitty", chaodi=True, chaodi_self_after_other=True,
                chaodi_after_kitty_flip=False, score_table="step", score_step=80,
                level_gain_cap=0, negative_scores=True),
    "JJ4": dict(decks=4, hand_size=54, kitty_size=0, deal_order="random_each_hand",
                starting_level="2", joker_tractor=True, tractor_units=(2, 3, 4),
                follow_policy="jj4_tables", throws_allowed=True, throw_penalty_points=0,
                kitty_multiplier_cap=0, last_trick_dealer_side="kou_di_both_sides",
                bid_method="hidden", self_counter=False, self_reinforce=True,
                no_declaration="spades", chaodi=False, chaodi_self_after_other=False,
                chaodi_after_kitty_flip=False, score_table="step", score_step=80,
                level_gain_cap=0, negative_scores=True),
    "STD2": dict(decks=2, hand_size=25, kitty_size=8, deal_order="dealer_first",
                 starting_level="2", joker_tractor=True, tractor_units=(2,),
                 follow_policy="tractor_pairs", throws_allowed=True, throw_penalty_points=0,
                 kitty_multiplier_cap=64, last_trick_dealer_side="not_counted",
                 bid_method="open", self_counter=False, self_reinforce=True,
                 no_declaration="std2_flip", chaodi=True, chaodi_self_after_other=True,
                 chaodi_after_kitty_flip=True, score_table="step", score_step=40,
                 level_gain_cap=0, negative_scores=True),
    "ONE1": dict(decks=1, hand_size=12, kitty_size=6, deal_order="draw",
                 starting_level="2", joker_tractor=False, tractor_units=(),
                 follow_policy="suit_only", throws_allowed=True, throw_penalty_points=0,
                 kitty_multiplier_cap=64, last_trick_dealer_side="not_counted",
                 bid_method="first_two", self_counter=False, self_reinforce=False,
                 no_declaration="redeal", chaodi=False, score_table="one_deck",
                 score_step=40, level_gain_cap=0, negative_scores=True),
    "THREE3": dict(decks=3, hand_size=39, kitty_size=6, deal_order="dealer_first",
                   starting_level="2", joker_tractor=True, tractor_units=(2, 3),
                   follow_policy="tractor_pairs", throws_allowed=True, throw_penalty_points=0,
                   kitty_multiplier_cap=64, last_trick_dealer_side="not_counted",
                   bid_method="open", self_counter=False, self_reinforce=True,
                   no_declaration="redeal", chaodi=False, score_table="step", score_step=60,
                   level_gain_cap=0, negative_scores=True),
}

DATA = Path(__file__).resolve().parent.parent / "data" / "invalid_variants"

# file stem -> expected message substring (a table-driven corpus of bad files).
INVALID: dict[str, str] = {
    "unknown_key": "key 'ruff_conditon': unknown key in [follow] (did you mean 'ruff_condition'?)",
    "unknown_section": "section [folow]: unknown section (did you mean 'follow'?)",
    "misplaced_key": "key 'decks': belongs in [deck], not [ranking]",
    "top_level_schema_key": "key 'decks': must be inside section [deck]",
    "unknown_top_key": "key 'nmae': unknown top-level key (did you mean 'name'?)",
    "section_not_table": "section [deck]: value 4 has type integer; expected a table",
    "meta_wrong_type": "key 'name': value 3 has type integer; expected a string",
    "wrong_type_int": "key 'decks': value '4' has type string; expected an integer 1..4",
    "wrong_type_bool_for_int": "key 'throw_penalty_points': value True has type boolean",
    "wrong_type_int_for_bool": "key 'joker_tractor': value 1 has type integer; expected true or",
    "wrong_type_float": "key 'score_step': value 80.0 has type float; expected an integer",
    "wrong_type_level_int": "key 'starting_level': value 10 has type integer; expected one of '2'",
    "bad_enum": "key 'fixed_two': value 'above_a' is not allowed; expected one of 'above_A', "
                "'none', 'bottom' (did you mean 'above_A'?)",
    "bad_enum_turn_direction": "key 'turn_direction': value 'clockwise' is not allowed",
    "decks_out_of_range": "key 'decks': value 5 is not allowed; expected an integer 1..4",
    "players_not_4": "key 'players': value 6 is not allowed; expected one of 4",
    "negative_kitty": "key 'kitty_size': value -1 is not allowed; expected an integer >= 0",
    "bad_total_cards": "key 'total_cards': value 200 breaks total_cards == decks*54 (DECK-2)",
    "bad_total_points": "key 'total_points': value 300 breaks total_points == decks*100",
    "bad_hand_kitty": "key 'hand_size': value 24 breaks 4*hand_size + kitty_size == total_cards",
    "kitty_too_large": "key 'kitty_size': value 108 breaks kitty_size < total_cards",
    "tractor_unit_too_wide": "key 'tractor_units': value [2, 3] breaks tractor_units each <= "
                             "decks (COMBO-5): unit 3",
    "tractor_unit_bad_element": "key 'tractor_units': value [1, 2] has element 1",
    "tractor_unit_duplicate": "key 'tractor_units': value [2, 2] has duplicates",
    "tractor_units_not_list": "key 'tractor_units': value 2 has type integer",
    "follow_table_needs_4_decks": "key 'follow_policy': value 'jj4_tables' breaks follow_policy "
                                  "'jj4_tables' needs decks == 4",
    "cz4_chains_needs_4_decks": "key 'follow_policy': value 'cz4_chains' breaks",
    "malformed": "malformed TOML: ",
    "malformed_duplicate_key": "malformed TOML: ",
    "not_utf8": "malformed TOML: file is not UTF-8",
    "extends_cycle_a": "key 'extends': value 'extends_cycle_a.toml' makes a cycle",
    "extends_cycle_b": "key 'extends': value 'extends_cycle_b.toml' makes a cycle",
    "extends_self": "key 'extends': value 'extends_self.toml' makes a cycle",
    "extends_unknown_builtin": "key 'extends': value 'changzhou-4dek' is not a built-in variant "
                               "(did you mean 'changzhou-4deck'?)",
    "extends_missing_file": "key 'extends': value 'no_such_dir/missing.toml': no such file",
    "cz4_hand_C": "key 'cz4_hand': value '51+8' is impossible: 51*4+8 = 212 != 216",
    "cz4_hand_conflict": "key 'hand_size': value 52 conflicts with cz4_hand = '51+12'",
    "missing_required": "key 'decks': missing; required in [deck]",
}


def _load(rule_set: str, **kwargs: Any) -> Variant:
    return load_variant(NAMES[rule_set], **kwargs)


def _no_warn(message: str) -> None:
    raise AssertionError(f"unexpected warning: {message}")


# --- built-ins -------------------------------------------------------------------------------


def test_builtin_names_are_the_five_seed_rule_sets() -> None:
    assert builtin_names() == sorted(NAMES.values())
    assert variants_dir().is_dir()


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_every_builtin_loads(rule_set: str) -> None:
    v = _load(rule_set, warn=_no_warn)
    assert v.name == NAMES[rule_set]
    assert v.rule_set == rule_set
    assert v.description
    assert v.players == 4 and v.turn_direction == "counter_clockwise"
    assert v.total_cards == v.decks * 54 and v.total_points == v.decks * 100
    assert 4 * v.hand_size + v.kitty_size == v.total_cards
    assert v.max_set == v.decks


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_builtin_non_amb_values_match_contract(rule_set: str) -> None:
    v = _load(rule_set)
    for key, expected in NON_AMB[rule_set].items():
        assert getattr(v, key) == expected, key


def _cases() -> list[tuple[str, str]]:
    return [(rs, item_id) for rs in RULE_SETS for item_id in S8]


@pytest.mark.parametrize(("rule_set", "item_id"), _cases())
def test_section8_default_reading(rule_set: str, item_id: str) -> None:
    """RULES.md §8: each built-in's letter per AMB/OTH item; n/a items are absent."""
    v = _load(rule_set)
    expected = S8[item_id][rule_set]
    item = ITEMS[item_id]
    if expected is None:
        assert item_id not in v.applicable
        for key in item.keys:
            assert key not in v.present_keys
            assert getattr(v, key) == SCHEMA[key].default
    else:
        assert item_id in v.applicable
        assert v.readings()[item_id] == expected


def test_section8_table_covers_every_item() -> None:
    assert list(S8) == [f"AMB-{n:02d}" for n in range(1, 52)] + [f"OTH-{n}" for n in range(1, 10)]
    assert list(ITEMS) == list(S8)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_builtin_file_comments_name_rule_ids_and_letters(rule_set: str) -> None:
    """Every key line carries a comment with a rule ID; switches name their item and letter."""
    path = variants_dir() / f"{NAMES[rule_set]}.toml"
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^(\w+) = .*?#(.*)$", line)
        if line.startswith("#") or not line.strip() or line.startswith("["):
            continue
        key = line.split("=")[0].strip()
        if key in ("name", "rule_set", "description"):
            continue
        assert match, f"no comment: {line}"
        comment = match.group(2)
        assert re.search(r"\b[A-Z]+-\d", comment), line
        item = item_for_key(key)
        if item is not None:
            letter = S8[item.id][rule_set] or ""
            part = letter.split("/")[item.keys.index(key)] if "/" in letter else letter
            assert f"{item.id} {part}" in comment, line


# --- --amb -----------------------------------------------------------------------------------


def _amb_cases() -> list[tuple[str, str]]:
    cases = []
    for item in ITEMS.values():
        letters = list(item.letters) + [alias for alias, _ in item.aliases]
        cases += [(item.id, letter) for letter in letters]
    return cases


@pytest.mark.parametrize(("item_id", "letter"), _amb_cases())
def test_every_switch_letter_round_trips_through_amb(item_id: str, letter: str) -> None:
    item = ITEMS[item_id]
    rule_set = next(rs for rs in RULE_SETS if S8[item_id][rs] is not None)
    spec = f"{item_id}={letter}"
    if item_id == "AMB-28" and letter == "C":
        with pytest.raises(VariantError, match=r"impossible: 51\*4\+8 = 212 != 216"):
            _load(rule_set, amb=[spec])
        return
    v = _load(rule_set, amb=[spec], warn=_no_warn)
    canonical = item.alternative(letter).letter
    reading = v.readings()[item_id]
    if item_id == "AMB-27":
        assert canonical in reading.split("/")
    else:
        assert reading == canonical
    alt = item.alternative(letter)
    assert getattr(v, alt.key) == alt.value


def test_AMB_27_both_parts_in_one_spec() -> None:
    v = _load("JJ4", amb=["AMB-27=B/(iii)"])
    assert v.readings()["AMB-27"] == "B/(iii)"
    assert (v.jj4_kitty, v.jj4_koudi_base) == ("eight", "trick_points")


def test_AMB_27_B_gives_jj4_a_kitty_of_8() -> None:
    v = _load("JJ4", amb=["AMB-27=B"])
    assert (v.hand_size, v.kitty_size) == (52, 8)


def test_AMB_28_cz4_hand_B_gives_51_plus_12() -> None:
    v = _load("CZ4", amb=["AMB-28=B"])
    assert (v.hand_size, v.kitty_size) == (51, 12)


def test_AMB_28_cz4_hand_C_is_impossible() -> None:
    with pytest.raises(VariantError) as info:
        _load("CZ4", amb=["AMB-28=C"])
    message = str(info.value)
    assert message.startswith("--amb AMB-28=C: key 'cz4_hand': value '51+8'")
    assert "impossible: 51*4+8 = 212 != 216" in message


def test_AMB_28_set_hand_size_conflicts_with_cz4_hand() -> None:
    with pytest.raises(VariantError, match=r"^--set: key 'hand_size': value 51 conflicts"):
        _load("CZ4", sets=["hand_size=51"])


def test_OTH_9_B_forces_fixed_two_none() -> None:
    v = _load("CZ4", amb=["OTH-9=B"])
    assert v.fixed_two == "none"
    assert v.readings()["OTH-9"] == "B"


def test_amb_09_example_from_brief() -> None:
    v = _load("CZ4", amb=["AMB-09=C"])
    assert v.quad_vs_tractor == "never_when_tractor_led"


def test_na_item_warns_and_changes_nothing() -> None:
    base = _load("CZ4")
    messages: list[str] = []
    v = _load("CZ4", amb=["AMB-18=B"], warn=messages.append)
    assert messages == ["AMB-18 does not apply to changzhou-4deck; ignored"]
    assert v == base
    assert v.content_hash == base.content_hash
    assert "AMB-18" not in v.applicable


def test_na_item_default_warning_uses_warnings_module() -> None:
    with pytest.warns(UserWarning, match="AMB-22 does not apply to classic-2deck"):
        _load("STD2", amb=["AMB-22=A"])


@pytest.mark.parametrize(
    ("spec", "pattern"),
    [
        ("AMB-99=A", r"unknown item 'AMB-99'"),
        ("OTH-10=A", r"unknown item 'OTH-10'"),
        ("AMB-09=Z", r"AMB-09 has no letter 'Z'; allowed: A, B, C$"),
        ("AMB-11=D", r"allowed: A, B1, B2, C \(B = B1\)"),
        ("AMB-09", r"expected ID=LETTER"),
    ],
)
def test_unknown_amb_id_or_letter_is_an_error(spec: str, pattern: str) -> None:
    with pytest.raises(VariantError, match=pattern) as info:
        _load("CZ4", amb=[spec])
    assert "\n" not in str(info.value)


# --- --set -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "key", "value"),
    [
        ("kitty_multiplier_cap=32", "kitty_multiplier_cap", 32),
        ("fixed_two=none", "fixed_two", "none"),
        ('fixed_two="bottom"', "fixed_two", "bottom"),
        ("starting_level=10", "starting_level", "10"),
        ("starting_level=J", "starting_level", "J"),
        ("negative_scores=false", "negative_scores", False),
        ("tractor_units=[2, 4]", "tractor_units", (2, 4)),
        ("cz4_hand=51+12", "cz4_hand", "51+12"),
    ],
)
def test_set_parses_and_applies(spec: str, key: str, value: Any) -> None:
    assert getattr(_load("CZ4", sets=[spec]), key) == value


def test_set_deck_change_with_consistent_keys() -> None:
    sets = ["decks=2", "total_cards=108", "total_points=200", "hand_size=25", "kitty_size=8",
            "tractor_units=[2]", "follow_policy=tractor_pairs"]
    v = _load("JJ4", sets=[*sets, "jj4_kitty=eight"])
    assert (v.decks, v.hand_size, v.kitty_size) == (2, 25, 8)


def test_set_can_make_an_na_item_applicable() -> None:
    v = _load("CZ4", sets=["jj4_line40=literal"])
    assert "AMB-37" in v.applicable and v.readings()["AMB-37"] == "B"


@pytest.mark.parametrize(
    ("spec", "pattern"),
    [
        ("ruff_conditon=void_only", r"^--set: key 'ruff_conditon': unknown key \(did you mean "
                                    r"'ruff_condition'\?\)$"),
        ("decks=true", r"^--set: key 'decks': value True has type boolean"),
        ("fixed_two=above", r"^--set: key 'fixed_two': value 'above' is not allowed"),
        ("decks=2", r"^--set: key 'decks': value 2 breaks total_cards == decks\*54"),
        ("tractor_units=[2, 5]", r"has element 5"),
        ("decks", r"expected key=value"),
    ],
)
def test_set_validates(spec: str, pattern: str) -> None:
    with pytest.raises(VariantError, match=pattern):
        _load("CZ4", sets=[spec])


def test_set_overrides_amb() -> None:
    v = _load("CZ4", amb=["AMB-09=C"], sets=["quad_vs_tractor=by_power"])
    assert v.quad_vs_tractor == "by_power"


# --- extends ---------------------------------------------------------------------------------


def test_extends_builtin_overrides_two_keys(tmp_path: Path) -> None:
    path = tmp_path / "cz4-variant.toml"
    path.write_text(
        'name = "cz4-quads-as-pairs"\nextends = "changzhou-4deck"\n'
        '[compare]\nquad_vs_tractor = "never_when_tractor_led"   # AMB-09 C\n'
        '[scoring]\nscore_step = 100\n',
        encoding="utf-8",
    )
    v = load_variant(str(path))
    base = _load("CZ4")
    assert v.name == "cz4-quads-as-pairs" and v.rule_set == "CZ4"
    assert (v.quad_vs_tractor, v.score_step) == ("never_when_tractor_led", 100)
    changed = {k for k in SCHEMA if getattr(v, k) != getattr(base, k)}
    assert changed == {"quad_vs_tractor", "score_step"}
    assert v.applicable == base.applicable
    assert v.readings()["AMB-09"] == "C"


def test_extends_relative_path_chain(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "base.toml").write_text(
        'extends = "classic-2deck"\n[kitty]\nkitty_multiplier_cap = 16\n', encoding="utf-8")
    (tmp_path / "b" / "top.toml").write_text(
        'extends = "../a/base.toml"\n[throw]\nthrow_penalty_points = 10\n', encoding="utf-8")
    v = load_variant(str(tmp_path / "b" / "top.toml"))
    assert (v.kitty_multiplier_cap, v.throw_penalty_points, v.decks) == (16, 10, 2)
    assert v.name == "top" and v.rule_set == "STD2"


def test_extends_without_overrides_keeps_the_content_hash(tmp_path: Path) -> None:
    path = tmp_path / "same.toml"
    path.write_text('name = "same"\nextends = "jj-4deck"\n', encoding="utf-8")
    assert load_variant(str(path)).content_hash == _load("JJ4").content_hash


def test_extends_amb_applicability_follows_the_resolved_file(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('extends = "classic-2deck"\n[follow]\nsplit_sets = "no"\n', encoding="utf-8")
    v = load_variant(str(path), amb=["AMB-17=A"], warn=_no_warn)
    assert v.split_sets == "yes" and "AMB-17" in v.applicable


# --- hashing, dict, dump ---------------------------------------------------------------------


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_content_hash_is_stable(rule_set: str) -> None:
    a, b = _load(rule_set), _load(rule_set)
    assert a.content_hash == b.content_hash
    assert re.fullmatch(r"[0-9a-f]{64}", a.content_hash)


def test_content_hash_changes_when_a_value_changes() -> None:
    base = _load("CZ4").content_hash
    assert _load("CZ4", sets=["score_step=81"]).content_hash != base
    assert _load("CZ4", amb=["AMB-09=B"]).content_hash != base


def test_builtin_hashes_differ() -> None:
    assert len({_load(rs).content_hash for rs in RULE_SETS}) == len(RULE_SETS)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_to_dict_is_json_and_complete(rule_set: str) -> None:
    v = _load(rule_set)
    d = json.loads(json.dumps(v.to_dict()))
    assert set(SCHEMA) <= set(d)
    assert d["name"] == v.name and d["rule_set"] == rule_set
    assert d["tractor_units"] == list(v.tractor_units)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_dump_round_trips(rule_set: str, tmp_path: Path) -> None:
    v = _load(rule_set)
    path = tmp_path / "dumped.toml"
    path.write_text(dump_variant(v), encoding="utf-8")
    again = load_variant(str(path))
    assert again == v and again.content_hash == v.content_hash
    assert again.readings() == v.readings()


def test_variant_is_frozen() -> None:
    v = _load("CZ4")
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.decks = 2  # type: ignore[misc]


def test_variant_attributes_are_exactly_the_schema_keys() -> None:
    meta = {"name", "rule_set", "description", "source", "applicable", "present_keys"}
    names = [f.name for f in dataclasses.fields(Variant)]
    assert set(names) == set(SCHEMA) | meta
    assert len(names) == len(set(names))


def test_variant_fields_follow_the_schema_in_order_with_their_types() -> None:
    """Variant declares its keys from the schema (variant._schema_keys), not by hand."""
    fields = dataclasses.fields(Variant)[6:]
    assert [f.name for f in fields] == list(SCHEMA)
    python = {"str": str, "int": int, "bool": bool, "list[int]": tuple[int, ...]}
    assert all(f.type == python[SCHEMA[f.name].type] for f in fields)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_variant_pickles_equal_with_its_hash(rule_set: str) -> None:
    """Worker processes (multiprocessing, dask) receive variants pickled."""
    import pickle

    v = _load(rule_set)
    again = pickle.loads(pickle.dumps(v))
    assert again == v and hash(again) == hash(v) and again.content_hash == v.content_hash
    assert again.present_keys == v.present_keys and again.source == v.source


def test_describe_schema_rows() -> None:
    rows = describe_schema()
    assert [r.key for r in rows] == list(SCHEMA)
    for row in rows:
        assert row.section in SECTIONS and row.rules and row.doc and row.allowed
        item = item_for_key(row.key)
        if item is not None:
            assert item.id in row.rules
            assert row.default == repr(item.values(row.key)[0])
        else:
            assert row.default == "required"


def test_variant_from_mapping_matches_file() -> None:
    path = variants_dir() / "classic-3deck.toml"
    with path.open("rb") as fh:
        doc = tomllib.load(fh)
    assert variant_from_mapping(doc) == _load("THREE3")


# --- invalid corpus --------------------------------------------------------------------------


def test_invalid_corpus_is_paired_with_the_table() -> None:
    assert {p.stem for p in DATA.glob("*.toml")} == set(INVALID)


@pytest.mark.parametrize("stem", sorted(INVALID))
def test_invalid_variant_file(stem: str) -> None:
    path = DATA / f"{stem}.toml"
    with pytest.raises(VariantError) as info:
        load_variant(str(path), warn=_no_warn)
    message = str(info.value)
    assert "\n" not in message
    assert INVALID[stem] in message
    assert ".toml" in message.split(": ")[0]


def test_unknown_variant_name_suggests_a_builtin() -> None:
    with pytest.raises(VariantError, match=r"did you mean 'changzhou-4deck'\?"):
        load_variant("changzhou")


# --- fuzz: arbitrary documents either load or raise VariantError -----------------------------

_SCALARS = st.one_of(
    st.integers(-3, 300), st.booleans(), st.text(max_size=12), st.sampled_from(["2", "10", "A"]),
    st.lists(st.integers(0, 5), max_size=4), st.floats(allow_nan=False, allow_infinity=False),
)


@st.composite
def _mutations(draw: st.DrawFn) -> list[tuple[str, str, Any]]:
    """(section, key, value) edits: mostly schema keys with allowed or random values."""
    edits = []
    for _ in range(draw(st.integers(0, 4))):
        key = draw(st.sampled_from([*SCHEMA, "bogus_key"]))
        field = SCHEMA.get(key)
        section = field.section if field else draw(st.sampled_from(SECTIONS))
        if field is not None and field.allowed and draw(st.booleans()):
            value = draw(st.sampled_from(field.allowed))
        else:
            value = draw(_SCALARS)
        edits.append((section, key, value))
    return edits


@given(rule_set=st.sampled_from(RULE_SETS), edits=_mutations(),
       drop=st.lists(st.sampled_from(list(SCHEMA)), max_size=2))
def test_fuzz_documents_load_or_raise_variant_error(
    rule_set: str, edits: list[tuple[str, str, Any]], drop: list[str],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    base = _load(rule_set)
    doc: dict[str, Any] = {"name": "fuzz", "rule_set": rule_set}
    for key in base.present_keys:
        doc.setdefault(SCHEMA[key].section, {})[key] = _plain(getattr(base, key))
    for key in drop:
        doc.get(SCHEMA[key].section, {}).pop(key, None)
    for section, key, value in edits:
        doc.setdefault(section, {})[key] = value
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.toml"
    path.write_text(_to_toml(doc), encoding="utf-8")
    try:
        v = load_variant(str(path), warn=_no_warn)
    except VariantError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
        return
    again = path.with_name("again.toml")
    again.write_text(dump_variant(v), encoding="utf-8")
    reloaded = load_variant(str(again))
    assert reloaded == v and reloaded.content_hash == v.content_hash


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _toml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_scalar(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _to_toml(doc: dict[str, Any]) -> str:
    lines = [f"{k} = {_toml_scalar(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for section, table in doc.items():
        if isinstance(table, dict):
            lines.append(f"[{section}]")
            lines += [f"{k} = {_toml_scalar(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"
