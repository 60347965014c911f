"""CR release effective 2006-05-01 (MagicCompRules-20060501.txt).

Revision ID: cr_2006_05_01
Revises: cr_2006_02_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_05_01"
down_revision: str | None = "cr_2006_02_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_05_01.json"
SEED_SHA256 = "baedf391c03279e027b837655bc7985cf4c7ddeec5325c706bc5a5f61968e381"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
