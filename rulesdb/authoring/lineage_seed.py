"""A release's lineage links, as its seed carries them: each rule's link to the rule of the
release before it that it continues, as the matcher (``rulesdb.authoring.lineage``) and the
curated corrections (``curated/lineage.toml``) give them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulesdb.authoring.curated import load_lineage_links, load_lineage_merges
from rulesdb.authoring.lineage import Lineages, Printed, follow, link_and_merge, link_rows
from rulesdb.authoring.rulebook_seed import TextStore


def printed_rules(seed: dict[str, Any], store: TextStore) -> list[Printed]:
    """The rules a seed's rulebook prints, with their texts from the packs."""
    rules = []
    for row in seed["rulebook"]["rules"]:
        number, occurrence, _, key = row.split("\t")
        text, examples = store.texts[key]
        rules.append(Printed(number, int(occurrence), key, text, tuple(examples)))
    return rules


def chain_lineages(seeds: Path, revisions: list[str]) -> Lineages:
    """The lineages of the releases ``revisions`` name, followed in date order."""
    store = TextStore(seeds)
    releases = []
    for revision in revisions:
        seed = json.loads((seeds / f"{revision}.json").read_bytes())
        releases.append((seed["effective_date"], printed_rules(seed, store)))
    releases.sort(key=lambda release: release[0])
    return follow(releases, load_lineage_links(), load_lineage_merges())


def release_links(
    previous: dict[str, Any] | None, seed_rulebook: dict[str, Any], day: str, store: TextStore
) -> list[list[Any]]:
    """A release's links to the release before it (its seed's ``lineage`` member)."""
    before = printed_rules(previous, store) if previous is not None else []
    after = printed_rules({"rulebook": seed_rulebook}, store)
    curated, merged = load_lineage_links().get(day), load_lineage_merges().get(day)
    return link_rows(*link_and_merge(before, after, curated, merged))
