"""CR release effective 2018-08-10 (MagicCompRules-20180810.txt).

Revision ID: cr_2018_08_10
Revises: cr_2018_07_13
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2018_08_10"
down_revision: str | None = "cr_2018_07_13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2018_08_10.json"
SEED_SHA256 = "63d8964cee021fd82683cf7680113b4d41370c2594e2d3a5518a07e5def5e5dc"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
