"""JSON Lines output: one JSON text per line, whatever the strings in it hold."""

from __future__ import annotations

import json
from typing import Any

_encode = json.JSONEncoder(ensure_ascii=False).encode
# Characters str.splitlines() (and other readers of JSON Lines) take for line ends, which JSON
# leaves unescaped: escaped, so that one object stays on one line whatever the input held.
_LINE_ENDS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def dumps_line(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)`` with U+0085, U+2028 and U+2029 escaped."""
    return _encode(value).translate(_LINE_ENDS)


_encode_string = json.encoder.encode_basestring  # what the encoder above uses for a str


def dumps_string_line(value: str | None) -> str:
    """:func:`dumps_line` of one string or None, without the encoder's per-call set-up (a
    card file's names are all different, so this runs once a card)."""
    if value is None:
        return "null"
    encoded = _encode_string(value)
    return encoded if encoded.isascii() else encoded.translate(_LINE_ENDS)
