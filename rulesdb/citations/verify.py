"""One citation verified: whether rule NUMBER, in the release in force on a date, says what
an answer quotes; which rule does if not; whether the number names a rule at all.

The judgement is the citation gate's own, strict (``quotes.judge_quote``: the number as
``lint-citations`` checks it, the quote against the rule's own text — a rule without a
letter with its subrules', never its examples, which quote cards). The answer adds, for an
assistant, how much of the quote the rule has (``coverage``, ``saying``: close or absent)
and the rules and glossary entries that say it verbatim (``said_by``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb.citations.folding import fold, holds, pieces
from rulesdb.citations.quotes import judge_group, target
from rulesdb.citations.saying import Saying, coverage_of
from rulesdb.citations.texts import release_texts
from rulesdb.citations.written import Said
from rulesdb.errors import RulesdbError
from rulesdb.questions.lineage import check_citations
from rulesdb.questions.reading import Bind, connected, fetch
from rulesdb.store.releases import printed_in, release_in_force

MAX_TEXT = 4000  # characters of a quote: a few rules' worth
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
        said = Said(quote=text)
        words = judge_group(connection, day, (number,), {number: number_check}, said, strict=True)
        checked = target(number_check)
        texts = release_texts(connection, day)
        own = texts.own(checked) if checked is not None and checked in texts else None
        if own is None:
            saying = None
        elif words.fits:
            saying = Saying("verbatim", 1.0)
        elif words.judged == "example":
            saying = Saying("example", coverage_of(text, own))
        else:
            saying = Saying.graded(coverage_of(text, own))
        rule_text = _rule_texts(connection, day, [checked]).get(checked) if checked else None
        said_by = [] if words.fits else _saying_it(connection, day, text)
    return Verification(
        release=day.isoformat(),
        number=number_check.number,
        status=number_check.status,
        now=number_check.now,
        checked=checked,
        verdict=saying.verdict if saying is not None else None,
        coverage=saying.coverage if saying is not None else 0.0,
        rule_text=rule_text,
        said_by=said_by,
        message=_message(
            number,
            number_check.message,
            checked,
            saying,
            said_by,
        ),
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


def _saying_it(connection: Connection, day: date, text: str) -> list[dict[str, str]]:
    """The rules (each family once, in rule order) and glossary entries of the release saying
    ``text`` verbatim, as the gate judges verbatim (own text, typography folded)."""
    parts = pieces(text)
    if not parts:
        return []
    found = [{"kind": "rule", "entry": n} for n in release_texts(connection, day).holders(parts)]
    for row in fetch(
        connection,
        "SELECT g.term, t.text FROM glossary_span g JOIN rulebook_text t ON t.id = g.text_id "
        f"WHERE {printed_in('g')} ORDER BY g.sort_key",
        day=day,
    ):
        if len(found) >= SAID_BY:
            break
        if holds(fold(row["text"]), parts):
            found.append({"kind": "glossary", "entry": row["term"]})
    return found[:SAID_BY]


def _message(
    number: str,
    number_message: str,
    checked: str | None,
    saying: Saying | None,
    said_by: list[dict[str, str]],
) -> str:
    others = ", ".join(
        s["entry"] if s["kind"] == "rule" else f"the glossary's {s['entry']!r}" for s in said_by
    )
    if saying is None:  # no rule to compare with: only who says it
        text = ""
    elif saying.verdict == "verbatim":
        text = f"{checked} says it" + ("" if checked == number else f": cite {checked}")
    elif saying.verdict == "example":
        text = f"{checked} has it only in an example, which quotes a card, not the rule"
    elif saying.verdict == "close":
        text = (
            f"{checked} says most of it ({saying.coverage:.0%} of its words, in order), "
            "not verbatim"
        )
    else:
        text = f"{checked} does not say it"
    if saying is None or saying.verdict != "verbatim":
        verbatim = (
            f"{others} say{'s' if len(said_by) == 1 else ''} it verbatim"
            if said_by
            else "no rule of the release says it verbatim"
        )
        text = f"{text}; {verbatim}" if text else verbatim
    return f"{number_message}; {text}"
