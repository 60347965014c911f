"""The citation gate (``lint-citations`` for engines, issue #40): quotes and descriptions
judged in a tree written here, a pinned release and a vendored rulebook, SARIF and GitHub
annotations, the pre-commit hook, ``--fix`` and ``--diff``, and a run that reads nothing —
against the real releases of a head database (both backends)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from sqlalchemy.engine import URL

from tests.settings import ROOT
from tests.support.databases import url_text
from tests.support.docs import page_example
from tests.support.runs import process_env, run_cli
from tests.support.sarif import sarif_errors

TOP = "Trample over planeswalkers is a variant of trample"
PRIORITY = "the active player receives priority at the beginning of most steps"  # 117.3a
# Cited as of 2024-06-07: a right quote, a quote moved to a sibling rule, a right and a
# wrong description, a name of another rule and its own, terse comments.
ENGINE = {
    "src/combat.rs": (
        f'// CR 702.19c: "{TOP}"\n'  # 1 fine
        f'// CR 702.19b: "{TOP}"\n'  # 2 mismatch: 702.19c's
        "// CR 702.50: Delve\n"  # 3 mismatch: 702.50 is Epic, Delve 702.66
        "// CR 702.19c: trample over planeswalkers damage.\n"  # 4 fine
        "// CR 609.3: trample over planeswalkers assigns combat damage\n"  # 5 mismatch
        "// CR 702.19c\n"  # 6 fine
        "// Delve (CR 702.66)\r\n"  # 7 fine
    ),
    "docs/rules.md": "See CR 117.3: \u201cthe active player receives priority\u201d.\n",
}
# Written against 2008 (pinned): 502.9 was trample until 2009 (702.19), with its quote, and
# with a quote that is another rule's.
OLD = {
    "old/.rulesdb.toml": 'cr = "2008-01-01"\n',
    "old/trample.rs": (
        'fn trample() {} // CR 502.9: "excess damage"\r\n'  # 1 renumbered
        f'// (CR 502.9, "{PRIORITY}")\n'  # 2 mismatch: 117.3a's
        "// CR 502.9\n"  # 3 renumbered
    ),
}


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(text.encode("utf-8"))


def lint(url: URL, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(["--db", url_text(url), "lint-citations", *args], capsys)


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_quotes_and_descriptions_judged(
    shared_head_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_tree(tmp_path, {**ENGINE, **OLD})
    monkeypatch.chdir(tmp_path)
    code, out, err = lint(
        shared_head_url,
        capsys,
        "src",
        "docs",
        "--as-of",
        "2024-06-07",
        "--format",
        "jsonl",
        "--all",
    )
    assert code == 1
    got = [
        (r["line"], r["number"], r["status"], r["now"], r["matches"], r["judged"])
        for r in records(out)
    ]
    assert got == [
        (1, "702.19c", "fine", None, "702.19c", "verbatim"),
        (2, "702.19b", "mismatch", None, "702.19c", "verbatim"),
        (3, "702.50", "mismatch", None, "702.66", "title"),
        (4, "702.19c", "fine", None, None, "description"),
        (5, "609.3", "mismatch", None, None, "description"),  # no one rule: no suggestion
        (6, "702.19c", "fine", None, None, "number"),
        (7, "702.66", "fine", None, "702.66", "title"),
        (1, "117.3", "fine", None, "117.3", "verbatim"),
    ]
    assert "fine 5, missing 0, renumbered 0, changed 0, mismatch 3" in err
    # Read as the pin of 2008: renumbered, unless the quote says another rule was meant.
    code, out, err = lint(
        shared_head_url, capsys, "old", "--as-of", "2024-06-07", "--format", "jsonl", "--all"
    )
    got = [(r["line"], r["status"], r["now"], r["matches"]) for r in records(out)]
    assert got == [
        (1, "renumbered", "702.19", "702.19"),
        (2, "mismatch", "702.19", "117.3a"),
        (3, "renumbered", "702.19", None),
    ]
    assert "citations read as release 2007-10-01 (pinned in" in err
    # --no-quotes: the numbers alone.
    code, out, _ = lint(
        shared_head_url, capsys, "old", "--as-of", "2024-06-07", "--format", "jsonl", "--no-quotes"
    )
    assert {r["status"] for r in records(out)} == {"renumbered"}


def test_the_pin_and_a_vendored_rulebook(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cr_folder = ROOT.parent / "shared" / "cr"
    if not cr_folder.is_dir():
        pytest.skip(f"{cr_folder} is absent: the real CR files are needed")
    write_tree(tmp_path, {"src/a.rs": "// CR 702.19c\n", "src/b.rs": "// CR 704.5aa\n"})
    (tmp_path / ".git").mkdir()  # the top of the pin's search
    (tmp_path / "pyproject.toml").write_text(
        '[tool.rulesdb]\ncr = "2024-06-07"\n', encoding="utf-8"
    )
    # 704.5aa is printed from 2026 on: missing under the pin, fine in the latest release.
    code, out, err = lint(shared_head_url, capsys, str(tmp_path / "src"))
    assert code == 1 and out.count("missing") == 1 and "704.5aa" in out
    assert f"release 2024-06-07 (pinned in {tmp_path / 'pyproject.toml'})" in err
    # Checked against 2026-08-07, still read as the pin says the code is written: missing.
    code, out, err = lint(shared_head_url, capsys, str(tmp_path / "src"), "--as-of", "2026-08-07")
    assert code == 1 and "no rule 704.5aa in release 2024-06-07" in out
    assert "citations read as release 2024-06-07" in err
    assert (
        lint(
            shared_head_url,
            capsys,
            str(tmp_path / "src"),
            "--as-of",
            "2026-08-07",
            "--since",
            "2026-08-07",
        )[0]
        == 0
    )
    # .rulesdb.toml nearer wins, a TOML date too.
    (tmp_path / "src" / ".rulesdb.toml").write_text("cr = 2026-08-07\n", encoding="utf-8")
    assert lint(shared_head_url, capsys, str(tmp_path / "src"))[0] == 0
    (tmp_path / "src" / ".rulesdb.toml").unlink()
    # A rulebook vendored in the tree, of June 2024 like the pin: told nothing.
    shutil.copyfile(
        cr_folder / "MagicCompRules-20240607.txt", tmp_path / "src" / "MagicCompRules.txt"
    )
    code, _, err = lint(shared_head_url, capsys, str(tmp_path / "src"), "--as-of", "2024-06-07")
    assert "a vendored rulebook" not in err
    shutil.copyfile(
        cr_folder / "MagicCompRules-20260807.txt", tmp_path / "src" / "MagicCompRules.txt"
    )
    code, out, err = lint(shared_head_url, capsys, str(tmp_path / "src"))
    assert code == 1
    assert (
        f"rulesdb: error: {tmp_path / 'src' / 'MagicCompRules.txt'}: a vendored rulebook "
        f"of release 2026-08-07; the pin ({tmp_path / 'pyproject.toml'}: cr = "
        "'2024-06-07') is 2024-06-07"
    ) in err
    # A pin that is not TOML: one line, exit 2.
    (tmp_path / "pyproject.toml").write_text("[tool.rulesdb\n", encoding="utf-8")
    code, _, err = lint(shared_head_url, capsys, str(tmp_path / "src"))
    assert code == 2 and err.startswith(f"rulesdb: error: {tmp_path / 'pyproject.toml'}: not TOML")


def test_sarif_and_github_annotations(
    shared_head_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_tree(tmp_path, {**ENGINE, **OLD})
    monkeypatch.chdir(tmp_path)
    code, out, _ = lint(
        shared_head_url, capsys, "src", "--as-of", "2024-06-07", "--format", "sarif"
    )
    assert code == 1
    document = json.loads(out)
    assert sarif_errors(document) == []
    run = document["runs"][0]
    # Files named from the root (here, outside git, the current folder), given as file://.
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tmp_path.resolve().as_uri() + "/"}}
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    results = run["results"]
    assert [r["ruleId"] for r in results] == ["citation-mismatch"] * 3
    assert all(rules[r["ruleIndex"]] == r["ruleId"] for r in results)
    first = results[0]
    assert first["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "src/combat.rs", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 2, "startColumn": 7, "endColumn": 14},
    }
    # A fix only where one rule is decisive: the quote's, the name's; not the description's.
    assert [
        r["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"]
        if "fixes" in r
        else None
        for r in results
    ] == ["702.19c", "702.66", None]
    code, out, _ = lint(
        shared_head_url, capsys, "old", "--as-of", "2024-06-07", "--format", "sarif"
    )
    renumbered = json.loads(out)["runs"][0]["results"][0]
    assert renumbered["ruleId"] == "citation-renumbered"
    assert renumbered["fixes"][0]["description"]["text"] == "cite 702.19"
    code, out, _ = lint(
        shared_head_url, capsys, "src", "--as-of", "2024-06-07", "--format", "github"
    )
    lines = out.splitlines()
    assert lines[0] == (
        "::error file=src/combat.rs,line=2,col=7,endColumn=14,"
        "title=CR 702.19b%3A mismatch::the quote is not in rule 702.19b of "
        "release 2024-06-07; it is in rule 702.19c"
    )
    code, out, _ = lint(
        shared_head_url, capsys, "old", "--as-of", "2024-06-07", "--format", "github"
    )
    assert out.splitlines()[0].startswith("::warning file=old/trample.rs,line=1,col=23,")
    # Nothing to say: a valid document with no results.
    code, out, _ = lint(
        shared_head_url, capsys, "docs", "--as-of", "2024-06-07", "--format", "sarif"
    )
    assert code == 0 and json.loads(out)["runs"][0]["results"] == []


def test_fix_moves_renumbered_citations_only(
    shared_head_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_tree(tmp_path, OLD)
    source = tmp_path / "old" / "trample.rs"
    pin = tmp_path / "old" / ".rulesdb.toml"
    source.chmod(0o640)
    before = source.read_bytes()
    monkeypatch.chdir(tmp_path)
    code, out, err = lint(
        shared_head_url,
        capsys,
        "old",
        "--as-of",
        "2024-06-07",
        "--fix",
        "--diff",
        "--format",
        "github",
    )
    assert source.read_bytes() == before and pin.read_text() == OLD["old/.rulesdb.toml"]
    assert "-// CR 502.9\n+// CR 702.19\n" in out
    assert 'fn trample() {} // CR 702.19: "excess damage"' in out
    assert '-cr = "2008-01-01"\n+cr = "2024-06-07"\n+moved-from = "2007-10-01"\n' in out
    assert "would fix 2, left 1" in err
    code, _, err = lint(shared_head_url, capsys, "old", "--as-of", "2024-06-07", "--fix", "--quiet")
    assert code == 1  # the mismatch is left
    assert err.splitlines() == [
        f"rulesdb: note: citations read as release 2007-10-01 (pinned in {pin.resolve()}) "
        "and checked against release 2024-06-07",
        "rulesdb: fixed old/trample.rs:1:23: 502.9 -> 702.19",
        "rulesdb: fixed old/trample.rs:3:7: 502.9 -> 702.19",
        f"rulesdb: moved the pin in {pin.resolve()} to 2024-06-07 (moved-from = '2007-10-01')",
    ]
    expected = before.replace(b'CR 502.9: "excess', b'CR 702.19: "excess').replace(
        b"// CR 502.9\n", b"// CR 702.19\n"
    )
    assert source.read_bytes() == expected  # the CRLF line kept, the stale quote's left
    assert stat.S_IMODE(source.stat().st_mode) == 0o640
    assert sorted(p.name for p in source.parent.iterdir()) == [".rulesdb.toml", "trample.rs"]
    # Idempotent: the pin moved with the citations, nothing more to move.
    code, _, err = lint(shared_head_url, capsys, "old", "--as-of", "2024-06-07", "--fix")
    assert source.read_bytes() == expected and "fixed 0, left 1" in err
    code, _, err = lint(shared_head_url, capsys, "old", "--diff")
    assert code == 2 and err == "rulesdb: error: --diff shows what --fix would change: give both\n"


def test_a_run_that_reads_nothing_fails(
    small_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("build/\n", encoding="utf-8")
    write_tree(tmp_path, {"build/x.rs": "// CR 702.999\n"})
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00 CR 702.999")
    # A folder git ignores, named: read whole, and said.
    code, out, err = lint(small_url, capsys, str(tmp_path / "build"))
    assert code == 1 and "702.999" in out
    assert (
        f"rulesdb: note: {tmp_path / 'build'}: git ignores this folder; read whole, as named"
    ) in err
    # No text file read (binaries only, or nothing): exit 2, never 0.
    for folder in ("art", "empty"):
        (tmp_path / folder).mkdir(exist_ok=True)
        code, out, err = lint(small_url, capsys, str(tmp_path / folder))
        assert code == 2 and out == ""
        assert err.splitlines()[-1] == "rulesdb: error: no file was read: nothing was checked"


def test_the_pre_commit_hook(small_url: URL, tmp_path: Path) -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    [hook] = hooks
    assert hook["id"] == "rulesdb-lint-citations" and hook["language"] == "python"
    assert hook["types"] == ["text"]
    write_tree(tmp_path, {"a.rs": "// CR 702.19c\n", "b.md": "CR 702.999\n"})
    # As pre-commit runs it: the entry, then the staged files' names, in the repository.
    entry = shlex.split(hook["entry"])
    assert entry[0] == "rulesdb"
    command = [shutil.which("rulesdb") or "rulesdb", *entry[1:], *hook.get("args", [])]
    env = process_env(RULESDB_URL=url_text(small_url))
    done = subprocess.run(
        [*command, "a.rs"], cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [*command, "a.rs", "b.md"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "b.md:1:4: missing: no rule 702.999" in done.stdout


def test_the_gate_page_prints_what_it_shows(shared_head_url: URL, tmp_path: Path) -> None:
    code, printed, shown = page_example("citation-gate.md", tmp_path, url_text(shared_head_url))
    assert code == 1
    assert printed == shown


def gate_snippets() -> list[tuple[str, str]]:
    """The blocks of docs/citation-gate.md marked as checked here: (language, text)."""
    page = (ROOT / "docs" / "citation-gate.md").read_text(encoding="utf-8")
    blocks = re.findall(
        r"<!-- checked by tests/test_gate.py -->\n```(\w+)\n(.*?)^```", page, re.S | re.M
    )
    assert [kind for kind, _ in blocks] == ["toml", "yaml", "yaml"]
    return blocks


def test_the_gate_page_pin(
    small_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pin the page shows is read as shown."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text(gate_snippets()[0][1], encoding="utf-8")
    (tmp_path / "a.rs").write_text("// CR 704.5aa\n", encoding="utf-8")
    from rulesdb.citations.pinning import find_pin

    pin = find_pin(tmp_path / "a.rs")
    assert pin is not None and pin.value == "2026-08-07"
    code, out, _ = lint(small_url, capsys, str(tmp_path / "a.rs"), "--format", "github")
    assert code == 0 and out == ""  # 704.5aa is in the pinned 2026-08-07


def zizmor() -> str:
    """zizmor, a linter of GitHub workflows (the test extra installs it beside Python)."""
    found = shutil.which("zizmor", path=str(Path(sys.executable).parent)) or shutil.which("zizmor")
    assert found, "zizmor is missing: pip install -e '.[test]'"
    return found


def test_the_gate_page_workflow(small_url: URL, tmp_path: Path) -> None:
    """The workflow the page shows: clean for a real workflow linter, uploading SARIF when
    the check fails, installing rulesdb from its repository, and its check, run as written
    in a work tree, writing a document the SARIF schema takes."""
    text = gate_snippets()[1][1]
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "citations.yml").write_text(text, encoding="utf-8")
    done = subprocess.run(
        [zizmor(), "--offline", "--no-progress", str(workflows / "citations.yml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "No findings" in done.stdout, done.stdout + done.stderr
    workflow = yaml.safe_load(text)
    [job] = workflow["jobs"].values()
    assert job["permissions"] == {"contents": "read", "security-events": "write"}
    assert workflow["permissions"] == {}
    steps = job["steps"]
    [install] = [s["run"] for s in steps if "pip install" in s.get("run", "")]
    assert shlex.split(install)[:3] == [
        "pip",
        "install",
        "rulesdb @ git+https://github.com/rulesdb/rulesdb",
    ]
    [check] = [s["run"] for s in steps if "lint-citations" in s.get("run", "")]
    [upload] = [
        s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")
    ]
    assert upload["if"] == "always()"  # the findings are uploaded when the check fails
    assert steps.index(upload) > next(i for i, s in enumerate(steps) if s.get("run") == check)
    assert check.endswith(f"> {upload['with']['sarif_file']}")
    # The check as the job runs it, at the top of a work tree with a stale citation.
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.rs").write_text("// CR 702.999\n", encoding="utf-8")
    env = process_env(RULESDB_URL=url_text(small_url))
    done = subprocess.run(
        ["bash", "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 1, done.stderr
    document = json.loads((tmp_path / upload["with"]["sarif_file"]).read_text(encoding="utf-8"))
    assert sarif_errors(document) == []
    [result] = document["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "src/a.rs",
        "uriBaseId": "%SRCROOT%",
    }


def test_the_gate_page_pre_commit(small_url: URL, tmp_path: Path) -> None:
    """The pre-commit stanza the page shows: a local hook, the one the repository declares,
    run by pre-commit itself on a commit's files."""
    stanza = yaml.safe_load(gate_snippets()[2][1])
    [repo] = stanza["repos"]
    assert repo["repo"] == "local"  # no rev to name: rulesdb has no release tag
    [hook] = repo["hooks"]
    [declared] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert {k: hook[k] for k in ("id", "name", "entry", "types")} == {
        k: declared[k] for k in ("id", "name", "entry", "types")
    }
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent))
    assert pre_commit, "pre-commit is missing: pip install -e '.[test]'"
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".pre-commit-config.yaml").write_text(gate_snippets()[2][1], encoding="utf-8")
    write_tree(tmp_path, {"a.rs": "// CR 702.19c\n", "b.md": "CR 702.999\n"})
    env = process_env(
        RULESDB_URL=url_text(small_url),
        PRE_COMMIT_HOME=str(tmp_path / ".cache"),
        PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}",
    )

    def commit_hooks() -> subprocess.CompletedProcess[str]:
        subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True)
        return subprocess.run(
            [pre_commit, "run", "--all-files"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )

    done = commit_hooks()
    assert done.returncode == 1 and "b.md:1:4: missing: no rule 702.999" in done.stdout, (
        done.stdout + done.stderr
    )
    (tmp_path / "b.md").write_text("CR 702.19c\n", encoding="utf-8")
    done = commit_hooks()
    assert done.returncode == 0, done.stdout + done.stderr
