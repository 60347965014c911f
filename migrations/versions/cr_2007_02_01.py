"""CR release effective 2007-02-01 (MagicCompRules-20070201.txt).

Revision ID: cr_2007_02_01
Revises: cr_2006_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2007_02_01"
down_revision: str | None = "cr_2006_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2007_02_01.json"
SEED_SHA256 = "55d40b60f35dba1e856c5d5094066f3232ebbdb5c4cf7132588a6665ca02c427"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
