"""CR release effective 2017-08-25 (MagicCompRules-20170825.txt).

Revision ID: cr_2017_08_25
Revises: cr_2017_07_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_08_25"
down_revision: str | None = "cr_2017_07_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_08_25.json"
SEED_SHA256 = "7429c0a9949d1306196c503856ce2ae470d073cd3968d925d0ce7a0225578eba"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
