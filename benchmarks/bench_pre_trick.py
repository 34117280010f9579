"""µs per hand of the pre-trick kernels (deal, declarations, kitty, 炒底) per variant.

Run: ``python benchmarks/bench_pre_trick.py [hands]``; compile time is excluded.
"""

from __future__ import annotations

import sys
import time

import numpy as np
from numba import njit

from shengji_sim.config.variant import load_variant
from shengji_sim.core.engine.deal_nb import pre_trick_batch_nb
from shengji_sim.core.rules.lead_nb import lead_options_nb
from shengji_sim.core.runtime.api import PreTrick, candidates, make_lead_buffers

VARIANTS = ["changzhou-4deck", "jj-4deck", "classic-2deck", "baifen-1deck", "classic-3deck"]


def bench(name: str, player: int, hands: int, hand_number: int) -> float:
    pt = PreTrick(load_variant(name))
    levels = np.zeros(2, np.int32)  # both sides at 2
    dealer = -1 if hand_number == 1 else 0
    pkinds = np.full(4, player, np.int8)
    skilled = candidates(pkinds)
    state = np.zeros(1, np.uint64)
    out = np.zeros(hands, np.int32)
    args = (pt.kt, pt.sw, np.uint64(1), np.uint64(0))
    pre_trick_batch_nb(*args, 10, levels, dealer, hand_number, pkinds, skilled, pt.buf,
                       state, out)
    t = time.perf_counter()
    pre_trick_batch_nb(*args, hands, levels, dealer, hand_number, pkinds, skilled, pt.buf,
                       state, out)
    return (time.perf_counter() - t) / hands * 1e6


@njit(cache=True)
def _lead_loop(kt, sw, counts, lb):
    total = 0
    for i in range(counts.shape[0]):
        total += lead_options_nb(kt, sw, i % 13, i % 5, counts[i], lb)
    return total


def bench_lead(name: str, hands: int) -> float:
    pt = PreTrick(load_variant(name))
    lb = make_lead_buffers(pt.kt)
    rng = np.random.default_rng(0)
    hs = int(pt.variant.hand_size)
    deck = np.arange(54 * pt.variant.decks) % 54
    counts = np.zeros((hands, 54), np.int8)
    for i in range(hands):
        np.add.at(counts[i], rng.permutation(deck)[:hs], 1)
    _lead_loop(pt.kt, pt.sw, counts[:2], lb)
    t = time.perf_counter()
    _lead_loop(pt.kt, pt.sw, counts, lb)
    return (time.perf_counter() - t) / hands * 1e6


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    print(f"{'variant':18} {'random h1':>10} {'greedy h1':>10} {'random h2':>10} "
          f"{'greedy h2':>10} {'lead opts':>10}  (µs per hand / per full-hand listing)")
    for name in VARIANTS:
        row = [bench(name, p, hands, h) for h in (1, 2) for p in (0, 1)]
        row = [row[0], row[1], row[2], row[3], bench_lead(name, 2000)]
        print(f"{name:18} " + " ".join(f"{x:10.2f}" for x in row))


if __name__ == "__main__":
    main()
