"""Cards from a card data file, one at a time, streamed (JSON documents walked by
:class:`~rulesdb.cards.jsonstream.JsonStream`, each card decoded on its own; JSON Lines a line
at a time; msgspec builds only the members a card's type line needs): memory stays flat (one
card, and for AllPrintings the face fields of one set's cards, at a time) however large the
file is.

Each :class:`Card` carries the Oracle type line (``line``), the printed one where the file has
it (MTGJSON ``originalType``) and the date its printing was released (Scryfall
``released_at``, MTGJSON set ``releaseDate``). Faces are joined by " // " as Scryfall writes
them.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import IO, Any, NamedTuple

import msgspec

from rulesdb.cards import formats
from rulesdb.cards.jsonstream import (
    CHUNK,
    MAX_VALUE_BYTES,
    REFUSED,
    JsonStream,
    ValueTooLong,
    fields_decoder,
)
from rulesdb.errors import RulesdbError
from rulesdb.util.text import first_line

FACE_SEPARATOR = " // "


class Card(NamedTuple):
    name: str | None
    set: str | None
    line: str | None  # the Oracle type line; None when the file has none for this card
    printed_line: str | None  # the printed type line, where the file has one
    released: date | None  # when this printing was released, where the file says


class MalformedCardFile(RulesdbError):
    """A card data file that stops being what its start said it is."""


def read_cards(
    path: Path, format_: str, progress: Callable[[int], None] | None = None
) -> Iterator[Card]:
    """The cards of ``path`` in file order. ``progress(bytes_read)`` is called now and then."""
    readers = {
        formats.SCRYFALL: _scryfall,
        formats.SCRYFALL_JSONL: _scryfall_lines,
        formats.MTGJSON_PRINTINGS: _printings,
        formats.MTGJSON_ATOMIC: _atomic,
        formats.TEXT: _text,
    }
    number = 0
    with formats.open_card_file(path) as (stream, raw):
        try:
            for number, card in enumerate(readers[format_](stream), start=1):
                if progress is not None and not number & 1023:
                    progress(raw.tell())
                yield card
        except RecursionError:
            raise MalformedCardFile(
                f"{path}: card {number + 1} (near byte {raw.tell()}) nests "
                "deeper than the JSON decoders go (about 1,000 levels; a "
                "card nests 4)"
            ) from None
        except ValueTooLong as exc:
            raise MalformedCardFile(
                f"{path}: card {number + 1} (near byte {raw.tell()}): {exc}"
            ) from None
        except UnicodeDecodeError as exc:
            raise MalformedCardFile(f"{path}: not UTF-8 text: {exc.reason}") from None
        except ValueError as exc:  # json.JSONDecodeError is one
            where = f"line {exc.lineno}" if isinstance(exc, _LineError) else f"byte {raw.tell()}"
            raise MalformedCardFile(
                f"{path}: not valid {format_} JSON near {where}: {first_line(exc)}"
            ) from None
        except (OSError, EOFError) as exc:
            raise MalformedCardFile(f"{path}: damaged gzip data ({exc})") from None
        if progress is not None:
            progress(raw.tell())


def _scryfall(stream: IO[bytes]) -> Iterator[Card]:
    cards = JsonStream(stream, _FAST, _CHUNK)
    for card in cards.values(_SCRYFALL_FIELDS):
        yield _scryfall_card(card)


_CHUNK = CHUNK  # the buffer's refill size (tests make it tiny)
_FAST = True  # msgspec first, the standard library judging what it refuses (tests: False)
_SCRYFALL_FIELDS = ("name", "set", "type_line", "card_faces", "released_at")


class _LineError(ValueError):
    def __init__(self, message: str, lineno: int) -> None:
        super().__init__(message)
        self.lineno = lineno


def _scryfall_lines(stream: IO[bytes]) -> Iterator[Card]:
    """JSON Lines: each line a whole card, so a line is the streaming unit (one card in memory
    at a time), read by msgspec for the members a card needs; the standard library judges a
    line msgspec refuses."""
    decode = json.JSONDecoder().decode  # not json.loads: its encoding sniffing costs ~10%
    fast = fields_decoder(_SCRYFALL_FIELDS) if _FAST else None
    for number, line in enumerate(_bounded_lines(stream), start=1):
        if line.strip():
            if fast is not None:
                if not line.isascii():
                    line.decode("utf-8")  # msgspec skips members unread: not UTF-8 is said here
                try:
                    fast_card = fast(line)
                except (msgspec.MsgspecError, RecursionError):  # BOM, NaN, not an object...:
                    pass  # the standard library judges
                else:
                    yield _scryfall_card(fast_card)
                    continue
            text = line.decode("utf-8-sig" if number == 1 else "utf-8")
            try:
                card = decode(text)
            except ValueError as exc:
                raise _LineError(str(exc), number) from None
            yield _scryfall_card(card)


def _bounded_lines(stream: IO[bytes]) -> Iterator[bytes]:
    """The stream's lines (without their LF), split a chunk at a time in C; a line longer
    than MAX_VALUE_BYTES is refused before it is held whole. A long line's pieces are
    joined once, at its end: adding each chunk to it would copy it again and again."""
    pieces: list[bytes] = []  # the line so far, when it spans chunks
    held = number = 0
    while chunk := stream.read(1 << 16):
        lines = chunk.split(b"\n")
        rest = lines.pop()
        if lines:
            if pieces:
                lines[0] = b"".join((*pieces, lines[0]))
                pieces, held = [], 0
            number += len(lines)
            yield from lines
        if rest:
            pieces.append(rest)
            held += len(rest)
            if held > MAX_VALUE_BYTES:
                raise _LineError(
                    f"the line is longer than {MAX_VALUE_BYTES // 2**20} MB, "
                    "the most a card may take",
                    number + 1,
                )
    if pieces:
        yield b"".join(pieces)


def _scryfall_card(card: Any) -> Card:
    if not isinstance(card, dict):
        raise MalformedCardFile("Scryfall bulk data holds card objects")
    line = card.get("type_line")
    if not line and isinstance(card.get("card_faces"), list):  # reversible cards
        faces = [face.get("type_line") for face in card["card_faces"] if isinstance(face, dict)]
        line = FACE_SEPARATOR.join(f for f in faces if f and isinstance(f, str)) or None
    return Card(card.get("name"), card.get("set"), line, None, _day(card.get("released_at")))


def _data(stream: IO[bytes]) -> Iterator[tuple[JsonStream, str]]:
    """(cursor, key) for each member of an MTGJSON document's ``data``, the cursor at the
    member's value for the caller to read; the other top-level members (``meta``) skipped."""
    document = JsonStream(stream, _FAST, _CHUNK)
    for top in document.members():
        if top != "data" or document.peek() != "{":
            document.value()
            continue
        for key in document.members():
            yield document, key
    document.end()


_FACE_KEYS = ("name", "side", "type", "originalType")  # all a printing's card needs
_ATOMIC_KEYS = (*_FACE_KEYS, "firstPrinting")
# A set read in one typed call when its text is at most this long (a longer one is read card by
# card): memory holds no more than one card may take.
SET_WINDOW = MAX_VALUE_BYTES


class _Face(msgspec.Struct, gc=False):
    """A printing's members that a card needs (a member that is absent reads as null, as
    ``dict.get`` gives it on the card-by-card path)."""

    name: Any = None
    side: Any = None
    type: Any = None
    originalType: Any = None  # MTGJSON's key


class _Set(msgspec.Struct, gc=False):
    cards: list[_Face] | None = None
    tokens: list[_Face] | None = None
    releaseDate: Any = None  # MTGJSON's key


_read_set = msgspec.json.Decoder(_Set).decode


def _printings(stream: IO[bytes]) -> Iterator[Card]:
    """Set by set: a set decoded in one typed call (only its cards' face fields built), or,
    when msgspec refuses it or it is too long, each card decoded on its own and kept only as
    its face fields until the set's end: ``releaseDate`` may come after ``cards`` (MTGJSON
    sorts the keys)."""
    for document, code in _data(stream):
        if document.peek() != "{":
            raise MalformedCardFile("in AllPrintings.json, data maps set codes to sets")
        whole: Any = document.whole(_read_set, SET_WINDOW) if _FAST else REFUSED
        if whole is not REFUSED:
            released = _day(whole.releaseDate)
            yield from _grouped_faces(whole.cards or (), code, released)
            yield from _grouped_faces(whole.tokens or (), code, released)
            continue
        found: dict[str, Any] = {}
        for key in document.members():
            if key in ("cards", "tokens") and document.peek() == "[":
                found[key] = [
                    _Face(**entry) if isinstance(entry, dict) else None
                    for entry in document.values(_FACE_KEYS)
                ]
            else:
                found[key] = document.value()
        released = _day(found.get("releaseDate"))
        for key in ("cards", "tokens"):
            yield from _grouped_faces(found.get(key) or (), code, released)


def _grouped_faces(entries: Any, code: str, released: date | None) -> Iterator[Card]:
    """MTGJSON lists each face of a card as an entry (same name, ``side`` a, b, ...) next to
    the others: one Card for them all."""
    pending: list[_Face] = []
    for entry in entries:
        if entry is None:  # not a card object
            continue
        if pending and not (
            entry.side
            and entry.name == pending[0].name
            and entry.side not in {e.side for e in pending}
        ):
            yield _face_card(pending, code, released)
            pending = []
        pending.append(entry)
    if pending:
        yield _face_card(pending, code, released)


def _face_card(faces: list[_Face], code: str | None, released: date | None) -> Card:
    if len(faces) == 1:  # most cards: what the joins below give for one face, sooner
        face = faces[0]
        line, printed_line = face.type, face.originalType
        if isinstance(line or "", str) and isinstance(printed_line or "", str):
            return Card(face.name, code, line or None, printed_line or None, released)
    lines = [face.type for face in faces]
    printed = [face.originalType for face in faces]
    return Card(
        faces[0].name,
        code,
        FACE_SEPARATOR.join(line for line in lines if isinstance(line, str)) or None,
        FACE_SEPARATOR.join(map(str, printed))
        if all(isinstance(p, str) and p for p in printed)
        else None,
        released,
    )


def _atomic(stream: IO[bytes]) -> Iterator[Card]:
    for document, name in _data(stream):
        entries = (
            list(document.values(_ATOMIC_KEYS)) if document.peek() == "[" else document.value()
        )
        if not isinstance(entries, list):
            raise MalformedCardFile("in AtomicCards.json, data maps card names to lists")
        entries = sorted(
            (e for e in entries if isinstance(e, dict)), key=lambda e: str(e.get("side") or "")
        )
        if not entries:
            yield Card(name, None, None, None, None)
            continue
        faces = [_Face(*(entry.get(key) for key in _FACE_KEYS)) for entry in entries]
        card = _face_card(faces, None, None)
        yield card._replace(name=name, set=entries[0].get("firstPrinting"))


def _text(stream: IO[bytes]) -> Iterator[Card]:
    decode = codecs.getincrementaldecoder("utf-8-sig")().decode
    pieces: list[str] = []  # the line so far, when it spans chunks (joined once, at its end)
    held = 0
    while chunk := stream.read(1 << 16):
        lines = decode(chunk).split("\n")
        rest = lines.pop()
        if lines and pieces:
            lines[0] = "".join((*pieces, lines[0]))
            pieces, held = [], 0
        for line in lines:
            if line.strip():
                yield Card(None, None, line.rstrip("\r"), None, None)
        if rest:
            pieces.append(rest)
            held += len(rest)
            if held > MAX_VALUE_BYTES:
                raise ValueTooLong(
                    f"a line longer than {MAX_VALUE_BYTES // 2**20} MB, the "
                    "most a type line may take"
                )
    pending = "".join(pieces) + decode(b"", final=True)
    if pending.strip():
        yield Card(None, None, pending.rstrip("\r"), None, None)


def _day(value: Any) -> date | None:
    try:
        return date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
