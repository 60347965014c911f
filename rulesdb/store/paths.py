"""Where the migrations and seeds are: inside the installed package, or in the checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rulesdb.errors import RulesdbError
from rulesdb.settings import DATA_ROOT

_PACKAGE = Path(__file__).resolve().parents[1]  # rulesdb/


@cache
def data_root() -> Path:
    """The folder holding ``migrations/`` and ``seeds/``.

    A wheel ships them under ``rulesdb/_data``; a checkout (or an editable install) has them
    beside the package. $RULESDB_DATA_ROOT overrides both (maintainers trying a release chain
    in another checkout; tests).
    """
    override = DATA_ROOT.value()
    if override is not None:
        root = override.resolve()
        if not (root / "migrations" / "env.py").is_file():
            raise RulesdbError(
                f"{DATA_ROOT.name}={str(override)!r} has no migrations/env.py: "
                "not a checkout of rulesdb"
            )
        return root
    for root in (_PACKAGE / "_data", _PACKAGE.parent):
        if (root / "migrations" / "env.py").is_file():
            return root
    raise RulesdbError(f"rulesdb's migrations are missing from {_PACKAGE}; reinstall rulesdb")


def is_installed_copy(root: Path) -> bool:
    """True for the copy a wheel ships inside the package: read-only by intent, since the next
    reinstall replaces it (a release written there would vanish, or disagree with its seed)."""
    return root.resolve() == (_PACKAGE / "_data").resolve()


def migrations_dir() -> Path:
    return data_root() / "migrations"


def seeds_dir() -> Path:
    return data_root() / "seeds"


def head_file() -> Path:
    """One line naming the newest revision; lets the CLI check a database without Alembic."""
    return migrations_dir() / "HEAD"
