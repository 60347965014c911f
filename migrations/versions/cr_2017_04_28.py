"""CR release effective 2017-04-28 (MagicCompRules-20170428.txt).

Revision ID: cr_2017_04_28
Revises: cr_2017_01_20
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "cr_2017_04_28"
down_revision: str | None = "cr_2017_01_20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_04_28.json"
SEED_SHA256 = "074f55d4a71d9a2cff40002880090433e64968d7d6092995b525d948ff71279f"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("2017-04-28")
