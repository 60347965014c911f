"""CR release effective 2016-01-16 (MagicCompRules-20160116.txt).

Revision ID: cr_2016_01_16
Revises: cr_2015_11_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_01_16"
down_revision: str | None = "cr_2015_11_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_01_16.json"
SEED_SHA256 = "babe3973363a7b48d238edacbe9a1a6e0fae72438de1270aa428986d8d7f64b1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
