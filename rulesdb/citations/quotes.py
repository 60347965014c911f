"""Whether the words written with a citation belong to the rule it cites: a verbatim quote
(judged exactly, after folding typography) or a description (judged by similarity, and only
faulted when another rule of the release clearly fits better).

One judgement for every caller: ``lint-citations`` and the MCP server's ``verify_citation``
both ask :func:`judge_quote`.

Folding (:func:`fold`): Unicode NFKC; curly quotes and apostrophes to ``'`` and ``"``; en and
em dashes, minus signs and non-breaking hyphens to ``-``; a backslash before a quote (a
string literal's escape) dropped; runs of whitespace to one space; case folded. A quote's
ellipses (``…`` or ``...``) split it into pieces that must appear in that order; the
punctuation around each piece is not compared.

Descriptions: the rule's and the description's words (lowercased, stop words left out,
plural ``s`` and possessive ``'s`` trimmed) compared by rapidfuzz's ``token_set_ratio``
(1.0 when every word of the description is in the rule). A description of fewer than
``DESCRIPTION_WORDS`` such words is not judged (only the number is). A description is a
mismatch only when the cited rule scores under ``DESCRIPTION_CITED_BELOW`` and another rule of the
release scores at least ``DESCRIPTION_OTHER_AT_LEAST`` and ``DESCRIPTION_MARGIN`` more.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz
from sqlalchemy import Connection

from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.questions.reading import Bind, connected, fetch
from rulesdb.store.releases import printed_in
from rulesdb.util.rule_numbers import parse_rule_number
from rulesdb.util.rules import rule_key

if TYPE_CHECKING:
    from rulesdb.handle import Rules

QUOTE_STATUSES = ("fine", "missing", "renumbered", "mismatch")
DESCRIPTION_CITED_BELOW = 0.6
DESCRIPTION_OTHER_AT_LEAST = 0.8
DESCRIPTION_MARGIN = 0.3
CANDIDATES = 12  # rules the full-text index offers for a description
MAX_TEXT = 2000  # characters of a quote or description judged (the rest is left out)

_FOLD = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
    "\u2212": "-", "\u00a0": " ",
})
_ESCAPED_QUOTE = re.compile(r"\\(['\"])")
_SPACE = re.compile(r"\s+")
_ELLIPSIS = re.compile(r"\s*(?:\u2026|\.\.\.+|\[\s*\.\.\.\s*\])\s*")
_EDGE_PUNCTUATION = " .,;:!?'\"()[]-"
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_MARKS = "\"\u201c\u201d'\u2018\u2019"
_QUOTED = re.compile(rf"\s*[{_MARKS}](.*)[{_MARKS}]\s*[.,;]?\s*", re.S)
_STOP = frozenset("""a an the and or of to in on at by for from with as is are be been was were
that this these those it its it's if then than so not no any all each other such into onto
can may must might will would should could do does did has have had see also per via rule
rules cr comprehensive see below above here there note todo fixme xxx etc e.g i.e
section subrule""".split())
DESCRIPTION_WORDS = 2  # a description of fewer words ("trample", "see below") is not judged


@dataclass(frozen=True)
class QuoteVerdict:
    """A citation and the words written with it, judged against one release.

    ``status``: fine (the words belong to the cited rule, or there are none to judge),
    missing (no such rule), renumbered (the rule is ``now`` in the release, and the words
    fit it), mismatch (the words are not the cited rule's: ``matches`` is the rule of the
    release whose text holds them, or None). ``judged``: verbatim, description, or number
    (no words to judge). ``similarity``: 0..1, the words against the cited rule (or its
    successor), None when there were none."""

    number: str
    release: date
    status: str
    matches: str | None
    similarity: float | None
    judged: str
    now: str | None
    message: str
    uncertain: bool = False

    @property
    def verbatim(self) -> bool:
        return self.judged == "verbatim"


def fold(text: str) -> str:
    """Text as quotes are compared: see the module's notes."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    text = _ESCAPED_QUOTE.sub(r"\1", text)
    return _SPACE.sub(" ", text).strip().casefold()


def quoted(text: str) -> str | None:
    """The passage inside quote marks, if ``text`` is one (after blanks and a final comma or
    full stop); else None."""
    match = _QUOTED.fullmatch(text)
    if match and match[1].strip():
        return match[1]
    return None


# After a citation: a quoted passage (": \"...\"", ", \"...\"", " \"...\"", escaped in a
# string literal or not) closed on the same line; or, after a colon, a description up to the
# end of its sentence (or of a comment: "*/", "-->").
_QUOTE_AFTER = re.compile(r'\)?\s*[:,]?\s*(?:[-\u2013\u2014]\s*)?\\?["\u201c](.+?)\\?["\u201d]')
_DESCRIPTION_AFTER = re.compile(r"\)?\s*:\s*(.+)")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|;|\*/|-->|\"\"\"|\\n")


def written_with(after: str) -> tuple[str, bool] | None:
    """The words written with a citation, from the rest of its line: (text, verbatim) for a
    quoted passage (verbatim) or a description after a colon, or None."""
    match = _QUOTE_AFTER.match(after)
    if match:
        return match[1], True
    match = _DESCRIPTION_AFTER.match(after)
    if match is None or match[1].lstrip()[:1] in ("\"", "\u201c"):
        return None  # nothing after a colon, or a quote not closed on its line
    text = _SENTENCE_END.split(match[1], maxsplit=1)[0].strip()
    return (text, False) if text else None


def judge_quote(bind: Bind | Rules, release: date | str | None, number: str, text: str,
                verbatim: bool | None = None) -> QuoteVerdict:
    """The citation of rule ``number`` with the words ``text``, judged against the release in
    force on ``release`` (a date, or a set code or name; None: the latest).

    ``verbatim``: True, ``text`` is a quote to be found exactly; False, a description; None,
    a quote when ``text`` is wrapped in quote marks (which are taken off), else a
    description. Empty words, or a description with no word worth comparing, leave only the
    number to judge."""
    engine = getattr(bind, "engine", bind)
    if parse_rule_number(number) is None:
        raise RulesdbError(f"malformed rule number {number[:40]!r}")
    if verbatim is None:
        inner = quoted(text)
        verbatim, text = (True, inner) if inner is not None else (False, text)
    text = text[:MAX_TEXT]
    with connected(engine) as connection:
        day = listings.release_in_force(
            connection, listings.release_named(connection, release, "as_of"))
        return judge_in(connection, day, number, text, verbatim)


def judge_in(connection: Connection, day: date, number: str, text: str,
             verbatim: bool) -> QuoteVerdict:
    """:func:`judge_quote` on an open connection, for the release ``day`` itself."""
    from rulesdb.questions.lineage import _check

    check = _check(connection, number, day, None)
    target = number if check.status == "fine" else check.now
    base = dict(number=number, release=day, now=check.now, uncertain=check.uncertain)
    if verbatim:
        pieces = _pieces(text)
        if not pieces:
            return QuoteVerdict(status=check.status, matches=target, similarity=None,
                                judged="number", message=check.message, **base)
        if target is not None:
            held = _texts(connection, day, target)
            if _holds(held, pieces):
                return QuoteVerdict(status=check.status, matches=target, similarity=1.0,
                                    judged="verbatim", message=check.message, **base)
            similarity = _partial(pieces, held)
        else:
            similarity = None
        holder = _holder(connection, day, pieces)
        where = f"; it is in rule {holder}" if holder else "; no rule of the release holds it"
        if target is None:
            return QuoteVerdict(status="missing", matches=holder, similarity=None,
                                judged="verbatim", message=check.message + where, **base)
        return QuoteVerdict(status="mismatch", matches=holder, similarity=similarity,
                            judged="verbatim",
                            message=f"the quote is not in rule {target} of release "
                                    f"{day.isoformat()}{where}", **base)
    words = _words(text)
    if len(set(words)) < DESCRIPTION_WORDS:
        return QuoteVerdict(status=check.status, matches=target, similarity=None,
                            judged="number", message=check.message, **base)
    cited = _score(words, _texts(connection, day, target)) if target is not None else 0.0
    best, best_score = None, 0.0
    if target is None or cited < DESCRIPTION_CITED_BELOW:
        for other, other_text in _candidates(connection, day, words):
            if target is not None and _related(other, target):
                continue
            score = _score(words, other_text)
            if score > best_score:
                best, best_score = other, score
    if best is not None and best_score >= DESCRIPTION_OTHER_AT_LEAST \
            and best_score - cited >= DESCRIPTION_MARGIN:
        if target is None:
            return QuoteVerdict(status="missing", matches=best, similarity=None,
                                judged="description",
                                message=f"{check.message}; the description fits rule {best}",
                                **base)
        return QuoteVerdict(status="mismatch", matches=best, similarity=round(cited, 3),
                            judged="description",
                            message=f"the description fits rule {best} ({best_score:.2f}) "
                                    f"better than rule {target} ({cited:.2f}) of release "
                                    f"{day.isoformat()}", **base)
    return QuoteVerdict(status=check.status, matches=target,
                        similarity=round(cited, 3) if target is not None else None,
                        judged="description", message=check.message, **base)


def _pieces(quote: str) -> list[str]:
    pieces = [piece.strip(_EDGE_PUNCTUATION) for piece in _ELLIPSIS.split(fold(quote))]
    return [piece for piece in pieces if piece]


def _holds(text: str, pieces: list[str]) -> bool:
    at = 0
    for piece in pieces:
        at = text.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return True


def _partial(pieces: list[str], text: str) -> float:
    return round(min(fuzz.partial_ratio(piece, text) for piece in pieces) / 100, 3)


def _related(one: str, other: str) -> bool:
    """A rule and its heading or subrules: a description of one fits the other."""
    return one.startswith(other) or other.startswith(one)


def _printed(text: str, examples: str) -> str:
    return "\n".join([text, *json.loads(examples or "[]")])


def _texts(connection: Connection, day: date, number: str) -> str:
    """The folded text of rule ``number`` in the release, with its subrules' (a heading's
    words are its subrules')."""
    if "." in number:
        children = re.compile(re.escape(number) + r"[a-z]{1,2}")
    else:
        children = re.compile(re.escape(number) + r"\.\d{1,3}[a-z]{0,2}")
    rows = fetch(connection, "SELECT r.number, t.text, t.examples FROM rule_span r "
                             "JOIN rulebook_text t ON t.id = r.text_id "
                             f"WHERE {printed_in('r')} AND (r.number = :number "
                             "OR r.number LIKE :prefix) ORDER BY r.number",
                 day=day, number=number, prefix=number + ("%" if "." in number else ".%"))
    kept = [row for row in rows if row["number"] == number or children.fullmatch(row["number"])]
    kept.sort(key=lambda row: rule_key(row["number"]))
    return "\n".join(fold(_printed(row["text"], row["examples"])) for row in kept)


def _holder(connection: Connection, day: date, pieces: list[str]) -> str | None:
    """The first rule of the release (in the rules' order) whose text holds the quote: the
    full-text index offers the candidates, each then checked exactly."""
    for number, text in sorted(_matching(connection, day, pieces),
                               key=lambda pair: rule_key(pair[0])):
        if _holds(fold(text), pieces):
            return number
    return None


def _matching(connection: Connection, day: date,
              pieces: list[str]) -> list[tuple[str, str]]:
    """Rules of the release whose texts have every piece's words as a phrase (the index's
    judgement, stemmed; checked exactly afterwards)."""
    phrases = [" ".join(_WORD.findall(piece)) for piece in pieces]
    phrases = [phrase for phrase in phrases if phrase]
    if not phrases:
        return []
    if connection.dialect.name == "sqlite":
        query = " ".join('"' + phrase.replace('"', '""') + '"' for phrase in phrases)
        rows = fetch(connection, f"""
            SELECT r.number, t.text, t.examples FROM rulebook_fts f
            JOIN rulebook_text t ON t.id = f.rowid
            JOIN rule_span r ON r.text_id = t.id AND {printed_in('r')}
            WHERE rulebook_fts MATCH :query LIMIT 200""", query=query, day=day)
    else:
        clauses = " AND ".join(f"t.search @@ phraseto_tsquery('english', :p{i})"
                               for i in range(len(phrases)))
        rows = fetch(connection, f"""
            SELECT r.number, t.text, t.examples FROM rulebook_text t
            JOIN rule_span r ON r.text_id = t.id AND {printed_in('r')}
            WHERE {clauses} LIMIT 200""", day=day,
                     **{f"p{i}": phrase for i, phrase in enumerate(phrases)})
    return [(row["number"], _printed(row["text"], row["examples"])) for row in rows]


def _words(text: str) -> list[str]:
    words = []
    for word in _WORD.findall(fold(text)):
        word = word.removesuffix("'s")
        if word in _STOP or len(word) < 3 or word.isdigit():
            continue
        words.append(word[:-1] if len(word) > 3 and word.endswith("s")
                     and not word.endswith("ss") else word)
    return words


def _score(words: list[str], text: str) -> float:
    rule_words = " ".join(sorted(set(_words(text))))
    return fuzz.token_set_ratio(" ".join(sorted(set(words))), rule_words) / 100


def _candidates(connection: Connection, day: date,
                words: list[str]) -> list[tuple[str, str]]:
    """Rules of the release the full-text index ranks best for any of ``words``."""
    if connection.dialect.name == "sqlite":
        query = " OR ".join('"' + word + '"' for word in sorted(set(words)))
        rows = fetch(connection, f"""
            SELECT r.number, t.text, t.examples FROM rulebook_fts f
            JOIN rulebook_text t ON t.id = f.rowid
            JOIN rule_span r ON r.text_id = t.id AND {printed_in('r')}
            WHERE rulebook_fts MATCH :query ORDER BY bm25(rulebook_fts) LIMIT :limit""",
                     query=query, day=day, limit=CANDIDATES)
    else:
        rows = fetch(connection, f"""
            SELECT r.number, t.text, t.examples FROM rulebook_text t
            JOIN rule_span r ON r.text_id = t.id AND {printed_in('r')}
            WHERE t.search @@ to_tsquery('english', :query)
            ORDER BY ts_rank(t.search, to_tsquery('english', :query)) DESC, r.number
            LIMIT :limit""", query=" | ".join(sorted(set(words))), day=day, limit=CANDIDATES)
    return [(row["number"], _printed(row["text"], row["examples"])) for row in rows]


def verdict_json(verdict: QuoteVerdict) -> dict[str, Any]:
    """The verdict as JSON: release as YYYY-MM-DD."""
    return {"number": verdict.number, "release": verdict.release.isoformat(),
            "status": verdict.status, "matches": verdict.matches,
            "similarity": verdict.similarity, "judged": verdict.judged, "now": verdict.now,
            "message": verdict.message, "uncertain": verdict.uncertain}
