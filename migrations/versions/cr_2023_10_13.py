"""CR release effective 2023-10-13 (MagicCompRules-20231013.txt).

Revision ID: cr_2023_10_13
Revises: cr_2023_09_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_10_13"
down_revision: str | None = "cr_2023_09_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_10_13.json"
SEED_SHA256 = "73f69398b3019292b51a8b9492c9dfabd0599735fcb1967df453c2b77bd44161"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
