"""Load and unload one CR release from its seed file (seed format 2, schema 0003_release_note;
no rulebook).

Format 2 is format 1 plus ``notes``: where the release's file contradicts itself or was damaged.
The rows format 1 describes are loaded by release_v1's code, unchanged; this module adds the
notes. Frozen like release_v1: a later format gets a loader of its own beside it.
"""

from __future__ import annotations

from datetime import date

import sqlalchemy as sa
from alembic import op

from rulesdb_loaders import release_v1

SEED_FORMAT = 2

_D = sa.Date()
_S = sa.String()
release_note = sa.table("release_note", sa.column("release_date", _D),
                        sa.column("number", sa.Integer()), sa.column("rule", _S),
                        sa.column("kind", _S), sa.column("text", _S))


def upgrade_release(revision: str, seed_name: str, seed_sha256: str) -> None:
    seed = release_v1.read_seed(seed_name, seed_sha256, SEED_FORMAT)
    release_v1.load_release(revision, seed, seed_sha256)
    day = date.fromisoformat(seed["effective_date"])
    op.bulk_insert(release_note, [
        {"release_date": day, "number": number, "rule": note["rule"], "kind": note["kind"],
         "text": note["text"]}
        for number, note in enumerate(seed["notes"], start=1)])


def downgrade_release(effective_date: str) -> None:
    day = date.fromisoformat(effective_date)
    op.execute(release_note.delete().where(release_note.c.release_date == day))
    release_v1.downgrade_release(effective_date)
