"""Wizards' update bulletins, curated: why a release changed what it changed, as Wizards wrote it.

One TOML file a bulletin (``curated/bulletins/YYYY-MM-DD.toml``, named by the release whose text
makes the changes it describes, not by its publish date), each entry the rule numbers its
heading names, the reason trimmed to the Comprehensive Rules part, and its kind. ``known.toml``
lists the bulletins found in the archive and not yet curated. Both are read when a seed is
written (``seed.seed_document``); nothing is fetched at run time.
"""

from __future__ import annotations

import tomllib
from datetime import date
from functools import cache
from importlib import resources
from typing import Any

from rulesdb.authoring.curated.shapes import BulletinEntry, BulletinHead, checked
from rulesdb.errors import RulesdbError


def _folder() -> Any:
    return resources.files("rulesdb.authoring.curated").joinpath("bulletins")


def _read(name: str) -> dict[str, Any]:
    """A curated file's TOML; a malformed one is one line naming it and where."""
    try:
        return tomllib.loads(_folder().joinpath(name).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RulesdbError(f"curated/bulletins/{name}: {exc}") from None


@cache  # read once a run: a chain's rebuild asks for every release
def curated_bulletins() -> dict[date, dict[str, Any]]:
    """Every curated bulletin by the release it belongs to, its entries checked."""
    found: dict[date, dict[str, Any]] = {}
    files = sorted(p.name for p in _folder().iterdir() if p.name[:1].isdigit())
    for name in files:
        data = _read(name)
        head = checked(name, data, BulletinHead)
        if name != f"{head.release.isoformat()}.toml":
            raise RulesdbError(f"{name}: a bulletin's file is named by its release's date")
        if not isinstance(data.get("entry", []), list):
            raise RulesdbError(f"{name}: entry must be a list of tables ([[entry]])")
        for number, given in enumerate(data.get("entry", []), start=1):
            entry = checked(f"{name} entry {number}", given, BulletinEntry)
            if not entry.why.strip():
                raise RulesdbError(f"{name} entry {number}: missing why")
            if not entry.made and not entry.note:
                raise RulesdbError(f"{name} entry {number}: made = false needs a note saying why")
        found[head.release] = data
    return found


@cache
def known_bulletins() -> dict[date, dict[str, Any]]:
    """The bulletins found in the archive and not yet curated (known.toml), by release."""
    found: dict[date, dict[str, Any]] = {}
    for number, entry in enumerate(_read("known.toml").get("bulletin", []), start=1):
        found[checked(f"known.toml entry {number}", entry, BulletinHead).release] = entry
    return found


def entries_made_in(data: dict[str, Any], day: date) -> list[dict[str, Any]]:
    """The bulletin's entries on changes the release ``day`` makes: an entry's own ``release``
    names the release whose file makes the change when the article covers two (Hour of
    Devastation's covers Archenemy: Nicol Bolas's), else the bulletin's release does."""
    return [e for e in data.get("entry", []) if e.get("release", data["release"]) == day]


def bulletin_in(day: date) -> dict[str, Any] | None:
    """The seed's record of the release's bulletin: curated (with its entries on the changes
    this release makes), known and not yet curated (no entries), or None when none is known."""
    bulletins = curated_bulletins()
    curated = bulletins.get(day) or next(
        (data for data in bulletins.values() if entries_made_in(data, day)), None
    )
    data = curated or known_bulletins().get(day)
    if data is None:
        return None
    return {
        "title": data["title"],
        "published": data["published"].isoformat(),
        "url": data["url"],
        "archived": data["archived"],
        "source": data["source"],
        "curated": curated is not None,
        "entries": [
            {
                "kind": entry["kind"],
                "heading": entry.get("heading", " and ".join(entry.get("rules", []))),
                # a change the release's file did not make is attached to no rule
                "rules": list(entry.get("rules", [])) if entry.get("made", True) else [],
                "why": entry["why"].strip(),
                "note": entry.get("note"),
            }
            for entry in (entries_made_in(curated, day) if curated else [])
        ],
    }
