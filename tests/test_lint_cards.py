"""``rulesdb lint-cards``: card files shaped as Scryfall and MTGJSON publish them, made here,
checked against the releases of a head database (both backends); formats read from content."""

from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.cards import formats
from rulesdb.cards.readers import read_cards
from rulesdb.errors import RulesdbError
from tests.support.runs import run_cli

# Scryfall bulk data: an array of card objects, one a line, fields as the API writes them.
SCRYFALL = [
    {
        "object": "card",
        "id": "1",
        "name": "Llanowar Elves",
        "released_at": "2019-07-12",
        "layout": "normal",
        "type_line": "Creature — Elf Druid",
        "set": "m20",
        "legalities": {"standard": "not_legal"},
        "prices": {"usd": "0.25"},
        "cmc": 1.0,
    },
    {
        "object": "card",
        "id": "2",
        "name": "Delver of Secrets // Insectile Aberration",
        "released_at": "2011-09-30",
        "layout": "transform",
        "set": "isd",
        "type_line": "Creature — Human Wizard // Creature — Human Insect",
        "card_faces": [
            {"object": "card_face", "type_line": "Creature — Human Wizard"},
            {"object": "card_face", "type_line": "Creature — Human Insect"},
        ],
    },
    {
        "object": "card",
        "id": "3",
        "name": "Goblin",
        "released_at": "2021-04-23",
        "layout": "token",
        "type_line": "Token Creature — Goblin",
        "set": "tstx",
    },
    {
        "object": "card",
        "id": "4",
        "name": "Ajani Emblem",
        "released_at": "2021-04-23",
        "layout": "emblem",
        "type_line": "Emblem — Ajani",
        "set": "tstx",
    },
    {
        "object": "card",
        "id": "5",
        "name": "Zndrsplt's Judgment",
        "released_at": "2020-04-17",
        "layout": "reversible_card",
        "set": "sld",
        "card_faces": [
            {"object": "card_face", "type_line": "Sorcery"},
            {"object": "card_face", "type_line": "Sorcery"},
        ],
    },
    {
        "object": "card",
        "id": "6",
        "name": "Old Naga",
        "released_at": "2019-01-25",
        "layout": "normal",
        "type_line": "Creature — Naga Shaman",
        "set": "rna",
    },
    {
        "object": "card",
        "id": "7",
        "name": "Llanowar Elves",
        "released_at": "1997-03-24",
        "layout": "normal",
        "type_line": "Creature — Elf",
        "set": "5ed",
    },
]

ALL_PRINTINGS = {
    "meta": {"date": "2026-08-01", "version": "5.2.2+20260801"},
    "data": {
        "M20": {
            "baseSetSize": 280,
            "code": "M20",
            "releaseDate": "2019-07-12",
            "cards": [
                {
                    "name": "Hound of the Farbogs",
                    "type": "Creature — Dog",
                    "originalType": "Creature — Hound",
                    "setCode": "M20",
                },
            ],
            "tokens": [{"name": "Goblin", "type": "Token Creature — Goblin"}],
        },
        "ELD": {
            "code": "ELD",
            "releaseDate": "2019-10-04",
            "cards": [
                {
                    "name": "Brazen Borrower // Petty Theft",
                    "faceName": "Brazen Borrower",
                    "side": "a",
                    "type": "Creature — Faerie Rogue",
                    "setCode": "ELD",
                },
                {
                    "name": "Brazen Borrower // Petty Theft",
                    "faceName": "Petty Theft",
                    "side": "b",
                    "type": "Instant — Adventure",
                    "setCode": "ELD",
                },
            ],
        },
        "KHM": {
            "code": "KHM",
            "releaseDate": "2021-02-05",
            "cards": [{"name": "Tergrid's Shadow", "type": "Instant", "originalType": "Instant"}],
        },
    },
}

ATOMIC = {
    "meta": {"date": "2026-08-01", "version": "5.2.2"},
    "data": {
        "Delver of Secrets // Insectile Aberration": [
            {"type": "Creature — Human Insect", "side": "b"},
            {"type": "Creature — Human Wizard", "side": "a", "firstPrinting": "ISD"},
        ],
        "Vile Entomber": [{"type": "Creature — Naga Warlock", "firstPrinting": "M20"}],
    },
}


def write_scryfall(path: Path, cards: list[dict]) -> Path:
    path.write_text(
        "[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cards) + "\n]\n",
        encoding="utf-8",
    )
    return path


def write_json(path: Path, document: dict) -> Path:
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def write_jsonl(path: Path, cards: list[dict], compress: bool = False) -> Path:
    text = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cards).encode()
    path.write_bytes(gzip.compress(text) if compress else text)
    return path


def lint(
    head_url: URL, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, list[dict], str]:
    code, out, err = run_cli(["--db", str(head_url), "lint-cards", *args], capsys)
    return code, [json.loads(line) for line in out.splitlines()], err


def test_formats_are_read_from_the_content(tmp_path: Path) -> None:
    assert formats.detect_format(write_scryfall(tmp_path / "a.json", SCRYFALL)) == "scryfall"
    assert formats.detect_format(write_json(tmp_path / "b", ALL_PRINTINGS)) == "mtgjson-printings"
    assert formats.detect_format(write_json(tmp_path / "c.txt", ATOMIC)) == "mtgjson-atomic"
    assert formats.detect_format(write_jsonl(tmp_path / "j", SCRYFALL)) == "scryfall-jsonl"
    assert (
        formats.detect_format(write_jsonl(tmp_path / "j.gz", SCRYFALL, compress=True))
        == "scryfall-jsonl"
    )
    (tmp_path / "d.json").write_text("Creature — Elf\n", encoding="utf-8")
    assert formats.detect_format(tmp_path / "d.json") == "text"
    for name, content in [
        ("e.json", b'{"hello": [1, 2]}'),
        ("f", b"\x89PNG\r\n\x00\x00"),
        ("g", b""),
        ("h", b"[1, 2, 3]"),
        ("i", b"\xff\xfe\x00bad"),
    ]:
        (tmp_path / name).write_bytes(content)
        with pytest.raises(RulesdbError, match=name):
            formats.detect_format(tmp_path / name)


def test_readers_join_faces_and_keep_printed_lines(tmp_path: Path) -> None:
    cards = list(read_cards(write_scryfall(tmp_path / "s.json", SCRYFALL), "scryfall"))
    assert [c.line for c in cards][1] == "Creature — Human Wizard // Creature — Human Insect"
    assert cards[4].line == "Sorcery // Sorcery"  # reversible: only the faces have lines
    printings = list(
        read_cards(write_json(tmp_path / "p.json", ALL_PRINTINGS), "mtgjson-printings")
    )
    assert [(c.name, c.set, c.line, c.printed_line) for c in printings] == [
        ("Hound of the Farbogs", "M20", "Creature — Dog", "Creature — Hound"),
        ("Goblin", "M20", "Token Creature — Goblin", None),
        (
            "Brazen Borrower // Petty Theft",
            "ELD",
            "Creature — Faerie Rogue // Instant — Adventure",
            None,
        ),
        ("Tergrid's Shadow", "KHM", "Instant", "Instant"),
    ]
    atomic = list(read_cards(write_json(tmp_path / "a.json", ATOMIC), "mtgjson-atomic"))
    assert atomic[0].line == "Creature — Human Wizard // Creature — Human Insect"
    assert atomic[0].set == "ISD"


def test_scryfall_file_against_the_latest_release(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, results, err = lint(
        shared_head_url, capsys, str(write_scryfall(tmp_path / "o.json", SCRYFALL))
    )
    assert code == 1  # Naga is no creature type since 2024-06-07
    assert [r["name"] for r in results] == [c["name"] for c in SCRYFALL]
    assert all(
        list(r)
        == ["name", "set", "line", "valid", "release", "errors", "undetermined", "unknown_words"]
        for r in results
    )
    assert [r["valid"] for r in results] == [True] * 5 + [False, True]
    naga = results[5]
    assert naga["errors"][0]["rule"] == "205.3m" and naga["unknown_words"] == ["Naga"]
    assert err.splitlines() == [
        "cards read: 7; valid: 6; invalid: 1",
        "invalid by rule: 205.3m (1)",
        "most frequent unknown words: Naga (1: merged into Snake on 2024-06-07)",
    ]


def test_scryfall_json_lines_plain_and_gzip_read_the_same(
    small_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    array = lint(small_url, capsys, str(write_scryfall(tmp_path / "a.json", SCRYFALL)))
    plain = lint(small_url, capsys, str(write_jsonl(tmp_path / "a.jsonl", SCRYFALL)))
    packed = lint(
        small_url, capsys, str(write_jsonl(tmp_path / "a.jsonl.gz", SCRYFALL, compress=True))
    )
    assert array == plain == packed
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(SCRYFALL[0]) + '\n{"object": "card", \n', encoding="utf-8")
    code, _, err = run_cli(["--db", str(small_url), "lint-cards", str(broken)], capsys)
    assert code == 2 and "near line 2" in err and len(err.strip().splitlines()) == 1


def test_printed_lines_against_the_release_of_their_set(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_json(tmp_path / "AllPrintings.json", ALL_PRINTINGS)
    code, results, _ = lint(shared_head_url, capsys, str(path), "--as-of", "printed")
    assert code == 0
    hound = results[0]
    assert (hound["line"], hound["release"], hound["valid"]) == (
        "Creature — Hound",
        "2019-07-12",
        True,
    )  # Hound was a creature type in 2019
    assert results[2]["release"] == "2019-10-04" and results[2]["valid"]  # Adventure, new
    code, results, _ = lint(shared_head_url, capsys, str(path))  # Oracle lines, latest release
    assert code == 0 and results[0]["line"] == "Creature — Dog"
    code, results, _ = lint(shared_head_url, capsys, str(path), "--as-of", "2021-03-01")
    assert {r["release"] for r in results} == {"2021-02-15"}
    scryfall = write_scryfall(tmp_path / "s.json", SCRYFALL)
    code, results, _ = lint(shared_head_url, capsys, str(scryfall), "--as-of", "printed")
    assert code == 1
    assert results[5]["release"] == "2019-01-25" and results[5]["valid"] is True
    assert (results[1]["release"], results[1]["valid"]) == ("2011-09-30", True)
    assert results[6]["valid"] is None  # 1997: before the first Comprehensive Rules
    assert results[6]["errors"][0]["message"].startswith("no release in force on 1997-03-24")


def test_csv_and_text_and_bad_files(
    small_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_json(tmp_path / "AtomicCards.json", ATOMIC)
    code, out, _ = run_cli(
        ["--db", str(small_url), "lint-cards", str(path), "--format", "csv"], capsys
    )
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 1 and [r["valid"] for r in rows] == ["true", "false"]
    assert rows[1]["errors"].startswith("205.3m: 'Naga' is not a creature type")
    lines = tmp_path / "lines.txt"
    lines.write_text(
        "Creature — Elf\r\n\nTribal Instant — Goblin\nToken Creature — Goblin", encoding="utf-8"
    )
    code, results, err = lint(small_url, capsys, str(lines))
    assert code == 1 and [r["line"] for r in results] == [
        "Creature — Elf",
        "Tribal Instant — Goblin",
        "Token Creature — Goblin",
    ]
    assert results[1]["unknown_words"] == ["Tribal"]
    (tmp_path / "other.json").write_text('{"data": 3}', encoding="utf-8")
    code, out, err = run_cli(
        ["--db", str(small_url), "lint-cards", str(tmp_path / "other.json")], capsys
    )
    assert (code, out) == (2, "") and len(err.strip().splitlines()) == 1
    assert "other.json" in err and "Traceback" not in err
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(SCRYFALL)[:-40], encoding="utf-8")
    code, out, err = run_cli(["--db", str(small_url), "lint-cards", str(broken)], capsys)
    assert code == 2 and "broken.json" in err and len(err.strip().splitlines()) == 1


def test_array_reader_across_chunk_ends_and_json_lines_without_msgspec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesdb.cards import readers

    path = write_scryfall(tmp_path / "s.json", SCRYFALL)
    whole = list(read_cards(path, "scryfall"))
    lines = write_jsonl(tmp_path / "s.jsonl", SCRYFALL)
    for fast in (True, False):  # False: the standard library decodes alone
        monkeypatch.setattr(readers, "_FAST", fast)
        assert list(read_cards(lines, "scryfall-jsonl")) == whole
        for size in (1, 3, 64):  # every item, string and number cut by a chunk's end
            monkeypatch.setattr(readers, "_CHUNK", size)
            assert list(read_cards(path, "scryfall")) == whole
    (tmp_path / "cut.json").write_bytes(path.read_bytes()[:-3])
    with pytest.raises(readers.MalformedCardFile, match=r"cut\.json: not valid scryfall JSON"):
        list(read_cards(tmp_path / "cut.json", "scryfall"))


# MTGJSON documents are walked by hand down to each card: strings that look like structure,
# any layout of white space, keys in any order and cut-off files must not fool the walk.
TRICKY_PRINTINGS = {
    "meta": {"note": 'a } that closes nothing, a [ that opens nothing, "quoted" {x}'},
    "data": {
        "W{1}": {
            "tokens": [{"name": 'Goblin "Token"', "type": "Token Creature — Goblin"}],
            "cards": [
                {
                    "name": "Bracket ] Brace }",
                    "type": "Creature — Elf",
                    "text": '{T}: Add {G}. [Draw.] \\" \\\\',
                    "foreignData": [{"name": "}]}]", "identifiers": {"a": [1, [2, {"b": "]"}]]}}],
                    "originalType": "Creature — Elf",
                },
                "not a card",
                {"name": "Number", "type": "Instant", "power": -1.5e3},
            ],
            "booster": {"default": {"sheets": {"common": {"cards": {"x": 1}}}}},
            "releaseDate": "2019-07-12",
        },  # after its cards, as MTGJSON sorts keys
        "E]": {"releaseDate": "2019-10-04", "cards": [], "name": "\\u00e9 {"},
        "X": {
            "cards": [
                {"name": "Tab\tName", "side": "a", "type": "Sorcery"},
                {"name": "Tab\tName", "side": "b", "type": "Instant"},
            ]
        },
    },
}
TRICKY_CARDS = [  # (name, set, line, printed line, release date)
    ("Bracket ] Brace }", "W{1}", "Creature — Elf", "Creature — Elf", "2019-07-12"),
    ("Number", "W{1}", "Instant", None, "2019-07-12"),
    ('Goblin "Token"', "W{1}", "Token Creature — Goblin", None, "2019-07-12"),
    ("Tab\tName", "X", "Sorcery // Instant", None, None),
]


def _layouts(document: dict) -> dict[str, str]:
    """The same document minified, indented, with tabs and CRLF, and with spaces everywhere."""
    indented = json.dumps(document, indent=2)
    return {
        "minified": json.dumps(document, separators=(",", ":"), ensure_ascii=False),
        "indented": indented,
        "tabs-crlf": json.dumps(document, indent="\t").replace("\n", "\r\n"),
        "spaced": " \n" + json.dumps(document, separators=(" , ", " : ")) + " \r\n\t ",
    }


@pytest.mark.parametrize(
    ("chunk", "fast"), [(1, True), (3, False), (64, True), (None, True), (None, False)]
)
def test_mtgjson_walk_is_not_fooled_by_strings_or_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int | None, fast: bool
) -> None:
    from rulesdb.cards import readers

    if not fast:  # the standard library decodes alone
        monkeypatch.setattr(readers, "_FAST", False)
    if chunk is not None:  # every token, string and escape cut by a chunk's end
        monkeypatch.setattr(readers, "_CHUNK", chunk)
    for layout, text in _layouts(TRICKY_PRINTINGS).items():
        path = tmp_path / f"{layout}.json"
        path.write_text(text, encoding="utf-8")
        assert formats.detect_format(path) == "mtgjson-printings", layout
        cards = [
            (c.name, c.set, c.line, c.printed_line, c.released.isoformat() if c.released else None)
            for c in read_cards(path, "mtgjson-printings")
        ]
        assert cards == TRICKY_CARDS, layout
    atomic = {
        "data": {
            'A {"b"} ]': [{"type": "Instant", "text": "}]"}],
            "Two": [{"type": "Sorcery", "side": "b"}, {"type": "Creature — Elf", "side": "a"}],
        },
        "meta": {},
    }
    for layout, text in _layouts(atomic).items():
        path = tmp_path / f"atomic-{layout}.json"
        path.write_text(text, encoding="utf-8")
        assert formats.detect_format(path) == "mtgjson-atomic", layout
        assert [(c.name, c.line) for c in read_cards(path, "mtgjson-atomic")] == [
            ('A {"b"} ]', "Instant"),
            ("Two", "Creature — Elf // Sorcery"),
        ], layout


def test_a_set_read_at_once_gives_what_reading_card_by_card_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sets are decoded in one typed call when they fit SET_WINDOW: taken for every set of a
    well-formed file, left for the card-by-card walk when too long or not all objects, with
    the same cards either way."""
    from rulesdb.cards import readers

    document = json.loads(json.dumps(ALL_PRINTINGS))
    document["data"]["ODD"] = TRICKY_PRINTINGS["data"]["W{1}"]  # "not a card" among cards
    path = write_json(tmp_path / "p.json", document)
    read_at_once = []
    decode = readers._read_set

    def counted(data: memoryview) -> object:
        found = decode(data)
        read_at_once.append(found)
        return found

    monkeypatch.setattr(readers, "_read_set", counted)
    fast = list(read_cards(path, "mtgjson-printings"))
    assert len(read_at_once) == len(document["data"]) - 1  # all but ODD
    monkeypatch.setattr(readers, "SET_WINDOW", 64)  # every set too long: card by card
    read_at_once.clear()
    assert list(read_cards(path, "mtgjson-printings")) == fast and not read_at_once
    monkeypatch.setattr(readers, "_FAST", False)
    assert list(read_cards(path, "mtgjson-printings")) == fast
    assert [c.name for c in fast][-3:] == ["Bracket ] Brace }", "Number", 'Goblin "Token"']


def test_mtgjson_cut_off_or_damaged_files_exit_2_in_one_line(
    small_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(TRICKY_PRINTINGS, indent=1)
    cuts = {
        "in a string": text.index("Brace }") + 3,
        "between cards": text.index('"not a'),
        "after the sets": len(text) - 2,
    }
    damaged = {f"cut {where}": text[:at] for where, at in cuts.items()}
    damaged["trailing data"] = text + " {}"
    damaged["a card not closed"] = text.replace('"Number",', '"Number" "x",')
    damaged["atomic cut"] = json.dumps(ATOMIC)[:-30]
    for name, content in damaged.items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(content, encoding="utf-8")
        code, _, err = run_cli(["--db", str(small_url), "lint-cards", str(path)], capsys)
        assert code == 2, name
        assert f"{path}: not valid mtgjson-" in err, (name, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, name


def test_bad_json_early_in_a_big_file_is_reported_without_reading_on(tmp_path: Path) -> None:
    from rulesdb.cards import readers

    card = {"name": "Filler", "type": "Instant", "text": "x" * 200}
    document = {"data": {f"S{n}": {"cards": [card] * 100} for n in range(200)}}
    text = json.dumps(document).replace('"Filler"', '"Filler" ?', 1)  # bad at the start
    path = tmp_path / "AllPrintings.json"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > 8 * readers._CHUNK
    with pytest.raises(readers.MalformedCardFile, match=r"near byte (\d+)") as caught:
        list(read_cards(path, "mtgjson-printings"))
    assert int(caught.value.args[0].split("near byte ")[1].split(":")[0]) <= readers._CHUNK
