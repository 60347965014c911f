"""``rulesdb lint-citations``: citations found in code and prose as people write them (and
nothing else), folders walked as git sees them, binaries skipped, and each citation checked
against the releases of a head database (both backends)."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.citations import scan_paths
from rulesdb.citations.scanning import BUILTIN, Patterns, compile_pattern, scan, scan_text
from rulesdb.citations.walking import SNIFF_BYTES, files_to_read, is_binary, walk
from rulesdb.errors import RulesdbError
from tests.support.databases import url_text
from tests.support.docs import page_example
from tests.support.runs import run_cli
from tests.support.shapes import CITATION_KEYS

RUST = """\
/// Trample (CR 702.19b): excess damage goes on.
fn assign(blockers: &[Creature]) -> u32 {
    // CR 702.19b: trample
    let version = "1.2.3"; // released 2024-06-07, see https://magic.wizards.com/en/rules
    // rules 702.19 and 702.20; CR702.2c, SCR 702 and subrule_702.1 are no citations
    rule(100) + rules.len() as u32 // version 613.1.2, rule 2024-06-07
}
"""

PYTHON = """\
# See rule 613.1a for the layers.
def priority(game):  # [CR 117.3]; Comprehensive Rules (702.19)
    return game.active  # CR 702.19b, 702.20, and 702.21 — Rule 613.1A.
"""

MARKDOWN = """\
Combat damage follows the comprehensive rules 510.1c; see also CR 702 and CR: 704.5aa.
Ünïcode before RULE 100.1 moves no column; 1.2.3, 2024-06-07 and v702.19 are no citations.
"""


def found(text: str, patterns: Patterns = BUILTIN) -> list[tuple[int, int, str, str]]:
    return [(c.line, c.column, c.cited, c.number) for c in scan_text(text, patterns)]


def test_citations_in_rust_python_and_markdown() -> None:
    assert found(RUST) == [
        (1, 17, "CR 702.19b", "702.19b"),
        (3, 11, "CR 702.19b", "702.19b"),
        (5, 14, "rules 702.19", "702.19"),
        (5, 25, "702.20", "702.20"),
        (5, 35, "CR702.2c", "702.2c"),
    ]
    assert found(PYTHON) == [
        (1, 12, "rule 613.1a", "613.1a"),
        (2, 28, "CR 117.3", "117.3"),
        (2, 57, "Comprehensive Rules (702.19)", "702.19"),
        (3, 30, "CR 702.19b", "702.19b"),
        (3, 39, "702.20", "702.20"),
        (3, 51, "702.21", "702.21"),
        (3, 65, "Rule 613.1A", "613.1a"),
    ]
    assert found(MARKDOWN) == [
        (1, 47, "comprehensive rules 510.1c", "510.1c"),
        (1, 67, "CR 702", "702"),
        (1, 79, "CR: 704.5aa", "704.5aa"),
        (2, 21, "RULE 100.1", "100.1"),
    ]
    # The columns point at the numbers (characters, not bytes: "Ünïcode" is 9 bytes).
    for text in (RUST, PYTHON, MARKDOWN):
        lines = text.splitlines()
        for line, column, _, number in found(text):
            assert lines[line - 1][column - 1 :].lower().startswith(number)


def test_the_forms_the_docs_list() -> None:
    """docs/citations.md's table, and what it says is no citation."""
    cited = {
        "CR §702.19": ["702.19"],
        "CR: 702.19": ["702.19"],
        "rule (100)": ["100"],
        "CR 702.19–702.21": ["702.19", "702.21"],
        "rules 702.19 through 702.21": ["702.19", "702.21"],
        "CR 702.19b; 702.20 / 702.21 & 702.22": ["702.19b", "702.20", "702.21", "702.22"],
        "rule 702.19bis": [],
        "rule 613.1.2": [],
        "rules 702.19 and 2 more": ["702.19"],
        "CR 1.2.3": [],
        "CR 000.1": [],
        "(702.19)": [],
        "702.19b": [],
        "rule(100)": [],
        "cr 702.19b": ["702.19b"],
        "Comprehensive Rule 100.1a": ["100.1a"],
    }
    assert {text: [c.number for c in scan_text(text)] for text in cited} == cited


def test_line_ends_and_bytes_that_are_not_utf8() -> None:
    data = b"a\r\nb \xff\xfe CR 702.19b\r\n\r\n  rule 101.1\n"
    assert [(c.line, c.column, c.number) for c in scan(data)] == [
        (2, 9, "702.19b"),
        (4, 8, "101.1"),
    ]


def test_patterns_add_to_or_replace_the_builtin_one(tmp_path: Path) -> None:
    text = "@cites(702.19b) and CR 101.1; @cites(100.1A), @cites(nope)\n"
    mine = compile_pattern(r"@cites\((?P<number>[\w.]+)\)")
    assert found(text, Patterns((mine,))) == [
        (1, 8, "@cites(702.19b)", "702.19b"),
        (1, 24, "CR 101.1", "101.1"),
        (1, 38, "@cites(100.1A)", "100.1a"),
    ]  # "nope" is no rule number: not a citation
    assert [n for *_, n in found(text, Patterns((mine,), builtin=False))] == ["702.19b", "100.1a"]
    # A number both find is one citation, the built-in pattern's.
    twice = compile_pattern(r"(?i)cr (?P<number>\d+\.\d+)")
    assert found("CR 101.1\n", Patterns((twice,))) == [(1, 4, "CR 101.1", "101.1")]
    with pytest.raises(RulesdbError, match="no group named 'number'"):
        compile_pattern(r"CR \d+")
    with pytest.raises(RulesdbError, match="not a regular expression"):
        compile_pattern(r"(?P<number>")


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True)


def make_tree(root: Path) -> None:
    """Source files, one of each kind the walk treats its own way."""
    (root / "src").mkdir(parents=True)
    (root / "build").mkdir()
    (root / "src" / "combat.rs").write_text("// CR 702.19b\n", encoding="utf-8")
    (root / "src" / "notes.md").write_text("See rule 613.1a.\n", encoding="utf-8")
    (root / "build" / "generated.rs").write_text("// CR 702.999\n", encoding="utf-8")
    (root / "debug.log").write_text("CR 101.1\n", encoding="utf-8")
    (root / ".gitignore").write_text("build/\n*.log\n", encoding="utf-8")
    (root / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00CR 101.1")
    (root / "latin1.txt").write_bytes("Règle CR 101.1\n".encode("latin-1"))
    # A NUL after the first 8 KB and an 8 KB mark inside "é" leave a file text.
    (root / "long.txt").write_bytes(b"x" * (SNIFF_BYTES - 1) + "é CR 101.1\n\0".encode())


def test_a_work_tree_is_walked_as_git_sees_it(tmp_path: Path) -> None:
    make_tree(tmp_path)
    git(tmp_path, "init", "-q")
    (tmp_path / "gone.rs").write_text("// CR 101.1\n", encoding="utf-8")
    git(tmp_path, "add", "gone.rs", "src/combat.rs")  # tracked: listed by --cached
    (tmp_path / "gone.rs").unlink()  # ... but no longer in the work tree
    (tmp_path / "src" / "link.rs").symlink_to(tmp_path / "build" / "generated.rs")
    names = [p.relative_to(tmp_path).as_posix() for p in walk(tmp_path)]
    assert names == [
        ".gitignore",
        "image.png",
        "latin1.txt",
        "long.txt",
        "src/combat.rs",
        "src/notes.md",
    ]
    # A file named is read even if git ignores it; a folder inside is walked from there.
    named = [
        (p.relative_to(tmp_path).as_posix(), n)
        for p, n in files_to_read(
            [tmp_path / "debug.log", tmp_path / "src", tmp_path / "src/notes.md"]
        )
    ]
    assert named == [("debug.log", True), ("src/combat.rs", False), ("src/notes.md", False)]
    scanned = scan_paths([tmp_path])
    assert sorted(Path(p).name for p in scanned.binary) == ["image.png", "latin1.txt"]
    assert scanned.files_read == 4
    assert [(Path(f.file).name, f.citation.line, f.citation.number) for f in scanned.found] == [
        ("long.txt", 1, "101.1"),
        ("combat.rs", 1, "702.19b"),
        ("notes.md", 1, "613.1a"),
    ]


def test_outside_a_work_tree_every_file_but_git_s_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_tree(tmp_path / "plain")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # no repository above
    everything = [
        ".gitignore",
        "build/generated.rs",
        "debug.log",
        "image.png",
        "latin1.txt",
        "long.txt",
        "src/combat.rs",
        "src/notes.md",
    ]
    assert [
        p.relative_to(tmp_path / "plain").as_posix() for p in walk(tmp_path / "plain")
    ] == everything
    # A work tree without git installed: walked whole, its .git folder left out.
    make_tree(tmp_path / "repo")
    git(tmp_path / "repo", "init", "-q")
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert [
        p.relative_to(tmp_path / "repo").as_posix() for p in walk(tmp_path / "repo")
    ] == everything


def test_binary_is_a_nul_or_not_utf8_in_the_first_8_kb() -> None:
    assert is_binary(b"GIF89a\x00\x01")
    assert is_binary(b"caf\xe9 CR 101.1")
    assert not is_binary(b"")
    assert not is_binary("café CR 101.1".encode())
    assert not is_binary(b"a" * SNIFF_BYTES + b"\x00\xff")  # only the first 8 KB is sniffed
    assert is_binary(b"a" * (SNIFF_BYTES - 1) + b"\xc3")  # "é" cut by the end of the file
    assert not is_binary(b"a" * (SNIFF_BYTES - 1) + "é".encode())  # ... not by the 8 KB mark


def test_paths_that_cannot_be_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    no_database = ["--db", f"sqlite:///{tmp_path / 'none.sqlite3'}"]  # refused before use
    code, out, err = run_cli([*no_database, "lint-citations", str(tmp_path / "missing")], capsys)
    assert (code, out) == (2, "") and "does not exist" in err and len(err.splitlines()) == 1
    fifo = tmp_path / "fifo"
    subprocess.run(["mkfifo", str(fifo)], check=True)
    with pytest.raises(RulesdbError, match="not a regular file or folder"):
        scan_paths([fifo])
    for bad, says in [
        (["--pattern", "CR (\\d+"], "not a regular expression"),
        (["--pattern", "CR \\d+"], "no group named 'number'"),
        (["--no-default-pattern"], "needs at least one --pattern"),
        (["--since", "2024-13-01"], "--since: '2024-13-01' is not a date"),
    ]:
        code, out, err = run_cli([*no_database, "lint-citations", str(tmp_path), *bad], capsys)
        assert (code, out) == (2, ""), bad
        assert err.startswith("rulesdb: error: ") and says in err, bad
        assert len(err.splitlines()) == 1
    assert not (tmp_path / "none.sqlite3").exists()


# A project citing rules as of 2026-08-07: trample by its number of 2008 (502.9, renumbered
# 702.19 in 2009), a rule that never was (702.999), and three that are fine.
PROJECT = {
    "src/combat.rs": "// Trample: CR 702.19b (CR 502.9 until 2009).\n"
    "fn band() {} // banding with others: CR 702.999\n",
    "notes.md": "Layers: rule 613.1a. Priority: [CR 117.3].\n",
    "build/generated.rs": "// CR 999.1, ignored by git\n",
}


def make_project(root: Path) -> None:
    for name, text in PROJECT.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / ".gitignore").write_text("build/\n", encoding="utf-8")
    (root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR CR 999.2")
    git(root, "init", "-q")


def lint(url: URL, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(["--db", url_text(url), "lint-citations", *args], capsys)


def rows(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_good_and_missing_citations(
    shared_head_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    make_project(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, err = lint(
        shared_head_url, capsys, ".", "--as-of", "2026-08-07", "--format", "jsonl", "--all"
    )
    assert code == 1
    found = rows(out)
    assert all(list(row) == CITATION_KEYS for row in found)
    assert [
        (r["file"], r["line"], r["column"], r["cited"], r["status"], r["now"]) for r in found
    ] == [
        ("notes.md", 1, 14, "rule 613.1a", "fine", None),
        ("notes.md", 1, 36, "CR 117.3", "fine", None),
        ("src/combat.rs", 1, 16, "CR 702.19b", "fine", None),
        ("src/combat.rs", 1, 28, "CR 502.9", "missing", None),
        ("src/combat.rs", 2, 41, "CR 702.999", "missing", None),
    ]
    # Read as written: 2026-08-07 prints no 502.9, which is missing, whatever 2009 printed
    # under it (said as information: a typo is never followed into an old rule).
    assert found[3]["message"] == (
        "no rule 502.9 in release 2026-08-07; the nearest are 502.4 and 503; 502.9 was last "
        "printed in 2009-05-01, a rule that is 702.19 in 2026-08-07 (if the code was written "
        "against it: --since 2009-05-01)"
    )
    assert found[4]["message"] == (
        "no rule 702.999 in release 2026-08-07; the nearest are 702.195c and 703"
    )
    assert err == (
        "citations: 5 in 2 files (3 files read, 1 binary skipped); "
        "fine 3, missing 2, renumbered 0, changed 0, mismatch 0\n"
    )

    # Text (the default) and CSV print only what is not fine, the same answers.
    code, text, err = lint(shared_head_url, capsys, ".", "--as-of", "2026-08-07")
    assert code == 1 and err.startswith("citations: 5 in 2 files")
    assert text.splitlines() == [
        f"{r['file']}:{r['line']}:{r['column']}: {r['status']}: {r['message']}" for r in found[3:]
    ]
    code, table, _ = lint(
        shared_head_url, capsys, ".", "--as-of", "2026-08-07", "--format", "csv", "--quiet"
    )
    assert code == 1
    assert list(csv.reader(io.StringIO(table))) == [
        CITATION_KEYS,
        [
            "src/combat.rs",
            "1",
            "28",
            "CR 502.9",
            "502.9",
            "missing",
            "",
            "",
            "",
            "number",
            found[3]["message"],
            "False",
        ],
        [
            "src/combat.rs",
            "2",
            "41",
            "CR 702.999",
            "702.999",
            "missing",
            "",
            "",
            "",
            "number",
            found[4]["message"],
            "False",
        ],
    ]

    # A file named is read though git ignores it; the latest release is the default.
    code, out, err = lint(shared_head_url, capsys, "notes.md", "build/generated.rs")
    assert (code, out) == (
        1,
        "build/generated.rs:1:7: missing: no rule 999.1 in release 2026-08-07; the nearest "
        "is 905.6\n",
    )
    assert err.startswith("citations: 3 in 2 files (2 files read); fine 2, missing 1,")
    code, out, err = lint(shared_head_url, capsys, "notes.md")
    assert (code, out) == (0, "")
    assert err == (
        "citations: 2 in 1 file (1 file read); fine 2, missing 0, renumbered 0, "
        "changed 0, mismatch 0\n"
    )


def test_since_reads_a_citation_as_the_rule_of_then(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "old.py").write_text(
        "# CR 502.9 is trample; see rule 100.2 on decks\n# CR 702.19b (battles since 2023)\n",
        encoding="utf-8",
    )
    code, out, _ = lint(
        shared_head_url, capsys, str(tmp_path), "--since", "2008-01-01", "--format", "jsonl"
    )
    assert code == 1
    assert [(r["number"], r["status"], r["now"]) for r in rows(out)] == [
        ("502.9", "renumbered", "702.19"),
        ("100.2", "changed", None),
        ("702.19b", "missing", None),  # not yet written in 2007-10-01: never followed
    ]
    assert rows(out)[0]["message"] == "rule 502.9 of 2007-10-01 is 702.19 in release 2026-08-07"
    code, out, _ = lint(
        shared_head_url, capsys, str(tmp_path), "--since", "2023-02-03", "--format", "jsonl"
    )
    assert [(r["number"], r["status"]) for r in rows(out)] == [
        ("502.9", "missing"),  # 2023-02-03 printed no 502.9
        ("702.19b", "changed"),
    ]
    # Against 2008's own release, 502.9 is fine and 702.19b was not yet written.
    code, out, _ = lint(
        shared_head_url,
        capsys,
        str(tmp_path),
        "--as-of",
        "2008-01-01",
        "--format",
        "jsonl",
        "--all",
    )
    assert [(r["number"], r["status"]) for r in rows(out)] == [
        ("502.9", "fine"),
        ("100.2", "fine"),
        ("702.19b", "missing"),
    ]


def test_a_pattern_of_ones_own(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "abilities.rs"
    source.write_text("#[cites(702.19b)] #[cites(702.999)] // CR 502.9\n", encoding="utf-8")
    pattern = r"#\[cites\((?P<number>[^)]+)\)\]"
    code, out, _ = lint(
        shared_head_url, capsys, str(source), "--pattern", pattern, "--all", "--format", "jsonl"
    )
    assert code == 1
    assert [(r["column"], r["cited"], r["status"]) for r in rows(out)] == [
        (9, "#[cites(702.19b)]", "fine"),
        (27, "#[cites(702.999)]", "missing"),
        (43, "CR 502.9", "missing"),
    ]
    code, out, _ = lint(
        shared_head_url,
        capsys,
        str(source),
        "--pattern",
        pattern,
        "--no-default-pattern",
        "--format",
        "jsonl",
    )
    assert [r["number"] for r in rows(out)] == ["702.999"]
    code, out, err = lint(shared_head_url, capsys, str(source), "--as-of", "1990-01-01")
    assert (code, out) == (2, "") and err.startswith("rulesdb: error: no release was in force")


def test_the_docs_example_prints_what_the_docs_show(shared_head_url: URL, tmp_path: Path) -> None:
    code, printed, shown = page_example("citations.md", tmp_path, url_text(shared_head_url))
    assert code == 1
    assert printed == shown


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_git_is_what_lists_a_work_tree(tmp_path: Path) -> None:
    """The walk's git listing and git's own agree (a file git tracks but ignores is listed)."""
    make_project(tmp_path)
    (tmp_path / "build" / "kept.rs").write_text("// CR 101.1\n", encoding="utf-8")
    git(tmp_path, "add", "-f", "build/kept.rs")
    listed = subprocess.run(
        ["git", "-C", str(tmp_path), "ls-files", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert (
        [p.relative_to(tmp_path).as_posix() for p in walk(tmp_path)]
        == sorted(listed.stdout.split())
        == [".gitignore", "build/kept.rs", "logo.png", "notes.md", "src/combat.rs"]
    )


@pytest.mark.parametrize("since", ["2009-05-01", "2016-08-26", "2020-08-07", "2025-09-19"])
def test_a_number_the_release_prints_is_never_missing(shared_head_url: URL, since: str) -> None:
    """Every number of the release of ``since`` that the newest release prints too: whatever
    its lineage says (ended, unsure), never "missing"; a lineage that does not lead to it is
    "changed", and says so."""
    from datetime import date

    from sqlalchemy import text

    from rulesdb.questions.lineage import check_citations
    from rulesdb.store.engine import make_engine

    engine = make_engine(shared_head_url)
    try:
        with engine.connect() as connection:
            numbers = (
                connection.execute(
                    text(
                        "SELECT a.number FROM release_rule a "
                        "JOIN release_rule b ON b.number = a.number "
                        "AND b.release_date = (SELECT max(release_date) FROM release_rulebook) "
                        "WHERE a.release_date = :since AND a.occurrence = 1 AND b.occurrence = 1"
                    ),
                    {"since": date.fromisoformat(since)},
                )
                .scalars()
                .all()
            )
        checks = check_citations(engine, numbers, since=date.fromisoformat(since))
    finally:
        engine.dispose()
    assert len(numbers) > 300  # 2009-05-01: the numbers M10's renumbering kept
    assert [c.number for c in checks.values() if c.status == "missing"] == []
    unfollowed = [
        c for c in checks.values() if c.status == "changed" and "not followed" in c.message
    ]
    assert all("which prints that number" in c.message for c in unfollowed)
