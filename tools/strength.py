"""Duplicate-play strength of two strategy profiles on the reference engine.

``python -m tools.strength A B --deals N [--variant V] [--seed S] [--jobs J]``

Deal ``i`` (root seed S, hand index i, hand 1 of a match) is played twice: once with A on
seats 0 and 2 and B on seats 1 and 3, once with the teams' seats swapped (the same shuffle:
the deal is drawn before any decision). A profile's margin in a play is the levels its side
went up (``score.levels`` when its side won the hand, minus them when the other side won);
the deal goes to the profile with the larger margin summed over the two plays, a tie counts
half. Prints one JSON line: deals, A's wins/ties/losses, A's share with a Wilson 95%
interval, and each profile's reference hands per second (seconds of play / hands played).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor

from shengji_sim.players import make_player
from shengji_sim.rules.game import play_hand
from shengji_sim.rules.match import side_of
from shengji_sim.strategy import load_strategy
from shengji_sim.variant import load_variant


def margin(record: dict, side: int) -> int:
    """Levels gained by ``side`` (0: seats 0+2) in one hand, negative when the other side
    went up."""
    dealer_side = side_of(record["dealer"])
    winner = dealer_side if record["score"]["winner_side"] == "dealer" else 1 - dealer_side
    levels = record["score"]["levels"]
    return levels if winner == side else -levels


def play_deal(args: tuple[str, str, str, int, int]) -> tuple[int, float, float]:
    """(A's summed margin, seconds of the A-on-0/2 play, seconds of the swapped play)."""
    variant_name, a, b, seed, index = args
    variant = load_variant(variant_name)
    pa, pb = load_strategy(a), load_strategy(b)
    total, times = 0, []
    for a_side in (0, 1):
        seats = [make_player(pa if side_of(s) == a_side else pb) for s in range(4)]
        t0 = time.perf_counter()
        record = play_hand(variant, seats, seed, index)
        times.append(time.perf_counter() - t0)
        total += margin(record, a_side)
    return total, times[0], times[1]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--variant", default="classic-2deck")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    ns = parser.parse_args()
    tasks = [(ns.variant, ns.a, ns.b, ns.seed, i) for i in range(ns.deals)]
    t0 = time.perf_counter()
    if ns.jobs > 1:
        with ProcessPoolExecutor(ns.jobs) as pool:
            results = list(pool.map(play_deal, tasks, chunksize=4))
    else:
        results = [play_deal(t) for t in tasks]
    wins = sum(1 for m, _, _ in results if m > 0)
    ties = sum(1 for m, _, _ in results if m == 0)
    losses = len(results) - wins - ties
    share = (wins + ties / 2) / len(results)
    low, high = wilson(wins + ties / 2, len(results))
    mixed = sum(t0_ + t1_ for _, t0_, t1_ in results)
    print(json.dumps({
        "variant": ns.variant, "a": ns.a, "b": ns.b, "seed": ns.seed, "deals": len(results),
        "a_wins": wins, "ties": ties, "a_losses": losses, "a_share": round(share, 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "mixed_hands_per_s": round(2 * len(results) / mixed, 2),
        "wall_s": round(time.perf_counter() - t0, 1)}))


if __name__ == "__main__":
    main()
