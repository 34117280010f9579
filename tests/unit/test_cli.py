"""The command line: judge JSON contracts (DESIGN.md), bad input exits 2 with one line, and
a defect inside a command is never reported as bad input."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from shengji_sim.errors import PositionError
from tests.helpers import run_cli

CZ4 = ["--variant", "changzhou-4deck", "--level", "10", "--trump", "H"]


def ok_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def test_judge_follow_lists_legal_follows_sorted(capsys) -> None:
    got = ok_json(capsys, "judge", "follow", *CZ4, "--lead", "S5 S5 S5 S5",
                  "--hand", "S7 S7 S7 S8 S8 SJ SJ H3 C4")
    assert got == {"legal_follows": [["SJ", "S7", "S7", "S7"], ["S8", "S7", "S7", "S7"]],
                   "count": 2, "truncated": False}


def test_judge_follow_limit_truncates(capsys) -> None:
    got = ok_json(capsys, "judge", "follow", *CZ4, "--lead", "S5", "--hand", "S7 S8 S9",
                  "--limit", "1")
    assert got == {"legal_follows": [["S9"]], "count": 3, "truncated": True}


def test_judge_follow_with_play_gives_reason(capsys) -> None:
    got = ok_json(capsys, "judge", "follow", "--variant", "jj-4deck", "--level", "3",
                  "--lead", "SA SA SA SA", "--hand", "SK SK SK S4 S9", "--play", "SK SK S4 S9")
    assert got["legal"] is False and got["reason"].startswith("FOLLOW-9")


def test_judge_follow_amb_override(capsys) -> None:
    got = ok_json(capsys, "judge", "follow", *CZ4, "--amb", "AMB-12=B", "--lead",
                  "S5 S5 S5 S5", "--hand", "S7 S7 S7 S8 S8 SJ SJ")
    assert got["legal_follows"] == [["S8", "S8", "S7", "S7"]]


def test_judge_trick(capsys) -> None:
    got = ok_json(capsys, "judge", "trick", *CZ4, "--plays", "HA", "S10", "H10", "HK")
    assert got == {"winner": 2, "points": 30}


def test_judge_score(capsys) -> None:
    got = ok_json(capsys, "judge", "score", "--variant", "jj-4deck", "--attacker-points", "160")
    assert got["winner_side"] == "attackers" and got["levels"] == 1


@pytest.mark.parametrize("variant, points, beyond", [
    ("classic-2deck", 0, -1), ("classic-2deck", 5240, 5241),
    ("jj-4deck", -21600, -21601), ("jj-4deck", 22000, 22001)])
def test_judge_score_accepts_its_bounds_and_nothing_beyond(capsys, variant, points,
                                                           beyond) -> None:
    """The ends of ``attacker_points_bounds`` are scores; one point further is refused."""
    got = ok_json(capsys, "judge", "score", "--variant", variant, "--attacker-points",
                  str(points))
    assert got["winner_side"] == ("dealer" if points <= 0 else "attackers")
    code, out, err = run_cli(capsys, "judge", "score", "--variant", variant,
                             "--attacker-points", str(beyond))
    assert (code, out) == (2, "") and f"{variant} ends with " in err
    assert len(err.strip().splitlines()) == 1


def test_judge_kitty_without_a_kitty(capsys) -> None:
    """JJ4 buries no kitty (AMB-27 A): --kitty "" is its only kitty; 扣底 on the last trick."""
    got = ok_json(capsys, "judge", "kitty", "--variant", "jj-4deck", "--level", "3",
                  "--plays", "S5", "S6", "S7", "SK", "--leader-side", "dealer", "--kitty", "")
    assert (got["winner_side"], got["awarded"]) == ("attackers", 15)  # SK wins 5 + 10, x1


def test_judge_throw_contract(capsys) -> None:
    got = ok_json(capsys, "judge", "throw", *CZ4, "--lead", "SA SK SK",
                  "--others", "SA SQ SQ", "SJ", "")
    assert set(got) == {"valid", "played", "returned", "blocked_by", "penalty"}
    assert got["valid"] is True


def test_judge_kitty_contract(capsys) -> None:
    got = ok_json(capsys, "judge", "kitty", *CZ4, "--plays", "S5", "H4", "S9", "S3",
                  "--leader-side", "dealer", "--kitty", "D5 CK SK H10 S3 S4 C6 D7")
    assert set(got) == {"winner", "winner_side", "multiplier", "kitty_points", "awarded"}
    assert got["kitty_points"] == 35


BAD_INPUT = [
    ("unknown variant", ["judge", "follow", "--variant", "nope", "--lead", "S5", "--hand", "S6"],
     "nope"),
    ("bad card rank", ["judge", "follow", *CZ4, "--lead", "S11", "--hand", "S6"],
     "S11: no such rank"),
    ("bad card suit", ["judge", "follow", *CZ4, "--lead", "XJ", "--hand", "S6"],
     "XJ: no such suit"),
    ("mixed-suit lead", ["judge", "follow", *CZ4, "--lead", "S5 D5", "--hand", "S6 S7"],
     "mixes suits"),
    ("play not in hand", ["judge", "follow", *CZ4, "--lead", "S5", "--hand", "S6",
                          "--play", "S7"], "not in the hand"),
    ("short hand", ["judge", "follow", *CZ4, "--lead", "S5 S5", "--hand", "S6"], "needs 2"),
    ("too many copies", ["judge", "follow", "--variant", "classic-2deck", "--lead", "S5",
                         "--hand", "S6 S6 S6"], "3 copies of S6"),
    ("bad level", ["judge", "follow", "--level", "11", "--lead", "S5", "--hand", "S6"],
     "11: no such rank"),
    ("bad trump", ["judge", "follow", "--trump", "X", "--lead", "S5", "--hand", "S6"],
     "no such trump"),
    ("unknown amb", ["judge", "follow", "--amb", "AMB-99=A", "--lead", "S5", "--hand", "S6"],
     "AMB-99"),
    ("unknown amb letter", ["judge", "follow", "--amb", "AMB-09=Z", "--lead", "S5",
                            "--hand", "S6"], "Z"),
    ("unknown set key", ["judge", "follow", "--set", "deks=2", "--lead", "S5", "--hand", "S6"],
     "deks"),
    ("impossible set value", ["judge", "follow", "--set", "decks=9", "--lead", "S5",
                              "--hand", "S6"], "decks"),
    ("trick with one play", ["judge", "trick", "--plays", "S5"], "expected 2 to 4"),
    ("throw with two hands", ["judge", "throw", "--lead", "SA SK", "--others", "S2", "S3"],
     "expected 3"),
    ("trick plays of different sizes", ["judge", "trick", "--plays", "S5 S5", "S6"],
     "play 1 has 1 cards, the lead has 2"),
    ("mixed-suit trick lead", ["judge", "trick", "--plays", "S5 D5", "S6 S7"], "mixes suits"),
    ("mixed-suit throw", ["judge", "throw", "--lead", "SA DK", "--others", "S2", "S3", "S4"],
     "mixes suits"),
    ("kitty reading without attacker points", ["judge", "kitty", "--variant", "jj-4deck",
                                               "--amb", "AMB-27=(ii)", "--plays", "S5", "S6",
                                               "S7", "S8", "--leader-side", "dealer",
                                               "--kitty", ""], "needs attacker_points"),
    ("empty follow lead", ["judge", "follow", "--variant", "classic-2deck", "--lead", "",
                           "--hand", "S3"], "--lead: empty"),
    ("empty trick lead", ["judge", "trick", "--plays", "", ""], "--plays #1: empty"),
    ("empty throw lead", ["judge", "throw", "--lead", "", "--others", "S2", "", ""],
     "--lead: empty"),
    ("empty kitty lead", ["judge", "kitty", "--plays", "", "", "", "", "--leader-side",
                          "dealer", "--kitty", "S3 S4 S6 S7 S8 S9 SJ SQ"], "--plays #1: empty"),
    ("kitty of another size", ["judge", "kitty", "--plays", "S5", "H4", "S9", "S3",
                               "--leader-side", "dealer", "--kitty", ""],
     "--kitty: 0 card(s); classic-2deck buries 8"),
    ("score above the variant's", ["judge", "score", "--variant", "classic-2deck",
                                   "--attacker-points", "99999"], "ends with 0..5240"),
    ("score below the variant's", ["judge", "score", "--variant", "classic-2deck",
                                   "--attacker-points", "-1"], "ends with 0..5240"),
    ("unknown option", ["judge", "follow", "--bogus"], "bogus"),
    ("missing option", ["judge", "follow", "--lead", "S5"], "--hand"),
]


@pytest.mark.parametrize("case", BAD_INPUT, ids=[c[0] for c in BAD_INPUT])
def test_bad_input_exits_2_with_one_line(capsys, case) -> None:
    _, argv, needle = case
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert needle in err
    assert "Traceback" not in err


@pytest.mark.parametrize("name", ["malformed.toml", "unknown_key.toml"])
def test_bad_variant_file_exits_2(capsys, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name == "malformed.toml":
        path.write_text("name = \n[deck\n")
    else:
        path.write_text('extends = "changzhou-4deck"\nname = "x"\n[deck]\ndekcs = 4\n')
    code, _, err = run_cli(capsys, "variants", "validate", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and str(path) in err


def test_amb_not_applicable_warns_and_changes_nothing(capsys) -> None:
    base = ok_json(capsys, "judge", "follow", *CZ4, "--lead", "S5 S5", "--hand", "S6 S6 S7")
    code, out, err = run_cli(capsys, "judge", "follow", *CZ4, "--amb", "AMB-18=B", "--lead",
                             "S5 S5", "--hand", "S6 S6 S7")
    assert code == 0 and json.loads(out) == base
    assert "AMB-18" in err and len(err.strip().splitlines()) == 1


def test_variants_list_and_show(capsys) -> None:
    code, out, _ = run_cli(capsys, "variants", "list")
    assert code == 0 and len(out.strip().splitlines()) == 5
    code, out, _ = run_cli(capsys, "variants", "show", "jj-4deck")
    assert code == 0 and "follow_policy" in out


def test_interpretations_lists_every_item(capsys) -> None:
    code, out, _ = run_cli(capsys, "interpretations", "--variant", "changzhou-4deck")
    assert code == 0
    for n in range(1, 50):
        assert f"AMB-{n:02d} " in out
    assert "OTH-9 " in out


def test_console_entry_point_runs_as_module() -> None:
    proc = subprocess.run([sys.executable, "-m", "shengji_sim", "judge", "score",
                           "--variant", "classic-2deck", "--attacker-points", "85"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["winner_side"] == "attackers"


# --------------------------------------------------------------- files the user names


def _one_line_exit_2(capsys, *argv: str) -> str:
    code, out, err = run_cli(capsys, *argv)
    assert (code, out) == (2, ""), err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    return err


def test_play_out_in_a_missing_directory_exits_2(capsys, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "hand.txt"
    err = _one_line_exit_2(capsys, "play", "--variant", "baifen-1deck", "--out", str(target))
    assert f"--out {target}: cannot write" in err


@pytest.mark.parametrize("content, needle", [
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[1, 2]", "expected an object"),
    (b'{"variant": "baifen-1deck"', "not a JSON game record"),
])
def test_replay_of_a_file_that_is_no_record_exits_2(capsys, tmp_path: Path, content: bytes,
                                                     needle: str) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    assert needle in _one_line_exit_2(capsys, "replay", str(path))


@pytest.mark.parametrize("damage, needle", [
    (lambda rec: rec["deal"][0].__setitem__(0, "XJ"), "CardError: XJ: no such suit"),
    (lambda rec: rec.pop("levels"), "KeyError: 'levels'"),
])
def test_replay_of_a_malformed_record_exits_2(capsys, tmp_path: Path, damage, needle) -> None:
    path = tmp_path / "record.json"
    code, _, err = run_cli(capsys, "play", "--variant", "baifen-1deck", "--format", "json",
                           "--out", str(path))
    assert code == 0, err
    record = json.loads(path.read_text(encoding="utf-8"))
    damage(record)
    path.write_text(json.dumps(record), encoding="utf-8")
    err = _one_line_exit_2(capsys, "replay", str(path))
    assert "malformed game record" in err and needle in err


@pytest.mark.parametrize("argv", [
    ["fuzz", "--variant", "baifen-1deck"],
    ["diff", "--variant", "classic-2deck", "--amb", "AMB-07=A", "--vs", "AMB-07=B"],
    ["report", "rules"],
    ["simulate", "--variant", "baifen-1deck", "--hands", "2", "--backend", "reference",
     "--quiet"],
])
def test_out_under_a_file_exits_2_before_any_work(capsys, tmp_path: Path, argv) -> None:
    (tmp_path / "file").write_text("")
    target = tmp_path / "file" / "out"
    err = _one_line_exit_2(capsys, *argv, "--out", str(target))
    assert str(target) in err and "Not a directory" in err


# ------------------------------------------------------------- defects are not bad input


def _broken(exc_type: type[BaseException]):
    def broken(*args, **kwargs):
        raise exc_type("a defect inside the engine")
    return broken


DEFECTS = [
    ("shengji_sim.rules.trick", "trick_winner", ValueError,
     ["judge", "trick", "--plays", "S5", "S6"]),
    ("shengji_sim.rules.follow", "legal_follows", KeyError,
     ["judge", "follow", "--lead", "S5", "--hand", "S6"]),
    ("shengji_sim.rules.score", "judge_score", AssertionError,
     ["judge", "score", "--attacker-points", "85"]),
    ("shengji_sim.config.variant_schema",
     "describe_schema", OSError, ["variants", "show", "classic-2deck"]),
    ("shengji_sim.config.variant",
     "_cross_check", ValueError, ["variants", "validate", "jj-4deck"]),
]


@pytest.mark.parametrize("module, name, exc_type, argv", DEFECTS,
                         ids=[f"{d[2].__name__} in {d[1]}" for d in DEFECTS])
def test_a_defect_inside_a_command_is_a_traceback_not_exit_2(capsys, monkeypatch, module, name,
                                                              exc_type, argv) -> None:
    monkeypatch.setattr(importlib.import_module(module), name, _broken(exc_type))
    with pytest.raises(exc_type, match="a defect inside the engine"):
        run_cli(capsys, *argv)


def test_the_projects_input_error_from_the_same_place_exits_2(capsys, monkeypatch) -> None:
    """The contrast to the defects above: the CLI decides by the exception's class, not by
    where it was raised."""
    monkeypatch.setattr(importlib.import_module("shengji_sim.rules.trick"), "trick_winner",
                        _broken(PositionError))
    err = _one_line_exit_2(capsys, "judge", "trick", "--plays", "S5", "S6")
    assert "a defect inside the engine" in err
