"""Bounded for every file and setting a reader is given: a FIFO, a device, a bad data root,
a hostile tree or line. Each ends in one line on stderr and exit status 2 (or a bounded
answer), in a process whose peak memory stays low and which neither hangs nor runs on
(tests/support/bounded.py). The inputs are generated here, never committed."""

from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import subprocess
from dataclasses import astuple, replace
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.cards import linter
from rulesdb.cards.readers import Card
from rulesdb.citations import scanning
from rulesdb.citations.scanning import patterns_from, scan_text
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import load_vocabulary
from tests.support.bounded import PEAK_MB, measured, refused
from tests.support.databases import url_text
from tests.support.runs import process_env

SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


# --- settings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("root", "said"),
    [
        ("/nonexistent/rulesdb", "RULESDB_DATA_ROOT='/nonexistent/rulesdb': No such file"),
        ("/", "RULESDB_DATA_ROOT='/' has no migrations/env.py"),
        ("/dev/zero", "RULESDB_DATA_ROOT='/dev/zero' is not a folder"),
        ("a" * 300, "File name too long"),
    ],
)
@pytest.mark.parametrize("command", [["rule", "702.19"], ["info"]])
def test_a_bad_data_root_is_one_line_naming_it(
    tmp_path: Path, root: str, said: str, command: list[str]
) -> None:
    env = process_env(RULESDB_DATA_ROOT=root, XDG_DATA_HOME=str(tmp_path))
    line, _ = refused(*command, env=env)
    assert said in line, line


# --- what a reader opens -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["x.json", "x.jsonl", "x.txt", "x.json.gz"])
@SQLITE_ONLY
def test_lint_cards_refuses_a_fifo_at_once(tmp_path: Path, small_url: URL, name: str) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    line, _ = refused("--db", url_text(small_url), "lint-cards", str(fifo))
    assert line == f"rulesdb: error: {fifo}: not a regular file (a FIFO); expected a card data file"


@SQLITE_ONLY
def test_lint_cards_refuses_a_device(tmp_path: Path, small_url: URL) -> None:
    link = tmp_path / "cards.json"
    link.symlink_to("/dev/zero")
    line, peak = refused("--db", url_text(small_url), "lint-cards", str(link))
    assert "not a regular file (a device)" in line and peak < PEAK_MB


@SQLITE_ONLY
def test_lint_citations_refuses_a_fifo_at_once(tmp_path: Path, small_url: URL) -> None:
    fifo = tmp_path / "notes.txt"
    os.mkfifo(fifo)
    line, _ = refused("--db", url_text(small_url), "lint-citations", str(fifo))
    assert line == f"rulesdb: error: {fifo}: not a regular file or folder"


# --- lint-citations over hostile trees and files -------------------------------------------------


def lint_citations(url: URL, *args: str) -> tuple[list[str], list[str], int]:
    """``rulesdb lint-citations ARGS`` as a measured process: stdout and stderr lines and
    the peak memory in MB; it must not hang or fail."""
    done, peak = measured("--db", url_text(url), "lint-citations", *args)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return done.stdout.splitlines(), done.stderr.splitlines(), peak


@pytest.mark.parametrize("in_git", [False, True])
@SQLITE_ONLY
def test_a_tree_1500_folders_deep_is_walked(tmp_path: Path, small_url: URL, in_git: bool) -> None:
    root = deepest = tmp_path / "deep"
    for _ in range(1501):  # a folder at a time: mkdir(parents=True) recurses
        deepest.mkdir()
        deepest /= "d"
    deepest = deepest.parent
    (deepest / "x.rs").write_text("// CR 702.999\n", encoding="utf-8")
    try:
        if in_git:
            subprocess.run(["git", "init", "-q", str(root)], check=True)
        out, err, peak = lint_citations(small_url, str(root))
    finally:  # shutil.rmtree, and so pytest's clean-up of old runs, recurses
        (deepest / "x.rs").unlink()
        shutil.rmtree(root / ".git", ignore_errors=True)
        while deepest != tmp_path:
            deepest.rmdir()
            deepest = deepest.parent
    assert out == [
        f"{root.joinpath(*['d'] * 1500) / 'x.rs'}:1:7: missing: no rule 702.999 "
        "in release 2026-08-07; the nearest are 702.195c and 703"
    ]
    assert err[-1].startswith("citations: 1 in 1 file (1 file read)") and peak < PEAK_MB


@SQLITE_ONLY
@pytest.mark.full  # a bound at scale: seconds
def test_one_long_line_of_citations_is_linear_and_flat(tmp_path: Path, small_url: URL) -> None:
    """400,000 citations on one 4 MB line: each column counted from the last, never from the
    line's start (which took 80 s and more), and each verdict written as it is found."""
    line = tmp_path / "line.txt"
    line.write_text("é CR 702.999 " * 400_000, encoding="utf-8")
    out, err, peak = lint_citations(small_url, str(line))
    assert len(out) == 400_000 and out[-1].startswith(f"{line}:1:{13 * 399_999 + 6}: missing")
    assert err[-1].startswith("citations: 400000 in 1 file") and peak < PEAK_MB


@SQLITE_ONLY
def test_a_big_file_is_never_read_whole(tmp_path: Path, small_url: URL) -> None:
    big = tmp_path / "big.log"
    with big.open("wb") as out:
        for _ in range(256):
            out.write(b"no citation in these words at all\n" * 30_000)  # 1 MB
        out.write(b"the end: CR 702.999\n")
    out_lines, _, peak = lint_citations(small_url, str(big))
    assert out_lines == [
        f"{big}:{256 * 30_000 + 1}:13: missing: no rule 702.999 in release 2026-08-07; "
        "the nearest are 702.195c and 703"
    ]
    assert peak < PEAK_MB  # 256 MB read whole would be twice that


@SQLITE_ONLY
@pytest.mark.full  # a bound at scale: seconds
def test_a_pattern_that_backtracks_without_end_is_stopped(tmp_path: Path, small_url: URL) -> None:
    source = tmp_path / "x.txt"
    source.write_text("x" * 4096, encoding="utf-8")
    line, _ = refused(
        "--db",
        url_text(small_url),
        "lint-citations",
        str(source),
        "--pattern",
        "(?P<number>(x+x+)+y)",
    )
    assert line.startswith(
        f"rulesdb: error: {source}: --pattern '(?P<number>(x+x+)+y)' still searching after 2 s"
    )


@SQLITE_ONLY
def test_a_folder_git_ignores_is_read_when_named(tmp_path: Path, small_url: URL) -> None:
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "x.rs").write_text("// CR 702.999\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("build/\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    out, err, _ = lint_citations(small_url, str(tmp_path / "build"))
    assert len(out) == 1 and err[0] == (
        f"rulesdb: note: {tmp_path / 'build'}: git ignores this folder; read whole, as named"
    )
    out, _, _ = lint_citations(small_url, str(tmp_path / "build" / "x.rs"))
    assert len(out) == 1  # named, it is read


SAMPLES = [
    "// CR 702.19b: trample; Comprehensive Rules (702.19), rules 702.19 and 702.20\n",
    "Ünïcode before RULE 100.1, then [CR 117.3]; SCR 702 and subrule_702.1 are none\n",
    "a list: CR 702.19b, 702.20, and 702.21 — Rule 613.1A. ",
    "é" * 37 + " comprehensive rules 510.1c; ",
    "x" * 90 + " CR: 704.5aa\n",
]


@pytest.mark.parametrize("window", [7, 23, 50, 64])
def test_citations_across_windows_are_found_as_in_one(
    monkeypatch: pytest.MonkeyPatch, window: int
) -> None:
    """A file searched a few bytes at a time finds what one window finds: the same
    citations at the same lines and columns, none twice, none cut at a window's end."""
    picks = random.Random(window)
    text = "".join(picks.choice(SAMPLES) for _ in range(300))
    patterns = patterns_from(["(?i)see (?P<number>\\d{3}\\.\\d+)"])
    text += " see 101.2" * 20
    whole = scan_text(text, patterns)
    assert len(whole) > 600
    monkeypatch.setattr(scanning, "WINDOW", window)
    monkeypatch.setattr(scanning, "LOOKAHEAD", 60)  # longer than any citation here
    monkeypatch.setattr(scanning, "AFTER_BYTES", 8)  # the words after, within the lookahead

    def cut(words: str) -> str:
        return words.encode()[:8].decode("utf-8", "ignore")

    whole = [replace(c, after=cut(c.after), words=cut(c.words)) for c in whole]
    found = scan_text(text, patterns)
    # A window ends at a line's end when it holds one: a line longer than the window (here
    # the smaller windows; in a real file, a line over 1 MB) may be cut mid-way, which can
    # part a group of citations on it and shorten the words before it.
    line = max(len(line.encode()) for line in text.splitlines())
    kept = slice(None) if window > line else slice(0, 5)
    assert [astuple(c)[kept] for c in found] == [astuple(c)[kept] for c in whole]


def test_a_list_past_the_lookahead_is_never_cut_to_another_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A list of numbers running past what is searched with its window loses its tail, but
    never reads a number cut there as another ("702.1" of "702.19")."""
    text = "".join(f"rules {', '.join(f'702.{n}b' for n in range(10, 60))}\n" for _ in range(40))
    whole = {astuple(c)[:4] for c in scan_text(text)}
    monkeypatch.setattr(scanning, "WINDOW", 64)
    monkeypatch.setattr(scanning, "LOOKAHEAD", 100)
    for start in range(0, 60):  # the list cut at every place in a number
        cut = {astuple(c)[:4] for c in scan_text(" " * start + text)}
        shifted = {
            (line, column - (start if line == 1 else 0), cited, number)
            for line, column, cited, number in cut
        }
        assert shifted <= whole and len(shifted) > 100


# --- lint-cards: what a card may hold ------------------------------------------------------------


def lint_cards(url: URL, path: Path) -> tuple[list[dict], list[str], int]:
    """``rulesdb lint-cards PATH`` as a measured process: its JSON lines, its stderr lines
    and its peak memory in MB; it must end 0 or 1, never hang."""
    done, peak = measured("--db", url_text(url), "lint-cards", str(path))
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return [json.loads(line) for line in done.stdout.splitlines()], done.stderr.splitlines(), peak


@pytest.mark.parametrize("layout", ["text", "jsonl", "json", "jsonl.gz"])
@SQLITE_ONLY
def test_a_type_line_of_megabytes_is_cut_not_checked(
    tmp_path: Path, small_url: URL, layout: str
) -> None:
    """2 MB of words on a type line: not checked word by word (which took 10 s and 1.5 GB,
    a problem a word), the line written cut at 1,000 characters."""
    words = "Creature — " + "Goblin " * 300_000
    card = {"object": "card", "name": "Long" * 1000, "set": "s", "type_line": words}
    path = tmp_path / f"cards.{layout}"
    data = (
        words + "\n"
        if layout == "text"
        else json.dumps([card])
        if layout == "json"
        else json.dumps(card) + "\n"
    ).encode()
    path.write_bytes(gzip.compress(data, 1) if layout.endswith(".gz") else data)
    results, err, peak = lint_cards(small_url, path)
    [result] = results
    assert result["line"] == words[:1000] + "…" and result["valid"] is None
    assert result["errors"] == [{"rule": None, "message": "type line over 1,000 characters"}]
    assert result["name"] == (None if layout == "text" else "Long" * 250 + "…")
    assert err[0] == "cards read: 1; valid: 0; invalid: 0; type line over 1,000 characters: 1"
    assert peak < PEAK_MB


@SQLITE_ONLY
def test_lines_near_the_card_limit_stay_flat(tmp_path: Path, small_url: URL) -> None:
    """Eight JSON lines of 8 MB each: each is held once, never copied chunk by chunk (which
    took 34 s for twenty of 16 MB), and none is in memory with the next."""
    path = tmp_path / "near.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for _ in range(8):
            out.write(
                json.dumps(
                    {"object": "card", "name": "n", "set": "s", "type_line": "Elf " * (2 * 2**20)}
                )
                + "\n"
            )
    results, _, peak = lint_cards(small_url, path)
    assert len(results) == 8 and peak < PEAK_MB


@SQLITE_ONLY
def test_card_fields_that_are_not_text(tmp_path: Path, small_url: URL) -> None:
    """A name or set that is not text is written null; faces whose type line is not text are
    left out of the joined line: an answer, not a traceback."""
    path = tmp_path / "odd.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(card)
            for card in [
                {"object": "card", "name": {"a": [1]}, "set": 5, "type_line": "Creature — Elf"},
                {
                    "object": "card",
                    "name": "x",
                    "set": "s",
                    "card_faces": [{"type_line": 5}, {"type_line": "Creature — Elf"}],
                },
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    results, _, _ = lint_cards(small_url, path)
    assert [(r["name"], r["set"], r["line"], r["valid"]) for r in results] == [
        (None, None, "Creature — Elf", True),
        ("x", "s", "Creature — Elf", True),
    ]


@SQLITE_ONLY
def test_unknown_words_counted_in_bounded_memory(
    small_url: URL, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made-up words by the thousand: the count keeps at most twice WORDS_KEPT of them, and
    the most frequent are still said first."""
    monkeypatch.setattr(linter, "WORDS_KEPT", 50)
    lines = [f"Creature — Zzq{n}" for n in range(2000)]
    lines[::10] = ["Creature — Blorp"] * 200
    engine = make_engine(small_url)
    try:
        summary, most = linter.Summary(), 0
        for result in linter.lint(
            (Card(None, None, line, None, None) for line in lines),
            lambda day: load_vocabulary(engine, day),
            [],
        ):
            summary.add(result)
            most = max(most, len(summary.unknown_words))
    finally:
        engine.dispose()
    assert summary.invalid == 2000 and most <= 100
    assert summary.lines()[-1].startswith("most frequent unknown words: Blorp (200), ")
