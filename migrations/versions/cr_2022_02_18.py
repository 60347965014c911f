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
SEED_SHA256 = "c88d32231304597267b9ef1a4101fca259c22c20bbfbb750998b001699f2d468"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
