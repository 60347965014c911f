"""Damage a CR file shows in its own text: characters a conversion turned into '?'.

2008-05-01 is known only from copies with '?' for every dash ("cards?even", "Basic Land ?
Mountain", "N?[cost]"); a '?' that is neither a question mark (after a word or a closing quote
or parenthesis, before a space or the line's end) nor a URL's query ("default.asp?x=") is
such a lost character. Clean files have at most a couple (a lost ©); a damaged one, hundreds.
"""

from __future__ import annotations

import re

# Starting with the literal '?', the search skips to each one; a lookbehind first would be
# tried at every position of the file (26 ms a file instead of under 1).
_QUESTION = re.compile(r"\?(?:(?<=[\w\"')”’]\?)(?=[\s\"')”’]|$)|(?=\w+=))", re.MULTILINE)
_LOST_MIN = 20  # the damaged files have over 100; the clean ones 2 at most
_SHOWN = 4  # examples quoted in the note


def lost_characters(text: str) -> tuple[int, int, list[str]]:
    """(how many '?' stand for a lost character, on how many lines, a few in context)."""
    questions = {match.start() for match in _QUESTION.finditer(text)}
    lost = [match.start() for match in re.finditer(r"\?", text) if match.start() not in questions]
    lines = {text.count("\n", 0, at) for at in lost}
    shown = list(dict.fromkeys(_word_at(text, at) for at in lost))[:_SHOWN]
    return len(lost), len(lines), shown


def _word_at(text: str, at: int) -> str:
    """The word the '?' is in ("cards?even"), or with its neighbours when it stands alone
    ("Land ? Mountain")."""
    start = max(text.rfind(" ", 0, at), text.rfind("\n", 0, at)) + 1
    end = min((i for i in (text.find(" ", at), text.find("\n", at)) if i != -1), default=len(text))
    if end - start > 1:
        return text[start:end]
    before = text[:start].split()[-1:]
    after = text[end:].split()[:1]
    return " ".join([*before, "?", *after])


def lost_dashes_note(text: str) -> str | None:
    """The note a file with its dashes turned into '?' carries; None for a clean file."""
    count, lines, shown = lost_characters(text)
    if count < _LOST_MIN:
        return None
    quoted = ", ".join(repr(example) for example in shown)
    return (
        f"the file has '?' for {count} characters a conversion lost (dashes: {quoted}), "
        f"on {lines} lines; kept as printed in the rules' and glossary's text"
    )
