"""Typography apart: a text with everything folded that changes how it is printed, not what it
says. Every quote character is one (', ", ‘ ’ “ ” and their kin: 704.5j has called it
'the "Legend rule."', "the 'Legend rule.'" and with curly quotes), apostrophes with them,
every dash and minus one hyphen (spaces around it aside), italics markers (_Magic_) and ™/®
spellings ("Odyssey™", "Oracle(TM)", "Ravnica(R)") dropped, an ellipsis as three dots, and
whitespace runs as one space. Used wherever rulesdb tells a retypeset text from a reworded
one: the lineage's "retypeset", ``--substantive`` histories, diffs and word diffs."""

from __future__ import annotations

import re

QUOTES = "'\"‘’‚‛“”„‟`´′″«»‹›"
DASHES = "‐‑‒–—―−"
_CHARACTERS = str.maketrans(
    {
        **dict.fromkeys(map(ord, QUOTES), '"'),
        **dict.fromkeys(map(ord, DASHES), "-"),
        ord("\u00a0"): " ",
        ord("…"): "...",
        ord("™"): None,
        ord("®"): None,
    }
)
# (TM), (tm), (R) right after a word: the trademark signs of files without ™ and ®.
_MARK_WORDS = re.compile(r"(?<=\w)\((?:TM|tm|R)\)")
# An underscore opening or closing a word: a plain-text file's italics (_Magic_).
_ITALICS = re.compile(r"(?<!\w)_(?=\w)|(?<=\w)_(?!\w)")
_DASH = re.compile(r"\s*-+\s*")


def fold_typography(text: str) -> str:
    """``text`` with its typography folded (see the module): two texts that fold alike say
    the same words."""
    # Most rules are ASCII: a few replace() scans beat translate()'s lookup of every character.
    value = text if text.isascii() else text.translate(_CHARACTERS)
    if "'" in value or "`" in value:
        value = value.replace("'", '"').replace("`", '"')
    if "(" in value:
        value = _MARK_WORDS.sub("", value)
    if "_" in value:
        value = _ITALICS.sub("", value)
    if "-" in value:
        value = _DASH.sub("-", value)
    return " ".join(value.split())
