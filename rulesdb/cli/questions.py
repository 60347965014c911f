"""Commands that answer questions across releases: diff, history, cite, sql, export."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from rulesdb.cli import revisions  # "history" without WORD still lists them
from rulesdb.cli.app import (
    AppContext,
    as_of_option,
    cli,
    emit_rows,
    format_option,
    parse_date,
    pass_app,
)
from rulesdb.cli.output import default_format, to_json
from rulesdb.errors import RulesdbError

_TEXT_WIDTH = 60  # rule text in a table: its first line, cut to this width


@cli.command()
@click.argument("from_day", metavar="FROM")
@click.argument("to_day", metavar="TO")
@format_option(("json", "markdown", "table"))
@pass_app
def diff(app: AppContext, from_day: str, to_day: str, fmt: str | None) -> None:
    """Show what changed from the release in force on FROM to the one in force on TO.

    FROM and TO are dates (YYYY-MM-DD); either may be the later one. Renames (tribal →
    kindred) show as renamed; rules 205 and 305.6 whose text changed are listed too.
    """
    from rulesdb.questions.diff import compare

    start = parse_date(from_day, "FROM")
    end = parse_date(to_day, "TO")
    assert start is not None and end is not None
    result = compare(app.data_engine(), start, end)
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json(result.to_json()))
    elif fmt == "markdown":
        click.echo(result.to_markdown(), nl=False)
    elif result.is_empty:
        click.echo(f"no changes from {result.from_date} to {result.to_date}")
    else:
        emit_rows(result.to_rows(), ["change", "kind", "category", "name"], "table")


@cli.command("history")
@click.argument("word", required=False)
@click.option("--category", metavar="C", help="Only the subtypes of category C (e.g. creature).")
@format_option()
@click.pass_context
def history(ctx: click.Context, word: str | None, category: str | None,
            fmt: str | None) -> None:
    """Show when WORD was listed: first and last release, the release it left, renames.

    WORD is a card type, supertype or subtype, in any case, with either apostrophe. Without
    WORD it lists the revisions, as `rulesdb revisions` does (kept for existing scripts).
    """
    if word is None:
        if category is not None:
            raise RulesdbError("--category needs a WORD: rulesdb history WORD --category C")
        click.echo("rulesdb: note: 'history' without WORD is now 'rulesdb revisions'", err=True)
        ctx.invoke(revisions.revisions, fmt=fmt)
        return
    from rulesdb.questions import lifetime

    app = ctx.find_object(AppContext)
    assert app is not None
    listings = lifetime.history(app.data_engine(), word, category)
    fmt = fmt or default_format()
    if fmt == "json":
        click.echo(to_json([listing.to_json() for listing in listings]))
        return
    rows = [{**listing.to_json(), "releases": len(listing.releases),
             "renamed": "; ".join([*(f"from {r['from']} ({r['release_date']})"
                                     for r in listing.renamed_from),
                                   *(f"to {r['to']} ({r['release_date']})"
                                     for r in listing.renamed_to)])}
            for listing in listings]
    emit_rows(rows, ["kind", "category", "name", "first_listed", "last_listed", "left",
                     "releases", "renamed"], fmt)


@cli.command()
@click.argument("word")
@as_of_option
@format_option()
@pass_app
def cite(app: AppContext, word: str, as_of: str | None, fmt: str | None) -> None:
    """List the rules that list, define or point to WORD, with their text.

    E.g. Equipment: 205.3g lists it, and points to 301.5; legendary: 205.4a, and 704.5j via
    205.4d; artifact: 205.2a and its section, 301.
    """
    from rulesdb.questions import lifetime

    citations = lifetime.cite(app.data_engine(), word, parse_date(as_of))
    fmt = fmt or default_format()
    rows = [citation.to_json() for citation in citations]
    if fmt == "table":
        for row in rows:
            row["text"] = _short(row["text"])
    emit_rows(rows, ["release_date", "rule", "relation", "kind", "category", "name", "via",
                     "text"], fmt)


@cli.command()
@click.argument("query", metavar="SQL")
@format_option()
@pass_app
def sql(app: AppContext, query: str, fmt: str | None) -> None:
    """Run one read-only SQL query (SQLite or PostgreSQL) and print its rows.

    The database is opened read-only: INSERT, UPDATE, DELETE, DDL, ATTACH, COPY, several
    statements at once and functions with side effects are refused. See README.md, "For
    analysts: SQL", for the views to query.
    """
    from rulesdb.questions.readonly_sql import run_readonly

    engine = app.engine
    if app.is_default:
        app.data_engine()  # creates (or upgrades) the embedded default first
    columns, rows = run_readonly(engine.url, query)
    labels = _unique(columns)
    emit_rows([dict(zip(labels, row, strict=True)) for row in rows], labels, fmt)


@cli.command()
@as_of_option
@click.option("--style", type=click.Choice(["mtgjson", "scryfall"]), required=True,
              help="mtgjson: the structure of MTGJSON's CardTypes.json; scryfall: Scryfall's "
                   "type catalogs (card-types, supertypes, creature-types, ...).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the JSON to this file instead of standard output.")
@pass_app
def export(app: AppContext, as_of: str | None, style: str, output: Path | None) -> None:
    """Export one release's vocabulary as JSON in the shape MTGJSON or Scryfall use."""
    import rulesdb.questions.export
    from rulesdb.util.files import write_atomically

    exported = rulesdb.questions.export.export(app.data_engine(), parse_date(as_of), style)
    document = to_json(exported) + "\n"
    if output is None:
        click.echo(document, nl=False)
        return
    try:
        write_atomically(output, document)  # all or nothing: readers never see half a file
    except OSError as exc:
        raise RulesdbError(f"cannot write {output}: {exc.strerror}") from None


def _short(value: Any) -> str:
    from rulesdb.util.text import clip

    return clip(str(value).splitlines()[0], _TEXT_WIDTH) if value else ""


def _unique(columns: list[str]) -> list[str]:
    """Column labels made unique ('count', 'count_2'), so no value hides another."""
    labels: list[str] = []
    for column in columns:
        label, number = column, 1
        while label in labels:
            number += 1
            label = f"{column}_{number}"
        labels.append(label)
    return labels
