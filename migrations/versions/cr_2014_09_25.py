"""CR release effective 2014-09-25 (MagicCompRules-20140925.txt).

Revision ID: cr_2014_09_25
Revises: cr_2014_07_18
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2014_09_25"
down_revision: str | None = "cr_2014_07_18"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2014_09_25.json"
SEED_SHA256 = "985f9e6c26e74640d8409068ac506aabf7d08e7223c8457e655e8e65fc93e287"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
