"""Which of a release's own rules a type-line or subtype-choice problem cites.

Rule numbers are data: what today's rules say in 205.1, 205.3b, 205.3d and 205.3e was 204.x
from 2009-07-11 to 2011-07-15, 205.x in other words from 2003-07-01, and 212.x before (the
Sixth Edition era). Each is found by what the rule says, in the rules the release recorded
(``rule_text``: its type-line rules and the rules it cites), never by a table of releases.
Where a release has no rule for something, the nearest rule it has is cited and
:attr:`Citations.missing` says what it lacks, for the messages to say so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from rulesdb.util.rule_numbers import rule_key

# What each rule says, as the releases word it, the most telling wording first: the first
# pattern any rule matches decides, and among the rules it matches the lowest number.
_TYPE_LINE = (
    r"printed directly below the illustration",  # 205.1 (2003 on), 204.1
    r"have one or more (?:card )?types",
)  # 212.1: "All cards have one or more types"
_SUBTYPE_WORDS = (
    r"subtypes\b[^.]*\b(?:listed|appear) after (?:a|the) [\"“]?(?:long dash|dash|-)",
    r"subtypes\b[^.]*\blisted after [\"“]\w+,?[\"”],? separated by a long dash",
    r"If more than one word is listed after the",  # 212.2 of 1999-11-01
    r"include subtypes, printed on the same line",
)  # 212.2 of 1999-04-23
_GAIN = (
    r"can't gain a subtype that doesn't correspond",  # 205.3d (2011-09-30 on)
    r"correlated to its appropriate card type",  # 205.3e (2007-10-01), 204.3c
    r"unique set of (?:possible )?subtypes",  # 205.3d (2004-10-01)
    r"don't have subtypes|There are no subtypes for",  # 205.3d (2003-07-01), 212.2d
    r"Some card types include subtypes",
)  # 212.2 (1999)
_CHOICE = (r"choose one, and only one, existing subtype",)  # 205.3e, 204.3d (2009-07-11 on)
_CORRELATION = (r"correlated to its appropriate card type",)  # 205.3c, 204.3c (2009-07-11)


class Citations(NamedTuple):
    type_line: str  # a type line contains the card's card types (205.1)
    subtype_words: str  # subtypes follow a long dash, a word each (205.3b)
    gain: str  # a subtype must correspond to one of the object's card types (205.3d)
    choice: str | None  # choose one, and only one, existing subtype (205.3e); None: no rule
    glossary_lists: frozenset[str] = frozenset()  # categories listed in the glossary only
    # each subtype of a card of several card types is correlated to its own (205.3c); where
    # no rule says so, the rule on corresponding subtypes
    correlation: str = "205.3c"

    def choice_rule(self, category_rule: str) -> str:
        """The rule a bad choice cites: the release's own, else the rule naming the list."""
        return self.choice or category_rule


# A vocabulary built without its release's rules (in memory, by hand) speaks today's numbers.
CURRENT = Citations("205.1", "205.3b", "205.3d", "205.3e")
NO_CHOICE_RULE = "the release has no rule on choosing a subtype"


def find_citations(
    rules: Mapping[str, str],
    card_type_rule: str,
    category_rules: Mapping[str, str],
    subtype_names: Mapping[str, Iterable[str]],
) -> Citations:
    """The rules of one release (number -> text) that say each thing; ``card_type_rule``
    stands in for any the release does not say at all."""
    if not rules:
        return CURRENT
    ordered = sorted(rules.items(), key=lambda item: rule_key(item[0]))

    def find(patterns: tuple[str, ...]) -> str | None:
        for pattern in patterns:
            found = re.compile(pattern, re.IGNORECASE)
            for number, text in ordered:
                if found.search(text.replace("’", "'")):
                    return number
        return None

    fallback = card_type_rule or ordered[0][0]
    gain = find(_GAIN) or fallback
    return Citations(
        type_line=find(_TYPE_LINE) or fallback,
        subtype_words=find(_SUBTYPE_WORDS) or fallback,
        gain=gain,
        choice=find(_CHOICE),
        glossary_lists=frozenset(
            category
            for category, rule in category_rules.items()
            if not _lists(rules.get(rule, ""), list(subtype_names.get(category, ())))
        ),
        correlation=find(_CORRELATION) or gain,
    )


def _lists(text: str, names: list[str]) -> bool:
    """Whether a rule's text enumerates the names (most of them: 2008-05-01 garbled a few)
    rather than naming the category and leaving the list to the glossary ("You can find the
    complete list ... in the glossary"; a name quoted in an example lists nothing)."""
    if not names:
        return True
    if re.search(r"\bin the glossary\b", text, re.IGNORECASE):
        return False
    folded = _QUOTED.sub(" ", text).casefold()
    return sum(name.casefold() in folded for name in names) * 2 >= len(names)


_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|\?[A-Z][^?]*\?")  # 2008-05-01: quotes became "?"
