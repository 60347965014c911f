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
from datetime import date

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.comments_v1 import comment_columns, comment_on
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
    ("keyword_rename", "Curated renames of keywords the CR makes without saying so: the "
                       "release titles the rule with the new name (Totem Armor became Umbra "
                       "Armor in 2024-06-07).",
     {"release_date": "The first release titling the new name.", "kind": KIND_TEXT,
      "old_name": "The keyword's name in the release before.",
      "new_name": "Its name from this release on.",
      "rule": "The rule the new name titles (702.89)."}),
    ("v_keyword", "View: every keyword of every release (release_keyword) with the dates the "
                  "release is in force.",
     {"release_date": DATE_TEXT, "kind": KIND_TEXT, "name": NAME_TEXT, "rule": RULE_TEXT,
      "in_force_from": "The first day this row's release is in force: its effective date.",
      "in_force_until": ("The day the next release takes effect (exclusive); NULL while the "
                         "release is the latest. In force on D: in_force_from <= D AND "
                         "(in_force_until > D OR in_force_until IS NULL).")}),
]
# Curated keyword renames (rulesdb/authoring/curated/keyword_renames.toml; a test checks the
# two agree): the release that first titles the new name, kind, old name, new name, rule.
RENAMES = [
    (date(2024, 6, 7), "keyword_ability", "Totem Armor", "Umbra Armor", "702.89"),
]
keyword_rename = sa.table("keyword_rename", sa.column("release_date", sa.Date()),
                          sa.column("kind", KIND), sa.column("old_name", NAME),
                          sa.column("new_name", NAME), sa.column("rule", RULE))
VIEW = """
    SELECT k.release_date, k.kind, k.name, k.rule, r.in_force_from, r.in_force_until
    FROM release_keyword k
    JOIN v_release r ON r.release_date = k.release_date"""

# v_release_change and v_lifetime gain the keywords: the SQL faces of ``diff`` and ``history``.
# The definitions before (subtype_merge's and 0002_views'), restored by the downgrade byte for
# byte, and the keyword branches appended to them. A keyword change is shown only between two
# releases that both have their rulebook (as ``diff`` does). Kinds and names are cast to the
# views' column types, which PostgreSQL's CREATE OR REPLACE VIEW keeps (the longest keyword
# name is 30 characters; the types' names are VARCHAR(64) too).
OLD_RELEASE_CHANGE = """SELECT p.from_date, p.to_date, CAST('card_type' AS VARCHAR(16)) AS kind,
               CAST(NULL AS VARCHAR(64)) AS category, n.card_type AS name,
               CAST('added' AS VARCHAR(16)) AS change,
               r.old_name AS renamed_from, CAST(NULL AS VARCHAR(64)) AS renamed_to,
               CAST(NULL AS VARCHAR(64)) AS merged_from, CAST(NULL AS VARCHAR(64)) AS merged_into
        FROM v_release_pair p
        JOIN release_card_type n ON n.release_date = p.to_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.new_name = n.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type o
                          WHERE o.release_date = p.from_date AND o.card_type = n.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'card_type', NULL, o.card_type, 'removed',
               NULL, r.new_name, NULL, NULL
        FROM v_release_pair p
        JOIN release_card_type o ON o.release_date = p.from_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.old_name = o.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type n
                          WHERE n.release_date = p.to_date AND n.card_type = o.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, n.supertype, 'added', NULL, NULL,
               NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype n ON n.release_date = p.to_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype o
                          WHERE o.release_date = p.from_date AND o.supertype = n.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, o.supertype, 'removed', NULL, NULL,
               NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype o ON o.release_date = p.from_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype n
                          WHERE n.release_date = p.to_date AND n.supertype = o.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', n.category, n.name, 'added',
               r.old_name, NULL, m.old_name, NULL
        FROM v_release_pair p
        JOIN release_subtype n ON n.release_date = p.to_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = n.category AND r.new_name = n.name
        LEFT JOIN subtype_merge m
          ON m.release_date = p.to_date AND m.category = n.category AND m.new_name = n.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype o
                          WHERE o.release_date = p.from_date AND o.category = n.category
                            AND o.name = n.name)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', o.category, o.name, 'removed',
               NULL, r.new_name, NULL, m.new_name
        FROM v_release_pair p
        JOIN release_subtype o ON o.release_date = p.from_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = o.category AND r.old_name = o.name
        LEFT JOIN subtype_merge m
          ON m.release_date = p.to_date AND m.category = o.category AND m.old_name = o.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype n
                          WHERE n.release_date = p.to_date AND n.category = o.category
                            AND n.name = o.name)"""
KEYWORD_CHANGES = """
        UNION ALL
        SELECT p.from_date, p.to_date, CAST(n.kind AS VARCHAR(16)), NULL,
               CAST(n.name AS VARCHAR(64)), 'added',
               CAST(r.old_name AS VARCHAR(64)), NULL, NULL, NULL
        FROM v_release_pair p
        JOIN release_keyword n ON n.release_date = p.to_date
        LEFT JOIN keyword_rename r
          ON r.release_date = p.to_date AND r.kind = n.kind AND r.new_name = n.name
        WHERE EXISTS (SELECT 1 FROM release_rulebook b WHERE b.release_date = p.from_date)
          AND NOT EXISTS (SELECT 1 FROM release_keyword o
                          WHERE o.release_date = p.from_date AND o.kind = n.kind
                            AND o.name = n.name)
        UNION ALL
        SELECT p.from_date, p.to_date, CAST(o.kind AS VARCHAR(16)), NULL,
               CAST(o.name AS VARCHAR(64)), 'removed',
               NULL, CAST(r.new_name AS VARCHAR(64)), NULL, NULL
        FROM v_release_pair p
        JOIN release_keyword o ON o.release_date = p.from_date
        LEFT JOIN keyword_rename r
          ON r.release_date = p.to_date AND r.kind = o.kind AND r.old_name = o.name
        WHERE EXISTS (SELECT 1 FROM release_rulebook b WHERE b.release_date = p.to_date)
          AND NOT EXISTS (SELECT 1 FROM release_keyword n
                          WHERE n.release_date = p.to_date AND n.kind = o.kind
                            AND n.name = o.name)"""
OLD_LIFETIME = """SELECT l.kind, l.category, l.name, l.first_listed, l.last_listed, l.listed_in,
               (SELECT MIN(r.effective_date) FROM release r
                WHERE r.effective_date > l.last_listed) AS dropped_in
        FROM (SELECT CAST('card_type' AS VARCHAR(16)) AS kind, CAST(NULL AS VARCHAR(64)) AS category,
                     card_type AS name, MIN(release_date) AS first_listed,
                     MAX(release_date) AS last_listed, COUNT(*) AS listed_in
              FROM release_card_type GROUP BY card_type
              UNION ALL
              SELECT 'supertype', NULL, supertype, MIN(release_date), MAX(release_date),
                     COUNT(*)
              FROM release_supertype GROUP BY supertype
              UNION ALL
              SELECT 'subtype', category, name, MIN(release_date), MAX(release_date), COUNT(*)
              FROM release_subtype GROUP BY category, name) l"""  # noqa: E501 (as 0002_views created it)
# The keyword rows go inside the grouped union (before its closing ") l").
KEYWORD_LIFETIMES = """
              UNION ALL
              SELECT CAST(kind AS VARCHAR(16)), NULL, CAST(name AS VARCHAR(64)),
                     MIN(release_date), MAX(release_date), COUNT(*)
              FROM release_keyword GROUP BY kind, name"""
NEW_LIFETIME = OLD_LIFETIME.removesuffix(") l") + KEYWORD_LIFETIMES + ") l"
KIND_COLUMN_OLD = "card_type, supertype or subtype."
KIND_COLUMN_NEW = ("card_type, supertype or subtype; keyword_ability, keyword_action or "
                   "ability_word.")


def _replace_view(name: str, select: str) -> None:
    """PostgreSQL keeps a view's comments through CREATE OR REPLACE (same columns); SQLite has
    no comments and no CREATE OR REPLACE VIEW."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"CREATE OR REPLACE VIEW {name} AS {select}")
    else:
        op.execute(f"DROP VIEW {name}")
        op.execute(f"CREATE VIEW {name} AS {select}")


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
    op.create_table(
        "keyword_rename",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("kind", KIND, nullable=False),
        sa.Column("old_name", NAME, nullable=False),
        sa.Column("new_name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "kind", "old_name", name="pk_keyword_rename"),
        sa.CheckConstraint("kind IN ('keyword_ability', 'keyword_action', 'ability_word')",
                           name="ck_keyword_rename_kind"),
        sa.ForeignKeyConstraint(["release_date"], ["release.effective_date"],
                                name="fk_keyword_rename_release_date_release"),
    )
    op.bulk_insert(keyword_rename, [
        {"release_date": day, "kind": kind, "old_name": old, "new_name": new, "rule": rule}
        for day, kind, old, new, rule in RENAMES if _has_release(day)])
    op.execute(f"CREATE VIEW v_keyword AS {VIEW.strip()}")
    for table, description, columns in COMMENTS:
        comment_on(table, description, columns)
    _replace_view("v_release_change", OLD_RELEASE_CHANGE + KEYWORD_CHANGES)
    _replace_view("v_lifetime", NEW_LIFETIME)
    for view in ("v_release_change", "v_lifetime"):
        comment_columns(view, {"kind": KIND_COLUMN_NEW})
    load_keywords(rulebook_days())


def _has_release(day: date) -> bool:
    """A database holding only some releases (tests build such) keeps the renames it can."""
    query = sa.text("SELECT 1 FROM release WHERE effective_date = :day").bindparams(
        sa.bindparam("day", type_=sa.Date()))
    return op.get_bind().execute(query, {"day": day}).first() is not None


def downgrade() -> None:
    for view in ("v_release_change", "v_lifetime"):
        comment_columns(view, {"kind": KIND_COLUMN_OLD})
    _replace_view("v_lifetime", OLD_LIFETIME)
    _replace_view("v_release_change", OLD_RELEASE_CHANGE)
    op.execute("DROP VIEW v_keyword")
    op.drop_table("keyword_rename")
    op.drop_table("release_keyword_note")
    op.drop_index("ix_release_keyword_kind_name", table_name="release_keyword")
    op.drop_table("release_keyword")
    op.drop_table("keyword")
