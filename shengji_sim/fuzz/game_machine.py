"""The stateful whole-game machine: :class:`GameMachine` deals and plays whole games step by
step with the reference rules, checking conservation after every step; :func:`game_machine`
makes one for a single variant and reading.

Representation
--------------
The machine's state is ``hands`` (four lists of card kinds), ``kitty``, ``won`` (the cards
each side took), ``table`` (the trick so far as ``(seat, cards)``), ``leader`` and
``winners`` (the seat that won each trick), with the Context of the drawn level and trump.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from shengji_sim.cards import deck, format_cards, points_of
from shengji_sim.fuzz.card_strategies import group_of
from shengji_sim.fuzz.positions import VARIANTS, context_for, variant_for


class GameMachine(RuleBasedStateMachine):
    """Whole games step by step with the reference rules (a rule-based state machine).

    ``deal`` shuffles ``decks`` decks with the hand's :class:`~shengji_sim.rng.Rng`, deals
    ``hand_size`` cards each, leaves the rest as the kitty and draws level and trump.
    ``lead`` plays a one-unit lead or a throw of two units (judged by ``judge_throw``; a
    failed throw plays its forced component); ``follow`` plays a drawn legal follow;
    ``attempt_illegal`` mutates a legal follow and requires ``check_follow`` to reject it
    without changing the state. Invariants: card and point conservation, equal hand sizes
    at trick boundaries, one winner per trick.
    """

    VARIANTS: tuple[str, ...] = VARIANTS
    AMBS: tuple[str, ...] = ()

    def __init__(self) -> None:
        super().__init__()
        self.ctx = None

    @initialize(data=st.data())
    def deal(self, data) -> None:
        from shengji_sim.rng import Rng, hand_seed

        name = data.draw(st.sampled_from(self.VARIANTS), label="variant")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        self.variant = variant_for(name, self.AMBS)
        v = self.variant
        rng = Rng(hand_seed(seed, 0))
        cards = deck(v.decks)
        rng.shuffle(cards)
        self.hands = [sorted(cards[i * v.hand_size:(i + 1) * v.hand_size]) for i in range(4)]
        self.kitty = cards[4 * v.hand_size:]
        self.ctx = context_for(name, self.AMBS, rng.below(13), rng.below(5))
        self.deck = sorted(deck(v.decks))
        self.won: list[list[int]] = [[], []]
        self.table: list[tuple[int, list[int]]] = []
        self.leader = 0
        self.winners: list[int] = []

    # --------------------------------------------------------------------------- rules

    @precondition(lambda self: self.ctx is not None and not self.table and self.hands[0])
    @rule(data=st.data())
    def lead(self, data) -> None:
        from shengji_sim.rules import throw
        from shengji_sim.rules.game import lead_options

        hand = self.hands[self.leader]
        options = lead_options(self.ctx, hand)
        first = options[data.draw(st.integers(0, len(options) - 1), label="lead")]
        cards = list(first)
        if data.draw(st.booleans(), label="throw"):
            rest = _minus(hand, first)
            key = group_of(self.ctx, first[0])
            more = [o for o in lead_options(self.ctx, rest) if group_of(self.ctx, o[0]) == key]
            if more:
                cards += more[data.draw(st.integers(0, len(more) - 1), label="second")]
        others = [self.hands[(self.leader + i) % 4] for i in range(1, 4)]
        result = throw.judge_throw(self.ctx, cards, others)
        if result.rejected:
            return
        assert sorted(result.played + result.returned) == sorted(cards), "throw lost cards"
        self.hands[self.leader] = _minus(hand, result.played)
        self.table = [(self.leader, list(result.played))]

    @precondition(lambda self: self.ctx is not None and 0 < len(self.table) < 4)
    @rule(data=st.data())
    def follow(self, data) -> None:
        from shengji_sim.rules import follow

        seat = (self.leader + len(self.table)) % 4
        lead = self.table[0][1]
        options = follow.follow_options(self.ctx, lead, self.hands[seat], len(self.table))
        assert options.count >= 1, "no legal follow"
        play = options.nth(data.draw(st.integers(0, options.count - 1), label="follow"))
        legal, reason = follow.check_follow(self.ctx, lead, self.hands[seat], play,
                                            len(self.table))
        assert legal, f"enumerated follow rejected: {reason}"
        self.hands[seat] = _minus(self.hands[seat], play)
        self.table.append((seat, list(play)))
        if len(self.table) == 4:
            self._finish_trick()

    @precondition(lambda self: self.ctx is not None and 0 < len(self.table) < 4)
    @rule(data=st.data())
    def attempt_illegal(self, data) -> None:
        from shengji_sim.rules import follow

        seat = (self.leader + len(self.table)) % 4
        lead = self.table[0][1]
        hand = list(self.hands[seat])
        before = (list(hand), list(self.table))
        legal = {tuple(sorted(p)) for p in
                 follow.legal_follows(self.ctx, lead, hand, limit=2000,
                                      position=len(self.table)).plays}
        base = list(sorted(next(iter(sorted(legal)))))
        out_i = data.draw(st.integers(0, len(base) - 1), label="swap_out")
        spare = _minus(hand, base)
        if not spare:
            return
        swapped = sorted(base[:out_i] + base[out_i + 1:]
                         + [spare[data.draw(st.integers(0, len(spare) - 1), label="swap_in")]])
        ok, _ = follow.check_follow(self.ctx, lead, hand, swapped, len(self.table))
        if tuple(swapped) not in legal and len(legal) < 2000:
            assert not ok, f"check_follow accepts {format_cards(swapped)}, not enumerated"
        assert (list(self.hands[seat]), list(self.table)) == before, "state changed"

    def _finish_trick(self) -> None:
        from shengji_sim.rules import trick

        plays = [p for _, p in self.table]
        winner = trick.trick_winner(self.ctx, plays)
        assert 0 <= winner < 4
        seat = self.table[winner][0]
        self.winners.append(seat)
        self.won[seat % 2] += [k for p in plays for k in p]
        self.table = []
        self.leader = seat

    # ---------------------------------------------------------------------- invariants

    @invariant()
    def cards_conserved(self) -> None:
        if self.ctx is None:
            return
        everything = [k for h in self.hands for k in h] + self.kitty + self.won[0] + \
            self.won[1] + [k for _, p in self.table for k in p]
        assert sorted(everything) == self.deck, "cards not conserved"

    @invariant()
    def points_conserved(self) -> None:
        if self.ctx is None:
            return
        everything = [k for h in self.hands for k in h] + self.kitty + self.won[0] + \
            self.won[1] + [k for _, p in self.table for k in p]
        assert sum(points_of(k) for k in everything) == self.variant.total_points

    @invariant()
    def equal_hands_at_trick_boundary(self) -> None:
        if self.ctx is None or self.table:
            return
        assert len({len(h) for h in self.hands}) == 1, "hand sizes differ between tricks"


def game_machine(variant: str, ambs: tuple[str, ...] = ()) -> type[GameMachine]:
    """A :class:`GameMachine` for one variant and reading."""
    return type(f"GameMachine_{variant.replace('-', '_')}", (GameMachine,),
                {"VARIANTS": (variant,), "AMBS": tuple(ambs)})


def _minus(hand: list[int], cards: list[int]) -> list[int]:
    out = list(hand)
    for k in cards:
        out.remove(k)
    return out


__all__ = ["GameMachine", "game_machine"]
