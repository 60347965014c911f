"""The command group, the options every command shares, and the entry point."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

import click

from rulesdb import __version__
from rulesdb.cli.output import FORMATS, default_format, render_rows
from rulesdb.errors import RulesdbError


class AppContext:
    """What every command shares: the database option, opened on first use."""

    def __init__(self, db: str | None) -> None:
        self.db_option = db
        self._engine = None

    @property
    def engine(self):  # type: ignore[no-untyped-def]
        if self._engine is None:
            from rulesdb.store.engine import make_engine, resolve_url

            url, self.is_default = resolve_url(self.db_option)
            self._engine = make_engine(url)
        return self._engine

    def data_engine(self):  # type: ignore[no-untyped-def]
        """The engine of a database at head; the embedded default upgrades itself."""
        from rulesdb.store.migrate import ensure_current

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


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: one-line errors and exit status 2 for bad input, whatever raised it."""
    try:
        # Without standalone mode click returns ctx.exit(n)'s code instead of raising it.
        code = cli.main(args=list(argv) if argv is not None else None, prog_name="rulesdb",
                        standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
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
