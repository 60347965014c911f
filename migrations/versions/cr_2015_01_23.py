"""CR release effective 2015-01-23 (MagicCompRules-20150123.txt).

Revision ID: cr_2015_01_23
Revises: cr_2014_09_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_01_23"
down_revision: str | None = "cr_2014_09_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_01_23.json"
SEED_SHA256 = "106216b35d60533123baca152536b319835b970e447d07d669759fb89d4e62eb"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
