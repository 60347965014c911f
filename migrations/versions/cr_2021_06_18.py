"""CR release effective 2021-06-18 (MagicCompRules-20210618.txt).

Revision ID: cr_2021_06_18
Revises: cr_2021_04_22
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_06_18"
down_revision: str | None = "cr_2021_04_22"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_06_18.json"
SEED_SHA256 = "ff53c264da5f4c8548ed2eb33779772eb3bf8108833195ea6753b8f4884791f1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
