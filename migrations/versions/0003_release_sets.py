"""Releases by set, their years, and the curated merges found after their releases shipped.

Revision ID: 0003_release_sets
Revises: 0002_lineage

``release_set`` holds the set or product each release came with (curated with cited sources:
rulesdb/authoring/curated/release_sets.toml); ``v_release`` gains ``year`` (an integer on both
backends) and ``set_code``, ``set_name``. The curated subtype merges found after their
release shipped (the Grand Creature Type Update of 2007-10-01: merges.toml entries
``loaded_by = "0003_release_sets"``) join ``subtype_merge``. The rows of the releases already
in the chain come from ``seeds/release_facts_0003.json``; each release after this revision
carries its own set in its seed, loaded through ``rulesdb_loaders.schema_0003``.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from rulesdb_loaders.objects import View, comment_on, descriptions
from rulesdb_loaders.schema_0003 import load_facts_seed, unload_facts_seed

revision: str = "0003_release_sets"
down_revision: str | None = "0002_lineage"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "release_facts_0003.json"
SEED_SHA256 = "6baaf6e5bac6d4783ce1f092237ff71bdb3dd59989784008282f06888109ceb8"
DESCRIBED = descriptions("descriptions_0003.toml")
V_RELEASE = View("v_release", """
    SELECT r.effective_date AS release_date, r.effective_date AS in_force_from,
           LEAD(r.effective_date) OVER (ORDER BY r.effective_date) AS in_force_until,
           r.source_file, r.revision,
           CAST(substr(CAST(r.effective_date AS VARCHAR(10)), 1, 4) AS INTEGER) AS year,
           s.code AS set_code, s.name AS set_name
    FROM release r
    LEFT JOIN release_set s ON s.release_date = r.effective_date""", *DESCRIBED["v_release"])
VIEWS = ()  # v_release is 0001_schema's, replaced here
TABLES = ("release_set",)


def upgrade() -> None:
    op.create_table(
        "release_set",
        sa.Column("release_date", sa.Date(), nullable=False),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.PrimaryKeyConstraint("release_date", name="pk_release_set"),
        sa.ForeignKeyConstraint(["release_date"], ["release.effective_date"],
                                name="fk_release_set_release_date_release"),
    )
    comment_on(op, "release_set", *DESCRIBED["release_set"])
    op.replace_view(V_RELEASE, replaces="0001_schema.V_RELEASE")
    load_facts_seed(SEED, SEED_SHA256)


def downgrade() -> None:
    unload_facts_seed(SEED, SEED_SHA256)
    op.replace_view(V_RELEASE, replace_with="0001_schema.V_RELEASE")
    op.drop_table("release_set")
