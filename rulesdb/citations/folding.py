"""Text as the citation gate compares it: typography folded, words stemmed, a quote's pieces.

Folding (:func:`fold`): Unicode NFKC; curly quotes and apostrophes to ``'`` and ``"``; en and
em dashes, minus signs and non-breaking hyphens to ``-``; a backslash before a quote (a
string literal's escape) dropped; runs of whitespace to one space; case folded. A quote's
ellipses (``…`` or ``...``) split it into pieces that must appear in that order; the
punctuation around each piece is not compared.

Words (:func:`words`) are what descriptions are compared by: lowercased, stop words left out,
plural ``s`` and possessive ``'s`` trimmed. Stems (:func:`stem`) are what a title is found
by in a rule's text: "plotted", "plots" and "plotting" are "plot"; "abilities" is "ability".
"""

from __future__ import annotations

import re
import unicodedata

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00a0": " ",
    }
)
_ESCAPED_QUOTE = re.compile(r"\\(['\"])")
_SPACE = re.compile(r"\s+")
_ELLIPSIS = re.compile(r"\s*(?:\u2026|\.\.\.+|\[\s*\.\.\.\s*\])\s*")
_EDGE_PUNCTUATION = " .,;:!?'\"()[]-"
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_STEM_WORD = re.compile(r"[a-z0-9]+")
STOP = frozenset(
    """a an the and or of to in on at by for from with as is are be been was were
that this these those it its it's if then than so not no any all each other such into onto
can may must might will would should could do does did has have had see also per via rule
rules cr comprehensive see below above here there note todo fixme xxx etc e.g i.e
section subrule""".split()
)


def fold(text: str) -> str:
    """Text as quotes are compared: see the module's notes."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    text = _ESCAPED_QUOTE.sub(r"\1", text)
    return _SPACE.sub(" ", text).strip().casefold()


def pieces(quote: str) -> list[str]:
    """A quote's pieces between its ellipses, folded, their edge punctuation dropped."""
    found = [piece.strip(_EDGE_PUNCTUATION) for piece in _ELLIPSIS.split(fold(quote))]
    return [piece for piece in found if piece]


def holds(text: str, parts: list[str]) -> bool:
    """Whether the folded ``text`` holds the pieces, in order."""
    at = 0
    for piece in parts:
        at = text.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def holds_quote(quote: str, text: str) -> bool:
    """Whether ``text`` holds ``quote`` verbatim: both folded, the quote's ellipses splitting
    it into pieces found in order."""
    parts = pieces(quote)
    return bool(parts) and holds(fold(text), parts)


def words(text: str) -> list[str]:
    """A description's words, as they are compared with a rule's (see the module's notes)."""
    found = []
    for word in WORD.findall(fold(text)):
        word = word.removesuffix("'s")
        if word in STOP or len(word) < 3 or word.isdigit():
            continue
        found.append(
            word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
        )
    return found


def stem(word: str) -> str:
    """A word's stem for finding a name in a text: inflections of the same word alike."""
    word = word.removesuffix("'s")
    for suffix, replacement in (("ies", "y"), ("ied", "y")):
        if len(word) > 4 and word.endswith(suffix):
            return word[: -len(suffix)] + replacement
    for suffix in ("ing", "ed"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "aeiouls":
                word = word[:-1]  # plotted, plotting: plot
            return word.removesuffix("e")
    if len(word) > 3 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    return word.removesuffix("e") if len(word) > 3 else word


def stems(text: str) -> tuple[str, ...]:
    """The stems of the folded ``text``'s words, in order."""
    return tuple(stem(word) for word in _STEM_WORD.findall(fold(text)))


def holds_stems(text: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Whether the stems ``name`` stand together, in order, among ``text``'s."""
    if not name:
        return False
    first, size = name[0], len(name)
    return any(text[at : at + size] == name for at, word in enumerate(text) if word == first)
