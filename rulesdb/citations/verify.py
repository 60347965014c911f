"""One citation verified: whether rule NUMBER, in the release in force on a date, says what
an answer quotes or says about it; which rule does if not; whether the number was renumbered.

The number is checked as ``lint-citations`` checks it (``rulesdb.questions.lineage``): fine,
missing or renumbered, with the number its rule has now. The text is judged against the rule
the number names in that release (its successor when renumbered) by
``rulesdb.citations.saying``, and the release's full-text search finds the rules that say it
verbatim when that one does not.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb.citations.saying import Saying, quote_words, says
from rulesdb.errors import RulesdbError
from rulesdb.questions.lineage import check_citations
from rulesdb.questions.reading import Bind, connected, fetch
from rulesdb.questions.search import MAX_SEARCH_CHARACTERS, search
from rulesdb.store.releases import printed_in, release_in_force

MAX_TEXT = 4000  # characters of a quote: a few rules' worth
CANDIDATES = 25  # entries the search hands over to be read for the quote
SEARCH_WORDS = 12  # the quote's longest words searched for (every one must match)
SAID_BY = 10  # rules named as saying the text, at most


@dataclass(frozen=True)
class Verification:
    release: str
    number: str
    status: str  # fine | missing | renumbered: the number, as lint-citations judges it
    now: str | None  # renumbered: the number the rule has in the release
    checked: str | None  # the rule the text was compared with (number, or its successor)
    verdict: str | None  # verbatim | close | absent; None: no rule to compare with
    coverage: float  # share of the text's words the checked rule has, in order
    rule_text: str | None  # the checked rule's text and examples, as the release prints them
    said_by: list[dict[str, str]] = field(default_factory=list)  # kind, entry: say it verbatim
    message: str = ""

    @property
    def verified(self) -> bool:
        return self.status == "fine" and self.verdict == "verbatim"

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "number": self.number,
            "verified": self.verified,
            "status": self.status,
            "now": self.now,
            "checked": self.checked,
            "verdict": self.verdict,
            "coverage": self.coverage,
            "rule_text": self.rule_text,
            "said_by": [dict(s) for s in self.said_by],
            "message": self.message,
        }


def verify_citation(bind: Bind, number: str, text: str, as_of: date | None = None) -> Verification:
    if not text.strip():
        raise RulesdbError("text: empty; expected the words the answer quotes or says")
    if len(text) > MAX_TEXT:
        raise RulesdbError(
            f"text: {len(text):,} characters; at most {MAX_TEXT:,} are verified at once"
        )
    with connected(bind) as connection:
        day = release_in_force(connection, as_of)
        try:
            number_check = check_citations(connection, [number], day)[number]
        except RulesdbError as exc:
            raise RulesdbError(f"number: {exc}") from None
        checked = number if number_check.status == "fine" else number_check.now
        rule_text = _rule_texts(connection, day, [checked]).get(checked) if checked else None
        saying = says(text, rule_text) if rule_text is not None else Saying("absent", 0.0)
        said_by = [] if saying.verdict == "verbatim" else _saying_it(connection, day, text)
    return Verification(
        release=day.isoformat(),
        number=number_check.number,
        status=number_check.status,
        now=number_check.now,
        checked=checked,
        verdict=saying.verdict if rule_text is not None else None,
        coverage=saying.coverage,
        rule_text=rule_text,
        said_by=said_by,
        message=_message(number, number_check.message, checked, saying, rule_text, said_by),
    )


def _rule_texts(connection: Connection, day: date, numbers: list[str]) -> dict[str, str]:
    """Each rule's text, then its examples one a line, as the release prints them."""
    found = {}
    for number in numbers:
        rows = fetch(
            connection,
            "SELECT t.text, t.examples FROM rule_span r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')} AND r.number = :number "
            "AND r.occurrence = 1",
            day=day,
            number=number,
        )
        if rows:
            found[number] = "\n".join([rows[0]["text"], *json.loads(rows[0]["examples"])])
    return found


def _glossary_text(connection: Connection, day: date, term: str) -> str | None:
    rows = fetch(
        connection,
        "SELECT t.text FROM glossary_span g "
        "JOIN rulebook_text t ON t.id = g.text_id "
        f"WHERE {printed_in('g')} AND g.term = :term",
        day=day,
        term=term,
    )
    return rows[0]["text"] if rows else None


def _saying_it(connection: Connection, day: date, text: str) -> list[dict[str, str]]:
    """The rules and glossary entries of the release saying ``text`` verbatim: those the
    full-text search finds with the text's longest words, each read for the whole text."""
    words = sorted(set(quote_words(text)), key=lambda word: (-len(word), word))[:SEARCH_WORDS]
    query = " ".join(words)[:MAX_SEARCH_CHARACTERS]
    if not words:
        return []
    found = []
    for hit in search(connection, query, day, CANDIDATES):
        if hit["kind"] == "rule":
            said = _rule_texts(connection, day, [hit["number"]]).get(hit["number"])
            entry = hit["number"]
        else:
            said = _glossary_text(connection, day, hit["term"])
            entry = hit["term"]
        if said is not None and says(text, said).verdict == "verbatim":
            found.append({"kind": hit["kind"], "entry": entry})
            if len(found) == SAID_BY:
                break
    return found


def _message(
    number: str,
    number_message: str,
    checked: str | None,
    saying: Saying,
    rule_text: str | None,
    said_by: list[dict[str, str]],
) -> str:
    others = ", ".join(
        s["entry"] if s["kind"] == "rule" else f"the glossary's {s['entry']!r}" for s in said_by
    )
    if rule_text is None:
        text = "no rule to compare the text with"
    elif saying.verdict == "verbatim":
        text = f"{checked} says it" + ("" if checked == number else f": cite {checked}")
    elif saying.verdict == "close":
        text = (
            f"{checked} says most of it ({saying.coverage:.0%} of its words, in order), "
            "not verbatim"
        )
    else:
        text = f"{checked} does not say it"
    if rule_text is None or saying.verdict != "verbatim":
        text += (
            f"; {others} say{'s' if len(said_by) == 1 else ''} it verbatim"
            if said_by
            else "; no rule of the release says it verbatim"
        )
    return f"{number_message}; {text}"
