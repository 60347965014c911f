"""Commands that list the releases and one release's vocabulary."""

from __future__ import annotations

from rulesdb.cli.app import AppContext, as_of_option, category_option, cli, pass_app
from rulesdb.cli.output import emit, output_options
from rulesdb.questions.answers import Table, answered_by

# Each listing names the release that answered: a column in JSON and CSV, a line on stderr
# beside a table or Markdown.


@cli.command()
@output_options
@pass_app
def releases(app: AppContext, fmt: str | None) -> None:
    """List the CR releases in the database, oldest first, each with the set it came with
    ("update between sets", or "set unknown" for a release printing a new set's rules whose
    product no source names)."""
    emit(
        Table(
            app.rules.releases(),
            [
                "effective_date",
                "set",
                "source_file",
                "revision",
                "set_code",
                "set_name",
                "set_status",
            ],
            empty="the database holds no release (rulesdb info tells where it is)",
        ),
        fmt,
    )


# The vocabulary of one release


@cli.command("card-types")
@as_of_option
@output_options
@pass_app
def card_types(app: AppContext, as_of: str | None, fmt: str | None) -> None:
    """List the card types (rule 205.2a)."""
    day = app.rules.release(as_of)
    emit(
        Table(
            app.rules.card_types(day),
            ["name", "rule", "section", "release"],
            empty=f"the release of {day} lists no card types",
            note=answered_by(day.isoformat(), as_of),
            noted=["release"],
        ),
        fmt,
    )


@cli.command()
@as_of_option
@output_options
@pass_app
def supertypes(app: AppContext, as_of: str | None, fmt: str | None) -> None:
    """List the supertypes (rule 205.4a)."""
    day = app.rules.release(as_of)
    emit(
        Table(
            app.rules.supertypes(day),
            ["name", "rule", "release"],
            empty=f"the release of {day} lists no supertypes",
            note=answered_by(day.isoformat(), as_of),
            noted=["release"],
        ),
        fmt,
    )


@cli.command()
@category_option(
    "artifact, enchantment, land, planeswalker, spell, creature, planar, "
    "dungeon or battle; default: all."
)
@as_of_option
@output_options
@pass_app
def subtypes(app: AppContext, category: str | None, as_of: str | None, fmt: str | None) -> None:
    """List the subtypes of one category, or of all (rules 205.3g–q)."""
    day = app.rules.release(as_of)
    emit(
        Table(
            app.rules.subtypes(category, day),
            ["name", "category", "rule", "release"],
            empty=(
                f"{category} types: this category is not in the release of {day}"
                if category
                else f"the release of {day} lists no subtypes"
            ),
            note=answered_by(day.isoformat(), as_of),
            noted=["release"],
        ),
        fmt,
    )
