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
SEED_SHA256 = "d67e3f2882e79c4e5b8405d23476751b3445a2283f605f9265ea2fd6cbbd03f4"


def upgrade() -> None:
    load_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    unload_release(revision)
