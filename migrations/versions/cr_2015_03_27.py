"""CR release effective 2015-03-27 (MagicCompRules-20150327.txt).

Revision ID: cr_2015_03_27
Revises: cr_2015_01_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2015_03_27"
down_revision: str | None = "cr_2015_01_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_03_27.json"
SEED_SHA256 = "1ce5e813bfacd0cfdbb0652750b4c3fb371d08719f2e7374d2b5d00b8e07a07a"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
