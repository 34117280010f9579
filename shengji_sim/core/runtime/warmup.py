"""Compile (and cache) the Numba kernels once: ``python -m shengji_sim.core.runtime.warmup``.

Every kernel is ``cache=True``, so after this the test session and the simulator load
machine code from ``__pycache__`` instead of compiling; CI runs it once before the tests so
that parallel test workers do not compile the same kernels twice.

The work is split in two parts of about equal length that compile in two processes at once:
the whole-hand kernels specialised for heuristic seats (greedy and the profiles: they take a
candidate buffer) in one, and in the other those for random seats (no buffer), the ``diff``
kernels and the rule kernels (follow, judge, decompose). A kernel both parts call is compiled
by whichever gets there first; the other loads it from the cache if it is written by then.
Numba saves a specialisation by reading the kernel's cache index, adding an entry and writing
the index back (then the data file), so two processes saving two specialisations of one
kernel at once could lose one entry or give both the same data file, and a load in between
could read an index entry whose data is not written yet: the warm-up's processes hold an
exclusive lock on the cache directory around each save and a shared one around each load
(:func:`_serialise_cache_access`). The parent process then runs every entry once more, which
loads everything from the cache and checks it.
"""

from __future__ import annotations

import fcntl
import os
import time
from concurrent.futures import ProcessPoolExecutor

VARIANT = "changzhou-4deck"


def _warm_follow() -> None:
    from shengji_sim.cards import parse_cards
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.api import legal_follows_core

    v = load_variant(VARIANT)
    legal_follows_core(v, 8, 1, parse_cards("S5 S5 S6 S6"), parse_cards("S7 S7 S8 S8 H3 C4"))


def _warm_rules() -> None:
    from shengji_sim.cards import parse_cards
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.api import (
        PreTrick,
        decompose_core,
        judge_kitty_core,
        judge_score_core,
        judge_throw_core,
        lead_options,
        trick_winner_core,
    )

    v = load_variant(VARIANT)
    pre = PreTrick(v)
    pre.run(["random"] * 4, 0, 0)
    lead_options(pre.kt, pre.sw, 8, 1, parse_cards("S5 S5 S6 S6 H3"))
    plays = [parse_cards("S5 S5 S6 S6"), parse_cards("S7 S7 S8 S8"), parse_cards("H3 H3 H4 H4"),
             parse_cards("C3 C4 C5 C6")]
    trick_winner_core(v, 8, 1, plays)
    judge_kitty_core(v, 8, 1, plays, "dealer", parse_cards("S5 SK"))
    judge_throw_core(v, 8, 1, parse_cards("SA SK SK"), [parse_cards("SQ"), [], []])
    decompose_core(v, 8, 1, parse_cards("SA SK SK"))
    judge_score_core(v, 120)


def _warm_random_game() -> None:
    """The whole-hand and match kernels of random seats."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import play_hand_core, run_chunk, run_matches

    v = load_variant(VARIANT)
    run_chunk(v, "random", 0, 0, 2, 2)
    play_hand_core(v, "random", 0, 0)
    run_matches(v, "random", 0, 0, 2, 2)


def _warm_heuristic_game() -> None:
    """The whole-hand and match kernels of heuristic seats (one specialisation serves
    greedy and every profile) and the heuristic decision entry."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import play_hand_core, run_chunk, run_matches

    v = load_variant(VARIANT)
    run_chunk(v, "greedy", 0, 0, 1, 1)
    run_matches(v, "greedy", 0, 0, 1, 1)
    run_chunk(v, "NS=expert,EW=greedy", 0, 0, 1, 1)
    play_hand_core(v, "expert", 0, 0)
    _warm_heuristic_decisions()


def _warm_heuristic_decisions() -> None:
    """``api.heuristic_decision_core`` (the kernel no-peeking test's entry) on the first
    lead and follow of a reference hand of expert players."""
    from shengji_sim.config.strategy import load_strategy
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.api import heuristic_decision_core
    from shengji_sim.players.reference import make_player
    from shengji_sim.rules.game import play_hand

    player = make_player(load_strategy("expert"))
    state: list = []
    done: set[str] = set()

    class Warm:
        name, profile = player.name, player.profile

        def __getattr__(self, method):
            return getattr(player, method)

        def lead(self, view, options, rng):
            if "lead" not in done:
                done.add("lead")
                heuristic_decision_core(state[0], view.seat)
            return player.lead(view, options, rng)

        def follow(self, view, options, rng):
            if "follow" not in done:
                done.add("follow")
                heuristic_decision_core(state[0], view.seat, view.current)
            return player.follow(view, options, rng)

    def audit(decision, st, *args, **context) -> None:
        state[:] = [st]

    play_hand(load_variant(VARIANT), [Warm() for _ in range(4)], 0, 0, audit=audit)


def _warm_diff() -> None:
    """The kernels of ``shengji-sim diff`` (:mod:`.diffrun`): two readings and a shadow."""
    import numpy as np

    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.diffrun import run_diff

    v = load_variant(VARIANT)
    run_diff(v, load_variant(VARIANT, amb=["AMB-19=B"]), "random", 0, 0, 2,
             np.full(2, 8, np.int32), True, 2)


def _warm_random_side() -> None:
    _warm_random_game()
    _warm_diff()
    _warm_follow()
    _warm_rules()


PARTS = (_warm_heuristic_game, _warm_random_side)


def _serialise_cache_access() -> None:
    """Make Numba's cache saves in this process take an exclusive lock on the cache
    directory (``.save.lock`` there) and its loads a shared one, so that a save from one
    of the warm-up's processes is never interleaved with another's save or load (see the
    module docstring)."""
    from numba.core.caching import IndexDataCacheFile

    if getattr(IndexDataCacheFile.save, "serialised", False):
        return
    IndexDataCacheFile.save = _locked(IndexDataCacheFile.save, fcntl.LOCK_EX)
    IndexDataCacheFile.load = _locked(IndexDataCacheFile.load, fcntl.LOCK_SH)


def _locked(method, mode):
    """``method`` of Numba's ``IndexDataCacheFile`` holding ``flock`` ``mode`` on the
    cache directory's ``.save.lock`` while it runs."""

    def locked(self, *args):
        with open(os.path.join(self._cache_path, ".save.lock"), "a") as lock:
            fcntl.flock(lock, mode)
            return method(self, *args)

    locked.serialised = True
    return locked


def _run_part(part) -> None:
    _serialise_cache_access()
    part()


def warm_up(processes: int = 2) -> float:
    """Compile every kernel entry point once; returns the seconds it took."""
    began = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(min(processes, len(PARTS))) as pool:
            for future in [pool.submit(_run_part, part) for part in PARTS]:
                future.result()
    for part in PARTS:  # loads from the cache (compiles it all when processes == 1)
        part()
    return time.perf_counter() - began


def warm_up_run(players: str) -> float:
    """Compile only what a run of ``players`` ("random" or "greedy": the lane kind,
    ``backend.compile_kind``) needs, on two processes (``backend.compile_for``); returns the
    seconds. The child a cold ``simulate`` compiles in (:mod:`shengji_sim.run.first_answer`)."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.core.runtime.backend import compile_for
    from shengji_sim.core.runtime.precompile import TYPE_VARIANT

    return compile_for(load_variant(TYPE_VARIANT), players)


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m shengji_sim.core.runtime.warmup",
                                     description="Compile and cache the Numba kernels.")
    parser.add_argument("--run", choices=("random", "greedy"), default=None,
                        help="Only what a run of this lane kind needs (default: everything).")
    args = parser.parse_args(argv)
    if args.run is not None:
        print(f"kernels of a {args.run} run compiled and cached in "
              f"{warm_up_run(args.run):.1f} s")
        return
    print(f"kernels compiled and cached in {warm_up():.1f} s")


if __name__ == "__main__":
    main()
