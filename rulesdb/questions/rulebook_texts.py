"""The texts one release prints, by rule number or glossary term, and the rulebook releases."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Connection

from rulesdb.questions.reading import as_date, fetch
from rulesdb.store.releases import printed_in


def release_texts(connection: Connection, day: date) -> dict[str, str]:
    """Every rule's text in a release, by number (the first occurrence of a repeated one)."""
    rows = fetch(
        connection,
        "SELECT r.number, t.text FROM rule_span r "
        "JOIN rulebook_text t ON t.id = r.text_id "
        f"WHERE {printed_in('r')} AND r.occurrence = 1",
        day=day,
    )
    return {row["number"]: row["text"] for row in rows}


def glossary_texts(connection: Connection, day: date) -> dict[str, str]:
    rows = fetch(
        connection,
        "SELECT g.term, t.text FROM glossary_span g "
        "JOIN rulebook_text t ON t.id = g.text_id "
        f"WHERE {printed_in('g')}",
        day=day,
    )
    return {row["term"]: row["text"] for row in rows}


def release_texts_of(connection: Connection, day: date, numbers: list[str]) -> dict[str, str]:
    """The texts of a few rules of a release, by number."""
    found: dict[str, str] = {}
    for number in numbers:
        rows = fetch(
            connection,
            "SELECT t.text FROM rule_span r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')} AND r.number = :number "
            "AND r.occurrence = 1",
            day=day,
            number=number,
        )
        if rows:
            found[number] = rows[0]["text"]
    return found


def rulebook_days(connection: Connection) -> list[date]:
    return sorted(
        as_date(row["d"])
        for row in fetch(connection, "SELECT release_date AS d FROM release_rulebook")
    )
