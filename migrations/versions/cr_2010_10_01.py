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
SEED_SHA256 = "aa757aeb28b9b47c973c6d965c74903db82005fba7d7c1d5d6ceac8f1dafe041"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
