"""The command group, the options every command shares, and the entry point."""

from __future__ import annotations

import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from rulesdb import __version__
from rulesdb.cli.output import output_options
from rulesdb.errors import RulesdbError
from rulesdb.settings import DEBUG
from rulesdb.util.text import ECHOED, clip, first_line

if TYPE_CHECKING:  # imported when used: `rulesdb check` starts without SQLAlchemy's engine
    from sqlalchemy import Engine

    from rulesdb.handle import Rules

F = TypeVar("F", bound=Callable[..., Any])

__all__ = [
    "AppContext",
    "as_of_option",
    "cli",
    "main",
    "output_options",
    "pass_app",
    "release_argument",
]


class AppContext:
    """What every command shares: the database option, opened on first use."""

    def __init__(self, db: str | None) -> None:
        self.db_option = db
        self._engine: Engine | None = None
        self._rules: Rules | None = None
        self.is_default = False
        self._checked = False

    @property
    def target(self) -> str | None:
        """The database as messages name it (masked), once one was opened."""
        if self._engine is None:
            return None
        from rulesdb.store.engine import describe

        return describe(self._engine.url)

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            from rulesdb.store.engine import default_path, make_engine, resolve_url

            url, self.is_default = resolve_url(self.db_option)
            self._engine = make_engine(url, create_folder=self.is_default)
            if self.is_default:
                from rulesdb.store.shipped import place_default

                place_default(default_path())
        return self._engine

    @property
    def rules(self) -> Rules:
        """The read-only handle every question is asked through (``rulesdb.open``'s), on the
        database :meth:`data_engine` has checked."""
        if self._rules is None:
            from rulesdb.handle import Rules, read_only

            self._rules = Rules(read_only(self.data_engine()))
        return self._rules

    def close(self) -> None:
        """Close the connections the command opened."""
        if self._rules is not None:
            self._rules.close()
        if self._engine is not None:
            self._engine.dispose()

    def explain(self, exc: BaseException) -> str:
        """One line for a database error: which database, and why in words where we can."""
        from rulesdb.store.engine import sqlite_file, sqlite_problem

        if self._engine is None:
            return f"database error: {first_line(exc)}"
        path = sqlite_file(self._engine.url)
        reason = sqlite_problem(path) if path is not None else None
        return f"cannot use {self.target}: {reason or first_line(exc)}"

    def data_engine(self, *, refuse_empty: bool = True) -> Engine:
        """The engine of a database to read: the embedded default upgrades itself; another
        one behind head is read as it is, with one warning line on stderr (one that is no
        rulesdb database at all is refused, unless ``refuse_empty`` is False)."""
        from rulesdb.cli.progress import on_terminal, progress_bar
        from rulesdb.store.chain import current_revision, release_count
        from rulesdb.store.migrate import ensure_current

        engine = self.engine
        if not self._checked:
            if self.is_default and on_terminal() and current_revision(engine) is None:
                click.echo(
                    f"rulesdb: building the rules database: {release_count()} releases "
                    "of the Comprehensive Rules, once (a few seconds)",
                    err=True,
                )
            with progress_bar("building") as progress:
                warning = ensure_current(
                    engine,
                    auto_upgrade=self.is_default,
                    refuse_empty=refuse_empty,
                    notify=lambda message: click.echo(f"rulesdb: {message}", err=True),
                    progress=progress,
                )
            if warning:
                click.echo(f"rulesdb: warning: {warning}", err=True)
            self._checked = True
        return engine


# Exit status of an answer a release cannot give (it does not enumerate the category asked
# about): neither yes (0) nor no (1); 2 is bad input.
UNKNOWN_EXIT = 3


def complete_release_date(
    ctx: click.Context, _param: click.Parameter, incomplete: str
) -> list[str]:
    from rulesdb.cli.completion import release_dates

    return release_dates(ctx, incomplete)


def release_value(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A release named by its date or by the set it came with (MH3, "Modern Horizons 3"): a
    set becomes its release's date, which the command reads as any other."""
    from rulesdb.questions.listings import release_named, written_date

    # An optional argument's metavar is "[TO]": its messages name it TO.
    option = (
        param.opts[0] if isinstance(param, click.Option) else param.human_readable_name.strip("[]")
    )
    if value is None or written_date(value, option) is not None:
        return value
    app = ctx.find_object(AppContext)
    assert app is not None
    found = release_named(app.data_engine(), value, option)
    return found.isoformat() if found else None


def as_of_option(function: F) -> F:
    return click.option(
        "--as-of",
        "as_of",
        metavar="DATE|SET",
        shell_complete=complete_release_date,
        callback=release_value,
        help="Use the release in force on DATE (YYYY-MM-DD), or the release a SET came with "
        "(its code or name: MH3, 'Modern Horizons 3'); default: the latest release.",
    )(function)


def release_argument(name: str, metavar: str, required: bool = True) -> Callable[[F], F]:
    """A release as an argument (FROM, TO): a date or a set, as --as-of takes it."""
    return click.argument(
        name,
        metavar=metavar,
        shell_complete=complete_release_date,
        callback=release_value,
        required=required,
    )


def complete_category(ctx: click.Context, _param: click.Parameter, incomplete: str) -> list[str]:
    from rulesdb.cli.completion import categories

    return categories(ctx, incomplete)


def category_option(help: str) -> Callable[[F], F]:
    return click.option("--category", metavar="C", shell_complete=complete_category, help=help)


# The commands as `rulesdb --help` groups them: a reader finds the rulebook beside the types.
SECTIONS: dict[str, tuple[str, ...]] = {
    "Types and type lines": (
        "card-types",
        "supertypes",
        "subtypes",
        "check",
        "parse",
        "explain",
        "history",
        "cite",
        "diff",
    ),
    "The rulebook": (
        "rule",
        "rule-history",
        "rule-diff",
        "renumber-map",
        "changes",
        "glossary",
        "search",
    ),
    "SQL, the browser, assistants, card files and exports": (
        "sql",
        "serve",
        "mcp",
        "lint-cards",
        "lint-citations",
        "export",
    ),
    "The database": (
        "info",
        "releases",
        "upgrade",
        "downgrade",
        "rebuild",
        "current",
        "revisions",
        "grant-read",
    ),
    "Maintainers": ("inspect", "new-release", "rebuild-chain"),
}


# A command's line in the list: its first sentence, whole, or its head clause when the whole
# would take more than two lines there.
SUMMARY_LENGTH = 120


def summary(help_text: str, longest: int = SUMMARY_LENGTH) -> str:
    """A command's first sentence, as the list of commands shows it: whole when it is at most
    ``longest`` characters, else shortened at a clause, never mid-phrase: before the last
    "; " that leaves it short enough, else the last ": ", else the last " (", each outside
    parentheses ("Everything the rules changed since a release: per section ..." is
    "Everything the rules changed since a release.")."""
    sentence = click.Command("-", help=help_text).get_short_help_str(limit=len(help_text) + 1)
    if len(sentence) <= longest:
        return sentence
    depth, cuts = 0, {";": -1, ":": -1, "(": -1}
    for at, character in enumerate(sentence[:longest]):
        if character == ")":
            depth -= 1
        elif character == "(" and depth == 0 and at and sentence[at - 1] == " ":
            cuts["("] = at - 1
        if character == "(":
            depth += 1
        elif character in ";:" and depth == 0 and sentence[at + 1 : at + 2] == " ":
            cuts[character] = at
    cut = next((cuts[mark] for mark in ";:(" if cuts[mark] > 0), -1)
    return sentence if cut < 0 else sentence[:cut].rstrip(",") + "."


class SectionedGroup(click.Group):
    """A group whose help lists its commands by section (SECTIONS), then any others; each
    command's line is its first sentence (:func:`summary`), wrapped, never cut mid-phrase."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        listed = set(self.list_commands(ctx))
        sections = [(title, [n for n in names if n in listed]) for title, names in SECTIONS.items()]
        others = sorted(listed - {n for _, names in sections for n in names})
        for title, names in [*sections, ("Other commands", others)]:
            rows = [
                (name, summary(self.commands[name].short_help or self.commands[name].help or ""))
                for name in names
                if not self.commands[name].hidden
            ]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


@click.group(
    cls=SectionedGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=True,
)
@click.option(
    "--db",
    metavar="URL",
    help="Database URL (sqlite:///PATH or postgresql://USER@HOST/DB). "
    "Default: $RULESDB_URL, else the embedded SQLite file (see: rulesdb info).",
)
@click.version_option(__version__, prog_name="rulesdb")
@click.pass_context
def cli(ctx: click.Context, db: str | None) -> None:
    """rulesdb: the Magic: The Gathering Comprehensive Rules, release by release.

    The type system — card types (205.2a), supertypes (205.4a) and subtypes by category
    (205.3g–q), as each release lists them, with rule citations — and the whole rulebook:
    every rule, subrule and glossary entry of every release, its keywords, full-text search,
    rule histories and diffs. Every release from 1999-04-23 on.
    """
    ctx.obj = AppContext(db)
    # The command's connections end with it (a process running many commands in turn, as the
    # tests and an embedding program do, would otherwise keep every pool open).
    ctx.call_on_close(ctx.obj.close)
    if ctx.invoked_subcommand is None:
        # The first thing a newcomer types: what rulesdb is and what it can do, not an error.
        click.echo(short_usage(ctx))


def short_usage(ctx: click.Context) -> str:
    formatter = ctx.make_formatter()
    formatter.write_usage(ctx.command_path, "[--db URL] COMMAND [ARGS]...")
    formatter.write_paragraph()
    formatter.write_text(
        "The Magic: The Gathering Comprehensive Rules, release by release: the "
        "type system and the whole rulebook."
    )
    ctx.command.format_commands(ctx, formatter)  # type: ignore[attr-defined]
    formatter.write_paragraph()
    formatter.write_text(
        f"'{ctx.command_path} COMMAND --help' describes a command; "
        f"'{ctx.command_path} --help' shows every option."
    )
    return formatter.getvalue().rstrip("\n")


pass_app = click.make_pass_decorator(AppContext)


class FiniteFloatRange(click.FloatRange):
    """click's FloatRange, refusing nan and the infinities (every comparison with nan is
    false, so a range alone lets it through)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: one-line errors and exit status 2 for bad input, whatever raised it."""
    args = list(argv) if argv is not None else sys.argv[1:]
    ctx: click.Context | None = None
    try:
        _check_utf8(args)
        ctx = cli.make_context("rulesdb", args)
        with ctx:
            cli.invoke(ctx)
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
        click.echo(f"rulesdb: error: {_one_line(exc.format_message())}", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        _fail(_one_line(exc.format_message()), 2, args)
    except RulesdbError as exc:
        _fail(str(exc), exc.exit_code, args)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except ValueError as exc:
        # A path holding a NUL, which os.stat and open refuse (only a caller of main() can
        # pass one: a process's arguments cannot hold it).
        if DEBUG.value() or "embedded null byte" not in str(exc):
            raise
        _fail("a path holds a NUL byte", 2)
    except Exception as exc:
        if DEBUG.value() or not _database_error(exc):
            raise
        app = ctx.find_object(AppContext) if ctx is not None else None
        _fail(app.explain(exc) if app is not None else f"database error: {first_line(exc)}", 2)


def _one_line(message: str) -> str:
    """click's message on one line: it lists a Choice's values one a line."""
    return re.sub(r"\n\s*", " ", message.strip())


_QUOTED_LONG = re.compile(rf"'([^'/\n]{{{ECHOED + 1},}})'")  # a path (a slash) kept whole


def _clippable(arg: str) -> bool:
    """A long argument that names no file: a file's name (one that exists, or a path with a
    folder in it, as a missing file's is) is kept whole, to find it by."""
    if len(arg) <= ECHOED:
        return False
    if len(arg) > 4096:  # Linux's longest path
        return True
    return os.sep not in arg and not os.path.lexists(arg)


def clipped(message: str, args: Sequence[str]) -> str:
    """``message`` with each long argument of the user's it repeats (a 100 KB word) cut to
    about ECHOED characters and "…", however many times it says it; a long quoted value
    that is no argument as it was typed (folded, stripped) too."""
    long = sorted({a for a in args if _clippable(a)}, key=len, reverse=True)
    for arg in long:
        if arg in message:
            message = message.replace(arg, clip(arg, ECHOED))
    typed = [" ".join(arg.casefold().split()) for arg in long]

    def cut(found: re.Match[str]) -> str:
        # Only a value the user typed, folded: never a stretch between two quoted names.
        value = found.group(1)
        if not any(" ".join(value.casefold().split()) in arg for arg in typed):
            return found.group(0)
        return f"'{clip(value, ECHOED)}'"

    return _QUOTED_LONG.sub(cut, message)


def _fail(message: str, code: int, args: Sequence[str] = ()) -> None:
    from rulesdb.store.engine import mask_text

    # One line, whatever a name in it holds (a file name may have a newline).
    line = clipped(message, args).replace("\r", "\\r").replace("\n", "\\n")
    click.echo(f"rulesdb: error: {mask_text(line)}", err=True)
    sys.exit(code)


def _check_utf8(args: Sequence[str]) -> None:
    """Arguments reach Python with undecodable bytes as surrogates; refuse them by position."""
    for number, arg in enumerate(args, start=1):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            raise RulesdbError(f"argument {number} is not valid UTF-8: {shown[:80]!r}") from None


def _database_error(exc: Exception) -> bool:
    """A driver or SQLAlchemy error (connection refused, unknown database, unwritable file)."""
    import sqlite3

    from sqlalchemy.exc import SQLAlchemyError

    if isinstance(exc, SQLAlchemyError | sqlite3.Error):
        return True
    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(exc, psycopg.Error)
