"""CR release effective 2026-04-17 (MagicCompRules-20260417.txt).

Revision ID: cr_2026_04_17
Revises: cr_2026_02_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2026_04_17"
down_revision: str | None = "cr_2026_02_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2026_04_17.json"
SEED_SHA256 = "d547bf4ec4cb5c212dea833ffed442d0df68531cbb9529c30284a47e421f17fd"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
