"""Rows written as they arrive (``rulesdb sql``): memory stays flat however many there are.

The shapes are exactly those of ``output.render_rows``; JSON is strict (RFC 8259): a float
that is NaN or infinite is written as the string PostgreSQL's own ``to_json`` gives it
("NaN", "Infinity", "-Infinity"), never as a bare token JSON parsers reject.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

import msgspec

from rulesdb.cli.output import cell

_ROWS_PER_WRITE = 1000  # rows joined into one write: a write per row costs more than the rest
_CHARS_PER_WRITE = 2**20  # ...or fewer, once they pass this much text: wide rows stay unheld


def write_json_rows(columns: Sequence[str], rows: Iterable[Sequence[Any]], out: TextIO) -> int:
    """A JSON array of objects, one row at a time; returns the number of rows written.

    What ``json.dumps(rows, indent=2)`` prints, each row encoded and indented by msgspec (as
    fast as a hand-written encoder, three times the standard library's indenting one). A
    wide row of plain values is written a value at a time, a wide value in slices, so it is
    held about twice (the value and its encoding), not six times.
    """
    count = held = 0
    pending: list[str] = []
    for row in rows:
        if _wide(row) and all(type(value) in _PLAIN for value in row):
            pending.append("[\n" if count == 0 else ",\n")
            out.write("".join(pending))
            pending.clear()
            held = 0
            _write_wide_json(columns, row, out)
            count += 1
            continue
        values = [value if type(value) in _PLAIN else strict_json_value(value) for value in row]
        encoded = _format(_encode(dict(zip(columns, values, strict=True))), indent=2)
        item = "  " + encoded.decode().replace("\n", "\n  ")
        pending.append(("[\n" if count == 0 else ",\n") + item)
        count += 1
        held += len(item)
        if len(pending) == _ROWS_PER_WRITE or held > _CHARS_PER_WRITE:
            out.write("".join(pending))
            pending.clear()
            held = 0
    pending.append("\n]\n" if count else "[]\n")
    out.write("".join(pending))
    return count


def write_csv_rows(columns: Sequence[str], rows: Iterable[Sequence[Any]], out: TextIO) -> int:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    count = 0
    for row in rows:
        if _wide(row):
            # the csv module grows a 40 MB field a little at a time (3.5 s, 190 MB): written
            # here instead, as it would quote it, in slices
            out.write(buffer.getvalue())
            buffer.seek(0)
            buffer.truncate()
            _write_wide_csv(["" if value is None else cell(value) for value in row], out)
            count += 1
            continue
        writer.writerow(["" if value is None else cell(value) for value in row])
        count += 1
        if count % _ROWS_PER_WRITE == 0 or buffer.tell() > _CHARS_PER_WRITE:
            out.write(buffer.getvalue())
            buffer.seek(0)
            buffer.truncate()
    out.write(buffer.getvalue())
    return count


WIDE = 2**20  # a row printing past this many characters is written a value at a time
_SLICE = 2**20  # ...and a wide value this much at a time


def _wide(row: Sequence[Any]) -> bool:
    return sum(len(value) if isinstance(value, str) else 8 for value in row) > WIDE


def _write_wide_json(columns: Sequence[str], row: Sequence[Any], out: TextIO) -> None:
    """One row as the narrow path writes it (msgspec's indent of 2, shifted by 2)."""
    out.write("  {")
    for number, (column, value) in enumerate(zip(columns, row, strict=True)):
        out.write(("\n" if number == 0 else ",\n") + "    " + _encode(column).decode() + ": ")
        encoded = _encode(value)
        start = 0
        while start < len(encoded):
            end = min(start + _SLICE, len(encoded))
            while end < len(encoded) and (encoded[end] & 0xC0) == 0x80:
                end += 1  # a slice ends before a character's first byte, never inside it
            out.write(encoded[start:end].decode())
            start = end
        del encoded
    out.write("\n  }")


def _write_wide_csv(fields: Sequence[str], out: TextIO) -> None:
    """One row as ``csv.writer`` (excel, QUOTE_MINIMAL, "\\n") writes it, a field in slices."""
    for number, field in enumerate(fields):
        if number:
            out.write(",")
        quoted = any(special in field for special in _CSV_SPECIAL)
        text = field.replace('"', '""') if quoted else field  # the same object when no quote
        if quoted:
            out.write('"')
        for start in range(0, len(text), _SLICE):
            out.write(text[start : start + _SLICE])
        if quoted:
            out.write('"')
    out.write("\n")


_CSV_SPECIAL = (",", '"', "\r", "\n")


def strict_json_value(value: Any) -> Any:
    """The value with every non-finite float inside it (an array of floats too) spelled."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, list | tuple):
        return [strict_json_value(item) for item in value]
    if isinstance(value, dict):
        return {key: strict_json_value(item) for key, item in value.items()}
    return value


_PLAIN = {str, int, bool, type(None)}  # written as they are; floats and arrays checked
# Values rulesdb does not know (none today: rows are plain) are written as their text.
_encode = msgspec.json.Encoder(enc_hook=str).encode
_format = msgspec.json.format
