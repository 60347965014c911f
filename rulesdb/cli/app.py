"""The command group, the options every command shares, and the entry point."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from datetime import date

import click

from rulesdb import __version__
from rulesdb.cli.output import emit_rows, output_options
from rulesdb.errors import RulesdbError

__all__ = ["AppContext", "as_of_option", "cli", "emit_rows", "main", "output_options",
           "parse_date", "pass_app"]


class AppContext:
    """What every command shares: the database option, opened on first use."""

    def __init__(self, db: str | None) -> None:
        self.db_option = db
        self._engine = None
        self._checked = False

    @property
    def engine(self):  # type: ignore[no-untyped-def]
        if self._engine is None:
            from rulesdb.store.engine import make_engine, resolve_url

            url, self.is_default = resolve_url(self.db_option)
            self._engine = make_engine(url)
        return self._engine

    def data_engine(self):  # type: ignore[no-untyped-def]
        """The engine of a database to read: the embedded default upgrades itself; another
        one behind head is read as it is, with one warning line on stderr."""
        from rulesdb.store.migrate import ensure_current

        engine = self.engine
        if not self._checked:
            warning = ensure_current(engine, auto_upgrade=self.is_default)
            if warning:
                click.echo(f"rulesdb: warning: {warning}", err=True)
            self._checked = True
        return engine


def parse_date(value: str | None, option: str = "--as-of") -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise RulesdbError(f"{option}: {value!r} is not a date; expected YYYY-MM-DD") from None


def complete_release_date(ctx: click.Context, _param: click.Parameter,
                          incomplete: str) -> list[str]:
    from rulesdb.cli.completion import release_dates

    return release_dates(ctx, incomplete)


def as_of_option(function: Callable) -> Callable:
    return click.option(
        "--as-of", "as_of", metavar="DATE", shell_complete=complete_release_date,
        help="Use the release in force on DATE (YYYY-MM-DD); default: the latest release.",
    )(function)


def complete_category(ctx: click.Context, _param: click.Parameter,
                      incomplete: str) -> list[str]:
    from rulesdb.cli.completion import categories

    return categories(ctx, incomplete)


def category_option(help: str) -> Callable[[Callable], Callable]:
    return click.option("--category", metavar="C", shell_complete=complete_category, help=help)


@click.group(context_settings={"help_option_names": ["-h", "--help"]},
             invoke_without_command=True)
@click.option("--db", metavar="URL",
              help="Database URL (sqlite:///PATH or postgresql://USER@HOST/DB). "
                   "Default: $RULESDB_URL, else the embedded SQLite file (see: rulesdb info).")
@click.version_option(__version__, prog_name="rulesdb")
@click.pass_context
def cli(ctx: click.Context, db: str | None) -> None:
    """rulesdb: the Magic: The Gathering Comprehensive Rules type system, release by release.

    Card types (205.2a), supertypes (205.4a) and subtypes by category (205.3g–q), as each
    official Comprehensive Rules release lists them, with rule citations.
    """
    ctx.obj = AppContext(db)
    if ctx.invoked_subcommand is None:
        # The first thing a newcomer types: what rulesdb is and what it can do, not an error.
        click.echo(short_usage(ctx))


def short_usage(ctx: click.Context) -> str:
    formatter = ctx.make_formatter()
    formatter.write_usage(ctx.command_path, "[--db URL] COMMAND [ARGS]...")
    formatter.write_paragraph()
    formatter.write_text("The Magic: The Gathering Comprehensive Rules type system, release by "
                         "release.")
    ctx.command.format_commands(ctx, formatter)  # type: ignore[attr-defined]
    formatter.write_paragraph()
    formatter.write_text(f"'{ctx.command_path} COMMAND --help' describes a command; "
                         f"'{ctx.command_path} --help' shows every option.")
    return formatter.getvalue().rstrip("\n")


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
    except click.MissingParameter as exc:
        # Click's own order: the usage line, where help is, then what is missing.
        if exc.ctx is not None:
            click.echo(exc.ctx.get_usage(), err=True)
            click.echo(f"Try '{exc.ctx.command_path} --help' for help.", err=True)
        click.echo(f"rulesdb: error: {exc.format_message()}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"rulesdb: error: {exc.format_message()}", err=True)
        sys.exit(2)
    except RulesdbError as exc:
        click.echo(f"rulesdb: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
