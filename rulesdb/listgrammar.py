"""The two bits of English grammar the CR's lists are written in.

Sentences end at a period outside parentheses ("(see rule 301.5)" keeps its period); lists
are "A", "A and B" or "A, B, and C", each item optionally followed by "(see rule N)".
"""

from __future__ import annotations

import re

_WORD = r"[^\W\d_](?:[^\W\d_]|[’'\-])*"
_NAME = re.compile(rf"{_WORD}(?: {_WORD})*")
_SEE = re.compile(r"\s*\(see rules? (?P<targets>[^)]+)\)")
_RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")


class ListGrammarError(ValueError):
    """A list that does not follow the CR's list grammar; the message says where."""


def sentences(text: str) -> list[str]:
    """Split prose into sentences without their final periods."""
    found: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "." and depth == 0 and (index + 1 == len(text) or text[index + 1] == " "):
            found.append(text[start:index].strip())
            start = index + 1
    tail = text[start:].strip()
    if tail:
        found.append(tail)
    return [sentence for sentence in found if sentence]


def parse_name_list(
    text: str, *, max_words: int | None = None, exact_words: int | None = None
) -> list[tuple[str, tuple[str, ...]]]:
    """Parse 'A, B (see rule 301.5), and C' into [(name, cross-referenced rules), ...]."""
    parts = _split_top_level(text.strip())
    if len(parts) == 1:
        parts = parts[0].split(" and ")
        if len(parts) > 2:
            raise ListGrammarError(f"expected commas between the items of {_clip(text)!r}")
    elif not parts[-1].startswith("and "):
        raise ListGrammarError(f"expected ', and' before the last item {_clip(parts[-1])!r}")
    else:
        parts[-1] = parts[-1][len("and ") :]
    items = []
    for position, part in enumerate(parts, start=1):
        refs = [number for match in _SEE.finditer(part)
                for number in _RULE_NUMBER.findall(match["targets"])]
        name = _SEE.sub("", part).strip()
        if " and " in name or not _NAME.fullmatch(name):
            raise ListGrammarError(f"item {position} {_clip(part)!r} is not a name "
                                   "(missing comma, or stray punctuation?)")
        words = len(name.split())
        if max_words is not None and words > max_words:
            raise ListGrammarError(
                f"item {position} {name!r} has {words} words where names are single words "
                "(rule 205.3b); a missing comma?"
            )
        if exact_words is not None and words != exact_words:
            raise ListGrammarError(f"item {position} {name!r} has {words} words, expected "
                                   f"{exact_words}")
        items.append((name, tuple(refs)))
    return items


def _split_top_level(text: str) -> list[str]:
    """Split on ', ' outside parentheses."""
    parts: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0 and text.startswith(", ", index):
            parts.append(text[start:index])
            start = index + 2
    parts.append(text[start:])
    return [part.strip() for part in parts]


def _clip(text: str, limit: int = 50) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
