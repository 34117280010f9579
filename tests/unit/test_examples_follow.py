"""RULES.md §5.1-5.3: every worked follow example, under the default reading and under each
alternative its ``depends_on`` names; the ``contrast`` entries run under the other seed's
table via the AMB switch that selects it."""

from __future__ import annotations

import pytest

from shengji_sim.cards import parse_cards, parse_rank, parse_trump
from shengji_sim.config.variant import load_variant
from shengji_sim.rules.follow import legal_follows
from shengji_sim.rules.shapes import make_context

V = {"CZ4": "changzhou-4deck", "JJ4": "jj-4deck", "STD2": "classic-2deck", "ONE1": "baifen-1deck"}
LEVEL = {"CZ4": "10", "JJ4": "3", "STD2": "2", "ONE1": "2"}


def _plays(*texts: str) -> set[tuple[int, ...]]:
    return {tuple(sorted(parse_cards(t))) for t in texts}


def _any_k(cards: str, k: int) -> set[tuple[int, ...]]:
    """Every k-card sub-multiset of a card list."""
    from itertools import combinations

    return {tuple(sorted(c)) for c in combinations(parse_cards(cards), k)}


# (id, variant, lead, hand (led suit), other, amb overrides, expected legal set)
CASES = [
    ("EX-F-CZ4-46-1", "CZ4", "S5 S5 S6 S6", "S7 S7 S8 S8 SK SA", "", [], _plays("S7 S7 S8 S8")),
    ("EX-F-CZ4-46-2", "CZ4", "S5 S5 S6 S6", "S7 S7 S9 S9 SK SA", "", [], _plays("S7 S7 S9 S9")),
    ("EX-F-CZ4-46-4", "CZ4", "S5 S5 S6 S6", "S8 S8 S8 S8 SA", "", [], _plays("S8 S8 S8 S8")),
    ("EX-F-CZ4-46-4", "CZ4", "S5 S5 S6 S6", "S8 S8 S8 S8 SA", "", ["AMB-17=A"],
     _plays("S8 S8 S8 S8")),
    ("EX-F-CZ4-46-4", "CZ4", "S5 S5 S6 S6", "S8 S8 S8 S8 SA", "", ["AMB-17=B"],
     _plays("S8 S8 S8 S8", "S8 S8 S8 SA")),
    ("EX-F-CZ4-46-5", "CZ4", "S5 S5 S6 S6", "S3 S4", "H7 H7 C9", [],
     _plays("S3 S4 H7 H7", "S3 S4 H7 C9")),
    ("EX-F-CZ4-47-2", "CZ4", "S5 S5 S5 S5", "S7 S7 S7 S8 S8 SJ SJ", "", [],
     _plays("S7 S7 S7 S8", "S7 S7 S7 SJ")),
    ("EX-F-CZ4-47-2 contrast", "CZ4", "S5 S5 S5 S5", "S7 S7 S7 S8 S8 SJ SJ", "", ["AMB-12=B"],
     _plays("S7 S7 S8 S8")),
    ("EX-F-CZ4-47-3", "CZ4", "S5 S5 S5 S5", "S7 S7 S8 S8 SJ SK", "", [], _plays("S7 S7 S8 S8")),
    ("EX-F-CZ4-48-1", "CZ4", "S4 S4 S5 S5 S6 S6", "S7 S7 S8 S8 S9 S9 SK", "", [],
     _plays("S7 S7 S8 S8 S9 S9")),
    ("EX-F-CZ4-48-2", "CZ4", "S4 S4 S5 S5 S6 S6", "S7 S7 S8 S8 SJ SJ SQ SK", "", [],
     _plays("S7 S7 S8 S8 SJ SJ")),
    ("EX-F-CZ4-48-4", "CZ4", "S4 S4 S5 S5 S6 S6", "S8 S8 S8 S9 S9 S9 SK", "", ["AMB-11=A"],
     _plays("S8 S8 S8 S9 S9 S9")),
    ("EX-F-CZ4-48-4", "CZ4", "S4 S4 S5 S5 S6 S6", "S8 S8 S8 S9 S9 S9 SK", "", [],
     _plays("S8 S8 S8 S9 S9 S9", "S8 S8 S8 S9 S9 SK", "S8 S8 S9 S9 S9 SK")),
    ("EX-F-CZ4-48-4", "CZ4", "S4 S4 S5 S5 S6 S6", "S8 S8 S8 S9 S9 S9 SK", "", ["AMB-11=B2"],
     _plays("S8 S8 S8 S9 S9 S9", "S8 S8 S8 S9 S9 SK", "S8 S8 S9 S9 S9 SK")),
    ("EX-F-CZ4-48-4", "CZ4", "S4 S4 S5 S5 S6 S6", "S8 S8 S8 S9 S9 S9 SK", "", ["AMB-11=C"],
     _plays("S8 S8 S8 S9 S9 S9")),
    ("EX-F-CZ4-49-1", "CZ4", "S6 S6 S6 S7 S7 S7", "S8 S8 S8 S9 S9 S9 SK", "", [],
     _plays("S8 S8 S8 S9 S9 S9")),
    ("EX-F-CZ4-49-3", "CZ4", "S6 S6 S6 S7 S7 S7", "S3 S3 S4 S4 S5 S5 SK", "", [],
     _plays("S3 S3 S4 S4 S5 S5")),
    ("EX-F-CZ4-49-4", "CZ4", "S6 S6 S6 S7 S7 S7", "S8 S8 S9 S9 SJ SK SA", "", [],
     _plays("S8 S8 S9 S9 SJ SK", "S8 S8 S9 S9 SJ SA", "S8 S8 S9 S9 SK SA")),
    ("EX-F-CZ4-50-2", "CZ4", "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 SJ SJ SJ SK SK SA", "",
     [], _plays("S8 S8 S8 S8 SJ SJ SJ SK", "S8 S8 S8 S8 SJ SJ SJ SA")),
    ("EX-F-CZ4-50-2", "CZ4", "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 SJ SJ SJ SK SK SA", "",
     ["AMB-15=B"], {tuple(sorted(parse_cards("S8 S8 S8 S8") + list(p)))
                    for p in _any_k("SJ SJ SJ SK SK SA", 4)}),
    ("EX-F-CZ4-50-2 contrast", "CZ4", "S5 S5 S5 S5 S6 S6 S6 S6",
     "S8 S8 S8 S8 SJ SJ SJ SK SK SA", "", ["AMB-14=B"], _plays("S8 S8 S8 S8 SJ SJ SK SK")),
    ("EX-F-CZ4-50-3", "CZ4", "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 SJ SJ SK SA S4", "", [],
     _plays("S8 S8 S8 S8 SJ SJ SK SA", "S8 S8 S8 S8 SJ SJ SK S4", "S8 S8 S8 S8 SJ SJ SA S4")),
    ("EX-F-CZ4-50-3", "CZ4", "S5 S5 S5 S5 S6 S6 S6 S6", "S8 S8 S8 S8 SJ SJ SK SA S4", "",
     ["AMB-15=B"],
     _plays("S8 S8 S8 S8 SJ SJ SK SA", "S8 S8 S8 S8 SJ SJ SK S4", "S8 S8 S8 S8 SJ SJ SA S4",
            "S8 S8 S8 S8 SJ SK SA S4")),
    ("EX-F-JJ4-1-2", "JJ4", "S4 S4 S5 S5 S6 S6 S7 S7",
     "S9 S9 S9 S9 SQ SQ SQ SQ S10 S10 SJ SJ", "", [],
     _plays("S9 S9 S9 S9 SQ SQ SQ SQ", "S9 S9 S10 S10 SJ SJ SQ SQ")),
    ("EX-F-JJ4-1-2", "JJ4", "S4 S4 S5 S5 S6 S6 S7 S7",
     "S9 S9 S9 S9 SQ SQ SQ SQ S10 S10 SJ SJ", "", ["AMB-41=B"],
     _plays("S9 S9 S10 S10 SJ SJ SQ SQ")),
    ("EX-F-JJ4-1-3", "JJ4", "S4 S4 S5 S5 S6 S6 S7 S7", "S8 S8 S9 S9 S10 S10 SQ SQ SK", "", [],
     _plays("S8 S8 S9 S9 S10 S10 SQ SQ")),
    ("EX-F-JJ4-1-5", "JJ4", "S4 S4 S5 S5 S6 S6 S7 S7", "S8 S8 S9 S9 SJ SJ SK SK SA", "", [],
     _plays("S8 S8 S9 S9 SJ SJ SK SK")),
    ("EX-F-JJ4-1-6", "JJ4", "S4 S4 S5 S5 S6 S6 S7 S7", "S10 S10 S10 S10 SQ SQ SK SA", "", [],
     _plays("S10 S10 S10 S10 SQ SQ SK SA")),
    ("EX-F-JJ4-1-8", "JJ4", "S4 S4 S5 S5 S6 S6 S7 S7", "S6 S6 S9 S9 SJ SJ SK SK S4", "", [],
     _plays("S6 S6 S9 S9 SJ SJ SK SK")),
    ("EX-F-JJ4-2-1", "JJ4", "S4 S4 S4 S4 S5 S5 S5 S5", "S9 S9 S9 S9 SQ SQ SQ SQ SK", "", [],
     _plays("S9 S9 S9 S9 SQ SQ SQ SQ")),
    ("EX-F-JJ4-2-1", "JJ4", "S4 S4 S4 S4 S5 S5 S5 S5", "S9 S9 S9 S9 SQ SQ SQ SQ SK", "",
     ["AMB-41=B"], _plays("S9 S9 S9 S9 SQ SQ SQ SQ")),
    ("EX-F-JJ4-2-3", "JJ4", "S4 S4 S4 S4 S5 S5 S5 S5", "S8 S8 S8 S8 SJ SJ SJ SK SK SA", "", [],
     _plays("S8 S8 S8 S8 SJ SJ SK SK")),
    ("EX-F-JJ4-3-1", "JJ4", "S6 S6 S7 S7 S8 S8", "S9 S9 S10 S10 SJ SJ SK SK SK SA SA SA", "",
     [], _plays("S9 S9 S10 S10 SJ SJ", "SK SK SK SA SA SA")),
    ("EX-F-JJ4-3-1 contrast", "JJ4", "S6 S6 S7 S7 S8 S8",
     "S9 S9 S10 S10 SJ SJ SK SK SK SA SA SA", "", ["AMB-11=B"], _plays("S9 S9 S10 S10 SJ SJ")),
    ("EX-F-JJ4-3-3", "JJ4", "S6 S6 S7 S7 S8 S8", "S9 S9 S10 S10 SQ SQ SA", "", [],
     _plays("S9 S9 S10 S10 SQ SQ")),
    ("EX-F-JJ4-3-4", "JJ4", "S6 S6 S7 S7 S8 S8", "S9 S9 SJ SJ SK SK SA", "", [],
     _plays("S9 S9 SJ SJ SK SK")),
    ("EX-F-JJ4-3-6", "JJ4", "S6 S6 S7 S7 S8 S8", "S9 S9 S9 SJ SK SA", "", [],
     _plays("S9 S9 S9 SJ SK SA")),
    ("EX-F-JJ4-3-7", "JJ4", "S6 S6 S7 S7 S8 S8", "S4 S5 S9 S10 SJ SK SA", "", [],
     _any_k("S4 S5 S9 S10 SJ SK SA", 6)),
    ("EX-F-JJ4-4-2", "JJ4", "SJ SJ SJ SQ SQ SQ", "S6 S6 S7 S7 S8 S8 SA", "", [],
     _plays("S6 S6 S7 S7 S8 S8")),
    ("EX-F-JJ4-4-3", "JJ4", "SJ SJ SJ SQ SQ SQ", "SA SA SA SA S9 S9 S5", "", [],
     _plays("SA SA SA SA S9 S9")),
    ("EX-F-JJ4-4-5", "JJ4", "SJ SJ SJ SQ SQ SQ", "S5 S5 S5 S9 S9 S9 SK SA", "", [],
     _plays("S5 S5 S5 S9 S9 S9")),
    ("EX-F-JJ4-4-6", "JJ4", "SJ SJ SJ SQ SQ SQ", "S6 S6 S6 S8 S8 S10 SA", "", [],
     _plays("S6 S6 S6 S8 S8 S10", "S6 S6 S6 S8 S8 SA")),
    ("EX-F-JJ4-4-8", "JJ4", "SJ SJ SJ SQ SQ SQ", "S4 S4 S4 S6 S6 S7 S7 SA", "", [],
     _plays("S4 S4 S6 S6 S7 S7")),
    ("EX-F-JJ4-4-8 contrast", "JJ4", "SJ SJ SJ SQ SQ SQ", "S4 S4 S4 S6 S6 S7 S7 SA", "",
     ["AMB-13=A"], _plays("S4 S4 S4 S6 S6 S7", "S4 S4 S4 S6 S6 SA", "S4 S4 S4 S7 S7 S6",
                          "S4 S4 S4 S7 S7 SA")),
    ("EX-F-JJ4-5-1", "JJ4", "SA SA SA SA", "S5 S5 S5 S5 S6 S6", "", [], _plays("S5 S5 S5 S5")),
    ("EX-F-JJ4-5-3", "JJ4", "SA SA SA SA", "S6 S6 S9 S9 SK SK SK", "", [],
     _plays("S6 S6 S9 S9", "S6 S6 SK SK", "S9 S9 SK SK")),
    ("EX-F-JJ4-5-3 contrast", "JJ4", "SA SA SA SA", "S6 S6 S9 S9 SK SK SK", "", ["AMB-12=A"],
     _plays("SK SK SK S6", "SK SK SK S9")),
    ("EX-F-JJ4-5-4", "JJ4", "SA SA SA SA", "SK SK SK S4 S9", "", [],
     _plays("SK SK SK S4", "SK SK SK S9")),
    ("EX-F-JJ4-6-1", "JJ4", "S7 S7 S8 S8", "SA SA SA SA S4 S4 S5 S5", "", [],
     _plays("SA SA SA SA", "S4 S4 S5 S5")),
    ("EX-F-JJ4-6-2", "JJ4", "S7 S7 S8 S8", "S6 S6 S9 S9 SK", "", [], _plays("S6 S6 S9 S9")),
    ("EX-F-JJ4-6-4", "JJ4", "S7 S7 S8 S8", "S4 S9 SJ SK SA", "", [], _any_k("S4 S9 SJ SK SA", 4)),
    ("EX-F-STD2-1", "STD2", "S5 S5 S6 S6", "S9 S9 S10 S10 SK", "", [], _plays("S9 S9 S10 S10")),
    ("EX-F-STD2-3", "STD2", "S5 S5 S6 S6 S7 S7", "S3 S3 S9 S9 S10 S10 SQ SQ SA", "", [],
     _plays("S3 S3 S9 S9 S10 S10", "S9 S9 S10 S10 SQ SQ")),
    ("EX-F-STD2-3", "STD2", "S5 S5 S6 S6 S7 S7", "S3 S3 S9 S9 S10 S10 SQ SQ SA", "",
     ["AMB-16=B"], _plays("S3 S3 S9 S9 S10 S10", "S9 S9 S10 S10 SQ SQ", "S3 S3 S9 S9 SQ SQ",
                          "S3 S3 S10 S10 SQ SQ")),
    ("EX-F-STD2-3", "STD2", "S5 S5 S6 S6 S7 S7", "S3 S3 S9 S9 S10 S10 SQ SQ SA", "",
     ["AMB-16=C"], _plays("S3 S3 S9 S9 S10 S10", "S9 S9 S10 S10 SQ SQ")),
    ("EX-F-STD2-4", "STD2", "SK", "S3 SA", "H4", [], _plays("S3", "SA")),
    ("EX-F-STD2-6", "STD2", "S5 S5 S6 S6", "S9", "C4 C7 H8", [], _plays("S9 C4 C7 H8")),
    ("EX-F-ONE1-1", "ONE1", "S9", "S3 SK", "H5", [], _plays("S3", "SK")),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]} {' '.join(c[5])}".strip() for c in CASES])
def test_worked_follow_example(case) -> None:
    ex_id, key, lead, hand, other, amb, expected = case
    variant = load_variant(V[key], amb=amb)
    ctx = make_context(variant, parse_rank(LEVEL[key]), parse_trump("H"))
    result = legal_follows(ctx, parse_cards(lead), parse_cards(f"{hand} {other}"))
    got = {tuple(sorted(p)) for p in result.plays}
    assert got == expected, ex_id
    assert result.count == len(expected)
