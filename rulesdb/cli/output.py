"""The one set of output formats every listing command shares: table, json, csv, markdown.

JSON is the stable interface: a list command prints an array of objects whose keys are the
column names, in a fixed order, sorted rows; non-list commands print one object. Every
command that prints rows takes its ``--format`` from :func:`output_options` (modelled on
sqlite-utils' decorator of that name), so the choices and their help never drift apart.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

FORMATS = ("table", "json", "csv", "markdown")

F = TypeVar("F", bound=Callable[..., Any])


def output_options(function: F) -> F:
    """``--format table|json|csv|markdown``; the value reaches the command as ``fmt``."""
    return click.option(
        "--format", "fmt", type=click.Choice(FORMATS), default=None,
        help="Output format: table, json, csv or markdown (default: table on a terminal, "
             "json otherwise).",
    )(function)


def default_format() -> str:
    """A table for people at a terminal, JSON for programs reading a pipe."""
    return "table" if sys.stdout.isatty() else "json"


def chosen(fmt: str | None) -> str:
    return fmt or default_format()


def emit_rows(rows: Sequence[dict[str, Any]], columns: Sequence[str], fmt: str | None,
              *, empty: str | None = None) -> None:
    """Print rows; with none, the header alone and, on stderr, ``empty``: why there are none."""
    click.echo(render_rows(rows, columns, chosen(fmt)))
    if not rows and empty:
        click.echo(f"rulesdb: {empty}", err=True)


def emit_object(document: dict[str, Any], text: str, fmt: str | None,
                row: dict[str, Any] | None = None) -> None:
    """One answer: JSON as ``document``, a table as ``text`` (for people), CSV and markdown as
    one row (``row``, default ``document``) whose columns are its keys."""
    fmt = chosen(fmt)
    if fmt == "json":
        click.echo(to_json(document))
    elif fmt == "table":
        click.echo(text)
    else:
        row = document if row is None else row
        click.echo(render_rows([row], list(row), fmt))


def render_rows(rows: Sequence[dict[str, Any]], columns: Sequence[str], fmt: str) -> str:
    if fmt == "json":
        return to_json([{column: row.get(column) for column in columns} for row in rows])
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([_cell(row.get(c)) for c in columns])
        return buffer.getvalue().rstrip("\n")
    if fmt == "markdown":
        return render_markdown(rows, columns)
    return render_table(rows, columns)


def render_table(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    cells = [[_cell(row.get(column)) for column in columns] for row in rows]
    widths = [max([len(column), *(len(line[i]) for line in cells)])
              for i, column in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
              for line in cells]
    return "\n".join(lines)


def render_markdown(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    """A GitHub-flavoured pipe table; a '|' inside a cell is escaped."""
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    lines = [line(columns), line(["---"] * len(columns))]
    lines += [line([_cell(row.get(column)) for column in columns]) for row in rows]
    return "\n".join(lines)


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2, default=str)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(item) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
