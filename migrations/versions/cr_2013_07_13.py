"""CR release effective 2013-07-13 (MagicCompRules-20130713.txt).

Revision ID: cr_2013_07_13
Revises: cr_2013_05_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_07_13"
down_revision: str | None = "cr_2013_05_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_07_13.json"
SEED_SHA256 = "2e98988df24d73cdcc22f135101d32220799bea1149b3c51d3ae95e7c9fe2c6d"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
