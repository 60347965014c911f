"""CR release effective 2023-02-03 (MagicCompRules-20230203.txt).

Revision ID: cr_2023_02_03
Revises: cr_2022_11_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2023_02_03"
down_revision: str | None = "cr_2022_11_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2023_02_03.json"
SEED_SHA256 = "c2109d4560aae15254cf77990d5176dad4a9be4266c59420aae8b5f848616a87"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
