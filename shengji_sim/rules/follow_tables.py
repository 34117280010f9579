"""The seeds' follow tables as data: CZ4's chains (FOLLOW-4, 000 lines 46-50) and JJ4's
tables (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, 002 lines 86-222).

Read by the reference follow rules (:mod:`shengji_sim.rules.follow`) and by the follow
kernels, which build constant arrays from these rows (:mod:`shengji_sim.core.follow.follow_data`).

Representation
--------------
Patterns are ``(width, length)``: ``P`` pair, ``TR`` triple, ``Q`` quad, ``T2``/``T3``/``T4``
pair tractors of 2/3/4 pairs, ``TT`` 2-triple tractor, ``QT`` 2-quad tractor.

A JJ4 *table* (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10) is a list of
rows; a row is a list of alternatives (the seed's "或 / 可选", player's choice); an
alternative lists the row's structured components, and its "singles" are whatever
led-suit cards fill the rest (FOLLOW-11). Each row keeps the seed line it comes from.

A CZ4 *chain* (FOLLOW-4) is the sequence of elements "X—Y—Z" of one 000 line; how a chain
fills the lead's card count is AMB-15.
"""

from __future__ import annotations

from dataclasses import dataclass

Pattern = tuple[int, int]

P: Pattern = (2, 1)
TR: Pattern = (3, 1)
Q: Pattern = (4, 1)
T2: Pattern = (2, 2)
T3: Pattern = (2, 3)
T4: Pattern = (2, 4)
TT: Pattern = (3, 2)
QT: Pattern = (4, 2)


@dataclass(frozen=True)
class Row:
    """One table row: alternatives of structured components, and its seed line."""

    alternatives: tuple[tuple[Pattern, ...], ...]
    line: int


def _rows(spec: list[tuple[list[list[Pattern]], int]]) -> tuple[Row, ...]:
    return tuple(Row(tuple(tuple(a) for a in alts), line) for alts, line in spec)


def _pairs_then_singles(n_pairs: int, first_line: int) -> list[tuple[list[list[Pattern]], int]]:
    return [([[P] * k], first_line + 2 * (n_pairs - k)) for k in range(n_pairs, -1, -1)]


def jj4_table(lead: Pattern, two_quads: str, pairtractor_vs_triple: str) -> tuple[Row, ...]:
    """The JJ4 table for a lead pattern, or () if 002 gives none (DEF-8).

    ``two_quads`` is AMB-41 ("any": two quads of any ranks; "adjacent": only a quad
    tractor). ``pairtractor_vs_triple`` is AMB-11 for table 3's first row.
    """
    quads = [[Q, Q]] if two_quads == "any" else [[QT]]
    if lead == T4:  # FOLLOW-5, 002 lines 86-122
        return _rows([([[T4]] + quads, 88), ([[T3, P]], 90), ([[T3]], 92), ([[T2, P, P]], 94),
                      ([[T2, P]], 96), ([[T2]], 98), ([[Q, P, P]], 100), ([[Q, P]], 102),
                      ([[Q]], 104), ([[TR, TR]], 106), ([[TR, P, P]], 108), ([[TR, P]], 110),
                      ([[TR]], 112)] + _pairs_then_singles(4, 114))
    if lead == QT:  # FOLLOW-6, 002 lines 124-162
        return _rows([(quads, 126), ([[T4]], 128), ([[T3, P]], 130), ([[T3]], 132),
                      ([[T2, P, P]], 134), ([[T2, P]], 136), ([[T2]], 138), ([[Q, P, P]], 140),
                      ([[Q, P]], 142), ([[Q]], 144), ([[TR, TR]], 146), ([[TR, P, P]], 148),
                      ([[TR, P]], 150), ([[TR]], 152)] + _pairs_then_singles(4, 154))
    if lead == T3:  # FOLLOW-7, 002 lines 164-178
        first = [[T3], [TT]] if pairtractor_vs_triple == "choice" else [[T3]]
        rows = [(first, 166), ([[Q, P]], 168), ([[T2, P]], 170)] + _pairs_then_singles(3, 172)
        if pairtractor_vs_triple == "triple_first":
            rows = [([[TT]], 164)] + rows
        return _rows(rows)
    if lead == TT:  # FOLLOW-8, 002 lines 180-198
        return _rows([([[TT]], 182), ([[T3]], 184), ([[Q, P]], 186), ([[T2, P]], 188),
                      ([[TR, TR]], 190), ([[TR, P]], 192), ([[P, P, P]], 194), ([[P, P]], 194),
                      ([[P]], 196), ([[]], 198)])
    if lead == Q:  # FOLLOW-9, 002 lines 200-212
        return _rows([([[Q]], 202), ([[T2]], 204), ([[P, P]], 206), ([[TR]], 208),
                      ([[P]], 210), ([[]], 212)])
    if lead == T2:  # FOLLOW-10, 002 lines 214-222
        return _rows([([[T2], [Q]], 216), ([[P, P]], 218), ([[P]], 220), ([[]], 222)])
    return ()


#: FOLLOW-4: CZ4 chains by lead pattern, with the 000 line. "tractor" in lines 47 and 50 is
#: any pair tractor that fits, longest first.
CZ4_CHAINS: dict[Pattern, tuple[tuple[Pattern, ...], int]] = {
    T2: ((T2, P), 46),
    Q: ((Q, TR, T2, P), 47),
    T3: ((T3, T2, P), 48),
    TT: ((TT, TR, T3, T2, P), 49),
    QT: ((QT, Q, TR, T4, T3, T2, P), 50),
}

#: Which §4 switch decides whether a lead pattern uses the CZ4 chain or the JJ4 table.
TABLE_SWITCH: dict[Pattern, str] = {
    Q: "quad_lead_table",  # AMB-12
    TT: "tripletractor_lead_table",  # AMB-13
    QT: "quadtractor_lead_table",  # AMB-14
}
