"""CR release effective 2021-09-24 (MagicCompRules-20210924.txt).

Revision ID: cr_2021_09_24
Revises: cr_2021_07_23
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_09_24"
down_revision: str | None = "cr_2021_07_23"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_09_24.json"
SEED_SHA256 = "9c44ef9b24a1486e192bf40184d7347dc3be2cbe26af924f64423361ea173900"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
