"""Word-level differences between two texts of a rule, as Academy Ruins marks them: the words
deleted and inserted between one version and the next, the rest kept.

Words are compared after :func:`rulesdb.questions.diff.normalise_rule_text`, so a quote, dash,
italics marker or ™ that differs only in typography is not reported as an edit; spaces are
compared as printed. The marks keep each text's own characters.
"""

from __future__ import annotations

import difflib
import re
from typing import Literal, NamedTuple

from rulesdb.questions.diff import normalise_rule_text

# A word (with its punctuation, as a reader sees it: "tribal,") or a run of spaces.
_TOKEN = re.compile(r"\S+|\s+")


class Piece(NamedTuple):
    """A run of text that both versions have (``same``), only the old one (``deleted``) or
    only the new one (``inserted``)."""

    change: Literal["same", "deleted", "inserted"]
    text: str


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _compared(token: str) -> str:
    return token if token.isspace() else normalise_rule_text(token)


def word_diff(old: str, new: str) -> list[Piece]:
    """The pieces that turn ``old`` into ``new``: in reading order, a deleted run before the
    inserted one that replaces it. The kept and inserted pieces joined are ``new``; the kept
    and deleted ones, ``old`` (its quotes and dashes as ``new`` has them)."""
    before, after = tokens(old), tokens(new)
    matcher = difflib.SequenceMatcher(
        None,
        [_compared(t) for t in before],
        [_compared(t) for t in after],
        autojunk=False,
    )
    opcodes = matcher.get_opcodes()
    pieces: list[Piece] = []
    for number, (op, i1, i2, j1, j2) in enumerate(opcodes):
        kept = "".join(after[j1:j2])
        # A lone space between two edits belongs to them: "the X Y" -> "a Z W" reads as one.
        inside = 0 < number < len(opcodes) - 1
        if op == "equal" and not (inside and kept.isspace()):
            _add(pieces, "same", kept)
            continue
        _add(pieces, "deleted", "".join(before[i1:i2]))
        _add(pieces, "inserted", "".join(after[j1:j2]))
    return _ordered(pieces)


def _ordered(pieces: list[Piece]) -> list[Piece]:
    """Within each run of edits, every deletion before every insertion."""
    result: list[Piece] = []
    run: list[Piece] = []
    for piece in [*pieces, Piece("same", "")]:
        if piece.change != "same":
            run.append(piece)
            continue
        for change in ("deleted", "inserted"):
            text = "".join(p.text for p in run if p.change == change)
            if text:
                result.append(Piece(change, text))
        run = []
        if piece.text:
            result.append(piece)
    return result


def changed(pieces: list[Piece]) -> bool:
    return any(piece.change != "same" for piece in pieces)


def as_markdown(pieces: list[Piece]) -> str:
    """The new text with deleted words ~~struck~~ and inserted ones **bold**, spaces as one."""
    marks = {"same": "{}", "deleted": "~~{}~~", "inserted": "**{}**"}
    return " ".join(
        marks[piece.change].format(" ".join(piece.text.split()))
        for piece in pieces
        if piece.text.strip()
    )


def _add(pieces: list[Piece], change: Literal["same", "deleted", "inserted"], text: str) -> None:
    if not text:
        return
    if pieces and pieces[-1].change == change:
        pieces[-1] = Piece(change, pieces[-1].text + text)
    else:
        pieces.append(Piece(change, text))
