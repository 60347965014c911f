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
SEED_SHA256 = "22b3d11f3f36ae4dcae4a647e62b5bb5d289b53844a20ddd245c63fc45e135a1"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
