"""The rulebook's membership as spans of releases: one row per rule version, not per release.

Revision ID: rulebook_spans
Revises: keywords

``release_rule`` and ``release_glossary`` held one row per rule (entry) per release: 287,000
rows for 135 releases, 27 MB of the SQLite file with their indexes, though a rule's text
changes rarely. Here they become ``rule_span`` and ``glossary_span`` (built and maintained by
``rulesdb_loaders.rulebook_v2``): one row per run of consecutive releases printing the same
number with the same text at the same place, its first and last release as the ends (25,000
and 7,000 rows). ``rulebook_schema`` kept membership rows because ranges must be split and
joined when releases are loaded out of date order; ``rulebook_v2`` does exactly that, keeps
the spans maximal, and the tests check it against spans rebuilt from scratch in any order.

The old names stay as views with the same columns (``position`` is the row's rank by the
sort key within its release), so queries and the frozen keyword loader read them unchanged;
``v_rule`` and friends read the spans. The downgrade rebuilds the two tables, row for row.
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.comments_v1 import comment_on, frozen
from rulesdb_loaders.rulebook_v1 import checks_after
from rulesdb_loaders.rulebook_v2 import (
    GLOSSARY,
    RULES,
    insert_spans,
    maximal_spans,
    rule_order_key,
    sort_keys,
    term_order_key,
)

revision: str = "rulebook_spans"
down_revision: str | None = "keywords"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RULE = sa.String(16)
TERM = sa.String(255)
TEXT_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
# Compared bytewise on both backends (SQLite's default; PostgreSQL's "C" collation).
SORT_KEY = sa.Text().with_variant(sa.Text(collation="C"), "postgresql")

# A release lies in a span when its date is between the two ends: the one criterion.
IN_SPAN = "b.release_date BETWEEN s.first_release AND s.last_release"
NEW_VIEWS: list[tuple[str, str]] = [
    ("release_rule", f"""
        SELECT b.release_date, s.number, s.occurrence,
               CAST(ROW_NUMBER() OVER (PARTITION BY b.release_date ORDER BY s.sort_key)
                    AS INTEGER) AS position, s.text_id
        FROM release_rulebook b JOIN rule_span s ON {IN_SPAN}"""),
    ("release_glossary", f"""
        SELECT b.release_date, s.term,
               CAST(ROW_NUMBER() OVER (PARTITION BY b.release_date ORDER BY s.sort_key)
                    AS INTEGER) AS position, s.text_id
        FROM release_rulebook b JOIN glossary_span s ON {IN_SPAN}"""),
    ("v_rule", f"""
        SELECT b.release_date, s.number, t.text
        FROM release_rulebook b JOIN rule_span s ON {IN_SPAN}
        JOIN rulebook_text t ON t.id = s.text_id"""),
    ("v_glossary", f"""
        SELECT b.release_date, s.term, t.text
        FROM release_rulebook b JOIN glossary_span s ON {IN_SPAN}
        JOIN rulebook_text t ON t.id = s.text_id"""),
    ("v_rule_version", f"""
        SELECT s.number, MIN(s.first_release) AS first_release,
               MAX(s.last_release) AS last_release, COUNT(*) AS releases, t.text, t.examples
        FROM release_rulebook b JOIN rule_span s ON {IN_SPAN}
        JOIN rulebook_text t ON t.id = s.text_id
        GROUP BY s.number, t.id, t.text, t.examples"""),
    ("v_glossary_version", f"""
        SELECT s.term, MIN(s.first_release) AS first_release,
               MAX(s.last_release) AS last_release, COUNT(*) AS releases, t.text
        FROM release_rulebook b JOIN glossary_span s ON {IN_SPAN}
        JOIN rulebook_text t ON t.id = s.text_id
        GROUP BY s.term, t.id, t.text"""),
]
# rulebook_schema's views, byte for byte, for the downgrade.
OLD_VIEWS: list[tuple[str, str]] = [
    ("v_rule", """
        SELECT r.release_date, r.number, t.text
        FROM release_rule r JOIN rulebook_text t ON t.id = r.text_id"""),
    ("v_glossary", """
        SELECT g.release_date, g.term, t.text
        FROM release_glossary g JOIN rulebook_text t ON t.id = g.text_id"""),
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

# The same text as their lines in rulesdb/store/descriptions.toml (PostgreSQL only).
FIRST = "Effective date of the first release of the run (release_rulebook.release_date)."
LAST = ("Effective date of the last release of the run; every release with a rulebook from "
        "first_release to last_release prints this row.")
SORT = ("Where the release prints it, as a key sorting bytewise into file order: the natural "
        "order of numbers (terms), or for one printed out of order the previous row's key, a "
        "unit separator (U+001F) and its own.")
POSITION = "Order in the release's file (1 = first): the row's rank by rule_span.sort_key."
COMMENTS: list[tuple[str, str, dict[str, str]]] = [
    ("rule_span", "One row per run of consecutive releases printing a numbered rule with the "
                  "same text at the same place: each version of a rule stored once.",
     {"number": "The rule's number as printed: 7, 704, 704.5, 704.5j.",
      "occurrence": "1; 2 (and so on) when a release prints the same number again (702.175 "
                    "in 2024-09-20).",
      "first_release": FIRST, "last_release": LAST, "sort_key": SORT,
      "text_id": "Its text and examples (rulebook_text.id)."}),
    ("glossary_span", "One row per run of consecutive releases printing a glossary entry with "
                      "the same definition at the same place.",
     {"term": "The glossary term as printed (Subtype, Trample).",
      "first_release": FIRST, "last_release": LAST, "sort_key": SORT,
      "text_id": "Its definition (rulebook_text.id)."}),
    ("release_rule", "View: one row per numbered rule (section 7, rule 704, subrule 704.5j) "
                     "printed by a release, pointing to its text (from rule_span).",
     {"release_date": "Effective date of the release.",
      "number": "The rule's number as printed: 7, 704, 704.5, 704.5j.",
      "occurrence": "1; 2 (and so on) when the release prints the same number again "
                    "(702.175 in 2024-09-20).",
      "position": POSITION, "text_id": "Its text and examples (rulebook_text.id)."}),
    ("release_glossary", "View: one row per glossary entry printed by a release, pointing to "
                         "its definition (from glossary_span).",
     {"release_date": "Effective date of the release.",
      "term": "The glossary term as printed (Subtype, Trample).",
      "position": "Order of the entry in the release's glossary (1 = first): its rank by "
                  "glossary_span.sort_key.",
      "text_id": "Its definition (rulebook_text.id)."}),
]
VIEW_NAMES = [name for name, _ in OLD_VIEWS]
DESCRIBED_BEFORE = "descriptions_v1.toml"  # what comments_v1 set on the objects replaced here


def upgrade() -> None:
    _create_span_table(RULES.name, [sa.Column("number", RULE, nullable=False),
                                    sa.Column("occurrence", sa.Integer(), nullable=False)],
                       ["number", "occurrence"])
    _create_span_table(GLOSSARY.name, [sa.Column("term", TERM, nullable=False)], ["term"])
    bind = op.get_bind()
    days = [row[0] for row in bind.execute(sa.text(
        "SELECT release_date FROM release_rulebook ORDER BY release_date"))]
    rules = _members(bind, "SELECT release_date, number, occurrence, text_id FROM release_rule "
                           "ORDER BY release_date, position",
                     lambda row: rule_order_key(row[1]))
    terms = _members(bind, "SELECT release_date, term, text_id FROM release_glossary "
                           "ORDER BY release_date, position",
                     lambda row: term_order_key(row[1]))
    insert_spans(bind, RULES, maximal_spans(days, rules))
    insert_spans(bind, GLOSSARY, maximal_spans(days, terms))
    for name in reversed(VIEW_NAMES):
        op.execute(f"DROP VIEW {name}")
    op.drop_index("ix_release_glossary_text_id_release_date", table_name="release_glossary")
    op.drop_table("release_glossary")
    op.drop_index("ix_release_rule_text_id_release_date", table_name="release_rule")
    op.drop_table("release_rule")
    for name, select in NEW_VIEWS:
        op.execute(f"CREATE VIEW {name} AS {select.strip()}")
    for table, description, columns in COMMENTS:
        comment_on(table, description, columns)
    _comment_views(VIEW_NAMES)
    if bind.dialect.name == "postgresql":
        for table in (RULES.name, GLOSSARY.name):
            bind.exec_driver_sql(f"ANALYZE {table}")


def downgrade() -> None:
    for name, _ in reversed(NEW_VIEWS):
        op.execute(f"DROP VIEW {name}")
    # rulebook_schema's tables, as it created them.
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
    for table, names in (("rule", "s.number, s.occurrence"), ("glossary", "s.term")):
        with checks_after(op.get_bind(), f"release_{table}"):  # 287,000 rows: checked once
            op.execute(f"""
                INSERT INTO release_{table} (release_date, {names.replace('s.', '')},
                                             position, text_id)
                SELECT b.release_date, {names},
                       ROW_NUMBER() OVER (PARTITION BY b.release_date ORDER BY s.sort_key),
                       s.text_id
                FROM release_rulebook b JOIN {table}_span s ON {IN_SPAN}""")
    for name, select in OLD_VIEWS:
        op.execute(f"CREATE VIEW {name} AS {select.strip()}")
    _comment_views(["release_rule", "release_glossary", *VIEW_NAMES])
    op.drop_table(GLOSSARY.name)
    op.drop_table(RULES.name)


def _create_span_table(name: str, names: list[sa.Column], key: list[str]) -> None:
    op.create_table(
        name, *names,
        sa.Column("first_release", sa.Date(), nullable=False),
        sa.Column("last_release", sa.Date(), nullable=False),
        sa.Column("sort_key", SORT_KEY, nullable=False),
        sa.Column("text_id", TEXT_ID, nullable=False),
        sa.PrimaryKeyConstraint(*key, "first_release", name=f"pk_{name}"),
        sa.ForeignKeyConstraint(["first_release"], ["release_rulebook.release_date"],
                                name=f"fk_{name}_first_release_release_rulebook"),
        sa.ForeignKeyConstraint(["last_release"], ["release_rulebook.release_date"],
                                name=f"fk_{name}_last_release_release_rulebook"),
        sa.ForeignKeyConstraint(["text_id"], ["rulebook_text.id"],
                                name=f"fk_{name}_text_id_rulebook_text"),
        sa.CheckConstraint("first_release <= last_release", name=f"ck_{name}_ordered"),
        sqlite_with_rowid=False,
    )
    # From a text to the spans printing it (search; deleting a text checks none still does).
    op.create_index(f"ix_{name}_text_id", name, ["text_id"])
    # The ends' foreign keys: unloading a release checks no span still ends at it.
    op.create_index(f"ix_{name}_last_release", name, ["last_release"])


def _members(bind: sa.Connection, query: str, natural: Any) -> dict[Any, set[tuple[Any, ...]]]:
    """What each release prints: its rows in file order with their sort keys appended."""
    by_day: dict[Any, list[tuple[Any, ...]]] = {}
    for row in bind.exec_driver_sql(query).fetchall():  # plain tuples: 287,000 of them
        by_day.setdefault(row[0], []).append(row)
    members = {}
    for day, rows in by_day.items():
        keys = sort_keys([natural(row) for row in rows])
        if sorted(set(keys)) != keys:  # cannot happen (see rulebook_v2.sort_keys): refuse
            raise RuntimeError(f"release {day}: its order cannot be kept as sort keys")
        members[day] = {(*row[1:-1], key, row[-1]) for row, key in zip(rows, keys, strict=True)}
    return members


def _comment_views(names: list[str]) -> None:
    """Views dropped and created again lose their PostgreSQL comments: set comments_v1's."""
    described = frozen(DESCRIBED_BEFORE)
    for name in names:
        description, columns = described[name]
        comment_on(name, description, columns)
