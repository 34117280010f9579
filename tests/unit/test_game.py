"""Whole hands and matches in the reference engine: the events each variant has, tampered
records, and determinism (issue "Whole hands and matches")."""

from __future__ import annotations

import copy

import pytest

from shengji_sim.cards import parse_cards
from shengji_sim.config.variant import load_variant
from shengji_sim.players.reference import GreedyPlayer, RandomPlayer, make_players
from shengji_sim.rules.game import play_hand, play_match
from shengji_sim.rules.record import ReplayError, render_text
from shengji_sim.rules.replay import replay

ALL = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]


class PassFirstDeal(RandomPlayer):
    """Random, but never declares in the first deal it sees (forces nobody-declares)."""

    def __init__(self) -> None:
        self.deals = 0
        self.last_size = 10**9

    def declare(self, view, options, rng):
        if len(view.hand) < self.last_size:
            self.deals += 1 if len(view.hand) <= 1 else 0
        self.last_size = len(view.hand)
        if self.deals <= 1:
            return None
        return super().declare(view, options, rng)


class NeverDeclare(RandomPlayer):
    def declare(self, view, options, rng):
        return None


class EagerChao(RandomPlayer):
    """Random, but always 炒s with its weakest option when it may."""

    def chaodi(self, view, options, rng):
        return options.nth(0) if options.count else None


class Thrower(RandomPlayer):
    """Random, but leads every card it holds of its longest off suit as one throw."""

    def lead(self, view, options, rng):
        ctx = view.ctx
        groups: dict[int, list[int]] = {}
        for k in view.hand:
            if not ctx.ranking.is_trump(k):
                groups.setdefault(ctx.ranking.group[k], []).append(k)
        longest = max(groups.values(), key=len, default=[])
        return longest if len(longest) >= 2 else super().lead(view, options, rng)


def find(variant, players, predicate, tries=200):
    for index in range(tries):
        rec = play_hand(variant, players(), 11, index)
        if predicate(rec):
            return rec
    raise AssertionError("no hand with the event in the first seeds")


@pytest.mark.parametrize("name", ALL)
def test_hand_is_deterministic_for_seed_and_index(name) -> None:
    v = load_variant(name)
    a = play_hand(v, make_players("random"), 5, 3)
    b = play_hand(v, make_players("random"), 5, 3)
    c = play_hand(v, make_players("random"), 5, 4)
    assert a == b and a != c


@pytest.mark.parametrize("name", ["changzhou-4deck", "jj-4deck", "classic-2deck"])
def test_BID_8_nobody_declares(name) -> None:
    v = load_variant(name)
    rec = play_hand(v, [NeverDeclare() for _ in range(4)], 3, 0)
    assert rec["declarations"] == [] and rec["redeals"] == 0
    assert rec["trump_rule"].startswith("BID-8")
    if name == "jj-4deck":
        assert rec["trump_declared"] == "S"  # 002 line 28
    replay(v, rec)


@pytest.mark.parametrize("name", ["baifen-1deck", "classic-3deck"])
def test_DEF_25_nobody_declares_redeal(name) -> None:
    v = load_variant(name)
    rec = play_hand(v, [PassFirstDeal() for _ in range(4)], 3, 0)
    assert rec["redeals"] >= 1
    replay(v, rec)


def test_AMB_30_A_cz4_hand1_redeal() -> None:
    v = load_variant("changzhou-4deck", amb=["AMB-30=A"])
    rec = play_hand(v, [PassFirstDeal() for _ in range(4)], 3, 0)
    assert rec["redeals"] >= 1
    replay(v, rec)


@pytest.mark.parametrize("name", ["changzhou-4deck", "classic-2deck"])
def test_CHAO_4_chaodi_chain(name) -> None:
    v = load_variant(name)
    rec = find(v, lambda: [EagerChao() for _ in range(4)], lambda r: len(r["chaodi"]) >= 2)
    assert len(rec["burials"]) == 1 + len(rec["chaodi"])
    replay(v, rec)


@pytest.mark.parametrize("name", ALL)
def test_THROW_3_failed_throw_in_a_hand(name) -> None:
    v = load_variant(name)
    rec = find(v, lambda: [Thrower() for _ in range(4)], lambda r: r["penalties"])
    penalty = rec["penalties"][0]
    assert not penalty["valid"] and penalty["played"] and penalty["returned"]
    if name == "changzhou-4deck":
        assert penalty["penalty"] == 1 and penalty["attacker_delta"] in (1, -1)  # AMB-24 A
    replay(v, rec)


@pytest.mark.parametrize("name", ["changzhou-4deck", "classic-2deck", "baifen-1deck",
                                  "classic-3deck"])
def test_KITTY_3_multiplier_on_the_last_trick(name) -> None:
    v = load_variant(name)

    def multiplied(r):
        k = r["tricks"][-1]["kitty"]
        return k["winner_side"] == "attackers" and k["multiplier"] >= 2 and k["kitty_points"]

    rec = find(v, lambda: make_players("random"), multiplied)
    k = rec["tricks"][-1]["kitty"]
    assert k["awarded"] == k["kitty_points"] * k["multiplier"]
    replay(v, rec)


def test_AMB_27_jj4_last_trick_forfeits_points() -> None:
    v = load_variant("jj-4deck")
    rec = find(v, lambda: make_players("random"),
               lambda r: r["tricks"][-1]["kitty"]["awarded"] != 0)
    assert rec["tricks"][-1]["kitty"]["kitty"] == []
    replay(v, rec)


@pytest.mark.parametrize("name", ALL)
def test_LEVEL_1_match_reaches_A(name) -> None:
    v = load_variant(name)
    match = play_match(v, make_players("random"), 1)
    assert match["winner_side"] in (0, 1)
    assert max(match["levels"]) == 12
    assert replay(v, match) == len(match["hands"])
    assert "match: " in render_text(match)


@pytest.mark.parametrize("name", ALL)
def test_greedy_players_play_legal_hands(name) -> None:
    v = load_variant(name)
    rec = play_hand(v, [GreedyPlayer() for _ in range(4)], 2, 0)
    replay(v, rec)


# ------------------------------------------------------------------------- tampering


@pytest.fixture(scope="module")
def cz4_record():
    v = load_variant("changzhou-4deck")
    return v, play_hand(v, make_players("random"), 7, 0)


def _expect_reject(v, rec, where: str, rule: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay(v, rec)
    assert info.value.where.startswith(where), info.value
    assert info.value.rule.startswith(rule), info.value


def test_replay_rejects_a_swapped_card(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    trick = bad["tricks"][2]
    seat, cards = trick["plays"][1]
    dealt = set(parse_cards(bad["deal"][seat]))
    cards[0] = next(f"{s}{r}" for s in "SHCD" for r in ("2", "3", "4", "5", "6", "7", "8")
                    if parse_cards([f"{s}{r}"])[0] not in dealt)
    _expect_reject(v, bad, f"trick 3, seat {seat}", "FOLLOW-1")


def test_replay_rejects_a_changed_winner(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    trick = bad["tricks"][4]
    trick["winner"] = (trick["winner"] + 1) % 4
    trick["winner_seat"] = trick["plays"][trick["winner"]][0]
    _expect_reject(v, bad, "trick 5", "CMP-9")


def test_replay_rejects_a_changed_score(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["attacker_points"] += 5
    _expect_reject(v, bad, "score", "POINT-3")
    bad = copy.deepcopy(rec)
    bad["score"]["levels"] += 1
    _expect_reject(v, bad, "score", "LEVEL")


def test_replay_rejects_changed_trick_points(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["tricks"][0]["points"] += 10
    _expect_reject(v, bad, "trick 1", "POINT-2")


def test_replay_rejects_a_changed_next_dealer(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["next_dealer"] = (bad["next_dealer"] + 1) % 4
    _expect_reject(v, bad, "score", "DEALER-1")


def test_replay_rejects_a_kitty_multiplier_change(cz4_record) -> None:
    v, rec = cz4_record
    bad = copy.deepcopy(rec)
    bad["tricks"][-1]["kitty"]["multiplier"] += 1
    _expect_reject(v, bad, "last trick", "KITTY-3")


def test_replay_rejects_an_undealt_declaration(cz4_record) -> None:
    v, rec = cz4_record
    if not rec["declarations"]:
        pytest.skip("this seed has no declaration")
    bad = copy.deepcopy(rec)
    bad["declarations"][0]["dealt"] = 0
    _expect_reject(v, bad, "declaration", "BID-1")


# ------------------------------------------------- AMB-50: declaring after the last card


class Scripted(RandomPlayer):
    """Declares the first of its scripted card lists that is an option, else passes."""

    def __init__(self, wants: list[str] = ()) -> None:
        self.wants = [tuple(parse_cards(w)) for w in wants]

    def declare(self, view, options, rng):
        for i in range(options.count):
            option = options.nth(i)
            if option.cards in self.wants:
                self.wants.remove(option.cards)
                return option
        return None


class LateEager(RandomPlayer):
    """Passes during the deal (and when first asked with its whole hand, which may be its
    last card), then declares a random option whenever it has one (never passes)."""

    def __init__(self, hand_size: int) -> None:
        self.hand_size = hand_size
        self.full = 0

    def declare(self, view, options, rng):
        if len(view.hand) < self.hand_size:
            self.full = 0
            return None
        self.full += 1
        if self.full < 2 or not options.count:
            return None
        return options.nth(rng.below(options.count))


def _after_deal(amb: list[str], last: int, wants: dict[int, list[str]]):
    """RULES.md AMB-50's example (STD2, level 5, hand 2): the deal has ended with P1's H5
    standing and the last card dealt to seat ``last``; P2 holds S5 S5, P1 D5 D5. Runs the
    asking after the deal (``_declare_after_deal``): (record declarations, trump, seats
    asked in order)."""
    from shengji_sim.cards import parse_rank
    from shengji_sim.rng import Rng
    from shengji_sim.rules import game as G
    from shengji_sim.rules.bidding import Declaration
    from shengji_sim.rules.match import MatchState

    v = load_variant("classic-2deck", amb=amb)
    five = parse_rank("5")
    asked: list[int] = []

    def audit(decision, st, seat, options, **context):
        if decision == "declare" and context["after_deal"]:
            asked.append(seat)

    players = [Scripted(wants.get(seat, [])) for seat in range(4)]
    st = G.HandState(v, Rng(1), players, MatchState((five, five), 0, 2), audit)
    st.hands = [parse_cards("H5 D5 D5 SA"), parse_cards("S5 S5 HA"), parse_cards("C7 C8"),
                parse_cards("D9 DK")]
    st.dealer = 0
    st.trump = parse_cards("H5")[0] // 13
    standing = [Declaration(0, tuple(parse_cards("H5")))]
    st.record = {"declarations": [{"seat": 0, "cards": ["H5"], "legal": True, "suit": 1,
                                   "hidden": False, "dealt": 3, "after_deal": False,
                                   "choice": None}]}
    G._declare_after_deal(st, last, standing, list(standing))
    return st.record["declarations"][1:], "SHCD"[st.trump], asked


@pytest.mark.parametrize("letter, last, trump, asked", [
    ("A", 3, "H", []),                        # the window closed with the last card
    ("B", 3, "S", [0, 1, 2, 3]),              # P2 overcalls in the one extra round
    ("C", 3, "S", [0, 1, 2, 3, 0, 1]),        # then a full round of passes; D5 D5 is no higher
    ("C", 0, "S", [1, 2, 3, 0, 1]),           # from the seat after the last card's; every
                                              # seat passes since P2's, P2 too
])
def test_AMB_50_example(letter, last, trump, asked):
    wants = {0: ["D5 D5"], 1: ["S5 S5"]}
    decls, got_trump, got_asked = _after_deal([f"AMB-50={letter}"], last, wants)
    assert got_trump == trump and got_asked == asked
    assert all(d["after_deal"] and d["dealt"] == 100 for d in decls)
    assert [d["cards"] for d in decls] == ([] if letter == "A" else [["S5", "S5"]])


@pytest.mark.parametrize("last, trump, declared", [
    (3, "S", [["S5", "S5"]]),                 # P1's turn came before P2's: no answer
    (0, "D", [["S5", "S5"], ["D5", "D5"]]),   # P1 after P2 in the round: it answers
])
def test_AMB_50_B_one_round_answer_depends_on_the_turn(last, trump, declared):
    """AMB-50 B with AMB-42 B (the last declaration wins), where P1's D5 D5 may answer P2's
    S5 S5: "P1 gets no answer if its turn in that round came before P2's"."""
    wants = {0: ["D5 D5"], 1: ["S5 S5"]}
    decls, got_trump, _ = _after_deal(["AMB-50=B", "AMB-42=B"], last, wants)
    assert got_trump == trump and [d["cards"] for d in decls] == declared


def test_AMB_50_C_last_wins_still_ends():
    """AMB-50 C with AMB-42 B: after the deal P1's D5 D5 must beat P2's S5 S5 (Decision in
    ``rules.bidding._after_deal_rule``), so it is not offered and the asking ends."""
    decls, trump, asked = _after_deal(["AMB-50=C", "AMB-42=B"], 0,
                                      {0: ["D5 D5"] * 5, 1: ["S5 S5"] * 5})
    assert trump == "S" and [d["cards"] for d in decls] == [["S5", "S5"]]
    assert asked == [1, 2, 3, 0, 1]


@pytest.mark.parametrize("hand_number", [1, 2])
@pytest.mark.parametrize("letter, asks", [("A", 0), ("B", 4), ("C", 4)])
def test_AMB_50_cz4_asks_from_the_seat_after_the_last_card(hand_number, letter, asks):
    """CZ4 deals clockwise (000 l.7), so the last card goes to the seat after the first
    recipient in play order; the asking after the deal starts at the seat after that one
    (not at the first recipient), in hand 1 and in hand 2+. Nobody declares: C stops after
    one round of passes, as B."""
    from shengji_sim.rules.match import MatchState

    v = load_variant("changzhou-4deck", amb=[f"AMB-50={letter}"])
    asked: list[int] = []

    def audit(decision, st, seat, options, **context):
        if decision == "declare" and context["after_deal"] and not st.record["redeals"]:
            asked.append(seat)

    match = None if hand_number == 1 else MatchState((3, 3), 2, hand_number)
    rec = play_hand(v, [NeverDeclare() for _ in range(4)], 8, 1, match, audit=audit)
    last = (rec["first_recipient"] - (4 * v.hand_size - 1)) % 4
    assert rec["deal_step"] == -1 and last == (rec["first_recipient"] + 1) % 4
    assert asked == [(last + 1 + i) % 4 for i in range(asks)]


@pytest.mark.parametrize("name, amb", [
    ("jj-4deck", ["AMB-50=C", "AMB-35=B"]), ("jj-4deck", ["AMB-50=B", "AMB-35=B"]),
    ("classic-2deck", ["AMB-50=C", "AMB-42=B"]), ("changzhou-4deck", ["AMB-50=C", "AMB-42=B"]),
    ("changzhou-4deck", ["AMB-50=C", "AMB-33=C"]), ("baifen-1deck", ["AMB-50=C", "AMB-42=B"]),
])
@pytest.mark.parametrize("players", ["random", "greedy", "late"])
def test_AMB_50_every_after_deal_declaration_ends_the_asking(name, amb, players):
    """Whole hands under readings where the asking could loop (AMB-42 B, AMB-35 B hidden
    bids, DEF-20 self-reinforcement): they end, every declaration after the deal under C
    beats the one standing, B asks each seat at most once, and the records replay. The
    ``late`` players wait for their full hand, then declare whenever they may (a table of
    them loops for ever if a declaration after the deal need not beat the standing one)."""
    from shengji_sim.rules.bidding import declaration_strength

    v = load_variant(name, amb=amb)
    late_total = 0
    for index in range(6):
        seats = [LateEager(v.hand_size) for _ in range(4)] if players == "late" else \
            make_players(players)
        rec = play_hand(v, seats, 17, index)
        replay(v, rec)
        late = [d for d in rec["declarations"] if d["after_deal"]]
        late_total += len(late)
        assert all(d["dealt"] == 4 * v.hand_size for d in late)
        if v.declaration_after_deal == "one_round":
            assert len(late) <= 4
        else:
            keys = [declaration_strength(v, rec["level"], parse_cards(d["cards"]))
                    for d in rec["declarations"]]
            first_late = len(rec["declarations"]) - len(late)
            standing = keys[:first_late]  # the standing one: the last, or AMB-35 B's leader
            best = None if not standing else (
                max(standing) if v.jj4_bid_visibility == "all_hidden" and
                v.bid_method == "hidden" else standing[-1])
            for key in keys[first_late:]:
                assert best is None or key > best
                best = key
        assert all(isinstance(d["after_deal"], bool) for d in rec["declarations"])
    assert late_total > 0 or players != "late"


# ------------------------------------------------------------------------------- DEF-29


@pytest.mark.parametrize("index", range(4))
def test_DEF_29_jj4_hand1_nobody_bids_first_recipient_deals(index):
    """DEF-29: JJ4 hand 1 when nobody bids: spades (002 l.28), and the seat that received
    the first dealt card deals."""
    v = load_variant("jj-4deck")
    rec = play_hand(v, [NeverDeclare() for _ in range(4)], 29, index)
    assert rec["declarations"] == [] and rec["trump_declared"] == "S"
    assert rec["dealer"] == rec["first_recipient"] and "DEF-29" in rec["trump_rule"]
    replay(v, rec)


# ---------------------------------------------------- CHAO-3, AMB-33 C: four jokers choose


class Choosing(RandomPlayer):
    """Declares / 炒s four jokers with the trump ``choice`` whenever offered, else passes."""

    def __init__(self, choice: int | None) -> None:
        self.choice = choice
        self.offered: list[list] = []

    def declare(self, view, options, rng):
        opts = [options.nth(i) for i in range(options.count)]
        four = [o for o in opts if o.is_joker and o.count == 4]
        if four:
            self.offered.append(four)
        return next((o for o in four if o.choice == self.choice), None)

    chaodi = declare


def _four_jokers_state(variant, holder: int, standing: str):
    """A CZ4 hand-2 state at level 3 after the dealer (seat 0) buried: seat ``holder``
    holds four BJ, seat 0's ``standing`` declaration stands."""
    from shengji_sim.cards import parse_rank
    from shengji_sim.rng import Rng
    from shengji_sim.rules import game as G
    from shengji_sim.rules.match import MatchState
    from shengji_sim.rules.shapes import make_context

    three = parse_rank("3")
    players = [Choosing(None) for _ in range(4)]
    st = G.HandState(variant, Rng(3), players, MatchState((three, three), 0, 2))
    st.hands = [parse_cards("SA SK SQ SJ S10 S9 S8 S7"), parse_cards("HA HK HQ HJ H10 H9 H8 H7"),
                parse_cards("CA CK CQ CJ C10 C9 C8 C7"), parse_cards("DA DK DQ DJ D10 D9 D8 D7")]
    st.hands[holder] += parse_cards("BJ BJ BJ BJ")
    st.kitty = parse_cards("S2 S4 S5 S6 H2 H4 H5 H6")
    st.dealer, st.trump = 0, parse_cards(standing)[0] // 13
    st.ctx = make_context(variant, three, st.trump)
    st.record = {"declarations": [{"seat": 0, "cards": standing.split(), "legal": True,
                                   "suit": st.trump, "hidden": False}],
                 "declarer": 0, "kitty_flip": False, "burials": []}
    return st, players


@pytest.mark.parametrize("choice, trump", [(0, "S"), (1, "H"), (2, "C"), (3, "D"), (4, "NT")])
def test_CHAO_3_four_jokers_chao_offers_all_five_choices(choice, trump):
    """CHAO-3 (000 l.69): four jokers that 炒 choose no-trump or any suit; the engine offers
    all five (♠ ♥ ♣ ♦ NT), and the record names the one taken."""
    from shengji_sim.rules import game as G

    st, players = _four_jokers_state(load_variant("changzhou-4deck"), 2, "H3 H3")
    players[2].choice = choice
    G._chaodi(st)
    assert [(o.cards, o.choice) for o in players[2].offered[0]] == [
        (tuple(parse_cards("BJ BJ BJ BJ")), c) for c in (0, 1, 2, 3, 4)]
    entry = st.record["chaodi"][0]
    assert entry["seat"] == 2 and entry["choice"] == trump and entry["trump"] == trump
    assert st.record["trump"] == trump


@pytest.mark.parametrize("letter, choices", [("A", [None]), ("B", [None]),
                                             ("C", [0, 1, 2, 3, 4])])
def test_AMB_33_four_joker_declaration_choices(letter, choices):
    """AMB-33 C: four jokers declared choose the trump, one option per choice; A and B
    offer four jokers once (no-trump)."""
    from shengji_sim.cards import parse_rank
    from shengji_sim.rng import Rng
    from shengji_sim.rules import game as G
    from shengji_sim.rules.bidding import Declaration
    from shengji_sim.rules.match import MatchState

    v = load_variant("changzhou-4deck", amb=[f"AMB-33={letter}"])
    three = parse_rank("3")
    st = G.HandState(v, Rng(0), [], MatchState((three, three), 0, 2))
    st.hands[1] = parse_cards("LJ LJ LJ LJ SA")
    opts = G._declaration_options(st, 1, Declaration(0, tuple(parse_cards("H3 H3"))))
    four = [o.choice for o in opts if o.count == 4]
    assert four == choices


@pytest.mark.parametrize("amb, index, field", [
    ((), 12004, "chaodi"),             # a four-joker 炒 that chose ♥ (CHAO-3)
    (("AMB-33=C",), 17, "declarations"),  # four jokers declared, choosing ♦ (AMB-33 C)
])
def test_CHAO_3_AMB_33_replay_checks_the_four_joker_choice(amb, index, field):
    """A record names the trump four jokers chose; replay accepts it and refuses a record
    whose choice is missing, changed, or given where nothing chooses. (Seeds found with the
    kernels: random players, root 7; such hands are rare, about 1 in 5,000 for the 炒.)"""
    v = load_variant("changzhou-4deck", amb=list(amb))
    rec = play_hand(v, make_players("random"), 7, index)
    replay(v, rec)
    entry = next(e for e in rec[field] if e["choice"])
    i = rec[field].index(entry)
    rule = "CHAO-3" if field == "chaodi" else "AMB-33"
    where = "炒底" if field == "chaodi" else "declaration"
    missing = copy.deepcopy(rec)
    missing[field][i]["choice"] = None
    _expect_reject(v, missing, where, rule)
    stray = copy.deepcopy(rec)
    other = next((e for e in stray[field] if not e["choice"]), None)
    if other is not None:
        other["choice"] = "S"
        _expect_reject(v, stray, where, rule)
    changed = copy.deepcopy(rec)
    changed[field][i]["choice"] = "S" if entry["choice"] != "S" else "H"
    with pytest.raises(ReplayError):
        replay(v, changed)
