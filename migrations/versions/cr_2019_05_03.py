"""CR release effective 2019-05-03 (MagicCompRules-20190503.txt).

Revision ID: cr_2019_05_03
Revises: cr_2019_01_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_05_03"
down_revision: str | None = "cr_2019_01_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_05_03.json"
SEED_SHA256 = "6389c9e21303c372ea92e2bfcab5f2bd9a6b831a32bf5ba96a97cee2839a5c3a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
