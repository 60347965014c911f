"""CR release effective 2002-02-20 (MagicCompRules-20020220.txt).

Revision ID: cr_2002_02_20
Revises: cr_2001_09_24
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2002_02_20"
down_revision: str | None = "cr_2001_09_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2002_02_20.json"
SEED_SHA256 = "ff23f775846179816b47278f75c4d9ebfc59d6819289a34577823ec2b0971dcd"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2002-02-20")
