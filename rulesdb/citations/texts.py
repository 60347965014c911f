"""One release's rules as the citation gate reads them, built once a release and kept.

Each rule's own text (folded, see ``folding``) apart from its examples — examples quote
cards, so they are never evidence that words are or are not a rule's —, its words, the rules
it points to, and the names the release gives its rules (``titles``). A rule without a
letter (702.19, a section 702) holds its subrules' text too, as a citation of it covers them.

Built from three queries (rules, keywords, glossary: about 0.3 s for 3,300 rules); every
quote, name and description of a run is then judged in memory, the same on SQLite and
PostgreSQL, and in rule order wherever there is a choice, so the verdicts never depend on
hash order.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from datetime import date
from typing import Any

from sqlalchemy import Connection

from rulesdb.citations.folding import fold, holds, holds_stems, stems, words
from rulesdb.citations.titles import Title, TitleIndex, family_root, heading_texts, references
from rulesdb.questions.reading import fetch
from rulesdb.store.releases import printed_in
from rulesdb.util.rule_numbers import rule_key

_QUOTED_PASSAGE = re.compile(r'"[^"]*"')  # card text a rule quotes, in its folded text
CANDIDATES = 12  # rules offered for a description, most shared words first
HOLDERS = 10  # rules named as holding a quote, at most


class ReleaseTexts:
    """One release's rules: see the module's notes."""

    def __init__(
        self,
        rules: list[dict[str, Any]],
        keywords: list[dict[str, Any]],
        glossary: list[dict[str, Any]],
    ) -> None:
        self._own: dict[str, str] = {}
        self._unquoted: dict[str, str] = {}
        self._examples: dict[str, str] = {}
        self._raw: dict[str, str] = {}
        for row in sorted(rules, key=lambda row: rule_key(row["number"])):
            if row["number"] in self._own:
                continue  # a number printed twice: its first occurrence, as citations read it
            self._raw[row["number"]] = row["text"]
            self._own[row["number"]] = fold(row["text"])
            self._unquoted[row["number"]] = _QUOTED_PASSAGE.sub(
                " \u00a6 ", self._own[row["number"]]
            )
            self._examples[row["number"]] = fold("\n".join(json.loads(row["examples"] or "[]")))
        self.numbers = tuple(self._own)  # in rule order
        self._words: dict[str, frozenset[str]] = {}
        self._postings: dict[str, list[str]] = {}
        for number, text in self._own.items():
            own = frozenset(words(text))
            self._words[number] = own
            for word in sorted(own):
                self._postings.setdefault(word, []).append(number)
        parents = {number.rsplit(".", 1)[0] if "." in number else "" for number in self._own}
        parents |= {n.rstrip("abcdefghijklmnopqrstuvwxyz") for n in self._own if n[-1].isalpha()}
        headings = heading_texts((n, self._raw[n], n in parents) for n in self.numbers)
        self._titled = {fold(text): number for number, text in reversed(list(headings.items()))}
        self._headings = {number: fold(text) for number, text in headings.items()}
        self.notes: list[str] = []  # pointers the release gives a title another rule has
        self.titles = TitleIndex(
            keywords,
            [(row["term"], self._pointed(row["text"], row["term"])) for row in glossary],
            headings,
        )
        self._whole: dict[str, tuple[str, frozenset[str], str]] = {}
        self._stems: dict[str, tuple[str, ...]] = {}
        self._usage: dict[tuple[str, ...], float] = {}

    def __contains__(self, number: str) -> bool:
        return number in self._own

    def _heading(self, number: str) -> tuple[str, frozenset[str], str]:
        """The rule's own text, words and examples with its subrules' (a section's rules)."""
        if number not in self._whole:
            if number[-1].isalpha():
                kept = [number] if number in self._own else []
            else:
                inner = (
                    re.compile(re.escape(number) + r"[a-z]{1,2}")
                    if "." in number
                    else re.compile(re.escape(number) + r"\.\d{1,3}[a-z]{0,2}")
                )
                kept = [key for key in self.numbers if key == number or inner.fullmatch(key)]
            self._whole[number] = (
                "\n".join(self._own[key] for key in kept),
                frozenset().union(*(self._words[key] for key in kept)),
                "\n".join(self._examples[key] for key in kept),
            )
        return self._whole[number]

    def own(self, number: str) -> str:
        """The rule's own text, folded (with its subrules' for a rule without a letter)."""
        return self._heading(number)[0]

    def examples(self, number: str) -> str:
        return self._heading(number)[2]

    def words(self, number: str) -> frozenset[str]:
        return self._heading(number)[1]

    def stems(self, number: str) -> tuple[str, ...]:
        if number not in self._stems:
            self._stems[number] = stems(self.own(number))
        return self._stems[number]

    def usage(self, title: Title) -> float:
        """The share of the release's rules whose text uses the name."""
        if title.stems not in self._usage:
            using = sum(1 for n in self.numbers if holds_stems(self._rule_stems(n), title.stems))
            self._usage[title.stems] = using / max(len(self.numbers), 1)
        return self._usage[title.stems]

    def _rule_stems(self, number: str) -> tuple[str, ...]:
        key = f"own:{number}"
        if key not in self._stems:
            self._stems[key] = stems(self._own[number])
        return self._stems[key]

    def weighted_share(self, said: list[str], number: str) -> float:
        """The share of the words' weight the rule has, a word weighing more the fewer
        rules use it (its inverse document frequency)."""
        distinct = set(said)
        if not distinct:
            return 0.0
        size = len(self.numbers)
        weight = {w: math.log((size + 1) / (len(self._postings.get(w, ())) + 1)) for w in distinct}
        total = sum(weight.values()) or 1.0
        have = self.words(number)
        return sum(value for word, value in weight.items() if word in have) / total

    def references(self, number: str) -> set[str]:
        """The rules the rule (with its subrules) points to."""
        return set(self._resolved(references(self.own(number)), number))

    def _pointed(self, text: str, term: str) -> list[str]:
        """The rules a glossary definition points to: those after its "See"."""
        at = re.search(r"\bsee\b", text, re.IGNORECASE)
        if at is None:
            return []
        return self._resolved(references(fold(text[at.start() :])), f"glossary {term!r}")

    def _resolved(self, pointers: list[tuple[str, str | None]], where: str) -> list[str]:
        """Pointers as the rules they mean: a pointer whose title is another rule's (the
        2024-06-07 glossary's 'rule 727, "Day and Night"', 727 being Merging with
        Permanents) means the rule with that title, and is noted; a number the release
        does not print is left out."""
        found = []
        for number, title in pointers:
            heading = self._headings.get(number)
            if title is not None and heading is not None and not _same_title(heading, title):
                meant = self._titled.get(title)
                self.notes.append(
                    f"{where} points to rule {number}, {title!r}, which is "
                    f"{self._headings[number]!r}" + (f"; read as {meant}" if meant else "")
                )
                if meant is None:
                    continue
                number = meant
            if number in self._own:
                found.append(number)
        return found

    def title_of(self, number: str) -> str | None:
        """The title of the rule, or of the rule whose subrule it is: Epic for 702.50a."""
        base = number.rstrip("abcdefghijklmnopqrstuvwxyz")
        for key in (number, base):
            raw = self._raw.get(key)
            if raw and len(raw.split()) <= 6 and not raw.endswith((".", ":")):
                return raw
        return None

    def holders(self, parts: list[str], quoted: bool = True) -> list[str]:
        """The rules whose own text holds the quote's pieces, in rule order, each family
        once (702.19c, not also 702.19): at most ``HOLDERS``. ``quoted``: in card text the
        rule quotes too ("Increment" means "Whenever you cast a spell, ...")."""
        needed = sorted(set(words(" ".join(parts))), key=lambda w: len(self._postings.get(w, ())))
        if needed:  # only rules with every word of the quote can hold it
            pool = set(self._postings.get(needed[0], ()))
            for word in needed[1:]:
                pool &= set(self._postings.get(word, ()))
            numbers = [number for number in self.numbers if number in pool]
        else:
            numbers = list(self.numbers)
        texts = self._own if quoted else self._unquoted
        found = [number for number in numbers if holds(texts[number], parts)]
        return family_root(found)[:HOLDERS]

    def candidates(self, description: list[str]) -> list[str]:
        """The rules sharing most of a description's words (at most ``CANDIDATES``): most
        shared first, then in rule order."""
        shared: Counter[str] = Counter()
        for word in sorted(set(description)):
            shared.update(self._postings.get(word, ()))
        order = {number: at for at, number in enumerate(self.numbers)}
        ranked = sorted(shared.items(), key=lambda item: (-item[1], order[item[0]]))
        return [number for number, _ in ranked[:CANDIDATES]]


def _same_title(heading: str, title: str) -> bool:
    """A pointer's title names the heading: equal, or one begins the other ("free-for-all"
    for "free-for-all variant")."""
    return heading.startswith(title) or title.startswith(heading)


_RELEASES: dict[tuple[str, date], ReleaseTexts] = {}
RELEASES_KEPT = 4  # releases whose texts are held between calls (about 6 MB each)


def release_texts(connection: Connection, day: date) -> ReleaseTexts:
    """The release's :class:`ReleaseTexts`, built on first use and kept for the database
    (its URL) and release: a release's texts never change once loaded."""
    key = (connection.engine.url.render_as_string(hide_password=True), day)
    if key not in _RELEASES:
        rules = fetch(
            connection,
            "SELECT r.number, t.text, t.examples FROM rule_span r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            f"WHERE {printed_in('r')}",
            day=day,
        )
        keywords = fetch(
            connection,
            "SELECT kind, name, rule FROM release_keyword WHERE release_date = :day "
            "ORDER BY kind, name",
            day=day,
        )
        glossary = fetch(
            connection,
            "SELECT g.term, t.text FROM glossary_span g "
            "JOIN rulebook_text t ON t.id = g.text_id "
            f"WHERE {printed_in('g')} ORDER BY g.sort_key",
            day=day,
        )
        while len(_RELEASES) >= RELEASES_KEPT:
            _RELEASES.pop(next(iter(_RELEASES)))
        _RELEASES[key] = ReleaseTexts(rules, keywords, glossary)
    return _RELEASES[key]
