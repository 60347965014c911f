"""Views for analysts: the common questions without joins, alike on SQLite and PostgreSQL.

Revision ID: 0002_views
Revises: 0001_schema

Plain SQL both backends accept (window functions need SQLite >= 3.25). Date columns are the
tables' own: DATE on PostgreSQL, ISO text (YYYY-MM-DD) on SQLite; compare them with
'YYYY-MM-DD' literals and both behave the same (``rulesdb sql`` prints ISO dates on both).

A later revision that rebuilds a table these views read (Alembic batch mode on SQLite copies
and renames tables) must drop the views first and create them again afterwards.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0002_views"
down_revision: str | None = "0001_schema"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KIND = "VARCHAR(16)"
NAME = "VARCHAR(64)"

# (name, SELECT); created in this order, dropped in reverse (later views read earlier ones).
VIEWS: list[tuple[str, str]] = [
    ("v_card_type", """
        SELECT release_date, card_type AS name, rule, section
        FROM release_card_type"""),
    ("v_supertype", """
        SELECT release_date, supertype AS name, rule
        FROM release_supertype"""),
    ("v_category", """
        SELECT c.release_date, c.category, c.rule, t.card_type
        FROM release_category c
        JOIN release_category_card_type t
          ON t.release_date = c.release_date AND t.category = c.category"""),
    ("v_subtype", """
        SELECT s.release_date, s.category, s.name, c.rule
        FROM release_subtype s
        JOIN release_category c
          ON c.release_date = s.release_date AND c.category = s.category"""),
    ("v_rename", f"""
        SELECT release_date, CAST('card_type' AS {KIND}) AS kind,
               CAST(NULL AS {NAME}) AS category, old_name, new_name, rule
        FROM card_type_rename
        UNION ALL
        SELECT release_date, CAST('subtype' AS {KIND}), category, old_name, new_name, rule
        FROM subtype_rename"""),
    ("v_release_pair", """
        SELECT from_date, to_date
        FROM (SELECT effective_date AS from_date,
                     LEAD(effective_date) OVER (ORDER BY effective_date) AS to_date
              FROM release) pairs
        WHERE to_date IS NOT NULL"""),
    # One row per item added or removed from one release to the next. A curated rename shows
    # as its two rows, each naming the other side in renamed_from / renamed_to.
    ("v_release_change", f"""
        SELECT p.from_date, p.to_date, CAST('card_type' AS {KIND}) AS kind,
               CAST(NULL AS {NAME}) AS category, n.card_type AS name,
               CAST('added' AS {KIND}) AS change,
               r.old_name AS renamed_from, CAST(NULL AS {NAME}) AS renamed_to
        FROM v_release_pair p
        JOIN release_card_type n ON n.release_date = p.to_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.new_name = n.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type o
                          WHERE o.release_date = p.from_date AND o.card_type = n.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'card_type', NULL, o.card_type, 'removed',
               NULL, r.new_name
        FROM v_release_pair p
        JOIN release_card_type o ON o.release_date = p.from_date
        LEFT JOIN card_type_rename r
          ON r.release_date = p.to_date AND r.old_name = o.card_type
        WHERE NOT EXISTS (SELECT 1 FROM release_card_type n
                          WHERE n.release_date = p.to_date AND n.card_type = o.card_type)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, n.supertype, 'added', NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype n ON n.release_date = p.to_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype o
                          WHERE o.release_date = p.from_date AND o.supertype = n.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'supertype', NULL, o.supertype, 'removed', NULL, NULL
        FROM v_release_pair p
        JOIN release_supertype o ON o.release_date = p.from_date
        WHERE NOT EXISTS (SELECT 1 FROM release_supertype n
                          WHERE n.release_date = p.to_date AND n.supertype = o.supertype)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', n.category, n.name, 'added',
               r.old_name, NULL
        FROM v_release_pair p
        JOIN release_subtype n ON n.release_date = p.to_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = n.category AND r.new_name = n.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype o
                          WHERE o.release_date = p.from_date AND o.category = n.category
                            AND o.name = n.name)
        UNION ALL
        SELECT p.from_date, p.to_date, 'subtype', o.category, o.name, 'removed',
               NULL, r.new_name
        FROM v_release_pair p
        JOIN release_subtype o ON o.release_date = p.from_date
        LEFT JOIN subtype_rename r
          ON r.release_date = p.to_date AND r.category = o.category AND r.old_name = o.name
        WHERE NOT EXISTS (SELECT 1 FROM release_subtype n
                          WHERE n.release_date = p.to_date AND n.category = o.category
                            AND n.name = o.name)"""),
    # When each item was listed: first and last release, how many releases, and the first
    # release after the last one that lists it (NULL while the latest release lists it).
    ("v_lifetime", f"""
        SELECT l.kind, l.category, l.name, l.first_listed, l.last_listed, l.listed_in,
               (SELECT MIN(r.effective_date) FROM release r
                WHERE r.effective_date > l.last_listed) AS dropped_in
        FROM (SELECT CAST('card_type' AS {KIND}) AS kind, CAST(NULL AS {NAME}) AS category,
                     card_type AS name, MIN(release_date) AS first_listed,
                     MAX(release_date) AS last_listed, COUNT(*) AS listed_in
              FROM release_card_type GROUP BY card_type
              UNION ALL
              SELECT 'supertype', NULL, supertype, MIN(release_date), MAX(release_date),
                     COUNT(*)
              FROM release_supertype GROUP BY supertype
              UNION ALL
              SELECT 'subtype', category, name, MIN(release_date), MAX(release_date), COUNT(*)
              FROM release_subtype GROUP BY category, name) l"""),
]


def upgrade() -> None:
    for name, select in VIEWS:
        op.execute(f"CREATE VIEW {name} AS {select.strip()}")


def downgrade() -> None:
    for name, _ in reversed(VIEWS):
        op.execute(f"DROP VIEW {name}")
