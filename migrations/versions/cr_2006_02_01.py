"""CR release effective 2006-02-01 (MagicCompRules-20060201.txt).

Revision ID: cr_2006_02_01
Revises: cr_2005_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_02_01"
down_revision: str | None = "cr_2005_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_02_01.json"
SEED_SHA256 = "fc5cb81fb5302a3fbb127b3f6ef64d6a6a5e42f8534b062c8701ad5f7cd16352"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
