"""Strength of strategies from duplicate play: paired deal scores, intervals and ratings.

Representation
--------------
A *match-up* of strategies ``a`` and ``b`` is a duplicate run (``simulate --players
NS=a,EW=b --duplicate``): every deal is played twice, ``a`` holding seats 0 and 2 in the
play with ``duplicate == 0`` and seats 1 and 3 in the play with ``duplicate == 1``, on the
same shuffle. Its hand rows (:data:`shengji_sim.results.ROW_DTYPE`) give, per hand, the side
that gained levels and how many (``winner_side``, ``dealer``, ``levels``).

* ``a``'s *level margin* in a hand is the levels its side gained minus the levels the other
  side gained (one of them is 0; ``winner_side == 2``: nobody gains, margin 0).
* A *deal* is the pair of plays of one deal (same ``index`` and ``match``); ``a``'s margin on
  the deal is the sum over its two plays, and ``a``'s *score* on the deal is 1 if that margin
  is positive, 0 if negative, 1/2 if it is 0 (ties split). Deal luck cancels: both teams held
  both hands.
* A pair's *share* is the mean score over its deals, with a Wilson 95% interval on
  ``wins + ties / 2`` of ``deals`` (:func:`share_interval`): conservative where ties are
  common, never of zero width.
* *Ratings* are Bradley-Terry strengths fitted to the pairs' scores (Hunter's MM algorithm)
  on the Elo scale (``400 log10``, mean 0), with one virtual tied deal per pair so that a
  clean sweep has a finite rating (:func:`bradley_terry`); their intervals come from a
  bootstrap over each pair's deals (:func:`bootstrap_ratings`, seeded: the same input gives
  the same intervals).

:func:`round_robin` plays every pair of a list of strategies as duplicate runs of
:mod:`shengji_sim.run.sim` (one run directory per pair and kind under ``out_dir``, resumed when
it exists, so an interrupted tournament loses no finished chunk) and returns
``{"pairs": [...], "ratings": {...}}`` (``shengji-sim tournament --json``). With
``matches``, each pair also plays that many duplicate matches; a match pair's score is 1, 1/2
or 0 as ``a`` won both, one or neither of its two plays (a match cut at the hands limit
counts as half a win), with the same Wilson interval.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shengji_sim.config.datafiles import looks_like_path
from shengji_sim.stats import Z95, wilson_interval

PRIOR_TIES = 1.0  #: virtual tied deals added to every pair of the Bradley-Terry fit
ELO = 400.0 / math.log(10.0)  #: rating points per unit of natural-log strength
BOOTSTRAP_SAMPLES = 200


def side_gains(rows: np.ndarray) -> np.ndarray:
    """Levels gained by side 0 (seats 0 and 2) and side 1 in each hand: ``int[n, 2]``.
    ``winner_side`` 0 is the dealer's side (``dealer % 2``), 1 the other, 2 nobody."""
    gains = np.zeros((len(rows), 2), np.int64)
    dealer_side = rows["dealer"].astype(np.int64) % 2
    winner = rows["winner_side"].astype(np.int64)
    side = np.where(winner == 0, dealer_side, 1 - dealer_side)
    gained = np.where(winner == 2, 0, rows["levels"].astype(np.int64))
    gains[np.arange(len(rows)), side] = gained
    return gains


def side_of_strategy(rows: np.ndarray, code: int) -> np.ndarray:
    """The side (0 or 1) whose seats play strategy ``code`` in each row (seat 0's strategy
    decides: seats 0 and 2 are side 0)."""
    return np.where(rows["strategy_0"] == code, 0, 1)


def deal_margins(rows: np.ndarray, code_a: int) -> np.ndarray:
    """``a``'s level margin on each deal of a duplicate run (``a`` = strategy ``code_a``),
    deals in (match, index) order. Raises ValueError unless every deal has exactly its two
    plays."""
    margin = hand_margins(rows, code_a)
    key = np.stack([rows["match"].astype(np.int64), rows["index"].astype(np.int64)], axis=1)
    deals, inverse, counts = np.unique(key, axis=0, return_inverse=True, return_counts=True)
    plays = np.bincount(inverse.ravel(), weights=rows["duplicate"].astype(np.int64),
                        minlength=len(deals))
    if np.any(counts != 2) or np.any(plays != 1):
        bad = deals[int(np.flatnonzero((counts != 2) | (plays != 1))[0])]
        raise ValueError(f"deal (match {bad[0]}, index {bad[1]}) does not have its two "
                         "duplicate plays")
    return np.bincount(inverse.ravel(), weights=margin, minlength=len(deals)).astype(np.int64)


def scores_of(margins: np.ndarray) -> np.ndarray:
    """Deal scores: 1 for a positive margin, 0 for a negative one, 1/2 for a tie."""
    return np.where(margins > 0, 1.0, np.where(margins < 0, 0.0, 0.5))


def share_interval(scores: np.ndarray, z: float = Z95) -> tuple[float, float]:
    """Wilson interval of the share ``(wins + ties / 2) / deals``."""
    n = len(scores)
    return wilson_interval(float(np.sum(scores)), n, z) if n else (0.0, 1.0)


def mean_interval(values: np.ndarray, z: float = Z95) -> tuple[float, float]:
    """Normal-approximation interval of a mean (the deals are many and independent)."""
    n = len(values)
    if n < 2:
        return (-math.inf, math.inf)
    mean = float(np.mean(values))
    half = z * float(np.std(values, ddof=1)) / math.sqrt(n)
    return (mean - half, mean + half)


@dataclass(frozen=True)
class Pair:
    """One match-up's result, from ``a``'s side."""

    a: str
    b: str
    deals: int
    a_share: float
    a_share_ci95: tuple[float, float]
    a_margin: float
    a_margin_ci95: tuple[float, float]
    scores: np.ndarray  #: per-deal scores of ``a`` (for the ratings' bootstrap)

    matches: int = 0
    a_match_share: float | None = None
    a_match_share_ci95: tuple[float, float] | None = None

    def as_json(self) -> dict:
        out = {"a": self.a, "b": self.b, "deals": self.deals, "a_share": self.a_share,
               "a_share_ci95": list(self.a_share_ci95), "a_margin": self.a_margin,
               "a_margin_ci95": list(self.a_margin_ci95)}
        if self.matches:
            out.update({"matches": self.matches, "a_match_share": self.a_match_share,
                        "a_match_share_ci95": list(self.a_match_share_ci95)})
        return out


def pair_result(a: str, b: str, margins: np.ndarray) -> Pair:
    """The share of deals ``a`` won and its mean level margin, with 95% intervals."""
    scores = scores_of(margins)
    return Pair(a, b, len(margins), float(np.mean(scores)) if len(scores) else math.nan,
                share_interval(scores), float(np.mean(margins)) if len(margins) else math.nan,
                mean_interval(margins.astype(np.float64)), scores)


def bradley_terry(names: list[str], wins: dict[tuple[str, str], tuple[float, int]],
                  prior_ties: float = PRIOR_TIES, iterations: int = 10_000,
                  tolerance: float = 1e-10) -> dict[str, float]:
    """Bradley-Terry ratings (Elo scale, mean 0) from ``wins[(a, b)] = (a's score, deals)``.

    Each pair gets ``prior_ties`` virtual tied deals; strengths are fitted by Hunter's MM
    iteration ``p_i <- W_i / sum_j n_ij / (p_i + p_j)``.

    >>> r = bradley_terry(["x", "y"], {("x", "y"): (75.0, 100)}, prior_ties=0.0)
    >>> round(r["x"] - r["y"], 1)  # 75% expected score: 400 log10(3) rating points
    190.8
    """
    index = {name: i for i, name in enumerate(names)}
    k = len(names)
    w = np.zeros((k, k))  # w[i, j]: i's score against j
    n = np.zeros((k, k))
    for (a, b), (score, deals) in wins.items():
        i, j = index[a], index[b]
        w[i, j] += score + prior_ties / 2
        w[j, i] += deals - score + prior_ties / 2
        n[i, j] += deals + prior_ties
        n[j, i] += deals + prior_ties
    total = w.sum(axis=1)
    p = np.ones(k)
    for _ in range(iterations):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, total / np.where(denom > 0, denom, 1.0), p)
        new = new / math.exp(float(np.mean(np.log(new))))
        done = np.max(np.abs(np.log(new) - np.log(p))) < tolerance
        p = new
        if done:
            break
    ratings = ELO * np.log(p)
    ratings -= ratings.mean()
    return {name: float(ratings[index[name]]) for name in names}


def bootstrap_ratings(names: list[str], pairs: list[Pair], samples: int = BOOTSTRAP_SAMPLES,
                      seed: int = 0) -> dict[str, tuple[float, float]]:
    """Percentile 95% intervals of the ratings, resampling each pair's deals."""
    rng = np.random.default_rng(seed)
    draws = {name: [] for name in names}
    for _ in range(samples):
        wins = {}
        for pair in pairs:
            pick = rng.integers(0, pair.deals, pair.deals)
            wins[pair.a, pair.b] = (float(pair.scores[pick].sum()), pair.deals)
        for name, rating in bradley_terry(names, wins).items():
            draws[name].append(rating)
    return {name: (float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5)))
            for name, v in draws.items()}


def ratings(names: list[str], pairs: list[Pair], samples: int = BOOTSTRAP_SAMPLES,
            seed: int = 0) -> dict[str, dict]:
    """``{name: {"rating", "ci95"}}`` from the pairs' deal scores."""
    fit = bradley_terry(names, {(p.a, p.b): (float(p.scores.sum()), p.deals) for p in pairs})
    ci = bootstrap_ratings(names, pairs, samples, seed)
    return {name: {"rating": fit[name], "ci95": list(ci[name])} for name in names}


def match_scores(match_rows: np.ndarray, code_a: int) -> np.ndarray:
    """``a``'s score on each duplicate match pair: the mean of its two plays' results (1 won,
    0 lost, 1/2 cut at the hands limit), matches in index order."""
    won = match_wins(match_rows, code_a)
    order = np.argsort(match_rows["match"], kind="stable")
    ids = match_rows["match"][order]
    if len(ids) % 2 or np.any(ids[0::2] != ids[1::2]):
        raise ValueError("a match does not have its two duplicate plays")
    return (won[order][0::2] + won[order][1::2]) / 2


def match_wins(match_rows: np.ndarray, code_a: int) -> np.ndarray:
    """``a``'s result in each match of a run without duplicate play (1, 0, 1/2 if cut)."""
    side_a = side_of_strategy(match_rows, code_a)
    return np.where(match_rows["winner"] < 0, 0.5,
                    (match_rows["winner"] == side_a).astype(np.float64))


def hand_margins(rows: np.ndarray, code_a: int) -> np.ndarray:
    """``a``'s level margin in each hand (runs without duplicate play: one hand a deal)."""
    gains = side_gains(rows)
    side_a = side_of_strategy(rows, code_a)
    at = np.arange(len(rows))
    return gains[at, side_a] - gains[at, 1 - side_a]


def _pair_run(variant: Any, a: str, b: str, count: int, seed: int, out: Path, mode: str,
              duplicate: bool, backend: str | None, threads: int | None, progress: bool,
              warn: Callable[[str], None] | None):
    from shengji_sim.run import run_dir, sim

    resume = (out / run_dir.MANIFEST).exists()
    sim.run(variant, f"NS={a},EW={b}", seed, count, out, backend=backend, threads=threads,
            resume=resume, progress=progress, warn=warn, mode=mode, duplicate=duplicate)
    manifest = run_dir.load_manifest(out)
    code_a = list(manifest["strategies"]).index(a)
    seconds = float(manifest["timing"]["seconds"])
    if mode == "matches":
        return run_dir.read_rows(out, run_dir.MATCHES_DIR), code_a, seconds
    return run_dir.read_rows(out), code_a, seconds


def pair_dir_name(a: str, b: str) -> str:
    """The run directory name of the pair ``a`` against ``b`` under the tournament's
    directory: a built-in profile by its name, a profile file by its file's stem and a digest
    of its absolute path, so that a path given absolute or with ``..`` never leads
    out of the tournament's directory and two files of one stem do not share a run."""
    return f"{_strategy_dir_name(a)}-vs-{_strategy_dir_name(b)}"


def _strategy_dir_name(name: str) -> str:
    if not looks_like_path(name):
        return name
    path = Path(name).expanduser().resolve()
    return f"{path.stem}-{hashlib.sha256(str(path).encode()).hexdigest()[:8]}"


def round_robin(variant: Any, strategies: list[str], deals: int,
                seed: int, out_dir: str | Path,
                *, duplicate: bool = True, matches: int = 0,
                backend: str | None = None,
                threads: int | None = None, progress: bool = False,
                warn: Callable[[str], None] | None = None,
                on_pair: Callable[[str, str], None] | None = None,
                samples: int = BOOTSTRAP_SAMPLES) -> dict:
    """Every pair of ``strategies`` (``a`` before ``b`` in the given order) over ``deals``
    deals (and ``matches`` matches) of root seed ``seed``, each played twice with the teams
    swapped (``duplicate``) or once with ``a`` in seats 0 and 2; run directories
    ``out_dir/<a>-vs-<b>`` (``-matches``; :func:`pair_dir_name`), every pair on ``backend``
    (default: the simulator's). Returns the ``--json`` object."""
    if len(set(strategies)) != len(strategies) or len(strategies) < 2:
        raise ValueError(f"{strategies}: need two or more distinct strategies")
    out_dir = Path(out_dir)
    pairs: list[Pair] = []
    play_seconds: dict[str, float] = {}
    for a, b in itertools.combinations(strategies, 2):
        if on_pair is not None:
            on_pair(a, b)
        pair_dir = out_dir / pair_dir_name(a, b)
        rows, code_a, seconds = _pair_run(variant, a, b, deals, seed, pair_dir, "hands",
                                          duplicate, backend, threads, progress, warn)
        margins = deal_margins(rows, code_a) if duplicate else hand_margins(rows, code_a)
        pair = pair_result(a, b, margins)
        if matches:
            match_rows, code_a, more = _pair_run(variant, a, b, matches, seed,
                                                 Path(f"{pair_dir}-matches"), "matches",
                                                 duplicate, backend, threads, progress, warn)
            seconds += more
            scores = (match_scores(match_rows, code_a) if duplicate
                      else match_wins(match_rows, code_a))
            pair = dataclasses.replace(pair, matches=len(scores),
                                       a_match_share=float(np.mean(scores)),
                                       a_match_share_ci95=share_interval(scores))
        pairs.append(pair)
        play_seconds[f"{a}-vs-{b}"] = round(seconds, 3)
    return {"variant": variant.name, "seed": seed,
            "deals": deals, "matches": matches,
            "duplicate": duplicate, "play_seconds": play_seconds,
            "pairs": [p.as_json() for p in pairs],
            "ratings": ratings(list(strategies), pairs, samples, seed)}
