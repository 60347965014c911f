"""Views: the release in force on a date, as one condition (in_force_from, in_force_until).

Revision ID: views_in_force
Revises: constraint_names

Adds ``v_release`` (one row per release: in_force_from is its effective date, in_force_until
the next release's, exclusive, NULL for the latest) and the same two columns, last, on the
per-release views v_card_type, v_supertype, v_category and v_subtype. The release in force
on a date D is then, on both backends:

    in_force_from <= 'D' AND (in_force_until > 'D' OR in_force_until IS NULL)

Computed from the release table by the views themselves, so later releases need nothing
from this revision. The downgrade drops the new view and restores the four views exactly as
0002_views created them (their SQL is repeated here: a shipped revision never changes, and
this one must not depend on that one's module).
"""

from collections.abc import Sequence

from alembic import op

revision: str = "views_in_force"
down_revision: str | None = "constraint_names"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Created in this order, dropped in reverse: the per-release views read v_release.
NEW_VIEWS: list[tuple[str, str]] = [
    ("v_release", """
        SELECT effective_date AS release_date, effective_date AS in_force_from,
               LEAD(effective_date) OVER (ORDER BY effective_date) AS in_force_until,
               source_file, revision
        FROM release"""),
    ("v_card_type", """
        SELECT t.release_date, t.card_type AS name, t.rule, t.section,
               r.in_force_from, r.in_force_until
        FROM release_card_type t
        JOIN v_release r ON r.release_date = t.release_date"""),
    ("v_supertype", """
        SELECT t.release_date, t.supertype AS name, t.rule,
               r.in_force_from, r.in_force_until
        FROM release_supertype t
        JOIN v_release r ON r.release_date = t.release_date"""),
    ("v_category", """
        SELECT c.release_date, c.category, c.rule, t.card_type,
               r.in_force_from, r.in_force_until
        FROM release_category c
        JOIN release_category_card_type t
          ON t.release_date = c.release_date AND t.category = c.category
        JOIN v_release r ON r.release_date = c.release_date"""),
    ("v_subtype", """
        SELECT s.release_date, s.category, s.name, c.rule,
               r.in_force_from, r.in_force_until
        FROM release_subtype s
        JOIN release_category c
          ON c.release_date = s.release_date AND c.category = s.category
        JOIN v_release r ON r.release_date = s.release_date"""),
]

# The four views as 0002_views created them, byte for byte.
OLD_VIEWS: list[tuple[str, str]] = [
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
]


def upgrade() -> None:
    for name, _ in reversed(OLD_VIEWS):
        op.execute(f"DROP VIEW {name}")
    for name, select in NEW_VIEWS:
        op.execute(f"CREATE VIEW {name} AS {select.strip()}")


def downgrade() -> None:
    for name, _ in reversed(NEW_VIEWS):
        op.execute(f"DROP VIEW {name}")
    for name, select in OLD_VIEWS:
        op.execute(f"CREATE VIEW {name} AS {select.strip()}")
