"""The importer on the older files' own grammar: which copy a release is read from, the damage
a copy shows, examples and paragraphs in hard-wrapped files, glossary terms that lost their
blank line, and the enchantment subtypes of 2003-07-01."""

from __future__ import annotations

import json
import re
from datetime import date
from functools import cache

from rulesdb.authoring.curated import notes_in
from rulesdb.ingest.damage import lost_characters
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.rulebook import Rulebook, RuleEntry, read_rulebook
from tests.settings import ROOT
from tests.support.data import archive_2_file, archive_file

RTF_0501 = "MagicCompRules-20090501.rtf"
_TYPOGRAPHY = str.maketrans(
    {"’": "'", "‘": "'", "“": '"', "”": '"', "—": "?", "–": "?", "_": None, "<": None, ">": None}
)


@cache
def book(name: str, second_copy: bool = False) -> Rulebook:
    return read_rulebook(archive_2_file(name) if second_copy else archive_file(name))


def rules_of(rulebook: Rulebook) -> dict[str, RuleEntry]:
    return {rule.number: rule for rule in rulebook.rules if rule.occurrence == 1}


def as_ascii(text: str) -> str:
    """The .txt of 2009-05-01 as the .rtf would read in it: ASCII quotes, '?' for dashes, no
    _italics_ or <links>, (R) and (TM)."""
    return text.translate(_TYPOGRAPHY).replace("®", "(R)").replace("™", "(TM)")


# --- 1. 2009-05-01 from its official .rtf ---------------------------------------------------


def test_2009_05_01_rtf_reads_the_rules_of_the_txt_with_their_dashes() -> None:
    rtf, txt = book(RTF_0501, True), book("MagicCompRules-20090501.txt")
    assert rtf.effective_date == txt.effective_date == date(2009, 5, 1)
    assert [(r.number, r.occurrence) for r in rtf.rules] == [
        (r.number, r.occurrence) for r in txt.rules
    ]
    assert len(rtf.rules) == 1280 and len(rtf.glossary) == len(txt.glossary) == 403
    for ours, theirs in zip(rtf.rules, txt.rules, strict=True):
        assert as_ascii(ours.text) == as_ascii(theirs.text), ours.number
        assert [as_ascii(e) for e in ours.examples] == [as_ascii(e) for e in theirs.examples]
    for ours, theirs in zip(rtf.glossary, txt.glossary, strict=True):
        assert as_ascii(ours.term) == as_ascii(theirs.term)
    assert "“Basic Land — Mountain”" in rules_of(rtf)["205.3c"].examples[0]
    assert "cards—even" in "\n".join(r.text for r in rtf.rules)
    dashed = [r for r in rtf.rules if re.search("[—–]", r.text + "".join(r.examples))]
    assert len(dashed) == 66
    # Every '?' of the .txt that stood for a dash is a dash in the .rtf: none is left.
    assert not any(lost_characters(r.text + "\n" + "\n".join(r.examples))[0] for r in rtf.rules)
    assert sum(lost_characters(r.text + "\n" + "\n".join(r.examples))[0] for r in txt.rules) > 60
    # Mac Roman (\ansicpg10000) read right: no cp1252 misreading of its bytes (Ò, Ó for “ ”).
    assert not re.search("[ÒÓÕÑ¨ª]", "".join(r.text for r in rtf.rules))


def test_2009_05_01_rtf_gives_the_vocabulary_of_the_txt_and_says_where_it_is_from() -> None:
    rtf = import_file(archive_2_file(RTF_0501))
    txt = import_file(archive_file("MagicCompRules-20090501.txt"))
    assert rtf.source_file == RTF_0501
    assert (rtf.card_types, rtf.supertypes, rtf.subtype_lists, rtf.basic_land_types) == (
        txt.card_types,
        txt.supertypes,
        txt.subtype_lists,
        txt.basic_land_types,
    )
    assert [note.kind for note in txt.notes] == ["lost-dashes"]
    assert not rtf.notes
    [note] = [note for note in notes_in(date(2009, 5, 1)) if note["kind"] == "source-file"]
    assert ".rtf" in note["text"] and "xremming/rulesraker" in note["text"]
    assert "'?' for every dash" in note["text"]


# --- 2. 2008-05-01: '?' for every dash in every known copy -----------------------------------


def test_2008_05_01_says_its_dashes_are_lost() -> None:
    clean = import_file(archive_2_file("MagicCompRules-20080501.txt"))
    [note] = [note for note in clean.notes if note.kind == "lost-dashes"]
    assert "'?' for 119 characters" in note.text and "'cards?even'" in note.text
    rulebook = book("MagicCompRules-20080501.txt", True)
    in_rules = [
        r for r in rulebook.rules if lost_characters(r.text + "\n" + "\n".join(r.examples))[0]
    ]
    in_glossary = [g for g in rulebook.glossary if lost_characters(g.text)[0]]
    assert (len(in_rules), len(in_glossary)) == (64, 33)
    [curated] = [n for n in notes_in(date(2008, 5, 1)) if n["kind"] == "source-file"]
    assert "no public archive known holds a copy with the dashes" in curated["text"]
    assert "79 in 64 rules and 38 in 33 glossary entries" in curated["text"]
    # The lossy copy says more already (its quotes are lost too); the neighbours, nothing.
    lossy = import_file(archive_file("MagicCompRules-20080501.txt"))
    assert [note.kind for note in lossy.notes] == ["lossy-conversion"]
    for day in ("20080201", "20080715"):
        neighbour = import_file(archive_file(f"MagicCompRules-{day}.txt"))
        assert "lost-dashes" not in {note.kind for note in neighbour.notes}


# --- 3. 1999: "EXAMPLE:" paragraphs ---------------------------------------------------------


def test_1999_examples_in_capitals_are_examples() -> None:
    april = book("MagicCompRules-19990423.txt", True)  # hard-wrapped: EXAMPLE after a wrap
    november = book("MagicCompRules-19991101.txt")
    for rulebook, count in ((april, 36), (november, 37)):
        assert not [r.number for r in rulebook.rules if "EXAMPLE" in r.text]
        assert (
            sum(1 for r in rulebook.rules if any(e.startswith("EXAMPLE: ") for e in r.examples))
            == count
        )
    subtypes = rules_of(april)["212.2"]
    assert subtypes.text == "Some card types include subtypes, printed on the same line."
    assert subtypes.examples == (
        'EXAMPLE: "Creature - Minotaur" means the card has type '
        'creature and creature subtype Minotaur. "Enchant Creature" '
        "means it has type enchantment and subtype enchant creature.",
    )
    ogre = rules_of(november)["214.7b"]
    assert ogre.examples[0].startswith("EXAMPLE: Ogre, Ogres") and "EXAMPLE" not in ogre.text


# --- 4. prose after an example in hard-wrapped files ----------------------------------------


def test_paragraph_ends_of_wrapped_files_keep_prose_after_an_example_in_the_rule() -> None:
    """2001-07-23 and 2002-02-20 keep the space their lines broke at: 410.10d's last line before
    '"Leaves play" ...' has none, so that paragraph is the rule's, as 2002-10-07 prints it."""
    unwrapped = rules_of(book("MagicCompRules-20021007.txt"))["410.10d"]
    for name in ("MagicCompRules-20010723.txt", "MagicCompRules-20020220.txt"):
        wrapped = rules_of(book(name, True))["410.10d"]
        assert (wrapped.text, wrapped.examples) == (unwrapped.text, unwrapped.examples), name
    # 2003-10-01 (wrapped, spaces kept) splits its indented paragraphs as 2003-07-01 prints them.
    assert rules_of(book("MagicCompRules-20031001.txt"))["415.3"].text.count("\n") == 1
    # 2001-09-24's copy lost those spaces: the paragraph stays in the example, with a note.
    lost = rules_of(book("MagicCompRules-20010924.txt"))["410.10d"]
    assert '"Leaves play"' in lost.examples[0]
    [note] = notes_in(date(2001, 9, 24))
    assert note["kind"] == "damaged-file" and "410.10d" in note["text"]


# --- 5. 2003-05-26: glossary terms without the blank line before them ----------------------


def test_glossary_terms_printed_on_the_line_after_an_entry_are_entries() -> None:
    rulebook = book("MagicCompRules-20030526.txt", True)
    terms = {g.term: g for g in rulebook.glossary}
    before = {g.term: g for g in book("MagicCompRules-20030315.txt").glossary}
    for term, above, starts in (
        ("Effect", "Echo", '"Ability" and "effect" are often confused'),
        ("Source", "Sorcery", "The source of an ability or of damage"),
        ("Tombstone Icon", "Token", "Starting with the Odyssey set, a tombstone icon"),
        ("Total Casting Cost (Obsolete)", "Tombstone Icon", "Some older cards were printed"),
    ):
        assert terms[term].text.startswith(starts), term
        assert term not in terms[above].text, above
        assert terms[above].text.count("\n") == before[above].text.count("\n"), above
    assert len(rulebook.glossary) == 213
    noted = [
        note for note in rulebook.notes if "is printed on the line after the entry above" in note
    ]
    assert len(noted) == 4 and ":1486: glossary term 'Effect'" in noted[0]


# --- 6. 2003-07-01: the enchantment subtypes of rule 212.4c ---------------------------------


def test_2003_07_01_lists_the_enchantment_subtypes_its_rule_enumerates() -> None:
    release = import_file(archive_file("MagicCompRules-20030701.txt"))
    # Spelled as 212.4c prints them, as 214.8a of the nine releases before: lower case.
    assert release.subtypes("enchantment") == (
        "enchant artifact",
        "enchant creature",
        "enchant enchantment",
        "enchant land",
        "enchant permanent",
        "enchant player",
    )
    [listed] = [item for item in release.subtype_lists if item.category == "enchantment"]
    assert (listed.rule, listed.card_types) == ("212.4c", ("enchantment",))
    assert "212.4c" in dict(release.rules)
    assert any(n.kind == "subtypes-from-rules" and n.rule == "212.4c" for n in release.notes)
    # 2003-10-01 only gives examples ("Examples of enchantment subtypes include"): no list.
    assert not import_file(archive_file("MagicCompRules-20031001.txt")).subtypes("enchantment")


def test_every_list_is_spelled_as_the_rule_listing_it_prints_it() -> None:
    """Each subtype a release lists whose listing rule prints its name (in any case) is
    spelled as that rule prints it, letter case included: 2003-07-01's 212.4c "enchant
    creature", as 214.8a of the nine releases before. Names a glossary entry lists (the rule
    only points to it) are not printed by the rule and are not compared here."""
    texts: dict[str, str] = {}
    for path in (ROOT / "seeds" / "texts").glob("cr_*.json"):
        texts.update({key: text for key, (text, _) in json.loads(path.read_bytes()).items()})
    compared, wrong = 0, []
    for path in sorted((ROOT / "seeds").glob("cr_*.json")):
        seed = json.loads(path.read_bytes())
        rules: dict[str, str] = {}
        for row in seed["rulebook"]["rules"]:
            number, *_, key = row.split("\t")
            rules.setdefault(number, texts[key].replace("\u2019", "'"))
        for listed in seed["subtype_categories"]:
            printed = rules.get(listed["rule"], "")
            for name in listed["subtypes"]:
                word = re.compile(rf"\b{re.escape(name.replace(chr(0x2019), chr(39)))}\b")
                if re.search(word.pattern, printed, re.IGNORECASE):
                    compared += 1
                    if not word.search(printed):
                        wrong.append((seed["effective_date"], listed["rule"], name))
    assert wrong == [] and compared > 30_000
