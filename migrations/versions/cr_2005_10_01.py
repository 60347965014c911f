"""CR release effective 2005-10-01 (MagicCompRules-20051001.txt).

Revision ID: cr_2005_10_01
Revises: cr_2005_08_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2005_10_01"
down_revision: str | None = "cr_2005_08_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2005_10_01.json"
SEED_SHA256 = "91ac0eba3c976172e13595a03541e0f9a473d351e87add8691780655e094b49b"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
