"""What every fuzz property is made of: the :class:`Property` type, its failure
(:class:`PropertyFailure`, classified ``ENGINE`` or ``RULESET``) and the helpers the property
modules share (card counts, sub-multisets, sampled follows, a guarded reference call, a whole
hand of the reference engine).

Representation
--------------
A :class:`Property` has a ``name`` (used by ``shengji-sim fuzz --property`` and the tests),
the ``kind`` of :class:`~shengji_sim.fuzz.positions.Position` it takes, the rule IDs it
checks and ``check(position)``, which returns quietly (or :data:`NA` when the position does
not apply) or raises:

* :class:`PropertyFailure` with ``classification``:
  ``"engine_defect"`` when the engine contradicts itself (generator vs checker, reference vs
  kernels, a crash, lost cards, nondeterminism, a rule applied against its own text), or
  ``"rule_set_finding"`` when the rules as written (a seed table, a chosen reading) produce
  the problem: a follow table leaving a holding with no row, two rules demanding different
  plays, a comparison that is not an order, a valid throw that can be beaten;

Cards are kinds (:mod:`shengji_sim.cards`); :func:`counts` gives a play's count per kind, the
form :mod:`shengji_sim.rules.shapes` takes. The catalogue of named properties is
:mod:`shengji_sim.fuzz.properties`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from shengji_sim.cards import N_KINDS
from shengji_sim.fuzz.positions import Position
from shengji_sim.rules import follow

ENGINE = "engine_defect"
RULESET = "rule_set_finding"
EXHAUSTIVE_LIMIT = 3000  #: candidate multisets checked one by one (small holdings)
SAMPLE = 120  #: enumerated follows checked when there are more
NA = "n/a"  #: what a property returns when it does not apply to the position


class PropertyFailure(AssertionError):
    """A property does not hold; ``classification`` is ENGINE or RULESET."""

    def __init__(self, message: str, classification: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.classification = classification
        self.rule = rule
        self.position: Position | None = None



def fail(message: str, classification: str = ENGINE, rule: str = "") -> None:
    raise PropertyFailure(message, classification, rule)


@dataclass(frozen=True)
class Property:
    """``weight`` scales a fixed example count (whole games cost a hand each);
    ``sections``, when set, are the variant sections whose items can change the property's
    answer (default: by kind, ``runner.KIND_SECTIONS``)."""

    name: str
    kind: str
    title: str
    rules: str
    check: Callable[[Position], None]
    weight: float = 1.0
    sections: frozenset[str] = frozenset()


# ------------------------------------------------------------------------------ helpers


def counts(cards) -> tuple[int, ...]:
    out = [0] * N_KINDS
    for k in cards:
        out[k] += 1
    return tuple(out)


def sub_multisets(cards, size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct ``size``-card sub-multiset of ``cards`` (sorted tuples)."""
    items = sorted(Counter(cards).items())
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + items[i][1]

    def walk(i: int, left: int, chosen: list[int]):
        if left == 0:
            yield tuple(chosen)
            return
        if suffix[i] < left:
            return
        k, c = items[i]
        for take in range(min(c, left), -1, -1):
            yield from walk(i + 1, left - take, chosen + [k] * take)

    yield from walk(0, size, [])


def n_sub_multisets(cards, size: int) -> int:
    return follow._count_multisets(counts(cards), size)


def fmt(pos: Position, cards) -> str:
    return pos._fmt(cards)


def fmt_cards(ctx, cards) -> str:
    from shengji_sim.cards import format_cards

    return format_cards(ctx.ranking.sorted_cards(list(cards)) if ctx else list(cards))


def sample_follows(options) -> list[list[int]]:
    """All options when few, else an even sample including the first and the last."""
    n = options.count
    if n <= SAMPLE:
        return [options.nth(i) for i in range(n)]
    step = (n - 1) / (SAMPLE - 1)
    return [options.nth(round(i * step)) for i in range(SAMPLE)]


def guard(pos: Position, call: Callable, what: str):
    """Run a reference call; an unexpected exception is an engine defect (a crash)."""
    try:
        return call()
    except PropertyFailure:
        raise
    except AssertionError as exc:
        if "always realizable" in str(exc):
            fail(f"{what}: no row of the follow table is realizable for this holding "
                 f"(the table has a gap)", RULESET, "FOLLOW-11")
        fail(f"{what}: internal assertion: {exc}")
    except Exception as exc:  # noqa: BLE001 - any crash is a finding
        fail(f"{what}: {type(exc).__name__}: {exc}")


# -------------------------------------------------------------------------- whole hands


def reference_players(name: str):
    from shengji_sim.players.reference import make_players

    return make_players(name)


def play_reference_hand(pos: Position) -> dict:
    """The position's whole hand (``seed``, ``index``, ``players``) by the reference engine."""
    from shengji_sim.rules import game

    return guard(pos, lambda: game.play_hand(pos.variant_obj, reference_players(pos.players),
                                             pos.seed, pos.index), "play_hand")


__all__ = [
    "ENGINE", "EXHAUSTIVE_LIMIT", "NA", "RULESET", "SAMPLE", "Property",
    "PropertyFailure", "counts", "fail", "fmt", "fmt_cards", "guard", "n_sub_multisets",
    "play_reference_hand", "reference_players", "sample_follows", "sub_multisets",
]
