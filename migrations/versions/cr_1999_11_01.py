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
SEED_SHA256 = "2f6aea2e0bec95db562f0358d600bf1ddfcf922114da38c3dabf369f2ad83dba"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
