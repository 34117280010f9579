"""The front door to the kernels: their inputs, built once per variant.

Representation
--------------
A kernel sees a variant as two inputs (docs/core-conventions.md):

``kt``
    :class:`~shengji_sim.core.base.tables.KernelTables`, the ranking tables of every level and
    trump, built from the reference's ranking; variants with the same ranking switches share
    one (:func:`tables_for`).
``sw``
    the switches, an ``int32`` array indexed by the constants of :mod:`.switches`
    (:func:`~shengji_sim.core.base.tables.switch_array`).

:func:`kernel_inputs` is the one cache of both: every Python caller of the kernels (the
simulation backend, the judge's kernel wrappers, the tests) gets them here.

Below them are the kernels' Python wrappers: each takes reference-style inputs (card lists,
a variant, a level and a trump), calls its kernel and returns the reference function's
result type, and :data:`PARITY` pairs each with the reference function it must equal (the
differential tests and the fuzz property ``kernels_agree`` iterate it). Kernel modules
(those whose names end in ``_nb``) hold kernels only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from importlib import import_module
from typing import Any, NamedTuple

import numpy as np

from shengji_sim.cards import (
    LJ,
    N_KINDS,
)
from shengji_sim.core.base.bits_nb import (
    N_MASKS,
    masks_of_nb,
)
from shengji_sim.core.base.errors import (
    ERR_NO_ATTACKER_POINTS,
    ERR_NOT_A_TRICK,
    FOLLOW_ERRORS,
    STATUS_OK,
)
from shengji_sim.core.base.rng_nb import (
    below_nb,
    next64_nb,
    shuffle_nb,
)
from shengji_sim.core.base.switches import (
    SW_BID_METHOD,
    SW_DECKS,
    SW_HAND_SIZE,
    SW_KITTY_SIZE,
    V_BID_METHOD_HIDDEN,
)
from shengji_sim.core.base.tables import (
    MAX_RUN,
    KernelTables,
    switch_array,
)
from shengji_sim.core.engine.deal_nb import (
    I_DEALER,
    I_DEALER_DECLARED,
    I_DECLARER,
    I_FIRST,
    I_HOLDER,
    I_KITTY_FLIP,
    I_LEVEL,
    I_N_BUR,
    I_N_CHAO,
    I_N_DECL,
    I_REDEALS,
    I_STEP,
    I_TRUMP,
    I_TRUMP_DECLARED,
    PreTrickBuffers,
    alloc_pre_trick_buffers_nb,
    pre_trick_nb,
)
from shengji_sim.core.engine.lane_nb import Lane, alloc_lane_nb
from shengji_sim.core.follow.follow_count_nb import (
    options_count_nb,
    options_nth_nb,
)
from shengji_sim.core.follow.follow_data import (
    RULE_NAMES,
    FollowBuffers,
    make_buffers,
)
from shengji_sim.core.follow.follow_families_nb import (
    follow_options_nb,
)
from shengji_sim.core.players.greedy_nb import GREEDY, greedy_lead_nb
from shengji_sim.core.players.heuristic_nb import HEURISTIC
from shengji_sim.core.players.profile_columns import N_PARAMS, PARAM_KEYS
from shengji_sim.core.players.random_nb import PASSIVE, RANDOM
from shengji_sim.core.players.walks_nb import GREEDY_OPTIONS
from shengji_sim.core.rules.bidding_nb import (
    MAX_OPTIONS,
    chaodi_options_nb,
    declaration_options_nb,
    no_declaration_nb,
)
from shengji_sim.core.rules.kitty_nb import (
    SIDE_NAMES,
    judge_kitty_nb,
)
from shengji_sim.core.rules.lead_nb import (
    LeadBuffers,
    alloc_lead_buffers_nb,
    lead_options_nb,
)
from shengji_sim.core.rules.score_nb import (
    OFFSET_NAMES,
    after_hand_nb,
    judge_score_nb,
)
from shengji_sim.core.rules.score_nb import SIDE_NAMES as SCORE_SIDE_NAMES
from shengji_sim.core.rules.shapes_nb import (
    decompose_nb,
    decompose_top_nb,
)
from shengji_sim.core.rules.throw_nb import (
    PENALTY_UNIT_NAMES,
    judge_throw_nb,
)
from shengji_sim.core.rules.trick_nb import (
    trick_winner_nb,
)
from shengji_sim.core.runtime.saved_tables import saved_tables
from shengji_sim.rules.ranking import ranking_key


class KernelInputs(NamedTuple):
    kt: KernelTables
    sw: np.ndarray


_TABLES: dict[tuple, KernelTables] = {}
_INPUTS: dict[tuple, KernelInputs] = {}


def tables_for(variant: Any) -> KernelTables:
    """The ranking tables of ``variant`` (shared by variants with the same ranking key,
    ``rules.ranking.ranking_key``), built once per process and once per cache
    (:func:`~.saved_tables.saved_tables`)."""
    key = ranking_key(variant)
    kt = _TABLES.get(key)
    if kt is None:
        kt = _TABLES[key] = saved_tables(variant)
    return kt


def kernel_inputs(variant: Any) -> KernelInputs:
    """``(kt, sw)`` of ``variant``, built once per variant content."""
    key = (variant.content_hash, variant.present_keys)
    got = _INPUTS.get(key)
    if got is None:
        got = _INPUTS[key] = KernelInputs(tables_for(variant), switch_array(variant))
    return got


# ---------------------------------------------------------------------------------- rng_nb

def new_state(seed: int) -> np.ndarray:
    """A ``uint64[1]`` stream state seeded like ``Rng(seed)``."""
    return np.array([seed & ((1 << 64) - 1)], dtype=np.uint64)


def next64(state: np.ndarray) -> int:
    return int(next64_nb(state))


def below(state: np.ndarray, n: int) -> int:
    if not 0 < n < 1 << 63:
        raise ValueError(f"below({n}): n must be in [1, 2**63)")
    return int(below_nb(state, n))


def shuffle(state: np.ndarray, items: np.ndarray) -> None:
    shuffle_nb(state, items)


# --------------------------------------------------------------------------------- bits_nb

def masks_of(order, counts) -> np.ndarray:
    """The masks of ``counts`` as a new ``int64[4]`` (for tests and callers in Python)."""
    hm = np.zeros(N_MASKS, np.int64)
    masks_of_nb(np.asarray(order), np.asarray(counts, np.int8), hm)
    return hm


# ------------------------------------------------------------------------------- shapes_nb

def counts_array(cards) -> np.ndarray:
    """A card-kind list (or count vector of 54) as an ``int8[54]`` count vector."""
    out = np.zeros(N_KINDS, np.int8)
    for k in cards:
        out[k] += 1
    return out


def decompose_core(variant, level: int, trump: int, cards):
    """Kernel version of ``shapes.decompose`` on a card list: a tuple of ``shapes.Unit``."""
    from shengji_sim.rules.shapes import Unit

    kt, sw = kernel_inputs(variant)
    counts = counts_array(cards)
    n = int(counts.sum())
    ow = np.zeros(max(1, n), np.int8)
    ol = np.zeros(max(1, n), np.int8)
    ok = np.full((max(1, n), MAX_RUN), -1, np.int8)
    nu = decompose_nb(kt, sw, level, trump, counts, ow, ol, ok)
    return tuple(Unit(int(ow[u]), tuple(int(x) for x in ok[u, :ol[u]])) for u in range(nu))


# -------------------------------------------------------------------------------- trick_nb

def plays_array(plays) -> np.ndarray:
    """Card-kind lists in turn order as the ``int8[4, 54]`` kernel input."""
    out = np.zeros((4, N_KINDS), np.int8)
    for i, play in enumerate(plays[:4]):
        for k in play:
            out[i, k] += 1
    return out


def unit_scratch():
    """Scratch for a lead's units: (w, len, kinds, top)."""
    return (np.zeros(N_KINDS, np.int8), np.zeros(N_KINDS, np.int8),
            np.full((N_KINDS, MAX_RUN), -1, np.int8), np.zeros(N_KINDS, np.int16))


def trick_winner_core(variant, level: int, trump: int, plays) -> int:
    """Kernel version of ``trick.trick_winner`` (same errors for refused inputs)."""

    from shengji_sim.rules.trick import check_trick_plays

    check_trick_plays(plays)
    kt, sw = kernel_inputs(variant)
    uw, ul, uk, ut = unit_scratch()
    got = trick_winner_nb(kt, sw, level, trump, plays_array(plays), len(plays), uw, ul, uk,
                          ut)
    if got == ERR_NOT_A_TRICK:
        raise ValueError("the lead is empty or mixes suits (DEF-27)")
    return int(got)


# -------------------------------------------------------------------------------- throw_nb

def judge_throw_core(variant, level: int, trump: int, lead, others):
    """Kernel version of ``throw.judge_throw``: a ``ThrowResult`` without ``reason``."""
    from shengji_sim.rules.throw import ThrowResult

    if len(others) != 3:
        raise ValueError(f"expected the hands of the 3 other players, got {len(others)}")
    kt, sw = kernel_inputs(variant)
    lead_counts = counts_array(lead)
    other_counts = np.zeros((3, N_KINDS), np.int8)
    for i, hand in enumerate(others):
        other_counts[i] = counts_array(hand)
    played = np.zeros(N_KINDS, np.int8)
    uw, ul, uk, ut = unit_scratch()
    valid, blocked_by, penalty, unit, rejected = judge_throw_nb(
        kt, sw, level, trump, lead_counts, other_counts, played, uw, ul, uk, ut)
    if valid < 0:
        raise ValueError("the lead is empty or mixes suits (DEF-27)")
    played_cards = [k for k in range(N_KINDS) for _ in range(int(played[k]))]
    rest = lead_counts - played
    returned = [k for k in range(N_KINDS) for _ in range(int(rest[k]))]
    return ThrowResult(bool(valid), played_cards, returned, int(blocked_by) or None,
                       int(penalty), PENALTY_UNIT_NAMES[int(unit)], bool(rejected))


# -------------------------------------------------------------------------------- kitty_nb

def judge_kitty_core(variant, level: int, trump: int, plays, leader_side: str, kitty,
                     attacker_points: int | None = None):
    """Kernel version of ``kitty.judge_kitty``: a ``KittyResult``."""
    from shengji_sim.rules.kitty import KittyResult

    if leader_side not in SIDE_NAMES:
        raise ValueError(f"leader_side must be 'dealer' or 'attackers', got {leader_side!r}")
    from shengji_sim.rules.trick import check_trick_plays

    check_trick_plays(plays)
    kt, sw = kernel_inputs(variant)
    uw, ul, uk, ut = _scratch = unit_scratch()
    has = attacker_points is not None
    winner, side, n, pts, awarded, err = judge_kitty_nb(
        kt, sw, level, trump, plays_array(plays), len(plays), SIDE_NAMES.index(leader_side),
        counts_array(kitty), int(attacker_points) if has else 0, int(has), uw, ul, uk, ut)
    if err == ERR_NO_ATTACKER_POINTS:
        raise ValueError("AMB-27 (ii) loser_points needs attacker_points")
    if err < 0:
        raise ValueError("the lead is empty or mixes suits (DEF-27)")
    return KittyResult(int(winner), SIDE_NAMES[int(side)], int(n), int(pts), int(awarded))


# -------------------------------------------------------------------------------- score_nb

def judge_score_core(variant, attacker_points: int, demotion_hook=None):
    """Kernel version of ``score.judge_score``: a ``ScoreResult``."""
    from shengji_sim.rules.score import ScoreResult

    _, sw = kernel_inputs(variant)
    side, levels, offset = judge_score_nb(sw, int(attacker_points))
    result = ScoreResult(SCORE_SIDE_NAMES[side], int(levels), OFFSET_NAMES[int(offset)],
                         int(offset), dealer_keeps=int(offset) == 2)
    if variant.demotion == "hook" and demotion_hook is not None:  # AMB-39 B
        result = demotion_hook(result)
    return result


def after_hand_core(variant, state, dealer: int, result):
    """Kernel version of ``match.after_hand``: a ``MatchState``."""
    from dataclasses import replace

    _, sw = kernel_inputs(variant)
    side = SCORE_SIDE_NAMES.index(result.winner_side)
    lv0, lv1, nxt, winner = after_hand_nb(sw, state.levels[0], state.levels[1], dealer, side,
                                          result.levels, result.next_dealer_offset)
    return replace(state, levels=(int(lv0), int(lv1)), dealer=int(nxt),
                   hand_number=state.hand_number + 1, winner=None if winner < 0 else int(winner))


# --------------------------------------------------------------------------------- lead_nb

def max_lead_options(kt) -> int:
    """Upper bound on the one-unit leads: every set, and every tractor at each width."""
    return 54 * 4 + 3 * int(kt.tr_kinds.shape[2])


def make_lead_buffers(kt) -> LeadBuffers:
    return alloc_lead_buffers_nb(max_lead_options(kt))


def option_cards(kt, level: int, trump: int, lb: LeadBuffers, i: int) -> list[int]:
    """Option ``i`` as the reference's card list (strongest first)."""
    w = int(lb.w[i])
    return [int(kt.kind_at[level, trump, o]) for o in lb.ords[i, :lb.ln[i]] for _ in range(w)]


def lead_options(kt, sw, level: int, trump: int, hand, lb: LeadBuffers | None = None
                 ) -> list[list[int]]:
    """The kernel's listing of ``lead_options`` for a reference-style hand."""
    lb = lb or make_lead_buffers(kt)
    n = lead_options_nb(kt, sw, level, trump, counts_array(hand), lb)
    return [option_cards(kt, level, trump, lb, i) for i in range(n)]


def greedy_lead(kt, sw, level: int, trump: int, hand, lb: LeadBuffers | None = None
                ) -> list[int]:
    lb = lb or make_lead_buffers(kt)
    counts = counts_array(hand)
    n = lead_options_nb(kt, sw, level, trump, counts, lb)
    return option_cards(kt, level, trump, lb, int(greedy_lead_nb(kt, level, trump, counts,
                                                                  lb, n)))


# ------------------------------------------------------------------------------ bidding_nb

def _opt_buffers() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (np.zeros(MAX_OPTIONS, np.int32), np.zeros(MAX_OPTIONS, np.int32),
            np.zeros(MAX_OPTIONS, np.int32))


def _options(kinds, cnts, choices, n: int) -> list[tuple[int, int, int | None]]:
    return [(int(kinds[i]), int(cnts[i]), None if choices[i] < 0 else int(choices[i]))
            for i in range(n)]


def _standing(standing) -> tuple[int, int, int]:
    if standing is None:
        return -1, -1, 0
    return standing.seat, standing.kind, standing.count


def declaration_options(sw, level: int, hand, seat: int, standing, after_deal: bool = False
                        ) -> list[tuple[int, int, int | None]]:
    """(kind, count, choice) options of ``_declaration_options`` for a reference-style hand
    (choice: the trump four jokers choose, AMB-33 C; else None)."""
    kinds, cnts, choices = _opt_buffers()
    n = declaration_options_nb(sw, level, counts_array(hand), seat, *_standing(standing),
                               kinds, cnts, choices, after_deal)
    return _options(kinds, cnts, choices, n)


def chaodi_options(sw, level: int, hand, seat: int, standing, declarer,
                   someone_else: bool, kitty_flip: bool) -> list[tuple[int, int, int | None]]:
    """(kind, count, choice) options of ``_chaodi_options`` (choice: CHAO-3)."""
    kinds, cnts, choices = _opt_buffers()
    n = chaodi_options_nb(sw, level, counts_array(hand), seat, *_standing(standing),
                          -1 if declarer is None else declarer, someone_else, kitty_flip,
                          kinds, cnts, choices)
    return _options(kinds, cnts, choices, n)


def no_declaration(sw, level: int, kitty, hand_number: int) -> tuple[bool, int, int]:
    arr = np.array(list(kitty) or [0], np.int8)
    redeal, trump, dealer = no_declaration_nb(sw, level, arr, len(kitty), hand_number)
    return bool(redeal), int(trump), int(dealer)


# --------------------------------------------------------------------------------- deal_nb

def make_pre_trick_buffers(sw: np.ndarray) -> PreTrickBuffers:
    """Buffers for one variant (``sw`` from ``switch_array``)."""
    return alloc_pre_trick_buffers_nb(int(sw[SW_DECKS]), int(sw[SW_HAND_SIZE]),
                                      int(sw[SW_KITTY_SIZE]))


PLAYER_KINDS = {"random": RANDOM, "greedy": GREEDY, "passive": PASSIVE}
#: profile key -> its column in a profile row (``profile_columns.P_*``, generated)
PARAM_COLUMNS: dict[str, int] = {key: column for column, key in enumerate(PARAM_KEYS)}


def profile_params(profile) -> np.ndarray:
    """A :class:`~shengji_sim.config.strategy.StrategyProfile` as the kernels' profile row
    (``int32[N_PARAMS]``, :mod:`~shengji_sim.core.players.profile_columns`): column
    :data:`PARAM_COLUMNS` ``[key]`` holds an int key's value, a bool as 0/1, a str key the
    index of its value in the schema's allowed values. A value the schema does not allow is
    a ``strategy.StrategyError`` naming the key."""
    from shengji_sim.config.strategy import SCHEMA, StrategyError

    row = np.zeros(N_PARAMS, np.int32)
    for col, key in enumerate(PARAM_KEYS):
        k, value = SCHEMA[key], getattr(profile, key)
        bad = StrategyError(f"{profile.name}: key {key!r}: value {value!r} is not one the "
                            f"kernels play; expected {k.expected()}")
        if k.type == "str":
            if value not in (k.allowed or ()):
                raise bad
            row[col] = k.allowed.index(value)
        elif k.type == "bool":
            if not isinstance(value, bool):
                raise bad
            row[col] = int(value)
        else:
            if isinstance(value, bool) or not isinstance(value, int) or not k.lo <= value <= k.hi:
                raise bad
            row[col] = value
    return row


def player_kind(profile) -> int:
    """The kernel player kind of a profile: ``base = "random"`` plays RANDOM, the default
    profile (every key at its default: ``greedy``) GREEDY's kernels, any other heuristic
    profile HEURISTIC."""
    from shengji_sim.config.strategy import StrategyProfile

    if profile.base == "random":
        return RANDOM
    if profile.values() == StrategyProfile().values():
        return GREEDY
    return HEURISTIC


def seat_profiles(players) -> tuple[np.ndarray, np.ndarray]:
    """``(pkinds int32[4], params int32[4, N_PARAMS])`` of four seats, each a kernel kind
    name (``random``, ``greedy``, ``passive``), a profile name or path, a
    :class:`~shengji_sim.config.strategy.StrategyProfile`, or a player with ``.profile`` /
    ``.name``."""
    from shengji_sim.config.strategy import StrategyProfile, load_strategy

    kinds = np.zeros(4, np.int32)
    params = np.zeros((4, N_PARAMS), np.int32)
    for seat, p in enumerate(players):
        profile = getattr(p, "profile", p)
        if not isinstance(profile, StrategyProfile):
            name = profile if isinstance(profile, str) else profile.name
            if name in PLAYER_KINDS:
                kinds[seat] = PLAYER_KINDS[name]
                continue
            profile = load_strategy(name)
        kinds[seat] = player_kind(profile)
        params[seat] = profile_params(profile)
    return kinds, params


class PreTrick:
    """Kernel inputs of one variant, reused across hands (tables built once)."""

    def __init__(self, variant) -> None:
        self.variant = variant
        self.kt, self.sw = kernel_inputs(variant)
        self.buf = make_pre_trick_buffers(self.sw)

    def run(self, players, root_seed: int, index: int, match=None) -> dict:
        """The pre-trick phase of ``play_hand(variant, players, root_seed, index, match)``
        (``players``: names or objects with ``.name``) as record fields, plus ``rng_state``
        and ``status``."""
        from shengji_sim.rng import hand_seed
        from shengji_sim.rules.match import new_match

        match = match or new_match(self.variant)
        pkinds, params = seat_profiles(players)
        self.buf.params[:, :] = params
        state = np.array([hand_seed(root_seed, index)], np.uint64)
        levels = np.array(match.levels, np.int32)
        dealer = -1 if match.dealer is None else match.dealer
        status = pre_trick_nb(self.kt, self.sw, state, levels, dealer,
                              match.hand_number, pkinds, candidates(pkinds), self.buf)
        return self.fields(status, int(state[0]))

    def fields(self, status: int, rng_state: int) -> dict:
        """The record fields the reference writes, from ``self.buf``."""
        from shengji_sim.cards import format_card, format_trump

        b, info = self.buf, self.buf.info
        hidden = bool(self.sw[SW_BID_METHOD] == V_BID_METHOD_HIDDEN)
        out: dict = {"status": int(status), "rng_state": rng_state,
                     "redeals": int(info[I_REDEALS])}
        if status != STATUS_OK:
            return out
        decls = []
        for seat, kind, count, dealt, after, choice in b.decl[:info[I_N_DECL]].tolist():
            decls.append({"seat": seat, "cards": [format_card(kind)] * count, "legal": True,
                          "suit": 4 if kind >= LJ else kind // 13, "hidden": hidden,
                          "dealt": dealt, "after_deal": bool(after),
                          "choice": None if choice < 0 else format_trump(choice)})
        n = int(self.sw[SW_KITTY_SIZE])
        buried = [b.bur_cards[i, :n].tolist() for i in range(info[I_N_BUR])]
        burials = [{"seat": int(b.bur_seat[i]), "cards": [format_card(k) for k in sorted(c)]}
                   for i, c in enumerate(buried)]
        chaodi = [{"seat": seat, "cards": [format_card(kind)] * count,
                   "trump": format_trump(trump),
                   "choice": None if choice < 0 else format_trump(choice), "dealer": dealer,
                   "buried": [format_card(k) for k in buried[i + 1]]}
                  for i, (seat, kind, count, trump, dealer, choice) in
                  enumerate(b.chao[:info[I_N_CHAO]].tolist())]
        out.update({
            "shuffled": [format_card(int(k)) for k in b.cards],
            "first_recipient": int(info[I_FIRST]), "deal_step": int(info[I_STEP]),
            "declarations": decls, "declarer": None if info[I_DECLARER] < 0
            else int(info[I_DECLARER]), "kitty_flip": bool(info[I_KITTY_FLIP]),
            "trump_declared": format_trump(int(info[I_TRUMP_DECLARED])),
            "dealer_declared": int(info[I_DEALER_DECLARED]), "burials": burials,
            "chaodi": chaodi, "trump": format_trump(int(info[I_TRUMP])),
            "dealer": int(info[I_DEALER]), "buried_by": int(info[I_HOLDER]),
            "level": int(info[I_LEVEL]),
        })
        return out


# --------------------------------------------------------------------------------- game_nb

def make_lane(kt, sw, pkinds, levels, params=None) -> Lane:
    """One lane's buffers; a candidate buffer only if a seat is greedy or heuristic
    (``params``: the heuristic seats' profile rows, :func:`seat_profiles`)."""
    pkinds = np.asarray(pkinds, np.int32)
    params = np.zeros((4, N_PARAMS), np.int32) if params is None else params
    return alloc_lane_nb(int(sw[SW_DECKS]), int(sw[SW_HAND_SIZE]), int(sw[SW_KITTY_SIZE]),
                         max_lead_options(kt), pkinds, np.asarray(params, np.int32),
                         np.asarray(levels, np.int32), candidates(pkinds))


def candidates(pkinds: np.ndarray) -> np.ndarray | None:
    """The lane's candidate buffer of greedy and heuristic followers, or ``None`` when every
    seat is random: such a lane then compiles and runs no greedy or heuristic code
    (greedy_nb, "Compiled players")."""
    if not np.any((pkinds == GREEDY) | (pkinds == HEURISTIC)):
        return None
    return np.zeros((GREEDY_OPTIONS, N_KINDS), np.int8)


# ---------------------------------------------------------------------------------- follows


@lru_cache(maxsize=1)
def _default_buffers() -> FollowBuffers:
    return make_buffers()


def lead_arrays(variant, level: int, trump: int, lead: list[int]):
    """``lead_counts`` and the canonical units (``shapes.decompose``) as kernel arrays."""
    from shengji_sim.rules.shapes import decompose, make_context
    counts = np.zeros(N_KINDS, np.int8)
    for k in lead:
        counts[k] += 1
    units = decompose(make_context(variant, level, trump), tuple(int(c) for c in counts))
    n_units = len(units)
    unit_w = np.zeros(max(1, n_units), np.int8)
    unit_len = np.zeros(max(1, n_units), np.int8)
    unit_kinds = np.full((max(1, n_units), 13), -1, np.int8)
    for i, u in enumerate(units):
        unit_w[i] = u.width
        unit_len[i] = len(u.kinds)
        unit_kinds[i, :len(u.kinds)] = u.kinds
    return counts, n_units, unit_w, unit_len, unit_kinds


def counts_of(cards: list[int]) -> np.ndarray:
    out = np.zeros(N_KINDS, np.int8)
    for k in cards:
        out[k] += 1
    return out


def cards_of(kt, level: int, trump: int, counts: np.ndarray) -> list[int]:
    """Cards of a count vector, strongest first (``Ranking.sort_key``)."""
    out: list[int] = []
    for k in kt.kind_at[level, trump]:
        out += [int(k)] * int(counts[k])
    return out


def legal_follows_core(variant, level: int, trump: int, lead: list[int], hand: list[int],
                       limit: int | None = None, position: int = 1, buf=None):
    """The kernels' answer in the reference's ``legal_follows`` form (``FollowResult``)."""
    from shengji_sim.rules.follow import FollowError, FollowResult

    p = kernel_inputs(variant)
    buf = _default_buffers() if buf is None else buf
    lead_counts, n_units, unit_w, unit_len, unit_kinds = lead_arrays(variant, level, trump,
                                                                     lead)
    hand_counts = counts_of(hand)
    n_fam, rule = follow_options_nb(p.kt, p.sw, level, trump, lead_counts, n_units,
                                    unit_w, unit_len, unit_kinds, hand_counts, position, buf)
    if rule < 0:
        raise FollowError(FOLLOW_ERRORS.get(int(rule), str(rule)))
    count = int(options_count_nb(p.kt, level, trump, buf, n_fam))
    if count < 0:
        raise FollowError(FOLLOW_ERRORS.get(count, str(count)))
    shown = count if limit is None else min(limit, count)
    out = np.zeros(N_KINDS, np.int8)
    plays = []
    for i in range(shown):
        err = options_nth_nb(p.kt, level, trump, buf, n_fam, i, out)
        if err:
            raise FollowError(FOLLOW_ERRORS.get(int(err), str(err)))
        plays.append(cards_of(p.kt, level, trump, out))
    truncated = limit is not None and count > len(plays)
    return FollowResult(plays, count, truncated, RULE_NAMES[rule])


def lead_options_core(variant, level: int, trump: int, hand) -> list[list[int]]:
    """The kernels' ``game.lead_options`` of a reference-style hand."""
    kt, sw = kernel_inputs(variant)
    return lead_options(kt, sw, level, trump, hand)


# -------------------------------------------------------------------------------- parity


class Parity(NamedTuple):
    """A reference function and the kernel wrapper that must equal it on every input.

    ``reference`` is looked up in its module at call time (a test may monkeypatch a defect
    into it). Both are called with the same arguments after the position: the reference as
    ``reference(ctx, *args)`` and the kernel as ``kernel(ctx.variant, level, trump, *args)``;
    an entry whose ``scope`` is "variant" takes the variant instead of a position.
    """

    name: str
    module: str
    function: str
    kernel: Callable
    rules: str
    scope: str = "position"

    @property
    def reference(self) -> Callable:
        return getattr(import_module(self.module), self.function)

    def call_reference(self, ctx, *args):
        target = ctx.variant if self.scope == "variant" else ctx
        return self.reference(target, *args)

    def call_kernel(self, ctx, *args):
        if self.scope == "variant":
            return self.kernel(ctx.variant, *args)
        return self.kernel(ctx.variant, ctx.ranking.level, ctx.ranking.trump, *args)


PARITY: tuple[Parity, ...] = (
    Parity("lead_units", "shengji_sim.rules.trick", "lead_units", decompose_core,
           "DEF-4, THROW-1, AMB-41, AMB-48"),
    Parity("lead_options", "shengji_sim.rules.game", "lead_options", lead_options_core,
           "LEAD-3, AMB-07, AMB-41"),
    Parity("legal_follows", "shengji_sim.rules.follow", "legal_follows", legal_follows_core,
           "FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, "
           "FOLLOW-9, FOLLOW-10, FOLLOW-11, DEF-5, DEF-8, THROW-5"),
    Parity("trick_winner", "shengji_sim.rules.trick", "trick_winner", trick_winner_core,
           "CMP-1, CMP-2, CMP-3, CMP-4, CMP-8, CMP-9, TRUMP-6, TRUMP-7, DEF-3, DEF-4"),
    Parity("judge_throw", "shengji_sim.rules.throw", "judge_throw", judge_throw_core,
           "THROW-1, THROW-2, THROW-3, THROW-4, AMB-20, AMB-21, AMB-22, AMB-23, AMB-43, "
           "AMB-47"),
    Parity("judge_kitty", "shengji_sim.rules.kitty", "judge_kitty", judge_kitty_core,
           "KITTY-2, KITTY-3, AMB-25, AMB-26, AMB-27, AMB-44"),
    Parity("judge_score", "shengji_sim.rules.score", "judge_score", judge_score_core,
           "LEVEL-2, LEVEL-3, LEVEL-4, LEVEL-5, SCORE-1", scope="variant"),
)


# ------------------------------------------------------------------------- heuristic players


def heuristic_decision_core(state, seat: int, current=()) -> list[int]:
    """The heuristic kernels' lead (``current`` empty) or follow of ``seat`` at a position of
    the reference's hand ``state`` (a ``rules.game.HandState`` whose seat plays a
    ``players.HeuristicPlayer``; ``current``: the trick's plays so far as ``(seat, cards)``).
    The lane holds every hand, as in a real run; the kernels must read only the seat's own
    hand, its buried kitty and the plays (tests/property/test_no_peeking_kernels.py)."""
    from shengji_sim.core.base.bits_nb import masks_of_nb
    from shengji_sim.core.engine.deal_nb import I_DEALER, I_N_BUR
    from shengji_sim.core.engine.play_follow_nb import strategy_family_follow_nb
    from shengji_sim.core.players.heuristic_lead_nb import heuristic_lead_into_nb
    from shengji_sim.core.players.heuristic_nb import kept_kind_nb
    from shengji_sim.core.players.memory_nb import (
        forget_nb,
        group_masks_nb,
        note_play_nb,
        unseen_by_masks_nb,
    )
    from shengji_sim.core.players.profile_columns import P_MEMORY

    variant = state.variant
    kt, sw = kernel_inputs(variant)
    level, trump = state.level, state.trump
    kinds, params = seat_profiles(state.players)
    lane = make_lane(kt, sw, kinds, state.match.levels, params)
    pre = lane.pre
    group, order = kt.group[level, trump], kt.order[level, trump]
    for s in range(4):
        pre.hands[s] = counts_of(state.hands[s])
        pre.hand_len[s] = len(state.hands[s])
        masks_of_nb(order, pre.hands[s], lane.hm[s])  # kept with the hands, as in a run
    pre.info[I_DEALER] = state.dealer
    n = int(sw[SW_KITTY_SIZE])
    pre.info[I_N_BUR] = 1 if n else 0
    if n:
        pre.bur_seat[0] = state.buried_by
        pre.bur_cards[0, :n] = sorted(state.kitty)
    forget_nb(lane.seen, lane.void, lane.smask)
    group_masks_nb(group, order, lane.gmask)
    for plays in [*state.history, list(current)]:
        for p, (s, cards) in enumerate(plays):
            lane.plays[p] = counts_of(cards)
            note_play_nb(sw, group, order, lane.seen, lane.smask, lane.void, lane.plays, p, s,
                         plays[0][1][0])
    p = params[seat]
    remember = bool(p[P_MEMORY])
    trumps_out = unseen_by_masks_nb(int(sw[SW_DECKS]), kt.power[level, trump],
                                    kt.kind_at[level, trump], order,
                                    kt.trump_pmask[level, trump], lane.gmask, lane.hm[seat],
                                    lane.smask, pre.bur_cards[0, :n],
                                    n > 0 and state.buried_by == seat, remember, lane.tops)
    void = lane.void if remember else lane.novoid
    kept = kept_kind_nb(p, kt.eff[level, trump], kt.power[level, trump], pre.hands[seat],
                        pre.hand_len[seat], seat, state.dealer)
    if not current:
        top, _throw = heuristic_lead_into_nb(kt, sw, level, trump, p, pre.hands,
                                             lane.hm[seat], lane.gmask, seat, lane.lb,
                                             lane.tops, trumps_out, void, kept, lane.uw,
                                             lane.ul, lane.uk, lane.ut, lane.hcnt, lane.lead)
        assert top >= 0, top
        return cards_of(kt, level, trump, lane.lead)
    position = len(current)
    lane.lead[:] = counts_of(current[0][1])
    n_units = decompose_top_nb(kt, sw, level, trump, lane.lead, lane.uw, lane.ul, lane.uk,
                               lane.ut)
    rule = strategy_family_follow_nb(kt, sw, level, trump, lane, seat, position, n_units,
                                     current[0][0])
    assert rule >= 0, rule
    return cards_of(kt, level, trump, lane.plays[position])
