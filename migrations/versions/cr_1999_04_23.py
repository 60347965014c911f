"""CR release effective 1999-04-23 (MagicCompRules-19990423.txt).

Revision ID: cr_1999_04_23
Revises: 0001_schema
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_1999_04_23"
down_revision: str | None = "0001_schema"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_1999_04_23.json"
SEED_SHA256 = "a3e352c31e376784be948645543bc3730d73448b8df61b1109ee6ed4fb0121f3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
