"""CR release effective 2015-09-26 (MagicCompRules-20150926.txt).

Revision ID: cr_2015_09_26
Revises: cr_2015_07_17
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_09_26"
down_revision: str | None = "cr_2015_07_17"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_09_26.json"
SEED_SHA256 = "58d5abfdd0b24b05b4c7f9135e99e89f1f3dd3fadcc0aa1acca0a84578900834"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
