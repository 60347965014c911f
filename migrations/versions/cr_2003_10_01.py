"""CR release effective 2003-10-01 (MagicCompRules-20031001.txt).

Revision ID: cr_2003_10_01
Revises: cr_2003_07_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_10_01"
down_revision: str | None = "cr_2003_07_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_10_01.json"
SEED_SHA256 = "38e9c06ba2f51901458495a1d9cd0f3659b783530a5eb2a2a797759f276d77e3"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
