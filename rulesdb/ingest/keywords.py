"""The keyword vocabularies of one release, read from its rules: keyword abilities, keyword
actions and ability words.

Found by what the rules say, not by their numbers, so every era reads alike:

- keyword abilities and keyword actions are the titles of the rules directly under the
  section rule titled "Keyword Abilities" / "Keyword Actions" (702 and 701 since 2009-07-11;
  502 and 501 before; the files before 2007-05-01 have no keyword actions section at all);
- ability words are the list of the rule that says "The ability words are ..." (207.2c today,
  206.2c in 2009), or, where no rule lists them, of the glossary entry that does ("The list
  of ability words, updated through the ... set, is as follows: ...", 2008–2009). A release
  with no such list has no ability words, and a note says so.

Names keep the CR's spelling (``Double Strike``, ``council’s dilemma``; a straight
apostrophe, printed once in 2019-01-25, is listed in the CR's usual typographic one, with a
note, as the type names are). Whatever the CR does unusually is a note, never patched: a title
naming two keywords ("Tap and Untap",
"Daybound and Nightbound") gives both names; a number printed twice (2024-09-20's two
702.175) gives both titles; a title listed twice keeps its first rule.

Read when a release's seed is written (``rulesdb.authoring.seed``): the seed carries the
keywords, and the migrations load them as they load the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rulesdb.util.keyword_kinds import (
    ABILITY_WORD,
    KEYWORD_ABILITY,
    KEYWORD_ACTION,
)

# The section titles the keyword rules sit under, case-folded.
SECTIONS = {"keyword abilities": KEYWORD_ABILITY, "keyword actions": KEYWORD_ACTION}
WHAT = {
    KEYWORD_ABILITY: "keyword abilities",
    KEYWORD_ACTION: "keyword actions",
    ABILITY_WORD: "ability words",
}

_SECTION = re.compile(r"\d{3}")
_RULE_LIST = re.compile(r"\bThe ability words are (?P<list>.+)", re.DOTALL)
_GLOSSARY_LIST = re.compile(
    r"\blist of ability words\b[^:]*:\s*(?P<list>.+)", re.IGNORECASE | re.DOTALL
)
_LIST_END = re.compile(r"\.(?:\s|$)")
_PAIR = re.compile(r"(?P<first>\S+) and (?P<second>\S+)")  # "Tap and Untap"
_TITLE_LIMIT = 60  # longer, or ending with a period: a sentence, not a keyword's title
_HEADINGS = {"general"}  # a subsection heading under the section, not a keyword
_STRAIGHT, _CURLY = "'", "\u2019"


@dataclass(frozen=True)
class Keyword:
    kind: str  # keyword_ability | keyword_action | ability_word
    name: str  # as the CR prints it
    rule: str  # the rule titled by it (702.19), or listing it (207.2c), or the glossary term


@dataclass(frozen=True)
class KeywordNote:
    rule: str | None
    kind: str  # two-in-one-title, number-printed-twice, listed-twice, not-a-title, ...
    text: str


def extract_keywords(
    rules: Iterable[tuple[str, str]], glossary: Iterable[tuple[str, str]] = ()
) -> tuple[list[Keyword], list[KeywordNote]]:
    """The keywords of a release from its rules ((number, text) in file order, a number
    printed twice given twice) and glossary ((term, text)), with the notes on what was
    unusual."""
    rules = list(rules)
    found: list[Keyword] = []
    notes: list[KeywordNote] = []
    for kind in (KEYWORD_ABILITY, KEYWORD_ACTION):
        found += _section_keywords(rules, kind, notes)
    found += _ability_words(rules, list(glossary), notes)
    return found, notes


def _section_keywords(
    rules: list[tuple[str, str]], kind: str, notes: list[KeywordNote]
) -> list[Keyword]:
    sections = [
        number
        for number, text in rules
        if _SECTION.fullmatch(number) and SECTIONS.get(text.strip().casefold()) == kind
    ]
    if not sections:
        notes.append(
            KeywordNote(
                None,
                "not-listed",
                f"no section is titled {WHAT[kind].title()!r}: the release lists no {WHAT[kind]}",
            )
        )
        return []
    section = sections[0]
    if len(sections) > 1:
        notes.append(
            KeywordNote(
                section,
                "section-printed-twice",
                f"{WHAT[kind].title()} is the title of {', '.join(sections)}; read from {section}",
            )
        )
    child = re.compile(rf"{re.escape(section)}\.(\d+)")
    titles: dict[str, list[str]] = {}
    found: dict[str, Keyword] = {}
    for number, text in rules:
        match = child.fullmatch(number)
        if match is None:
            continue
        title = " ".join(text.split())
        if title.casefold() in _HEADINGS:
            continue
        if title.endswith(".") or len(title) > _TITLE_LIMIT:
            if match[1] != "1":  # N.1 introduces the section in every era
                notes.append(
                    KeywordNote(
                        number,
                        "not-a-title",
                        f"{number} is a sentence, not a keyword's title; not read as one",
                    )
                )
            continue
        titles.setdefault(number, []).append(title)
        for name in _names(number, title, kind, notes):
            if name in found:
                notes.append(
                    KeywordNote(
                        number,
                        "listed-twice",
                        f"{name} titles {found[name].rule} and {number}; "
                        f"kept as {found[name].rule}",
                    )
                )
                continue
            found[name] = Keyword(kind, name, number)
    for number, printed in titles.items():
        if len(printed) > 1:
            notes.append(
                KeywordNote(
                    number,
                    "number-printed-twice",
                    f"{number} is printed {len(printed)} times, titled "
                    f"{', '.join(printed)}: each is a keyword",
                )
            )
    return list(found.values())


def _names(number: str, title: str, kind: str, notes: list[KeywordNote]) -> list[str]:
    pair = _PAIR.fullmatch(title)
    if pair is None:
        return [_spelled(title, number, notes)]
    names = [pair["first"], pair["second"]]
    notes.append(
        KeywordNote(
            number,
            "two-in-one-title",
            f"{number} {title!r} titles two {WHAT[kind]}: {names[0]} and {names[1]}, each listed",
        )
    )
    return [_spelled(name, number, notes) for name in names]


def _spelled(name: str, where: str | None, notes: list[KeywordNote]) -> str:
    """The CR's own spelling, a typographic apostrophe, as the type names are stored: a
    release printing a straight one (2019-01-25's "council's dilemma") lists the same keyword
    as the others, and a note says how it was printed."""
    if _STRAIGHT not in name:
        return name
    spelled = name.replace(_STRAIGHT, _CURLY)
    notes.append(
        KeywordNote(
            where,
            "respelled",
            f"{name!r} is printed with a straight "
            f"apostrophe; listed as {spelled!r}, the CR's own spelling",
        )
    )
    return spelled


def _ability_words(
    rules: list[tuple[str, str]], glossary: list[tuple[str, str]], notes: list[KeywordNote]
) -> list[Keyword]:
    where, listed = None, None
    for number, text in rules:
        match = _RULE_LIST.search(text)
        if match:
            where, listed = number, match["list"]
            break
    else:
        for term, text in glossary:
            match = _GLOSSARY_LIST.search(text)
            if match:
                where, listed = term, match["list"]
                notes.append(
                    KeywordNote(
                        None,
                        "glossary-list",
                        f"no rule lists the ability words; read from the glossary entry {term!r}",
                    )
                )
                break
    if where is None or listed is None:
        notes.append(
            KeywordNote(
                None,
                "not-listed",
                "no rule or glossary entry lists the ability words: the release lists none",
            )
        )
        return []
    words: list[Keyword] = []
    for printed in split_list(listed):
        name = _spelled(printed, where, notes)
        if any(word.name == name for word in words):
            notes.append(KeywordNote(where, "listed-twice", f"{where} lists {name} twice"))
            continue
        words.append(Keyword(ABILITY_WORD, name, where))
    return words


def split_list(listed: str) -> list[str]:
    """'adamant, addendum, and will of the council. More' -> the three names: up to the
    sentence's end, split at commas and the last "and"."""
    end = _LIST_END.search(listed)
    sentence = " ".join((listed[: end.start()] if end else listed).split())
    items = [item.strip() for item in sentence.split(",")]
    if len(items) == 1 and " and " in items[0]:  # "A and B"
        items = items[0].split(" and ")
    items = [item.removeprefix("and ").strip() for item in items]
    return [item for item in items if item]
