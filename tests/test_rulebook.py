"""The whole rulebook as data: read back from both backends as the files print it, the
commands over it, the seeds' store of texts, and refusal of a file that cannot be read."""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL

from rulesdb.authoring.release import revision_id
from rulesdb.authoring.rulebook_seed import TextStore
from rulesdb.errors import CRFormatError, RulesdbError
from rulesdb.ingest.rulebook import parse_rulebook, read_rulebook
from rulesdb.questions import glossary, rulebook_diff, search
from rulesdb.questions import rulebook as book
from rulesdb.store.engine import make_engine
from tests.support import rulebook_reference
from tests.support.chains import copy_release_chain
from tests.support.data import ARCHIVE_DIR, NO_ARCHIVE, archive_2_file, archive_file, cr_file
from tests.support.databases import url_text
from tests.support.runs import run_cli
from tests.support.sources import SAMPLE, SEEDS, source_file


@pytest.fixture
def head_read_url(backend: str, request: pytest.FixtureRequest) -> URL:
    """The session's database at head, shared: for tests that only read."""
    if backend == "sqlite":
        path = request.getfixturevalue("_head_sqlite")
        return URL.create("sqlite", database=str(path))
    return request.getfixturevalue("_shared_head_pg")


@pytest.fixture
def reader(head_read_url: URL) -> Iterator[Engine]:
    engine = make_engine(head_read_url)
    yield engine
    engine.dispose()


def stored_release(connection: Connection, day: str) -> tuple[list, list, tuple]:  # type: ignore[type-arg]
    """A release's rules, glossary and counts as the database holds them, shaped as
    ``rulebook_reference.read`` returns them."""
    stored = connection.execute(
        text(
            "SELECT r.number, t.text, t.examples FROM release_rule r "
            "JOIN rulebook_text t ON t.id = r.text_id "
            "WHERE r.release_date = :day ORDER BY r.position"
        ),
        {"day": day},
    ).all()
    entries = connection.execute(
        text(
            "SELECT term, text FROM v_glossary g JOIN release_glossary USING "
            "(release_date, term) WHERE release_date = :day ORDER BY position"
        ),
        {"day": day},
    ).all()
    counts = connection.execute(
        text("SELECT rules, glossary_entries FROM release_rulebook WHERE release_date = :day"),
        {"day": day},
    ).one()
    return (
        [(n, t, json.loads(e)) for n, t, e in stored],
        [tuple(row) for row in entries],
        tuple(counts),
    )


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()


@functools.cache
def reference_digest(path: Path) -> tuple[str, str, str, tuple[int, int]]:
    """What the reference reader reads from ``path``, digested: (day, rules, glossary,
    counts). Read once per process: both backends' checks of a release share it (the files
    take most of the check's time), and a digest holds no rulebook in memory."""
    day, rules, glossary = rulebook_reference.read(path)
    return day, _digest(rules), _digest(glossary), (len(rules), len(glossary))


def assert_reads_back(connection: Connection, path: Path) -> str:
    """The release read from ``path`` is stored as the reference reader reads the file, rule
    by rule and entry by entry, with its counts; returns its day."""
    day, rules, glossary, counts = reference_digest(path)
    stored_rules, stored_glossary, stored_counts = stored_release(connection, day)
    if (_digest(stored_rules), _digest(stored_glossary)) != (rules, glossary):
        _, rules_read, glossary_read = rulebook_reference.read(path)  # for the difference
        assert stored_rules == rules_read, path.name
        assert stored_glossary == glossary_read, path.name
    assert stored_counts == counts, path.name
    return day


def release_sources() -> list[Path]:
    """Every release's source file, oldest first (each seed names it, and its copy by
    sha256); skips when they are not there."""
    return [source_file(seed.stem) for seed in SEEDS]


def test_a_release_of_each_kind_reads_back_as_the_file_prints_it(reader: Engine) -> None:
    """The fast loop's sample of the check below (tests/support/sources.py: SAMPLE)."""
    with reader.connect() as connection:
        assert [assert_reads_back(connection, source_file(revision)) for revision in SAMPLE] == [
            revision.removeprefix("cr_").replace("_", "-") for revision in SAMPLE
        ]


@pytest.mark.slow  # every release's file, read again
@pytest.mark.xdist_group("rulebook_reference")  # both backends in one worker: one reading
def test_every_release_reads_back_as_the_file_prints_it(reader: Engine) -> None:
    sources = release_sources()
    with reader.connect() as connection:
        loaded = {
            str(row[0])
            for row in connection.execute(text("SELECT release_date FROM release_rulebook"))
        }
        assert len(loaded) == 136
        days = {assert_reads_back(connection, path) for path in sources}
    assert loaded == days


def test_each_text_is_stored_once(reader: Engine) -> None:
    with reader.connect() as connection:
        texts, distinct = connection.execute(
            text("SELECT COUNT(*), COUNT(DISTINCT text || examples) FROM rulebook_text")
        ).one()
        rows = connection.execute(text("SELECT COUNT(*) FROM release_rule")).scalar_one()
        spans = connection.execute(text("SELECT COUNT(*) FROM rule_span")).scalar_one()
        trample = connection.execute(
            text(
                "SELECT releases, first_release, last_release FROM v_rule_version "
                "WHERE number = '702.19' ORDER BY first_release"
            )
        ).all()
    assert texts == distinct and rows > 15 * texts  # 287k rule rows, 18k texts
    assert rows > 10 * spans  # stored as 24k spans of releases
    # 702.19 was banding, then vigilance, then trample: the archive's last 11 releases and the
    # 64 after them print one text, stored once.
    assert [(n, str(a), str(b)) for n, a, b in trample] == [
        (11, "2009-07-11", "2011-05-01"),
        (10, "2011-06-17", "2013-05-01"),
        (82, "2013-07-13", "2026-08-07"),
    ]


def test_rule_with_examples_and_subrules(reader: Engine) -> None:
    answer = book.rule(reader, "101.2", date(2024, 6, 7))
    assert list(answer.to_json()) == ["release", "number", "text", "examples", "subrules"]
    assert answer.release == "2024-06-07" and answer.text.startswith("When a rule or effect")
    assert answer.examples[0].startswith("Example: If one effect reads")
    assert [s["number"] for s in answer.subrules] == ["101.2a"]
    assert [s["number"] for s in book.rule(reader, "702.19").subrules] == [
        f"702.19{letter}" for letter in "abcdefg"
    ]
    section = book.rule(reader, "7")
    assert section.text == "Additional Rules" and section.subrules[0]["number"] == "700"
    assert book.rule(reader, " 704.5J. ").number == "704.5j"  # typed loosely, read as the CR
    assert book.rule(reader, "704.5aa").text.startswith("If a player controls a permanent")


def test_unknown_and_malformed_rule_numbers(reader: Engine) -> None:
    with pytest.raises(book.UnknownEntry, match=r"no rule 702\.19z .*nearest: .*702\.19g"):
        book.rule(reader, "702.19z")
    for bad in ("70", "7x2", "704.5jjj", ""):
        with pytest.raises(RulesdbError, match="malformed rule number"):
            book.rule(reader, bad)


def test_rule_history_and_renumbering(reader: Engine) -> None:
    *_, old, moved = book.rule_history(reader, "111.13")
    assert (moved.first_release, moved.how, moved.from_number) == (
        "2024-06-07",
        "renumbered",
        "111.12",
    )
    assert (old.number, old.last_release) == ("111.12", "2024-04-12")
    then = book.rule_history(reader, "111.12", date(2024, 4, 12))  # the rule of that release
    assert then[-1].number == "111.13"
    creature_types = book.rule_history(reader, "205.3m")
    # 26 archived releases, then 64; and before them, the list's 13 releases at 204.3k.
    assert sum(v.releases for v in creature_types if v.number == "205.3m") == 90
    assert sum(v.releases for v in creature_types) == 103
    assert (creature_types[0].number, creature_types[0].first_release) == ("204.3k", "2009-07-11")


def test_glossary_any_case_and_unknown_terms(reader: Engine) -> None:
    entry = glossary.glossary(reader, "SUBTYPE", date(2024, 6, 7))
    assert list(entry) == ["release", "term", "text", "why"] and entry["term"] == "Subtype"
    assert "See rule 205.3, “Subtypes.”" in entry["text"]
    with pytest.raises(book.UnknownEntry, match="nearest: Equipment"):
        glossary.glossary(reader, "Equipmnt")


def test_search_is_ranked_full_text_of_one_release(reader: Engine) -> None:
    hits = search.search(reader, "trample planeswalkers", date(2024, 6, 7), limit=5)
    assert 0 < len(hits) <= 5 and all("**" in hit["snippet"] for hit in hits)
    assert all(
        set(hit) in ({"kind", "number", "snippet"}, {"kind", "term", "snippet"}) for hit in hits
    )
    assert {hit.get("number") for hit in hits} & {"702.19c", "702.19d", "702.19e"}
    assert search.search(reader, "kindred", date(2024, 4, 12)) == []  # not yet a word of the CR
    now = search.search(reader, "kindred", date(2024, 6, 7), limit=50)
    assert {"205.2a", "308.1"} <= {hit.get("number") for hit in now}
    with pytest.raises(RulesdbError, match="nothing to search for"):
        search.search(reader, "  -- ")


def test_rule_diff_ignores_typography(reader: Engine) -> None:
    diff = rulebook_diff.rule_diff(reader, date(2024, 4, 12), date(2024, 6, 7))
    assert "308.3" in diff.added and "111.13" not in diff.added and diff.removed == []
    assert {"from": "111.12", "to": "111.13"}.items() <= next(
        m for m in diff.moved if m["to"] == "111.13"
    ).items()
    changed = {c["number"]: c for c in diff.changed}
    assert "kindred" in changed["205.2a"]["after"] and "tribal" in changed["205.2a"]["before"]
    back = rulebook_diff.rule_diff(reader, date(2024, 6, 7), date(2024, 4, 12))
    assert back.removed == diff.added and back.added == diff.removed
    assert {(m["to"], m["from"]) for m in back.moved} == {(m["from"], m["to"]) for m in diff.moved}
    # 2019-01-25 survives as an ASCII-folded cp437 file: quotes alone must not count.
    folded = rulebook_diff.rule_diff(reader, date(2018, 10, 5), date(2019, 1, 25))
    assert len(folded.changed) < 40
    notes = diff.to_markdown()
    assert notes.startswith("# Comprehensive Rules changes: 2024-04-12 → 2024-06-07")
    assert "~~tribal,~~" in notes and "**kindred,**" in notes


def test_commands_json_and_exit_codes(
    head_read_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", url_text(head_read_url)]
    code, out, _ = run_cli([*db, "rule", "704.5j", "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["number"] == "704.5j"
    code, out, err = run_cli([*db, "rule", "704.5zz"], capsys)
    assert (code, out) == (1, "") and "nearest:" in err and len(err.splitlines()) == 1
    code, out, err = run_cli([*db, "rule", "70.4"], capsys)
    assert (code, out) == (2, "") and "malformed rule number" in err
    code, out, _ = run_cli([*db, "glossary", "equipment", "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["term"] == "Equipment"
    code, out, _ = run_cli(
        [*db, "search", "equipment attach", "--limit", "3", "--format", "json"], capsys
    )
    assert code == 0 and len(json.loads(out)) == 3
    code, out, _ = run_cli([*db, "rule-history", "702.19", "--format", "csv"], capsys)
    assert code == 0 and out.startswith("number,first_release,last_release,releases,")
    code, out, _ = run_cli(
        [*db, "rule-diff", "2024-04-12", "2024-06-07", "--format", "json"], capsys
    )
    assert code == 0 and list(json.loads(out)) == [
        "from",
        "to",
        "added",
        "split_from",  # each added rule split off another: the rule it came from
        "removed",
        "moved",
        "changed",
        "why",  # Wizards' reasons by rule: none for 2024-06-07, after the bulletins
        "bulletins",
    ]
    assert list(json.loads(out)["changed"][0]) == ["number", "before", "after"]
    assert json.loads(out)["bulletins"][0]["status"] == "none"


# --- the reader and the seeds, no database ----------------------------------------------------


def test_unreadable_rules_refuse_the_whole_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = cr_file("20260807").read_text(encoding="utf-8")
    lost_definition = original.replace(
        "\nAbandon\nTo turn a face-up", "\nAbandon\n\nTo turn a face-up", 1
    )
    with pytest.raises(CRFormatError, match="glossary entry 'Abandon' has no definition"):
        parse_rulebook(lost_definition, "damaged.txt")
    body = "\n1. Game Concepts\n\n100. General"  # the contents have no blank line there
    stray = original.replace(body, "\nStray text" + body, 1)
    with pytest.raises(CRFormatError, match="text before the first section: 'Stray text'"):
        parse_rulebook(stray, "damaged.txt")
    # new-release refuses it before writing anything.
    checkout = copy_release_chain(tmp_path / "checkout")
    newer = original.replace(
        "effective as of August 7, 2026", "effective as of November 13, 2026"
    ).replace("\nAbandon\nTo turn", "\nAbandon\n\nTo turn", 1)
    path = tmp_path / "MagicCompRules-20261113.txt"
    path.write_text(newer, encoding="utf-8")
    before = sorted(p for p in checkout.rglob("*") if p.is_file())
    code, out, err = run_cli(["new-release", str(path), "--root", str(checkout)], capsys)
    assert (code, out) == (2, "") and "has no definition" in err
    assert sorted(p for p in checkout.rglob("*") if p.is_file()) == before


def test_text_store_is_the_same_in_any_loading_order(tmp_path: Path) -> None:
    """Whatever order releases are written in, each distinct text is stored once and each
    release lists the same rows with the same keys; each pack it pins is what it reads."""
    days = ["20240412", "20240607", "20240730", "20240920"]  # neighbours share most texts
    books = {day: read_rulebook(cr_file(day)) for day in days}
    stores, members, packs = {}, {}, {}
    for name, order in (("in order", days), ("shuffled", random.Random(7).sample(days, 4))):
        store = TextStore(tmp_path / name)
        for day in order:
            revision = revision_id(books[day].effective_date)
            members[name, day], pack = store.rulebook(revision, books[day])
            if pack is not None:
                packs[name, revision] = pack
        stores[name] = store
    a, b = stores["in order"], stores["shuffled"]
    assert a.texts == b.texts  # every distinct text once, whoever wrote it first
    for day in days:
        first, second = members["in order", day], members["shuffled", day]
        assert (first["rules"], first["glossary"]) == (second["rules"], second["glossary"])
        for pack, sha in second["packs"].items():  # the seed pins what it reads
            assert hashlib.sha256(packs["shuffled", pack]).hexdigest() == sha
    assert len(a.texts) < sum(len(books[d].rules) + len(books[d].glossary) for d in days) / 2


def test_reader_keeps_inconsistencies_as_notes() -> None:
    twice = read_rulebook(cr_file("20240920"))
    numbers = [r.number for r in twice.rules]
    assert numbers.count("702.175") == 2
    assert any("702.175 is printed again" in note for note in twice.notes)
    glued = read_rulebook(cr_file("20210618"))
    draw = next(g for g in glued.glossary if g.term == "Draw")
    assert draw.text.startswith("1. To put the top card") and "\n2. The result" in draw.text
    assert any("'Draw' runs into its first sense" in note for note in glued.notes)


def test_term_without_blank_line_before_it_is_its_own_entry() -> None:
    """2021-07-23 prints "Affinity" on the line after "Adventurer Card"'s definition."""
    book = read_rulebook(cr_file("20210723"))
    entries = {g.term: g for g in book.glossary}
    assert entries["Adventurer Card"].text.endswith("See rule 716, “Adventurer Cards.”")
    assert entries["Affinity"].text.startswith("A keyword ability that reduces how much mana")
    assert entries["Affinity"].line == 5928
    assert [n for n in book.notes if "without the blank line" in n] == [
        f"{book.source}:5928: glossary term 'Affinity' is printed on the line after the "
        "entry above ('Adventurer Card'), without the blank line between entries; read as "
        "its own entry"
    ]


def test_archive_eras_read_by_their_grammar() -> None:
    if not ARCHIVE_DIR.is_dir():
        pytest.skip(NO_ARCHIVE)
    first = read_rulebook(ARCHIVE_DIR / "MagicCompRules-19990423.txt")  # date at its end
    assert first.effective_date == date(1999, 4, 23)
    assert [r.number for r in first.rules[:3]] == ["1", "100", "100.1"]  # after its intro
    assert first.rules[2].text.endswith("website at <www.wizards.com>.")  # unwrapped, one line
    assert first.glossary[-1].term == "Zone"  # the Index after it is no glossary
    assert any("hard-wrapped" in note for note in first.notes)
    counter = {
        g.term: g for g in read_rulebook(ARCHIVE_DIR / "MagicCompRules-19991101.txt").glossary
    }["Counter"]  # a blank line between its senses
    assert counter.text.startswith("1. To counter") and "\n2. A counter is" in counter.text
    wrapped = read_rulebook(ARCHIVE_DIR / "MagicCompRules-20010723.txt")
    rules = {r.number: r for r in wrapped.rules}
    assert rules["212.2"].text.endswith("(see rule 212.2c).")  # "212.2c)." goes on a line
    symbol = {g.term: g for g in wrapped.glossary}["Expansion Symbol"]
    assert "\nExpansions and Editions\nArabian Nights" in symbol.text
    assert any(
        "'Expansions and Editions' has no definition of its own" in note for note in wrapped.notes
    )
    spaced = read_rulebook(ARCHIVE_DIR / "MagicCompRules-20090711.txt")
    assert {"702.37a", "702.37b"} <= {r.number for r in spaced.rules}
    assert any("702.37a is printed '702. 37a'" in note for note in spaced.notes)
    rtf = read_rulebook(ARCHIVE_DIR / "MagicCompRules-20030601.rtf")  # through read_source
    assert rtf.effective_date == date(2003, 6, 1)
    assert any("'FadingFading is a keyword" in note for note in rtf.notes)


def test_senses_in_blocks_of_their_own_read_as_one_entry() -> None:
    """2003-05-26 prints a blank line after every paragraph, the senses of a term too: its
    entries read as the neighbours' (2003-03-15), which print the senses below the term."""
    book_0526 = read_rulebook(archive_2_file("MagicCompRules-20030526.txt"))
    spaced = {g.term: g for g in book_0526.glossary}
    before = {
        g.term: g for g in read_rulebook(archive_file("MagicCompRules-20030315.txt")).glossary
    }
    untap, counter = spaced["Untap"], spaced["Counter"]
    assert untap.text.startswith("1. To untap a tapped card") and "\n2. Untap is" in untap.text
    assert counter.text.startswith("Counter has two meanings in the Magic game.\n1. To counter")
    assert "\n2. A counter is" in counter.text
    for term in ("Untap", "Counter", "Draw"):
        assert spaced[term].text.count("\n") == before[term].text.count("\n"), term
    assert not any(term[:1].isdigit() for term in spaced)
    # Its "Effect" is the last line of the block above, its text after a blank line: the
    # term of its own entry (tests/test_importer_eras.py), not a term '"Ability'.
    assert not any(term.startswith('"Ability') for term in spaced)
    assert spaced["Effect"].text.startswith('"Ability" and "effect" are often confused')


def test_prose_after_an_example_is_a_paragraph_of_the_rule() -> None:
    rules = {r.number: r for r in read_rulebook(archive_file("MagicCompRules-20021007.txt")).rules}
    rule = rules["410.10d"]
    *_, last = rule.text.split("\n")
    assert last.startswith('"Leaves play" triggers are zone-change triggers')
    assert len(rule.examples) == 1 and rule.examples[0].startswith("Example: Two creatures")
    assert "Leaves play" not in rule.examples[0]


@pytest.mark.parametrize("term", ["Subtype", "Tribal", "Trample", "Planeswalker"])
def test_glossary_history_is_the_releases_printing_each_text(reader: Engine, term: str) -> None:
    """Each version is a run of consecutive rulebook releases printing one text: checked
    against the per-release rows of the release_glossary view (the spans expanded in SQL)."""
    with reader.connect() as connection:
        days = [
            str(day)
            for (day,) in connection.execute(
                text("SELECT release_date FROM release_rulebook ORDER BY release_date")
            )
        ]
        printed = {
            str(day): body
            for day, body in connection.execute(
                text(
                    "SELECT g.release_date, t.text FROM release_glossary g "
                    "JOIN rulebook_text t ON t.id = g.text_id WHERE g.term = :term"
                ),
                {"term": term},
            )
        }
    expected: list[dict[str, object]] = []
    previous = None
    for day in days:
        body = printed.get(day)
        if body is not None and body == previous:
            expected[-1].update(last_release=day, releases=int(expected[-1]["releases"]) + 1)
        elif body is not None:
            expected.append(
                {"text": body, "first_release": day, "last_release": day, "releases": 1}
            )
        previous = body
    assert expected, f"{term}: printed by no release"
    assert glossary.glossary_history(reader, term) == expected
