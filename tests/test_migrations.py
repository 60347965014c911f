"""The release chain on both backends: pytest-alembic's built-in checks, plus our own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytest_alembic import Config as PytestAlembicConfig
from pytest_alembic.tests import (  # noqa: F401  (collected as tests)
    test_model_definitions_match_ddl,
    test_single_head_revision,
    test_up_down_consistency,
    test_upgrade,
)
from sqlalchemy.engine import URL

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine

# Every revision up and down: the fast loop leaves it to the full run, where
# tests/test_roundtrip.py also checks each step's rows.
test_up_down_consistency = pytest.mark.slow(test_up_down_consistency)


@pytest.fixture
def alembic_config() -> PytestAlembicConfig:
    return PytestAlembicConfig(config_options=migrate.config_options())


@pytest.fixture
def alembic_engine(empty_url: URL) -> Iterator:
    engine = make_engine(empty_url)
    yield engine
    engine.dispose()


def test_head_file_names_the_script_head() -> None:
    # The CLI reads migrations/HEAD instead of loading every revision; it must not drift.
    assert migrate.head_revision() == migrate.script_head()


def test_chain_is_schema_then_releases_in_date_order() -> None:
    revisions = [revision for revision, _, _ in migrate.history()]
    assert revisions[0] == "0001_schema"
    releases = [r for r in revisions if r.startswith("cr_")]
    assert releases == sorted(releases)
    assert revisions[1:len(releases) + 2] == ["0002_views", *releases]
    # After the releases, only schema revisions (new-release appends after them).
    assert not any(r.startswith("cr_") for r in revisions[len(releases) + 2:])
    assert "cr_2020_08_07" in releases
