"""CR release effective 2018-07-13 (MagicCompRules-20180713.txt).

Revision ID: cr_2018_07_13
Revises: cr_2018_06_08
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_07_13"
down_revision: str | None = "cr_2018_06_08"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_07_13.json"
SEED_SHA256 = "37ce4924bf8994f153b11332a44b24478f36f6c9fea5124bb15256ce41676855"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
