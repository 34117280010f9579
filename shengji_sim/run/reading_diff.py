"""``shengji-sim diff``: two readings of a rule set on the same deals, at scale.

Representation
--------------
A diff compares reading A (``variant`` with ``amb_a``, or its defaults) with reading B
(``amb_a`` plus ``vs``) over hands ``0 .. hands - 1`` of root seed ``seed``, with
per-decision draws (:func:`shengji_sim.rng.decision_seed`): both readings play the same deal
and each lead or follow draws from its own stream, so a changed decision does not reshuffle
the rest of the hand. Hand ``i`` is a first hand at the starting level, or with
``levels="all"`` at level ``start + i mod (13 - start)`` (every level from the start to A).

* **Decisions** (shadow evaluation, :mod:`shengji_sim.core.engine.shadow_nb`): along A's hand,
  reading B judges every follow (legal set differs; chosen play illegal under B) and every
  trick (winner flips; the chosen lead decomposes into other units), as shares with Wilson
  95% intervals. A trick whose lead is not a legal lead under B (DEF-27: not of one follow
  group under B; no such trick arises under B) is not judged: it is counted apart, as
  "lead not a legal lead under B" (``lead_not_legal``, a share of tricks), never as a
  difference of its follows or winner. Any other position is one B's rules judge: one that
  an engine cannot judge is that engine's defect, and the run fails (``HandFailure`` naming
  the hand and the position). Items whose keys switch no
  ranking, comparison, follow or throw rule cannot change these: ``None`` ("—").
* **Outcomes** (paired by hand): the dealer side holds (``winner_side == 0``: McNemar's test,
  Newcombe's interval for the paired difference B − A), the dealer side's level change
  (``+levels`` when it holds, ``−levels`` otherwise) and the attackers' points (paired t
  intervals of the mean difference; none when every hand's difference is the same), and the
  share of hands whose next dealer differs (AMB-34 acts only there on a first hand).
  ``report.holm`` adjusts a report's p-values.
* **Not exercised**: a throw item when no lead of the run was a throw under either reading,
  and any item when no hand of the run differs in any way (rows, decisions, a lead that is
  not legal under B): printed as "not exercised", never 0%.

:func:`run` returns a plain dict (JSON-ready, :func:`text` renders it): ``decisions``
(counts, shares, intervals), ``outcomes`` (per measure: A, B, delta, interval, p),
``exercised``, ``hands_differ``, ``lead_not_legal_under_b`` (tricks), ``seconds`` and the
reproducing ``command``. The
``reference`` backend plays the same hands with :func:`shengji_sim.rules.game.play_hand` and
evaluates B with the reference's follow and trick rules in the same order as the kernels
(identical counters: tests/integration/test_reading_diff.py).
"""

from __future__ import annotations

import math
import shlex
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from shengji_sim.cards import parse_cards, parse_rank
from shengji_sim.core.engine.shadow_nb import (
    N_SHADOW,
    S_FOLLOWS,
    S_ILLEGAL,
    S_LEAD_NOT_LEGAL_B,
    S_LEAD_SHAPE,
    S_SET_DIFFERS,
    S_THROWS,
    S_TRICKS,
    S_WINNER_FLIPS,
    SET_EXACT,
)
from shengji_sim.results import ROW_DTYPE
from shengji_sim.stats import apart, holm, wilson_interval

Z95 = 1.959963984540054
TRICK_SECTIONS = {"ranking", "compare", "follow", "throw"}
BACKENDS = ("core", "reference")
COMPARED = ("winner_side", "levels", "attacker_points", "next_dealer", "kitty_points",
            "tricks", "trump", "dealer")
#: the shadow counters reported, with their words
DECISION_NAMES = {"set_differs": "legal-follow set differs",
                  "illegal": "chosen follow illegal under B",
                  "winner_flips": "trick winner flips under B",
                  "lead_shape": "chosen lead's units differ under B",
                  "lead_not_legal": "lead not a legal lead under B (trick not judged)"}


# ----------------------------------------------------------------------------- statistics


wilson = wilson_interval  #: Wilson score interval of k/n (``report.wilson_interval``)


def newcombe_paired(n11: int, n10: int, n01: int, n00: int,
                    z: float = Z95) -> tuple[float, float]:
    """Newcombe's (1998, method 10) interval for p_B − p_A of paired binary outcomes:
    ``n10`` pairs with A = 1, B = 0 and ``n01`` with A = 0, B = 1."""
    n = n11 + n10 + n01 + n00
    a_pos, b_pos = n11 + n10, n11 + n01
    l1, u1 = wilson(b_pos, n, z)
    l2, u2 = wilson(a_pos, n, z)
    p1, p2 = b_pos / n, a_pos / n
    d = p1 - p2
    prod = (n11 + n10) * (n01 + n00) * (n11 + n01) * (n10 + n00)
    if prod == 0:
        phi = 0.0
    else:
        num = n11 * n00 - n10 * n01
        phi = (max(abs(num) - n / 2, 0) * (1 if num >= 0 else -1)) / math.sqrt(prod)
    lo = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
                           + (u2 - p2) ** 2))
    hi = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2)
                           + (p2 - l2) ** 2))
    return max(-1.0, lo), min(1.0, hi)


def _normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def mcnemar_p(n10: int, n01: int) -> float:
    """McNemar's two-sided p: exact binomial for up to 200 discordant pairs, else the
    continuity-corrected normal approximation."""
    m = n10 + n01
    if m == 0:
        return 1.0
    k = min(n10, n01)
    if m <= 200:
        tail = sum(math.comb(m, i) for i in range(k + 1)) / 2 ** m
        return min(1.0, 2 * tail)
    return _normal_two_sided((abs(n10 - n01) - 1) / math.sqrt(m))


def _t_quantile(df: int, z: float = Z95) -> float:
    """Student's t 97.5% quantile (Cornish-Fisher expansion from the normal's)."""
    if df <= 0:
        return float("inf")
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2))


def paired_t(diff: np.ndarray) -> tuple[float, tuple[float, float] | None, float]:
    """Mean of paired differences, its 95% t interval and a two-sided p (normal tail of the
    t statistic: the runs have thousands of hands); no interval when every difference is
    the same (typically 0: the reading never moved this measure)."""
    n = len(diff)
    mean = float(diff.mean())
    sd = float(diff.std(ddof=1)) if n > 1 else 0.0
    if sd == 0.0:  # every difference the same: no interval (None), never a zero-width one
        return mean, None, 1.0 if mean == 0 else 0.0
    se = sd / math.sqrt(n)
    half = _t_quantile(n - 1) * se
    return mean, (mean - half, mean + half), _normal_two_sided(mean / se)


# ------------------------------------------------------------------------------ the run


def hand_levels(variant, hands: int, levels: str) -> np.ndarray:
    """Each hand's level: the start, or ``levels="all"`` every level from it to A in turn."""
    start = parse_rank(variant.starting_level)
    if levels == "all":
        return (start + np.arange(hands) % (13 - start)).astype(np.int32)
    return np.full(hands, start, np.int32)


def item_ids(specs) -> list[str]:
    return [s.split("=", 1)[0].strip().upper() for s in specs]


def trick_item(item_id: str) -> bool:
    """Does the item switch a ranking, comparison, follow or throw key?"""
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.config.variant_schema import SCHEMA

    return any(SCHEMA[k].section in TRICK_SECTIONS for k in ITEMS[item_id].keys)


def throw_item(item_id: str) -> bool:
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.config.variant_schema import SCHEMA

    return all(SCHEMA[k].section == "throw" for k in ITEMS[item_id].keys)


def command(variant: str, ambs, vs, hands: int, seed: int, players: str, levels: str,
            backend: str) -> str:
    argv = ["shengji-sim", "diff", "--variant", variant]
    for a in ambs:
        argv += ["--amb", a]
    for v in vs:
        argv += ["--vs", v]
    argv += ["--hands", str(hands)]
    if seed:
        argv += ["--seed", str(seed)]
    if players != "random":
        argv += ["--players", players]
    if levels != "start":
        argv += ["--levels", levels]
    if backend != "core":
        argv += ["--backend", backend]
    return shlex.join(argv)


#: the core plays a diff's hands in at most this many calls, so that a progress bar moves
#: (each hand's rows depend only on the seed and its index: the blocks change no row)
DIFF_BLOCKS = 50


def play_both(variant_a, variant_b, players: str, seed: int, levels: np.ndarray,
              backend: str = "core", shadow: bool = True, threads: int = 1,
              rows_a: np.ndarray | None = None,
              progress: Callable[[int], None] | None = None):
    """``(rows A, rows B, shadow counters)`` of hands ``0 .. len(levels) - 1``. ``rows_a``:
    A's rows already played on the core (``diffrun.reading_rows``), reused when the shadow
    is off. ``progress(hands)`` after each block of hands the core has played (each hand on
    the reference)."""
    if backend != "core":
        return reference_both(variant_a, variant_b, players, seed, levels, shadow, progress)
    from shengji_sim.core.runtime.diffrun import run_diff

    n = len(levels)
    step = max(1, -(-n // DIFF_BLOCKS))
    blocks = []
    for start in range(0, n, step):
        count = min(step, n - start)
        blocks.append(run_diff(variant_a, variant_b, players, seed, start, count,
                               levels[start:start + count], shadow, threads,
                               None if shadow or rows_a is None
                               else rows_a[start:start + count]))
        if progress is not None:
            progress(count)
    return tuple(np.concatenate(side) for side in zip(*blocks))


class ShadowDefect(Exception):
    """A position of A's hand that B's rules must judge and the reference could not."""


def reference_both(variant_a, variant_b, players: str, seed: int, levels: np.ndarray,
                   shadow: bool = True, progress: Callable[[int], None] | None = None):
    """:func:`play_both` on the reference engine (module docstring)."""
    from shengji_sim.errors import HandFailure
    from shengji_sim.results import row_from_record
    from shengji_sim.rules.game import play_hand
    from shengji_sim.rules.match import MatchState
    from shengji_sim.run.sim import seat_players

    seats = seat_players(players)
    n = len(levels)
    rows_a, rows_b = np.empty(n, ROW_DTYPE), np.empty(n, ROW_DTYPE)
    counters = np.zeros((n, N_SHADOW), np.int64)
    for i in range(n):
        lv = int(levels[i])
        recs = []
        for v in (variant_a, variant_b):
            try:
                recs.append(play_hand(v, seats, seed, i, MatchState((lv, lv), None),
                                      decision_draws=True))
            except Exception as exc:
                raise HandFailure(i, "reference", f"{type(exc).__name__}: {exc}") from exc
        rows_a[i], rows_b[i] = row_from_record(recs[0]), row_from_record(recs[1])
        if shadow:
            try:
                shadow_record(variant_a, variant_b, recs[0], counters[i])
            except ShadowDefect as exc:
                raise HandFailure(i, "reference", str(exc)) from exc
        if progress is not None:
            progress(1)
    return rows_a, rows_b, counters


def shadow_record(variant_a, variant_b, rec: dict, counts: np.ndarray) -> None:
    """``shadow_nb.shadow_hand_nb`` on a reference record: reading B beside A's hand. A
    trick whose lead is not a legal lead under B (``shapes.play_suit``, DEF-27) is counted
    apart and not judged; any other position the reference cannot judge raises
    :class:`ShadowDefect` naming it."""
    from shengji_sim.cards import parse_trump
    from shengji_sim.core.runtime.diffrun import shadow_position
    from shengji_sim.rules.follow import FollowError, check_follow
    from shengji_sim.rules.shapes import decompose, make_context, play_suit
    from shengji_sim.rules.trick import trick_winner

    level, trump = int(rec["level"]), parse_trump(rec["trump"])
    ca, cb = make_context(variant_a, level, trump), make_context(variant_b, level, trump)
    tricks = [(t["leader"], [parse_cards(" ".join(p)) for _, p in t["plays"]], t["winner"])
              for t in rec["tricks"]]
    hands: list[list[int]] = [[], [], [], []]
    for leader, plays, _ in tricks:
        for p, cards in enumerate(plays):
            hands[(leader + p) % 4] += cards
    for t, (leader, plays, winner) in enumerate(tricks):
        lead = plays[0]
        lead_counts = tuple(_counts(lead))
        ua = decompose(ca, lead_counts)
        if play_suit(cb, lead) is None:  # DEF-27 under B: no such trick arises under B
            counts[S_LEAD_NOT_LEGAL_B] += 1
            counts[S_THROWS] += len(ua) > 1
            for p in range(4):
                _take(hands[(leader + p) % 4], plays[p])
            counts[S_FOLLOWS] += 3
            counts[S_TRICKS] += 1
            continue
        ub = decompose(cb, lead_counts)
        counts[S_THROWS] += len(ua) > 1 or len(ub) > 1
        counts[S_LEAD_SHAPE] += ua != ub
        _take(hands[leader], lead)
        for p in range(1, 4):
            hand = hands[(leader + p) % 4]
            counts[S_FOLLOWS] += 1
            where = shadow_position(4 * t + p)
            oa = _options(ca, lead, hand, p, f"reading A's follow, {where}")
            ob = _options(cb, lead, hand, p, f"reading B's follow, {where}")
            try:
                if _sets_differ(cb, lead, hand, p, oa, ob):
                    counts[S_SET_DIFFERS] += 1
                if not check_follow(cb, lead, hand, plays[p], p)[0]:
                    counts[S_ILLEGAL] += 1
            except FollowError as exc:
                raise ShadowDefect(f"reading B's follow, {where}: {exc}") from exc
            _take(hand, plays[p])
        counts[S_TRICKS] += 1
        try:
            flips = trick_winner(cb, plays) != winner
        except Exception as exc:  # noqa: BLE001 - any failure is the reference's defect
            raise ShadowDefect(f"reading B's trick winner, {shadow_position(4 * t)}: "
                               f"{type(exc).__name__}: {exc}") from exc
        counts[S_WINNER_FLIPS] += flips


def _options(ctx, lead, hand, position, where: str):
    """``follow.follow_options``; a position it cannot judge, or one without a legal
    follow, raises :class:`ShadowDefect`."""
    from shengji_sim.rules.follow import FollowError, follow_options

    try:
        options = follow_options(ctx, lead, hand, position)
    except FollowError as exc:
        raise ShadowDefect(f"{where}: {exc}") from exc
    if options.count <= 0:
        raise ShadowDefect(f"{where}: no legal follow")
    return options


def _counts(cards: list[int]) -> list[int]:
    out = [0] * 54
    for k in cards:
        out[k] += 1
    return out


def _take(hand: list[int], cards: list[int]) -> None:
    for k in cards:
        hand.remove(k)


def _sets_differ(cb, lead, hand, position, oa, ob) -> bool:
    """``shadow_nb._sets_differ_nb``: counts, then A's options (spread) legal under B."""
    from shengji_sim.rules.follow import check_follow

    if oa.count != ob.count:
        return True
    checks = min(oa.count, SET_EXACT)
    for j in range(checks):
        i = j if oa.count <= SET_EXACT else (j * oa.count) // SET_EXACT
        if not check_follow(cb, lead, hand, list(oa.nth(i)), position)[0]:
            return True
    return False


def summarize(rows_a: np.ndarray, rows_b: np.ndarray, shadow: np.ndarray,
              decisions: bool, throws_only: bool) -> dict[str, Any]:
    """The decision shares and paired outcome effects of one run (module docstring)."""
    n = len(rows_a)
    tot = shadow.sum(axis=0)
    hands_differ = int(np.sum(np.any(np.stack([rows_a[c] != rows_b[c] for c in COMPARED]),
                                     axis=0) | (shadow[:, S_SET_DIFFERS] > 0)
                              | (shadow[:, S_WINNER_FLIPS] > 0)
                              | (shadow[:, S_LEAD_NOT_LEGAL_B] > 0)))
    exercised = hands_differ > 0 and not (throws_only and tot[S_THROWS] == 0)
    out: dict[str, Any] = {"hands": n, "hands_differ": hands_differ, "exercised": exercised,
                           "throw_leads": int(tot[S_THROWS]),
                           "lead_shape_differs": int(tot[S_LEAD_SHAPE]),
                           "lead_not_legal_under_b": int(tot[S_LEAD_NOT_LEGAL_B])}
    if decisions:
        dec = {}
        for key, col, denom in (("set_differs", S_SET_DIFFERS, S_FOLLOWS),
                                ("illegal", S_ILLEGAL, S_FOLLOWS),
                                ("winner_flips", S_WINNER_FLIPS, S_TRICKS),
                                ("lead_shape", S_LEAD_SHAPE, S_TRICKS),
                                ("lead_not_legal", S_LEAD_NOT_LEGAL_B, S_TRICKS)):
            k, m = int(tot[col]), int(tot[denom])
            dec[key] = {"count": k, "of": m, "share": k / m if m else None,
                        "ci95": list(wilson(k, m)) if m else None}
        out["decisions"] = dec
    else:
        out["decisions"] = None
    out["outcomes"] = outcomes(rows_a, rows_b)
    return out


def outcomes(rows_a: np.ndarray, rows_b: np.ndarray) -> dict[str, Any]:
    """Dealer-side hold (McNemar, Newcombe), dealer-side level change and attackers' points
    (paired t), B − A; the share of hands whose next dealer differs (Wilson)."""
    ha = rows_a["winner_side"] == 0
    hb = rows_b["winner_side"] == 0
    n11 = int(np.sum(ha & hb))
    n10 = int(np.sum(ha & ~hb))
    n01 = int(np.sum(~ha & hb))
    n00 = int(np.sum(~ha & ~hb))
    n = len(rows_a)
    out = {"hold": {"a": float(ha.mean()), "b": float(hb.mean()),
                    "delta": (n01 - n10) / n, "ci95": list(newcombe_paired(n11, n10, n01, n00)),
                    "p": mcnemar_p(n10, n01), "discordant": [n10, n01]}}

    def level_change(rows):
        lv = rows["levels"].astype(np.int64)
        return np.where(rows["winner_side"] == 0, lv, -lv)

    for name, va, vb in (("level_change", level_change(rows_a), level_change(rows_b)),
                         ("attacker_points", rows_a["attacker_points"].astype(np.float64),
                          rows_b["attacker_points"].astype(np.float64))):
        mean, ci, p = paired_t(np.asarray(vb, np.float64) - np.asarray(va, np.float64))
        out[name] = {"a": float(np.mean(va)), "b": float(np.mean(vb)), "delta": mean,
                     "ci95": list(ci) if ci else None, "p": p}
    moved = int(np.sum(rows_a["next_dealer"] != rows_b["next_dealer"]))
    out["next_dealer"] = {"differs": moved, "share": moved / n,
                          "ci95": list(wilson(moved, n))}
    return out


def run(variant_name: str, ambs=(), vs=(), hands: int = 1000, seed: int = 0,
        players: str = "random", levels: str = "start", backend: str = "core",
        threads: int = 1, rows_a: np.ndarray | None = None,
        progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """One diff (module docstring); bad readings raise ``VariantError``. ``rows_a``: reading
    A's rows of these hands, when a caller has them (:func:`default_rows`; the core only).
    ``progress``: as :func:`play_both`."""
    ambs, vs = list(ambs), list(vs)
    va = _reading(variant_name, ambs)
    vb = _reading(variant_name, ambs + vs)
    ids = item_ids(vs)
    decisions = any(trick_item(i) for i in ids)
    throws_only = all(throw_item(i) for i in ids)
    lv = hand_levels(va, hands, levels)
    if rows_a is not None:
        _check_rows_a(rows_a, seed, lv, backend)
    began = time.perf_counter()
    rows_a, rows_b, shadow = play_both(va, vb, players, seed, lv, backend, decisions, threads,
                                       rows_a, progress)
    seconds = time.perf_counter() - began
    res = summarize(rows_a, rows_b, shadow, decisions, throws_only)
    res.update({"variant": variant_name, "amb": ambs, "vs": vs, "seed": seed,
                "players": players, "levels": levels, "backend": backend,
                "readings": _reading_words(va, vb, ids), "seconds": seconds,
                "command": command(variant_name, ambs, vs, hands, seed, players, levels,
                                   backend)})
    return res


def default_rows(variant_name: str, ambs=(), hands: int = 1000, seed: int = 0,
                 players: str = "random", levels: str = "start",
                 threads: int = 1) -> np.ndarray:
    """Reading A's rows of :func:`run` on the core (the variant with ``ambs``), for the runs
    that compare it with several readings (``run(..., rows_a=...)``)."""
    from shengji_sim.core.runtime.diffrun import reading_rows

    va = _reading(variant_name, list(ambs))
    return reading_rows(va, players, seed, 0, hands, hand_levels(va, hands, levels), threads)


def _reading(variant_name: str, ambs: list[str]):
    """The variant under the readings ``ambs``; a reading it warns about raises
    ``VariantError`` (a diff compares readings the variant accepts)."""
    from shengji_sim.config.variant import load_variant

    def refuse(message: str) -> None:
        from shengji_sim.config.interpretations import VariantError

        raise VariantError(message)

    return load_variant(variant_name, amb=ambs, warn=refuse)


def _check_rows_a(rows_a: np.ndarray, seed: int, levels: np.ndarray, backend: str) -> None:
    """``rows_a`` must be the core's rows of these hands: root seed ``seed``, hand ``i`` at
    ``levels[i]``."""
    if backend != "core":
        raise ValueError("rows_a: reading A's rows are reused on the core only")
    if (len(rows_a) != len(levels) or not np.all(rows_a["seed"] == seed)
            or not np.array_equal(rows_a["index"], np.arange(len(levels)))
            or not np.array_equal(rows_a["level"], levels)):
        raise ValueError("rows_a: not reading A's rows of these hands (seed, index, level)")


def _reading_words(va, vb, ids: list[str]) -> list[dict[str, str]]:
    """Each item's title and the two readings in words."""
    from shengji_sim.config.interpretations import ITEMS

    ra, rb = va.readings(), vb.readings()
    out = []
    for i in ids:
        item = ITEMS[i]
        words = []
        for r in (ra.get(i, ""), rb.get(i, "")):
            parts = [p for p in r.split("/") if p]
            words.append(" / ".join(item.alternative(p).description for p in parts) or "n/a")
        out.append({"item": i, "title": item.title, "a": ra.get(i, ""), "b": rb.get(i, ""),
                    "a_words": words[0], "b_words": words[1]})
    return out


# ---------------------------------------------------------------------------- rendering


def _pct(x: float, decimals: int = 2) -> str:
    """A share in percent: ``decimals`` decimals, or two significant digits below 0.01% (an
    interval bound near 0 must not read as 0)."""
    if x == 0:
        return "0%"
    if 100 * x < 0.01:
        return f"{100 * x:.2g}%"
    return f"{100 * x:.{decimals}f}%"


def share_interval(share: float, ci95) -> str:
    """``share [lo, hi]`` in percent, with the decimals that keep the bounds apart."""
    d = apart(100 * ci95[0], 100 * ci95[1])
    return f"{_pct(share, d)} [{_pct(ci95[0], d)}, {_pct(ci95[1], d)}]"


def effect_interval(delta: float, ci95, scale: float = 1.0, unit: str = "",
                    least: int = 2) -> str:
    """``+delta [+lo, +hi]`` (times ``scale``), with ``least`` decimals or the more that keep
    the bounds apart."""
    lo, hi = scale * ci95[0], scale * ci95[1]
    d = apart(lo, hi, least)
    return f"{scale * delta:+.{d}f}{unit} [{lo:+.{d}f}, {hi:+.{d}f}]"


def decision_text(d: dict | None, exercised: bool) -> dict[str, str]:
    """Each decision measure as text: a share with its interval, "—" or "not exercised"."""
    out = {}
    for key in DECISION_NAMES:
        if d is None:
            out[key] = "—"
        elif not exercised:
            out[key] = "not exercised"
        else:
            v = d[key]
            out[key] = share_interval(v["share"], v["ci95"]) if v["of"] else "not exercised"
    return out


def text(res: dict[str, Any]) -> str:
    """The terminal form of :func:`run`'s result."""
    a = " ".join(res["amb"]) or "defaults"
    lines = [f"{res['variant']}: {a} vs {' '.join(res['vs'])} — {res['hands']:,} hands "
             f"(seed {res['seed']}, {res['players']} players, levels {res['levels']}, "
             f"{res['backend']}, per-decision draws) in {res['seconds']:.1f} s"]
    for r in res["readings"]:
        lines.append(f"  {r['item']} {r['title']}")
        lines.append(f"    A {r['a'] or 'n/a'}: {r['a_words']}")
        lines.append(f"    B {r['b'] or 'n/a'}: {r['b_words']}")
    if not res["exercised"]:
        lines.append(f"  not exercised: no hand differs ({res['throw_leads']} throw leads)")
    dtext = decision_text(res["decisions"], res["exercised"])
    for key, words in DECISION_NAMES.items():
        d = (res["decisions"] or {}).get(key)
        of = f" of {d['of']:,}" if d else ""
        lines.append(f"  {words}: {dtext[key]}{of}")
    lines.append(f"  hands that differ at all: {res['hands_differ']:,}")
    if not res["exercised"]:
        lines.append("  outcomes: not exercised")
        lines.append(f"  reproduce: {res['command']}")
        return "\n".join(lines)
    o = res["outcomes"]
    h = o["hold"]
    lines.append(f"  dealer side holds: {_pct(h['a'])} -> {_pct(h['b'])}, B-A "
                 f"{effect_interval(h['delta'], h['ci95'], 100, ' pp')} (Newcombe), "
                 f"McNemar p={h['p']:.3g}")
    for key, words in (("level_change", "dealer-side level change"),
                       ("attacker_points", "attackers' points")):
        v = o[key]
        if v["ci95"] is None:
            lines.append(f"  {words}: {v['a']:.3f} -> {v['b']:.3f}, B-A {v['delta']:+.3f} "
                         f"in every hand")
            continue
        lines.append(f"  {words}: {v['a']:.3f} -> {v['b']:.3f}, B-A "
                     f"{effect_interval(v['delta'], v['ci95'], least=3)} (paired t), "
                     f"p={v['p']:.3g}")
    nd = o["next_dealer"]
    lines.append(f"  next dealer differs: {share_interval(nd['share'], nd['ci95'])}")
    lines.append(f"  reproduce: {res['command']}")
    return "\n".join(lines)


__all__ = ["holm", "mcnemar_p", "newcombe_paired", "paired_t", "run", "summarize", "text",
           "wilson"]
