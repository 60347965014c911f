"""The answers a user compares or commits (JSON of the span and diff commands) are the same
bytes whatever the hash seed: sets and dicts built from them must be put in order first."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import URL

from tests.support.databases import url_text
from tests.support.runs import under_hash_seed

# Spans that add, remove and merge types, keywords and glossary terms (2021-07-23 adds the
# dungeon card type, the Class enchantment type and creature types in one release).
COMMANDS = [
    ["changes", "--since", "2021-06-18", "--to", "2021-09-24"],
    ["diff", "2007-07-13", "2007-10-01"],
    ["rule-diff", "2021-06-18", "2021-07-23"],
    ["renumber-map", "2009-05-01", "2009-07-11"],
]


@pytest.mark.parametrize("backend", ["sqlite"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_the_same_json_under_two_hash_seeds(shared_head_url: URL, command: list[str]) -> None:
    args = ("--db", url_text(shared_head_url), *command, "--format", "json")
    assert len({under_hash_seed(seed, *args) for seed in ("1", "3")}) == 1
