"""CR release effective 2023-09-01 (MagicCompRules-20230901.txt).

Revision ID: cr_2023_09_01
Revises: cr_2023_06_16
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2023_09_01"
down_revision: str | None = "cr_2023_06_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_09_01.json"
SEED_SHA256 = "e29c02c64b174f200678c1d82ecef1e28cbed782651d549f2334bc7145a5e6aa"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2023-09-01")
