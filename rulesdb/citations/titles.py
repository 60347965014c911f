"""The names one release gives its rules, and a name written with a citation found.

A citation is often written with the name of what it cites: ``CR 702.66: Delve``,
``// Delve (CR 702.66)``, ``CR 704.5j legend rule``. The name is the strongest evidence on the
line, so the gate compares it with the rule cited. A release names its rules in three places:

- its keywords (``release_keyword``): the titles of the rules under 701 and 702 (Delve is
  702.66) and the ability words 207.2c lists;
- its glossary: an entry that points to rules ("Legend Rule ... See rule 704.5j") names
  them; an entry of several names ("Control, Controller") names them all;
- its headings: a section or rule whose text is a title ("704. State-Based Actions").

A name that several unrelated rules share ("General") is left out. Names are compared by
their words' stems (:func:`rulesdb.citations.folding.stem`), so "Plotted" is Plot.

Where a name stands decides how much it says: alone (``CR 702.50: Delve``, ``Delve (CR
702.50)``, ``"connive"``), with a parameter or a word such as "cost" or "trigger" (``Mill N —
…``, ``Flashback cost``), or possessive (``Incubate's count``), it names the rule the writer
meant (``strong``); followed by other words (``Shuffle clauses are …``) it may be a verb of
the sentence (``Convert a condition …``), so it is ``weak``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rulesdb.citations.folding import fold, stem
from rulesdb.util.rule_numbers import rule_key

KEYWORD_KINDS = ("keyword_ability", "keyword_action", "ability_word")
MAX_NAME_WORDS = 6
# A heading is a rule whose text is a title: a few words, no sentence.
_HEADING_WORDS = 6
_TOKEN = re.compile(r"[a-z0-9](?:[a-z0-9']*[a-z0-9])?")
# A pointer to a rule, and the title it gives the rule if any: 'see rule 727, "day and
# night"' (folded text: straight quotes).
_REFERENCE = re.compile(r'\brules?\s+(\d{3}(?:\.\d+[a-z]{0,2})?)(?:,\s*"([^"]{1,60}?),?")?')
# After a name at the start of the words: a parameter, then the end or a separator; a
# possessive; or a noun saying what of the keyword is meant.
_PARAMETER = r"(?:\s*(?:[nx]|\d+|(?:\{[^}]*\})+|\[[^\]]*\]))?"
_SEPARATOR = r"\s*(?:$|[:;.,!?()\[\]\"'|*/<>=]|-(?![a-z])|\s-)"
_SUFFIX = (
    r"\s+(?:keyword|keywords|ability|abilities|action|actions|trigger|triggers|triggered|"
    r"cost|costs|mechanic|designation|rule|rules|variant|variants)\b"
)
_STRONG_AFTER = re.compile(rf"(?:'s\b|{_PARAMETER}{_SEPARATOR}|{_PARAMETER}{_SUFFIX})")
_WHOLE_AFTER = re.compile(rf"(?:'s)?{_PARAMETER}(?:{_SUFFIX})?[\s:;.,!?()\[\]\"'|*/<>=-]*$")
_LEADING = re.compile(r"^[\s*_'\"`#>|-]*(?:(?:the|a|an)\s+)?")
# Before a citation: the name, then markup, then "(" and perhaps a few words and a comma
# ("Investigate (keyword action, CR 701.36)").
_BEFORE_PAREN = re.compile(r"[\s*_'\"`]*\(\s*['\"`]?\s*(?:[a-z][a-z ]{0,29},\s*)?$")
_ARTICLES = frozenset({"the", "a", "an"})
# A name after these is one of a list the citation covers together ("kicked" and "bargained")
_JOINED = frozenset({"and", "or", "nor", "with", "of", "per"})


@dataclass(frozen=True)
class Title:
    """A name of the release's rules: ``rules`` all it names (a keyword's rule and the rules
    its glossary entry points to), ``home`` the one rule a suggestion may name (None when
    the name points to several unrelated rules), ``kind`` where the name comes from."""

    name: str
    stems: tuple[str, ...]
    rules: tuple[str, ...]
    home: str | None
    kind: str  # keyword_ability | keyword_action | ability_word | glossary | heading

    @property
    def keyword(self) -> bool:
        return self.kind in KEYWORD_KINDS


@dataclass(frozen=True)
class Named:
    """A name found in the words written with a citation, and whether it stands as a name
    (``strong``) or may be a word of a sentence (weak); ``whole``: the words are the name
    and nothing more (but a parameter, a word such as "cost", punctuation)."""

    title: Title
    strong: bool
    whole: bool = False
    before: bool = False  # written before the citation: "Delve (CR 702.66)"


def name_stems(text: str) -> tuple[str, ...]:
    return tuple(stem(token) for token in _tokens(fold(text)))


def _spaced(folded: str) -> str:
    """Dashes between words as separators: "ward-collect" is two words, as "ward — collect"."""
    return folded.replace("-", " ")


def references(text: str) -> list[tuple[str, str | None]]:
    """The rules a folded text points to ("see rule 702.170", "rules 601.2a"), each with the
    title the pointer gives it ('see rule 727, "day and night"'), in order."""
    return [(number, title.strip(" .,;") or None) for number, title in _REFERENCE.findall(text)]


def family_root(numbers: Iterable[str]) -> list[str]:
    """The numbers without those inside another of them (702.66a inside 702.66)."""
    ordered = sorted(set(numbers), key=lambda number: (len(number), rule_key(number)))
    roots: list[str] = []
    for number in ordered:
        if not any(related(number, root) for root in roots):
            roots.append(number)
    return sorted(roots, key=rule_key)


def related(one: str, other: str) -> bool:
    """A rule and its heading or subrules (702.19 and 702.19c; 702 and 702.19)."""
    return _within(one, other) or _within(other, one)


def _within(inner: str, outer: str) -> bool:
    if not inner.startswith(outer):
        return False
    rest = inner[len(outer) :]
    return not rest or (rest[0] == "." if "." not in outer else rest.isalpha())


class TitleIndex:
    """Every name of one release's rules, by its stems."""

    def __init__(
        self,
        keywords: Iterable[Mapping[str, str]],
        glossary: Iterable[tuple[str, list[str]]],
        headings: Mapping[str, str],
    ) -> None:
        names: dict[tuple[str, ...], dict[str, object]] = {}

        def add(name: str, rules: Iterable[str], kind: str, home: str | None) -> None:
            stems = name_stems(name)
            if not stems or len(stems) > MAX_NAME_WORDS:
                return
            entry = names.setdefault(stems, {"name": fold(name), "rules": set(), "kinds": []})
            entry["rules"].update(rules)  # type: ignore[attr-defined]
            entry["kinds"].append((kind, home))  # type: ignore[attr-defined]

        for row in keywords:
            add(row["name"], [row["rule"]], row["kind"], row["rule"])
        for term_text, pointed in glossary:
            if not pointed:
                continue
            for term in _terms(term_text):
                add(term, pointed, "glossary", None)
        for number, text in headings.items():
            add(text, [number], "heading", number)
        self._by_stems: dict[tuple[str, ...], Title] = {}
        self._by_tokens: dict[tuple[str, ...], Title] = {}
        for stems, entry in names.items():
            rules = family_root(entry["rules"])  # type: ignore[arg-type]
            kinds: list[tuple[str, str | None]] = entry["kinds"]  # type: ignore[assignment]
            keyword = next(((k, h) for k, h in kinds if k in KEYWORD_KINDS), None)
            if keyword is not None:
                kind, home = keyword
            elif len(rules) == 1:
                kind, home = kinds[0][0], rules[0]
            elif all(k == "heading" for k, _ in kinds):
                continue  # a heading several unrelated rules share: "General"
            else:
                kind, home = kinds[0][0], None
            title = Title(str(entry["name"]), stems, tuple(rules), home, kind)
            self._by_stems[stems] = title
            self._by_tokens[_tokens(title.name)] = title

    def __len__(self) -> int:
        return len(self._by_stems)

    def get(self, name: str) -> Title | None:
        return self._by_stems.get(name_stems(name))

    def at_start(self, words: str) -> Named | None:
        """The longest name the words begin with (after markup and an article)."""
        original = fold(words)
        folded = _spaced(original)  # the same length: offsets are the original's
        lead = _LEADING.match(folded)
        start = lead.end() if lead else 0
        tokens = list(_TOKEN.finditer(folded, start))[:MAX_NAME_WORDS]
        if not tokens or tokens[0].start() != start:
            return None
        for size in range(len(tokens), 0, -1):
            title = self._by_tokens.get(tuple(t.group().removesuffix("'s") for t in tokens[:size]))
            if title is None:
                continue
            last = tokens[size - 1].group()
            rest = original[tokens[size - 1].end() :]
            whole = bool(_WHOLE_AFTER.match(rest))
            strong = whole or last.endswith("'s") or bool(_STRONG_AFTER.match(rest))
            return Named(title, strong, whole)
        return None

    def before(self, text: str) -> Named | None:
        """The name written right before a citation in parentheses: ``Delve (CR 702.66)``,
        ``**Boast** (CR 702.142a)``, ``Investigate (keyword action, CR 701.36)``."""
        folded = _spaced(fold(text))
        paren = _BEFORE_PAREN.search(folded)
        if paren is None:
            return None
        head = folded[: paren.start()]
        tokens = list(_TOKEN.finditer(head))[-MAX_NAME_WORDS:]
        for size in range(len(tokens), 0, -1):
            chosen = tokens[-size:]
            if chosen[-1].end() != len(head.rstrip(" *_'\"`")):
                break
            title = self._by_tokens.get(tuple(t.group().removesuffix("'s") for t in chosen))
            if title is None:  # an inflected keyword: "Plotted (CR 702.170)"
                title = self._by_stems.get(tuple(stem(t.group()) for t in chosen))
                if title is None or not title.keyword:
                    continue
            # A name begins the phrase: at the line's start, after markup or punctuation, or
            # after an article ("not a counter (CR 701.6)"); not "flying and first strike".
            start = chosen[0].start()
            previous = tokens[-size - 1] if size < len(tokens) else None
            gap = head[previous.end() if previous else 0 : start]
            if previous is not None and previous.group() in _JOINED:
                return None
            if previous is None or gap.strip():
                return Named(title, True, True, before=True)
            if previous.group() in _ARTICLES:
                return Named(title, True, False, before=True)
            return None
        return None


def _tokens(name: str) -> tuple[str, ...]:
    """A name's words, a possessive's "'s" left off ("council's dilemma": council, dilemma)."""
    return tuple(token.removesuffix("'s") for token in _TOKEN.findall(_spaced(name)))


def _terms(term: str) -> list[str]:
    """A glossary headword's names: "Control, Controller" is two; "(Obsolete)" is none."""
    if "obsolete" in term.lower():
        return []
    return [part.strip() for part in term.split(",") if part.strip()]


def heading_texts(rows: Iterable[tuple[str, str, bool]]) -> dict[str, str]:
    """Of (number, text, has subrules): the sections and rules whose text is a title."""
    found = {}
    for number, text, parent in rows:
        if not parent or number.count(".") > 1 or any(c.isalpha() for c in number):
            continue
        if text.endswith((".", ":")) or len(text.split()) > _HEADING_WORDS or ". " in text:
            continue
        found[number] = text
    return found
