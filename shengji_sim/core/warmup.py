"""Compile (and cache) the Numba kernels once: ``python -m shengji_sim.core.warmup``.

Every kernel is ``cache=True``, so after this the test session and the simulator load
machine code from ``__pycache__`` instead of compiling; CI runs it once before the tests so
that parallel test workers do not compile the same kernels twice. The follow kernels and the
other rule kernels compile in two processes at once; the whole-hand kernels, compiled last,
then load their callees from the cache.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

VARIANT = "changzhou-4deck"


def _warm_follow() -> None:
    from shengji_sim.cards import parse_cards
    from shengji_sim.core.api import legal_follows_core
    from shengji_sim.variant import load_variant

    v = load_variant(VARIANT)
    legal_follows_core(v, 8, 1, parse_cards("S5 S5 S6 S6"), parse_cards("S7 S7 S8 S8 H3 C4"))


def _warm_rules() -> None:
    from shengji_sim.cards import parse_cards
    from shengji_sim.core.api import (
        PreTrick,
        decompose_core,
        judge_kitty_core,
        judge_score_core,
        judge_throw_core,
        lead_options,
        trick_winner_core,
    )
    from shengji_sim.variant import load_variant

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


def _warm_game() -> None:
    from shengji_sim.core.backend import play_hand_core, run_chunk, run_matches
    from shengji_sim.variant import load_variant

    v = load_variant(VARIANT)
    run_chunk(v, "random", 0, 0, 2, 2)
    run_chunk(v, "greedy", 0, 0, 1, 1)
    play_hand_core(v, "random", 0, 0)
    run_matches(v, "random", 0, 0, 2, 2)
    run_matches(v, "greedy", 0, 0, 1, 1)
    run_chunk(v, "NS=expert,EW=greedy", 0, 0, 1, 1)
    play_hand_core(v, "expert", 0, 0)
    _warm_heuristic_decisions()


def _warm_heuristic_decisions() -> None:
    """``api.heuristic_decision_core`` (the kernel no-peeking test's entry) on the first
    lead and follow of a reference hand of expert players."""
    from shengji_sim.core.api import heuristic_decision_core
    from shengji_sim.players import make_player
    from shengji_sim.rules.game import play_hand
    from shengji_sim.strategy import load_strategy
    from shengji_sim.variant import load_variant

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

    from shengji_sim.core.diffrun import run_diff
    from shengji_sim.variant import load_variant

    v = load_variant(VARIANT)
    run_diff(v, load_variant(VARIANT, amb=["AMB-19=B"]), "random", 0, 0, 2,
             np.full(2, 8, np.int32), True, 2)


def warm_up(processes: int = 2) -> float:
    """Compile every kernel entry point once; returns the seconds it took."""
    began = time.perf_counter()
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            for future in [pool.submit(_warm_follow), pool.submit(_warm_rules)]:
                future.result()
    else:
        _warm_follow()
        _warm_rules()
    _warm_game()
    _warm_diff()
    return time.perf_counter() - began


if __name__ == "__main__":
    print(f"kernels compiled and cached in {warm_up():.1f} s")
