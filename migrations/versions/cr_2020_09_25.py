"""CR release effective 2020-09-25 (MagicCompRules-20200925.txt).

Revision ID: cr_2020_09_25
Revises: cr_2020_08_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2020_09_25"
down_revision: str | None = "cr_2020_08_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2020_09_25.json"
SEED_SHA256 = "1104ae7759bae203d1a970372abfbe51a69d805bc0c0c1fa5dcf39f8d2cba26c"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
