"""Replay checks every field a record states (issue 33 part A): one tampered copy of a real
record per field, and the replay must fail naming the field and the rule ID; provenance
(a record replays with nothing else given) and the command line's exit statuses.

The records are real: a CZ4 hand (three declarations, two 炒, failed and valid throws) and a
STD2 match, both JSON round-tripped and stamped as ``shengji-sim play`` stamps them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from shengji_sim.cli import main
from shengji_sim.config.variant import dump_variant, load_variant
from shengji_sim.players.reference import RandomPlayer, make_players
from shengji_sim.rules.game import play_hand, play_match
from shengji_sim.rules.record import ReplayError, stamp
from shengji_sim.rules.replay import replay


class ChaoThrower(RandomPlayer):
    """Random, but 炒s whenever it may and throws a whole off suit half the time."""

    def chaodi(self, view, options, rng):
        return options.nth(0) if options.count else None

    def lead(self, view, options, rng):
        groups: dict[int, list[int]] = {}
        for k in view.hand:
            if not view.ctx.ranking.is_trump(k):
                groups.setdefault(view.ctx.ranking.group[k], []).append(k)
        longest = max(groups.values(), key=len, default=[])
        if len(longest) >= 2 and rng.below(2):
            return longest
        return super().lead(view, options, rng)


def _json(record: dict) -> dict:
    return json.loads(json.dumps(record, ensure_ascii=False))


@pytest.fixture(scope="module")
def hand() -> tuple:
    v = load_variant("changzhou-4deck")
    rec = _json(stamp(play_hand(v, [ChaoThrower() for _ in range(4)], 5, 94), v,
                      "changzhou-4deck"))
    assert len(rec["declarations"]) == 2 and len(rec["chaodi"]) == 2 and rec["penalties"]
    assert any(t["throw"] and t["throw"]["valid"] for t in rec["tricks"])
    replay(v, rec)
    return v, rec


@pytest.fixture(scope="module")
def match() -> tuple:
    v = load_variant("classic-2deck")
    rec = play_match(v, make_players("random"), 3)
    rec["players"] = "random"
    rec = _json(stamp(rec, v, "classic-2deck"))
    assert len(rec["hands"]) >= 3 and rec["winner_side"] is not None
    replay(v, rec)
    return v, rec


# ------------------------------------------------------------------------- the tampering


def other_seat(seat: int) -> int:
    return (seat + 1) % 4


def set_path(rec: dict, path: str, value) -> None:
    """``rec[path] = value`` for a path like ``tricks[3].winner`` or ``score.levels``."""
    *head, last = _steps(path)
    target = rec
    for step in head:
        target = target[step]
    target[last] = value


def get_path(rec: dict, path: str):
    target = rec
    for step in _steps(path):
        target = target[step]
    return target


def _steps(path: str) -> list:
    steps: list = []
    for part in path.split("."):
        name, *indexes = part.replace("]", "").split("[")
        steps.append(name)
        steps += [int(i) for i in indexes]
    return steps


def bump(path: str, by: int = 1):
    return lambda rec: set_path(rec, path, get_path(rec, path) + by)


def put(path: str, value):
    return lambda rec: set_path(rec, path, value)


def another_trump(path: str):
    """A trump other than the one the record states (the fixture may change hands)."""
    def mutate(rec):
        now = get_path(rec, path)
        set_path(rec, path, next(t for t in ("H", "S", "D", "C", "NT") if t != now))
    return mutate


def turn(path: str):
    return lambda rec: set_path(rec, path, other_seat(get_path(rec, path)))


def swap_first_two(path: str):
    def mutate(rec):
        cards = get_path(rec, path)
        i = next(i for i in range(1, len(cards)) if cards[i] != cards[0])
        cards[0], cards[i] = cards[i], cards[0]
    return mutate


def swap_deal_cards(rec) -> None:
    a = next(c for c in rec["deal"][0] if c not in rec["deal"][1])
    b = next(c for c in rec["deal"][1] if c not in rec["deal"][0])
    rec["deal"][0][rec["deal"][0].index(a)] = b
    rec["deal"][1][rec["deal"][1].index(b)] = a


def first_valid_throw(rec) -> int:
    return next(i for i, t in enumerate(rec["tricks"]) if t["throw"] and t["throw"]["valid"])


def first_failed_throw(rec) -> int:
    return next(i for i, t in enumerate(rec["tricks"]) if t["throw"] and not t["throw"]["valid"])


def drop_valid_throw(rec) -> None:
    rec["tricks"][first_valid_throw(rec)]["throw"] = None


def change_failed_penalty(rec) -> None:
    i = first_failed_throw(rec)
    rec["tricks"][i]["throw"]["blocked_by"] = 4


def kitty_on_first_trick(rec) -> None:
    rec["tricks"][0]["kitty"] = copy.deepcopy(rec["tricks"][-1]["kitty"])


def other_card(cards: list[str]) -> None:
    cards[0] = "S3" if cards[0] != "S3" else "S4"


def other_kitty(rec) -> None:
    other_card(rec["tricks"][-1]["kitty"]["kitty"])


def undealt_card(rec, seat: int) -> str:
    held = set(rec["deal"][seat]) | set(rec["kitty_dealt"])
    return next(f"{s}{r}" for s in "SHCD" for r in ("3", "4", "5", "6", "7", "8", "9")
                if f"{s}{r}" not in held)


def bury_unheld(rec) -> None:
    rec["burials"][0]["cards"][0] = undealt_card(rec, rec["burials"][0]["seat"])


def weaker_chao(rec) -> None:
    rec["chaodi"][1]["cards"] = rec["chaodi"][0]["cards"]  # the same pair: not higher


#: (the field tampered, the tampering, the field the replay names, the rule it names)
HAND_CASES = [
    ("variant", put("variant", "jj-4deck"), "variant_hash", "DESIGN Records"),
    ("variant_hash", put("variant_hash", "0" * 64), "variant_hash", "DESIGN Records"),
    ("amb", put("amb", ["AMB-29=A"]), "variant_hash", "DESIGN Records"),
    ("set", put("set", ["score_step=40"]), "variant_hash", "DESIGN Records"),
    ("variant_toml", put("variant_toml", "name = [broken"), "variant_toml", "DESIGN Records"),
    ("seed", bump("seed"), "hand_seed", "DECK-4"),
    ("index", bump("index"), "hand_seed", "DECK-4"),
    ("hand_seed", bump("hand_seed"), "hand_seed", "DECK-4"),
    ("hand_number", put("hand_number", 2), "hand_number", "LEVEL-1"),
    ("levels", put("levels", [1, 1]), "levels", "DEF-19"),
    ("dealer_before", put("dealer_before", 0), "dealer_before", "BID-7"),
    ("redeals", put("redeals", 1), "redeals", "BID-8"),
    ("shuffled", swap_first_two("shuffled"), "shuffled", "DECK-4"),
    ("first_recipient", turn("first_recipient"), "first_recipient", "DECK-4"),
    ("deal_step", put("deal_step", 1), "deal_step", "DECK-4"),
    ("deal", swap_deal_cards, "deal[0]", "DECK-3"),
    ("kitty_dealt", swap_first_two("kitty_dealt"), "kitty_dealt", "DECK-3"),
    ("declarations[0].seat", turn("declarations[0].seat"), "declarations[0]", "BID-1"),
    ("declarations[1].cards", put("declarations[1].cards", ["D2", "D2", "D2", "D2"]),
     "declarations[1]", "BID-1"),
    ("declarations[1].legal", put("declarations[1].legal", False), "declarations[1].legal",
     "BID-2 / AMB-42 A"),
    ("declarations[0].suit", put("declarations[0].suit", 0), "declarations[0].suit", "BID-1"),
    ("declarations[0].hidden", put("declarations[0].hidden", True), "declarations[0].hidden",
     "BID-4"),
    ("declarations[1].dealt", put("declarations[1].dealt", 217), "declarations[1].dealt",
     "DEF-24"),
    ("trump_declared", another_trump("trump_declared"), "trump_declared", "BID-7"),
    ("declarer", turn("declarer"), "declarer", "BID-7"),
    ("dealer_declared", turn("dealer_declared"), "dealer_declared", "AMB-46"),
    ("trump_rule", put("trump_rule", "BID-8 / AMB-30 B1"), "trump_rule", "BID-8"),
    ("kitty_flip", put("kitty_flip", True), "kitty_flip", "BID-8"),
    ("level", bump("level"), "level", "TRUMP-2"),
    ("kitty_before", swap_first_two("kitty_before"), "kitty_before", "KITTY-1"),
    ("burials[0].seat", turn("burials[0].seat"), "burials[0].seat", "KITTY-1"),
    ("burials[0].cards", bury_unheld, "burials[0].cards", "KITTY-1"),
    ("buried_by", turn("buried_by"), "buried_by", "KITTY-1"),
    # seat 2 does not hold the S2 S2 that seat 1 showed: the 炒 itself fails
    ("chaodi[0].seat", turn("chaodi[0].seat"), "chaodi[0]", "CHAO-2"),
    ("chaodi[1].cards", weaker_chao, "chaodi[1]", "CHAO-2"),
    ("chaodi[0].trump", another_trump("chaodi[0].trump"), "chaodi[0].trump", "CHAO-3"),
    ("chaodi[0].dealer", turn("chaodi[0].dealer"), "chaodi[0].dealer", "AMB-32"),
    ("chaodi[1].buried", lambda rec: other_card(rec["chaodi"][1]["buried"]), "chaodi[1].buried",
     "KITTY-1"),
    ("trump", another_trump("trump"), "trump", "CHAO-3"),
    ("dealer", turn("dealer"), "dealer", "AMB-32"),
    ("tricks[0].leader", turn("tricks[0].leader"), "tricks[0].leader", "LEAD-1"),
    ("tricks[3].leader", turn("tricks[3].leader"), "tricks[3].leader", "LEAD-2"),
    ("tricks[2].plays", lambda rec: rec["tricks"][2]["plays"].reverse(), "tricks[2].plays",
     "LEAD-4"),
    ("tricks[4].winner", lambda rec: set_path(rec, "tricks[4].winner",
                                              (get_path(rec, "tricks[4].winner") + 1) % 4),
     "tricks[4].winner", "CMP-9"),
    ("tricks[4].winner_seat", turn("tricks[4].winner_seat"), "tricks[4].winner_seat", "CMP-9"),
    ("tricks[0].points", bump("tricks[0].points", 5), "tricks[0].points", "POINT-2"),
    ("tricks[].throw (valid)", drop_valid_throw, "throw", "THROW-2"),
    ("tricks[].throw (failed)", change_failed_penalty, "throw", "THROW-3"),
    ("tricks[0].follow_rules", put("tricks[0].follow_rules", [["FOLLOW-1", 2]] * 3),
     "tricks[0].follow_rules[0]", "FOLLOW-11"),
    ("tricks[0].kitty", kitty_on_first_trick, "tricks[0].kitty", "KITTY-2"),
    ("tricks[-1].kitty.multiplier", bump("tricks[-1].kitty.multiplier"),
     "kitty.multiplier", "KITTY-3"),
    ("tricks[-1].kitty.kitty_points", bump("tricks[-1].kitty.kitty_points", 5),
     "kitty.kitty_points", "KITTY-3"),
    ("tricks[-1].kitty.awarded", bump("tricks[-1].kitty.awarded", 5), "kitty.awarded",
     "KITTY-3"),
    ("tricks[-1].kitty.winner_side",
     lambda rec: set_path(rec, "tricks[-1].kitty.winner_side",
                          {"dealer": "attackers", "attackers": "dealer"}[
                              get_path(rec, "tricks[-1].kitty.winner_side")]),
     "kitty.winner_side", "KITTY-3"),
    ("tricks[-1].kitty.kitty", other_kitty, "kitty.kitty", "KITTY-2"),
    ("tricks", lambda rec: rec["tricks"].pop(), "tricks", "DECK-3"),
    ("penalties", lambda rec: rec["penalties"].pop(), "penalties", "THROW-3"),
    ("attacker_points", bump("attacker_points", 5), "attacker_points", "POINT-3"),
    ("score.winner_side", put("score.winner_side", "none"), "score.winner_side",
     "LEVEL-6 / DEF-14"),
    ("score.levels", bump("score.levels"), "score.levels", "LEVEL-6 / DEF-14"),
    ("score.next_dealer", put("score.next_dealer", "previous"), "score.next_dealer",
     "LEVEL-6 / DEF-14"),
    ("level_penalties", bump("level_penalties"), "level_penalties", "SCORE-2"),
    ("next_dealer", turn("next_dealer"), "next_dealer", "DEALER-1"),
    ("levels_after", bump("levels_after[0]"), "levels_after", "LEVEL-1"),
    ("match_winner", put("match_winner", 0), "match_winner", "AMB-38"),
]


def _fails(v, rec) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        replay(v, rec)
    return info.value


@pytest.mark.parametrize("tampered, mutate, field, rule", HAND_CASES,
                         ids=[c[0] for c in HAND_CASES])
def test_DECK_3_every_hand_field_is_checked(hand, tampered, mutate, field, rule) -> None:
    """DECK-3, DECK-4, BID-7, CHAO-3, CMP-9, KITTY-3, LEVEL-1 (and each case's rule): a hand
    record with one field changed fails, naming that field and the rule."""
    v, rec = hand
    bad = copy.deepcopy(rec)
    mutate(bad)
    err = _fails(v, bad)
    assert err.field.endswith(field) or field in err.field, str(err)
    assert err.rule == rule, str(err)
    assert tampered.split("[")[0].split(".")[0] in str(err) or field in str(err), str(err)


def append_a_hand(rec) -> None:
    rec["hands"].append(copy.deepcopy(rec["hands"][-1]))


def cut_off(rec) -> None:
    rec["hands"].pop()
    rec["winner_side"], rec["levels"] = None, rec["hands"][-1]["levels_after"]


MATCH_CASES = [
    ("match_seed", bump("match_seed"), "match_seed", "DECK-4"),
    ("seed", bump("seed"), "match_seed", "DECK-4"),
    ("match", bump("match"), "match_seed", "DECK-4"),
    ("max_hands", lambda rec: set_path(rec, "max_hands", len(rec["hands"]) - 1), "max_hands",
     "LEVEL-1"),
    ("winner_side", lambda rec: set_path(rec, "winner_side", 1 - rec["winner_side"]),
     "winner_side", "AMB-38"),
    ("levels", bump("levels[0]"), "levels", "LEVEL-1"),
    ("hands (cut off)", cut_off, "hands", "AMB-38"),
    ("hands (a hand after the winner)", append_a_hand, "hands[", "AMB-38"),
    ("hands[1].match", bump("hands[1].match"), "hands[1].match", "DECK-4"),
    ("hands[1].seed", bump("hands[1].seed"), "hands[1].seed", "DECK-4"),
    ("hands[1].index", bump("hands[1].index"), "hands[1].seed", "DECK-4"),
    ("hands[1].hand_number", bump("hands[1].hand_number"), "hands[1].hand_number", "LEVEL-1"),
    ("hands[2].levels", bump("hands[2].levels[1]"), "hands[2].levels", "LEVEL-1"),
    ("hands[2].dealer_before", turn("hands[2].dealer_before"), "hands[2].dealer_before",
     "DEALER-1"),
    ("hands[1].variant", put("hands[1].variant", "baifen-1deck"), "hands[1].variant_hash",
     "DESIGN Records"),
    ("hands[0].match_winner", put("hands[0].match_winner", 0), "hands[0].match_winner",
     "AMB-38"),
]


@pytest.mark.parametrize("tampered, mutate, field, rule", MATCH_CASES,
                         ids=[c[0] for c in MATCH_CASES])
def test_AMB_38_every_match_field_is_checked(match, tampered, mutate, field, rule) -> None:
    """AMB-38, LEVEL-1, DEALER-1, DECK-4: a match record with one field changed fails,
    naming that field and the rule; a winner changed, a record cut off before the end and
    a hand after the winner among them."""
    v, rec = match
    bad = copy.deepcopy(rec)
    mutate(bad)
    err = _fails(v, bad)
    assert field in err.field, str(err)
    assert err.rule == rule, str(err)


@pytest.mark.parametrize("path, value", [("rules_version", "0.0"), ("players", "greedy")])
def test_DESIGN_informational_fields_are_not_checked(hand, path, value) -> None:
    """``rules_version`` and ``players`` are informational (record.py's docstring)."""
    v, rec = hand
    changed = copy.deepcopy(rec)
    changed[path] = value
    assert replay(v, changed) == 1


# ------------------------------------------------------------------- provenance, the CLI


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, err


def test_AMB_19_a_record_played_with_amb_replays_alone(capsys, tmp_path: Path) -> None:
    """The record carries --amb, --set and the variant hash: replay needs nothing else."""
    path = tmp_path / "r.json"
    code, _, err = run(capsys, "play", "--variant", "classic-2deck", "--amb", "AMB-19=B",
                       "--set", "throw_penalty_points=5", "--seed", "3", "--format", "json",
                       "--out", str(path))
    assert code == 0, err
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert (rec["amb"], rec["set"], rec["variant_toml"]) == (["AMB-19=B"],
                                                             ["throw_penalty_points=5"], None)
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, ""), err
    assert out.startswith("ok: 1 hand(s)")


def test_AMB_38_a_match_record_carries_its_readings(capsys, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    code, _, err = run(capsys, "play", "--variant", "baifen-1deck", "--match", "--amb",
                       "AMB-38=B", "--seed", "1", "--format", "json", "--out", str(path))
    assert code == 0, err
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["amb"] == ["AMB-38=B"] and rec["max_hands"] == 500
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, ""), err
    assert f"ok: {len(rec['hands'])} hand(s)" in out


def test_DESIGN_a_file_variant_travels_in_the_record(capsys, tmp_path: Path) -> None:
    """A variant from a file that is not built in is stored in the record: the record
    replays after the file is gone."""
    variant_file = tmp_path / "mine.toml"
    variant_file.write_text('name = "mine"\nrule_set = "STD2"\ndescription = "test"\n'
                            'extends = "classic-2deck"\n[scoring]\nscore_step = 30\n',
                            encoding="utf-8")
    path = tmp_path / "r.json"
    code, _, err = run(capsys, "play", "--variant", str(variant_file), "--amb", "AMB-19=B",
                       "--seed", "4", "--format", "json", "--out", str(path))
    assert code == 0, err
    rec = json.loads(path.read_text(encoding="utf-8"))
    assert rec["variant_toml"] == dump_variant(load_variant(str(variant_file)))
    variant_file.unlink()
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, ""), err
    assert "against mine" in out


def test_DESIGN_a_conflicting_variant_is_one_line_exit_2(capsys, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    run(capsys, "play", "--variant", "classic-2deck", "--amb", "AMB-19=B", "--seed", "3",
        "--format", "json", "--out", str(path))
    code, out, err = run(capsys, "replay", str(path), "--variant", "classic-2deck")
    assert (code, out) == (2, ""), err
    assert len(err.strip().splitlines()) == 1 and "--amb AMB-19=B" in err, err
    code, out, err = run(capsys, "replay", str(path), "--variant", "classic-2deck", "--amb",
                         "AMB-19=B")
    assert code == 0, err


def test_DESIGN_an_old_record_replays_with_variant_and_amb(capsys, tmp_path: Path) -> None:
    """A record that names only its variant (made before provenance) replays with
    --variant and --amb; without them, one line and exit 2 says what to pass."""
    path = tmp_path / "r.json"
    run(capsys, "play", "--variant", "classic-2deck", "--amb", "AMB-19=B", "--seed", "3",
        "--format", "json", "--out", str(path))
    rec = json.loads(path.read_text(encoding="utf-8"))
    for key in ("amb", "set", "variant_toml"):
        del rec[key]
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "") and "pass --variant" in err, err
    code, out, err = run(capsys, "replay", str(path), "--variant", "classic-2deck", "--amb",
                         "AMB-19=B")
    assert code == 0 and out.startswith("ok"), err


@pytest.mark.parametrize("field, value, needle", [
    ("winner_side", 1, "winner_side"),
    ("levels", [12, 12], "levels"),
])
def test_AMB_38_a_wrong_match_record_is_one_line_exit_1(capsys, tmp_path: Path, field, value,
                                                         needle) -> None:
    path = tmp_path / "m.json"
    run(capsys, "play", "--variant", "baifen-1deck", "--match", "--seed", "1", "--format",
        "json", "--out", str(path))
    rec = json.loads(path.read_text(encoding="utf-8"))
    if rec[field] == value:
        value = 0 if field == "winner_side" else [11, 12]
    rec[field] = value
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (1, ""), err
    assert len(err.strip().splitlines()) == 1 and err.startswith("replay: "), err
    assert needle in err, err


def test_CHAO_3_a_tampered_chao_trump_is_one_line_exit_1(capsys, tmp_path: Path, hand) -> None:
    _, rec = hand
    bad = copy.deepcopy(rec)
    bad["chaodi"][0]["trump"] = "H"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (1, ""), err
    assert err.startswith("replay: ") and len(err.strip().splitlines()) == 1
    assert "CHAO-3" in err and "chaodi[0].trump" in err, err
