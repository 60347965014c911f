"""Turn an official CR file into a release: a seed file plus an Alembic revision after the head.

Maintainer tooling: it writes into a checkout's ``seeds/`` and ``migrations/versions/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from rulesdb.authoring.curated import renames_in
from rulesdb.authoring.seed import seed_bytes, seed_document, sha256
from rulesdb.errors import RulesdbError
from rulesdb.ingest.extract import ReleaseData, import_file
from rulesdb.store.locking import file_lock
from rulesdb.store.paths import data_root
from rulesdb.util.files import write_atomically

LOCK_FILE = ".rulesdb-release.lock"  # at the checkout's top, beside migrations/ and seeds/
_RELEASE_REVISION = re.compile(r"^cr_(\d{4})_(\d{2})_(\d{2})$")
_SCHEMA_REVISION = re.compile(r"^\d{4}_")
_DOWN_REVISION = re.compile(r'^(down_revision: str \| None = |Revises: )"?([^"\n]*)"?$', re.M)
_TEMPLATE = '''"""CR release effective {day} ({source}).

Revision ID: {revision}
Revises: {down_revision}
"""

from collections.abc import Sequence

from rulesdb_loaders.release_v1 import downgrade_release, upgrade_release

revision: str = "{revision}"
down_revision: str | None = "{down_revision}"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "{seed}"
SEED_SHA256 = "{seed_sha256}"


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256)


def downgrade() -> None:
    downgrade_release("{day}")
'''


def revision_id(day: date) -> str:
    return f"cr_{day:%Y_%m_%d}"


def release_date(revision: str) -> date | None:
    match = _RELEASE_REVISION.match(revision)
    return date(*map(int, match.groups())) if match else None


@dataclass(frozen=True)
class Checkout:
    """The folders a maintainer's checkout keeps migrations and seeds in."""

    root: Path

    @property
    def versions(self) -> Path:
        return self.root / "migrations" / "versions"

    @property
    def seeds(self) -> Path:
        return self.root / "seeds"

    @property
    def head_file(self) -> Path:
        return self.root / "migrations" / "HEAD"

    def head(self) -> str:
        return self.head_file.read_text().strip()

    def set_head(self, revision: str) -> None:
        # A crash never leaves HEAD empty or half-written.
        write_atomically(self.head_file, revision + "\n", partial_name="HEAD.partial")

    def newest_release(self) -> str | None:
        """The latest release revision; HEAD may be a later schema revision."""
        days = [day for day in (release_date(p.stem) for p in self.versions.glob("cr_*.py"))
                if day is not None]
        return revision_id(max(days)) if days else None

    def later_revisions(self) -> dict[str, str]:
        """Revisions after the releases (neither schema nor release): name -> down revision."""
        found = {}
        for path in self.versions.glob("*.py"):
            if release_date(path.stem) is None and not _SCHEMA_REVISION.match(path.stem):
                downs = [m[2] for m in _DOWN_REVISION.finditer(path.read_text())
                         if m[1].startswith("down")]
                if downs:
                    found[path.stem] = downs[0]
        return found

    def seed_of(self, revision: str) -> dict[str, Any] | None:
        path = self.seeds / f"{revision}.json"
        return json.loads(path.read_bytes()) if path.is_file() else None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """One writer at a time: two runs would both read the old HEAD and write the release
        twice, or read HEAD while another run rewrites it."""
        if not self.versions.is_dir():
            raise RulesdbError(f"{self.root} is not a rulesdb checkout: no {self.versions}")
        with file_lock(self.root / LOCK_FILE):
            yield


def new_release(cr_file: Path, root: Path | None = None) -> tuple[str, bool]:
    """Write the seed and revision for one CR file; returns (revision, whether anything changed).

    Refuses a file older than the head. The same file twice changes nothing.
    """
    checkout = Checkout(root or data_root())
    release = import_file(cr_file)
    with checkout.locked():  # "already released?" is only true or false under the lock
        return _append(checkout, cr_file, release)


def _append(checkout: Checkout, cr_file: Path, release: ReleaseData) -> tuple[str, bool]:
    revision = revision_id(release.effective_date)
    head = checkout.head()
    newest = checkout.newest_release() or head
    head_day = release_date(newest)
    if newest == revision:
        existing = (checkout.seeds / f"{revision}.json").read_bytes()
        fresh = seed_bytes(seed_document(release, renames_in(release.effective_date)))
        if existing == fresh:
            return revision, False
        raise RulesdbError(f"{cr_file}: release {release.effective_date} is already the head "
                           "and this file extracts differently; fix the file or the importer")
    if head_day is not None and release.effective_date <= head_day:
        raise RulesdbError(
            f"{cr_file}: effective {release.effective_date}, which does not come after the head "
            f"release {head_day}; releases only append"
        )
    _write(checkout, release, down_revision=head, previous=checkout.seed_of(newest))
    return revision, True


def rebuild_chain(cr_files: list[Path], root: Path | None = None) -> list[str]:
    """Regenerate every release revision from scratch, in effective-date order.

    For the one-time reordering before anything was published: later releases only append.
    """
    checkout = Checkout(root or data_root())
    releases = sorted((import_file(path) for path in cr_files), key=lambda r: r.effective_date)
    days = [r.effective_date for r in releases]
    if len(set(days)) != len(days):
        raise RulesdbError("two files have the same effective date; keep one per release")
    with checkout.locked():
        return _rebuild(checkout, releases)


def _rebuild(checkout: Checkout, releases: list[ReleaseData]) -> list[str]:
    base = _base_revision(checkout)
    for path in checkout.versions.glob("cr_*.py"):
        path.unlink()
    for path in checkout.seeds.glob("cr_*.json"):
        path.unlink()
    previous: dict[str, Any] | None = None
    down = base
    written = []
    for release in releases:
        previous = _write(checkout, release, down_revision=down, previous=previous)
        down = revision_id(release.effective_date)
        written.append(down)
    checkout.set_head(_chain_later_revisions(checkout, down))
    return written


def _chain_later_revisions(checkout: Checkout, last_release: str) -> str:
    """Keep the revisions after the releases (constraint renames, say) after the rebuilt last
    release; returns the new head."""
    later = checkout.later_revisions()
    first = [name for name, down in later.items() if down not in later]
    if not first:
        return last_release
    if len(first) > 1:
        raise RulesdbError(f"revisions after the releases do not form one chain: {sorted(first)}")
    path = checkout.versions / f"{first[0]}.py"
    source = path.read_text()
    rechained = _DOWN_REVISION.sub(
        lambda m: f'{m[1]}"{last_release}"' if m[1].startswith("down") else f"{m[1]}{last_release}",
        source)
    if rechained != source:
        write_atomically(path, rechained)
    head, following = first[0], {down: name for name, down in later.items()}
    while head in following:
        head = following[head]
    return head


def _base_revision(checkout: Checkout) -> str:
    """The newest schema revision (NNNN_name.py): releases are chained after it."""
    schema = sorted(p.stem for p in checkout.versions.glob("[0-9][0-9][0-9][0-9]_*.py"))
    if not schema:
        raise RulesdbError(f"no schema revision in {checkout.versions}")
    return schema[-1]


def _write(
    checkout: Checkout, release: ReleaseData, down_revision: str,
    previous: dict[str, Any] | None,
) -> dict[str, Any]:
    renames = renames_in(release.effective_date)
    _check_renames(release, previous, renames)
    document = seed_document(release, renames)
    data = seed_bytes(document)
    revision = revision_id(release.effective_date)
    seed_name = f"{revision}.json"
    write_atomically(checkout.seeds / seed_name, data)
    write_atomically(checkout.versions / f"{revision}.py", _TEMPLATE.format(
        day=release.effective_date.isoformat(), source=release.source_file, revision=revision,
        down_revision=down_revision, seed=seed_name, seed_sha256=sha256(data),
    ))
    checkout.set_head(revision)
    return document


def _check_renames(
    release: ReleaseData, previous: dict[str, Any] | None, renames: list[dict[str, Any]]
) -> None:
    """A curated rename must match the lists: old name before and not after, new name after."""
    for entry in renames:
        if entry["kind"] == "card_type":
            now, before = set(release.card_types), _names(previous, "card_type", None)
        else:
            category = entry["category"]
            now = set(release.subtypes(category))
            before = _names(previous, "subtype", category)
        where = f"curated rename {entry['from']} → {entry['to']} ({entry['effective_date']})"
        if entry["to"] not in now or entry["from"] in now:
            raise RulesdbError(f"{where}: the release lists {entry['from']!r} or lacks "
                               f"{entry['to']!r}")
        if previous is not None and (entry["from"] not in before or entry["to"] in before):
            raise RulesdbError(f"{where}: the release before does not list {entry['from']!r}")


def _names(seed: dict[str, Any] | None, kind: str, category: str | None) -> set[str]:
    if seed is None:
        return set()
    if kind == "card_type":
        return set(seed["card_types"]["names"])
    for item in seed["subtype_categories"]:
        if item["name"] == category:
            return set(item["subtypes"])
    return set()
