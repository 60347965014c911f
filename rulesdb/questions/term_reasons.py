"""Why a glossary entry changed: the bulletins' ``glossary`` entries beside the terms they name.

A bulletin names glossary terms in its heading ("Glossary: Attack Alone, Casting Cost") or,
under a heading naming none ("Glossary", "New Glossary Entries"), in its text ("New entries
for investigate and skulk"). A term is named when its words stand in that text in order: case,
quotes, apostrophes, hyphens and brackets aside, a plural as its singular, a comma-separated
term ("Modal, Mode") by any of its names, "(Obsolete)" left out. Where two terms of the
release's glossary are named at the same words, the longer one is ("Level Up: …" names Level
Up, not Level). Under a heading of new entries only the terms the release adds are named, under
one of revised entries only those the release before printed ("Revised Glossary Entries: …
look for Class card info" names no Class, new that release).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from functools import cache

from sqlalchemy import Connection

from rulesdb.questions.reading import as_date, fetch
from rulesdb.questions.reasons import Reason, _has_bulletins, _reason
from rulesdb.questions.rulebook_texts import rulebook_days
from rulesdb.util.typography import fold_typography

_WORD = re.compile(r"[a-z0-9]+")
# A heading of these words names no term: the entry's text does.
_GENERIC = {"glossary", "new", "revised", "entry", "term"}  # (words as stemmed)


def _stem(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    folded = fold_typography(text).casefold().replace("'", "")
    return [_stem(word) for word in _WORD.findall(folded)]


@cache  # a glossary's terms, asked of each entry
def _names(term: str) -> list[list[str]]:
    """The word sequences that name a term: each of its comma-separated names."""
    bare = re.sub(r"\((?:informal|obsolete)\)", "", term, flags=re.IGNORECASE)
    return [words for name in bare.split(",") if (words := _words(name))]


def _named_text(reason: Reason) -> list[str]:
    heading = _words(reason.heading)
    if any(word not in _GENERIC for word in heading):
        return heading
    return _words(reason.why)


def named_terms(reason: Reason, printed: set[str], printed_before: set[str]) -> set[str]:
    """The terms the entry names (see the module's docstring) among those its release
    (``printed``) or the one before (``printed_before``) prints."""
    text = _named_text(reason)
    heading = set(_words(reason.heading))
    starts: dict[str, list[int]] = {}  # each word of the text: where it stands
    for at, word in enumerate(text):
        starts.setdefault(word, []).append(at)
    spans: list[tuple[int, int, str]] = []  # (start, end, term) of each place a term is named
    for term in sorted(printed | printed_before):
        for name in _names(term):
            size = len(name)
            spans += [
                (at, at + size, term)
                for at in starts.get(name[0], [])
                if text[at : at + size] == name
            ]
    named = {
        term
        for start, end, term in spans
        # a term named only inside a longer one's words is not named
        if not any(s <= start and end <= e and e - s > end - start for s, e, _ in spans)
    }
    if heading <= _GENERIC and "new" in heading:
        return named - printed_before
    if heading <= _GENERIC and "revised" in heading:
        return named & printed_before
    return named


def glossary_reasons(connection: Connection, days: Iterable[date]) -> dict[date, list[Reason]]:
    """The bulletins' glossary entries on the changes each of ``days`` made, by release."""
    wanted = sorted(set(days))
    if not wanted or not _has_bulletins(connection):
        return {}
    rows = fetch(
        connection,
        "SELECT e.release_date, e.position, e.kind, e.heading, e.why, e.note, b.title, "
        "b.published, b.url, b.archived_url FROM bulletin_entry e "
        "JOIN release_bulletin b ON b.release_date = e.release_date "
        "WHERE e.kind = 'glossary' AND e.release_date >= :low AND e.release_date <= :high "
        "ORDER BY e.release_date, e.position",
        low=wanted[0],
        high=wanted[-1],
    )
    found: dict[date, list[Reason]] = {}
    for row in rows:
        reason = _reason(row)
        day = date.fromisoformat(reason.release)
        if day in wanted:
            found.setdefault(day, []).append(reason)
    return found


def term_reasons(
    connection: Connection, changed: Iterable[tuple[str, Iterable[str]]]
) -> dict[str, list[Reason]]:
    """The reasons beside each changed glossary term: ``changed`` holds (term, the releases
    that changed it, ISO dates); a reason is the bulletin's glossary entry on one of those
    releases that names the term among the terms that release or the one before prints."""
    wanted = [(term, [date.fromisoformat(d) for d in releases]) for term, releases in changed]
    by_release = glossary_reasons(connection, {day for _, days in wanted for day in days})
    if not by_release:
        return {}
    rulebooks = rulebook_days(connection)
    spans = [
        (as_date(row["first_release"]), as_date(row["last_release"]), row["term"])
        for row in fetch(connection, "SELECT term, first_release, last_release FROM glossary_span")
    ]

    def terms(day: date) -> set[str]:
        return {term for first, last, term in spans if first <= day <= last}

    named: dict[date, list[tuple[Reason, set[str]]]] = {}
    for day, reasons in by_release.items():
        at = rulebooks.index(day)
        printed = terms(day)
        before = terms(rulebooks[at - 1]) if at > 0 else set()
        named[day] = [(reason, named_terms(reason, printed, before)) for reason in reasons]
    found: dict[str, list[Reason]] = {}
    for term, days in wanted:
        own = [r for day in days for r, terms in named.get(day, []) if term in terms]
        if own:
            found[term] = own
    return found
