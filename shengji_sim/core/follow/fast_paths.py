"""The readings each follow fast path leaves to the family kernels: plain data, no kernels.

A fast path (:mod:`.follow_fast_nb`, and the greedy and expert forms built on the same rows,
``core/players/greedy_fast_nb.py``, ``core/players/one_family_nb.py``) draws exactly what the
family kernels draw, but only under the readings it was written for. :data:`FAST_PATHS` names,
per fast path, the readings under which it *declines* (returns rule -1, draws nothing, and the
family kernels decide). ``python -m shengji_sim.core.follow.make_fast_guards`` generates from it
one guard kernel per fast path in :mod:`.fast_guards_nb` (``<path>_declines_nb(sw, *flags)``,
true where the path declines), which every caller uses; ``tests/unit/test_fast_paths.py``
fails when that file is stale, and ``tests/integration/test_core_follow.py`` runs every value
of every switch of the schema against each guard and its fast path.

The one-card path (``one_card_options_nb``, ``random_single_nb``) is not listed: it declines
under no reading (only past the radix guard), reading AMB-37 B and OTH-6 B as arguments; the
same test runs it under every switch value too.

Representation
--------------
A :class:`Decline` is a reading: schema keys with a value each (``core/base/switches.py``'s
``SW_<KEY>`` and ``V_<KEY>_<VALUE>``), all of which hold, and optionally a position flag of the
guard's (``when``) that must hold too. A :class:`FastPath` lists its declines and the position
flags its guard takes after ``sw`` (a flag is a ``bool`` the caller computes from the trick).
"""

from __future__ import annotations

from typing import NamedTuple


class Decline(NamedTuple):
    """A reading a fast path leaves to the family kernels (``rule``: its rule ID, an AMB/OTH
    reading with its letter): every ``(key, value)`` of ``switches`` holds in ``sw`` and, if
    ``when`` names one, the guard's position flag."""

    rule: str
    switches: tuple[tuple[str, str], ...]
    when: str = ""


def reading(rule: str, *keys_and_values: str, when: str = "") -> Decline:
    """``reading("AMB-19 B", "ruff_condition", "shape_missing")``: a :class:`Decline`."""
    pairs = tuple(zip(keys_and_values[::2], keys_and_values[1::2], strict=True))
    return Decline(rule, pairs, when)


class FastPath(NamedTuple):
    """A fast path: what it covers, its guard's position flags and the readings it declines."""

    doc: str  # the leads and followers it covers, and the kernels that ask its guard
    flags: tuple[str, ...]  # the guard's position flags, after ``sw``
    declines: tuple[Decline, ...]


#: the readings that make a shape obligation other than DEF-5's rows (or none at all): every
#: fast path of a set lead leaves them to the family kernels
_SHAPE_READINGS = (
    reading("AMB-19 B", "ruff_condition", "shape_missing"),  # AMB-19 B: ruff, shape missing
    reading("OTH-6 B", "shape_obligation", "none"),  # OTH-6 B: no shape obligation
    reading("FOLLOW-1", "follow_policy", "suit_only"),  # FOLLOW-1: the suit-only policy
)

#: fast path -> its readings (guard ``<name>_declines_nb`` in :mod:`.fast_guards_nb`)
FAST_PATHS: dict[str, FastPath] = {
    "pair": FastPath(
        "a one-pair lead, the follower holding more than two cards of the led class "
        "(FOLLOW-3, DEF-5 rows): follow_fast_nb.random_pair_follow_nb and the greedy and "
        "expert pair follows (follow_fast_nb.pair_row_nb)",
        (),
        _SHAPE_READINGS,
    ),
    "triple": FastPath(
        "a one-triple lead, the follower holding more than three cards of the led class "
        "(DEF-8, DEF-5 rows): follow_fast_nb.random_triple_follow_nb and the greedy triple "
        "follow (follow_fast_nb.triple_row_nb)",
        (),
        _SHAPE_READINGS + (
            reading("OTH-5 B", "longer_tuples", "protected"),  # OTH-5 B: sets owed unsplit
        ),
    ),
    "pairtractor": FastPath(
        "a 2-pair tractor lead, the follower holding more than four cards of the led class "
        "(FOLLOW-4, FOLLOW-10, FOLLOW-3, DEF-5): follow_fast_nb.random_pairtractor_follow_nb",
        (),
        _SHAPE_READINGS + (
            reading("OTH-5 B", "longer_tuples", "protected"),  # OTH-5 B: sets owed unsplit
            reading("AMB-15 B", "follow_policy", "cz4_chains",  # AMB-15 B: the 000 chains,
                    "cz4_chain_semantics", "first_only"),  # their first structure only
        ),
    ),
    "short": FastPath(
        "a multi-card lead, the follower holding at most as many cards of the led class: all "
        "of them and free cards (FOLLOW-1, FOLLOW-2): follow_fast_nb.random_short_follow_nb, "
        "one_family_nb.short_family_nb (play_follow_nb._short_path_open) and the shadow "
        "reading's short follower (shadow_nb)",
        ("holds_class", "void_before_last"),
        (
            # AMB-19 B: a follower holding some of the led class may ruff or discard
            reading("AMB-19 B", "ruff_condition", "shape_missing", when="holds_class"),
            # AMB-37 B: a void follower before the last seat of a plain lead may not ruff
            reading("AMB-37 B", "jj4_line40", "literal", when="void_before_last"),
        ),
    ),
}
