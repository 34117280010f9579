"""Follow fast-path guards: GENERATED from core/follow/fast_paths.py, do not edit.

Regenerate with ``python -m shengji_sim.core.follow.make_fast_guards`` after changing
:data:`shengji_sim.core.follow.fast_paths.FAST_PATHS`; ``tests/unit/test_fast_paths.py`` fails
when this file is stale.

``<path>_declines_nb(sw, *flags)`` is true where the fast path ``<path>`` leaves the follow to
the family kernels (it returns rule -1 and draws nothing): under one of the readings the table
lists for it, each a test of ``sw`` (``core/base/switches.py``) and maybe a position flag.
"""

from __future__ import annotations

from shengji_sim.core.base.jit import njit
from shengji_sim.core.base.switches import (
    SW_CZ4_CHAIN_SEMANTICS,
    SW_FOLLOW_POLICY,
    SW_JJ4_LINE40,
    SW_LONGER_TUPLES,
    SW_RUFF_CONDITION,
    SW_SHAPE_OBLIGATION,
    V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY,
    V_FOLLOW_POLICY_CZ4_CHAINS,
    V_FOLLOW_POLICY_SUIT_ONLY,
    V_JJ4_LINE40_LITERAL,
    V_LONGER_TUPLES_PROTECTED,
    V_RUFF_CONDITION_SHAPE_MISSING,
    V_SHAPE_OBLIGATION_NONE,
)


@njit(cache=True, _nrt=False)
def pair_declines_nb(sw):
    """Does the pair fast path decline? It covers a one-pair lead, the follower holding more than
    two cards of the led class (FOLLOW-3, DEF-5 rows): follow_fast_nb.random_pair_follow_nb and the
    greedy and expert pair follows (follow_fast_nb.pair_row_nb)."""
    # AMB-19 B: 'shape_missing', lacking the led shape in the led suit allows a ruff or discard
    if sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING:
        return True
    # OTH-6 B: 'none', follow suit with as many cards as possible; no shape obligation
    if sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE:
        return True
    # FOLLOW-1: follow_policy = 'suit_only'
    if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_SUIT_ONLY:
        return True
    return False


@njit(cache=True, _nrt=False)
def triple_declines_nb(sw):
    """Does the triple fast path decline? It covers a one-triple lead, the follower holding more
    than three cards of the led class (DEF-8, DEF-5 rows): follow_fast_nb.random_triple_follow_nb
    and the greedy triple follow (follow_fast_nb.triple_row_nb)."""
    # AMB-19 B: 'shape_missing', lacking the led shape in the led suit allows a ruff or discard
    if sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING:
        return True
    # OTH-6 B: 'none', follow suit with as many cards as possible; no shape obligation
    if sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE:
        return True
    # FOLLOW-1: follow_policy = 'suit_only'
    if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_SUIT_ONLY:
        return True
    # OTH-5 B: 'protected', triples/quads never create pair obligations; may be broken voluntarily
    # (rbtying)
    if sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED:
        return True
    return False


@njit(cache=True, _nrt=False)
def pairtractor_declines_nb(sw):
    """Does the pairtractor fast path decline? It covers a 2-pair tractor lead, the follower holding
    more than four cards of the led class (FOLLOW-4, FOLLOW-10, FOLLOW-3, DEF-5):
    follow_fast_nb.random_pairtractor_follow_nb."""
    # AMB-19 B: 'shape_missing', lacking the led shape in the led suit allows a ruff or discard
    if sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING:
        return True
    # OTH-6 B: 'none', follow suit with as many cards as possible; no shape obligation
    if sw[SW_SHAPE_OBLIGATION] == V_SHAPE_OBLIGATION_NONE:
        return True
    # FOLLOW-1: follow_policy = 'suit_only'
    if sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_SUIT_ONLY:
        return True
    # OTH-5 B: 'protected', triples/quads never create pair obligations; may be broken voluntarily
    # (rbtying)
    if sw[SW_LONGER_TUPLES] == V_LONGER_TUPLES_PROTECTED:
        return True
    # AMB-15 B: follow_policy = 'cz4_chains'
    # AMB-15 B: 'first_only', only the first formable element is mandatory; rest any led-suit
    if (sw[SW_FOLLOW_POLICY] == V_FOLLOW_POLICY_CZ4_CHAINS
            and sw[SW_CZ4_CHAIN_SEMANTICS] == V_CZ4_CHAIN_SEMANTICS_FIRST_ONLY):
        return True
    return False


@njit(cache=True, _nrt=False)
def short_declines_nb(sw, holds_class, void_before_last):
    """Does the short fast path decline? It covers a multi-card lead, the follower holding at most
    as many cards of the led class: all of them and free cards (FOLLOW-1, FOLLOW-2):
    follow_fast_nb.random_short_follow_nb, one_family_nb.short_family_nb
    (play_follow_nb._short_path_open) and the shadow reading's short follower (shadow_nb)."""
    # AMB-19 B: 'shape_missing', lacking the led shape in the led suit allows a ruff or discard
    # ... when holds_class
    if sw[SW_RUFF_CONDITION] == V_RUFF_CONDITION_SHAPE_MISSING and holds_class:
        return True
    # AMB-37 B: 'literal', only the last player of a trick may ruff
    # ... when void_before_last
    if sw[SW_JJ4_LINE40] == V_JJ4_LINE40_LITERAL and void_before_last:
        return True
    return False
