"""`rulesdb export --style rulebook`: the versioned rulebook as JSON, one release or every release
with each distinct text once, valid against docs/rulebook.schema.json on both backends."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, event, text
from sqlalchemy.engine import URL

from rulesdb.authoring.curated import load_lineage_links
from rulesdb.questions.reading import as_date, fetch
from rulesdb.questions.rulebook_export import (
    dumps,
    export_rulebook,
    export_rulebook_all_releases,
)
from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.databases import url_text
from tests.support.runs import run_cli

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads((ROOT / "docs" / "rulebook.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(
    SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
)
LATEST = "2026-08-07"


def invalid(document: Any, shape: str | None = None) -> list[str]:
    """Each way ``document`` breaks the schema (or its ``$defs`` ``shape``), briefly."""
    validator = (
        VALIDATOR
        if shape is None
        else VALIDATOR.evolve(schema={"$ref": f"#/$defs/{shape}", "$defs": SCHEMA["$defs"]})
    )
    return [
        f"{list(error.absolute_path)[:4]}: {error.message[:200]}"
        for error in islice(validator.iter_errors(document), 5)
    ]


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json.loads' object hook: a key twice in one object is an error, not the last one."""
    counted = Counter(key for key, _ in pairs)
    repeated = [key for key, times in counted.items() if times > 1]
    assert not repeated, f"keys written twice: {repeated[:5]}"
    return dict(pairs)


def exported(
    url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str
) -> dict[str, Any]:
    """``rulesdb export --style rulebook ARGS -o FILE``, read back (keys checked unique)."""
    target = tmp_path / "rulebook.json"
    code, out, err = run_cli(
        ["--db", url_text(url), "export", "--style", "rulebook", *args, "-o", str(target)], capsys
    )
    assert (code, out, err) == (0, "", "")
    return json.loads(target.read_text(encoding="utf-8"), object_pairs_hook=unique_keys)


def rulebook_counts(engine: Engine) -> dict[str, tuple[int, int]]:
    with engine.connect() as connection:
        return {
            as_date(row["d"]).isoformat(): (row["rules"], row["glossary_entries"])
            for row in fetch(
                connection,
                "SELECT release_date AS d, rules, glossary_entries FROM release_rulebook",
            )
        }


def resolved(release: dict[str, Any], texts: dict[str, Any]) -> dict[str, Any]:
    """A release of --all-releases with its texts put back in place: one release's shape."""
    rules = []
    for entry in release["rules"]:
        rule = {key: value for key, value in entry.items() if key != "text_id"}
        rules.append(rule | texts[entry["text_id"]])
    glossary = [
        {"term": entry["term"], "text": texts[entry["text_id"]]["text"]}
        for entry in release["glossary"]
    ]
    return {
        "release": release["release"],
        "rules": rules,
        "glossary": glossary,
        "keywords": release["keywords"],
    }


def test_the_schema_is_valid_and_its_examples_are_real(shared_head_engine: Engine) -> None:
    """The schema is a draft 2020-12 schema; its examples (shown on the docs page) are
    excerpts of real exports: each entry as exported, in the export's order."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    one, every = SCHEMA["examples"]
    assert invalid(one, "release_export") == [] and invalid(every, "all_releases_export") == []
    assert invalid(one) == [] and invalid(every) == []  # and each matches one shape only
    assert invalid({**one, "texts": {}}) != []
    real = export_rulebook(shared_head_engine, date.fromisoformat(one["release"]["date"]))
    for part in ("rules", "glossary", "keywords"):
        assert_excerpt(one[part], real[part])
    assert_excerpt(one["release"]["sections"], real["release"]["sections"])
    everything = export_rulebook_all_releases(shared_head_engine)
    for day, release in every["releases"].items():
        for part in ("rules", "glossary", "keywords"):
            assert_excerpt(release[part], everything["releases"][day][part])
    assert {key: everything["texts"][key] for key in every["texts"]} == every["texts"]
    assert {
        entry["text_id"]
        for release in every["releases"].values()
        for entry in (*release["rules"], *release["glossary"])
    } == set(every["texts"])


def assert_excerpt(part: list[Any], whole: list[Any]) -> None:
    """``part`` is ``whole`` with entries left out, none changed, none moved."""
    at = iter(whole)
    missing = [entry for entry in part if not any(entry == other for other in at)]
    assert part and missing == []


def test_one_release(small_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = exported(small_url, tmp_path, capsys, "--as-of", LATEST)
    assert invalid(document, "release_export") == []
    assert document["release"]["date"] == LATEST
    engine = make_engine(small_url)
    try:
        with engine.connect() as connection:
            day = date.fromisoformat(LATEST)
            printed = fetch(
                connection,
                "SELECT number, occurrence FROM release_rule "
                "WHERE release_date = :day ORDER BY position",
                day=day,
            )
            terms = fetch(
                connection,
                "SELECT term FROM release_glossary WHERE release_date = :day ORDER BY position",
                day=day,
            )
            keywords = fetch(
                connection,
                "SELECT kind, name, rule FROM release_keyword WHERE release_date = :day",
                day=day,
            )
            lineages = {
                (row["number"], row["occurrence"]): row["lineage"]
                for row in fetch(
                    connection,
                    "SELECT r.number, r.occurrence, l.lineage FROM release_rule r "
                    "JOIN rule_lineage l ON l.number = r.number "
                    "AND l.occurrence = r.occurrence AND l.first_release <= :day "
                    "AND :day <= l.last_release WHERE r.release_date = :day",
                    day=day,
                )
            }
        counts = rulebook_counts(engine)[LATEST]
    finally:
        engine.dispose()
    rules = document["rules"]
    # Every rule the release prints, once, in the file's order (the view's position).
    assert (len(rules), len(document["glossary"])) == counts
    assert [(rule["number"], rule.get("occurrence", 1)) for rule in rules] == [
        (row["number"], row["occurrence"]) for row in printed
    ]
    assert [entry["term"] for entry in document["glossary"]] == [row["term"] for row in terms]
    assert {
        (rule["number"], rule.get("occurrence", 1)): rule["lineage"] for rule in rules
    } == lineages
    numbers = {rule["number"] for rule in rules}
    assert all(rule["parent"] in numbers for rule in rules if rule["parent"] is not None)
    assert [rule["number"] for rule in rules if rule["parent"] is None] == [
        section["number"] for section in document["release"]["sections"]
    ]
    assert document["release"]["sections"][0] == {"number": "1", "title": "Game Concepts"}
    assert sorted(document["keywords"], key=lambda k: (k["kind"], k["name"])) == sorted(
        keywords, key=lambda k: (k["kind"], k["name"])
    )
    kinds = [keyword["kind"] for keyword in document["keywords"]]  # 207.2c, 701, 702
    assert kinds == sorted(kinds, key=["ability_word", "keyword_action", "keyword_ability"].index)
    # A rule's text and examples are what `rulesdb rule` answers.
    code, out, err = run_cli(
        [
            "--db",
            url_text(small_url),
            "rule",
            "702.19",
            "--as-of",
            LATEST,
            "--format",
            "json",
        ],
        capsys,
    )
    assert code == 0, err
    answer = json.loads(out)
    trample = next(rule for rule in rules if rule["number"] == "702.19")
    assert (trample["text"], trample["examples"]) == (answer["text"], answer["examples"])
    assert trample["parent"] == "702"
    subrules = [rule for rule in rules if rule["parent"] == "702.19"]
    assert [{"number": rule["number"], "text": rule["text"]} for rule in subrules] == answer[
        "subrules"
    ]
    assert any(rule["examples"] for rule in subrules)  # 702.19's subrules have examples


def test_a_number_printed_twice(shared_head_engine: Engine) -> None:
    """2024-09-20 prints 702.175 twice (Offspring, then Impending): the second is occurrence
    2, each its own lineage; their keywords follow the rules they title."""
    document = export_rulebook(shared_head_engine, date(2024, 9, 20))
    assert invalid(document, "release_export") == []
    twice = [rule for rule in document["rules"] if rule["number"] == "702.175"]
    assert [(rule.get("occurrence"), rule["text"]) for rule in twice] == [
        (None, "Offspring"),
        (2, "Impending"),
    ]
    assert twice[0]["lineage"] != twice[1]["lineage"]
    assert [k["name"] for k in document["keywords"] if k["rule"] == "702.175"] == [
        "Offspring",
        "Impending",
    ]
    # The default is the latest release; a date between releases is the one in force.
    assert export_rulebook(shared_head_engine, None)["release"]["date"] == LATEST
    assert export_rulebook(shared_head_engine, date(2024, 10, 1)) == document


@pytest.mark.slow  # every release exported, read back and validated (20 s a backend)
def test_all_releases(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = exported(shared_head_url, tmp_path, capsys, "--all-releases")
    assert list(document) == ["texts", "releases"]
    assert invalid(document, "all_releases_export") == []
    engine = make_engine(shared_head_url)
    try:
        counts = rulebook_counts(engine)
        with engine.connect() as connection:
            stored = {str(row["id"]) for row in fetch(connection, "SELECT id FROM rulebook_text")}
        samples = {
            day: export_rulebook(engine, date.fromisoformat(day))
            for day in ("1999-04-23", "2008-10-01", "2024-09-20", LATEST)
        }
    finally:
        engine.dispose()
    releases, texts = document["releases"], document["texts"]
    assert list(releases) == sorted(counts)  # every release, oldest first
    assert {day: (len(r["rules"]), len(r["glossary"])) for day, r in releases.items()} == counts
    # Each text once: no two ids with the same content, every id referenced exists (in the
    # file and in rulebook_text), every text in the file is referenced.
    contents = Counter(json.dumps(value, sort_keys=True) for value in texts.values())
    assert [content for content, times in contents.items() if times > 1] == []
    referenced = {
        entry["text_id"]
        for release in releases.values()
        for entry in (*release["rules"], *release["glossary"])
    }
    assert referenced == set(texts) and referenced <= stored
    assert all(
        "text" not in entry
        for release in releases.values()
        for entry in (*release["rules"], *release["glossary"])
    )
    # The same rulebook as the export of one release, text by reference.
    for day, one in samples.items():
        assert resolved(releases[day], texts) == one, day
    # A lineage is one rule: never two of one release, and a rule a release prints again as
    # it was (number, occurrence, text) keeps it, unless a curated link, read in both files,
    # says otherwise (2009-07-11's "General" headings follow their sections: 500 <- 300).
    curated = load_lineage_links()
    before: dict[tuple[str, int], tuple[str, str]] = {}
    for day, release in releases.items():
        lineages = [rule["lineage"] for rule in release["rules"]]
        assert len(set(lineages)) == len(lineages), day
        now = {
            (rule["number"], rule.get("occurrence", 1)): (rule["text_id"], rule["lineage"])
            for rule in release["rules"]
        }
        kept = [
            key
            for key, (text_id, lineage) in now.items()
            if key in before
            and before[key][0] == text_id
            and before[key][1] != lineage
            and key not in curated.get(day, {})
        ]
        assert kept == [], day
        before = now


def test_all_releases_are_read_span_by_span(shared_head_engine: Engine) -> None:
    """A few statements for all 136 releases, not one a release (or a rule): seconds."""
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    event.listen(shared_head_engine, "before_cursor_execute", count)
    try:
        everything = export_rulebook_all_releases(shared_head_engine)
    finally:
        event.remove(shared_head_engine, "before_cursor_execute", count)
    assert len(everything["releases"]) >= 136
    assert len(statements) <= 12, statements


@pytest.mark.slow  # every release exported on each backend
def test_identical_on_both_backends(_head_sqlite: Path, _shared_head_pg: URL) -> None:
    engines = [
        make_engine(URL.create("sqlite", database=str(_head_sqlite))),
        make_engine(_shared_head_pg),
    ]
    try:
        for day in (date(1999, 11, 1), date(2024, 9, 20), None):
            sqlite, postgres = (dumps(export_rulebook(engine, day)) for engine in engines)
            assert sqlite == postgres, day
        sqlite, postgres = (dumps(export_rulebook_all_releases(engine)) for engine in engines)
        assert sqlite == postgres
    finally:
        for engine in engines:
            engine.dispose()


def test_written_one_entry_a_line(shared_head_engine: Engine) -> None:
    document = export_rulebook(shared_head_engine, date(2024, 9, 20))
    written = dumps(document)
    assert json.loads(written) == document
    entries = sum(len(document[part]) for part in ("rules", "glossary", "keywords"))
    # The outline's 13 lines (braces, brackets, "date"), then one line a section and entry.
    assert len(written.splitlines()) == 13 + len(document["release"]["sections"]) + entries
    assert '    {"number": "702.175", "occurrence": 2, "parent": "702", ' in written


def test_without_lineages_says_to_upgrade(
    head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = make_engine(head_url)
    try:
        with engine.begin() as connection:
            cascade = " CASCADE" if connection.dialect.name == "postgresql" else ""
            connection.execute(text(f"DROP TABLE rule_lineage{cascade}"))  # v_rule_lineage
    finally:
        engine.dispose()
    target = tmp_path / "rulebook.json"
    code, out, err = run_cli(
        ["--db", url_text(head_url), "export", "--style", "rulebook", "-o", str(target)], capsys
    )
    assert code == 2 and out == "" and "rulesdb upgrade" in err
    assert not target.exists()
