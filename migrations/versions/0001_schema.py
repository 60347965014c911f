"""The rulesdb schema: releases, the type vocabulary, the rulebook, keywords, notes and views.

Revision ID: 0001_schema
Revises:

The whole schema in one revision; every CR release follows it, each in its own revision in
effective-date order, loaded by ``rulesdb_loaders.schema_0001`` (the one loader of this
schema). Keys are natural (a release is its effective date, a subtype its category and name)
and every constraint is named by one convention: ``pk_<table>``,
``fk_<table>_<first column>_<referred table>``, ``uq_<table>_<columns>``, ``ck_<table>_<what>``,
``ix_<table>_<columns>``.

The rulebook is stored as versions, not copies: ``rulebook_text`` holds each distinct text
once (its id is its content key), and ``rule_span`` / ``glossary_span`` one row per run of
consecutive releases printing a rule (entry) with the same text at the same place. A release
lies in a span when its date is between the span's ends; the views ``release_rule`` and
``release_glossary`` give the rows per release. Full-text search is each backend's own: SQLite
FTS5 over ``rulebook_text`` kept in step by triggers (porter stemming), PostgreSQL a generated
``tsvector`` column with a GIN index.

Views are :class:`rulesdb_loaders.objects.View` constants: a later revision replaces one with
``op.replace_view(NEW, replaces="0001_schema.V_...")`` without copying any. PostgreSQL
comments come from ``rulesdb_loaders/descriptions_0001.toml``.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.objects import View, comment_on, descriptions

revision: str = "0001_schema"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NAME = sa.String(64)
RULE = sa.String(16)
TERM = sa.String(255)
KIND = sa.String(32)  # keyword_ability, keyword_action, ability_word
KEYWORD = sa.String(255)
KEYWORD_RULE = sa.String(255)  # a rule number, or a glossary term for a list only it gives
# The rowid itself on SQLite (a 64-bit INTEGER PRIMARY KEY), BIGINT on PostgreSQL.
TEXT_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
# Compared bytewise on both backends (SQLite's default; PostgreSQL's "C" collation).
SORT_KEY = sa.Text().with_variant(sa.Text(collation="C"), "postgresql")
KEYWORD_KINDS = "kind IN ('keyword_ability', 'keyword_action', 'ability_word')"
LINK_HOWS = ("how IN ('new', 'reworded', 'retypeset', 'renumbered', 'moved and reworded', "
             "'merged', 'split')")
DESCRIBED = descriptions("descriptions_0001.toml")


def _view(name: str, select: str) -> View:
    description, columns = DESCRIBED[name]
    return View(name, select, description, columns)


# A release is in force from its effective date until the next release's (exclusive; NULL for
# the latest): in force on D is  in_force_from <= D AND (in_force_until > D OR ... IS NULL).
V_RELEASE = _view("v_release", """
    SELECT r.effective_date AS release_date, r.effective_date AS in_force_from,
           LEAD(r.effective_date) OVER (ORDER BY r.effective_date) AS in_force_until,
           r.source_file, r.revision,
           CAST(substr(CAST(r.effective_date AS VARCHAR(10)), 1, 4) AS INTEGER) AS year,
           s.code AS set_code, s.name AS set_name,
           CASE WHEN s.code IS NOT NULL THEN 'set'
                WHEN u.release_date IS NOT NULL THEN 'set unknown'
                ELSE 'between sets' END AS set_status
    FROM release r
    LEFT JOIN release_set s ON s.release_date = r.effective_date
    LEFT JOIN release_set_unknown u ON u.release_date = r.effective_date""")
V_CARD_TYPE = _view("v_card_type", """
    SELECT t.release_date, t.card_type AS name, t.rule, t.section,
           r.in_force_from, r.in_force_until
    FROM release_card_type t
    JOIN v_release r ON r.release_date = t.release_date""")
V_SUPERTYPE = _view("v_supertype", """
    SELECT t.release_date, t.supertype AS name, t.rule, r.in_force_from, r.in_force_until
    FROM release_supertype t
    JOIN v_release r ON r.release_date = t.release_date""")
V_CATEGORY = _view("v_category", """
    SELECT c.release_date, c.category, c.rule, t.card_type, r.in_force_from, r.in_force_until
    FROM release_category c
    JOIN release_category_card_type t
      ON t.release_date = c.release_date AND t.category = c.category
    JOIN v_release r ON r.release_date = c.release_date""")
V_SUBTYPE = _view("v_subtype", """
    SELECT s.release_date, s.category, s.name, c.rule, r.in_force_from, r.in_force_until
    FROM release_subtype s
    JOIN release_category c ON c.release_date = s.release_date AND c.category = s.category
    JOIN v_release r ON r.release_date = s.release_date""")
V_KEYWORD = _view("v_keyword", """
    SELECT k.release_date, k.kind, k.name, k.rule, r.in_force_from, r.in_force_until
    FROM release_keyword k
    JOIN v_release r ON r.release_date = k.release_date""")
V_RENAME = _view("v_rename", """
    SELECT release_date, CAST('card_type' AS VARCHAR(16)) AS kind,
           CAST(NULL AS VARCHAR(64)) AS category, old_name, new_name, rule
    FROM card_type_rename
    UNION ALL
    SELECT release_date, CAST('subtype' AS VARCHAR(16)), category, old_name, new_name, rule
    FROM subtype_rename""")
V_RELEASE_PAIR = _view("v_release_pair", """
    SELECT from_date, to_date
    FROM (SELECT effective_date AS from_date,
                 LEAD(effective_date) OVER (ORDER BY effective_date) AS to_date
          FROM release) pairs
    WHERE to_date IS NOT NULL""")
# One row per item added or removed from one release to the next. A curated rename is its two
# rows, each naming the other side (renamed_from, renamed_to); a curated merge names the
# successor on the merged subtype's row (merged_into) and the merged one on the successor's
# row when the successor is new (merged_from).
V_RELEASE_CHANGE = _view("v_release_change", """
    SELECT p.from_date, p.to_date, CAST('card_type' AS VARCHAR(16)) AS kind,
           CAST(NULL AS VARCHAR(64)) AS category, n.card_type AS name,
           CAST('added' AS VARCHAR(16)) AS change,
           r.old_name AS renamed_from, CAST(NULL AS VARCHAR(64)) AS renamed_to,
           CAST(NULL AS VARCHAR(64)) AS merged_from, CAST(NULL AS VARCHAR(64)) AS merged_into
    FROM v_release_pair p
    JOIN release_card_type n ON n.release_date = p.to_date
    LEFT JOIN card_type_rename r ON r.release_date = p.to_date AND r.new_name = n.card_type
    WHERE NOT EXISTS (SELECT 1 FROM release_card_type o
                      WHERE o.release_date = p.from_date AND o.card_type = n.card_type)
    UNION ALL
    SELECT p.from_date, p.to_date, 'card_type', NULL, o.card_type, 'removed',
           NULL, r.new_name, NULL, NULL
    FROM v_release_pair p
    JOIN release_card_type o ON o.release_date = p.from_date
    LEFT JOIN card_type_rename r ON r.release_date = p.to_date AND r.old_name = o.card_type
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
                        AND n.name = o.name)
    UNION ALL
    SELECT p.from_date, p.to_date, CAST(n.kind AS VARCHAR(16)), NULL,
           CAST(n.name AS VARCHAR(64)), 'added', CAST(r.old_name AS VARCHAR(64)), NULL,
           NULL, NULL
    FROM v_release_pair p
    JOIN release_keyword n ON n.release_date = p.to_date
    LEFT JOIN keyword_rename r
      ON r.release_date = p.to_date AND r.kind = n.kind AND r.new_name = n.name
    WHERE NOT EXISTS (SELECT 1 FROM release_keyword o
                      WHERE o.release_date = p.from_date AND o.kind = n.kind
                        AND o.name = n.name)
    UNION ALL
    SELECT p.from_date, p.to_date, CAST(o.kind AS VARCHAR(16)), NULL,
           CAST(o.name AS VARCHAR(64)), 'removed', NULL, CAST(r.new_name AS VARCHAR(64)),
           NULL, NULL
    FROM v_release_pair p
    JOIN release_keyword o ON o.release_date = p.from_date
    LEFT JOIN keyword_rename r
      ON r.release_date = p.to_date AND r.kind = o.kind AND r.old_name = o.name
    WHERE NOT EXISTS (SELECT 1 FROM release_keyword n
                      WHERE n.release_date = p.to_date AND n.kind = o.kind
                        AND n.name = o.name)""")
# When each item was listed: its first and last release, how many releases list it, and the
# first release after the last that lists it (NULL while the latest release lists it).
V_LIFETIME = _view("v_lifetime", """
    SELECT l.kind, l.category, l.name, l.first_listed, l.last_listed, l.listed_in,
           (SELECT MIN(r.effective_date) FROM release r
            WHERE r.effective_date > l.last_listed) AS dropped_in
    FROM (SELECT CAST('card_type' AS VARCHAR(16)) AS kind,
                 CAST(NULL AS VARCHAR(64)) AS category, card_type AS name,
                 MIN(release_date) AS first_listed, MAX(release_date) AS last_listed,
                 COUNT(*) AS listed_in
          FROM release_card_type GROUP BY card_type
          UNION ALL
          SELECT 'supertype', NULL, supertype, MIN(release_date), MAX(release_date), COUNT(*)
          FROM release_supertype GROUP BY supertype
          UNION ALL
          SELECT 'subtype', category, name, MIN(release_date), MAX(release_date), COUNT(*)
          FROM release_subtype GROUP BY category, name
          UNION ALL
          SELECT CAST(kind AS VARCHAR(16)), NULL, CAST(name AS VARCHAR(64)),
                 MIN(release_date), MAX(release_date), COUNT(*)
          FROM release_keyword GROUP BY kind, name) l""")
# Each run of consecutive releases listing an item (gaps and islands: a release's place in
# the chain less the item's count of listings so far is the same along a run).
V_LISTED_SPAN = _view("v_listed_span", """
    SELECT s.kind, s.category, s.name, s.first_listed, s.last_listed, s.listed_in,
           (SELECT MIN(r.effective_date) FROM release r
            WHERE r.effective_date > s.last_listed) AS dropped_in
    FROM (SELECT l.kind, l.category, l.name, MIN(l.release_date) AS first_listed,
                 MAX(l.release_date) AS last_listed, COUNT(*) AS listed_in
          FROM (SELECT i.kind, i.category, i.name, i.release_date,
                       p.place - ROW_NUMBER() OVER (PARTITION BY i.kind, i.category, i.name
                                                    ORDER BY i.release_date) AS run
                FROM (SELECT CAST('card_type' AS VARCHAR(16)) AS kind,
                             CAST(NULL AS VARCHAR(64)) AS category, card_type AS name,
                             release_date
                      FROM release_card_type
                      UNION ALL
                      SELECT 'supertype', NULL, supertype, release_date FROM release_supertype
                      UNION ALL
                      SELECT 'subtype', category, name, release_date FROM release_subtype
                      UNION ALL
                      SELECT CAST(kind AS VARCHAR(16)), NULL, CAST(name AS VARCHAR(64)),
                             release_date
                      FROM release_keyword) i
                JOIN (SELECT effective_date,
                             ROW_NUMBER() OVER (ORDER BY effective_date) AS place
                      FROM release) p ON p.effective_date = i.release_date) l
          GROUP BY l.kind, l.category, l.name, l.run) s""")
# Each category a release lists, with its size, and each it could list but does not, with
# NULL (not listed is no count of zero): a category some release lists whose card types
# (205.3c, in any release) include one of this release's that no category it lists covers
# (creature before 2003-12-01; not spell where instant and sorcery have lists of their own).
V_CATEGORY_SIZE = _view("v_category_size", """
    SELECT r.effective_date AS release_date, k.category, c.rule,
           CASE WHEN c.rule IS NULL THEN NULL
                ELSE (SELECT COUNT(*) FROM release_subtype s
                      WHERE s.release_date = r.effective_date AND s.category = k.category)
           END AS subtypes
    FROM release r
    CROSS JOIN (SELECT DISTINCT category FROM release_category) k
    LEFT JOIN release_category c
      ON c.release_date = r.effective_date AND c.category = k.category
    WHERE c.rule IS NOT NULL
       OR EXISTS (SELECT 1 FROM release_category_card_type t
                  JOIN release_card_type h
                    ON h.release_date = r.effective_date AND h.card_type = t.card_type
                  WHERE t.category = k.category
                    AND NOT EXISTS (SELECT 1 FROM release_category_card_type o
                                    WHERE o.release_date = r.effective_date
                                      AND o.card_type = t.card_type))""")
V_RELEASE_NOTE = _view("v_release_note", """
    SELECT release_date, number, rule, kind, text
    FROM release_note""")
# The rulebook per release, from the spans: a release lies in a span when its date is between
# the span's ends (rulesdb.store.releases.printed_in); its order is the spans' sort keys.
IN_SPAN = "b.release_date BETWEEN s.first_release AND s.last_release"
RELEASE_RULE = _view("release_rule", f"""
    SELECT b.release_date, s.number, s.occurrence,
           CAST(ROW_NUMBER() OVER (PARTITION BY b.release_date ORDER BY s.sort_key)
                AS INTEGER) AS position, s.text_id
    FROM release_rulebook b JOIN rule_span s ON {IN_SPAN}""")
RELEASE_GLOSSARY = _view("release_glossary", f"""
    SELECT b.release_date, s.term,
           CAST(ROW_NUMBER() OVER (PARTITION BY b.release_date ORDER BY s.sort_key)
                AS INTEGER) AS position, s.text_id
    FROM release_rulebook b JOIN glossary_span s ON {IN_SPAN}""")
V_RULE = _view("v_rule", f"""
    SELECT b.release_date, s.number, t.text
    FROM release_rulebook b JOIN rule_span s ON {IN_SPAN}
    JOIN rulebook_text t ON t.id = s.text_id""")
V_GLOSSARY = _view("v_glossary", f"""
    SELECT b.release_date, s.term, t.text
    FROM release_rulebook b JOIN glossary_span s ON {IN_SPAN}
    JOIN rulebook_text t ON t.id = s.text_id""")
# One row per distinct text of a rule (entry): the first and last release printing it and how
# many do (fewer than the releases between them when a text came back).
V_RULE_VERSION = _view("v_rule_version", f"""
    SELECT s.number, MIN(s.first_release) AS first_release,
           MAX(s.last_release) AS last_release, COUNT(*) AS releases, t.text, t.examples
    FROM release_rulebook b JOIN rule_span s ON {IN_SPAN}
    JOIN rulebook_text t ON t.id = s.text_id
    GROUP BY s.number, t.id, t.text, t.examples""")
V_GLOSSARY_VERSION = _view("v_glossary_version", f"""
    SELECT s.term, MIN(s.first_release) AS first_release,
           MAX(s.last_release) AS last_release, COUNT(*) AS releases, t.text
    FROM release_rulebook b JOIN glossary_span s ON {IN_SPAN}
    JOIN rulebook_text t ON t.id = s.text_id
    GROUP BY s.term, t.id, t.text""")
IN_LINEAGE = "b.release_date BETWEEN l.first_release AND l.last_release"
V_RULE_LINEAGE = _view("v_rule_lineage", f"""
    SELECT b.release_date, s.number, s.occurrence, l.lineage,
           CASE WHEN k.how IS NULL THEN s.number ELSE k.from_number END AS from_number,
           COALESCE(k.how, 'same') AS how, COALESCE(k.similarity, 1.0) AS similarity,
           COALESCE(k.uncertain, FALSE) AS uncertain
    FROM release_rulebook b
    JOIN rule_span s ON {IN_SPAN}
    JOIN rule_lineage l ON l.number = s.number AND l.occurrence = s.occurrence
     AND {IN_LINEAGE}
    LEFT JOIN rule_link k ON k.release_date = b.release_date AND k.number = s.number
     AND k.occurrence = s.occurrence AND k.how <> 'merged'""")
# Created in this order, dropped in reverse: a view reads only tables and the views above it.
# Why a rule changed, as Wizards' update bulletin on the release said it: one row per rule a
# bulletin entry names, beside the bulletin it was read from.
V_RULE_CHANGE_REASON = _view("v_rule_change_reason", """
    SELECT e.release_date, r.rule, e.position, e.kind, e.heading, e.why, e.note,
           b.title AS bulletin, b.published, b.url, b.archived_url
    FROM bulletin_entry e
    JOIN bulletin_entry_rule r ON r.release_date = e.release_date AND r.position = e.position
    JOIN release_bulletin b ON b.release_date = e.release_date""")

VIEWS = [V_RELEASE, V_CARD_TYPE, V_SUPERTYPE, V_CATEGORY, V_SUBTYPE, V_KEYWORD, V_RENAME,
         V_RELEASE_PAIR, V_RELEASE_CHANGE, V_LIFETIME, V_LISTED_SPAN, V_CATEGORY_SIZE,
         V_RELEASE_NOTE, RELEASE_RULE,
         RELEASE_GLOSSARY, V_RULE, V_GLOSSARY, V_RULE_VERSION, V_GLOSSARY_VERSION,
         V_RULE_LINEAGE, V_RULE_CHANGE_REASON]

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
SQLITE_SEARCH_DROPPED = ["DROP TRIGGER rulebook_text_fts_delete",
                         "DROP TRIGGER rulebook_text_fts_insert", "DROP TABLE rulebook_fts"]
POSTGRESQL_SEARCH = [
    "ALTER TABLE rulebook_text ADD COLUMN search tsvector GENERATED ALWAYS AS "
    "(to_tsvector('english', text || ' ' || examples)) STORED",
    "CREATE INDEX ix_rulebook_text_search ON rulebook_text USING GIN (search)",
]


def _release_key(table: str, column: str = "release_date",
                 referred: str = "release") -> sa.ForeignKeyConstraint:
    target = "release.effective_date" if referred == "release" else f"{referred}.release_date"
    return sa.ForeignKeyConstraint([column], [target], name=f"fk_{table}_{column}_{referred}")


def _release_subtype_key(table: str, name: str = "name") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["release_date", "category", name],
        ["release_subtype.release_date", "release_subtype.category", "release_subtype.name"],
        name=f"fk_{table}_release_date_release_subtype")


def _names() -> None:
    """Every name any release uses, once: the vocabulary the per-release tables refer to."""
    for table in ("card_type", "supertype", "category"):
        op.create_table(table, sa.Column("name", NAME, nullable=False),
                        sa.PrimaryKeyConstraint("name", name=f"pk_{table}"))
    op.create_table(
        "subtype",
        sa.Column("category", NAME, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.PrimaryKeyConstraint("category", "name", name="pk_subtype"),
        sa.ForeignKeyConstraint(["category"], ["category.name"],
                                name="fk_subtype_category_category"),
    )


def _vocabulary() -> None:
    """What each release lists of the type line (205.2a, 205.3, 205.4a, 305.6)."""
    op.create_table(
        "release_card_type",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("card_type", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.Column("section", RULE, nullable=True),
        sa.PrimaryKeyConstraint("release_date", "card_type", name="pk_release_card_type"),
        _release_key("release_card_type"),
        sa.ForeignKeyConstraint(["card_type"], ["card_type.name"],
                                name="fk_release_card_type_card_type_card_type"),
    )
    op.create_table(
        "release_supertype",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("supertype", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "supertype", name="pk_release_supertype"),
        _release_key("release_supertype"),
        sa.ForeignKeyConstraint(["supertype"], ["supertype.name"],
                                name="fk_release_supertype_supertype_supertype"),
    )
    op.create_table(
        "release_category",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", name="pk_release_category"),
        sa.UniqueConstraint("release_date", "rule", name="uq_release_category_release_date_rule"),
        _release_key("release_category"),
        sa.ForeignKeyConstraint(["category"], ["category.name"],
                                name="fk_release_category_category_category"),
    )
    op.create_table(
        "release_category_card_type",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("card_type", NAME, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "card_type",
                                name="pk_release_category_card_type"),
        sa.ForeignKeyConstraint(
            ["release_date", "category"],
            ["release_category.release_date", "release_category.category"],
            name="fk_release_category_card_type_release_date_release_category"),
        sa.ForeignKeyConstraint(
            ["release_date", "card_type"],
            ["release_card_type.release_date", "release_card_type.card_type"],
            name="fk_release_category_card_type_release_date_release_card_type"),
    )
    op.create_table(
        "release_subtype",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "name", name="pk_release_subtype"),
        sa.ForeignKeyConstraint(
            ["release_date", "category"],
            ["release_category.release_date", "release_category.category"],
            name="fk_release_subtype_release_date_release_category"),
        sa.ForeignKeyConstraint(["category", "name"], ["subtype.category", "subtype.name"],
                                name="fk_release_subtype_category_subtype"),
    )
    # history: from a subtype to the releases listing it.
    op.create_index("ix_release_subtype_category_name", "release_subtype", ["category", "name"])
    op.create_table(
        "basic_land_type",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "name", "rule", name="pk_basic_land_type"),
        _release_subtype_key("basic_land_type"),
        sa.CheckConstraint("category = 'land'", name=op.f("ck_basic_land_type_land")),
    )
    op.create_table(
        "subtype_reference",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "name", "rule",
                                name="pk_subtype_reference"),
        _release_subtype_key("subtype_reference"),
    )
    op.create_table(
        "supertype_reference",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("supertype", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.Column("cited_in", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "supertype", "rule",
                                name="pk_supertype_reference"),
        sa.ForeignKeyConstraint(
            ["release_date", "supertype"],
            ["release_supertype.release_date", "release_supertype.supertype"],
            name="fk_supertype_reference_release_date_release_supertype"),
    )
    op.create_table(
        "rule_text",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", RULE, nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_rule_text"),
        _release_key("rule_text"),
    )
    op.create_table(
        "release_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),  # 1, 2, ... in the file's order
        sa.Column("rule", RULE, nullable=True),  # NULL: the file as a whole
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_release_note"),
        _release_key("release_note"),
    )


def _successions() -> None:
    """Curated renames and merges: facts the CR's lists do not state."""
    op.create_table(
        "card_type_rename",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("old_name", NAME, nullable=False),
        sa.Column("new_name", NAME, nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "old_name", name="pk_card_type_rename"),
        sa.ForeignKeyConstraint(["old_name"], ["card_type.name"],
                                name="fk_card_type_rename_old_name_card_type"),
        sa.ForeignKeyConstraint(
            ["release_date", "new_name"],
            ["release_card_type.release_date", "release_card_type.card_type"],
            name="fk_card_type_rename_release_date_release_card_type"),
    )
    # A rename has one new name; a merge may give a type's cards several (Mage → Human Wizard).
    for table, key in (("subtype_rename", ()), ("subtype_merge", ("new_name",))):
        op.create_table(
            table,
            sa.Column("release_date", sa.Date(), nullable=False),
            sa.Column("category", NAME, nullable=False),
            sa.Column("old_name", NAME, nullable=False),
            sa.Column("new_name", NAME, nullable=False),
            sa.Column("rule", RULE, nullable=False),
            sa.PrimaryKeyConstraint("release_date", "category", "old_name", *key,
                                    name=f"pk_{table}"),
            sa.ForeignKeyConstraint(["category", "old_name"],
                                    ["subtype.category", "subtype.name"],
                                    name=f"fk_{table}_category_subtype"),
            _release_subtype_key(table, "new_name"),
        )
    # A merged type's cards as a later Oracle re-typed them: a second fact, after the dated one.
    op.create_table(
        "subtype_merge_later",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("category", NAME, nullable=False),
        sa.Column("old_name", NAME, nullable=False),
        sa.Column("new_name", NAME, nullable=False),
        sa.Column("as_of", sa.Date(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "category", "old_name", "new_name",
                                name="pk_subtype_merge_later"),
        sa.ForeignKeyConstraint(["category", "old_name"], ["subtype.category", "subtype.name"],
                                name="fk_subtype_merge_later_category_subtype"),
        _release_key("subtype_merge_later"),
    )


def _rulebook() -> None:
    """Every rule and glossary entry of every release, each distinct text once."""
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
        _release_key("release_rulebook"),
    )
    op.create_table(
        "release_rulebook_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "position", name="pk_release_rulebook_note"),
        _release_key("release_rulebook_note", referred="release_rulebook"),
    )
    spans = (("rule_span", [sa.Column("number", RULE, nullable=False),
                            sa.Column("occurrence", sa.Integer(), nullable=False)]),
             ("glossary_span", [sa.Column("term", TERM, nullable=False)]))
    for table, names in spans:
        op.create_table(
            table, *names,
            sa.Column("first_release", sa.Date(), nullable=False),
            sa.Column("last_release", sa.Date(), nullable=False),
            sa.Column("sort_key", SORT_KEY, nullable=False),
            sa.Column("text_id", TEXT_ID, nullable=False),
            sa.PrimaryKeyConstraint(*(column.name for column in names), "first_release",
                                    name=f"pk_{table}"),
            _release_key(table, "first_release", "release_rulebook"),
            _release_key(table, "last_release", "release_rulebook"),
            sa.ForeignKeyConstraint(["text_id"], ["rulebook_text.id"],
                                    name=f"fk_{table}_text_id_rulebook_text"),
            sa.CheckConstraint("first_release <= last_release", name=op.f(f"ck_{table}_ordered")),
            sqlite_with_rowid=False,
        )
        # From a text to the spans printing it (search; deleting a text checks none does).
        op.create_index(f"ix_{table}_text_id", table, ["text_id"])
        # The ends' foreign keys: unloading a release checks no span still ends at it.
        op.create_index(f"ix_{table}_last_release", table, ["last_release"])
    statements = SQLITE_SEARCH if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_SEARCH
    for statement in statements:
        op.execute(statement)


def _keywords() -> None:
    """Keyword abilities, keyword actions and ability words, as each release titles them."""
    op.create_table(
        "keyword",
        sa.Column("kind", KIND, nullable=False),
        sa.Column("name", KEYWORD, nullable=False),
        sa.PrimaryKeyConstraint("kind", "name", name="pk_keyword"),
        sa.CheckConstraint(KEYWORD_KINDS, name=op.f("ck_keyword_kind")),
    )
    op.create_table(
        "release_keyword",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("kind", KIND, nullable=False),
        sa.Column("name", KEYWORD, nullable=False),
        sa.Column("rule", KEYWORD_RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "kind", "name", name="pk_release_keyword"),
        # From the rulebook it was read from: unloading a rulebook unloads these first.
        _release_key("release_keyword", referred="release_rulebook"),
        sa.ForeignKeyConstraint(["kind", "name"], ["keyword.kind", "keyword.name"],
                                name="fk_release_keyword_kind_keyword"),
    )
    # history: from a keyword to the releases listing it.
    op.create_index("ix_release_keyword_kind_name", "release_keyword", ["kind", "name"])
    op.create_table(
        "release_keyword_note",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("rule", KEYWORD_RULE, nullable=True),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", "number", name="pk_release_keyword_note"),
        _release_key("release_keyword_note", referred="release_rulebook"),
    )
    op.create_table(
        "keyword_rename",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("kind", KIND, nullable=False),
        sa.Column("old_name", KEYWORD, nullable=False),
        sa.Column("new_name", KEYWORD, nullable=False),
        sa.Column("rule", KEYWORD_RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "kind", "old_name", name="pk_keyword_rename"),
        sa.CheckConstraint(KEYWORD_KINDS, name=op.f("ck_keyword_rename_kind")),
        _release_key("keyword_rename"),
    )


def _release_facts() -> None:
    """What is known of a release beyond its text: the set it came with, and each rule's
    lineage (the same rule followed through renumbering and rewording)."""
    op.create_table(
        "release_set",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.PrimaryKeyConstraint("release_date", name="pk_release_set"),
        _release_key("release_set"),
    )
    # A release printing a new set's rules whose product no source names: not between sets.
    op.create_table(
        "release_set_unknown",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("release_date", name="pk_release_set_unknown"),
        _release_key("release_set_unknown"),
    )
    op.create_table(
        "rule_lineage",
        sa.Column("number", RULE, nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),
        sa.Column("first_release", sa.Date(), nullable=False),
        sa.Column("last_release", sa.Date(), nullable=False),
        sa.Column("lineage", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("number", "occurrence", "first_release",
                                name="pk_rule_lineage"),
        _release_key("rule_lineage", "first_release", "release_rulebook"),
        _release_key("rule_lineage", "last_release", "release_rulebook"),
        sa.CheckConstraint("first_release <= last_release", name=op.f("ck_rule_lineage_ordered")),
        sqlite_with_rowid=False,
    )
    # From a lineage to every number it had; the ends' foreign keys, as for the spans.
    op.create_index("ix_rule_lineage_lineage", "rule_lineage", ["lineage"])
    op.create_index("ix_rule_lineage_last_release", "rule_lineage", ["last_release"])
    op.create_table(
        "rule_link",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("number", RULE, nullable=False),
        sa.Column("occurrence", sa.Integer(), nullable=False),
        sa.Column("from_number", RULE, nullable=True),
        sa.Column("from_occurrence", sa.Integer(), nullable=True),
        sa.Column("how", sa.String(32), nullable=False),
        sa.Column("similarity", sa.Float(), nullable=False),
        sa.Column("uncertain", sa.Boolean(create_constraint=False), nullable=False),
        _release_key("rule_link", referred="release_rulebook"),
        sa.CheckConstraint(LINK_HOWS, name=op.f("ck_rule_link_how")),
        sa.CheckConstraint("(how = 'new') = (from_number IS NULL)",
                           name=op.f("ck_rule_link_source")),
    )
    # A rule has one link to the rule it continues, and a merged rule one link to the rule that
    # took its words (a rule may take several): one key each, not one key for the table.
    op.create_index("uq_rule_link_rule", "rule_link", ["release_date", "number", "occurrence"],
                    unique=True, sqlite_where=sa.text("how <> 'merged'"),
                    postgresql_where=sa.text("how <> 'merged'"))
    op.create_index("uq_rule_link_merged", "rule_link",
                    ["release_date", "from_number", "from_occurrence"], unique=True,
                    sqlite_where=sa.text("how = 'merged'"),
                    postgresql_where=sa.text("how = 'merged'"))


def _bulletins() -> None:
    """Wizards' update bulletin on a release (curated, rulesdb/authoring/curated/bulletins/):
    the bulletin, its entries (the reason Wizards gave, as written) and the rules each names."""
    op.create_table(
        "release_bulletin",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("title", sa.String(255), nullable=False),
        sa.Column("published", sa.Date(), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("archived_url", sa.Text(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("curated", sa.Boolean(create_constraint=False), nullable=False),
        sa.PrimaryKeyConstraint("release_date", name="pk_release_bulletin"),
        _release_key("release_bulletin"),
    )
    op.create_table(
        "bulletin_entry",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", KIND, nullable=False),
        sa.Column("heading", sa.String(255), nullable=False),
        sa.Column("why", sa.Text(), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("release_date", "position", name="pk_bulletin_entry"),
        _release_key("bulletin_entry", referred="release_bulletin"),
        sa.CheckConstraint("kind IN ('rule', 'renumbering', 'subtypes', 'glossary', 'document')",
                           name=op.f("ck_bulletin_entry_kind")),
    )
    op.create_table(
        "bulletin_entry_rule",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("rule", RULE, nullable=False),
        sa.PrimaryKeyConstraint("release_date", "position", "rule",
                                name="pk_bulletin_entry_rule"),
        sa.ForeignKeyConstraint(["release_date", "position"],
                                ["bulletin_entry.release_date", "bulletin_entry.position"],
                                name="fk_bulletin_entry_rule_release_date_bulletin_entry"),
    )
    # From a rule to the reasons given for it, release by release.
    op.create_index("ix_bulletin_entry_rule_rule", "bulletin_entry_rule", ["rule"])


def upgrade() -> None:
    op.create_table(
        "release",
        sa.Column("effective_date", sa.Date(), nullable=False),
        sa.Column("source_file", sa.String(255), nullable=False),
        sa.Column("source_sha256", sa.String(64), nullable=False),
        sa.Column("seed_sha256", sa.String(64), nullable=False),
        sa.Column("revision", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("effective_date", name="pk_release"),
        sa.UniqueConstraint("revision", name="uq_release_revision"),
    )
    _names()
    _vocabulary()
    _successions()
    _rulebook()
    _keywords()
    _release_facts()
    _bulletins()
    for view in VIEWS:
        op.create_view(view)
    comment_tables()


# Every table, children before parents: the order they are dropped in.
TABLES = ("bulletin_entry_rule", "bulletin_entry", "release_bulletin",
          "rule_link", "rule_lineage", "release_set_unknown", "release_set",
          "keyword_rename", "release_keyword_note", "release_keyword", "keyword",
          "glossary_span", "rule_span", "release_rulebook_note", "release_rulebook",
          "rulebook_text", "subtype_merge_later", "subtype_merge", "subtype_rename",
          "card_type_rename", "release_note",
          "rule_text", "supertype_reference", "subtype_reference", "basic_land_type",
          "release_subtype", "release_category_card_type", "release_category",
          "release_supertype", "release_card_type", "subtype", "category", "supertype",
          "card_type", "release")


def downgrade() -> None:
    for view in reversed(VIEWS):
        op.drop_view(view)
    if op.get_bind().dialect.name == "sqlite":
        for statement in SQLITE_SEARCH_DROPPED:
            op.execute(statement)
    for table in TABLES:
        op.drop_table(table)  # its indexes (and PostgreSQL comments) go with it
    # Alembic keeps its own table (empty) after the last downgrade: without this comment.
    comment_on(op, "alembic_version", None, dict.fromkeys(DESCRIBED["alembic_version"][1]))


def comment_tables() -> None:
    """The tables' and columns' comments (PostgreSQL): those of the objects this backend has
    (SQLite's FTS5 table and PostgreSQL's tsvector column are each one backend's own)."""
    if op.get_bind().dialect.name != "postgresql":
        return
    present: dict[str, set[str]] = {}
    for table, column in op.get_bind().exec_driver_sql(
            "SELECT c.table_name, c.column_name FROM information_schema.columns c "
            "JOIN information_schema.tables t USING (table_schema, table_name) "
            "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'"):
        present.setdefault(table, set()).add(column)
    for table, (description, columns) in DESCRIBED.items():
        if table in present:
            comment_on(op, table, description,
                       {name: text for name, text in columns.items() if name in present[table]})
