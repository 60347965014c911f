"""CR release effective 2010-10-01 (MagicCompRules-20101001.txt).

Revision ID: cr_2010_10_01
Revises: cr_2010_07_16
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_10_01"
down_revision: str | None = "cr_2010_07_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_10_01.json"
SEED_SHA256 = "fba271e6ca694848ebc9c01b42551f6e3d47721ce6e0c8f9648dcdc1c0aefdd5"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
