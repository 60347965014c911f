"""CR release effective 2018-10-05 (MagicCompRules-20181005.txt).

Revision ID: cr_2018_10_05
Revises: cr_2018_08_10
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_10_05"
down_revision: str | None = "cr_2018_08_10"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_10_05.json"
SEED_SHA256 = "fc9c915a762579327df23420ac0cb3f14c1c368c62ac12ac2bc014f29a33714e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
