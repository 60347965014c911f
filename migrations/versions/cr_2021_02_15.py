"""CR release effective 2021-02-15 (MagicCompRules-20210215.txt).

Revision ID: cr_2021_02_15
Revises: cr_2021_02_05
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_02_15"
down_revision: str | None = "cr_2021_02_05"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_02_15.json"
SEED_SHA256 = "5f1be83a37c4b80e2bfb3742fc09b40ea9ebba22f91a26bc2268cd9abf7f4a39"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
