"""A release's rulebook as its seed holds it: a store of texts keyed by content, the identity of
each row in file order, and the sort keys that keep that order.

``seeds/texts/<revision>.json`` (a *pack*) holds the texts first written for that release:
``{key: [text, examples]}``, the key being the first 16 hex digits of the sha256 of the
canonical JSON of ``[text, examples]``. A release's seed lists each rule as its number,
occurrence, sort key and text key joined by tabs, each glossary entry as its term, sort key and
text key, and pins every pack it reads by sha256. Nothing refers to "the release before": a release
written later, older or newer than the others, adds its own pack with only the texts no pack
has yet, and loading the releases in any order gives the same rows. Packs are never rewritten
once written.

The sort keys are computed here, once, so the loader derives nothing: a release's order is a
key per row rather than a position (a position shifts whenever a rule is inserted above it,
which would end every span of the rules below).
"""

from __future__ import annotations

import hashlib
import json
import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from rulesdb.ingest.rulebook import Rulebook

KEY_DIGITS = 16  # 64 bits: the database's integer id of a text (see the loader)
SEPARATOR = "\x1f"  # the ASCII unit separator: below every character a natural key holds


def text_key(text: str, examples: Iterable[str] = ()) -> str:
    canonical = json.dumps([text, list(examples)], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:KEY_DIGITS]


@cache  # a few thousand distinct numbers
def rule_order_key(number: str) -> str:
    """Natural order of rule numbers as text: 1 < 100 < 100.1 < 100.1a < 100.2 < 100.10 < 2.

    The rule (3 digits) sorts as printed; each digit run after it is zero-padded to 4. A
    longer run (905.10000, only in a crafted file) is "~", its length in two digits and the
    run: after every 4-digit run and every letter, longer runs after shorter. Without it
    905.10000 sorted before 905.9999, and each rule past it carried the chain of the keys
    before it (sort_keys): quadratic in their number."""
    head, dot, rest = number.partition(".")
    return head + dot + re.sub(r"\d+", _padded, rest)


def _padded(run: re.Match[str]) -> str:
    digits = run.group()
    return digits.zfill(4) if len(digits) <= 4 else f"~{len(digits):02d}{digits}"


def term_order_key(term: str) -> str:
    return term.casefold()


def sort_keys(natural: Sequence[str]) -> list[str]:
    """A key per row, in file order, that sorts bytewise into file order.

    The rows of one longest strictly increasing run of natural keys keep theirs; each other
    row (1999-11-01's 408, 2024-09-20's second 702.175) takes the key of the row printed
    before it, the separator and its own natural key, which sorts after that row and before
    the next in-order row (natural keys are never empty and hold no character below the
    separator). PostgreSQL compares the column with COLLATE "C", bytewise like SQLite."""
    if all(a < b for a, b in pairwise(natural)):
        return list(natural)  # most releases: the file prints every number in order
    keep = _longest_increasing(natural)
    keys: list[str] = []
    for index, key in enumerate(natural):
        keys.append(key if index in keep else (keys[-1] if keys else "") + SEPARATOR + key)
    return keys


def _longest_increasing(keys: Sequence[str]) -> set[int]:
    """Indexes of a longest strictly increasing subsequence (patience sorting; the earliest
    smallest tail wins ties, so equal inputs give equal answers)."""
    tails: list[str] = []
    tail_index: list[int] = []
    before: list[int | None] = []
    for index, key in enumerate(keys):
        at = bisect_left(tails, key)
        if at == len(tails):
            tails.append(key)
            tail_index.append(index)
        else:
            tails[at] = key
            tail_index[at] = index
        before.append(tail_index[at - 1] if at else None)
    kept: set[int] = set()
    current = tail_index[-1] if tail_index else None
    while current is not None:
        kept.add(current)
        current = before[current]
    return kept


class TextStore:
    """Every pack of a checkout's ``seeds/texts``, read once, and the packs of the releases
    written since (a run writing many releases finds each one's texts in those before it)."""

    def __init__(self, seeds: Path, existing: bool = True) -> None:
        """``existing=False``: none of the packs written before (all are written again)."""
        self.folder = seeds / "texts"
        self.pack_of: dict[str, str] = {}  # key -> pack name (its revision id)
        self.texts: dict[str, list[Any]] = {}
        self.pack_sha256: dict[str, str] = {}
        for path in sorted(self.folder.glob("*.json")) if existing else ():
            self._take(path.stem, path.read_bytes())

    def _take(self, name: str, data: bytes) -> None:
        self.pack_sha256[name] = hashlib.sha256(data).hexdigest()
        for key, value in json.loads(data).items():
            self.pack_of.setdefault(key, name)
            self.texts.setdefault(key, value)

    def rulebook(self, revision: str, book: Rulebook) -> tuple[dict[str, Any], bytes | None]:
        """The seed's ``rulebook`` member, and the release's pack to write (None when every
        text it prints is in a pack already), which the store takes at once."""
        rules = [
            (r.number, r.occurrence, text_key(r.text, r.examples), [r.text, list(r.examples)])
            for r in book.rules
        ]
        glossary = [(g.term, text_key(g.text), [g.text, []]) for g in book.glossary]
        entries = [(key, value) for _, _, key, value in rules]
        entries += [(key, value) for _, key, value in glossary]
        fresh: dict[str, list[Any]] = {}
        for key, value in entries:
            known = self.texts.get(key, fresh.get(key))
            if known is not None and known != value:
                raise RuntimeError(f"text key {key} names two texts; widen KEY_DIGITS")
            if known is None:
                fresh[key] = value
        pack = _pack_bytes(fresh) if fresh else None
        if pack is not None:
            self._take(revision, pack)
        pinned = {self.pack_of[key] for key, _ in entries}
        rule_keys = sort_keys([rule_order_key(number) for number, *_ in rules])
        term_keys = sort_keys([term_order_key(term) for term, *_ in glossary])
        member = {
            "packs": {name: self.pack_sha256[name] for name in sorted(pinned)},
            "rules": [
                f"{number}\t{occurrence}\t{sort_key}\t{key}"
                for (number, occurrence, key, _), sort_key in zip(rules, rule_keys, strict=True)
            ],
            "glossary": [
                f"{term}\t{sort_key}\t{key}"
                for (term, key, _), sort_key in zip(glossary, term_keys, strict=True)
            ],
            "notes": [_relative(note) for note in book.notes],
        }
        return member, pack


def _relative(note: str) -> str:
    """Notes name the file, not the maintainer's path to it."""
    path, _, rest = note.partition(":")
    return f"{Path(path).name}:{rest}"


def _pack_bytes(texts: dict[str, list[Any]]) -> bytes:
    """One text a line, sorted by key: packs diff and review line by line."""
    lines = [
        f"{json.dumps(key)}:{json.dumps(texts[key], ensure_ascii=False)}" for key in sorted(texts)
    ]
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()
