"""Older releases join the chain after its head: a database at the old head gains them with a
plain upgrade, identical row for row to a fresh database, on SQLite and PostgreSQL.

Archived files are appended to a tmp copy of the checkout with `new-release` (the repository's
own chain does not carry them yet: see tests/test_archive_ingest.py for the eras read).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.store.engine import make_engine
from tests.conftest import new_database, url_text
from tests.dbdump import dump
from tests.support import run_cli
from tests.test_archive_ingest import archive_file
from tests.test_releasing import HEAD_REVISION, make_checkout, rulesdb, snapshot

WITH_NOTE = "MagicCompRules-20120601.txt"  # 205.2a omits phenomenon, which section 3 defines
OLDER = "MagicCompRules-20090711.txt"  # older still, appended after the one above


def db_dump(url: URL) -> dict[str, object]:
    engine = make_engine(url)
    try:
        return dump(engine)
    finally:
        engine.dispose()


def append(checkout_root: Path, name: str, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run_cli(["new-release", str(archive_file(name)), "--root",
                              str(checkout_root)], capsys)
    assert (code, err) == (0, ""), err
    return out


def test_an_older_release_is_appended_after_the_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = make_checkout(tmp_path)
    assert append(checkout.root, WITH_NOTE, capsys) == "cr_2012_06_01: written\n"
    assert append(checkout.root, OLDER, capsys) == "cr_2009_07_11: written\n"
    assert checkout.head() == "cr_2009_07_11"
    noted = (checkout.versions / "cr_2012_06_01.py").read_text()
    assert f'down_revision: str | None = "{HEAD_REVISION}"' in noted
    assert "from rulesdb_loaders.release_v2 import" in noted  # its seed carries notes
    older = (checkout.versions / "cr_2009_07_11.py").read_text()
    assert 'down_revision: str | None = "cr_2012_06_01"' in older
    assert "from rulesdb_loaders.release_v2 import" in older  # appended after 0003: format 2
    seed = json.loads((checkout.seeds / "cr_2012_06_01.json").read_bytes())
    assert seed["format"] == 2 and [n["kind"] for n in seed["notes"]] == [
        "card-type-disagreement"]
    seed = json.loads((checkout.seeds / "cr_2009_07_11.json").read_bytes())
    assert seed["format"] == 2 and seed["notes"] == [] and seed["card_types"]["rule"] == "204.2a"
    # Both again: nothing changes; the .docx of a release in the chain is the same release.
    before = snapshot(checkout)
    assert append(checkout.root, OLDER, capsys) == "cr_2009_07_11: unchanged (already released)\n"
    assert snapshot(checkout) == before


@pytest.mark.slow
def test_a_database_at_the_old_head_upgrades_to_what_a_fresh_one_gets(
    head_url: URL, backend: str, tmp_path: Path, request: pytest.FixtureRequest,
    capsys: pytest.CaptureFixture[str],
) -> None:
    checkout = make_checkout(tmp_path)
    old_head = db_dump(head_url)  # the shipped chain's head
    append(checkout.root, WITH_NOTE, capsys)
    append(checkout.root, OLDER, capsys)

    url = url_text(head_url)
    rulesdb(["--db", url, "upgrade"], checkout.root)
    fresh = new_database(backend, tmp_path, request)
    rulesdb(["--db", url_text(fresh), "upgrade"], checkout.root)
    upgraded = db_dump(head_url)
    assert upgraded == db_dump(fresh)

    listed = json.loads(rulesdb(["--db", url, "releases", "--format", "json"],
                                checkout.root).stdout)
    days = [row["effective_date"] for row in listed]
    assert days == sorted(days) and days[0] == "2009-07-11" and len(days) == 66
    assert {row["effective_date"]: row["revision"] for row in listed}["2012-06-01"] == \
        "cr_2012_06_01"
    notes = json.loads(rulesdb(["--db", url, "sql", "SELECT release_date, rule, kind FROM "
                                "v_release_note ORDER BY release_date, number", "--format",
                                "json"], checkout.root).stdout)
    assert notes == [{"release_date": "2012-06-01", "rule": "205.2a",
                      "kind": "card-type-disagreement"}]
    change = json.loads(rulesdb(["--db", url, "diff", "2012-05-01", "2012-07-01", "--format",
                                 "json"], checkout.root).stdout)
    assert (change["from"], change["to"]) == ("2009-07-11", "2012-06-01")  # releases in force
    early = json.loads(rulesdb(["--db", url, "card-types", "--as-of", "2010-01-01", "--format",
                                "json"], checkout.root).stdout)
    assert [row["rule"] for row in early] == ["204.2a"] * len(early)
    assert "plane" not in {row["name"] for row in early}

    rulesdb(["--db", url, "downgrade", HEAD_REVISION], checkout.root)
    assert db_dump(head_url) == old_head
