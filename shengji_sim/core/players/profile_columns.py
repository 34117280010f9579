"""Heuristic profile columns: GENERATED from the strategy schema, do not edit.

Regenerate with ``python -m shengji_sim.core.players.make_profile_columns`` after changing
:data:`shengji_sim.config.strategy.SCHEMA`; ``tests/unit/test_heuristic_params.py`` fails
when this file is stale.

Representation
--------------
A heuristic seat's profile reaches the kernels as a row ``p``, an ``int32[N_PARAMS]`` built by
:func:`shengji_sim.core.runtime.api.profile_params`: ``p[P_<KEY>]`` holds the strategy key
``<KEY>`` (column :data:`PARAM_KEYS` order, the schema's order), an int as itself, a bool
as 0/1, a str as the position of its value in the schema's list (the order shown below).
"""

#: 'base' (str; 0 'heuristic', 1 'random'; default 'heuristic'): 'random': the uniform random
#: player (every other key ignored); 'heuristic': the parameterised heuristic family
P_BASE = 0

#: 'memory' (bool; 0 false, 1 true; default False): remember the public history: cards out per
#: kind, seats shown void in a suit, which top cards are now master
P_MEMORY = 1

#: 'declare_rule' (str; 0 'share', 1 'strength'; default 'share'): 'share': declare the
#: strongest option when its suit holds declare_share percent of the cards held; 'strength':
#: declare the suit whose trumps score best (length, high trumps, trump pairs) when the score
#: reaches declare_strength
P_DECLARE_RULE = 2

#: 'declare_share' (int; 0..100; default 25): 'share' rule: percent of the held cards (at least
#: 4) that must be trumps
P_DECLARE_SHARE = 3

#: 'declare_strength' (int; 0..400; default 60): 'strength' rule: score x 100 / cards held (at
#: least declare_min_cards) needed; score = trumps + high trumps (jokers, level cards, trump
#: ace) + trump pairs
P_DECLARE_STRENGTH = 4

#: 'declare_min_cards' (int; 1..60; default 8): 'strength' rule: the score is measured against
#: at least this many cards, so a few lucky early cards do not declare
P_DECLARE_MIN_CARDS = 5

#: 'declare_playable' (int; 0..400; default 400): 'strength' rule: once the hand is complete
#: (the deal's last chance to declare, and 炒底) the bar is the lower of declare_strength and
#: this: a playable suit is declared rather than left to BID-8; 400: no lower bar
P_DECLARE_PLAYABLE = 6

#: 'declare_over_partner' (bool; 0 false, 1 true; default True): declare over a declaration the
#: partner made last (false: never counter the partner; 炒底 is not affected)
P_DECLARE_OVER_PARTNER = 7

#: 'bury_rule' (str; 0 'weakest', 1 'void_short'; default 'weakest'): 'weakest': the weakest
#: non-point non-trump cards; 'void_short': void the shortest off suits that hold no points,
#: aces or pairs, keep trumps, pairs and points
P_BURY_RULE = 8

#: 'bury_points' (bool; 0 false, 1 true; default False): 'void_short' rule: when trumps are at
#: least bury_points_share percent of the cards kept, off-suit point cards lose their keep
#: bonus: a short suit with points may be voided and low point cards go to the kitty
P_BURY_POINTS = 9

#: 'bury_points_share' (int; 0..100; default 40): bury_points: percent of the cards kept (hand
#: size) that must be trumps
P_BURY_POINTS_SHARE = 10

#: 'lead_rule' (str; 0 'greedy', 1 'expert'; default 'greedy'): 'greedy': the strongest unit if
#: trump or ace-high, else the lowest single of the longest off suit; 'expert': proven throws,
#: sure masters, trumps by trump_lead, low to a suit the partner ruffs, else low
P_LEAD_RULE = 11

#: 'throws' (str; 0 'never', 1 'proven'; default 'never'): 'proven': throw (甩牌) every unit of a
#: suit that memory proves master; 'never'
P_THROWS = 12

#: 'trump_lead' (str; 0 'when_strong', 1 'early', 2 'keep'; default 'when_strong'): expert
#: leads: 'when_strong' leads trumps to draw when holding draw_trumps trumps; 'early' leads
#: trumps whenever others may hold some; 'keep' leads trumps only when nothing else is left
P_TRUMP_LEAD = 13

#: 'lead_pairs' (bool; 0 false, 1 true; default False): expert leads: before low singles, lead
#: an off-suit pair or tractor (fewest points) in a suit no opponent is known void in
P_LEAD_PAIRS = 14

#: 'draw_trumps' (int; 0..60; default 8): 'when_strong': trumps held needed to lead trumps to
#: draw them
P_DRAW_TRUMPS = 15

#: 'follow_rule' (str; 0 'greedy', 1 'expert'; default 'greedy'): 'greedy': win as cheaply as
#: possible, feed a winning partner, else the cheapest; 'expert': win only when worth it and it
#: holds, feed a partner whose win is safe, ruff points, duck otherwise
P_FOLLOW_RULE = 16

#: 'win_min_points' (int; 0..100; default 5): expert: points on the table (with the winning
#: play's own) worth winning for
P_WIN_MIN_POINTS = 17

#: 'ruff_min_points' (int; 0..100; default 10): expert: points on the table worth ruffing
#: (trumping an off-suit lead) for
P_RUFF_MIN_POINTS = 18

#: 'win_unsure' (bool; 0 false, 1 true; default False): expert: when no winning play surely
#: holds, still try the cheapest pointless winning play if the table holds win_min_points
P_WIN_UNSURE = 19

#: 'kitty_care' (bool; 0 false, 1 true; default False): keep the kitty in mind: in the last
#: endgame_cards cards the dealer side keeps its biggest trump for the last trick, the
#: attackers keep a trump pair for a multiplier
P_KITTY_CARE = 20

#: 'endgame_cards' (int; 1..60; default 5): kitty_care: cards left in hand from which the
#: endgame starts
P_ENDGAME_CARDS = 21

N_PARAMS = 22  #: columns of a profile row, one per strategy key
#: the strategy key of each column, in column order
PARAM_KEYS: tuple[str, ...] = (
    "base",
    "memory",
    "declare_rule",
    "declare_share",
    "declare_strength",
    "declare_min_cards",
    "declare_playable",
    "declare_over_partner",
    "bury_rule",
    "bury_points",
    "bury_points_share",
    "lead_rule",
    "throws",
    "trump_lead",
    "lead_pairs",
    "draw_trumps",
    "follow_rule",
    "win_min_points",
    "ruff_min_points",
    "win_unsure",
    "kitty_care",
    "endgame_cards",
)
