"""Extract a release of 1999-04-23 to 2003-06-01 (the Sixth Edition rules).

Rule 212 "Card Type" names the card types ("212.1. All cards have one or more card types:
artifact, creature, enchantment, instant, land, or sorcery."); the only subtypes enumerated are
the local enchantments' "enchant X" forms (214.8a); creature types are not enumerated, a land's
subtype is its name (212.2c), and there are no supertypes ("Legend" is a creature type,
"legendary" is not: 215.2). What a release does not enumerate is absent from it, with a note.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from rulesdb.errors import CRFormatError
from rulesdb.ingest.document import CRDocument, Rule, parse_document
from rulesdb.ingest.extract import ReleaseData, SubtypeList, _Extractor
from rulesdb.ingest.listgrammar import sentences
from rulesdb.util.names import official_spelling

CARD_TYPE_RULE = "212"  # "212. Card Type"
CARD_TYPES_RULE = "212.1"
ENCHANTMENTS_RULE = "214.8a"
LEGENDS_RULE = "215"  # "Legends and Legendary Types": no supertypes yet
RULES_READ = r"21[245][. ]"
_CARD_TYPES = re.compile(r"All cards have one or more (?:card )?types: (?P<list>.+)")
_ENCHANT = re.compile(r"Local enchantments comprise various subtypes: (?P<list>.+)")
_BASIC = re.compile(r"The basic lands? (?:types )?are (?P<list>.+)")
_WORD = re.compile(r"[a-z]+(?: [a-z]+)*")


def is_sixth_edition(document: CRDocument) -> bool:
    heading = document.rules.get(CARD_TYPE_RULE)
    return heading is not None and heading.first_line.strip() == "Card Type"


class SixthEditionExtractor(_Extractor):
    def __init__(self, document: CRDocument, text: str) -> None:
        super().__init__(parse_document(text, document.source, keep=RULES_READ))
        self.root = CARD_TYPE_RULE

    def run(self, source_sha256: str) -> ReleaseData:
        self.check_numbering(CARD_TYPE_RULE)
        types_rule = self.document.rule(CARD_TYPES_RULE)
        card_types = self.items(types_rule, _CARD_TYPES, "card types")
        enchant_rule = self.document.rule(ENCHANTMENTS_RULE)
        enchant = self.items(enchant_rule, _ENCHANT, "enchantment subtypes")
        lists = [
            SubtypeList(
                category="enchantment",
                rule=ENCHANTMENTS_RULE,
                card_types=("enchantment",),
                names=tuple(enchant),
            )
        ]
        self.note(
            LEGENDS_RULE,
            "no-supertypes",
            f"the release lists no supertypes: rule "
            f'{LEGENDS_RULE}.2 says "Legend" is a creature type and "legendary" is not',
        )
        self.note(
            "212.2a",
            "category-not-enumerated",
            "creature subtypes are called creature "
            "types (212.2a), but the release enumerates none: no creature types",
        )
        self.note(
            "212.2c",
            "category-not-enumerated",
            "a land's subtype is its name (212.2c); the release enumerates no land types",
        )
        cited = [enchant_rule, self.basic_land_rule(), *self.document.tree(LEGENDS_RULE)]
        rules = [(rule.number, paragraph(rule)) for rule in self.document.tree(CARD_TYPE_RULE)]
        rules += [(rule.number, paragraph(rule)) for rule in cited]
        return ReleaseData(
            effective_date=self.document.effective_date,
            source_file=PurePath(self.source).name,
            source_sha256=source_sha256,
            card_types=tuple(card_types),
            card_type_sections=(),
            supertypes=(),
            supertype_references=(),
            subtype_lists=tuple(lists),
            basic_land_types=(),
            rules=tuple(rules),
            card_types_rule=CARD_TYPES_RULE,
            supertypes_rule=LEGENDS_RULE,
            notes=tuple(self.notes),
        )

    def items(self, rule: Rule, pattern: re.Pattern[str], what: str) -> list[str]:
        """'a, b, or c' / 'a, b, and c' after the pattern's lead, lower-case words each."""
        for sentence in sentences(paragraph(rule)):
            match = pattern.fullmatch(sentence)
            if not match:
                continue
            names = [
                part.strip()
                for part in re.split(r",\s+(?:and\s+|or\s+)?", match["list"])
                if part.strip()
            ]
            for name in names:
                if not _WORD.fullmatch(name):
                    raise CRFormatError(
                        self.source,
                        rule.line,
                        f"rule {rule.number}: {what}: {name!r} is not a name (missing comma?)",
                    )
            if len(set(names)) != len(names):
                raise CRFormatError(
                    self.source, rule.line, f"rule {rule.number}: {what}: a name is listed twice"
                )
            return [official_spelling(name) for name in names]
        raise CRFormatError(
            self.source,
            rule.line,
            f"rule {rule.number}: expected a sentence "
            f"{pattern.pattern.split(' (?P')[0]!r} listing the {what}",
        )

    # 214.9d "The basic land types are plains, island, ..." (1999: "The basic lands are ...")
    def basic_land_rule(self) -> Rule:
        for rule in self.document.subrules("214.9"):
            for sentence in sentences(paragraph(rule)):
                match = _BASIC.fullmatch(sentence)
                if match:
                    self.note(
                        rule.number,
                        "basic-land-types-without-land-types",
                        f"rule "
                        f"{rule.number} names the basic lands ({match['list']}), but the "
                        "release lists no land types; none is recorded",
                    )
                    return rule
        raise CRFormatError(
            self.source, None, "no rule of 214.9 says 'The basic land types are ...'"
        )


def paragraph(rule: Rule) -> str:
    """The rule's own text, its hard-wrapped lines joined, without its examples."""
    lines = []
    for line in rule.text.split("\n"):
        if re.match(r"(?:Example|EXAMPLE)s?:", line):
            break
        lines.append(line.strip())
    return " ".join(" ".join(lines).split())
