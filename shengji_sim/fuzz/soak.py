"""Differential soak (issue 14 part 5): the reference and the Numba core play the same hands
and are compared decision by decision.

Representation
--------------
A soak is a list of *lanes* per variant: one lane per (readings, players) pair, readings
being ``()`` (the variant's defaults) and, with ``vary_readings``, every single
``ITEM=LETTER`` override of :func:`~shengji_sim.fuzz.runner.alternative_readings` (every
applicable letter of every AMB and OTH item the variant loads). Hand ``i`` of a variant
(``0 <= i < hands``) is played in lane ``i % len(lanes)`` with root seed ``seed`` and index
``i``, by :func:`~shengji_sim.run.sim.play_reference_hand` and by
:func:`~shengji_sim.core.runtime.backend.play_hand_core`; both give the reference record format, so
the two records are compared as sequences of *decisions* (:func:`decisions`): every
declaration, 炒 and burial in order, then every play of every trick (lead first), then the
hand's outcome fields. A record pair that differs diverges at its first differing decision
(:class:`Divergence`: the hand, the decision, both answers, the commands that show it). An
exception in either engine is a divergence at decision ``"crash"``.

:func:`soak` stops at the first divergence; :class:`SoakResult` counts hands, decisions and
seconds per variant and the lanes run.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field

OUTCOME_FIELDS = ("trump", "dealer", "level", "attacker_points", "penalties", "score",
                  "level_penalties", "next_dealer", "levels_after", "match_winner")


@dataclass
class Divergence:
    variant: str
    ambs: list[str]
    players: str
    seed: int
    index: int
    decision: str
    reference: str
    core: str
    commands: list[str]

    def text(self) -> str:
        amb = " ".join(f"--amb {a}" for a in self.ambs)
        lines = [f"DIVERGENCE: {self.variant} {amb} players {self.players} seed {self.seed} "
                 f"hand {self.index}".replace("  ", " "),
                 f"  decision: {self.decision}", f"  reference: {self.reference}",
                 f"  core:      {self.core}"]
        lines += [f"  show: {c}" for c in self.commands]
        return "\n".join(lines)


@dataclass
class VariantSoak:
    variant: str
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    lanes: list[str] = field(default_factory=list)


@dataclass
class SoakResult:
    seed: int
    players: list[str]
    vary_readings: bool
    start_index: int = 0
    variants: list[VariantSoak] = field(default_factory=list)
    divergence: Divergence | None = None

    @property
    def hands(self) -> int:
        return sum(v.hands for v in self.variants)

    @property
    def decisions(self) -> int:
        return sum(v.decisions for v in self.variants)

    @property
    def seconds(self) -> float:
        return sum(v.seconds for v in self.variants)


# -------------------------------------------------------------------------------- decisions


def decisions(record: dict) -> list[tuple[str, object]]:
    """The record's decisions in order, as (label, answer) pairs; see the module doc."""
    out: list[tuple[str, object]] = []
    for i, d in enumerate(record.get("declarations") or []):
        out.append((f"declaration {i + 1} (seat {d.get('seat')})", d))
    for i, c in enumerate(record.get("chaodi") or []):
        out.append((f"炒 {i + 1} (seat {c.get('seat')})", c))
    for i, b in enumerate(record.get("burials") or []):
        out.append((f"burial {i + 1} (seat {b.get('seat')})", b))
    for t, trick in enumerate(record.get("tricks") or []):
        for k, (seat, cards) in enumerate(trick["plays"]):
            what = "lead" if k == 0 else f"follow {k}"
            out.append((f"trick {t + 1} {what} (seat {seat})", cards))
        rest = {key: v for key, v in trick.items() if key != "plays"}
        out.append((f"trick {t + 1} outcome", rest))
    for name in OUTCOME_FIELDS:
        out.append((f"hand {name}", record.get(name)))
    return out


def n_decisions(record: dict) -> int:
    """Player decisions of a record: declarations, 炒, burials and trick plays."""
    return (len(record.get("declarations") or []) + len(record.get("chaodi") or [])
            + len(record.get("burials") or [])
            + sum(len(t["plays"]) for t in record.get("tricks") or []))


def _text(answer: object) -> str:
    if isinstance(answer, list) and all(isinstance(x, str) for x in answer):
        return " ".join(answer)
    return repr(answer)


def first_difference(ref: dict, core: dict) -> tuple[str, str, str, int, int] | None:
    """(decision, reference answer, core answer, trick, play) of the first difference, or
    None; trick and play are -1 outside the tricks. Fields outside the decision list (the
    deal, seeds) are compared last."""
    a, b = decisions(ref), decisions(core)
    for i in range(max(len(a), len(b))):
        if i >= len(a) or i >= len(b) or a[i] != b[i]:
            label = (a[i] if i < len(a) else b[i])[0]
            ra = _text(a[i][1]) if i < len(a) else "(no such decision)"
            ca = _text(b[i][1]) if i < len(b) else "(no such decision)"
            trick = play = -1
            if label.startswith("trick ") and "outcome" not in label:
                trick = int(label.split()[1]) - 1
                play = 0 if " lead " in label else int(label.split()[3])
            return label, ra, ca, trick, play
    for key in sorted(set(ref) | set(core)):
        if ref.get(key) != core.get(key):
            return f"record field {key}", _text(ref.get(key)), _text(core.get(key)), -1, -1
    return None


def hand_before(record: dict, seat: int, trick: int) -> list[str]:
    """The seat's cards before ``trick``: every card it plays from that trick on."""
    return [c for t in record["tricks"][trick:] for s, cards in t["plays"] if s == seat
            for c in cards]


def show_commands(variant: str, ambs: list[str], players: str, seed: int, index: int,
                  ref: dict | None, trick: int, play: int) -> list[str]:
    """The commands that show a divergence: both engines' records, and the judge command of
    the decision (``judge follow`` for a follow, ``judge throw`` for a lead)."""
    q = shlex.quote
    common = ["--variant", variant] + [x for a in ambs for x in ("--amb", a)]
    plays = [" ".join(q(x) for x in ["shengji-sim", "play", *common, "--seed", str(seed),
                                     "--index", str(index), "--players", players,
                                     "--engine", engine, "--format", "json"])
             for engine in ("reference", "core")]
    if ref is None or trick < 0 or trick >= len(ref.get("tricks", [])):
        return plays
    from shengji_sim.cards import format_rank

    t = ref["tricks"][trick]
    where = ["--level", format_rank(ref["level"]), "--trump", ref["trump"]]
    lead_seat, lead = t["plays"][0]
    if play == 0:
        others = [" ".join(hand_before(ref, (lead_seat + i) % 4, trick)) for i in (1, 2, 3)]
        judge = ["shengji-sim", "judge", "throw", *common, *where, "--lead", " ".join(lead),
                 "--others", *others]
    else:
        seat = t["plays"][play][0]
        judge = ["shengji-sim", "judge", "follow", *common, *where, "--lead", " ".join(lead),
                 "--hand", " ".join(hand_before(ref, seat, trick)), "--position", str(play)]
    return plays + [" ".join(q(x) for x in judge)]


# ------------------------------------------------------------------------------------ soak


def lanes_of(variant: str, players: list[str], vary_readings: bool) -> list[tuple[tuple, str]]:
    from shengji_sim.fuzz.runner import alternative_readings

    readings: list[tuple[str, ...]] = [()]
    if vary_readings:
        readings += [(spec,) for spec in alternative_readings(variant)]
    return [(r, p) for r in readings for p in players]


def compare_hand(variant_obj, variant: str, ambs: tuple[str, ...], players: str, seed: int,
                 index: int) -> tuple[int, Divergence | None]:
    """Play hand ``index`` on both engines: (decisions, divergence or None)."""
    from shengji_sim.core.runtime.backend import play_hand_core
    from shengji_sim.run.sim import HandFailure, play_reference_hand, seat_players

    ref = core = None
    errors = []
    try:
        ref = play_reference_hand(variant_obj, seat_players(players), seed, index)
    except HandFailure as exc:
        errors.append(f"reference: {exc}")
    try:
        core = play_hand_core(variant_obj, players, seed, index)
    except HandFailure as exc:
        errors.append(f"core: {exc}")
    if errors:
        div = Divergence(variant, list(ambs), players, seed, index, "crash",
                         "crash" if ref is None else "record", "crash" if core is None else
                         "record", show_commands(variant, list(ambs), players, seed, index,
                                                 None, -1, -1))
        div.reference += "" if ref is not None else f" ({errors[0]})"
        div.core += "" if core is not None else f" ({errors[-1]})"
        return 0, div
    assert ref is not None and core is not None
    if ref == core:
        return n_decisions(ref), None
    label, ra, ca, trick, play = first_difference(ref, core)  # type: ignore[misc]
    return 0, Divergence(variant, list(ambs), players, seed, index, label, ra, ca,
                         show_commands(variant, list(ambs), players, seed, index, ref, trick,
                                       play))


def soak(variants: list[str], hands: int, players: list[str], seed: int = 0,
         vary_readings: bool = False,
         progress: Callable[[str, int, int], None] | None = None,
         start_index: int = 0) -> SoakResult:
    """Play hands ``start_index .. start_index + hands - 1`` of each variant on both engines
    (hand ``i`` in lane ``i % len(lanes)``); stop at the first divergence."""
    from shengji_sim.fuzz.positions import variant_for

    result = SoakResult(seed, list(players), vary_readings, start_index)
    for name in variants:
        lanes = lanes_of(name, players, vary_readings)
        vs = VariantSoak(name, lanes=[" ".join(r) + f" [{p}]" if r else f"defaults [{p}]"
                                      for r, p in lanes])
        result.variants.append(vs)
        start = time.monotonic()
        for i in range(start_index, start_index + hands):
            ambs, who = lanes[i % len(lanes)]
            n, div = compare_hand(variant_for(name, ambs), name, ambs, who, seed, i)
            vs.hands += 1
            vs.decisions += n
            if div is not None:
                result.divergence = div
                vs.seconds = time.monotonic() - start
                return result
            if progress is not None and vs.hands % 500 == 0:
                progress(name, vs.hands, vs.decisions)
        vs.seconds = time.monotonic() - start
    return result


def summary_text(result: SoakResult) -> str:
    lines = [f"soak: seed {result.seed}, hands from index {result.start_index}, players "
             f"{', '.join(result.players)}, readings "
             f"{'every applicable AMB/OTH letter' if result.vary_readings else 'defaults'}"]
    for v in result.variants:
        rate = v.hands / v.seconds if v.seconds else 0.0
        lines.append(f"  {v.variant:16} {v.hands:7} hands {v.decisions:9} decisions "
                     f"{len(v.lanes):3} lanes {v.seconds:8.1f} s ({rate:.1f} hands/s)")
    lines.append(f"  total {result.hands} hands, {result.decisions} decisions, "
                 f"{'1 divergence' if result.divergence else '0 divergences'}, "
                 f"{result.seconds:.1f} s")
    return "\n".join(lines)


__all__ = ["Divergence", "SoakResult", "VariantSoak", "compare_hand", "decisions",
           "first_difference", "hand_before", "lanes_of", "n_decisions", "show_commands",
           "soak", "summary_text"]
