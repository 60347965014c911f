"""Read the text of a Word .docx CR file: one line per paragraph, as the .txt files have it.

A .docx is a zip of XML parts; the CR's text is the paragraphs of word/document.xml with the
rule numbers typed in (no automatic numbering). The zip member is read with a bound on its
uncompressed size and on its compression ratio (a zip bomb stops at the bound, whatever its
header claims), and parsed by defusedxml, which refuses a DTD and so any entity expansion,
while the parse counts its depth: a CR's XML nests about a dozen elements deep. Its elements
and attributes are counted before the parse, on the bytes (a "<" each, a '="' each, counted
in C): a flat document of millions of them, under the size limit, is refused before a tree
is built, and the parse lets go of each element once ended (a paragraph once its text is
taken), so the tree never holds more than the paragraph being read and its ancestors.
"""

from __future__ import annotations

import zipfile
from io import BytesIO
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import iterparse

from rulesdb.errors import CRFormatError

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_DOCUMENT = "word/document.xml"
# Run children that stand for characters; everything else (formatting, bookmarks) is not text.
_CHARACTERS = {
    f"{_W}tab": "\t",
    f"{_W}br": "\n",
    f"{_W}cr": "\n",
    f"{_W}noBreakHyphen": "-",
    f"{_W}softHyphen": "",
}
# The real CR files' document.xml: 1.9-2.1 MB, compressed 6:1, 12 elements deep at most.
MAX_XML_BYTES = 64 * 2**20
MAX_RATIO = 100
MAX_DEPTH = 64
# The real CR files: about 58,000 elements and 50,000 attributes, 16 at most on one element.
MAX_ELEMENTS = 1_000_000
MAX_ATTRIBUTES = 1_000_000


def docx_text(data: bytes, source: str) -> str:
    """The document's paragraphs joined by LF, or CRFormatError if it is not a Word file or
    passes a limit."""
    return "\n".join(_paragraphs(_document_xml(data, source), source))


def _document_xml(data: bytes, source: str) -> bytes:
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            member = archive.getinfo(_DOCUMENT)
            with archive.open(member) as stream:
                xml = stream.read(MAX_XML_BYTES + 1)
    except (zipfile.BadZipFile, KeyError, EOFError, NotImplementedError):
        raise CRFormatError(
            source,
            None,
            f"not a Word .docx file (no {_DOCUMENT} in a zip "
            "archive); expected a Comprehensive Rules document",
        ) from None
    except (OSError, RuntimeError) as exc:  # a damaged or encrypted member
        raise CRFormatError(source, None, f"cannot read {_DOCUMENT}: {exc}") from None
    if len(xml) > MAX_XML_BYTES:
        raise CRFormatError(
            source,
            None,
            f"{_DOCUMENT} expands past {MAX_XML_BYTES // 2**20} "
            "MB; a Comprehensive Rules document is about 2 MB",
        )
    if len(xml) > MAX_RATIO * max(member.compress_size, 1):
        raise CRFormatError(
            source,
            None,
            f"{_DOCUMENT} expands more than {MAX_RATIO} times "
            "its compressed size (a zip bomb?); a Word document expands about 6",
        )
    return xml


def _counted(xml: bytes, source: str) -> None:
    """Refuse a document of more elements or attributes than the limits, by counting their
    marks in the bytes (an upper bound: a "<" or '="' in a comment counts too)."""
    elements = xml.count(b"<") - xml.count(b"</")
    attributes = xml.count(b'="') + xml.count(b"='")
    for count, limit, what in (
        (elements, MAX_ELEMENTS, "elements"),
        (attributes, MAX_ATTRIBUTES, "attributes"),
    ):
        if count > limit:
            raise CRFormatError(
                source,
                None,
                f"{_DOCUMENT} has more than {limit:,} {what} "
                f"(about {count:,}); a Comprehensive Rules document has about "
                "60,000",
            )


def _paragraphs(xml: bytes, source: str) -> list[str]:
    _counted(xml, source)
    paragraphs: list[str] = []
    ancestors: list[Element] = []  # the open elements, the document's root first
    in_paragraph = 0  # open paragraphs (a text box's paragraph sits in another)
    try:
        for event, element in iterparse(BytesIO(xml), events=("start", "end"), forbid_dtd=True):
            if event == "start":
                ancestors.append(element)
                if len(ancestors) > MAX_DEPTH:
                    raise CRFormatError(
                        source,
                        None,
                        f"{_DOCUMENT} nests elements more than "
                        f"{MAX_DEPTH} deep; a Word document nests about 12",
                    )
                in_paragraph += element.tag == f"{_W}p"
                continue
            ancestors.pop()
            if element.tag == f"{_W}p":
                in_paragraph -= 1
                paragraphs.append(_paragraph_text(element))
                element.clear()  # its text is taken: keep memory to one paragraph
            if not in_paragraph and ancestors:
                del ancestors[-1][-1]  # ended, and its text taken: let go of it
    except ParseError as exc:
        raise CRFormatError(source, None, f"{_DOCUMENT} is not well-formed XML ({exc})") from None
    except DefusedXmlException as exc:
        raise CRFormatError(
            source,
            None,
            f"{_DOCUMENT} declares a DTD or entities, which a "
            f"Word document never does ({type(exc).__name__})",
        ) from None
    return paragraphs


def _paragraph_text(paragraph: Element) -> str:
    parts = []
    for element in paragraph.iter():
        if element.tag == f"{_W}t":
            parts.append(element.text or "")
        elif element.tag in _CHARACTERS:
            parts.append(_CHARACTERS[element.tag])
    return "".join(parts)
