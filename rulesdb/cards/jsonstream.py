"""A JSON text walked as it streams: the structure around the cards (the top-level array, the
objects MTGJSON nests them in) is stepped through a byte at a time, and each value the caller
asks for is decoded whole, from a byte buffer refilled a chunk at a time. Memory holds one
value (plus a chunk) however large the file is.

Values are decoded by msgspec, which reads only the members a caller names (``fields``) and
skips the rest without building them: about ten times faster than the standard library's C
scanner on an MTGJSON card, of which a printing needs four members. msgspec decodes whole
texts only (its ``raw_decode`` is an open pull request, #821), so a value is read twice: once
to the rest of the buffer, where msgspec names the byte its trailing text starts at, and once
to exactly there — the second read confirms the first, as a JSON object, array or string has
no shorter prefix that is whole. A value that fills the rest of its line (Scryfall's layout) is
read once. Whatever msgspec refuses (a value cut off by the buffer's end, NaN, a lone
surrogate, a number, bad JSON) is judged by the standard library, so results and errors are
the standard library's.
"""

from __future__ import annotations

import codecs
import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import IO, Any

import msgspec

_SPACE = re.compile(rb"[ \t\n\r]*")
# 64 KB a read: the text being decoded stays in the CPU's cache; 256 KB reads ran 4-8% slower.
CHUNK = 1 << 16
_DANGLING_AT = re.compile(r"(?: starting)? at$")
_LONGEST_CUT = 10  # characters a cut-off literal (-Infinity), escape or number leaves unread
_TRAILING = re.compile(r"trailing characters \(byte (\d+)\)$")
_SCALAR_WINDOW = 64  # bytes of text the standard library first decodes for a number or literal
_MORE = object()  # the value runs past the buffer's end: read on
# The most one value (a card) may take: an MTGJSON card is a few KB, Scryfall's longest ~30 KB.
# A longer one is refused before it is held, so memory stays bounded whatever the file holds.
MAX_VALUE_BYTES = 16 * 2**20


REFUSED = object()  # what :meth:`JsonStream.whole` gives for a value it leaves to the caller
_skip = msgspec.json.Decoder(msgspec.Raw).decode  # a value's extent, nothing built
_TRUNCATED = "Input data was truncated"


class ValueTooLong(ValueError):
    """A value longer than MAX_VALUE_BYTES."""


Fields = tuple[str, ...] | None


class JsonStream:
    """A cursor over a JSON text: :meth:`peek` at the next significant character, step over
    one with :meth:`take`, decode a whole value with :meth:`value`, or walk into an array
    (:meth:`items`, :meth:`values`) or an object (:meth:`members`, its keys). Bad or
    cut-off JSON raises ValueError; text that is not UTF-8, UnicodeDecodeError as it is
    read. ``fast=False`` leaves every value to the standard library (tests compare the
    two)."""

    def __init__(self, stream: IO[bytes], fast: bool = True, chunk: int = CHUNK) -> None:
        self._read = stream.read
        self._check_utf8 = codecs.getincrementaldecoder("utf-8")().decode
        self._scan = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # CPython's
        self._fast = fast
        self._chunk = self._want = chunk
        self._ahead = chunk // 4  # a card is a few KB: most values fit in what is left
        self.buffer, self.at, self.eof, self._started = b"", 0, False, False

    def _refill(self) -> None:
        while True:
            chunk = self._read(self._want)
            self.eof = not chunk
            self._check_utf8(chunk, final=self.eof)  # bad bytes are reported as they are read
            self.buffer = self.buffer[self.at :] + chunk
            self.at = 0
            if self._started:
                return
            if len(self.buffer) >= len(codecs.BOM_UTF8) or self.eof:  # a BOM may start it
                self._started = True
                if self.buffer.startswith(codecs.BOM_UTF8):
                    self.buffer = self.buffer[len(codecs.BOM_UTF8) :]
                return

    def peek(self) -> str:
        """The next significant character ("" at the end of the text)."""
        while True:
            self.at = _SPACE.match(self.buffer, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.buffer) or self.eof:
                byte = self.buffer[self.at : self.at + 1]
                if byte < b"\x80":
                    return byte.decode("ascii")
                return self.buffer[self.at : self.at + 4].decode("utf-8", "replace")[:1]
            self._refill()

    def take(self, expected: str) -> None:
        found = self.peek()
        if found != expected:
            raise ValueError(f"expected {expected!r}, found {found or 'the end'!r}")
        self.at += 1

    def value(self, fields: Fields = None) -> Any:
        """The next value, decoded whole; of an object, only the members named in ``fields``
        (all when None)."""
        self.peek()
        if len(self.buffer) - self.at < self._ahead and not self.eof:
            # Read on before the value, not at its cut-off end: a value cut off is read again.
            self._refill()
        while True:
            found = self._decoded(fields) if self._fast else None
            if found is None:
                found = self._judged(fields)
            if found is _MORE:
                if len(self.buffer) - self.at > MAX_VALUE_BYTES:
                    raise ValueTooLong(
                        f"a value longer than {MAX_VALUE_BYTES // 2**20} MB, "
                        "the most a card may take"
                    )
                self._want *= 2  # a long value: read more at a time, not reread it often
                self._refill()
                continue
            item, self.at = found
            self._want = self._chunk
            return item

    def whole(self, decode: Callable[[Any], Any], limit: int) -> Any:
        """The next object or array decoded whole by ``decode`` (a msgspec decoder of a type),
        reading ahead up to ``limit`` bytes for it; :data:`REFUSED`, the cursor where it was,
        when it is longer, cut off, bad, or not of the type: the caller then reads it piece by
        piece and the standard library judges. One typed call for many values (an MTGJSON
        set's cards) saves the steps taken for each; the value's end is found first by msgspec
        skipping its bytes, which builds nothing."""
        self.peek()
        if self.buffer[self.at : self.at + 1] not in (b"{", b"["):
            return REFUSED
        try:
            end = self._extent(limit)
        finally:
            self._want = self._chunk
        if end is None or end - self.at > limit:
            return REFUSED
        try:
            value = decode(memoryview(self.buffer)[self.at : end])
        except (msgspec.MsgspecError, RecursionError):
            return REFUSED
        self.at = end
        return value

    def _extent(self, limit: int) -> int | None:
        """Where the value at the cursor ends, read ahead up to ``limit`` bytes; None when it
        goes on past them or the text's end, or is bad JSON."""
        while True:
            rest = len(self.buffer) - self.at
            try:
                _skip(memoryview(self.buffer)[self.at :])
                return len(self.buffer)
            except RecursionError:
                return None
            except msgspec.DecodeError as exc:
                trailing = _TRAILING.search(str(exc))
                if trailing is not None:
                    return self.at + int(trailing.group(1)) - 1
                if str(exc) != _TRUNCATED or self.eof or rest > limit:
                    return None
            # Four times what is held (few skips over the same bytes), never past the limit.
            self._want = max(self._chunk, min(3 * rest, limit + 1 - rest))
            self._refill()

    def _decoded(self, fields: Fields) -> tuple[Any, int] | None:
        """(value, end) by msgspec, or None to leave the value to the standard library."""
        buffer, at = self.buffer, self.at
        if buffer[at : at + 1] not in (b"{", b"[", b'"'):  # a number's end is not its own
            return None
        decode = fields_decoder(fields)
        view = memoryview(buffer)[at:]
        line_end = self._line_end()
        if line_end is not None:
            try:
                return decode(view[: line_end - at]), line_end
            except (msgspec.MsgspecError, RecursionError):
                pass  # not the whole line after all: read it as any other value
        try:
            return decode(view), len(buffer)
        except (msgspec.MsgspecError, RecursionError) as exc:
            trailing = _TRAILING.search(str(exc))
            if trailing is None:
                return None
        end = at + int(trailing.group(1)) - 1  # msgspec names the byte after the first one
        while end > at and buffer[end - 1] in b" \t\n\r":
            end -= 1
        try:
            return decode(view[: end - at]), end
        except (msgspec.MsgspecError, RecursionError):
            return None

    def _line_end(self) -> int | None:
        """Where the value would end if it fills the rest of its line, less a trailing comma
        (Scryfall's layout: one card a line); None when it does not start a line. Only at a
        line's start: a minified file has no line end near."""
        buffer, at = self.buffer, self.at
        if at == 0 or buffer[at - 1] != 0x0A or buffer[at] != 0x7B:  # "\n", "{"
            return None
        end = buffer.find(b"\n", at)
        if end < 0:
            return None
        while buffer[end - 1] in b" \t\r":
            end -= 1
        if buffer[end - 1] == 0x2C:  # ","
            end -= 1
            while buffer[end - 1] in b" \t\r":
                end -= 1
        return end if end > at else None

    def _judged(self, fields: Fields) -> Any:
        """(value, end) by the standard library's C scanner, or _MORE when the value may run
        past the buffer's end; ValueError when it is bad JSON. A number or literal is short:
        its first few bytes are decoded first, not the whole buffer."""
        rest = len(self.buffer) - self.at
        scalar = self.buffer[self.at : self.at + 1] not in (b"{", b"[", b'"')
        for limit in (min(_SCALAR_WINDOW, rest), rest) if scalar else (rest,):
            whole = limit == rest
            final = self.eof and whole
            text = codecs.utf_8_decode(self.buffer[self.at : self.at + limit], "strict", final)[0]
            try:
                item, end = self._scan(text, 0)
            except (StopIteration, ValueError) as exc:  # cut off by the text's end, or bad
                if final or not _cut_off(exc, len(text)):
                    raise ValueError(_message(exc)) from None
                if whole:
                    return _MORE
                continue
            # A number may go on past the text's end, even where the scanner stopped short of
            # it: "-0." cut before its digits reads as -0 followed by ".".
            if not final and (end >= len(text) or (scalar and len(text) - end < _LONGEST_CUT)):
                if whole:
                    return _MORE
                continue
            if fields is not None and isinstance(item, dict):
                item = {key: item[key] for key in fields if key in item}
            return item, self.at + len(text[:end].encode("utf-8"))
        raise AssertionError("unreachable: the last window is the whole buffer")

    def _after_member(self, closing: str) -> bool:
        """Step over the ',' after a member (True) or the array's or object's end (False)."""
        following = self.peek()
        self.at += 1
        if following == closing:
            return False
        if following != ",":
            raise ValueError(
                f"expected ',' or {closing!r} after a member, found {following or 'the end'!r}"
            )
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

    def values(self, fields: Fields = None) -> Iterator[Any]:
        """The items of the array that comes next, each decoded whole (of an object, only the
        members named in ``fields``)."""
        self.take("[")
        if self.peek() == "]":
            self.at += 1
            return
        while True:
            yield self.value(fields)
            if self.buffer.startswith(b",", self.at):  # minified: no space to skip first
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


@functools.cache
def fields_decoder(fields: Fields) -> Callable[[Any], Any]:
    """msgspec's decoder of a JSON value; of an object, to a dict of the members named in
    ``fields`` that it has (all members when None): the others are skipped, not built."""
    if fields is None:
        return msgspec.json.Decoder().decode
    names = [f"f{number}" for number in range(len(fields))]  # any key, even not a name
    struct = msgspec.defstruct(
        "Members",
        [(name, Any, msgspec.UNSET) for name in names],
        rename=dict(zip(names, fields, strict=True)),
        gc=False,
    )
    decode, astuple, unset = (
        msgspec.json.Decoder(struct).decode,
        msgspec.structs.astuple,
        msgspec.UNSET,
    )

    def members(data: Any) -> dict[str, Any]:
        return {
            key: value
            for key, value in zip(fields, astuple(decode(data)), strict=True)
            if value is not unset
        }

    return members


def _cut_off(exc: Exception, length: int) -> bool:
    """Whether the scanner stopped at the text's end (more text may complete the value), not
    at bad JSON earlier on: that is reported at once, not after reading on."""
    if isinstance(exc, StopIteration):
        return bool(exc.value >= length - _LONGEST_CUT)
    if isinstance(exc, json.JSONDecodeError):
        # A string with no closing quote runs to the end; other errors stand where the
        # scanner stopped: at most a literal's, an escape's or a number's few characters
        # before it.
        return exc.msg.startswith("Unterminated string") or exc.pos >= length - _LONGEST_CUT
    return True


def _message(exc: Exception) -> str:
    """The scanner's complaint without its line and column: those count in the buffer, not
    the file (the reader says how far into the file it got)."""
    if isinstance(exc, json.JSONDecodeError):
        return _DANGLING_AT.sub("", exc.msg)  # "Unterminated string starting at"
    return str(exc) if isinstance(exc, ValueError) else "expected a value"
