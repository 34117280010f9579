"""Counter-based randomness shared by the reference engine and the kernels.

A root seed and a hand index determine a hand (DESIGN.md "Seeds"): ``hand_seed(root,
index)`` mixes the two with SplitMix64's finalizer, and each hand draws from its own
SplitMix64 stream. A match of a match run is seeded the same way: ``match_seed(root, m) =
hand_seed(root, m)``, and hand ``i`` of the match (``hand_number = i + 1``) draws from
``hand_seed(match_seed, i)``, so a match, like a hand, depends on the root seed and its own
index only. All arithmetic is modulo 2**64, so the same numbers come out of plain Python ints
here and of ``uint64`` in Numba, whatever the thread count or chunking.

Per-decision draws (``shengji-sim diff``): in that mode each decision of the trick phase
(trick ``t``, position ``p``: 0 the lead, 1-3 the follows) draws from its own stream seeded
``decision_seed(hand_seed, 4 * t + p)``, so a reading that changes one decision leaves the
numbers of every other decision unchanged. The default stream (``simulate``) is one per hand.

``below(n)`` is unbiased: it rejects the lowest ``2**64 mod n`` outputs.

>>> r = Rng(hand_seed(42, 0)); [r.below(10) for _ in range(5)]
[3, 4, 0, 1, 0]
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
INDEX_MULT = 0xD1B54A32D192ED03


def mix64(z: int) -> int:
    """SplitMix64 finalizer: a bijection of 64-bit words."""
    z &= MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def hand_seed(root: int, index: int) -> int:
    """The seed of hand ``index`` of a run with root seed ``root``."""
    return mix64(mix64(root & MASK) ^ ((index * INDEX_MULT) & MASK))


def match_seed(root: int, match_index: int) -> int:
    """The seed of match ``match_index`` of a run with root seed ``root`` (its hand ``i``
    has the seed ``hand_seed(match_seed(root, m), i)``)."""
    return hand_seed(root, match_index)


def decision_seed(seed: int, decision: int) -> int:
    """The stream seed of decision ``decision`` (``4 * trick + position``) of the hand whose
    seed is ``seed``, in the per-decision mode (module docstring)."""
    return hand_seed(seed, decision)


class Rng:
    """A SplitMix64 stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        return mix64(self.state)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        threshold = (1 << 64) % n
        while True:
            x = self.next64()
            if x >= threshold:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
