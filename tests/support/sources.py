"""Where each release's official file is, and the seed rulesdb writes from it today.

A seed names its file and that file's sha256; the file is in one of the three folders of
``../shared`` (tests/settings.py): ``cr`` (2016-2026), ``cr-archive`` (1999-2018, as archived)
or ``cr-archive-2`` (the clean copies of four damaged archive files, and 2003-05-26), and the
sha256 says which copy was read. The tests compare each shipped seed with what the importer and
the seed writer give for that file now.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulesdb.authoring.lineage_seed import release_links
from rulesdb.authoring.rulebook_seed import TextStore
from rulesdb.authoring.seed import seed_bytes, seed_document
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.rulebook import read_rulebook
from tests import settings
from tests.settings import ROOT, folder

FOLDERS = tuple(
    folder(setting) for setting in (settings.CR_DIR, settings.ARCHIVE_DIR, settings.ARCHIVE_2_DIR)
)
SEEDS = sorted((ROOT / "seeds").glob("cr_*.json"))
# A release of each kind the fast loop checks (the slow run checks all 136): the first (read
# from a clean copy undoing a mojibake), the one only a second archive has, the .rtf, the
# lossy 2008 copy's clean one, the .docx, the cp437 file folded to ASCII, one printing a
# number twice, the latest.
SAMPLE = (
    "cr_1999_04_23",
    "cr_2003_05_26",
    "cr_2003_06_01",
    "cr_2008_05_01",
    "cr_2013_02_01",
    "cr_2019_01_25",
    "cr_2024_09_20",
    "cr_2026_08_07",
)


def seed_of(revision: str) -> dict[str, Any]:
    return json.loads((ROOT / "seeds" / f"{revision}.json").read_bytes())


@cache
def _by_name() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for place in FOLDERS:
        for path in sorted(place.glob("MagicCompRules-*")) if place.is_dir() else ():
            found.setdefault(path.name, []).append(path)
    return found


def source_file(revision: str) -> Path:
    """The file the release's seed was written from (skips when ../shared lacks it)."""
    source = seed_of(revision)["source"]
    for path in _by_name().get(source["file"], []):
        if hashlib.sha256(path.read_bytes()).hexdigest() == source["sha256"]:
            return path
    pytest.skip(
        f"{source['file']} (sha256 {source['sha256'][:12]}…) is in none of "
        f"{', '.join(map(str, FOLDERS))} (a clone without ../shared)"
    )


@cache
def shipped_texts() -> TextStore:
    return TextStore(ROOT / "seeds")


def fresh_seed(revision: str) -> tuple[bytes, bytes | None]:
    """The seed the release's file gives now, against the shipped text packs and the shipped
    seed of the release before it (its lineage links), and the pack it would add (None:
    every text it prints is in a pack already)."""
    path = source_file(revision)
    release, book = import_file(path), read_rulebook(path)
    store = shipped_texts()
    member, pack = store.rulebook(revision, book)
    before = [seed for seed in SEEDS if seed.stem < revision]
    previous = json.loads(before[-1].read_bytes()) if before else None
    links = release_links(previous, member, release.effective_date.isoformat(), store)
    return seed_bytes(seed_document(release, book, member, links)), pack
