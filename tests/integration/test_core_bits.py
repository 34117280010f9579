"""The fast paths built on the hand masks (core.bits_nb): a random one-card follow drawn from
the masks is the one the general one-card kernels draw (FOLLOW-1, FOLLOW-2, AMB-37 B, OTH-6 B),
draw for draw. The hypothesis tests of the masks themselves are
tests/property/test_differential_bits.py."""

from __future__ import annotations

import random

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.core.base.rng_nb import below_nb
from shengji_sim.core.base.tables import build_tables
from shengji_sim.core.follow.follow_fast_nb import (
    one_card_nth_nb,
    one_card_options_nb,
    random_single_nb,
)
from shengji_sim.core.runtime import api
from shengji_sim.core.runtime.api import masks_of
from tests.helpers import NAMES


@pytest.fixture(scope="module", params=sorted(NAMES.values()) + ["OTH-6=B", "AMB-37=B"])
def tables(request):
    if request.param == "OTH-6=B":
        variant = load_variant("classic-2deck", amb=["OTH-6=B"])
    elif request.param == "AMB-37=B":
        variant = load_variant("jj-4deck", amb=["AMB-37=B"])
    else:
        variant = load_variant(request.param)
    return variant, build_tables(variant)


def test_follow_1_random_single_from_masks_matches_one_card_kernels(tables) -> None:
    """The mask path (`random_single_nb`) returns the kind and rule, and leaves the rng
    state, that `one_card_options_nb` + `below` + `one_card_nth_nb` give, on hands that
    are void, hold one card, one kind or several kinds of the led class."""
    variant, kt = tables
    last_only = variant.jj4_line40 == "literal" and "AMB-37" in variant.applicable
    no_shape = variant.shape_obligation == "none"  # OTH-6 B
    rnd = random.Random(variant.name + str(last_only) + str(no_shape))
    cards = [k for k in range(54) for _ in range(variant.decks)]
    seen = set()
    for _ in range(3000):
        level, trump = rnd.randrange(13), rnd.randrange(5)
        rnd.shuffle(cards)
        hand = np.zeros(54, np.int8)
        for k in cards[:rnd.randint(1, variant.hand_size)]:
            hand[k] += 1
        lead_kind = cards[-1]
        position = rnd.randint(1, 3)
        eff = kt.eff[level, trump]
        cls = kt.cls_kinds[level, trump, lead_kind]
        n_cls = kt.cls_n[level, trump, lead_kind]
        seed = rnd.getrandbits(64)
        mode, rule, count = one_card_options_nb(cls, n_cls, eff, lead_kind, hand, position,
                                                 last_only, no_shape)
        state = api.new_state(seed)
        want = one_card_nth_nb(mode, cls, n_cls, eff, kt.kind_at[level, trump], hand,
                                below_nb(state, count))
        hm = masks_of(kt.order[level, trump], hand)
        fast_state = api.new_state(seed)
        got, fast_rule = random_single_nb(
            hm, kt.cls_pmask[level, trump, lead_kind], ~kt.trump_pmask[level, trump],
            eff[lead_kind] == 4, kt.kind_at[level, trump], position, last_only, no_shape,
            fast_state)
        assert (got, fast_rule) == (want, rule), (level, trump, lead_kind, position)
        assert fast_state[0] == state[0]
        seen.add((mode, count > 1))
    assert {(0, True), (0, False), (1, True)} <= seen  # several, one, void: all drawn
    if last_only:
        assert (2, True) in seen  # AMB-37 B: a void player before the last discards plain
