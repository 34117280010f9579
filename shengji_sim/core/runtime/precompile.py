"""The first run's compile step on two cores: the follow kernels in a second process.

Cold, a run of random players compiles about three minutes of kernels on one core
(``python -m tools.compile_times``), a third of it the family follow kernels under
``play_follow_nb._random_family_follow_nb``. :func:`compile_in_parallel` starts a second process
(``python -m shengji_sim.core.runtime.precompile --players random``) that compiles that subtree into
the shared compile cache, while this process compiles the deal, lead, trick-winner, kitty and
fast-path kernels; then it waits for the other process, and the whole-hand kernel
(``run_lane_nb``) loads both halves from the cache and compiles only the glue above them.

A kernel is compiled here for the argument types it is called with inside ``play_hand_nb``
(:func:`shengji_sim.core.base.jit.call_type` of the lane's arrays and ``int64`` scalars; the
types do not depend on the variant, only on whether a seat is greedy). A signature whose
types drifted from the call would only cost time, never correctness: the caller then
compiles its own; one with a wrong number of arguments fails to compile, so a kernel that
gains an argument must gain it here too. ``tests/integration/test_core_precompile.py`` checks each
one against the signatures the whole-hand kernel left in the cache.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator

from numba import typeof

from shengji_sim.core.base.jit import call_type

#: a built-in variant whose tables give the argument types (every variant gives the same)
TYPE_VARIANT = "classic-2deck"


def scratch_lane(players: str):
    """``(kt, sw, lane)``: kernel inputs and a lane of ``players``, whose arrays give the
    argument types of the calls inside a hand."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.api import PLAYER_KINDS, kernel_inputs, make_lane

    kt, sw = kernel_inputs(load_variant(TYPE_VARIANT))
    return kt, sw, make_lane(kt, sw, [PLAYER_KINDS[players]] * 4, [0, 0])


def signature(*args) -> tuple:
    """The types a kernel called with ``args`` from another kernel compiles for."""
    return tuple(call_type(typeof(a)) for a in args)


def follow_part(kt, sw, lane) -> Iterator[tuple]:
    """The family follow kernels, as ``game_nb`` calls them (the second process's part)."""
    from shengji_sim.core.engine.play_follow_nb import _family_follow_nb, _random_family_follow_nb

    hand, play = lane.pre.hands[0], lane.plays[1]
    yield _random_family_follow_nb, signature(kt, sw, 0, 0, lane.lead, 0, lane.uw, lane.ul,
                                              lane.uk, hand, 0, lane.fb, lane.state, play)
    yield _family_follow_nb, signature(kt, sw, 0, 0, lane, lane.cand, 0, 0, 0, 0)


def other_part(kt, sw, lane) -> Iterator[tuple]:
    """The deal, lead, fast-path, trick-winner and kitty kernels, as ``game_nb`` calls them
    (this process's part)."""
    from shengji_sim.core.engine.deal_nb import pre_trick_nb
    from shengji_sim.core.follow.follow_fast_nb import (
        one_card_options_nb,
        random_pair_follow_nb,
        random_pairtractor_follow_nb,
        random_short_follow_nb,
        random_single_nb,
        random_triple_follow_nb,
    )
    from shengji_sim.core.players.random_nb import random_lead_pick_nb
    from shengji_sim.core.rules.kitty_nb import judge_kitty_nb
    from shengji_sim.core.rules.shapes_nb import decompose_top_nb
    from shengji_sim.core.rules.trick_nb import trick_winner_units_nb

    hand, held, play = lane.pre.hands[0], lane.hm[0], lane.plays[1]
    kind_at, cls = kt.kind_at[0, 0], kt.cls_kinds[0, 0, 0]
    lb = lane.lb
    yield pre_trick_nb, signature(kt, sw, lane.state, lane.levels, 0, 0, lane.pkinds, lane.cand,
                                  lane.pre)
    yield random_lead_pick_nb, signature(kind_at, hand, 0, 0, 0, lb.w, lb.ln, lb.kinds,
                                         lb.ords, lane.state, lane.lead)
    yield decompose_top_nb, signature(kt, sw, 0, 0, lane.lead, lane.uw, lane.ul, lane.uk,
                                      lane.ut)
    yield random_single_nb, signature(held, 0, 0, True, kind_at, 0, True, True, lane.state)
    yield one_card_options_nb, signature(cls, 0, kt.eff[0, 0], 0, hand, 0, True, True)
    yield random_short_follow_nb, signature(hand, held, 0, kind_at, 0, lane.state, lane.rest,
                                            lane.bkinds, lane.suf, lane.picked, play)
    yield random_pair_follow_nb, signature(sw, cls, 0, hand, lane.state, play)
    yield random_pairtractor_follow_nb, signature(sw, kind_at, kt.succ_pmask[0, 0], 0, held,
                                                  hand, lane.state, play, lane.keys,
                                                  lane.rest, lane.bkinds, lane.suf,
                                                  lane.picked)
    yield random_triple_follow_nb, signature(sw, cls, 0, hand, lane.state, play, lane.keys)
    yield trick_winner_units_nb, signature(kt, sw, 0, 0, lane.plays, 0, 0, lane.uw, lane.ul,
                                           lane.ut, 0, 0, lane.ts)
    yield judge_kitty_nb, signature(kt, sw, 0, 0, lane.plays, 0, 0, lane.kitty, 0, 0, lane.uw,
                                    lane.ul, lane.uk, lane.ut)


def is_cached(kernel, sig: tuple, keep: bool = False) -> bool:
    """Whether ``kernel`` is compiled for ``sig`` in this process or in the compile cache;
    ``keep``: a specialisation loaded from the cache is installed in the kernel (as its own
    call would), so that it is not loaded twice."""
    if sig in kernel.overloads:
        return True
    loaded = kernel._cache.load_overload(sig, kernel.targetctx)
    if loaded is not None and keep:
        kernel.add_overload(loaded)
    return loaded is not None


def compile_part(part) -> None:
    for kernel, sig in part:
        kernel.compile(sig)


def compile_in_parallel(players: str) -> bool:
    """Compile a hand's kernels for ``players`` in two processes at once (module docstring),
    unless the follow part is already cached; returns whether it did. The caller then plays
    a hand, which compiles (or loads) the rest."""
    kt, sw, lane = scratch_lane(players)
    follow = list(follow_part(kt, sw, lane))
    if all(is_cached(kernel, sig) for kernel, sig in follow):
        return False
    helper = subprocess.Popen([sys.executable, "-m", "shengji_sim.core.runtime.precompile",
                               "--players", players], stdout=subprocess.DEVNULL)
    try:
        compile_part(other_part(kt, sw, lane))
    finally:
        helper.wait()
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m shengji_sim.core.runtime.precompile",
                                     description="Compile the family follow kernels of a "
                                                 "hand into the compile cache.")
    parser.add_argument("--players", choices=("random", "greedy"), default="random")
    args = parser.parse_args(argv)
    kt, sw, lane = scratch_lane(args.players)
    compile_part(follow_part(kt, sw, lane))


if __name__ == "__main__":
    main()
