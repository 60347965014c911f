"""The subtype and supertype lists of the 2003–2009 releases, which live in the glossary.

"Creature Type ... The list of creature types, updated through the Shards of Alara set, is as
follows: Advisor, Angel, ..." — the list runs to the end of its paragraph, across hard-wrapped
lines in some files, with or without "and" before its last item and a final period.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "The list of creature types, updated through the Coldsnap set, is as follows:" (2004-10-01
# has no comma before "is"; 2005-10-01 writes "updates through").
_LIST_HEAD = re.compile(
    r"The list of (?P<what>[a-z]+ types|supertypes), update[ds]? through (?:the )?(?P<set>.+?)"
    r",? is as follows:[^\S\n]*"
)


@dataclass(frozen=True)
class GlossaryList:
    what: str  # "creature types", "supertypes"
    line: int  # 1-based line of "The list of ..." in the file
    items: str  # the list as written, its lines joined
    wrapped: bool  # the list ran across more than one line of the file


def glossary_lists(text: str, glossary_start: int) -> list[GlossaryList]:
    """Every "The list of X, updated through ..." paragraph after offset `glossary_start`."""
    found = []
    for match in _LIST_HEAD.finditer(text, glossary_start):
        end = text.find("\n\n", match.end())
        paragraph = text[match.end() : end if end != -1 else len(text)]
        lines = [line.strip() for line in paragraph.strip("\n").split("\n")]
        found.append(
            GlossaryList(
                what=match["what"],
                line=text.count("\n", 0, match.start()) + 1,
                items=_join(lines),
                wrapped=len(lines) > 1,
            )
        )
    return found


def _join(lines: list[str]) -> str:
    """Hard-wrapped lines as one: a line ending in a hyphen continues the same name
    ("Will-o'-" / "the-Wisp"), any other ends a word."""
    joined = ""
    for line in lines:
        if not line:
            continue
        joined += line if not joined or joined.endswith("-") else " " + line
    return joined


def split_items(items: str) -> list[str]:
    """'A, B, C.' or 'A, B, and C.' -> names; commas are the only separators the lists use."""
    items = items.strip().removesuffix(".").strip()
    parts = [part.strip() for part in items.split(",")]
    if len(parts) == 1 and " and " in parts[0]:
        parts = parts[0].split(" and ")
    elif parts and parts[-1].startswith("and "):
        parts[-1] = parts[-1][len("and ") :]
    return parts


def unwrap(text: str) -> tuple[str, int]:
    """Join hard-wrapped lines: in the files wrapped at about 100 columns (2003-10-01 to
    2004-02-01) a wrapped line keeps the space it broke at ("... a main phase of his or \n").

    The newlines taken out of a paragraph are put back at its end, so every paragraph still
    starts on its line of the file and error messages name the right lines. Returns the text
    and how many lines were joined.
    """
    paragraphs = text.split("\n\n")
    joined = 0
    for index, paragraph in enumerate(paragraphs):
        if " \n" not in paragraph:
            continue
        merged = re.sub(r" \n(?=\S)", " ", paragraph)
        removed = paragraph.count("\n") - merged.count("\n")
        joined += removed
        paragraphs[index] = merged + "\n" * removed
    return "\n\n".join(paragraphs), joined
