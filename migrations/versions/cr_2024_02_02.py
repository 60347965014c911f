"""CR release effective 2024-02-02 (MagicCompRules-20240202.txt).

Revision ID: cr_2024_02_02
Revises: cr_2023_11_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_02_02"
down_revision: str | None = "cr_2023_11_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_02_02.json"
SEED_SHA256 = "942c1abf2e210c9a4b5cf307269c41b144e23dd5af8835a51dd3d68a46f82ff9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
