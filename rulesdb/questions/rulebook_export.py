"""The versioned rulebook as JSON (``rulesdb export --style rulebook``), described by the JSON
Schema ``docs/rulebook.schema.json``.

One release (:func:`export_rulebook`)::

    {"release": {"date": "2026-08-07", "sections": [{"number": "1", "title": "Game Concepts"}]},
     "rules": [{"number", "occurrence" (only when >= 2), "parent", "lineage", "text",
                "examples"}],
     "glossary": [{"term", "text"}],
     "keywords": [{"kind", "name", "rule"}]}

Every release (:func:`export_rulebook_all_releases`), each distinct text once as
``rulebook_text`` stores it::

    {"texts": {text id: {"text", "examples"}},
     "releases": {date: the release as above, its rules and glossary entries naming a
                  "text_id" instead of "text" and "examples"}}

Rules and glossary entries come in the release's printed order, keywords in the order of the
rules (then glossary entries) they title or are listed by. A text id is the decimal
``rulebook_text.id`` as a string: a signed 64-bit integer, which JavaScript's numbers would
round. A rule's lineage is the ``rule_lineage`` row with its number and occurrence whose run
of releases holds the release: the same id (``502.9@1999-04-23``) for as long as it keeps its
number.

Both shapes are read from the spans (``rule_span``, ``glossary_span``), each a run of
releases, rather than release by release: the 287,000 rules of 136 releases are 24,000 rows.
Everything is sorted in Python (keys compared by code point, as the sort keys are made to
sort bytewise), so both backends write the same bytes.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions.listings import has_keywords
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.store.releases import release_in_force
from rulesdb.util.rule_numbers import parent_number

STYLE = "rulebook"
LINEAGE_TABLE = "rule_lineage"
# Where a keyword's rule sorts: a rule's own key, then a glossary term's, then anything else.
_RULE, _TERM, _OTHER = 0, 1, 2


@dataclass
class _Release:
    """One release's rows as read from the spans, before sorting."""

    rules: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (sort_key, entry)
    glossary: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    keywords: list[dict[str, Any]] = field(default_factory=list)


def export_rulebook(bind: Bind, as_of: date | None) -> dict[str, Any]:
    """The rulebook of the release in force on ``as_of`` (default: the latest), texts in
    place."""
    with connected(bind) as connection:
        day = release_in_force(connection, as_of).isoformat()
        days = _rulebook_days(connection, day, day)
        if not days:
            raise RulesdbError(f"the release of {day} has no rulebook in this database")
        releases, texts = _read(connection, days)
    document = _document(day, releases[day], texts)
    for entry in document["rules"]:
        text = texts[entry.pop("text_id")]
        entry["text"], entry["examples"] = text["text"], list(text["examples"])
    for entry in document["glossary"]:
        entry["text"] = texts[entry.pop("text_id")]["text"]
    return document


def export_rulebook_all_releases(bind: Bind) -> dict[str, Any]:
    """Every release's rulebook, oldest first, each distinct text once in ``texts``."""
    with connected(bind) as connection:
        days = _rulebook_days(connection, None, None)
        releases, texts = _read(connection, days)
    documents = {day: _document(day, releases[day], texts) for day in days}
    # In order of first use: the oldest rulebook's texts first, then each release's new ones.
    used: dict[str, dict[str, Any]] = {}
    for document in documents.values():
        for entry in (*document["rules"], *document["glossary"]):
            if entry["text_id"] not in used:
                used[entry["text_id"]] = texts[entry["text_id"]]
    return {"texts": used, "releases": documents}


def dumps(document: dict[str, Any]) -> str:
    """The export as JSON text: its outline indented, each entry (rule, glossary entry,
    keyword, text, section) on one line. Indenting every member would add some 18 MB of
    spaces to --all-releases; one line an entry also makes two exports diff entry by entry."""
    lines: list[str] = []
    _write(document, 0, "", lines)
    return "\n".join(lines)


# --- reading ------------------------------------------------------------------------------------


def _rulebook_days(connection: Connection, first: str | None, last: str | None) -> list[str]:
    """The releases with a rulebook, oldest first (those from ``first`` to ``last``)."""
    days = sorted(
        as_date(row["d"]).isoformat()
        for row in fetch(connection, "SELECT release_date AS d FROM release_rulebook")
    )
    return [
        day for day in days if (first is None or first <= day) and (last is None or day <= last)
    ]


def _read(
    connection: Connection, days: list[str]
) -> tuple[dict[str, _Release], dict[str, dict[str, Any]]]:
    """Each release's rules, glossary entries and keywords, and the texts they print, from
    the spans overlapping ``days`` (one query a table, however many releases)."""
    if not _has_table(connection, LINEAGE_TABLE):
        raise RulesdbError(
            "this database has no rule lineages yet (table rule_lineage); run: rulesdb upgrade"
        )
    releases = {day: _Release() for day in days}
    if not days:
        return releases, {}
    bounds = {"first": as_date(days[0]), "last": as_date(days[-1])}
    # A span overlapping [first, last]; for one release (first = last) exactly printed_in.
    overlap = "{0}.first_release <= :last AND :first <= {0}.last_release"
    # A span may meet more than one lineage (a number given to another rule mid-span): each
    # release of it takes the lineage whose run holds that release.
    rules = fetch(
        connection,
        f"""
        SELECT r.number, r.occurrence, r.first_release, r.last_release, r.sort_key, r.text_id,
               l.first_release AS lineage_first, l.last_release AS lineage_last, l.lineage
        FROM rule_span r LEFT JOIN {LINEAGE_TABLE} l
          ON l.number = r.number AND l.occurrence = r.occurrence
         AND l.first_release <= r.last_release AND r.first_release <= l.last_release
        WHERE {overlap.format("r")}""",
        **bounds,
    )
    spans: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for row in rules:
        spans.setdefault((row["number"], row["occurrence"], _iso(row["first_release"])), []).append(
            row
        )
    for rows in spans.values():
        span = rows[0]
        number, occurrence = span["number"], span["occurrence"]
        entry: dict[str, Any] = {"number": number}
        if occurrence != 1:
            entry["occurrence"] = occurrence
        entry |= {"parent": parent_number(number), "lineage": None, "text_id": str(span["text_id"])}
        printed = _days_of(days, span["first_release"], span["last_release"])
        named = 0
        for row in rows:  # usually one lineage for the whole span
            if row["lineage"] is None:
                continue
            entry["lineage"] = row["lineage"]
            for day in _days_of(printed, row["lineage_first"], row["lineage_last"]):
                releases[day].rules.append((span["sort_key"], entry.copy()))
                named += 1
        if named != len(printed):
            raise RulesdbError(
                f"rule {number} (occurrence {occurrence}) has not one lineage "
                f"in rule_lineage for each release from {printed[0]} to "
                f"{printed[-1]}; run: rulesdb upgrade"
            )
    for span in fetch(
        connection,
        "SELECT g.term, g.first_release, g.last_release, g.sort_key, "
        f"g.text_id FROM glossary_span g WHERE {overlap.format('g')}",
        **bounds,
    ):
        for day in _days_of(days, span["first_release"], span["last_release"]):
            releases[day].glossary.append(
                (span["sort_key"], {"term": span["term"], "text_id": str(span["text_id"])})
            )
    if has_keywords(connection):
        for row in fetch(
            connection,
            "SELECT release_date, kind, name, rule FROM release_keyword "
            "WHERE release_date >= :first AND release_date <= :last",
            **bounds,
        ):
            day = _iso(row["release_date"])
            if day in releases:
                releases[day].keywords.append(
                    {"kind": row["kind"], "name": row["name"], "rule": row["rule"]}
                )
    texts = {
        str(row["id"]): {"text": row["text"], "examples": json.loads(row["examples"])}
        for row in fetch(
            connection,
            f"""
                 SELECT t.id, t.text, t.examples FROM rulebook_text t WHERE t.id IN (
                     SELECT r.text_id FROM rule_span r WHERE {overlap.format("r")}
                     UNION SELECT g.text_id FROM glossary_span g WHERE {overlap.format("g")})""",
            **bounds,
        )
    }
    return releases, texts


def _has_table(connection: Connection, name: str) -> bool:
    from sqlalchemy import inspect  # Core's inspector, as listings.has_keywords

    return inspect(connection).has_table(name)


def _days_of(days: list[str], first: Any, last: Any) -> list[str]:
    """The releases of ``days`` (sorted) from ``first`` to ``last``: those a span prints."""
    return days[bisect_left(days, _iso(first)) : bisect_right(days, _iso(last))]


def _iso(value: Any) -> str:
    """A date as ISO text (SQLite returns text, PostgreSQL dates)."""
    return value.isoformat() if isinstance(value, date) else str(value)


# --- shaping ------------------------------------------------------------------------------------


def _document(day: str, release: _Release, texts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One release's export, texts by id; in printed order."""
    rules = [entry for _, entry in sorted(release.rules, key=_by_key)]
    glossary = [entry for _, entry in sorted(release.glossary, key=_by_key)]
    # A keyword sorts where its rule is printed: for a number printed twice (2024-09-20's
    # 702.175, Offspring then Impending), the occurrence titled by the keyword.
    printed: dict[str, list[tuple[str, str]]] = {}  # number -> (sort key, text id), each time
    for key, entry in release.rules:
        printed.setdefault(entry["number"], []).append((key, entry["text_id"]))
    term_keys = {entry["term"]: key for key, entry in release.glossary}

    def keyword_place(keyword: dict[str, Any]) -> tuple[int, str, str, str]:
        rule, name = keyword["rule"], keyword["name"]
        if rule in printed:
            times = printed[rule]
            titled = [
                key
                for key, text_id in times
                if texts[text_id]["text"].casefold() == name.casefold()
            ]
            where = (_RULE, titled[0] if len(times) > 1 and titled else min(times)[0])
        else:
            where = (_TERM, term_keys[rule]) if rule in term_keys else (_OTHER, rule)
        return (*where, name, keyword["kind"])

    sections = [
        {"number": entry["number"], "title": texts[entry["text_id"]]["text"]}
        for entry in rules
        if len(entry["number"]) == 1 and "occurrence" not in entry
    ]
    return {
        "release": {"date": day, "sections": sections},
        "rules": rules,
        "glossary": glossary,
        "keywords": sorted(release.keywords, key=keyword_place),
    }


def _by_key(item: tuple[str, dict[str, Any]]) -> tuple[str, int]:
    return item[0], item[1].get("occurrence", 1)


# --- writing ------------------------------------------------------------------------------------


def _write(value: Any, depth: int, prefix: str, lines: list[str]) -> None:
    """``value`` as lines, after ``prefix`` (its key): on one line if it is an entry, else
    its members indented two spaces a level."""
    pad = "  " * depth
    if _is_entry(value):
        lines.append(f"{pad}{prefix}{_compact(value)}")
        return
    pairs: list[tuple[str, Any]] = (
        [(f"{_compact(key)}: ", member) for key, member in value.items()]
        if isinstance(value, dict)
        else [("", member) for member in value]
    )
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    lines.append(f"{pad}{prefix}{opening}")
    for index, (key, member) in enumerate(pairs):
        _write(member, depth + 1, key, lines)
        if index < len(pairs) - 1:
            lines[-1] += ","
    lines.append(f"{pad}{closing}")


def _is_entry(value: Any) -> bool:
    """A scalar, a list of scalars, or an object of those: written on one line."""
    if isinstance(value, dict):
        return all(_is_flat(member) for member in value.values())
    return _is_flat(value)


def _is_flat(value: Any) -> bool:
    if isinstance(value, list):
        return all(not isinstance(member, (dict, list)) for member in value)
    return not isinstance(value, dict)


# One encoder for the 380,000 entries of --all-releases: json.dumps makes one a call.
_compact = json.JSONEncoder(ensure_ascii=False).encode
