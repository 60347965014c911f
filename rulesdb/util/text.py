"""Short forms of text for one-line messages."""

from __future__ import annotations

import io


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (a database error's own, not SQLAlchemy's)."""
    message = str(getattr(exc, "orig", None) or exc)
    return io.StringIO(message).readline().strip()


def with_article(noun: str) -> str:
    """"an artifact type", "a creature type"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
