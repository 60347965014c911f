"""The glossary of each release: an entry, its definitions through the releases, and, for a
term a release does not print, the term that replaced it or that it replaced.

A renamed term is read from the glossary's own history: a term a release stops printing
whose last definition the next release prints, nearly word for word, under a new term
(Converted Mana Cost → Mana Value on 2021-04-22, Checklist Card → Substitute Card on
2020-09-25). "Nearly" is measured on the two definitions (rapidfuzz's ratio, 0 to 1): at
least ``SAME_DEFINITION``, or at least ``SAME_DEFINITION_NAMED`` when one term's words hold
the other's (Upkeep → Upkeep Step, Totem Armor → Totem Armor (Obsolete)). The pairs this
finds, and the sample read against the official files, are in docs/history.md.
"""

from __future__ import annotations

import difflib
import re
from bisect import bisect_left, bisect_right
from datetime import date
from typing import Any, TypedDict

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.questions.reasons import Reason, ReasonJSON
from rulesdb.questions.rulebook import NEAREST, UnknownEntry
from rulesdb.questions.rulebook_texts import rulebook_days
from rulesdb.questions.successors import successor
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.names import lookup_key
from rulesdb.util.typography import fold_typography
from rulesdb.vocabulary.release import Successor

SAME_DEFINITION = 0.75
SAME_DEFINITION_NAMED = 0.6
_TERM_WORD = re.compile(r"[a-z]+")


class GlossaryEntry(TypedDict):
    release: str  # the release that printed it (YYYY-MM-DD)
    term: str  # as the glossary prints it
    text: str
    # Wizards' reasons for this definition: the bulletin on the release that first printed it
    why: list[ReasonJSON]


class GlossaryVersion(TypedDict):
    text: str
    first_release: str  # YYYY-MM-DD
    last_release: str
    releases: int  # how many consecutive releases print it


class TermChange(TypedDict):
    """A glossary term replaced by another: the definition moved to a new term."""

    old: str  # the term the glossary stopped printing
    new: str  # the term that prints its definition from ``release`` on
    release: str  # the first release printing ``new`` (YYYY-MM-DD)


def glossary_history(bind: Bind, term: str, substantive: bool = False) -> list[GlossaryVersion]:
    """Each distinct definition of the glossary term (exactly as printed), oldest first, over
    consecutive rulebook releases: text, first_release, last_release, releases. A release
    without the term ends a run as a new text does; an unknown term has no versions. With
    ``substantive``, a definition whose typography alone differs from the one the release
    before printed (:func:`rulesdb.util.typography.fold_typography`) is no new version."""
    with connected(bind) as connection:
        days = rulebook_days(connection)
        spans = fetch(
            connection,
            "SELECT g.first_release, g.last_release, g.text_id, t.text "
            "FROM glossary_span g JOIN rulebook_text t "
            "ON t.id = g.text_id WHERE g.term = :term",
            term=term,
        )
    by_day = _by_release(days, spans)
    runs: list[list[date]] = []
    for run in _runs(days, by_day):
        if (
            substantive
            and runs
            and days.index(run[0]) == days.index(runs[-1][-1]) + 1
            and fold_typography(by_day[run[0]]["text"])
            == fold_typography(by_day[runs[-1][-1]]["text"])
        ):
            runs[-1].extend(run)
        else:
            runs.append(list(run))
    return [
        GlossaryVersion(
            text=by_day[run[0]]["text"],
            first_release=run[0].isoformat(),
            last_release=run[-1].isoformat(),
            releases=len(run),
        )
        for run in runs
    ]


def glossary(bind: Bind, term: str, as_of: date | None = None) -> GlossaryEntry:
    """The glossary entry for ``term`` (any case, either apostrophe) in the release in force."""
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        rows = fetch(
            connection,
            "SELECT g.term, t.text FROM glossary_span g "
            "JOIN rulebook_text t ON t.id = g.text_id "
            f"WHERE {printed_in('g')} AND lower(g.term) = :term",
            day=day,
            term=term.strip().lower(),
        )
        if not rows:  # apostrophe style or spacing differ: compare every term's lookup key
            terms = _terms(connection, day)
            key = lookup_key(term)
            matching = [t for t in terms if lookup_key(t) == key]
            if not matching:
                raise _unknown_term(connection, term, day, terms)
            rows = fetch(
                connection,
                "SELECT g.term, t.text FROM glossary_span g "
                "JOIN rulebook_text t ON t.id = g.text_id "
                f"WHERE {printed_in('g')} AND g.term = :term",
                day=day,
                term=matching[0],
            )
        why = definition_reasons(connection, rows[0]["term"], day)
    return GlossaryEntry(
        release=day.isoformat(),
        term=rows[0]["term"],
        text=rows[0]["text"],
        why=[reason.to_json() for reason in why],
    )


def definition_reasons(connection: Connection, term: str, day: date) -> list[Reason]:
    """Wizards' reasons for the definition of ``term`` printed on ``day``: the bulletin's
    entries naming it on the release that first printed that definition (a retypesetting
    no new one)."""
    from rulesdb.questions.term_reasons import term_reasons

    found = [
        version["first_release"]
        for version in glossary_history(connection, term, substantive=True)
        if version["first_release"] <= day.isoformat() <= version["last_release"]
    ]
    return term_reasons(connection, [(term, found)]).get(term, [])


def _unknown_term(connection: Connection, term: str, day: date, terms: list[str]) -> RulesdbError:
    if not terms:
        return RulesdbError(f"release {day.isoformat()} has no rulebook in this database")
    by_key = {lookup_key(t): t for t in terms}
    close = difflib.get_close_matches(lookup_key(term), list(by_key), n=2 * NEAREST, cutoff=0.6)
    nearest = [by_key[k] for k in close] or [
        t for t in terms if t[:1].lower() == term.strip()[:1].lower()
    ][: 2 * NEAREST]
    went = successor(connection, term, day)
    lead = ""
    if went is not None:  # a renamed card type or keyword: its entry under the new name
        change = "merged into" if went["change"] == "merged" else "renamed"
        entry = by_key.get(lookup_key(went["to"]))
        lead = (
            f"; {went['from']} was {change} {went['to']} on {went['release_date']} "
            f"({went['rule']})" + (f": see {entry!r}" if entry else "")
        )
    lead += "".join(f"; {said}" for said in _replaced_said(connection, term, set(terms), went))
    return UnknownEntry(
        f"no glossary entry {term!r} in release {day.isoformat()}{lead}"
        + (f"; nearest: {', '.join(nearest)}" if nearest else "")
    )


def _replaced_said(
    connection: Connection, term: str, printed: set[str], went: Successor | None
) -> list[str]:
    """ "'Converted Mana Cost' was replaced by 'Mana Value' on 2021-04-22: see 'Mana Value'",
    or "'Mana Value' replaced 'Converted Mana Cost' on ...": each replacement of ``term``
    or by it, the terms one release made of one term together; "see" the ones ``printed``."""
    key = lookup_key(term)
    grouped: dict[tuple[bool, str, str], list[str]] = {}
    for moved in term_changes(connection, term):
        if went is not None and lookup_key(went["to"]) == lookup_key(moved["new"]):
            continue  # the curated rename says it already
        replaced = lookup_key(moved["old"]) == key
        own, other = (moved["old"], moved["new"]) if replaced else (moved["new"], moved["old"])
        grouped.setdefault((replaced, own, moved["release"]), []).append(other)
    said = []
    for (replaced, own, when), others in grouped.items():
        named = " and ".join(repr(other) for other in others)
        seen = [other for other in others if other in printed]
        see = f": see {', '.join(repr(other) for other in seen)}" if seen else ""
        verb = "was replaced by" if replaced else "replaced"
        said.append(f"{own!r} {verb} {named} on {when}{see}")
    return said


def term_changes(connection: Connection, term: str) -> list[TermChange]:
    """Every replacement of a term spelled like ``term`` (any case, either apostrophe) by
    another, or of another by it, oldest first, from the glossary's history (see the
    module's docstring)."""
    key = lookup_key(term)
    rows = fetch(
        connection,
        "SELECT term, MIN(first_release) AS first, MAX(last_release) AS last "
        "FROM glossary_span GROUP BY term",
    )
    ends = {row["term"]: (as_date(row["first"]), as_date(row["last"])) for row in rows}
    days = rulebook_days(connection)
    found: list[TermChange] = []
    for spelled in sorted(t for t in ends if lookup_key(t) == key):
        first, last = ends[spelled]
        at = bisect_right(days, last)
        if at < len(days):  # the release after its last: the terms it prints first
            found += _replacements(connection, ends, [spelled], days[at], last)
        at = bisect_left(days, first)
        if at > 0:  # the release before its first: the terms it prints last
            before = days[at - 1]
            gone = [t for t, (_, end) in ends.items() if end == before]
            found += [
                change
                for change in _replacements(connection, ends, gone, first, before)
                if change["new"] == spelled
            ]
    return sorted(found, key=lambda c: (c["release"], c["old"], c["new"]))


def _replacements(
    connection: Connection,
    ends: dict[str, tuple[date, date]],
    old_terms: list[str],
    day: date,
    before: date,
) -> list[TermChange]:
    """The terms release ``day`` prints first whose definition is, nearly, the one a term of
    ``old_terms`` had in the release ``before`` (the one before ``day``)."""
    new_terms = [t for t, (start, _) in ends.items() if start == day]
    if not new_terms or not old_terms:
        return []
    old = _definitions(connection, before, old_terms)
    new = _definitions(connection, day, new_terms)
    return [
        TermChange(old=o, new=n, release=day.isoformat())
        for o in sorted(old)
        for n in sorted(new)
        if _same_definition(o, old[o], n, new[n])
    ]


def _definitions(connection: Connection, day: date, terms: list[str]) -> dict[str, str]:
    wanted = set(terms)
    rows = fetch(
        connection,
        "SELECT g.term, t.text FROM glossary_span g JOIN rulebook_text t ON t.id = g.text_id "
        f"WHERE {printed_in('g')}",
        day=day,
    )
    return {row["term"]: row["text"] for row in rows if row["term"] in wanted}


def _same_definition(old_term: str, old: str, new_term: str, new: str) -> bool:
    from rapidfuzz import fuzz  # only a term a release lacks asks: not at every start

    ratio = fuzz.ratio(old, new) / 100
    if ratio >= SAME_DEFINITION:
        return True
    words = [set(_TERM_WORD.findall(t.casefold())) for t in (old_term, new_term)]
    return ratio >= SAME_DEFINITION_NAMED and (words[0] <= words[1] or words[1] <= words[0])


def _terms(connection: Connection, day: date) -> list[str]:
    return [
        row["term"]
        for row in fetch(
            connection, f"SELECT g.term FROM glossary_span g WHERE {printed_in('g')}", day=day
        )
    ]


def _by_release(days: list[date], spans: list[dict[str, Any]]) -> dict[date, dict[str, Any]]:
    """Each release's row, from the spans printing it (every release between the ends)."""
    by_day: dict[date, dict[str, Any]] = {}
    for span in spans:
        first, last = as_date(span["first_release"]), as_date(span["last_release"])
        by_day.update(
            dict.fromkeys(days[bisect_left(days, first) : bisect_right(days, last)], span)
        )
    return by_day


def _runs(days: list[date], by_day: dict[date, dict[str, Any]]) -> list[list[date]]:
    """Consecutive releases printing the same text, in order."""
    runs: list[list[date]] = []
    previous = None
    for day in days:
        row = by_day.get(day)
        current = row["text_id"] if row else None
        if current is not None:
            if current == previous and runs:
                runs[-1].append(day)
            else:
                runs.append([day])
        previous = current
    return runs
