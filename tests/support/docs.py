"""The docs' pages and the SQL examples in them."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tests.settings import ROOT

DOCS = ROOT / "docs"
_FENCE = re.compile(r"^```([\w-]*)\n(.*?)^```[ \t]*$", re.S | re.M)


def fenced(text: str) -> Iterator[re.Match[str]]:
    return _FENCE.finditer(text)


SQL_PAGE = DOCS / "sql.md"  # the cookbook: its queries are also serve's canned queries


def sql_examples(text: str) -> list[tuple[re.Match[str], re.Match[str]]]:
    """(sql block, text block) pairs of a page; each sql needs its text."""
    blocks = list(fenced(text))
    pairs = []
    for index, block in enumerate(blocks):
        if block.group(1) != "sql":
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if (
            following is None
            or following.group(1) != "text"
            or text[block.end() : following.start()].strip()
        ):
            raise AssertionError(
                f"the sql block at offset {block.start()} is not "
                "immediately followed by a ```text block with its output"
            )
        pairs.append((block, following))
    return pairs
