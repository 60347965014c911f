"""JSON Lines output: one JSON text per line, whatever the strings in it hold."""

from __future__ import annotations

import json
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False).encode
# Characters str.splitlines() (and other readers of JSON Lines) take for line ends, which JSON
# leaves unescaped: escaped, so that one object stays on one line whatever the input held.
_LINE_ENDS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def _line_ends_escaped(encoded: str) -> str:
    # str.translate walks a non-ASCII text a character at a time (9 µs for a short line);
    # three searches for what it would replace take 0.06 µs, and are almost always empty.
    if "\x85" in encoded or "\u2028" in encoded or "\u2029" in encoded:
        return encoded.translate(_LINE_ENDS)
    return encoded


def dumps_line(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)`` with U+0085, U+2028 and U+2029 escaped."""
    return _line_ends_escaped(_encode(value))


_encode_string = json.encoder.encode_basestring  # what the encoder above uses for a str


def dumps_string_line(value: str | None) -> str:
    """:func:`dumps_line` of one string or None, without the encoder's per-call set-up (a
    card file's names are all different, so this runs once a card)."""
    if value is None:
        return "null"
    return _line_ends_escaped(_encode_string(value))
