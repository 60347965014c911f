"""CR release effective 2013-02-01 (MagicCompRules-20130201.docx).

Revision ID: cr_2013_02_01
Revises: cr_2012_10_01
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_02_01"
down_revision: str | None = "cr_2012_10_01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_02_01.json"
SEED_SHA256 = "e908f63b1db36e3cf002ffec93776e50d7cf85ad7119254bae6fd1eb8b50846f"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
