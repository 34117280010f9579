"""The invariants every played hand's record keeps (issue "Whole hands and matches"), checked
on the reference's hands (test_invariants.py) and on the core's (test_core_replay.py): every
card of the decks is dealt once, each trick has four plays of the lead's size, hands stay equal
at trick boundaries, trick points plus kitty points add up to 100 per deck, the attackers' score
follows from tricks, kitty and penalties."""

from __future__ import annotations

from collections import Counter

from shengji_sim.cards import deck, parse_cards, points_of


def check_invariants(v, rec) -> None:
    dealt = [k for hand in rec["deal"] for k in parse_cards(hand)] + parse_cards(
        rec["kitty_dealt"])
    assert Counter(dealt) == Counter(deck(v.decks)), "DECK-2: every card dealt once"
    sizes = [v.hand_size] * 4
    attackers = 0
    trick_total = 0
    for trick in rec["tricks"]:
        lead_size = len(trick["plays"][0][1])
        assert len(trick["plays"]) == 4
        assert all(len(cards) == lead_size for _, cards in trick["plays"]), "FOLLOW-1"
        for seat, _ in trick["plays"]:
            sizes[seat] -= lead_size
        assert len(set(sizes)) == 1, "hands stay equal at trick boundaries"
        trick_total += trick["points"]
        if trick["winner_seat"] % 2 != rec["dealer"] % 2:
            attackers += trick["points"]
    assert sizes == [0, 0, 0, 0]
    kitty = rec["tricks"][-1]["kitty"]
    kitty_points = sum(points_of(k) for k in parse_cards(kitty["kitty"]))
    assert kitty_points == kitty["kitty_points"]
    assert trick_total + kitty_points == 100 * v.decks, "POINT-1"
    penalties = sum(p["attacker_delta"] for p in rec["penalties"])
    assert rec["attacker_points"] == attackers + kitty["awarded"] + penalties, "POINT-3"
