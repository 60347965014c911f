"""CR release effective 2016-04-08 (MagicCompRules-20160408.txt).

Revision ID: cr_2016_04_08
Revises: cr_2016_01_16
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2016_04_08"
down_revision: str | None = "cr_2016_01_16"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2016_04_08.json"
SEED_SHA256 = "e33e20f9f792ca4b0de44c8bb7d7a1653cadea764b9f32a5c7f97929f2950759"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
