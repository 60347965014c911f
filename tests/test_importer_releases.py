"""The importer on every official release, checked against the files' own sentences.

The oracle here is deliberately naive and independent of rulesdb's grammar: it finds the rule's
line with a prefix match, takes what follows "types are" / "type is" / "words long:" up to the
sentence's period, drops "(see rule …)" and splits on commas and "and". Where the two disagree,
one of them misreads the CR.
"""

from __future__ import annotations

import codecs
import csv
import dataclasses
import hashlib
import json
import re
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from rulesdb.ingest.document import parse_document
from rulesdb.ingest.extract import RULES_READ, ReleaseData
from rulesdb.ingest.importer import import_file
from tests import settings
from tests.settings import ROOT, folder
from tests.support.data import CR_DIR, cr_file, cr_files
from tests.support.sources import SAMPLE, SEEDS, fresh_seed, source_file

FILES = cr_files()
NO_FILES = f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)"
needs_files = pytest.mark.skipif(not FILES, reason=NO_FILES)
# One test per official file; without them, one skipped test that says why.
EVERY_FILE = [pytest.param(path, id=path.name[15:23]) for path in FILES] or [
    pytest.param(None, id="no-files", marks=pytest.mark.skip(reason=NO_FILES))
]


def day_of(path: Path) -> date:
    stamp = re.fullmatch(r"MagicCompRules-(\d{8})\.txt", path.name)
    assert stamp, path
    return date.fromisoformat(f"{stamp[1][:4]}-{stamp[1][4:6]}-{stamp[1][6:]}")


@cache
def imported(path: Path) -> ReleaseData:
    return import_file(path)


# --- the naive oracle --------------------------------------------------------------------------


def curly(name: str) -> str:
    return name.replace("'", "’")


def split_list(phrase: str) -> list[str]:
    phrase = re.sub(r"\s*\(see rules? [^)]*\)", "", phrase)
    return [
        curly(item.strip())
        for item in re.split(r",\s+and\s+|,\s+|\s+and\s+", phrase)
        if item.strip()
    ]


def body_line(text: str, number: str) -> str:
    """The line of rule `number` (the body's: the contents list only sections)."""
    match = re.search(rf"^{re.escape(number)}\.? (.*)$", text, re.MULTILINE)
    assert match, number
    return match[1]


def listed_after(line: str, lead: str) -> list[str]:
    match = re.search(rf"{lead} (.+?)\.(?:\s|$)", line)
    assert match, (lead, line[:80])
    return split_list(match[1])


@dataclasses.dataclass
class OracleList:
    rule: str
    category: str
    card_types: set[str]
    names: list[str]


def card_type_forms(card_types: list[str]) -> dict[str, str]:
    forms = {}
    for name in card_types:
        for form in (name, name + "s", name[:-1] + "ies"):
            forms[form] = name
    return forms


def oracle_lists(text: str, card_types: list[str]) -> tuple[list[OracleList], list[str]]:
    """(subtype lists, numbers of the 'have no subtypes' rules) from 205.3g onwards."""
    forms = card_type_forms(card_types)
    lists, none = [], []
    for match in re.finditer(r"^(205\.3[g-z]) (.*)$", text, re.MULTILINE):
        number, line = match[1], match[2]
        if "have no subtypes" in line:
            none.append(number)
            continue
        category = re.search(r"called (?:an? )?(\w+) types?\b", line)
        assert category, line[:80]
        head = re.split(r";|, called", line, maxsplit=1)[0]
        owners = {forms[word] for word in re.findall(r"\w+", head.lower()) if word in forms}
        names = []
        for phrase in re.findall(r"\b(?:types are|type is) (.+?)\.(?=\s|$)", line):
            names += split_list(re.sub(r"^\w+ words? long: ", "", phrase))
        lists.append(OracleList(number, category[1], owners, names))
    return lists, none


# --- every release ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", EVERY_FILE)
def test_release_matches_its_own_sentences(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    release = imported(path)

    assert release.effective_date == day_of(path)
    assert release.source_file == path.name

    card_types = listed_after(body_line(text, "205.2a"), "The card types are")
    assert list(release.card_types) == card_types
    assert len(card_types) == len(set(card_types))
    assert list(release.supertypes) == listed_after(body_line(text, "205.4a"), "The supertypes are")

    expected, no_subtypes = oracle_lists(text, card_types)
    assert [(item.rule, item.category) for item in release.subtype_lists] == [
        (item.rule, item.category) for item in expected
    ]
    for got, want in zip(release.subtype_lists, expected, strict=True):
        assert list(got.names) == want.names, want.category
        assert len(got.names) == len(set(got.names)), want.category
        assert set(got.card_types) == want.card_types, want.category
    # The "have no subtypes" rule (205.3p, q or r by release) is no category.
    assert len(no_subtypes) == 1
    assert no_subtypes[0] not in {item.rule for item in release.subtype_lists}

    basic = dict(release.basic_land_types)
    assert basic["305.6"] == tuple(
        sorted(listed_after(body_line(text, "305.6"), "The basic land types are"))
    )
    land_rule = next(item.rule for item in release.subtype_lists if item.category == "land")
    of_that_list = re.search(
        r"Of that list, (.+?) are the basic land types", body_line(text, land_rule)
    )
    if of_that_list:
        assert basic[land_rule] == tuple(sorted(split_list(of_that_list[1])))
    else:
        assert set(basic) == {"305.6"}

    rules = dict(release.rules)
    assert rules["205.2a"].split("\n")[0] == body_line(text, "205.2a").strip()
    assert rules["305.6"].split("\n")[0] == body_line(text, "305.6").strip()


@needs_files
def test_dungeon_and_battle_types_appear_when_the_files_say_so() -> None:
    for path in FILES:
        categories = {item.category for item in imported(path).subtype_lists}
        text = path.read_text(encoding="utf-8")
        assert ("dungeon" in categories) == ("called a dungeon type" in text), path.name
        assert ("battle" in categories) == ("called a battle type" in text), path.name
        assert ("dungeon" in categories) == (day_of(path) >= date(2022, 6, 10)), path.name
        assert ("battle" in categories) == (day_of(path) >= date(2023, 4, 14)), path.name


@needs_files
def test_time_lord_in_both_grammars() -> None:
    for path in FILES:
        day = day_of(path)
        creature = body_line(path.read_text(encoding="utf-8"), "205.3m")
        names = imported(path).subtypes("creature")
        if day < date(2023, 10, 13):
            assert "Time Lord" not in names, path.name
            continue
        assert names.count("Time Lord") == 1, path.name
        assert not {"Time", "Lord"} & set(names), path.name
        if day <= date(2024, 4, 12):  # inside the comma list
            assert ", Time Lord, " in creature and "words long" not in creature, path.name
        else:  # its own sentence, then "All other creature types are one word long: ..."
            assert "One creature type is two words long: Time Lord." in creature, path.name
            assert names[0] == "Time Lord" and all(" " not in n for n in names[1:]), path.name


@needs_files
def test_multi_word_planar_types_are_one_subtype_each() -> None:
    for path in FILES:
        planar = imported(path).subtypes("planar")
        assert "Bolas’s Meditation Realm" in planar, path.name
        assert not {"Bolas’s", "Meditation", "Realm", "Abyss", "The"} & set(planar), path.name
        assert ("The Abyss" in planar) == (day_of(path) >= date(2023, 4, 14)), path.name


@needs_files
def test_urzas_keeps_its_curly_apostrophe_in_every_release() -> None:
    for path in FILES:
        land = imported(path).subtypes("land")
        assert "Urza’s" in land and "Urza's" not in land, path.name


def test_figures_of_2020_08_07() -> None:
    release = imported(cr_file("20200807"))
    assert len(release.card_types) == 13
    assert release.supertypes == ("basic", "legendary", "ongoing", "snow", "world")
    counts = {item.category: len(item.names) for item in release.subtype_lists}
    assert counts == {
        "artifact": 8,
        "enchantment": 5,
        "land": 13,
        "planeswalker": 56,
        "spell": 3,
        "creature": 251,
        "planar": 43,
    }
    assert dict(release.basic_land_types) == {
        "305.6": ("Forest", "Island", "Mountain", "Plains", "Swamp")
    }
    assert "Urza’s" in release.subtypes("land")
    rules = {item.category: item.rule for item in release.subtype_lists}
    assert rules == {
        "artifact": "205.3g",
        "enchantment": "205.3h",
        "land": "205.3i",
        "planeswalker": "205.3j",
        "spell": "205.3k",
        "creature": "205.3m",
        "planar": "205.3n",
    }
    owners = {item.category: item.card_types for item in release.subtype_lists}
    assert owners["creature"] == ("creature", "tribal")
    assert owners["spell"] == ("instant", "sorcery")


def naive_rules(text: str) -> dict[str, tuple[int, str]]:
    """Rule number -> (line, text), line by line: the body runs from the line after the first
    'Credits' to the second 'Glossary'; a rule owns the lines up to the next rule or section."""
    lines = text.split("\n")
    start = lines.index("Credits") + 1
    end = [i for i, line in enumerate(lines) if line == "Glossary"][1]
    rules: dict[str, tuple[int, list[str]]] = {}
    current: list[str] | None = None
    for index in range(start, end):
        line = lines[index].strip()
        if not line:
            continue
        if match := re.match(r"(\d{3}(?:\.\d+[a-z]?)?)\.? (\S.*)$", line):
            current = [match[2]]
            rules.setdefault(match[1], (index + 1, current))
        elif re.match(r"\d\. \S", line):
            current = None
        elif current is not None:
            current.append(line)
    return {number: (line, "\n".join(parts)) for number, (line, parts) in rules.items()}


@pytest.mark.parametrize("day", ["20160722", "20190125", "20231013", "20260807"])
def test_document_rules_match_a_line_by_line_reading(day: str) -> None:
    text = cr_file(day).read_text(encoding="utf-8")
    everything = parse_document(text, day)
    assert {n: (r.line, r.text) for n, r in everything.rules.items()} == naive_rules(text)
    assert list(everything.rules) == list(naive_rules(text))
    read = parse_document(text, day, keep=RULES_READ)  # what the importer parses
    wanted = {
        n: r
        for n, r in everything.rules.items()
        if n in ("204", "205", "300.1", "305.6")
        or n.startswith(("204.", "205."))
        or (len(n) == 3 and n.startswith("3"))
    }
    assert read.rules == wanted


# --- the shipped seeds are what the importer makes now ------------------------------------------


def pinned(seed: Path) -> tuple[str, str]:
    """(SEED, SEED_SHA256) as the seed's revision file pins them."""
    revision = (ROOT / "migrations" / "versions" / f"{seed.stem}.py").read_text()
    name = re.search(r'^SEED = "([^"]+)"$', revision, re.MULTILINE)
    digest = re.search(r'^SEED_SHA256 = "([0-9a-f]{64})"$', revision, re.MULTILINE)
    assert name and digest, seed.stem
    return name[1], digest[1]


def test_every_seed_and_pack_is_pinned() -> None:
    """Each release revision pins its seed by sha256, and each seed the text packs it reads."""
    assert len(SEEDS) == 136
    packs = {
        path.stem: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in (ROOT / "seeds" / "texts").glob("*.json")
    }
    pinned_somewhere = set()
    for seed in SEEDS:
        name, digest = pinned(seed)
        assert name == seed.name
        assert hashlib.sha256(seed.read_bytes()).hexdigest() == digest, seed.name
        for pack, sha256 in json.loads(seed.read_bytes())["rulebook"]["packs"].items():
            assert packs.get(pack) == sha256, f"{seed.name} pins {pack} otherwise"
            pinned_somewhere.add(pack)
    assert pinned_somewhere == set(packs), "a pack no seed reads"


def check_seed(revision: str) -> None:
    fresh, pack = fresh_seed(revision)
    assert pack is None, f"{revision}: its file prints texts no shipped pack has"
    assert fresh == (ROOT / "seeds" / f"{revision}.json").read_bytes(), (
        f"what the importer gives for {source_file(revision).name} differs from {revision}.json"
    )


# Every seed: tests/test_releasing.py's rebuild-chain of the whole chain, byte for byte.
@pytest.mark.parametrize("revision", SAMPLE)
def test_seeds_of_each_kind_are_what_the_importer_gives_now(revision: str) -> None:
    check_seed(revision)


@needs_files
def test_every_official_file_has_its_seed() -> None:
    assert {f"cr_{day_of(path):%Y_%m_%d}.json" for path in FILES} <= {s.name for s in SEEDS}


def test_each_seed_names_the_copy_it_was_read_from() -> None:
    """The damaged archive copies are replaced by their clean ones, which cr-archive-2's
    manifest lists (2009-05-01: its official .rtf); each such release says so in a note naming
    the repository the copy comes from, as 2003-05-26 (only there) does."""
    clean = folder(settings.ARCHIVE_2_DIR)
    if not (clean / "MANIFEST.tsv").is_file():
        pytest.skip(f"no {clean}/MANIFEST.tsv (a clone without ../shared)")
    with (clean / "MANIFEST.tsv").open(encoding="utf-8", newline="") as handle:
        listed = {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}
    assert len(listed) == 6
    for name, row in listed.items():
        seed = json.loads(
            (ROOT / "seeds" / f"cr_{name[15:19]}_{name[19:21]}_{name[21:23]}.json").read_bytes()
        )
        assert seed["source"] == {"file": name, "sha256": row["sha256"]}
        [note] = [note for note in seed["notes"] if note["kind"] == "source-file"]
        assert row["source"].split("@")[0] in note["text"], name


# --- the files as Wizards published them ---------------------------------------------------------


@cache
def manifest() -> dict[str, dict[str, str]]:
    with (CR_DIR / "MANIFEST.tsv").open(encoding="utf-8", newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}


def encode(text: str, encoding: str, endings: str) -> bytes:
    """`text` (UTF-8/LF) as a MANIFEST encoding and line-ending description says."""
    if endings.startswith("CRLF"):
        text = text.replace("\n", "\r\n")
    elif endings == "CR":
        text = text.replace("\n", "\r")
    elif endings.startswith("CR ("):  # "CR (12 lines CRLF)": mixed, the first 12 with CRLF
        crlf = int(re.fullmatch(r"CR \((\d+) lines CRLF\)", endings)[1])
        lines = text.split("\n")
        text = "\r\n".join(lines[: crlf + 1]) + "\r" + "\r".join(lines[crlf + 1 :])
    else:
        assert endings.startswith("LF"), endings
    codecs_by_name = {
        "Windows-1252": (b"", "cp1252"),
        "UTF-16LE with BOM": (codecs.BOM_UTF16_LE, "utf-16-le"),
        "UTF-16BE with BOM": (codecs.BOM_UTF16_BE, "utf-16-be"),
        "UTF-8 with BOM": (codecs.BOM_UTF8, "utf-8"),
        "UTF-8": (b"", "utf-8"),
        "cp437": (b"", "cp437"),
    }
    key = encoding.split(" (", 1)[0]
    assert key in codecs_by_name, f"unknown encoding in MANIFEST.tsv: {encoding!r}"
    bom, codec = codecs_by_name[key]
    return bom + text.encode(codec)


def same_release(raw: Path, official: Path) -> None:
    got, want = import_file(raw), imported(official)
    assert got.source_sha256 == hashlib.sha256(raw.read_bytes()).hexdigest()
    assert dataclasses.replace(got, source_sha256="") == dataclasses.replace(want, source_sha256="")


@pytest.mark.parametrize("path", EVERY_FILE)
def test_original_encoding_and_line_endings(path: Path, tmp_path: Path) -> None:
    entry = manifest()[path.name]
    assert imported(path).source_sha256 == entry["sha256_of_saved_file"]
    raw = tmp_path / path.name
    data = encode(
        path.read_text(encoding="utf-8"), entry["original_encoding"], entry["original_line_endings"]
    )
    raw.write_bytes(data)
    same_release(raw, path)


@pytest.mark.parametrize(
    ("day", "encoding", "endings"),
    [
        ("20200807", "UTF-16BE with BOM", "CR"),
        ("20200807", "Windows-1252", "CRLF"),
        ("20200807", "UTF-16LE with BOM", "LF"),
        ("20200807", "UTF-8", "CRLF"),
        ("20221007", "Windows-1252", "CR"),
        ("20260807", "UTF-16BE with BOM", "CRLF"),
        ("20190125", "cp437", "LF"),
        ("20160722", "UTF-8 with BOM", "CR (12 lines CRLF)"),
    ],
)
def test_cross_encodings(day: str, encoding: str, endings: str, tmp_path: Path) -> None:
    official = cr_file(day)
    raw = tmp_path / official.name
    raw.write_bytes(encode(official.read_text(encoding="utf-8"), encoding, endings))
    same_release(raw, official)
