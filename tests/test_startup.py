"""Read commands on an up-to-date database start fast: they never load Alembic or the ORM.

Checking that a database is current reads ``migrations/HEAD`` and one row of
``alembic_version``; loading Alembic (and its 60+ revision files) is for changing revisions.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from sqlalchemy.engine import URL

from tests.support.databases import url_text

# Modules a read command on a current database has no business loading.
HEAVY = ("alembic", "sqlalchemy.orm", "rulesdb.store.models", "rulesdb.ingest.extract", "mako")


def imported_modules(*argv: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "rulesdb", *argv],
        capture_output=True,
        text=True,
        timeout=120,
    )
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    return result, modules


@pytest.mark.parametrize(
    "command", [["check", "Merfolk"], ["card-types"]], ids=["check", "card-types"]
)
def test_read_commands_do_not_import_alembic(small_url: URL, command: list[str]) -> None:
    result, modules = imported_modules("--db", url_text(small_url), *command, "--format", "json")
    assert result.returncode == 0, result.stderr
    assert "rulesdb.cli" in modules  # the measurement itself works
    loaded = sorted(m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY))
    assert loaded == [], f"{' '.join(command)} imported {loaded}"


def test_import_rulesdb_is_light_and_its_public_names_resolve() -> None:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import rulesdb"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2
    }
    assert "rulesdb" in modules
    assert sorted(m for m in modules if m.startswith(("sqlalchemy", "click", *HEAVY))) == []

    import rulesdb

    for name in rulesdb.__all__:
        assert getattr(rulesdb, name) is not None, name
    assert rulesdb.load_vocabulary.__module__ == "rulesdb.vocabulary.loader"
    with pytest.raises(AttributeError):
        rulesdb.no_such_name  # noqa: B018
