"""Interpretation diffs: the same deals and positions under two readings (RULES.md §4).

Representation
--------------
Reading A is ``variant`` with ``amb_a`` overrides, reading B the same variant with
``amb_b``. :func:`diff_readings` measures, with the reference engine:

* **Hands.** Hand ``i`` is ``play_hand(variant, players, seed, i)`` under each reading (same
  root seed and index, so the same shuffle and player stream until the readings make the
  play diverge). Along each reading's hand, every follow decision is also judged under the
  other reading (same cards, level and trump) and every trick's winner is recomputed under
  the other reading. A hand *differs* in its legal-follow sets or trick winners if any
  decision or trick on either path differs, and in its *outcome* if the attackers' points or
  the level change (side and levels) differ. A trick whose lead is not a legal lead under
  the other reading (DEF-27: not of one follow group there, as jokers led with trump-suit
  cards under AMB-07 B) cannot arise under it: its follows and winner are not judged, and
  the hand counts apart (``lead_not_legal``), never as a set or winner difference. Any other
  position a reading cannot judge raises (an engine defect, not a difference).
* **Dealer-side win rate.** ``w_i`` = 1 when the dealer side levels up in hand ``i``; the
  delta is the mean of the paired differences ``w_i(B) - w_i(A)`` with a normal 95% CI
  (``mean ± 1.96 · sd / sqrt(n)``).
* **Positions.** Drawn follow, trick and throw positions (reading A's strategies): the share
  where the legal-follow set, the trick winner or the throw verdict differs, and a minimal
  example found by hypothesis shrinking, with the ``shengji-sim judge`` commands for both
  readings; positions whose lead is not a legal lead under B are counted apart
  (``PositionDiff.lead_not_legal``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hyp_seed

from shengji_sim.fuzz.positions import Position, context_for, variant_for
from shengji_sim.fuzz.runner import derive, judge_command
from shengji_sim.fuzz.strategies import positions_of
from shengji_sim.rules import follow, throw, trick
from shengji_sim.rules.shapes import play_suit

SET_LIMIT = 300  #: legal sets compared exactly up to this size, else by count and sample
SAMPLE = 6


@dataclass
class PositionDiff:
    kind: str
    examples: int
    differ: int
    lead_not_legal: int = 0  #: drawn positions whose lead is not a legal lead under B
    example: str = ""
    cards: int = 0
    what: str = ""
    command_a: str = ""
    command_b: str = ""


@dataclass
class DiffResult:
    variant: str
    amb_a: list[str]
    amb_b: list[str]
    hands: int
    seed: int
    players: str
    played: int = 0
    errors: int = 0
    follow_differs: int = 0
    winner_differs: int = 0
    outcome_differs: int = 0
    lead_not_legal: int = 0  #: hands with a lead that is not legal under the other reading
    any_differs: int = 0
    dealer_rate_a: float = 0.0
    dealer_rate_b: float = 0.0
    delta: float = 0.0
    ci: tuple[float, float] = (0.0, 0.0)
    first_hand: int | None = None
    positions: list[PositionDiff] = field(default_factory=list)
    seconds: float = 0.0
    error_note: str = ""
    amb_a_letter: str = ""

    def share(self, n: int) -> float:
        return n / self.played if self.played else 0.0


# ------------------------------------------------------------------------------- comparing


def lead_legal(ctx, lead) -> bool:
    """Is ``lead`` a legal lead under ``ctx``'s reading: one follow group (DEF-27,
    ``shapes.play_suit``)? A trick whose lead is not cannot arise under that reading."""
    return bool(lead) and play_suit(ctx, list(lead)) is not None


def follow_sets_differ(ctx_a, ctx_b, lead, hand, position: int = 1) -> bool:
    """Do the two readings give different legal-follow sets for this hand and lead?

    Equal families (FOLLOW-11 structure) mean equal sets; otherwise the counts, then the
    sets (small) or a sample checked by the other reading's ``check_follow`` (large). The
    lead must be legal under both readings (:func:`lead_legal`); a position either cannot
    judge raises ``FollowError``.
    """
    obs = [follow.obligation(ctx, lead, hand, position) for ctx in (ctx_a, ctx_b)]
    if set(obs[0].families) == set(obs[1].families):
        return False
    a, b = follow.Options(ctx_a, obs[0].families), follow.Options(ctx_b, obs[1].families)
    if a.count != b.count:
        return True
    if a.count <= SET_LIMIT:
        return {tuple(sorted(a.nth(i))) for i in range(a.count)} != \
            {tuple(sorted(b.nth(i))) for i in range(b.count)}
    step = max(1, a.count // SAMPLE)
    for i in range(0, a.count, step):
        if not follow.check_follow(ctx_b, lead, hand, a.nth(i), position)[0]:
            return True
        if not follow.check_follow(ctx_a, lead, hand, b.nth(i), position)[0]:
            return True
    return False


def winners_differ(ctx_a, ctx_b, plays) -> bool:
    """Another winner under B? The lead must be legal under both readings."""
    return trick.trick_winner(ctx_a, plays) != trick.trick_winner(ctx_b, plays)


def throws_differ(ctx_a, ctx_b, lead, others) -> bool:
    """Another throw verdict under B? The lead must be legal under both readings."""
    results = []
    for ctx in (ctx_a, ctx_b):
        r = throw.judge_throw(ctx, lead, others)
        results.append((r.valid, r.rejected, sorted(r.played)))
    return results[0] != results[1]


# ----------------------------------------------------------------------------------- hands


class _Observer:
    """Delegates to a player; judges each follow decision under the other reading too."""

    def __init__(self, base, other, flags: dict) -> None:
        self.base, self.other, self.flags = base, other, flags
        self.declare, self.bury, self.chaodi = base.declare, base.bury, base.chaodi
        self.lead = base.lead

    def follow(self, view, options, rng):
        if not self.flags["follow"]:
            r = view.ctx.ranking
            ctx_b = context_for(self.other[0], self.other[1], r.level, r.trump)
            lead = view.current[0][1]
            if not lead_legal(ctx_b, lead):  # no such trick under B: not judged
                self.flags["lead"] = True
            elif follow_sets_differ(view.ctx, ctx_b, lead, list(view.hand),
                                    len(view.current)):
                self.flags["follow"] = True
        return self.base.follow(view, options, rng)


def _play_observed(variant: str, ambs, other, players: str, seed: int, index: int,
                   observe: bool = True):
    from shengji_sim.cards import parse_cards, parse_trump
    from shengji_sim.rules.game import play_hand
    from shengji_sim.run.sim import seat_players

    flags = {"follow": False, "lead": False}
    seats = seat_players(players)
    if not observe:
        return play_hand(variant_for(variant, ambs), seats, seed, index), False, False, False
    seats = [_Observer(p, other, flags) for p in seats]
    rec = play_hand(variant_for(variant, ambs), seats, seed, index)
    level, trump = rec["level"], parse_trump(rec["trump"])
    ctx_a = context_for(variant, ambs, level, trump)
    ctx_b = context_for(other[0], other[1], level, trump)
    winner = False
    for t in rec["tricks"]:
        plays = [parse_cards(p) for _, p in t["plays"]]
        if not lead_legal(ctx_b, plays[0]):
            flags["lead"] = True
        elif winners_differ(ctx_a, ctx_b, plays):
            winner = True
    return rec, flags["follow"], winner, flags["lead"]


def _outcome(rec) -> tuple:
    s = rec["score"]
    return (rec["attacker_points"], s["winner_side"], s["levels"])


# -------------------------------------------------------------------------------- positions


def _position_check(kind: str, variant: str, amb_b: tuple[str, ...]):
    """``check(pos)``: does the position differ under B; None when its lead is not a legal
    lead under B (the position cannot arise there)."""
    def check(pos: Position) -> bool | None:
        ctx_a = pos.ctx
        ctx_b = context_for(variant, amb_b, pos.level, pos.trump)
        if not lead_legal(ctx_b, pos.lead):
            return None
        if kind == "follow":
            return follow_sets_differ(ctx_a, ctx_b, list(pos.lead), list(pos.hand))
        if kind == "trick":
            return winners_differ(ctx_a, ctx_b, pos.trick)
        return throws_differ(ctx_a, ctx_b, list(pos.lead), [list(h) for h in pos.hands])
    return check


class _Differ(Exception):
    def __init__(self, pos: Position) -> None:
        super().__init__("readings differ")
        self.position = pos


def _settings(n: int, phases):
    return settings(database=None, deadline=None, max_examples=n, derandomize=False,
                    suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
                    phases=phases, print_blob=False, report_multiple_bugs=False)


def position_diff(kind: str, variant: str, amb_a: tuple[str, ...], amb_b: tuple[str, ...],
                  examples: int, seed: int) -> PositionDiff:
    """Share of drawn positions where the readings differ, and a shrunk example."""
    check = _position_check(kind, variant, amb_b)
    strategy = positions_of(kind, variant, amb_a)
    tally = [0, 0, 0]

    def count(pos: Position) -> None:
        tally[0] += 1
        verdict = check(pos)
        tally[1] += bool(verdict)
        tally[2] += verdict is None

    s = derive(seed, "diff", variant, list(amb_a), list(amb_b), kind)
    _settings(examples, [Phase.generate])(hyp_seed(s)(given(strategy)(count)))()
    out = PositionDiff(kind, tally[0], tally[1], tally[2])
    if not tally[1]:
        return out

    def minimal(pos: Position) -> None:
        if check(pos):
            raise _Differ(pos)

    try:
        _settings(examples, [Phase.generate, Phase.shrink])(
            hyp_seed(s)(given(strategy)(minimal)))()
    except _Differ as exc:
        pos = exc.position
        out.example, out.cards = repr(pos), pos.n_cards()
        out.command_a = judge_command(pos)
        out.command_b = judge_command(replace(pos, ambs=tuple(amb_b)))
        out.what = {"follow": "legal-follow set", "trick": "trick winner",
                    "throw": "throw verdict"}[kind]
    return out


# --------------------------------------------------------------------------------- driver


def diff_readings(variant: str, amb_a: list[str] | tuple[str, ...],
                  amb_b: list[str] | tuple[str, ...], hands: int = 100, seed: int = 0,
                  players: str = "random", position_examples: int = 60,
                  observe: bool = True) -> DiffResult:
    """Compare two readings over ``hands`` deals and drawn positions (module docstring).

    ``observe=False`` skips the per-decision follow and winner comparison (for items that
    touch no trick rule), comparing outcomes only.
    """
    start = time.monotonic()
    amb_a, amb_b = tuple(amb_a), tuple(amb_b)
    variant_for(variant, amb_a)
    variant_for(variant, amb_b)
    res = DiffResult(variant, list(amb_a), list(amb_b), hands, seed, players)
    wins_a, wins_b = [], []
    for i in range(hands):
        try:
            rec_a, fa, wa, la = _play_observed(variant, amb_a, (variant, amb_b), players,
                                               seed, i, observe)
            rec_b, fb, wb, lb = _play_observed(variant, amb_b, (variant, amb_a), players,
                                               seed, i, observe)
        except Exception as exc:  # noqa: BLE001 - a reading that cannot play a hand
            res.errors += 1
            res.error_note = f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
            continue
        res.played += 1
        f, w, o = fa or fb, wa or wb, _outcome(rec_a) != _outcome(rec_b)
        lead = la or lb
        res.follow_differs += f
        res.winner_differs += w
        res.outcome_differs += o
        res.lead_not_legal += lead
        res.any_differs += f or w or o or lead
        if (f or w or o or lead) and res.first_hand is None:
            res.first_hand = i
        wins_a.append(int(rec_a["score"]["winner_side"] == "dealer"))
        wins_b.append(int(rec_b["score"]["winner_side"] == "dealer"))
    n = len(wins_a)
    if n:
        res.dealer_rate_a, res.dealer_rate_b = sum(wins_a) / n, sum(wins_b) / n
        d = [b - a for a, b in zip(wins_a, wins_b)]
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        res.delta, res.ci = mean, (mean - half, mean + half)
    if position_examples:
        for kind in ("follow", "trick", "throw"):
            res.positions.append(position_diff(kind, variant, amb_a, amb_b,
                                               position_examples, seed))
    res.seconds = time.monotonic() - start
    return res


def diff_markdown(res: DiffResult, heading: str = "##") -> str:
    a = " ".join(res.amb_a) or "defaults"
    b = " ".join(res.amb_b) or "defaults"
    pct = lambda n: f"{100 * res.share(n):.1f}%"  # noqa: E731
    lines = [f"{heading} {res.variant}: {a} vs {b}", "",
             f"{res.played} hands (seed {res.seed}, {res.players} players"
             f"{f', {res.errors} failed to play: {res.error_note}' if res.errors else ''}).",
             "",
             "| differs | share of hands |", "|---|---|",
             f"| a legal-follow set | {pct(res.follow_differs)} |",
             f"| a trick winner | {pct(res.winner_differs)} |",
             f"| a lead that is not a legal lead under the other reading (DEF-27; its trick "
             f"not judged) | {pct(res.lead_not_legal)} |",
             f"| the outcome (attacker points or level change) | {pct(res.outcome_differs)} |",
             f"| any of these | {pct(res.any_differs)} |", "",
             f"Dealer-side win rate {res.dealer_rate_a:.3f} → {res.dealer_rate_b:.3f}; "
             f"delta {res.delta:+.3f}, 95% CI [{res.ci[0]:+.3f}, {res.ci[1]:+.3f}] "
             f"(paired per hand)."]
    if res.positions:
        lines += ["", "| positions | drawn | differ | lead not legal under B |",
                  "|---|---|---|---|"]
        for p in res.positions:
            lines.append(f"| {p.kind} | {p.examples} | {p.differ} | {p.lead_not_legal} |")
        for p in res.positions:
            if p.example:
                lines += ["", f"Minimal example ({p.what} differs, {p.cards} cards):", "",
                          "```python", p.example, "```", "", "```sh", p.command_a,
                          p.command_b, "```"]
    return "\n".join(lines) + "\n"


__all__ = ["DiffResult", "PositionDiff", "diff_markdown", "diff_readings",
           "follow_sets_differ", "lead_legal", "position_diff", "throws_differ",
           "winners_differ"]
