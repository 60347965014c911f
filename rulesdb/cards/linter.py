"""Each card's type line checked against a release, and a summary of what was found.

The release is fixed (``as_of`` a date, or the latest: Oracle wording is current), or with
``printed`` the release in force on each printing's own release date, checking the printed
line where the file has one (MTGJSON ``originalType``) and the Oracle line otherwise.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any, NamedTuple

from rulesdb.cards.readers import Card
from rulesdb.vocabulary.release import Vocabulary
from rulesdb.vocabulary.typeline import TypeLine

PRINTED = "printed"
# The most characters of a type line checked, and of a name or set code written out: the
# longest printed type line is under 100 ("Legendary Enchantment Creature — ..." and faces
# joined by " // "). A longer one is cut here, so neither the check (a problem a word) nor
# the line written for it grows with what a hostile file holds.
MAX_TEXT = 1000
CUT = "…"
# Distinct unknown words counted at most (twice this, then the most frequent kept): a file of
# a million made-up words keeps memory flat, and the ten most frequent are still the ten.
WORDS_KEPT = 50_000
TOO_LONG = f"type line over {MAX_TEXT:,} characters"
NO_TYPE_LINE = "no type line"
NOT_TEXT = "type line not text"
NO_RELEASE = "no release in force"
NO_DATE = "no release date"


class CardResult(NamedTuple):
    card: Card
    line: str | None  # the line checked
    release: date | None  # the release it was checked against
    parsed: TypeLine | None  # None when it could not be checked
    problem: str | None  # why it could not be checked (NO_TYPE_LINE, NO_RELEASE, NO_DATE)

    @property
    def valid(self) -> bool | None:
        return None if self.parsed is None else self.parsed.valid

    def errors(self) -> list[dict[str, str | None]]:
        if self.parsed is None:
            message = str(self.problem)
            if self.problem == NO_RELEASE and self.card.released is not None:
                message += (
                    f" on {self.card.released.isoformat()}: the database's first release is later"
                )
            return [{"rule": None, "message": message}]
        return [{"rule": e.rule, "message": e.message} for e in self.parsed.errors]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.card.name,
            "set": self.card.set,
            "line": self.line,
            "valid": self.valid,
            "release": self.release.isoformat() if self.release else None,
            "errors": self.errors(),
            "undetermined": [
                {"rule": e.rule, "message": e.message} for e in self.parsed.undetermined
            ]
            if self.parsed
            else [],
            "unknown_words": list(self.parsed.unknown) if self.parsed else [],
        }


@dataclass
class Summary:
    """What a run found: cards read, invalid ones by rule, unknown ones (subtypes their release
    does not enumerate) by category, the most frequent unknown words."""

    cards: int = 0
    invalid: int = 0
    unknown: Counter[str] = field(default_factory=Counter)  # cards by what was not enumerated
    unchecked: Counter[str] = field(default_factory=Counter)
    by_rule: Counter[str] = field(default_factory=Counter)
    unknown_words: Counter[str] = field(default_factory=Counter)

    def add(self, result: CardResult) -> None:
        self.cards += 1
        if result.parsed is None:
            self.unchecked[str(result.problem)] += 1
        elif result.parsed.errors:
            self.invalid += 1
            self.by_rule.update({error.rule for error in result.parsed.errors})
            self.unknown_words.update(result.parsed.unknown)
            if len(self.unknown_words) > 2 * WORDS_KEPT:
                self.unknown_words = Counter(dict(self.unknown_words.most_common(WORDS_KEPT)))
        elif result.parsed.undetermined:
            self.unknown[_silent_about(result.parsed)] += 1

    @property
    def unknowns(self) -> int:
        return sum(self.unknown.values())

    def lines(self, top: int = 10, explain: Callable[[str], str | None] | None = None) -> list[str]:
        """The summary; ``explain(word)`` may add what became of an unknown word."""
        valid = self.cards - self.invalid - self.unknowns - sum(self.unchecked.values())
        out = [
            f"cards read: {self.cards}; valid: {valid}; invalid: {self.invalid}"
            + (
                f"; unknown: {self.unknowns} ("
                + ", ".join(f"{what}: {count}" for what, count in _ranked(self.unknown))
                + ")"
                if self.unknown
                else ""
            )
            + "".join(f"; {problem}: {count}" for problem, count in sorted(self.unchecked.items()))
        ]
        if self.by_rule:
            out.append(
                "invalid by rule: "
                + ", ".join(f"{rule} ({count})" for rule, count in _ranked(self.by_rule))
            )
        if self.unknown_words:
            words = []
            for word, count in _ranked(self.unknown_words)[:top]:
                note = explain(word) if explain else None
                words.append(f"{word} ({count}{': ' + note if note else ''})")
            out.append("most frequent unknown words: " + ", ".join(words))
        return out


def lint(
    cards: Iterable[Card],
    vocabulary_on: Callable[[date | None], Vocabulary],
    release_dates: list[date],
    as_of: date | str | None = None,
) -> Iterator[CardResult]:
    """Check every card. ``vocabulary_on(day)`` loads the release in force (None: latest);
    ``release_dates`` are the database's releases, oldest first; ``as_of`` a date, None
    (the latest) or :data:`PRINTED`."""
    if as_of != PRINTED:
        vocab = vocabulary_on(as_of if isinstance(as_of, date) else None)
        for card in map(_bounded, cards):
            yield _check(card, card.line, vocab)
        return
    by_release: dict[date, Vocabulary] = {}
    first = release_dates[0] if release_dates else None
    for card in map(_bounded, cards):
        line = card.printed_line or card.line
        if card.released is None:
            yield CardResult(card, line, None, None, NO_DATE)
            continue
        at = bisect.bisect_right(release_dates, card.released)
        if at == 0 or first is None:
            yield CardResult(card, line, None, None, NO_RELEASE)
            continue
        day = release_dates[at - 1]
        known = by_release.get(day)
        if known is None:
            known = by_release[day] = vocabulary_on(day)
        yield _check(card, line, known)


def _bounded(card: Card) -> Card:
    """The card with a name or set code past MAX_TEXT characters cut (one not text: None)."""
    name, set_ = card.name, card.set
    if (name is None or (type(name) is str and len(name) <= MAX_TEXT)) and (
        set_ is None or (type(set_) is str and len(set_) <= MAX_TEXT)
    ):
        return card  # every real card
    return card._replace(name=_cut(name), set=_cut(set_))


def _cut(text: object) -> str | None:
    if not isinstance(text, str):
        return None
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + CUT


def not_text(line: object) -> str:
    """The problem of a type line that is no string (an object, a number): not checked."""
    return f"{NOT_TEXT} ({type(line).__name__})"


def _check(card: Card, line: str | None, vocab: Vocabulary) -> CardResult:
    if line is None:
        return CardResult(card, None, vocab.effective_date, None, NO_TYPE_LINE)
    if not isinstance(line, str):  # a hostile or broken file: the run goes on
        return CardResult(card, None, vocab.effective_date, None, not_text(line))
    if isinstance(line, str) and len(line) > MAX_TEXT:
        return CardResult(card, _cut(line), vocab.effective_date, None, TOO_LONG)
    return CardResult(card, line, vocab.effective_date, vocab.parse(line), None)


def _silent_about(parsed: TypeLine) -> str:
    """ "creature types not enumerated in 2001-09-24": what left a line unknown."""
    kinds = sorted(
        {note.message.rpartition(" does not enumerate ")[2] for note in parsed.undetermined}
    )
    return f"{' or '.join(kinds)} not enumerated in {parsed.release.isoformat()}"


def _ranked(counts: Counter[str]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))
