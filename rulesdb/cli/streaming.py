"""Rows written as they arrive (``rulesdb sql``): memory stays flat however many there are.

The shapes are exactly those of ``output.render_rows``; JSON is strict (RFC 8259): a float
that is NaN or infinite is written as the string PostgreSQL's own ``to_json`` gives it
("NaN", "Infinity", "-Infinity"), never as a bare token JSON parsers reject.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from rulesdb.cli.output import _cell


def write_json_rows(columns: Sequence[str], rows: Iterable[Sequence[Any]], out: TextIO) -> int:
    """A JSON array of objects, one row at a time; returns the number of rows written."""
    count = 0
    for row in rows:
        item = {column: strict_json_value(value) for column, value in zip(columns, row,
                                                                          strict=True)}
        text = json.dumps(item, ensure_ascii=False, indent=2, default=str, allow_nan=False)
        out.write(("[\n" if count == 0 else ",\n") + _indent(text))
        count += 1
    out.write("\n]\n" if count else "[]\n")
    return count


def write_csv_rows(columns: Sequence[str], rows: Iterable[Sequence[Any]], out: TextIO) -> int:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    count = 0
    for row in rows:
        writer.writerow(["" if value is None else _cell(value) for value in row])
        count += 1
    return count


def strict_json_value(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n"))
