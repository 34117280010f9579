"""Every finding explained (issue 14 part 2): the seed lines it sets against each other
(Chinese, with an English gloss), the related AMB/OTH/DEF items, the judge's answer under
each alternative reading of those items (run, not written) and a verdict.

Representation
--------------
:data:`SEED_OF` names each built-in variant's seed (000 for CZ4, 002 for JJ4, 003 for the
STD2/ONE1/THREE3 family). :data:`SOURCES` maps (property, seed) to a :class:`Source`: the
quoted lines (:class:`Quote`: seed, line as ``cat -n`` numbers it, the Chinese text as the
seed spells it, an English gloss), the related items and the verdict that stands when no
alternative reading makes the property hold (``contradiction inside a seed`` or
``translation problem``). Properties about the engine itself (generator vs checker,
kernels, conservation ...) have no source: their failures are engine defects.

:func:`verdict` re-runs the finding's property on its shrunk example under every letter of
every related item the variant takes (:func:`alternatives`) and decides:

* ``engine defect``: the property classified it so (the engine contradicts itself);
* ``consequence of a reading``: some other letter of a related item makes it hold;
* otherwise the source's verdict (two lines of one seed disagree, or a garbled line).

:func:`explain_lines` renders this as markdown, with the output of the judge command under
each alternative reading.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from shengji_sim.fuzz.positions import Position, _loads, position, variant_for
from shengji_sim.fuzz.properties import CATALOGUE
from shengji_sim.fuzz.property_base import ENGINE, NA, PropertyFailure
from shengji_sim.fuzz.runner import Finding, judge_command

ENGINE_DEFECT = "engine defect"
READING = "consequence of a reading"
CONTRADICTION = "contradiction inside a seed"
TRANSLATION = "translation problem"
VERDICTS = (ENGINE_DEFECT, READING, CONTRADICTION, TRANSLATION)

SEED_OF = {"changzhou-4deck": "000", "jj-4deck": "002", "classic-2deck": "003",
           "baifen-1deck": "003", "classic-3deck": "003"}


@dataclass(frozen=True)
class Quote:
    seed: str
    line: int
    text: str
    gloss: str


@dataclass(frozen=True)
class Source:
    quotes: tuple[Quote, ...]
    items: tuple[str, ...]
    tension: str
    verdict: str = CONTRADICTION


# ------------------------------------------------------------------------------ the quotes

Q000_43 = Quote("000", 43,
    "若是不是先出牌的玩家，則出牌時必需出先出牌的玩家同花色同牌型的牌。"
                "如無此牌型的牌則可以用同花色同數目的牌墊上。",
                "a follower must play the leader's suit and shape; without that shape he may "
                "fill with cards of the same suit, the same number")
Q000_45 = Quote("000", 45,
    "有對子必需跟對、有三條必需跟三條、有四條必需跟四條、有遷延機必需跟遷延機",
                "who has a pair must follow a pair, a triple a triple, a quad a quad, a "
                "tractor a tractor (遷延機 is the converter's garbling of 拖拉機, §0.5)")
Q000_47 = Quote("000", 47,
    "四 條：四條—–三條—連拖—對子—散牌",
                "quad led: quad, then triple, then tractor, then pairs, then singles")
Q000_49 = Quote("000", 49,
    "三條兩連拖：三條兩連拖—-三條—–三連拖—–兩連拖—-對子——散牌",
                "2-triple tractor led: triple tractor, then a triple, then a 3-pair tractor, "
                "then a 2-pair tractor, then pairs, then singles")
Q000_50 = Quote("000", 50,
    "四條連拖：四條連拖—-四條—-三條—-連拖—-對子—-散牌",
                "quad tractor led: quad tractor, quad, triple, tractor, pairs, singles")
Q000_65V = Quote("000", 65,
    "但手中的 “ 單牌 ” 不大于 “ 甩 ” 出的恣意一張單牌， “ 對 ” 不大于 “ 甩 ” "
                 "出的恣意一 “ 對 ” ， 以此類推。則這人 “ 甩 ” 牌勝利。",
                 "validity: the others' singles are not above any thrown single, their pairs "
                 "not above any thrown pair, and so on: then the throw stands")
Q000_65F = Quote("000", 65,
    "如有恣意一家打過甩牌人的恣意一張牌，則甩牌掉敗，"
    "即甩牌的玩家出最小的牌型及牌",
                 "failure: if anyone beats any one card of the thrower, the throw fails and "
                 "the thrower plays the smallest shape and cards")
Q002_36 = Quote("002", 36,
    "借使不是先出牌的玩家，则出牌时必须出先出牌的玩家同花色同牌型的牌。"
                "如无此牌型的牌则也许用同花色同数目的牌垫上。",
                "a follower plays the leader's suit and shape; without that shape he may fill "
                "with cards of the same suit, the same number")
Q002_38 = Quote("002", 38,
    "如先出牌的玩家出了拖拉机，其他玩家有拖拉机的则必需出拖拉机，"
    "如无拖拉机则必需出对牌，如无对牌才可出其他牌。",
                "if a tractor is led, a player who has a tractor must play a tractor; without "
                "one he must play pairs; only without pairs other cards")
Q002_76 = Quote("002", 76,
    "如后背出牌玩家手牌中有该花色同牌型拖沓机，则必需跟出同牌型拖沓机，如没有，"
                "则有对必须先跟对。",
                "a follower holding a tractor of the same suit and the same shape must follow "
                "it; if not, pairs first")
Q002_88 = Quote("002", 88,
    "1连4或2个4张（出牌可选）",
                "table 1 (4-pair tractor led), row 1: a 4-pair tractor or two quads (either)")
Q002_106 = Quote("002", 106,
    "2个3张＋2单张",
                 "table 1, row 10: two triples and two singles (above l.114 four pairs)")
Q002_114 = Quote("002", 114,
    "4个对联", "table 1, row 14: four pairs (对联 garbled 对子)")
Q002_168 = Quote("002", 168,
    "4个+1个春联（比如：AAAA+客服在线）→",
                 "table 3 (667788 led), row 3: a quad and a pair (春联 and 客服在线 are "
                 "garblings of 对子 and QQ)")
Q002_216 = Quote("002", 216,
    "跟拖沓机（比如：5566或AAAA）→",
                 "table 6 (7788 led), row 1: a tractor, e.g. 5566, or a quad AAAA")
Q003_161 = Quote("003", 161,
    "首家可以出同花色中的拖拉机、对和单牌的任意组合，但必须保证最大性；",
                 "the leader may play any combination of tractors, pairs and singles of one "
                 "suit, but must make sure it is the biggest")
Q003_163 = Quote("003", 163,
    "如果首家出牌中包括拖拉机，则其它方如果有同花色的拖拉机，必须出拖拉机；",
                 "if the lead includes a tractor, others with a tractor of the suit must play "
                 "a tractor")
Q003_165 = Quote("003", 165,
    "如果首家出牌中包括对，则其它方如果有同花色的对，必须出对；",
                 "if the lead includes a pair, others with a pair of the suit must play pairs")

FOLLOW_TABLE_ITEMS = ("AMB-11", "AMB-12", "AMB-13", "AMB-14", "AMB-15", "AMB-16", "AMB-17",
                      "AMB-18", "AMB-41", "OTH-5", "OTH-6")
THROW_ITEMS = ("AMB-20", "AMB-21", "AMB-43", "AMB-47", "AMB-48", "OTH-3")

SOURCES: dict[tuple[str, str], Source] = {
    ("tractor_obligation_held", "000"): Source(
        (Q000_45, Q000_47, Q000_49, Q000_50), FOLLOW_TABLE_ITEMS + ("DEF-5", "DEF-8"),
        "l.45 obliges a tractor to whoever holds one; the chains of l.47-50 put a quad or a "
        "triple before the tractor, so the first chain element formed can use up the cards"),
    ("tractor_obligation_held", "002"): Source(
        (Q002_38, Q002_76, Q002_88, Q002_216), FOLLOW_TABLE_ITEMS + ("DEF-8",),
        "l.38 obliges any tractor; l.76 only a same-shape one; the tables (l.88, l.216) "
        "offer quads in a tractor's place"),
    ("tractor_obligation_held", "003"): Source(
        (Q003_163,), FOLLOW_TABLE_ITEMS + ("DEF-5", "DEF-8"),
        "l.163 obliges a tractor to whoever has one; the engine's DEF-5/DEF-8 rows decide how"),
    ("pairs_maximised", "000"): Source(
        (Q000_45, Q000_47, Q000_49), FOLLOW_TABLE_ITEMS + ("DEF-5", "DEF-8"),
        "l.45 obliges pairs; the chains (l.47: a triple before pairs) let a triple and "
        "singles stand where more pairs could be played"),
    ("pairs_maximised", "002"): Source(
        (Q002_38, Q002_106, Q002_114), FOLLOW_TABLE_ITEMS + ("DEF-8",),
        "l.38 obliges pairs when no tractor is held; table 1 ranks two triples and two "
        "singles (row 10) above four pairs (row 14)"),
    ("pairs_maximised", "003"): Source(
        (Q003_165,), FOLLOW_TABLE_ITEMS + ("DEF-5", "DEF-8"),
        "l.165 obliges pairs; the engine's DEF-5/DEF-8 rows decide how many"),
    ("fill_freedom", "000"): Source(
        (Q000_43, Q000_45), ("AMB-16", "AMB-17", "AMB-19", "DEF-5"),
        "l.43 lets a follower without the led shape fill with any same-suit cards; l.45 "
        "still obliges his pairs and tractors"),
    ("fill_freedom", "002"): Source(
        (Q002_36, Q002_38, Q002_76), ("AMB-16", "AMB-17", "AMB-18", "AMB-19", "DEF-8"),
        "l.36 lets a follower without the led shape fill with any same-suit cards; l.38 and "
        "l.76 still oblige his pairs"),
    ("fill_freedom", "003"): Source(
        (Q003_163, Q003_165), ("AMB-16", "AMB-17", "AMB-19", "DEF-5"),
        "003 has no fill clause of its own: the property reads 000 l.43 / 002 l.36's fill "
        "into it, and l.165 obliges pairs; a consequence of reading the other seeds' "
        "clause, not a contradiction of 003", READING),
    ("throw_failure_clause", "000"): Source(
        (Q000_65V, Q000_65F), THROW_ITEMS + ("DEF-4",),
        "the validity clause compares shape with shape (单牌 with 单牌, 对 with 对); the "
        "failure clause fails a throw when any card of it is beaten"),
    ("throw_failure_clause", "002"): Source(
        (Quote("002", 82, "甩牌：当其他三方没有本身所拿花况下，不能举行甩牌。",
               "throws: when the other three lack the suit, no throw may be made (garbled, "
               "AMB-22)"),),
        THROW_ITEMS + ("AMB-22", "DEF-9"),
        "002 gives no validity test; the engine borrows 000 l.65's shape-by-shape test "
        "(AMB-22 C), so 000's tension travels with it", READING),
    ("throw_failure_clause", "003"): Source(
        (Q003_161,), THROW_ITEMS + ("DEF-4", "DEF-9"),
        "003 says only that a throw must be the biggest; the engine reads it shape by shape "
        "(AMB-43, AMB-47), which a lower card beaten by a single does not break", READING),
    ("follow_obligation", "002"): Source(
        (Q002_38, Q002_76, Q002_88, Q002_216), FOLLOW_TABLE_ITEMS,
        "l.38/l.76 oblige a (same-shape) tractor; table rows l.88 and l.216 accept quads "
        "instead (AMB-18)"),
    ("follow_obligation", "000"): Source(
        (Q000_45, Q000_47, Q000_49, Q000_50), FOLLOW_TABLE_ITEMS,
        "l.45's obligations against the chains' order (l.47-50)"),
    ("follow_obligation", "003"): Source(
        (Q003_163, Q003_165), FOLLOW_TABLE_ITEMS + ("DEF-5",),
        "l.163/165's obligations against the engine's DEF-5 rows"),
    ("failed_throw_beatable", "000"): Source(
        (Q000_65F,), THROW_ITEMS + ("DEF-9",),
        "the thrower plays \"最小的牌型及牌\" (the smallest shape and cards): AMB-21 A plays "
        "the smallest component even when nobody could beat it", READING),
    ("throw_unbeatable", "000"): Source((Q000_65V,), THROW_ITEMS, "the validity clause",
                                        READING),
    ("follow_exists", "000"): Source((Q000_45, Q000_47, Q000_49, Q000_50), FOLLOW_TABLE_ITEMS,
                                     "a chain with no element the holding can form"),
    ("follow_exists", "002"): Source((Q002_38, Q002_88), FOLLOW_TABLE_ITEMS,
                                     "a table with no row the holding can form"),
}
for _prop in ("failed_throw_beatable", "throw_unbeatable"):
    for _seed in ("002", "003"):
        SOURCES[(_prop, _seed)] = Source((Q000_65F,), THROW_ITEMS + ("DEF-9",),
                                         "000 l.65's throw rules, borrowed (DEF-9)", READING)
SOURCES[("follow_exists", "003")] = Source((Q003_163, Q003_165), FOLLOW_TABLE_ITEMS,
                                           "no row of the engine's rules fits", READING)
WINNER = Source((), ("AMB-08", "AMB-09", "AMB-10", "AMB-40", "OTH-1", "OTH-2", "DEF-3"),
                "the comparison rules do not give an order here")
for _seed in ("000", "002", "003"):
    SOURCES[("winner_consistent", _seed)] = WINNER


# ---------------------------------------------------------------------------- verdicts


@dataclass
class ReadingRun:
    reading: str  #: ITEM=LETTER
    holds: bool
    message: str
    command: str
    output: str


@dataclass
class Verdict:
    verdict: str
    source: Source | None
    runs: list[ReadingRun] = field(default_factory=list)
    fixed_by: list[str] = field(default_factory=list)


def rebuild(f: Finding) -> Position | None:
    try:
        return eval(f.example, {"position": position})  # noqa: S307 - our own repr
    except Exception:  # noqa: BLE001 - an engine crash finding has no example
        return None


def alternatives(variant: str, ambs: tuple[str, ...], items: tuple[str, ...]) -> list[str]:
    """``ITEM=LETTER`` for every letter of every related AMB/OTH item the variant takes,
    other than the finding's own reading, on top of the finding's other readings."""
    from shengji_sim.config.interpretations import ITEMS

    v = variant_for(variant, ambs)
    own = {a.split("=")[0]: a.split("=")[1] for a in ambs}
    readings = v.readings()
    out = []
    for item in items:
        if item not in ITEMS or item not in v.applicable:
            continue
        current = own.get(item, readings.get(item, ""))
        for alt in ITEMS[item].alternatives:
            if alt.letter.startswith("(") or alt.letter in current.split("/"):
                continue
            rest = tuple(a for a in ambs if a.split("=")[0] != item)
            if _loads(variant, (*rest, f"{item}={alt.letter}")):
                out.append(f"{item}={alt.letter}")
    return out


def _judge_output(pos: Position) -> tuple[str, str]:
    """The judge command of a position (``--limit 4`` for follows) and the answer it
    prints, computed by the same rules functions the command calls."""
    from shengji_sim.rules import follow, throw, trick

    command = judge_command(pos)
    ctx = pos.ctx
    show = pos._fmt
    if pos.kind in ("game", "match"):
        return command, f"(a whole {'match' if pos.kind == 'match' else 'hand'}: see the " \
            "property's message)"
    if pos.kind in ("declare", "chaodi", "score"):
        return command, json.dumps(_flow_answer(pos), ensure_ascii=False)
    if pos.kind == "follow":
        command += " --limit 4"
        res = follow.legal_follows(ctx, list(pos.lead), list(pos.hand), 4)
        data = {"legal_follows": [show(p) for p in res.plays], "count": res.count}
    elif pos.kind == "trick":
        data = {"winner": trick.trick_winner(ctx, pos.trick),
                "points": trick.trick_points(pos.trick)}
    else:
        res = throw.judge_throw(ctx, list(pos.lead), [list(h) for h in pos.hands])
        data = {"valid": res.valid, "played": show(res.played),
                "returned": show(res.returned), "blocked_by": res.blocked_by,
                "penalty": res.penalty}
    return command, json.dumps(data, ensure_ascii=False)


def _flow_answer(pos: Position) -> dict:
    """What ``judge declare|chaodi|match`` prints for a declare, chaodi or score position
    (:mod:`shengji_sim.rules.judge`, as the command)."""
    from shengji_sim.rules import judge
    from shengji_sim.rules.bidding import Declaration

    v = pos.variant_obj
    new = Declaration(pos.seat, pos.lead) if pos.lead else None
    if pos.kind == "score":
        return judge.match(v, pos.levels, pos.dealer, pos.points)
    if pos.kind == "declare":
        return judge.declare(v, pos.level, [Declaration(s, c) for s, c in pos.history], new,
                             hand_number=pos.hand_number,
                             phase="after_deal" if "after_deal" in pos.flags else "deal")
    standing = Declaration(*pos.history[0]) if pos.history else None
    return judge.chaodi(v, pos.level, standing, new, declarer=pos.declarer, dealer=pos.dealer,
                        hand_number=pos.hand_number,
                        someone_else_chaoed="someone_else" in pos.flags,
                        kitty_flip="kitty_flip" in pos.flags, trump_before=pos.trump)


def _holds(prop_name: str, pos: Position) -> tuple[bool, str]:
    """(holds, why not): a property that does not apply under the reading (it returns
    ``NA``) neither holds nor fails there."""
    try:
        if CATALOGUE[prop_name].check(pos) == NA:
            return False, "does not apply under this reading"
    except PropertyFailure as exc:
        return False, f"fails: {exc.message}"
    return True, ""


def verdict(f: Finding) -> Verdict:
    """The finding's verdict, with the property and judge re-run under the alternatives."""
    seed = SEED_OF.get(f.variant, "")
    source = SOURCES.get((f.property, seed))
    if f.classification == ENGINE:
        return Verdict(ENGINE_DEFECT, source)
    pos = rebuild(f)
    out = Verdict(source.verdict if source else CONTRADICTION, source)
    if pos is None or source is None:
        return out
    for spec in alternatives(f.variant, tuple(f.ambs), source.items):
        item = spec.split("=")[0]
        ambs = (*[a for a in f.ambs if a.split("=")[0] != item], spec)
        alt = Position(**{**pos.__dict__, "ambs": ambs})
        try:
            holds, message = _holds(f.property, alt)
            command, output = _judge_output(alt)
        except Exception as exc:  # noqa: BLE001 - a reading the position cannot take
            holds, message, command, output = False, f"{type(exc).__name__}: {exc}", "", ""
        out.runs.append(ReadingRun(spec, holds, message, command, output))
        if holds:
            out.fixed_by.append(spec)
    if out.fixed_by:
        out.verdict = READING
    return out


def explain_lines(f: Finding) -> list[str]:
    """Markdown lines explaining one finding (see the module doc)."""
    v = verdict(f)
    lines = [f"**Verdict: {v.verdict}.**"]
    if v.verdict == ENGINE_DEFECT:
        return lines + ["", "The engine contradicts itself (or its kernels); no reading of "
                        "the rules is involved. `fuzz` and `report rules` exit 1."]
    if v.source is None:
        return lines
    if v.fixed_by:
        lines.append(f" The property holds under {', '.join(v.fixed_by)}.")
    lines += ["", f"Tension: {v.source.tension}.", ""]
    for q in v.source.quotes:
        lines.append(f"* {q.seed} l.{q.line}: 「{q.text}」 — {q.gloss}.")
    lines += ["", f"Related items: {', '.join(v.source.items)}.", ""]
    if v.runs:
        pos = rebuild(f)
        _, own = _judge_output(pos) if pos is not None else ("", "")
        lines += [f"Judge under the finding's readings ({' '.join(f.ambs) or 'defaults'}): "
                  f"`{own}`", "", "Under each alternative reading of the related items (run; "
                  "readings with the same answer share a row):", "",
                  "| readings | property | judge output |", "|---|---|---|"]
        groups: dict[tuple[str, str], list[str]] = {}
        for r in v.runs:
            state = "holds" if r.holds else r.message
            output = "same as above" if r.output == own else r.output
            groups.setdefault((state, output), []).append(r.reading)
        for (state, output), readings in groups.items():
            lines.append(f"| {', '.join(readings)} | {state[:160].replace('|', '/')} | "
                         f"`{output[:240].replace('|', '/')}` |")
    return lines


__all__ = ["CONTRADICTION", "ENGINE_DEFECT", "READING", "SEED_OF", "SOURCES", "TRANSLATION",
           "VERDICTS", "Quote", "ReadingRun", "Source", "Verdict", "alternatives",
           "explain_lines", "verdict"]
