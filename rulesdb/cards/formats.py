"""Which card data file this is, from its content (never its name).

- ``scryfall``: a Scryfall bulk data file (``oracle_cards``, ``default_cards``, ...): a JSON
  array of card objects (``"object": "card"``, ``type_line``, ``card_faces``);
- ``scryfall-jsonl``: the same cards as JSON Lines, one object a line (Scryfall's
  ``jsonl_download_uri`` export);
- ``mtgjson-printings``: MTGJSON ``AllPrintings.json``: ``data`` -> set code -> set object;
- ``mtgjson-atomic``: MTGJSON ``AtomicCards.json``: ``data`` -> card name -> list of faces;
- ``text``: UTF-8 text, one type line a line.

Any of them may be gzip-compressed (as Scryfall serves its JSON Lines): :func:`open_card_file`
decompresses while reading. Only the first :data:`HEAD_BYTES` are read to decide.
"""

from __future__ import annotations

import codecs
import gzip
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, cast

from rulesdb.cards.jsonstream import JsonStream
from rulesdb.errors import RulesdbError
from rulesdb.util.files import NotARegularFile, open_regular

SCRYFALL = "scryfall"
SCRYFALL_JSONL = "scryfall-jsonl"
MTGJSON_PRINTINGS = "mtgjson-printings"
MTGJSON_ATOMIC = "mtgjson-atomic"
TEXT = "text"
FORMATS = (SCRYFALL, SCRYFALL_JSONL, MTGJSON_PRINTINGS, MTGJSON_ATOMIC, TEXT)
GZIP_MAGIC = b"\x1f\x8b"
HEAD_BYTES = 1 << 16
_SCRYFALL_KEYS = frozenset({"type_line", "card_faces"})
_EXPECTED = (
    "a Scryfall bulk data file, MTGJSON AllPrintings.json or AtomicCards.json, or a "
    "UTF-8 text file of type lines"
)


class UnknownCardFormat(RulesdbError):
    """A file that is none of the card data formats rulesdb reads."""


@contextmanager
def open_card_file(path: Path) -> Iterator[tuple[IO[bytes], IO[bytes]]]:
    """(content, raw file): the content decompressed if the file is gzip, and the file itself
    (whose position says how far the reading got)."""
    try:
        raw = open_regular(path)  # a FIFO or a device is refused before a byte is read
    except NotARegularFile as exc:
        raise RulesdbError(f"{path}: {exc.strerror}; expected a card data file") from None
    except OSError as exc:
        raise RulesdbError(f"cannot read {path}: {exc.strerror}") from None
    with raw:
        if raw.read(2) == GZIP_MAGIC:
            raw.seek(0)
            with gzip.GzipFile(fileobj=raw, mode="rb") as content:
                yield cast(IO[bytes], content), raw
        else:
            raw.seek(0)
            yield raw, raw


def detect_format(path: Path) -> str:
    try:
        with open_card_file(path) as (stream, _):
            head = stream.read(HEAD_BYTES)
    except (OSError, EOFError) as exc:
        raise UnknownCardFormat(f"{path}: damaged gzip data ({exc})") from None
    body = head.removeprefix(codecs.BOM_UTF8).lstrip()
    if not body:
        raise UnknownCardFormat(f"{path}: the file is empty; expected {_EXPECTED}")
    if body[:1] in (b"[", b"{"):
        try:
            found = _json_format(body)
        except RecursionError:
            raise UnknownCardFormat(
                f"{path}: JSON nested deeper than the JSON decoders go "
                "(about 1,000 levels; a card file nests about 6)"
            ) from None
        if found is None:
            raise UnknownCardFormat(f"{path}: JSON, but not {_EXPECTED.rsplit(', or', 1)[0]}")
        return found
    if b"\x00" in head:
        raise UnknownCardFormat(f"{path}: binary data; expected {_EXPECTED}")
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=len(head) < HEAD_BYTES)
    except UnicodeDecodeError as exc:
        raise UnknownCardFormat(
            f"{path}: not UTF-8 text (byte {exc.start}); expected {_EXPECTED}"
        ) from None
    return TEXT


def _json_format(body: bytes) -> str | None:
    """Walk the start of the JSON text (it may be cut off by the head's end) until its shape
    shows: a card object in an array, a whole object (a JSON line), or MTGJSON's ``data``."""
    document = JsonStream(io.BytesIO(body))
    try:
        if document.peek() == "[":
            return _array_format(document)
        top_keys = set()
        for key in document.members():
            top_keys.add(key)
            if key in _SCRYFALL_KEYS:  # said before its value, which may run past the head
                return SCRYFALL_JSONL
            if key == "data" and document.peek() == "{":
                first = next(document.members(), None)
                if first is not None:
                    shape = document.peek()
                    return (
                        MTGJSON_PRINTINGS
                        if shape == "{"
                        else MTGJSON_ATOMIC
                        if shape == "["
                        else None
                    )
            else:
                document.value()
        return SCRYFALL_JSONL if _SCRYFALL_KEYS & top_keys else None
    except ValueError:  # cut off before the shape showed, or not JSON after all
        return None


def _array_format(document: JsonStream) -> str | None:
    """Scryfall's when the first object item has a type line (or faces)."""
    for _ in document.items():
        if document.peek() != "{":
            document.value()
            continue
        for key in document.members():
            if key in _SCRYFALL_KEYS:
                return SCRYFALL
            document.value()
        return None  # the first card has no type line at all
    return None  # an empty array: nothing says it is Scryfall's
