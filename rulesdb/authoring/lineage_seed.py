"""The lineage seeds: every release's links to the release before it, as the matcher
(``rulesdb.authoring.lineage``) and the curated corrections give them.

``seeds/lineage_0002.json`` holds the links and lineage segments of every release the schema
revision ``0002_lineage`` found in the chain; each release written after it carries its own
links in its seed (``lineage``), computed against the release before it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulesdb.authoring.curated import load_lineage_links
from rulesdb.authoring.lineage import Lineages, Printed, follow, link_releases, link_rows
from rulesdb.authoring.rulebook_seed import TextStore

LINEAGE_SEED = "lineage_0002.json"
LINEAGE_FORMAT = 1


def printed_rules(seed: dict[str, Any], store: TextStore) -> list[Printed]:
    """The rules a seed's rulebook prints, with their texts from the packs."""
    rules = []
    for row in seed["rulebook"]["rules"]:
        number, occurrence, _, key = row.split("\t")
        rules.append(Printed(number, int(occurrence), key, store.texts[key][0]))
    return rules


def chain_lineages(seeds: Path, revisions: list[str]) -> Lineages:
    """The lineages of the releases ``revisions`` name, followed in date order."""
    store = TextStore(seeds)
    releases = []
    for revision in revisions:
        seed = json.loads((seeds / f"{revision}.json").read_bytes())
        releases.append((seed["effective_date"], printed_rules(seed, store)))
    releases.sort(key=lambda release: release[0])
    return follow(releases, load_lineage_links())


def lineage_seed_bytes(lineages: Lineages) -> bytes:
    """The seed of ``0002_lineage``: one line a release's links, one a segment, sorted."""
    lines = [f'"format": {LINEAGE_FORMAT}', f'"releases": {json.dumps(lineages.days)}']
    links = [f"  {json.dumps(day)}: {json.dumps(link_rows(lineages.links[day]))}"
             for day in lineages.days]
    lines.append('"links": {\n' + ",\n".join(links) + "\n}")
    segments = [f"  {json.dumps(list(segment))}" for segment in lineages.segments()]
    lines.append('"segments": [\n' + ",\n".join(segments) + "\n]")
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def release_links(previous: dict[str, Any] | None, seed_rulebook: dict[str, Any],
                  day: str, store: TextStore) -> list[list[Any]]:
    """A new release's links to the release before it (its seed's ``lineage`` member)."""
    before = printed_rules(previous, store) if previous is not None else []
    after = printed_rules({"rulebook": seed_rulebook}, store)
    return link_rows(link_releases(before, after, load_lineage_links().get(day)))
