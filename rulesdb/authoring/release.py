"""Turn an official CR file into a release: a seed file plus an Alembic revision after the head.

Maintainer tooling: it writes into a checkout's ``seeds/`` and ``migrations/versions/``. A
release revision loads its seed through the loader of the newest schema revision below it in
the chain (``0001_schema``: ``rulesdb_loaders/schema_0001.py``). Its seed holds everything
known of it: its set, the curated successions taking effect in it, and its rules' lineage
links to the release before it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mako.template import Template

from rulesdb.authoring.curated import merge_targets, merges_in, renames_in
from rulesdb.authoring.lineage_seed import release_links
from rulesdb.authoring.rulebook_seed import TextStore
from rulesdb.authoring.seed import seed_bytes, seed_document, sha256
from rulesdb.errors import RulesdbError
from rulesdb.ingest.extract import ReleaseData
from rulesdb.ingest.importer import import_file
from rulesdb.ingest.rulebook import Rulebook, read_rulebook
from rulesdb.store.locking import file_lock
from rulesdb.store.paths import data_root, is_installed_copy
from rulesdb.util.text import first_line

if TYPE_CHECKING:
    from alembic.script import ScriptDirectory

LOCK_FILE = ".rulesdb-release.lock"  # at the checkout's top, beside migrations/ and seeds/
BASELINE = "0001_schema"
_RELEASE_REVISION = re.compile(r"^cr_(\d{4})_(\d{2})_(\d{2})$")
_SCHEMA_REVISION = re.compile(r"^(\d{4})_\w+$")
# A release's revision file, written from the template beside Alembic's own script.py.mako.
RELEASE_TEMPLATE = "release.py.mako"


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

    def last_release(self) -> str | None:
        """The newest release revision (cr_YYYY_MM_DD sorts by date), whatever follows it."""
        releases = sorted(path.stem for path in self.versions.glob("cr_*.py"))
        return releases[-1] if releases else None

    @cached_property
    def scripts(self) -> ScriptDirectory:
        """The checkout's revisions as Alembic reads them, once per run (each file imports its
        loader from ``migrations/``, put on the path while they are read)."""
        from alembic.script import ScriptDirectory

        migrations = str(self.root / "migrations")
        sys.path.insert(0, migrations)
        try:
            script = ScriptDirectory(migrations)
            script.revision_map.heads  # noqa: B018  (reads every file now, on this path)
        except Exception as exc:  # a revision file Alembic cannot read (its error, one line)
            raise RulesdbError(f"{self.versions}: {first_line(exc)}") from None
        finally:
            sys.path.remove(migrations)
        return script

    def tip(self) -> str:
        """The revision no other revision revises: what HEAD must name."""
        tips = sorted(self.scripts.get_heads())
        if len(tips) != 1:
            raise RulesdbError(f"{self.versions}: the chain has {len(tips)} heads: {tips}")
        return tips[0]

    def chain(self, head: str | None = None) -> list[str]:
        """The revisions from ``head`` (default HEAD) down to the first."""
        return [
            script.revision
            for script in self.scripts.walk_revisions(base="base", head=head or self.head())
        ]

    def loader(self, head: str) -> str:
        """The loader a release appended after ``head`` loads through: that of the newest
        schema revision in the chain (0001_schema: rulesdb_loaders/schema_0001.py). A data
        revision changes no schema and has no loader of its own."""
        loaders = self.root / "migrations" / "rulesdb_loaders"
        for revision in self.chain(head):
            match = _SCHEMA_REVISION.match(revision)
            if match and (loaders / f"schema_{match[1]}.py").is_file():
                return f"schema_{match[1]}"
        raise RulesdbError(f"{self.versions}: no schema revision below {head}")

    def neighbours(self, day: date) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The seeds of the releases just before and just after `day` by effective date."""
        days = sorted(
            d
            for d in (release_date(p.stem) for p in self.versions.glob("cr_*.py"))
            if d is not None
        )
        earlier = [d for d in days if d < day]
        later = [d for d in days if d > day]
        return (
            self.seed_of(revision_id(earlier[-1])) if earlier else None,
            self.seed_of(revision_id(later[0])) if later else None,
        )

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
        self._stale: list[Path] = []  # patterns of files to remove unless written again

    def add(self, target: Path, data: bytes) -> None:
        temp = target.with_name(f".{target.name}.partial")  # not *.py: Alembic ignores it
        try:
            target.parent.mkdir(parents=True, exist_ok=True)  # seeds/texts/
            with open(temp, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())  # on disk before the rename makes it visible
        except OSError as exc:
            _remove(temp)
            raise RulesdbError(
                f"cannot write {target}: {exc.strerror}; the checkout is unchanged"
            ) from None
        self._files.append((temp, target))

    def remove_others(self, patterns: list[Path]) -> None:
        """At commit, before the last file (HEAD) is in place, remove the files matching
        ``patterns`` that this run does not write."""
        self._stale += patterns

    def discard(self) -> None:
        for temp, _ in self._files:
            _remove(temp)

    def commit(self) -> None:
        created: list[Path] = []
        last = len(self._files) - 1
        try:
            for index, (temp, target) in enumerate(self._files):
                if index == last:
                    self._remove_stale()
                existed = target.exists()
                temp.replace(target)
                if not existed:
                    created.append(target)
        except OSError as exc:
            for path in created:  # new files without the HEAD naming them: take them back
                _remove(path)
            self.discard()
            raise RulesdbError(f"cannot rename into {target}: {exc.strerror}") from None

    def _remove_stale(self) -> None:
        written = {target for _, target in self._files}
        for pattern in self._stale:
            for path in pattern.parent.glob(pattern.name):
                if path not in written:
                    path.unlink()


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
            "one: --root DIR or RULESDB_DATA_ROOT=DIR"
        )
    return found


def new_release(cr_file: Path, root: Path | None = None) -> tuple[str, bool]:
    """Write the seed and revision for one CR file; returns (revision, whether anything changed).

    The release is appended after the head whatever its date: an older file found later too
    (a revision inserted inside the chain would count as applied already in a database past
    it, and be skipped); every question orders releases by date. A date already in the chain
    is refused, unless the file gives exactly that release's seed: the same file twice
    changes nothing.
    """
    checkout = Checkout(checkout_root(root))
    release = import_file(cr_file)
    book = read_rulebook(cr_file)  # a file whose rules cannot all be read is refused whole
    with checkout.locked():  # "already released?" is only true or false under the lock
        return _append(checkout, cr_file, release, book)


def _append(
    checkout: Checkout, cr_file: Path, release: ReleaseData, book: Rulebook
) -> tuple[str, bool]:
    revision = revision_id(release.effective_date)
    head = checkout.head()
    store = TextStore(checkout.seeds)
    if (checkout.versions / f"{revision}.py").is_file():
        existing = (checkout.seeds / f"{revision}.json").read_bytes()
        member, pack = store.rulebook(revision, book)
        previous = checkout.neighbours(release.effective_date)[0]
        document = _document(release, book, member, store, previous)
        if pack is None and existing == seed_bytes(document):
            return revision, False
        where = "the head" if head == revision else "in the chain"
        raise RulesdbError(
            f"{cr_file}: release {release.effective_date} is already {where} "
            "and this file extracts differently; fix the file or the importer"
        )
    before, after = checkout.neighbours(release.effective_date)
    loader = checkout.loader(head)
    if after is not None:
        raise RulesdbError(
            f"{cr_file}: release {release.effective_date} is older than "
            f"release {after['effective_date']}; each release is linked to the "
            "one before it, and an older one would re-link the one after it: "
            "put it in its place with rulesdb rebuild-chain"
        )
    with staged() as files:
        _write(
            files,
            checkout,
            store,
            release,
            book,
            down_revision=head,
            previous=before,
            loader=loader,
        )
        files.add(checkout.head_file, (revision + "\n").encode())
    return revision, True


def rebuild_chain(cr_files: list[Path], root: Path | None = None) -> list[str]:
    """Write every release revision, seed and text pack again from the official files, in
    effective-date order after the schema baseline, and remove those of releases not given.

    For a chain of the baseline and releases only, before it is published (a change to the
    importer, a better copy of a file): once a schema revision follows the baseline, releases
    are only appended.
    """
    checkout = Checkout(checkout_root(root))
    releases = sorted(
        ((import_file(path), read_rulebook(path)) for path in cr_files),
        key=lambda pair: pair[0].effective_date,
    )
    days = [release.effective_date for release, _ in releases]
    if len(set(days)) != len(days):
        raise RulesdbError("two files have the same effective date; keep one per release")
    with checkout.locked():
        return _rebuild(checkout, releases)


def _rebuild(checkout: Checkout, releases: list[tuple[ReleaseData, Rulebook]]) -> list[str]:
    others = [
        revision
        for revision in checkout.chain(checkout.tip())
        if release_date(revision) is None and revision != BASELINE
    ]
    if others:
        raise RulesdbError(
            f"the chain has schema revisions after {BASELINE} "
            f"({', '.join(sorted(others))}); rebuild-chain rewrites a chain of "
            "the baseline and releases only, so append releases with new-release"
        )
    store = TextStore(checkout.seeds, existing=False)  # every pack written again, in order
    previous: dict[str, Any] | None = None
    down = BASELINE
    written = []
    with staged() as files:
        for release, book in releases:
            previous = _write(
                files,
                checkout,
                store,
                release,
                book,
                down_revision=down,
                previous=previous,
                loader=checkout.loader(BASELINE),
            )
            down = revision_id(release.effective_date)
            written.append(down)
        files.remove_others(
            [checkout.versions / "cr_*.py", checkout.seeds / "cr_*.json", store.folder / "*.json"]
        )
        files.add(checkout.head_file, (down + "\n").encode())
    return written


def _write(
    files: Staged,
    checkout: Checkout,
    store: TextStore,
    release: ReleaseData,
    book: Rulebook,
    down_revision: str,
    previous: dict[str, Any] | None,
    loader: str,
) -> dict[str, Any]:
    _check_successions(release, previous)
    revision = revision_id(release.effective_date)
    member, pack = store.rulebook(revision, book)
    if pack is not None:
        files.add(checkout.seeds / "texts" / f"{revision}.json", pack)
    document = _document(release, book, member, store, previous)
    data = seed_bytes(document)
    seed_name = f"{revision}.json"
    files.add(checkout.seeds / seed_name, data)
    fields = {
        "day": release.effective_date.isoformat(),
        "source": release.source_file,
        "revision": revision,
        "down_revision": down_revision,
        "seed": seed_name,
        "seed_sha256": sha256(data),
        "loader": loader,
    }
    template = Template(filename=str(checkout.root / "migrations" / RELEASE_TEMPLATE))
    files.add(checkout.versions / f"{revision}.py", template.render(**fields).encode())
    return document


def _document(
    release: ReleaseData,
    book: Rulebook,
    member: dict[str, Any],
    store: TextStore,
    previous: dict[str, Any] | None,
) -> dict[str, Any]:
    """The release's seed, with its lineage links to ``previous``."""
    links = release_links(previous, member, release.effective_date.isoformat(), store)
    return seed_document(release, book, member, links)


def _check_successions(release: ReleaseData, previous: dict[str, Any] | None) -> None:
    """The curated renames and merges taking effect in the release must match the lists: the
    old name listed before and not now, the new name listed now (and, renamed, not before)."""
    day = release.effective_date
    for entry, change in [
        *((e, "rename") for e in renames_in(day)),
        *((e, "merge") for e in merges_in(day)),
    ]:
        if entry["kind"] == "card_type":
            now, before = set(release.card_types), _names(previous, "card_type", None)
        else:
            category = entry["category"]
            now = set(release.subtypes(category))
            before = _names(previous, "subtype", category)
        targets = merge_targets(entry)
        where = (
            f"curated {change} {entry['from']} → {', '.join(targets) or 'nothing'} "
            f"({entry['effective_date']})"
        )
        if not set(targets) <= now or entry["from"] in now:
            raise RulesdbError(
                f"{where}: the release lists {entry['from']!r} or lacks "
                f"{sorted(set(targets) - now)}"
            )
        if previous is not None and (
            entry["from"] not in before or (change == "rename" and entry["to"] in before)
        ):
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
