"""What a command writes back of a hostile input (issue #52): lint-cards escapes a lone
surrogate and a NUL and names a card whose type line is no string, the run going on; every
command's error line clips a long argument of the user's to about 80 characters and "…"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from tests.support.databases import url_text
from tests.support.runs import run_in_process, run_process

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

CARDS = (
    '[{"object":"card","name":"A","set":"x","type_line":"Creature \\ud800 Elf"},'
    '{"object":"card","name":"B","set":"x","type_line":{"a":1}},'
    '{"object":"card","name":"C","set":"x","type_line":"Creature\\u0000 \\u2014 Elf"},'
    '{"object":"card","name":"D","set":"x","type_line":"Creature \\u2014 Elf"}]'
)


def test_lint_cards_escapes_and_goes_on(small_url: URL, tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(CARDS, encoding="utf-8")
    done = run_process("--db", url_text(small_url), "lint-cards", str(cards))
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "\0" not in done.stderr
    lines = done.stdout.splitlines()
    assert [json.loads(line)["name"] for line in lines] == ["A", "B", "C", "D"]
    assert '"line": "Creature \\ud800 Elf"' in lines[0]  # the JSON escape it was read as
    assert json.loads(lines[1])["errors"][0]["message"] == "type line not text (dict)"
    assert f"rulesdb: {cards}: card 2: type line not text (dict), not checked" in done.stderr
    assert "Creature\\x00" in done.stderr  # the summary's unknown word, escaped
    assert json.loads(lines[3])["valid"] is True


@pytest.mark.parametrize(
    "args",
    [
        ("glossary", "{}"),
        ("history", "{}"),
        ("cite", "{}"),
        ("rule", "{}"),
        ("rule-history", "{}"),
        ("check", "{}", "--category", "{}"),
    ],
)
def test_error_lines_clip_a_long_argument(small_url: URL, args: tuple[str, ...]) -> None:
    word = "q" * 100_000
    done = run_in_process("--db", url_text(small_url), *(a.format(word) for a in args))
    assert done.returncode in (1, 2), done.stderr
    [line] = done.stderr.splitlines()
    assert len(line) < 400, line[:200]
    assert "q" * 79 + "…" in line or "…(100000 characters)" in line, line


def test_a_long_word_is_said_clipped_in_an_answer(small_url: URL) -> None:
    """check and parse answer a made-up word (exit 1): their messages name it clipped."""
    word = "q" * 100_000
    for command in ("check", "parse"):
        done = run_in_process("--db", url_text(small_url), command, word, "--format", "table")
        assert done.returncode == 1, done.stderr
        # parse shows the line it read once, as its heading; no message repeats it whole
        assert len(re.findall("[qQ]{81,}", done.stdout)) <= 1, command
        assert "q" * 79 + "…" in done.stdout, command


@pytest.mark.parametrize("query", ["mode=rw", "immutable=1", "nolock=1&cache=shared"])
def test_sqlite_uri_arguments_without_uri_are_one_line(small_url: URL, query: str) -> None:
    """SQLAlchemy drops them with a three-line warning naming its installed path: rulesdb
    refuses them in one line instead."""
    done = run_process("--db", f"{url_text(small_url)}?{query}", "sql", "select 1")
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.splitlines()
    assert "only in a URI (with uri=true)" in line and "SAWarning" not in done.stderr
