"""A type line explained word by word, as the release in force on a date reads it — the way
the CR's own 205 explains a card ("The card has two subtypes, Human and Cleric. Its type is
Creature, and it has no supertype."). The web's /explain page shows it.

Everything comes from the library's parser (``Vocabulary.parse``); this module only words it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from typing import TypedDict

from sqlalchemy import Engine

from rulesdb.errors import RulesdbError
from rulesdb.questions import rulebook
from rulesdb.questions.successors import successor
from rulesdb.util.text import with_article
from rulesdb.vocabulary import Vocabulary, load_vocabulary
from rulesdb.vocabulary.release import Successor
from rulesdb.vocabulary.typeline import TypeLine

LONGEST_LINE = 500  # characters: a longer "type line" is refused before any work
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


class ExplainedWord(TypedDict):
    word: str  # as the line has it (a type in the CR's spelling, capitalised)
    what: str  # "a card type", "a creature type (a subtype)", "not a type this release lists"
    rule: str | None  # the rule that lists it in the release
    text: str | None  # that rule's text
    why: str | None  # a sentence more: the card types a subtype goes with, what a word became


class LineNote(TypedDict):
    rule: str  # the rule the line breaks, or that leaves it undecided
    message: str


class ExplainedFace(TypedDict):
    line: str  # the face as the release spells it
    words: list[ExplainedWord]
    summary: str  # "This line has two subtypes, Human and Cleric. Its card type is ..."
    problems: list[LineNote]  # why it is not a valid type line
    unknowns: list[LineNote]  # what the release cannot judge (a category it does not list)
    valid: bool | None  # None: the release cannot tell


class Explanation(TypedDict):
    line: str  # as asked
    as_of: str  # the release (YYYY-MM-DD) once read; before, the date asked ("" for none)
    release: str | None  # None: the line was not read (``problem`` says why)
    valid: bool | None
    faces: list[ExplainedFace]  # one, or one a face of a card with several
    problem: str | None


def explain(engine: Engine, line: str, day: str | None) -> Explanation:
    """``line`` as the release in force on ``day`` (YYYY-MM-DD; None: today) reads it:
    ``release``, ``valid`` and one entry per face (its words, each with its rule and that
    rule's text, a summary sentence, problems and unknowns), or a ``problem`` sentence."""
    page = Explanation(line=line, as_of=day or "", faces=[], problem=None, release=None, valid=None)
    if not line.strip():
        return page
    if len(line) > LONGEST_LINE:
        page["problem"] = (
            f"A type line is at most {LONGEST_LINE} characters; this one has {len(line):,}."
        )
        return page
    try:
        wanted = date.fromisoformat(day) if day else None
        vocabulary = load_vocabulary(engine, wanted)
    except ValueError:
        page["problem"] = f"{day!r} is not a date (YYYY-MM-DD)."
        return page
    except RulesdbError as exc:
        page["problem"] = str(exc).rstrip(".") + "."
        return page
    release = vocabulary.effective_date.isoformat()
    parsed = vocabulary.parse(line)
    texts = _RuleTexts(engine, vocabulary.effective_date)
    faces = parsed.faces or (parsed,)
    page["release"] = page["as_of"] = release
    page["valid"] = parsed.valid
    effective = vocabulary.effective_date
    page["faces"] = [
        _face(face, vocabulary, texts, lambda word: successor(engine, word, effective))
        for face in faces
    ]
    return page


class _RuleTexts:
    """A rule's text in the release, once per number; None where the release's rulebook does
    not have it (or is not loaded)."""

    def __init__(self, engine: Engine, day: date) -> None:
        self.engine, self.day = engine, day
        self.found: dict[str, str | None] = {}

    def __call__(self, number: str) -> str | None:
        if number not in self.found:
            try:
                self.found[number] = rulebook.rule(self.engine, number, self.day).text
            except RulesdbError:
                self.found[number] = None
        return self.found[number]


def _face(
    face: TypeLine,
    vocabulary: Vocabulary,
    texts: _RuleTexts,
    became: Callable[[str], Successor | None],
) -> ExplainedFace:
    """One face's words; ``became``: what a word the release no longer lists became."""
    words: list[ExplainedWord] = []
    if face.marker is not None:
        words.append(
            {
                "word": face.marker.word,
                "what": "a marker, not a type",
                "rule": None,
                "text": None,
                "why": "Scryfall and MTGJSON print it before the types; the CR does not "
                "list it as a type.",
            }
        )
    for name in face.supertypes:
        rule = vocabulary.supertype_rule
        words.append(
            {
                "word": _capital(name),
                "what": "a supertype",
                "rule": rule,
                "text": texts(rule),
                "why": None,
            }
        )
    for name in face.card_types:
        rule = vocabulary.card_type_rule
        words.append(
            {
                "word": _capital(name),
                "what": "a card type",
                "rule": rule,
                "text": texts(rule),
                "why": None,
            }
        )
    for subtype in face.subtypes:
        if subtype.category is None:
            continue  # an unknown word: below, with the parser's own sentence
        rule = vocabulary.rule_of(subtype.category)
        kind = with_article(f"{subtype.category} type")
        goes = (
            f"{_capital(kind)} goes with "
            f"{_joined(_capital(t) for t in subtype.card_types)} "
            f"({vocabulary.index.citations.correlation})."
            if subtype.card_types
            else None
        )
        words.append(
            {
                "word": subtype.name,
                "what": f"{kind} (a subtype)",
                "rule": rule,
                "text": texts(rule),
                "why": goes,
            }
        )
    for word in face.unknown:
        if any(f"'{word}'" in note.message for note in face.undetermined):
            words.append(
                {
                    "word": word,
                    "what": "unknown to this release",
                    "rule": None,
                    "text": None,
                    "why": "It does not list the category this word would belong to (below).",
                }
            )
            continue
        went = became(word)
        nearest = vocabulary.nearest(word)
        if went is not None:  # tribal: renamed kindred; Naga: merged into Snake
            how = "Renamed" if went["change"] == "renamed" else "Merged into"
            why: str | None = (
                f"{how} {_joined(_capital(name) for name in went['to_all'])} on "
                f"{went['release_date']} ({went['rule']})."
            )
        else:
            why = f"Did you mean {_joined(nearest, 'or')}?" if nearest else None
        words.append(
            {
                "word": word,
                "what": "not a type this release lists",
                "rule": None,
                "text": None,
                "why": why,
            }
        )
    problems = [LineNote(rule=error.rule, message=error.message) for error in face.errors]
    unknowns = [LineNote(rule=note.rule, message=note.message) for note in face.undetermined]
    return ExplainedFace(
        line=face.render(),
        words=words,
        summary=summary(face),
        problems=problems,
        unknowns=unknowns,
        valid=face.valid,
    )


def summary(face: TypeLine) -> str:
    """ "This line has two subtypes, Human and Cleric. Its card type is Creature, and it has
    no supertype." — the CR's way of reading a card, for this line."""
    subtypes = [s.name for s in face.subtypes if s.category is not None]
    parts = [
        f"This line has {_count(len(subtypes), 'subtype')}"
        + (f", {_joined(subtypes)}." if subtypes else ".")
    ]
    card_types = [_capital(name) for name in face.card_types]
    if not card_types:
        types = "It has no card type"
    elif len(card_types) == 1:
        types = f"Its card type is {card_types[0]}"
    else:
        types = f"Its card types are {_joined(card_types)}"
    supertypes = [_capital(name) for name in face.supertypes]
    if not supertypes:
        parts.append(f"{types}, and it has no supertype.")
    else:
        noun = "supertype" if len(supertypes) == 1 else "supertypes"
        parts.append(
            f"{types}, and its {noun} {'is' if len(supertypes) == 1 else 'are'} "
            f"{_joined(supertypes)}."
        )
    return " ".join(parts)


def _capital(name: str) -> str:
    """ "creature" -> "Creature", as a card prints it (the CR's lists are lower case)."""
    return name[:1].upper() + name[1:]


def _count(number: int, noun: str) -> str:
    spelled = _COUNTS[number] if number < len(_COUNTS) else f"{number:,}"
    return f"{spelled} {noun}{'' if number == 1 else 's'}"


def _joined(names: Iterable[str], conjunction: str = "and") -> str:
    listed = list(names)
    if len(listed) <= 2:
        return f" {conjunction} ".join(listed)
    return ", ".join(listed[:-1]) + f", {conjunction} " + listed[-1]
