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
