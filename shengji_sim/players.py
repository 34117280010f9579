"""The reference players: ``random`` and ``greedy`` (the kernels of
:mod:`shengji_sim.core.players_nb` make the same decisions), and ``passive`` for tests.

The ``random`` player's distribution, exactly (the Numba core draws the same numbers):

* declare / 炒底: ``i = rng.below(count + 1)``; ``i == count`` passes, else option ``i``
  (options in the engine's order: kinds ascending, then card count ascending).
* bury: ``rng.below(count)`` over the distinct multisets of ``kitty_size`` cards of the
  hand, in :func:`~shengji_sim.rules.follow.nth_multiset` order (uniform over distinct
  burials, not over card positions).
* lead: ``rng.below(count)`` over the distinct one-unit leads of
  :func:`~shengji_sim.rules.game.lead_options` (it never throws).
* follow: ``rng.below(count)`` over the distinct legal follows in listing order
  (:func:`~shengji_sim.rules.follow.follow_options`).

``greedy`` is a simple sensible heuristic that draws no random numbers: it declares its
strongest option when it holds at least a quarter of its cards in that suit (counting
trumps), buries its weakest non-point cards, leads its strongest unit when that unit is a
trump or an ace-high off-suit unit and otherwise its lowest single of its longest off
suit, and follows by winning the trick as cheaply as it can, giving points to a partner
who is winning, and otherwise playing the cheapest follow (fewest points, lowest power).
"""

from __future__ import annotations

from shengji_sim.cards import TRUMP, points_of
from shengji_sim.rng import Rng
from shengji_sim.rules.game import Choice, View
from shengji_sim.rules.match import side_of
from shengji_sim.rules.trick import trick_winner

MAX_GREEDY_OPTIONS = 256


class RandomPlayer:
    """Uniform over the engine's options for every decision (see the module docstring)."""

    name = "random"

    def declare(self, view: View, options: Choice, rng: Rng):
        i = rng.below(options.count + 1)
        return None if i == options.count else options.nth(i)

    chaodi = declare

    def bury(self, view: View, options: Choice, rng: Rng) -> list[int]:
        return options.nth(rng.below(options.count))

    def lead(self, view: View, options: Choice, rng: Rng) -> list[int]:
        return options.nth(rng.below(options.count))

    def follow(self, view: View, options: Choice, rng: Rng) -> list[int]:
        return options.nth(rng.below(options.count))


class GreedyPlayer:
    """Win cheap tricks, feed a winning partner, keep trumps, bury low non-point cards."""

    name = "greedy"

    def declare(self, view: View, options: Choice, rng: Rng):
        best = options.nth(options.count - 1) if options.count else None
        if best is None:
            return None
        suit = best.suit
        same = sum(1 for k in view.hand if k < 52 and (k // 13 == suit or k % 13 == view.level))
        return best if 4 * same >= max(len(view.hand), 4) else None

    def chaodi(self, view: View, options: Choice, rng: Rng):
        return self.declare(view, options, rng)

    def bury(self, view: View, options: Choice, rng: Rng) -> list[int]:
        ctx = view.ctx
        n = len(options.nth(0))
        keep_last = sorted(view.hand, key=lambda k: (ctx.ranking.is_trump(k), points_of(k) > 0,
                                                     ctx.ranking.power[k], k))
        return keep_last[:n]

    def lead(self, view: View, options: Choice, rng: Rng) -> list[int]:
        ctx = view.ctx
        units = [options.nth(i) for i in range(options.count)]
        strongest = max(units, key=lambda u: (len(u), _is_top(ctx, u), -_key(ctx, u)))
        if len(strongest) > 1 or _is_top(ctx, strongest):
            return strongest
        off = [k for k in view.hand if not ctx.ranking.is_trump(k)]
        if not off:
            return units[-1]
        by_suit: dict[int, list[int]] = {}
        for k in off:
            by_suit.setdefault(ctx.ranking.group[k], []).append(k)
        longest = max(by_suit.values(), key=len)
        return [min(longest, key=lambda k: (ctx.ranking.power[k], k))]

    def follow(self, view: View, options: Choice, rng: Rng) -> list[int]:
        ctx = view.ctx
        count = min(options.count, MAX_GREEDY_OPTIONS)
        plays = [options.nth(i) for i in range(count)]
        so_far = [cards for _, cards in view.current]
        best_now = trick_winner(ctx, so_far) if len(so_far) > 1 else 0
        partner_winning = side_of(view.current[best_now][0]) == side_of(view.seat)
        if partner_winning:
            return max(plays, key=lambda p: (_points(p), -_cost(ctx, p)))
        winning = [p for p in plays if trick_winner(ctx, so_far + [p]) == len(so_far)]
        if winning:
            return min(winning, key=lambda p: (_cost(ctx, p), -_points(p)))
        return min(plays, key=lambda p: (_points(p), _cost(ctx, p)))


def _points(cards: list[int]) -> int:
    return sum(points_of(k) for k in cards)


def _cost(ctx, cards: list[int]) -> int:
    """How much a play spends: trumps cost more than any off-suit card."""
    return sum((200 if ctx.ranking.eff_suit[k] == TRUMP else 0) + ctx.ranking.power[k]
               for k in cards)


def _key(ctx, cards: list[int]) -> int:
    return min(ctx.ranking.power[k] for k in cards)


def _is_top(ctx, cards: list[int]) -> bool:
    """An off-suit unit topped by an ace, or any trump unit."""
    k = cards[0]
    return ctx.ranking.is_trump(k) or k % 13 == 12


class PassivePlayer(RandomPlayer):
    """Random, but never declares nor 炒s: a table of them exercises BID-8 (nobody
    declares; the kernels' player kind ``players_nb.PASSIVE``). For tests, not for users."""

    name = "passive"

    def declare(self, view: View, options: Choice, rng: Rng):
        return None

    chaodi = declare


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}  #: what users may choose


def make_players(name: str) -> list:
    if name not in PLAYERS:
        raise ValueError(f"{name}: no such player (expected one of {', '.join(PLAYERS)})")
    return [PLAYERS[name]() for _ in range(4)]
