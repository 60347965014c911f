"""The one output path: every command declares ``--format`` with :func:`output_options` and
prints its answer with :func:`emit`, whatever the answer (``rulesdb.questions.answers``).

JSON is the stable interface: a list command prints an array of objects whose keys are the
column names, in a fixed order; other commands print one object. Tables are drawn by
tabulate, CSV written by the csv module. Modelled on sqlite-utils' ``output_options``.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, overload

import click

from rulesdb.questions.answers import Table

FORMATS = ("table", "json", "csv", "markdown")

F = TypeVar("F", bound=Callable[..., Any])


@overload
def output_options(function: F) -> F: ...


@overload
def output_options(
    *, formats: Sequence[str] = ..., default: str | None = ..., help: str | None = ...
) -> Callable[[F], F]: ...


def output_options(
    function: F | None = None,
    *,
    formats: Sequence[str] = FORMATS,
    default: str | None = None,
    help: str | None = None,
) -> Any:
    """``--format``, reaching the command as ``fmt``: by default table|json|csv|markdown
    (table on a terminal, JSON in a pipe); a streaming command names its own ``formats``."""
    if help is None:
        help = (
            "Output format: table, json, csv or markdown (default: table on a terminal, "
            "json otherwise)."
        )

    def declare(command: F) -> F:
        return click.option(
            "--format",
            "fmt",
            type=click.Choice(list(formats)),
            default=default,
            show_default=default is not None,
            help=help,
        )(command)

    return declare(function) if function is not None else declare


def default_format() -> str:
    """A table for people at a terminal, JSON for programs reading a pipe."""
    return "table" if sys.stdout.isatty() else "json"


def chosen(fmt: str | None) -> str:
    return fmt or default_format()


def emit(answer: Table, fmt: str | None) -> None:
    """Print ``answer`` in ``fmt``; beside no rows, on stderr, why there are none; beside a
    table or Markdown, on stderr, its note (the release that answered)."""
    fmt = chosen(fmt)
    click.echo(render(answer, fmt))
    if answer.note and fmt in ("table", "markdown"):
        click.echo(f"rulesdb: {answer.note}", err=True)
    if answer.empty and not answer.rows():
        click.echo(f"rulesdb: {answer.empty}", err=True)


def render(answer: Table, fmt: str) -> str:
    if fmt == "json":
        return to_json(answer.to_json())
    if fmt == "table" and answer.text is not None:
        return answer.text
    if fmt == "markdown" and answer.markdown is not None:
        return answer.markdown.rstrip("\n")
    columns = answer.columns
    if fmt in ("table", "markdown"):  # the note says these
        columns = [column for column in columns if column not in answer.noted]
    return render_rows(answer.rows(), columns, fmt, answer.clip if fmt == "table" else None)


def emit_rows(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str],
    fmt: str | None,
    *,
    empty: str | None = None,
) -> None:
    emit(Table(list(rows), columns, empty=empty), fmt)


def render_rows(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str],
    fmt: str,
    clip: dict[str, int] | None = None,
) -> str:
    """Rows as CSV, a GitHub-flavoured Markdown table or a plain table for people."""
    if fmt == "json":
        return to_json([{column: row.get(column) for column in columns} for row in rows])
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([cell(row.get(column)) for column in columns] for row in rows)
        return buffer.getvalue().rstrip("\n")
    from tabulate import tabulate

    clip = clip or {}
    cells = [
        [_clipped(cell(row.get(column)), clip.get(column)) for column in columns] for row in rows
    ]
    if fmt == "markdown":  # a '|' inside a cell would end it
        escaped = [[value.replace("|", "\\|") for value in line] for line in cells]
        return tabulate(escaped, headers=list(columns), tablefmt="github", disable_numparse=True)
    return tabulate(cells, headers=list(columns), tablefmt="simple", disable_numparse=True)


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def cell(value: Any) -> str:
    """A value as one cell: lists joined with commas, booleans yes/no, None empty."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return ", ".join(cell(item) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _clipped(value: str, width: int | None) -> str:
    if width is None or not value:
        return value
    from rulesdb.util.text import clip

    return clip(value.splitlines()[0], width)
