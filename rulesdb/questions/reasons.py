"""Why a rule changed: Wizards' own reason, from its update bulletin on the release, beside the
change it explains (curated: ``rulesdb/authoring/curated/bulletins/``, loaded per release into
``release_bulletin``, ``bulletin_entry`` and ``bulletin_entry_rule``).

A reason belongs to the release whose text makes the change and names rules as that release
(or the one before it) numbers them. Beside a change of a span of releases it is shown at the
number the span's end gives the rule it names (:func:`followed`, by the lineage), or, when
the span's changes do not list that number itself (701.38's reason for 701.38a and 701.38b),
at each changed rule under it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, TypedDict

from sqlalchemy import Connection, inspect

from rulesdb.questions.reading import as_date, fetch
from rulesdb.util.rule_numbers import parent_number

# The releases Wizards published update bulletins for (ISO dates, compared as text).
FIRST_BULLETIN, LAST_BULLETIN = "2007-07-01", "2022-10-31"


class ReasonJSON(TypedDict):
    """A reason as JSON (``Reason.to_json``)."""

    release: str
    published: str
    bulletin: str
    url: str
    archived_url: str
    kind: str
    heading: str
    why: str
    note: str | None


@dataclass(frozen=True)
class Reason:
    """One bulletin entry naming a rule: Wizards' words on why it changed."""

    release: str  # the release whose text makes the change
    published: str  # the day Wizards published the bulletin
    bulletin: str
    url: str
    archived_url: str
    kind: str  # rule, renumbering, subtypes, glossary, document
    heading: str
    why: str
    note: str | None = None  # where the bulletin and the release's file differ

    def line(self) -> str:
        """The reason as it reads beside a change."""
        return f"Why (Wizards, {self.published}): {self.why}"

    def to_json(self) -> ReasonJSON:
        return {
            "release": self.release,
            "published": self.published,
            "bulletin": self.bulletin,
            "url": self.url,
            "archived_url": self.archived_url,
            "kind": self.kind,
            "heading": self.heading,
            "why": self.why,
            "note": self.note,
        }


@dataclass(frozen=True)
class Coverage:
    """Whether Wizards' bulletin on a release is at hand: curated (its reasons are here),
    known (published, its reasons not yet curated) or none (no bulletin is known)."""

    release: str
    status: str  # curated, known, none
    bulletin: str | None = None
    published: str | None = None
    url: str | None = None

    def sentence(self) -> str:
        if self.status == "curated":
            return f"{self.release}: Wizards' bulletin of {self.published} ({self.bulletin})"
        if self.status == "known":
            return (
                f"{self.release}: Wizards published a bulletin ({self.published}, "
                f"{self.bulletin}); its reasons are not curated yet"
            )
        if not FIRST_BULLETIN <= self.release <= LAST_BULLETIN:
            return (
                f"{self.release}: no update bulletin (Wizards published the Comprehensive "
                f"Rules part of one for releases from {FIRST_BULLETIN[:7]} to "
                f"{LAST_BULLETIN[:7]} only)"
            )
        return f"{self.release}: no update bulletin from Wizards is recorded for this release"

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "status": self.status,
            "bulletin": self.bulletin,
            "published": self.published,
            "url": self.url,
        }


def _has_bulletins(connection: Connection) -> bool:
    # A database made before the schema had bulletins answers without them.
    return inspect(connection).has_table("release_bulletin")


def _span(start: date, end: date) -> tuple[date, date]:
    """The releases a comparison crosses: after the earlier, up to the later."""
    return (start, end) if start <= end else (end, start)


def reasons_between(connection: Connection, start: date, end: date) -> dict[str, list[Reason]]:
    """Every reason given for the releases after ``start`` up to ``end`` (either order), by the
    rule number it names, oldest release first."""
    if not _has_bulletins(connection):
        return {}
    low, high = _span(start, end)
    rows = fetch(
        connection,
        "SELECT r.rule, e.release_date, e.position, e.kind, e.heading, e.why, e.note, "
        "b.title, b.published, b.url, b.archived_url FROM bulletin_entry_rule r "
        "JOIN bulletin_entry e ON e.release_date = r.release_date AND e.position = r.position "
        "JOIN release_bulletin b ON b.release_date = e.release_date "
        "WHERE e.release_date > :low AND e.release_date <= :high "
        "ORDER BY e.release_date, e.position, r.rule",
        low=low,
        high=high,
    )
    found: dict[str, list[Reason]] = {}
    for row in rows:
        found.setdefault(row["rule"], []).append(_reason(row))
    return found


def type_reasons(connection: Connection, start: date, end: date) -> list[Reason]:
    """The bulletins' entries on new subtypes for the releases after ``start`` up to ``end``
    (either order), oldest first: the reasons beside a comparison of the type lists."""
    if not _has_bulletins(connection):
        return []
    low, high = _span(start, end)
    rows = fetch(
        connection,
        "SELECT e.release_date, e.position, e.kind, e.heading, e.why, e.note, b.title, "
        "b.published, b.url, b.archived_url FROM bulletin_entry e "
        "JOIN release_bulletin b ON b.release_date = e.release_date "
        "WHERE e.kind = 'subtypes' AND e.release_date > :low AND e.release_date <= :high "
        "ORDER BY e.release_date, e.position",
        low=low,
        high=high,
    )
    return [_reason(row) for row in rows]


def _reason(row: dict[str, Any]) -> Reason:
    return Reason(
        release=as_date(row["release_date"]).isoformat(),
        published=as_date(row["published"]).isoformat(),
        bulletin=row["title"],
        url=row["url"],
        archived_url=row["archived_url"],
        kind=row["kind"],
        heading=row["heading"],
        why=row["why"],
        note=row["note"],
    )


def coverage_between(connection: Connection, start: date, end: date) -> list[Coverage]:
    """For each release after ``start`` up to ``end`` (either order), whether its bulletin is
    curated, known or none, oldest first."""
    low, high = _span(start, end)
    days = [
        as_date(row["effective_date"])
        for row in fetch(
            connection,
            "SELECT effective_date FROM release WHERE effective_date > :low "
            "AND effective_date <= :high ORDER BY effective_date",
            low=low,
            high=high,
        )
    ]
    known: dict[date, dict[str, Any]] = {}
    if _has_bulletins(connection):
        for row in fetch(
            connection,
            "SELECT release_date, title, published, url, curated FROM release_bulletin "
            "WHERE release_date > :low AND release_date <= :high",
            low=low,
            high=high,
        ):
            known[as_date(row["release_date"])] = row
    found = []
    for day in days:
        held = known.get(day)
        if held is None:
            found.append(Coverage(day.isoformat(), "none"))
        else:
            found.append(
                Coverage(
                    day.isoformat(),
                    "curated" if held["curated"] else "known",
                    held["title"],
                    as_date(held["published"]).isoformat(),
                    held["url"],
                )
            )
    return found


def followed(
    connection: Connection,
    reasons: dict[str, list[Reason]],
    start: date,
    end: date,
    ends: dict[date, dict[str, str]],
) -> dict[str, list[Reason]]:
    """``reasons`` keyed by the numbers the comparison's ends give the rules they name: a
    reason names a rule as its release (or, for one it cut, the one before) numbers it, and
    that rule is followed by its lineage to its number in ``end`` (or, cut on the way, in
    ``start``), so a rule renumbered again later in the span keeps it (2010-02-01's 702.13a is
    702.14b on 2011-06-17). A number no lineage continues keeps its reasons. ``ends``: the
    lineages of ``start`` and ``end`` (``release_lineages``)."""
    days = sorted(
        as_date(row["d"])
        for row in fetch(connection, "SELECT release_date AS d FROM release_rulebook")
    )
    low, high = _span(start, end)
    if not reasons or high not in days or days[days.index(high) - 1] <= low:
        return reasons  # one release: each rule is numbered as its reason names it
    spans: dict[str, list[tuple[date, date, str]]] = {}  # number -> (first, last, lineage)
    alive: dict[str, list[tuple[date, date]]] = {}  # lineage -> the spans printing it
    for row in fetch(
        connection,
        "SELECT number, occurrence, lineage, first_release, last_release FROM rule_lineage",
    ):
        first, last = as_date(row["first_release"]), as_date(row["last_release"])
        alive.setdefault(row["lineage"], []).append((first, last))
        if row["occurrence"] == 1:  # a bulletin names a number's first rule
            spans.setdefault(row["number"], []).append((first, last, row["lineage"]))

    def lineage_of(number: str, day: date) -> str | None:
        return next((ln for a, b, ln in spans.get(number, []) if a <= day <= b), None)

    numbered = {lineage: number for number, lineage in ends[start].items()}
    numbered |= {lineage: number for number, lineage in ends[end].items()}
    named = [(reason, number) for number, given in reasons.items() for reason in given]
    found: dict[str, list[Reason]] = {}
    for reason, number in sorted(named, key=lambda pair: pair[0].release):  # stable: in order
        made = date.fromisoformat(reason.release)
        own = lineage_of(number, made)
        at = days.index(made) if made in days else 0
        cut = lineage_of(number, days[at - 1]) if at > 0 else None
        if cut is not None and any(a <= made <= b for a, b in alive[cut]):
            cut = None  # that rule goes on in the release: ``own`` names the one named
        if own is None and cut is None:
            targets = [number]  # no rule of that number: kept as named
        else:  # a rule begun and ended inside the span is no rule of the comparison
            targets = sorted({numbered[ln] for ln in (own, cut) if ln in numbered})
        for target in targets:
            if reason not in found.setdefault(target, []):
                found[target].append(reason)
    return found


def attach(numbers: Iterable[str], reasons: dict[str, list[Reason]]) -> dict[str, list[Reason]]:
    """The reasons shown beside each of ``numbers`` (the changes of a comparison): those naming
    it, and those naming a rule above it that ``numbers`` does not list itself."""
    listed = [n.split("#", 1)[0] for n in numbers]
    present = set(listed)
    found: dict[str, list[Reason]] = {}
    for number in dict.fromkeys(listed):
        own = list(reasons.get(number, []))
        head = parent_number(number)
        while head is not None:
            if head not in present:
                own += [r for r in reasons.get(head, []) if r not in own]
            head = parent_number(head)
        if own:
            found[number] = own
    return found


def coverage_sentence(coverage: list[Coverage]) -> str:
    """Whether a comparison's releases have Wizards' bulletins, in one line: the release's own
    sentence for one release, counts for a span."""
    if len(coverage) == 1:
        return coverage[0].sentence()
    counts = {s: sum(1 for c in coverage if c.status == s) for s in ("curated", "known", "none")}
    # Every bulletin found is curated today: "known" is named only when a span has one.
    waiting = f"{counts['known']} with one not yet curated, " if counts["known"] else ""
    return (
        f"Wizards' reasons: {counts['curated']} of {len(coverage)} releases with a curated "
        f"bulletin, {waiting}{counts['none']} with none"
    )
