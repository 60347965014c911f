"""The two bits of English grammar the CR's lists are written in.

Sentences end at a period outside parentheses ("(see rule 301.5)" keeps its period); lists
are "A", "A and B" or "A, B, and C", each item optionally followed by "(see rule N)".
"""

from __future__ import annotations

import re

from rulesdb.util.names import lookup_key
from rulesdb.util.rule_numbers import SEE_RULES, see_rules
from rulesdb.util.text import clip

LIMIT = 50  # characters of a list quoted in an error

# A word is letters, with single apostrophes or hyphens between them (Urza’s, Power-Plant).
_WORD = r"[^\W\d_]+(?:[’'\-][^\W\d_]+)*"
_NAME = re.compile(rf"{_WORD}(?: {_WORD})*")
_SENTENCE_MARKS = re.compile(r"[().]")
_LIST_MARKS = re.compile(r"[()]|, ")


class ListGrammarError(ValueError):
    """A list that does not follow the CR's list grammar; the message says where."""


def sentences(text: str) -> list[str]:
    """Split prose into sentences without their final periods."""
    found: list[str] = []
    depth = 0
    start = 0
    for match in _SENTENCE_MARKS.finditer(text):  # only the characters that matter
        char, index = match[0], match.start()
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and (index + 1 == len(text) or text[index + 1] == " "):
            found.append(text[start:index].strip())
            start = index + 1
    tail = text[start:].strip()
    if tail:
        found.append(tail)
    return [sentence for sentence in found if sentence]


def parse_name_list(
    text: str,
    *,
    max_words: int | None = None,
    exact_words: int | None = None,
    capitalized: bool = False,
) -> list[tuple[str, tuple[str, ...]]]:
    """Parse 'A, B (see rule 301.5), and C' into [(name, cross-referenced rules), ...]."""
    text = text.strip()
    if text.endswith(","):
        raise ListGrammarError(
            f"the list ends with a comma after {clip(text[-40:], LIMIT)!r}; "
            "expected ', and' before its last item (is the rest on the next "
            "line?)"
        )
    parts = _split_top_level(text)
    if len(parts) == 1:
        parts = parts[0].split(" and ")
        if len(parts) > 2:
            raise ListGrammarError(f"expected commas between the items of {clip(text, LIMIT)!r}")
    elif not parts[-1].startswith("and "):
        raise ListGrammarError(f"expected ', and' before the last item {clip(parts[-1], LIMIT)!r}")
    else:
        parts[-1] = parts[-1][len("and ") :]
    items = []
    seen: set[str] = set()
    for position, part in enumerate(parts, start=1):
        if "(" in part:
            refs = see_rules(part)
            name = SEE_RULES.sub("", part).strip()
        else:
            refs, name = [], part.strip()
        if " and " in name or not _NAME.fullmatch(name):
            raise ListGrammarError(
                f"item {position} {clip(part, LIMIT)!r} is not a name "
                "(missing comma, or stray punctuation?)"
            )
        if capitalized and not name[0].isupper():
            raise ListGrammarError(
                f"item {position} {name!r} does not start with a capital "
                "letter, as names of subtypes do (a lost letter?)"
            )
        words = len(name.split())
        if max_words is not None and words > max_words:
            raise ListGrammarError(
                f"item {position} {name!r} has {words} words where each name is "
                f"{_count(max_words)} long; a missing comma?"
            )
        if exact_words is not None and words != exact_words:
            hint = "; a missing comma?" if words > exact_words else ""
            raise ListGrammarError(
                f"item {position} {name!r} has {words} words, expected {exact_words}{hint}"
            )
        key = lookup_key(name)
        if key in seen:
            raise ListGrammarError(f"item {position} {name!r} is listed twice")
        seen.add(key)
        items.append((name, tuple(refs)))
    return items


def _count(words: int) -> str:
    return "one word" if words == 1 else f"at most {words} words"


def _split_top_level(text: str) -> list[str]:
    """Split on ', ' outside parentheses."""
    if "(" not in text:
        return [part.strip() for part in text.split(", ")]
    parts: list[str] = []
    depth = 0
    start = 0
    for match in _LIST_MARKS.finditer(text):
        char, index = match[0], match.start()
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(text[start:index])
            start = index + 2
    parts.append(text[start:])
    return [part.strip() for part in parts]
