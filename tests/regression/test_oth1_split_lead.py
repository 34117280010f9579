"""Regression: OTH-1 A (largest type top) with AMB-17 B (no splitting) and a throw whose
canonical units split a triple (S5 S5 S5 S6 S6 = tractor 5566 + single 5) raised
AssertionError in rules.trick._type_top; the leader's own units now define its key.

Such a split exists only under AMB-48 B (largest component first); under A, the default since
RULES.md 2026-11-30, the throw is the triple 555 and the pair 66, which a triple-and-pair
ruff matches (DEF-4)."""

from __future__ import annotations

from shengji_sim.cards import parse_cards
from shengji_sim.config.variant import load_variant
from shengji_sim.rules.kitty import judge_kitty
from shengji_sim.rules.shapes import make_context
from shengji_sim.rules.trick import trick_winner


def test_OTH_1_A_with_AMB_17_B_split_lead_does_not_crash() -> None:
    ctx = make_context(load_variant("changzhou-4deck", amb=["AMB-17=B", "AMB-48=B"]), 8, 1)
    plays = [parse_cards(t) for t in ("S5 S5 S5 S6 S6", "H3 H3 H3 H4 H4", "S7 S8 S9 SJ SQ",
                                      "HJ HJ HQ HQ HK")]
    assert trick_winner(ctx, plays[:2]) == 0  # the triple ruff cannot supply the pairs (B)
    assert trick_winner(ctx, plays) == 3  # a structured trump ruff beats the throw
    assert judge_kitty(ctx, plays, "dealer", parse_cards("S5 SK")).winner == 3


def test_AMB_48_A_the_same_throw_splits_into_its_sets() -> None:
    ctx = make_context(load_variant("changzhou-4deck", amb=["AMB-17=B"]), 8, 1)
    plays = [parse_cards(t) for t in ("S5 S5 S5 S6 S6", "H3 H3 H3 H4 H4")]
    assert trick_winner(ctx, plays) == 1  # the ruff matches 555 + 66
