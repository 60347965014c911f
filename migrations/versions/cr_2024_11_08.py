"""CR release effective 2024-11-08 (MagicCompRules-20241108.txt).

Revision ID: cr_2024_11_08
Revises: cr_2024_09_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_11_08"
down_revision: str | None = "cr_2024_09_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_11_08.json"
SEED_SHA256 = "46e3fe00b9daf73e19d1b514be17e49d5fb498c67d39d526bc4bf21260dd4875"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
