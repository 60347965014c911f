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

A quote not in the cited rule is a mismatch when ``strict`` (the default, for a text meant
as a quote of the rule). Not strict (``lint-citations``): only when it has at least
``QUOTE_HELD_WORDS`` words, no placeholder (``[X]``, ``{N}``, a lone ``N``), and is in
another rule's own text — engines quote card text after a rule number, and a short phrase
is in some rule by chance (on a real engine: 1,279 quotes flagged judged strictly, 9
not). ``similarity``: rapidfuzz's ``partial_ratio`` of the quote against the rule.

Descriptions: the rule's and the description's words (lowercased, stop words left out,
plural ``s`` and possessive ``'s`` trimmed); the score is the share of the description's
words that are the rule's (1.0 when every one is). A description of fewer than
``DESCRIPTION_WORDS`` such words is not judged (only the number is). A description is a
mismatch only when the cited rule scores under ``DESCRIPTION_CITED_BELOW`` (none of its
words) and another rule of the release ``DESCRIPTION_OTHER_AT_LEAST`` (all of them):
measured on a real engine (15,035 citations), looser thresholds (0.6 / 0.8 with
token_set_ratio, then 0.34 / 0.8 by share) flagged 799 and 268 descriptions, about one in
ten a real fault; these flag 22, about half real.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from rapidfuzz import fuzz
from sqlalchemy import Connection, Engine

from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.questions.lineage import check_number
from rulesdb.questions.reading import Bind, connected, fetch
from rulesdb.store.releases import printed_in, release_in_force
from rulesdb.util.rule_numbers import parse_rule_number, rule_key


class HasEngine(Protocol):
    """What judge_quote takes besides an engine or connection: a ``rulesdb.open()`` handle."""

    @property
    def engine(self) -> Engine: ...


QUOTE_STATUSES = ("fine", "missing", "renumbered", "mismatch")
DESCRIPTION_CITED_BELOW = 0.01  # none of its words the cited rule's
DESCRIPTION_OTHER_AT_LEAST = 1.0  # every one another rule's
DESCRIPTION_MARGIN = 1.0
# Not strict (lint-citations): a quote not in the cited rule is judged only when it has
# QUOTE_HELD_WORDS words or more, no placeholder ("[X]", "{N}"), and is in another rule's
# own text: a shorter quoted phrase is card text as often as the rules'.
QUOTE_HELD_WORDS = 8
_PLACEHOLDER = re.compile(r"[\[\]{}<>]|\b[NX]\b")
CANDIDATES = 12  # rules the full-text index offers for a description
MAX_TEXT = 2000  # characters of a quote or description judged (the rest is left out)

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00a0": " ",
    }
)
_ESCAPED_QUOTE = re.compile(r"\\(['\"])")
_SPACE = re.compile(r"\s+")
_ELLIPSIS = re.compile(r"\s*(?:\u2026|\.\.\.+|\[\s*\.\.\.\s*\])\s*")
_EDGE_PUNCTUATION = " .,;:!?'\"()[]-"
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_MARKS = "\"\u201c\u201d'\u2018\u2019"
_QUOTED = re.compile(rf"\s*[{_MARKS}](.*)[{_MARKS}]\s*[.,;]?\s*", re.S)
_STOP = frozenset(
    """a an the and or of to in on at by for from with as is are be been was were
that this these those it its it's if then than so not no any all each other such into onto
can may must might will would should could do does did has have had see also per via rule
rules cr comprehensive see below above here there note todo fixme xxx etc e.g i.e
section subrule""".split()
)
DESCRIPTION_WORDS = 4  # a description of fewer words ("trample", "see below") is not judged


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
    if match is None or match[1].lstrip()[:1] in ('"', "\u201c"):
        return None  # nothing after a colon, or a quote not closed on its line
    text = _SENTENCE_END.split(match[1], maxsplit=1)[0].strip()
    return (text, False) if text else None


def judge_quote(
    bind: Bind | HasEngine,
    release: date | str | None,
    number: str,
    text: str,
    verbatim: bool | None = None,
    *,
    strict: bool = True,
) -> QuoteVerdict:
    """The citation of rule ``number`` with the words ``text``, judged against the release in
    force on ``release`` (a date, or a set code or name; None: the latest).

    ``verbatim``: True, ``text`` is a quote to be found exactly; False, a description; None,
    a quote when ``text`` is wrapped in quote marks (which are taken off), else a
    description. Empty words, or a description with no word worth comparing, leave only the
    number to judge. ``strict`` (the default: the text is meant as a quote of the rule): a
    quote not in the cited rule is a mismatch; not strict (``lint-citations``, where a
    quoted phrase after a rule number is card text as often as rules text): only a quote of
    at least ``QUOTE_HELD_WORDS`` words with no placeholder, found in another rule's own
    text."""
    engine = bind if isinstance(bind, Engine | Connection) else bind.engine
    if parse_rule_number(number) is None:
        raise RulesdbError(f"malformed rule number {number[:40]!r}")
    if verbatim is None:
        inner = quoted(text)
        verbatim, text = (True, inner) if inner is not None else (False, text)
    text = text[:MAX_TEXT]
    with connected(engine) as connection:
        day = release_in_force(connection, listings.release_named(connection, release, "as_of"))
        return judge_in(connection, day, number, text, verbatim, strict=strict)


def judge_in(
    connection: Connection,
    day: date,
    number: str,
    text: str,
    verbatim: bool,
    *,
    strict: bool = True,
) -> QuoteVerdict:
    """:func:`judge_quote` on an open connection, for the release ``day`` itself."""
    check = check_number(connection, number, day, None)
    target = number if check.status == "fine" else check.now

    def verdict(
        status: str, matches: str | None, similarity: float | None, judged: str, message: str
    ) -> QuoteVerdict:
        return QuoteVerdict(
            number=number,
            release=day,
            status=status,
            matches=matches,
            similarity=similarity,
            judged=judged,
            now=check.now,
            message=message,
            uncertain=check.uncertain,
        )

    def by_number(judged: str, similarity: float | None = None) -> QuoteVerdict:
        """The number's own verdict: the words fit its rule, or were not judged."""
        return verdict(check.status, target, similarity, judged, check.message)

    def elsewhere(
        judged: str, holder: str | None, similarity: float | None, message: str
    ) -> QuoteVerdict:
        """The words are not the cited rule's (``holder``'s, or no rule's): missing where
        the number names no rule, else a mismatch."""
        status = "missing" if target is None else "mismatch"
        return verdict(status, holder, similarity, judged, message)

    if verbatim:
        pieces = _pieces(text)
        if not pieces:
            return by_number("number")
        similarity = None
        if target is not None:
            held = release_texts(connection, day).folded(target)
            if _holds(held, pieces):
                return by_number("verbatim", 1.0)
            similarity = _partial(pieces, held)
        holder = _holder(connection, day, pieces, examples=strict)
        if not strict and (
            holder is None
            or _PLACEHOLDER.search(text)
            or sum(len(_WORD.findall(piece)) for piece in pieces) < QUOTE_HELD_WORDS
        ):
            # In code a quoted phrase is card text as often as the rules': judged only
            # when long and in another rule's own text (examples quote cards).
            return by_number("number", similarity)
        where = f"; it is in rule {holder}" if holder else "; no rule of the release holds it"
        if target is None:
            return elsewhere("verbatim", holder, None, check.message + where)
        return elsewhere(
            "verbatim",
            holder,
            similarity,
            f"the quote is not in rule {target} of release {day.isoformat()}{where}",
        )
    words = _words(text)
    if len(set(words)) < DESCRIPTION_WORDS:
        return by_number("number")
    texts = release_texts(connection, day)
    cited = _score(words, texts.words(target)) if target is not None else 0.0
    best, best_score = None, 0.0
    if target is None or cited < DESCRIPTION_CITED_BELOW:
        for other in texts.candidates(words):
            if target is not None and _related(other, target):
                continue
            score = _score(words, texts.words(other))
            if score > best_score:
                best, best_score = other, score
    if (
        best is not None
        and best_score >= DESCRIPTION_OTHER_AT_LEAST
        and best_score - cited >= DESCRIPTION_MARGIN
    ):
        if target is None:
            return elsewhere(
                "description", best, None, f"{check.message}; the description fits rule {best}"
            )
        return elsewhere(
            "description",
            best,
            round(cited, 3),
            f"the description fits rule {best} ({best_score:.2f}) better than rule {target} "
            f"({cited:.2f}) of release {day.isoformat()}",
        )
    return by_number("description", round(cited, 3) if target is not None else None)


def holds_quote(quote: str, text: str) -> bool:
    """Whether ``text`` (a rule's text and examples) holds ``quote`` verbatim, as
    :func:`judge_quote` judges a quote: both folded, the quote's ellipses splitting it into
    pieces found in order."""
    pieces = _pieces(quote)
    return bool(pieces) and _holds(fold(text), pieces)


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
    return round(float(min(fuzz.partial_ratio(piece, text) for piece in pieces)) / 100, 3)


def _related(one: str, other: str) -> bool:
    """A rule and its heading or subrules: a description of one fits the other."""
    return one.startswith(other) or other.startswith(one)


def _printed(text: str, examples: str) -> str:
    return "\n".join([text, *json.loads(examples or "[]")])


class ReleaseTexts:
    """One release's rules as judging reads them: each rule's folded text (with its
    examples) and its words, a heading holding its subrules', and which rules each word is
    in. Built once a release (one query, about 0.25 s for 3,300 rules), then every quote
    and description of a run is judged in memory: the full-text index took 4 ms for a
    rule's text and 30 ms for a description's candidates."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self._text: dict[str, str] = {}
        self._words: dict[str, frozenset[str]] = {}
        self._postings: dict[str, list[str]] = {}
        self._whole: dict[str, tuple[str, frozenset[str]]] = {}
        for row in sorted(rows, key=lambda row: rule_key(row["number"])):
            if row["number"] in self._text:
                continue  # a number printed twice: its first occurrence, as citations read it
            printed = fold(_printed(row["text"], row["examples"]))
            self._text[row["number"]] = printed
            words = frozenset(_words(printed))
            self._words[row["number"]] = words
            for word in words:
                self._postings.setdefault(word, []).append(row["number"])

    def _heading(self, number: str) -> tuple[str, frozenset[str]]:
        """The rule's text and words with its subrules' (all of a section's rules)."""
        if number not in self._whole:
            if "." in number:
                inner = re.compile(re.escape(number) + r"[a-z]{1,2}")
            else:
                inner = re.compile(re.escape(number) + r"\.\d{1,3}[a-z]{0,2}")
            kept = [key for key in self._text if key == number or inner.fullmatch(key)]
            self._whole[number] = (
                "\n".join(self._text[key] for key in kept),
                frozenset().union(*(self._words[key] for key in kept)),
            )
        return self._whole[number]

    def folded(self, number: str) -> str:
        return self._heading(number)[0]

    def words(self, number: str) -> frozenset[str]:
        return (
            self._heading(number)[1]
            if number[-1].isdigit()
            else self._words.get(number, frozenset())
        )

    def candidates(self, words: list[str]) -> list[str]:
        """The rules sharing most of ``words`` (at most ``CANDIDATES``), most first."""
        shared: Counter[str] = Counter()
        for word in set(words):
            shared.update(self._postings.get(word, ()))
        return [number for number, _ in shared.most_common(CANDIDATES)]


_RELEASES: dict[tuple[str, date], ReleaseTexts] = {}
RELEASES_KEPT = 4  # releases whose texts are held between calls (about 5 MB each)


def release_texts(connection: Connection, day: date) -> ReleaseTexts:
    """The release's :class:`ReleaseTexts`, built on first use and kept for the database
    (its URL) and release: a release's texts never change once loaded."""
    key = (connection.engine.url.render_as_string(hide_password=True), day)
    if key not in _RELEASES:
        rows = fetch(
            connection,
            "SELECT r.number, t.text, t.examples FROM rule_span r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')}",
            day=day,
        )
        while len(_RELEASES) >= RELEASES_KEPT:
            _RELEASES.pop(next(iter(_RELEASES)))
        _RELEASES[key] = ReleaseTexts(rows)
    return _RELEASES[key]


def _holder(
    connection: Connection, day: date, pieces: list[str], examples: bool = True
) -> str | None:
    """The first rule of the release (in the rules' order) whose text holds the quote: the
    full-text index offers the candidates, each then checked exactly."""
    for number, text, own in sorted(
        _matching(connection, day, pieces), key=lambda row: rule_key(row[0])
    ):
        if _holds(fold(text if examples else own), pieces):
            return number
    return None


def _matching(connection: Connection, day: date, pieces: list[str]) -> list[tuple[str, str, str]]:
    """Rules of the release whose texts have every piece's words as a phrase (the index's
    judgement, stemmed; checked exactly afterwards)."""
    phrases = [" ".join(_WORD.findall(piece)) for piece in pieces]
    phrases = [phrase for phrase in phrases if phrase]
    if not phrases:
        return []
    if connection.dialect.name == "sqlite":
        query = " ".join('"' + phrase.replace('"', '""') + '"' for phrase in phrases)
        rows = fetch(
            connection,
            f"""
            SELECT r.number, t.text, t.examples FROM rulebook_fts f
            JOIN rulebook_text t ON t.id = f.rowid
            JOIN rule_span r ON r.text_id = t.id AND {printed_in("r")}
            WHERE rulebook_fts MATCH :query LIMIT 200""",
            query=query,
            day=day,
        )
    else:
        clauses = " AND ".join(
            f"t.search @@ phraseto_tsquery('english', :p{i})" for i in range(len(phrases))
        )
        rows = fetch(
            connection,
            f"""
            SELECT r.number, t.text, t.examples FROM rulebook_text t
            JOIN rule_span r ON r.text_id = t.id AND {printed_in("r")}
            WHERE {clauses} LIMIT 200""",
            day=day,
            **{f"p{i}": phrase for i, phrase in enumerate(phrases)},
        )
    return [(row["number"], _printed(row["text"], row["examples"]), row["text"]) for row in rows]


def _words(text: str) -> list[str]:
    words = []
    for word in _WORD.findall(fold(text)):
        word = word.removesuffix("'s")
        if word in _STOP or len(word) < 3 or word.isdigit():
            continue
        words.append(
            word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
        )
    return words


def _score(words: list[str], rule_words: frozenset[str]) -> float:
    """The share of the description's words that are the rule's."""
    distinct = set(words)
    return len(distinct & rule_words) / len(distinct)


def verdict_json(verdict: QuoteVerdict) -> dict[str, Any]:
    """The verdict as JSON: release as YYYY-MM-DD."""
    return {
        "number": verdict.number,
        "release": verdict.release.isoformat(),
        "status": verdict.status,
        "matches": verdict.matches,
        "similarity": verdict.similarity,
        "judged": verdict.judged,
        "now": verdict.now,
        "message": verdict.message,
        "uncertain": verdict.uncertain,
    }
