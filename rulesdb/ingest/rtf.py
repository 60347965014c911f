"""Read the text of an .rtf CR file (the archive's only copy of the 2003-06-01 release)."""

from __future__ import annotations

import re

from striprtf.striprtf import rtf_to_text

from rulesdb.errors import CRFormatError

_CODE_PAGE = re.compile(rb"\\ansicpg(\d+)")
# The archived CR .rtfs are 378 KB and 1.4 MB, nest groups 5 deep and hold at most 7,083
# groups; the RTF reader (striprtf, in Python) takes about 2 s a million groups.
MAX_RTF_BYTES = 4 * 2**20
MAX_DEPTH = 64
MAX_GROUPS = 100_000
_NOT_BRACES = bytes(byte for byte in range(256) if byte not in b"{}")


def rtf_text(data: bytes, source: str) -> str:
    """Plain text with LF line endings; the \\ansicpg the file declares decodes its \\'xx bytes."""
    if not data.startswith(b"{\\rtf"):
        raise CRFormatError(
            source,
            None,
            "not an RTF file (no '{\\rtf' header); expected a Comprehensive Rules document",
        )
    if len(data) > MAX_RTF_BYTES:
        raise CRFormatError(
            source,
            None,
            f"the .rtf is larger than {MAX_RTF_BYTES // 2**20} MB; "
            "a Comprehensive Rules .rtf is under 1 MB",
        )
    if _depth_exceeds(data, MAX_DEPTH):
        raise CRFormatError(
            source,
            None,
            f"the .rtf nests groups more than {MAX_DEPTH} deep "
            "(or its braces do not balance); a Comprehensive Rules .rtf nests "
            "about 5",
        )
    groups = _braces(data).count(b"{")
    if groups > MAX_GROUPS:
        raise CRFormatError(
            source,
            None,
            f"the .rtf has {groups:,} groups, more than {MAX_GROUPS:,}; a Comprehensive Rules "
            ".rtf has under 10,000",
        )
    declared = _CODE_PAGE.search(data[:4096])
    encoding = f"cp{int(declared[1])}" if declared else "cp1252"
    try:
        # RTF is 7-bit: anything else is escaped, so latin-1 maps the bytes through unchanged.
        text: str = rtf_to_text(  # type: ignore[no-untyped-call]  # striprtf: untyped
            data.decode("latin-1"), encoding=encoding
        )
    except (LookupError, UnicodeDecodeError) as exc:
        raise CRFormatError(source, None, f"unreadable RTF ({exc})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _depth_exceeds(data: bytes, limit: int) -> bool:
    """Whether the groups nest deeper than ``limit`` or do not balance. Each pass removes the
    innermost groups ("{}" once the rest is gone), in C: at most ``limit`` passes."""
    braces = _braces(data)
    for _ in range(limit):
        inner = braces.replace(b"{}", b"")
        if not inner:
            return False
        if len(inner) == len(braces):
            return True  # unbalanced: a brace with no partner
        braces = inner
    return True


def _braces(data: bytes) -> bytes:
    """The group braces alone, escaped ones left out: bytes methods, in C and without a
    regular expression's list of pieces (a million groups: 100 MB). Backslashes pair up
    left to right, as RTF reads them, before an escaped brace is removed."""
    unescaped = data.replace(b"\\\\", b"").replace(b"\\{", b"").replace(b"\\}", b"")
    return unescaped.translate(None, _NOT_BRACES)
