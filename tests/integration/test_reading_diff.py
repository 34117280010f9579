"""`diff` at scale: per-decision draws, shadow evaluation, paired statistics (issue 14).

The per-decision mode of the core (core/engine/shadow_nb.py) and of the reference
(rules.game.play_hand(decision_draws=True)) play the same hands, and the shadow counters of
both (core/shadow_nb.shadow_hand_nb, reading_diff.shadow_record) agree; the default stream
is untouched (the golden and differential tests of simulate cover it).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from shengji_sim.config.variant import load_variant
from shengji_sim.rng import decision_seed, hand_seed
from shengji_sim.run import reading_diff as rd
from tests.helpers import run_cli

COMPARED = ("winner_side", "levels", "attacker_points", "next_dealer", "tricks", "trump",
            "dealer", "hand_seed", "kitty_points", "declarations")


def test_decision_seed_is_a_hand_seed_of_the_hand_seed() -> None:
    assert decision_seed(hand_seed(3, 7), 5) == hand_seed(hand_seed(3, 7), 5)


def test_per_decision_draws_keep_the_deal_and_change_the_play() -> None:
    from shengji_sim.rules.game import play_hand
    from shengji_sim.run.sim import seat_players

    v = load_variant("baifen-1deck")
    seats = seat_players("random")
    for i in range(3):
        plain = play_hand(v, seats, 5, i)
        per = play_hand(v, seats, 5, i, decision_draws=True)
        assert plain["declarations"] == per["declarations"]
        assert plain["trump"] == per["trump"] and plain["dealer"] == per["dealer"]
    assert plain["tricks"] != per["tricks"]


@pytest.mark.parametrize("variant, vs", [("baifen-1deck", "OTH-1=B"),
                                         ("classic-2deck", "AMB-19=B"),
                                         ("classic-2deck", "AMB-07=B"),
                                         ("classic-2deck", "AMB-06=B"),
                                         ("jj-4deck", "AMB-37=B"),
                                         ("changzhou-4deck", "AMB-16=C")])
def test_core_and_reference_agree_under_per_decision_draws(variant, vs) -> None:
    va = load_variant(variant)
    vb = load_variant(variant, amb=[vs])
    levels = rd.hand_levels(va, 3, "all")
    core = rd.play_both(va, vb, "random", 9, levels, "core", True)
    ref = rd.play_both(va, vb, "random", 9, levels, "reference", True)
    for c, r in zip(core[:2], ref[:2]):
        for name in COMPARED:
            assert np.array_equal(c[name], r[name]), name
        assert np.array_equal(c["level"], levels)
    assert np.array_equal(core[2], ref[2])
    assert core[2][:, 0].sum() > 0  # follows were evaluated


def test_DEF_27_a_lead_not_legal_under_B_is_counted_apart_alike_on_both_backends() -> None:
    """Hand 1 of changzhou-4deck (seed 0, level 3) leads D2 D2 D3 D3, a trump tractor under
    the fixed 2s of AMB-01 A; under AMB-01 B D2 is a plain diamond, so no such lead exists
    (DEF-27). Both backends count that trick apart and judge neither its follows nor its
    winner; before issue 33 its three follows were "B errors", counted as set differences
    and illegal plays."""
    from shengji_sim.core.engine.shadow_nb import S_ILLEGAL, S_LEAD_NOT_LEGAL_B, S_SET_DIFFERS

    va = load_variant("changzhou-4deck")
    vb = load_variant("changzhou-4deck", amb=["AMB-01=B"])
    levels = rd.hand_levels(va, 2, "all")
    core = rd.play_both(va, vb, "random", 0, levels, "core", True)
    ref = rd.play_both(va, vb, "random", 0, levels, "reference", True)
    assert np.array_equal(core[2], ref[2])
    assert core[2][:, S_LEAD_NOT_LEGAL_B].tolist() == [0, 1]
    res = rd.summarize(*core, True, False)
    assert res["lead_not_legal_under_b"] == 1 and "b_errors" not in res
    d = res["decisions"]
    assert d["lead_not_legal"]["count"] == 1
    assert d["lead_not_legal"]["of"] == d["winner_flips"]["of"]  # a share of tricks
    assert d["set_differs"]["count"] == core[2][:, S_SET_DIFFERS].sum()
    assert d["illegal"]["count"] == core[2][:, S_ILLEGAL].sum()
    res.update({"variant": "changzhou-4deck", "amb": [], "vs": ["AMB-01=B"], "seed": 0,
                "players": "random", "levels": "all", "backend": "core", "readings": [],
                "seconds": 0.0, "command": "shengji-sim diff"})
    assert "lead not a legal lead under B (trick not judged): " in rd.text(res)


def test_statistics() -> None:
    lo, hi = rd.wilson(0, 50)
    assert lo == 0.0 and hi > 0.05  # no zero-width interval at 0/n
    assert rd.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert rd.mcnemar_p(0, 5) == pytest.approx(0.0625)
    assert rd.mcnemar_p(4, 4) == 1.0
    lo, hi = rd.newcombe_paired(40, 0, 0, 60)  # no discordant pair: still a real interval
    assert lo < 0 < hi
    lo, hi = rd.newcombe_paired(30, 2, 12, 56)
    assert lo < 10 / 100 < hi and lo > 0
    mean, (lo, hi), p = rd.paired_t(np.array([1.0, 2.0, 3.0, 2.0, 1.0, 3.0] * 10))
    assert mean == pytest.approx(2.0) and lo < mean < hi and p < 1e-6


def test_a_throw_item_with_players_that_never_throw_is_not_exercised() -> None:
    res = rd.run("baifen-1deck", (), ("AMB-20=B",), 40, 0)
    assert not res["exercised"] and res["throw_leads"] == 0
    assert "not exercised" in rd.text(res) and "0.00%" not in rd.text(res)


def test_cli_diff_json_and_its_command(capsys) -> None:
    code, out, err = run_cli(capsys, "diff", "--variant", "baifen-1deck", "--vs", "OTH-1=B",
                             "--hands", "60", "--levels", "all", "--json")
    assert code == 0, err
    res = json.loads(out)
    assert res["hands"] == 60 and res["command"].startswith("shengji-sim diff --variant")
    d = res["decisions"]["winner_flips"]
    assert d["of"] > 0 and d["ci95"][1] > d["ci95"][0]
    h = res["outcomes"]["hold"]
    assert h["ci95"][0] <= h["delta"] <= h["ci95"][1]


@pytest.mark.parametrize("argv", [["--vs", "AMB-99=B"], ["--vs", "AMB-19=Z"],
                                  ["--vs", "AMB-19=B", "--backend", "gpu"]])
def test_cli_diff_bad_input_exits_2(capsys, argv) -> None:
    code, _, err = run_cli(capsys, "diff", "--variant", "classic-2deck", *argv)
    assert code == 2 and err.count("\n") == 1


@pytest.mark.parametrize("variant, vs, players", [("classic-2deck", "AMB-25=D", "random"),
                                                  ("changzhou-4deck", "AMB-42=B", "greedy"),
                                                  ("baifen-1deck", "AMB-42=B", "expert")])
def test_default_rows_played_once_give_the_pairs_own_result(variant, vs, players) -> None:
    """The report plays a variant's default reading once and reuses its rows for the pairs
    without a shadow (interpretations_report.play_defaults): the result is the pair's own."""
    import json

    whole = rd.run(variant, (), (vs,), 40, 5, players, "all")
    rows = rd.default_rows(variant, (), 40, 5, players, "all", threads=2)
    reused = rd.run(variant, (), (vs,), 40, 5, players, "all", rows_a=rows)
    assert whole["hands_differ"] > 0
    whole.pop("seconds"), reused.pop("seconds")
    assert json.dumps(reused, sort_keys=True, default=str) == \
        json.dumps(whole, sort_keys=True, default=str)
    rows["attacker_points"] += 5  # the rows given are the rows used
    assert rd.run(variant, (), (vs,), 40, 5, players, "all", rows_a=rows)["outcomes"] != \
        whole["outcomes"]


@pytest.mark.parametrize("backend", ["core", "reference"])
def test_the_blocks_of_a_diff_change_no_row_and_report_every_hand(backend, monkeypatch) -> None:
    """The core plays a diff in blocks so that its progress bar moves (``DIFF_BLOCKS``):
    the rows and counters are those of one call, and ``progress`` hears of every hand (the
    reference, which reports each hand and is slower, on fewer hands)."""
    va = load_variant("changzhou-4deck")
    vb = load_variant("changzhou-4deck", amb=["AMB-07=B"])
    hands = 23 if backend == "core" else 7
    levels = rd.hand_levels(va, hands, "all")
    monkeypatch.setattr(rd, "DIFF_BLOCKS", 1)
    whole = rd.play_both(va, vb, "random", 3, levels, backend)
    heard = []
    monkeypatch.setattr(rd, "DIFF_BLOCKS", 4)
    blocks = rd.play_both(va, vb, "random", 3, levels, backend, progress=heard.append)
    for one, many in zip(whole, blocks):
        assert np.array_equal(one, many)
    assert sum(heard) == hands and len(heard) == (4 if backend == "core" else hands)


def test_rows_of_reading_a_must_be_these_hands_on_the_core() -> None:
    from shengji_sim.core.runtime.diffrun import run_diff

    va = load_variant("classic-2deck")
    rows = rd.default_rows("classic-2deck", (), 2, 0)
    with pytest.raises(ValueError, match="rows_a"):  # the shadow walks A's own hand
        run_diff(va, va, "random", 0, 0, 2, np.zeros(2, np.int32), True, 1, rows)
    for seed, hands, levels, backend in ((1, 2, "start", "core"), (0, 3, "start", "core"),
                                         (0, 2, "all", "core"), (0, 2, "start", "reference")):
        with pytest.raises(ValueError, match="rows_a"):
            rd.run("classic-2deck", (), ("AMB-25=D",), hands, seed, "random", levels, backend,
                   rows_a=rows)


def test_interpretations_report_at_a_small_size(tmp_path, monkeypatch) -> None:
    from shengji_sim.report import interpretations as ir

    monkeypatch.setattr(ir, "pairs", lambda v: [(v, "OTH-1", "A", "B"), (v, "AMB-20", "A", "B"),
                                                 (v, "AMB-34", "A", "B")])
    path, failures = ir.write_report(tmp_path, 30, 0, 1, ["baifen-1deck"])
    assert failures == []
    text = path.read_text(encoding="utf-8")
    assert "## baifen-1deck" in text and "not exercised" in text and "OTH-1" in text
    header = next(line for line in text.splitlines() if line.startswith("| item |"))
    assert "| lead not legal under B |" in header  # counted apart (issue 33)
    assert all(line.count("|") == header.count("|") for line in text.splitlines()
               if line.startswith("| OTH-1 |") or line.startswith("| AMB-"))
    assert (tmp_path / "interpretations-heatmap.png").stat().st_size > 0
    assert (tmp_path / "interpretations-forest-baifen-1deck.png").stat().st_size > 0
    assert not (tmp_path / ir.CHECKPOINT).exists()  # a finished report removes it


def test_interpretations_pairs_resume_from_their_checkpoint(tmp_path, monkeypatch) -> None:
    """An interrupted report loses no finished pair: each is appended to the checkpoint as it
    comes and taken from there by a rerun of the same commit (a torn last line and another
    commit's lines are ignored; the next record starts on a line of its own)."""
    import json

    from shengji_sim.report import interpretations as ir

    monkeypatch.setattr(ir, "_resume_key", lambda: "c1")
    tasks = [("baifen-1deck", "AMB-34", "A", "B", 20, 0, "random"),
             ("baifen-1deck", "AMB-08", "A", "B", 20, 0, "random")]
    checkpoint = tmp_path / ir.CHECKPOINT
    first, resumed = ir.run_pairs(tasks, 1, checkpoint)
    lines = checkpoint.read_text(encoding="utf-8").splitlines()
    assert resumed == 0 and len(lines) == 2 and all(r["hands"] == 20 for r in first)
    kept = json.loads(lines[0])
    kept["result"] = {"kept": True}
    stale = json.loads(lines[1])
    stale["commit"] = "c0"
    stale["result"] = {"stale": True}
    checkpoint.write_text(json.dumps(kept) + "\n" + json.dumps(stale) + "\n{\"torn",
                          encoding="utf-8")
    again, resumed = ir.run_pairs(tasks, 1, checkpoint)
    i = [tuple(t) for t in tasks].index(tuple(kept["task"]))
    assert resumed == 1 and again[i] == {"kept": True}
    assert again[1 - i]["vs"] == first[1 - i]["vs"] and "stale" not in again[1 - i]
    last = json.loads(checkpoint.read_text(encoding="utf-8").splitlines()[-1])
    assert tuple(last["task"]) == tasks[1 - i] and last["commit"] == "c1"
    monkeypatch.setattr(ir, "_resume_key", lambda: None)  # a changed tree: nothing reused
    assert ir.run_pairs(tasks, 1, checkpoint)[1] == 0


def test_narrow_intervals_print_with_their_width() -> None:
    """A review found intervals printed as points ("0.02% [0.02%, 0.02%]", "+0.00 [+0.00,
    +0.00]"): the bounds now get the decimals that keep them apart, and a bound that is not
    zero does not print as zero ("+0.000" would hide that the interval excludes zero)."""
    import re

    share = rd.share_interval(0.000215, (0.000187, 0.000247))
    effect = rd.effect_interval(0.0012, (0.0003, 0.0021))
    for text in (share, effect):
        lo, hi = re.search(r"\[(.+), (.+)\]", text).groups()
        assert lo != hi, text
    assert share.startswith("0.02") and effect == "+0.0012 [+0.0003, +0.0021]"


def test_a_pair_the_engine_fails_fails_the_report(tmp_path, monkeypatch) -> None:
    """An engine failure found by the report (a hand neither reading's kernels could play)
    is returned to ``report rules``, which exits 1; a reading the variant rejects is not."""
    from shengji_sim.report import interpretations as ir

    monkeypatch.setattr(ir, "pairs", lambda v: [(v, "AMB-34", "A", "B"), (v, "AMB-08", "A", "B")])
    real = ir._run_pair

    def failing(task, defaults):
        if task[1] == "AMB-08":
            return {"variant": task[0], "vs": ["AMB-08=B"], "default": "A", "players": task[6],
                    "error": "CoreError: hand 7: core engine: reading B: follow: play-key "
                             "buffer full [kernel code -3005]"}
        return real(task, defaults)

    monkeypatch.setattr(ir, "_run_pair", failing)
    path, failures = ir.write_report(tmp_path, 20, 0, 1, ["baifen-1deck"],
                                     players=[("random", 20)])
    assert [f["vs"] for f in failures] == [["AMB-08=B"]]
    assert "engine failure (the run failed)" in path.read_text(encoding="utf-8")
    assert not ir.engine_failure({"error": "VariantError: --amb AMB-28=C: impossible"})


def test_equivalent_positions_of_a_reading_that_changes_nothing_there() -> None:
    from shengji_sim.core.runtime.backend import engine
    from shengji_sim.core.runtime.diffrun import equivalent_positions

    same = equivalent_positions(engine(load_variant("classic-2deck")),
                                engine(load_variant("classic-2deck", amb=["AMB-06=B"])))
    assert same[0].all() and not same.all()  # AMB-06: no gap below the level 2
    assert not equivalent_positions(engine(load_variant("classic-2deck")),
                                    engine(load_variant("classic-2deck",
                                                        amb=["AMB-19=B"]))).any()


def test_a_position_the_kernels_cannot_judge_stops_the_shadow_and_is_not_counted() -> None:
    """Issue 33: a follow B's kernels gave up on was counted as a set difference and an
    illegal play (``S_B_ERRORS``). Now ``shadow_hand_nb`` stops there and returns the engine
    defect (B's family buffer made too small to hold this position's families) with its
    place, which ``diff`` raises as a ``CoreError`` naming the hand and the position."""
    from shengji_sim.core.base.errors import ERR_SHADOW_B, ERR_TOO_MANY_FAMILIES
    from shengji_sim.core.engine.diff_nb import _follow_buffers_nb, _units_scratch_nb
    from shengji_sim.core.engine.shadow_nb import (
        N_SHADOW,
        S_FOLLOWS,
        S_ILLEGAL,
        S_SET_DIFFERS,
        S_TRICKS,
        shadow_hand_nb,
    )
    from shengji_sim.core.follow.follow_data import alloc_follow_buffers_nb
    from shengji_sim.core.runtime.backend import CoreError, engine
    from shengji_sim.core.runtime.diffrun import decision_switches, shadow_position
    from tests.shadow_positions import _hand_logs

    va = load_variant("changzhou-4deck")
    vb = load_variant("changzhou-4deck", amb=["AMB-19=B"])
    ea, eb = engine(va), engine(vb)
    sw_a, sw_b = decision_switches(ea.sw), decision_switches(eb.sw)
    small = alloc_follow_buffers_nb(1, 64, 64, 64)  # one family: a pair lead overflows it
    found = []
    for i, level, trump, leader, plays, winner in _hand_logs(va, "random", 0,
                                                             np.full(6, 8, np.int32)):
        counts = np.zeros(N_SHADOW, np.int64)
        code, where = shadow_hand_nb(ea.kt, sw_a, eb.kt, sw_b, level, trump, len(leader),
                                     leader, plays, winner, np.zeros((4, 54), np.int8),
                                     _follow_buffers_nb(), small, _units_scratch_nb(),
                                     _units_scratch_nb(), np.zeros(54, np.int8),
                                     np.zeros(4, np.int16), counts)
        if code:
            found.append((i, code, where, counts))
    assert found, "no position with two families in six hands"
    i, code, where, counts = found[0]
    trick, position = divmod(int(where), 4)
    assert code == ERR_SHADOW_B + ERR_TOO_MANY_FAMILIES and position in (1, 2, 3)
    assert counts[S_FOLLOWS] == 3 * trick + position and counts[S_TRICKS] == trick
    for col in (S_SET_DIFFERS, S_ILLEGAL):  # the position itself is in neither
        assert counts[col] < counts[S_FOLLOWS]
    text = str(CoreError(i, int(code), f"reading B beside reading A's hand, "
                                       f"{shadow_position(where)}"))
    assert text.startswith(f"hand {i}: core engine: reading B beside reading A's hand, trick ")
    assert "reading B's follow kernels: family buffer full [kernel code -7004]" in text
    assert shadow_position(4 * 6 + 2) == "trick 7 (from 1), the follower 2 places after " \
                                         "the leader"
    assert shadow_position(4 * 6) == "trick 7 (from 1), its winner"


def test_a_position_the_reference_cannot_judge_fails_the_diff_naming_it(capsys,
                                                                       monkeypatch) -> None:
    """The reference backend's shadow: a follow it cannot judge (here made to raise) is an
    engine defect, exit 1 with one line naming the hand, the position and the run that shows
    it; it was counted as a set difference and an illegal play before (issue 33)."""
    from shengji_sim.rules.follow import FollowError

    def cannot(*args):
        raise FollowError("too many candidate follows to list")

    monkeypatch.setattr(rd, "_sets_differ", cannot)
    code, out, err = run_cli(capsys, "diff", "--variant", "baifen-1deck", "--vs", "OTH-1=B",
                             "--hands", "3", "--backend", "reference")
    assert code == 1 and err.count("\n") == 1, err
    assert err.startswith("engine defect: diff: hand ") and "reference engine: reading B's " \
        "follow, trick " in err and "the follower " in err
    assert "too many candidate follows" in err
    assert "reproduce: shengji-sim diff --variant baifen-1deck --vs OTH-1=B --hands " in err
