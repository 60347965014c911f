"""Whether the words written with a citation belong to the rules it cites: one judgement for
``lint-citations``, ``Rules.verify_citation`` and the MCP server's ``verify_citation``.

The words (``written``) are judged against the cited rules' own text, never their examples
(examples quote cards), in this order of strength:

1. **A name** (``titles``): the rule's title or another name the release gives it, written
   with the citation (``CR 702.50: Delve``, ``Delve (CR 702.66)``, ``"connive"``). It fits
   when it names a cited rule, its heading or a subrule, a rule a cited rule points to, or
   when a cited rule's text uses it; otherwise the citation is a mismatch, and ``matches``
   is the rule the name is the title of (702.66 for Delve). A name followed by other words
   (``Shuffle clauses are …``) may be a verb of the sentence: it is judged only when every
   cited rule is a keyword's (701, 702), as a keyword's name there says which keyword is
   meant.
2. **A quote**: verbatim, after folding typography (``folding``). In the cited rule's text:
   fine; in its examples only: card text, so only the number is judged. Strict (a text
   meant as a quote of the rule): anything else is a mismatch. Not strict
   (``lint-citations``, where a quoted phrase after a rule number is card text as often as
   rules text): only a quote of at least ``QUOTE_HELD_WORDS`` words with no placeholder,
   found in another rule's text.
3. **A description**: words after a colon or dash. A mismatch when it is another rule's
   text word for word (at least ``QUOTE_HELD_WORDS`` words, as the 2026-04-17 file's 726.4
   "If the player who has the initiative leaves the game"), or when none of its words
   (at least ``DESCRIPTION_WORDS``) are a cited rule's and another rule has every one.

A group of citations (``CR 603.10a + CR 607.2a: …``) is judged together: the words fit when
they fit any of its rules. ``matches`` (and so a suggested fix) is given only where it is
decisive: a name that is one rule's, or a quote (or word-for-word description) that exactly
one rule holds; otherwise the message says no rule clearly fits. Every choice among rules is
made in rule order, so a verdict never depends on hash order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, Protocol

from rapidfuzz import fuzz
from sqlalchemy import Connection, Engine

from rulesdb.citations.folding import (
    WORD,
    fold,
    holds,
    holds_quote,
    holds_stems,
    pieces,
    stems,
    words,
)
from rulesdb.citations.texts import ReleaseTexts, release_texts
from rulesdb.citations.titles import Named, related
from rulesdb.citations.written import Said, quoted, said_text
from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.questions.lineage import CitationCheck, check_number
from rulesdb.questions.reading import Bind, connected
from rulesdb.store.releases import release_in_force
from rulesdb.util.rule_numbers import parse_rule_number

__all__ = [
    "QuoteVerdict",
    "WordsVerdict",
    "fold",
    "holds_quote",
    "judge_group",
    "judge_quote",
    "quoted",
    "verdict_json",
]


class HasEngine(Protocol):
    """What judge_quote takes besides an engine or connection: a ``rulesdb.open()`` handle."""

    @property
    def engine(self) -> Engine: ...


QUOTE_STATUSES = ("fine", "missing", "renumbered", "changed", "mismatch")
QUOTE_HELD_WORDS = 8
DESCRIPTION_WORDS = 4  # a description of fewer words ("see below") is judged by a name only
# A name the rules use this often (a share of all rules) is a common word too: "counter"
# (10% of 2026-04-17's rules: markers, and the keyword action), "cast", "create", "play".
# It is judged only written alone after the number: "CR 702.19: Counter".
COMMON_NAME = 0.06
# A description another rule holds word for word is that rule's only when the cited rule
# lacks its telling words: under this share of the words' weight (rarer words weigh more).
DESCRIPTION_HELD_BELOW = 0.75
_PLACEHOLDER = re.compile(r"[\[\]{}<>~]|\b[NX]\b")
_KEYWORD_RULE = re.compile(r"70[12]\.\d+[a-z]{0,2}$|207\.2c$")
# A rule with a name of its own: a keyword's, or of a section on one thing (701 to 799:
# Prototype Cards, The Monarch). A name written with it that is not its own is a wrong
# citation; with a rule of procedure (601.2h) the name may be the topic ("Sunburst").
_ACTION_RULE = re.compile(r"701\.\d+[a-z]{0,2}$")
_NAMED_RULE = re.compile(r"7(?:0[1-9]|[1-9]\d)(?:\.\d+[a-z]{0,2})?$|207\.2c$")


@dataclass(frozen=True)
class WordsVerdict:
    """The words written with a citation (or a group), judged against its rules: ``fits``
    True (the words are a cited rule's), False (a mismatch) or None (not judged: no words,
    or too few to say). ``judged``: number, title, verbatim, example or description."""

    fits: bool | None
    judged: str
    matches: str | None = None
    similarity: float | None = None
    message: str = ""


NOT_JUDGED = WordsVerdict(None, "number")


@dataclass(frozen=True)
class QuoteVerdict:
    """A citation and the words written with it, judged against one release.

    ``status``: fine, missing (no such rule), renumbered (the rule is ``now``, and the
    words fit it), changed (with ``since``), mismatch (the words are not the cited rule's:
    ``matches`` is the one rule they are, or None when no rule clearly is). ``judged``:
    title, verbatim, example, description, or number (no words judged). ``similarity``:
    0..1, the words against the cited rule (or its successor), None when not measured."""

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


def judge_quote(
    bind: Bind | HasEngine,
    release: date | str | None,
    number: str,
    text: str,
    verbatim: bool | None = None,
    *,
    strict: bool = True,
    since: date | str | None = None,
) -> QuoteVerdict:
    """The citation of rule ``number`` with the words ``text``, judged against the release in
    force on ``release`` (a date, or a set code or name; None: the latest).

    ``verbatim``: True, ``text`` is a quote to be found exactly; False, a description (or a
    name); None, a quote when ``text`` is wrapped in quote marks (which are taken off).
    ``strict`` (the default: the text is meant as a quote of the rule): a quote not in the
    cited rule is a mismatch; not strict (``lint-citations``): only a long one found in
    another rule. ``since``: the release the citation was written against; the number is
    read as that release printed it (see ``questions.lineage.check_number``)."""
    engine = bind if isinstance(bind, Engine | Connection) else bind.engine
    if parse_rule_number(number) is None:
        raise RulesdbError(f"malformed rule number {number[:40]!r}")
    said = said_text(text, verbatim)
    with connected(engine) as connection:
        day = release_in_force(connection, listings.release_named(connection, release, "as_of"))
        then = (
            release_in_force(connection, listings.release_named(connection, since, "since"))
            if since is not None
            else None
        )
        check = check_number(connection, number, day, then)
        found = judge_group(connection, day, (number,), {number: check}, said, strict=strict)
        return combined(check, found, day)


def combined(check: CitationCheck, words: WordsVerdict, day: date) -> QuoteVerdict:
    """A citation's verdict from its number's check and its group's words."""
    verdict = QuoteVerdict(
        number=check.number,
        release=day,
        status=check.status,
        matches=words.matches,
        similarity=words.similarity,
        judged=words.judged,
        now=check.now,
        message=check.message,
        uncertain=check.uncertain,
    )
    if words.fits is False and check.status != "missing":
        said = words.message if check.status == "fine" else f"{check.message}; {words.message}"
        return replace(verdict, status="mismatch", message=said)
    if check.status == "missing" and words.matches:
        return replace(verdict, message=f"{check.message}; {words.message}")
    return verdict


def target(check: CitationCheck) -> str | None:
    """The rule of the release a checked number leads to: itself, or where it moved."""
    if check.status in ("fine", "changed"):
        return check.number
    return check.now


def judge_group(
    connection: Connection,
    day: date,
    numbers: tuple[str, ...],
    checks: dict[str, CitationCheck],
    said: Said,
    *,
    strict: bool = False,
) -> WordsVerdict:
    """The words written with a group of citations, judged against the rules the numbers
    lead to in release ``day`` (``checks``: each number's check against it)."""
    if not said:
        return NOT_JUDGED
    texts = release_texts(connection, day)
    live = list(dict.fromkeys(t for n in numbers if (t := target(checks[n])) and t in texts))
    return _judge(texts, live, said, strict, day.isoformat())


def _judge(
    texts: ReleaseTexts, live: list[str], said: Said, strict: bool, day: str
) -> WordsVerdict:
    named = _named(texts, said)
    if named is not None:
        verdict = _by_name(texts, live, named, said, day)
        if verdict is not None:
            return verdict
    if said.quote is not None:
        return _by_quote(texts, live, said.quote, strict, day)
    if said.description is not None:
        return _by_description(texts, live, said.description, said.colon, day)
    return NOT_JUDGED


def _named(texts: ReleaseTexts, said: Said) -> Named | None:
    if said.before:
        found = texts.titles.before(said.before)
        if found is not None:
            return found
    for text in (said.quote, said.description, said.bare):
        if text:
            found = texts.titles.at_start(text)
            if found is not None and (found.strong or text is not said.quote):
                return found  # a quote begun by a verb is card text: "exile all spells"
            if found is not None:
                return None
    return None


def _by_name(
    texts: ReleaseTexts, live: list[str], named: Named, said: Said, day: str
) -> WordsVerdict | None:
    """The name's verdict, or None where the name says nothing of the citation (see the
    module's notes)."""
    title = named.title
    if not live:
        return None
    if texts.usage(title) > COMMON_NAME and not (named.whole and not named.before):
        return None  # "the counter (CR 702.147a)": a marker, or the keyword action?
    if title.keyword and named.strong:
        judged = all(_NAMED_RULE.match(t) for t in live)
    elif title.keyword:  # "Shuffle clauses are ...": a keyword action as the verb
        judged = title.kind == "keyword_action" and all(_ACTION_RULE.match(t) for t in live)
    else:  # a glossary's or a heading's name: common words too ("player", "instead")
        judged = (
            named.whole
            and title.home is not None
            and bool(_NAMED_RULE.match(title.home))
            and all(_NAMED_RULE.match(t) for t in live)
        )
    if not judged:
        return None
    written = stems(
        " ".join(w for w in (said.before, said.quote, said.description, said.bare) if w)
    )
    for cited in live:
        if any(related(cited, rule) for rule in title.rules):
            return WordsVerdict(True, "title", cited, 1.0, f"{title.name!r} is rule {cited}")
        pointed = texts.references(cited)
        if any(related(rule, p) for rule in title.rules for p in pointed) or any(
            related(cited, p) for rule in title.rules for p in texts.references(rule)
        ):
            return WordsVerdict(True, "title", cited, 1.0, f"rule {cited} points to {title.name!r}")
        if holds_stems(texts.stems(cited), title.stems):
            return WordsVerdict(True, "title", cited, 1.0, f"rule {cited} speaks of {title.name!r}")
        its = texts.title_of(cited)
        if its and holds_stems(written, stems(its)):
            return WordsVerdict(True, "title", cited, 1.0, f"the words name rule {cited} too")
    cited = live[0]
    its = texts.title_of(cited)
    about = f" ({its})" if its else ""
    if title.home is None:
        rules = ", ".join(title.rules)
        return WordsVerdict(
            False,
            "title",
            None,
            0.0,
            f"{title.name!r} names rules {rules}, not rule {cited}{about} of release {day}; "
            "no one rule clearly fits",
        )
    return WordsVerdict(
        False,
        "title",
        title.home,
        0.0,
        f"{title.name!r} is rule {title.home}, not rule {cited}{about} of release {day}",
    )


def _by_quote(
    texts: ReleaseTexts, live: list[str], quote: str, strict: bool, day: str
) -> WordsVerdict:
    parts = pieces(quote)
    if not parts:
        return NOT_JUDGED
    for cited in live:
        if holds(texts.own(cited), parts):
            return WordsVerdict(True, "verbatim", cited, 1.0, f"the quote is rule {cited}'s")
    for cited in live:
        if holds(texts.examples(cited), parts):
            return WordsVerdict(
                None, "example", cited, None, f"the quote is card text in rule {cited}'s examples"
            )
    similarity = _partial(parts, texts.own(live[0])) if live else None
    # Card text a rule quotes ("Vanishing N" means "..."): a keyword's or a named rule's own
    # words; under another named rule's number the number is wrong, under a rule of
    # procedure (601.2h) the quote is card text the code reads.
    named = bool(live) and all(_NAMED_RULE.match(t) for t in live)
    holders = _others(texts, live, parts, quoted=strict or named)
    size = sum(len(WORD.findall(piece)) for piece in parts)
    matches = _decisive(holders)
    if not strict and (matches is None or _PLACEHOLDER.search(quote) or size < QUOTE_HELD_WORDS):
        # In code a quoted phrase is card text as often as the rules': judged only when
        # long and in one other rule's own words (not card text that rule quotes).
        return WordsVerdict(None, "number", None, similarity, "")
    where = _where(holders)
    if not live:
        return WordsVerdict(None, "verbatim", matches, None, f"the quote is {where}")
    return WordsVerdict(
        False,
        "verbatim",
        matches,
        similarity,
        f"the quote is not in rule {live[0]} of release {day}; it is {where}",
    )


def _by_description(
    texts: ReleaseTexts, live: list[str], description: str, colon: bool, day: str
) -> WordsVerdict:
    said = words(description)
    if len(set(said)) < DESCRIPTION_WORDS or not live:
        return NOT_JUDGED
    parts = pieces(description)
    size = sum(len(WORD.findall(piece)) for piece in parts)
    cited_score = max(_score(said, texts.words(cited)) for cited in live)
    cited_weight = max(texts.weighted_share(said, cited) for cited in live)
    if (
        size >= QUOTE_HELD_WORDS
        and cited_weight < DESCRIPTION_HELD_BELOW
        and not _PLACEHOLDER.search(description)
        and not any(holds(texts.own(cited), parts) for cited in live)
    ):
        named = all(_NAMED_RULE.match(t) for t in live)
        holder = _decisive(_others(texts, live, parts, quoted=named))
        if holder is not None:
            return WordsVerdict(
                False,
                "description",
                holder,
                round(cited_score, 3),
                f"the description is rule {holder}'s text word for word, not rule "
                f"{live[0]}'s of release {day}",
            )
    if cited_score > 0 or not colon:
        return WordsVerdict(True, "description", None, round(cited_score, 3), "")
    for other in texts.candidates(said):
        if any(related(other, cited) for cited in live):
            continue
        if _score(said, texts.words(other)) >= 1.0:
            return WordsVerdict(
                False,
                "description",
                None,
                0.0,
                f"none of the description's words are rule {live[0]}'s of release {day}; "
                "no rule clearly fits it",
            )
    return WordsVerdict(True, "description", None, 0.0, "")


def _others(texts: ReleaseTexts, live: list[str], parts: list[str], quoted: bool) -> list[str]:
    """The rules holding the words that are none of the cited rules, nor their headings,
    subrules, or rules pointing to them or pointed to ("see rule 704"). Not ``quoted``:
    card text a rule quotes counts only in a sibling of a cited rule (700.2d beside 700.2c:
    the letter cited is wrong)."""
    found = []
    holders = texts.holders(parts, quoted=True)
    if not quoted:
        own = set(texts.holders(parts, quoted=False))
        holders = [h for h in holders if h in own or any(_siblings(h, c) for c in live)]
    for holder in holders:
        # One rule stating the other's effect: "This is a state-based action; see rule 704"
        # (111.7 beside 704.5d). Pointing to the cited rule itself is no such statement.
        if any(
            related(holder, c)
            or any(_above(p, c) for p in texts.references(holder))
            or any(_above(p, holder) for p in texts.references(c))
            for c in live
        ):
            continue
        found.append(holder)
    return found


def _above(outer: str, inner: str) -> bool:
    """``outer`` is a heading or section ``inner`` lies under (704 above 704.5d)."""
    return outer != inner and related(outer, inner) and len(outer) < len(inner)


def _decisive(holders: list[str]) -> str | None:
    """The one rule the holders are: a single holder, or the rule whose subrules they all
    are (702.63a and 702.63b: 702.63); None when they are several rules."""
    if len(holders) == 1:
        return holders[0]
    bases = {holder.rstrip("abcdefghijklmnopqrstuvwxyz") for holder in holders}
    if len(bases) == 1 and holders:
        return bases.pop()
    return None


def _siblings(one: str, other: str) -> bool:
    """Subrules of one rule: 700.2c and 700.2d."""
    return (
        one != other
        and one[-1].isalpha()
        and other[-1].isalpha()
        and one.rstrip("abcdefghijklmnopqrstuvwxyz") == other.rstrip("abcdefghijklmnopqrstuvwxyz")
    )


def _where(holders: list[str]) -> str:
    if not holders:
        return "in no rule of the release"
    if len(holders) == 1:
        return f"in rule {holders[0]}"
    return f"in rules {', '.join(holders)}"


def _partial(parts: list[str], text: str) -> float:
    return round(float(min(fuzz.partial_ratio(piece, text) for piece in parts)) / 100, 3)


def _score(said: list[str], rule_words: frozenset[str]) -> float:
    """The share of the description's words that are the rule's."""
    distinct = set(said)
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
