"""CR release effective 2013-09-27 (MagicCompRules-20130927.txt).

Revision ID: cr_2013_09_27
Revises: cr_2013_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_09_27"
down_revision: str | None = "cr_2013_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_09_27.json"
SEED_SHA256 = "c6bc1a6e1bbf9b244f1028f65f1e3d5c7867d7c6c6dc4699b71f0c00abee8b47"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
