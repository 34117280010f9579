"""The heuristic players' memory from masks (core/players/memory_nb.py): ``unseen_by_masks_nb``,
which a run uses, against its plain form ``unseen_nb`` (the highest unseen power per group and
width, and the unseen trumps), and ``note_play_nb``'s seen masks against the seen counts, on drawn
deals of every built-in variant under drawn readings, levels and trumps. The masks version takes a
group's strongest unseen kind as its first in the listing order, so the listing order must rank each
group's kinds by descending power: that is checked too.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from shengji_sim.core.base.bits_nb import masks_of_nb
from shengji_sim.core.base.switches import (
    SW_DECKS,
    SW_KITTY_SIZE,
    SW_RUFF_CONDITION,
    V_RUFF_CONDITION_VOID_ONLY,
)
from shengji_sim.core.players.memory_nb import (
    N_GROUPS,
    forget_nb,
    group_masks_nb,
    note_card_nb,
    note_play_nb,
    unseen_by_masks_nb,
    unseen_nb,
)
from shengji_sim.core.runtime.api import kernel_inputs
from shengji_sim.fuzz.card_strategies import setting
from shengji_sim.fuzz.positions import VARIANTS, variant_for
from tests.helpers import budget


@st.composite
def memories(draw):
    """A variant's tables and a seat's view: ``(kt, sw, level, trump, hand, seen, kitty,
    plays)``, every kind's copies dealt among the hand, the cards seen, the own kitty and
    the other hands; ``plays`` is the seen cards cut into plays of one to four kinds."""
    name = draw(st.sampled_from(VARIANTS))
    ambs, level, trump, _ctx = draw(setting(name, (), vary=True))
    kt, sw = kernel_inputs(variant_for(name, ambs))
    decks = int(sw[SW_DECKS])
    hand = np.zeros(54, np.int8)
    seen = np.zeros(54, np.int16)
    kitty = []
    for k in range(54):
        for _ in range(decks):
            where = draw(st.integers(0, 3))  # 0 hand, 1 seen, 2 kitty, 3 another hand
            if where == 0:
                hand[k] += 1
            elif where == 1:
                seen[k] += 1
            elif where == 2 and len(kitty) < int(sw[SW_KITTY_SIZE]):
                kitty.append(k)
    seen_cards = [k for k in range(54) for _ in range(int(seen[k]))]
    plays = []
    while seen_cards:
        n = draw(st.integers(1, 4))
        plays.append(seen_cards[:n])
        seen_cards = seen_cards[n:]
    return kt, sw, level, trump, hand, seen, np.array(kitty, np.int8), plays


@budget(1)
@given(memories())
def test_unseen_by_masks_equals_the_plain_count(view) -> None:
    kt, sw, level, trump, hand, seen, kitty, plays = view
    order = kt.order[level, trump]
    group = kt.group[level, trump]
    smask = np.zeros(4, np.int64)
    void = np.zeros((4, N_GROUPS), np.int8)
    counted = np.zeros(54, np.int16)
    forget_nb(counted, void, smask)
    board = np.zeros((4, 54), np.int8)
    for cards in plays:  # each seen play noted as the lead of a trick (no void inferred)
        board[0, :] = 0
        for k in cards:
            board[0, k] += 1
        note_play_nb(sw, group, order, counted, smask, void, board, 0, 1, cards[0])
    assert (counted == seen).all()
    expected_masks = np.zeros(4, np.int64)
    masks_of_nb(order, seen, expected_masks)
    assert (smask == expected_masks).all()
    held = np.zeros(4, np.int64)
    masks_of_nb(order, hand, held)
    gmask = np.zeros(N_GROUPS, np.int64)
    group_masks_nb(group, order, gmask)
    decks = int(sw[SW_DECKS])
    for remember in (False, True):
        for own_kitty in (False, True):
            plain = np.zeros((N_GROUPS, 5), np.int16)
            fast = np.zeros((N_GROUPS, 5), np.int16)
            trumps = unseen_nb(decks, kt.eff[level, trump], group, kt.power[level, trump], hand,
                               seen, kitty, own_kitty, remember, np.zeros(54, np.int16), plain)
            got = unseen_by_masks_nb(decks, kt.power[level, trump], kt.kind_at[level, trump],
                                     order, kt.trump_pmask[level, trump], gmask, held, smask,
                                     kitty, own_kitty, remember, fast)
            assert got == trumps, (remember, own_kitty)
            assert (fast == plain).all(), (remember, own_kitty, fast, plain)


@budget(1)
@given(st.sampled_from(VARIANTS).flatmap(lambda name: setting(name, (), vary=True).map(
    lambda s: (name, s))))
def test_each_group_is_listed_by_descending_power(drawn) -> None:
    name, (ambs, level, trump, _ctx) = drawn
    kt, _sw = kernel_inputs(variant_for(name, ambs))
    kind_at, group, power = kt.kind_at[level, trump], kt.group[level, trump], kt.power[level,
                                                                                       trump]
    last: dict[int, int] = {}
    for position in range(54):
        k = int(kind_at[position])
        g = int(group[k])
        assert g not in last or power[k] <= last[g], (name, ambs, level, trump, k)
        last[g] = int(power[k])


@budget(1)
@given(memories(), st.integers(0, 53), st.integers(0, 53), st.integers(1, 3),
       st.integers(0, 3))
def test_AMB_19_a_one_card_play_is_noted_as_a_play(view, lead_kind, kind, position, seat) -> None:
    """``note_card_nb`` (a follow of a one-card lead, as a run notes it) changes the seen
    counts, their masks and the void table as ``note_play_nb`` does for the same card,
    after the drawn plays; the follower is shown void in the led group when its card is
    outside it (AMB-19 A)."""
    kt, sw, level, trump, _hand, _seen, _kitty, plays = view
    order = kt.order[level, trump]
    group = kt.group[level, trump]
    board = np.zeros((4, 54), np.int8)
    states = []
    for note_one_card in (False, True):
        seen = np.zeros(54, np.int16)
        smask = np.zeros(4, np.int64)
        void = np.zeros((4, N_GROUPS), np.int8)
        for cards in plays:
            board[0, :] = 0
            for k in cards:
                board[0, k] += 1
            note_play_nb(sw, group, order, seen, smask, void, board, 0, 1, cards[0])
        board[:, :] = 0
        board[0, lead_kind] = 1
        board[position, kind] = 1
        if note_one_card:
            note_card_nb(sw, group, order, seen, smask, void, kind, position, seat, lead_kind)
        else:
            note_play_nb(sw, group, order, seen, smask, void, board, position, seat,
                         lead_kind)
        states.append((seen, smask, void))
    for plain, one_card in zip(states[0], states[1], strict=True):
        assert (plain == one_card).all()
    assert states[1][2][seat].any() == (group[kind] != group[lead_kind] and int(
        sw[SW_RUFF_CONDITION]) == V_RUFF_CONDITION_VOID_ONLY)
