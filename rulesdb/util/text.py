"""Short forms of text for one-line messages."""

from __future__ import annotations


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
