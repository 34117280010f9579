"""reports/soak.md from the recorded soak blocks (issue 14 part 5).

Representation
--------------
A soak of 20,000 hands per variant runs for hours on the reference engine, so it is run in
*blocks*: ``shengji-sim soak ... --start S --hands N --record FILE`` appends one JSON line
per variant to ``FILE`` (:func:`block_records`): the variant, the first hand index ``start``
and ``hands``, the decisions compared, the seconds, the number of lanes, the players, whether
readings were varied, the root seed, the commit (``benchmark.commit``) and the divergence
(``None``, or :class:`~shengji_sim.fuzz.soak.Divergence` as a dict). A line may also carry
``"runs"`` (a line standing for several blocks of one earlier run, as that run reported
them) and ``"resolution"`` (how a divergence was resolved: the fix and its regression
test). ``shengji-sim report soak`` renders every line of the file (:func:`render`): per
variant the hand indices covered (``start .. start + hands - 1`` of every line, merged), the
decisions, the divergences and whether the target number of hands is met, then every line.
Coverage is counted per root seed (another seed deals other hands); a hand that diverged is
not covered, and its block's hands after it were not played.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from shengji_sim.fuzz.soak import SoakResult

TARGET_HANDS = 20_000  #: issue 14: at least this many hands per variant


def block_records(result: SoakResult, commit: str | None) -> list[dict[str, Any]]:
    """One record per variant of a :func:`~shengji_sim.fuzz.soak.soak` result."""
    div = asdict(result.divergence) if result.divergence is not None else None
    return [{"variant": vs.variant, "start": result.start_index, "hands": vs.hands,
             "decisions": vs.decisions, "seconds": round(vs.seconds, 1),
             "lanes": len(vs.lanes), "players": list(result.players),
             "vary_readings": result.vary_readings, "seed": result.seed, "commit": commit,
             "divergence": div if div is not None and div["variant"] == vs.variant else None}
            for vs in result.variants]


def append_records(path: str | Path, records: list[dict[str, Any]]) -> None:
    """Append ``records`` to the blocks file ``path``, one JSON line each."""
    with open(path, "a", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


#: the fields every line carries, with their types
FIELDS: dict[str, type | tuple[type, ...]] = {
    "variant": str, "start": int, "hands": int, "decisions": int, "seconds": (int, float),
    "players": list, "seed": int}


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The records of a blocks file; a bad line is a ``ValueError`` naming its number."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: cannot be read ({exc})") from None
    records = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path} line {n}: not JSON ({exc.msg})") from None
        if not isinstance(r, dict):
            raise ValueError(f"{path} line {n}: not a JSON object")
        missing = [k for k in FIELDS if k not in r]
        if missing:
            raise ValueError(f"{path} line {n}: missing {', '.join(missing)}")
        for key, kind in FIELDS.items():
            if not isinstance(r[key], kind) or isinstance(r[key], bool):
                raise ValueError(f"{path} line {n}: {key} {r[key]!r} has the wrong type")
        div = r.get("divergence")
        if div is not None and not (isinstance(div, dict) and isinstance(div.get("index"), int)):
            raise ValueError(f"{path} line {n}: divergence {div!r} has no hand index")
        records.append(r)
    return records


def covered(records: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """The hand indices the records cover, as merged half-open ranges ``[a, b)``; a block that
    stopped at a divergence covers the hands before it.

    >>> covered([{"start": 0, "hands": 5}, {"start": 5, "hands": 5}, {"start": 20, "hands": 1}])
    [(0, 10), (20, 21)]
    >>> covered([{"start": 0, "hands": 5, "divergence": {"index": 3}}])
    [(0, 3)]
    """
    ranges = []
    for r in records:
        end = r["start"] + r["hands"]
        if r.get("divergence"):
            end = min(end, r["divergence"]["index"])
        if end > r["start"]:
            ranges.append((r["start"], end))
    merged: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def _ranges_text(ranges: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a:,}..{b - 1:,}" for a, b in ranges) or "none"


def _hands_covered(ranges: list[tuple[int, int]]) -> int:
    return sum(b - a for a, b in ranges)


def short_commit(commit: str | None) -> str:
    """A full commit hash shortened to 7 digits (a ``+dirty`` mark kept); anything else as is.

    >>> short_commit("ffdf4ff3ac182c71b3d7b1f849edd257a1edab17+dirty"), short_commit(None)
    ('ffdf4ff+dirty', 'unknown')
    """
    if commit is None:
        return "unknown"
    head, dirty, _ = commit.partition("+dirty")
    if len(head) == 40 and all(c in "0123456789abcdef" for c in head):
        return head[:7] + dirty
    return commit


def render(records: list[dict[str, Any]], target: int = TARGET_HANDS,
           source: str = "reports/soak-blocks.jsonl") -> str:
    """The report's Markdown (module docstring)."""
    variants = list(dict.fromkeys(r["variant"] for r in records))
    divergences = [r for r in records if r.get("divergence")]
    lines = ["# Differential soak: reference vs Numba core (issue 14 part 5)", "",
             f"Regenerate with `shengji-sim report soak` from `{source}` (one line per soak "
             "block, appended by `shengji-sim soak ... --record`); do not edit by hand.", "",
             "The reference engine (`rules.game.play_hand`) and the Numba core "
             "(`core.backend.play_hand_core`) play the same hands (root seed, hand index) "
             "and their records are compared decision by decision (every declaration, 炒, "
             "burial and trick play, then the trick and hand outcomes). Hand i of a block is "
             "played in lane i % lanes; the lanes are every (readings, players) pair: the "
             "variant's default readings, plus, with `--vary-readings`, every applicable "
             "letter of every AMB and OTH item one at a time, times the players.", ""]
    resolved = sum(1 for r in divergences if r.get("resolution"))
    lines += [f"## Result: {len(divergences)} divergence{'s' if len(divergences) != 1 else ''}"
              + (f", {resolved} resolved" if resolved else ""), ""]
    lines += ["| variant | hand indices covered | hands | decisions | players | divergences "
              f"| target ({target:,} hands) |", "|---|---|---|---|---|---|---|"]
    total_h = total_d = 0
    for v in variants:
        rs = [r for r in records if r["variant"] == v]
        seeds = sorted({r["seed"] for r in rs})
        by_seed = {seed: covered([r for r in rs if r["seed"] == seed]) for seed in seeds}
        hands = sum(_hands_covered(ranges) for ranges in by_seed.values())
        ranges_text = "; ".join((f"seed {seed}: " if len(seeds) > 1 else "")
                                + _ranges_text(ranges) for seed, ranges in by_seed.items())
        decisions = sum(r["decisions"] for r in rs)
        players = sorted({p for r in rs for p in r["players"]})
        n_div = sum(1 for r in rs if r.get("divergence"))
        total_h += hands
        total_d += decisions
        lines.append(f"| {v} | {ranges_text} | {hands:,} | {decisions:,} | "
                     f"{', '.join(players)} | {n_div} | "
                     f"{'met' if hands >= target else 'not met'} |")
    lines += [f"| **total** | | **{total_h:,}** | **{total_d:,}** | | **{len(divergences)}** "
              "| |", ""]
    for r in divergences:
        d = r["divergence"]
        where = f"hand {d['index']} (commit {short_commit(r.get('commit'))})"
        lines += [f"* **Divergence** in {d['variant']} {' '.join(d['ambs'])} players "
                  f"{d['players']}, {where}: decision "
                  f"{d['decision']}; reference: {d['reference']}; core: {d['core']}."
                  + (f" **Resolved:** {r['resolution']}" if r.get("resolution") else ""),
                  *[f"  `{c}`" for c in d["commands"]]]
    if divergences:
        lines.append("")
    lines += ["## Blocks", "",
              "| variant | first hand | hands | decisions | lanes | players | readings varied "
              "| seconds | hands/s | commit |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in records:
        rate = r["hands"] / r["seconds"] if r["seconds"] else 0.0
        runs = f" ({r['runs']} blocks)" if r.get("runs") else ""
        lines.append(f"| {r['variant']} | {r['start']:,} | {r['hands']:,}{runs} | "
                     f"{r['decisions']:,} | {r.get('lanes', '')} | {', '.join(r['players'])} | "
                     f"{'yes' if r.get('vary_readings') else 'no'} | {r['seconds']:,.0f} | "
                     f"{rate:.1f} | {short_commit(r.get('commit'))} |")
    lines += ["", "Hands are counted once where blocks overlap (a block that stopped at a "
              "divergence and was run again on the fix); decisions add up every block's. "
              "Seconds are each block's own wall time (reference + core + comparison) on "
              "the shared 2-core machine; the reference engine is the bottleneck.", "",
              "## Commands", "", "A block is", "", "```sh",
              "shengji-sim soak --variants VARIANT --hands N --start FIRST --vary-readings \\",
              "    --players random --players greedy --players expert --seed 0 \\",
              f"    --record {source}", "```", "",
              "(with the players of its row), and the report is `shengji-sim report soak`. CI "
              "runs a short soak: tests/integration/test_soak.py.", ""]
    return "\n".join(lines)


def write_report(blocks: str | Path, out: str | Path, target: int = TARGET_HANDS) -> str:
    """Render the blocks file ``blocks`` into ``out``; returns the text."""
    text = render(read_records(blocks), target, str(blocks))
    Path(out).write_text(text, encoding="utf-8")
    return text
