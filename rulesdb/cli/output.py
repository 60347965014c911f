"""The one set of output formats every listing command shares: table, json, csv.

JSON is the stable interface: a list command prints an array of objects whose keys are the
column names, in a fixed order, sorted rows; non-list commands print one object.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Sequence
from typing import Any

FORMATS = ("table", "json", "csv")


def default_format() -> str:
    """A table for people at a terminal, JSON for programs reading a pipe."""
    return "table" if sys.stdout.isatty() else "json"


def render_rows(rows: Sequence[dict[str, Any]], columns: Sequence[str], fmt: str) -> str:
    if fmt == "json":
        return to_json([{column: row.get(column) for column in columns} for row in rows])
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow(["" if row.get(c) is None else _cell(row.get(c)) for c in columns])
        return buffer.getvalue().rstrip("\n")
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
