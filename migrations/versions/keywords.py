"""Keyword vocabularies per release: keyword abilities, keyword actions and ability words.

Revision ID: keywords
Revises: archive_rulebook

Vocabulary like the types, read from each release's rulebook (so for every release whose
rulebook the database holds, in any era): the titles of the rules under "Keyword Abilities"
(702; 502 before 2009-07-11) and "Keyword Actions" (701; 501), and the list of ability words
(207.2c; the glossary's "Ability Word" entry in 2008–2009). ``keyword`` holds each name once,
``release_keyword`` which release lists it under which rule, ``release_keyword_note`` what the
CR does unusually (a title naming two keywords, a number printed twice, no list at all).
Read in SQL by ``rulesdb_loaders.keywords_v1``; releases written later load theirs through
``rulesdb_loaders.release_v5``. The downgrade drops exactly what the upgrade created.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.comments_v1 import comment_on
from rulesdb_loaders.keywords_v1 import load_keywords, rulebook_days

revision: str = "keywords"
down_revision: str | None = "archive_rulebook"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KIND = sa.String(32)
NAME = sa.String(255)
RULE = sa.String(255)  # a rule number, or a glossary term for a list only the glossary gives

# The same text as their lines in rulesdb/store/descriptions.toml (PostgreSQL only).
KIND_TEXT = "keyword_ability (702), keyword_action (701) or ability_word (207.2c)."
NAME_TEXT = ("The keyword as the CR prints it: Double Strike (a rule's title), council’s "
             "dilemma (207.2c's lower case, curly apostrophe).")
RULE_TEXT = ("The rule it titles (702.19) or the rule listing it (207.2c); for ability words "
             "only the glossary lists (2008–2009), the glossary term (Ability Word).")
DATE_TEXT = "Effective date of the release."
COMMENTS: list[tuple[str, str, dict[str, str]]] = [
    ("keyword", "Every keyword ability, keyword action and ability word any loaded release "
                "lists, keyed by kind and name.",
     {"kind": KIND_TEXT, "name": NAME_TEXT}),
    ("release_keyword", "One row per keyword a release lists: keyword abilities and keyword "
                        "actions are the titles of the rules under Keyword Abilities (702) and "
                        "Keyword Actions (701), ability words the list of 207.2c.",
     {"release_date": DATE_TEXT, "kind": KIND_TEXT, "name": NAME_TEXT, "rule": RULE_TEXT}),
    ("release_keyword_note", "What a release's keyword rules do unusually, recorded as read "
                             "(a title naming two keywords, a number printed twice, no list of "
                             "ability words at all), never patched.",
     {"release_date": DATE_TEXT,
      "number": "The note's number within its release: 1, 2, ...",
      "rule": "The rule the note is about (701.21); NULL for the release as a whole.",
      "kind": "What kind of note: two-in-one-title, number-printed-twice, listed-twice, "
              "not-a-title, glossary-list, not-listed, ...",
      "text": "The note in a sentence: what the CR does and how rulesdb read it."}),
    ("v_keyword", "View: every keyword of every release (release_keyword) with the dates the "
                  "release is in force.",
     {"release_date": DATE_TEXT, "kind": KIND_TEXT, "name": NAME_TEXT, "rule": RULE_TEXT,
      "in_force_from": "The first day this row's release is in force: its effective date.",
      "in_force_until": ("The day the next release takes effect (exclusive); NULL while the "
                         "release is the latest. In force on D: in_force_from <= D AND "
                         "(in_force_until > D OR in_force_until IS NULL).")}),
]
VIEW = """
    SELECT k.release_date, k.kind, k.name, k.rule, r.in_force_from, r.in_force_until
    FROM release_keyword k
    JOIN v_release r ON r.release_date = k.release_date"""


def upgrade() -> None:
    op.create_table(
        "keyword",
        sa.Column("kind", KIND, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.PrimaryKeyConstraint("kind", "name", name="pk_keyword"),
        sa.CheckConstraint("kind IN ('keyword_ability', 'keyword_action', 'ability_word')",
                           name="ck_keyword_kind"),
    )
    op.create_table(
        "release_keyword",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("kind", KIND, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "kind", "name", name="pk_release_keyword"),
        # From the rulebook it was read from: unloading a rulebook must unload these first.
        sa.ForeignKeyConstraint(["release_date"], ["release_rulebook.release_date"],
                                name="fk_release_keyword_release_date_release_rulebook"),
        sa.ForeignKeyConstraint(["kind", "name"], ["keyword.kind", "keyword.name"],
                                name="fk_release_keyword_kind_keyword"),
    )
    # history: from a keyword to the releases listing it.
    op.create_index("ix_release_keyword_kind_name", "release_keyword", ["kind", "name"])
    op.create_table(
        "release_keyword_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("rule", RULE, nullable=True),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_release_keyword_note"),
        sa.ForeignKeyConstraint(["release_date"], ["release_rulebook.release_date"],
                                name="fk_release_keyword_note_release_date_release_rulebook"),
    )
    op.execute(f"CREATE VIEW v_keyword AS {VIEW.strip()}")
    for table, description, columns in COMMENTS:
        comment_on(table, description, columns)
    load_keywords(rulebook_days())


def downgrade() -> None:
    op.execute("DROP VIEW v_keyword")
    op.drop_table("release_keyword_note")
    op.drop_index("ix_release_keyword_kind_name", table_name="release_keyword")
    op.drop_table("release_keyword")
    op.drop_table("keyword")
