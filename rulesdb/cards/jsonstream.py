"""A JSON text walked as it streams: the structure around the cards (the top-level array, the
objects MTGJSON nests them in) is stepped through a character at a time, and each value the
caller asks for is decoded whole by the standard library's C scanner, from a text buffer
refilled a chunk at a time. Memory holds one value (plus a chunk) however large the file is,
and decoding runs at the C scanner's speed: about twice ijson's, whose events are built one
by one in Python objects.

Where orjson is given, a value that fills the rest of its line (Scryfall's layout: one card a
line) is decoded by it instead, ~2.5x faster; anything it refuses is left to the scanner.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterator
from typing import IO, Any

_SPACE = re.compile(r"[ \t\n\r]*")
# 64 KB a read: the text the scanner walks (up to 128 KB of str) stays in the CPU's cache
# between the decode that makes it and the scan that reads it; 256 KB reads ran 4-8% slower.
CHUNK = 1 << 16
_DANGLING_AT = re.compile(r"(?: starting)? at$")
_LONGEST_CUT = 10  # characters a cut-off literal (-Infinity), escape or number leaves unread


class JsonStream:
    """A cursor over a JSON text: :meth:`peek` at the next significant character, step over
    one with :meth:`take`, decode a whole value with :meth:`value`, or walk into an array
    (:meth:`items`, :meth:`values`) or an object (:meth:`members`, its keys). Bad or
    cut-off JSON raises ValueError."""

    def __init__(self, stream: IO[bytes], fast_loads: Callable[[str], Any] | None = None,
                 chunk: int = CHUNK) -> None:
        self._read = stream.read
        self._decode = codecs.getincrementaldecoder("utf-8-sig")().decode
        self._scan = json.JSONDecoder().scan_once
        self._fast = fast_loads
        self._chunk = self._want = chunk
        self._ahead = chunk // 4  # a card is a few KB: most values fit in what is left
        self.buffer, self.at, self.eof = "", 0, False

    def _refill(self) -> None:
        chunk = self._read(self._want)
        self.eof = not chunk
        self.buffer = self.buffer[self.at:] + self._decode(chunk, final=self.eof)
        self.at = 0

    def peek(self) -> str:
        """The next significant character ("" at the end of the text)."""
        while True:
            self.at = _SPACE.match(self.buffer, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.buffer) or self.eof:
                return self.buffer[self.at:self.at + 1]
            self._refill()

    def take(self, expected: str) -> None:
        found = self.peek()
        if found != expected:
            raise ValueError(f"expected {expected!r}, found {found or 'the end'!r}")
        self.at += 1

    def value(self) -> Any:
        """The next value, decoded whole."""
        self.peek()
        if len(self.buffer) - self.at < self._ahead and not self.eof:
            # Read on before the value, not at its cut-off end: a scan stopped by the
            # buffer's end is thrown away and done again (with an exception's cost).
            self._refill()
        while True:
            whole = self._whole_line() if self._fast is not None else None
            if whole is not None:
                item, end = whole
            else:
                try:
                    item, end = self._scan(self.buffer, self.at)
                except (StopIteration, ValueError) as exc:  # cut off by the buffer's end, or bad
                    if self.eof or not self._cut_off(exc):
                        raise ValueError(_message(exc)) from None
                    self._want *= 2  # a long value: read more at a time, not rescan it often
                    self._refill()
                    continue
                if end >= len(self.buffer) and not self.eof:  # a number may go on
                    self._want *= 2
                    self._refill()
                    continue
            self._want = self._chunk
            self.at = end
            return item

    def _cut_off(self, exc: Exception) -> bool:
        """Whether the scanner stopped at the buffer's end (more text may complete the value),
        not at bad JSON earlier on: that is reported at once, not after reading on."""
        if isinstance(exc, StopIteration):
            return exc.value >= len(self.buffer) - _LONGEST_CUT
        if isinstance(exc, json.JSONDecodeError):
            # A string with no closing quote runs to the end; other errors stand where the
            # scanner stopped: at most a literal's, an escape's or a number's few characters
            # before it.
            return exc.msg.startswith("Unterminated string") or \
                exc.pos >= len(self.buffer) - _LONGEST_CUT
        return True

    def _whole_line(self) -> tuple[Any, int] | None:
        """(value, end) when the value starts a line and the rest of that line (less a trailing
        comma) is one whole JSON object, decoded by orjson; None to leave it to the scanner.
        JSON values end where they end, so a whole object there is exactly the value the
        scanner would read. Only at a line's start: a minified file has no line end near."""
        buffer, at = self.buffer, self.at
        if at == 0 or buffer[at - 1] != "\n" or not buffer.startswith("{", at):
            return None
        line_end = buffer.find("\n", at)
        if line_end < 0:
            return None
        candidate = buffer[at:line_end].rstrip()
        if candidate.endswith(","):
            candidate = candidate[:-1].rstrip()
        if not candidate.endswith("}"):
            return None
        try:
            item = self._fast(candidate)  # type: ignore[misc]
        except ValueError:
            return None
        return item, at + len(candidate)

    def _after_member(self, closing: str) -> bool:
        """Step over the ',' after a member (True) or the array's or object's end (False)."""
        following = self.peek()
        self.at += 1
        if following == closing:
            return False
        if following != ",":
            raise ValueError(f"expected ',' or {closing!r} after a member, found "
                             f"{following or 'the end'!r}")
        return True

    def items(self) -> Iterator[None]:
        """Steps through the array that comes next. At each step the cursor stands at an item:
        the caller reads it before the next step."""
        self.take("[")
        if self.peek() == "]":
            self.at += 1
            return
        while True:
            yield None
            if not self._after_member("]"):
                return

    def values(self) -> Iterator[Any]:
        """The items of the array that comes next, each decoded whole."""
        self.take("[")
        if self.peek() == "]":
            self.at += 1
            return
        while True:
            yield self.value()
            if self.buffer.startswith(",", self.at):  # minified: no space to skip first
                self.at += 1
            elif not self._after_member("]"):
                return

    def members(self) -> Iterator[str]:
        """The keys of the object that comes next. After each key the cursor stands at its
        value: the caller reads it (:meth:`value`, :meth:`values`, :meth:`members`) before the
        next key is asked for."""
        self.take("{")
        if self.peek() == "}":
            self.at += 1
            return
        while True:
            key = self.value() if self.peek() == '"' else None
            if not isinstance(key, str):
                raise ValueError(f"expected a key, found {self.peek() or 'the end'!r}")
            self.take(":")
            yield key
            if not self._after_member("}"):
                return

    def end(self) -> None:
        """The text must end here."""
        if self.peek():
            raise ValueError("trailing data after the JSON document")


def _message(exc: Exception) -> str:
    """The scanner's complaint without its line and column: those count in the buffer, not
    the file (the reader says how far into the file it got)."""
    if isinstance(exc, json.JSONDecodeError):
        return _DANGLING_AT.sub("", exc.msg)  # "Unterminated string starting at"
    return str(exc) if isinstance(exc, ValueError) else "expected a value"
