"""Where the CR files are: the official ones (../shared/cr) and the archived ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import settings
from tests.settings import folder
from tests.support.pgurl import PG_URL as PG_URL

ARCHIVE_2_DIR = folder(settings.ARCHIVE_2_DIR)
NO_ARCHIVE_2 = (
    f"clean archive copies not found at {ARCHIVE_2_DIR} (a clone without ../shared/cr-archive-2)"
)


CR_DIR = folder(settings.CR_DIR)


def cr_files() -> list[Path]:
    return sorted(CR_DIR.glob("MagicCompRules-*.txt")) if CR_DIR.is_dir() else []


def cr_file(day: str) -> Path:
    """The official file effective on day (YYYYMMDD); skips when ../shared/cr is absent."""
    path = CR_DIR / f"MagicCompRules-{day}.txt"
    if not path.is_file():
        pytest.skip(f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)")
    return path


ARCHIVE_DIR = folder(settings.ARCHIVE_DIR)


NO_ARCHIVE = f"archived CR files not found at {ARCHIVE_DIR} (a clone without ../shared/cr-archive)"


def archive_file(name: str) -> Path:
    path = ARCHIVE_DIR / name
    if not path.is_file():
        pytest.skip(NO_ARCHIVE)
    return path


def archive_2_file(name: str) -> Path:
    path = ARCHIVE_2_DIR / name
    if not path.is_file():
        pytest.skip(NO_ARCHIVE_2)
    return path
