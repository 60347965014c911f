"""CR release effective 2018-01-19 (MagicCompRules-20180119.txt).

Revision ID: cr_2018_01_19
Revises: cr_2017_09_29
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_01_19"
down_revision: str | None = "cr_2017_09_29"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_01_19.json"
SEED_SHA256 = "951ce4a43b68fc304284dfd962e2fe7653f0a95ef7d4174c9af26f1fe7b93c0d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
