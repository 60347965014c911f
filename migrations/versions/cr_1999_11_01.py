"""CR release effective 1999-11-01 (MagicCompRules-19991101.txt).

Revision ID: cr_1999_11_01
Revises: cr_1999_04_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_1999_11_01"
down_revision: str | None = "cr_1999_04_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_1999_11_01.json"
SEED_SHA256 = "3784c98e91f08801c6139bd7658a2006aca28220822e0378514b5471758278a3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
