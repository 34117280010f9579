"""The variant schema: the closed table of every variant key and how one value is checked.

:data:`SCHEMA` maps each key (unique across the sections :data:`SECTIONS`) to its
:class:`Field`: section, type ("int", "bool", "str" or "list[int]"), allowed values or range,
rule IDs and doc; a key that switches an AMB/OTH item of RULES.md
(:mod:`shengji_sim.config.interpretations`) is optional and defaults to the value of letter A.
:func:`describe_schema` gives the table as display rows (:class:`SchemaRow`, ``variants show``);
``_check_value`` type- and range-checks one value of a key, raising a one-line
:class:`~shengji_sim.config.interpretations.VariantError`. Loading and resolving whole variant
files is :mod:`shengji_sim.config.variant`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from shengji_sim.config.datafiles import did_you_mean
from shengji_sim.config.interpretations import VariantError, item_for_key

__all__ = ["SCHEMA", "SECTIONS", "Field", "SchemaRow", "describe_schema"]

SECTIONS: tuple[str, ...] = (
    "deck", "ranking", "compare", "follow", "throw", "kitty", "bidding", "chaodi", "scoring",
)
META_KEYS: tuple[str, ...] = ("name", "rule_set", "description", "extends")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRACTOR_UNITS: tuple[int, ...] = (2, 3, 4)


# ---------------------------------------------------------------------------------------------
# Schema


@dataclass(frozen=True)
class Field:
    """One key of the schema.

    ``type`` is "int", "bool", "str" or "list[int]". ``allowed`` is the closed value set (in
    letter order for switches) or None; ``lo``/``hi`` bound ints (None = unbounded).
    ``tables`` marks a key the ranking tables depend on (:data:`RANKING_KEYS`):
    :data:`KT_ONLY` or :data:`KT_AND_SW`; "" for every other key.
    """

    section: str
    key: str
    type: str
    allowed: tuple[Any, ...] | None
    lo: int | None
    hi: int | None
    rules: str
    doc: str
    tables: str = ""

    @property
    def item_id(self) -> str | None:
        """The AMB/OTH item this key switches, if any."""
        item = item_for_key(self.key)
        return item.id if item else None

    @property
    def required(self) -> bool:
        """Switch keys are optional (n/a items are absent); all other keys are required."""
        return self.item_id is None

    @property
    def default(self) -> Any:
        """The first allowed value for switches; None (required) for other keys."""
        return self.allowed[0] if self.item_id and self.allowed else None


#: ``Field.tables``: the ranking tables (``core.base.tables.build_tables``, from
#: ``rules.ranking.build_ranking`` and ``rules.shapes.unit_top``) depend on the key, and no
#: kernel reads its switch: the kernels see it only through the tables (``kt``). OTH-9's
#: ``fixed_two_oth`` is one too: loading a variant turns its 'none' into ``fixed_two``.
KT_ONLY = "kt only"
#: ``Field.tables``: the ranking tables depend on the key, and kernels read its switch too.
KT_AND_SW = "kt and sw"


def _enum(section: str, key: str, values: str, rules: str, doc: str, tables: str = "") -> Field:
    return Field(section, key, "str", tuple(values.split()), None, None, rules, doc, tables)


def _int(section: str, key: str, lo: int | None, hi: int | None, rules: str, doc: str) -> Field:
    return Field(section, key, "int", None, lo, hi, rules, doc)


def _bool(section: str, key: str, rules: str, doc: str, tables: str = "") -> Field:
    return Field(section, key, "bool", None, None, None, rules, doc, tables)


_FIELDS: list[Field] = [
    # [deck]
    Field("deck", "players", "int", (4,), None, None, "DECK-1", "players; only 4 is supported"),
    _int("deck", "decks", 1, 4, "DECK-2", "number of 54-card decks"),
    _int("deck", "total_cards", 1, None, "DECK-2", "cards in play; must equal decks*54"),
    _int("deck", "hand_size", 1, None, "DECK-3", "cards per player; 4*hand_size + kitty_size "
         "must equal total_cards"),
    _int("deck", "kitty_size", 0, None, "DECK-3", "kitty (底牌) size; below total_cards"),
    _int("deck", "total_points", 0, None, "POINT-1", "points in play; must equal decks*100"),
    _enum("deck", "deal_order", "random_first_then_dealer random_each_hand dealer_first draw",
          "DECK-4, DEF-11", "who receives the first card ('draw' is dealt like dealer_first)"),
    _enum("deck", "turn_direction", "counter_clockwise", "LEAD-4",
          "turn order; only counter-clockwise (kept for documentation)"),
    _enum("deck", "cz4_hand", "52+8 51+12 51+8", "DECK-3, AMB-28",
          "CZ4 hand+kitty; when present it fixes hand_size/kitty_size ('51+8' is impossible)"),
    # [ranking]
    _enum("ranking", "starting_level", " ".join(RANKS), "LEVEL-1, DEF-19",
          "level both sides start at"),
    _enum("ranking", "fixed_two", "above_A none bottom", "TRUMP-3, AMB-01",
          "are 2s permanent trumps, and where they rank", tables=KT_ONLY),
    _enum("ranking", "jj_special_order", "level_above_two two_above_level", "TRUMP-4, AMB-02",
          "order of level cards vs fixed 2s", tables=KT_ONLY),
    _enum("ranking", "level_card_in_plain_run", "no yes_if_trump_suit", "COMBO-5, AMB-03",
          "may the trump-suit level card join a plain run", tables=KT_ONLY),
    _enum("ranking", "special_adjacency", "suit_sequence power_order natural_only",
          "COMBO-8, DEF-2, AMB-04", "tractor adjacency model for 2s, level cards, jokers",
          tables=KT_ONLY),
    _enum("ranking", "ace_adjacency", "both_ends trump_A2 high_only", "COMBO-7, DEF-10, AMB-05",
          "where A may stand in a tractor", tables=KT_ONLY),
    _enum("ranking", "gap_adjacency", "yes no", "COMBO-9, DEF-1, AMB-06",
          "are ranks either side of a removed rank adjacent", tables=KT_ONLY),
    _enum("ranking", "trump_is_one_suit", "yes no", "TRUMP-1, DEF-12, AMB-07",
          "do all trumps form one suit for following and throwing", tables=KT_ONLY),
    _enum("ranking", "offlevel_suit_rank", "equal_first_wins suit_order", "TRUMP-7, DEF-3, AMB-08",
          "off-suit level cards of different suits: equal or suit-ordered", tables=KT_ONLY),
    _enum("ranking", "ace_low_without_two", "no yes", "COMBO-7, AMB-05, AMB-06, AMB-49",
          "may A stand below 3 when the suit holds no 2 (level 2, or fixed 2s)", tables=KT_ONLY),
    _bool("ranking", "joker_tractor", "COMBO-6, DEF-7", "BJ BJ LJ LJ (and longer) is a tractor",
          tables=KT_ONLY),
    Field("ranking", "tractor_units", "list[int]", None, None, None, "COMBO-5",
          "set sizes that form tractors: subset of [2, 3, 4], each <= decks ([] for 1 deck)",
          KT_AND_SW),
    _enum("ranking", "fixed_two_oth", "variant none", "OTH-9",
          "other engines' fixed 2s; 'none' forces fixed_two = 'none'", tables=KT_ONLY),
    # [compare]
    _enum("compare", "quad_vs_tractor", "any_quad by_power never_when_tractor_led",
          "CMP-2, AMB-09", "which quads beat a 2-pair tractor"),
    _enum("compare", "substitute_shapes", "allowed_and_wins wins_only_in_suit exact_shape_only",
          "CMP-2, CMP-3, CMP-4, CMP-8, AMB-10",
          "may a stronger same-count shape follow/ruff and win"),
    _enum("compare", "jj4_A2_tractor_rank", "aa22_above_aakk aa22_lowest", "CMP-6, AMB-40",
          "rank of trump AA22 among trump tractors", tables=KT_ONLY),
    _enum("compare", "multi_unit_compare", "largest_type_top all_units highest_card "
          "unit_length_lex", "DEF-4, OTH-1", "comparing throws, ruffs of throws, over-ruffs"),
    _enum("compare", "same_suit_beats_throw", "no yes", "DEF-4, OTH-2",
          "can a same-suit follower beat a throw"),
    # [follow]
    _enum("follow", "follow_policy", "cz4_chains jj4_tables tractor_pairs suit_only",
          "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, "
          "FOLLOW-11", "shape obligations: 000 chains, 002 tables, tractor->pairs, suit only"),
    _enum("follow", "pairtractor_lead_vs_tripletractor",
          "choice pairs_only_wins triple_first pairs_only_loses", "FOLLOW-4, FOLLOW-7, AMB-11",
          "3-pair tractor lead vs a held 2-triple tractor (A, B1, C, B2)"),
    _enum("follow", "quad_lead_table", "cz4 jj4", "FOLLOW-4, FOLLOW-9, AMB-12",
          "follow order after a quad lead"),
    _enum("follow", "tripletractor_lead_table", "cz4 jj4", "FOLLOW-4, FOLLOW-8, AMB-13",
          "follow order after a 2-triple tractor lead"),
    _enum("follow", "quadtractor_lead_table", "cz4 jj4", "FOLLOW-4, FOLLOW-6, AMB-14",
          "follow order after a quad-tractor lead"),
    _enum("follow", "cz4_chain_semantics", "greedy first_only", "FOLLOW-4, AMB-15",
          "meaning of the 000 chains X-Y-Z"),
    _enum("follow", "tractor_obligation", "maximize same_length_only at_least_one",
          "FOLLOW-3, DEF-5, AMB-16", "which tractors a follower owes"),
    _enum("follow", "split_sets", "yes no", "FOLLOW-3, DEF-5, AMB-17",
          "triples/quads split to meet pair and tractor obligations"),
    _enum("follow", "jj4_follow_source", "tables line76",
          "FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, AMB-18",
          "JJ4 tables vs 002 line 76"),
    _enum("follow", "ruff_condition", "void_only shape_missing", "FOLLOW-2, AMB-19",
          "when a player may ruff or discard"),
    _enum("follow", "jj4_line40", "garble literal", "FOLLOW-2, AMB-37", "who may ruff in JJ4"),
    _enum("follow", "two_quads_adjacent", "any adjacent", "FOLLOW-5, FOLLOW-6, AMB-41",
          "must JJ4's two quads be adjacent"),
    _enum("follow", "longer_tuples", "variant protected", "OTH-5",
          "triples/quads against pair obligations (other engines)"),
    _enum("follow", "shape_obligation", "variant none", "OTH-6",
          "shape obligations at all (other engines)"),
    _enum("follow", "mixed_width_runs", "no yes", "DEF-6, OTH-7",
          "mixed-width runs as follow obligations"),
    # [throw]
    _bool("throw", "throws_allowed", "THROW-1", "multi-component leads (甩牌) allowed"),
    _enum("throw", "throw_check_players", "all_three opponents", "THROW-2, AMB-20",
          "whose hands a throw is checked against"),
    _enum("throw", "throw_fail_play", "smallest_component beaten_component lowest_card",
          "THROW-3, DEF-9, AMB-21", "what a failed thrower plays"),
    _enum("throw", "jj4_throws", "forbidden only_if_all_void literal", "THROW-4, AMB-22",
          "JJ4 throw restriction (002 line 82)"),
    _enum("throw", "throw_enforcement", "reject fail_procedure", "THROW-2, AMB-23",
          "a non-maximal throw is refused or fails"),
    _enum("throw", "throw_fail_penalty", "card_point platform_point level",
          "THROW-3, SCORE-2, AMB-24", "unit of the failed-throw penalty"),
    _enum("throw", "throw_beaten_by", "same_type any_stronger", "THROW-2, AMB-47",
          "throw test: a component is beaten by its own type only, or by stronger shapes too"),
    _enum("throw", "throw_split", "sets_whole largest_first", "THROW-1, DEF-4, AMB-48",
          "how a throw splits into components: held sets whole, or the largest first"),
    _enum("throw", "throw_test_quantifier", "forall exists", "THROW-2, AMB-43",
          "throw test: every or some thrown component"),
    _int("throw", "throw_penalty_points", 0, None, "SCORE-2, DEF-9",
         "penalty per failed throw (CZ4 1, others 0)"),
    _enum("throw", "throw_fail_component", "variant first_beater lowest_top", "DEF-9, OTH-3",
          "which component a failed throw plays (other engines)"),
    _enum("throw", "throw_penalty_rule", "variant ten_points", "DEF-9, OTH-8",
          "failed-throw penalty (other engines)"),
    # [kitty]
    _enum("kitty", "kitty_mult", "pow2_cards pow2_largest_component by_unit linear_cards",
          "KITTY-3, AMB-25", "kitty multiplier base and exponent"),
    _int("kitty", "kitty_multiplier_cap", 0, None, "KITTY-3, DEF-23",
         "largest kitty multiplier; 0 = no cap"),
    _enum("kitty", "kitty_offsuit_win", "x1 x0 normal", "KITTY-3, AMB-26",
          "kitty when attackers win the last trick off-suit"),
    _enum("kitty", "jj4_kitty", "none eight", "DECK-3, KITTY-4, AMB-27",
          "JJ4 kitty; when present it fixes hand_size/kitty_size (none: 0, eight: 8)"),
    _enum("kitty", "jj4_koudi_base", "kitty_points loser_points trick_points",
          "KITTY-3, SCORE-1, AMB-27", "what the JJ4 扣底 multiplier multiplies ((i), (ii), (iii))"),
    _enum("kitty", "kitty_rule_scope", "generic two_deck_only", "KITTY-3, AMB-44",
          "scope of 003's 2^n rule"),
    _enum("kitty", "kitty_mult_rule", "variant twice_largest_unit pow2_largest_unit "
          "twice_lead_cards", "KITTY-3, OTH-4", "kitty multiplier (other engines)"),
    _enum("kitty", "last_trick_dealer_side", "not_counted kou_di_both_sides", "KITTY-2",
          "dealer side wins the last trick: kitty not counted, or JJ4 扣底 both ways"),
    # [bidding]
    _enum("bidding", "bid_method", "race_open hidden open first_two", "BID-1, BID-2, BID-3, BID-4",
          "declaring: CZ4 抢亮, JJ4 暗叫, open, ONE1 first 2 shown"),
    _enum("bidding", "bid_override_rule", "stronger last_wins first_wins", "BID-2, AMB-42",
          "which of two declarations stands"),
    _enum("bidding", "joker_declaration", "any_joker_NT only_four_NT four_choose",
          "BID-5, TRUMP-8, AMB-33", "joker declarations and no-trump"),
    _enum("bidding", "jj4_bid_visibility", "count_public all_hidden", "BID-4, AMB-35",
          "what JJ4 hidden bids show"),
    _bool("bidding", "self_counter", "BID-6", "自反 allowed (false = forbidden)"),
    _bool("bidding", "self_reinforce", "DEF-20", "自保 allowed"),
    _enum("bidding", "no_declaration", "cz4_kitty spades std2_flip redeal", "BID-8, DEF-25",
          "nobody declares: CZ4 kitty rule, spades, STD2 flip, redeal"),
    _enum("bidding", "cz4_no_bid", "line39 line67_level_card line67_literal_10",
          "BID-8, AMB-30", "CZ4 kitty rule when nobody declares (A, B1, B2)"),
    _enum("bidding", "std2_no_bid", "flip_for_dealer flip_like_cz4_line67 redeal",
          "BID-8, AMB-45", "STD2 kitty flip when nobody declares"),
    _enum("bidding", "mod4_numbering", "deck_index rank_index face_value", "BID-9, AMB-31",
          "card numbering for the mod-4 first dealer"),
    _enum("bidding", "hand1_dealer", "final_declarer first_turner", "BID-7, AMB-46",
          "hand-1 dealer after a counter"),
    _enum("bidding", "declaration_after_deal", "closed one_round until_all_pass",
          "DEF-24, AMB-50", "after the last dealt card: the window closes, one more chance "
          "each, or asking round until every seat has passed"),
    # [chaodi]
    _bool("chaodi", "chaodi", "CHAO-1", "炒底 (kitty fight) after burying"),
    _enum("chaodi", "chaodi_ladder", "fanzhu_tiers line68_ascending line68_descending",
          "CHAO-2, AMB-29", "strength ladder for 炒底"),
    _enum("chaodi", "chaodi_over_set", "as_pair above_pairs tiers", "CHAO-2, AMB-51",
          "under AMB-29 B: what a 炒 must beat when a triple or quad declaration stands"),
    _enum("chaodi", "chaodi_moves_dealer", "hand1_only never", "CHAO-3, AMB-32",
          "does 炒底 move the dealership"),
    _bool("chaodi", "chaodi_self_after_other", "CHAO-5",
          "a declarer may 炒 after someone else has"),
    _bool("chaodi", "chaodi_after_kitty_flip", "CHAO-6",
          "炒底 allowed when trump came from the kitty flip"),
    # [scoring]
    _enum("scoring", "score_table", "step one_deck",
          "LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, DEF-14, DEF-15", "level-change table"),
    _int("scoring", "score_step", 1, None, "LEVEL-2, LEVEL-3, DEF-14, DEF-15",
         "step of the step table (4 decks 80, 3 decks 60, 2 decks 40)"),
    _int("scoring", "level_gain_cap", 0, None, "LEVEL-7", "largest level gain; 0 = none"),
    _bool("scoring", "negative_scores", "SCORE-1, DEF-28", "attacker scores may go below 0"),
    _enum("scoring", "xiajia_direction", "play_order deal_order", "DEALER-1, AMB-34",
          "who is the dealer's 下家"),
    _enum("scoring", "one_deck_rotation", "to_attackers within_side", "DEALER-3, AMB-36",
          "ONE1 rotation at 40-75"),
    _enum("scoring", "match_end", "reach_A win_at_A", "LEVEL-1, DEF-18, AMB-38",
          "match goal: reach A or win at A"),
    _enum("scoring", "demotion", "none hook", "LEVEL-8, DEF-17, AMB-39", "demotion rule"),
]

SCHEMA: dict[str, Field] = {f.key: f for f in _FIELDS}
"""Every variant key, in file order."""

RANKING_KEYS: tuple[str, ...] = tuple(f.key for f in _FIELDS if f.tables)
"""The keys the ranking tables depend on (``Field.tables``), in schema order: what
``rules.ranking.ranking_key`` keys the reference's and the core's tables by;
``tests/unit/test_ranking_keys.py`` fails when the tables read a key not marked."""
TABLES_ONLY_KEYS: tuple[str, ...] = tuple(f.key for f in _FIELDS if f.tables == KT_ONLY)
"""The ranking keys no kernel reads as a switch (:data:`KT_ONLY`)."""


class SchemaRow(NamedTuple):
    """One display row of :func:`describe_schema`."""

    section: str
    key: str
    type: str
    allowed: str
    default: str
    rules: str
    doc: str


def _allowed_text(f: Field) -> str:
    item = item_for_key(f.key)
    if item is not None:
        return " | ".join(f"{item.letter_for(f.key, v)} {v!r}" for v in f.allowed or ())
    if f.allowed is not None:
        return " | ".join(repr(v) for v in f.allowed)
    if f.type == "bool":
        return "true | false"
    if f.type == "list[int]":
        return "subset of [2, 3, 4], each <= decks"
    if f.hi is not None:
        return f"{f.lo}..{f.hi}"
    return f">= {f.lo}"


def describe_schema() -> list[SchemaRow]:
    """Rows (section, key, type, allowed, default, rule IDs, doc) for ``variants show``."""
    return [
        SchemaRow(
            f.section, f.key, f.type, _allowed_text(f),
            "required" if f.required else repr(f.default), f.rules, f.doc,
        )
        for f in _FIELDS
    ]


# ---------------------------------------------------------------------------------------------
# Checking one value


def _fail(where: str, key: str, problem: str) -> VariantError:
    return VariantError(f"{where}: key {key!r}: {problem}")


_TOML_TYPES: tuple[tuple[type, str], ...] = (
    (bool, "boolean"), (int, "integer"), (float, "float"), (str, "string"),
    (list, "array"), (dict, "table"),
)


def _type_name(value: Any) -> str:
    for py_type, toml_name in _TOML_TYPES:
        if isinstance(value, py_type):
            return toml_name
    return "datetime" if hasattr(value, "isoformat") else type(value).__name__


def _expected(f: Field) -> str:
    if f.type == "str" or f.allowed is not None:
        return "one of " + ", ".join(repr(v) for v in f.allowed or ())
    if f.type == "bool":
        return "true or false"
    if f.type == "list[int]":
        return "a list of distinct integers from [2, 3, 4]"
    return f"an integer {_allowed_text(f)}"


def _check_value(f: Field, value: Any, where: str) -> Any:
    """Type- and range-check one value; returns it normalised (tractor_units -> sorted tuple)."""
    def bad(problem: str, hint: str = "") -> VariantError:
        return _fail(where, f.key, f"value {value!r} {problem}; expected {_expected(f)}{hint}")

    if f.type == "bool":
        if not isinstance(value, bool):
            raise bad(f"has type {_type_name(value)}")
        return value
    if f.type == "list[int]":
        return _check_units(f, value, bad)
    if f.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(f"has type {_type_name(value)}")
        out_of_range = (f.lo is not None and value < f.lo) or (f.hi is not None and value > f.hi)
        if out_of_range or (f.allowed is not None and value not in f.allowed):
            raise bad("is not allowed")
        return value
    if not isinstance(value, str):
        raise bad(f"has type {_type_name(value)}")
    if value not in (f.allowed or ()):
        raise bad("is not allowed", did_you_mean(value, [str(v) for v in f.allowed or ()]))
    return value


def _check_units(f: Field, value: Any, bad: Callable[[str], VariantError]) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise bad(f"has type {_type_name(value)}")
    for unit in value:
        if isinstance(unit, bool) or not isinstance(unit, int) or unit not in TRACTOR_UNITS:
            raise bad(f"has element {unit!r}")
    if len(set(value)) != len(value):
        raise bad("has duplicates")
    return tuple(sorted(value))
