"""Short forms of text for one-line messages."""

from __future__ import annotations

ECHOED = 80  # the most characters of a user's word a message repeats


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def first_line(exc: BaseException) -> str:
    """The first line of an error's message with text (a database error's own, not
    SQLAlchemy's wrapping); the error's type name when the message is empty."""
    inner = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(inner).splitlines() if line.strip()]
    return lines[0] if lines else type(inner).__name__


def with_article(noun: str) -> str:
    """ "an artifact type", "a creature type"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


# What a file name may hold that must not reach a terminal or a log raw: C0 and C1 controls
# and DEL (a newline would start a line of its own, ESC a terminal's command), the line and
# paragraph separators and the bidirectional controls (which reorder what follows), and the
# bytes that are not UTF-8 (os.fsdecode's surrogates). Each escape names one thing: \xNN a
# byte (a control below 0x80, else a byte that is not UTF-8), \uNNNN a character, and a
# backslash is doubled, so that what is shown reads back to the name's bytes.
_SHOWN = {
    **{c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F)},
    **{0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r", 0x5C: "\\\\"},
    **{
        c: f"\\u{c:04x}"
        for c in (
            *range(0x80, 0xA0),
            0x2028,
            0x2029,
            *range(0x202A, 0x202F),
            *range(0x2066, 0x206A),
        )
    },
    **{0xDC00 + b: f"\\x{b:02x}" for b in range(0x80, 0x100)},
}
_PLAIN = frozenset(map(chr, range(0x20, 0x7F))) - {"\\"}


def visible(name: str) -> str:
    """A file name as one line may show it: control characters as string escapes
    (``\\n``, ``\\x1b``, ``\\u0085``, ``\\u202e``), bytes that are not UTF-8 as ``\\xff``,
    a backslash as ``\\\\``; everything else (letters of any script) as it is."""
    if _PLAIN.issuperset(name):
        return name
    return name.translate(_SHOWN)
