"""Commands that answer questions across releases: diff, history, cite, sql, export."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from rulesdb.cli import revisions  # "history" without WORD still lists them
from rulesdb.cli.app import (
    AppContext,
    FiniteFloatRange,
    as_of_option,
    category_option,
    cli,
    pass_app,
    release_argument,
)
from rulesdb.cli.output import chosen, emit, output_options, to_json
from rulesdb.errors import RulesdbError
from rulesdb.questions.answers import Table

TABLE_LIMIT = 1000  # rows a table shows unless --limit says otherwise: people read tables
# Characters of one text value a table or markdown shows of `rulesdb sql` (then "…"): a table
# held 1,000 rows of 500 KB whole to measure its columns (2 GB); JSON and CSV are streamed.
TABLE_CELL = 1000
MAX_ROWS = 10**12  # --limit's ceiling: more rows than any query here returns, within islice's
DEFAULT_TIMEOUT = 30.0


@cli.command()
@release_argument("from_day", "FROM")
@release_argument("to_day", "[TO]", required=False)
@output_options
@pass_app
def diff(app: AppContext, from_day: str, to_day: str | None, fmt: str | None) -> None:
    """Show what changed from the release in force on FROM to the one in force on TO; FROM
    alone: from the release before FROM to FROM.

    FROM and TO are dates (YYYY-MM-DD) or sets (MH3); either may be the later one. Renames
    (tribal → kindred) show as renamed; rules 205 and 305.6 whose text changed are listed
    too. --format markdown writes release notes; table and csv one row per change.
    """
    from rulesdb.questions import shown

    emit(shown.vocabulary_diff(app.rules.diff(from_day, to_day)), fmt)


@cli.command("history")
@click.argument("word", required=False)
@category_option("Only the subtypes of category C (e.g. creature).")
@output_options
@click.pass_context
def history(ctx: click.Context, word: str | None, category: str | None, fmt: str | None) -> None:
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
    from rulesdb.questions import shown

    app = ctx.find_object(AppContext)
    assert app is not None
    emit(shown.lifetimes(app.rules.history(word, category)), fmt)


@cli.command()
@click.argument("word")
@as_of_option
@output_options
@pass_app
def cite(app: AppContext, word: str, as_of: str | None, fmt: str | None) -> None:
    """List the rules that list, define or point to WORD, with their text.

    E.g. Equipment: 205.3g lists it, and points to 301.5; legendary: 205.4a, and 704.5j via
    205.4d; artifact: 205.2a and its section, 301.
    """
    from rulesdb.questions import shown

    emit(shown.citations(app.rules.cite(word, as_of)), fmt)


class _ViewsListed(click.Command):
    """A command whose help lists every view with its description (descriptions.toml),
    after its own text, so the list cannot drift from the schema. An argument that starts
    with "-" but holds white space is no option: SQL opening with a ``--`` comment is read
    as the query, as if after ``--``."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" not in args:
            query = [arg for arg in args if arg.startswith("-") and any(c.isspace() for c in arg)]
            if query:
                args = [arg for arg in args if arg not in query] + ["--", *query]
        return super().parse_args(ctx, args)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from rulesdb.store.descriptions import descriptions

        super().format_help_text(ctx, formatter)
        views = [
            (name, found.description.removeprefix("View: "))
            for name, found in descriptions().items()
            if found.description.startswith("View:")
        ]
        with formatter.section("The views (every table and column: the docs, The schema)"):
            formatter.write_dl(views, col_max=18)


@cli.command(cls=_ViewsListed)
@click.argument("query", metavar="SQL")
@output_options
@click.option(
    "--limit",
    type=click.IntRange(min=0, max=MAX_ROWS),
    default=None,
    metavar="N",
    help=f"Print at most N rows (default: {TABLE_LIMIT} for a table, all for JSON "
    "and CSV, which are streamed).",
)
@click.option(
    "--timeout",
    type=FiniteFloatRange(min=0.1, max=3600),
    metavar="SECONDS",
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Stop the query after this long, fetching included.",
)
@pass_app
def sql(app: AppContext, query: str, fmt: str | None, limit: int | None, timeout: float) -> None:
    """Run one read-only SQL query (SQLite or PostgreSQL) and print its rows.

    \b
    The release in force on a date D, on both backends:
      in_force_from <= 'D' AND (in_force_until > 'D' OR in_force_until IS NULL)
    e.g. rulesdb sql "SELECT name FROM v_subtype WHERE category = 'land'
      AND in_force_from <= '2021-03-01'
      AND (in_force_until > '2021-03-01' OR in_force_until IS NULL)"

    Dates compare with 'YYYY-MM-DD' literals alike on both backends. The database enforces
    read-only: SQLite opens the file read-only; PostgreSQL runs one query in a read-only
    transaction, with a time limit, as a role that cannot write (see ``rulesdb grant-read``).
    """
    from itertools import islice

    from rulesdb.cli.streaming import write_csv_rows, write_json_rows
    from rulesdb.questions.readonly_sql import open_query

    engine = app.engine
    if app.is_default:
        app.data_engine()  # creates (or upgrades) the embedded default first
    fmt = chosen(fmt)
    if limit is None and fmt in ("table", "markdown"):
        limit = TABLE_LIMIT
    with open_query(engine.url, query, timeout) as result:
        labels = _unique(result.columns)
        rows = result.rows if limit is None else islice(result.rows, limit + 1)
        if fmt in ("table", "markdown"):
            # Cut as each row arrives: only the cut cells are kept for the table's widths.
            kept = [tuple(_cut_cell(value) for value in row) for row in rows]
            emit(
                Table(
                    [dict(zip(labels, row, strict=True)) for row in kept[:limit]],
                    labels,
                    empty="sql: the query returned no rows",
                ),
                fmt,
            )
            cut = limit is not None and len(kept) > limit
        else:
            counted = _Counted(rows, limit)
            write = write_json_rows if fmt == "json" else write_csv_rows
            write(labels, counted, sys.stdout)
            cut = counted.cut
    if cut:
        click.echo(f"rulesdb: showing the first {limit} rows; --limit N shows more", err=True)
    elif fmt not in ("table", "markdown") and counted.count == 0:
        click.echo("rulesdb: sql: the query returned no rows", err=True)
    # Only after the query (its read-only connection names a hot journal first): another
    # database behind head gets its one warning line; any SQLite file may be queried.
    app.data_engine(refuse_empty=False)


class _Counted:
    """Rows up to a limit, remembering whether more were there."""

    def __init__(self, rows: Any, limit: int | None) -> None:
        self.rows, self.limit, self.cut, self.count = rows, limit, False, 0

    def __iter__(self) -> Any:
        for number, row in enumerate(self.rows):
            if self.limit is not None and number >= self.limit:
                self.cut = True
                return
            self.count = number + 1
            yield row


@cli.command()
@as_of_option
@click.option(
    "--style",
    type=click.Choice(["mtgjson", "mtgjson-keywords", "scryfall", "rulebook"]),
    required=True,
    help="mtgjson: MTGJSON's CardTypes.json; mtgjson-keywords: its Keywords.json; "
    "scryfall: the catalogs Scryfall publishes (card-types, creature-types, ..., "
    "keyword-abilities, keyword-actions, ability-words); rulebook: the rulebook "
    "itself (sections, rules, glossary, keywords; docs/rulebook.schema.json).",
)
@click.option(
    "--all-releases",
    is_flag=True,
    help='Every release in one file: {"releases": {date: export}} (rulebook: '
    'also {"texts": {id: text}}, each distinct text once).',
)
@click.option(
    "--all-categories",
    is_flag=True,
    help="scryfall: also planar-types and dungeon-types, which Scryfall does not "
    "publish (uri null).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON to this file instead of standard output.",
)
@pass_app
def export(
    app: AppContext,
    as_of: str | None,
    style: str,
    all_releases: bool,
    all_categories: bool,
    output: Path | None,
) -> None:
    """Export a release's vocabulary as JSON in the shape MTGJSON or Scryfall publish, or its
    whole rulebook."""
    from rulesdb.questions.export import export as export_release
    from rulesdb.questions.export import export_all_releases
    from rulesdb.util.files import write_atomically

    if all_releases and as_of is not None:
        raise RulesdbError("--all-releases exports every release; leave out --as-of")
    rules = app.rules
    engine = rules.engine
    if style == "rulebook":
        from rulesdb.questions import rulebook_export

        exported = (
            rulebook_export.export_rulebook_all_releases(engine)
            if all_releases
            else rulebook_export.export_rulebook(engine, rules.day(as_of))
        )
        # One entry a line: indenting every member would add megabytes of spaces.
        document = rulebook_export.dumps(exported) + "\n"
    elif all_releases:
        document = to_json(export_all_releases(engine, style, all_categories=all_categories)) + "\n"
    else:
        document = (
            to_json(export_release(engine, rules.day(as_of), style, all_categories=all_categories))
            + "\n"
        )
    if output is None:
        click.echo(document, nl=False)
        return
    try:
        write_atomically(output, document)  # all or nothing: readers never see half a file
    except OSError as exc:
        raise RulesdbError(f"cannot write {output}: {exc.strerror}") from None


def _cut_cell(value: Any) -> Any:
    if isinstance(value, str) and len(value) > TABLE_CELL:
        return value[:TABLE_CELL] + "…"
    return value


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
