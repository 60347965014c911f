"""The documentation's generated parts, written into the pages by cog (``cog -r -I docs
docs/*.md``) from what they describe, so the pages cannot drift from it:

- the command-line reference, from the click commands' own ``--help``;
- the list of commands, from their one-line help;
- the schema reference, from ``rulesdb/store/descriptions.toml``;
- the settings, from their declarations (``rulesdb.settings``, ``tests/settings.py``).

``tests/test_docs.py`` checks that every generated part is current (``cog --check``).
"""

from __future__ import annotations

from pathlib import Path

import click

from rulesdb.cli import cli
from rulesdb.cli.app import SECTIONS
from rulesdb.settings import SETTINGS, Setting
from rulesdb.store.descriptions import descriptions


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a pipe would end the cell."""
    return text.replace("|", "\\|")


def _commands(group: click.Group) -> list[tuple[str, click.Command]]:
    context = click.Context(group, info_name="rulesdb")
    return [
        (name, group.get_command(context, name))  # type: ignore[misc]
        for name in group.list_commands(context)
    ]


def command_help(name: str | None) -> str:
    """``rulesdb [NAME] --help`` as a terminal 88 columns wide prints it."""
    command = cli if name is None else cli.commands[name]  # type: ignore[attr-defined]
    parent = click.Context(
        cli,
        info_name="rulesdb",
        terminal_width=88,
        max_content_width=88,
        help_option_names=["-h", "--help"],
    )
    context = (
        parent
        if name is None
        else click.Context(
            command, info_name=name, parent=parent, terminal_width=88, max_content_width=88
        )
    )
    return command.get_help(context)


def cli_reference() -> str:
    """One section per command: its name as a heading, then its whole ``--help``."""
    parts = ["## rulesdb\n", "```text", command_help(None), "```\n"]
    for name, _ in _commands(cli):
        parts += [f"## rulesdb {name}\n", "```text", command_help(name), "```\n"]
    return "\n".join(parts)


def command_table() -> str:
    """Every command with its one-line help, by the sections of ``rulesdb --help``, each
    linking its reference."""
    commands = dict(_commands(cli))
    parts = []
    for title, names in SECTIONS.items():
        parts += [f"### {title}\n", "| command | what it does |", "|---|---|"]
        parts += [
            f"| [`{name}`](cli-reference.md#rulesdb-{name}) | "
            f"{_cell(commands[name].get_short_help_str(limit=300))} |"
            for name in names
        ]
        parts.append("")
    return "\n".join(parts)


def schema_reference() -> str:
    """Every table and view with its description, then a table of its columns."""
    parts = []
    for described in descriptions().values():
        parts += [
            f"### `{described.name}`\n",
            described.description + "\n",
            "| column | holds |",
            "|---|---|",
        ]
        parts += [f"| `{column}` | {_cell(text)} |" for column, text in described.columns.items()]
        parts.append("")
    return "\n".join(parts)


def settings_table(settings: tuple[Setting[object], ...] = SETTINGS) -> str:
    rows = ["| variable | type | default | what it does |", "|---|---|---|---|"]
    beside = str(Path(__file__).resolve().parents[2])  # the checkout's folder, shown as ..
    for setting in settings:
        shown = str(setting.default).replace(beside, "..")
        default = "—" if setting.default is None else f"`{shown}`"
        rows.append(f"| `{setting.name}` | {setting.kind} | {default} | {setting.help} |")
    return "\n".join(rows) + "\n"


def suite_settings_table() -> str:
    from tests.settings import SETTINGS as TEST_SETTINGS

    return settings_table(TEST_SETTINGS)  # type: ignore[arg-type]
