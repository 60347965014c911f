"""CR release effective 2002-10-07 (MagicCompRules-20021007.txt).

Revision ID: cr_2002_10_07
Revises: cr_2002_02_20
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2002_10_07"
down_revision: str | None = "cr_2002_02_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_10_07.json"
SEED_SHA256 = "2e0a0a4af08e3a9ad5f3b53c4e841a39e3adf04888423a44628d666795765084"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
