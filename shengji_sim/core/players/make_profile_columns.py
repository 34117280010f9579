"""Generate :mod:`shengji_sim.core.players.profile_columns` from the strategy schema.

``python -m shengji_sim.core.players.make_profile_columns`` rewrites
``shengji_sim/core/players/profile_columns.py``; ``tests/unit/test_heuristic_params.py`` fails
when the checked-in file differs from :func:`render`. As with the switches
(:mod:`shengji_sim.core.base.make_switches`), each column is a generated constant, so
``git grep P_WIN_MIN_POINTS`` finds its definition, with the key's doc and values beside it;
:data:`~shengji_sim.core.players.profile_columns.PARAM_KEYS` is the one column order, which
``api.profile_params`` builds a row by.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from shengji_sim.config.strategy import SCHEMA, Key

TARGET = Path(__file__).with_name("profile_columns.py")
WIDTH = 100
HEADER = '''"""Heuristic profile columns: GENERATED from the strategy schema, do not edit.

Regenerate with ``python -m shengji_sim.core.players.make_profile_columns`` after changing
:data:`shengji_sim.config.strategy.SCHEMA`; ``tests/unit/test_heuristic_params.py`` fails
when this file is stale.

Representation
--------------
A heuristic seat's profile reaches the kernels as a row ``p``, an ``int32[N_PARAMS]`` built by
:func:`shengji_sim.core.runtime.api.profile_params`: ``p[P_<KEY>]`` holds the strategy key
``<KEY>`` (column :data:`PARAM_KEYS` order, the schema's order), an int as itself, a bool
as 0/1, a str as the position of its value in the schema's list (the order shown below).
"""'''


def const_name(key: str) -> str:
    """A strategy key as a column constant: ``win_min_points`` -> ``P_WIN_MIN_POINTS``."""
    return "P_" + "".join(c if c.isalnum() else "_" for c in key).upper()


def _values(k: Key) -> str:
    if k.type == "str":
        return ", ".join(f"{i} {v!r}" for i, v in enumerate(k.allowed or ()))
    if k.type == "bool":
        return "0 false, 1 true"
    return f"{k.lo}..{k.hi}"


def _column_lines(column: int, k: Key) -> list[str]:
    text = f"{k.key!r} ({k.type}; {_values(k)}; default {k.default!r}): {k.doc}"
    lines = ["#: " + line for line in textwrap.wrap(text, WIDTH - 8)]  # room for wide characters
    return [*lines, f"{const_name(k.key)} = {column}"]


def render() -> str:
    """The text of ``profile_columns.py`` for the current strategy schema."""
    out = [HEADER]
    for column, k in enumerate(SCHEMA.values()):
        out += ["", *_column_lines(column, k)]
    out += ["", f"N_PARAMS = {len(SCHEMA)}  #: columns of a profile row, one per strategy key",
            "#: the strategy key of each column, in column order",
            "PARAM_KEYS: tuple[str, ...] = ("]
    out += [f'    "{key}",' for key in SCHEMA]
    out.append(")")
    return "\n".join(out) + "\n"


def main() -> None:
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
