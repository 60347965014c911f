"""Every revision's downgrade undoes exactly its upgrade, row for row, on both backends.

One database per backend walks the whole chain a step at a time: at each revision X,
upgrade X, downgrade one step, upgrade X again. Stronger than pytest-alembic's up/down
consistency check, which only asserts that the steps run: here the data must match.
"""

from __future__ import annotations

import time

import pytest
from sqlalchemy.engine import URL

from rulesdb.store import migrate
from rulesdb.store.engine import make_engine
from tests.support import fingerprint


def without_empty_version_table(snapshot: dict[str, object]) -> dict[str, object]:
    """Alembic keeps an empty alembic_version table after a downgrade to base."""
    version = snapshot.get("alembic_version")
    if not isinstance(version, tuple) or version[0] != 0:
        return snapshot
    trimmed = {k: v for k, v in snapshot.items() if k != "alembic_version"}
    trimmed["tables"] = [t for t in snapshot["tables"] if t != "alembic_version"]  # type: ignore[union-attr]
    return trimmed


@pytest.mark.slow
def test_each_downgrade_undoes_exactly_its_upgrade(
    empty_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = make_engine(empty_url)
    started = time.perf_counter()
    try:
        chain = [revision for revision, _, _ in migrate.history()]
        # Digests computed by the database (tests.support.fingerprint): a dump of every row
        # three times per revision would cost minutes once the rulebook is loaded.
        previous = fingerprint(engine)  # the database at X-1; first, empty
        for revision in chain:
            migrate.upgrade(engine, revision)
            at_revision = fingerprint(engine)
            assert migrate.current_revision(engine) == revision

            migrate.downgrade(engine, "-1")
            assert without_empty_version_table(fingerprint(engine)) == previous, (
                f"downgrading {revision} did not restore the database as it was before it")

            migrate.upgrade(engine, revision)
            assert fingerprint(engine) == at_revision, f"{revision} upgraded twice differs"
            previous = at_revision
        assert migrate.current_revision(engine) == migrate.head_revision()
    finally:
        engine.dispose()
    with capsys.disabled():
        print(f"\n  round trip of {len(chain)} revisions on {empty_url.get_backend_name()}: "
              f"{time.perf_counter() - started:.1f} s")
