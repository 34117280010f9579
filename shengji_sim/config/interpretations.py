"""Registry of the switchable readings of RULES.md: every AMB item (§4) and OTH item (§7).

Representation
--------------
Every item is an :class:`Item` (frozen dataclass) with

* ``id``: ``"AMB-09"`` or ``"OTH-1"`` (AMB numbers are two digits, OTH numbers one digit);
* ``title``: a short English title;
* ``keys``: the variant key(s) it switches (keys of the schema,
:data:`shengji_sim.config.variant_schema.SCHEMA`;
  only AMB-27 has two keys, ``jj4_kitty`` and ``jj4_koudi_base``);
* ``alternatives``: the readings in RULES.md order, each an :class:`Alternative` with its
  letter (``"A"``, ``"B1"``, ``"(ii)"``...), the key it sets, the key's value string and a
  one-line description of the reading;
* ``defaults``: the RULES.md §8 letter for each built-in rule set, in :data:`RULE_SETS` order
  (``None`` where §8 says n/a: then the key is absent from that variant's file);
* ``aliases``: extra accepted letters (``"B"`` means ``"B1"`` for AMB-11 and AMB-30).

AMB-27 is written ``A/(ii)`` in §8: the letters ``A``/``B`` pick ``jj4_kitty`` and the roman
numerals ``(i)``/``(ii)``/``(iii)`` pick ``jj4_koudi_base``; a spec may give one part or both.

:func:`parse_amb` turns a command-line spec such as ``"AMB-09=C"`` into ``(key, value)`` pairs;
bad specs raise :class:`VariantError` (re-exported by :mod:`shengji_sim.config.variant`) with a
one-line message that lists the allowed letters.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from shengji_sim.errors import InputError

__all__ = [
    "ITEMS",
    "RULE_SETS",
    "Alternative",
    "Item",
    "VariantError",
    "item_for_key",
    "normalize_id",
    "parse_amb",
]

RULE_SETS: tuple[str, ...] = ("CZ4", "JJ4", "STD2", "ONE1", "THREE3")
"""The built-in rule sets, in the column order of RULES.md §3 and §8."""


class VariantError(InputError):
    """A variant file, ``--set`` or ``--amb`` value is invalid; ``str()`` is one line."""


@dataclass(frozen=True)
class Alternative:
    """One reading of an item: its letter, the key and value it sets, and what it means."""

    letter: str
    key: str
    value: str
    description: str


@dataclass(frozen=True)
class Item:
    """One AMB or OTH item: the keys it switches, its readings and its §8 defaults."""

    id: str
    title: str
    keys: tuple[str, ...]
    alternatives: tuple[Alternative, ...]
    defaults: tuple[str | None, ...]
    aliases: tuple[tuple[str, str], ...] = ()

    @property
    def letters(self) -> tuple[str, ...]:
        """The canonical letters, in RULES.md order."""
        return tuple(alt.letter for alt in self.alternatives)

    def default(self, rule_set: str) -> str | None:
        """The §8 letter for a built-in rule set (``None`` = n/a)."""
        return self.defaults[RULE_SETS.index(rule_set)]

    def alternative(self, letter: str) -> Alternative:
        """The alternative with this canonical letter or alias (KeyError if none)."""
        letter = dict(self.aliases).get(letter, letter)
        for alt in self.alternatives:
            if alt.letter == letter:
                return alt
        raise KeyError(letter)

    def values(self, key: str) -> tuple[str, ...]:
        """The values of ``key`` in letter order."""
        return tuple(alt.value for alt in self.alternatives if alt.key == key)

    def letter_for(self, key: str, value: str) -> str:
        """The letter whose reading sets ``key`` to ``value`` (KeyError if none)."""
        for alt in self.alternatives:
            if alt.key == key and alt.value == value:
                return alt.letter
        raise KeyError((key, value))

    def allowed_text(self) -> str:
        """Human text of the accepted letters, e.g. ``A, B1, B2, C (B = B1)``."""
        text = ", ".join(self.letters)
        if self.aliases:
            text += " (" + ", ".join(f"{a} = {c}" for a, c in self.aliases) + ")"
        if len(self.keys) > 1:
            text += "; both parts as A/(ii)"
        return text


def _item(
    item_id: str,
    title: str,
    key: str,
    alts: list[tuple[str, str, str]],
    defaults: str,
    aliases: tuple[tuple[str, str], ...] = (),
) -> Item:
    """Build a one-key item; ``defaults`` is five space-separated cells ('-' = n/a)."""
    cells = tuple(None if c == "-" else c for c in defaults.split())
    assert len(cells) == len(RULE_SETS), item_id
    alternatives = tuple(Alternative(letter, key, value, desc) for letter, value, desc in alts)
    return Item(item_id, title, (key,), alternatives, cells, aliases)


_B_IS_B1 = (("B", "B1"),)

_ITEM_LIST: list[Item] = [
    _item("AMB-01", "Are 2s fixed trumps (CZ4), and where do they rank?", "fixed_two", [
        ("A", "above_A", "every 2 is trump: BJ > LJ > 主L > 副L > 主2 > 副2 > A > K ..."),
        ("B", "none", "2 is an ordinary card, lowest in its suit (000 l.57-58 literal; 003)"),
        ("C", "bottom", "every 2 is trump but ranks below the trump suit's 3 (000 l.16 + l.57)"),
    ], "A A B B B"),
    _item("AMB-02", "JJ4: level cards vs fixed 2s, and the missing J", "jj_special_order", [
        ("A", "level_above_two", "BJ > LJ > 主L > 副L > 主2 > 副2 > A > K > Q > J > 10 (l.226)"),
        ("B", "two_above_level", "BJ > LJ > 主2 > 副2 > 主L > 副L > A ... (l.58 as complete)"),
    ], "A A - - -"),
    _item("AMB-03", "Level cards inside plain tractors", "level_card_in_plain_run", [
        ("A", "no", "level cards never join plain runs; the 000 l.30 example is level-agnostic"),
        ("B", "yes_if_trump_suit", "the trump-suit level card keeps its natural neighbours"),
    ], "A A A - A"),
    _item("AMB-04", "Adjacency model for special trumps (2s, level cards, jokers)",
          "special_adjacency", [
        ("A", "suit_sequence",
         "same natural suit and trump status, consecutive in plain..A, 2, L (LJ-BJ for jokers)"),
        ("B", "power_order", "consecutive power tiers: BJ-LJ-主L-副L-(主2-副2)-trump A-K-..."),
        ("C", "natural_only", "natural-rank adjacency only (2-3 adjacent, 2-5 not)"),
    ], "A A B - B"),
    _item("AMB-05", "Ace in tractors (A only at the head or tail)", "ace_adjacency", [
        ("A", "both_ends", "A may be high (after K) or low (before 2) but a run never passes A"),
        ("B", "trump_A2", "A is high; with fixed 2s the trump A is also adjacent to the trump 2"),
        ("C", "high_only", "A is high only (QQKKAA); no K-A-2 wrap"),
    ], "A B C - C"),
    _item("AMB-06", "Are ranks either side of a removed rank adjacent?", "gap_adjacency", [
        ("A", "yes", "after removing L (and fixed 2s) the remaining ranks are adjacent (DEF-1)"),
        ("B", "no", "the ranks either side of a removed rank are not adjacent"),
    ], "A A A - A"),
    _item("AMB-07", "Do all trumps form one suit for following and throwing?",
          "trump_is_one_suit", [
        ("A", "yes", "jokers, level cards, fixed 2s and the trump suit are one suit (DEF-12)"),
        ("B", "no", "'the led suit' means the natural suit"),
    ], "A A A A A"),
    _item("AMB-08", "Off-suit level cards of different suits: equal or suit-ordered?",
          "offlevel_suit_rank", [
        ("A", "equal_first_wins", "one tier; among equal plays the earlier one wins"),
        ("B", "suit_order", "ranked by suit: ♠ > ♥ > ♣ > ♦"),
    ], "B A A A A"),
    _item("AMB-09", "Scope of 'quad beats 2-pair tractor'", "quad_vs_tractor", [
        ("A", "any_quad", "any quad beats any 2-pair tractor of the same class, joker tractor too"),
        ("B", "by_power", "a quad beats a 2-pair tractor only if its rank >= the tractor's top"),
        ("C", "never_when_tractor_led", "against a tractor lead a quad is just two pairs"),
    ], "A A - - -"),
    _item("AMB-10", "Substitute shapes: may a stronger shape of equal size follow, ruff, win?",
          "substitute_shapes", [
        ("A", "allowed_and_wins", "an outranking same-count shape matches when following or "
                                  "ruffing and wins by CMP-2, CMP-3, CMP-4"),
        ("B", "wins_only_in_suit", "in the led suit it matches and wins; as a ruff it counts "
                                   "only as pairs"),
        ("C", "exact_shape_only", "only the exact led shape can win"),
    ], "B B - - C"),
    _item("AMB-11", "3-pair tractor lead: must a follower prefer a 2-triple tractor?",
          "pairtractor_lead_vs_tripletractor", [
        ("A", "choice", "top row is {3-pair tractor, 2-triple tractor}; a triple-tractor wins"),
        ("B1", "pairs_only_wins", "only a 3-pair tractor fills the top row; a triple-tractor "
                                  "played later is recognised and wins"),
        ("B2", "pairs_only_loses", "only a 3-pair tractor fills the top row; a triple-tractor "
                                   "is not recognised and cannot win"),
        ("C", "triple_first", "a 2-triple tractor is mandatory if held"),
    ], "B1 A - - B2", _B_IS_B1),
    _item("AMB-12", "Quad lead: follow order (000 l.47 vs 002 l.200-212)", "quad_lead_table", [
        ("A", "cz4", "quad -> triple -> tractor -> pair -> single (000 l.47)"),
        ("B", "jj4", "quad -> tractor -> 2 pairs -> triple+1 -> pair+2 -> 4 singles (002)"),
    ], "A B - - -"),
    _item("AMB-13", "2-triple tractor lead: follow order (000 l.49 vs 002 l.180-198)",
          "tripletractor_lead_table", [
        ("A", "cz4", "triple-tractor -> triple -> 3-pair tractor -> 2-pair tractor -> pairs"),
        ("B", "jj4", "triple-tractor -> 3-pair tractor -> quad+pair -> tractor+pair -> ... (002)"),
    ], "A B - - -"),
    _item("AMB-14", "Quad-tractor lead: follow order (000 l.50 vs 002 l.124-162)",
          "quadtractor_lead_table", [
        ("A", "cz4", "quad-tractor -> quad -> triple -> tractor -> pairs -> singles (000 l.50)"),
        ("B", "jj4", "two quads -> 4-pair tractor -> ... -> quad + 2 pairs -> ... (002 table 2)"),
    ], "A B - - -"),
    _item("AMB-15", "Meaning of 000's chains 'X-Y-Z'", "cz4_chain_semantics", [
        ("A", "greedy", "repeatedly take the highest-priority element that still fits; rest free"),
        ("B", "first_only", "only the first formable element is mandatory; rest any led-suit"),
    ], "A - - - -"),
    _item("AMB-16", "Tractor obligation: length and count", "tractor_obligation", [
        ("A", "maximize", "maximise the matched tractor structure, then the number of pairs"),
        ("B", "same_length_only", "a tractor is owed only if one of the led length is held"),
        ("C", "at_least_one", "if any tractor is held at least one is included; then pairs"),
    ], "A A A - A"),
    _item("AMB-17", "May triples and quads be split for pair/tractor obligations?",
          "split_sets", [
        ("A", "yes", "a triple supplies a pair, a quad two pairs or a triple, and must if needed"),
        ("B", "no", "triples and quads are atomic and do not count as pairs"),
    ], "A A - - A"),
    _item("AMB-18", "JJ4: general line 76 vs the follow tables", "jj4_follow_source", [
        ("A", "tables", "the 002 tables are authoritative; line 76 is a summary"),
        ("B", "line76", "maximise pairs; the tables are illustrations"),
    ], "- A - - -"),
    _item("AMB-19", "Ruff or discard when lacking only the shape?", "ruff_condition", [
        ("A", "void_only", "ruff or discard only when void in the led suit"),
        ("B", "shape_missing", "lacking the led shape in the led suit allows a ruff or discard"),
    ], "A A A A A"),
    _item("AMB-20", "Throw validity: is the partner's hand checked?", "throw_check_players", [
        ("A", "all_three", "all three other hands are checked, partner included (literal)"),
        ("B", "opponents", "only the two opponents are checked"),
    ], "A A A A A"),
    _item("AMB-21", "Which cards does a failed thrower play?", "throw_fail_play", [
        ("A", "smallest_component", "the smallest component by shape size, then by rank"),
        ("B", "beaten_component", "the beaten component (the smallest if several; DEF-9)"),
        ("C", "lowest_card", "the lowest card"),
    ], "A B B B B"),
    _item("AMB-22", "JJ4 throws (002 l.82)", "jj4_throws", [
        ("A", "forbidden", "throws are forbidden"),
        ("B", "only_if_all_void", "throws are allowed only when all three others are void"),
        ("C", "literal", "forbidden when all three others are void; otherwise CZ4-style validity"),
    ], "- C - - -"),
    _item("AMB-23", "STD2 '必须保证最大性': rejection or failure?", "throw_enforcement", [
        ("A", "reject", "a non-maximal throw is refused and the leader chooses again"),
        ("B", "fail_procedure", "the throw is made, then fails with a forced play (AMB-21)"),
    ], "B B B B B"),
    _item("AMB-24", "What is '扣除该玩家1分' (failed-throw penalty)?", "throw_fail_penalty", [
        ("A", "card_point", "card points off the thrower's side (throw_penalty_points)"),
        ("B", "platform_point", "a rating/score point outside card scoring"),
        ("C", "level", "one level"),
    ], "A - - - -"),
    _item("AMB-25", "Kitty multiplier base and exponent", "kitty_mult", [
        ("A", "pow2_cards", "2^(cards in the winning last-trick play)"),
        ("B", "pow2_largest_component", "2^(cards in its largest component), cap 64 (003)"),
        ("C", "by_unit", "single x2, pair x4, triple x8, quad x16; a tractor counts as its unit"),
        ("D", "linear_cards", "x number of cards"),
    ], "A D B B B"),
    _item("AMB-26", "CZ4 off-suit last-trick win ('副牌扣底不翻倍')", "kitty_offsuit_win", [
        ("A", "x1", "kitty points counted once, not multiplied"),
        ("B", "x0", "kitty points not awarded"),
        ("C", "normal", "multiplied like a trump win (002/003 practice)"),
    ], "A C C C C"),
    Item(
        "AMB-27", "JJ4: is there a kitty, and what does 002 l.234 multiply?",
        ("jj4_kitty", "jj4_koudi_base"),
        (
            Alternative("A", "jj4_kitty", "none", "no kitty: 54 cards each (002 l.18)"),
            Alternative("B", "jj4_kitty", "eight", "a kitty of 8: 52 cards each ('不' an error)"),
            Alternative("(i)", "jj4_koudi_base", "kitty_points", "kitty points x n (needs B)"),
            Alternative("(ii)", "jj4_koudi_base", "loser_points",
                        "the last-trick loser forfeits its captured points x n to the winner"),
            Alternative("(iii)", "jj4_koudi_base", "trick_points",
                        "the points in the last trick x n"),
        ),
        (None, "A/(iii)", None, None, None),
    ),
    _item("AMB-28", "CZ4 hand size: 52 vs 51", "cz4_hand", [
        ("A", "52+8", "52 cards each + 8 in the kitty (sums to 216)"),
        ("B", "51+12", "51 cards each + 12 in the kitty (contradicts '底牌为8张')"),
        ("C", "51+8", "51 cards each + 8 in the kitty (sums to 212; impossible)"),
    ], "A - - - -"),
    _item("AMB-29", "炒底 ladder: 反主 tiers or the 000 l.68 list", "chaodi_ladder", [
        ("A", "fanzhu_tiers", "use the l.37 反主 tiers; suits equal within a tier"),
        ("B", "line68_ascending", "single L < pair ♦L < ♣ < ♥ < ♠ < pair LJ < pair BJ < 4 jokers"),
        ("C", "line68_descending", "the l.68 list read as descending (listed to reject it)"),
    ], "B - B - -"),
    _item("AMB-30", "CZ4 when nobody declares: 000 l.39 vs l.67", "cz4_no_bid", [
        ("A", "line39", "trump = suit of the first kitty card; hand 1 redeal"),
        ("B1", "line67_level_card", "first level card in the kitty sets the suit, else the "
                                    "first card; joker = NT; hand 1 dealer by mod 4"),
        ("B2", "line67_literal_10", "as B1 but with a literal 10 instead of the level card"),
    ], "B1 - - - -", _B_IS_B1),
    _item("AMB-31", "Mod-4 first dealer: which card number?", "mod4_numbering", [
        ("A", "deck_index", "0-53 with A = 0, BJ = 53 (♠ 0-12, ♥ 13-25, ♣ 26-38, ♦ 39-51)"),
        ("B", "rank_index", "A = 0, 2 = 1, ..., K = 12; LJ = 52, BJ = 53"),
        ("C", "face_value", "A = 1, ..., K = 13"),
    ], "A - C - -"),
    _item("AMB-32", "Does 炒底 move the dealership?", "chaodi_moves_dealer", [
        ("A", "hand1_only", "in hand 1 a successful 炒底 makes that player dealer"),
        ("B", "never", "炒底 never moves the dealership"),
    ], "A - B - -"),
    _item("AMB-33", "Joker declarations and no-trump", "joker_declaration", [
        ("A", "any_joker_NT", "every joker declaration sets no-trump"),
        ("B", "only_four_NT", "pair/triple jokers win the bid but keep the suit; 4 jokers = NT"),
        ("C", "four_choose", "pair/triple jokers give NT; four jokers choose NT or any suit"),
    ], "B - A - -"),
    _item("AMB-34", "Who is 下家: turn or dealing direction?", "xiajia_direction", [
        ("A", "play_order", "the next player in (counter-clockwise) play order"),
        ("B", "deal_order", "the next player in (clockwise) dealing order"),
    ], "A A A A A"),
    _item("AMB-35", "JJ4 hidden bids: what is visible?", "jj4_bid_visibility", [
        ("A", "count_public", "card count public, suit hidden; an override needs count + 1 now"),
        ("B", "all_hidden", "all hidden; the bid with most cards (earliest on ties) wins"),
    ], "- A - - -"),
    _item("AMB-36", "ONE1 '轮换庄家' at 40-75", "one_deck_rotation", [
        ("A", "to_attackers", "the previous dealer's 下家 deals, at the attackers' level"),
        ("B", "within_side", "the dealer's partner deals"),
    ], "- - - A -"),
    _item("AMB-37", "002 l.40: who may ruff?", "jj4_line40", [
        ("A", "garble", "read '首先' (leader): anyone void may ruff"),
        ("B", "literal", "only the last player of a trick may ruff"),
    ], "- A - - -"),
    _item("AMB-38", "Match goal: reach A or pass A?", "match_end", [
        ("A", "reach_A", "the match ends when a side's level becomes >= A"),
        ("B", "win_at_A", "a side must win a hand as dealers at A; gains capped at A (DEF-18)"),
    ], "B B A A A"),
    _item("AMB-39", "Demotion ('升级或降级')", "demotion", [
        ("A", "none", "levels never decrease (DEF-17)"),
        ("B", "hook", "some unspecified demotion rule exists (a harness hook)"),
    ], "A A A A A"),
    _item("AMB-40", "JJ4 主AA22 vs 主AAKK (002 l.224)", "jj4_A2_tractor_rank", [
        ("A", "aa22_above_aakk", "主2233 > 副2233 > 主AA22 > 主AAKK > 主KKQQ > ..."),
        ("B", "aa22_lowest", "主2233 > 副2233 > 主AAKK > ... > 主AA22 (lowest)"),
    ], "A A - - -"),
    _item("AMB-41", "JJ4 '2个4张': must the two quads be adjacent?", "two_quads_adjacent", [
        ("A", "any", "any two quads satisfy the top row"),
        ("B", "adjacent", "only a quad-tractor does; other quad pairs fall to quad + 2 pairs"),
    ], "- A - - -"),
    _item("AMB-42", "Declaration override: stronger, last or first wins?", "bid_override_rule", [
        ("A", "stronger", "an override must be strictly stronger"),
        ("B", "last_wins", "the last declaration wins"),
        ("C", "first_wins", "the first declaration wins"),
    ], "A A A C A"),
    _item("AMB-43", "Throw test '不大于...任意一张': for all or exists?",
          "throw_test_quantifier", [
        ("A", "forall", "each opposing component must be <= the lowest thrown one of its type"),
        ("B", "exists", "each opposing component must be <= some (the highest) thrown one"),
    ], "A A A A A"),
    _item("AMB-44", "003 抠底 examples with triples: scope of the 2^n rule", "kitty_rule_scope", [
        ("A", "generic", "the 2^n rule applies to every deck count"),
        ("B", "two_deck_only", "444555 and 555 are errors; the rule is two-deck only"),
    ], "- - A A A"),
    _item("AMB-45", "STD2 when nobody declares (003 l.13)", "std2_no_bid", [
        ("A", "flip_for_dealer", "turn kitty cards; the matching seat deals; trump unspecified"),
        ("B", "flip_like_cz4_line67", "the first kitty card gives the suit and the mod-4 dealer"),
        ("C", "redeal", "redeal"),
    ], "- - A C C"),
    _item("AMB-46", "Hand-1 dealer after a counter", "hand1_dealer", [
        ("A", "final_declarer", "the last successful (counter-)declarer deals"),
        ("B", "first_turner", "the first player to turn a level card deals"),
    ], "A A A B A"),
    _item("AMB-47", "Throw test: same shape only, or stronger shapes too?", "throw_beaten_by", [
        ("A", "same_type", "a thrown component is beaten only by a higher one of its own type "
                           "(000 l.65 validity clause)"),
        ("B", "any_stronger", "also by any in-suit holding that would beat it as a follow "
                              "(CMP-2, CMP-3, CMP-4: a quad beats a 2-pair tractor)"),
    ], "A A A A A"),
    _item("AMB-48", "How a throw splits into components", "throw_split", [
        ("A", "sets_whole", "fewest components that break no held set (SA SA SA SK SK = "
                            "AAA + KK)"),
        ("B", "largest_first", "fewest components, the largest first (SA SA SA SK SK = "
                               "AAKK + A)"),
    ], "A A A A A"),
    _item("AMB-49", "Ace-low when the suit has no 2", "ace_low_without_two", [
        ("A", "no", "A is low only directly before a 2 of its suit (SA SA S3 S3 is two pairs)"),
        ("B", "yes", "the removed 2 leaves A next to 3 (SA SA S3 S3 is a tractor)"),
    ], "A A - - -"),
    _item("AMB-50", "May declarations go on after the last dealt card?",
          "declaration_after_deal", [
        ("A", "closed", "the window closes with the last dealt card"),
        ("B", "one_round", "one more chance each, in play order from the seat after the last "
                           "card's; then it closes"),
        ("C", "until_all_pass", "asked in play order, going round, until every seat has passed "
                                "since the last declaration"),
    ], "C A C C C"),
    _item("AMB-51", "CZ4 炒底 over a standing triple or quad", "chaodi_over_set", [
        ("A", "as_pair", "a standing triple or quad counts as the pair of its card on l.68"),
        ("B", "above_pairs", "it ranks above every pair rung of l.68; only four jokers 炒 it"),
        ("C", "tiers", "both placed on the l.37 反主 tiers; the 炒 must be on a higher tier"),
    ], "B - - - -"),
    _item("OTH-1", "Comparing multi-unit plays (throws, ruffs)", "multi_unit_compare", [
        ("A", "largest_type_top", "DEF-4: highest component of the largest component type"),
        ("B", "all_units", "every unit beats its counterpart under some mapping (rbtying All)"),
        ("C", "highest_card", "only the single highest card decides (rbtying Highest)"),
        ("D", "unit_length_lex", "largest units first; on a tie the next unit decides "
                                 "(rbtying TrickUnitLength)"),
    ], "A A A A A"),
    _item("OTH-2", "Can a same-suit follower beat a throw?", "same_suit_beats_throw", [
        ("A", "no", "only a ruff can beat a throw (DEF-4)"),
        ("B", "yes", "a same-suit play matching the structure that wins under OTH-1 (rbtying)"),
    ], "A A A A A"),
    _item("OTH-3", "Which component a failed throw plays", "throw_fail_component", [
        ("A", "variant", "the variant's reading (AMB-21 / DEF-9)"),
        ("B", "first_beater", "first player in turn order able to beat decides; smallest "
                              "component it beats (rbtying)"),
        ("C", "lowest_top", "the component with the lowest top card (Eighty)"),
    ], "A A A A A"),
    _item("OTH-4", "Kitty multiplier of other engines", "kitty_mult_rule", [
        ("A", "variant", "the variant's own multiplier (KITTY-3, AMB-25)"),
        ("B", "twice_largest_unit", "2 x size of the largest unit of the last lead "
                                    "(rbtying Times)"),
        ("C", "pow2_largest_unit", "2^(size of the largest unit), no cap (rbtying Power)"),
        ("D", "twice_lead_cards", "2 x number of cards in the last lead (jerryyyu, Eighty)"),
    ], "A A A A A"),
    _item("OTH-5", "Triples and quads against pair obligations", "longer_tuples", [
        ("A", "variant", "per AMB-17"),
        ("B", "protected", "triples/quads never create pair obligations; may be broken "
                           "voluntarily (rbtying)"),
    ], "A A - - A"),
    _item("OTH-6", "Shape obligations at all", "shape_obligation", [
        ("A", "variant", "the variant's shape obligations (FOLLOW-3, FOLLOW-4, FOLLOW-5, "
                         "FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11)"),
        ("B", "none", "follow suit with as many cards as possible; no shape obligation"),
    ], "A A A - A"),
    _item("OTH-7", "Mixed-width runs as follow obligations", "mixed_width_runs", [
        ("A", "no", "no mixed widths (DEF-6)"),
        ("B", "yes", "after a triple-/quad-tractor lead a triple + adjacent pair is owed "
                     "(rbtying)"),
    ], "A A - - A"),
    _item("OTH-8", "Failed-throw penalty of other engines", "throw_penalty_rule", [
        ("A", "variant", "the variant's penalty (AMB-24, DEF-9: throw_penalty_points)"),
        ("B", "ten_points", "10 points to the other side per failed throw (rbtying)"),
    ], "A A A A A"),
    _item("OTH-9", "Fixed 2s in other engines", "fixed_two_oth", [
        ("A", "variant", "the variant's fixed_two (AMB-01)"),
        ("B", "none", "never fixed 2s (= AMB-01 B; rbtying); forces fixed_two = none"),
    ], "A A - - -"),
]

ITEMS: dict[str, Item] = {item.id: item for item in _ITEM_LIST}
"""Every AMB and OTH item by ID, in RULES.md order."""

_BY_KEY: dict[str, Item] = {key: item for item in _ITEM_LIST for key in item.keys}

_ID_RE = re.compile(r"^(AMB|OTH)-?0*(\d+)$", re.IGNORECASE)


def item_for_key(key: str) -> Item | None:
    """The item that switches ``key``, or ``None`` for a key that is not a switch."""
    return _BY_KEY.get(key)


def normalize_id(text: str) -> str | None:
    """``"amb-9"`` -> ``"AMB-09"``, ``"OTH-01"`` -> ``"OTH-1"``; ``None`` if not ID-shaped."""
    match = _ID_RE.match(text.strip())
    if match is None:
        return None
    kind, number = match.group(1).upper(), int(match.group(2))
    return f"AMB-{number:02d}" if kind == "AMB" else f"OTH-{number}"


def _unknown_id(spec: str, raw_id: str) -> VariantError:
    close = difflib.get_close_matches(raw_id.strip().upper(), list(ITEMS), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return VariantError(
        f"--amb {spec!r}: unknown item {raw_id.strip()!r}{hint}; "
        f"known: AMB-01..AMB-51, OTH-1..OTH-9"
    )


def _bad_letter(spec: str, item: Item, letter: str) -> VariantError:
    return VariantError(
        f"--amb {spec!r}: {item.id} has no letter {letter!r}; allowed: {item.allowed_text()}"
    )


def _lookup(item: Item, letter: str) -> Alternative | None:
    """The alternative for a letter (case-insensitive; roman numerals with or without ())."""
    want = letter.strip().upper()
    if re.fullmatch(r"\(?I{1,3}\)?", want):
        want = "(" + want.strip("()") + ")"
    for alias, canonical in item.aliases:
        if want == alias:
            want = canonical
    for alt in item.alternatives:
        if alt.letter.upper() == want:
            return alt
    return None


def parse_amb(spec: str) -> list[tuple[str, str]]:
    """Parse ``"AMB-09=C"`` (or ``"OTH-1=B"``, ``"AMB-27=A/(ii)"``) into (key, value) pairs.

    Raises VariantError (one line, listing the allowed letters) for a malformed spec, an
    unknown ID or an unknown letter.
    """
    raw_id, sep, raw_letter = spec.partition("=")
    if not sep or not raw_letter.strip():
        raise VariantError(f"--amb {spec!r}: expected ID=LETTER, e.g. AMB-09=C or OTH-1=B")
    item_id = normalize_id(raw_id)
    if item_id is None or item_id not in ITEMS:
        raise _unknown_id(spec, raw_id)
    item = ITEMS[item_id]
    parts = raw_letter.split("/")
    pairs: list[tuple[str, str]] = []
    for part in parts:
        alt = _lookup(item, part)
        if alt is None:
            raise _bad_letter(spec, item, part.strip())
        if any(key == alt.key for key, _ in pairs):
            raise VariantError(
                f"--amb {spec!r}: {item.id} sets {alt.key!r} twice; "
                f"allowed: {item.allowed_text()}"
            )
        pairs.append((alt.key, alt.value))
    return pairs
