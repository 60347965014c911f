"""The whole rulebook: each distinct text once, each release's rules and glossary pointing to it.

Revision ID: rulebook_schema
Revises: subtype_merge

Versions as rows, not as date ranges: ``rulebook_text`` holds every distinct text once (id = its
content key, see ``rulesdb_loaders.rulebook_v1``), and ``release_rule`` / ``release_glossary``
say which release prints which text under which number or term. A range (valid_from,
valid_to) would have to be split and merged again when a release is loaded out of date order
(the archive, after today's head); membership rows only ever gain or lose one release's rows,
so loading order and downgrades cannot corrupt them, and a text printed by 40 releases is still
stored once (a release's rows are a date, a number and an integer). The membership tables are
indexed by their primary key, which starts with the release (every question reads one or two
releases), and by text: deleting a text checks that no rule still prints it (the foreign key),
and search goes from the matching texts to the rules printing them.

Full-text search is the databases' own: SQLite FTS5 over ``rulebook_text`` (an external-content
table kept in step by triggers; porter stemming, so "Auras" finds "Aura") and, on PostgreSQL, a
generated ``tsvector`` column with a GIN index.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "rulebook_schema"
down_revision: str | None = "subtype_merge"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RULE = sa.String(16)
TERM = sa.String(255)
# The rowid itself on SQLite (a 64-bit INTEGER PRIMARY KEY), BIGINT on PostgreSQL.
TEXT_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

VIEWS: list[tuple[str, str]] = [
    ("v_rule", """
        SELECT r.release_date, r.number, t.text
        FROM release_rule r JOIN rulebook_text t ON t.id = r.text_id"""),
    ("v_glossary", """
        SELECT g.release_date, g.term, t.text
        FROM release_glossary g JOIN rulebook_text t ON t.id = g.text_id"""),
    # One row per distinct text of a rule: the first and last release printing it, and how
    # many do (fewer than the releases between them when a text came back).
    ("v_rule_version", """
        SELECT r.number, MIN(r.release_date) AS first_release,
               MAX(r.release_date) AS last_release, COUNT(*) AS releases, t.text, t.examples
        FROM release_rule r JOIN rulebook_text t ON t.id = r.text_id
        GROUP BY r.number, t.id, t.text, t.examples"""),
    ("v_glossary_version", """
        SELECT g.term, MIN(g.release_date) AS first_release,
               MAX(g.release_date) AS last_release, COUNT(*) AS releases, t.text
        FROM release_glossary g JOIN rulebook_text t ON t.id = g.text_id
        GROUP BY g.term, t.id, t.text"""),
]

SQLITE_SEARCH = [
    "CREATE VIRTUAL TABLE rulebook_fts USING fts5(text, examples, content='rulebook_text', "
    "content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')",
    "CREATE TRIGGER rulebook_text_fts_insert AFTER INSERT ON rulebook_text BEGIN "
    "INSERT INTO rulebook_fts(rowid, text, examples) VALUES (new.id, new.text, new.examples); "
    "END",
    "CREATE TRIGGER rulebook_text_fts_delete AFTER DELETE ON rulebook_text BEGIN "
    "INSERT INTO rulebook_fts(rulebook_fts, rowid, text, examples) "
    "VALUES ('delete', old.id, old.text, old.examples); END",
]
POSTGRESQL_SEARCH = [
    "ALTER TABLE rulebook_text ADD COLUMN search tsvector GENERATED ALWAYS AS "
    "(to_tsvector('english', text || ' ' || examples)) STORED",
    # The loader merges GIN's pending list after each load (rulesdb_loaders.rulebook_v1).
    "CREATE INDEX ix_rulebook_text_search ON rulebook_text USING GIN (search)",
]


def upgrade() -> None:
    op.create_table(
        "rulebook_text",
        sa.Column("id", TEXT_ID, nullable=False, autoincrement=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("examples", sa.Text(), nullable=False),  # a JSON array of strings
        sa.PrimaryKeyConstraint("id", name="pk_rulebook_text"),
    )
    op.create_table(
        "release_rulebook",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("index_sha256", sa.String(64), nullable=False),
        sa.Column("rules", sa.Integer(), nullable=False),
        sa.Column("glossary_entries", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", name="pk_release_rulebook"),
        sa.ForeignKeyConstraint(["release_date"], ["release.effective_date"],
                                name="fk_release_rulebook_release_date_release"),
    )
    op.create_table(
        "release_rule",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", RULE, nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),  # 2: a number printed again
        sa.Column("position", sa.Integer(), nullable=False),  # order in the file
        sa.Column("text_id", TEXT_ID, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", "occurrence", name="pk_release_rule"),
        sa.ForeignKeyConstraint(["release_date"], ["release_rulebook.release_date"],
                                name="fk_release_rule_release_date_release_rulebook"),
        sa.ForeignKeyConstraint(["text_id"], ["rulebook_text.id"],
                                name="fk_release_rule_text_id_rulebook_text"),
        sqlite_with_rowid=False,
    )
    # From a text to the releases printing it (search, the foreign key's checks on delete).
    op.create_index("ix_release_rule_text_id_release_date", "release_rule",
                    ["text_id", "release_date"])
    op.create_table(
        "release_glossary",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("term", TERM, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text_id", TEXT_ID, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "term", name="pk_release_glossary"),
        sa.ForeignKeyConstraint(["release_date"], ["release_rulebook.release_date"],
                                name="fk_release_glossary_release_date_release_rulebook"),
        sa.ForeignKeyConstraint(["text_id"], ["rulebook_text.id"],
                                name="fk_release_glossary_text_id_rulebook_text"),
        sqlite_with_rowid=False,
    )
    op.create_index("ix_release_glossary_text_id_release_date", "release_glossary",
                    ["text_id", "release_date"])
    op.create_table(
        "release_rulebook_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "position", name="pk_release_rulebook_note"),
        sa.ForeignKeyConstraint(["release_date"], ["release_rulebook.release_date"],
                                name="fk_release_rulebook_note_release_date_release_rulebook"),
    )
    for statement in _search_statements():
        op.execute(statement)
    for name, select in VIEWS:
        op.execute(f"CREATE VIEW {name} AS {select.strip()}")


def downgrade() -> None:
    for name, _ in reversed(VIEWS):
        op.execute(f"DROP VIEW {name}")
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER rulebook_text_fts_delete")
        op.execute("DROP TRIGGER rulebook_text_fts_insert")
        op.execute("DROP TABLE rulebook_fts")
    else:
        op.drop_index("ix_rulebook_text_search", table_name="rulebook_text")
    op.drop_table("release_rulebook_note")
    op.drop_index("ix_release_glossary_text_id_release_date", table_name="release_glossary")
    op.drop_table("release_glossary")
    op.drop_index("ix_release_rule_text_id_release_date", table_name="release_rule")
    op.drop_table("release_rule")
    op.drop_table("release_rulebook")
    op.drop_table("rulebook_text")


def _search_statements() -> list[str]:
    return SQLITE_SEARCH if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_SEARCH
