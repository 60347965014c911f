"""The whole rulebook, release by release: a rule and its history (its lineage's versions).

Plain SQL through SQLAlchemy Core. Search is each database's own full-text engine (SQLite FTS5,
PostgreSQL tsvector), restricted to the texts one release prints; everything else reads one or
two releases' rows through their primary key.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypedDict

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions import lineage
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.questions.reasons import (
    Reason,
    attach,
    coverage_between,
    reasons_between,
)
from rulesdb.questions.rulebook_texts import release_texts, release_texts_of, rulebook_days
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import parent_number, parse_rule_number, rule_key

NEAREST = 3  # numbers or terms suggested on each side of an unknown one


class UnknownEntry(RulesdbError):
    """A well-formed rule number or term the release does not have: a plain no (exit 1)."""

    exit_code = 1


class Subrule(TypedDict):
    number: str
    text: str


@dataclass(frozen=True)
class RuleAnswer:
    release: str
    number: str
    text: str
    examples: list[str]
    subrules: list[Subrule]  # the rules directly under this one

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "number": self.number,
            "text": self.text,
            "examples": list(self.examples),
            "subrules": [dict(s) for s in self.subrules],
        }


@dataclass(frozen=True)
class RuleVersion:
    """One text at one number of a rule's lineage, and the releases printing it in a row."""

    number: str
    text: str
    examples: list[str]
    first_release: str
    last_release: str
    releases: int
    # How it came from the version before: new, reworded, retypeset (only quotes, apostrophes,
    # dashes or spaces differ), renumbered, moved and reworded; merged: the rule that took the
    # last version's words, which continues another rule (its own lineage).
    how: str
    from_number: str | None = None  # the number before, when renumbered or moved
    similarity: float = 0.0  # to the version before (1: the same words)
    lineage: str = ""
    uncertain: bool = False  # the link to the version before is one the matcher could not decide
    # Wizards' reasons for the change its first release made, and whether that release has a
    # bulletin: curated, known (not yet curated) or none.
    why: list[Reason] = field(default_factory=list)
    bulletin: str = "none"

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "first_release": self.first_release,
            "last_release": self.last_release,
            "releases": self.releases,
            "how": self.how,
            "from_number": self.from_number,
            "similarity": self.similarity,
            "uncertain": self.uncertain,
            "lineage": self.lineage,
            "text": self.text,
            "examples": list(self.examples),
            "why": [reason.to_json() for reason in self.why],
            "bulletin": self.bulletin,
        }


def rule(bind: Bind, number: str, as_of: date | None = None) -> RuleAnswer:
    """The rule in the release in force on ``as_of``, with its examples and direct subrules."""
    wanted = rule_number_of(number)
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        # The rule and everything numbered below it: one range of the release's rows.
        rows = fetch(
            connection,
            "SELECT r.number, r.occurrence, r.sort_key, t.text, t.examples "
            "FROM rule_span r JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')} AND {_under(connection)}",
            day=day,
            number=wanted,
            prefix=wanted + "%",
            **_children_range(wanted),
        )
        own = [row for row in rows if row["number"] == wanted]
        if not own:
            raise unknown_rule(connection, day, wanted)
        found = min(own, key=lambda row: row["occurrence"])
        subrules = sorted(
            (
                row
                for row in rows
                if row["occurrence"] == found["occurrence"]
                and parent_number(row["number"]) == wanted
            ),
            key=lambda row: row["sort_key"],
        )
    return RuleAnswer(
        day.isoformat(),
        wanted,
        found["text"],
        json.loads(found["examples"]),
        [Subrule(number=row["number"], text=row["text"]) for row in subrules],
    )


def rule_history(
    bind: Bind, number: str, as_of: date | None = None, substantive: bool = False
) -> list[RuleVersion]:
    """Each version of the rule, oldest first, following it through renumbering and rewording
    (its lineage): the rule numbered ``number`` in the release in force on ``as_of``, or in
    the newest release printing that number. With ``substantive``, a version retypeset (only
    its quotes, apostrophes, dashes or spaces differ from the one before) is no new version."""
    with connected(bind) as connection:
        found = lineage_of(connection, number, as_of)
        segments = _ancestry(connection, found)
        rows = [row for _, rows in segments for row in rows]
        merged = lineage.merged_into(connection, found)
        reasons: dict[str, list[Reason]] = {}
        bulletins: dict[str, str] = {}
        if rows:
            last = max(row["release_date"] for row in rows)
            span = (date.min, merged["release_date"] if merged is not None else last)
            reasons = reasons_between(connection, *span)
            bulletins = {c.release: c.status for c in coverage_between(connection, *span)}
    versions = []
    for owner, run in (
        (owner, run) for owner, rows in segments for run in _runs(rows, substantive)
    ):
        first = run[0]
        how = first["how"] or "new"
        versions.append(
            RuleVersion(
                number=first["number"],
                text=first["text"],
                examples=json.loads(first["examples"]),
                first_release=first["release_date"].isoformat(),
                last_release=run[-1]["release_date"].isoformat(),
                releases=len(run),
                how=how,
                from_number=first["from_number"]
                if how in ("renumbered", "moved and reworded", "split")
                else None,
                similarity=float(first["similarity"] or 0.0),
                lineage=owner,
                uncertain=first["uncertain"],
                why=_version_reasons(first, reasons),
                bulletin=bulletins.get(first["release_date"].isoformat(), "none"),
            )
        )
    if merged is not None:
        day = merged["release_date"].isoformat()
        versions.append(
            RuleVersion(
                number=merged["number"],
                text=merged["text"],
                examples=json.loads(merged["examples"]),
                first_release=day,
                last_release=day,
                releases=1,
                how="merged",
                from_number=merged["from_number"],
                similarity=float(merged["similarity"]),
                lineage=merged["lineage"],
                uncertain=merged["uncertain"],
                bulletin=bulletins.get(day, "none"),
            )
        )
    return versions


def _ancestry(connection: Connection, found: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """The lineage's versions (:func:`lineage.trace`), after those of the rule it was split
    off up to the split, and of the rule that one was split off, oldest first: (lineage,
    rows) each."""
    segments = [(found, lineage.trace(connection, found))]
    seen = {found}
    while segments[0][1] and segments[0][1][0]["how"] == "split":
        first = segments[0][1][0]
        source = lineage.split_from(connection, first)
        if source is None or source in seen:
            break
        seen.add(source)
        earlier = [
            row
            for row in lineage.trace(connection, source)
            if row["release_date"] < first["release_date"]
        ]
        segments.insert(0, (source, earlier))
    return segments


def _runs(rows: list[dict[str, Any]], substantive: bool) -> list[list[dict[str, Any]]]:
    """The rows in runs of one number and text (with ``substantive``, retypesetting too)."""
    runs: list[list[dict[str, Any]]] = []
    for row in rows:
        same = runs and (runs[-1][-1]["number"], runs[-1][-1]["text_id"]) == (
            row["number"],
            row["text_id"],
        )
        if same or (runs and substantive and row["how"] == "retypeset"):
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def _version_reasons(first: dict[str, Any], reasons: dict[str, list[Reason]]) -> list[Reason]:
    """The reasons the bulletin on a version's first release gives for it, at its number (or
    a rule above it) or at the number it had before."""
    day = first["release_date"].isoformat()
    made = {n: [r for r in given if r.release == day] for n, given in reasons.items()}
    numbers = [first["number"], *([first["from_number"]] if first["from_number"] else [])]
    found: list[Reason] = []
    for given in attach(numbers, made).values():
        found += [r for r in given if r not in found]
    return found


def lineage_of(connection: Connection, number: str, as_of: date | None = None) -> str:
    """The lineage of rule ``number`` in the release in force on ``as_of``, or in the newest
    release printing that number; an unknown one is refused naming the nearest."""
    wanted = rule_number_of(number)
    if as_of is not None:
        day = release_in_force(connection, as_of)
        found = lineage.lineage_at(connection, day, wanted)
        if found is None:
            raise unknown_rule(connection, day, wanted)
        return found
    found = lineage.newest_lineage(connection, wanted)
    if found is None:
        days = rulebook_days(connection)
        raise unknown_rule(connection, days[-1] if days else None, wanted, anywhere=True)
    return found


# --- helpers ------------------------------------------------------------------------------------


def rule_number_of(number: str) -> str:
    parsed = parse_rule_number(number)
    if parsed is None:
        shown = number if len(number) <= 40 else f"{number[:32]}…({len(number)} characters)"
        raise RulesdbError(
            f"malformed rule number {shown!r}; expected a section (7), a rule "
            "(704) or a subrule (704.5, 704.5j)"
        )
    return parsed


def _under(connection: Connection) -> str:
    """The rule :number and the numbers under it. SQLite compares text bytewise, so a range of
    its primary key; PostgreSQL's collation may not, so LIKE within the release."""
    if connection.dialect.name == "sqlite":
        return "(r.number = :number OR (r.number >= :low AND r.number < :high))"
    return "r.number LIKE :prefix"


def _children_range(number: str) -> dict[str, str]:
    """Bytewise bounds of the numbers directly under ``number`` (and some deeper ones, which
    the caller drops): 7 → [700, 8), 704 → [704., 704/), 704.5 → [704.5a, 704.5{)."""
    if len(number) == 1:
        return {"low": number + "00", "high": str(int(number) + 1)}
    if "." not in number:
        return {"low": number + ".", "high": number + "/"}
    return {"low": number + "a", "high": number + "{"}


def unknown_rule(
    connection: Connection, day: date | None, number: str, anywhere: bool = False
) -> RulesdbError:
    if day is None:
        return RulesdbError("the database holds no rulebook; run: rulesdb upgrade")
    numbers = sorted(release_texts(connection, day), key=rule_key)
    if not numbers:
        return RulesdbError(f"release {day.isoformat()} has no rulebook in this database")
    where = "any release" if anywhere else f"release {day.isoformat()}"
    lived = [] if anywhere else _where_it_lived(connection, day, number)
    nearest = _neighbours(numbers, number)
    return UnknownEntry(
        f"no rule {number} in {where}; "
        + "".join(f"{line}; " for line in lived)
        + f"nearest: {', '.join(nearest)}"
    )


def _where_it_lived(connection: Connection, day: date, number: str) -> list[str]:
    """Where the rules other releases print as ``number`` are in release ``day``, by their
    lineages: "702.19 (Trample, from 2013-07-13) is 502.9 here"."""
    rows = fetch(
        connection,
        "SELECT l.lineage, MIN(l.first_release) AS first_release "
        "FROM rule_lineage l WHERE l.number = :number AND l.occurrence = 1 "
        "GROUP BY l.lineage ORDER BY MIN(l.first_release)",
        number=number,
    )
    lines = []
    for row in rows:
        here = lineage.where_now(connection, row["lineage"], day)
        if here is None:
            continue
        title = first_text_line(release_texts_of(connection, day, [here[0]]).get(here[0], ""))
        since = as_date(row["first_release"]).isoformat()
        lines.append(f"{number} ({_short(title)}, so numbered from {since}) is {here[0]} here")
    return lines


def _short(text: str, words: int = 6) -> str:
    cut = text.split()
    return " ".join(cut[:words]) + (" …" if len(cut) > words else "")


def _neighbours(numbers: list[str], number: str) -> list[str]:
    keys = [rule_key(n) for n in numbers]
    at = bisect_left(keys, rule_key(number))
    return numbers[max(0, at - NEAREST) : at + NEAREST]


def first_text_line(text: str) -> str:
    return text.split("\n", 1)[0]
