"""Regression: CHAO-2 (003 l.25 "对子可炒任意单张"): only a pair 炒s. A single never does, even
when what stands is a single declaration or a card turned from the kitty (which any pair
overrides); under AMB-29 B the ladder's bottom rung "single L" describes what may stand, not
who may 炒. The engine let a single level card 炒 when nothing stood (classic-2deck: a hand-1
kitty turn to ♣, then a single H2 炒 to ♥). Reference (``rules.chaodi``, ``rules.game``) and
kernels (``core.bidding_nb``, ``core.deal_nb``, whole hands through ``play_hand_core``) alike.

Issue 33 ("Rules, third review"): RULES.md (revision 2026-12-04) says this holds under every
AMB-29 reading, "in STD2 no reading lets a single 炒". The 反主 tiers (A) were exempt here
(``test_CHAO_2_fanzhu_tiers_keep_single_L`` asserted that classic-2deck under ``--amb
AMB-29=A`` offers a single level card over a kitty turn, the wrong behaviour); that test is
now ``test_CHAO_2_fanzhu_tiers_never_single``: no single is offered under A either.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji_sim.cards import parse_card, parse_cards, parse_rank
from shengji_sim.core.base.tables import switch_array
from shengji_sim.core.players.random_nb import PASSIVE, RANDOM
from shengji_sim.core.rules import bidding_nb as bnb
from shengji_sim.core.runtime import api, backend
from shengji_sim.players.reference import RandomPlayer
from shengji_sim.rng import Rng
from shengji_sim.rules import game as G
from shengji_sim.rules.chaodi import can_chaodi
from shengji_sim.rules.match import MatchState
from tests.helpers import decl, var
from tests.integration.test_core_deal import PassivePlayer

TWO = parse_rank("2")
LINE68 = [("STD2", ()), ("STD2", ("AMB-29=C",)), ("CZ4", ()), ("CZ4", ("AMB-29=C",))]
#: every AMB-29 reading (issue 33: the 反主 tiers too)
EVERY_LADDER = LINE68 + [("STD2", ("AMB-29=A",)), ("CZ4", ("AMB-29=A",))]


def options(variant, level, hand: str, standing, *, flip: bool) -> tuple[list, list]:
    """The 炒 options of seat 1 holding ``hand``, by the reference and by the kernel."""
    st = G.HandState(variant, Rng(0), [], MatchState((level, level), 0, 1))
    st.hands[1] = parse_cards(hand)
    st.record = {"kitty_flip": flip}
    declarer = None if standing is None else standing.seat
    ref = [(d.kind, d.count, d.choice)
           for d in G._chaodi_options(st, 1, standing, declarer, False)]
    got = api.chaodi_options(switch_array(variant), level,
                             st.hands[1], 1, standing, declarer, False, flip)
    return ref, got


@pytest.mark.parametrize("rule_set, amb", EVERY_LADDER)
@pytest.mark.parametrize("standing", [None, "P1 D", "P1 S"])
@pytest.mark.parametrize("single", ["S", "H", "C", "D"])
def test_CHAO_2_single_never_chaos(rule_set, amb, standing, single) -> None:
    """Over nothing (trump from the kitty; CZ4 with CHAO-6 switched off) or a single: a
    single level card is refused (reference and kernel); the lowest level pair is not."""
    variant = var(rule_set, amb, () if rule_set == "STD2" else ["chaodi_after_kitty_flip=true"])
    level = TWO
    flip = standing is None
    stand = None if flip else decl(standing.split()[0], standing.split()[1] + "2")
    args = dict(seat=1, original_declarer=None if flip else 0, someone_else_chaoed=False,
                trump_from_kitty_flip=flip)
    ok, reason = can_chaodi(variant, level, stand, decl("P2", single + "2"), **args)
    assert not ok and "CHAO-2" in reason
    assert can_chaodi(variant, level, stand, decl("P2", "D2 D2"), **args)[0]
    sw = switch_array(variant)
    st_seat, st_kind, st_count = (-1, -1, 0) if flip else (0, stand.kind, 1)
    k = parse_card(single + "2")
    assert not bnb.can_chaodi_nb(sw, level, st_seat, st_kind, st_count, 1, k, 1,
                                 st_seat, False, flip)
    assert bnb.can_chaodi_nb(sw, level, st_seat, st_kind, st_count, 1, parse_card("D2"), 2,
                             st_seat, False, flip)
    assert bnb.chaodi_strength_nb(sw, level, k, 1) == -1


@pytest.mark.parametrize("rule_set, amb", LINE68)
def test_CHAO_2_single_never_offered_after_a_kitty_turn(rule_set, amb) -> None:
    """The 炒 options after a kitty turn hold the pair, never a single (reference == kernel)."""
    variant = var(rule_set, amb, () if rule_set == "STD2" else ["chaodi_after_kitty_flip=true"])
    ref, got = options(variant, TWO, "S2 H2 H2 D2 BJ SA", None, flip=True)
    assert ref == got == [(parse_card("H2"), 2, None)]
    ref, got = options(variant, TWO, "S2 C2 BJ SA", None, flip=True)
    assert ref == got == []


@pytest.mark.parametrize("rule_set", ["STD2", "CZ4"])
def test_CHAO_2_fanzhu_tiers_never_single(rule_set) -> None:
    """AMB-29 A as well (CHAO-2: "in STD2 no reading lets a single 炒"): over nothing (a kitty
    turn), only the pair is offered, not single L (reference == kernel). CZ4 with CHAO-6
    switched off follows the same rule (Decision in ``rules.chaodi.chaodi_strength``)."""
    sets = () if rule_set == "STD2" else ["chaodi_after_kitty_flip=true"]
    variant = var(rule_set, ["AMB-29=A"], sets)
    ref, got = options(variant, TWO, "S2 H2 H2", None, flip=True)
    assert ref == got == [(parse_card("H2"), 2, None)]
    sw = switch_array(variant)
    assert bnb.chaodi_strength_nb(sw, TWO, parse_card("S2"), 1) == -1
    assert not bnb.can_chaodi_nb(sw, TWO, -1, -1, 0, 1, parse_card("S2"), 1, -1, False, True)


def test_CHAO_2_whole_std2_hand_kitty_turned_single_not_offered(monkeypatch) -> None:
    """classic-2deck, seats 0, 1, 3 never declare nor 炒 (passive), seat 2 is random: nobody
    declares, the kitty is turned to ♣ (AMB-45 A) and seat 2 holds a single H2 when asked,
    which the engine used to offer (and seat 2 炒ed to ♥). Now nothing is offered, and
    ``play_hand``'s record equals ``play_hand_core``'s."""
    variant = var("STD2")
    asked = []

    def recording(st, seat, standing, declarer, someone_else):
        out = original(st, seat, standing, declarer, someone_else)
        asked.append((seat, sorted(st.hands[seat]), [d.cards for d in out]))
        return out

    original = G._chaodi_options
    monkeypatch.setattr(G, "_chaodi_options", recording)
    players = [PassivePlayer(), PassivePlayer(), RandomPlayer(), PassivePlayer()]
    record = G.play_hand(variant, players, 62, 282)
    assert record["kitty_flip"] and record["declarations"] == []
    assert record["trump_declared"] == "C" and record["level"] == TWO
    seat2 = [(hand, opts) for seat, hand, opts in asked if seat == 2]
    assert seat2 and all(hand.count(parse_card("H2")) == 1 for hand, _ in seat2)
    assert all(opts == [] for _, opts in seat2)
    assert record["chaodi"] == [] and record["trump"] == "C"
    kinds = np.array([PASSIVE, PASSIVE, RANDOM, PASSIVE], np.int32)
    monkeypatch.setattr(backend, "_player_kinds", lambda _: kinds)
    assert backend.play_hand_core(variant, "random", 62, 282) == record
