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
SEED_SHA256 = "b5187705d1ff6957227dde9312b4f5fcdf56208932b637cd654aa5b8c8719bc6"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
