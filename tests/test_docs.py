"""The documentation's examples are real: README.md and every page of docs/ run, on both
backends, and print what they show.

- every ```sql block is run with `rulesdb sql --format table`, and its output must equal the
  ```text block right after it, byte for byte;
- every ```python block runs (against a head database instead of ``rules.sqlite3``) and
  passes ``mypy --strict`` as written;
- every `rulesdb ...` line of a ```sh block exits 0 (or the status its comment documents,
  "# exit 1: ...") against a head database, except those that need a file outside the
  repository or change the checkout; a ```sh block of one command followed by a ```text
  block must print exactly that text;
- every ``rulesdb.…`` module or name the pages show imports;
- the generated parts (the CLI reference, the command table, the schema, the settings) are
  current (``cog --check``), every command is in the reference, every command and option
  has help text, and every command's example runs.

After changing a query (or the data), rewrite the outputs from the real command with
``python -m tests.test_docs`` (it builds a SQLite head database in a temporary folder); after
changing a command, its help or descriptions.toml, ``cog -r -I docs docs/*.md``.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from sqlalchemy.engine import URL

from rulesdb.cli import cli
from rulesdb.cli.app import SECTIONS
from rulesdb.cli.examples import EXAMPLES
from tests.support.docs import DOCS, fenced, sql_examples
from tests.support.runs import run_cli
from tests.support.typecheck import mypy_strict

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
EXAMPLE_DB = "sqlite:///rules.sqlite3"  # the database the docs' Python examples open
# Commands that change the checkout or the release chain, serve until stopped (tests/test_web.py
# and tests/test_mcp.py run `serve` and `mcp` as their own processes), or need a role the
# example assumes (grant-read analyst): never run from the docs.
NOT_RUN = {"new-release", "rebuild-chain", "downgrade", "serve", "mcp", "grant-read"}
# Commands that change the database: their examples run on a private copy (the sh blocks'
# test), never on the shared head the help examples read.
WRITES = {"upgrade", "downgrade", "rebuild"}
# A file an example reads, shown in the docs: "<!-- example file: NAME -->" then a block.
_EXAMPLE_FILE = re.compile(r"^<!-- example file: (\S+) -->\n```\w*\n(.*?)^```", re.S | re.M)


def page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


def sql_output(url: str, sql: str) -> str:
    result = CliRunner().invoke(cli, ["--db", url, "sql", sql, "--format", "table"])
    assert result.exit_code == 0, f"{sql}\n{result.output}{result.exception!r}"
    return result.output


def regenerate(text: str, run: Callable[[str], str]) -> str:
    """The page with every sql block's output block replaced by what its query prints now."""
    for block, output in reversed(sql_examples(text)):
        fresh = run(block.group(2))
        text = text[: output.start(2)] + fresh + text[output.end(2) :]
    return text


def url_text(url: URL) -> str:
    return url.render_as_string(hide_password=False)


def test_analyst_queries_print_what_the_docs_show(reader_url: URL) -> None:
    """As the docs say analysts run them: on PostgreSQL, as a role given grant-read."""
    ran = 0
    for page in PAGES:
        for block, output in sql_examples(page.read_text(encoding="utf-8")):
            assert sql_output(url_text(reader_url), block.group(2)) == output.group(2), (
                f"{page_id(page)}: {block.group(2)}"
            )
            ran += 1
    assert ran >= 5


def test_python_examples_run(shared_head_url: URL) -> None:
    ran = 0
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for code in (m.group(2) for m in fenced(text) if m.group(1) == "python"):
            ran += 1
            assert EXAMPLE_DB in code or "make_engine" not in code, code
            # rulesdb.open() alone is the embedded default: the example asks the test's database.
            source = code.replace("rulesdb.open()", f'rulesdb.open("{EXAMPLE_DB}")')
            source = source.replace(EXAMPLE_DB, url_text(shared_head_url))
            with contextlib.redirect_stdout(io.StringIO()):
                exec(
                    compile(source, f"{page_id(page)} python example {ran}", "exec"),
                    {"__name__": "docs_example"},
                )
    assert ran >= 5


@pytest.mark.full
def test_python_examples_pass_mypy_strict(tmp_path: Path) -> None:
    """Every ```python block, as written, type-checks as a user's program (mypy --strict,
    from outside the checkout: the installed package's types)."""
    files = {}
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        blocks = [
            m.group(2)
            for m in fenced(text)
            if m.group(1) == "python" and not _EXAMPLE_FILE.match(text, _line_before(text, m))
        ]
        stem = page.stem.replace("-", "_").lower()
        files |= {f"{stem}_example_{n}.py": code for n, code in enumerate(blocks, start=1)}
    assert len(files) >= 5
    code, output = mypy_strict(files, tmp_path)
    assert code == 0, output


def _line_before(text: str, block: re.Match[str]) -> int:
    """Where the line before ``block`` begins: an "example file" comment is a file a
    command reads (lint-citations' input), not a program using rulesdb."""
    return text.rfind("\n", 0, block.start() - 1) + 1


SHOWN_OUTPUT = re.compile(r"```sh\n(rulesdb [^\n]+)\n```\n\n```text\n(.*?)```", re.DOTALL)


def test_shown_outputs_are_what_the_commands_print(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ```sh block of one rulesdb command, then a ```text block: exactly that output."""
    ran = 0
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for command, shown in SHOWN_OUTPUT.findall(text):
            args = shlex.split(command, comments=True)[1:]
            code, out, err = run_cli(["--db", url_text(shared_head_url), *args], capsys)
            assert (code, err) == (0, ""), f"{page_id(page)}: {command}"
            assert out == shown, f"{page_id(page)}: `{command}` prints otherwise"
            ran += 1
    assert ran >= 3


def shell_examples(text: str) -> Iterator[tuple[str, list[str], int]]:
    """The rulesdb commands of a page that can run here: (the command as written, its
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
                    argv = argv[: argv.index(redirect)] if redirect in argv else argv
                if argv and argv[0] == "rulesdb" and runnable(argv):
                    yield command.strip(), argv[1:], expected


def run_shell_examples(
    head_url: URL,
    reader_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    every_release: bool,
) -> int:
    """Run the examples that export every release (``every_release``) or the others; the
    number run."""
    monkeypatch.chdir(tmp_path)  # whatever an example writes lands here
    text = "\n".join(page.read_text(encoding="utf-8") for page in PAGES)
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


def test_shell_examples_exit_0(
    head_url: URL, reader_url: URL, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_shell_examples(head_url, reader_url, tmp_path, monkeypatch, every_release=False) >= 5


@pytest.mark.slow  # every release exported
def test_shell_examples_over_every_release_exit_0(
    head_url: URL, reader_url: URL, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_shell_examples(head_url, reader_url, tmp_path, monkeypatch, every_release=True) >= 1


def runnable(argv: list[str]) -> bool:
    """False for commands that change the checkout or read files the repository lacks."""
    if NOT_RUN & set(argv):
        return False
    files = [
        arg
        for arg in argv[1:]
        if re.search(r"\.(txt|json|sqlite3|db)$", arg)
        and not arg.startswith(("sqlite:", "postgresql:"))
    ]
    return all((ROOT / name).exists() or Path(name).exists() for name in files)


def write_example_files(text: str, folder: Path) -> list[str]:
    """The files the docs show for their examples to read, written into ``folder``."""
    names = []
    for found in _EXAMPLE_FILE.finditer(text):
        (folder / found.group(1)).write_text(found.group(2), encoding="utf-8")
        names.append(found.group(1))
    return names


def test_lint_cards_example_prints_what_the_docs_show(
    shared_head_url: URL, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (DOCS / "cards-and-exports.md").read_text(encoding="utf-8")
    assert write_example_files(text, tmp_path) == [
        "oracle-cards-sample.json",
        "AllPrintings-sample.json",
    ]
    monkeypatch.chdir(tmp_path)
    start = text.index("The first prints, then on stderr:")
    shown = next(m for m in fenced(text) if m.start() > start).group(2)
    result = CliRunner().invoke(
        cli, ["--db", url_text(shared_head_url), "lint-cards", "oracle-cards-sample.json"]
    )
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


def test_every_block_is_run_or_compared() -> None:
    """Each fenced block is one the tests run (sql, python, sh), the output of the block
    before it (text after sql or sh), a file an example reads (named), one a test names as
    its reader (``<!-- checked by tests/… -->``), an MCP call, its answer or the MCP client's
    stanza (json, marked), or generated (inside a cog region): nothing shown is left
    unchecked."""
    unchecked = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        blocks = list(fenced(text))
        named = {m.start() for m in _EXAMPLE_FILE.finditer(text)}
        for index, block in enumerate(blocks):
            kind, before = block.group(1), text[: block.start()]
            generated = before.count("[[[cog") > before.count("[[[end]]]")
            after_command = index > 0 and blocks[index - 1].group(1) in ("sql", "sh")
            example_file = any(
                text.rfind("<!-- example file:", 0, block.start()) == start for start in named
            )
            # A block another test reads: "<!-- checked by tests/test_x.py -->" just before.
            checked = (
                before.rstrip().endswith("-->")
                and "<!-- checked by tests/" in before[before.rstrip().rfind("<!--") :]
            )
            # docs/mcp.md: a tool call and the server's answer, the client's stanza
            # (tests/test_mcp.py makes each call, and starts the server as the stanza says)
            marked = text[: block.start()].endswith(
                ("<!-- mcp call -->\n", "<!-- mcp client stanza -->\n")
            )
            answer = index > 0 and text[: blocks[index - 1].start()].endswith("<!-- mcp call -->\n")
            if kind in ("sql", "python", "sh") or generated or example_file or checked:
                continue
            if kind == "json" and (marked or answer):
                continue
            if kind == "text" and (
                after_command
                or "The first prints, then on stderr:"
                in text[blocks[index - 1].end() : block.start()]
            ):
                continue
            unchecked.append(f"{page_id(page)}:{before.count(chr(10)) + 1}: ```{kind}")
    assert unchecked == []


def test_generated_parts_are_current() -> None:
    """The CLI reference, the command table, the schema and the settings: what cog writes
    from the commands, descriptions.toml and the settings' declarations now."""
    cogapp = pytest.importorskip("cogapp")
    with contextlib.redirect_stdout(io.StringIO()) as said:
        status = cogapp.Cog().main(
            ["cog", "--check", "-I", str(DOCS), *map(str, sorted(DOCS.glob("*.md")))]
        )
    assert status == 0, f"run `cog -r -I docs docs/*.md`:\n{said.getvalue()}"


def test_every_command_is_documented() -> None:
    reference = (DOCS / "cli-reference.md").read_text(encoding="utf-8")
    guide = (DOCS / "command-line.md").read_text(encoding="utf-8")
    sectioned = [name for names in SECTIONS.values() for name in names]
    assert sorted(sectioned) == sorted(cli.commands)  # rulesdb --help groups every command
    for name in cli.commands:
        assert f"\n## rulesdb {name}\n" in reference, name
        assert f"(cli-reference.md#rulesdb-{name})" in guide, name
        assert name in EXAMPLES, f"rulesdb {name} --help ends with no example"


def test_every_command_help_ends_with_an_example() -> None:
    for name in cli.commands:
        result = CliRunner().invoke(cli, [name, "--help"])
        assert result.exit_code == 0, name
        assert result.output.rstrip().endswith(EXAMPLES[name]), name
        assert EXAMPLES[name].startswith("rulesdb "), name


def test_help_examples_run(
    shared_head_url: URL, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each example that reads a database answers (exit 0, or 1 for a documented no)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "engine.rs").write_text("// CR 702.19b\n", encoding="utf-8")  # lint-citations .
    ran = 0
    for name, example in EXAMPLES.items():
        argv = shlex.split(example)
        if not runnable(argv[1:]) or name in WRITES or name in ("sql", "lint-cards"):
            continue  # sql runs as a reader (the sql pages' test); lint-cards reads a file
        result = CliRunner().invoke(cli, with_database(argv[1:], url_text(shared_head_url)))
        assert result.exit_code == 0, f"{example}\n{result.output}"
        ran += 1
    assert ran >= 15


# A dotted name, not a file's (``…/rulesdb.sqlite3``, ``database-rulesdb.html``).
_DOTTED = re.compile(r"(?<![\w/.-])(rulesdb(?:\.[A-Za-z_][A-Za-z0-9_]*)+)(?![\w/-])")
_FILE_SUFFIXES = (".sqlite3", ".fish", ".json", ".html", ".lock", ".toml", ".txt")


def test_every_import_path_the_docs_show_imports() -> None:
    """``rulesdb.x.y`` in prose or code, and ``from rulesdb.x import a, b`` in code: each a
    module, or a name one defines."""
    import importlib

    shown: set[str] = set()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        shown |= {
            m.group(1) for m in _DOTTED.finditer(text) if not m.group(1).endswith(_FILE_SUFFIXES)
        }
        for found in re.finditer(r"^from (rulesdb[\w.]*) import ([\w, ]+)$", text, re.M):
            shown |= {f"{found.group(1)}.{n.strip()}" for n in found.group(2).split(",")}
    assert "rulesdb.models.Release" in shown
    missing = []
    for dotted in sorted(shown):
        module, _, attribute = dotted, "", ""
        while True:
            try:
                found = importlib.import_module(module)
                break
            except ModuleNotFoundError:
                module, _, last = module.rpartition(".")
                attribute = f"{last}.{attribute}" if attribute else last
        for part in filter(None, attribute.split(".")):
            if not hasattr(found, part):
                missing.append(dotted)
                break
            found = getattr(found, part)
    assert missing == []


def shown_output(url: str, command: str) -> str:
    """What one documented ``rulesdb`` command prints on the database at ``url``."""
    done = subprocess.run(
        [sys.executable, "-m", "rulesdb", "--db", url, *shlex.split(command, comments=True)[1:]],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def main() -> None:
    """Rewrite the docs' sql outputs and shown command outputs from the real commands on a
    fresh head database."""
    from rulesdb.store import migrate
    from rulesdb.store.engine import make_engine

    with tempfile.TemporaryDirectory() as folder:
        url = URL.create("sqlite", database=str(Path(folder) / "head.sqlite3"))
        engine = make_engine(url)
        migrate.upgrade(engine)
        engine.dispose()
        for page in PAGES:
            text = page.read_text(encoding="utf-8")
            fresh = regenerate(text, lambda sql: sql_output(url_text(url), sql))
            for found in reversed(list(SHOWN_OUTPUT.finditer(fresh))):
                output = shown_output(url_text(url), found.group(1))
                fresh = fresh[: found.start(2)] + output + fresh[found.end(2) :]
            if fresh != text:
                page.write_text(fresh, encoding="utf-8")
                print(f"{page_id(page)}: sql outputs rewritten", file=sys.stderr)


if __name__ == "__main__":
    main()
