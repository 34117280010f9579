"""Figures with their uncertainty: the Wilson interval of a share, Holm's adjustment for many
tests at once, and the printing of shares and intervals so that their ends read apart.

Every report and run summary takes these from here; they depend on nothing but ``math``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the 0.975 quantile of the standard normal


def wilson_interval(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials.

    >>> [round(x, 4) for x in wilson_interval(7, 10)]
    [0.3968, 0.8922]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if k == 0 else max(0.0, centre - half)  # exact at the ends (not 1 - 1e-16)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return (lo, hi)


def apart(lo: float, hi: float, least: int = 2) -> int:
    """Decimals, from ``least`` up to 6, at which ``lo`` and ``hi`` print as different
    numbers and neither prints as zero unless it is: an interval printed as ``[0.02,
    0.02]`` or ``[-0.00, +0.00]`` would read as having no width, and one printed as
    ``[-0.00, +0.01]`` or ``[+0.00, +0.01]`` would hide whether it holds zero.

    >>> apart(0.0213, 0.0247), apart(-0.0031, 0.0052), apart(1.5, 1.5), apart(0, 0.0041)
    (3, 3, 6, 3)
    """
    d = least
    while d < 6 and not _prints_apart(lo, hi, d):
        d += 1
    return d


def _prints_apart(lo: float, hi: float, d: int) -> bool:
    shown_lo, shown_hi = float(f"{lo:.{d}f}"), float(f"{hi:.{d}f}")
    return shown_lo != shown_hi and (shown_lo != 0 or lo == 0) and (shown_hi != 0 or hi == 0)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the input order.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def _decimals(x: float) -> int:
    """One decimal; within 1% of 0 or 100%, two significant digits of the distance, at most
    three decimals unless three would print the share as 0% or 100% (then up to six)."""
    p = 100 * x
    edge = min(p, 100 - p)
    if not edge < 1 or edge <= 0:  # NaN too
        return 1
    d = 1 - math.floor(math.log10(edge))
    return min(d, 3) if round(edge, 3) > 0 else min(d, 6)


def percent(x: float) -> str:
    """A share in percent: one decimal, more within 1% of 0 or 100% (two significant digits
    of the distance, at most three decimals unless fewer than six would print it as 0% or
    100%), so that 0.07% and its interval do not all print as 0.1%, and one hand in a
    million does not print as 0.000%."""
    return f"{100 * x:.{_decimals(x)}f}%"


def percent_range(lo: float, hi: float) -> str:
    """An interval ``"lo% to hi%"``, both ends with the decimals :func:`percent` gives the
    finer of the two."""
    d = max(_decimals(lo), _decimals(hi))
    return f"{100 * lo:.{d}f}% to {100 * hi:.{d}f}%"
