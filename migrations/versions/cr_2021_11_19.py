"""CR release effective 2021-11-19 (MagicCompRules-20211119.txt).

Revision ID: cr_2021_11_19
Revises: cr_2021_09_24
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2021_11_19"
down_revision: str | None = "cr_2021_09_24"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2021_11_19.json"
SEED_SHA256 = "f37703ae1cd687e0adddf0be2a6512af8e1c52f8fc899c7812e66c9294cf5409"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
