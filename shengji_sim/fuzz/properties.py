"""The property catalogue of DESIGN.md "Fuzzing": never stuck, generator vs checker,
reference vs kernels, conservation, determinism; and declaring, 炒底 and the match (each
against an oracle read from RULES.md apart from the rules modules).

Representation
--------------
:data:`CATALOGUE` maps each property's ``name`` to its
:class:`~shengji_sim.fuzz.property_base.Property`, in the order reports and golden files list
them. The checks live by job: :mod:`.trick_properties` (following, the trick winner, throws,
shapes), :mod:`.engine_properties` (whole hands, offered moves, kernels) and
:mod:`.flow_properties` (declaring, 炒底, the score, matches). :data:`KNOWN_EXAMPLES` are past
findings, as ``position(...)`` arguments by property.
"""

from __future__ import annotations

from shengji_sim.fuzz.engine_properties import (
    conservation,
    deterministic,
    kernels_agree,
    offered_moves_legal,
)
from shengji_sim.fuzz.flow_properties import (
    chao_effect_applied,
    chao_stronger,
    dealer_succession,
    declaration_window,
    kitty_conserved,
    match_dealers,
    match_ends_once,
    overcall_stronger,
    score_moves_levels,
)
from shengji_sim.fuzz.positions import Position
from shengji_sim.fuzz.property_base import Property
from shengji_sim.fuzz.trick_properties import (
    failed_throw_beatable,
    fill_freedom,
    follow_enumeration,
    follow_exists,
    follow_obligation,
    leads_follows_agree,
    level_invariance,
    pairs_maximised,
    throw_failure_clause,
    throw_unbeatable,
    tractor_obligation_held,
    winner_consistent,
)

GAME_WEIGHT = 0.2  #: share of a fixed example count a whole-hand property runs
BIDDING = frozenset({"bidding"})
CHAODI = frozenset({"bidding", "chaodi"})
SCORING = frozenset({"scoring"})
HAND_FLOW = frozenset({"deck", "kitty", "bidding", "chaodi"})
MATCH_FLOW = frozenset({"bidding", "chaodi", "scoring"})

#: Past findings: property -> {name: ``position(...)`` arguments}. Each is the shrunk example a
#: fuzz run found. They are named regression tests (tests/regression/test_known_examples.py)
#: and replayed by the runner apart from the search: reported as "known", never as findings.
KNOWN_EXAMPLES: dict[str, dict[str, dict]] = {
    "follow_obligation": {
        # JJ4 FOLLOW-10 row 1 "tractor or quad" vs 002 line 38 (AMB-18)
        "jj4_quad_answers_tractor": dict(
            kind="follow", variant="jj-4deck", level="2", trump="S", lead="H4 H4 H3 H3",
            hands=("H5 H5 H5 H5 H4 H4 H3 H3",)),
    },
    "failed_throw_beatable": {
        # CZ4 AMB-21 A plays an unbeaten smallest component
        "cz4_failed_throw_plays_unbeaten_single": dict(
            kind="throw", variant="changzhou-4deck", level="2", trump="S",
            lead="H4 H3 H3", hands=("", "", "H4 H4")),
    },
}


def known_examples(name: str, variant: str,
                   ambs: tuple[str, ...]) -> list[tuple[str, Position]]:
    """(name, position) of the property's known examples for the variant and readings."""
    from shengji_sim.fuzz.positions import position

    return [(key, position(**spec)) for key, spec in KNOWN_EXAMPLES.get(name, {}).items()
            if spec["variant"] == variant and tuple(spec.get("ambs", ())) == tuple(ambs)]


CATALOGUE: dict[str, Property] = {p.name: p for p in (
    Property("follow_exists", "follow", "a legal follow always exists",
             "FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, "
             "FOLLOW-9, FOLLOW-10, FOLLOW-11", follow_exists),
    Property("follow_enumeration", "follow",
             "every enumerated follow is legal and every legal follow is enumerated",
             "FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, "
             "FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5", follow_enumeration),
    Property("follow_obligation", "follow",
             "the follow rule honours FOLLOW-3's pair and tractor obligations",
             "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10",
             follow_obligation),
    Property("winner_consistent", "trick",
             "the trick winner beats every other play; order and suit names do not matter",
             "CMP-1, CMP-2, CMP-3, CMP-4, CMP-5, CMP-6, CMP-7, CMP-8, CMP-9, TRUMP-6, TRUMP-7, "
             "DEF-3", winner_consistent),
    Property("throw_unbeatable", "throw", "a throw judged valid cannot be beaten",
             "THROW-2, AMB-20, AMB-43", throw_unbeatable),
    Property("failed_throw_beatable", "throw",
             "a failed throw plays one of its components that was beatable",
             "THROW-3, AMB-21, OTH-3, DEF-9", failed_throw_beatable),
    Property("conservation", "game", "cards and points are conserved over a hand",
             "DECK-2, DECK-3, DECK-4, POINT-1, POINT-2, POINT-3, KITTY-2, SCORE-2",
             conservation, weight=GAME_WEIGHT),
    Property("deterministic", "game", "a seed and index determine the hand; records replay",
             "DESIGN Seeds", deterministic, weight=GAME_WEIGHT / 2),
    Property("kernels_agree", "trick", "reference and kernels agree",
             "DESIGN Fuzzing", kernels_agree,
             sections=frozenset({"ranking", "compare", "follow", "throw", "kitty"})),
    Property("offered_moves_legal", "game",
             "every lead, follow, declaration, burial and 炒 the engine offers is legal",
             "LEAD-3, DEF-27, FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, "
             "FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11, BID-2, BID-3, BID-4, BID-5, "
             "BID-6, KITTY-1, CHAO-2, CHAO-3, CHAO-4, CHAO-5, CHAO-6",
             offered_moves_legal, weight=GAME_WEIGHT / 2),
    Property("level_invariance", "follow",
             "a play without level cards, 2s or jokers has the same shape at every level",
             "COMBO-5, COMBO-7, AMB-05, AMB-06, AMB-49", level_invariance),
    Property("tractor_obligation_held", "follow",
             "a follower holding a tractor plays one to a tractor lead (000 l.45, 002 l.38)",
             "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, "
             "FOLLOW-10, AMB-15, AMB-16", tractor_obligation_held),
    Property("pairs_maximised", "follow",
             "a follower plays as many pairs as lead and holding allow (002 l.38, 000 l.45)",
             "FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, "
             "FOLLOW-10, AMB-17, AMB-18", pairs_maximised),
    Property("fill_freedom", "follow",
             "without the led shape any same-suit fill of the same number is legal (000 l.43)",
             "FOLLOW-1, FOLLOW-3, AMB-16, AMB-17", fill_freedom),
    Property("throw_failure_clause", "throw",
             "no card of a valid throw is beaten by a single (000 l.65 failure clause)",
             "THROW-2, AMB-20, AMB-43, AMB-47", throw_failure_clause),
    Property("leads_follows_agree", "follow",
             "a first-row follow is one unit when led",
             "AMB-41, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11",
             leads_follows_agree),
    Property("overcall_stronger", "declare",
             "a declaration is legal exactly as the ladder and override rule say (never a "
             "weaker overcall)",
             "BID-1, BID-2, BID-3, BID-4, BID-5, BID-6, DEF-20, AMB-33, AMB-35, AMB-42, AMB-50",
             overcall_stronger, sections=BIDDING),
    Property("chao_stronger", "chaodi",
             "a 炒 is legal exactly above what stands on the 炒 ladder, with CHAO-3's effect",
             "CHAO-1, CHAO-2, CHAO-3, CHAO-5, CHAO-6, AMB-29, AMB-32, AMB-51", chao_stronger,
             sections=CHAODI),
    Property("kitty_conserved", "game",
             "hands and kitty stay the deck through any 炒 chain; every burial its size",
             "KITTY-1, CHAO-4, DEF-21, DEF-22", kitty_conserved, weight=GAME_WEIGHT / 2,
             sections=HAND_FLOW),
    Property("chao_effect_applied", "game",
             "the trump and dealer after each 炒 are chaodi_effect's, and the hand uses them",
             "CHAO-3, AMB-32, KITTY-1", chao_effect_applied, weight=GAME_WEIGHT / 2,
             sections=HAND_FLOW),
    Property("declaration_window", "game",
             "declarations after the last card follow AMB-50 (closed, one round, until all "
             "pass)", "DEF-24, AMB-50", declaration_window, weight=GAME_WEIGHT / 2,
             sections=BIDDING),
    Property("score_moves_levels", "score",
             "one hand moves levels as the score table says, never down or beyond A; the "
             "match ends as AMB-38 says",
             "LEVEL-1, LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-7, DEF-14, DEF-15, DEF-17, DEF-18, "
             "AMB-38, AMB-39", score_moves_levels, sections=SCORING),
    Property("dealer_succession", "score", "the next dealer follows DEALER-1, AMB-34 and AMB-36",
             "DEALER-1, DEALER-2, DEALER-3, DEF-16, AMB-34, AMB-36", dealer_succession,
             sections=SCORING),
    Property("match_ends_once", "match",
             "a match's levels follow each hand's score and it ends exactly once, when "
             "AMB-38 says", "LEVEL-1, AMB-38, AMB-39, DEF-18", match_ends_once,
             weight=GAME_WEIGHT / 4, sections=MATCH_FLOW),
    Property("match_dealers", "match",
             "each hand of a match is dealt by the seat the last result names",
             "DEALER-1, DEALER-3, BID-7, AMB-32, AMB-34, AMB-36", match_dealers,
             weight=GAME_WEIGHT / 4, sections=MATCH_FLOW),
)}


__all__ = ["CATALOGUE", "GAME_WEIGHT", "KNOWN_EXAMPLES", "known_examples"]
