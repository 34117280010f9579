"""reports/interpretations.md: every reading pair of every built-in variant, on the core.

Representation
--------------
A report is a list of *pairs* ``(variant, item, default letter, other letter)``: every
applicable AMB and OTH item of each built-in variant (RULES.md §4, §7), its default reading
against each other letter (:func:`pairs`). Each pair is one
:func:`shengji_sim.run.reading_diff.run` (``hands`` hands per pair, ``--levels all``, random
players, the core), run on ``workers`` processes; every pair is seeded by itself, so the
result does not depend on the worker count or the order. The variant's default reading is
played once per player set (:func:`play_defaults`) and reused by the pairs that need no
shadow (rows identical to a pair's own: tests/integration/test_reading_diff.py). Holm's correction
runs over the report's exercised items, per measure (dealer-side hold, level change,
attackers' points); ``*`` marks an adjusted p below 0.05.

Every pair also runs with expert players at ``EXPERT_HANDS`` hands (:func:`player_sets`), in
sections of their own.

Files written into ``out`` (:func:`write_report`): ``interpretations.md`` (per variant: item
titles, both readings in words, decision shares, outcome effects with intervals and marks, the
reproducing command; provenance), ``interpretations-forest-<variant>.png`` (effect on the
dealer-side hold rate per item, with its interval) and ``interpretations-heatmap.png`` (items
x variants: share of follow decisions whose legal set B changes).
"""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from shengji_sim import RULES_VERSION

HANDS = 100_000  #: hands per reading pair with random players (issue 14)
EXPERT_HANDS = 20_000  #: hands per reading pair with expert players
SEED = 0
LEVELS = "all"
#: each finished pair, appended as it comes; an interrupted report resumes from it, a
#: finished one removes it
CHECKPOINT = "interpretations-pairs.jsonl"


def pairs(variant: str) -> list[tuple[str, str, str, str]]:
    """``(variant, item, default, other letter)`` for every applicable AMB and OTH item."""
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.config.variant import load_variant

    v = load_variant(variant)
    readings = v.readings()
    out = []
    for item_id in sorted(v.applicable, key=lambda i: (i[:3], int(i[4:]))):
        default = readings.get(item_id, "")
        parts = set(default.split("/"))
        for alt in ITEMS[item_id].alternatives:
            if alt.letter not in parts:
                out.append((variant, item_id, default, alt.letter))
    return out


def play_defaults(tasks: list, threads: int) -> dict[tuple, Any]:
    """Each task set's default reading once, on ``threads`` lanes: rows per ``(variant,
    hands, seed, players)``, for the pairs without a shadow (``reading_diff.run(...,
    rows_a=...)``). A set whose default cannot be played gets None: its pairs play it
    themselves and report the failure."""
    from shengji_sim.run import reading_diff

    rows: dict[tuple, Any] = {}
    for variant, _, _, _, hands, seed, players in tasks:
        key = (variant, hands, seed, players)
        if key not in rows:
            try:
                rows[key] = reading_diff.default_rows(variant, (), hands, seed, players,
                                                      LEVELS, threads)
            except Exception:  # noqa: BLE001 - reported by the pairs themselves
                rows[key] = None
    return rows


def _run_pair(task, defaults: dict[tuple, Any]) -> dict[str, Any]:
    from shengji_sim.run import reading_diff

    variant, item_id, default, letter, hands, seed, players = task
    try:
        return reading_diff.run(variant, (), (f"{item_id}={letter}",), hands, seed, players,
                                LEVELS, "core", 1, defaults.get((variant, hands, seed, players)))
    except Exception as exc:  # noqa: BLE001 - a reading the variant rejects, a failing hand
        return {"variant": variant, "vs": [f"{item_id}={letter}"], "default": default,
                "players": players,
                "error": f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"}


_worker_defaults: dict[tuple, Any] = {}  #: a pool worker's copy (:func:`_adopt_defaults`)


def _adopt_defaults(defaults: dict[tuple, Any]) -> None:
    """Pool initializer: the forked worker keeps the parent's default rows (no pickling)."""
    _worker_defaults.update(defaults)


def _run_indexed(job) -> tuple[int, dict[str, Any]]:
    i, task = job
    return i, _run_pair(task, _worker_defaults)


def _resume_key() -> str | None:
    """What a checkpoint's results are valid for: the commit, when the package's files are
    those of the commit; None (no resuming) for a changed tree or outside git."""
    commit = _commit()
    if commit == "unknown":
        return None
    dirty = subprocess.run(["git", "status", "--porcelain", "--", ".", "../variants",
                            "../strategies"], capture_output=True, text=True,
                           cwd=Path(__file__).parent).stdout.strip()
    return None if dirty else commit


def _finished(checkpoint: Path, tasks: list, key: str | None) -> dict[int, dict[str, Any]]:
    """The results an interrupted run with the same ``key`` wrote to ``checkpoint`` (JSON
    lines ``{"commit", "task", "result"}``), by task index; a torn line is ignored."""
    if key is None or not checkpoint.exists():
        return {}
    index = {tuple(t): i for i, t in enumerate(tasks)}
    found = {}
    for line in checkpoint.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        i = index.get(tuple(rec.get("task", ())))
        if i is not None and rec.get("commit") == key:
            found[i] = rec["result"]
    return found


def _cost(task, decks: dict[str, int]) -> int:
    """A pair's relative run time: hands, expert players (about 14x random), decks squared,
    a shadow (about 2x)."""
    from shengji_sim.run.reading_diff import trick_item

    variant, item_id, _, _, hands, _, players = task
    return (hands * (14 if players != "random" else 1) * decks[variant] ** 2
            * (2 if trick_item(item_id) else 1))


def run_pairs(tasks: list, workers: int, checkpoint: Path | None = None
              ) -> tuple[list[dict[str, Any]], int]:
    """Every task's result, in the order of ``tasks``, and how many came from the checkpoint.
    The longest tasks start first (:func:`_cost`), so that no worker is left with a long one
    at the end. With ``checkpoint``, each result without an error is appended to that file
    as it comes, and the results an interrupted run of the same commit left there are not
    computed again."""
    from shengji_sim.config.variant import load_variant
    from shengji_sim.run.reading_diff import trick_item

    key = _resume_key() if checkpoint is not None else None
    results = _finished(checkpoint, tasks, key) if checkpoint is not None else {}
    resumed = len(results)
    pending = [i for i in range(len(tasks)) if i not in results]
    defaults = play_defaults([tasks[i] for i in pending if not trick_item(tasks[i][1])],
                             workers)
    decks = {v: load_variant(v).decks for v in {t[0] for t in tasks}}
    jobs = [(i, tasks[i]) for i in sorted(pending, key=lambda i: (-_cost(tasks[i], decks), i))]
    log = _append_log(checkpoint) if checkpoint is not None else None
    try:
        if workers <= 1:
            stream = ((i, _run_pair(task, defaults)) for i, task in jobs)
            _collect(stream, tasks, results, log, key)
        else:
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(workers, initializer=_adopt_defaults, initargs=(defaults,)) as pool:
                _collect(pool.imap_unordered(_run_indexed, jobs, chunksize=1), tasks,
                         results, log, key)
    finally:
        if log is not None:
            log.close()
    return [results[i] for i in range(len(tasks))], resumed


def _append_log(checkpoint: Path):
    """``checkpoint`` opened for appending, after a newline if its last line was torn."""
    torn = checkpoint.exists() and not checkpoint.read_bytes().endswith(b"\n") \
        and checkpoint.stat().st_size > 0
    log = checkpoint.open("a", encoding="utf-8")
    if torn:
        log.write("\n")
    return log


def _collect(stream, tasks, results, log, key) -> None:
    for i, res in stream:
        results[i] = res
        if log is not None and "error" not in res:
            log.write(json.dumps({"commit": key, "task": list(tasks[i]), "result": res})
                      + "\n")
            log.flush()


def mark_significance(results: list[dict[str, Any]]) -> None:
    """Holm-adjusted p-values (``p_holm``) per measure over the exercised results."""
    from shengji_sim.run.reading_diff import holm

    live = [r for r in results if "error" not in r and r["exercised"]]
    for measure in ("hold", "level_change", "attacker_points"):
        adjusted = holm([r["outcomes"][measure]["p"] for r in live])
        for r, p in zip(live, adjusted):
            r["outcomes"][measure]["p_holm"] = p


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True,
                              cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _effect(o: dict[str, Any], scale: float, unit: str) -> str:
    from shengji_sim.run.reading_diff import effect_interval

    if o["ci95"] is None:
        return f"{scale * o['delta']:+.2f}{unit} in every hand"
    mark = " *" if o.get("p_holm", 1.0) < 0.05 else ""
    return effect_interval(o["delta"], o["ci95"], scale, unit) + mark


def _share(v: dict[str, Any]) -> str:
    from shengji_sim.run.reading_diff import share_interval

    return share_interval(v["share"], v["ci95"])


def engine_failure(r: dict[str, Any]) -> bool:
    """A pair whose hands the engine could not play (any error but a reading the variant
    rejects): an engine defect, which fails ``report rules``."""
    return "error" in r and not r["error"].startswith("VariantError")


def _row(r: dict[str, Any]) -> str:
    from shengji_sim.run.reading_diff import decision_text

    item, letter = r["vs"][0].split("=")
    if "error" in r:
        what = "engine failure (the run failed)" if engine_failure(r) else \
            "reading rejected by the variant"
        return (f"| {item} | {r.get('default') or 'n/a'} → {letter} | {what}: "
                f"{r['error'].replace('|', '/')} ||||||||||")
    words = r["readings"][0]
    d = decision_text(r["decisions"], r["exercised"])
    if not r["exercised"]:
        out = "not exercised"
        return (f"| {item} | {words['a'] or 'n/a'} → {letter} | {d['set_differs']} | "
                f"{d['illegal']} | {d['winner_flips']} | {d['lead_shape']} | "
                f"{d['lead_not_legal']} | {out} | {out} | {out} | {out} | `{r['command']}` |")
    o = r["outcomes"]
    return (f"| {item} | {words['a'] or 'n/a'} → {letter} | {d['set_differs']} | "
            f"{d['illegal']} | {d['winner_flips']} | {d['lead_shape']} | "
            f"{d['lead_not_legal']} | {_effect(o['hold'], 100, ' pp')} | "
            f"{_effect(o['level_change'], 1, '')} | {_effect(o['attacker_points'], 1, '')} | "
            f"{_share(o['next_dealer'])} | `{r['command']}` |")


def interpretations_md(results: list[dict[str, Any]], sets: list[tuple[str, int]], seed: int,
                       seconds: float, argv: str, figures: dict[str, str],
                       resumed: int = 0) -> str:
    from shengji_sim.run.run_dir import package_versions

    versions = ", ".join(f"{k} {v}" for k, v in package_versions().items())
    lines = ["# Interpretation diffs (RULES.md §4 AMB and §7 OTH items)", "",
             "Regenerate with `shengji-sim report rules` (do not edit by hand).", "",
             f"* command: `{argv}`",
             "* " + ", ".join(f"{n:,} hands per reading pair with {who} players"
                              for who, n in sets)
             + f"; every level from the start to A in turn (`--levels all`), root seed {seed}, "
             f"the Numba core, per-decision draws",
             f"* commit {_commit()}, RULES_VERSION {RULES_VERSION}",
             f"* versions: {versions}",
             f"* wall time of the interpretations part: {seconds:.0f} s"
             + (f" (this run; {resumed} of {len(results)} pairs came from an interrupted run "
                f"of the same commit)" if resumed else ""), "",
             "Each row plays the variant's default reading (A, the letter before the arrow) "
             "and the other reading (B) on the same deals, each lead and follow drawing from "
             "its own stream (a changed decision does not reshuffle the rest of the hand). "
             "Decision columns: along A's hands, the share of follow decisions whose legal set "
             "differs under B, whose chosen play is illegal under B, and of tricks whose "
             "winner flips under B's comparison or whose lead B decomposes into other units "
             "(Wilson 95% intervals), and the share of tricks whose lead is not a legal lead "
             "under B (DEF-27: not of one follow group under B): such a trick cannot arise "
             "under B, so its follows and winner are not judged and count in no other "
             "column; `—`: the item switches "
             "no ranking, comparison, follow or throw rule. Outcome columns: B − A with paired "
             "95% intervals: the dealer side holds (percentage points, Newcombe; McNemar p), "
             "the dealer side's level change and the attackers' points (paired t; \"in every "
             "hand\" when all hands move it alike), and the share of hands whose next dealer "
             "differs (Wilson; AMB-34 acts only there on first hands). `*`: Holm-"
             "adjusted p < 0.05 across the exercised rows of the whole report, per measure. "
             "\"not exercised\": no hand of the run differs (a throw item with players that "
             "never throw, a bidding reading no hand reached).", ""]
    if "heatmap" in figures:
        lines += [f"![share of decisions changed]({figures['heatmap']})", ""]
    groups = dict.fromkeys((r["variant"], r.get("players", "random")) for r in results)
    for variant, who in groups:
        rows = [r for r in results
                if r["variant"] == variant and r.get("players", "random") == who]
        lines += [f"## {variant}" + ("" if who == "random" else f", {who} players"), ""]
        if variant in figures and who == "random":
            lines += [f"![effect on the dealer-side hold rate]({figures[variant]})", ""]
        lines += ["| item | A → B | legal set differs | chosen play illegal | winner flips | "
                  "lead units differ | lead not legal under B | Δ dealer holds | "
                  "Δ level change | Δ attackers' points | next dealer differs | reproduce |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        lines += [_row(r) for r in rows]
        lines += ["", "Readings:", ""]
        seen = set()
        for r in rows:
            if "error" in r:
                continue
            w = r["readings"][0]
            if w["item"] not in seen:
                seen.add(w["item"])
                lines.append(f"* **{w['item']}** {w['title']} — A ({w['a'] or 'n/a'}): "
                             f"{w['a_words']}")
            lines.append(f"  * B ({w['b']}): {w['b_words']}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def forest_plot(rows: list[dict[str, Any]], path: Path, title: str) -> None:
    """Effect of each exercised pair on the dealer-side hold rate, with its interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    live = [r for r in rows if "error" not in r and r["exercised"]]
    fig, ax = plt.subplots(figsize=(7, 0.3 * max(len(live), 4) + 1.2))
    for y, r in enumerate(live):
        h = r["outcomes"]["hold"]
        lo, hi = 100 * h["ci95"][0], 100 * h["ci95"][1]
        sig = h.get("p_holm", 1.0) < 0.05
        ax.plot([lo, hi], [y, y], color="C3" if sig else "C0")
        ax.plot([100 * h["delta"]], [y], "o", color="C3" if sig else "C0")
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(range(len(live)), [r["vs"][0] for r in live], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("B − A, dealer side holds (percentage points, 95% CI)")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def heatmap(results: list[dict[str, Any]], path: Path) -> None:
    """Items x variants: share of follow decisions whose legal set B changes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    variants = list(dict.fromkeys(r["variant"] for r in results))
    keys = sorted({r["vs"][0] for r in results},
                  key=lambda s: (s[:3], int(s[4:6].rstrip("=")), s))
    grid = np.full((len(keys), len(variants)), np.nan)
    for r in results:
        if "error" in r or not r["decisions"] or not r["exercised"]:
            continue
        d = r["decisions"]["set_differs"]
        if d["of"]:
            grid[keys.index(r["vs"][0]), variants.index(r["variant"])] = 100 * d["share"]
    fig, ax = plt.subplots(figsize=(2 + 1.3 * len(variants), 0.22 * len(keys) + 1.5))
    im = ax.imshow(grid, aspect="auto", cmap="viridis")
    ax.set_xticks(range(len(variants)), variants, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(len(keys)), keys, fontsize=6)
    fig.colorbar(im, ax=ax, label="% of follow decisions whose legal set differs")
    ax.set_title("Share of decisions changed (blank: not exercised or no trick rule)",
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def player_sets(hands: int) -> list[tuple[str, int]]:
    """``(players, hands per pair)`` of a report: random players, and expert players at
    ``hands * EXPERT_HANDS / HANDS``."""
    return [("random", hands), ("expert", max(1, hands * EXPERT_HANDS // HANDS))]


def write_report(out_dir: str | Path = "reports", hands: int = HANDS, seed: int = SEED,
                 workers: int = 2, variants: list[str] | None = None,
                 players: list[tuple[str, int]] | None = None,
                 argv: str = "shengji-sim report rules") -> tuple[Path, list[dict[str, Any]]]:
    """Run every pair and write interpretations.md and its figures; returns the .md path and
    the pairs the engine failed (:func:`engine_failure`; ``report rules`` exits 1 on them).
    ``players``: ``(players, hands per pair)`` sets (default :func:`player_sets`)."""
    from shengji_sim.config.variant import builtin_names

    began = time.monotonic()
    names = variants or builtin_names()
    sets = players or player_sets(hands)
    tasks = [(v, item, default, letter, n, seed, who)
             for who, n in sets for v in names for (_, item, default, letter) in pairs(v)]
    for who, _ in sets:
        _warm(names[0], who)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / CHECKPOINT
    results, resumed = run_pairs(tasks, workers, checkpoint)
    if resumed:
        print(f"report rules: {resumed} of {len(tasks)} pairs were taken from {checkpoint}",
              file=sys.stderr)
    mark_significance(results)
    figures = {}
    for v in names:
        name = f"interpretations-forest-{v}.png"
        forest_plot([r for r in results
                     if r["variant"] == v and r.get("players", "random") == "random"],
                    out / name,
                    f"{v}: effect on the dealer-side hold rate")
        figures[v] = name
    heatmap([r for r in results if r.get("players", "random") == "random"],
            out / "interpretations-heatmap.png")
    figures["heatmap"] = "interpretations-heatmap.png"
    path = out / "interpretations.md"
    path.write_text(interpretations_md(results, sets, seed, time.monotonic() - began, argv,
                                       figures, resumed),
                    encoding="utf-8")
    checkpoint.unlink(missing_ok=True)
    return path, [r for r in results if engine_failure(r)]


def _warm(variant: str, players: str) -> None:
    """Compile the diff kernels once in the parent, so forked workers load them."""
    from shengji_sim.run import reading_diff

    _, item, _, letter = pairs(variant)[0]
    reading_diff.run(variant, (), (f"{item}={letter}",), 1, 0, players)


__all__ = ["HANDS", "interpretations_md", "pairs", "run_pairs", "write_report"]
