"""Extract the type vocabulary of one CR release from its official text file.

Everything comes from the sentences of rules 205, 305.6 and the section 3 headings: the
category of a subtype list is read from "these subtypes are called X types", never from the
rule's letter, because letters move between releases (205.3q was the "no subtypes" rule in
2022 and the battle types in 2023).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import PurePath

from rulesdb.errors import CRFormatError
from rulesdb.ingest.document import CRDocument, Rule
from rulesdb.ingest.listgrammar import ListGrammarError, parse_name_list, sentences
from rulesdb.util.names import official_spelling
from rulesdb.util.rule_numbers import see_rules
from rulesdb.util.text import clip

CARD_TYPES_RULE = "205.2a"
SUPERTYPES_RULE = "205.4a"
SINGLE_WORD_RULE = "205.3b"
BASIC_LAND_TYPES_RULE = "305.6"
SECTION_3_CARD_TYPES_RULE = "300.1"  # "The card types are ..." again, at the head of section 3
REQUIRED_CATEGORY = "creature"  # a file without the creature types (205.3m) is not usable
TYPE_LINE_RULE = "205"  # every subrule of it must be present: a gap is a rule lost from the file
TYPE_LINE_HEADING = "Type Line"  # rule 204 from 2009-07-11 to 2011-07-15, 205 otherwise
# The rules read: the type line (204 or 205) and its subrules, 300.1, 305.6 and the section 3
# headings ("301. Artifacts").
RULES_READ = r"20[45][. ]|300\.1\.? |305\.6\.? |3\d\d\.? "
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # the CR skips "l" and "o" (see its introduction)


@dataclass(frozen=True)
class SubtypeList:
    category: str  # "artifact", "creature", "planar", ...
    rule: str  # the rule that lists it in this release, e.g. "205.3g"
    card_types: tuple[str, ...]  # the card types these subtypes belong to (205.3c-d)
    names: tuple[str, ...]
    references: tuple[tuple[str, str], ...] = ()  # (subtype, rule it points to)


@dataclass(frozen=True)
class Note:
    """Something a release's file does that a reader should know: the CR contradicting itself,
    a damaged or lossy file, a list read across hard-wrapped lines."""

    rule: str | None  # the rule it is about, or None for the file as a whole
    kind: str  # "card-type-disagreement", "lossy-conversion", ...
    text: str


@dataclass(frozen=True)
class ReleaseData:
    """What one official CR file says about the type line."""

    effective_date: date
    source_file: str
    source_sha256: str
    card_types: tuple[str, ...]
    card_type_sections: tuple[tuple[str, str], ...]  # (card type, section 3 rule number)
    supertypes: tuple[str, ...]
    supertype_references: tuple[tuple[str, str, str], ...]  # (supertype, citing rule, target)
    subtype_lists: tuple[SubtypeList, ...]
    basic_land_types: tuple[tuple[str, tuple[str, ...]], ...]  # (rule, names)
    rules: tuple[tuple[str, str], ...]  # (number, text) for rule 205's tree and the citing rules
    card_types_rule: str = CARD_TYPES_RULE
    supertypes_rule: str = SUPERTYPES_RULE
    notes: tuple[Note, ...] = ()

    def subtypes(self, category: str) -> tuple[str, ...]:
        for subtype_list in self.subtype_lists:
            if subtype_list.category == category:
                return subtype_list.names
        return ()


def extract_modern(document: CRDocument, source_sha256: str = "") -> ReleaseData | None:
    """The release's lists where rule 205 (204) enumerates them, as since 2009-07-11; None
    when they live elsewhere (the older eras, rulesdb.ingest.importer)."""
    extractor = _Extractor(document)
    return extractor.run(source_sha256) if extractor.lists_in_rules() else None


class _Extractor:
    def __init__(self, document: CRDocument) -> None:
        self.document = document
        self.source = document.source
        self.root = _type_line_rule(document)
        self.notes: list[Note] = []

    def lists_in_rules(self) -> bool:
        """Whether a subrule of 205.3 (204.3) lists a category, as since 2009-07-11."""
        return any(
            _CATEGORY_SENTENCE.fullmatch((sentences(rule.first_line) or [""])[0])
            for rule in self.document.subrules(self.number("205.3"))
        )

    def number(self, modern: str) -> str:
        """A rule's number in this release: 205.2a is 204.2a while the type line is rule 204."""
        return self.root + modern.removeprefix(TYPE_LINE_RULE)

    def note(self, rule: str | None, kind: str, text: str) -> None:
        self.notes.append(Note(rule, kind, text))

    def fail(self, rule: Rule | None, message: str) -> CRFormatError:
        return CRFormatError(self.source, rule.line if rule else None, message)

    def names_in(
        self, rule: Rule, sentence: str, what: str, **options: object
    ) -> list[tuple[str, tuple[str, ...]]]:
        try:
            return parse_name_list(sentence, **options)  # type: ignore[arg-type]
        except ListGrammarError as exc:
            raise self.fail(rule, f"rule {rule.number}: {what}: {exc}") from None

    def run(self, source_sha256: str) -> ReleaseData:
        self.check_numbering(self.root)
        card_types = self.card_types()
        supertypes = self.supertypes()
        multi_word_types = self.multi_word_card_types(card_types)
        lists = self.subtype_lists(card_types, multi_word_types)
        if not any(item.category == REQUIRED_CATEGORY for item in lists):
            raise self.fail(None, "no rule lists the creature types (205.3m); expected one")
        basic_land_types = self.basic_land_types(lists)
        cited = [self.document.rule(BASIC_LAND_TYPES_RULE)]
        rules = [(rule.number, rule.text) for rule in self.document.tree(self.root)]
        rules += [(rule.number, rule.text) for rule in cited]
        return ReleaseData(
            effective_date=self.document.effective_date,
            source_file=PurePath(self.source).name,
            source_sha256=source_sha256,
            card_types=tuple(card_types),
            card_type_sections=self.card_type_sections(card_types),
            supertypes=tuple(supertypes),
            supertype_references=self.supertype_references(supertypes),
            subtype_lists=tuple(lists),
            basic_land_types=basic_land_types,
            rules=tuple(rules),
            card_types_rule=self.number(CARD_TYPES_RULE),
            supertypes_rule=self.number(SUPERTYPES_RULE),
            notes=tuple(self.notes),
        )

    def check_numbering(self, root: str) -> None:
        """The rule and its subrules, each once, numbered without gaps (205.3j, 205.3k, ...).

        A gap means a rule was lost from the file; with no list in it, nothing else would
        notice (a file without 205.3k simply has no spell types).
        """
        read = [BASIC_LAND_TYPES_RULE, *(rule.number for rule in self.document.tree(root))]
        for number in read:
            if number in self.document.repeated:
                raise CRFormatError(
                    self.source,
                    self.document.repeated[number],
                    f"rule {number} appears twice (first at line "
                    f"{self.document.rules[number].line}); expected each rule once",
                )
        latest: dict[str, str] = {}  # parent -> its latest subrule so far
        seen: set[str] = set()
        for rule in self.document.tree(root):
            number = rule.number
            seen.add(number)
            if number == root:
                continue
            parent = _parent(number)
            if parent not in seen:
                raise self.fail(rule, f"rule {parent} is missing; expected it before {number}")
            previous = latest.get(parent)
            expected = _next_subrule(parent, previous)
            if number != expected:
                after = previous or parent
                raise self.fail(
                    rule,
                    f"rule {expected} is missing: {number} follows {after}"
                    if expected and _ordinal(number) > _ordinal(expected)
                    else f"rule {number} is out of order: it follows {after}",
                )
            latest[parent] = number

    # 205.2a "The card types are artifact, battle, ..., and vanguard. See section 3, ..."
    def card_types(self) -> list[str]:
        rule = self.document.rule(self.number(CARD_TYPES_RULE))
        listed = self.listed(rule, "The card types are", "card types")
        return listed + self.card_types_section_3_adds(rule.number, listed)

    def card_types_section_3_adds(self, listed_in: str, listed: list[str]) -> list[str]:
        """A card type that section 3 defines (a "3NN. Phenomena" section, or 300.1's list) is
        a card type of the release even where the type line rule omits it: the CR contradicts
        itself now and then, and each disagreement becomes a note naming both rules."""
        sections = {
            _singular(rule.first_line): number
            for number, rule in self.document.rules.items()
            if len(number) == 3 and number.startswith("3") and number != "300"
        }
        summary = self.document.rules.get(SECTION_3_CARD_TYPES_RULE)
        in_summary: list[str] = []
        if summary is not None and "The card types are" in summary.first_line:
            in_summary = self.listed(summary, "The card types are", "card types")
        added = []
        for name in [*in_summary, *sorted(sections)]:
            if name not in listed and name not in added:
                added.append(name)
        for name in added:
            where = [f"rule {sections[name]} defines it"] if name in sections else []
            where += [f"rule {SECTION_3_CARD_TYPES_RULE} lists it"] if name in in_summary else []
            self.note(
                listed_in,
                "card-type-disagreement",
                f"rule {listed_in} omits the card "
                f"type {name!r}, but {' and '.join(where)}; read as a card type",
            )
        for name in listed:
            missing = []
            if sections and name not in sections:
                missing.append("no section 3 rule defines it")
            if in_summary and name not in in_summary:
                missing.append(f"rule {SECTION_3_CARD_TYPES_RULE} omits it")
            if missing:
                self.note(
                    listed_in,
                    "card-type-disagreement",
                    f"rule {listed_in} lists the card type {name!r}, but {' and '.join(missing)}",
                )
        return added

    # 205.4a "... The supertypes are basic, legendary, ongoing, snow, and world."
    def supertypes(self) -> list[str]:
        rule = self.document.rule(self.number(SUPERTYPES_RULE))
        return self.listed(rule, "The supertypes are", "supertypes")

    def listed(self, rule: Rule, lead: str, what: str) -> list[str]:
        for sentence in sentences(rule.first_line):
            if sentence.startswith(lead + " "):
                # Card types and supertypes are single words: two words are a lost comma.
                items = self.names_in(rule, sentence[len(lead) + 1 :], what, max_words=1)
                return [name.lower() for name, _ in items]
        raise self.fail(rule, f"rule {rule.number}: expected a sentence '{lead} ...'")

    # 205.3b "Subtypes of each card type except creature and plane are always single words"
    def multi_word_card_types(self, card_types: list[str]) -> set[str]:
        rule = self.document.rule(self.number(SINGLE_WORD_RULE))
        if rule.first_line.startswith("Subtypes are always single words"):
            return set()  # before planes (2009-07-11): no multi-word subtypes at all
        match = re.search(
            r"each card type except (?P<list>.+?) are always single words", rule.first_line
        )
        if not match:
            raise self.fail(
                rule,
                f"rule {rule.number}: expected 'Subtypes of each card type except ... "
                "are always single words'",
            )
        return set(self.card_types_named(rule, match["list"], card_types))

    def card_types_named(self, rule: Rule, phrase: str, card_types: list[str]) -> list[str]:
        """Card types named in prose: 'Instants and sorceries', 'One dungeon card (Undercity)'."""
        phrase = re.sub(r"\s*\([^)]*\)", "", phrase)
        phrase = re.sub(r"^(?:One|An?|Each)\s+", "", phrase)
        forms = _card_type_forms(card_types)
        found = []
        phrase = re.sub(r"^Neither (.+) nor (.+)$", r"\1 and \2", phrase)
        for name, _ in self.names_in(rule, phrase, "card types"):
            word = re.sub(r"\s+cards?$", "", name).lower()
            if word not in forms:
                raise self.fail(
                    rule, f"rule {rule.number}: {name!r} is not a card type of rule 205.2a"
                )
            found.append(forms[word])
        return found

    # 205.3g-205.3r: one rule per subtype category, plus the "have no subtypes" rule
    def subtype_lists(self, card_types: list[str], multi_word: set[str]) -> list[SubtypeList]:
        lists: list[SubtypeList] = []
        started = False  # 205.3a-f (a-e in 2009) are general rules about subtypes
        for rule in self.document.subrules(self.number("205.3")):
            head = (sentences(rule.first_line) or [""])[0]
            started = started or bool(
                _CATEGORY_SENTENCE.fullmatch(head) or _NO_SUBTYPES.fullmatch(head)
            )
            if not started:
                continue
            parsed = self.subtype_rule(rule, card_types, multi_word)
            if parsed is None:
                continue
            if any(existing.category == parsed.category for existing in lists):
                raise self.fail(
                    rule, f"rule {rule.number}: a second list of {parsed.category} types"
                )
            lists.append(parsed)
        return lists

    def subtype_rule(
        self, rule: Rule, card_types: list[str], multi_word: set[str]
    ) -> SubtypeList | None:
        parts = sentences(rule.first_line)
        head = parts[0] if parts else ""
        # "Phenomenon cards, ... have no subtypes." / "Neither vanguard cards nor scheme cards
        # have subtypes." (2010-2012)
        none = _NO_SUBTYPES.fullmatch(head)
        if none:
            self.card_types_named(rule, none["owners"] or none["neither"], card_types)
            return None
        match = _CATEGORY_SENTENCE.fullmatch(head)
        if not match:
            raise self.fail(
                rule,
                f"rule {rule.number}: expected '<card types> have their own unique set of "
                "subtypes; these subtypes are called <category> types' or '... have no subtypes'",
            )
        category = match["category"].lower()
        owners = self.card_types_named(rule, match["owners"], card_types)
        allow_multi = bool(multi_word.intersection(owners))
        names: list[tuple[str, tuple[str, ...]]] = []
        rest = parts[1:]
        while rest:
            sentence = rest.pop(0)
            if re.fullmatch(r"Of that list, .+ are the basic \w+ types", sentence) or re.fullmatch(
                r"See rules? [\d.a-z, and]+", sentence
            ):
                continue  # checked by basic_land_types
            names += self.list_sentence(rule, category, sentence, allow_multi)
        if not names:
            raise self.fail(rule, f"rule {rule.number}: expected 'The {category} types are ...'")
        seen: set[str] = set()
        for name, _ in names:
            if name in seen:
                raise self.fail(rule, f"rule {rule.number}: {name!r} is listed twice")
            seen.add(name)
        return SubtypeList(
            category=category,
            rule=rule.number,
            card_types=tuple(owners),
            names=tuple(official_spelling(name) for name, _ in names),
            references=tuple(
                (official_spelling(name), target) for name, refs in names for target in refs
            ),
        )

    def list_sentence(
        self, rule: Rule, category: str, sentence: str, allow_multi: bool
    ) -> list[tuple[str, tuple[str, ...]]]:
        cat = re.escape(category)
        # "The artifact types are A, B, and C." / "That battle type is Siege." / "The only spell
        # type at this time is Arcane." (2009)
        match = re.fullmatch(
            rf"(?:The {cat} types are|That {cat} type is"
            rf"|The only {cat} type at this time is) (?P<list>.+)",
            sentence,
        )
        if match:
            return self.names_in(
                rule,
                match["list"],
                f"{category} types",
                max_words=None if allow_multi else 1,
                capitalized=True,
            )
        # "One creature type is two words long: Time Lord."
        match = re.fullmatch(
            rf"(?P<count>\w+) {cat} types? (?:is|are) (?P<words>\w+) words long: (?P<list>.+)",
            sentence,
        )
        if match:
            count, words = _NUMBERS.get(match["count"].lower()), _NUMBERS.get(match["words"])
            if count is None or words is None:
                raise self.fail(rule, f"rule {rule.number}: unreadable count in {sentence!r}")
            items = self.names_in(
                rule, match["list"], f"{category} types", exact_words=words, capitalized=True
            )
            if len(items) != count:
                raise self.fail(
                    rule,
                    f"rule {rule.number}: says {count} {category} types are "
                    f"{words} words long but lists {len(items)}",
                )
            return items
        # "All other creature types are one word long: Advisor, ..."
        match = re.fullmatch(rf"All other {cat} types are one word long: (?P<list>.+)", sentence)
        if match:
            return self.names_in(
                rule, match["list"], f"{category} types", exact_words=1, capitalized=True
            )
        raise self.fail(
            rule,
            f"rule {rule.number}: expected 'The {category} types are ...', got {clip(sentence)!r}",
        )

    # 305.6 "The basic land types are Plains, ..." and 205.3i "Of that list, ... are the basic
    # land types."
    def basic_land_types(self, lists: list[SubtypeList]) -> tuple[tuple[str, tuple[str, ...]], ...]:
        land = next((item for item in lists if item.category == "land"), None)
        found: list[tuple[str, tuple[str, ...]]] = []
        sources = [self.document.rule(BASIC_LAND_TYPES_RULE)]
        if land is not None:
            sources.insert(0, self.document.rules[land.rule])
        for rule in sources:
            for sentence in sentences(rule.first_line):
                match = re.fullmatch(
                    r"Of that list, (?P<a>.+) are the basic land types"
                    r"|The basic land types are (?P<b>.+)",
                    sentence,
                )
                if not match:
                    continue
                items = self.names_in(
                    rule, match["a"] or match["b"], "basic land types", capitalized=True
                )
                names = tuple(sorted(official_spelling(name) for name, _ in items))
                unknown = [name for name in names if land is None or name not in land.names]
                if unknown:
                    raise self.fail(
                        rule,
                        f"rule {rule.number}: basic land type {unknown[0]!r} is not a land type",
                    )
                found.append((rule.number, names))
        if not any(number == BASIC_LAND_TYPES_RULE for number, _ in found):
            raise self.fail(
                sources[-1],
                f"rule {BASIC_LAND_TYPES_RULE}: expected 'The basic land types are ...'",
            )
        return tuple(found)

    # 205.4d "Any permanent with the supertype “legendary” is subject to ... (see rule 704.5j)."
    def supertype_references(self, supertypes: list[str]) -> tuple[tuple[str, str, str], ...]:
        found = []
        for rule in self.document.subrules(self.number("205.4")):
            named = set(re.findall(r"supertypes? [“\"](\w+)[”\"]", rule.first_line))
            named &= set(supertypes)
            if len(named) != 1:
                continue
            (supertype,) = named
            for target in see_rules(rule.first_line):
                found.append((supertype, rule.number, target))
        return tuple(found)

    # "301. Artifacts", "308. Kindreds", "312. Phenomena": the section defining each card type
    def card_type_sections(self, card_types: list[str]) -> tuple[tuple[str, str], ...]:
        forms = _card_type_forms(card_types)
        found = {}
        for number, rule in self.document.rules.items():
            if len(number) == 3 and number.startswith("3"):
                card_type = forms.get(rule.first_line.strip().lower())
                if card_type and card_type not in found:
                    found[card_type] = number
        return tuple(sorted(found.items()))


_CATEGORY_SENTENCE = re.compile(
    r"(?P<owners>.+?) (?:have their own unique set of subtypes|share their lists of subtypes"
    r"|ha(?:s|ve) a (?:unique )?subtype)[;,] (?:these subtypes are called|this subtype is called"
    r"|called) (?:an? )?(?P<category>\w+) types?"
)
_NO_SUBTYPES = re.compile(
    r"(?P<owners>.+) have no subtypes|(?P<neither>Neither .+ nor .+) have "
    r"subtypes"
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _type_line_rule(document: CRDocument) -> str:
    """The section 2 rule headed "Type Line": 205, or 204 from 2009-07-11 to 2011-07-15."""
    for number, rule in document.rules.items():
        if len(number) == 3 and number.startswith("2") and rule.first_line == TYPE_LINE_HEADING:
            return number
    return TYPE_LINE_RULE  # its absence is reported as rule 205's


def _singular(heading: str) -> str:
    """A section 3 heading's card type: "Phenomena" -> phenomenon, "Conspiracies" -> conspiracy."""
    word = heading.strip().lower()
    for plural, singular in (("ena", "enon"), ("ies", "y"), ("s", "")):
        if word.endswith(plural):
            return word[: -len(plural)] + singular
    return word


def _parent(number: str) -> str:
    """205.3m -> 205.3, 205.3 -> 205."""
    return number[:-1] if number[-1].isalpha() else number.rsplit(".", 1)[0]


def _ordinal(number: str) -> int:
    last = number[-1]
    if last.isalpha():
        return SUBRULE_LETTERS.find(last) + 1  # 0 for "l" and "o": never expected
    return int(number.rsplit(".", 1)[1])


def _next_subrule(parent: str, previous: str | None) -> str | None:
    """What follows `previous` under `parent`: 205.3 -> 205.3a, 205.3k -> 205.3m, 205 -> 205.1."""
    position = _ordinal(previous) if previous else 0
    if "." in parent:  # 205.3's subrules are lettered
        return parent + SUBRULE_LETTERS[position] if position < len(SUBRULE_LETTERS) else None
    return f"{parent}.{position + 1}"


def _card_type_forms(card_types: list[str]) -> dict[str, str]:
    """Singular and plural spellings of each card type, lower case, mapped to the card type."""
    forms: dict[str, str] = {}
    for name in card_types:
        plurals = {name + "s"}
        if name.endswith("y"):
            plurals.add(name[:-1] + "ies")
        if name.endswith("on"):
            plurals.add(name[:-2] + "a")  # phenomenon -> phenomena
        for form in {name, *plurals}:
            forms[form] = name
    return forms
