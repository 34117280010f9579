"""Switch constants of the kernels: GENERATED from the variant schema, do not edit.

Regenerate with ``python -m shengji_sim.core.base.make_switches`` after changing
:data:`shengji_sim.config.variant_schema.SCHEMA` or
:data:`shengji_sim.config.interpretations.ITEMS`; ``tests/unit/test_switches.py`` fails when
this file is stale.

Representation
--------------
A variant reaches the kernels as ``sw``, an ``int32[N_SWITCHES]`` built by
:func:`shengji_sim.core.runtime.api.switch_array`. ``sw[SW_<KEY>]`` holds the schema key ``<KEY>``:
an enumerated key as the position of its value in the schema's list (``V_<KEY>_<VALUE>``,
letter order for an AMB/OTH switch: A is 0), a bool as 0/1, an int as itself, and
``tractor_units`` as a bit mask (bit ``w`` set: width-``w`` tractors exist, COMBO-5).

A switch whose AMB/OTH item does not apply to the variant (RULES.md §8 "n/a": its key is
absent from the variant file) holds :data:`NA`. A test for a reading, ``sw[SW_X] == V_X_B``,
is then false, as the reference reads an absent key as its letter A; a kernel that needs
the letter-A value of a switch that may be n/a reads :func:`reading_nb`, and one that asks
whether the item applies at all (AMB-11, AMB-41 ...) tests ``sw[SW_X] != NA``.
"""

from __future__ import annotations

from shengji_sim.core.base.jit import njit

NA = -1  #: the switch's AMB/OTH item does not apply to the variant (RULES.md §8 "n/a")


@njit(cache=True, inline="always")
def reading_nb(sw, i):
    """``sw[i]`` with an n/a switch read as its letter A (code 0), as the reference does."""
    v = sw[i]
    return 0 if v == NA else v


N_SWITCHES = 88  #: slots of ``sw``, one per schema key

# [deck]

#: DECK-1: players; only 4 is supported (int; key 'players')
SW_PLAYERS = 0

#: DECK-2: number of 54-card decks (int; key 'decks')
SW_DECKS = 1

#: DECK-2: cards in play; must equal decks*54 (int; key 'total_cards')
SW_TOTAL_CARDS = 2

#: DECK-3: cards per player; 4*hand_size + kitty_size must equal total_cards (int; key 'hand_size')
SW_HAND_SIZE = 3

#: DECK-3: kitty (底牌) size; below total_cards (int; key 'kitty_size')
SW_KITTY_SIZE = 4

#: POINT-1: points in play; must equal decks*100 (int; key 'total_points')
SW_TOTAL_POINTS = 5

#: DECK-4, DEF-11: who receives the first card ('draw' is dealt like dealer_first) (key
#: 'deal_order')
SW_DEAL_ORDER = 6
#: DECK-4, DEF-11: 'random_first_then_dealer'
V_DEAL_ORDER_RANDOM_FIRST_THEN_DEALER = 0
#: DECK-4, DEF-11: 'random_each_hand'
V_DEAL_ORDER_RANDOM_EACH_HAND = 1
#: DECK-4, DEF-11: 'dealer_first'
V_DEAL_ORDER_DEALER_FIRST = 2
#: DECK-4, DEF-11: 'draw'
V_DEAL_ORDER_DRAW = 3

#: LEAD-4: turn order; only counter-clockwise (kept for documentation) (key 'turn_direction')
SW_TURN_DIRECTION = 7
#: LEAD-4: 'counter_clockwise'
V_TURN_DIRECTION_COUNTER_CLOCKWISE = 0

#: DECK-3, AMB-28: CZ4 hand+kitty; when present it fixes hand_size/kitty_size ('51+8' is impossible)
#: (key 'cz4_hand')
SW_CZ4_HAND = 8
#: AMB-28 A: '52+8', 52 cards each + 8 in the kitty (sums to 216)
V_CZ4_HAND_52_8 = 0
#: AMB-28 B: '51+12', 51 cards each + 12 in the kitty (contradicts '底牌为8张')
V_CZ4_HAND_51_12 = 1
#: AMB-28 C: '51+8', 51 cards each + 8 in the kitty (sums to 212; impossible)
V_CZ4_HAND_51_8 = 2

# [ranking]

#: LEVEL-1, DEF-19: level both sides start at (key 'starting_level')
SW_STARTING_LEVEL = 9
#: LEVEL-1, DEF-19: '2'
V_STARTING_LEVEL_2 = 0
#: LEVEL-1, DEF-19: '3'
V_STARTING_LEVEL_3 = 1
#: LEVEL-1, DEF-19: '4'
V_STARTING_LEVEL_4 = 2
#: LEVEL-1, DEF-19: '5'
V_STARTING_LEVEL_5 = 3
#: LEVEL-1, DEF-19: '6'
V_STARTING_LEVEL_6 = 4
#: LEVEL-1, DEF-19: '7'
V_STARTING_LEVEL_7 = 5
#: LEVEL-1, DEF-19: '8'
V_STARTING_LEVEL_8 = 6
#: LEVEL-1, DEF-19: '9'
V_STARTING_LEVEL_9 = 7
#: LEVEL-1, DEF-19: '10'
V_STARTING_LEVEL_10 = 8
#: LEVEL-1, DEF-19: 'J'
V_STARTING_LEVEL_J = 9
#: LEVEL-1, DEF-19: 'Q'
V_STARTING_LEVEL_Q = 10
#: LEVEL-1, DEF-19: 'K'
V_STARTING_LEVEL_K = 11
#: LEVEL-1, DEF-19: 'A'
V_STARTING_LEVEL_A = 12

#: TRUMP-3, AMB-01: are 2s permanent trumps, and where they rank (key 'fixed_two')
SW_FIXED_TWO = 10
#: AMB-01 A: 'above_A', every 2 is trump: BJ > LJ > 主L > 副L > 主2 > 副2 > A > K ...
V_FIXED_TWO_ABOVE_A = 0
#: AMB-01 B: 'none', 2 is an ordinary card, lowest in its suit (000 l.57-58 literal; 003)
V_FIXED_TWO_NONE = 1
#: AMB-01 C: 'bottom', every 2 is trump but ranks below the trump suit's 3 (000 l.16 + l.57)
V_FIXED_TWO_BOTTOM = 2

#: TRUMP-4, AMB-02: order of level cards vs fixed 2s (key 'jj_special_order')
SW_JJ_SPECIAL_ORDER = 11
#: AMB-02 A: 'level_above_two', BJ > LJ > 主L > 副L > 主2 > 副2 > A > K > Q > J > 10 (l.226)
V_JJ_SPECIAL_ORDER_LEVEL_ABOVE_TWO = 0
#: AMB-02 B: 'two_above_level', BJ > LJ > 主2 > 副2 > 主L > 副L > A ... (l.58 as complete)
V_JJ_SPECIAL_ORDER_TWO_ABOVE_LEVEL = 1

#: COMBO-5, AMB-03: may the trump-suit level card join a plain run (key 'level_card_in_plain_run')
SW_LEVEL_CARD_IN_PLAIN_RUN = 12
#: AMB-03 A: 'no', level cards never join plain runs; the 000 l.30 example is level-agnostic
V_LEVEL_CARD_IN_PLAIN_RUN_NO = 0
#: AMB-03 B: 'yes_if_trump_suit', the trump-suit level card keeps its natural neighbours
V_LEVEL_CARD_IN_PLAIN_RUN_YES_IF_TRUMP_SUIT = 1

#: COMBO-8, DEF-2, AMB-04: tractor adjacency model for 2s, level cards, jokers (key
#: 'special_adjacency')
SW_SPECIAL_ADJACENCY = 13
#: AMB-04 A: 'suit_sequence', same natural suit and trump status, consecutive in plain..A, 2, L (LJ-
#: BJ for jokers)
V_SPECIAL_ADJACENCY_SUIT_SEQUENCE = 0
#: AMB-04 B: 'power_order', consecutive power tiers: BJ-LJ-主L-副L-(主2-副2)-trump A-K-...
V_SPECIAL_ADJACENCY_POWER_ORDER = 1
#: AMB-04 C: 'natural_only', natural-rank adjacency only (2-3 adjacent, 2-5 not)
V_SPECIAL_ADJACENCY_NATURAL_ONLY = 2

#: COMBO-7, DEF-10, AMB-05: where A may stand in a tractor (key 'ace_adjacency')
SW_ACE_ADJACENCY = 14
#: AMB-05 A: 'both_ends', A may be high (after K) or low (before 2) but a run never passes A
V_ACE_ADJACENCY_BOTH_ENDS = 0
#: AMB-05 B: 'trump_A2', A is high; with fixed 2s the trump A is also adjacent to the trump 2
V_ACE_ADJACENCY_TRUMP_A2 = 1
#: AMB-05 C: 'high_only', A is high only (QQKKAA); no K-A-2 wrap
V_ACE_ADJACENCY_HIGH_ONLY = 2

#: COMBO-9, DEF-1, AMB-06: are ranks either side of a removed rank adjacent (key 'gap_adjacency')
SW_GAP_ADJACENCY = 15
#: AMB-06 A: 'yes', after removing L (and fixed 2s) the remaining ranks are adjacent (DEF-1)
V_GAP_ADJACENCY_YES = 0
#: AMB-06 B: 'no', the ranks either side of a removed rank are not adjacent
V_GAP_ADJACENCY_NO = 1

#: TRUMP-1, DEF-12, AMB-07: do all trumps form one suit for following and throwing (key
#: 'trump_is_one_suit')
SW_TRUMP_IS_ONE_SUIT = 16
#: AMB-07 A: 'yes', jokers, level cards, fixed 2s and the trump suit are one suit (DEF-12)
V_TRUMP_IS_ONE_SUIT_YES = 0
#: AMB-07 B: 'no', 'the led suit' means the natural suit
V_TRUMP_IS_ONE_SUIT_NO = 1

#: TRUMP-7, DEF-3, AMB-08: off-suit level cards of different suits: equal or suit-ordered (key
#: 'offlevel_suit_rank')
SW_OFFLEVEL_SUIT_RANK = 17
#: AMB-08 A: 'equal_first_wins', one tier; among equal plays the earlier one wins
V_OFFLEVEL_SUIT_RANK_EQUAL_FIRST_WINS = 0
#: AMB-08 B: 'suit_order', ranked by suit: ♠ > ♥ > ♣ > ♦
V_OFFLEVEL_SUIT_RANK_SUIT_ORDER = 1

#: COMBO-7, AMB-05, AMB-06, AMB-49: may A stand below 3 when the suit holds no 2 (level 2, or fixed
#: 2s) (key 'ace_low_without_two')
SW_ACE_LOW_WITHOUT_TWO = 18
#: AMB-49 A: 'no', A is low only directly before a 2 of its suit (SA SA S3 S3 is two pairs)
V_ACE_LOW_WITHOUT_TWO_NO = 0
#: AMB-49 B: 'yes', the removed 2 leaves A next to 3 (SA SA S3 S3 is a tractor)
V_ACE_LOW_WITHOUT_TWO_YES = 1

#: COMBO-6, DEF-7: BJ BJ LJ LJ (and longer) is a tractor (bool; key 'joker_tractor')
SW_JOKER_TRACTOR = 19

#: COMBO-5: set sizes that form tractors: subset of [2, 3, 4], each <= decks ([] for 1 deck)
#: (list[int]; key 'tractor_units')
SW_TRACTOR_UNITS = 20

#: OTH-9: other engines' fixed 2s; 'none' forces fixed_two = 'none' (key 'fixed_two_oth')
SW_FIXED_TWO_OTH = 21
#: OTH-9 A: 'variant', the variant's fixed_two (AMB-01)
V_FIXED_TWO_OTH_VARIANT = 0
#: OTH-9 B: 'none', never fixed 2s (= AMB-01 B; rbtying); forces fixed_two = none
V_FIXED_TWO_OTH_NONE = 1

# [compare]

#: CMP-2, AMB-09: which quads beat a 2-pair tractor (key 'quad_vs_tractor')
SW_QUAD_VS_TRACTOR = 22
#: AMB-09 A: 'any_quad', any quad beats any 2-pair tractor of the same class, joker tractor too
V_QUAD_VS_TRACTOR_ANY_QUAD = 0
#: AMB-09 B: 'by_power', a quad beats a 2-pair tractor only if its rank >= the tractor's top
V_QUAD_VS_TRACTOR_BY_POWER = 1
#: AMB-09 C: 'never_when_tractor_led', against a tractor lead a quad is just two pairs
V_QUAD_VS_TRACTOR_NEVER_WHEN_TRACTOR_LED = 2

#: CMP-2, CMP-3, CMP-4, CMP-8, AMB-10: may a stronger same-count shape follow/ruff and win (key
#: 'substitute_shapes')
SW_SUBSTITUTE_SHAPES = 23
#: AMB-10 A: 'allowed_and_wins', an outranking same-count shape matches when following or ruffing
#: and wins by CMP-2, CMP-3, CMP-4
V_SUBSTITUTE_SHAPES_ALLOWED_AND_WINS = 0
#: AMB-10 B: 'wins_only_in_suit', in the led suit it matches and wins; as a ruff it counts only as
#: pairs
V_SUBSTITUTE_SHAPES_WINS_ONLY_IN_SUIT = 1
#: AMB-10 C: 'exact_shape_only', only the exact led shape can win
V_SUBSTITUTE_SHAPES_EXACT_SHAPE_ONLY = 2

#: CMP-6, AMB-40: rank of trump AA22 among trump tractors (key 'jj4_A2_tractor_rank')
SW_JJ4_A2_TRACTOR_RANK = 24
#: AMB-40 A: 'aa22_above_aakk', 主2233 > 副2233 > 主AA22 > 主AAKK > 主KKQQ > ...
V_JJ4_A2_TRACTOR_RANK_AA22_ABOVE_AAKK = 0
#: AMB-40 B: 'aa22_lowest', 主2233 > 副2233 > 主AAKK > ... > 主AA22 (lowest)
V_JJ4_A2_TRACTOR_RANK_AA22_LOWEST = 1

#: DEF-4, OTH-1: comparing throws, ruffs of throws, over-ruffs (key 'multi_unit_compare')
SW_MULTI_UNIT_COMPARE = 25
#: OTH-1 A: 'largest_type_top', DEF-4: highest component of the largest component type
V_MULTI_UNIT_COMPARE_LARGEST_TYPE_TOP = 0
#: OTH-1 B: 'all_units', every unit beats its counterpart under some mapping (rbtying All)
V_MULTI_UNIT_COMPARE_ALL_UNITS = 1
#: OTH-1 C: 'highest_card', only the single highest card decides (rbtying Highest)
V_MULTI_UNIT_COMPARE_HIGHEST_CARD = 2
#: OTH-1 D: 'unit_length_lex', largest units first; on a tie the next unit decides (rbtying
#: TrickUnitLength)
V_MULTI_UNIT_COMPARE_UNIT_LENGTH_LEX = 3

#: DEF-4, OTH-2: can a same-suit follower beat a throw (key 'same_suit_beats_throw')
SW_SAME_SUIT_BEATS_THROW = 26
#: OTH-2 A: 'no', only a ruff can beat a throw (DEF-4)
V_SAME_SUIT_BEATS_THROW_NO = 0
#: OTH-2 B: 'yes', a same-suit play matching the structure that wins under OTH-1 (rbtying)
V_SAME_SUIT_BEATS_THROW_YES = 1

# [follow]

#: FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11: shape
#: obligations: 000 chains, 002 tables, tractor->pairs, suit only (key 'follow_policy')
SW_FOLLOW_POLICY = 27
#: FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11:
#: 'cz4_chains'
V_FOLLOW_POLICY_CZ4_CHAINS = 0
#: FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11:
#: 'jj4_tables'
V_FOLLOW_POLICY_JJ4_TABLES = 1
#: FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11:
#: 'tractor_pairs'
V_FOLLOW_POLICY_TRACTOR_PAIRS = 2
#: FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11:
#: 'suit_only'
V_FOLLOW_POLICY_SUIT_ONLY = 3

#: FOLLOW-4, FOLLOW-7, AMB-11: 3-pair tractor lead vs a held 2-triple tractor (A, B1, C, B2) (key
#: 'pairtractor_lead_vs_tripletractor')
SW_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR = 28
#: AMB-11 A: 'choice', top row is {3-pair tractor, 2-triple tractor}; a triple-tractor wins
V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_CHOICE = 0
#: AMB-11 B1: 'pairs_only_wins', only a 3-pair tractor fills the top row; a triple-tractor played
#: later is recognised and wins
V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_PAIRS_ONLY_WINS = 1
#: AMB-11 C: 'triple_first', a 2-triple tractor is mandatory if held
V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_TRIPLE_FIRST = 2
#: AMB-11 B2: 'pairs_only_loses', only a 3-pair tractor fills the top row; a triple-tractor is not
#: recognised and cannot win
V_PAIRTRACTOR_LEAD_VS_TRIPLETRACTOR_PAIRS_ONLY_LOSES = 3

#: FOLLOW-4, FOLLOW-9, AMB-12: follow order after a quad lead (key 'quad_lead_table')
SW_QUAD_LEAD_TABLE = 29
#: AMB-12 A: 'cz4', quad -> triple -> tractor -> pair -> single (000 l.47)
V_QUAD_LEAD_TABLE_CZ4 = 0
#: AMB-12 B: 'jj4', quad -> tractor -> 2 pairs -> triple+1 -> pair+2 -> 4 singles (002)
V_QUAD_LEAD_TABLE_JJ4 = 1

#: FOLLOW-4, FOLLOW-8, AMB-13: follow order after a 2-triple tractor lead (key
#: 'tripletractor_lead_table')
SW_TRIPLETRACTOR_LEAD_TABLE = 30
#: AMB-13 A: 'cz4', triple-tractor -> triple -> 3-pair tractor -> 2-pair tractor -> pairs
V_TRIPLETRACTOR_LEAD_TABLE_CZ4 = 0
#: AMB-13 B: 'jj4', triple-tractor -> 3-pair tractor -> quad+pair -> tractor+pair -> ... (002)
V_TRIPLETRACTOR_LEAD_TABLE_JJ4 = 1

#: FOLLOW-4, FOLLOW-6, AMB-14: follow order after a quad-tractor lead (key 'quadtractor_lead_table')
SW_QUADTRACTOR_LEAD_TABLE = 31
#: AMB-14 A: 'cz4', quad-tractor -> quad -> triple -> tractor -> pairs -> singles (000 l.50)
V_QUADTRACTOR_LEAD_TABLE_CZ4 = 0
#: AMB-14 B: 'jj4', two quads -> 4-pair tractor -> ... -> quad + 2 pairs -> ... (002 table 2)
V_QUADTRACTOR_LEAD_TABLE_JJ4 = 1

#: FOLLOW-4, AMB-15: meaning of the 000 chains X-Y-Z (key 'cz4_chain_semantics')
SW_CZ4_CHAIN_SEMANTICS = 32
#: AMB-15 A: 'greedy', repeatedly take the highest-priority element that still fits; rest free
V_CZ4_CHAIN_SEMANTICS_GREEDY = 0
#: AMB-15 B: 'first_only', only the first formable element is mandatory; rest any led-suit
V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY = 1

#: FOLLOW-3, DEF-5, AMB-16: which tractors a follower owes (key 'tractor_obligation')
SW_TRACTOR_OBLIGATION = 33
#: AMB-16 A: 'maximize', maximise the matched tractor structure, then the number of pairs
V_TRACTOR_OBLIGATION_MAXIMIZE = 0
#: AMB-16 B: 'same_length_only', a tractor is owed only if one of the led length is held
V_TRACTOR_OBLIGATION_SAME_LENGTH_ONLY = 1
#: AMB-16 C: 'at_least_one', if any tractor is held at least one is included; then pairs
V_TRACTOR_OBLIGATION_AT_LEAST_ONE = 2

#: FOLLOW-3, DEF-5, AMB-17: triples/quads split to meet pair and tractor obligations (key
#: 'split_sets')
SW_SPLIT_SETS = 34
#: AMB-17 A: 'yes', a triple supplies a pair, a quad two pairs or a triple, and must if needed
V_SPLIT_SETS_YES = 0
#: AMB-17 B: 'no', triples and quads are atomic and do not count as pairs
V_SPLIT_SETS_NO = 1

#: FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, AMB-18: JJ4 tables vs 002 line 76
#: (key 'jj4_follow_source')
SW_JJ4_FOLLOW_SOURCE = 35
#: AMB-18 A: 'tables', the 002 tables are authoritative; line 76 is a summary
V_JJ4_FOLLOW_SOURCE_TABLES = 0
#: AMB-18 B: 'line76', maximise pairs; the tables are illustrations
V_JJ4_FOLLOW_SOURCE_LINE76 = 1

#: FOLLOW-2, AMB-19: when a player may ruff or discard (key 'ruff_condition')
SW_RUFF_CONDITION = 36
#: AMB-19 A: 'void_only', ruff or discard only when void in the led suit
V_RUFF_CONDITION_VOID_ONLY = 0
#: AMB-19 B: 'shape_missing', lacking the led shape in the led suit allows a ruff or discard
V_RUFF_CONDITION_SHAPE_MISSING = 1

#: FOLLOW-2, AMB-37: who may ruff in JJ4 (key 'jj4_line40')
SW_JJ4_LINE40 = 37
#: AMB-37 A: 'garble', read '首先' (leader): anyone void may ruff
V_JJ4_LINE40_GARBLE = 0
#: AMB-37 B: 'literal', only the last player of a trick may ruff
V_JJ4_LINE40_LITERAL = 1

#: FOLLOW-5, FOLLOW-6, AMB-41: must JJ4's two quads be adjacent (key 'two_quads_adjacent')
SW_TWO_QUADS_ADJACENT = 38
#: AMB-41 A: 'any', any two quads satisfy the top row
V_TWO_QUADS_ADJACENT_ANY = 0
#: AMB-41 B: 'adjacent', only a quad-tractor does; other quad pairs fall to quad + 2 pairs
V_TWO_QUADS_ADJACENT_ADJACENT = 1

#: OTH-5: triples/quads against pair obligations (other engines) (key 'longer_tuples')
SW_LONGER_TUPLES = 39
#: OTH-5 A: 'variant', per AMB-17
V_LONGER_TUPLES_VARIANT = 0
#: OTH-5 B: 'protected', triples/quads never create pair obligations; may be broken voluntarily
#: (rbtying)
V_LONGER_TUPLES_PROTECTED = 1

#: OTH-6: shape obligations at all (other engines) (key 'shape_obligation')
SW_SHAPE_OBLIGATION = 40
#: OTH-6 A: 'variant', the variant's shape obligations (FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6,
#: FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11)
V_SHAPE_OBLIGATION_VARIANT = 0
#: OTH-6 B: 'none', follow suit with as many cards as possible; no shape obligation
V_SHAPE_OBLIGATION_NONE = 1

#: DEF-6, OTH-7: mixed-width runs as follow obligations (key 'mixed_width_runs')
SW_MIXED_WIDTH_RUNS = 41
#: OTH-7 A: 'no', no mixed widths (DEF-6)
V_MIXED_WIDTH_RUNS_NO = 0
#: OTH-7 B: 'yes', after a triple-/quad-tractor lead a triple + adjacent pair is owed (rbtying)
V_MIXED_WIDTH_RUNS_YES = 1

# [throw]

#: THROW-1: multi-component leads (甩牌) allowed (bool; key 'throws_allowed')
SW_THROWS_ALLOWED = 42

#: THROW-2, AMB-20: whose hands a throw is checked against (key 'throw_check_players')
SW_THROW_CHECK_PLAYERS = 43
#: AMB-20 A: 'all_three', all three other hands are checked, partner included (literal)
V_THROW_CHECK_PLAYERS_ALL_THREE = 0
#: AMB-20 B: 'opponents', only the two opponents are checked
V_THROW_CHECK_PLAYERS_OPPONENTS = 1

#: THROW-3, DEF-9, AMB-21: what a failed thrower plays (key 'throw_fail_play')
SW_THROW_FAIL_PLAY = 44
#: AMB-21 A: 'smallest_component', the smallest component by shape size, then by rank
V_THROW_FAIL_PLAY_SMALLEST_COMPONENT = 0
#: AMB-21 B: 'beaten_component', the beaten component (the smallest if several; DEF-9)
V_THROW_FAIL_PLAY_BEATEN_COMPONENT = 1
#: AMB-21 C: 'lowest_card', the lowest card
V_THROW_FAIL_PLAY_LOWEST_CARD = 2

#: THROW-4, AMB-22: JJ4 throw restriction (002 line 82) (key 'jj4_throws')
SW_JJ4_THROWS = 45
#: AMB-22 A: 'forbidden', throws are forbidden
V_JJ4_THROWS_FORBIDDEN = 0
#: AMB-22 B: 'only_if_all_void', throws are allowed only when all three others are void
V_JJ4_THROWS_ONLY_IF_ALL_VOID = 1
#: AMB-22 C: 'literal', forbidden when all three others are void; otherwise CZ4-style validity
V_JJ4_THROWS_LITERAL = 2

#: THROW-2, AMB-23: a non-maximal throw is refused or fails (key 'throw_enforcement')
SW_THROW_ENFORCEMENT = 46
#: AMB-23 A: 'reject', a non-maximal throw is refused and the leader chooses again
V_THROW_ENFORCEMENT_REJECT = 0
#: AMB-23 B: 'fail_procedure', the throw is made, then fails with a forced play (AMB-21)
V_THROW_ENFORCEMENT_FAIL_PROCEDURE = 1

#: THROW-3, SCORE-2, AMB-24: unit of the failed-throw penalty (key 'throw_fail_penalty')
SW_THROW_FAIL_PENALTY = 47
#: AMB-24 A: 'card_point', card points off the thrower's side (throw_penalty_points)
V_THROW_FAIL_PENALTY_CARD_POINT = 0
#: AMB-24 B: 'platform_point', a rating/score point outside card scoring
V_THROW_FAIL_PENALTY_PLATFORM_POINT = 1
#: AMB-24 C: 'level', one level
V_THROW_FAIL_PENALTY_LEVEL = 2

#: THROW-2, AMB-47: throw test: a component is beaten by its own type only, or by stronger shapes
#: too (key 'throw_beaten_by')
SW_THROW_BEATEN_BY = 48
#: AMB-47 A: 'same_type', a thrown component is beaten only by a higher one of its own type (000
#: l.65 validity clause)
V_THROW_BEATEN_BY_SAME_TYPE = 0
#: AMB-47 B: 'any_stronger', also by any in-suit holding that would beat it as a follow (CMP-2,
#: CMP-3, CMP-4: a quad beats a 2-pair tractor)
V_THROW_BEATEN_BY_ANY_STRONGER = 1

#: THROW-1, DEF-4, AMB-48: how a throw splits into components: held sets whole, or the largest first
#: (key 'throw_split')
SW_THROW_SPLIT = 49
#: AMB-48 A: 'sets_whole', fewest components that break no held set (SA SA SA SK SK = AAA + KK)
V_THROW_SPLIT_SETS_WHOLE = 0
#: AMB-48 B: 'largest_first', fewest components, the largest first (SA SA SA SK SK = AAKK + A)
V_THROW_SPLIT_LARGEST_FIRST = 1

#: THROW-2, AMB-43: throw test: every or some thrown component (key 'throw_test_quantifier')
SW_THROW_TEST_QUANTIFIER = 50
#: AMB-43 A: 'forall', each opposing component must be <= the lowest thrown one of its type
V_THROW_TEST_QUANTIFIER_FORALL = 0
#: AMB-43 B: 'exists', each opposing component must be <= some (the highest) thrown one
V_THROW_TEST_QUANTIFIER_EXISTS = 1

#: SCORE-2, DEF-9: penalty per failed throw (CZ4 1, others 0) (int; key 'throw_penalty_points')
SW_THROW_PENALTY_POINTS = 51

#: DEF-9, OTH-3: which component a failed throw plays (other engines) (key 'throw_fail_component')
SW_THROW_FAIL_COMPONENT = 52
#: OTH-3 A: 'variant', the variant's reading (AMB-21 / DEF-9)
V_THROW_FAIL_COMPONENT_VARIANT = 0
#: OTH-3 B: 'first_beater', first player in turn order able to beat decides; smallest component it
#: beats (rbtying)
V_THROW_FAIL_COMPONENT_FIRST_BEATER = 1
#: OTH-3 C: 'lowest_top', the component with the lowest top card (Eighty)
V_THROW_FAIL_COMPONENT_LOWEST_TOP = 2

#: DEF-9, OTH-8: failed-throw penalty (other engines) (key 'throw_penalty_rule')
SW_THROW_PENALTY_RULE = 53
#: OTH-8 A: 'variant', the variant's penalty (AMB-24, DEF-9: throw_penalty_points)
V_THROW_PENALTY_RULE_VARIANT = 0
#: OTH-8 B: 'ten_points', 10 points to the other side per failed throw (rbtying)
V_THROW_PENALTY_RULE_TEN_POINTS = 1

# [kitty]

#: KITTY-3, AMB-25: kitty multiplier base and exponent (key 'kitty_mult')
SW_KITTY_MULT = 54
#: AMB-25 A: 'pow2_cards', 2^(cards in the winning last-trick play)
V_KITTY_MULT_POW2_CARDS = 0
#: AMB-25 B: 'pow2_largest_component', 2^(cards in its largest component), cap 64 (003)
V_KITTY_MULT_POW2_LARGEST_COMPONENT = 1
#: AMB-25 C: 'by_unit', single x2, pair x4, triple x8, quad x16; a tractor counts as its unit
V_KITTY_MULT_BY_UNIT = 2
#: AMB-25 D: 'linear_cards', x number of cards
V_KITTY_MULT_LINEAR_CARDS = 3

#: KITTY-3, DEF-23: largest kitty multiplier; 0 = no cap (int; key 'kitty_multiplier_cap')
SW_KITTY_MULTIPLIER_CAP = 55

#: KITTY-3, AMB-26: kitty when attackers win the last trick off-suit (key 'kitty_offsuit_win')
SW_KITTY_OFFSUIT_WIN = 56
#: AMB-26 A: 'x1', kitty points counted once, not multiplied
V_KITTY_OFFSUIT_WIN_X1 = 0
#: AMB-26 B: 'x0', kitty points not awarded
V_KITTY_OFFSUIT_WIN_X0 = 1
#: AMB-26 C: 'normal', multiplied like a trump win (002/003 practice)
V_KITTY_OFFSUIT_WIN_NORMAL = 2

#: DECK-3, KITTY-4, AMB-27: JJ4 kitty; when present it fixes hand_size/kitty_size (none: 0, eight:
#: 8) (key 'jj4_kitty')
SW_JJ4_KITTY = 57
#: AMB-27 A: 'none', no kitty: 54 cards each (002 l.18)
V_JJ4_KITTY_NONE = 0
#: AMB-27 B: 'eight', a kitty of 8: 52 cards each ('不' an error)
V_JJ4_KITTY_EIGHT = 1

#: KITTY-3, SCORE-1, AMB-27: what the JJ4 扣底 multiplier multiplies ((i), (ii), (iii)) (key
#: 'jj4_koudi_base')
SW_JJ4_KOUDI_BASE = 58
#: AMB-27 (i): 'kitty_points', kitty points x n (needs B)
V_JJ4_KOUDI_BASE_KITTY_POINTS = 0
#: AMB-27 (ii): 'loser_points', the last-trick loser forfeits its captured points x n to the winner
V_JJ4_KOUDI_BASE_LOSER_POINTS = 1
#: AMB-27 (iii): 'trick_points', the points in the last trick x n
V_JJ4_KOUDI_BASE_TRICK_POINTS = 2

#: KITTY-3, AMB-44: scope of 003's 2^n rule (key 'kitty_rule_scope')
SW_KITTY_RULE_SCOPE = 59
#: AMB-44 A: 'generic', the 2^n rule applies to every deck count
V_KITTY_RULE_SCOPE_GENERIC = 0
#: AMB-44 B: 'two_deck_only', 444555 and 555 are errors; the rule is two-deck only
V_KITTY_RULE_SCOPE_TWO_DECK_ONLY = 1

#: KITTY-3, OTH-4: kitty multiplier (other engines) (key 'kitty_mult_rule')
SW_KITTY_MULT_RULE = 60
#: OTH-4 A: 'variant', the variant's own multiplier (KITTY-3, AMB-25)
V_KITTY_MULT_RULE_VARIANT = 0
#: OTH-4 B: 'twice_largest_unit', 2 x size of the largest unit of the last lead (rbtying Times)
V_KITTY_MULT_RULE_TWICE_LARGEST_UNIT = 1
#: OTH-4 C: 'pow2_largest_unit', 2^(size of the largest unit), no cap (rbtying Power)
V_KITTY_MULT_RULE_POW2_LARGEST_UNIT = 2
#: OTH-4 D: 'twice_lead_cards', 2 x number of cards in the last lead (jerryyyu, Eighty)
V_KITTY_MULT_RULE_TWICE_LEAD_CARDS = 3

#: KITTY-2: dealer side wins the last trick: kitty not counted, or JJ4 扣底 both ways (key
#: 'last_trick_dealer_side')
SW_LAST_TRICK_DEALER_SIDE = 61
#: KITTY-2: 'not_counted'
V_LAST_TRICK_DEALER_SIDE_NOT_COUNTED = 0
#: KITTY-2: 'kou_di_both_sides'
V_LAST_TRICK_DEALER_SIDE_KOU_DI_BOTH_SIDES = 1

# [bidding]

#: BID-1, BID-2, BID-3, BID-4: declaring: CZ4 抢亮, JJ4 暗叫, open, ONE1 first 2 shown (key
#: 'bid_method')
SW_BID_METHOD = 62
#: BID-1, BID-2, BID-3, BID-4: 'race_open'
V_BID_METHOD_RACE_OPEN = 0
#: BID-1, BID-2, BID-3, BID-4: 'hidden'
V_BID_METHOD_HIDDEN = 1
#: BID-1, BID-2, BID-3, BID-4: 'open'
V_BID_METHOD_OPEN = 2
#: BID-1, BID-2, BID-3, BID-4: 'first_two'
V_BID_METHOD_FIRST_TWO = 3

#: BID-2, AMB-42: which of two declarations stands (key 'bid_override_rule')
SW_BID_OVERRIDE_RULE = 63
#: AMB-42 A: 'stronger', an override must be strictly stronger
V_BID_OVERRIDE_RULE_STRONGER = 0
#: AMB-42 B: 'last_wins', the last declaration wins
V_BID_OVERRIDE_RULE_LAST_WINS = 1
#: AMB-42 C: 'first_wins', the first declaration wins
V_BID_OVERRIDE_RULE_FIRST_WINS = 2

#: BID-5, TRUMP-8, AMB-33: joker declarations and no-trump (key 'joker_declaration')
SW_JOKER_DECLARATION = 64
#: AMB-33 A: 'any_joker_NT', every joker declaration sets no-trump
V_JOKER_DECLARATION_ANY_JOKER_NT = 0
#: AMB-33 B: 'only_four_NT', pair/triple jokers win the bid but keep the suit; 4 jokers = NT
V_JOKER_DECLARATION_ONLY_FOUR_NT = 1
#: AMB-33 C: 'four_choose', pair/triple jokers give NT; four jokers choose NT or any suit
V_JOKER_DECLARATION_FOUR_CHOOSE = 2

#: BID-4, AMB-35: what JJ4 hidden bids show (key 'jj4_bid_visibility')
SW_JJ4_BID_VISIBILITY = 65
#: AMB-35 A: 'count_public', card count public, suit hidden; an override needs count + 1 now
V_JJ4_BID_VISIBILITY_COUNT_PUBLIC = 0
#: AMB-35 B: 'all_hidden', all hidden; the bid with most cards (earliest on ties) wins
V_JJ4_BID_VISIBILITY_ALL_HIDDEN = 1

#: BID-6: 自反 allowed (false = forbidden) (bool; key 'self_counter')
SW_SELF_COUNTER = 66

#: DEF-20: 自保 allowed (bool; key 'self_reinforce')
SW_SELF_REINFORCE = 67

#: BID-8, DEF-25: nobody declares: CZ4 kitty rule, spades, STD2 flip, redeal (key 'no_declaration')
SW_NO_DECLARATION = 68
#: BID-8, DEF-25: 'cz4_kitty'
V_NO_DECLARATION_CZ4_KITTY = 0
#: BID-8, DEF-25: 'spades'
V_NO_DECLARATION_SPADES = 1
#: BID-8, DEF-25: 'std2_flip'
V_NO_DECLARATION_STD2_FLIP = 2
#: BID-8, DEF-25: 'redeal'
V_NO_DECLARATION_REDEAL = 3

#: BID-8, AMB-30: CZ4 kitty rule when nobody declares (A, B1, B2) (key 'cz4_no_bid')
SW_CZ4_NO_BID = 69
#: AMB-30 A: 'line39', trump = suit of the first kitty card; hand 1 redeal
V_CZ4_NO_BID_LINE39 = 0
#: AMB-30 B1: 'line67_level_card', first level card in the kitty sets the suit, else the first card;
#: joker = NT; hand 1 dealer by mod 4
V_CZ4_NO_BID_LINE67_LEVEL_CARD = 1
#: AMB-30 B2: 'line67_literal_10', as B1 but with a literal 10 instead of the level card
V_CZ4_NO_BID_LINE67_LITERAL_10 = 2

#: BID-8, AMB-45: STD2 kitty flip when nobody declares (key 'std2_no_bid')
SW_STD2_NO_BID = 70
#: AMB-45 A: 'flip_for_dealer', turn kitty cards; the matching seat deals; trump unspecified
V_STD2_NO_BID_FLIP_FOR_DEALER = 0
#: AMB-45 B: 'flip_like_cz4_line67', the first kitty card gives the suit and the mod-4 dealer
V_STD2_NO_BID_FLIP_LIKE_CZ4_LINE67 = 1
#: AMB-45 C: 'redeal', redeal
V_STD2_NO_BID_REDEAL = 2

#: BID-9, AMB-31: card numbering for the mod-4 first dealer (key 'mod4_numbering')
SW_MOD4_NUMBERING = 71
#: AMB-31 A: 'deck_index', 0-53 with A = 0, BJ = 53 (♠ 0-12, ♥ 13-25, ♣ 26-38, ♦ 39-51)
V_MOD4_NUMBERING_DECK_INDEX = 0
#: AMB-31 B: 'rank_index', A = 0, 2 = 1, ..., K = 12; LJ = 52, BJ = 53
V_MOD4_NUMBERING_RANK_INDEX = 1
#: AMB-31 C: 'face_value', A = 1, ..., K = 13
V_MOD4_NUMBERING_FACE_VALUE = 2

#: BID-7, AMB-46: hand-1 dealer after a counter (key 'hand1_dealer')
SW_HAND1_DEALER = 72
#: AMB-46 A: 'final_declarer', the last successful (counter-)declarer deals
V_HAND1_DEALER_FINAL_DECLARER = 0
#: AMB-46 B: 'first_turner', the first player to turn a level card deals
V_HAND1_DEALER_FIRST_TURNER = 1

#: DEF-24, AMB-50: after the last dealt card: the window closes, one more chance each, or asking
#: round until every seat has passed (key 'declaration_after_deal')
SW_DECLARATION_AFTER_DEAL = 73
#: AMB-50 A: 'closed', the window closes with the last dealt card
V_DECLARATION_AFTER_DEAL_CLOSED = 0
#: AMB-50 B: 'one_round', one more chance each, in play order from the seat after the last card's;
#: then it closes
V_DECLARATION_AFTER_DEAL_ONE_ROUND = 1
#: AMB-50 C: 'until_all_pass', asked in play order, going round, until every seat has passed since
#: the last declaration
V_DECLARATION_AFTER_DEAL_UNTIL_ALL_PASS = 2

# [chaodi]

#: CHAO-1: 炒底 (kitty fight) after burying (bool; key 'chaodi')
SW_CHAODI = 74

#: CHAO-2, AMB-29: strength ladder for 炒底 (key 'chaodi_ladder')
SW_CHAODI_LADDER = 75
#: AMB-29 A: 'fanzhu_tiers', use the l.37 反主 tiers; suits equal within a tier
V_CHAODI_LADDER_FANZHU_TIERS = 0
#: AMB-29 B: 'line68_ascending', single L < pair ♦L < ♣ < ♥ < ♠ < pair LJ < pair BJ < 4 jokers
V_CHAODI_LADDER_LINE68_ASCENDING = 1
#: AMB-29 C: 'line68_descending', the l.68 list read as descending (listed to reject it)
V_CHAODI_LADDER_LINE68_DESCENDING = 2

#: CHAO-2, AMB-51: under AMB-29 B: what a 炒 must beat when a triple or quad declaration stands (key
#: 'chaodi_over_set')
SW_CHAODI_OVER_SET = 76
#: AMB-51 A: 'as_pair', a standing triple or quad counts as the pair of its card on l.68
V_CHAODI_OVER_SET_AS_PAIR = 0
#: AMB-51 B: 'above_pairs', it ranks above every pair rung of l.68; only four jokers 炒 it
V_CHAODI_OVER_SET_ABOVE_PAIRS = 1
#: AMB-51 C: 'tiers', both placed on the l.37 反主 tiers; the 炒 must be on a higher tier
V_CHAODI_OVER_SET_TIERS = 2

#: CHAO-3, AMB-32: does 炒底 move the dealership (key 'chaodi_moves_dealer')
SW_CHAODI_MOVES_DEALER = 77
#: AMB-32 A: 'hand1_only', in hand 1 a successful 炒底 makes that player dealer
V_CHAODI_MOVES_DEALER_HAND1_ONLY = 0
#: AMB-32 B: 'never', 炒底 never moves the dealership
V_CHAODI_MOVES_DEALER_NEVER = 1

#: CHAO-5: a declarer may 炒 after someone else has (bool; key 'chaodi_self_after_other')
SW_CHAODI_SELF_AFTER_OTHER = 78

#: CHAO-6: 炒底 allowed when trump came from the kitty flip (bool; key 'chaodi_after_kitty_flip')
SW_CHAODI_AFTER_KITTY_FLIP = 79

# [scoring]

#: LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, DEF-14, DEF-15: level-change table (key 'score_table')
SW_SCORE_TABLE = 80
#: LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, DEF-14, DEF-15: 'step'
V_SCORE_TABLE_STEP = 0
#: LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, DEF-14, DEF-15: 'one_deck'
V_SCORE_TABLE_ONE_DECK = 1

#: LEVEL-2, LEVEL-3, DEF-14, DEF-15: step of the step table (4 decks 80, 3 decks 60, 2 decks 40)
#: (int; key 'score_step')
SW_SCORE_STEP = 81

#: LEVEL-7: largest level gain; 0 = none (int; key 'level_gain_cap')
SW_LEVEL_GAIN_CAP = 82

#: SCORE-1, DEF-28: attacker scores may go below 0 (bool; key 'negative_scores')
SW_NEGATIVE_SCORES = 83

#: DEALER-1, AMB-34: who is the dealer's 下家 (key 'xiajia_direction')
SW_XIAJIA_DIRECTION = 84
#: AMB-34 A: 'play_order', the next player in (counter-clockwise) play order
V_XIAJIA_DIRECTION_PLAY_ORDER = 0
#: AMB-34 B: 'deal_order', the next player in (clockwise) dealing order
V_XIAJIA_DIRECTION_DEAL_ORDER = 1

#: DEALER-3, AMB-36: ONE1 rotation at 40-75 (key 'one_deck_rotation')
SW_ONE_DECK_ROTATION = 85
#: AMB-36 A: 'to_attackers', the previous dealer's 下家 deals, at the attackers' level
V_ONE_DECK_ROTATION_TO_ATTACKERS = 0
#: AMB-36 B: 'within_side', the dealer's partner deals
V_ONE_DECK_ROTATION_WITHIN_SIDE = 1

#: LEVEL-1, DEF-18, AMB-38: match goal: reach A or win at A (key 'match_end')
SW_MATCH_END = 86
#: AMB-38 A: 'reach_A', the match ends when a side's level becomes >= A
V_MATCH_END_REACH_A = 0
#: AMB-38 B: 'win_at_A', a side must win a hand as dealers at A; gains capped at A (DEF-18)
V_MATCH_END_WIN_AT_A = 1

#: LEVEL-8, DEF-17, AMB-39: demotion rule (key 'demotion')
SW_DEMOTION = 87
#: AMB-39 A: 'none', levels never decrease (DEF-17)
V_DEMOTION_NONE = 0
#: AMB-39 B: 'hook', some unspecified demotion rule exists (a harness hook)
V_DEMOTION_HOOK = 1
