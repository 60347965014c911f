"""Read the text of a Word .docx CR file: one line per paragraph, as the .txt files have it.

A .docx is a zip of XML parts; the CR's text is the paragraphs of word/document.xml with the
rule numbers typed in (no automatic numbering), so zipfile and ElementTree are all it takes.
"""

from __future__ import annotations

import zipfile
from io import BytesIO
from xml.etree import ElementTree

from rulesdb.errors import CRFormatError

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_DOCUMENT = "word/document.xml"
# Run children that stand for characters; everything else (formatting, bookmarks) is not text.
_CHARACTERS = {f"{_W}tab": "\t", f"{_W}br": "\n", f"{_W}cr": "\n",
               f"{_W}noBreakHyphen": "-", f"{_W}softHyphen": ""}


def docx_text(data: bytes, source: str) -> str:
    """The document's paragraphs joined by LF, or CRFormatError if it is not a Word file."""
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            xml = archive.read(_DOCUMENT)
    except (zipfile.BadZipFile, KeyError):
        raise CRFormatError(source, None, f"not a Word .docx file (no {_DOCUMENT} in a zip "
                            "archive); expected a Comprehensive Rules document") from None
    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError as exc:
        raise CRFormatError(source, None, f"{_DOCUMENT} is not well-formed XML ({exc})") from None
    return "\n".join(_paragraph_text(paragraph) for paragraph in root.iter(f"{_W}p"))


def _paragraph_text(paragraph: ElementTree.Element) -> str:
    parts = []
    for element in paragraph.iter():
        if element.tag == f"{_W}t":
            parts.append(element.text or "")
        elif element.tag in _CHARACTERS:
            parts.append(_CHARACTERS[element.tag])
    return "".join(parts)
