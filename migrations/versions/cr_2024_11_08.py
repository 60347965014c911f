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
SEED_SHA256 = "629907bf2170efd0229917882b82fadc246ba5609f03c0ec99ef74b0d9d43b54"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
