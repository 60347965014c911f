"""Turn an official CR file into a release: a seed file plus an Alembic revision after the head.

Maintainer tooling: it writes into a checkout's ``seeds/`` and ``migrations/versions/``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from rulesdb.authoring.curated import renames_in
from rulesdb.authoring.rulebook_seed import TextStore, index_sha256
from rulesdb.authoring.seed import (
    NOTES_SEED_FORMAT,
    SEED_FORMAT,
    seed_bytes,
    seed_document,
    sha256,
)
from rulesdb.errors import RulesdbError
from rulesdb.ingest.extract import ReleaseData
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.rulebook import Rulebook, read_rulebook
from rulesdb.store.locking import file_lock
from rulesdb.store.paths import data_root, is_installed_copy

LOCK_FILE = ".rulesdb-release.lock"  # at the checkout's top, beside migrations/ and seeds/
NOTES_REVISION = "0003_release_note"  # creates release_note, which format 2 seeds load into
# Seed format -> the loader module reading it; with the rulebook, the one that loads it too.
_LOADERS = {1: "release_v1", 2: "release_v3"}
_LOADERS_WITH_RULEBOOK = {1: "release_v2", 2: "release_v4"}
# Once these schema revisions are in the chain, a release with its rulebook (format 2) loads
# through their loader: the newest present wins (keywords: it fills the keyword tables too;
# rulebook_spans: its rulebook joins the spans of releases).
_LATER_RULEBOOK_LOADERS = (("rulebook_spans", "release_v6"), ("keywords", "release_v5"))
_RELEASE_REVISION = re.compile(r"^cr_(\d{4})_(\d{2})_(\d{2})$")
_REVISION = re.compile(r'^revision: str = "([^"]+)"', re.M)
_DOWN_REVISION = re.compile(r'^down_revision: [^=]+= "([^"]+)"', re.M)
# From this revision on the schema has the rulebook, and release revisions load theirs too.
RULEBOOK_REVISION = "rulebook_text"
_TEMPLATE = '''"""CR release effective {day} ({source}).

Revision ID: {revision}
Revises: {down_revision}
"""

from collections.abc import Sequence

from rulesdb_loaders.{loader} import downgrade_release, upgrade_release

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
_TEMPLATE_WITH_RULEBOOK = '''"""CR release effective {day} ({source}), with its rulebook.

Revision ID: {revision}
Revises: {down_revision}
"""

from collections.abc import Sequence

from rulesdb_loaders.{loader} import downgrade_release, upgrade_release

revision: str = "{revision}"
down_revision: str | None = "{down_revision}"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SEED = "{seed}"
SEED_SHA256 = "{seed_sha256}"
RULEBOOK_SHA256 = "{rulebook_sha256}"  # seeds/rulebook/{revision}.json


def upgrade() -> None:
    upgrade_release(revision, SEED, SEED_SHA256, RULEBOOK_SHA256)


def downgrade() -> None:
    downgrade_release(revision)
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
        with staged() as files:
            files.add(self.head_file, (revision + "\n").encode())

    def last_release(self) -> str | None:
        """The newest release revision (cr_YYYY_MM_DD sorts by date), whatever follows it."""
        releases = sorted(path.stem for path in self.versions.glob("cr_*.py"))
        return releases[-1] if releases else None

    def tip(self) -> str:
        """The revision no other revision revises: what HEAD must name."""
        revised, revisions = set(), []
        for path in self.versions.glob("*.py"):
            source = path.read_text(encoding="utf-8")
            found = _REVISION.search(source)
            if found:
                revisions.append(found.group(1))
            revised.update(_DOWN_REVISION.findall(source))
        tips = sorted(set(revisions) - revised)
        if len(tips) != 1:
            raise RulesdbError(f"{self.versions}: the chain has {len(tips)} heads: {tips}")
        return tips[0]

    def chain(self, head: str | None = None) -> list[str]:
        """The revisions from ``head`` (default HEAD) down to the first, read from the files'
        ``down_revision`` lines (no Alembic import)."""
        down: dict[str, str | None] = {}
        for path in self.versions.glob("*.py"):
            match = _DOWN_REVISION.search(path.read_text(encoding="utf-8"))
            down[path.stem] = match[1] if match else None
        chain, current = [], head or self.head()
        while current is not None and current in down and current not in chain:
            chain.append(current)
            current = down[current]
        return chain

    def ancestry(self, revision: str) -> set[str]:
        """The revision and every revision below it, following the files' down_revision."""
        found: set[str] = set()
        current: str | None = revision
        while current and current not in found and (self.versions / f"{current}.py").is_file():
            found.add(current)
            current = _down_revision(self.versions / f"{current}.py")
        return found

    def neighbours(self, day: date) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The seeds of the releases just before and just after `day` by effective date."""
        days = sorted(d for d in (release_date(p.stem) for p in self.versions.glob("cr_*.py"))
                      if d is not None)
        earlier = [d for d in days if d < day]
        later = [d for d in days if d > day]
        return (self.seed_of(revision_id(earlier[-1])) if earlier else None,
                self.seed_of(revision_id(later[0])) if later else None)

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


class Staged:
    """Files written in full beside their targets under temporary names, then renamed into
    place in the order they were added (HEAD last), or all removed: a read-only folder, a
    full disk or an error midway leaves the checkout as it was."""

    def __init__(self) -> None:
        self._files: list[tuple[Path, Path]] = []

    def add(self, target: Path, data: bytes) -> None:
        temp = target.with_name(f".{target.name}.partial")  # not *.py: Alembic ignores it
        try:
            target.parent.mkdir(parents=True, exist_ok=True)  # seeds/rulebook/texts/
            with open(temp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())  # on disk before the rename makes it visible
        except OSError as exc:
            _remove(temp)
            raise RulesdbError(f"cannot write {target}: {exc.strerror}; the checkout is "
                               "unchanged") from None
        self._files.append((temp, target))

    def discard(self) -> None:
        for temp, _ in self._files:
            _remove(temp)

    def commit(self) -> None:
        created: list[Path] = []
        try:
            for temp, target in self._files:
                existed = target.exists()
                temp.replace(target)
                if not existed:
                    created.append(target)
        except OSError as exc:
            for path in created:  # new files without the HEAD naming them: take them back
                _remove(path)
            self.discard()
            raise RulesdbError(f"cannot rename into {target}: {exc.strerror}") from None


@contextmanager
def staged() -> Iterator[Staged]:
    files = Staged()
    try:
        yield files
    except BaseException:
        files.discard()
        raise
    files.commit()


def _remove(path: Path) -> None:
    # A folder that refused the write in the first place holds nothing to remove.
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)
def checkout_root(root: Path | None = None) -> Path:
    """The checkout releases are written into: ``root``, $RULESDB_DATA_ROOT, or the one this
    rulesdb runs from; never an installed package's own copy of the migrations."""
    found = root or data_root()
    if root is None and is_installed_copy(found):
        raise RulesdbError(
            f"releases are made in a checkout of rulesdb, not in the installed package "
            f"({found}); run this from a checkout (git clone, pip install -e .) or point at "
            "one: --root DIR or RULESDB_DATA_ROOT=DIR")
    return found


def new_release(cr_file: Path, root: Path | None = None) -> tuple[str, bool]:
    """Write the seed and revision for one CR file; returns (revision, whether anything changed).

    The release is appended after the head whatever its date: the chain is the order releases
    joined rulesdb, a release's identity its effective date (a database at the old head gains
    it with a plain upgrade). A date already in the chain is refused, unless the file extracts
    exactly as that release's seed: the same file twice changes nothing.
    """
    checkout = Checkout(checkout_root(root))
    release = import_file(cr_file)
    book = read_rulebook(cr_file)  # a file whose rules cannot all be read is refused whole
    with checkout.locked():  # "already released?" is only true or false under the lock
        return _append(checkout, cr_file, release, book)


def _append(checkout: Checkout, cr_file: Path, release: ReleaseData,
            book: Rulebook) -> tuple[str, bool]:
    revision = revision_id(release.effective_date)
    head = checkout.head()
    chain = checkout.chain(head)
    with_rulebook = RULEBOOK_REVISION in chain
    if (checkout.versions / f"{revision}.py").is_file():
        existing = (checkout.seeds / f"{revision}.json").read_bytes()
        fresh = seed_bytes(seed_document(release, renames_in(release.effective_date),
                                         json.loads(existing)["format"]))
        if existing == fresh and not _rulebook_differs(checkout, revision, book, release):
            return revision, False
        where = "the head" if head == revision else "in the chain"
        raise RulesdbError(f"{cr_file}: release {release.effective_date} is already {where} "
                           "and this file extracts differently; fix the file or the importer")
    before, after = checkout.neighbours(release.effective_date)
    if after is not None:
        _check_next_renames(release, after)
    # Notes need the release_note table: format 2 once its schema revision is in the chain.
    seed_format = NOTES_SEED_FORMAT if NOTES_REVISION in checkout.ancestry(head) else SEED_FORMAT
    with staged() as files:
        _write(files, checkout, release, down_revision=head, previous=before,
               seed_format=seed_format, book=book if with_rulebook else None,
               later_loader=next((loader for schema, loader in _LATER_RULEBOOK_LOADERS
                                  if schema in chain), None))
        files.add(checkout.head_file, (revision + "\n").encode())
    return revision, True


def _rulebook_differs(checkout: Checkout, revision: str, book: Rulebook,
                      release: ReleaseData) -> bool:
    """Whether the release's rulebook files differ from what the file gives (none: no)."""
    store = TextStore(checkout.seeds)
    if not (store.folder / f"{revision}.json").is_file():
        return False  # a release from before the rulebook: its revision loads none
    files = store.release_files(revision, book, Path(release.source_file).name,
                                release.source_sha256)
    return any(not path.is_file() or path.read_bytes() != data for path, data in files.items())


def rebuild_chain(cr_files: list[Path], root: Path | None = None) -> list[str]:
    """Regenerate every release revision from scratch, in effective-date order.

    For the one-time reordering before anything was published: later releases only append.
    """
    checkout = Checkout(checkout_root(root))
    releases = sorted((import_file(path) for path in cr_files), key=lambda r: r.effective_date)
    days = [r.effective_date for r in releases]
    if len(set(days)) != len(days):
        raise RulesdbError("two files have the same effective date; keep one per release")
    with checkout.locked():
        return _rebuild(checkout, releases)


def _rebuild(checkout: Checkout, releases: list[ReleaseData]) -> list[str]:
    base = _base_revision(checkout)
    previous: dict[str, Any] | None = None
    down = base
    written = []
    with staged() as files:
        for release in releases:
            previous = _write(files, checkout, release, down_revision=down, previous=previous)
            down = revision_id(release.effective_date)
            written.append(down)
        # Releases not given (those that joined after, like the archive) stay as they are.
    # Revisions chained after the last release (comments_v1, ...) stay where they are.
    checkout.set_head(checkout.tip())
    return written


def _base_revision(checkout: Checkout) -> str:
    """The newest schema revision (NNNN_name.py) of the chain's start: releases follow it."""
    schema = _schema_revisions(checkout)
    base = [stem for stem, parent in schema.items() if parent is None or parent in schema]
    if not base:
        raise RulesdbError(f"no schema revision in {checkout.versions}")
    return base[-1]


def _schema_revisions(checkout: Checkout) -> dict[str, str | None]:
    """Schema revision -> its down_revision, in file name order."""
    return {path.stem: _down_revision(path)
            for path in sorted(checkout.versions.glob("[0-9][0-9][0-9][0-9]_*.py"))}


def _down_revision(path: Path) -> str | None:
    match = re.search(r'^down_revision: str \| None = "([^"]+)"$', path.read_text(), re.MULTILINE)
    return match[1] if match else None


def _write(
    files: Staged, checkout: Checkout, release: ReleaseData, down_revision: str,
    previous: dict[str, Any] | None, seed_format: int = SEED_FORMAT,
    book: Rulebook | None = None, later_loader: str | None = None,
) -> dict[str, Any]:
    renames = renames_in(release.effective_date)
    _check_renames(release, previous, renames)
    document = seed_document(release, renames, seed_format)
    data = seed_bytes(document)
    revision = revision_id(release.effective_date)
    seed_name = f"{revision}.json"
    files.add(checkout.seeds / seed_name, data)
    fields = {"day": release.effective_date.isoformat(), "source": release.source_file,
              "revision": revision, "down_revision": down_revision, "seed": seed_name,
              "seed_sha256": sha256(data), "loader": _LOADERS[document["format"]]}
    template = _TEMPLATE
    if book is not None:
        book_files = TextStore(checkout.seeds).release_files(
            revision, book, Path(release.source_file).name, release.source_sha256)
        for path, content in book_files.items():
            files.add(path, content)
        fields["rulebook_sha256"] = index_sha256(book_files)
        fields["loader"] = _LOADERS_WITH_RULEBOOK[document["format"]]
        if later_loader is not None and document["format"] == NOTES_SEED_FORMAT:
            fields["loader"] = later_loader
        template = _TEMPLATE_WITH_RULEBOOK
    files.add(checkout.versions / f"{revision}.py", template.format(**fields).encode())
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


def _check_next_renames(release: ReleaseData, following: dict[str, Any]) -> None:
    """An older release slotted in before a curated rename becomes that rename's 'before' side:
    it must list the old name and not the new one, as the release it now precedes requires."""
    for entry in following["renames"]:
        if entry["kind"] == "card_type":
            now = set(release.card_types)
        else:
            now = set(release.subtypes(entry["category"]))
        if entry["from"] not in now or entry["to"] in now:
            raise RulesdbError(
                f"curated rename {entry['from']} → {entry['to']} ({following['effective_date']}): "
                f"the release {release.effective_date} before it does not list {entry['from']!r}"
            )


def _names(seed: dict[str, Any] | None, kind: str, category: str | None) -> set[str]:
    if seed is None:
        return set()
    if kind == "card_type":
        return set(seed["card_types"]["names"])
    for item in seed["subtype_categories"]:
        if item["name"] == category:
            return set(item["subtypes"])
    return set()
