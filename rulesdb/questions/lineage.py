"""Rules followed through renumbering and rewording: a rule's lineage, where it is now, and
whether a citation of it still holds.

A lineage (table ``rule_lineage``, view ``v_rule_lineage``) is the same rule release after
release, whatever its number and words; ``rule_link`` says how each rule came from the release
before. Written once here, read by ``rule-history``, ``rule-diff``, the web's rule pages and
``lint-citations``.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions.reading import Bind, as_date, connected, fetch
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import parse_rule_number, rule_key

Ident = tuple[str, int]

# Every release's version of one lineage: number, text, and how it came from the one before.
_TRACE = (
    "SELECT b.release_date, l.number, l.occurrence, s.text_id, t.text, t.examples, "
    "k.how, k.from_number, k.from_occurrence, k.similarity, k.uncertain "
    "FROM rule_lineage l "
    "JOIN release_rulebook b ON b.release_date BETWEEN l.first_release AND l.last_release "
    "JOIN rule_span s ON s.number = l.number AND s.occurrence = l.occurrence "
    " AND b.release_date BETWEEN s.first_release AND s.last_release "
    "JOIN rulebook_text t ON t.id = s.text_id "
    "LEFT JOIN rule_link k ON k.release_date = b.release_date AND k.number = l.number "
    " AND k.occurrence = l.occurrence AND k.how <> 'merged' "
    "WHERE l.lineage = :lineage ORDER BY b.release_date"
)
# Where the lineage's last rule merged: the link naming it in the next release, the rule that
# took its words there and that rule's lineage.
_MERGED_INTO = (
    "SELECT k.release_date, k.number, k.occurrence, k.from_number, k.similarity, k.uncertain, "
    "t.text, t.examples, m.lineage "
    "FROM rule_lineage l "
    "JOIN rule_link k ON k.how = 'merged' AND k.from_number = l.number "
    " AND k.from_occurrence = l.occurrence "
    " AND k.release_date = (SELECT MIN(b.release_date) FROM release_rulebook b "
    "  WHERE b.release_date > l.last_release) "
    "JOIN rule_span s ON s.number = k.number AND s.occurrence = k.occurrence "
    " AND k.release_date BETWEEN s.first_release AND s.last_release "
    "JOIN rulebook_text t ON t.id = s.text_id "
    "JOIN rule_lineage m ON m.number = k.number AND m.occurrence = k.occurrence "
    " AND k.release_date BETWEEN m.first_release AND m.last_release "
    "WHERE l.lineage = :lineage"
)


@dataclass(frozen=True)
class CitationCheck:
    """A cited rule number, checked against a release."""

    number: str
    status: str  # fine | missing | renumbered | changed
    now: str | None  # renumbered: the number its lineage has in the release checked against
    message: str
    uncertain: bool = False  # the verdict rests on a link the matcher could not decide


def lineage_at(connection: Connection, day: date, number: str, occurrence: int = 1) -> str | None:
    """The lineage of the rule ``number`` in the release ``day``, if it prints one."""
    rows = fetch(
        connection,
        "SELECT l.lineage FROM rule_lineage l "
        f"WHERE {printed_in('l')} AND l.number = :number "
        "AND l.occurrence = :occurrence",
        day=day,
        number=number,
        occurrence=occurrence,
    )
    return rows[0]["lineage"] if rows else None


def release_lineages(connection: Connection, day: date) -> dict[str, str]:
    """Every rule of the release and its lineage, keyed as rule-diff keys rules: the number,
    ``number#2`` for a number's second occurrence."""
    rows = fetch(
        connection,
        f"SELECT l.number, l.occurrence, l.lineage FROM rule_lineage l WHERE {printed_in('l')}",
        day=day,
    )
    return {
        (row["number"] if row["occurrence"] == 1 else f"{row['number']}#{row['occurrence']}"): row[
            "lineage"
        ]
        for row in rows
    }


def trace(connection: Connection, lineage: str) -> list[dict[str, Any]]:
    """Every release's version of the lineage, oldest first: release_date, number,
    occurrence, text_id, text, examples, how, from_number, from_occurrence, similarity,
    uncertain (how NULL: the same number and text as the release before)."""
    rows = fetch(connection, _TRACE, lineage=lineage)
    for row in rows:
        row["release_date"] = as_date(row["release_date"])
        row["uncertain"] = bool(row["uncertain"])
    return rows


def split_from(connection: Connection, first: dict[str, Any]) -> str | None:
    """The lineage a rule was split off (its first version, a :func:`trace` row with how
    "split"): its source's in the release before."""
    rows = fetch(
        connection,
        "SELECT MAX(release_date) AS day FROM release_rulebook WHERE release_date < :day",
        day=first["release_date"],
    )
    if not rows or rows[0]["day"] is None:
        return None
    return lineage_at(
        connection, as_date(rows[0]["day"]), first["from_number"], first["from_occurrence"]
    )


def split_sources(connection: Connection, start: date, end: date) -> dict[str, str]:
    """Each lineage begun after ``start`` up to ``end`` by a rule split off another (how
    "split"): the number of the rule it was split from."""
    rows = fetch(
        connection,
        "SELECT k.from_number, l.lineage FROM rule_link k "
        "JOIN rule_lineage l ON l.number = k.number AND l.occurrence = k.occurrence "
        "AND k.release_date BETWEEN l.first_release AND l.last_release "
        "WHERE k.release_date > :start AND k.release_date <= :end AND k.how = 'split'",
        start=start,
        end=end,
    )
    return {row["lineage"]: row["from_number"] for row in rows}


def merged_into(connection: Connection, lineage: str) -> dict[str, Any] | None:
    """Where the lineage ended merged into another rule (how "merged"): release_date, number,
    occurrence, from_number, similarity, uncertain, text, examples, lineage (the taker's)."""
    rows = fetch(connection, _MERGED_INTO, lineage=lineage)
    if not rows:
        return None
    row = rows[0]
    row["release_date"] = as_date(row["release_date"])
    row["uncertain"] = bool(row["uncertain"])
    return row


def doubted(connection: Connection, lineage: str, after: date, upto: date) -> bool:
    """Whether a link the matcher could not decide carries the lineage on between the
    releases ``after`` (exclusive) and ``upto``, or begins it there; either way in time (a
    link doubted going forward is doubted going back)."""
    after, upto = min(after, upto), max(after, upto)
    rows = fetch(
        connection,
        "SELECT 1 FROM rule_link k JOIN rule_lineage l "
        "ON l.number = k.number AND l.occurrence = k.occurrence "
        "AND k.release_date BETWEEN l.first_release AND l.last_release "
        "WHERE l.lineage = :lineage AND k.uncertain AND k.how <> 'merged' "
        "AND k.release_date > :after AND k.release_date <= :upto",
        lineage=lineage,
        after=after,
        upto=upto,
    )
    return bool(rows)


def where_now(connection: Connection, lineage: str, day: date) -> Ident | None:
    """The number (and occurrence) the lineage has in the release ``day``, if it is printed."""
    rows = fetch(
        connection,
        "SELECT l.number, l.occurrence FROM rule_lineage l "
        f"WHERE {printed_in('l')} AND l.lineage = :lineage",
        day=day,
        lineage=lineage,
    )
    return (rows[0]["number"], rows[0]["occurrence"]) if rows else None


def last_printed(connection: Connection, number: str, before: date) -> tuple[date, str] | None:
    """The newest release before ``before`` printing ``number``, and that rule's lineage."""
    rows = fetch(
        connection,
        "SELECT l.last_release, l.lineage FROM rule_lineage l "
        "WHERE l.number = :number AND l.occurrence = 1 "
        "AND l.last_release < :before ORDER BY l.last_release DESC",
        number=number,
        before=before,
    )
    return (as_date(rows[0]["last_release"]), rows[0]["lineage"]) if rows else None


def newest_lineage(connection: Connection, number: str) -> str | None:
    """The lineage of the newest release's rule ``number`` among the releases printing it."""
    rows = fetch(
        connection,
        "SELECT l.lineage FROM rule_lineage l WHERE l.number = :number "
        "AND l.occurrence = 1 ORDER BY l.last_release DESC",
        number=number,
    )
    return rows[0]["lineage"] if rows else None


def check_citations(
    bind: Bind, numbers: Iterable[str], as_of: date | None = None, since: date | None = None
) -> dict[str, CitationCheck]:
    """Each cited number checked against the release in force on ``as_of`` (default the
    latest), read as the release in force on ``since`` printed it (default: the same):
    fine, missing (that release prints no such rule, or its rule is in none now),
    renumbered (its rule has another number now) or changed (its text differs, or the
    number now names another rule). See :func:`check_number`."""
    wanted = {}
    for number in numbers:
        parsed = parse_rule_number(number)
        if parsed is None:
            raise RulesdbError(f"malformed rule number {number[:40]!r}")
        wanted[number] = parsed
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        then = release_in_force(connection, since) if since is not None else None
        return {
            cited: check_number(connection, number, day, then) for cited, number in wanted.items()
        }


def check_number(
    connection: Connection, number: str, day: date, then: date | None
) -> CitationCheck:
    """One cited number against the release ``day``, read as the release ``then`` printed it
    (the release the citation was written against; None or ``day`` itself: ``day``'s).

    Read as written: a number ``then`` never printed is missing, whatever an older release
    printed under it (a typo is not followed into an old rule); the message says where it
    was last printed, and the nearest rules ``then`` prints, as information."""
    release = day.isoformat()
    printed = lineage_at(connection, day, number)
    if then is not None and then != day:
        meant = lineage_at(connection, then, number)
        if meant is None:
            return _unprinted(connection, number, day, then)
        unsure = doubted(connection, meant, then, day) or (
            printed is not None and doubted(connection, printed, then, day)
        )
        doubt = " (through a link the matcher could not decide)" if unsure else ""
        now = where_now(connection, meant, day)
        if now is None and printed is not None:
            # The release prints the number: never "missing", whatever the lineage says.
            return CitationCheck(
                number,
                "changed",
                None,
                f"rule {number} of {then.isoformat()} is not followed into "
                f"{number} of release {release}, which prints that number for another rule"
                f"{doubt}: check it",
                unsure,
            )
        if now is None:
            return CitationCheck(
                number,
                "missing",
                None,
                f"rule {number} of {then.isoformat()} is in no rule of release {release}{doubt}"
                + _merge_told(connection, meant, day),
                unsure,
            )
        if now[0] != number:
            return CitationCheck(
                number,
                "renumbered",
                now[0],
                f"rule {number} of {then.isoformat()} is {now[0]} in release {release}{doubt}",
                unsure,
            )
        if _text(connection, then, number) != _text(connection, day, number):
            return CitationCheck(
                number,
                "changed",
                None,
                f"rule {number}'s text changed between {then.isoformat()} and {release}{doubt}",
                unsure,
            )
        return CitationCheck(number, "fine", None, f"rule {number} is in release {release}")
    if printed is not None:
        return CitationCheck(number, "fine", None, f"rule {number} is in release {release}")
    return _unprinted(connection, number, day, day)


def _merge_told(connection: Connection, lineage: str, day: date) -> str:
    """Where a lineage that ended merged went (followed through later merges), as a clause of
    a "missing" message: a merged rule's citation is for a person to check, never rewritten,
    since the rule that took its words says more than it did."""
    seen = {lineage}
    merge = merged_into(connection, lineage)
    while merge is not None and merge["release_date"] <= day:
        now = where_now(connection, merge["lineage"], day)
        if now is not None:
            taker = (
                merge["number"]
                if merge["occurrence"] == 1
                else f"{merge['number']}#{merge['occurrence']}"
            )
            here = "" if now[0] == merge["number"] else f", {now[0]} in release {day.isoformat()}"
            doubt = ", by a link the matcher could not decide" if merge["uncertain"] else ""
            return (
                f"; its words went into rule {taker} on {merge['release_date'].isoformat()}"
                f"{here} (merged{doubt}): check the citation"
            )
        if merge["lineage"] in seen:
            break
        seen.add(merge["lineage"])
        merge = merged_into(connection, merge["lineage"])
    return ""


def _unprinted(connection: Connection, number: str, day: date, then: date) -> CitationCheck:
    """A number the release ``then`` does not print: missing, with where it was last printed
    and the nearest rules ``then`` prints."""
    release, written = day.isoformat(), then.isoformat()
    against = "" if then == day else ", the release the citation is read as"
    message = f"no rule {number} in release {written}{against}"
    nearest = nearest_rules(connection, then, number)
    if nearest:
        message += f"; the nearest {'are' if len(nearest) > 1 else 'is'} {' and '.join(nearest)}"
    earlier = last_printed(connection, number, then)
    if earlier is not None:
        last, lineage = earlier
        now = where_now(connection, lineage, day)
        was = f"{now[0]} in {release}" if now is not None else f"in no rule of {release}"
        message += (
            f"; {number} was last printed in {last.isoformat()}, a rule that is {was} "
            f"(if the code was written against it: --since {last.isoformat()})"
        )
    return CitationCheck(number, "missing", None, message)


def nearest_rules(connection: Connection, day: date, number: str) -> list[str]:
    """The rules the release prints just before and after ``number`` in rule order."""
    numbers, keys = _release_numbers(connection, day)
    at = bisect.bisect_left(keys, rule_key(number))
    return [numbers[i] for i in (at - 1, at) if 0 <= i < len(numbers)]


_NUMBERS: dict[tuple[str, date], tuple[list[str], list[Any]]] = {}


def _release_numbers(connection: Connection, day: date) -> tuple[list[str], list[Any]]:
    """Every number the release prints, in rule order, and their sort keys (kept for the
    last few releases)."""
    key = (connection.engine.url.render_as_string(hide_password=True), day)
    if key not in _NUMBERS:
        rows = fetch(
            connection,
            f"SELECT DISTINCT r.number FROM rule_span r WHERE {printed_in('r')}",
            day=day,
        )
        while len(_NUMBERS) >= 4:
            _NUMBERS.pop(next(iter(_NUMBERS)))
        keyed = sorted((rule_key(row["number"]), row["number"]) for row in rows)
        _NUMBERS[key] = ([number for _, number in keyed], [k for k, _ in keyed])
    return _NUMBERS[key]


def _text(connection: Connection, day: date, number: str) -> str | None:
    rows = fetch(
        connection,
        "SELECT t.text, t.examples FROM rule_span r "
        "JOIN rulebook_text t ON t.id = r.text_id "
        f"WHERE {printed_in('r')} AND r.number = :number "
        "AND r.occurrence = 1",
        day=day,
        number=number,
    )
    return f"{rows[0]['text']}\n{rows[0]['examples']}" if rows else None
