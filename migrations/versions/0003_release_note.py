"""Release notes: where a release's file contradicts itself or was damaged, per release.

Revision ID: 0003_release_note
Revises: comments_v1

A note is what the importer found and could not leave unsaid: 205.2a omitting a card type that
section 3 defines, a lossy conversion read back, a truncated file replaced by another format.
Seeds of format 2 carry them (loaded by rulesdb_loaders.release_v3); the releases shipped
before this revision (format 1 seeds) get theirs from seeds/notes_0003_release_note.json, pinned
here by sha256 (2021-07-23 and 2023: 300.1 omits dungeon and battle, which 205.2a lists).
"""

import hashlib
import json
from collections.abc import Sequence
from datetime import date

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.comments_v1 import comment_on
from rulesdb_loaders.release_v1 import SEEDS

revision: str = "0003_release_note"
down_revision: str | None = "comments_v1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NOTES = "notes_0003_release_note.json"
NOTES_SHA256 = "abac410e5c4a2116f34eb74edb11ccf1c99925fa54e894fe21c95bbc6b4a2dff"

DESCRIPTION = (
    "One row per note on a release's file: where the CR contradicts itself (205.2a and "
    'section 3 list different card types) or the archived file was damaged or needed another '
    'reading (a lossy ? conversion, a truncated .txt read from its .docx), recorded, never '
    'patched silently.'
)
VIEW_DESCRIPTION = (
    "View: every note on every release's file (release_note), for analysts."
)
COLUMNS = {
    'release_date': 'Effective date of the release the note is on.',
    'number': ("The note's number within its release: 1, 2, ... in the order the importer found "
        'them.'),
    'rule': 'The rule the note is about (205.2a, 212.3c); NULL for the file as a whole.',
    'kind': ('What kind of note: card-type-disagreement, lossy-conversion, hard-wrapped, not-'
        'enumerated, ...'),
    'text': 'The note in a sentence: what the file says and how rulesdb read it.',
}
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
                                name="fk_release_note_release_date_release"),
    )
    op.execute(f"CREATE VIEW v_release_note AS {VIEW.strip()}")
    # The same text as their lines in rulesdb/store/descriptions.toml (PostgreSQL only).
    comment_on("release_note", DESCRIPTION, COLUMNS)
    comment_on("v_release_note", VIEW_DESCRIPTION, COLUMNS)
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
