"""CR release effective 2013-09-27 (MagicCompRules-20130927.txt).

Revision ID: cr_2013_09_27
Revises: cr_2013_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2013_09_27"
down_revision: str | None = "cr_2013_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2013_09_27.json"
SEED_SHA256 = "36b8ebcaec806e4bcbc8c77b91a875526a70690c65e72e9244938128c06550c5"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
