"""One example per command, shown as the last paragraph of its ``--help`` (and so in the
generated CLI reference); ``tests/test_docs.py`` runs every one that reads a database."""

from __future__ import annotations

import click

EXAMPLES: dict[str, str] = {
    "card-types": "rulesdb card-types --as-of 2007-10-01 --format table",
    "changes": "rulesdb changes --since BFZ --format markdown",
    "check": "rulesdb check Merfolk --as-of 2021-03-01",
    "cite": "rulesdb cite Equipment --format table",
    "current": "rulesdb current",
    "diff": "rulesdb diff 2024-04-12 2024-06-07 --format markdown",
    "downgrade": "rulesdb --db sqlite:///rules.sqlite3 downgrade cr_2021_02_15",
    "explain": 'rulesdb explain "Legendary Creature — Human Wizard" --as-of MH3',
    "export": "rulesdb export --style mtgjson --as-of 2024-06-07 -o CardTypes.json",
    "glossary": "rulesdb glossary subtype --as-of 2020-08-07",
    "grant-read": "rulesdb --db postgresql://postgres@127.0.0.1/rules grant-read analyst",
    "history": "rulesdb history Naga --format table",
    "info": "rulesdb info --format json",
    "inspect": "rulesdb inspect MagicCompRules-20240607.txt --format table",
    "lint-cards": "rulesdb lint-cards oracle-cards.json --as-of printed --format csv",
    "lint-citations": "rulesdb lint-citations . --since 2024-06-07 --format jsonl",
    "mcp": "rulesdb mcp --http 8765",
    "new-release": "rulesdb new-release MagicCompRules-20261113.txt",
    "parse": 'rulesdb parse "Legendary Land Creature — Forest Dryad"',
    "rebuild": "rulesdb --db sqlite:///rules.sqlite3 rebuild --yes",
    "rebuild-chain": "rulesdb rebuild-chain ../shared/cr/*.txt",
    "releases": "rulesdb releases --format table",
    "revisions": "rulesdb revisions --format table",
    "rule": "rulesdb rule 702.19 --as-of 2024-06-07",
    "rule-diff": "rulesdb rule-diff MH3 --rule 702 --format markdown",
    "renumber-map": "rulesdb renumber-map MH3 2026-08-07 --format csv",
    "rule-history": "rulesdb rule-history 111.13 --format table",
    "search": 'rulesdb search "equipment attach" --limit 5 --format table',
    "serve": "rulesdb serve --port 8080",
    "sql": "rulesdb sql \"SELECT name FROM v_subtype WHERE category = 'dungeon'\" --format csv",
    "subtypes": "rulesdb subtypes --category land --as-of 2021-03-01 --format table",
    "supertypes": "rulesdb supertypes --as-of 2003-07-01",
    "upgrade": "rulesdb --db sqlite:///rules.sqlite3 upgrade",
}


def attach(group: click.Group) -> None:
    """Each command's example as the last lines of its help, after the options (click's
    epilog; ``\\b`` keeps click from rewrapping it)."""
    for name, command in group.commands.items():
        example = EXAMPLES.get(name)
        if example is not None:
            command.epilog = f"\b\nExample:\n  {example}"
