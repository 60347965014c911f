"""README.md's examples are real: they run, on both backends, and print what the README shows.

- every ```sql block of "For analysts: SQL" is run with `rulesdb sql --format table`, and its
  output must equal the ```text block right after it, byte for byte;
- every ```python block runs (against a head database instead of ``rules.sqlite3``);
- every `rulesdb ...` line of a ```sh block exits 0 (or the status its comment documents,
  "# exit 1: ...") against a head database, except those that need a file outside the
  repository or change the checkout;
- every command and option of the CLI has help text.

After changing a query (or the data), rewrite the outputs from the real command with
``python -m tests.test_readme`` (it builds a SQLite head database in a temporary folder).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from sqlalchemy.engine import URL

from rulesdb.cli import cli

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
ANALYSTS = "## For analysts: SQL"
EXAMPLE_DB = "sqlite:///rules.sqlite3"  # the database the README's Python examples open
# Commands that change the checkout or the release chain, serve until stopped (tests/test_web.py
# runs `serve` as its own process), or need a role the example assumes (grant-read analyst):
# never run from the README.
NOT_RUN = {"new-release", "rebuild-chain", "downgrade", "serve", "grant-read"}
_FENCE = re.compile(r"^```([\w-]*)\n(.*?)^```[ \t]*$", re.S | re.M)
# A file an example reads, shown in the README: "<!-- example file: NAME -->" then a block.
_EXAMPLE_FILE = re.compile(r"^<!-- example file: (\S+) -->\n```\w*\n(.*?)^```", re.S | re.M)


def fenced(text: str) -> Iterator[re.Match[str]]:
    return _FENCE.finditer(text)


def section(text: str, heading: str) -> tuple[int, int]:
    start = text.index(f"\n{heading}\n") + 1
    end = text.find("\n## ", start + len(heading))
    return start, len(text) if end < 0 else end + 1


def sql_examples(text: str) -> list[tuple[re.Match[str], re.Match[str]]]:
    """(sql block, text block) pairs of the analysts section; each sql needs its text."""
    start, end = section(text, ANALYSTS)
    blocks = [m for m in fenced(text) if start <= m.start() < end]
    pairs = []
    for index, block in enumerate(blocks):
        if block.group(1) != "sql":
            continue
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        if (following is None or following.group(1) != "text"
                or text[block.end():following.start()].strip()):
            raise AssertionError(f"README.md: the sql block at offset {block.start()} is not "
                                 "immediately followed by a ```text block with its output")
        pairs.append((block, following))
    return pairs


def sql_output(url: str, sql: str) -> str:
    result = CliRunner().invoke(cli, ["--db", url, "sql", sql, "--format", "table"])
    assert result.exit_code == 0, f"{sql}\n{result.output}{result.exception!r}"
    return result.output


def regenerate(text: str, run: Callable[[str], str]) -> str:
    """The README with every analysts' output block replaced by what its query prints now."""
    for block, output in reversed(sql_examples(text)):
        fresh = run(block.group(2))
        text = text[:output.start(2)] + fresh + text[output.end(2):]
    return text


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


def test_analyst_queries_print_what_the_readme_shows(reader_url: URL) -> None:
    """As the README says analysts run them: on PostgreSQL, as a role given grant-read."""
    text = README.read_text(encoding="utf-8")
    examples = sql_examples(text)
    assert len(examples) >= 5
    for block, output in examples:
        assert sql_output(url_text(reader_url), block.group(2)) == output.group(2), \
            block.group(2)


def test_python_examples_run(shared_head_url: URL) -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [m.group(2) for m in fenced(text) if m.group(1) == "python"]
    assert blocks, "README.md has no python examples"
    for number, code in enumerate(blocks, 1):
        assert EXAMPLE_DB in code or "make_engine" not in code, code
        source = code.replace(EXAMPLE_DB, url_text(shared_head_url))
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, f"README.md python example {number}", "exec"),
                 {"__name__": "readme_example"})


def shell_examples(text: str) -> Iterator[tuple[str, list[str], int]]:
    """The README's rulesdb commands that can run here: (the command as written, its
    arguments after ``rulesdb``, the exit status it documents)."""
    for block in fenced(text):
        if block.group(1) not in ("sh", "bash", "shell"):
            continue
        for line in block.group(2).splitlines():
            # An example may document another exit status in its comment: "# exit 1: ...".
            documented = re.search(r"#\s*exit (\d+)\b", line)
            expected = int(documented.group(1)) if documented else 0
            for command in line.split("&&"):
                argv = shlex.split(command, comments=True)
                if "<" in argv:
                    continue  # reads a file the example assumes
                for redirect in (">", ">>", "|", "2>"):  # the shell's part, not rulesdb's
                    argv = argv[:argv.index(redirect)] if redirect in argv else argv
                if argv and argv[0] == "rulesdb" and runnable(argv):
                    yield command.strip(), argv[1:], expected


def run_shell_examples(head_url: URL, reader_url: URL, tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch, every_release: bool) -> int:
    """Run the examples that export every release (``every_release``) or the others; the
    number run."""
    monkeypatch.chdir(tmp_path)  # whatever an example writes lands here
    text = README.read_text(encoding="utf-8")
    write_example_files(text, tmp_path)
    ran = 0
    for command, args, expected in shell_examples(text):
        if ("--all-releases" in args) != every_release:
            continue
        # rulesdb sql refuses the owner on PostgreSQL: analysts run it as a reader.
        url = reader_url if "sql" in args else head_url
        result = CliRunner().invoke(cli, with_database(args, url_text(url)))
        assert result.exit_code == expected, f"{command}\n{result.output}"
        ran += 1
    return ran


def test_shell_examples_exit_0(head_url: URL, reader_url: URL, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_shell_examples(head_url, reader_url, tmp_path, monkeypatch,
                              every_release=False) >= 5


@pytest.mark.slow  # every release exported
def test_shell_examples_over_every_release_exit_0(head_url: URL, reader_url: URL, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert run_shell_examples(head_url, reader_url, tmp_path, monkeypatch,
                              every_release=True) >= 1


def runnable(argv: list[str]) -> bool:
    """False for commands that change the checkout or read files the repository lacks."""
    if NOT_RUN & set(argv):
        return False
    files = [arg for arg in argv[1:] if re.search(r"\.(txt|json|sqlite3|db)$", arg)
             and not arg.startswith(("sqlite:", "postgresql:"))]
    return all((ROOT / name).exists() or Path(name).exists() for name in files)


def write_example_files(text: str, folder: Path) -> list[str]:
    """The files the README shows for its examples to read, written into ``folder``."""
    names = []
    for found in _EXAMPLE_FILE.finditer(text):
        (folder / found.group(1)).write_text(found.group(2), encoding="utf-8")
        names.append(found.group(1))
    return names


def test_lint_cards_example_prints_what_the_readme_shows(shared_head_url: URL, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    text = README.read_text(encoding="utf-8")
    assert write_example_files(text, tmp_path) == ["oracle-cards-sample.json",
                                                   "AllPrintings-sample.json"]
    monkeypatch.chdir(tmp_path)
    start = text.index("The first prints, then on stderr:")
    shown = next(m for m in fenced(text) if m.start() > start).group(2)
    result = CliRunner().invoke(cli, ["--db", url_text(shared_head_url), "lint-cards",
                                      "oracle-cards-sample.json"])
    assert result.exit_code == 1
    assert result.stdout + result.stderr == shown


def with_database(args: list[str], url: str) -> list[str]:
    """The same arguments, against ``url`` instead of whatever --db the example names."""
    cleaned: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--db":
            skip = True
        elif not arg.startswith("--db="):
            cleaned.append(arg)
    return ["--db", url, *cleaned]


def test_every_command_and_option_has_help() -> None:
    def walk(command: click.Command, path: str) -> Iterator[tuple[str, click.Command]]:
        yield path, command
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(sub, f"{path} {name}")

    missing = []
    for path, command in walk(cli, "rulesdb"):
        if not (command.help or command.short_help or "").strip():
            missing.append(path)
        for param in command.params:
            if isinstance(param, click.Option) and not (param.help or "").strip():
                missing.append(f"{path} {param.opts[-1]}")
    assert missing == []


def main() -> None:
    """Rewrite README.md's analysts outputs from the real `rulesdb sql` on a fresh head DB."""
    from rulesdb.store import migrate
    from rulesdb.store.engine import make_engine

    with tempfile.TemporaryDirectory() as folder:
        url = URL.create("sqlite", database=str(Path(folder) / "head.sqlite3"))
        engine = make_engine(url)
        migrate.upgrade(engine)
        engine.dispose()
        text = README.read_text(encoding="utf-8")
        fresh = regenerate(text, lambda sql: sql_output(url_text(url), sql))
    if fresh != text:
        README.write_text(fresh, encoding="utf-8")
        print("README.md: analysts' outputs rewritten", file=sys.stderr)
    else:
        print("README.md: analysts' outputs already current", file=sys.stderr)


if __name__ == "__main__":
    main()
