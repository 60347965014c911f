"""CR release effective 2010-06-18 (MagicCompRules-20100618.txt).

Revision ID: cr_2010_06_18
Revises: cr_2010_04_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2010_06_18"
down_revision: str | None = "cr_2010_04_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2010_06_18.json"
SEED_SHA256 = "1537353f702a166bd9d404072f4f4fef443d8859ef02b2b8afbe3d164ca4bce4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
