"""Commands that list one release's vocabulary."""

from __future__ import annotations

from rulesdb.cli.app import AppContext, as_of_option, category_option, cli, parse_date, pass_app
from rulesdb.cli.output import emit_rows, output_options


@cli.command()
@output_options
@pass_app
def releases(app: AppContext, fmt: str | None) -> None:
    """List the CR releases in the database, oldest first, each with the set it came with
    (or "update between sets")."""
    from rulesdb.questions import listings

    rows = listings.releases(app.data_engine())
    emit_rows(rows, ["effective_date", "set", "source_file", "revision", "set_code",
                     "set_name"], fmt,
              empty="the database holds no release (rulesdb info tells where it is)")


# The vocabulary of one release


@cli.command("card-types")
@as_of_option
@output_options
@pass_app
def card_types(app: AppContext, as_of: str | None, fmt: str | None) -> None:
    """List the card types (rule 205.2a)."""
    from rulesdb.questions import listings

    rows = listings.card_types(app.data_engine(), parse_date(as_of))
    emit_rows(rows, ["name", "rule", "section"], fmt)


@cli.command()
@as_of_option
@output_options
@pass_app
def supertypes(app: AppContext, as_of: str | None, fmt: str | None) -> None:
    """List the supertypes (rule 205.4a)."""
    from rulesdb.questions import listings

    rows = listings.supertypes(app.data_engine(), parse_date(as_of))
    emit_rows(rows, ["name", "rule"], fmt)


@cli.command()
@category_option("artifact, enchantment, land, planeswalker, spell, creature, planar, "
                 "dungeon or battle; default: all.")
@as_of_option
@output_options
@pass_app
def subtypes(app: AppContext, category: str | None, as_of: str | None, fmt: str | None) -> None:
    """List the subtypes of one category, or of all (rules 205.3g–q)."""
    from rulesdb.questions import listings

    engine = app.data_engine()
    day = listings.release_in_force(engine, parse_date(as_of))
    rows = listings.subtypes(engine, category, day)
    emit_rows(rows, ["name", "category", "rule"], fmt,
              empty=f"{category} types: this category is not in the release of {day}")
