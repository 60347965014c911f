"""CR release effective 2017-09-29 (MagicCompRules-20170929.txt).

Revision ID: cr_2017_09_29
Revises: cr_2017_08_25
"""

from collections.abc import Sequence

from rulesdb_loaders.schema_0001 import load_release, unload_release

revision: str = "cr_2017_09_29"
down_revision: str | None = "cr_2017_08_25"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "cr_2017_09_29.json"
SEED_SHA256 = "4f511705b4a955671317985192c7d434172bf1b2de1b3dbb147c97c849c7b9e2"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
