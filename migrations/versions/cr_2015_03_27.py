"""CR release effective 2015-03-27 (MagicCompRules-20150327.txt).

Revision ID: cr_2015_03_27
Revises: cr_2015_01_23
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v3 import downgrade_release, upgrade_release

revision: str = "cr_2015_03_27"
down_revision: str | None = "cr_2015_01_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2015_03_27.json"
SEED_SHA256 = "03509e8c5488122883ff7812a7c54f8af50b3eedaf3526a7b7387d6f08df3c7b"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2015-03-27")
