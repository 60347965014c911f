"""CR release effective 2006-10-01 (MagicCompRules-20061001.txt).

Revision ID: cr_2006_10_01
Revises: cr_2006_07_15
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2006_10_01"
down_revision: str | None = "cr_2006_07_15"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2006_10_01.json"
SEED_SHA256 = "34a3b1436c00bd7bb5f45b91d121231f88eb91ec085070e77f59b975d49488a0"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
