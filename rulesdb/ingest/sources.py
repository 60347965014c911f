"""A CR file's text, whatever it was published as: .txt (any encoding), .docx or .rtf."""

from __future__ import annotations

from pathlib import Path

from rulesdb.ingest.decoding import read_bounded, read_cr_file
from rulesdb.ingest.docx import docx_text
from rulesdb.ingest.rtf import rtf_text
from rulesdb.ingest.shape import check_shape

_READERS = {".docx": docx_text, ".rtf": rtf_text}
SUFFIXES = (".txt", *_READERS)


def read_as_text(path: Path) -> bool:
    """Whether ``read_source`` decodes the file's bytes as text (not a .docx or .rtf)."""
    return path.suffix.lower() not in _READERS


def read_source(path: Path) -> tuple[str, bytes]:
    """(text with LF line endings, the file's bytes): a .docx or .rtf by its suffix, else text;
    a text of a shape no CR has (``check_shape``) refused."""
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        text, data = read_cr_file(path)
    else:
        # The same refusals as a .txt, before any byte is read: not a regular file (a FIFO, a
        # device, a folder), over the size limit.
        data = read_bounded(path)
        text = reader(data, str(path))
    check_shape(text, str(path))
    return text, data
