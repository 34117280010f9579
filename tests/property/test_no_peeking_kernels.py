"""No peeking, in the kernels: the heuristic kernels' lead and follow depend only on the
seat's own hand, its own buried kitty and the plays, although the lane holds every hand.
At each lead and follow of a reference hand of heuristic players, the kernels decide
(``core.api.heuristic_decision_core``) on the real position and on a copy whose hidden
cards are permuted consistently with what is public (tests/property/test_no_peeking.py's
``permuted``: same-group swaps between hidden holdings, declared kinds fixed): the two
decisions are equal, and equal to the reference player's."""

from __future__ import annotations

from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from shengji_sim.config.strategy import load_strategy
from shengji_sim.config.variant import load_variant
from shengji_sim.core.runtime.api import heuristic_decision_core
from shengji_sim.players.reference import make_player
from shengji_sim.rng import Rng
from shengji_sim.rules.game import Choice, play_hand
from tests.helpers import budget
from tests.property.test_no_peeking import permuted

PROFILES = ("expert", "bold", "cautious")
VARIANT = "classic-2deck"


class KernelChecker:
    """Every seat plays ``profile``; each lead and follow is asked of the kernels twice."""

    def __init__(self, profile: str, perm_seed: int) -> None:
        self.profile = profile
        self.rng = Rng(perm_seed)
        self.state = None
        self.checked = 0
        self.differences: list[str] = []

    def audit(self, decision, state, seat, options, **context) -> None:
        self.state = state

    def check(self, seat: int, chosen: list[int], current=()) -> None:
        real = heuristic_decision_core(self.state, seat, current)
        other = heuristic_decision_core(permuted(self.state, seat, self.rng), seat, current)
        where = f"seat {seat} trick {len(self.state.tricks)}"
        if sorted(real) != sorted(other):
            self.differences.append(f"{where}: {real} vs {other} (permuted)")
        if sorted(real) != sorted(chosen):
            self.differences.append(f"{where}: kernels {real} vs reference {chosen}")
        self.checked += 1

    def seat(self):
        checker = self
        player = make_player(load_strategy(self.profile))

        class Seat:
            name = player.name
            profile = player.profile

            def declare(self, view, options, rng):
                return player.declare(view, options, rng)

            def chaodi(self, view, options, rng):
                return player.chaodi(view, options, rng)

            def bury(self, view, options, rng):
                return player.bury(view, options, rng)

            def lead(self, view, options: Choice, rng):
                chosen = player.lead(view, options, rng)
                checker.check(view.seat, chosen)
                return chosen

            def follow(self, view, options: Choice, rng):
                chosen = player.follow(view, options, rng)
                checker.check(view.seat, chosen, view.current)
                return chosen

        return Seat()


@budget(0.03, minimum=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**32 - 1),
       perm_seed=st.integers(0, 2**32 - 1))
def test_kernel_decisions_ignore_hidden_cards(profile: str, seed: int, perm_seed: int) -> None:
    checker = KernelChecker(profile, perm_seed)
    play_hand(load_variant(VARIANT), [checker.seat() for _ in range(4)], seed, 0,
              audit=checker.audit)
    assert checker.checked > 0
    assert not checker.differences, checker.differences[:3]
