"""Releases are ordered by their dates, never by when they joined: an older file found later is
appended after the head, and the database it builds is the one the chain in date order builds.

rulesdb's chain holds every release in date order (tests/test_migrations.py). A release found
later — 2003-05-26 was, known from one archive only — is appended by ``new-release`` after the
head whatever its date; its seed does not depend on where it joined, and a database gains it
with a plain upgrade, its spans split and joined around it, until the rows equal those of the
chain that had it in its place.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesdb.authoring.release import Checkout
from rulesdb.store.engine import make_engine
from tests.sources import source_file
from tests.support import ROOT, fingerprint, new_database, run_cli, url_text
from tests.test_releasing import make_checkout, rulesdb, snapshot

LATER = "cr_2003_05_26"  # found later: appended after cr_2003_06_01, six days after it
HEAD = "cr_2003_06_01"


def checkout_without_it(tmp_path: Path) -> Checkout:
    """The chain up to 2003-06-01, without 2003-05-26's revision and seed (its texts stay in
    their pack, which 2003-06-01 reads too)."""
    checkout = make_checkout(tmp_path, head=HEAD)
    (checkout.versions / f"{LATER}.py").unlink()
    (checkout.seeds / f"{LATER}.json").unlink()
    after = checkout.versions / f"{HEAD}.py"
    after.write_text(after.read_text().replace(f'"{LATER}"', '"cr_2003_03_15"'))
    return checkout


def append(checkout: Checkout, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run_cli(["new-release", str(source_file(LATER)), "--root",
                              str(checkout.root)], capsys)
    assert (code, err) == (0, ""), err
    return out


def test_an_older_file_is_appended_after_the_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = checkout_without_it(tmp_path)
    assert append(checkout, capsys) == f"{LATER}: written\n"
    assert checkout.head() == LATER
    revision = (checkout.versions / f"{LATER}.py").read_text()
    assert f'down_revision: str | None = "{HEAD}"' in revision
    # Its seed is the shipped one: a release's seed does not depend on where it joined.
    shipped = (ROOT / "seeds" / f"{LATER}.json").read_bytes()
    assert (checkout.seeds / f"{LATER}.json").read_bytes() == shipped
    before = snapshot(checkout)
    assert append(checkout, capsys) == f"{LATER}: unchanged (already released)\n"
    assert snapshot(checkout) == before


def without_version(found: dict[str, object]) -> dict[str, object]:
    return {table: value for table, value in found.items() if table != "alembic_version"}


def test_a_database_gains_an_appended_older_release_as_if_in_its_place(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest,
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Upgraded over the appended release, a database holds exactly what the shipped chain's
    database holds at 2003-06-01 (the same releases), row for row; downgraded, exactly what it
    held before."""
    checkout = checkout_without_it(tmp_path)
    url = new_database(backend, tmp_path, request)
    rulesdb(["--db", url_text(url), "upgrade"], checkout.root)
    engine = make_engine(url)
    try:
        before = fingerprint(engine)
        append(checkout, capsys)
        rulesdb(["--db", url_text(url), "upgrade"], checkout.root)
        listed = json.loads(rulesdb(["--db", url_text(url), "releases", "--format", "json"],
                                    checkout.root).stdout)
        assert [r["effective_date"] for r in listed][-3:] == [
            "2003-03-15", "2003-05-26", "2003-06-01"]
        reference = new_database(backend, tmp_path, request)
        rulesdb(["--db", url_text(reference), "upgrade", HEAD], ROOT)
        shipped = make_engine(reference)
        try:
            assert without_version(fingerprint(engine)) == without_version(fingerprint(shipped))
        finally:
            shipped.dispose()
        rulesdb(["--db", url_text(url), "downgrade", HEAD], checkout.root)
        assert fingerprint(engine) == before
    finally:
        engine.dispose()
