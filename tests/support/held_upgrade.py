"""``python -m tests.support.held_upgrade URL REVISION[,REVISION...]``: rulesdb's upgrade to
head in a real process, held after each named revision's step.

After each of those revisions' step is done, it reads the release table through the run's own
connection (which writes what the loader holds: rulesdb_loaders/schema_0001.py), says on stderr
how many releases the run's transaction holds, and waits for the line "go on" on stdin, or to
be killed: so a test looks at and kills an upgrade at known points of its progress, not of the
clock, with the run's rows written and not committed. Stdin closed
(the test gone) fails the run. The hold is Alembic's ``on_version_apply`` callback, handed to
the run through ``Config.attributes`` as rulesdb's own progress bar is; nothing in the
migrations knows of it.
"""

from __future__ import annotations

import sys
from typing import Any

from sqlalchemy import text

from rulesdb.store import chain
from rulesdb.store.engine import make_engine

HELD = "rulesdb-test: holding after {}"
WRITTEN = " ({} releases in the run's transaction)"


def hold_after(revisions: set[str]) -> Any:
    def on_version_apply(*, ctx: Any, step: Any, **_: Any) -> None:
        if not step.is_upgrade:
            return
        for revision in sorted(revisions.intersection(step.up_revision_ids)):
            seen = ctx.connection.execute(text("SELECT count(*) FROM release")).scalar()
            print(HELD.format(revision) + WRITTEN.format(seen), file=sys.stderr, flush=True)
            if sys.stdin.readline() != "go on\n":
                raise RuntimeError(
                    f"held after {revision}, and nobody killed this run or let it go on"
                )

    return on_version_apply


def main(url: str, revisions: str) -> None:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            chain.run(
                "upgrade",
                engine,
                connection,
                "head",
                chain.current_revision(engine),
                None,
                on_version_apply=hold_after(set(revisions.split(","))),
            )
    finally:
        engine.dispose()
    print(f"{url} is at {chain.current_revision(engine)}")


if __name__ == "__main__":
    try:
        main(*sys.argv[1:])
    except Exception as exc:  # as the CLI says it: one line, exit 2
        print(f"rulesdb: error: {exc}", file=sys.stderr)
        sys.exit(2)
