"""CR release effective 2013-11-01 (MagicCompRules-20131101.txt).

Revision ID: cr_2013_11_01
Revises: cr_2013_09_27
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_11_01"
down_revision: str | None = "cr_2013_09_27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_11_01.json"
SEED_SHA256 = "6ae2e82cb39273f4283bd871577fe03a686cb60d0bfa526e9101161bf6c0c543"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
