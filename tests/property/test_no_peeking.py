"""No peeking: a heuristic player's decision depends only on its own hand and the public
history (docs/strategies.md). At a decision during a real hand, the hidden cards (the other
three hands and, unless the deciding seat buried it, the kitty) are permuted consistently
with what is public: only cards of the same follow group are swapped between two hidden
holdings, so every holding keeps its card count per group (each shown void stays true), and
no card of a kind shown in a declaration moves. The decision on the permuted position must
equal the original one."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from shengji_sim.config.strategy import load_strategy
from shengji_sim.config.variant import load_variant
from shengji_sim.players.reference import make_player
from shengji_sim.rng import Rng
from shengji_sim.rules.game import Choice, play_hand
from tests.helpers import budget

PROFILES = ("expert", "bold", "greedy")
VARIANT = "classic-2deck"


def permuted(state, seat: int, rng: Rng):
    """A copy of the hand state with hidden same-group cards swapped between holdings."""
    group = state.ctx.ranking.group
    shown = {k for d in state.record.get("declarations", []) for k in _kinds(d["cards"])}
    out = copy.copy(state)
    out.hands = [list(h) for h in state.hands]
    out.kitty = list(state.kitty)
    holdings = [out.hands[s] for s in range(4) if s != seat]
    if state.buried_by != seat:
        holdings.append(out.kitty)
    for _ in range(40):
        a, b = rng.below(len(holdings)), rng.below(len(holdings))
        if a == b or not holdings[a] or not holdings[b]:
            continue
        i, j = rng.below(len(holdings[a])), rng.below(len(holdings[b]))
        x, y = holdings[a][i], holdings[b][j]
        if group[x] == group[y] and x not in shown and y not in shown:
            holdings[a][i], holdings[b][j] = y, x
    return out


def _kinds(texts: list[str]) -> list[int]:
    from shengji_sim.cards import parse_cards

    return parse_cards(texts)


class Checker:
    """Wraps one profile's player on every seat; at each lead and follow it asks the same
    player again on a permuted copy of the state and records any difference."""

    def __init__(self, profile: str, perm_seed: int) -> None:
        self.player = make_player(load_strategy(profile))
        self.rng = Rng(perm_seed)
        self.state = None
        self.visible = None  # the state a peeking player would read (tests only)
        self.checked = 0
        self.differences: list[str] = []

    def audit(self, decision, state, seat, options, **context) -> None:
        self.state = state

    def compare(self, method: str, view, options, current=()) -> list[int]:
        ask = getattr(self.player, method)
        self.visible = self.state
        first = ask(view, options, None)
        self.player._refused = None
        self.visible = permuted(self.state, view.seat, self.rng)
        other = self.visible.view(view.seat, current)
        assert other.hand == view.hand
        again = ask(other, options, None)
        self.player._refused = None
        self.visible = self.state
        if sorted(first) != sorted(again):
            self.differences.append(f"{method} seat {view.seat} trick {len(view.tricks)}: "
                                    f"{first} vs {again}")
        self.checked += 1
        return ask(view, options, None)  # leaves the throw-refusal memory as in a real game

    def seat(self):
        checker = self

        class Seat:
            name = "checked"

            def declare(self, view, options, rng):
                return checker.player.declare(view, options, rng)

            def chaodi(self, view, options, rng):
                return checker.player.chaodi(view, options, rng)

            def bury(self, view, options, rng):
                return checker.player.bury(view, options, rng)

            def lead(self, view, options: Choice, rng):
                return checker.compare("lead", view, options)

            def follow(self, view, options: Choice, rng):
                return checker.compare("follow", view, options, view.current)

        return Seat()


@budget(0.03, minimum=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**32 - 1),
       perm_seed=st.integers(0, 2**32 - 1))
def test_decisions_ignore_hidden_cards(profile: str, seed: int, perm_seed: int) -> None:
    checker = Checker(profile, perm_seed)
    play_hand(load_variant(VARIANT), [checker.seat() for _ in range(4)], seed, 0,
              audit=checker.audit)
    assert checker.checked > 0
    assert not checker.differences, checker.differences[:3]


def test_a_peeking_player_is_caught() -> None:
    """The check has teeth: a player that reads the next seat's hand is caught."""
    checker = Checker("expert", 5)

    class Spy:
        def __getattr__(self, name):
            return getattr(make_player(load_strategy("expert")), name)

        def follow(self, view, options, rng):
            nxt = checker.visible.hands[(view.seat + 1) % 4]
            return options.nth(0 if not nxt or min(nxt) % 2 == 0 else options.count - 1)

    checker.player = Spy()
    play_hand(load_variant(VARIANT), [checker.seat() for _ in range(4)], 3, 0,
              audit=checker.audit)
    assert checker.differences
