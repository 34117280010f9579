"""Tournament statistics: deal margins from duplicate rows, shares, Bradley-Terry ratings."""

from __future__ import annotations

import numpy as np
import pytest

from shengji_sim.run import tournament as T

FIELDS = [("index", "u8"), ("match", "i8"), ("duplicate", "i1"), ("dealer", "i1"),
          ("winner_side", "i1"), ("levels", "i1")] + [(f"strategy_{s}", "i1") for s in range(4)]


def rows_of(hands):
    """hands: (index, duplicate, dealer, winner_side, levels, a_on_side_0)."""
    rows = np.zeros(len(hands), FIELDS)
    for r, (index, dup, dealer, winner, levels, a_first) in zip(rows, hands, strict=True):
        r["index"], r["match"], r["duplicate"] = index, -1, dup
        r["dealer"], r["winner_side"], r["levels"] = dealer, winner, levels
        codes = (0, 1, 0, 1) if a_first else (1, 0, 1, 0)
        for s in range(4):
            r[f"strategy_{s}"] = codes[s]
    return rows


def test_side_gains_follow_the_dealer_and_the_winning_side():
    rows = rows_of([(0, 0, 1, 0, 2, True),   # dealer seat 1 (side 1) holds: side 1 +2
                    (1, 0, 1, 1, 3, True),   # attackers (side 0) win: side 0 +3
                    (2, 0, 2, 2, 0, True)])  # nobody gains
    assert T.side_gains(rows).tolist() == [[0, 2], [3, 0], [0, 0]]


def test_deal_margin_sums_both_plays_from_a_side():
    # deal 0: a (code 0) gains 2 as side 0, then loses 1 as side 1 -> margin +1
    # deal 1: a loses 3 levels in both plays -> -6; deal 2: +1 and -1 -> a tie
    rows = rows_of([(0, 0, 0, 0, 2, True), (0, 1, 0, 0, 1, False),
                    (1, 0, 1, 0, 3, True), (1, 1, 0, 0, 3, False),
                    (2, 0, 0, 0, 1, True), (2, 1, 0, 0, 1, False)])
    margins = T.deal_margins(rows, 0)
    assert margins.tolist() == [1, -6, 0]
    assert T.scores_of(margins).tolist() == [1.0, 0.0, 0.5]
    assert T.deal_margins(rows, 1).tolist() == [-1, 6, 0]


def test_a_deal_without_its_second_play_is_refused():
    rows = rows_of([(0, 0, 0, 0, 2, True), (1, 0, 0, 0, 2, True), (1, 1, 0, 0, 2, False)])
    with pytest.raises(ValueError, match="index 0"):
        T.deal_margins(rows, 0)


def test_share_interval_counts_ties_as_halves_and_never_has_zero_width():
    lo, hi = T.share_interval(np.array([1.0] * 50))
    assert 0.9 < lo < hi == 1.0
    half = T.share_interval(np.array([0.5] * 40))
    assert half[0] < 0.5 < half[1]


def test_pair_result_reports_share_margin_and_intervals():
    margins = np.array([2, 1, -1, 0, 3, 1, 1, -2, 1, 1])
    pair = T.pair_result("x", "y", margins)
    assert pair.deals == 10 and pair.a_share == pytest.approx(7.5 / 10)
    assert pair.a_margin == pytest.approx(0.7)
    assert pair.a_margin_ci95[0] < 0.7 < pair.a_margin_ci95[1]
    assert set(pair.as_json()) == {"a", "b", "deals", "a_share", "a_share_ci95", "a_margin",
                                   "a_margin_ci95"}


def test_bradley_terry_orders_a_transitive_ladder_and_centres_on_zero():
    wins = {("s", "m"): (70.0, 100), ("m", "w"): (70.0, 100), ("s", "w"): (85.0, 100)}
    r = T.bradley_terry(["s", "m", "w"], wins)
    assert r["s"] > r["m"] > r["w"]
    assert sum(r.values()) == pytest.approx(0.0, abs=1e-9)


def test_a_clean_sweep_has_a_finite_rating():
    r = T.bradley_terry(["a", "b"], {("a", "b"): (100.0, 100)})
    assert 0 < r["a"] - r["b"] < 2000


def test_bootstrap_intervals_contain_the_fit_and_are_reproducible():
    rng = np.random.default_rng(1)
    pairs = [T.pair_result("a", "b", rng.choice([-1, 1], 400, p=[0.3, 0.7])),
             T.pair_result("b", "c", rng.choice([-1, 1], 400, p=[0.4, 0.6]))]
    out = T.ratings(["a", "b", "c"], pairs, samples=100, seed=3)
    for name in "abc":
        lo, hi = out[name]["ci95"]
        assert lo <= out[name]["rating"] <= hi and lo < hi
    assert out == T.ratings(["a", "b", "c"], pairs, samples=100, seed=3)


# ------------------------------------------------------------------ whole round robins


def test_match_scores_need_both_plays_of_a_match():
    rows = np.zeros(3, [("match", "u8"), ("winner", "i1")]
                    + [(f"strategy_{s}", "i1") for s in range(4)])
    rows["match"] = [0, 0, 1]
    with pytest.raises(ValueError, match="two duplicate plays"):
        T.match_scores(rows, 0)


# ------------------------------------------------------------------------- the report


def _result(share_ab: float, deals: int = 2000) -> dict:
    from shengji_sim.stats import wilson_interval

    pair = {"a": "x", "b": "y", "deals": deals, "a_share": share_ab,
            "a_share_ci95": list(wilson_interval(share_ab * deals, deals)), "a_margin": 0.4,
            "a_margin_ci95": [0.3, 0.5]}
    return {"variant": "classic-2deck", "seed": 0, "deals": deals, "matches": 0,
            "duplicate": True, "pairs": [pair],
            "ratings": {"x": {"rating": 50.0, "ci95": [30.0, 70.0]},
                        "y": {"rating": -50.0, "ci95": [-70.0, -30.0]}}}


def test_findings_call_a_pair_only_beyond_chance():
    from shengji_sim.report.tournament import findings

    assert "x wins 60.0% of the duplicate deals" in "\n".join(findings([_result(0.60)]))
    assert "no difference beyond chance" in "\n".join(findings([_result(0.51)]))
    assert "y wins 58.0% of the duplicate deals (95% CI 55.8% to 60.1%" in \
        "\n".join(findings([_result(0.42)]))  # the winner's interval, not the loser's


def test_bonferroni_widens_with_the_number_of_pairs():
    from shengji_sim.report.tournament import bonferroni_z, separated

    assert bonferroni_z(1) == pytest.approx(1.96, abs=0.01)
    assert bonferroni_z(10) > bonferroni_z(1)
    pair = _result(0.524)["pairs"][0]  # just separated alone, not among 20 pairs
    assert separated(pair, 1) and not separated(pair, 20)


def test_report_writes_markdown_and_a_png(tmp_path):
    from shengji_sim.report.tournament import PAIRS_PLOT, PLOT, write_report

    path = write_report([_result(0.6)], tmp_path, "shengji-sim report strategies", 12.0)
    text = path.read_text()
    assert text.index("## Findings") < text.index("## Pairs") < text.index("## Provenance")
    assert "shengji-sim tournament --variant classic-2deck --strategies x y" in text
    for plot in (PLOT, PAIRS_PLOT):
        assert f"]({plot})" in text
        png = (tmp_path / plot).read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_report_commit_is_read_before_the_report_is_written(tmp_path, monkeypatch):
    """Regression: write_report read the commit after writing the ratings plot, so a
    report regenerated in a clean checkout said ``+dirty`` (reports/strategies.md at
    9b2b2d0)."""
    from shengji_sim.report.tournament import PAIRS_PLOT, PLOT, REPORT, write_report
    from shengji_sim.run import benchmark

    written_before = []

    def commit():
        written_before.append(any((tmp_path / f).exists() for f in (PLOT, PAIRS_PLOT, REPORT)))
        return "abc", "2026-12-03"

    monkeypatch.setattr(benchmark, "commit", commit)
    text = write_report([_result(0.6)], tmp_path, "cmd", 1.0).read_text()
    assert written_before == [False]
    assert "* commit: abc (2026-12-03)" in text


@pytest.mark.parametrize(("share", "shown"), [
    (0.6, "60.0%"), (0.0, "0.0%"), (1.0, "100.0%"), (0.0007, "0.070%"),
    (0.00019, "0.019%"), (0.0049, "0.49%"), (0.9993, "99.930%"), (0.995, "99.50%"),
    (0.01, "1.0%"), (1e-5, "0.001%"), (1e-6, "0.00010%"), (1 - 1e-6, "99.99990%"),
    (0.000008, "0.001%"), (1e-9, "0.000000%")])  # six decimals at most
def test_small_shares_keep_two_significant_digits(share, shown):
    from shengji_sim.stats import percent

    assert percent(share) == shown


def test_an_interval_prints_both_ends_with_the_finer_precision():
    from shengji_sim.stats import percent_range

    assert percent_range(0.988, 0.9907) == "98.80% to 99.07%"
    assert percent_range(0.30, 0.35) == "30.0% to 35.0%"


# ---------------------------------------------------------------------------- the CLI


def _cli(capsys, *argv):
    from shengji_sim.cli import main

    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, words", [
    (["--strategies", "greedy"], "two or more"),
    (["--strategies", "greedy", "greedy"], "greedy given twice"),
    (["--strategies", "greedy", "nosuch"], "nosuch"),
    (["--strategies", "greedy", "random", "--deals", "0"], "--deals"),
])
def test_tournament_bad_requests_are_one_line(capsys, tmp_path, argv, words):
    code, _, err = _cli(capsys, "tournament", "--out", str(tmp_path), "--quiet", *argv)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_a_profile_file_by_any_path_keeps_its_pair_run_inside_the_tournament(tmp_path) -> None:
    """A profile given by an absolute or relative path named the pair's run directory by the
    path itself: ``out / "/x/keep.toml-vs-greedy"`` is ``/x/keep.toml-vs-greedy``, outside
    ``--out``, shared by every variant's run of the pair ("holds a different run")."""
    profile = tmp_path / "profiles" / "keep.toml"
    out = tmp_path / "runs" / "classic-2deck"
    for name in (str(profile), "../profiles/keep.toml", "keep.toml"):
        pair = out / T.pair_dir_name(name, "greedy")
        assert pair.parent == out and pair.name.startswith("keep-") and "/" not in pair.name
    assert T.pair_dir_name("expert", "greedy") == "expert-vs-greedy"  # built-ins as before
    other = tmp_path / "elsewhere" / "keep.toml"
    assert T.pair_dir_name(str(profile), "greedy") != T.pair_dir_name(str(other), "greedy")
