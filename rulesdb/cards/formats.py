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
from typing import IO

import ijson

from rulesdb.errors import RulesdbError

SCRYFALL = "scryfall"
SCRYFALL_JSONL = "scryfall-jsonl"
MTGJSON_PRINTINGS = "mtgjson-printings"
MTGJSON_ATOMIC = "mtgjson-atomic"
TEXT = "text"
FORMATS = (SCRYFALL, SCRYFALL_JSONL, MTGJSON_PRINTINGS, MTGJSON_ATOMIC, TEXT)
GZIP_MAGIC = b"\x1f\x8b"
HEAD_BYTES = 1 << 16
_SCRYFALL_KEYS = frozenset({"type_line", "card_faces"})
_EXPECTED = ("a Scryfall bulk data file, MTGJSON AllPrintings.json or AtomicCards.json, or a "
             "UTF-8 text file of type lines")


class UnknownCardFormat(RulesdbError):
    """A file that is none of the card data formats rulesdb reads."""


@contextmanager
def open_card_file(path: Path) -> Iterator[tuple[IO[bytes], IO[bytes]]]:
    """(content, raw file): the content decompressed if the file is gzip, and the file itself
    (whose position says how far the reading got)."""
    try:
        raw = path.open("rb")
    except OSError as exc:
        raise RulesdbError(f"cannot read {path}: {exc.strerror}") from None
    with raw:
        if raw.read(2) == GZIP_MAGIC:
            raw.seek(0)
            with gzip.GzipFile(fileobj=raw, mode="rb") as content:
                yield content, raw
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
        found = _json_format(body)
        if found is None:
            raise UnknownCardFormat(f"{path}: JSON, but not {_EXPECTED.rsplit(', or', 1)[0]}")
        return found
    if b"\x00" in head:
        raise UnknownCardFormat(f"{path}: binary data; expected {_EXPECTED}")
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=len(head) < HEAD_BYTES)
    except UnicodeDecodeError as exc:
        raise UnknownCardFormat(f"{path}: not UTF-8 text (byte {exc.start}); expected "
                                f"{_EXPECTED}") from None
    return TEXT


def _json_format(body: bytes) -> str | None:
    """Walk the first events of the JSON text (it may be cut off by the head's end)."""
    first_item_keys: set[str] = set()
    top_keys: set[str] = set()
    data_first_key = None
    events = ijson.parse(io.BytesIO(body), use_float=True, multiple_values=True)
    try:
        for prefix, event, value in events:
            if prefix == "" and event == "map_key":
                top_keys.add(value)
            elif prefix == "" and event == "end_map":  # a whole object, not MTGJSON's
                return SCRYFALL_JSONL if _SCRYFALL_KEYS & top_keys else None
            elif prefix == "item" and event == "map_key":
                first_item_keys.add(value)
                if _SCRYFALL_KEYS & first_item_keys:
                    return SCRYFALL
            elif prefix == "item" and event == "end_map":
                return None  # the first card has no type line at all
            elif prefix == "" and event == "end_array":
                return None  # an empty array: nothing says it is Scryfall's
            elif prefix == "data" and event == "map_key":
                data_first_key = value
            elif data_first_key is not None and prefix == f"data.{data_first_key}":
                if event == "start_map":
                    return MTGJSON_PRINTINGS
                if event == "start_array":
                    return MTGJSON_ATOMIC
                return None
    except ijson.JSONError:
        return None  # cut off before the shape showed, or not JSON after all
    return None
