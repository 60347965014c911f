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
SEED_SHA256 = "ace4e0d008e6d3f6f54a675960c2ee438b2b855526369304424383eb43b7e9cf"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
