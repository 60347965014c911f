"""CR release effective 2022-02-18 (MagicCompRules-20220218.txt).

Revision ID: cr_2022_02_18
Revises: cr_2021_11_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2022_02_18"
down_revision: str | None = "cr_2021_11_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2022_02_18.json"
SEED_SHA256 = "5017e298bc28b5ec30eed36119caf601df864f4e2152ea8b4888a0c3f4225071"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
