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

    def write_release(self, revision: str, book: Rulebook, source_file: str,
                      source_sha256: str) -> tuple[str, str]:
        """Write the release's pack (if it brings new texts) and index; returns the index's
        file name under seeds/ and its sha256."""
        entries: list[tuple[str, list[Any]]] = []
        entries += [(text_key(r.text, r.examples), [r.text, list(r.examples)])
                    for r in book.rules]
        entries += [(text_key(g.text), [g.text, []]) for g in book.glossary]
        fresh = {}
        for key, value in entries:
            known = self.texts.get(key)
            if known is not None and known != value:
                raise RuntimeError(f"text key {key} names two texts; widen KEY_DIGITS")
            if known is None:
                fresh[key] = value
        if fresh:
            self.packs_folder.mkdir(parents=True, exist_ok=True)
            (self.packs_folder / f"{revision}.json").write_bytes(_pack_bytes(fresh))
            for key, value in fresh.items():
                self.texts[key], self.pack_of[key] = value, revision
        packs = sorted({self.pack_of[key] for key, _ in entries})
        index = {
            "format": INDEX_FORMAT,
            "effective_date": book.effective_date.isoformat(),
            "source": {"file": source_file, "sha256": source_sha256},
            "packs": {name: _file_sha256(self.packs_folder / f"{name}.json") for name in packs},
            "rules": [[r.number, text_key(r.text, r.examples)] for r in book.rules],
            "glossary": [[g.term, text_key(g.text)] for g in book.glossary],
            "notes": [_relative(note) for note in book.notes],
        }
        data = _index_bytes(index)
        (self.folder / f"{revision}.json").write_bytes(data)
        return f"rulebook/{revision}.json", hashlib.sha256(data).hexdigest()


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
