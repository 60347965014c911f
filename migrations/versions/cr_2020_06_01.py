"""CR release effective 2020-06-01 (MagicCompRules-20200601.txt).

Revision ID: cr_2020_06_01
Revises: cr_2020_04_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_06_01"
down_revision: str | None = "cr_2020_04_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_06_01.json"
SEED_SHA256 = "5921a364a621a5dd191d4ea33495f553ec2f4c9ce704f97c75e216bc8ba8df3f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
