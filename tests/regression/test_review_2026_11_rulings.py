"""Named regressions of the outside review of 2026-11 and the rulings of RULES.md's
revision 2026-11-30 (AMB-05 at level 2, DEF-5 for throws, AMB-06 at level A, AMB-07 B
leads, AMB-41 leads, AMB-48, AMB-49, KITTY-3).

Each example gives RULES.md's answer under the default reading and under each alternative
letter, through the judge command (the reference engine) and through the kernels.
"""

from __future__ import annotations

import json

import pytest

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.api import (
    decompose_core,
    judge_kitty_core,
    kernel_inputs,
    legal_follows_core,
    trick_winner_core,
)
from shengji_sim.core.runtime.api import lead_options as core_lead_options
from shengji_sim.core.runtime.backend import play_hand_core
from shengji_sim.rules.game import lead_options
from shengji_sim.rules.shapes import Unit, decompose, make_context, play_suit
from tests.helpers import run_cli


def plays_of(lists) -> set[tuple[str, ...]]:
    return {tuple(p) for p in lists}


def judge_follows(capsys, variant: str, level: str, lead: str, hand: str,
                  amb: str | None = None) -> set[tuple[str, ...]]:
    """``shengji-sim judge follow`` (reference engine): the legal follows."""
    argv = ["judge", "follow", "--variant", variant, "--level", level, "--trump", "H",
            "--lead", lead, "--hand", hand]
    if amb:
        argv += ["--amb", amb]
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    return plays_of(json.loads(out)["legal_follows"])


def core_follows(variant: str, level: str, lead: str, hand: str,
                 amb: str | None = None) -> set[tuple[str, ...]]:
    """The kernels' legal follows, as card strings strongest first."""
    from shengji_sim.cards import format_card

    v = load_variant(variant, amb=[amb] if amb else [])
    result = legal_follows_core(v, parse_rank(level), parse_trump("H"), parse_cards(lead),
                                parse_cards(hand))
    return {tuple(format_card(k) for k in p) for p in result.plays}


def both_engines(capsys, variant, level, lead, hand, amb=None) -> set[tuple[str, ...]]:
    ref = judge_follows(capsys, variant, level, lead, hand, amb)
    assert core_follows(variant, level, lead, hand, amb) == ref
    return ref


def winners(variant: str, level: str, plays: list[str], amb: str | None = None) -> int:
    """The trick winner by the judge's engine and the kernels (which must agree)."""
    from shengji_sim.rules.trick import trick_winner

    v = load_variant(variant, amb=[amb] if amb else [])
    cards = [parse_cards(p) for p in plays]
    ref = trick_winner(make_context(v, parse_rank(level), parse_trump("H")), cards)
    assert trick_winner_core(v, parse_rank(level), parse_trump("H"), cards) == ref
    return ref


# ------------------------------------------------------------------------ AMB-05, level 2

LEVEL2_LEAD = "HK HK HA HA H2 H2"
LEVEL2_HAND = "H3 H3 H4 H4 H5 H5 H7 H7 H9"
TRACTOR_PLUS_PAIR = {("H7", "H7", "H5", "H5", "H4", "H4"), ("H7", "H7", "H4", "H4", "H3", "H3"),
                     ("H5", "H5", "H4", "H4", "H3", "H3")}


@pytest.mark.parametrize(("letter", "expected"), [
    (None, TRACTOR_PLUS_PAIR),  # A (CZ4's default): a throw, 2-pair tractor + pair owed
    ("A", TRACTOR_PLUS_PAIR),
    ("B", {("H5", "H5", "H4", "H4", "H3", "H3")}),  # a 3-pair tractor
    ("C", TRACTOR_PLUS_PAIR),  # no ace link at all: a throw
])
def test_AMB_05_level_2_pairs_through_the_ace_are_a_throw(capsys, letter, expected):
    amb = f"AMB-05={letter}" if letter else None
    assert both_engines(capsys, "changzhou-4deck", "2", LEVEL2_LEAD, LEVEL2_HAND, amb) == expected


@pytest.mark.parametrize(("letter", "winner"), [("A", 0), ("B", 1), ("C", 0)])
def test_AMB_05_level_2_trick_winner_changes_with_the_reading(letter, winner):
    """A triple tractor beats a 3-pair tractor in suit (CMP-3), but nothing in suit beats a
    throw (OTH-2 A)."""
    plays = [LEVEL2_LEAD, "H5 H5 H5 H6 H6 H6"]
    assert winners("changzhou-4deck", "2", plays, f"AMB-05={letter}") == winner


def test_AMB_05_level_2_agrees_with_level_3():
    """The answer does not depend on whether the 2 is the level card or a fixed trump."""
    for level in ("2", "3"):
        ctx = make_context(load_variant("changzhou-4deck"), parse_rank(level), parse_trump("H"))
        lead = parse_cards("HK HK HA HA H2 H2")
        assert len(decompose(ctx, tuple(lead.count(k) for k in range(54)))) == 2


# ------------------------------------------------------------------ DEF-5, throws (THROW-5)


def test_DEF_5_quad_in_a_throw_owes_two_pairs(capsys):
    got = both_engines(capsys, "changzhou-4deck", "10", "SA S5 S5 S5 S5", "S3 S3 SJ SJ S7 SQ")
    assert got == {("SQ", "SJ", "SJ", "S3", "S3"), ("SJ", "SJ", "S7", "S3", "S3")}


def test_DEF_5_quad_in_a_throw_follows_the_variant_order(capsys):
    """CZ4's quad chain (000 l.47) takes a triple first; JJ4's table 5 (002 l.200-212) a
    2-pair tractor, then two pairs, and a triple only after them."""
    lead, hand = "SA S5 S5 S5 S5", "S3 S3 S4 S4 S8 S8 S8 SQ"
    cz4 = both_engines(capsys, "changzhou-4deck", "10", lead, hand)
    assert all(p.count("S8") == 3 for p in cz4)
    jj4 = both_engines(capsys, "jj-4deck", "10", lead, hand)
    assert jj4 == {("SQ", "S4", "S4", "S3", "S3"), ("S8", "S4", "S4", "S3", "S3")}


def test_DEF_5_triple_in_a_throw_owes_a_triple_then_a_pair(capsys):
    """DEF-8: triple, else pair + single; the single component takes any card."""
    got = both_engines(capsys, "changzhou-4deck", "10", "SA S5 S5 S5", "S3 S3 S7 S7 S9")
    assert got == {("S7", "S7", "S3", "S3"), ("S9", "S7", "S3", "S3"), ("S9", "S7", "S7", "S3")}


@pytest.mark.parametrize("variant", ["changzhou-4deck", "jj-4deck"])
def test_DEF_5_triple_tractor_in_a_throw_owes_the_three_pair_tractor(capsys, variant):
    """Without a triple tractor (or a triple, in CZ4's chain) the 3-pair tractor is owed, as
    when the triple tractor is led alone (000 l.49, 002 l.180-198)."""
    got = both_engines(capsys, variant, "10", "SA S5 S5 S5 S6 S6 S6", "S7 S7 S8 S8 S9 S9 SK S3")
    assert got == {("SK", "S9", "S9", "S8", "S8", "S7", "S7"),
                   ("S9", "S9", "S8", "S8", "S7", "S7", "S3")}


def test_DEF_5_throw_components_are_met_largest_first(capsys):
    """AMB-16 example 2 still holds: two 2-pair tractors owe two tractors."""
    got = both_engines(capsys, "classic-2deck", "2", "SA SA SK SK S9 S9 S8 S8",
                       "S3 S3 S4 S4 S5 S5 S6 S6 SJ SJ")
    assert got == {("S6", "S6", "S5", "S5", "S4", "S4", "S3", "S3")}


# --------------------------------------------------------------------------- AMB-06, level A


@pytest.mark.parametrize(("letter", "count"), [("A", 1), ("B", 3)])
def test_AMB_06_gap_rule_in_the_special_sequence_at_level_A(capsys, letter, count):
    """At level A the trump suit reads "... Q, K, 2, L": HK HK H2 H2 is a tractor under A."""
    got = both_engines(capsys, "changzhou-4deck", "A", "HK HK H2 H2", "H3 H3 H4 H4 H9 H9 H7",
                       f"AMB-06={letter}")
    assert len(got) == count
    if letter == "A":
        assert got == {("H4", "H4", "H3", "H3")}


# ------------------------------------------------------------------------------- AMB-49


@pytest.mark.parametrize("level", ["2", "10"])
@pytest.mark.parametrize(("letter", "count"), [("A", 3), ("B", 1)])
def test_AMB_49_ace_low_without_a_two(capsys, level, letter, count):
    """SA SA S3 S3: two pairs under A, a tractor under B, at level 2 and at level 10."""
    got = both_engines(capsys, "changzhou-4deck", level, "SA SA S3 S3",
                       "S5 S5 S6 S6 S9 S9 S7", f"AMB-49={letter}")
    assert len(got) == count


# ---------------------------------------------------------------------------- AMB-07 B


def test_AMB_07_B_offers_only_one_suit_leads():
    """Under B the trumps are not one suit: C2 C2 H2 H2 is no tractor and is not offered
    (the engine offered it, then refused it as two suits, DEF-27)."""
    v = load_variant("classic-2deck", amb=["AMB-07=B"])
    level, trump = parse_rank("2"), parse_trump("H")
    ctx = make_context(v, level, trump)
    hand = parse_cards("C2 C2 H2 H2 S5 S5 S6 S6 BJ BJ LJ LJ")
    options = lead_options(ctx, hand)
    assert parse_cards("H2 H2 C2 C2") not in options
    assert all(play_suit(ctx, o) is not None for o in options)
    kt, sw = kernel_inputs(v)
    assert core_lead_options(kt, sw, level, trump, hand) == options


def test_AMB_07_B_whole_hand_that_crashed_plays_on_the_core():
    """``simulate --amb AMB-07=B --seed 1`` stopped at hand 4803 ("kernel error -101")."""
    v = load_variant("classic-2deck", amb=["AMB-07=B"])
    record = play_hand_core(v, "random", 1, 4803)
    assert record["tricks"]


# ------------------------------------------------------------------------------- AMB-41


@pytest.mark.parametrize(("letter", "rule", "units"), [
    ("A", "FOLLOW-6", 1),  # a "2个4个" lead: table 2, not a throw
    ("B", "THROW-5/DEF-8", 2),  # a throw of two quads
])
def test_AMB_41_two_quads_lead(capsys, letter, rule, units):
    """AMB-41 example 3: either way P2 plays the four pairs."""
    v = load_variant("jj-4deck", amb=[f"AMB-41={letter}"])
    level, trump = parse_rank("3"), parse_trump("H")
    lead = "S9 S9 S9 S9 SQ SQ SQ SQ"
    got = both_engines(capsys, "jj-4deck", "3", lead, "S4 S4 S5 S5 S6 S6 S7 S7 SK",
                       f"AMB-41={letter}")
    assert got == {("S7", "S7", "S6", "S6", "S5", "S5", "S4", "S4")}
    code, out, _ = run_cli(capsys, "judge", "follow", "--variant", "jj-4deck", "--level", "3",
                           "--trump", "H", "--amb", f"AMB-41={letter}", "--lead", lead,
                           "--hand", "S4 S4 S5 S5 S6 S6 S7 S7 SK", "--play",
                           "S4 S4 S5 S5 S6 S6 S7 S7")
    assert code == 0 and json.loads(out)["reason"].startswith(rule)
    ctx = make_context(v, level, trump)
    cards = parse_cards(lead)
    ref = decompose(ctx, tuple(cards.count(k) for k in range(54)))
    assert len(ref) == units and decompose_core(v, level, trump, cards) == ref


@pytest.mark.parametrize(("letter", "offered"), [("A", True), ("B", False)])
def test_AMB_41_two_quads_are_a_one_unit_lead_option(letter, offered):
    v = load_variant("jj-4deck", amb=[f"AMB-41={letter}"])
    level, trump = parse_rank("3"), parse_trump("H")
    hand = parse_cards("S9 S9 S9 S9 SQ SQ SQ SQ H5 C6")
    options = lead_options(make_context(v, level, trump), hand)
    assert (parse_cards("SQ SQ SQ SQ S9 S9 S9 S9") in options) is offered
    kt, sw = kernel_inputs(v)
    assert core_lead_options(kt, sw, level, trump, hand) == options


def test_AMB_41_a_higher_pair_of_quads_beats_the_lead():
    plays = ["S9 S9 S9 S9 SQ SQ SQ SQ", "S4 S4 S4 S4 SA SA SA SA", "C4 C5 C6 C7 C8 C9 CJ CQ"]
    assert winners("jj-4deck", "3", plays) == 1
    assert winners("jj-4deck", "3", plays, "AMB-41=B") == 0  # a throw: only a ruff beats it


# ------------------------------------------------------------------------ AMB-48, KITTY-3


@pytest.mark.parametrize(("letter", "expected"), [
    ("A", {("S7", "S7", "S5", "S5", "S5")}),  # AAA + KK: a triple and a pair are owed
    ("B", {("S9", "S7", "S7", "S5", "S5"), ("S7", "S7", "S5", "S5", "S5")}),  # AAKK + A
])
def test_AMB_48_how_a_throw_splits(capsys, letter, expected):
    got = both_engines(capsys, "classic-3deck", "10", "SA SA SA SK SK", "S5 S5 S5 S7 S7 S9",
                       f"AMB-48={letter}")
    assert got == expected
    v = load_variant("classic-3deck", amb=[f"AMB-48={letter}"])
    level, trump = parse_rank("10"), parse_trump("H")
    cards = parse_cards("SA SA SA SK SK")
    ref = decompose(make_context(v, level, trump), tuple(cards.count(k) for k in range(54)))
    want = (Unit(3, (parse_cards("SA")[0],)), Unit(2, (parse_cards("SK")[0],)))
    assert (ref == want) is (letter == "A")
    assert decompose_core(v, level, trump, cards) == ref


@pytest.mark.parametrize(("letter", "multiplier", "ruff_wins"), [("A", 8, True),
                                                                  ("B", 16, False)])
def test_AMB_48_split_decides_the_kitty_and_the_ruff(capsys, letter, multiplier, ruff_wins):
    """KITTY-3 (revised): the largest component comes from the lead's split; a ruff that
    matches AAA + KK beats it, and under B (AAKK + A) it lacks the tractor (DEF-4)."""
    amb = f"AMB-48={letter}"
    lead = "SA SA SA SK SK"
    plays = [lead, "C3 C4 C5 C6 C7", "C8 C9 CJ CQ CK", "D3 D4 D5 D6 D7"]
    code, out, err = run_cli(capsys, "judge", "kitty", "--variant", "classic-3deck", "--level",
                             "10", "--trump", "H", "--amb", amb, "--plays", *plays,
                             "--leader-side", "attackers", "--kitty", "S5 D9 D10 C3 C4 C5")
    assert code == 0, err
    assert json.loads(out)["multiplier"] == multiplier
    v = load_variant("classic-3deck", amb=[amb])
    level, trump = parse_rank("10"), parse_trump("H")
    core = judge_kitty_core(v, level, trump, [parse_cards(p) for p in plays], "attackers",
                            parse_cards("S5 D9 D10 C3 C4 C5"))
    assert core.multiplier == multiplier
    ruff = [lead, "H5 H5 H5 H7 H7"]
    assert (winners("classic-3deck", "10", ruff, amb) == 1) is ruff_wins


def test_KITTY_3_largest_component_read_from_the_lead_whoever_wins(capsys):
    """A quad that beats a 2-pair tractor counts as the tractor it matched (AMB-25 C ×4,
    not the quad's ×16)."""
    plays = ["H5 H5 H6 H6", "H9 H9 H9 H9", "C4 C6 C7 C8", "D4 D6 D7 D8"]
    code, out, err = run_cli(capsys, "judge", "kitty", "--variant", "jj-4deck", "--level", "3",
                             "--trump", "H", "--amb", "AMB-25=C", "--plays", *plays,
                             "--leader-side", "dealer", "--kitty", "")
    assert code == 0, err
    result = json.loads(out)
    assert (result["winner"], result["multiplier"]) == (1, 4)
    v = load_variant("jj-4deck", amb=["AMB-25=C"])
    core = judge_kitty_core(v, parse_rank("3"), parse_trump("H"),
                            [parse_cards(p) for p in plays], "dealer", [], attacker_points=0)
    assert core.multiplier == 4
