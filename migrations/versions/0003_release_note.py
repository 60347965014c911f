"""Release notes: where a release's file contradicts itself or was damaged, per release.

Revision ID: 0003_release_note
Revises: cr_2026_08_07

A note is what the importer found and could not leave unsaid: 205.2a omitting a card type that
section 3 defines, a lossy conversion read back, a truncated file replaced by another format.
Seeds of format 2 carry them (loaded by rulesdb_loaders.release_v2); the releases shipped
before this revision (format 1 seeds) get theirs from seeds/notes_0003_release_note.json, pinned
here by sha256 (2021-07-23 and 2023: 300.1 omits dungeon and battle, which 205.2a lists).
"""

import hashlib
import json
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.release_v1 import SEEDS

revision: str = "0003_release_note"
down_revision: str | None = "cr_2026_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOTES = "notes_0003_release_note.json"
NOTES_SHA256 = "abac410e5c4a2116f34eb74edb11ccf1c99925fa54e894fe21c95bbc6b4a2dff"

VIEW = """
    SELECT release_date, number, rule, kind, text
    FROM release_note"""


def upgrade() -> None:
    op.create_table(
        "release_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),  # 1, 2, ... in the file's order
        sa.Column("rule", sa.String(16), nullable=True),  # NULL: the file as a whole
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_release_note"),
        sa.ForeignKeyConstraint(["release_date"], ["release.effective_date"],
                                name="fk_release_note_release"),
    )
    op.execute(f"CREATE VIEW v_release_note AS {VIEW.strip()}")
    data = (SEEDS / NOTES).read_bytes()
    if hashlib.sha256(data).hexdigest() != NOTES_SHA256:
        raise RuntimeError(f"{SEEDS / NOTES} was edited after this revision pinned it")
    numbers: dict[str, int] = {}
    rows = []
    for note in json.loads(data)["notes"]:
        numbers[note["release_date"]] = numbers.get(note["release_date"], 0) + 1
        rows.append({"release_date": date.fromisoformat(note["release_date"]),
                     "number": numbers[note["release_date"]], "rule": note["rule"],
                     "kind": note["kind"], "text": note["text"]})
    table = sa.table("release_note", sa.column("release_date", sa.Date()),
                     sa.column("number", sa.Integer()), sa.column("rule", sa.String()),
                     sa.column("kind", sa.String()), sa.column("text", sa.String()))
    op.bulk_insert(table, rows)


def downgrade() -> None:
    op.execute("DROP VIEW v_release_note")
    op.drop_table("release_note")
