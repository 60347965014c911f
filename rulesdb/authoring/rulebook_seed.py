"""The rulebook seeds: a store of texts keyed by their content, and a small index per release.

``seeds/rulebook/texts/<revision>.json`` (a *pack*) holds the texts first written for that
release: ``{key: [text, examples]}``, the key being the first 16 hex digits of the sha256 of
the canonical JSON of ``[text, examples]``. ``seeds/rulebook/<revision>.json`` (the *index*) maps
each rule number and glossary term of the release to a key, and pins every pack it reads by
sha256. Nothing refers to "the release before": a release written later, older or newer than
the others (the archive), adds its own pack with only the texts no pack has yet, and loading
the releases in any order gives the same texts. Packs are never rewritten once written.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rulesdb.ingest.rulebook import Rulebook

INDEX_FORMAT = 1
KEY_DIGITS = 16  # 64 bits: the database's integer id of a text (see the loader)


def text_key(text: str, examples: Iterable[str] = ()) -> str:
    canonical = json.dumps([text, list(examples)], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:KEY_DIGITS]


class TextStore:
    """Every pack of a checkout's ``seeds/rulebook/texts``, read once."""

    def __init__(self, seeds: Path) -> None:
        self.folder = seeds / "rulebook"
        self.packs_folder = self.folder / "texts"
        self.pack_of: dict[str, str] = {}  # key -> pack name (its revision id)
        self.texts: dict[str, list[Any]] = {}
        for path in sorted(self.packs_folder.glob("*.json")):
            for key, value in json.loads(path.read_bytes()).items():
                self.pack_of.setdefault(key, path.stem)
                self.texts.setdefault(key, value)

    def release_files(self, revision: str, book: Rulebook, source_file: str,
                      source_sha256: str) -> dict[Path, bytes]:
        """The files the release needs: its pack (if it brings texts no pack has) and its
        index. Nothing is written; :meth:`write` does."""
        entries: list[tuple[str, list[Any]]] = []
        entries += [(text_key(r.text, r.examples), [r.text, list(r.examples)])
                    for r in book.rules]
        entries += [(text_key(g.text), [g.text, []]) for g in book.glossary]
        fresh: dict[str, list[Any]] = {}
        for key, value in entries:
            known = self.texts.get(key, fresh.get(key))
            if known is not None and known != value:
                raise RuntimeError(f"text key {key} names two texts; widen KEY_DIGITS")
            if known is None:
                fresh[key] = value
        files: dict[Path, bytes] = {}
        pack_sha256 = {name: _file_sha256(self.packs_folder / f"{name}.json")
                       for name in {self.pack_of[key] for key, _ in entries if key in self.pack_of}}
        if fresh:
            pack = self.packs_folder / f"{revision}.json"
            files[pack] = _pack_bytes(fresh)
            pack_sha256[revision] = hashlib.sha256(files[pack]).hexdigest()
        index = {
            "format": INDEX_FORMAT,
            "effective_date": book.effective_date.isoformat(),
            "source": {"file": source_file, "sha256": source_sha256},
            "packs": dict(sorted(pack_sha256.items())),
            "rules": [[r.number, text_key(r.text, r.examples)] for r in book.rules],
            "glossary": [[g.term, text_key(g.text)] for g in book.glossary],
            "notes": [_relative(note) for note in book.notes],
        }
        files[self.folder / f"{revision}.json"] = _index_bytes(index)
        return files

    def write(self, files: dict[Path, bytes]) -> None:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            if path.parent == self.packs_folder:
                for key, value in json.loads(data).items():
                    self.texts[key], self.pack_of[key] = value, path.stem


def index_sha256(files: dict[Path, bytes]) -> str:
    """The sha256 of the index among a release's files (the one outside texts/)."""
    (data,) = [data for path, data in files.items() if path.parent.name != "texts"]
    return hashlib.sha256(data).hexdigest()


def _relative(note: str) -> str:
    """Notes name the file, not the maintainer's path to it."""
    path, _, rest = note.partition(":")
    return f"{Path(path).name}:{rest}"


def _file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pack_bytes(texts: dict[str, list[Any]]) -> bytes:
    """One text a line, sorted by key: packs diff and review line by line."""
    lines = [f"{json.dumps(key)}:{json.dumps(texts[key], ensure_ascii=False)}"
             for key in sorted(texts)]
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def _index_bytes(index: dict[str, Any]) -> bytes:
    """Canonical, one rule or term a line."""
    parts = []
    for key, value in index.items():
        if isinstance(value, list) and value:
            items = ",\n".join(json.dumps(item, ensure_ascii=False) for item in value)
            parts.append(f"{json.dumps(key)}: [\n{items}\n]")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode()


# The revision that loads the rulebook of the releases whose own revisions load only their
# vocabulary, by the loader they use: the 64 of 2016-2026 (release_v1), the archive
# (release_v3, 1999-2018), each pinned in the revision written after them.
DATA_REVISIONS = {"release_v1": "rulebook_text", "release_v3": "archive_rulebook"}
_PINNED = re.compile(r"(RULEBOOKS: dict\[str, str\] = \{\n)(.*?)(\n\})", re.S)
_LOADER = re.compile(r"^from rulesdb_loaders\.(release_v\d+) import", re.M)


def rebuild_rulebook(cr_files: list[Path], root: Path) -> dict[str, list[str]]:
    """Write the rulebook seeds of ``cr_files`` (any order; .txt, .docx or .rtf; packs already
    written are kept) and pin the index of every release whose revision loads only its
    vocabulary in the revision that loads their rulebooks (``DATA_REVISIONS``). Returns the
    revisions pinned in each of those.

    For the maintainer who adds releases before the rulebook revisions (the archive);
    releases appended after them load their own rulebook (``rulesdb new-release``).
    """
    from rulesdb.ingest.rulebook import read_rulebook

    seeds, versions = root / "seeds", root / "migrations" / "versions"
    store = TextStore(seeds)
    for path in cr_files:
        book = read_rulebook(path)  # a file that cannot be read completely stops it all
        source_sha256 = hashlib.sha256(path.read_bytes()).hexdigest()
        store.write(store.release_files(f"cr_{book.effective_date:%Y_%m_%d}", book, path.name,
                                        source_sha256))
    pinned: dict[str, dict[str, str]] = {data: {} for data in DATA_REVISIONS.values()}
    for revision in sorted(p.stem for p in versions.glob("cr_*.py")):
        index = store.folder / f"{revision}.json"
        loader = _LOADER.search((versions / f"{revision}.py").read_text())
        data = DATA_REVISIONS.get(loader[1]) if loader else None
        if data is not None and index.is_file():
            pinned[data][revision] = _file_sha256(index)
    for data, indexes in pinned.items():
        path = versions / f"{data}.py"
        if not path.is_file():
            if indexes:
                raise RuntimeError(f"{path}: missing; it pins the rulebooks of {len(indexes)} "
                                   "releases")
            continue
        lines = "\n".join(f'    "{revision}": "{sha256}",' for revision, sha256 in indexes.items())
        text, count = _PINNED.subn(lambda m, lines=lines: m[1] + lines + m[3], path.read_text())
        if count != 1:
            raise RuntimeError(f"{path}: no RULEBOOKS table to pin the indexes in")
        path.write_text(text)
    return {data: list(indexes) for data, indexes in pinned.items()}
