"""CR release effective 2024-03-08 (MagicCompRules-20240308.txt).

Revision ID: cr_2024_03_08
Revises: cr_2024_02_02
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2024_03_08"
down_revision: str | None = "cr_2024_02_02"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2024_03_08.json"
SEED_SHA256 = "4b4c87ad13fb284730380b7a3489ebfb3334d68871c76e4aa03142dc639bafef"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
