"""The heuristic family's declaring, 炒底 and burying keys (issue 35): ``declare_playable``
(a complete hand declares a playable suit, BID-8 left to fewer hands), ``declare_over_partner``
(BID-2: no counter over the partner), and ``bury_points`` (KITTY-2: point cards go to the
kitty when trumps are strong). Positions use classic-2deck (STD2, 25-card hands), level 2."""

from __future__ import annotations

import dataclasses

from shengji_sim.cards import parse_cards
from shengji_sim.config.strategy import load_strategy
from shengji_sim.players.reference import HeuristicPlayer, declare_bar
from shengji_sim.rules.bidding import Declaration
from shengji_sim.rules.game import Choice, View, list_choice
from tests.helpers import context

#: the expert with the issue-35 keys at fixed values (the built-in expert's may be retuned)
EXPERT = dataclasses.replace(load_strategy("expert"), declare_playable=50,
                             declare_over_partner=False, bury_points=True,
                             bury_points_share=60)
OLD_DECLARING = dataclasses.replace(EXPERT, declare_playable=400, declare_over_partner=True)
#: hearts playable but not strong (score 14 of 25 cards: 56 percent): H2 H2 (level pair),
#: HA, five more hearts, one joker
PLAYABLE = ("H2 H2 HA H3 H5 H7 H9 HJ LJ S3 S6 S8 S10 SQ C3 C5 C7 C9 CJ CK D4 D6 D8 D10 DQ")
H2 = parse_cards("H2")[0]


def declaring_view(hand: str, seat: int = 0, declarations=(), hand_size: int = 25) -> View:
    return View(seat, sorted(parse_cards(hand)), 0, 1, None, None, None, list(declarations),
                [], [], 0, [], None, hand_size)


def pair_options(seat: int = 0):
    return list_choice([Declaration(seat, (H2,)), Declaration(seat, (H2, H2))], True)


def test_BID_8_a_complete_playable_hand_declares() -> None:
    """A playable suit is declared at the deal's last chance rather than left to BID-8."""
    v = declaring_view(PLAYABLE)
    assert HeuristicPlayer(EXPERT).declare(v, pair_options(), None) == \
        Declaration(0, (H2, H2))
    assert HeuristicPlayer(OLD_DECLARING).declare(v, pair_options(), None) is None


def test_BID_8_an_incomplete_hand_keeps_the_strength_bar() -> None:
    """The lower bar waits for the complete hand: the same cards mid-deal pass."""
    v = declaring_view(PLAYABLE, hand_size=26)
    assert HeuristicPlayer(EXPERT).declare(v, pair_options(), None) is None
    assert declare_bar(EXPERT, 25, 26) == EXPERT.declare_strength * 25
    assert declare_bar(EXPERT, 25, 25) == min(EXPERT.declare_strength,
                                              EXPERT.declare_playable) * 25


def test_BID_2_the_expert_does_not_counter_its_partner() -> None:
    """BID-2: the last declaration shown is the partner's (seat 2): seat 0 passes."""
    partner = declaring_view(PLAYABLE, declarations=[(2, 1, 0)])
    assert HeuristicPlayer(EXPERT).declare(partner, pair_options(), None) is None
    opponent = declaring_view(PLAYABLE, declarations=[(1, 1, 0)])
    assert HeuristicPlayer(EXPERT).declare(opponent, pair_options(), None) is not None
    assert HeuristicPlayer(dataclasses.replace(EXPERT, declare_over_partner=True)).declare(
        partner, pair_options(), None) is not None


def test_CHAO_2_a_playable_hand_chaos() -> None:
    """炒底 is asked with the complete hand: a playable suit 炒s, whoever declared last."""
    v = declaring_view(PLAYABLE, declarations=[(2, 1, 0)])
    options = list_choice([Declaration(0, (H2, H2))], True)
    assert HeuristicPlayer(EXPERT).chaodi(v, options, None) == Declaration(0, (H2, H2))
    assert HeuristicPlayer(OLD_DECLARING).chaodi(v, options, None) is None


#: 33 cards (25 + the kitty): 17 trumps (hearts, level 2), short clubs with points (C5 C10),
#: spades and diamonds with a king, no pairs off suit
STRONG = ("H2 H2 S2 BJ LJ HA HA HK HQ HJ H10 H9 H8 H7 H6 H5 H4 "
          "C5 C10 S3 S4 S6 S7 S8 SK D3 D4 D6 D7 D8 D9 DK D5")


def burial(profile, hand: str) -> list[int]:
    ctx = context("STD2", "2", "H")
    v = View(0, sorted(parse_cards(hand)), ctx.ranking.level, 1, 0, ctx.ranking.trump, ctx,
             [], [], [], 0, [], None, 25)
    return HeuristicPlayer(profile).bury(v, Choice(1, lambda i: [0] * 8), None)


def test_KITTY_2_strong_trumps_bury_points() -> None:
    """KITTY-2: with trumps at least bury_points_share percent of the cards kept, the short
    club suit with its 5 and 10 is voided into the kitty; without, points stay in hand."""
    points = set(parse_cards("C5 C10 D5"))
    assert set(burial(EXPERT, STRONG)) & points
    assert not set(burial(dataclasses.replace(EXPERT, bury_points=False), STRONG)) & points


def test_KITTY_2_weak_trumps_keep_points() -> None:
    """Too few trumps for the last trick: the points stay in hand."""
    strict = dataclasses.replace(EXPERT, bury_points=True, bury_points_share=100)
    assert not set(burial(strict, STRONG)) & set(parse_cards("C5 C10 D5"))


def test_BID_8_the_builtin_expert_declares_playable_suits_and_buries_points() -> None:
    """The built-in expert turns the issue-35 keys on (docs/strategies.md)."""
    expert = load_strategy("expert")
    assert expert.declare_playable < expert.declare_strength
    assert not expert.declare_over_partner
    assert expert.bury_points
