"""CR release effective 2011-05-01 (MagicCompRules-20110501.txt).

Revision ID: cr_2011_05_01
Revises: cr_2011_04_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2011_05_01"
down_revision: str | None = "cr_2011_04_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2011_05_01.json"
SEED_SHA256 = "6b5238ad301f91b9a1e4717c2652dd11135da6f799e497993e023ed9a73dad34"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
