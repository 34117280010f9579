"""``shengji-sim variants list|show|validate`` (the rule-set files) and ``shengji-sim
interpretations`` (every AMB/OTH item, its readings, and which one each variant picks)."""

from __future__ import annotations

import click

from shengji_sim.cli.common import emit_json, load


@click.group()
def variants() -> None:
    """List, show and validate variant files."""


@variants.command("list")
def variants_list() -> None:
    """The built-in variants."""
    from shengji_sim.config.variant import builtin_names, load_variant

    for name in builtin_names():
        v = load_variant(name)
        click.echo(f"{name:18} {v.rule_set:7} {v.description}")


@variants.command("show")
@click.argument("name")
@click.option("--amb", "ambs", multiple=True, metavar="ID=LETTER")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE")
@click.option("--json", "as_json", is_flag=True, help="Print the resolved values as JSON.")
def variants_show(name, ambs, sets, as_json) -> None:
    """Every resolved key of a variant, with its rule IDs."""
    from shengji_sim.config.variant_schema import describe_schema

    v = load(name, ambs, sets)
    values = v.to_dict()
    if as_json:
        emit_json({"name": v.name, "content_hash": v.content_hash, "values": values,
               "readings": v.readings()})
        return
    click.echo(f"# {v.name} ({v.rule_set}) {v.description}")
    click.echo(f"# content hash {v.content_hash}")
    for row in describe_schema():
        section, key = row[0], row[1]
        if key in values:
            click.echo(f"{section}.{key} = {values[key]!r}    # {row[5]}")


@variants.command("validate")
@click.argument("path")
def variants_validate(path) -> None:
    """Validate a variant file; exit 2 with one line if it is bad."""
    v = load(path, (), ())
    click.echo(f"ok: {path} ({v.name}, {v.content_hash[:12]})")


@click.command("interpretations")
@click.option("--variant", "variant_name", default=None, metavar="NAME|PATH",
              help="Mark the reading this variant picks.")
def interpretations(variant_name) -> None:
    """Every AMB/OTH item, its readings, and which one each built-in variant picks."""
    from shengji_sim.config.interpretations import ITEMS
    from shengji_sim.config.variant import builtin_names, load_variant

    picks = {name: load_variant(name).readings() for name in builtin_names()}
    chosen = load(variant_name, (), ()).readings() if variant_name else None
    for item_id, item in ITEMS.items():
        click.echo(f"{item_id} {item.title}")
        for alt in item.alternatives:
            mark = ""
            if chosen is not None:
                mark = "*" if _picks(chosen.get(item_id), alt.letter) else " "
            who = [name for name, r in picks.items() if _picks(r.get(item_id), alt.letter)]
            by = f"  [{', '.join(who)}]" if who else ""
            click.echo(f"  {mark}{alt.letter}: {alt.value}: {alt.description}{by}")
        if chosen is not None and item_id not in chosen:
            click.echo("   (does not apply to this variant)")


def _picks(reading: str | None, letter: str) -> bool:
    """Does a reading ("B", or AMB-27's two-part "A/(ii)") pick this letter?"""
    return reading is not None and letter in reading.split("/")
