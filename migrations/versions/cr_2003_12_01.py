"""CR release effective 2003-12-01 (MagicCompRules-20031201.txt).

Revision ID: cr_2003_12_01
Revises: cr_2003_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_12_01"
down_revision: str | None = "cr_2003_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_12_01.json"
SEED_SHA256 = "a0aa57e1118cf8ae55acca9189e2bd74acd86981f681e62a952199582a77763e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
