"""Game records: what a record holds, its provenance, and its text rendering.

Representation
--------------
A hand record is the JSON object :func:`shengji_sim.rules.game.play_hand` returns (cards in
notation, seats 0..3 in play order); a match record is :func:`~shengji_sim.rules.game.play_match`'s
``{"hands": [hand, ...], ...}``. ``shengji-sim play`` (either engine) :func:`stamp`\\ s the
record it writes with its *provenance*: ``variant`` (the variant's name), ``variant_hash``,
``amb`` and ``set`` (the ``--amb`` and ``--set`` specs, as given) and ``variant_toml`` (None
for a built-in variant, which its name rebuilds; else the variant file as loaded, without the
overrides, :func:`~shengji_sim.config.variant.dump_variant`). :func:`record_variant` rebuilds the
variant from them, so ``shengji-sim replay FILE`` needs nothing else; a record without ``amb``
(made before provenance) names only the variant and is replayed against the one the caller
loads.

:func:`shengji_sim.rules.replay.replay` re-derives every field a record states from the rules
alone (its module docstring lists each field and the rules it answers to); the first
discrepancy raises :class:`ReplayError` naming where it is, the rule ID and the field (a path
into the record: ``tricks[4].winner_seat``, ``hands[2].match_winner``).
"""

from __future__ import annotations

import tomllib
from typing import Any

from shengji_sim import RULES_VERSION
from shengji_sim.errors import InputError, ShengjiError

RECORDS = "DESIGN Records"  #: the rule a provenance field answers to (docs/DESIGN.md)
PROVENANCE = ("variant", "variant_hash", "amb", "set", "variant_toml")


class ReplayError(ShengjiError):
    """The first place a record disagrees with the rules: ``where`` (hand, trick, seat),
    ``rule`` (the rule ID), ``field`` (the path of the field in the record) and why."""

    def __init__(self, where: str, rule: str, message: str, field: str = "") -> None:
        shown = f"{where}: {rule}: {field}: {message}" if field else f"{where}: {rule}: {message}"
        super().__init__(shown)
        self.where, self.rule, self.message, self.field = where, rule, message, field


# ---------------------------------------------------------------------------- provenance


def is_builtin(name_or_path: str) -> bool:
    """Is ``name_or_path`` a built-in variant's name (which alone rebuilds the variant)?"""
    from shengji_sim.config.datafiles import looks_like_path
    from shengji_sim.config.variant import builtin_names

    return not looks_like_path(name_or_path) and name_or_path in builtin_names()


def provenance(variant: Any, name_or_path: str, amb=(), sets=()) -> dict:
    """The provenance fields of a record played under ``variant``, loaded as
    ``load_variant(name_or_path, amb, sets)`` (see the module doc)."""
    from shengji_sim.config.variant import dump_variant, load_variant

    toml = None if is_builtin(name_or_path) else \
        dump_variant(load_variant(name_or_path, warn=lambda message: None))
    return {"variant": variant.name, "variant_hash": variant.content_hash, "amb": list(amb),
            "set": list(sets), "variant_toml": toml}


def stamp(record: dict, variant: Any, name_or_path: str, amb=(), sets=()) -> dict:
    """Add the provenance fields to a hand or match record (in place); returns it."""
    record.update(provenance(variant, name_or_path, amb, sets))
    return record


def has_provenance(record: dict) -> bool:
    """Does the record carry its readings (made by a ``play`` that stamps records)?"""
    return "amb" in record


def record_variant(record: dict) -> Any:
    """The variant the record's provenance fields rebuild; :class:`ReplayError` when they
    cannot (an unknown name, an ``--amb`` or ``--set`` the variant refuses, a bad file)."""
    from shengji_sim.config.variant import load_variant, variant_from_mapping

    amb, sets, toml = record["amb"], record["set"], record.get("variant_toml")
    what = "variant_toml" if toml else "variant"
    try:
        if toml:
            return variant_from_mapping(tomllib.loads(toml), amb=amb, sets=sets,
                                        warn=lambda message: None, source="variant_toml")
        return load_variant(record["variant"], amb=amb, sets=sets, warn=lambda message: None)
    except (InputError, tomllib.TOMLDecodeError) as exc:
        raise ReplayError("record", RECORDS, f"{what}, amb, set do not rebuild a variant: "
                          f"{' '.join(str(exc).split())}", what) from None



def rules_version_note(record: dict) -> str | None:
    """A warning when the record was made under another RULES_VERSION, else None."""
    made = record.get("rules_version")
    if made is not None and made != RULES_VERSION:
        return (f"the record was made under rules {made}; replayed under {RULES_VERSION} "
                "(outcomes may differ)")
    return None


# ---------------------------------------------------------------------------- rendering


def render_text(record: dict) -> str:
    """A hand (or match) a person can follow trick by trick."""
    if "hands" in record:
        parts = [render_hand(h) for h in record["hands"]]
        side = record["winner_side"]
        end = "no winner yet" if side is None else f"side {side} (seats {side} and {side + 2})"
        parts.append(f"match: {len(record['hands'])} hands; winner {end}; "
                     f"levels {_levels(record['levels'])}")
        return "\n\n".join(parts) + "\n"
    return render_hand(record) + "\n"


def _levels(levels: list[int]) -> str:
    from shengji_sim.cards import format_rank

    return f"seats 0+2 at {format_rank(levels[0])}, seats 1+3 at {format_rank(levels[1])}"


def render_hand(rec: dict) -> str:
    from shengji_sim.cards import format_rank

    direction = "clockwise" if rec["deal_step"] < 0 else "in play order"
    lines = [
        f"{rec['variant']}  seed {rec['seed']}  index {rec['index']}  hand {rec['hand_number']}"
        f"  (rules {rec['rules_version']})",
        f"levels: {_levels(rec['levels'])}; playing {format_rank(rec['level'])}",
    ]
    if rec["redeals"]:
        lines.append(f"redeals: {rec['redeals']} (nobody declared; {rec['trump_rule']})")
    lines.append(f"deal: first card to seat {rec['first_recipient']}, {direction}")
    for seat, cards in enumerate(rec["deal"]):
        lines.append(f"  seat {seat}: {' '.join(cards)}")
    lines.append(f"  kitty: {' '.join(rec['kitty_dealt']) or '(none)'}")
    for d in rec["declarations"]:
        lines.append(f"declare: seat {d['seat']} shows {' '.join(d['cards'])} "
                     f"(after {d['dealt']} cards dealt)")
    if not rec["declarations"]:
        lines.append(f"declare: nobody; {rec['trump_rule']}")
    lines.append(f"trump {rec['trump_declared']}, dealer seat {rec['dealer_declared']}")
    for b in rec["burials"]:
        lines.append(f"bury: seat {b['seat']} buries {' '.join(b['cards'])}")
    for c in rec["chaodi"]:
        lines.append(f"炒底: seat {c['seat']} shows {' '.join(c['cards'])}; trump {c['trump']}, "
                     f"dealer seat {c['dealer']}")
    if rec["chaodi"]:
        lines.append(f"after 炒底: trump {rec['trump']}, dealer seat {rec['dealer']}")
    running = 0
    for t, trick in enumerate(rec["tricks"], start=1):
        if trick.get("throw") and not trick["throw"]["valid"]:
            p = trick["throw"]
            lines.append(f"  throw: seat {p['seat']} throws {' '.join(p['cards'])}: fails "
                         f"(position {p['blocked_by']} beats it), plays "
                         f"{' '.join(p['played'])}, takes back {' '.join(p['returned'])}; "
                         f"penalty {p['penalty']} {p['unit']}")
            running += p["attacker_delta"]
        elif trick.get("throw"):
            lines.append(f"  throw: seat {trick['leader']} throws "
                         f"{' '.join(trick['throw']['cards'])}: valid")
        plays = " | ".join(f"seat {s}: {' '.join(c)}" for s, c in trick["plays"])
        won_by_attackers = trick["winner_seat"] % 2 != rec["dealer"] % 2
        running += trick["points"] if won_by_attackers else 0
        lines.append(f"trick {t:2}: {plays}  -> seat {trick['winner_seat']} wins "
                     f"{trick['points']} points (attackers {running})")
        if "kitty" in trick:
            k = trick["kitty"]
            lines.append(f"kitty: {' '.join(k['kitty']) or '(none)'}: {k['kitty_points']} points, "
                         f"won by the {k['winner_side']} x{k['multiplier']}: "
                         f"{k['awarded']:+d} to the attackers")
    s = rec["score"]
    lines.append(f"attackers' points: {rec['attacker_points']}; {s['winner_side']} "
                 f"+{s['levels']}; next dealer: seat {rec['next_dealer']} ({s['next_dealer']})")
    lines.append(f"levels after: {_levels(rec['levels_after'])}")
    if rec["match_winner"] is not None:
        lines.append(f"match won by seats {rec['match_winner']} and {rec['match_winner'] + 2}")
    return "\n".join(lines)
