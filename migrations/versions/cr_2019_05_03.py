"""CR release effective 2019-05-03 (MagicCompRules-20190503.txt).

Revision ID: cr_2019_05_03
Revises: cr_2019_01_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2019_05_03"
down_revision: str | None = "cr_2019_01_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2019_05_03.json"
SEED_SHA256 = "7f9cc3e750d64e4ce92d5b4564a9186a615be2f90141d1cf203c6c034ce274e6"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
