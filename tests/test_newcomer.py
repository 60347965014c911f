"""What a new user meets first (issue 14): bare `rulesdb`, usage errors, `info`, reading a
database behind head, relative downgrades, one --format everywhere, empty listings that say
why, completion of categories and dates, and new-release refused outside a checkout."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import click
import pytest
from click.shell_completion import BashComplete
from sqlalchemy.engine import URL

from rulesdb.cli import cli
from rulesdb.cli.output import FORMATS
from rulesdb.store import chain, paths
from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.databases import url_text
from tests.support.runs import run_cli

# Every command that prints rows or one answer, with arguments that make it answer.
LISTINGS = [
    ["releases"],
    ["card-types"],
    ["supertypes"],
    ["subtypes", "--category", "land"],
    ["check", "Merfolk"],
    ["parse", "Legendary Creature — Elf"],
    ["diff", "2024-04-12", "2024-06-07"],
    ["history", "Naga"],
    ["cite", "Equipment"],
    ["sql", "SELECT name FROM v_card_type"],
    ["info"],
    ["history"],
]
# Commands that stream one record per input item as it is read write JSON lines or CSV only:
# a table needs every row's width before its first line.
STREAMING = {"lint-cards", "lint-citations"}  # records in their own formats
DOCUMENTS = {"changes": ["text", "markdown", "json"]}  # a document to read, not a table


def test_bare_rulesdb_shows_usage_and_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli([], capsys)
    assert (code, err) == (0, "")
    assert out.startswith("Usage: rulesdb [--db URL] COMMAND [ARGS]...")
    assert "error" not in out.lower()
    commands = out.split("Types and type lines:", 1)[1]  # the first section of commands
    assert "The rulebook:" in commands
    for name in cli.commands:  # type: ignore[attr-defined]
        assert f"\n  {name} " in commands, name
    assert "'rulesdb COMMAND --help'" in out
    # Each command's line is a whole sentence, wrapped, never cut ("...").
    lines: dict[str, str] = {}
    name = ""
    for line in commands.split("\n\n'rulesdb COMMAND")[0].splitlines():
        found = re.match(r"  (\S+)\s+(.*)", line)
        if found and found[1] in cli.commands:  # type: ignore[attr-defined]
            name, lines[found[1]] = found[1], found[2]
        elif line.startswith("   ") and name:
            lines[name] += " " + line.strip()
    assert set(lines) == set(cli.commands)  # type: ignore[attr-defined]
    for name, said in lines.items():
        assert said.endswith(".") and "..." not in said, (name, said)


@pytest.mark.parametrize(
    ("sentence", "shown"),
    [
        ("List the supertypes (rule 205.4a).", "List the supertypes (rule 205.4a)."),
        (
            "Show what changed from FROM to TO in the rules of both; FROM alone: from the "
            "release before FROM to FROM, which the rest of this sentence goes on about at "
            "length.",
            "Show what changed from FROM to TO in the rules of both.",
        ),
        (
            "Every rule of the release FROM with its number in TO (default: the latest), "
            "followed by its lineage: same, renumbered or gone; reworded and uncertain too.",
            "Every rule of the release FROM with its number in TO (default: the latest), "
            "followed by its lineage.",
        ),
        (
            "Write every release revision, seed and text pack again from FILES (one official "
            "file per release, any order: .txt, .docx or .rtf), in effective-date order; and "
            "more.",
            "Write every release revision, seed and text pack again from FILES.",
        ),
    ],
)
def test_a_long_first_sentence_is_shortened_at_a_clause(sentence: str, shown: str) -> None:
    from rulesdb.cli.app import summary

    assert summary(sentence + "\n\nMore.") == shown


def test_missing_argument_shows_usage_and_help_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["check"], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "Usage: rulesdb check [OPTIONS] WORD",
        "Try 'rulesdb check --help' for help.",
        "rulesdb: error: Missing argument 'WORD'.",
    ]
    # Other bad input stays one line.
    code, _, err = run_cli(["releases", "--format", "xml"], capsys)
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith("rulesdb: error:")


def test_info_says_where_the_database_is(
    shared_head_url: URL, backend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    url = shared_head_url.set(password="hunter2") if backend == "postgresql" else shared_head_url
    code, out, err = run_cli(["--db", url_text(url), "info", "--format", "json"], capsys)
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert list(report) == [
        "url",
        "default",
        "file",
        "file_bytes",
        "revision",
        "head",
        "at_head",
        "releases",
        "first_release",
        "latest_release",
        "bulletins",
        "rulesdb_version",
        "data_root",
        "settings",
    ]
    assert "hunter2" not in out
    assert (report["revision"], report["head"], report["at_head"]) == (
        chain.head_revision(),
        chain.head_revision(),
        True,
    )
    assert (report["releases"], report["first_release"], report["latest_release"]) == (
        136,
        "1999-04-23",
        "2026-08-07",
    )
    if backend == "sqlite":
        assert report["file"] == str(Path(shared_head_url.database or "").resolve())
        assert report["file_bytes"] == Path(shared_head_url.database or "").stat().st_size > 0
    else:
        assert report["file"] is None and report["url"].count("***") == 1
    code, out, _ = run_cli(["--db", url_text(url), "info", "--format", "table"], capsys)
    assert code == 0 and f"revision: {chain.head_revision()} (head)" in out
    assert "releases: 136, 1999-04-23 .. 2026-08-07" in out


# The URL is only printed here; SQLAlchemy warns that SQLite would ignore its password.
@pytest.mark.filterwarnings("ignore:Query string argument:sqlalchemy.exc.SAWarning")
def test_info_lists_every_setting_read_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each setting declared in rulesdb.settings, with the value in force (a password in a
    URL masked), its default and its help; the code reads the environment nowhere else."""
    from rulesdb.settings import SETTINGS

    monkeypatch.setenv("RULESDB_LOCK_WAIT", "5")
    monkeypatch.setenv("RULESDB_URL", f"sqlite:///{tmp_path}/none.sqlite3?password=hunter2")
    code, out, err = run_cli(["info", "--format", "json"], capsys)
    assert (code, err) == (0, "")
    listed = {setting["name"]: setting for setting in json.loads(out)["settings"]}
    assert list(listed) == [setting.name for setting in SETTINGS]
    assert listed["RULESDB_LOCK_WAIT"] == {
        "name": "RULESDB_LOCK_WAIT",
        "value": "5",
        "default": "60.0",
        "help": SETTINGS[2].help,
    }
    assert "hunter2" not in out and "password=***" in listed["RULESDB_URL"]["value"]
    assert all(setting["help"] for setting in listed.values())
    code, out, _ = run_cli(["info", "--format", "table"], capsys)
    assert "RULESDB_LOCK_WAIT=5: How long" in out
    reads = [
        path
        for path in (ROOT / "rulesdb").rglob("*.py")
        if "os.environ" in path.read_text(encoding="utf-8")
        or "getenv" in path.read_text(encoding="utf-8")
    ]
    assert [path.name for path in reads] == ["settings.py"]


def test_info_never_creates_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("RULESDB_URL", raising=False)
    code, out, _ = run_cli(["info", "--format", "json"], capsys)
    report = json.loads(out)
    expected = tmp_path / "xdg" / "rulesdb" / "rulesdb.sqlite3"
    assert code == 0 and report["default"] is True and report["file"] == str(expected)
    assert (report["file_bytes"], report["revision"], report["releases"]) == (None, None, 0)
    assert not expected.exists()
    code, out, _ = run_cli(["info", "--format", "table"], capsys)
    assert "(the embedded default)" in out and "not created yet" in out


@pytest.mark.parametrize("fmt", FORMATS)
def test_one_format_option_everywhere(
    head_url: URL, reader_url: URL, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(head_url)
    for args in LISTINGS:
        # sql on PostgreSQL runs as a grant-read role (it refuses the owner).
        where = url_text(reader_url) if args[0] == "sql" else db
        code, out, err = run_cli(["--db", where, *args, "--format", fmt], capsys)
        assert code == 0, (args, err)
        if fmt == "json":
            json.loads(out)
        elif fmt == "csv":
            rows = list(csv.reader(io.StringIO(out)))
            assert len(rows) >= 2 and len({len(row) for row in rows}) == 1, (args, out)
        elif fmt == "markdown" and args[0] != "diff":  # diff: release notes
            lines = out.splitlines()
            assert lines[0].startswith("| ") and set(lines[1]) <= {"|", "-", " "}, (args, out)
            # every line as many cells: its '|' not escaped as '\|' inside a cell
            assert len({len(re.findall(r"(?<!\\)\|", line)) for line in lines}) == 1, (args, out)
    # The choices and their help come from one decorator.
    for command in cli.commands.values():  # type: ignore[attr-defined]
        if command.name in STREAMING:
            continue
        for param in command.params:
            if "--format" in getattr(param, "opts", []):
                assert list(param.type.choices) == DOCUMENTS.get(command.name, list(FORMATS)), (
                    command.name
                )


def test_markdown_and_csv_of_one_answer(small_url: URL, capsys: pytest.CaptureFixture[str]) -> None:
    db = url_text(small_url)
    _, out, _ = run_cli(["--db", db, "check", "Merfolk", "--format", "csv"], capsys)
    assert out.splitlines() == [
        "word,release,category,valid,meanings,rule,reason,successor,not_enumerated,keyword,nearest",
        "Merfolk,2026-08-07,,yes,creature type 205.3m,205.3m,,,,,",
    ]
    _, out, _ = run_cli(
        ["--db", db, "subtypes", "--category", "dungeon", "--format", "markdown"], capsys
    )
    assert out.splitlines()[:3] == [
        "| name      | category   | rule   |",
        "|-----------|------------|--------|",
        "| Undercity | dungeon    | 205.3p |",
    ]


def test_empty_listings_say_why(
    head_url: URL, reader_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    db = url_text(head_url)
    code, out, err = run_cli(
        [
            "--db",
            db,
            "subtypes",
            "--category",
            "battle",
            "--as-of",
            "2020-01-24",
            "--format",
            "table",
        ],
        capsys,
    )
    assert (code, out) == (0, "name    category    rule\n------  ----------  ------\n")
    assert err == (
        "rulesdb: release 2020-01-24\n"  # the release that answered, as every listing says
        "rulesdb: battle types: this category is not in the release of 2020-01-24\n"
    )
    code, out, err = run_cli(
        [
            "--db",
            url_text(reader_url),
            "sql",
            "SELECT name FROM v_card_type WHERE 1 = 0",
            "--format",
            "csv",
        ],
        capsys,
    )
    assert (code, out, err) == (0, "name\n", "rulesdb: sql: the query returned no rows\n")
    code, out, err = run_cli(
        ["--db", db, "diff", "2024-06-07", "2024-06-08", "--format", "csv"], capsys
    )
    assert (code, out) == (0, "change,kind,category,name\n")
    assert err == "rulesdb: no changes from 2024-06-07 to 2024-06-07\n"


def completions(args: list[str], incomplete: str) -> list[str]:
    complete = BashComplete(cli, {}, "rulesdb", "_RULESDB_COMPLETE")
    return [item.value for item in complete.get_completions(args, incomplete)]


def test_completion_of_categories_and_release_dates(shared_head_url: URL) -> None:
    db = ["--db", url_text(shared_head_url)]
    assert completions([*db, "subtypes", "--category"], "") == [
        "artifact",
        "enchantment",
        "land",
        "planeswalker",
        "spell",
        "creature",
        "planar",
        "dungeon",
        "battle",
        "instant",
        "sorcery",
    ]  # the last two: 2004-10-01 … 2007-02-01
    assert completions([*db, "check", "Elf", "--category"], "pl") == ["planeswalker", "planar"]
    assert completions([*db, "card-types", "--as-of"], "2024-0") == [
        "2024-02-02",
        "2024-03-08",
        "2024-04-12",
        "2024-06-07",
        "2024-07-30",
        "2024-09-20",
    ]
    assert completions([*db, "diff"], "2016") == [
        "2016-01-16",
        "2016-04-08",
        "2016-07-22",
        "2016-08-26",
        "2016-09-30",
        "2016-11-11",
    ]


def test_completion_without_a_database_uses_the_shipped_releases(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.sqlite3"
    db = ["--db", f"sqlite:///{missing}"]
    assert completions([*db, "subtypes", "--as-of"], "2026-08")[-1] == "2026-08-07"
    assert "battle" in completions([*db, "subtypes", "--category"], "")
    assert not missing.exists()  # completing never creates a database


def test_new_release_is_refused_in_an_installed_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The layout a wheel installs: the package with its own copy of migrations/ in _data.
    package = tmp_path / "site-packages" / "rulesdb"
    (package / "_data" / "migrations").mkdir(parents=True)
    (package / "_data" / "migrations" / "env.py").write_text("")
    monkeypatch.delenv("RULESDB_DATA_ROOT", raising=False)
    monkeypatch.setattr(paths, "_PACKAGE", package)
    paths.data_root.cache_clear()
    try:
        for command in (["new-release", "x.txt"], ["rebuild-chain", "x.txt"]):
            code, out, err = run_cli(command, capsys)
            assert (code, out) == (2, "")
            assert err.startswith("rulesdb: error: releases are made in a checkout of rulesdb")
            assert "RULESDB_DATA_ROOT" in err and len(err.splitlines()) == 1
        assert sorted(p.name for p in (package / "_data").rglob("*")) == ["env.py", "migrations"]
    finally:
        paths.data_root.cache_clear()


def test_help_says_what_the_docs_say(capsys: pytest.CaptureFixture[str]) -> None:
    docs = Path(__file__).resolve().parents[1] / "docs"
    pages = "\n".join(page.read_text(encoding="utf-8") for page in docs.glob("*.md"))
    code, out, _ = run_cli(["--help"], capsys)
    assert code == 0 and "205.3g–q" in out and "205.3g–q" in pages
    for side in ("The rulebook:", "rule-history", "glossary", "search", "Types and type lines:"):
        assert side in out, side
    _, sql_help, _ = run_cli(["sql", "--help"], capsys)
    assert "README" not in sql_help
    for view in (
        "v_release",
        "v_subtype",
        "v_lifetime",
        "v_rule_version",
        "v_keyword",
        "in_force_until IS NULL",
    ):
        assert view in sql_help, view
    for name, command in cli.commands.items():  # type: ignore[attr-defined]
        assert f"rulesdb {name}" in pages, name
        assert isinstance(command, click.Command)
    for link in (
        "https://magic.wizards.com/en/rules",
        "https://mtgjson.com",
        "https://scryfall.com/docs/api",
    ):
        assert link in pages
    assert "_RULESDB_COMPLETE=bash_source" in pages


def test_inspect_keys_are_the_documented_ones(
    cr_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    guide = (Path(__file__).resolve().parents[1] / "docs" / "command-line.md").read_text(
        encoding="utf-8"
    )
    documented = guide.split("`rulesdb inspect FILE --format json` prints one object:", 1)[1]
    documented = documented.split("\n\n", 1)[0]
    code, out, _ = run_cli(
        ["inspect", str(cr_dir / "MagicCompRules-20240607.txt"), "--format", "json"], capsys
    )
    assert code == 0
    for key in json.loads(out):
        assert f"`{key}`" in documented, key


def test_in_force_condition_picks_the_release_in_force(small_url: URL) -> None:
    from sqlalchemy import text

    engine = make_engine(small_url)
    try:
        with engine.connect() as connection:
            days = [
                str(d)
                for d in connection.execute(
                    text("SELECT effective_date FROM release ORDER BY effective_date")
                ).scalars()
            ]
            probes = [
                "2016-07-22",
                "2021-03-01",
                "2024-06-06",
                "2024-06-07",
                "2026-08-07",
                "2030-01-01",
                *days[::7],
            ]
            for day in probes:
                in_force = (
                    connection.execute(
                        text(
                            "SELECT release_date FROM v_release WHERE in_force_from <= :d "
                            "AND (in_force_until > :d OR in_force_until IS NULL)"
                        ),
                        {"d": day},
                    )
                    .scalars()
                    .all()
                )
                expected = max(d for d in days if d <= day)
                assert [str(d) for d in in_force] == [expected], day
                lands = connection.execute(
                    text(
                        "SELECT COUNT(*), MIN(release_date) FROM v_subtype "
                        "WHERE category = 'land' AND in_force_from <= :d "
                        "AND (in_force_until > :d OR in_force_until IS NULL)"
                    ),
                    {"d": day},
                ).one()
                listed = connection.execute(
                    text(
                        "SELECT COUNT(*) FROM release_subtype WHERE category = 'land' "
                        "AND release_date = :r"
                    ),
                    {"r": expected},
                ).scalar()
                # The Sixth Edition rules (1999-2003) enumerate no land types at all.
                assert lands[0] == listed and (listed == 0 or str(lands[1]) == expected), day
    finally:
        engine.dispose()
