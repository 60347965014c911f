"""The docs' pages and the SQL examples in them."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from tests.settings import ROOT

DOCS = ROOT / "docs"
_FENCE = re.compile(r"^```([\w-]*)\n(.*?)^```[ \t]*$", re.S | re.M)


def fenced(text: str) -> Iterator[re.Match[str]]:
    return _FENCE.finditer(text)


SQL_PAGE = DOCS / "sql.md"  # the cookbook: its queries are also serve's canned queries


def sql_examples(text: str) -> list[tuple[re.Match[str], re.Match[str]]]:
    """(sql block, text block) pairs of a page; each sql needs its text."""
    blocks = list(fenced(text))
    pairs = []
    for index, block in enumerate(blocks):
        if block.group(1) != "sql":
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if (
            following is None
            or following.group(1) != "text"
            or text[block.end() : following.start()].strip()
        ):
            raise AssertionError(
                f"the sql block at offset {block.start()} is not "
                "immediately followed by a ```text block with its output"
            )
        pairs.append((block, following))
    return pairs


def page_example(page: str, folder: Path, url: str) -> tuple[int, str, str]:
    """The first command a page shows before "The first prints, then on stderr:", run in
    ``folder`` holding the page's example files: (exit code, stdout and stderr as printed,
    the text the page says it prints)."""
    from click.testing import CliRunner

    from rulesdb.cli import cli

    text = (DOCS / page).read_text(encoding="utf-8")
    for name, body in re.findall(
        r"<!-- example file: (\S+) -->\n```\w*\n(.*?)^```", text, re.S | re.M
    ):
        (folder / name).write_text(body, encoding="utf-8")
    start = text.index("The first prints, then on stderr:")
    command = re.findall(r"^rulesdb (.*?)\s+#", text[:start], re.M)[0].split()
    shown = re.search(r"```text\n(.*?)```", text[start:], re.S)
    assert command[0] == "lint-citations" and shown is not None
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(cli, ["--db", url, *command])
    finally:
        os.chdir(here)
    return result.exit_code, result.stdout + result.stderr, shown.group(1)
