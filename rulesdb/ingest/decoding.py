"""Decode an official CR text file, whatever encoding and line endings Wizards used."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from rulesdb.errors import CRFormatError
from rulesdb.util.files import NotARegularFile, open_regular, path_problem

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Characters genuine CR files contain outside ASCII. Bytes that are not UTF-8 are read as
# whichever 8-bit code page turns more of them into these (cp1252 curly quotes versus
# cp437 accented letters in the ASCII-folded 2019-01-25 release); so is UTF-8 text that is
# such a code page read as Latin-1, when that gives more of them (a mojibake undone).
_CR_CHARACTERS = frozenset("’‘“”–—™®©•…áâàäéèêëíîïóôòöúûùüñçÆæ")
_ASCII_RUNS = re.compile(r"[\x00-\x7f]+")
_LEGACY_CODE_PAGES = ("cp1252", "cp437", "mac_roman")
_ENCODINGS_READ = "UTF-8, UTF-16, Windows-1252, cp437 or Mac Roman"
_CODE_PAGE_NAMES = {"cp1252": "Windows-1252", "cp437": "cp437", "mac_roman": "Mac Roman"}

# The CR is English prose: about 99% of its characters are ASCII. Text decoded with the
# wrong encoding (UTF-8 read as UTF-16, binary read as cp437) is almost none.
_SAMPLE_CHARS = 65536
_MIN_ASCII_SHARE = 0.9

# Every CR release is under 2 MB; reading stops well past that, so /dev/zero or a huge file
# is refused instead of filling memory.
MAX_BYTES = 20 * 1024 * 1024


def decode_cr_bytes(data: bytes, source: str) -> str:
    """Return the text with LF line endings, or raise CRFormatError naming the problem."""
    if not data:
        raise CRFormatError(source, None, "the file is empty; expected a Comprehensive Rules text")
    text = _decode(data, source)
    if "\x00" in text:
        line = _line_count(text[: text.index("\x00")])
        raise CRFormatError(source, line, "binary data (NUL character); expected a text file")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_cr_file(path: Path) -> tuple[str, bytes]:
    """Read and decode a regular file of at most MAX_BYTES; returns (text, raw bytes)."""
    data = read_bounded(path)
    return decode_cr_bytes(data, str(path)), data


def read_bounded(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file, refusing FIFOs, devices, folders (``open_regular``,
    before a byte is read) and files past ``limit``."""
    source = str(path)
    if not source or source == ".":
        raise CRFormatError("''", None, "no file named; expected a Comprehensive Rules file")
    problem = path_problem(path)
    if problem is not None:
        raise CRFormatError(source, None, f"the path {problem}")
    try:
        with open_regular(path) as handle:
            data = handle.read(limit + 1)
    except NotARegularFile as exc:
        raise CRFormatError(
            source, None, f"{exc.strerror}; expected a Comprehensive Rules file"
        ) from None
    except OSError as exc:
        raise CRFormatError(source, None, f"cannot read the file: {exc.strerror}") from None
    if len(data) > limit:
        raise CRFormatError(
            source,
            None,
            f"the file is larger than {limit // 2**20} MB; a "
            "Comprehensive Rules text is under 2 MB",
        )
    return data


def _decode(data: bytes, source: str) -> str:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            text = _decode_declared(data, len(bom), encoding, source)
            return _undo_mojibake(text, data)[0] if encoding == "utf-8" else text
    if b"\x00" in data:
        # No 8-bit text has NUL bytes; UTF-16 would, but official UTF-16 files carry a BOM.
        offset = data.index(b"\x00")
        raise CRFormatError(
            source,
            _line_count(data[:offset].decode("latin-1")),
            f"binary data (NUL byte at byte {offset}); expected a text file "
            "(UTF-16 needs a byte-order mark)",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        _refuse_damaged_utf8(data, exc, source)
        candidates = []
        for code_page in _code_pages_by_likelihood(data):
            try:
                candidates.append(data.decode(code_page))
            except UnicodeDecodeError:
                continue  # bytes this code page leaves undefined: not this code page
        text = max(candidates, key=_cr_character_count)
    else:
        text = _undo_mojibake(text, data)[0]
    if not _looks_like_english(text):
        raise CRFormatError(
            source,
            None,
            f"the file is not text in any encoding CR files use ({_ENCODINGS_READ}); "
            "expected a Comprehensive Rules text",
        )
    return text


def mojibake_code_page(data: bytes) -> str | None:
    """The code page whose mojibake ``decode_cr_bytes`` undid in these bytes, or None: for
    bytes that are not UTF-8, and for UTF-8 text read as it is."""
    try:
        text = data.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError:
        return None
    return _undo_mojibake(text, data)[1]


def mojibake_note(code_page: str, text: str) -> str:
    """The note on a file whose mojibake was undone: ``text`` is what it was read as, its
    commonest CR character shown as the file printed it."""
    name = _CODE_PAGE_NAMES.get(code_page, code_page)
    rest = _ASCII_RUNS.sub("", text)
    char = max(sorted(_CR_CHARACTERS), key=rest.count)
    printed = char.encode(code_page, errors="replace").decode("latin-1")
    shown = printed if printed.isprintable() else ascii(printed)
    return (
        f"the file is UTF-8 holding a {name} text read as Latin-1 ({char} printed as "
        f"{shown}); it was read as {name}"
    )


def _undo_mojibake(text: str, data: bytes) -> tuple[str, str | None]:
    """(the text, None), or (the text re-read, its code page) for a UTF-8 mojibake.

    A Mac Roman or cp1252 file decoded as Latin-1 and saved as UTF-8 has no character past
    U+00FF: ’ is Õ (Mac Roman) or U+0092 (cp1252). Such a text is re-read as each code page;
    the one giving strictly more CR characters than the text itself undoes it, the likeliest
    first on a tie, so genuine Latin-1 letters (é, â) never lose to a re-reading.
    """
    if text.isascii():
        return text, None
    try:
        latin = text.encode("latin-1")
    except UnicodeEncodeError:  # a character past U+00FF: no Latin-1 reading (in C, not max)
        return text, None
    best, best_page, most = text, None, _cr_character_count(text)
    for code_page in _code_pages_by_likelihood(data):
        try:
            candidate = latin.decode(code_page)
        except UnicodeDecodeError:
            continue  # a character this code page leaves undefined: not this code page
        count = _cr_character_count(candidate)
        if count > most:
            best, best_page, most = candidate, code_page, count
    return best, best_page


def _refuse_damaged_utf8(data: bytes, error: UnicodeDecodeError, source: str) -> None:
    """UTF-8 with a flaw is damaged UTF-8, not a code page: refuse it rather than guess.

    A file valid up to a multi-byte character cut off at its end was truncated. A file with
    more valid multi-byte UTF-8 characters than invalid bytes is UTF-8 that something broke:
    no official 8-bit file has even one (cp1252 and cp437 text is never valid UTF-8 beyond
    ASCII), and reading it as cp437 would turn every ’ into ΓÇÖ.
    """
    line = _line_count(data[: error.start].decode("utf-8", errors="replace"))
    if error.end == len(data) and error.reason == "unexpected end of data":
        raise CRFormatError(
            source, line, "the file ends in the middle of a UTF-8 character; it looks truncated"
        )
    text = data.decode("utf-8", errors="replace")
    invalid = text.count("\ufffd")
    non_ascii = len(text) - len(text.encode("ascii", errors="ignore"))  # in C, not per char
    multibyte = non_ascii - invalid
    if multibyte > 0 and multibyte >= invalid:
        raise CRFormatError(
            source,
            line,
            f"byte {error.start} is not valid UTF-8, though the "
            f"file has {multibyte} UTF-8 characters; it looks damaged",
        )


def _code_pages_by_likelihood(data: bytes) -> tuple[str, ...]:
    """Legacy code pages, the likeliest first: it wins a tie in CR characters.

    Lines ended by a lone CR are classic Mac OS files, so Mac Roman comes first for them
    (byte 0x89 is â there, ë in cp437: "El-Hajjâj" in the 2006-10-01 release).
    """
    crlf = data.count(b"\r\n")
    if data.count(b"\r") - crlf > crlf + data.count(b"\n") - crlf:
        return ("mac_roman", *(page for page in _LEGACY_CODE_PAGES if page != "mac_roman"))
    return _LEGACY_CODE_PAGES


def _decode_declared(data: bytes, start: int, encoding: str, source: str) -> str:
    """Decode what follows a byte-order mark, which must be what the mark declares."""
    name = encoding.upper()
    sample = data[start : start + 2 * _SAMPLE_CHARS].decode(encoding, errors="replace")
    if not _looks_like_english(sample):
        raise CRFormatError(
            source,
            None,
            f"the byte-order mark declares {name}, but the text after it is not "
            f"{name} (a stray byte-order mark?); expected a Comprehensive Rules text",
        )
    body = data[start:]
    try:
        return body.decode(encoding)
    except UnicodeDecodeError as exc:
        line = _line_count(body[: exc.start].decode(encoding, errors="replace"))
        if exc.end == len(body) and exc.reason in ("truncated data", "unexpected end of data"):
            message = f"the file ends in the middle of a {name} character; it looks truncated"
        else:
            message = (
                f"the byte-order mark declares {name}, but byte {start + exc.start} is "
                f"not valid {name}"
            )
        raise CRFormatError(source, line, message) from None


def _looks_like_english(text: str) -> bool:
    sample = text[:_SAMPLE_CHARS]
    if sample.isascii():
        return True
    ascii_chars = len(sample.encode("ascii", errors="ignore"))
    return ascii_chars >= _MIN_ASCII_SHARE * len(sample)


def _cr_character_count(text: str) -> int:
    # Counted among the non-ASCII characters alone (about 1% of a file): the 36 scans run
    # over those, not over the whole text three times a file.
    rest = _ASCII_RUNS.sub("", text)
    return sum(rest.count(char) for char in _CR_CHARACTERS)


def _line_count(prefix: str) -> int:
    """The 1-based line a position is on, given the text before it (any line endings)."""
    return prefix.count("\n") + prefix.count("\r") - prefix.count("\r\n") + 1
