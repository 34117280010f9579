"""The Numba core as a simulation backend, and one hand as a reference-format record.

``run_chunk`` is :mod:`shengji_sim.run.sim`'s backend ``"core"`` (``compile_for`` its compile step,
so that the run's hands per second count play alone); it returns rows of
:data:`shengji_sim.results.ROW_DTYPE`, identical to the reference backend's for the same (variant,
players, root seed, index). ``run_matches`` (compile step ``compile_matches_for``) plays whole
matches (:mod:`.match_nb`): hand rows and :data:`~shengji_sim.results.MATCH_DTYPE` match rows,
identical to the reference's ``play_match``. ``players`` is a seat spec
(:func:`shengji_sim.config.seats.parse_players`: one name for all four seats, or
``NS=NAME,EW=NAME``), each seat's name a kernel player kind
(:data:`shengji_sim.core.runtime.api.PLAYER_KINDS`) or a profile. ``play_hand_core`` returns the
game record of one hand in the reference's JSON form (``shengji-sim play --engine core``). A hand
the kernels cannot play raises :class:`CoreError`, a :class:`shengji_sim.errors.HandFailure` naming
the hand and the kernel's error in words (:func:`game_nb.hand_error_text`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from shengji_sim import RULES_VERSION
from shengji_sim.cards import N_KINDS, format_card, format_trump
from shengji_sim.config.seats import parse_players
from shengji_sim.core.base.errors import hand_error_text
from shengji_sim.core.engine.game_nb import play_hand_nb, run_lane_nb
from shengji_sim.core.engine.lane_nb import N_COLUMNS, Lane
from shengji_sim.core.engine.match_nb import MAX_HANDS, N_MATCH_COLUMNS, run_match_lane_nb
from shengji_sim.core.follow.follow_data import RULE_NAMES
from shengji_sim.core.players.greedy_nb import GREEDY
from shengji_sim.core.players.heuristic_nb import HEURISTIC
from shengji_sim.core.runtime.api import PLAYER_KINDS as KERNEL_KINDS  # with the tests' passive
from shengji_sim.core.runtime.api import (
    PreTrick,
    candidates,
    kernel_inputs,
    make_lane,
    max_lead_options,
    seat_profiles,
)
from shengji_sim.core.runtime.precompile import compile_in_parallel
from shengji_sim.errors import HandFailure
from shengji_sim.results import FOLLOW_RULES, MATCH_DTYPE, ROW_DTYPE
from shengji_sim.rng import hand_seed

RULE_COLUMN = np.array([FOLLOW_RULES.index(name) for name in RULE_NAMES], np.int32)


class CoreError(HandFailure):
    """A kernel reported an error for hand ``index``: ``code`` is the hand's error code
    (``game_nb.ERR_STAGE``), ``reason`` its words."""

    def __init__(self, index: int, code: int, where: str = "") -> None:
        self.code = code
        super().__init__(index, "core", f"{where}: {hand_error_text(code)}" if where
                         else hand_error_text(code))


class Engine:
    """Kernel inputs of one variant, built once."""

    def __init__(self, variant) -> None:
        self.variant = variant
        self.kt, self.sw = kernel_inputs(variant)
        self.max_lead = max_lead_options(self.kt)


_ENGINES: dict[str, Engine] = {}


def engine(variant) -> Engine:
    key = variant.content_hash
    if key not in _ENGINES or _ENGINES[key].variant is not variant:
        _ENGINES[key] = Engine(variant)
    return _ENGINES[key]


def _seats(players: str) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's kernel player kind and profile row (``api.seat_profiles``), from a seat
    spec whose names are built-in profiles or profile files (a bad spec:
    ``seats.SeatError``; a bad profile: ``strategy.StrategyError``)."""
    from shengji_sim.config.strategy import load_strategy

    return seat_profiles(parse_players(players, KERNEL_KINDS, load_strategy))


def _player_kinds(players: str) -> np.ndarray:
    """Each seat's kernel player kind, from a seat spec."""
    return _seats(players)[0]


def _seat_params(players: str) -> np.ndarray:
    """Each seat's profile row (``int32[4, N_PARAMS]``; zeros for random and greedy)."""
    return _seats(players)[1]


def _start_levels(variant) -> np.ndarray:
    from shengji_sim.cards import parse_rank

    start = parse_rank(variant.starting_level)
    return np.array([start, start], np.int32)


def whole_hand_cached(variant, players: str) -> bool:
    """Is the whole-hand kernel that :func:`run_chunk` calls for these players in this
    process or in the compile cache (loaded from it, so a run compiles nothing)? A cold
    cache answers at once, compiling nothing."""
    from shengji_sim.core.runtime.precompile import is_cached

    if not hasattr(run_lane_nb, "typeof_pyval"):  # plain Python (NUMBA_DISABLE_JIT, a test's
        return True                               # planted kernel): nothing to compile
    return is_cached(run_lane_nb, whole_hand_signature(variant, players), keep=True)


def whole_hand_signature(variant, players: str) -> tuple:
    """The argument types :func:`run_chunk` calls the whole-hand kernel ``run_lane_nb`` with
    for these players (``tools.kernel_tree`` walks the kernels it compiles)."""
    eng = engine(variant)
    kinds, params = _seats(players)
    args = (eng.kt, eng.sw, RULE_COLUMN, np.uint64(0), 0, 1, 0, 1, eng.max_lead, kinds,
            params, _start_levels(variant), candidates(kinds),
            np.zeros((1, N_COLUMNS), np.int64), np.zeros(1, np.int64))
    return tuple(run_lane_nb.typeof_pyval(a) for a in args)


def compile_kind(players: str) -> str:
    """"greedy" when a seat is greedy or heuristic (their lanes take a candidate buffer),
    else "random": the lane kind whose kernels a run of ``players`` compiles."""
    kinds = _player_kinds(players)
    return "greedy" if np.any((kinds == GREEDY) | (kinds == HEURISTIC)) else "random"


def run_chunk(variant, players: str, root_seed: int, start: int, count: int,
              threads: int = 1) -> np.ndarray:
    """Rows of hands ``start .. start + count - 1`` (first hands of a match); ``threads``
    lanes run at once, each a Python thread in ``run_lane_nb`` (which releases the GIL)."""
    eng = engine(variant)
    out = np.zeros((count, N_COLUMNS), np.int64)
    status = np.zeros(count, np.int64)
    lanes = max(1, min(int(threads or 1), os.cpu_count() or 1, count))
    args = (eng.kt, eng.sw, RULE_COLUMN, np.uint64(root_seed), start, count)
    kinds, levels = _player_kinds(players), _start_levels(variant)
    params = _seat_params(players)

    def lane(j: int) -> None:  # each lane its own buffers (greedy candidates included)
        run_lane_nb(*args, j, lanes, eng.max_lead, kinds, params, levels,
                    candidates(kinds), out, status)

    _run_lanes(lane, lanes)
    bad = np.flatnonzero(status)
    if bad.size:
        i = int(bad[0])
        raise CoreError(start + i, int(status[i]))
    return _rows_of(out)


def _run_lanes(lane: Callable[[int], object], lanes: int) -> list:
    """``lane(j)`` for ``j < lanes``, each on its own Python thread when ``lanes > 1``."""
    if lanes == 1:
        return [lane(0)]
    with ThreadPoolExecutor(lanes) as pool:
        return [done.result() for done in [pool.submit(lane, j) for j in range(lanes)]]


def run_matches(variant, players: str, root_seed: int, start: int, count: int,
                threads: int = 1, max_hands: int = MAX_HANDS) -> tuple[np.ndarray, np.ndarray]:
    """``(hand rows, match rows)`` of matches ``start .. start + count - 1``: the hand rows
    in match order, then hand order; one match row per match. A failing hand raises
    :class:`CoreError` naming the match (its ``index``) and the hand."""
    eng = engine(variant)
    match_out = np.zeros((count, N_MATCH_COLUMNS), np.int64)
    status = np.zeros(count, np.int64)
    lanes = max(1, min(int(threads or 1), os.cpu_count() or 1, count))
    kinds, start_level = _player_kinds(players), int(_start_levels(variant)[0])
    params = _seat_params(players)

    def lane(j: int) -> np.ndarray:
        return run_match_lane_nb(eng.kt, eng.sw, RULE_COLUMN, np.uint64(root_seed), start,
                                 count, j, lanes, eng.max_lead, kinds, params, start_level,
                                 max_hands, candidates(kinds), match_out, status)

    parts = _run_lanes(lane, lanes)
    bad = np.flatnonzero(status)
    if bad.size:
        i = int(bad[0])
        hand = int(match_out[i, MATCH_DTYPE.names.index("hands")])
        raise CoreError(start + i, int(status[i]), f"match {start + i}, hand index {hand}")
    hands = np.concatenate(parts) if len(parts) > 1 else parts[0]
    order = np.argsort(hands[:, ROW_DTYPE.names.index("match")], kind="stable")
    return _rows_of(hands[order]), _rows_of(match_out, MATCH_DTYPE)


def compile_matches_for(variant, players: str, threads: int = 1,
                        on_compile: Callable[[int, float, bool], None] | None = None) -> float:
    """``compile_for``, then the match kernels (one match); the seconds it all took."""
    import time

    began = time.perf_counter()
    compile_for(variant, players, threads, on_compile)
    run_matches(variant, players, 0, 0, 1, threads)
    return time.perf_counter() - began


@contextlib.contextmanager
def reporting_compiles(on_compile: Callable[[int, float, bool], None]) -> Iterator[None]:
    """While the block runs, Numba's compile events as ``on_compile(kernels, seconds,
    finished)``: when Numba starts compiling, after each kernel it has compiled, and once at
    the end if anything was compiled (a block that only loads from the cache calls it
    never). Seconds count from the block's start."""
    import time

    from numba.core import event

    began = time.perf_counter()
    compiled = 0

    class Listener(event.Listener):
        def on_start(self, ev) -> None:
            if compiled == 0:
                on_compile(0, time.perf_counter() - began, False)

        def on_end(self, ev) -> None:
            nonlocal compiled
            compiled += 1
            on_compile(compiled, time.perf_counter() - began, False)

    with event.install_listener("numba:compile", Listener()):
        yield
    if compiled:
        on_compile(compiled, time.perf_counter() - began, True)


def compile_for(variant, players: str, threads: int = 1,
                on_compile: Callable[[int, float, bool], None] | None = None) -> float:
    """Compile (or load from the cache) every kernel ``run_chunk`` needs for this variant and
    these players, on two cores when cold (:mod:`.precompile`), then play one hand; return
    the seconds it took. ``on_compile(kernels, seconds, finished)``: as
    :func:`reporting_compiles` reports."""
    import time

    began = time.perf_counter()
    with reporting_compiles(on_compile or (lambda kernels, seconds, finished: None)):
        if not whole_hand_cached(variant, players):  # warm: nothing to compile in parallel
            # cold: the follow kernels in a second process; types depend on "a seat is greedy"
            compile_in_parallel(compile_kind(players))
        run_chunk(variant, players, 0, 0, 1, threads)
    return time.perf_counter() - began


#: rows converted per block: the block's int64 columns and records stay in cache while each
#: of the 47 fields is copied (a field at a time over the whole run took 3x longer at 2e5 rows)
ROW_BLOCK = 4096


def _rows_of(out: np.ndarray, dtype: np.dtype = ROW_DTYPE) -> np.ndarray:
    """The int64 matrix of the kernels (one column per field of ``dtype``) as result rows."""
    rows = np.zeros(len(out), dtype)
    for lo in range(0, len(out), ROW_BLOCK):
        part = rows[lo:lo + ROW_BLOCK]
        block = out[lo:lo + ROW_BLOCK]
        for c, name in enumerate(dtype.names):
            column = block[:, c]
            part[name] = column.view(np.uint64) if part[name].dtype == np.uint64 else column
    return rows


def play_hand_core(variant, players: str, root_seed: int, index: int) -> dict:
    """Hand ``index`` as the kernels play it, in the reference record format."""
    eng = engine(variant)
    lane = make_lane(eng.kt, eng.sw, _player_kinds(players), _start_levels(variant),
                     _seat_params(players))
    out = np.zeros((1, N_COLUMNS), np.int64)
    err = play_hand_nb(eng.kt, eng.sw, RULE_COLUMN, np.uint64(root_seed), index, 1, -1,
                       lane, lane.cand, out, 0, True)
    if err:
        raise CoreError(index, int(err))
    return _record(variant, eng, lane, out[0], root_seed, index)


def _record(variant, eng: Engine, lane: Lane, row: np.ndarray, root_seed: int,
            index: int) -> dict:
    """The reference's record fields, from the kernels' buffers and log."""
    from shengji_sim.rules.bidding import no_declaration
    from shengji_sim.rules.match import new_match
    from shengji_sim.rules.shapes import make_context

    pre = PreTrick.__new__(PreTrick)
    pre.variant, pre.kt, pre.sw, pre.buf = variant, eng.kt, eng.sw, lane.pre
    fields = pre.fields(0, 0)
    match = new_match(variant)
    level, trump_name = fields["level"], fields["trump"]
    ctx = make_context(variant, level, fields_trump(trump_name))
    col = {name: i for i, name in enumerate(ROW_DTYPE.names)}
    shuffled = fields["shuffled"]
    n_deal = 4 * variant.hand_size
    hands: list[list[str]] = [[], [], [], []]
    for i in range(n_deal):
        hands[(fields["first_recipient"] + fields["deal_step"] * i) % 4].append(shuffled[i])
    from shengji_sim.cards import parse_cards

    deal = [[format_card(k) for k in sorted(parse_cards(h))] for h in hands]
    kitty_dealt = shuffled[n_deal:]
    if fields["declarations"]:
        trump_rule = "BID-7"
    else:
        trump_rule = no_declaration(variant, level, parse_cards(kitty_dealt), 1).rule
    tricks = []
    log = lane.log
    for t in range(int(log.n[0])):
        leader = int(log.leader[t])
        plays = []
        for p in range(4):
            cards = [k for k in range(54) for _ in range(int(log.plays[t, p, k]))]
            plays.append([(leader + p) % 4,
                          [format_card(k) for k in ctx.ranking.sorted_cards(cards)]])
        winner = int(log.winner[t])
        rules = [[RULE_NAMES[int(code)], int(row) or None]
                 for code, row in zip(log.rule[t], log.row[t])]
        tricks.append({"leader": leader, "plays": plays, "winner": winner,
                       "winner_seat": (leader + winner) % 4, "points": int(log.points[t]),
                       "throw": _throw_entry(ctx, log.plays[t, 0]), "follow_rules": rules})
    kitty = [k for b in fields["burials"][-1:] for k in parse_cards(b["cards"])] \
        if variant.kitty_size else []
    n, kpts, awarded, side = (int(x) for x in log.kitty)
    tricks[-1]["kitty"] = {"multiplier": n, "kitty_points": kpts, "awarded": awarded,
                           "winner_side": ("dealer", "attackers")[side],
                           "kitty": [format_card(k) for k in ctx.ranking.sorted_cards(kitty)]}
    winner_side = ("dealer", "attackers", "none")[int(row[col["winner_side"]])]
    from shengji_sim.rules.score import judge_score

    score = judge_score(variant, int(row[col["attacker_points"]]))
    after_levels, match_winner = _levels_after(variant, match, fields["dealer"], score)
    return {
        "rules_version": RULES_VERSION, "variant": variant.name,
        "variant_hash": variant.content_hash, "seed": root_seed, "index": index,
        "hand_seed": hand_seed(root_seed, index), "hand_number": 1,
        "levels": list(match.levels), "dealer_before": None, "redeals": fields["redeals"],
        "first_recipient": fields["first_recipient"], "deal_step": fields["deal_step"],
        "declarations": fields["declarations"], "shuffled": shuffled, "deal": deal,
        "kitty_dealt": kitty_dealt, "trump_rule": trump_rule, "declarer": fields["declarer"],
        "kitty_flip": fields["kitty_flip"], "trump": fields["trump"],
        "dealer": fields["dealer"], "dealer_declared": fields["dealer_declared"],
        "level": level, "kitty_before": kitty_dealt,
        "trump_declared": fields["trump_declared"], "burials": fields["burials"],
        "buried_by": fields["buried_by"], "chaodi": fields["chaodi"], "tricks": tricks,
        "penalties": [], "attacker_points": int(row[col["attacker_points"]]),
        "score": {"winner_side": winner_side, "levels": int(row[col["levels"]]),
                  "next_dealer": score.next_dealer},
        "level_penalties": 0, "next_dealer": int(row[col["next_dealer"]]),
        "levels_after": after_levels, "match_winner": match_winner,
    }


def _throw_entry(ctx, lead: np.ndarray) -> dict | None:
    """The record's ``throw`` of a lead: None for one unit; a throw the kernels played is a
    heuristic player's proven throw, valid (the kernels stop the hand otherwise)."""
    from shengji_sim.rules.shapes import decompose
    from shengji_sim.rules.throw import TESTED_BY

    counts = tuple(int(c) for c in lead)
    if len(decompose(ctx, counts)) < 2:
        return None
    cards = [k for k in range(N_KINDS) for _ in range(counts[k])]
    return {"cards": [format_card(k) for k in ctx.ranking.sorted_cards(cards)], "valid": True,
            "rule": f"{TESTED_BY}: nobody beats it"}


def fields_trump(name: str) -> int:
    from shengji_sim.cards import parse_trump

    return parse_trump(name)


def _levels_after(variant, match, dealer: int, score) -> tuple[list[int], int | None]:
    from shengji_sim.rules.match import MatchState, after_hand

    after = after_hand(variant, MatchState(match.levels, dealer, 1), dealer, score)
    return list(after.levels), after.winner



__all__ = ["CoreError", "compile_matches_for", "engine", "format_trump", "play_hand_core",
           "run_chunk", "run_matches"]
