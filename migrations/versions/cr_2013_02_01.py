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
SEED_SHA256 = "511fc4a24e7f26520040708383d41fcf6645a0e443c3a79725e11ab094fa399e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
