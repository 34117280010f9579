"""The AMB/OTH registry: coverage of RULES.md §4/§7, agreement with the schema, parse_amb."""

from __future__ import annotations

import pytest

from shengji_sim.config.interpretations import (
    ITEMS,
    RULE_SETS,
    VariantError,
    item_for_key,
    normalize_id,
    parse_amb,
)
from shengji_sim.config.variant import load_variant
from shengji_sim.config.variant_schema import SCHEMA
from tests.helpers import NAMES

# Key names per item, written out independently of the registry (DESIGN.md "Variant files").
CONTRACT_KEYS = {
    "AMB-01": "fixed_two", "AMB-02": "jj_special_order", "AMB-03": "level_card_in_plain_run",
    "AMB-04": "special_adjacency", "AMB-05": "ace_adjacency", "AMB-06": "gap_adjacency",
    "AMB-07": "trump_is_one_suit", "AMB-08": "offlevel_suit_rank", "AMB-09": "quad_vs_tractor",
    "AMB-10": "substitute_shapes", "AMB-11": "pairtractor_lead_vs_tripletractor",
    "AMB-12": "quad_lead_table", "AMB-13": "tripletractor_lead_table",
    "AMB-14": "quadtractor_lead_table", "AMB-15": "cz4_chain_semantics",
    "AMB-16": "tractor_obligation", "AMB-17": "split_sets", "AMB-18": "jj4_follow_source",
    "AMB-19": "ruff_condition", "AMB-20": "throw_check_players", "AMB-21": "throw_fail_play",
    "AMB-22": "jj4_throws", "AMB-23": "throw_enforcement", "AMB-24": "throw_fail_penalty",
    "AMB-25": "kitty_mult", "AMB-26": "kitty_offsuit_win", "AMB-27": "jj4_kitty jj4_koudi_base",
    "AMB-28": "cz4_hand", "AMB-29": "chaodi_ladder", "AMB-30": "cz4_no_bid",
    "AMB-31": "mod4_numbering", "AMB-32": "chaodi_moves_dealer", "AMB-33": "joker_declaration",
    "AMB-34": "xiajia_direction", "AMB-35": "jj4_bid_visibility", "AMB-36": "one_deck_rotation",
    "AMB-37": "jj4_line40", "AMB-38": "match_end", "AMB-39": "demotion",
    "AMB-40": "jj4_A2_tractor_rank", "AMB-41": "two_quads_adjacent",
    "AMB-42": "bid_override_rule", "AMB-43": "throw_test_quantifier",
    "AMB-44": "kitty_rule_scope", "AMB-45": "std2_no_bid", "AMB-46": "hand1_dealer",
    "AMB-47": "throw_beaten_by", "AMB-48": "throw_split", "AMB-49": "ace_low_without_two",
    "AMB-50": "declaration_after_deal", "AMB-51": "chaodi_over_set",
    "OTH-1": "multi_unit_compare", "OTH-2": "same_suit_beats_throw",
    "OTH-3": "throw_fail_component", "OTH-4": "kitty_mult_rule", "OTH-5": "longer_tuples",
    "OTH-6": "shape_obligation", "OTH-7": "mixed_width_runs", "OTH-8": "throw_penalty_rule",
    "OTH-9": "fixed_two_oth",
}


def test_registry_covers_every_amb_and_oth_item_in_order() -> None:
    expected = [f"AMB-{n:02d}" for n in range(1, 52)] + [f"OTH-{n}" for n in range(1, 10)]
    assert list(ITEMS) == expected
    for item_id, item in ITEMS.items():
        assert item.id == item_id


@pytest.mark.parametrize("item_id", list(ITEMS))
def test_item_keys_match_contract(item_id: str) -> None:
    item = ITEMS[item_id]
    assert item.keys == tuple(CONTRACT_KEYS[item_id].split())
    for key in item.keys:
        assert item_for_key(key) is item


@pytest.mark.parametrize("item_id", list(ITEMS))
def test_item_values_match_schema(item_id: str) -> None:
    """Every alternative value is allowed by the schema; letter A is the schema default."""
    item = ITEMS[item_id]
    for key in item.keys:
        field = SCHEMA[key]
        assert set(item.values(key)) == set(field.allowed or ()), key
        assert field.default == item.values(key)[0]
        assert not field.required


@pytest.mark.parametrize("item_id", list(ITEMS))
def test_item_texts_are_one_line(item_id: str) -> None:
    item = ITEMS[item_id]
    assert item.title and "\n" not in item.title
    assert len(item.defaults) == len(RULE_SETS)
    letters = [alt.letter for alt in item.alternatives]
    assert len(letters) == len(set(letters))
    for alt in item.alternatives:
        assert alt.description and "\n" not in alt.description


def test_non_switch_keys_have_no_item() -> None:
    for key in ("decks", "players", "follow_policy", "tractor_units", "score_step"):
        assert item_for_key(key) is None


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_registry_defaults_equal_builtin_readings(rule_set: str) -> None:
    """The §8 letters in the registry agree with the built-in files.

    test_variant.py checks those files against a table transcribed from RULES.md §8.
    """
    v = load_variant(NAMES[rule_set])
    readings = v.readings()
    for item_id, item in ITEMS.items():
        assert item.default(rule_set) == readings.get(item_id), item_id


@pytest.mark.parametrize(
    ("spec", "pairs"),
    [
        ("AMB-09=C", [("quad_vs_tractor", "never_when_tractor_led")]),
        ("OTH-1=B", [("multi_unit_compare", "all_units")]),
        ("amb-9=c", [("quad_vs_tractor", "never_when_tractor_led")]),
        (" AMB-01 = B ", [("fixed_two", "none")]),
        ("AMB-11=B", [("pairtractor_lead_vs_tripletractor", "pairs_only_wins")]),
        ("AMB-11=B1", [("pairtractor_lead_vs_tripletractor", "pairs_only_wins")]),
        ("AMB-11=B2", [("pairtractor_lead_vs_tripletractor", "pairs_only_loses")]),
        ("AMB-11=C", [("pairtractor_lead_vs_tripletractor", "triple_first")]),
        ("AMB-30=B", [("cz4_no_bid", "line67_level_card")]),
        ("AMB-30=B2", [("cz4_no_bid", "line67_literal_10")]),
        ("AMB-27=A/(ii)", [("jj4_kitty", "none"), ("jj4_koudi_base", "loser_points")]),
        ("AMB-27=(iii)", [("jj4_koudi_base", "trick_points")]),
        ("AMB-27=iii", [("jj4_koudi_base", "trick_points")]),
        ("AMB-27=B", [("jj4_kitty", "eight")]),
        ("AMB-27=(i)/B", [("jj4_koudi_base", "kitty_points"), ("jj4_kitty", "eight")]),
        ("AMB-28=C", [("cz4_hand", "51+8")]),
        ("OTH-09=B", [("fixed_two_oth", "none")]),
    ],
)
def test_parse_amb(spec: str, pairs: list[tuple[str, str]]) -> None:
    assert parse_amb(spec) == pairs


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("AMB-52=A", "unknown item 'AMB-52'"),
        ("OTH-0=A", "unknown item 'OTH-0'"),
        ("FOO-1=A", "known: AMB-01..AMB-51, OTH-1..OTH-9"),
        ("AMB-09=D", "AMB-09 has no letter 'D'; allowed: A, B, C"),
        ("AMB-11=B3", "allowed: A, B1, B2, C (B = B1)"),
        ("AMB-30=C", "allowed: A, B1, B2 (B = B1)"),
        ("AMB-27=C", "allowed: A, B, (i), (ii), (iii); both parts as A/(ii)"),
        ("AMB-27=A/B", "AMB-27 sets 'jj4_kitty' twice"),
        ("AMB-09=A/B", "AMB-09 sets 'quad_vs_tractor' twice"),
        ("AMB-09", "expected ID=LETTER"),
        ("AMB-09=", "expected ID=LETTER"),
    ],
)
def test_parse_amb_errors_list_allowed_letters(spec: str, fragment: str) -> None:
    with pytest.raises(VariantError) as info:
        parse_amb(spec)
    message = str(info.value)
    assert fragment in message and "\n" not in message
    assert message.startswith("--amb ")


def test_variant_error_is_a_value_error() -> None:
    assert issubclass(VariantError, ValueError)


@pytest.mark.parametrize(
    ("text", "normal"),
    [("AMB-1", "AMB-01"), ("amb-09", "AMB-09"), ("OTH-01", "OTH-1"), ("AMB9", "AMB-09"),
     ("XYZ-1", None)],
)
def test_normalize_id(text: str, normal: str | None) -> None:
    assert normalize_id(text) == normal


def test_every_letter_parses_to_its_own_alternative() -> None:
    for item in ITEMS.values():
        for alt in item.alternatives:
            assert parse_amb(f"{item.id}={alt.letter}") == [(alt.key, alt.value)]
            assert item.letter_for(alt.key, alt.value) == alt.letter
