"""What ``lint-citations`` writes where CI reads it (issue #50, item 9): file names holding
blanks, ``#``, ``%``, letters beyond ASCII, control characters and bytes that are not UTF-8,
in every format (text, github, jsonl, csv, sarif), each record one valid line; and SARIF's
references relative to the repository's root, whichever folder the run starts in, checked
against the official SARIF 2.1.0 schema with its formats."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
from pathlib import Path
from urllib.parse import unquote_to_bytes

import pytest
from sqlalchemy.engine import URL

from rulesdb.util.text import visible
from tests.support.databases import url_text
from tests.support.runs import run_cli
from tests.support.sarif import sarif_errors

# Each name a file is given, as bytes (a name need not be UTF-8), and how the text formats
# show it.
NAMES = {
    b"a b#1.rs": "a b#1.rs",
    "é%.rs".encode(): "é%.rs",
    b"latin-\xe9.rs": "latin-\\xe9.rs",
    b"new\nline.rs": "new\\nline.rs",
    b"cr\r.rs": "cr\\r.rs",
    b"esc\x1b[31m.rs": "esc\\x1b[31m.rs",
    b"del\x7f.rs": "del\\x7f.rs",
    "c1\x85 bidi\u202e.rs".encode(): "c1\\u0085 bidi\\u202e.rs",
    b"back\\slash.rs": "back\\\\slash.rs",
    b"x:y.rs": "x:y.rs",
}
CITED = "// CR 702.999: no such rule\n"  # missing in every release: one record a file
# What no line written may hold raw: controls, DEL, C1 controls, separators, bidi controls.
RAW = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))] + ["\u2028", "\u202e"]


def hostile_tree(root: Path) -> Path:
    """A git work tree whose src/ holds a file of each name, each with one citation."""
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "src").mkdir()
    for name in NAMES:
        with open(os.path.join(os.fsencode(root / "src"), name), "wb") as out:
            out.write(CITED.encode())
    return root


def lint(url: URL, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(["--db", url_text(url), "lint-citations", *args], capsys)


def one_line_each(out: str, records: int) -> list[str]:
    """The records, each one line of valid UTF-8 with nothing raw in it."""
    out.encode("utf-8")  # strict: a name's undecodable bytes never reach the output raw
    lines = out.split("\n")
    assert lines[-1] == "" and len(lines) - 1 == records, out
    for line in lines[:-1]:
        assert not any(c in line for c in RAW if c != "\t"), repr(line)
    return lines[:-1]


@pytest.mark.parametrize("fmt", ["text", "github", "jsonl", "csv", "sarif"])
def test_hostile_file_names_in_every_format(
    fmt: str,
    small_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(hostile_tree(tmp_path))
    code, out, err = lint(small_url, capsys, "src", "--format", fmt)
    assert code == 1, err
    shown = sorted("src/" + name for name in NAMES.values())
    if fmt == "text":
        lines = one_line_each(out, len(NAMES))
        assert sorted(line.split(":1:7: missing: ")[0] for line in lines) == shown
    elif fmt == "github":
        lines = one_line_each(out, len(NAMES))
        # file= is a property: GitHub's escapes of ":" and "," on top of the name's own.
        files = [line.split("file=")[1].split(",line=1,")[0] for line in lines]
        assert sorted(f.replace("%3A", ":").replace("%25", "%") for f in files) == shown
    elif fmt == "jsonl":
        lines = one_line_each(out, len(NAMES))
        assert sorted(json.loads(line)["file"] for line in lines) == shown
    elif fmt == "csv":
        lines = one_line_each(out, len(NAMES) + 1)
        rows = list(csv.reader(io.StringIO(out)))
        assert len(rows) == len(lines) and sorted(row[0] for row in rows[1:]) == shown
    else:
        document = json.loads(out)
        assert sarif_errors(document) == []
        out.encode("utf-8")
        uris = []
        for result in document["runs"][0]["results"]:
            [where] = result["locations"]
            location = where["physicalLocation"]["artifactLocation"]
            assert location["uriBaseId"] == "%SRCROOT%"
            uris.append(location["uri"])
        # Percent-encoded: every name read back byte for byte.
        assert sorted(unquote_to_bytes(uri) for uri in uris) == sorted(
            b"src/" + name for name in NAMES
        )
        assert "src/a%20b%231.rs" in uris and "src/%C3%A9%25.rs" in uris
        assert "src/latin-%E9.rs" in uris and "src/x%3Ay.rs" in uris


def read_back(shown: str) -> bytes:
    """A name's bytes from its escaped form: \\xNN a byte, \\uNNNN a character, \\n \\r \\t
    and \\\\ themselves."""
    plain = {"n": b"\n", "r": b"\r", "t": b"\t", "\\": b"\\"}
    return b"".join(
        part.encode()
        if i % 2 == 0
        else plain.get(part)
        or (bytes([int(part[1:], 16)]) if part[0] == "x" else chr(int(part[1:], 16)).encode())
        for i, part in enumerate(re.split(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[nrt\\])", shown))
    )


def test_the_escape_of_a_name_reads_back_to_its_bytes() -> None:
    for name, shown in NAMES.items():
        assert visible(os.fsdecode(name)) == shown
        assert read_back(shown) == name


def test_sarif_is_relative_to_the_root_wherever_it_runs(
    small_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    tree = tmp_path / "tree"
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    (tree / "src" / "deep").mkdir(parents=True)
    (tree / "src" / "deep" / "a b.rs").write_text(CITED, encoding="utf-8")
    (tree / "top.rs").write_text(CITED, encoding="utf-8")
    documents = {}
    for where, args in {
        "root": ["."],
        "subfolder": ["..", "../top.rs"],
        "outside": ["tree/src", "tree/top.rs"],
    }.items():
        monkeypatch.chdir({"root": tree, "subfolder": tree / "src", "outside": tmp_path}[where])
        code, out, _ = lint(small_url, capsys, *args, "--format", "sarif")
        assert code == 1
        documents[where] = document = json.loads(out)
        assert sarif_errors(document) == [], where
        run = document["runs"][0]
        assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tree.resolve().as_uri() + "/"}}
        assert sorted(
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
        ) == ["src/deep/a%20b.rs", "top.rs"], where
    assert documents["root"] == documents["subfolder"] == documents["outside"]
    # GitHub's annotations name the files from the root too.
    monkeypatch.chdir(tree / "src")
    code, out, _ = lint(small_url, capsys, ".", "--format", "github")
    assert out.startswith("::error file=src/deep/a b.rs,line=1,col=7,")


def test_a_file_outside_the_root_is_its_own_file_uri(
    small_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    tree, other = tmp_path / "tree", tmp_path / "other"
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    other.mkdir()
    (tree / "a.rs").write_text(CITED, encoding="utf-8")
    (other / "b #.rs").write_text(CITED, encoding="utf-8")
    monkeypatch.chdir(tree)
    code, out, _ = lint(small_url, capsys, "a.rs", "../other/b #.rs", "--format", "sarif")
    document = json.loads(out)
    assert code == 1 and sarif_errors(document) == []
    locations = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]
        for r in document["runs"][0]["results"]
    ]
    assert locations == [
        {"uri": "a.rs", "uriBaseId": "%SRCROOT%"},
        {"uri": (other.resolve() / "b #.rs").as_uri()},
    ]
    assert locations[1]["uri"].endswith("/other/b%20%23.rs")


def test_the_schema_checks_uri_formats() -> None:
    """The check can fail: a raw name is no URI reference."""
    document = {
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "x"}},
                "results": [
                    {
                        "message": {"text": "m"},
                        "locations": [
                            {"physicalLocation": {"artifactLocation": {"uri": "a b#1.rs"}}}
                        ],
                    }
                ],
            }
        ],
    }
    assert sarif_errors(document) == [
        "runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri: "
        "'a b#1.rs' is not a 'uri-reference'"
    ]
