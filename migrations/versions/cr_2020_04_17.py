"""CR release effective 2020-04-17 (MagicCompRules-20200417.txt).

Revision ID: cr_2020_04_17
Revises: cr_2020_01_24
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_04_17"
down_revision: str | None = "cr_2020_01_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_04_17.json"
SEED_SHA256 = "781b8d461a7cdd449cf2545eaa53eeb60468d2e931f96d865dd2221033d9b2ed"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
