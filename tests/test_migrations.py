"""The release chain on both backends: pytest-alembic's built-in checks, plus our own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from pytest_alembic import Config as PytestAlembicConfig

# Not test_upgrade (every revision up from empty, one at a time) nor test_up_down_consistency
# (then every one down): tests/test_roundtrip.py runs each of those steps too, on the same
# backends, from empty to head, and checks the rows after each.
from pytest_alembic.tests import (  # noqa: F401  (collected as tests)
    test_model_definitions_match_ddl,
    test_single_head_revision,
)
from sqlalchemy import Engine, text
from sqlalchemy.engine import URL

from rulesdb.store import chain, migrate
from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.chains import newest_release, revision_before
from tests.support.databases import head_copy, new_database
from tests.support.dumps import fingerprint


@pytest.fixture
def alembic_config() -> PytestAlembicConfig:
    return PytestAlembicConfig(config_options=chain.config_options())


@pytest.fixture
def alembic_engine(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator:
    # test_model_definitions_match_ddl upgrades to head first, then compares the models: it
    # takes a copy of the session's database, upgraded from empty to head, and its own upgrade
    # finds nothing left to do. Any other of pytest-alembic's tests starts from empty.
    if request.node.originalname == "test_model_definitions_match_ddl":
        url = head_copy(backend, tmp_path, request)
    else:
        url = new_database(backend, tmp_path, request)
    engine = make_engine(url)
    yield engine
    engine.dispose()


def test_head_file_names_the_script_head() -> None:
    # The CLI reads migrations/HEAD instead of loading every revision; it must not drift.
    assert chain.head_revision() == chain.script_head()


def test_chain_is_the_schema_then_every_release_in_date_order() -> None:
    """The schema revision, then one revision per release, oldest first, and nothing after
    the last release: each release's revision holds everything known of it (its set, its
    merges, its lineage), so the chain is the rules' own history."""
    revisions = [revision for revision, _, _ in chain.history()]
    assert revisions[0] == "0001_schema"
    releases = [revision for revision in revisions if revision.startswith("cr_")]
    assert revisions[1:] == releases
    assert releases == sorted(releases) and len(releases) == len(set(releases)) == 136
    assert (releases[0], releases[-1]) == ("cr_1999_04_23", "cr_2026_08_07")
    assert "cr_2003_05_26" in releases  # known from one archive only
    assert revisions[-1] == chain.head_revision()


def test_every_release_revision_loads_through_the_one_loader() -> None:
    """Each release revision is the same few lines around its seed, through the loader of its
    schema generation, one loader each: no loader versions within a generation, no copies of
    library code in migrations/."""
    versions = ROOT / "migrations" / "versions"
    loaders = sorted(path.name for path in (ROOT / "migrations" / "rulesdb_loaders").glob("*.py"))
    assert loaders == ["__init__.py", "objects.py", "schema_0001.py"]
    generation = "schema_0001"
    for revision, _, _ in chain.history()[1:]:
        if not revision.startswith("cr_"):
            if f"schema_{revision[:4]}.py" in loaders:  # a data revision has no loader
                generation = f"schema_{revision[:4]}"  # the releases after it load through its
            continue
        source = (versions / f"{revision}.py").read_text(encoding="utf-8")
        assert f"from rulesdb_loaders.{generation} import load_release, unload_release" in source
    library = re.compile(r"^\s*(from|import) rulesdb\b(?!_)", re.M)
    for path in (ROOT / "migrations").rglob("*.py"):
        if path.name != "env.py":  # the environment runs rulesdb's lock and engine
            assert not library.search(path.read_text(encoding="utf-8")), path


@pytest.mark.slow  # 35 releases unloaded one by one, on each backend; 100 built from empty
def test_a_downgrade_to_a_release_equals_a_build_up_to_it(
    backend: str,
    head_url: URL,
    shared_head_engine: Engine,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    """``downgrade cr_2021_02_15`` leaves, table by table, what a database built only up to
    that release holds: its sets, merges and lineage too (no fact of a release loads after
    the last release); ``upgrade`` brings the rest back identical."""
    engine = make_engine(head_url)
    built = make_engine(new_database(backend, tmp_path, request))
    try:
        migrate.downgrade(engine, "cr_2021_02_15")
        migrate.upgrade(built, "cr_2021_02_15")
        assert fingerprint(engine) == fingerprint(built)
        with engine.connect() as connection:
            assert (
                connection.execute(
                    text("SELECT set_code FROM v_release WHERE release_date = :day"),
                    {"day": date(2020, 9, 25)},
                ).scalar()
                == "ZNR"
            )
            assert (
                connection.execute(
                    text("SELECT new_name FROM subtype_merge WHERE old_name = 'Dog'")
                ).scalar()
                == "Hound"
            )
            assert (
                connection.execute(
                    text("SELECT count(*) FROM v_rule_lineage WHERE release_date = :day"),
                    {"day": date(2021, 2, 15)},
                ).scalar()
                > 2500
            )
        migrate.upgrade(engine)
        assert fingerprint(engine) == fingerprint(shared_head_engine)
    finally:
        engine.dispose()
        built.dispose()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_release_appended_leaves_the_planner_statistics_of_what_it_changed(head_url: URL) -> None:
    """The newest release unloaded and loaded again, each in its run: before each run
    commits, rule_span, which it changed by more than autovacuum's threshold, is analysed
    (its statistics know whether the newest release's spans are there), and rulebook_text,
    a few hundred of whose texts changed, is left as it was (to autovacuum, switched off
    here so that only the runs analyse)."""
    engine = make_engine(head_url)
    newest = newest_release()
    before = revision_before(newest)
    day = date(*map(int, newest.removeprefix("cr_").split("_")))
    newest_common = text(
        "SELECT CAST(:day AS date) = ANY(CAST(CAST(most_common_vals AS text) AS date[])) "
        "FROM pg_stats WHERE tablename = 'rule_span' AND attname = 'last_release'"
    )
    estimated = text("SELECT reltuples FROM pg_class WHERE relname = 'rulebook_text'")
    try:
        with engine.begin() as connection:
            for table in ("rule_span", "glossary_span", "rulebook_text"):
                connection.execute(text(f"ALTER TABLE {table} SET (autovacuum_enabled = off)"))
            texts = connection.execute(estimated).scalar_one()
            assert connection.execute(newest_common, {"day": day}).scalar_one() is True
        migrate.downgrade(engine, before)  # the schema revisions after it go first
        with engine.connect() as connection:
            assert connection.execute(newest_common, {"day": day}).scalar_one() is False
            assert (
                connection.execute(text("SELECT count(*) FROM rulebook_text")).scalar_one() < texts
            ), "no text went"
            assert connection.execute(estimated).scalar_one() == texts, "analysed"
        migrate.upgrade(engine)
        with engine.connect() as connection:
            assert connection.execute(newest_common, {"day": day}).scalar_one() is True
            assert connection.execute(estimated).scalar_one() == texts
    finally:
        engine.dispose()
