"""The heuristic player family on hand-built positions (shengji_sim/players/reference.py): what the
``expert`` profile knows (card memory from the public history) and does, against the
``greedy`` profile's choice where they differ. Positions use classic-2deck (STD2), level 2,
spades trump unless said otherwise; seats 0 and 2 are partners."""

from __future__ import annotations

from shengji_sim.cards import parse_cards
from shengji_sim.config.strategy import load_strategy
from shengji_sim.players.reference import HeuristicPlayer, Memory, proven_throw
from shengji_sim.rules.bidding import Declaration
from shengji_sim.rules.follow import follow_options
from shengji_sim.rules.game import Choice, View, lead_options, list_choice
from shengji_sim.rules.throw import judge_throw
from tests.helpers import context

EXPERT = HeuristicPlayer(load_strategy("expert"))
GREEDY = HeuristicPlayer(load_strategy("greedy"))
CAUTIOUS = HeuristicPlayer(load_strategy("cautious"))


def cards(text: str) -> list[int]:
    return parse_cards(text)


def view(hand: str, seat: int = 0, dealer: int = 0, trump: str = "S", current=(),
         history=(), level: str = "2") -> View:
    ctx = context("STD2", level, trump)
    return View(seat, sorted(cards(hand)), ctx.ranking.level, 1, dealer, ctx.ranking.trump,
                ctx, [], [{}] * len(history), [(s, cards(c)) for s, c in current], 0,
                [[(s, cards(c)) for s, c in trick] for trick in history], None)


def lead(player: HeuristicPlayer, v: View) -> list[int]:
    return sorted(player.lead(v, list_choice(lead_options(v.ctx, v.hand)), None))


def follow(player: HeuristicPlayer, v: View) -> list[int]:
    options = follow_options(v.ctx, v.current[0][1], v.hand, len(v.current))
    return sorted(player.follow(v, Choice(options.count, options.nth), None))


def test_leads_a_master() -> None:
    v = view("HA H3 C4 C6 D5 D9")
    assert lead(EXPERT, v) == cards("HA")


def test_memory_makes_a_king_master() -> None:
    """Both other hearts aces are out (public history): HK is master now."""
    history = [[(1, "HA"), (2, "H3"), (3, "HA"), (0, "H4")]]
    v = view("HK H5 C4 C6 D9", seat=0, history=history)
    mem = Memory(v, True)
    assert mem.unseen[cards("HA")[0]] == 0
    assert lead(EXPERT, v) == cards("HK")
    forgetful = HeuristicPlayer(load_strategy("expert").__class__(
        **{**load_strategy("expert").to_dict(), "memory": False}))
    assert lead(forgetful, v) != cards("HK")


def test_void_is_remembered() -> None:
    """Seat 3 played a club on a hearts lead: it is void in hearts (AMB-19 A)."""
    history = [[(1, "H5"), (2, "H3"), (3, "C4"), (0, "H4")]]
    mem = Memory(view("HK C6", history=history), True)
    hearts = context("STD2", "2", "S").ranking.group[cards("H5")[0]]
    assert mem.void[3][hearts] and not mem.void[1][hearts]


def test_proven_throw_is_accepted_by_the_engine() -> None:
    v = view("HA HA HK C4 C6 D9")
    throw = lead(EXPERT, v)
    assert throw == sorted(cards("HA HA HK"))
    assert proven_throw(v, Memory(v, True)) is not None
    others = [cards("HQ HQ HJ"), cards("HK H10 H9"), cards("H3 H4 H5")]
    assert judge_throw(v.ctx, throw, others).valid
    assert len(lead(CAUTIOUS, v)) == 2 and len(lead(GREEDY, v)) == 2  # never throw


def test_no_throw_when_a_higher_card_is_unseen() -> None:
    v = view("HA HK HQ C4")  # the other HA is unseen: HK and HQ could be beaten
    assert proven_throw(v, Memory(v, True)) is None
    v = view("HA HK HK C4")  # but no pair above HK HK can be out: a proven throw
    assert sorted(proven_throw(v, Memory(v, True))) == sorted(cards("HA HK HK"))


def test_feeds_a_winning_partner() -> None:
    current = [(1, "H3"), (2, "HA"), (3, "H4")]
    v = view("H10 H6 C5", seat=0, dealer=1, current=current)
    assert follow(EXPERT, v) == cards("H10")


def test_ducks_when_the_win_does_not_hold() -> None:
    """Second to play: HK could be beaten by an unseen HA."""
    v = view("HK H4 C5 C6 C7 C8", seat=0, dealer=1, current=[(3, "H5")])
    assert follow(EXPERT, v) == cards("H4")
    assert follow(GREEDY, v) == cards("HK")  # greedy wins whenever it can


def test_ruffs_points_but_not_an_empty_trick() -> None:
    rich = view("S3 C4 C6 C7 C8 C9", seat=0, dealer=1, current=[(1, "HK"), (2, "H4"), (3, "H6")])
    assert follow(EXPERT, rich) == cards("S3")
    poor = view("S3 C4 C6 C7 C8 C9", seat=0, dealer=1, current=[(1, "H9"), (2, "H4"), (3, "H6")])
    assert follow(EXPERT, poor) == cards("C4")


def test_dealer_keeps_a_big_trump_for_the_last_trick() -> None:
    """Three cards left (endgame): the dealer side ducks with S4 and keeps BJ for the last
    trick, where the kitty is scored; greedy spends BJ now."""
    v = view("BJ S4 C3", seat=0, dealer=2, current=[(3, "S10")])
    assert follow(EXPERT, v) == cards("S4")
    assert follow(GREEDY, v) == cards("BJ")


def test_buries_to_void_a_short_suit() -> None:
    hand = cards("S9 SJ C3 C4 C6 C7 C8 CA D3 D4 D6 D7 D8 DA "
                 "H2 H3 H3 H4 H4 H5 H6 H6 H7 H8 H9 H10 HJ HQ HK HA BJ LJ LJ")
    ctx = context("STD2", "2", "H")
    v = View(0, sorted(hand), ctx.ranking.level, 1, 0, ctx.ranking.trump, ctx, [], [], [], 0)
    options = Choice(1, lambda i: [0] * 8)
    buried = EXPERT.bury(v, options, None)
    assert len(buried) == 8 and {k for k in buried} >= set(cards("S9 SJ"))
    assert not any(ctx.ranking.is_trump(k) for k in buried)
    assert not set(cards("S9 SJ")) <= set(GREEDY.bury(v, options, None))


def test_declares_by_strength() -> None:
    ctx = context("STD2", "2", "S")
    h2 = cards("H2")[0]
    options = list_choice([Declaration(0, (h2,)), Declaration(0, (h2, h2))], True)
    weak = View(0, sorted(cards("H2 H3 H4 H6 S5 S7 S9 C4 C8 CJ D5 D9")), ctx.ranking.level, 1,
                None, None, None, [], [], [], 0)
    assert GREEDY.declare(weak, list_choice([Declaration(0, (h2,))], True), None) is not None
    assert EXPERT.declare(weak, list_choice([Declaration(0, (h2,))], True), None) is None
    strong = View(0, sorted(cards("H2 H2 BJ LJ HA H3 H4 H5 S5 C4 C8 D9")), ctx.ranking.level,
                  1, None, None, None, [], [], [], 0)
    assert EXPERT.declare(strong, options, None) == Declaration(0, (h2, h2))


def test_expert_throws_are_accepted_in_whole_hands() -> None:
    """THROW-2: the throws memory proves are never refused or failed by the engine."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.players.reference import make_players
    from shengji_sim.rules.game import play_hand

    throws = 0
    for name in ("classic-2deck", "changzhou-4deck"):
        for index in range(2):
            record = play_hand(load_variant(name), make_players("expert"), 5, index)
            assert record["penalties"] == []
            throws += sum(1 for trick in record["tricks"] if trick["throw"])
    assert throws > 0
