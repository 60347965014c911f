"""CR release effective 2017-04-28 (MagicCompRules-20170428.txt).

Revision ID: cr_2017_04_28
Revises: cr_2017_01_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_04_28"
down_revision: str | None = "cr_2017_01_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_04_28.json"
SEED_SHA256 = "8a70678ec13592b66cf94ef00399b5875ca95c8546bdc5b7825f2bc96c097807"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
