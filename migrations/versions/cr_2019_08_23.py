"""CR release effective 2019-08-23 (MagicCompRules-20190823.txt).

Revision ID: cr_2019_08_23
Revises: cr_2019_07_12
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_08_23"
down_revision: str | None = "cr_2019_07_12"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_08_23.json"
SEED_SHA256 = "b0b01138c6f6341c5f45a0d43ab36e37116acd96d674e203317e2c9124311b4f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
