"""The curated facts about releases already in the chain (the set each came with, and the
merges found after their release shipped), loaded by the data revisions 0003_release_sets
(none: shipped empty) and 0004_release_facts: each shipped seed is what the curated files give,
each entry is cited and names a release, the database holds them, ``releases`` shows them, and
0004's downgrade takes back exactly its rows. Both backends."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.authoring.curated import load_merges, load_release_sets
from rulesdb.authoring.facts_seed import (
    FACTS_REVISIONS,
    facts_seed_bytes,
    facts_seed_name,
    releases_below,
)
from rulesdb.errors import RulesdbError
from rulesdb.store import chain, migrate
from rulesdb.store.engine import make_engine
from tests.support import ROOT, fingerprint, process_env, run_cli

FACTS = "0004_release_facts"
_SHA256 = re.compile(r'^SEED_SHA256 = "([0-9a-f]{64})"', re.M)


def _day(value: object) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


@pytest.mark.parametrize("revision", FACTS_REVISIONS)
def test_each_shipped_facts_seed_is_what_the_curated_files_give(revision: str) -> None:
    """Written by rulesdb.authoring.facts_seed from release_sets.toml and merges.toml (each
    merge checked against the releases on both sides), and pinned by its revision."""
    shipped = (ROOT / "seeds" / facts_seed_name(revision)).read_bytes()
    below = releases_below(ROOT, revision)
    assert len(below) == 136 and below[-1] == "cr_2026_08_07"
    assert facts_seed_bytes(ROOT / "seeds", below, revision) == shipped
    source = (ROOT / "migrations" / "versions" / f"{revision}.py").read_text(encoding="utf-8")
    match = _SHA256.search(source)
    assert match and match[1] == hashlib.sha256(shipped).hexdigest()


def test_0004_is_a_data_revision_at_the_head() -> None:
    revisions = [revision for revision, _, _ in chain.history()]
    assert revisions[-2:] == ["0003_release_sets", FACTS] and chain.head_revision() == FACTS
    source = (ROOT / "migrations" / "versions" / f"{FACTS}.py").read_text(encoding="utf-8")
    assert "from rulesdb_loaders.schema_0003 import load_facts_seed, unload_facts_seed" in source
    assert not (ROOT / "migrations" / "rulesdb_loaders" / "schema_0004.py").exists()


def test_each_set_names_a_release_and_cites_its_source() -> None:
    sets = load_release_sets()
    releases = {date.fromisoformat(name.removeprefix("cr_").replace("_", "-"))
                for name in releases_below(ROOT, FACTS)}
    assert len(sets) == 100 and set(sets) <= releases
    for day, entry in sets.items():
        assert re.fullmatch(r"[0-9A-Z]{3}", entry["code"]), (day, entry)
        assert entry["name"] and entry["source"].startswith("https://"), (day, entry)
        assert entry.get("loaded_by") == FACTS, day  # all of them already in the chain
    assert (sets[date(1999, 4, 23)]["code"], sets[date(2007, 9, 7)]["code"],
            sets[date(2019, 5, 3)]["code"], sets[date(2022, 10, 7)]["code"]) == (
        "6ED", "MED", "WAR", "UNF")
    # Updates between sets: the archive's IKO (rev a), and the Mirrodin-era file the archive
    # names MRD though it follows a release the archive lacks.
    assert not {date(2020, 6, 1), date(2021, 2, 15), date(2003, 12, 1)} & set(sets)


def test_a_facts_seed_for_another_revision_is_refused() -> None:
    with pytest.raises(RulesdbError, match="loads no facts seed"):
        facts_seed_bytes(ROOT / "seeds", releases_below(ROOT, FACTS), "0002_lineage")


def test_the_writer_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "rulesdb.authoring.facts_seed", "0002_lineage",
                           str(ROOT)], capture_output=True, text=True, env=process_env(),
                          cwd=tmp_path, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("rulesdb: error: 0002_lineage loads no facts seed; those that do: "
                           "0003_release_sets, 0004_release_facts\n")


def test_the_database_holds_the_curated_sets(shared_head_engine: Engine) -> None:
    with shared_head_engine.connect() as connection:
        found = {_day(day): (code, name) for day, code, name in connection.execute(text(
            "SELECT release_date, code, name FROM release_set"))}
        shown = {_day(day): code for day, code in connection.execute(text(
            "SELECT release_date, set_code FROM v_release"))}
    assert found == {day: (entry["code"], entry["name"])
                     for day, entry in load_release_sets().items()}
    assert {day: code for day, code in shown.items() if code} == {
        day: code for day, (code, _) in found.items()}
    assert len(shown) == 136


def test_releases_shows_each_set(shared_head_url: URL,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["--db", str(shared_head_url), "releases", "--format", "json"],
                           capsys)
    rows = {row["effective_date"]: row for row in json.loads(out)}
    assert code == 0 and len(rows) == 136
    assert (rows["2007-09-07"]["set_code"], rows["2007-09-07"]["set_name"]) == (
        "MED", "Masters Edition")
    assert rows["2020-06-01"]["set_code"] is None


def test_0004_downgrade_takes_back_exactly_its_rows(head_url: URL) -> None:
    """One revision down, the release sets are gone and subtype_merge holds only the merges
    the releases' own seeds carry; up again, the database is the head it was."""
    engine = make_engine(head_url)
    try:
        at_head = fingerprint(engine)
        migrate.downgrade(engine, "-1")
        assert chain.current_revision(engine) == "0003_release_sets"
        with engine.connect() as connection:
            sets = connection.execute(text("SELECT count(*) FROM release_set")).scalar()
            merges = {(_day(day), old, new) for day, old, new in connection.execute(text(
                "SELECT release_date, old_name, new_name FROM subtype_merge"))}
        assert sets == 0
        assert merges == {(m["effective_date"], m["from"], m["to"]) for m in load_merges()
                          if "loaded_by" not in m}
        migrate.upgrade(engine)
        assert chain.current_revision(engine) == FACTS
        assert fingerprint(engine) == at_head
    finally:
        engine.dispose()
