"""Decode an official CR text file, whatever encoding and line endings Wizards used."""

from __future__ import annotations

import codecs
from pathlib import Path

from rulesdb.errors import CRFormatError

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Characters genuine CR files contain outside ASCII. Bytes that are not UTF-8 are read as
# whichever 8-bit code page turns more of them into these (cp1252 curly quotes versus
# cp437 accented letters in the ASCII-folded 2019-01-25 release).
_CR_CHARACTERS = frozenset("’‘“”–—™®©•…áâàäéèêëíîïóôòöúûùüñçÆæ")
_LEGACY_CODE_PAGES = ("cp1252", "cp437")


def decode_cr_bytes(data: bytes, source: str) -> str:
    """Return the text with LF line endings, or raise CRFormatError naming the problem."""
    if not data:
        raise CRFormatError(source, None, "the file is empty; expected a Comprehensive Rules text")
    text = _decode(data, source)
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise CRFormatError(source, line, "binary data (NUL byte); expected a text file")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_cr_file(path: Path) -> tuple[str, bytes]:
    """Read and decode a file; returns (text, raw bytes)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CRFormatError(str(path), None, f"cannot read the file: {exc.strerror}") from None
    return decode_cr_bytes(data, str(path)), data


def _decode(data: bytes, source: str) -> str:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom) :].decode(encoding)
            except UnicodeDecodeError as exc:
                raise CRFormatError(
                    source,
                    _line_of(data, exc.start),
                    f"the byte-order mark declares {encoding.upper()}, "
                    f"but byte {exc.start + len(bom)} is not valid {encoding.upper()}",
                ) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    candidates = [data.decode(code_page) for code_page in _LEGACY_CODE_PAGES]
    return max(candidates, key=_cr_character_count)


def _cr_character_count(text: str) -> int:
    return sum(1 for char in text if char in _CR_CHARACTERS)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1
