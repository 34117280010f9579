"""Legal follows: checking and exact enumeration.

Rules: FOLLOW-1, FOLLOW-2, FOLLOW-3, FOLLOW-4, FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9,
FOLLOW-10, FOLLOW-11, FOLLOW-12, DEF-5, DEF-8, AMB-11, AMB-12, AMB-13, AMB-14, AMB-15, AMB-16,
AMB-17, AMB-18, AMB-19.

Representation
--------------
The follower's hand is split into ``holding`` (count vector of the cards in the led follow
group, see :mod:`.ranking`) and the rest. Every policy reduces to a union of *families*: a
family is ``fixed`` cards that must be played plus any ``free`` cards taken from ``pool``
(a count vector). The legal follows are the distinct multisets in the union.

* FOLLOW-1: fewer led-suit cards than the lead: one family, all of them plus any others.
* Tables (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10, FOLLOW-11): the first row the
  holding realizes; one family per realization of that row's structured components, its "singles"
  free.
* CZ4 chains (FOLLOW-4, AMB-15): the greedy fill's outcomes (A) or the first element (B).
* No table (DEF-5, DEF-8, FOLLOW-3, THROW-5): rows generated from the lead's structure and
  ordered by the lexicographic score of AMB-16, then as for tables.

Because a family fixes only structure, the enumeration works on count vectors and never on
subsets of cards; counting one family is a polynomial product, so large "any cards" answers
are counted exactly and listed only up to a limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from shengji_sim.cards import N_KINDS, TRUMP, format_cards
from shengji_sim.errors import PositionError
from shengji_sim.rules.follow_tables import CZ4_CHAINS, T3, TABLE_SWITCH, TT, Row, jj4_table
from shengji_sim.rules.shapes import (
    Context,
    Counts,
    Pattern,
    Unit,
    decompose,
    instances,
    play_suit,
    realizable,
    realizations,
    remove,
    tractor_kinds,
)

MAX_MATERIALIZED = 2_000_000


class FollowError(PositionError):
    """A position that cannot be judged: mixed-suit lead, short hand, bad play."""


@dataclass(frozen=True)
class Family:
    """``fixed`` cards plus any ``free`` cards from ``pool``."""

    fixed: tuple[int, ...]
    pool: Counts
    free: int


@dataclass
class Obligation:
    """The families of legal follows, and which rule decided them."""

    families: list[Family]
    rule: str
    detail: str = ""
    row: int | None = field(default=None)


@dataclass(frozen=True)
class FollowResult:
    plays: list[list[int]]
    count: int
    truncated: bool
    rule: str


# ---------------------------------------------------------------------------- entry points


def legal_follows(ctx: Context, lead: list[int], hand: list[int], limit: int | None = None,
                  position: int = 1) -> FollowResult:
    """All distinct legal follows to ``lead`` from ``hand`` (the follower's whole hand).

    ``position`` is the follower's place after the leader (1..3); it matters only under
    AMB-37 B, where only the last player of a trick may ruff.
    """
    ob = obligation(ctx, lead, hand, position)
    plays, count = _enumerate(ctx, ob.families, limit)
    truncated = limit is not None and count > len(plays)
    return FollowResult(plays, count, truncated, ob.rule)


def follow_options(ctx: Context, lead: list[int], hand: list[int],
                   position: int = 1) -> Options:
    """The legal follows as an indexable set: ``count`` and ``nth(i)`` in listing order.

    This is how the ``random`` player draws uniformly over distinct legal follows without
    listing them all (the kernels implement the same order).
    """
    ob = obligation(ctx, lead, hand, position)
    options = Options(ctx, ob.families)
    options.rule, options.row = ob.rule, ob.row
    return options


def check_follow(ctx: Context, lead: list[int], hand: list[int], play: list[int],
                 position: int = 1) -> tuple[bool, str]:
    """Is ``play`` a legal follow? Returns (legal, the rule that decided, by ID)."""
    hand_counts = _counts(hand)
    play_counts = _counts(play)
    if any(p > h for p, h in zip(play_counts, hand_counts)):
        raise FollowError(f"play {format_cards(play)} is not in the hand")
    if len(play) != len(lead):
        return False, f"FOLLOW-1: a follow has exactly {len(lead)} card(s), not {len(play)}"
    ob = obligation(ctx, lead, hand, position)
    legal = any(_in_family(play_counts, fam) for fam in ob.families)
    verdict = "satisfies" if legal else "violates"
    return legal, f"{ob.rule}: {verdict} {ob.detail}".rstrip()


def obligation(ctx: Context, lead: list[int], hand: list[int], position: int = 1) -> Obligation:
    """The families of legal follows, with the deciding rule."""
    suit = play_suit(ctx, lead)
    if suit is None:
        raise FollowError(f"lead {format_cards(lead)} mixes suits (DEF-27)")
    if not lead:
        raise FollowError("empty lead")
    n = len(lead)
    hand_counts = _counts(hand)
    if sum(hand_counts) < n:
        raise FollowError(f"hand has {sum(hand_counts)} card(s), the lead needs {n}")
    holding = _restrict(ctx, hand_counts, suit, ctx.ranking.eff_suit[lead[0]])
    rest = tuple(h - x for h, x in zip(hand_counts, holding))
    units = decompose(ctx, _counts(lead))
    if ctx.variant.ruff_condition == "shape_missing" and sum(holding) and not realizable(
            ctx, holding, [u.pattern for u in units]):
        return Obligation([Family((), hand_counts, n)], "AMB-19 B",
                          "lacking the led shape, any cards may be played")
    if sum(holding) <= n:
        return _follow_suit_and_fill(ctx, lead, holding, rest, n, position)
    return _shape_obligation(ctx, units, holding, n)


# --------------------------------------------------------------------------- FOLLOW-1 / -2


def _follow_suit_and_fill(ctx, lead, holding, rest, n, position) -> Obligation:
    """FOLLOW-1: play every led-suit card, fill with any others (FOLLOW-2 ruff or discard)."""
    fixed = _cards(holding)
    lead_is_trump = ctx.ranking.eff_suit[lead[0]] == TRUMP
    last_only = ctx.variant.jj4_line40 == "literal" and "AMB-37" in _applicable(ctx)
    if not fixed and not lead_is_trump and last_only and position < 3:
        # AMB-37 B: only the last player of a trick may ruff; others discard if they can.
        plain = tuple(c if ctx.ranking.eff_suit[k] != TRUMP else 0 for k, c in enumerate(rest))
        if sum(plain) >= n:
            return Obligation([Family((), plain, n)], "AMB-37 B", "only the last player ruffs")
        trumps = tuple(r - p for r, p in zip(rest, plain))
        return Obligation([Family(tuple(_cards(plain)), trumps, n - sum(plain))], "AMB-37 B")
    what = f"all {len(fixed)} led-suit card(s) first" if fixed else "void: ruff or discard"
    rule = "FOLLOW-1" if fixed else "FOLLOW-2"
    return Obligation([Family(tuple(fixed), rest, n - len(fixed))], rule, what)


# ------------------------------------------------------------------------ shape obligations


def _shape_obligation(ctx: Context, units: tuple[Unit, ...], holding: Counts,
                      n: int) -> Obligation:
    """Enough led-suit cards: the policy decides which structure must be played."""
    v = ctx.variant
    if v.shape_obligation == "none" or v.follow_policy == "suit_only":
        rule = "OTH-6 B" if v.shape_obligation == "none" else "FOLLOW-1"
        return Obligation([Family((), holding, n)], rule, "follow suit, no shape obligation")
    if all(u.pattern == (1, 1) for u in units):
        return Obligation([Family((), holding, n)], "FOLLOW-1", "follow suit with any cards")
    lead = units[0].pattern if len(units) == 1 else None
    if lead is not None and v.mixed_width_runs == "yes":
        mixed = _mixed_width_obligation(ctx, lead, holding, n)
        if mixed is not None:
            return mixed
    if lead is not None and lead[0] >= 2:
        chosen = _table_family(ctx, lead)
        if chosen == "cz4" and lead in CZ4_CHAINS:
            return _cz4_chain(ctx, lead, holding, n)
        if chosen == "jj4" and v.jj4_follow_source == "tables":
            rows = jj4_table(lead, v.two_quads_adjacent, v.pairtractor_lead_vs_tripletractor)
            if rows:
                return _first_row(ctx, rows, holding, n, f"FOLLOW-{_jj4_rule(lead)}")
    if len(units) > 1 and v.tractor_obligation == "maximize":
        return _throw_obligation(ctx, units, holding, n)
    rows = _structure_rows(ctx, units)
    rule = "FOLLOW-3" if v.follow_policy == "tractor_pairs" and len(units) == 1 else "DEF-5"
    if len(units) > 1:
        rule = "THROW-5/DEF-8"
    return _first_row(ctx, rows, holding, n, rule)


def _table_family(ctx: Context, lead: Pattern) -> str | None:
    """Which seed's table governs a lead: the variant's own, or AMB-12, AMB-13, AMB-14's choice."""
    policy = ctx.variant.follow_policy
    own = {"cz4_chains": "cz4", "jj4_tables": "jj4"}.get(policy)
    if own is None:
        return None
    switch = TABLE_SWITCH.get(lead)
    if switch is not None and switch in _applicable_keys(ctx):
        return getattr(ctx.variant, switch)
    return own


def _jj4_rule(lead: Pattern) -> int:
    return {(2, 4): 5, (4, 2): 6, (2, 3): 7, (3, 2): 8, (4, 1): 9, (2, 2): 10}[lead]


def _first_row(ctx: Context, rows, holding: Counts, n: int, rule: str) -> Obligation:
    """FOLLOW-11: the legal follows are the realizations of the first realizable row.

    Under OTH-5 B (longer tuples protected) the row is found without splitting sets, but a
    play that splits one voluntarily may satisfy it (or any earlier row).
    """
    protected = ctx.variant.longer_tuples == "protected"
    obligation_split = False if protected else ctx.split
    for index, row in enumerate(rows):
        alternatives = row.alternatives if isinstance(row, Row) else row
        if not any(realizable(ctx, holding, list(a), obligation_split) for a in alternatives):
            continue
        chosen = rows[: index + 1] if protected else [row]
        fams = []
        for r in chosen:
            for alt in (r.alternatives if isinstance(r, Row) else r):
                fams += _families_for(ctx, holding, list(alt), n, split=ctx.split or protected)
        line = f" (line {row.line})" if isinstance(row, Row) else ""
        return Obligation(fams, rule, f"row {index + 1}{line}: {_describe(alternatives)}",
                          index + 1)
    raise AssertionError("the last row (singles) is always realizable")


def _families_for(ctx, holding, patterns, n, split) -> list[Family]:
    fams = []
    for core in realizations(ctx, holding, patterns, split):
        rest = holding
        fixed: list[int] = []
        for unit in core:
            rest = remove(rest, unit)
            fixed += unit.cards()
        fams.append(Family(tuple(sorted(fixed)), rest, n - len(fixed)))
    return fams


def _describe(alternatives) -> str:
    names = {1: "single", 2: "pair", 3: "triple", 4: "quad"}

    def one(p: Pattern) -> str:
        w, k = p
        return names[w] if k == 1 else f"{k}-{names[w]} tractor"

    parts = [" + ".join(one(p) for p in alt) or "any cards" for alt in alternatives]
    return " or ".join(parts)


# ---------------------------------------------------------------- OTH-7 mixed-width runs


def _mixed_width_obligation(ctx: Context, lead: Pattern, holding: Counts,
                            n: int) -> Obligation | None:
    """OTH-7 B: after a triple- or quad-tractor lead, a run of adjacent sets of mixed widths
    (a triple next to a pair, say) is owed when the exact tractor (or JJ4's two quads) is
    not held. Each set in the run is taken as wide as the lead's units allow."""
    width, length = lead
    if width < 3 or length < 2 or realizable(ctx, holding, [lead]):
        return None
    if lead == (4, 2) and _table_family(ctx, lead) == "jj4" and realizable(
            ctx, holding, [(4, 1), (4, 1)]):
        return None
    families = []
    for run in _mixed_runs(ctx, holding, width, length):
        fixed = sorted(k for unit in run for k in unit.cards())
        rest = holding
        for unit in run:
            rest = remove(rest, unit)
        families.append(Family(tuple(fixed), rest, n - len(fixed)))
    if not families:
        return None
    return Obligation(families, "OTH-7 B", "a mixed-width run of adjacent sets")


def _mixed_runs(ctx: Context, holding: Counts, width: int, length: int) -> list[tuple[Unit, ...]]:
    runs = []
    for kinds in tractor_kinds(ctx.ranking, length):
        widths = [min(holding[k], width) for k in kinds]
        if min(widths) >= 2 and max(widths) == width and min(widths) < width:
            runs.append(tuple(Unit(w, (k,)) for w, k in zip(widths, kinds)))
    return runs


# ------------------------------------------------------------------------- CZ4 chains


def _cz4_chain(ctx: Context, lead: Pattern, holding: Counts, n: int) -> Obligation:
    """FOLLOW-4 (000 lines 46-50) under AMB-15 (greedy or first element only) and AMB-11."""
    chain, line = CZ4_CHAINS[lead]
    choice = ctx.variant.pairtractor_lead_vs_tripletractor
    if lead == T3 and "AMB-11" in _applicable(ctx) and choice in ("choice", "triple_first"):
        alts = [[T3], [TT]] if choice == "choice" else [[TT]]
        if any(realizable(ctx, holding, a) for a in alts):
            fams = [f for a in alts for f in _families_for(ctx, holding, a, n, ctx.split)]
            return Obligation(fams, "AMB-11", f"000 line {line} with the triple tractor")
    detail = f"000 line {line} chain: {' -> '.join(_describe([[p]]) for p in chain)} -> singles"
    if ctx.variant.cz4_chain_semantics == "first_only":
        for element in chain:
            if element[0] * element[1] <= n and realizable(ctx, holding, [element]):
                return Obligation(_families_for(ctx, holding, [element], n, ctx.split),
                                  "FOLLOW-4/AMB-15 B", detail)
        return Obligation([Family((), holding, n)], "FOLLOW-4/AMB-15 B", detail)
    families: dict[Family, None] = {}
    _greedy(ctx, chain, holding, n, (), families)
    return Obligation(list(families), "FOLLOW-4", detail)


def _greedy(ctx, chain, rest: Counts, m: int, fixed: tuple[int, ...], out: dict) -> None:
    """AMB-15 A: take the highest-priority element that fits and can be formed; repeat."""
    for element in chain:
        if element[0] * element[1] > m:
            continue
        units = instances(ctx, rest, element)
        if units:
            for unit in units:
                _greedy(ctx, chain, remove(rest, unit), m - unit.size,
                        tuple(sorted(fixed + tuple(unit.cards()))), out)
            return
    out[Family(fixed, rest, m)] = None


# ------------------------------------------------------ DEF-5: following a throw (THROW-5)

Rows = list  #: ranked rows; a row is a list of alternatives, each a tuple of patterns


def component_rows(ctx: Context, unit: Unit) -> Rows:
    """What ``unit`` would be owed if it were led alone, as ranked rows (DEF-5, DEF-8).

    The variant's own order for that shape: a CZ4 chain (FOLLOW-4, read as ranked rows by
    :func:`chain_rows`), a JJ4 table (FOLLOW-5, FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10)
    or, where no table applies, the DEF-5 rows of the unit alone (a triple: triple, then pair, then
    nothing). Every list ends with the row of no structure, which any holding realizes.
    """
    if unit.pattern == (1, 1):
        return [[()]]
    family = _table_family(ctx, unit.pattern)
    v = ctx.variant
    if family == "cz4" and unit.pattern in CZ4_CHAINS:
        return chain_rows(ctx, unit.pattern)
    if family == "jj4" and v.jj4_follow_source == "tables":
        table = jj4_table(unit.pattern, v.two_quads_adjacent,
                          v.pairtractor_lead_vs_tripletractor)
        if table:
            return [list(row.alternatives) for row in table]
    return _structure_rows(ctx, (unit,))


def chain_rows(ctx: Context, lead: Pattern) -> Rows:
    """A CZ4 chain (FOLLOW-4) as ranked rows, for a chain shape inside a throw
    (:func:`chain_rows_for` with the variant's AMB-15 and AMB-11 readings)."""
    choice = ctx.variant.pairtractor_lead_vs_tripletractor
    head = None
    if lead == T3 and "AMB-11" in _applicable(ctx) and choice in ("choice", "triple_first"):
        head = choice
    return chain_rows_for(lead, ctx.variant.cz4_chain_semantics, head)


def chain_rows_for(lead: Pattern, semantics: str, amb11_head: str | None) -> Rows:
    """The rows of a CZ4 chain lead (FOLLOW-4) under AMB-15 ``semantics``.

    AMB-15 A (greedy): every multiset of chain elements that fits the lead's card count,
    ranked by its elements' places in the chain (a longer multiset first on equal places),
    so the first realizable row is what the greedy fill takes ("X—Y—Z": X if possible, then
    the rest from the chain). AMB-15 B: each element alone, in chain order. Both end with
    the row of no structure. AMB-11 (a 3-pair tractor lead): ``amb11_head`` "choice" puts
    the 2-triple tractor beside it (A), "triple_first" before it (C).
    """
    chain, _line = CZ4_CHAINS[lead]
    n = lead[0] * lead[1]
    if semantics == "first_only":
        rows = [[(element,)] for element in chain if element[0] * element[1] <= n]
    else:
        rows = [[tuple(chain[i] for i in places)] for places in _chain_multisets(chain, n)]
    rows.append([()])
    if amb11_head == "choice":
        rows = [[(T3,), (TT,)]] + rows
    elif amb11_head == "triple_first":
        rows = [[(TT,)]] + rows
    return rows


def _chain_multisets(chain, n: int) -> list[tuple[int, ...]]:
    """Non-empty multisets of chain places whose elements fit in ``n`` cards, ranked."""
    found: list[tuple[int, ...]] = []

    def grow(places: tuple[int, ...], left: int) -> None:
        if places:
            found.append(places)
        for i in range(places[-1] if places else 0, len(chain)):
            size = chain[i][0] * chain[i][1]
            if size <= left:
                grow(places + (i,), left - size)

    grow((), n)
    return sorted(found, key=lambda places: places + (len(chain),))


def _throw_obligation(ctx: Context, units: tuple[Unit, ...], holding: Counts,
                      n: int) -> Obligation:
    """THROW-5 / DEF-5 under AMB-16 A: each component owes at least what it would be owed if
    led alone, from the cards the larger components leave.

    Components are taken largest first (the order of ``decompose``); each gets the first of
    its :func:`component_rows` that the holding realizes together with the rows already
    chosen, so the chosen rows are the lexicographically first realizable choice. Every
    component's last row asks for nothing, so a choice always exists. The follows are the
    realizations of the chosen rows (with the rows' alternatives). Under OTH-5 B the rows
    are chosen without splitting sets, and every choice ranked at or before them may be met
    by splitting (as :func:`_first_row`).
    """
    protected = ctx.variant.longer_tuples == "protected"
    per = [component_rows(ctx, u) for u in units if u.pattern != (1, 1)]
    chosen: list[int] = []
    for rows in per:
        for index in range(len(rows)):
            if _choice_realizable(ctx, holding, per, chosen + [index], not protected and
                                  ctx.split):
                chosen.append(index)
                break
    fams: list[Family] = []
    choices = _choices_up_to(ctx, holding, per, chosen) if protected else [chosen]
    for choice in choices:
        for alternative in _alternatives(per, choice):
            fams += _families_for(ctx, holding, list(alternative), n, ctx.split or protected)
    parts = [_describe(per[c][r]) for c, r in enumerate(chosen)]
    return Obligation(fams, "THROW-5/DEF-8", "components: " + "; ".join(parts),
                      1 + sum(chosen))


def _alternatives(per: list[Rows], choice: list[int]) -> list[tuple[Pattern, ...]]:
    """The pattern lists of a choice of rows: one alternative from each chosen row."""
    rows = [per[c][r] for c, r in enumerate(choice)]
    return [tuple(p for alt in combo for p in alt) for combo in product(*rows)]


def _choice_realizable(ctx, holding, per, choice, split) -> bool:
    return any(realizable(ctx, holding, list(a), split) for a in _alternatives(per, choice))


def _choices_up_to(ctx, holding, per, chosen) -> list[list[int]]:
    """OTH-5 B: every choice of rows ranked at or before ``chosen`` (lexicographically) that
    splitting sets can realize; a prefix that cannot be realized is not extended."""
    out: list[list[int]] = []

    def walk(prefix: list[int], tight: bool) -> None:
        c = len(prefix)
        if c == len(per):
            out.append(prefix)
            return
        last = chosen[c] if tight else len(per[c]) - 1
        for index in range(last + 1):
            choice = prefix + [index]
            if _choice_realizable(ctx, holding, per, choice, True):
                walk(choice, tight and index == chosen[c])

    walk([], True)
    return out


# ------------------------------------------------------- DEF-5: rows from the lead's structure


def _structure_rows(ctx: Context, units: tuple[Unit, ...]) -> list[list[tuple[Pattern, ...]]]:
    """DEF-5 / FOLLOW-3 / AMB-16 as a row list, best first.

    Each candidate is a multiset of patterns with a score; candidates of equal score form
    one row (the player chooses). Scores (lexicographic):

    * AMB-16 A ``maximize``: (cards in tractors matched to the lead's tractors, each of the
      lead's width and at most its length; then sets by width 4, 3, 2).
    * AMB-16 B ``same_length_only`` / C ``at_least_one``: (one tractor of a led length /
      of any length up to the led one; then units by width 4, 3, 2, tractors included).

    Unmatched set requirements degrade to the next smaller width (quad -> triple -> pair,
    DEF-8), so a triple lead owes a triple, else a pair. AMB-11 adds a 2-triple tractor as a
    choice (A) or an obligation (C) for a 3-pair tractor lead.
    """
    tractors = [u.pattern for u in units if u.is_tractor]
    sets = [u.width for u in units if not u.is_tractor and u.width >= 2]
    mode = ctx.variant.tractor_obligation
    candidates: dict[tuple[Pattern, ...], tuple] = {}
    for matched in _tractor_choices(tractors, mode):
        leftovers = list(sets)
        tractor_cards = 0
        for (w, k), k2 in zip(tractors, matched):
            leftovers += [w] * (k - k2)
            tractor_cards += w * k2
        for degraded in _degrade_choices(leftovers):
            pats = tuple(sorted([(w, k2) for (w, _), k2 in zip(tractors, matched) if k2]
                                + [(w, 1) for w in degraded if w], reverse=True))
            candidates[pats] = _score(mode, tractors, matched, tractor_cards, degraded)
    _apply_amb11(ctx, units, candidates)
    by_score: dict[tuple, list[tuple[Pattern, ...]]] = {}
    for pats, score in candidates.items():
        by_score.setdefault(score, []).append(pats)
    return [by_score[s] for s in sorted(by_score, reverse=True)]


def _tractor_choices(tractors: list[Pattern], mode: str):
    """Per lead tractor: 0 (unmatched) or a matched length (AMB-16)."""
    options = []
    for _w, k in tractors:
        if mode == "same_length_only":
            options.append([0, k])
        else:
            options.append([0] + list(range(2, k + 1)))
    for matched in product(*options):
        if mode != "maximize" and sum(1 for m in matched if m) > 1:
            continue  # B and C oblige one tractor; the rest of the structure counts as pairs
        yield matched


def _degrade_choices(widths: list[int]):
    """Each requirement of width w is met at w, at a smaller width >= 2, or not (0)."""
    options = [[w] + list(range(w - 1, 1, -1)) + [0] for w in widths]
    seen = set()
    for combo in product(*options):
        key = tuple(sorted(combo))
        if key not in seen:
            seen.add(key)
            yield key


def _score(mode, tractors, matched, tractor_cards, degraded) -> tuple:
    by_width = tuple(sum(1 for w in degraded if w == width) for width in (4, 3, 2))
    if mode == "maximize":
        return (tractor_cards,) + by_width
    in_tractors = [0, 0, 0]
    for (w, _), k2 in zip(tractors, matched):
        if k2:
            in_tractors[4 - w] += k2
    units = tuple(a + b for a, b in zip(by_width, in_tractors))
    return (1 if any(matched) else 0,) + units


def _apply_amb11(ctx: Context, units, candidates) -> None:
    """AMB-11 on a 3-pair tractor lead: the 2-triple tractor as a choice (A) or first (C)."""
    if len(units) != 1 or units[0].pattern != T3 or "AMB-11" not in _applicable(ctx):
        return
    choice = ctx.variant.pairtractor_lead_vs_tripletractor
    if choice not in ("choice", "triple_first"):
        return
    top = max(candidates.values())
    bonus = (1,) if choice == "triple_first" else (0,)
    for pats in list(candidates):
        candidates[pats] = (0,) + candidates[pats]
    candidates[(TT,)] = bonus + top


# --------------------------------------------------------------------------- enumeration


def _enumerate(ctx: Context, families: list[Family], limit: int | None):
    """Distinct plays of the union of families, strongest first; (plays, exact count)."""
    key = ctx.ranking.sort_key
    families = list(dict.fromkeys(families))
    if len(families) == 1:
        fam = families[0]
        count = _count_multisets(fam.pool, fam.free)
        plays = []
        for extra in _multisets(ctx, fam.pool, fam.free):
            plays.append(sorted(list(fam.fixed) + extra, key=key))
            if limit is not None and len(plays) >= limit:
                break
        return plays, count
    seen: set[tuple[int, ...]] = set()
    total = sum(_count_multisets(f.pool, f.free) for f in families)
    if total > MAX_MATERIALIZED:
        raise FollowError(f"too many candidate follows to list ({total}); use a smaller hand")
    for fam in families:
        for extra in _multisets(ctx, fam.pool, fam.free):
            seen.add(tuple(sorted(list(fam.fixed) + extra)))
    ordered = sorted((sorted(p, key=key) for p in seen), key=lambda p: [key(k) for k in p])
    count = len(ordered)
    return (ordered[:limit] if limit is not None else ordered), count


def _multisets(ctx: Context, pool: Counts, m: int):
    """Every m-card sub-multiset of ``pool``, strongest-first lexicographic order."""
    kinds = sorted((k for k in range(N_KINDS) if pool[k]), key=ctx.ranking.sort_key)
    suffix = [0] * (len(kinds) + 1)
    for i in range(len(kinds) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + pool[kinds[i]]

    def walk(i: int, left: int, chosen: list[int]):
        if left == 0:
            yield list(chosen)
            return
        if i == len(kinds) or suffix[i] < left:
            return
        k = kinds[i]
        for c in range(min(pool[k], left), -1, -1):
            chosen.extend([k] * c)
            yield from walk(i + 1, left - c, chosen)
            del chosen[len(chosen) - c:]

    yield from walk(0, m, [])


def _count_multisets(pool: Counts, m: int) -> int:
    """Number of m-card sub-multisets: coefficient of x^m in prod (1 + x + ... + x^c)."""
    poly = [1] + [0] * m
    for c in pool:
        if not c:
            continue
        new = [0] * (m + 1)
        for i, v in enumerate(poly):
            if v:
                for j in range(0, min(c, m - i) + 1):
                    new[i + j] += v
        poly = new
    return poly[m]


def _in_family(play: Counts, fam: Family) -> bool:
    rest = [p - f for p, f in zip(play, _counts(list(fam.fixed)))]
    return all(r >= 0 for r in rest) and all(r <= c for r, c in zip(rest, fam.pool)) \
        and sum(rest) == fam.free


class Options:
    """Distinct plays of a union of families, in the listing order of :func:`legal_follows`.

    One family is unranked directly from counts; several are listed once and indexed.
    """

    rule: str = ""
    row: int | None = None

    def __init__(self, ctx: Context, families: list[Family]) -> None:
        self.ctx = ctx
        self.families = list(dict.fromkeys(families))
        self._listed: list[list[int]] | None = None
        if len(self.families) == 1:
            fam = self.families[0]
            self.count = _count_multisets(fam.pool, fam.free)
        else:
            self._listed, self.count = _enumerate(ctx, self.families, None)

    def nth(self, index: int) -> list[int]:
        if not 0 <= index < self.count:
            raise IndexError(f"option {index} of {self.count}")
        if self._listed is not None:
            return list(self._listed[index])
        fam = self.families[0]
        extra = nth_multiset(self.ctx, fam.pool, fam.free, index)
        return sorted(list(fam.fixed) + extra, key=self.ctx.ranking.sort_key)


def nth_multiset(ctx: Context, pool: Counts, m: int, index: int) -> list[int]:
    """The ``index``-th m-card sub-multiset of ``pool`` in :func:`_multisets` order."""
    kinds = sorted((k for k in range(N_KINDS) if pool[k]), key=ctx.ranking.sort_key)
    counts = [pool[k] for k in kinds]
    chosen: list[int] = []
    left = m
    for i, k in enumerate(kinds):
        for c in range(min(counts[i], left), -1, -1):
            ways = _count_multisets(tuple(counts[i + 1:]), left - c)
            if index < ways:
                chosen += [k] * c
                left -= c
                break
            index -= ways
    if left:
        raise IndexError("index out of range")
    return chosen


# ------------------------------------------------------------------------------ helpers


def _counts(cards: list[int]) -> Counts:
    counts = [0] * N_KINDS
    for k in cards:
        counts[k] += 1
    return tuple(counts)


def _cards(counts: Counts) -> list[int]:
    return [k for k, c in enumerate(counts) for _ in range(c)]


def _restrict(ctx: Context, counts: Counts, group: int, eff: int) -> Counts:
    g, e = ctx.ranking.group, ctx.ranking.eff_suit
    return tuple(c if g[k] == group and e[k] == eff else 0 for k, c in enumerate(counts))


def _applicable(ctx: Context) -> frozenset[str]:
    return getattr(ctx.variant, "applicable", frozenset())


def _applicable_keys(ctx: Context) -> set[str]:
    ids = {"AMB-12": "quad_lead_table", "AMB-13": "tripletractor_lead_table",
           "AMB-14": "quadtractor_lead_table"}
    return {key for item, key in ids.items() if item in _applicable(ctx)}
