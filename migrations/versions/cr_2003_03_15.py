"""CR release effective 2003-03-15 (MagicCompRules-20030315.txt).

Revision ID: cr_2003_03_15
Revises: cr_2002_10_07
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2003_03_15"
down_revision: str | None = "cr_2002_10_07"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2003_03_15.json"
SEED_SHA256 = "ac7b58893ccc65c2c2ca7337bcd0306c1ad0e384e28673fea44c7a533d2e636e"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
