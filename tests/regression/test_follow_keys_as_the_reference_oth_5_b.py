"""Regression: ``report rules`` at 100,000 hands per pair (54562b7) failed jj-4deck, OTH-5 B,
random players, hand 43729 (level Q, per-decision draws): "core engine: reading B: follow:
play-key buffer full". The follow kernels materialised at most 2**18 play keys, and a follow
of that hand under OTH-5 B (triples and quads against pair obligations, rbtying's reading)
needs more; the reference lists up to ``rules.follow.MAX_MATERIALIZED`` (2,000,000) and plays
the hand. The kernels' buffer now holds as many keys as the reference
(``follow_data.MAX_PLAYS``), so both engines refuse exactly the same follows."""

from __future__ import annotations

from shengji_sim.config.variant import load_variant
from shengji_sim.core.follow.follow_data import MAX_PLAYS, make_buffers
from shengji_sim.core.runtime.diffrun import run_diff
from shengji_sim.results import row_from_record
from shengji_sim.rules.follow import MAX_MATERIALIZED
from shengji_sim.rules.game import play_hand
from shengji_sim.rules.match import MatchState
from shengji_sim.run import reading_diff as rd
from shengji_sim.run.sim import seat_players

HAND = 43729


def test_kernels_materialise_as_many_follows_as_the_reference() -> None:
    assert MAX_PLAYS == MAX_MATERIALIZED
    assert make_buffers().keys.shape == (MAX_MATERIALIZED,)


def test_OTH_5_B_jj4_hand_43729_plays_on_the_core_as_on_the_reference() -> None:
    va = load_variant("jj-4deck")
    vb = load_variant("jj-4deck", amb=["OTH-5=B"])
    levels = rd.hand_levels(va, HAND + 1, "all")[HAND:]
    core = run_diff(va, vb, "random", 0, HAND, 1, levels, True, 1)
    level = int(levels[0])
    record = play_hand(vb, seat_players("random"), 0, HAND, MatchState((level, level), None),
                       decision_draws=True)
    reference = row_from_record(record)
    for name in rd.COMPARED:
        assert core.b[name][0] == reference[name], name
