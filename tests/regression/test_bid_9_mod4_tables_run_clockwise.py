"""Regression: BID-9 (000 l.67 "右侧的是零号桌，然后顺时针依次是1、2、3号桌"). The mod-4 tables run
clockwise, play counter-clockwise (LEAD-4), and our seats are numbered in play order, so table
t is seat -t mod 4: table 1 is seat 3 and table 3 is seat 1. The engine used to take table t
as seat t, so with HA (13: table 1) first in a CZ4 hand-1 kitty it made seat 1 the dealer.

STD2's AMB-45 A (``flip_for_dealer``, 003 l.13 "对点") counts pips in play order from seat 0.
This test used to hold AMB-45 B (``flip_like_cz4_line67``) to the same clockwise tables as
CZ4; RULES.md revision 2026-12-04 (issue 33) writes AMB-45's example out: "Seats are counted
by the card's number as AMB-31 says ..., in play order from seat 0; 003 gives no direction,
so BID-9's clockwise tables, which are CZ4's, are not used", before both its A and B cases,
so B now counts in play order as A does (``test_AMB_45_B_counts_in_play_order``).
Reference (``rules.bidding``) and kernels (``core.bidding_nb``, whole hands through
``play_hand_core``) alike.
"""

from __future__ import annotations

import numpy as np
import pytest

from shengji_sim.cards import parse_card, parse_cards, parse_rank
from shengji_sim.core.base.tables import switch_array
from shengji_sim.core.players.random_nb import PASSIVE
from shengji_sim.core.rules import bidding_nb as bnb
from shengji_sim.core.runtime import api, backend
from shengji_sim.rules.bidding import (
    TABLE_SEAT,
    mod4_number,
    mod4_seat,
    no_declaration,
    pip_count_seat,
)
from shengji_sim.rules.game import play_hand
from tests.helpers import var
from tests.integration.test_core_deal import PassivePlayer

FIVE = parse_rank("5")


def both(variant, kitty: str, hand_number: int = 1) -> tuple[int | None, int]:
    """The nobody-declares dealer of the reference and of the kernel (-1 = None)."""
    cards = parse_cards(kitty)
    ref = no_declaration(variant, FIVE, cards, hand_number).dealer_seat
    _, _, got = api.no_declaration(switch_array(variant), FIVE, cards, hand_number)
    return ref, got


def test_BID_9_HA_first_in_the_kitty_is_table_1_seat_3() -> None:
    variant = var("CZ4")
    assert mod4_number(variant, parse_card("HA")) == 13  # 000 l.67 numbers: A = 0, ♥ 13..25
    assert both(variant, "HA S7 S8") == (3, 3)


@pytest.mark.parametrize("card, seat", [("SA", 0), ("S2", 3), ("S3", 2), ("S4", 1)])
def test_BID_9_tables_0_to_3_are_seats_0_3_2_1(card, seat) -> None:
    assert both(var("CZ4"), f"{card} D9") == (seat, seat)


@pytest.mark.parametrize("amb", ["AMB-31=A", "AMB-31=B", "AMB-31=C"])
def test_BID_9_tables_run_against_the_play_order(amb) -> None:
    """Every card under every numbering: table t is seat -t mod 4, so the next table clockwise
    is the seat before in play order; reference == kernel."""
    assert all(TABLE_SEAT[(t + 1) % 4] == (TABLE_SEAT[t] - 1) % 4 for t in range(4))
    variant = var("CZ4", [amb])
    sw = switch_array(variant)
    for k in range(54):
        table = mod4_number(variant, k) % 4
        seat = mod4_seat(variant, k)
        assert seat == (-table) % 4, (amb, k)
        assert int(bnb.mod4_seat_nb(sw, k)) == seat, (amb, k)
        assert int(bnb.mod4_number_nb(sw, k)) == mod4_number(variant, k), (amb, k)


def test_AMB_45_B_counts_in_play_order() -> None:
    """Not BID-9's tables (AMB-45's example): C7 counts 7 -> seat 3 (table 3 would be seat
    1), CK 13 -> seat 1 (table 1 would be seat 3)."""
    variant = var("STD2", ["AMB-45=B"])  # AMB-31 C: face value
    assert both(variant, "C7 S4") == (3, 3)
    assert both(variant, "CK S4") == (1, 1)
    assert both(variant, "CK S4", hand_number=2) == (None, -1)  # hand 2+: the dealer stays


def test_AMB_45_A_counts_pips_in_play_order_from_seat_0() -> None:
    """Decision (AMB-45 A has no l.67 tables): C7 counts 7 -> seat 3, CK 13 -> seat 1."""
    variant = var("STD2")
    assert variant.std2_no_bid == "flip_for_dealer"
    assert both(variant, "C7 S4") == (3, 3)
    assert both(variant, "CK S4") == (1, 1)
    sw = switch_array(variant)
    for k in range(54):
        assert pip_count_seat(variant, k) == mod4_number(variant, k) % 4
        assert int(bnb.pip_count_seat_nb(sw, k)) == pip_count_seat(variant, k)


def test_BID_9_whole_cz4_hand_nobody_declares(monkeypatch) -> None:
    """A whole CZ4 hand 1 where nobody declares (all passive) and BJ (53: table 1) is the
    first kitty card: seat 3 deals, in ``play_hand`` and in ``play_hand_core`` alike."""
    variant = var("CZ4")
    record = play_hand(variant, [PassivePlayer() for _ in range(4)], 5, 5)
    assert record["kitty_flip"] and record["declarations"] == []
    assert record["kitty_dealt"][0] == "BJ" and record["trump"] == "NT"
    assert record["dealer"] == record["dealer_declared"] == 3
    assert "seat 3 (BID-9" in record["trump_rule"]
    monkeypatch.setattr(backend, "_player_kinds", lambda _: np.full(4, PASSIVE, np.int32))
    assert backend.play_hand_core(variant, "passive", 5, 5) == record
