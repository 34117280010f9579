"""Per-hand result rows: one structured dtype for every backend.

Representation
--------------
:data:`ROW_DTYPE` is a packed numpy structured dtype; one row per hand. Codes:

* ``trump``: 0..3 = S H C D, 4 = no-trump.
* ``winner_side``: 0 = dealer side levels up, 1 = attackers, 2 = nobody (ONE1 40..79).
* ``last_trick_side``: 0 = the dealer side won the last trick, 1 = the attackers.
* ``follow_<rule>``: how many follows in the hand were decided by that rule
  (:data:`FOLLOW_RULES`, the ``rule`` field of the reference's obligation).
* ``jj4_rows_<t>``: a bit mask of the rows of JJ4 table ``t`` that decided at least one
  follow in the hand (bit ``r - 1`` for row ``r``); tables ``t`` = 1..6 are FOLLOW-5,
  FOLLOW-6, FOLLOW-7, FOLLOW-8, FOLLOW-9, FOLLOW-10.
* ``match``: the match index of a hand of a match run, -1 in a run of single hands. In a
  match run ``seed`` is the match's seed (``rng.match_seed(root, match)``) and ``index`` the
  hand's index in the match (``hand_number - 1``), so ``hand_seed == rng.hand_seed(seed,
  index)`` in every run; the hand's ``level`` column gives the levels per hand.
* ``duplicate``: 0, or 1 for the second play of a deal with the teams' strategies swapped
  (``simulate --duplicate``; a pair shares ``index`` / ``match``).
* ``strategy_<s>``: seat ``s``'s strategy, as an index into the run's strategy names
  (:func:`shengji_sim.config.seats.strategy_names`, stored in the run manifest and the part files'
  metadata); the columns appended last, after the play columns (:data:`PLAY_FIELDS`).

:data:`MATCH_DTYPE` is one row per match: ``match``, the run's root ``seed``, the
``match_seed``, ``duplicate`` and ``strategy_<s>`` as above, ``start_level`` (rank 0..12),
``winner`` (the side that won: 0 = seats 0 and 2, 1 = seats 1 and 3; -1 when the match was
cut at the hands limit), ``hands`` played, ``dealer_hands_<side>`` (hands each side dealt) and
``level_<side>`` (final levels).

:func:`row_from_record` turns a reference game record into a row; the kernels fill the same
fields directly, so summaries and files never depend on the backend.
"""

from __future__ import annotations

import numpy as np

from shengji_sim.cards import parse_trump

#: Rules that decide a follow, in column order (codes 0..n-1 in the kernels).
FOLLOW_RULES: tuple[str, ...] = (
    "FOLLOW-1", "FOLLOW-2", "FOLLOW-3", "FOLLOW-4", "FOLLOW-4/AMB-15 B",
    "FOLLOW-5", "FOLLOW-6", "FOLLOW-7", "FOLLOW-8", "FOLLOW-9", "FOLLOW-10",
    "DEF-5", "THROW-5/DEF-8", "AMB-11", "AMB-19 B", "AMB-37 B", "OTH-6 B", "OTH-7 B",
)
JJ4_TABLE_RULES = ("FOLLOW-5", "FOLLOW-6", "FOLLOW-7", "FOLLOW-8", "FOLLOW-9", "FOLLOW-10")
WINNER_SIDES = ("dealer", "attackers", "none")


def _column(rule: str) -> str:
    return "follow_" + "".join(c if c.isalnum() else "_" for c in rule).strip("_").lower()


FOLLOW_COLUMNS = tuple(_column(r) for r in FOLLOW_RULES)

ROW_DTYPE = np.dtype(
    [
        ("index", "u8"), ("seed", "u8"), ("hand_seed", "u8"),
        ("hand_number", "i4"), ("level", "i1"), ("dealer", "i1"), ("first_recipient", "i1"),
        ("trump", "i1"), ("declarations", "i2"), ("redeals", "i2"), ("chaodi", "i2"),
        ("attacker_points", "i4"), ("kitty_points", "i2"), ("kitty_multiplier", "i4"),
        ("kitty_awarded", "i4"), ("last_trick_side", "i1"), ("throws", "i2"),
        ("throws_failed", "i2"), ("penalty_points", "i2"), ("tricks", "i2"),
        ("winner_side", "i1"), ("levels", "i1"), ("next_dealer", "i1"),
    ]
    + [(c, "i2") for c in FOLLOW_COLUMNS]
    + [(f"jj4_rows_{t}", "u4") for t in range(1, 7)]
    + [("match", "i8"), ("duplicate", "i1")]
    + [(f"strategy_{s}", "i1") for s in range(4)]
)
#: the columns a hand's play decides (every column before ``match``): what the pinned
#: digests of benchmarks/bench_core.py covered before the run columns were added
PLAY_FIELDS: tuple[str, ...] = ROW_DTYPE.names[:ROW_DTYPE.names.index("match")]
STRATEGY_COLUMNS = tuple(f"strategy_{s}" for s in range(4))

MATCH_DTYPE = np.dtype(
    [
        ("match", "u8"), ("seed", "u8"), ("match_seed", "u8"), ("duplicate", "i1")]
    + [(c, "i1") for c in STRATEGY_COLUMNS]
    + [("start_level", "i1"), ("winner", "i1"), ("hands", "i4"),
       ("dealer_hands_0", "i4"), ("dealer_hands_1", "i4"), ("level_0", "i1"),
       ("level_1", "i1")]
)


def row_from_record(record: dict) -> np.ndarray:
    """One row (a 0-d structured array) from a reference hand record."""
    row = np.zeros((), ROW_DTYPE)
    row["match"] = record.get("match", -1)
    row["index"], row["seed"], row["hand_seed"] = record["index"], record["seed"], \
        record["hand_seed"]
    row["hand_number"] = record["hand_number"]
    row["level"], row["dealer"] = record["level"], record["dealer"]
    row["first_recipient"] = record["first_recipient"]
    row["trump"] = parse_trump(record["trump"])
    row["declarations"] = len(record["declarations"])
    row["redeals"], row["chaodi"] = record["redeals"], len(record["chaodi"])
    row["attacker_points"] = record["attacker_points"]
    kitty = record["tricks"][-1]["kitty"]
    row["kitty_points"], row["kitty_multiplier"] = kitty["kitty_points"], kitty["multiplier"]
    row["kitty_awarded"] = kitty["awarded"]
    row["last_trick_side"] = 0 if kitty["winner_side"] == "dealer" else 1
    throws = [t["throw"] for t in record["tricks"] if t.get("throw")]
    row["throws"] = len(throws)
    row["throws_failed"] = sum(1 for t in throws if not t["valid"])
    row["penalty_points"] = sum(p["attacker_delta"] for p in record["penalties"])
    row["tricks"] = len(record["tricks"])
    score = record["score"]
    row["winner_side"] = WINNER_SIDES.index(score["winner_side"])
    row["levels"], row["next_dealer"] = score["levels"], record["next_dealer"]
    for trick in record["tricks"]:
        for rule, table_row in trick.get("follow_rules", []):
            row[_column(rule)] += 1
            if rule in JJ4_TABLE_RULES and table_row:
                col = f"jj4_rows_{JJ4_TABLE_RULES.index(rule) + 1}"
                row[col] = int(row[col]) | (1 << (table_row - 1))
    return row


def match_row_from_record(match: dict) -> np.ndarray:
    """One match row (a 0-d :data:`MATCH_DTYPE` array) from ``rules.game.play_match``'s
    record; the strategy codes and ``duplicate`` are the run's to fill."""
    row = np.zeros((), MATCH_DTYPE)
    row["match"], row["seed"], row["match_seed"] = match["match"], match["seed"], \
        match["match_seed"]
    hands = match["hands"]
    row["start_level"] = hands[0]["levels"][0]
    row["winner"] = -1 if match["winner_side"] is None else match["winner_side"]
    row["hands"] = len(hands)
    for h in hands:
        row[f"dealer_hands_{h['dealer'] % 2}"] += 1
    row["level_0"], row["level_1"] = match["levels"]
    return row
