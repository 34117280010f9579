"""Generate :mod:`shengji_sim.core.base.switches` from the variant schema and the AMB/OTH registry.

``python -m shengji_sim.core.base.make_switches`` rewrites ``shengji_sim/core/base/switches.py``;
``tests/unit/test_switches.py`` fails when the checked-in file differs from :func:`render`.
A switch constant is generated, not built with ``globals()``, so ``git grep SW_SPLIT_SETS``
finds its definition, and each carries its rule IDs and, for an AMB/OTH reading, the letter
and what it means.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from shengji_sim.config.interpretations import item_for_key
from shengji_sim.config.variant_schema import SCHEMA, SECTIONS

TARGET = Path(__file__).with_name("switches.py")
WIDTH = 100
HEADER = '''"""Switch constants of the kernels: GENERATED from the variant schema, do not edit.

Regenerate with ``python -m shengji_sim.core.base.make_switches`` after changing
:data:`shengji_sim.config.variant_schema.SCHEMA` or
:data:`shengji_sim.config.interpretations.ITEMS`; ``tests/unit/test_switches.py`` fails when
this file is stale.

Representation
--------------
A variant reaches the kernels as ``sw``, an ``int32[N_SWITCHES]`` built by
:func:`shengji_sim.core.runtime.api.switch_array`. ``sw[SW_<KEY>]`` holds the schema key ``<KEY>``:
an enumerated key as the position of its value in the schema's list (``V_<KEY>_<VALUE>``,
letter order for an AMB/OTH switch: A is 0), a bool as 0/1, an int as itself, and
``tractor_units`` as a bit mask (bit ``w`` set: width-``w`` tractors exist, COMBO-5).

A switch whose AMB/OTH item does not apply to the variant (RULES.md §8 "n/a": its key is
absent from the variant file) holds :data:`NA`. A test for a reading, ``sw[SW_X] == V_X_B``,
is then false, as the reference reads an absent key as its letter A; a kernel that needs
the letter-A value of a switch that may be n/a reads :func:`reading_nb`, and one that asks
whether the item applies at all (AMB-11, AMB-41 ...) tests ``sw[SW_X] != NA``.
"""

from __future__ import annotations

from shengji_sim.core.base.jit import njit

NA = -1  #: the switch's AMB/OTH item does not apply to the variant (RULES.md §8 "n/a")


@njit(cache=True, inline="always")
def reading_nb(sw, i):
    """``sw[i]`` with an n/a switch read as its letter A (code 0), as the reference does."""
    v = sw[i]
    return 0 if v == NA else v

'''


def const_name(text: str) -> str:
    """A schema key or value as a constant suffix: ``pow2_cards`` -> ``POW2_CARDS``."""
    return "".join(c if c.isalnum() else "_" for c in str(text)).upper()


def _comment(text: str) -> list[str]:
    """A ``#:`` comment block (the constant below it documents itself), wrapped."""
    return ["#: " + line for line in textwrap.wrap(text, WIDTH - 3)]


def _key_lines(index: int, key: str) -> list[str]:
    field = SCHEMA[key]
    item = item_for_key(key)
    kind = f"{field.type}; " if field.type != "str" else ""
    lines = _comment(f"{field.rules}: {field.doc} ({kind}key {key!r})")
    lines.append(f"SW_{const_name(key)} = {index}")
    if field.type == "str" and field.allowed:
        for code, value in enumerate(field.allowed):
            if item is not None:
                alt = next(a for a in item.alternatives if a.key == key and a.value == value)
                text = f"{item.id} {alt.letter}: {value!r}, {alt.description}"
            else:
                text = f"{field.rules}: {value!r}"
            lines += _comment(text)
            lines.append(f"V_{const_name(key)}_{const_name(value)} = {code}")
    return lines


def render() -> str:
    """The text of ``switches.py`` for the current schema."""
    out = [HEADER]
    out.append(f"N_SWITCHES = {len(SCHEMA)}  #: slots of ``sw``, one per schema key")
    keys = list(SCHEMA)
    for section in SECTIONS:
        out.append("")
        out.append(f"# [{section}]")
        for key in keys:
            if SCHEMA[key].section == section:
                out.append("")
                out += _key_lines(keys.index(key), key)
    return "\n".join(out) + "\n"


def main() -> None:
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
