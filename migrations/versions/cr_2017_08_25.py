"""CR release effective 2017-08-25 (MagicCompRules-20170825.txt).

Revision ID: cr_2017_08_25
Revises: cr_2017_07_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_08_25"
down_revision: str | None = "cr_2017_07_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_08_25.json"
SEED_SHA256 = "4338779fed4536c3712fe1c2da7c4548731ca39a11c1eef41a6125743c8676b7"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
