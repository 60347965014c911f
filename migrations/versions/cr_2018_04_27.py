"""CR release effective 2018-04-27 (MagicCompRules-20180427.txt).

Revision ID: cr_2018_04_27
Revises: cr_2018_01_19
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_04_27"
down_revision: str | None = "cr_2018_01_19"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_04_27.json"
SEED_SHA256 = "bc614ba07041a9f1eedd6f52b2859c94635f60e176b43ea99dbee1caa76943c6"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
