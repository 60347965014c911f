"""``rulesdb.open()``: one read-only handle whose answers are the CLI's, on both backends."""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import select
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

import rulesdb
from rulesdb.errors import RulesdbError
from rulesdb.models import Release
from rulesdb.questions import shown
from tests.support.databases import url_text
from tests.support.runs import run_cli

# SQLite: "attempt to write a readonly database"; PostgreSQL: "read-only transaction".
READ_ONLY = r"(?i)read-?only"


def test_every_question_takes_a_release_as_a_date_or_a_set(shared_head_url: URL) -> None:
    with rulesdb.open(url_text(shared_head_url)) as rules:
        assert rules.release("MH3") == rules.release("Modern Horizons 3") == date(2024, 6, 7)
        assert rules.release(date(2024, 6, 8)) == rules.release("2024-06-08") == date(2024, 6, 7)
        assert rules.rule("702.19", as_of="MH3") == rules.rule("702.19", as_of="2024-06-07")
        assert rules.rule("702.19", as_of="MH3").text == "Trample"
        naga = rules.check("Naga", as_of="DSK")
        assert naga.valid is False and naga.successor and naga.successor["to"] == "Snake"
        assert rules.check("Naga", as_of="2024-04-12").valid is True
        assert "Room" in {row["name"] for row in rules.subtypes("enchantment", as_of="DSK")}
        assert not rules.parse("Tribal Instant — Goblin", as_of="MH3").valid
        diff = rules.rule_diff("2024-04-12", "MH3")
        assert (diff.from_date, diff.to_date) == ("2024-04-12", "2024-06-07") and diff.changed
        with pytest.raises(RulesdbError, match="as_of: 'ZZZ9' is neither a date"):
            rules.rule("702.19", as_of="ZZZ9")
        with pytest.raises(RulesdbError, match="as_of: '20240607' is not a date"):
            rules.rule("702.19", as_of="20240607")


def test_the_database_refuses_writes_through_the_handle(small_url: URL) -> None:
    with rulesdb.open(url_text(small_url)) as rules:
        count = len(rules.releases())
        with pytest.raises(DBAPIError, match=READ_ONLY), rules.engine.begin() as connection:
            connection.exec_driver_sql("DELETE FROM rule_link")
        with rules.session() as session:
            session.add(
                Release(
                    effective_date=date(2030, 1, 1),
                    source_file="x",
                    source_sha256="0" * 64,
                    revision="x",
                    seed_sha256="0" * 64,
                )
            )
            with pytest.raises(DBAPIError, match=READ_ONLY):
                session.commit()
            session.rollback()
            found = session.scalars(select(Release.effective_date)).all()
        assert len(found) == len(rules.releases()) == count


@pytest.mark.parametrize(
    "args",
    [
        ["check", "Naga", "--as-of", "DSK"],
        ["explain", "Legendary Creature — Human Wizard", "--as-of", "MH3"],
        ["rule", "702.19", "--as-of", "Modern Horizons 3"],
    ],
    ids=["check", "explain", "rule"],
)
def test_the_cli_prints_the_handles_answer(
    shared_head_url: URL, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(shared_head_url)
    code, out, _ = run_cli(["--db", db, *args, "--format", "json"], capsys)
    with rulesdb.open(db) as rules:
        answer = {
            "check": lambda: shown.word(rules.check("Naga", as_of="DSK")),
            "explain": lambda: shown.explained(
                rules.explain("Legendary Creature — Human Wizard", as_of="MH3")
            ),
            "rule": lambda: shown.rule(rules.rule("702.19", as_of="MH3")),
        }[args[0]]()
    assert json.loads(out) == json.loads(json.dumps(answer.to_json(), default=str))
    assert code == (1 if args[0] == "check" else 0)


def test_explain_says_each_word_and_refuses_an_empty_line(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(shared_head_url)
    code, out, _ = run_cli(
        ["--db", db, "explain", "Artifact — Equipment", "--as-of", "MH3", "--format", "table"],
        capsys,
    )
    assert code == 0
    assert (
        "Equipment: an artifact type (a subtype), listed by 205.3g. An artifact type goes "
        "with Artifact (205.3c)." in out
    )
    code, out, _ = run_cli(["--db", db, "explain", "Creature — Humna", "--format", "table"], capsys)
    assert code == 1 and "Did you mean Human?" in out
    code, _, err = run_cli(["--db", db, "explain", "  "], capsys)
    assert (code, err) == (2, "rulesdb: error: explain: the type line is empty\n")


def test_diff_and_rule_diff_take_sets(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(shared_head_url)
    by_set = run_cli(["--db", db, "diff", "MH3", "DSK", "--format", "json"], capsys)
    by_date = run_cli(["--db", db, "diff", "2024-06-07", "2024-09-20", "--format", "json"], capsys)
    assert by_set == by_date and by_set[0] == 0 and "Room" in by_set[1]
    code, _, err = run_cli(["--db", db, "rule-diff", "XYZQ", "DSK"], capsys)
    assert code == 2 and err.startswith("rulesdb: error: FROM: 'XYZQ' is neither a date")
