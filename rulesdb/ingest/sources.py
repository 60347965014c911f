"""A CR file's text, whatever it was published as: .txt (any encoding), .docx or .rtf."""

from __future__ import annotations

from pathlib import Path

from rulesdb.errors import CRFormatError
from rulesdb.ingest.decoding import read_cr_file
from rulesdb.ingest.docx import docx_text
from rulesdb.ingest.rtf import rtf_text

_READERS = {".docx": docx_text, ".rtf": rtf_text}
SUFFIXES = (".txt", *_READERS)


def read_as_text(path: Path) -> bool:
    """Whether ``read_source`` decodes the file's bytes as text (not a .docx or .rtf)."""
    return path.suffix.lower() not in _READERS


def read_source(path: Path) -> tuple[str, bytes]:
    """(text with LF line endings, the file's bytes): a .docx or .rtf by its suffix, else text."""
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        return read_cr_file(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CRFormatError(str(path), None, f"cannot read the file: {exc.strerror}") from None
    return reader(data, str(path)), data
