"""CR release effective 2021-07-23 (MagicCompRules-20210723.txt).

Revision ID: cr_2021_07_23
Revises: cr_2021_06_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_07_23"
down_revision: str | None = "cr_2021_06_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_07_23.json"
SEED_SHA256 = "2e6261b7a0d48f212caac06b8e8d68321afdfb19c78ce71804c9db8a52b4365e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
