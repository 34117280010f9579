"""Every follow and trick of a ``diff`` run, judged under reading B by the kernels and by the
reference (issue 33: no position that a reading's kernels cannot judge).

:func:`positions` plays hands ``0 .. n - 1`` under reading A on the core with per-decision
draws, as ``shengji-sim diff`` does (``core/diff_nb.diff_lane_nb``), and walks each hand's
log as ``shadow_nb.shadow_hand_nb`` does: before each follow, the follower's holding; after
each trick, the plays. Each position is judged under B by the kernels
(``follow_options_nb`` on ``decompose_top_nb``'s units, ``options_count_nb``,
``options_contain_nb``; ``trick_winner_nb``) and by the reference (``follow.follow_options``,
``follow.check_follow``; ``trick.trick_winner``): a :class:`Verdict` each, ``None`` fields
where an engine gives up (its error in ``error``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from shengji_sim.cards import N_KINDS


class Verdict(NamedTuple):
    """One engine's judgement of a position: a follow's legal-set size and whether the
    chosen play is in it, or a trick's winner; ``error`` when the engine gave up."""

    count: int | None = None
    legal: bool | None = None
    winner: int | None = None
    error: str | None = None


class Position(NamedTuple):
    kind: str  # "follow" or "trick"
    hand: int  # hand index of the run
    trick: int
    position: int  # 1..3 after the leader (a follow), 0 (a trick)
    level: int
    trump: int
    lead: list[int]
    holding: list[int]  # the follower's cards (a follow)
    plays: list[list[int]]  # the trick's plays so far (a follow: lead .. this play)
    kernel: Verdict
    reference: Verdict

    def describe(self) -> str:
        from shengji_sim.cards import format_cards

        what = (f"follow position {self.position}: hand {format_cards(self.holding)}, "
                f"play {format_cards(self.plays[-1])}" if self.kind == "follow"
                else "winner of " + " / ".join(format_cards(p) for p in self.plays))
        return (f"hand {self.hand} trick {self.trick} (level {self.level}, trump "
                f"{self.trump}): lead {format_cards(self.lead)}, {what}; kernel "
                f"{self.kernel}, reference {self.reference}")


def _cards(counts) -> list[int]:
    return [k for k in range(N_KINDS) for _ in range(int(counts[k]))]


def _hand_logs(variant, players: str, seed: int, levels: np.ndarray):
    """``(index, level, trump, leader, plays, winner)`` of each hand under ``variant`` on the
    core, with per-decision draws, hand ``i`` at ``levels[i]`` (``diff_nb.diff_lane_nb``)."""
    from shengji_sim.core.engine.game_nb import play_hand_nb
    from shengji_sim.core.engine.lane_nb import C_LEVEL, C_TRUMP, N_COLUMNS
    from shengji_sim.core.runtime.api import make_lane
    from shengji_sim.core.runtime.backend import RULE_COLUMN, CoreError, _seats, engine
    from shengji_sim.core.runtime.diffrun import decision_switches

    eng = engine(variant)
    sw = decision_switches(eng.sw)
    kinds, params = _seats(players)
    lane = make_lane(eng.kt, sw, kinds, np.zeros(2, np.int32), params)
    out = np.zeros((1, N_COLUMNS), np.int64)
    for i, lv in enumerate(levels):
        lane.levels[0] = lane.levels[1] = int(lv)
        err = play_hand_nb(eng.kt, sw, RULE_COLUMN, np.uint64(seed), i, 1, -1, lane,
                           lane.cand, out, 0, True)
        if err:
            raise CoreError(i, int(err), "reading A")
        log = lane.log
        n = int(log.n[0])
        yield (i, int(out[0, C_LEVEL]), int(out[0, C_TRUMP]), log.leader[:n].copy(),
               log.plays[:n].copy(), log.winner[:n].copy())


def _kernel_follow(kt, sw, level, trump, lead, units, holding, play, position, buf) -> Verdict:
    from shengji_sim.core.base.errors import FOLLOW_ERRORS
    from shengji_sim.core.follow.follow_count_nb import options_contain_nb, options_count_nb
    from shengji_sim.core.follow.follow_families_nb import follow_options_nb

    n_units, uw, ul, uk = units
    n_fam, rule = follow_options_nb(kt, sw, level, trump, lead, n_units, uw, ul, uk, holding,
                                    position, buf)
    if rule < 0:
        return Verdict(error=FOLLOW_ERRORS.get(int(rule), str(rule)))
    count = int(options_count_nb(kt, level, trump, buf, n_fam))
    if count < 0:
        return Verdict(error=FOLLOW_ERRORS.get(count, str(count)))
    return Verdict(count, bool(options_contain_nb(buf, n_fam, play)))


def _reference_follow(ctx, lead, holding, play, position) -> Verdict:
    from shengji_sim.rules.follow import FollowError, check_follow, follow_options

    try:
        count = follow_options(ctx, lead, holding, position).count
        legal = check_follow(ctx, lead, holding, play, position)[0]
    except FollowError as exc:
        return Verdict(error=f"FollowError: {exc}")
    return Verdict(count, bool(legal))


def _reference_winner(ctx, plays) -> Verdict:
    from shengji_sim.rules.trick import trick_winner

    try:
        return Verdict(winner=trick_winner(ctx, plays))
    except Exception as exc:  # noqa: BLE001 - the reference gives up on these plays
        return Verdict(error=f"{type(exc).__name__}: {exc}")


def positions(variant_a, variant_b, players: str, seed: int, levels: np.ndarray):
    """Every follow and trick of reading A's hands, judged under B by both engines (module
    docstring), as :class:`Position` values."""
    from shengji_sim.core.engine.diff_nb import _follow_buffers_nb, _units_scratch_nb
    from shengji_sim.core.rules.shapes_nb import decompose_top_nb
    from shengji_sim.core.rules.trick_nb import trick_winner_nb
    from shengji_sim.core.runtime.backend import engine
    from shengji_sim.core.runtime.diffrun import decision_switches
    from shengji_sim.rules.shapes import make_context

    eb = engine(variant_b)
    kt, sw = eb.kt, decision_switches(eb.sw)
    buf = _follow_buffers_nb()
    uw, ul, uk, ut = _units_scratch_nb()
    for i, level, trump, leader, plays, _ in _hand_logs(variant_a, players, seed, levels):
        ctx = make_context(variant_b, level, trump)
        hands = np.zeros((4, N_KINDS), np.int8)
        for t in range(len(leader)):
            for p in range(4):
                hands[(leader[t] + p) % 4] += plays[t, p]
        for t in range(len(leader)):
            ls = int(leader[t])
            lead = plays[t, 0]
            lead_cards = _cards(lead)
            hands[ls] -= lead
            n_units = decompose_top_nb(kt, sw, level, trump, lead, uw, ul, uk, ut)
            for p in range(1, 4):
                holding = hands[(ls + p) % 4]
                play = plays[t, p]
                hold_cards, play_cards = _cards(holding), _cards(play)
                yield Position(
                    "follow", i, t, p, level, trump, lead_cards, hold_cards,
                    [_cards(plays[t, q]) for q in range(p + 1)],
                    _kernel_follow(kt, sw, level, trump, lead, (n_units, uw, ul, uk),
                                   holding.copy(), play, p, buf),
                    _reference_follow(ctx, lead_cards, hold_cards, play_cards, p))
                holding -= play
            trick_plays = [_cards(plays[t, q]) for q in range(4)]
            w = int(trick_winner_nb(kt, sw, level, trump, plays[t].copy(), 4, uw, ul, uk, ut))
            kernel = Verdict(winner=w) if w >= 0 else Verdict(error=f"trick error {w}")
            yield Position("trick", i, t, 0, level, trump, lead_cards, [], trick_plays,
                           kernel, _reference_winner(ctx, trick_plays))
