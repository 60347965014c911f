"""The type-line explainer page (/explain): the form and rulesdb.questions.explain's answer."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from rulesdb.questions import explain
from rulesdb.web.pages import release_dates

EXAMPLE = "Legendary Creature — Human Cleric"


def explain_page(engine: Engine, line: str, day: str | None) -> dict[str, Any]:
    """The page's data: the form's values and releases, and the explanation or a problem."""
    releases = release_dates(engine)[::-1]  # the picker lists the newest first
    return {**explain.explain(engine, line, day), "releases": releases, "example": EXAMPLE}
