"""The release chain on both backends: pytest-alembic's built-in checks, plus our own."""

from __future__ import annotations

from collections.abc import Iterator
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

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.support import head_copy, new_database


@pytest.fixture
def alembic_config() -> PytestAlembicConfig:
    return PytestAlembicConfig(config_options=migrate.config_options())


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
    assert migrate.head_revision() == migrate.script_head()


def test_chain_is_schema_then_releases_in_the_order_they_joined() -> None:
    """The chain is the order releases joined rulesdb (a release's identity is its date): the
    64 official releases in date order, then what was appended after them."""
    revisions = [revision for revision, _, _ in migrate.history()]
    assert revisions[:2] == ["0001_schema", "0002_views"]
    releases = [r for r in revisions if r.startswith("cr_")]
    assert len(releases) == len(set(releases))
    assert revisions[:2] == ["0001_schema", "0002_views"]
    first_64 = revisions[2:66]
    assert first_64 == sorted(first_64) and first_64[-1] == "cr_2026_08_07"
    # Then revisions that are no release (views, merges, the rulebook, comments), the notes'
    # schema, and the archive's releases, in date order among themselves: the chain is the
    # order releases joined rulesdb (test_archive_chain.py); then the archive's rulebook.
    notes = revisions.index("0003_release_note")
    assert not any(r.startswith("cr_") for r in revisions[66:notes])
    archive = revisions[notes + 1 : revisions.index("archive_rulebook")]
    assert len(archive) == 71
    assert archive == sorted(archive) and all(r.startswith("cr_") for r in archive)
    # Then the keywords, read from every rulebook present (the archive's included).
    assert revisions.index("keywords") > revisions.index("archive_rulebook")
    assert revisions[-1] == migrate.head_revision()
    assert "cr_2020_08_07" in releases
    # Revisions made after the releases (views_in_force) come after the first 64 releases.
    assert revisions.index("views_in_force") > revisions.index("cr_2026_08_07")
    assert revisions[-1] == migrate.head_revision()
