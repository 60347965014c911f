"""Parse a card's type line and correlate its subtypes with its card types (CR 205.1-205.4).

A card's type line as Scryfall and MTGJSON write it may have several faces joined by " // "
(a double-faced, split or adventure card): each face is parsed on its own.

A face: supertypes, then card types (205.4a: "A card's supertypes are printed directly before
its card types"), then optionally a dash and the subtypes. The dash may be an em dash or "--"
(spaces around them optional), an en dash, or a hyphen with spaces around it (a hyphen inside a
word is part of it: Assembly-Worker, Power-Plant). Card types and supertypes come only from the
release's own lists (205.2a, 205.4a): "Tribal Instant" is valid before 2024-06-07 and
"Kindred Instant" from then on.

Words the card-data services put first that are no CR type (:data:`MARKERS`) are recognised
as what they are: "Token" (a token, rule 111: its types follow), "Emblem" (an emblem, rule 114:
no types at all; the text after its dash names its source) and "Card" (a card that is no game
object: art cards, checklists, helper cards). They are kept in ``marker``, never errors.

After the dash (205.3b) each word is a separate subtype, except the multi-word subtypes the
release lists for categories other than planar (the creature type Time Lord, longest match
first), and except planes: the whole text after a plane's dash is ONE planar type
(Plane — Bolas’s Meditation Realm). Each subtype is correlated (205.3c) with the card types on
the line its category belongs to: Legendary Land Creature — Forest Dryad gives Forest → land,
Dryad → creature. A subtype in two categories (Spacecraft: artifact and planar) takes the
first category, in the CR's order, that fits one of the line's card types.

Bad lines raise nothing: each problem is an error (rule, message) in the TypeLine, and every
word typed stays in the rendered line. Citations, in today's numbers (each release cites its
own rule that says the same: 204.3c, 212.2 ..., see ``rulesdb.vocabulary.citations``):

- a subtype that fits none of the line's card types: 205.3d;
- an unknown word after the dash: the rule(s) listing the subtypes of the line's card types
  (creature types: 205.3m in that release; several joined by ", "), or 205.3d when the line's
  card types have no subtype lists;
- an unknown word before the dash: the supertype list's rule (205.4a) when a card type
  follows it (supertype position), else the card type list's rule (205.2a);
- a supertype after a card type, or listed twice: 205.4a; a card type listed twice: 205.2a;
- a subtype before the dash, a second dash, nothing after the dash, a subtype listed twice:
  205.3b;
- no card type at all (an empty line too): 205.1.

Only input that is not a str raises RulesdbError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple

from rulesdb.errors import RulesdbError
from rulesdb.util.jsonlines import dumps_line
from rulesdb.util.text import ECHOED, clip, with_article
from rulesdb.vocabulary.index import Index
from rulesdb.vocabulary.spelling import word_key

if TYPE_CHECKING:
    from collections.abc import Sequence

LONG_DASH = "\u2014"
FACE_SEPARATOR = " // "
# Words Scryfall and MTGJSON put before a line's types that the CR does not list as types.
MARKERS = {"token": "Token", "emblem": "Emblem", "card": "Card"}
# Markers of objects with no types at all: no card type is required after them.
UNTYPED_MARKERS = frozenset({"emblem", "card"})

# Em dash, en dash or "--" anywhere; a hyphen only as a word of its own.
_DASH = re.compile(r"\s*(?:\u2014|\u2013|--)\s*|(?:^|\s+)-(?:\s+|$)")
_FACES = re.compile(r"\s*//\s*")


class ParsedSubtype(NamedTuple):
    """A subtype as one type line uses it (not the ``store.models.Subtype`` table row)."""

    name: str  # the CR's spelling; as typed (spaces normalised) when unknown
    category: str | None  # None when the word is no subtype of the release
    card_types: tuple[str, ...]  # the line's card types it is correlated with (205.3c)


class TypeLineError(NamedTuple):
    rule: str
    message: str


class Marker(NamedTuple):
    """A non-CR word before the types: ("Token", None), ("Emblem", "Ajani")."""

    word: str
    text: str | None  # an emblem's text after its dash


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A type line (one face, or a whole card whose ``faces`` are several) as one release
    reads it. ``valid`` when it has no errors. ``line`` is the input, not compared."""

    release: date
    supertypes: tuple[str, ...]
    card_types: tuple[str, ...]
    subtypes: tuple[ParsedSubtype, ...]
    errors: tuple[TypeLineError, ...]
    head: tuple[str, ...] = ()  # every word before the dash, known ones in the CR's spelling
    marker: Marker | None = None
    faces: tuple[TypeLine, ...] = ()  # two or more when the card has several faces
    unknown: tuple[str, ...] = ()  # the words (as typed) the release does not list
    # Subtypes the release cannot judge: it does not enumerate their category (creature
    # types before 2003-12-01). Neither valid nor errors.
    undetermined: tuple[TypeLineError, ...] = ()
    line: str = field(default="", compare=False)

    @property
    def valid(self) -> bool | None:
        """True with no errors, False with any, None (unknown) when the only problems are
        subtypes the release does not enumerate."""
        if self.errors:
            return False
        return None if self.undetermined else True

    def render(self) -> str:
        """The canonical type line: "Legendary Land Creature — Forest Dryad"; faces joined by
        " // ". Unknown words stay where they were typed, so nothing typed is dropped."""
        if self.faces:
            return FACE_SEPARATOR.join(face.render() for face in self.faces)
        words = [self.marker.word] if self.marker else []
        words += [word[:1].upper() + word[1:] for word in self.head]
        head = " ".join(words)
        if self.subtypes:
            tail = " ".join(subtype.name for subtype in self.subtypes)
        elif self.marker and self.marker.text:
            tail = self.marker.text
        else:
            return head
        return f"{head} {LONG_DASH} {tail}" if head else f"{LONG_DASH} {tail}"

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        out = {"line": self.line, "release": self.release.isoformat(), **self._parts_json()}
        if self.faces:
            out["faces"] = [{"line": face.line, **face._parts_json()} for face in self.faces]
        return out

    def _parts_json(self) -> dict[str, Any]:
        return {
            "marker": self.marker._asdict() if self.marker else None,
            "supertypes": list(self.supertypes),
            "card_types": list(self.card_types),
            "subtypes": [
                {"name": s.name, "category": s.category, "card_types": list(s.card_types)}
                for s in self.subtypes
            ],
            "valid": self.valid,
            "errors": [{"rule": e.rule, "message": e.message} for e in self.errors],
            "undetermined": [{"rule": e.rule, "message": e.message} for e in self.undetermined],
        }

    def json_line(self) -> str:
        """``json.dumps(self.to_json(), ensure_ascii=False)`` with the line-end characters
        U+0085, U+2028 and U+2029 escaped, built from cached pieces: ``rulesdb parse -``
        writes one per input line."""
        text = (
            f'{{"line": {_dumps(self.line)}, "release": "{self.release.isoformat()}", '
            f"{self._parts_text()}"
        )
        if self.faces:
            faces = ", ".join(
                f'{{"line": {_dumps(face.line)}, {face._parts_text()}}}' for face in self.faces
            )
            return f'{text}, "faces": [{faces}]}}'
        return text + "}"

    def _parts_text(self) -> str:
        subtypes = ", ".join([_subtype_json(s) for s in self.subtypes])
        errors = ", ".join([_dumps({"rule": e.rule, "message": e.message}) for e in self.errors])
        marker = _dumps(self.marker._asdict()) if self.marker else "null"
        undetermined = ", ".join(
            [_dumps({"rule": e.rule, "message": e.message}) for e in self.undetermined]
        )
        valid = "false" if self.errors else "null" if self.undetermined else "true"
        return (
            f'"marker": {marker}, "supertypes": {_names_json(self.supertypes)}, '
            f'"card_types": {_names_json(self.card_types)}, "subtypes": [{subtypes}], '
            f'"valid": {valid}, "errors": [{errors}], "undetermined": [{undetermined}]'
        )


_dumps = dumps_line
_JSON: dict[Any, str] = {}  # names tuple or ParsedSubtype -> its JSON text


def _names_json(names: tuple[str, ...]) -> str:
    try:
        return _JSON[names]
    except KeyError:
        return _remember(names, _dumps(list(names)))


def _subtype_json(subtype: ParsedSubtype) -> str:
    try:
        return _JSON[subtype]
    except KeyError:
        return _remember(
            subtype,
            _dumps(
                {
                    "name": subtype.name,
                    "category": subtype.category,
                    "card_types": list(subtype.card_types),
                }
            ),
        )


def _remember(key: Any, text: str) -> str:
    if len(_JSON) >= 1 << 16:
        _JSON.clear()  # bounded: unknown words can be anything
    _JSON[key] = text
    return text


def parse_type_line(line: str, source: Any) -> TypeLine:
    """Parse ``line`` with a release's Index, or a Vocabulary (its own parser, warm)."""
    parser = TypeLineParser(source) if isinstance(source, Index) else source.type_line_parser
    return parser.parse(line)


class TypeLineParser:
    """Parses type lines against one release's Index; remembers the correlations it meets
    (subtype, card types) -> (ParsedSubtype, 205.3d error), privately and bounded."""

    __slots__ = ("_correlations", "index")

    def __init__(self, index: Index) -> None:
        self.index = index
        self._correlations: dict[
            tuple[str, tuple[str, ...]], tuple[ParsedSubtype, TypeLineError | None]
        ] = {}

    def parse(self, line: str) -> TypeLine:
        if not isinstance(line, str):
            raise RulesdbError(f"a type line must be text (str), got {type(line).__name__}")
        if "//" not in line:
            return self._face(line)
        faces = tuple(self._face(text) for text in _FACES.split(line.strip()))
        if len(faces) == 1:
            return faces[0]
        errors = tuple(
            TypeLineError(error.rule, f"face {number}: {error.message}")
            for number, face in enumerate(faces, start=1)
            for error in face.errors
        )
        undetermined = tuple(
            TypeLineError(note.rule, f"face {number}: {note.message}")
            for number, face in enumerate(faces, start=1)
            for note in face.undetermined
        )
        return TypeLine(
            self.index.effective_date,
            _union(face.supertypes for face in faces),
            _union(face.card_types for face in faces),
            _union(face.subtypes for face in faces),
            errors,
            faces=faces,
            unknown=_union(face.unknown for face in faces),
            undetermined=undetermined,
            line=line,
        )

    def _face(self, line: str) -> TypeLine:
        errors: list[TypeLineError] = []
        parts = _split_at_dash(line)
        words = parts[0].split()
        marker = None
        if words and (found := MARKERS.get(word_key(words[0]))) is not None:
            words = words[1:]
            if found.casefold() in UNTYPED_MARKERS and not words:
                text = " ".join(" ".join(parts[1:]).split()) or None
                return TypeLine(
                    self.index.effective_date, (), (), (), (), marker=Marker(found, text), line=line
                )
            marker = Marker(found, None)
        head: list[str] = []
        unknown: list[str] = []
        supertypes, card_types = self._head(words, head, unknown, errors)
        cited = self.index.citations
        if not card_types:
            errors.append(
                TypeLineError(
                    cited.type_line, "no card type: a type line contains the card's card types"
                )
            )
        subtypes: tuple[ParsedSubtype, ...] = ()
        undetermined: list[TypeLineError] = []
        if len(parts) > 1:
            if len(parts) > 2:
                errors.append(
                    TypeLineError(
                        cited.subtype_words,
                        "more than one dash: subtypes are listed after one long dash",
                    )
                )
            subtypes = self._tail(
                " ".join(parts[1:]).split(), tuple(card_types), errors, undetermined
            )
            unknown += [subtype.name for subtype in subtypes if subtype.category is None]
        return TypeLine(
            self.index.effective_date,
            tuple(supertypes),
            tuple(card_types),
            subtypes,
            tuple(errors),
            tuple(head),
            marker,
            unknown=tuple(unknown),
            undetermined=tuple(undetermined),
            line=line,
        )

    def _head(
        self, words: list[str], head: list[str], unknown: list[str], errors: list[TypeLineError]
    ) -> tuple[list[str], list[str]]:
        index = self.index
        known_card_types = index.card_types
        supertypes: list[str] = []
        card_types: list[str] = []
        for position, word in enumerate(words):
            key = word_key(word)
            name = known_card_types.get(key)
            if name is not None:
                head.append(name)
                if name in card_types:
                    errors.append(
                        TypeLineError(index.card_type_rule, f"the card type {name} is listed twice")
                    )
                else:
                    card_types.append(name)
                continue
            name = index.supertypes.get(key)
            if name is not None:
                head.append(name)
                if card_types:
                    errors.append(
                        TypeLineError(
                            index.supertype_rule,
                            f"the supertype {name} follows the card type "
                            f"{card_types[-1]}: a card's supertypes are printed before its card "
                            "types",
                        )
                    )
                if name in supertypes:
                    errors.append(
                        TypeLineError(index.supertype_rule, f"the supertype {name} is listed twice")
                    )
                else:
                    supertypes.append(name)
                continue
            entries = index.subtypes.get(key)
            if entries:
                category, name = entries[0]
                head.append(name)
                errors.append(
                    TypeLineError(
                        index.citations.subtype_words,
                        f"{name} is {with_article(category)} type: "
                        "subtypes are listed after a dash",
                    )
                )
                continue
            head.append(word)
            unknown.append(word)
            day = index.effective_date.isoformat()
            if not index.supertype_rule:  # 1999-2003: no supertypes to be one of
                errors.append(
                    TypeLineError(
                        index.card_type_rule,
                        f"'{clip(word, ECHOED)}' is not a card type "
                        f"({index.card_type_rule}) in the release of {day}, "
                        "which has no supertypes",
                    )
                )
                continue
            before_card_type = any(word_key(w) in known_card_types for w in words[position + 1 :])
            errors.append(
                TypeLineError(
                    index.supertype_rule if before_card_type else index.card_type_rule,
                    f"'{clip(word, ECHOED)}' is neither a card type ({index.card_type_rule}) "
                    "nor a supertype "
                    f"({index.supertype_rule}) in the release of {day}",
                )
            )
        return supertypes, card_types

    def _tail(
        self,
        words: list[str],
        card_types: tuple[str, ...],
        errors: list[TypeLineError],
        undetermined: list[TypeLineError],
    ) -> tuple[ParsedSubtype, ...]:
        if not words:
            errors.append(
                TypeLineError(
                    self.index.citations.subtype_words,
                    "nothing follows the dash: subtypes are listed after it",
                )
            )
            return ()
        index = self.index
        correlations = self._correlations
        subtypes: list[ParsedSubtype] = []
        for text, key in _segments(words, card_types, index):
            found = correlations.get((key, card_types))
            if found is None:
                entries = index.subtypes.get(key)
                if entries is None:  # not remembered: the message quotes the word as typed
                    silent = _not_enumerated(text, card_types, index)
                    if silent is not None:
                        undetermined.append(silent)
                    else:
                        errors.append(_unknown_subtype(text, card_types, index))
                    subtypes.append(ParsedSubtype(text, None, ()))
                    continue
                found = _correlate(entries, card_types, index)
                if len(correlations) >= 1 << 14:
                    correlations.clear()
                correlations[(key, card_types)] = found
            subtype, error = found
            if error is not None:
                errors.append(error)
            if subtype in subtypes:
                errors.append(
                    TypeLineError(
                        index.citations.subtype_words, f"the subtype {subtype.name} is listed twice"
                    )
                )
            subtypes.append(subtype)
        return tuple(subtypes)


def _union(groups: Any) -> tuple[Any, ...]:
    """Every item of the faces, once, in order of appearance."""
    return tuple(dict.fromkeys(item for group in groups for item in group))


def _split_at_dash(line: str) -> list[str]:
    """The text before the dash, then after each dash. Most lines have one spaced em dash
    and no other dash: str.partition is several times faster than the regular expression."""
    head, dash, tail = line.partition(" \u2014 ")
    if dash:
        if "\u2014" in head or "\u2014" in tail or "-" in line or "\u2013" in line:
            return _DASH.split(line)
        return [head, tail]
    if "\u2014" in line or "-" in line or "\u2013" in line:
        return _DASH.split(line)
    return [line]


def _correlate(
    entries: tuple[tuple[str, str], ...], card_types: tuple[str, ...], index: Index
) -> tuple[ParsedSubtype, TypeLineError | None]:
    """205.3c: the first of the subtype's categories that fits one of the line's card types,
    with the card types it fits; 205.3d when none does."""
    for category, name in entries:
        fits = index.category_card_types[category]
        correlated = tuple(t for t in card_types if t in fits)
        if correlated:
            return ParsedSubtype(name, category, correlated), None
    category, name = entries[0]
    kinds = " and ".join(f"{c} type" for c, _ in entries)
    return ParsedSubtype(name, category, ()), TypeLineError(
        index.citations.gain,
        f"{name} is {with_article(kinds)}; it corresponds to none of "
        f"the line's card types ({_listed(card_types)})",
    )


def _segments(
    words: list[str], card_types: tuple[str, ...], index: Index
) -> list[tuple[str, str]] | zip[tuple[str, str]]:
    """(text, key) of each subtype after the dash (205.3b)."""
    whole = index.whole_text_card_types
    if whole and not whole.isdisjoint(card_types):
        text = " ".join(words)
        key = word_key(text)
        entries = index.subtypes.get(key, ())
        fits = any(not index.category_card_types[c].isdisjoint(card_types) for c, _ in entries)
        # A plane's subtype is all the words; a plane that is also something else (no real
        # card) falls back to word by word unless the whole text is one of its subtypes.
        if fits or whole.issuperset(card_types):
            return [(text, key)]
    keys = [word_key(w) for w in words]
    starts = index.phrase_starts
    if starts.isdisjoint(keys):  # the usual case: one subtype per word
        return zip(words, keys, strict=True)
    segments = []
    i, count = 0, len(keys)
    while i < count:
        if keys[i] in starts:
            for n in index.phrase_lengths:
                phrase = " ".join(keys[i : i + n])
                if i + n <= count and phrase in index.phrases:
                    segments.append((" ".join(words[i : i + n]), phrase))
                    i += n
                    break
            else:
                segments.append((words[i], keys[i]))
                i += 1
        else:
            segments.append((words[i], keys[i]))
            i += 1
    return segments


def _not_enumerated(text: str, card_types: tuple[str, ...], index: Index) -> TypeLineError | None:
    """A word after the dash that the release cannot judge: one of the line's card types has
    a category the release does not enumerate. Cites the card type list's rule."""
    silent = [c for c, types in sorted(index.unlisted.items()) if not types.isdisjoint(card_types)]
    if not silent:
        return None
    kinds = " or ".join(f"{c} types" for c in silent)
    return TypeLineError(
        index.card_type_rule,
        f"'{text}' is unknown: the release of "
        f"{index.effective_date.isoformat()} does not enumerate {kinds}",
    )


def _unknown_subtype(text: str, card_types: tuple[str, ...], index: Index) -> TypeLineError:
    categories = [
        c for c in index.categories if not index.category_card_types[c].isdisjoint(card_types)
    ]
    day = index.effective_date.isoformat()
    if not categories:
        return TypeLineError(
            index.citations.gain,
            f"'{text}' is not a subtype of any of the "
            f"line's card "
            f"types ({_listed(card_types)}) in the release of {day}",
        )
    kinds = " or ".join(f"{c} type" for c in categories)
    rules = ", ".join(index.category_rules[c] for c in categories)
    glossary = [c for c in categories if c in index.citations.glossary_lists]
    where = (
        f" (the glossary lists the {' and '.join(glossary)} types; no rule lists them)"
        if glossary
        else ""
    )
    return TypeLineError(
        rules, f"'{text}' is not {with_article(kinds)} in the release of {day}{where}"
    )


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"
