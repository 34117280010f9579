"""AMB-16 C (``at_least_one``): a shorter tractor plus pairs meets the first row of a tractor
lead's obligation, so the property leads_follows_agree (a row-1 answer to a one-unit lead is
one unit when led) does not apply under that reading.

Found by CI (hypothesis, tests/property/test_offered_moves.py::test_leads_and_follows_agree,
classic-2deck with AMB-16=C): lead H3 H3 H4 H4 H5 H5, hand H6 H6 H7 H7 H8 H8 H9 H9; the
property reported H9 H9 H7 H7 H6 H6 (a 2-pair tractor and a pair) as an engine defect.
"""

from __future__ import annotations

from shengji_sim.cards import parse_cards
from shengji_sim.fuzz.positions import Position
from shengji_sim.fuzz.trick_properties import leads_follows_agree
from shengji_sim.rules import follow

LEAD = "H3 H3 H4 H4 H5 H5"
HAND = "H6 H6 H7 H7 H8 H8 H9 H9"


def position(reading: str) -> Position:
    return Position(kind="follow", variant="classic-2deck", ambs=(f"AMB-16={reading}",),
                    level=0, trump=0, lead=tuple(parse_cards(LEAD)),
                    hands=(tuple(parse_cards(HAND)),))


def row_one(reading: str) -> set[tuple[int, ...]]:
    pos = position(reading)
    ob = follow.obligation(pos.ctx, list(pos.lead), list(pos.hand))
    assert ob.row == 1
    return {tuple(sorted(f.fixed)) for f in ob.families if not f.free}


def test_amb_16_c_first_row_holds_a_shorter_tractor_and_a_pair():
    shorter = tuple(sorted(parse_cards("H9 H9 H7 H7 H6 H6")))
    assert shorter in row_one("C")
    assert shorter not in row_one("A")  # maximize: a 3-pair tractor is owed


def test_leads_follows_agree_does_not_flag_the_reading():
    leads_follows_agree(position("C"))  # raised PropertyFailure before the fix
    leads_follows_agree(position("A"))
