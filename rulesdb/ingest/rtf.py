"""Read the text of an .rtf CR file (the archive's only copy of the 2003-06-01 release)."""

from __future__ import annotations

import re

from striprtf.striprtf import rtf_to_text

from rulesdb.errors import CRFormatError

_CODE_PAGE = re.compile(rb"\\ansicpg(\d+)")


def rtf_text(data: bytes, source: str) -> str:
    """Plain text with LF line endings; the \\ansicpg the file declares decodes its \\'xx bytes."""
    if not data.startswith(b"{\\rtf"):
        raise CRFormatError(source, None, "not an RTF file (no '{\\rtf' header); expected a "
                            "Comprehensive Rules document")
    declared = _CODE_PAGE.search(data[:4096])
    encoding = f"cp{int(declared[1])}" if declared else "cp1252"
    try:
        # RTF is 7-bit: anything else is escaped, so latin-1 maps the bytes through unchanged.
        text = rtf_to_text(data.decode("latin-1"), encoding=encoding)
    except (LookupError, UnicodeDecodeError) as exc:
        raise CRFormatError(source, None, f"unreadable RTF ({exc})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
