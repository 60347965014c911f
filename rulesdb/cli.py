"""The ``rulesdb`` command: parses arguments and formats output; the work is in the library."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import click

from rulesdb import __version__
from rulesdb.errors import RulesdbError
from rulesdb.output import FORMATS, default_format, render_rows, to_json


class AppContext:
    """What every command shares: the database option, opened on first use."""

    def __init__(self, db: str | None) -> None:
        self.db_option = db
        self._engine = None

    @property
    def engine(self):  # type: ignore[no-untyped-def]
        if self._engine is None:
            from rulesdb.db import make_engine, resolve_url

            url, self.is_default = resolve_url(self.db_option)
            self._engine = make_engine(url)
        return self._engine

    def data_engine(self):  # type: ignore[no-untyped-def]
        """The engine of a database at head; the embedded default upgrades itself."""
        from rulesdb.migrate import ensure_current

        engine = self.engine
        ensure_current(engine, auto_upgrade=self.is_default)
        return engine


def parse_date(value: str | None, option: str = "--as-of") -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise RulesdbError(f"{option}: {value!r} is not a date; expected YYYY-MM-DD") from None


def format_option(formats: Sequence[str] = FORMATS) -> Callable[[Callable], Callable]:
    return click.option(
        "--format", "fmt", type=click.Choice(list(formats)), default=None,
        help="Output format (default: table on a terminal, json otherwise).",
    )


def as_of_option(function: Callable) -> Callable:
    return click.option(
        "--as-of", "as_of", metavar="DATE",
        help="Use the release in force on DATE (YYYY-MM-DD); default: the latest release.",
    )(function)


def emit_rows(rows: Sequence[dict[str, Any]], columns: Sequence[str], fmt: str | None) -> None:
    click.echo(render_rows(rows, columns, fmt or default_format()))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--db", metavar="URL",
              help="Database URL (sqlite:///PATH or postgresql://USER@HOST/DB). "
                   "Default: $RULESDB_URL, else the embedded SQLite file.")
@click.version_option(__version__, prog_name="rulesdb")
@click.pass_context
def cli(ctx: click.Context, db: str | None) -> None:
    """rulesdb: the Magic: The Gathering Comprehensive Rules type system, release by release.

    Card types (205.2a), supertypes (205.4a) and subtypes by category (205.3g-r), as each
    official Comprehensive Rules release lists them, with rule citations.
    """
    ctx.obj = AppContext(db)


pass_app = click.make_pass_decorator(AppContext)


# Schema and releases


@cli.command()
@click.argument("revision", default="head")
@pass_app
def upgrade(app: AppContext, revision: str) -> None:
    """Upgrade the database to REVISION (default: head, every release)."""
    from rulesdb import migrate
    from rulesdb.db import mask

    migrate.upgrade(app.engine, revision)
    click.echo(f"{mask(app.engine.url)} is at {migrate.current_revision(app.engine)}")


@cli.command()
@click.argument("revision")
@pass_app
def downgrade(app: AppContext, revision: str) -> None:
    """Downgrade the database to REVISION ('base' empties it)."""
    from rulesdb import migrate
    from rulesdb.db import mask

    migrate.downgrade(app.engine, revision)
    current = migrate.current_revision(app.engine) or "base (empty)"
    click.echo(f"{mask(app.engine.url)} is at {current}")


@cli.command()
@pass_app
def current(app: AppContext) -> None:
    """Print the revision the database is at, and whether it is the head."""
    from rulesdb import migrate

    revision = migrate.current_revision(app.engine)
    head = migrate.head_revision()
    state = "(head)" if revision == head else f"(head is {head})"
    click.echo(f"{revision or 'base (empty)'} {state}")


@cli.command()
@format_option()
def history(fmt: str | None) -> None:
    """List every revision, oldest first: the schema, then one per CR release."""
    from rulesdb import migrate

    rows = [{"revision": rev, "down_revision": down, "description": doc}
            for rev, down, doc in migrate.history()]
    emit_rows(rows, ["revision", "down_revision", "description"], fmt)


@cli.command()
@format_option()
@pass_app
def releases(app: AppContext, fmt: str | None) -> None:
    """List the CR releases in the database, oldest first."""
    from rulesdb import queries

    rows = queries.releases(app.data_engine())
    emit_rows(rows, ["effective_date", "source_file", "revision"], fmt)


# The vocabulary of one release


@cli.command("card-types")
@as_of_option
@format_option()
@pass_app
def card_types(app: AppContext, as_of: str | None, fmt: str | None) -> None:
    """List the card types (rule 205.2a)."""
    from rulesdb import queries

    rows = queries.card_types(app.data_engine(), parse_date(as_of))
    emit_rows(rows, ["name", "rule", "section"], fmt)


@cli.command()
@as_of_option
@format_option()
@pass_app
def supertypes(app: AppContext, as_of: str | None, fmt: str | None) -> None:
    """List the supertypes (rule 205.4a)."""
    from rulesdb import queries

    rows = queries.supertypes(app.data_engine(), parse_date(as_of))
    emit_rows(rows, ["name", "rule"], fmt)


@cli.command()
@click.option("--category", metavar="C",
              help="artifact, enchantment, land, planeswalker, spell, creature, planar, "
                   "dungeon or battle; default: all.")
@as_of_option
@format_option()
@pass_app
def subtypes(app: AppContext, category: str | None, as_of: str | None, fmt: str | None) -> None:
    """List the subtypes of one category, or of all (rules 205.3g-205.3q)."""
    from rulesdb import queries

    day = parse_date(as_of)
    rows = queries.subtypes(app.data_engine(), category, day)
    emit_rows(rows, ["name", "category", "rule"], fmt)


# Maintainers: official files in, releases out


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@format_option(("json", "table"))
def inspect(file: Path, fmt: str | None) -> None:
    """Show what the importer extracts from an official CR FILE; touches no database."""
    from rulesdb.importer import import_file
    from rulesdb.inspection import inspection

    report = inspection(import_file(file))
    if (fmt or default_format()) == "json":
        click.echo(to_json(report))
        return
    click.echo(f"effective date: {report['effective_date']}")
    click.echo(f"card types ({len(report['card_types'])}): {', '.join(report['card_types'])}")
    click.echo(f"supertypes ({len(report['supertypes'])}): {', '.join(report['supertypes'])}")
    for name, names in report["subtypes"].items():
        rule = report["rules"][name]
        click.echo(f"{name} types, {rule} ({len(names)}): {', '.join(names)}")
    click.echo(f"basic land types: {', '.join(report['basic_land_types'])}")
    for ref in report["cross_references"]:
        click.echo(f"cross-reference: {ref['name']} ({ref['kind']}, {ref['cited_in']}) "
                   f"-> {ref['rule']}")


@cli.command("new-release")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--root", type=click.Path(file_okay=False, path_type=Path),
              help="Checkout to write into (default: this rulesdb's own migrations/ and seeds/).")
def new_release(file: Path, root: Path | None) -> None:
    """Write the seed and Alembic revision for an official CR FILE, after the head."""
    from rulesdb.releasing import new_release as write_release

    revision, changed = write_release(file, root)
    click.echo(f"{revision}: {'written' if changed else 'unchanged (already released)'}")


@cli.command("rebuild-chain")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(dir_okay=False, path_type=Path))
@click.option("--root", type=click.Path(file_okay=False, path_type=Path),
              help="Checkout to write into (default: this rulesdb's own migrations/ and seeds/).")
def rebuild_chain(files: tuple[Path, ...], root: Path | None) -> None:
    """Regenerate every release revision from FILES in effective-date order (one-time tool)."""
    from rulesdb.releasing import rebuild_chain as rebuild

    written = rebuild(list(files), root)
    click.echo(f"{len(written)} releases: {written[0]} .. {written[-1]}")


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: one-line errors and exit status 2 for bad input, whatever raised it."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="rulesdb",
                 standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("rulesdb: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        click.echo(f"rulesdb: error: {exc.format_message()}", err=True)
        sys.exit(2)
    except RulesdbError as exc:
        click.echo(f"rulesdb: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
