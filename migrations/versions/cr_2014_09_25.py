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
SEED_SHA256 = "377e09b026a0a4f3707e856e4f2f9b15e8b3066964da8b4ba060a5fee369d4c9"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
