"""Answers cut to pages: a search with the number of hits and an offset, a diff between two
releases as counts with one part at a time. For readers that take a bounded answer and ask
for the rest (the MCP server's tools); the CLI prints whole answers."""

from __future__ import annotations

from datetime import date
from typing import Any, TypedDict

from rulesdb.errors import RulesdbError
from rulesdb.questions import search
from rulesdb.questions.changes import Digest
from rulesdb.questions.diff import Comparison
from rulesdb.questions.reading import Bind, connected
from rulesdb.questions.rulebook import RuleVersion
from rulesdb.questions.rulebook_diff import RuleDiff, marked_changes
from rulesdb.questions.search import SearchHit
from rulesdb.store.releases import release_in_force

MAX_PAGE = 100  # entries on one page
MAX_REACH = 1000  # offset + limit: how deep a search is paged (the CLI's --limit bound)
RULE_DIFF_PARTS = ("added", "removed", "moved", "changed")
CHANGES_PARTS = ("rules", "types", "glossary")


def check_page(offset: int, limit: int, reach: int | None = None) -> None:
    """Refuse a page out of bounds, naming the argument."""
    if not 1 <= limit <= MAX_PAGE:
        raise RulesdbError(f"limit: {limit} is not between 1 and {MAX_PAGE}")
    if offset < 0:
        raise RulesdbError(f"offset: {offset} is negative")
    if reach is not None and offset + limit > reach:
        raise RulesdbError(
            f"offset: {offset} + limit {limit} is past the {reach} entries "
            "a search is paged through; search with more words"
        )


class SearchPage(TypedDict):
    release: str  # the release searched (YYYY-MM-DD)
    any_word: bool  # entries with any of the words, not all
    total: int  # entries found in all
    offset: int
    limit: int
    next_offset: int | None  # None on the last page
    hits: list[SearchHit]
    # Nothing found with every word of several: how many entries each word finds alone;
    # else empty.
    alone: dict[str, int]


def search_page(
    bind: Bind,
    words: str,
    as_of: date | None = None,
    offset: int = 0,
    limit: int = 10,
    *,
    any_word: bool = False,
) -> SearchPage:
    """One page of :func:`rulesdb.questions.search.search`, best first; when every word of
    several must match and no entry has them all, each word's count alone (``alone``)."""
    check_page(offset, limit, MAX_REACH)
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        hits = search.search(connection, words, day, limit, offset, any_word=any_word)
        total = search.search_count(connection, words, day, any_word=any_word)
        several = len(set(search.words_of(words))) > 1
        wanted = total == 0 and several and not any_word
        alone = search.alone(connection, words, day) if wanted else {}
    return SearchPage(
        release=day.isoformat(),
        any_word=any_word,
        total=total,
        offset=offset,
        limit=limit,
        next_offset=_next(offset, limit, total),
        hits=hits,
        alone=alone,
    )


def nothing_found(alone: dict[str, int], any_word: str) -> str:
    """What a search of several words that found nothing says: each word's count alone, and
    the form (``any_word``: how the reader asks for it) that finds entries with any."""
    counts = ", ".join(f"{word} {count:,}" for word, count in alone.items())
    missing = [word for word, count in alone.items() if not count]
    lead = "both words" if len(alone) == 2 else f"all {len(alone)} words"
    said = [f"no entry has {lead}; alone: {counts}"]
    if missing:
        said.append(f"{' and '.join(missing)}: in no entry (check the spelling)")
    if len(alone) - len(missing) > 0:
        said.append(f"{any_word} finds the entries with any of them")
    return "; ".join(said)


def history_page(versions: list[RuleVersion], offset: int = 0, limit: int = 10) -> dict[str, Any]:
    """A page of a rule's versions, oldest first (a creature-type rule has some fifty, each
    the whole list): total, offset, limit, versions, next_offset."""
    check_page(offset, limit)
    return {
        "total": len(versions),
        "offset": offset,
        "limit": limit,
        "versions": versions[offset : offset + limit],
        "next_offset": _next(offset, limit, len(versions)),
    }


def rule_diff_page(
    diff: RuleDiff, part: str | None, offset: int = 0, limit: int = 20
) -> dict[str, Any]:
    """A rule diff as counts of each part (added, removed, moved, changed) and, with ``part``,
    one page of that part: added and removed rules with their text, moved ones from and to
    (with their words marked when they changed too), changed ones with their words marked
    (removed ~~struck~~, added **bold**) and their text before and after."""
    counts = {
        "added": len(diff.added),
        "removed": len(diff.removed),
        "moved": len(diff.moved),
        "changed": len(diff.changed),
    }
    head = {
        "from": diff.from_date,
        "to": diff.to_date,
        "counts": counts,
        "bulletins": [c.to_json() for c in diff.coverage],
    }
    page = _part_page(head, part, RULE_DIFF_PARTS, offset, limit)
    if part is None:
        return page
    window = slice(offset, offset + limit)
    entries: list[dict[str, Any]]
    if part in ("added", "removed"):
        numbers = diff.added if part == "added" else diff.removed
        entries = [
            {"number": n, "text": diff.titles[n], "why": _why(diff, n)} for n in numbers[window]
        ]
    elif part == "moved":
        entries = [
            {
                "from": m["from"],
                "to": m["to"],
                "changed": m["changed"],
                "text": m["after"],
                "marked": marked_changes(m["before"], m["after"]) if m["changed"] else None,
                "why": _why(diff, m["to"]),
            }
            for m in diff.moved[window]
        ]
    else:
        entries = [
            {
                "number": c["number"],
                "uncertain": bool(c.get("uncertain")),
                "before": c["before"],
                "after": c["after"],
                "marked": marked_changes(c["before"], c["after"]),
                "why": _why(diff, c["number"]),
            }
            for c in diff.changed[window]
        ]
    page.update(entries=entries, next_offset=_next(offset, limit, counts[part]))
    return page


def _why(diff: RuleDiff, number: str) -> list[str]:
    """Wizards' reasons beside a change, as they read: "Why (Wizards, 2021-07-15): ..."."""
    return diff.why_lines(number)


def vocabulary_diff_page(
    comparison: Comparison, offset: int = 0, limit: int = 50
) -> dict[str, Any]:
    """A type-system diff as counts of each change and one page of its rows (change, kind,
    category, name)."""
    check_page(offset, limit)
    rows = comparison.to_rows()
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["change"]] = counts.get(row["change"], 0) + 1
    return {
        "from": comparison.from_date.isoformat(),
        "to": comparison.to_date.isoformat(),
        "counts": counts,
        "rules_changed": comparison.rules_changed,
        "why": [reason.line() for reason in comparison.why],
        "offset": offset,
        "limit": limit,
        "entries": rows[offset : offset + limit],
        "next_offset": _next(offset, limit, len(rows)),
    }


def changes_page(
    digest: Digest, part: str | None, offset: int = 0, limit: int = 20
) -> dict[str, Any]:
    """A digest of a span of releases as its counts and summary and, with ``part``, one page
    of that part: rules (each once, its net change with words marked, the releases that
    changed it), types and keywords (change, kind, category, name), glossary terms."""
    head = {
        "since": digest.since,
        "to": digest.to,
        "releases": list(digest.releases),
        "counts": digest.counts(),
        "summary": digest.summary(),
        "bulletins": [c.to_json() for c in digest.coverage],
    }
    page = _part_page(head, part, CHANGES_PARTS, offset, limit)
    if part is None:
        return page
    window = slice(offset, offset + limit)
    entries: list[dict[str, Any]]
    if part == "rules":
        total = len(digest.rules)
        entries = [
            {
                "change": rule.change,
                "number": rule.number,
                "from_number": rule.from_number,
                "releases": list(rule.releases),
                "uncertain": rule.uncertain,
                "marked": rule.marked(),
                "why": [reason.line() for reason in rule.why],
            }
            for rule in digest.rules[window]
        ]
    elif part == "types":
        rows = digest.vocabulary.to_rows()
        total, entries = len(rows), rows[window]
    else:
        total = len(digest.glossary)
        entries = [
            {
                "change": term.change,
                "term": term.term,
                "releases": list(term.releases),
                "marked": marked_changes(term.before, term.after)
                if term.before is not None and term.after is not None
                else term.after or term.before,
                "why": [reason.line() for reason in term.why],
            }
            for term in digest.glossary[window]
        ]
    page.update(entries=entries, next_offset=_next(offset, limit, total))
    return page


def _part_page(
    head: dict[str, Any], part: str | None, parts: tuple[str, ...], offset: int, limit: int
) -> dict[str, Any]:
    """A page of one part of an answer, its entries still to fill: ``head`` (what every page
    carries, the counts first), then the part and its window. A part not in ``parts`` is
    refused, naming the argument."""
    check_page(offset, limit)
    if part is not None and part not in parts:
        raise RulesdbError(f"part: {part!r} is none of {', '.join(parts)}")
    return {
        **head,
        "part": part,
        "offset": offset,
        "limit": limit,
        "entries": [],
        "next_offset": None,
    }


def _next(offset: int, limit: int, total: int) -> int | None:
    return offset + limit if offset + limit < total else None
