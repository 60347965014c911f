"""The importer on the archived releases (1999 → 2018): readers, encodings, era grammars, notes.

The lists are checked against a second, deliberately naive reader of the same sentences (regex
and split, as tests/test_importer_releases.py does for the official files): where the two
disagree, one of them misreads the CR. Only the eras the importer reads are parametrized here;
the others are listed in READ_FROM, and test_unread_eras_are_refused_cleanly keeps them honest.
"""

from __future__ import annotations

import codecs
import dataclasses
import json
import re
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from rulesdb.errors import CRFormatError
from rulesdb.ingest.decoding import decode_cr_bytes, mojibake_code_page
from rulesdb.ingest.extract import ReleaseData
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.sources import read_source
from tests.settings import ROOT
from tests.support.data import ARCHIVE_DIR, NO_ARCHIVE, archive_2_file, archive_file

GLOSSARY_ERA = date(2003, 7, 1)  # type line rule 205, lists in the glossary (or none)
RULES_ERA = date(2009, 7, 11)  # from here the lists are in rule 204/205
DOCX_PAIRS = ["20140501", "20140601", "20140718"]

# Every archived release read and matched: the full loop only.
pytestmark = pytest.mark.full


def archived() -> list[Path]:
    return sorted(ARCHIVE_DIR.glob("MagicCompRules-*")) if ARCHIVE_DIR.is_dir() else []


def day_of(path: Path) -> date:
    stamp = re.fullmatch(r"MagicCompRules-(\d{4})(\d\d)(\d\d)\.\w+", path.name)
    assert stamp, path
    return date(*map(int, stamp.groups()))


def release_files() -> list[Path]:
    """One file per release: the .docx where the .txt is truncated (2013-02-01), else the .txt."""
    chosen: dict[date, Path] = {}
    for path in archived():
        if path.suffix == ".txt" or day_of(path) not in chosen:
            chosen[day_of(path)] = path
    docx = ARCHIVE_DIR / "MagicCompRules-20130201.docx"
    if docx.is_file():
        chosen[date(2013, 2, 1)] = docx
    return [chosen[day] for day in sorted(chosen)]


READ = [pytest.param(p, id=p.name[15:23]) for p in release_files() if day_of(p) >= RULES_ERA] or [
    pytest.param(None, id="no-files", marks=pytest.mark.skip(reason=NO_ARCHIVE))
]
GLOSSARY = [
    pytest.param(p, id=p.name[15:23])
    for p in release_files()
    if GLOSSARY_ERA <= day_of(p) < RULES_ERA
] or [pytest.param(None, id="no-files", marks=pytest.mark.skip(reason=NO_ARCHIVE))]
SIXTH = [
    pytest.param(p, id=p.name[15:23]) for p in release_files() if day_of(p) < GLOSSARY_ERA
] or [pytest.param(None, id="no-files", marks=pytest.mark.skip(reason=NO_ARCHIVE))]


@cache
def imported(path: Path) -> ReleaseData:
    return import_file(path)


# --- the naive second reader ------------------------------------------------------------------


def split_list(phrase: str) -> list[str]:
    phrase = re.sub(r"\s*\(see rules? [^)]*\)", "", phrase)
    return [
        item.strip().replace("'", "’")
        for item in re.split(r",\s+and\s+|,\s+|\s+and\s+", phrase)
        if item.strip()
    ]


def line_of(text: str, number: str) -> str:
    match = re.search(rf"^{re.escape(number)}\.? (.*)$", text, re.MULTILINE)
    assert match, number
    return match[1]


def after(line: str, lead: str) -> list[str]:
    match = re.search(rf"{lead} (.+?)\.(?:\s|$)", line)
    assert match, (lead, line[:80])
    return split_list(match[1])


PLURALS = {"phenomena": "phenomenon", "conspiracies": "conspiracy", "sorceries": "sorcery"}


def naive_reading(text: str) -> dict:
    root = re.search(r"^(20[45])\. Type Line$", text, re.MULTILINE)[1]
    listed = after(line_of(text, f"{root}.2a"), "The card types are")
    headings = re.findall(r"^3(?!00)\d\d\. (\w+)$", text, re.MULTILINE)
    defined = {PLURALS.get(h.lower(), h.lower().removesuffix("s")) for h in headings}
    summary = re.search(r"^300\.1\.? The card types are (.+?)\.(?:\s|$)", text, re.MULTILINE)
    extra = set(split_list(summary[1])) if summary else set()
    lists = {}
    for letter, line in re.findall(rf"^{root}\.3([a-z]) (.*)$", text, re.MULTILINE):
        category = re.search(r"called (\w+) types", line)
        if not category:
            continue
        names = []
        for phrase in re.findall(
            r"\b(?:types are|type is|type at this time is) (.+?)\.(?=\s|$)", line
        ):
            names += split_list(re.sub(r"^\w+ words? long: ", "", phrase))
        lists[category[1]] = (f"{root}.3{letter}", names)
    return {
        "root": root,
        "card_types": set(listed) | defined | extra,
        "listed": listed,
        "supertypes": after(line_of(text, f"{root}.4a"), "The supertypes are"),
        "lists": lists,
        "basic": sorted(after(line_of(text, "305.6"), "The basic land types are")),
    }


@pytest.mark.parametrize("path", READ)
def test_archived_release_matches_its_own_sentences(path: Path) -> None:
    text, _ = read_source(path)
    release = imported(path)
    want = naive_reading(text)
    assert release.effective_date == day_of(path)
    assert release.card_types_rule == f"{want['root']}.2a"
    assert set(release.card_types) == want["card_types"]
    assert list(release.card_types[: len(want["listed"])]) == want["listed"]
    assert list(release.supertypes) == want["supertypes"]
    got = {item.category: (item.rule, list(item.names)) for item in release.subtype_lists}
    assert got == want["lists"]
    assert dict(release.basic_land_types)["305.6"] == tuple(want["basic"])
    assert all(number.startswith(want["root"]) or number == "305.6" for number, _ in release.rules)


def naive_glossary_reading(text: str) -> dict:
    """The 2003-2009 releases: 205.2a, the glossary's 'The list of X, updated through ...'
    paragraphs (or 212.4c's enchant subtypes), or the 205.4 rules naming one supertype each."""
    text = re.sub(r" \n(?=\S)", " ", text)  # hard-wrapped files break lines after a space
    card_types = split_list(
        re.search(r"^205\.2a The (?:card )?types are (.+?)\.\s*$", text, re.MULTILINE)[1]
    )
    lists = {}
    for what, items in re.findall(
        r"The list of ([a-z]+ types|supertypes), update[sd]? through "
        r".+? is as follows:\s*(.+?)\n\s*\n",
        text,
        re.DOTALL,
    ):
        items = re.sub(r"\s*\n\s*", " ", re.sub(r"-\s*\n\s*", "-", items)).strip().rstrip(".")
        names = [n.strip() for n in re.split(r",\s*(?:and\s+)?", items) if n.strip()]
        lists[what] = [name.replace("'", "’").replace("?", "’") for name in names]
    enchant = re.search(r"^212\.4c .*what it can enchant: (.+?)\.\s*$", text, re.MULTILINE)
    if enchant and "enchantment types" not in lists:  # 2003-07-01: as its 212.4c prints them
        lists["enchantment types"] = split_list(enchant[1])
    supertypes = lists.pop("supertypes", None)
    if supertypes is None:
        named = re.findall(r'^205\.4[a-z] .*?supertype ["“]([\w-]+)["”]', text, re.MULTILINE)
        supertypes = list(dict.fromkeys(named))
    basic = re.search(r"^212\.\d+[a-z] The basic land types are (.+?)\.", text, re.MULTILINE)
    return {
        "card_types": card_types,
        "supertypes": [n.lower() for n in supertypes],
        "lists": {what.removesuffix(" types"): names for what, names in lists.items()},
        "basic": sorted(split_list(basic[1])) if basic and "land types" in lists else None,
    }


@pytest.mark.parametrize("path", GLOSSARY)
def test_glossary_era_release_matches_its_own_sentences(path: Path) -> None:
    text, _ = read_source(path)
    release = imported(path)
    want = naive_glossary_reading(text)
    assert release.effective_date == day_of(path)
    assert list(release.card_types) == want["card_types"]
    assert list(release.supertypes) == want["supertypes"]
    assert {item.category: list(item.names) for item in release.subtype_lists} == want["lists"]
    if want["basic"] is None:
        assert release.basic_land_types == ()
    else:
        [(_, basic)] = release.basic_land_types
        assert list(basic) == want["basic"]
    assert all(len(item.rule) <= 16 for item in release.subtype_lists)


def naive_sixth_edition_reading(text: str) -> dict:
    """1999-2003: 212.1's card types and 214.8a's enchant forms, their lines joined."""

    def rule(number: str) -> str:
        match = re.search(
            rf"^ *{re.escape(number)}\.? (.+?)(?=\n\s*\n| *EXAMPLE| *Example)",
            text,
            re.MULTILINE | re.DOTALL,
        )
        assert match, number
        return " ".join(match[1].split())

    def names(phrase: str) -> list[str]:
        return [n for n in re.split(r",\s+(?:and\s+|or\s+)?", phrase.rstrip(".")) if n]

    types = re.search(r"one or more (?:card )?types: (.+?)\.", rule("212.1"))[1]
    enchant = re.search(r"comprise various subtypes: (.+?)\.", rule("214.8a"))[1]
    return {"card_types": names(types), "enchantment": names(enchant)}


@pytest.mark.parametrize("path", SIXTH)
def test_sixth_edition_release_matches_its_own_sentences(path: Path) -> None:
    text, _ = read_source(path)
    release = imported(path)
    want = naive_sixth_edition_reading(text)
    assert release.effective_date == day_of(path)
    assert list(release.card_types) == want["card_types"]
    assert release.supertypes == () and release.basic_land_types == ()
    assert [(item.category, list(item.names)) for item in release.subtype_lists] == [
        ("enchantment", want["enchantment"])
    ]
    kinds = [note.kind for note in release.notes]
    assert kinds.count("category-not-enumerated") == 2 and "no-supertypes" in kinds


def test_every_archived_release_reads() -> None:
    files = release_files()
    if len(files) != 71:
        pytest.skip(NO_ARCHIVE)
    days = [imported(path).effective_date for path in files]
    assert days == sorted(set(days)) and days[0] == date(1999, 4, 23)


# --- formats and encodings ---------------------------------------------------------------------


@pytest.mark.parametrize("day", DOCX_PAIRS)
def test_docx_and_txt_of_one_release_read_the_same(day: str) -> None:
    txt = import_file(archive_file(f"MagicCompRules-{day}.txt"))
    docx = import_file(archive_file(f"MagicCompRules-{day}.docx"))
    assert docx.source_file.endswith(".docx") and docx.source_sha256 != txt.source_sha256
    assert dataclasses.replace(docx, source_file="", source_sha256="") == dataclasses.replace(
        txt, source_file="", source_sha256=""
    )


def test_truncated_txt_is_refused_and_its_docx_read() -> None:
    with pytest.raises(CRFormatError, match=r"20130201\.txt:\d+: .*looks truncated"):
        import_file(archive_file("MagicCompRules-20130201.txt"))
    release = import_file(archive_file("MagicCompRules-20130201.docx"))
    assert release.effective_date == date(2013, 2, 1)
    assert "Urza’s" in release.subtypes("land") and len(release.subtypes("creature")) == 224


def test_the_2013_02_01_release_notes_where_it_was_read_from() -> None:
    seed = json.loads((ROOT / "seeds" / "cr_2013_02_01.json").read_bytes())
    assert seed["source"]["file"] == "MagicCompRules-20130201.docx"
    assert [(n["kind"], n["rule"]) for n in seed["notes"]] == [("source-file", None)]
    assert "truncated" in seed["notes"][0]["text"]


def test_a_file_that_is_not_a_docx_is_refused(tmp_path: Path) -> None:
    fake = tmp_path / "MagicCompRules-20140501.docx"
    fake.write_text("These rules are effective as of May 1, 2014.\n")
    with pytest.raises(CRFormatError, match=r"not a Word \.docx file"):
        import_file(fake)


def test_mac_roman_files_are_read_as_mac_roman() -> None:
    # Lone-CR line endings and byte 0x89: â in Mac Roman (ë in cp437, ‰ in cp1252).
    text, _ = read_source(archive_file("MagicCompRules-20061001.txt"))
    assert "El-Hajjâj" in text and "\r" not in text
    # CRLF, but 0xAA and 0xD0 are only ™ and – in Mac Roman.
    text, _ = read_source(archive_file("MagicCompRules-20040201.txt"))
    assert "Odyssey™" in text and "ª" not in text
    # cp437 (CRLF) stays cp437, cp1252 stays cp1252.
    assert "El-Hajjâj" in read_source(archive_file("MagicCompRules-20060715.txt"))[0]
    assert "people who’ve" in read_source(archive_file("MagicCompRules-20051001.txt"))[0]


def test_a_mac_roman_text_saved_as_utf8_from_latin1_is_read_as_mac_roman() -> None:
    path = archive_2_file("MagicCompRules-19990423.txt")
    text, raw = read_source(path)
    assert "even if it’s depicted as flying" in text and "An Unglued™ card" in text
    assert not {"Õ", "Ò", "Ó", "Ñ", "ª"} & set(text)
    assert mojibake_code_page(raw) == "mac_roman"
    release = import_file(path)
    assert (release.notes[0].rule, release.notes[0].kind) == (None, "mojibake")
    assert release.notes[0].text == (
        "the file is UTF-8 holding a Mac Roman text read as "
        "Latin-1 (’ printed as Õ); it was read as Mac Roman"
    )


@pytest.mark.parametrize(
    ("code_page", "line_end"), [("mac_roman", "\r"), ("mac_roman", "\n"), ("cp1252", "\r\n")]
)
def test_a_utf8_mojibake_decodes_back(code_page: str, line_end: str) -> None:
    text = line_end.join(
        [
            "These rules are effective as of April 23, 1999.",
            "200.1. When a rule refers to a “card,” it means a Magic card—",
            "an Unglued™ card isn’t one. Each player’s deck is his or her library.",
        ]
    )
    garbled = text.encode(code_page).decode("latin-1").encode("utf-8")
    assert decode_cr_bytes(garbled, "garbled.txt") == text.replace(line_end, "\n")
    assert mojibake_code_page(garbled) == code_page
    assert mojibake_code_page(codecs.BOM_UTF8 + garbled) == code_page


def test_genuine_utf8_with_latin1_letters_is_left_alone() -> None:
    text = "These rules are effective as of July 15, 2006.\nEl-Hajjâj, Dandân; café, Æther.\n"
    for data in (text.encode("utf-8"), codecs.BOM_UTF8 + text.encode("utf-8")):
        assert decode_cr_bytes(data, "genuine.txt") == text
        assert mojibake_code_page(data) is None
    assert mojibake_code_page(text.encode("cp1252")) is None  # not UTF-8 at all


def test_the_double_spaced_2003_05_26_lists_are_those_of_2003_06_01() -> None:
    """Six days before 2003-06-01 (Scourge both): the same lists, read from its rule 212."""
    spaced = import_file(archive_2_file("MagicCompRules-20030526.txt"))
    after = import_file(archive_file("MagicCompRules-20030601.rtf"))
    assert spaced.effective_date == date(2003, 5, 26)
    fields = (
        "card_types",
        "card_type_sections",
        "supertypes",
        "supertype_references",
        "subtype_lists",
        "basic_land_types",
        "notes",
    )
    assert [getattr(spaced, f) for f in fields] == [getattr(after, f) for f in fields]


def test_rtf_reads_as_text() -> None:
    text, raw = read_source(archive_file("MagicCompRules-20030601.rtf"))
    assert raw.startswith(b"{\\rtf")
    assert "These rules are current as of June 1, 2003." in text
    assert "212.1. All cards have one or more card types: artifact, creature," in text
    assert "{\\" not in text and "\r" not in text


# --- notes: where the CR contradicts itself -----------------------------------------------------


def notes_of(day: str) -> list[tuple[str | None, str, str]]:
    path = next((p for p in release_files() if p.name[15:23] == day), None)
    if path is None:
        pytest.skip(NO_ARCHIVE)
    return [(n.rule, n.kind, n.text) for n in imported(path).notes]


@pytest.mark.parametrize(
    ("day", "card_type", "rule"),
    [
        ("20120601", "phenomenon", "205.2a"),
        ("20120701", "phenomenon", "205.2a"),
        ("20140718", "conspiracy", "205.2a"),
        ("20140925", "conspiracy", "205.2a"),
    ],
)
def test_a_card_type_section_3_defines_is_a_card_type_with_a_note(
    day: str, card_type: str, rule: str
) -> None:
    path = next((p for p in release_files() if p.name[15:23] == day), None)
    if path is None:
        pytest.skip(f"needs MagicCompRules-{day} in ../shared/cr-archive")
    assert card_type not in after(line_of(read_source(path)[0], rule), "The card types are")
    assert card_type in imported(path).card_types
    [(noted_rule, kind, text)] = notes_of(day)
    assert (noted_rule, kind) == (rule, "card-type-disagreement")
    assert f"omits the card type {card_type!r}" in text and "300.1 lists it" in text


def test_the_reverse_disagreement_is_noted_too() -> None:
    [(rule, kind, text)] = notes_of("20090904")
    assert (rule, kind) == ("204.2a", "card-type-disagreement")
    assert "lists the card type 'plane', but rule 300.1 omits it" in text


def test_releases_without_disagreement_have_no_notes() -> None:
    assert notes_of("20121001") == [] and notes_of("20180608") == []


def test_inspect_takes_a_docx_and_prints_its_notes(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.support.runs import run_cli

    path = archive_file("MagicCompRules-20140718.docx")
    code, out, err = run_cli(["inspect", str(path), "--format", "json"], capsys)
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["effective_date"] == "2014-07-18" and "conspiracy" in report["card_types"]
    assert [(n["rule"], n["kind"]) for n in report["notes"]] == [
        ("205.2a", "card-type-disagreement")
    ]
    code, out, err = run_cli(["inspect", str(path), "--format", "table"], capsys)
    assert code == 0 and "note (card-type-disagreement, 205.2a): rule 205.2a omits" in out


# --- what the old lists do -------------------------------------------------------------------


def release_of(day: str) -> ReleaseData:
    path = next((p for p in release_files() if p.name[15:23] == day), None)
    if path is None:
        pytest.skip(NO_ARCHIVE)
    return imported(path)


def test_lossy_question_marks_are_read_as_apostrophes_with_a_note() -> None:
    lossy = release_of("20080501")
    assert "Urza’s" in lossy.subtypes("land") and not any("?" in n for n in lossy.subtypes("land"))
    assert [n.kind for n in lossy.notes] == ["lossy-conversion"]
    # The neighbours spell it with an apostrophe of their own: one subtype, one name.
    assert all("Urza’s" in release_of(day).subtypes("land") for day in ("20080201", "20080715"))


def test_hard_wrapped_lists_keep_names_broken_at_a_hyphen() -> None:
    wrapped = release_of("20031201")
    assert "Will-o’-the-Wisp" in wrapped.subtypes("creature")
    assert not [n for n in wrapped.subtypes("creature") if n.endswith("-") or n.startswith("the-")]
    assert {"hard-wrapped-file", "hard-wrapped-list"} <= {n.kind for n in wrapped.notes}


def test_accents_and_the_grand_creature_type_update() -> None:
    assert {"Dandân", "El-Hajjâj"} <= set(release_of("20060715").subtypes("creature"))
    before, after = release_of("20070907"), release_of("20071001")
    removed = set(before.subtypes("creature")) - set(after.subtypes("creature"))
    added = set(after.subtypes("creature")) - set(before.subtypes("creature"))
    assert len(removed) > 140 and "El-Hajjâj" in removed and len(added) < 10
    assert "planeswalker" in after.card_types and "planeswalker" not in before.card_types
    assert "tribal" in before.card_types and "tribal" not in release_of("20070201").card_types
