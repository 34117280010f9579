"""reports/soak.md from soak blocks (``soak --record``, ``report soak``): records, the hand
indices covered, the target, divergences listed, bad blocks files as one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from shengji_sim.cli import cli, main
from shengji_sim.fuzz.soak import Divergence, SoakResult, VariantSoak
from shengji_sim.report.soak import block_records, covered, read_records, render


def _record(variant: str, start: int, hands: int, **extra) -> dict:
    return {"variant": variant, "start": start, "hands": hands, "decisions": 100 * hands,
            "seconds": hands / 10, "lanes": 3, "players": ["random", "expert"],
            "vary_readings": True, "seed": 0, "commit": "abc1234", "divergence": None,
            **extra}


def test_block_records_one_per_variant_with_the_commit() -> None:
    result = SoakResult(0, ["random"], True, 600)
    result.variants = [VariantSoak("jj-4deck", 600, 85_000, 95.04, ["a", "b"]),
                       VariantSoak("classic-2deck", 12, 900, 2.0, ["a"])]
    result.divergence = Divergence("classic-2deck", ["AMB-07=B"], "expert", 0, 611, "crash",
                                   "crash (x)", "crash (y)", ["shengji-sim play ..."])
    jj, c2 = block_records(result, "deadbeef")
    assert (jj["variant"], jj["start"], jj["hands"], jj["decisions"], jj["lanes"]) == \
        ("jj-4deck", 600, 600, 85_000, 2)
    assert jj["commit"] == "deadbeef" and jj["seconds"] == 95.0 and jj["divergence"] is None
    assert c2["divergence"]["index"] == 611


def test_covered_hands_and_the_target() -> None:
    records = [_record("jj-4deck", 0, 12_000, runs=7), _record("jj-4deck", 12_000, 8_000),
               _record("classic-3deck", 0, 5_000), _record("classic-3deck", 6_000, 1_000)]
    assert covered([r for r in records if r["variant"] == "classic-3deck"]) == \
        [(0, 5_000), (6_000, 7_000)]
    text = render(records, target=20_000)
    jj = next(line for line in text.splitlines() if line.startswith("| jj-4deck | 0..19,999"))
    assert "| 20,000 |" in jj and jj.rstrip().endswith("| met |")
    c3 = next(line for line in text.splitlines() if line.startswith("| classic-3deck | 0.."))
    assert "0..4,999, 6,000..6,999" in c3 and c3.rstrip().endswith("| not met |")
    assert "## Result: 0 divergences" in text and "(7 blocks)" in text


def test_a_divergence_is_listed_with_its_commands() -> None:
    div = {"variant": "changzhou-4deck", "ambs": ["AMB-07=B"], "players": "expert",
           "seed": 0, "index": 4412, "decision": "crash", "reference": "crash (r)",
           "core": "crash (c)", "commands": ["shengji-sim play --index 4412"]}
    text = render([_record("changzhou-4deck", 4200, 213, divergence=div)])
    assert "## Result: 1 divergence" in text
    assert "hand 4412" in text and "`shengji-sim play --index 4412`" in text


def test_read_records_names_the_bad_line(tmp_path) -> None:
    path = tmp_path / "blocks.jsonl"
    path.write_text(json.dumps(_record("jj-4deck", 0, 5)) + "\n{not json\n")
    with pytest.raises(ValueError, match="line 2: not JSON"):
        read_records(path)
    path.write_text(json.dumps({"variant": "jj-4deck"}) + "\n")
    with pytest.raises(ValueError, match="line 1: missing start, hands"):
        read_records(path)
    path.write_text("5\n")
    with pytest.raises(ValueError, match="line 1: not a JSON object"):
        read_records(path)
    path.write_text(json.dumps({**_record("jj-4deck", 0, 5), "start": "0"}) + "\n")
    with pytest.raises(ValueError, match="line 1: start '0' has the wrong type"):
        read_records(path)
    path.write_text(json.dumps(_record("jj-4deck", 0, 5, divergence={"variant": "x"})) + "\n")
    with pytest.raises(ValueError, match="line 1: divergence .* has no hand index"):
        read_records(path)


def test_report_soak_command(tmp_path, capsys) -> None:
    blocks = tmp_path / "blocks.jsonl"
    blocks.write_text(json.dumps(_record("baifen-1deck", 0, 20_000)) + "\n")
    out = tmp_path / "soak.md"
    res = CliRunner().invoke(cli, ["report", "soak", "--blocks", str(blocks), "--out",
                                   str(out)])
    assert res.exit_code == 0, res.output
    assert "| baifen-1deck | 0..19,999 | 20,000 |" in out.read_text()
    with pytest.raises(SystemExit) as exit_info:
        main(["report", "soak", "--blocks", str(tmp_path / "missing.jsonl")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.jsonl: no such file" in err
    blocks.write_text("{not json\n")
    with pytest.raises(SystemExit) as exit_info:
        main(["report", "soak", "--blocks", str(blocks), "--out", str(out)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "line 1: not JSON" in err


def test_a_diverging_hand_is_not_covered() -> None:
    div = {"variant": "jj-4deck", "ambs": [], "players": "expert", "seed": 0, "index": 4412,
           "decision": "crash", "reference": "r", "core": "c", "commands": []}
    text = render([_record("jj-4deck", 4200, 213, divergence=div),
                   _record("jj-4deck", 0, 4200, seed=1)])
    row = next(line for line in text.splitlines() if line.startswith("| jj-4deck |"))
    assert "seed 0: 4,200..4,411; seed 1: 0..4,199 | 4,412 |" in row


def test_report_soak_target_default_is_the_module_target() -> None:
    """cli keeps the default as a literal so that importing the command line does not import
    the fuzzing machinery (hypothesis) on every run (issue 34, the warm path)."""
    from shengji_sim.cli.report import report_soak_cmd
    from shengji_sim.report.soak import TARGET_HANDS

    assert {p.name: p.default for p in report_soak_cmd.params}["target"] == TARGET_HANDS


def test_the_command_line_imports_no_fuzzing_machinery() -> None:
    import subprocess
    import sys

    probe = "import sys, shengji_sim.cli; print(sorted(m for m in ('hypothesis', " \
            "'shengji_sim.fuzz', 'matplotlib', 'dask') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
