"""The page ``/changes?since=BFZ[&to=…]``: ``rulesdb changes`` for a browser, its rules
grouped by section with their words marked."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from rulesdb.errors import RulesdbError
from rulesdb.questions.changes import changes
from rulesdb.questions.listings import release_named
from rulesdb.questions.worddiff import word_diff
from rulesdb.web.pages import LONG_RULE, NotFound


def changes_page(engine: Engine, since: str, to: str | None) -> dict[str, Any]:
    """The digest from ``since`` to ``to`` (a date, set code or name; default the latest)."""
    if not since.strip():
        raise NotFound(
            "Say which release to start from: /changes?since=BFZ (a set's code or name, or a date)."
        )
    try:
        start = release_named(engine, since.strip(), "since")
        end = release_named(engine, to.strip(), "to") if to and to.strip() else None
        assert start is not None
        digest = changes(engine, start, end)
    except RulesdbError as error:
        raise NotFound(str(error)) from None
    sections = []
    for number, title in digest.sections.items():
        rules = [
            {
                "rule": rule,
                "link": rule.number.partition("#")[0],
                "pieces": word_diff(rule.before, rule.after)
                if rule.before is not None and rule.after is not None
                else None,
                "long": max(len(rule.before or ""), len(rule.after or "")) > LONG_RULE,
            }
            for rule in digest.rules
            if rule.section == number
        ]
        if rules:
            sections.append({"number": number, "title": title, "rules": rules})
    glossary = [
        {"entry": entry, "pieces": word_diff(entry.before or "", entry.after or "")}
        for entry in digest.glossary
    ]
    return {
        "digest": digest,
        "summary": digest.summary(),
        "sections": sections,
        "glossary": glossary,
        "since": since,
        "to": to or "",
        "markdown_command": f"rulesdb changes --since {since}"
        + (f" --to {to}" if to else "")
        + " --format markdown",
    }
