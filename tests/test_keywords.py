"""Keyword vocabularies (issue 11): keyword abilities, keyword actions and ability words per
release, read from the rulebook by the rules' titles; in SQL, `diff`, `history`, `cite` and the
MTGJSON / Scryfall exports."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL

from rulesdb.ingest.keywords import extract_keywords, split_list
from rulesdb.ingest.rulebook import read_rulebook
from rulesdb.questions.diff import compare
from rulesdb.questions.export import export, export_all_releases
from rulesdb.questions.reading import as_date, fetch
from rulesdb.store.engine import make_engine
from tests import settings
from tests.settings import ROOT, folder
from tests.support.data import cr_file
from tests.support.databases import url_text
from tests.support.runs import run_cli

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ARCHIVE = folder(settings.ARCHIVE_DIR)


def archive_file(name: str) -> Path:
    path = ARCHIVE / name
    if not path.is_file():
        pytest.skip(f"archived CR files not found at {ARCHIVE}")
    return path


def read(path: Path) -> tuple[list, list]:
    book = read_rulebook(path)
    return extract_keywords(
        [(r.number, r.text) for r in book.rules], [(g.term, g.text) for g in book.glossary]
    )


def names(found: list, kind: str) -> list[str]:
    return [item.name for item in found if item.kind == kind]


# --- reading the rules -----------------------------------------------------------------------


def test_2024_09_20_from_its_file() -> None:
    found, notes = read(cr_file("20240920"))
    abilities = names(found, "keyword_ability")
    assert abilities[:3] == ["Deathtouch", "Defender", "Double Strike"]  # 702.2, 702.3, ...
    assert "General" not in abilities and "Offspring" in abilities and "Impending" in abilities
    rules = {item.name: item.rule for item in found}
    assert rules["Offspring"] == rules["Impending"] == "702.175"  # the number printed twice
    assert {"Daybound", "Nightbound"} <= set(abilities)
    assert "Daybound and Nightbound" not in abilities
    actions = names(found, "keyword_action")
    assert actions[0] == "Activate" and {"Tap", "Untap"} <= set(actions)
    words = names(found, "ability_word")
    assert words[:2] == ["adamant", "addendum"] and words[-1] == "will of the council"
    assert "council’s dilemma" in words and {"descend 4", "descend 8"} <= set(words)
    assert rules["adamant"] == "207.2c"
    assert [(n.rule, n.kind) for n in notes] == [
        ("702.145", "two-in-one-title"),
        ("702.175", "number-printed-twice"),
        ("701.21", "two-in-one-title"),
    ]


def test_the_2005_era_numbering() -> None:
    """Keyword abilities were 502 and there was no keyword actions section and no list of
    ability words: the release has none, with a note each."""
    found, notes = read(archive_file("MagicCompRules-20050201.txt"))
    abilities = names(found, "keyword_ability")
    assert abilities[:3] == ["First Strike", "Flanking", "Flying"]
    assert {"Banding", "Bands with Other", "Threshold", "Scry"} <= set(abilities)
    assert {item.rule for item in found if item.name == "Flying"} == {"502.4"}
    assert names(found, "keyword_action") == [] and names(found, "ability_word") == []
    assert [n.kind for n in notes] == ["not-listed", "not-listed"]


def test_ability_words_only_the_glossary_lists() -> None:
    found, notes = read(archive_file("MagicCompRules-20090501.txt"))
    words = [(item.name, item.rule) for item in found if item.kind == "ability_word"]
    assert words[0] == ("channel", "Ability Word") and words[-1] == ("threshold", "Ability Word")
    assert len(words) == 9
    assert names(found, "keyword_action")[0] == "Attach"  # 501.2, the section's first
    assert [n.kind for n in notes] == ["glossary-list"]


def test_list_grammar() -> None:
    assert split_list("a, b, and c d. Next") == ["a", "b", "c d"]
    assert split_list("a and b.") == ["a", "b"]
    assert split_list("only.") == ["only"]


# --- the database ----------------------------------------------------------------------------


def rulebook_days(engine: Engine) -> list[date]:
    with engine.connect() as connection:
        rows = fetch(connection, "SELECT release_date AS d FROM release_rulebook")
    return sorted(as_date(row["d"]) for row in rows)


def assert_loaded_as_the_library_reads(connection: Connection, day: date) -> None:
    """What the revision loaded for the release equals what rulesdb.ingest.keywords reads
    from the same rows."""
    rules = fetch(
        connection,
        "SELECT r.number, t.text FROM release_rule r JOIN "
        "rulebook_text t ON t.id = r.text_id WHERE "
        "r.release_date = :day ORDER BY r.position",
        day=day,
    )
    glossary = fetch(
        connection,
        "SELECT g.term, t.text FROM release_glossary g JOIN "
        "rulebook_text t ON t.id = g.text_id WHERE "
        "g.release_date = :day ORDER BY g.position",
        day=day,
    )
    found, notes = extract_keywords(
        [(r["number"], r["text"]) for r in rules], [(g["term"], g["text"]) for g in glossary]
    )
    stored = fetch(
        connection,
        "SELECT kind, name, rule FROM release_keyword WHERE release_date = :day",
        day=day,
    )
    assert sorted((r["kind"], r["name"], r["rule"]) for r in stored) == sorted(
        (k.kind, k.name, k.rule) for k in found
    ), day
    stored_notes = fetch(
        connection,
        "SELECT number, rule, kind, text FROM "
        "release_keyword_note WHERE release_date = :day "
        "ORDER BY number",
        day=day,
    )
    assert [(r["rule"], r["kind"], r["text"]) for r in stored_notes] == [
        (n.rule, n.kind, n.text) for n in notes
    ], day
    assert found, day  # every release with a rulebook has keywords


def test_stored_keywords_of_each_era_are_what_the_library_reads(shared_head_engine: Engine) -> None:
    """The fast loop's sample of the check below: the first rulebook, the 2005 numbering,
    the glossary's list of ability words, and the latest."""
    days = rulebook_days(shared_head_engine)
    sample = [days[0], date(2005, 2, 1), date(2009, 5, 1), days[-1]]
    assert set(sample) <= set(days)
    with shared_head_engine.connect() as connection:
        for day in sample:
            assert_loaded_as_the_library_reads(connection, day)


@pytest.mark.slow  # every release's rulebook, read again
def test_stored_keywords_are_what_the_library_reads(shared_head_engine: Engine) -> None:
    """What the seeds carry and the revisions loaded equals what rulesdb.ingest.keywords reads
    from the rulebook rows the database holds."""
    with shared_head_engine.connect() as connection:
        for day in rulebook_days(shared_head_engine):
            assert_loaded_as_the_library_reads(connection, day)


def test_v_keyword_in_sql(shared_head_engine: Engine) -> None:
    with shared_head_engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT kind, count(*) AS n FROM v_keyword WHERE in_force_from <= '2024-10-01' "
                "AND (in_force_until > '2024-10-01' OR in_force_until IS NULL) GROUP BY kind "
                "ORDER BY kind"
            )
        ).all()
    assert [tuple(row) for row in rows] == [
        ("ability_word", 53),
        ("keyword_ability", 176),
        ("keyword_action", 60),
    ]


def test_history_of_a_keyword(shared_head_url: URL, capsys: pytest.CaptureFixture[str]) -> None:
    url = url_text(shared_head_url)
    code, out, _ = run_cli(["--db", url, "history", "deathtouch", "--format", "json"], capsys)
    [listing] = json.loads(out)
    assert code == 0
    assert (listing["kind"], listing["category"], listing["name"]) == (
        "keyword_ability",
        None,
        "Deathtouch",
    )
    assert listing["first_listed"] == "2007-05-01" and listing["left"] is None  # Future Sight
    code, out, _ = run_cli(["--db", url, "history", "Totem Armor", "--format", "json"], capsys)
    [totem] = json.loads(out)
    assert (totem["last_listed"], totem["left"]) == ("2024-04-12", "2024-06-07")
    code, out, _ = run_cli(
        ["--db", url, "cite", "offspring", "--as-of", "2024-09-20", "--format", "json"], capsys
    )
    first = json.loads(out)[0]
    assert (code, first["rule"], first["relation"], first["text"]) == (
        0,
        "702.175",
        "lists",
        "Offspring",
    )


def test_diff_lists_keywords_added(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    url = url_text(shared_head_url)
    code, out, _ = run_cli(
        ["--db", url, "diff", "2024-06-07", "2024-09-20", "--format", "json"], capsys
    )
    changes = json.loads(out)
    assert code == 0
    assert changes["added"]["keyword_abilities"] == [
        "Freerunning",
        "Gift",
        "Impending",
        "Offspring",
    ]
    assert changes["added"]["ability_words"] == ["eerie", "survival", "valiant"]
    assert list(changes["added"])[-3:] == ["keyword_abilities", "keyword_actions", "ability_words"]
    code, out, _ = run_cli(
        ["--db", url, "diff", "2024-06-07", "2024-09-20", "--format", "markdown"], capsys
    )
    assert "### Keyword abilities\n\n- Added: Freerunning, Gift, Impending, Offspring\n" in out


# --- exports ---------------------------------------------------------------------------------


def test_mtgjson_keywords_shaped_as_published(shared_head_engine: Engine) -> None:
    """tests/fixtures/mtgjson-Keywords.json: MTGJSON's Keywords.json 5.3.0+20260202 as
    published (lists cut short): data first, then meta; the words in Scryfall's spelling."""
    published = json.loads((FIXTURES / "mtgjson-Keywords.json").read_text(encoding="utf-8"))
    ours = export(shared_head_engine, date(2026, 2, 2), "mtgjson-keywords")
    assert list(ours) == list(published) == ["data", "meta"]
    assert list(ours["data"]) == list(published["data"])
    assert list(ours["meta"]) == list(published["meta"])
    assert ours["meta"] == {"date": "2026-01-16", "version": "0.1.0+20260116"}
    for key, values in published["data"].items():
        assert set(values) <= set(ours["data"][key]), key
        assert ours["data"][key] == sorted(ours["data"][key]), key
        assert not any("’" in value for value in ours["data"][key]), key


def test_scryfall_keyword_catalogs_shaped_as_published(shared_head_engine: Engine) -> None:
    published = json.loads((FIXTURES / "scryfall-catalog-keyword-actions.json").read_text())
    catalogs = export(shared_head_engine, date(2026, 2, 2), "scryfall")
    ours = catalogs["keyword-actions"]
    assert list(ours) == list(published)
    assert ours["uri"] == published["uri"] and ours["total_values"] == len(ours["data"])
    assert set(published["data"]) <= set(ours["data"])
    keywords = export(shared_head_engine, date(2026, 2, 2), "mtgjson-keywords")["data"]
    assert catalogs["keyword-abilities"]["data"] == keywords["keywordAbilities"]
    assert catalogs["ability-words"]["data"] == keywords["abilityWords"]


@pytest.mark.slow  # every release exported
def test_all_releases(
    shared_head_engine: Engine, shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = export_all_releases(shared_head_engine, "mtgjson-keywords")
    days = [day.isoformat() for day in rulebook_days(shared_head_engine)]
    assert list(everything["releases"]) == days
    assert everything["releases"]["2024-09-20"] == export(
        shared_head_engine, date(2024, 9, 20), "mtgjson-keywords"
    )


def test_a_release_without_its_rulebook_has_no_keywords(
    head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    # At head every release has its rulebook; a database that lost one release's rulebook
    # (its rows deleted here, children first; the spans it begins begin a release later)
    # must say so, not export empty lists.
    engine = make_engine(head_url)
    first, second = {"d": date(1999, 4, 23)}, {"d": date(1999, 4, 23), "next": date(1999, 11, 1)}
    try:
        with engine.begin() as connection:
            for table in (
                "release_keyword_note",
                "release_keyword",
                "release_rulebook_note",
                "rule_link",
            ):
                connection.execute(text(f"DELETE FROM {table} WHERE release_date = :d"), first)
            for table in ("rule_span", "glossary_span", "rule_lineage"):
                connection.execute(text(f"DELETE FROM {table} WHERE last_release = :d"), first)
                connection.execute(
                    text(f"UPDATE {table} SET first_release = :next WHERE first_release = :d"),
                    second,
                )
            connection.execute(text("DELETE FROM release_rulebook WHERE release_date = :d"), first)
        assert "keyword-abilities" not in export(engine, date(1999, 4, 23), "scryfall")
        assert (
            "keyword_abilities" not in compare(engine, date(1999, 4, 23), date(1999, 11, 1)).added
        )
    finally:
        engine.dispose()
    code, out, err = run_cli(
        [
            "--db",
            url_text(head_url),
            "export",
            "--style",
            "mtgjson-keywords",
            "--as-of",
            "1999-04-23",
        ],
        capsys,
    )
    assert (code, out) == (2, "")
    assert err == (
        "rulesdb: error: the release of 1999-04-23 has no rulebook in this "
        "database, so no keyword vocabularies to export\n"
    )


# --- the revision ----------------------------------------------------------------------------


# What a database behind the revision answers: a stop of the round trip's walk
# (tests/support/chain_walk.py), where the round trip has undone it.


def test_a_straight_apostrophe_is_the_same_keyword_with_a_note(shared_head_engine: Engine) -> None:
    # 2019-01-25 alone prints "council's dilemma" straight: one keyword throughout, no
    # removal and addition in diff, and a note on how that release printed it.
    changes = compare(shared_head_engine, date(2018, 10, 5), date(2019, 1, 25))
    assert changes.added["ability_words"] == ["addendum"]
    assert "ability_words" not in changes.removed
    with shared_head_engine.connect() as connection:
        names = connection.execute(
            text("SELECT DISTINCT name FROM release_keyword WHERE name LIKE 'council%'")
        ).all()
        notes = connection.execute(
            text("SELECT release_date, rule FROM release_keyword_note WHERE kind = 'respelled'")
        ).all()
    assert [name for (name,) in names] == ["council’s dilemma"]
    assert [(str(day), rule) for day, rule in notes] == [("2019-01-25", "207.2c")]


def test_curated_keyword_renames_agree_with_the_seeds_and_the_releases(
    shared_head_engine: Engine,
) -> None:
    from rulesdb.authoring.curated import load_keyword_renames

    curated = [
        (e["effective_date"], e["kind"], e["from"], e["to"], e["rule"])
        for e in load_keyword_renames()
    ]
    carried = [
        (date.fromisoformat(seed["effective_date"]), r["kind"], r["from"], r["to"], r["rule"])
        for path in sorted((ROOT / "seeds").glob("cr_*.json"))
        for seed in [json.loads(path.read_bytes())]
        for r in seed["keyword_renames"]
    ]
    assert carried == curated  # each in the seed of the release it takes effect in
    with shared_head_engine.connect() as connection:
        stored = [
            (as_date(r["release_date"]), r["kind"], r["old_name"], r["new_name"], r["rule"])
            for r in fetch(connection, "SELECT * FROM keyword_rename")
        ]
        assert stored == curated
        days = [
            as_date(r["d"])
            for r in fetch(connection, "SELECT release_date AS d FROM release_rulebook ORDER BY 1")
        ]
        for day, kind, old, new, rule in curated:
            before = days[days.index(day) - 1]

            def listed(on: date, name: str, kind: str = kind) -> list[str]:
                return [
                    r["rule"]
                    for r in fetch(
                        connection,
                        "SELECT rule FROM release_keyword WHERE release_date = :d "
                        "AND kind = :k AND name = :n",
                        d=on,
                        k=kind,
                        n=name,
                    )
                ]

            # The old name titles the rule in the release before, the new one from this
            # release on, and neither is listed beside the other.
            assert listed(before, old) == [rule] and listed(before, new) == []
            assert listed(day, new) == [rule] and listed(day, old) == []
