"""Extract a release of 2004–2009, whose subtype and supertype lists live in the glossary.

Rule 205 then names the card types (205.2a "The types are ...", "The card types are ..." from
2007-10-01) and says which card types share a list (205.3d "Creature and tribal also share
their lists of subtypes; these subtypes are called creature types"); rule 212 gives each
category its name ("Creature subtypes are also called creature types": the rule recorded for
the category) and the basic land types (212.6d, 212.6g); the glossary holds the lists. A release
that lists no supertypes has those the rules of 205.4 name one each ('the supertype "basic"').
"""

from __future__ import annotations

import re
from pathlib import PurePath

from rulesdb.errors import CRFormatError
from rulesdb.ingest.document import CRDocument, Rule, parse_document
from rulesdb.ingest.extract import (
    CARD_TYPES_RULE,
    RULES_READ,
    SUPERTYPES_RULE,
    ReleaseData,
    SubtypeList,
    _Extractor,
)
from rulesdb.ingest.glossary import GlossaryList, glossary_lists, split_items, unwrap
from rulesdb.ingest.listgrammar import sentences
from rulesdb.util.names import official_spelling

CATEGORY_RULES = r"212[. ]"  # "212. Type, Supertype, and Subtype": one subrule per card type
# Letters, joined by apostrophes and hyphens (Will-o'-the-Wisp) or single spaces.
_NAME = re.compile(r"[^\W\d_]+(?:[’'\-?]+[^\W\d_]+)*(?: [^\W\d_]+(?:[’'\-?]+[^\W\d_]+)*)*")
# 2008-05-01 turned every apostrophe, quote and dash into "?": "it?s", "Urza?s".
_LOSSY = re.compile(r"[a-z]\?[a-z]")
_LOSSY_MIN = 100  # a handful could be real; hundreds are the conversion
_ENCHANT_LIST = re.compile(
    r"followed by a subtype that indicates what it can enchant: "
    r"(?P<names>.+)"
)
_WRAPPED_MIN = 200  # lines ending in a space before more text: the whole file is wrapped


def lists_in_glossary(document: CRDocument, text: str) -> bool:
    """A release of this era: glossary lists, or 205.2a's "The types are" (2003-07-01 and
    2003-10-01, which enumerate no subtypes at all)."""
    types = document.rules.get(CARD_TYPES_RULE)
    return "The list of creature types, update" in text or (
        types is not None and types.first_line.startswith("The types are ")
    )


class GlossaryEraExtractor(_Extractor):
    def __init__(self, document: CRDocument, text: str) -> None:
        flowing, joined = unwrap(text)
        if joined >= _WRAPPED_MIN:
            document = parse_document(flowing, document.source, keep=RULES_READ)
        super().__init__(document)
        if joined >= _WRAPPED_MIN:
            self.note(
                None,
                "hard-wrapped-file",
                f"the file is hard-wrapped ({joined} lines "
                "continue the line before); rules are read with their lines joined",
            )
        self.text = text
        self.cards = parse_document(
            flowing if joined >= _WRAPPED_MIN else text, document.source, keep=CATEGORY_RULES
        )
        glossary = text.rfind("\nGlossary\n")
        self.lists = {item.what: item for item in glossary_lists(text, max(glossary, 0))}
        self.lossy = len(_LOSSY.findall(text)) >= _LOSSY_MIN
        if self.lossy:
            self.note(
                None,
                "lossy-conversion",
                "the file has every apostrophe, quote and dash "
                "turned into '?' by a lossy conversion; a '?' inside a listed name is read "
                "as the apostrophe ’ the neighbouring releases print",
            )

    def run(self, source_sha256: str) -> ReleaseData:
        self.check_numbering(self.root)
        card_types_rule = self.document.rule(self.number(CARD_TYPES_RULE))
        card_types = self.era_card_types(card_types_rule)
        supertypes, supertypes_rule = self.era_supertypes()
        # A category the release does not list is absent (2003-07-01 lists none at all).
        lists = self.glossary_subtype_lists(card_types)
        basic_rule, basic = self.era_basic_land_types(lists)
        rules = [(rule.number, rule.text) for rule in self.document.tree(self.root)]
        cited = {basic_rule.number, *(item.rule for item in lists)}
        basic_land_types = ((basic_rule.number, basic),) if basic else ()
        rules += [
            (rule.number, rule.text) for rule in self.cards.rules.values() if rule.number in cited
        ]
        return ReleaseData(
            effective_date=self.document.effective_date,
            source_file=PurePath(self.source).name,
            source_sha256=source_sha256,
            card_types=tuple(card_types),
            card_type_sections=(),  # section 3 is the turn structure in these releases
            supertypes=tuple(supertypes),
            supertype_references=self.supertype_references(supertypes),
            subtype_lists=tuple(lists),
            basic_land_types=basic_land_types,
            rules=tuple(rules),
            card_types_rule=card_types_rule.number,
            supertypes_rule=supertypes_rule,
            notes=tuple(self.notes),
        )

    # 205.2a "The types are artifact, ..." (to 2007-09-07), "The card types are ..." after
    def era_card_types(self, rule: Rule) -> list[str]:
        lead = "The card types are" if "The card types are" in rule.first_line else "The types are"
        return self.listed(rule, lead, "card types")

    def era_supertypes(self) -> tuple[list[str], str]:
        listed = self.lists.get("supertypes")
        rule = self.number(SUPERTYPES_RULE).rsplit("a", 1)[0]  # 205.4, "Supertypes"
        if listed is not None:
            return [name.lower() for name in self.glossary_names(listed)], rule
        named = []
        for subrule in self.document.subrules(rule):
            named += re.findall(r"supertype [“\"]([\w-]+)[”\"]", subrule.first_line)
        if not named:
            raise self.fail(
                self.document.rules.get(rule),
                f"rule {rule}: no supertype named and no glossary list of the supertypes",
            )
        self.note(
            rule,
            "supertypes-from-rules",
            f"no list of the supertypes; read from the "
            f"rules of {rule} that name one each: {', '.join(named)}",
        )
        return list(dict.fromkeys(named)), rule

    def glossary_names(self, listed: GlossaryList) -> list[str]:
        names = []
        for item in split_items(listed.items):
            if not _NAME.fullmatch(item):
                raise self.fail_at(
                    listed.line,
                    f"glossary list of {listed.what}: {item!r} is "
                    "not a name (missing comma, or stray punctuation?)",
                )
            if "?" in item:
                if not self.lossy:
                    raise self.fail_at(
                        listed.line,
                        f"glossary list of {listed.what}: {item!r} "
                        "has a '?' in a file without a lossy conversion",
                    )
                item = item.replace("?", "’")
            names.append(official_spelling(item))
        if len(set(names)) != len(names):
            twice = next(name for name in names if names.count(name) > 1)
            raise self.fail_at(
                listed.line, f"glossary list of {listed.what}: {twice!r} is listed twice"
            )
        for joined in re.findall(r"[^\s,]+,[^\s,]+", listed.items):
            self.note(
                None,
                "list-punctuation",
                f"the glossary list of {listed.what} writes "
                f"{joined!r} without a space after the comma; read as two names",
            )
        if listed.wrapped:
            self.note(
                None,
                "hard-wrapped-list",
                f"the glossary list of {listed.what} (line "
                f"{listed.line}) is hard-wrapped across lines; read as one paragraph",
            )
        return names

    def fail_at(self, line: int, message: str) -> CRFormatError:
        return CRFormatError(self.source, line, message)

    def glossary_subtype_lists(self, card_types: list[str]) -> list[SubtypeList]:
        shared = self.shared_lists(card_types)
        lists = []
        for what, listed in self.lists.items():
            if what == "supertypes":
                continue
            category = what.removesuffix(" types")
            owners = shared.get(category) or ((category,) if category in card_types else ())
            if not owners:
                raise self.fail_at(
                    listed.line, f"glossary list of {what}: no rule says which card types have them"
                )
            lists.append(
                SubtypeList(
                    category=category,
                    rule=self.category_rule(category, owners),
                    card_types=tuple(owners),
                    names=tuple(self.glossary_names(listed)),
                )
            )
        if "enchantment types" not in self.lists and "enchantment" in card_types:
            lists += self.enchant_subtypes()
        return lists

    # 2003-07-01 212.4c "Local enchantments use the word "enchant," followed by a subtype that
    # indicates what it can enchant: enchant artifact, ..., and enchant player." (2003-10-01 on:
    # "Examples of enchantment subtypes include ...", no enumeration.)
    def enchant_subtypes(self) -> list[SubtypeList]:
        for number, rule in self.cards.rules.items():
            for sentence in sentences(rule.first_line):
                match = _ENCHANT_LIST.search(sentence)
                if match is None:
                    continue
                # Spelled as the rule prints them (lower case), as 214.8a of the releases
                # before did: the glossary's headwords ("Enchant Creature") are its entries'
                # capitals, not another spelling of the list.
                names = [
                    official_spelling(name)
                    for name, _ in self.names_in(rule, match["names"], "enchantment subtypes")
                ]
                self.note(
                    number,
                    "subtypes-from-rules",
                    f"rule {number} enumerates the enchantment subtypes ({', '.join(names)}) "
                    "and the glossary lists none; read from the rule, spelled as it prints them",
                )
                return [
                    SubtypeList(
                        category="enchantment",
                        rule=number,
                        card_types=("enchantment",),
                        names=tuple(names),
                    )
                ]
        return []

    # 205.3d "Creature and tribal also share their lists of subtypes; these subtypes are called
    # creature types."
    def shared_lists(self, card_types: list[str]) -> dict[str, tuple[str, ...]]:
        shared = {}
        for rule in self.document.subrules(self.number("205.3")):
            for sentence in sentences(rule.first_line):
                match = re.search(
                    r"(\w+) and (\w+) (?:also )?share their lists of subtypes; "
                    r"these subtypes are called (\w+) types",
                    sentence,
                )
                if match:
                    owners = tuple(
                        self.card_types_named(rule, f"{match[1]} and {match[2]}", card_types)
                    )
                    shared[match[3]] = owners
        return shared

    def category_rule(self, category: str, owners: tuple[str, ...]) -> str:
        """The subrule of 212 that names the category ("... are also called land types"), else
        the 212 rule of its card type ("212.4. Enchantments"), with a note."""
        for number, rule in self.cards.rules.items():
            # "... are also called land types"; 2007: "... is also called a spell type"
            if re.search(rf"\bcalled (?:an? )?{category} types?\b", rule.first_line):
                return number
        plurals = {f"{owner}s" for owner in owners} | {f"{owner[:-1]}ies" for owner in owners}
        for number, rule in self.cards.rules.items():
            if (
                number.count(".") == 1
                and number[-1].isdigit()
                and rule.first_line.strip().lower() in plurals
            ):
                self.note(
                    number,
                    "category-named-only-in-glossary",
                    f"no rule calls any "
                    f"subtypes {category} types, but the glossary lists them; recorded "
                    f"under rule {number}, the rule of {', '.join(owners)} cards",
                )
                return number
        raise self.fail(
            None,
            f"no rule of 212 calls any subtypes {category} types; expected "
            f"'... are also called {category} types'",
        )

    # 212.6d/g "The basic land types are Plains, Island, Swamp, Mountain, and Forest."
    def era_basic_land_types(self, lists: list[SubtypeList]) -> tuple[Rule, tuple[str, ...]]:
        land = next((item for item in lists if item.category == "land"), None)
        for rule in self.cards.rules.values():
            for sentence in sentences(rule.first_line):
                if sentence.startswith("The basic land types are "):
                    items = self.names_in(
                        rule,
                        sentence.removeprefix("The basic land types are "),
                        "basic land types",
                        capitalized=True,
                    )
                    names = tuple(sorted(official_spelling(name) for name, _ in items))
                    if land is None:
                        # Categories a release does not list are absent: no land types, so
                        # no basic land types to record either (they are land types).
                        self.note(
                            rule.number,
                            "basic-land-types-without-land-types",
                            f"rule "
                            f"{rule.number} names the basic land types "
                            f"({', '.join(names)}), but the release lists no land types; "
                            "none is recorded",
                        )
                        return rule, ()
                    unknown = [n for n in names if n not in land.names]
                    if unknown:
                        raise self.fail(
                            rule,
                            f"rule {rule.number}: basic land type "
                            f"{unknown[0]!r} is not a land type",
                        )
                    return rule, names
        raise self.fail(None, "no rule of 212 says 'The basic land types are ...'")
