"""``lint-citations --fix`` on the files a careful tool must be careful with (issue #50, item
8): symbolic links in and out of the tree, read-only files and folders, owners kept when run
as root and refused when not, files changed or swapped for a FIFO between the scan and the
fix, hard links, a big file streamed; and the pin files that are no files. Each is made here
on the real file system; the fix runs on a real scan of it."""

from __future__ import annotations

import io
import os
import pickle
import shutil
import stat
import subprocess
import tempfile
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy.engine import URL

from rulesdb.citations import Found, Verdict, scan_paths
from rulesdb.citations.fixing import (
    Edit,
    FileResult,
    apply,
    diff,
    fixable,
    rewrite_file,
    rewritten,
)
from rulesdb.citations.scanning import scan
from rulesdb.citations.walking import Tree
from rulesdb.util.files import FileIdentity
from rulesdb.util.inplace import Refused
from tests.support.databases import url_text
from tests.support.runs import run_cli

STALE = "// CR 502.9: trample\n"
FIXED = "// CR 702.19: trample\n"
RENUMBERED = Verdict("renumbered", "702.19", "rule 502.9 is 702.19")
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (chown, setuid)")


def edits_of(paths: list[Path]) -> list[Edit]:
    """The edits --fix would make for the paths, from a real scan of them: every 502.9
    renumbered to 702.19."""
    found = scan_paths(paths).found
    return [
        edit
        for f in found
        if f.citation.number == "502.9" and (edit := fixable(f, RENUMBERED)) is not None
    ]


def fix(paths: list[Path], write: bool = True) -> list[FileResult]:
    return apply(edits_of(paths), write, Tree(paths))


def refusal(results: list[FileResult], name: str) -> str:
    [result] = [r for r in results if Path(r.file).name == name]
    assert not result.applied
    return result.refused


def git_init(folder: Path) -> None:
    subprocess.run(["git", "init", "-q", str(folder)], check=True)


# The rewrite, a block at a time, against the whole text edited as lines of characters.


def edited_whole(text: str, edits: list[Edit]) -> str:
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.line, -e.column)):
        line = lines[e.line - 1]
        lines[e.line - 1] = line[: e.column - 1] + e.new + line[e.column - 1 + len(e.old) :]
    return "\n".join(lines)


PIECES = ["x", "é", "日本", "😀", " ", "\n", "\r\n", "CR 502.9", "rules 101.1 and 102.2b", "y" * 70]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.sampled_from([1, 3, 64, 1 << 20]))
def test_a_stream_rewritten_a_block_at_a_time_is_the_text_edited(
    pieces: list[str], block: int
) -> None:
    text = "".join(pieces)
    data = text.encode("utf-8")
    edits = [Edit("f", c.line, c.column, c.number, "7" + c.number[1:]) for c in scan(data)]
    out = io.BytesIO()
    applied, skipped = rewritten(io.BytesIO(data).read, out.write, edits, block)
    assert skipped == [] and applied == edits
    assert out.getvalue().decode("utf-8") == edited_whole(text, edits)
    if edits:  # the diff reads only the lines it shows, and shows them all
        shown = diff(io.BytesIO(data).read, applied, "f", block)
        before, after = text.split("\n"), edited_whole(text, edits).split("\n")
        changed = sorted({e.line - 1 for e in edits})
        body = shown.split("\n")[2:]
        assert [ln[1:] for ln in body if ln.startswith("-")] == [before[i] for i in changed]
        assert [ln[1:] for ln in body if ln.startswith("+")] == [after[i] for i in changed]


def test_a_citation_no_longer_where_the_scan_found_it_is_left() -> None:
    data = b"// CR 502.9 and CR 502.9\n"
    edits = [Edit("f", 1, 7, "502.9", "702.19"), Edit("f", 1, 20, "502.9", "702.19")]
    moved = b"// CR 502.99 and \n"
    out = io.BytesIO()
    applied, skipped = rewritten(io.BytesIO(moved).read, out.write, edits)
    assert applied == [edits[0]] and skipped == [(edits[1], skipped[0][1])]
    assert out.getvalue() == b"// CR 702.199 and \n"
    assert rewritten(io.BytesIO(data).read, io.BytesIO().write, edits)[1] == []


# Symbolic links, hard links and two paths to one file.


def test_a_link_inside_the_tree_fixes_its_target_once(tmp_path: Path) -> None:
    git_init(tmp_path)
    (tmp_path / "src").mkdir()
    real = tmp_path / "src" / "real.rs"
    real.write_text(STALE, encoding="utf-8")
    link = tmp_path / "link.rs"
    link.symlink_to("src/real.rs")
    results = fix([link, real])  # two paths to one file: one result, each edit made once
    assert [(len(r.applied), r.refused) for r in results] == [(1, "")]
    assert link.is_symlink() and os.readlink(link) == "src/real.rs"
    assert real.read_text(encoding="utf-8") == FIXED
    # A link named alone, its target in the same work tree: the target is fixed.
    real.write_text(STALE, encoding="utf-8")
    assert [len(r.applied) for r in fix([link])] == [1]
    assert link.is_symlink() and real.read_text(encoding="utf-8") == FIXED


def test_a_link_out_of_the_tree_is_refused(tmp_path: Path) -> None:
    tree, elsewhere = tmp_path / "tree", tmp_path / "elsewhere"
    tree.mkdir()
    elsewhere.mkdir()
    git_init(tree)
    target = elsewhere / "target.rs"
    target.write_text(STALE, encoding="utf-8")
    (tree / "out.rs").symlink_to(target)
    (tree / "plain.rs").write_text(STALE, encoding="utf-8")
    results = fix([tree / "out.rs", tree / "plain.rs"])
    assert refusal(results, "out.rs") == (f"a symbolic link to {target}, outside the tree checked")
    assert target.read_text(encoding="utf-8") == STALE and (tree / "out.rs").is_symlink()
    assert (tree / "plain.rs").read_text(encoding="utf-8") == FIXED  # the run went on
    # Outside git, the tree is what is named: the link alone is refused; with the target's
    # folder named too, the target is fixed (once, through either path).
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "link.rs").symlink_to(target)
    assert "outside the tree" in refusal(fix([plain / "link.rs"]), "link.rs")
    assert [len(r.applied) for r in fix([plain / "link.rs", elsewhere])] == [1]
    assert target.read_text(encoding="utf-8") == FIXED and (plain / "link.rs").is_symlink()


def test_a_hard_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.rs").write_text(STALE, encoding="utf-8")
    os.link(tmp_path / "a.rs", tmp_path / "b.rs")
    why = refusal(fix([tmp_path / "a.rs"]), "a.rs")
    assert why == "has 2 hard links: a new file renamed over it would split them"
    assert (tmp_path / "b.rs").read_text(encoding="utf-8") == STALE


# Read-only files and folders; owners.


def test_read_only_files_and_folders_are_left(tmp_path: Path) -> None:
    (tmp_path / "ro.rs").write_text(STALE, encoding="utf-8")
    (tmp_path / "ro.rs").chmod(0o444)
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "a.rs").write_text(STALE, encoding="utf-8")
    (tmp_path / "ok.rs").write_text(STALE, encoding="utf-8")
    (tmp_path / "locked").chmod(0o555)
    try:
        paths = [tmp_path / "ro.rs", tmp_path / "locked" / "a.rs", tmp_path / "ok.rs"]
        # --diff shows only what --fix would do.
        assert [bool(r.diff) for r in fix(paths, write=False)] == [False, False, True]
        results = fix(paths)
        assert refusal(results, "ro.rs") == "read-only (no write permission)"
        assert refusal(results, "a.rs") == "its folder is read-only (no write permission)"
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert (tmp_path / "ro.rs").read_text(encoding="utf-8") == STALE
    assert stat.S_IMODE((tmp_path / "ro.rs").stat().st_mode) == 0o444
    assert (tmp_path / "locked" / "a.rs").read_text(encoding="utf-8") == STALE
    assert (tmp_path / "ok.rs").read_text(encoding="utf-8") == FIXED


@ROOT_ONLY
def test_run_as_root_the_owner_group_and_mode_are_kept(tmp_path: Path) -> None:
    source = tmp_path / "a.rs"
    source.write_text(STALE, encoding="utf-8")
    os.chown(source, 1234, 1234)
    source.chmod(0o2640)  # set-group-ID too: chown would clear it, the mode is set after
    [result] = fix([source])
    assert result.applied and source.read_text(encoding="utf-8") == FIXED
    after = source.stat()
    assert (after.st_uid, after.st_gid, stat.S_IMODE(after.st_mode)) == (1234, 1234, 0o2640)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.rs"]  # no temporary file left


def as_user(uid: int, work: Callable[[], Any]) -> Any:
    """``work()`` in a child process that runs as ``uid`` (and gid), its answer pickled
    back: what a user who is not root gets."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root, work, answer, and leave without pytest's exit
        os.close(read)
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            answer: Any = ("ok", work())
        except BaseException as exc:
            answer = ("error", repr(exc))
        with os.fdopen(write, "wb") as out:
            pickle.dump(answer, out)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as answer_in:
        kind, answer = pickle.load(answer_in)
    os.waitpid(pid, 0)
    assert kind == "ok", answer
    return answer


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder another user can reach (pytest's own are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="rulesdb-test-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


@ROOT_ONLY
def test_not_root_a_file_that_would_change_hands_or_cannot_be_written_is_refused(
    open_folder: Path,
) -> None:
    tmp_path = open_folder
    shared = tmp_path / "shared"  # anyone may write in it
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    (shared / "roots.rs").write_text(STALE, encoding="utf-8")
    (shared / "roots.rs").chmod(0o666)
    (shared / "grouped.rs").write_text(STALE, encoding="utf-8")
    os.chown(shared / "grouped.rs", 1234, 0)
    (shared / "mine.rs").write_text(STALE, encoding="utf-8")
    os.chown(shared / "mine.rs", 1234, 1234)
    closed = tmp_path / "closed"  # root's, 0755: the user cannot make a file in it
    closed.mkdir()
    closed.chmod(0o755)
    (closed / "mine.rs").write_text(STALE, encoding="utf-8")
    os.chown(closed / "mine.rs", 1234, 1234)
    paths = [shared / "roots.rs", shared / "grouped.rs", shared / "mine.rs", closed / "mine.rs"]
    edits = edits_of(paths)
    results = as_user(1234, lambda: [(r.file, r.refused) for r in apply(edits, True, None)])
    assert results == [
        (str(shared / "roots.rs"), "owned by uid 0: rewritten, it would be yours"),
        (
            str(shared / "grouped.rs"),
            "its group (gid 0) is not one of yours: rewritten, its group would change",
        ),
        (str(shared / "mine.rs"), ""),
        (str(closed / "mine.rs"), "its folder cannot be written (permission denied)"),
    ]
    assert (shared / "mine.rs").read_text(encoding="utf-8") == FIXED
    assert (shared / "mine.rs").stat().st_uid == 1234
    for left in ("roots.rs", "grouped.rs"):
        assert (shared / left).read_text(encoding="utf-8") == STALE
    assert sorted(p.name for p in shared.iterdir()) == ["grouped.rs", "mine.rs", "roots.rs"]


# Files that changed between the scan and the fix.


def test_a_file_changed_or_replaced_since_the_scan_is_refused(tmp_path: Path) -> None:
    changed, replaced, kept = (tmp_path / n for n in ("changed.rs", "replaced.rs", "kept.rs"))
    for file in (changed, replaced, kept):
        file.write_text(STALE, encoding="utf-8")
    edits = edits_of([changed, replaced, kept])
    with changed.open("a", encoding="utf-8") as out:
        out.write("// one more line\n")
    (tmp_path / "new.rs").write_text(STALE, encoding="utf-8")
    (tmp_path / "new.rs").replace(replaced)  # the same text, another file
    results = apply(edits, True, None)
    assert refusal(results, "changed.rs") == "changed since it was read"
    assert refusal(results, "replaced.rs") == "replaced by another file since it was read"
    assert kept.read_text(encoding="utf-8") == FIXED
    assert changed.read_text(encoding="utf-8") == STALE + "// one more line\n"


def test_a_file_swapped_for_a_fifo_since_the_scan_is_refused_at_once(tmp_path: Path) -> None:
    source = tmp_path / "a.rs"
    source.write_text(STALE, encoding="utf-8")
    edits = edits_of([source])
    source.unlink()
    os.mkfifo(source)
    for write in (True, False):  # --fix, and --diff
        results: list[FileResult] = []
        worker = threading.Thread(target=lambda w=write, r=results: r.extend(apply(edits, w)))
        worker.start()
        worker.join(30)
        if worker.is_alive():  # blocked opening the FIFO: let it go, then fail
            with open(os.open(source, os.O_WRONLY | os.O_NONBLOCK), "wb"):
                pass
            worker.join(5)
            pytest.fail("the fix waited on a FIFO")
        assert refusal(results, "a.rs") == "no longer a regular file (a FIFO)"
    assert stat.S_ISFIFO(source.lstat().st_mode)


# Memory: a big file is streamed, never held.


def test_a_big_file_is_fixed_a_block_at_a_time(tmp_path: Path) -> None:
    big = tmp_path / "big.rs"
    filler = b"just words, no citation in them at all\n" * 26_000  # ~1 MB
    with big.open("wb") as out:
        for i in range(24):
            out.write(filler)
            if i == 12:
                out.write(STALE.encode("utf-8"))
    size = big.stat().st_size
    edits = edits_of([big])
    for write in (False, True):
        tracemalloc.start()
        try:
            [result] = apply(edits, write, None)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert len(result.applied) == 1
        assert peak < 8 << 20, f"{peak:,} bytes at the peak for a {size:,}-byte file"
    assert big.stat().st_size == size + len(FIXED) - len(STALE)
    with big.open("rb") as back:
        back.seek(13 * len(filler))
        assert back.read(len(FIXED)) == FIXED.encode("utf-8")


# The small-file rewrite the pin's move uses.


def test_rewrite_file_keeps_the_guarantees(tmp_path: Path) -> None:
    git_init(tmp_path)
    pin = tmp_path / "pyproject.toml"
    pin.write_text('[tool.rulesdb]\ncr = "2024-06-07"\n', encoding="utf-8")
    pin.chmod(0o640)
    link = tmp_path / "sub" / ".rulesdb.toml"
    link.parent.mkdir()
    link.symlink_to("../pyproject.toml")

    def moved(data: bytes) -> bytes:
        return data.replace(b"2024-06-07", b"2026-08-07")

    identity = FileIdentity.of(os.stat(pin))
    assert rewrite_file(link, moved, identity, Tree([tmp_path])) is True
    assert link.is_symlink() and "2026-08-07" in pin.read_text(encoding="utf-8")
    assert stat.S_IMODE(pin.stat().st_mode) == 0o640
    assert rewrite_file(pin, moved) is False  # nothing to change: nothing written
    with pytest.raises(Refused, match="replaced by another file since it was read"):
        rewrite_file(pin, moved, identity)  # the file of before the first rewrite
    identity = FileIdentity.of(os.stat(pin))
    with pin.open("a", encoding="utf-8") as out:
        out.write("# edited meanwhile\n")
    with pytest.raises(Refused, match="changed since it was read"):
        rewrite_file(pin, moved, identity)
    with pytest.raises(Refused, match="outside the tree checked"):
        rewrite_file(link, moved)  # no tree given: no link is followed
    pin.chmod(0o444)
    with pytest.raises(Refused, match=r"pyproject.toml: read-only \(no write permission\)"):
        rewrite_file(pin, lambda data: data + b"# more\n")


# The CLI: one line a file left, the run going on, exit 1 while anything is left.


def test_files_that_cannot_be_fixed_are_one_line_each_and_the_run_goes_on(
    small_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Fixes that move no release (a mismatch's one rule, --fix-mismatch): a file that cannot
    be written is one line, the others are fixed."""
    stale, fixed = "// CR 702.50: Delve\n", "// CR 702.66: Delve\n"
    for name in ("a.rs", "b.rs", "locked/c.rs", "d.rs"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(stale, encoding="utf-8")
    (tmp_path / "a.rs").chmod(0o444)
    (tmp_path / "locked").chmod(0o555)
    monkeypatch.chdir(tmp_path)
    try:
        args = ["a.rs", "b.rs", "locked/c.rs", "d.rs", "--fix", "--fix-mismatch"]
        code, _, err = run_cli(
            ["--db", url_text(small_url), "lint-citations", *args, "--as-of", "2026-08-07"],
            capsys,
        )
    finally:
        (tmp_path / "locked").chmod(0o755)
    assert code == 1 and "Traceback" not in err
    lines = err.splitlines()
    assert (
        "rulesdb: warning: a.rs: left as it was (1 citation not fixed): "
        "read-only (no write permission)"
    ) in lines
    assert (
        "rulesdb: warning: locked/c.rs: left as it was (1 citation not fixed): "
        "its folder is read-only (no write permission)"
    ) in lines
    assert [line for line in lines if line.startswith("rulesdb: fixed")] == [
        "rulesdb: fixed b.rs:1:7: 702.50 -> 702.66",
        "rulesdb: fixed d.rs:1:7: 702.50 -> 702.66",
    ]
    assert lines[-1].endswith("; fixed 2, left 2")
    for name, text in (("a.rs", stale), ("b.rs", fixed), ("locked/c.rs", stale), ("d.rs", fixed)):
        assert (tmp_path / name).read_text(encoding="utf-8") == text, name


def test_a_move_is_the_whole_trees_or_none(
    small_url: URL,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Moving a tree from 2026-06-19 to 2026-08-07 (310.8b became 310.9b) with one file that
    cannot be written: refused before anything is written, the pin too."""
    stale = "// CR 310.8b, CR 310.8c\n"
    for name in ("a.rs", "b.rs"):
        (tmp_path / name).write_text(stale, encoding="utf-8")
    (tmp_path / ".git").mkdir()
    pin = tmp_path / ".rulesdb.toml"
    pin.write_text('cr = "2026-06-19"\n', encoding="utf-8")
    (tmp_path / "a.rs").chmod(0o444)
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(
        ["--db", url_text(small_url), "lint-citations", ".", "--as-of", "2026-08-07", "--fix"],
        capsys,
    )
    assert code == 2 and "Traceback" not in err
    assert "rulesdb: error: a.rs: read-only (no write permission)" in err.splitlines()
    assert err.splitlines()[-1] == (
        "rulesdb: error: the move needs every file it edits; 1 cannot be rewritten (above): "
        "nothing was written"
    )
    assert (tmp_path / "b.rs").read_text(encoding="utf-8") == stale
    assert pin.read_text(encoding="utf-8") == 'cr = "2026-06-19"\n'
    (tmp_path / "a.rs").chmod(0o644)
    code, _, err = run_cli(
        ["--db", url_text(small_url), "lint-citations", ".", "--as-of", "2026-08-07", "--fix"],
        capsys,
    )
    assert code == 0
    assert (tmp_path / "a.rs").read_text(encoding="utf-8") == "// CR 310.9b, CR 310.9c\n"
    assert pin.read_text(encoding="utf-8") == 'cr = "2026-08-07"\nmoved-from = "2026-06-19"\n'


# Pin files that are no files.


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "deep", "deep-table"])
def test_a_pin_that_is_no_file_or_nested_deep_is_one_line(
    kind: str,
    small_url: URL,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "a.rs").write_text("// CR 702.19\n", encoding="utf-8")
    pin = tmp_path / ".rulesdb.toml"
    if kind == "fifo":
        os.mkfifo(pin)
    elif kind == "folder":
        pin.mkdir()
    elif kind == "device":
        pin.symlink_to("/dev/null")
    elif kind == "deep":
        pin.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    else:
        pin.write_text("a = " + "{b = " * 100_000 + "}" * 100_000 + "\n", encoding="utf-8")
    code, out, err = run_cli(
        ["--db", url_text(small_url), "lint-citations", str(tmp_path / "a.rs")], capsys
    )
    expected = {
        "fifo": "not a regular file (a FIFO); not read for a pin",
        "folder": "not a regular file (a folder); not read for a pin",
        "device": "not a regular file (a device); not read for a pin",
        "deep": "not read for a pin: nested too deep for the TOML reader",
        "deep-table": "not read for a pin: nested too deep for the TOML reader",
    }[kind]
    assert (code, out, err) == (2, "", f"rulesdb: error: {pin}: {expected}\n")


def test_found_carries_the_file_it_was_read_from(tmp_path: Path) -> None:
    (tmp_path / "a.rs").write_text(STALE, encoding="utf-8")
    [found] = scan_paths([tmp_path / "a.rs"]).found
    status = (tmp_path / "a.rs").stat()
    assert isinstance(found, Found) and found.identity == (
        status.st_dev,
        status.st_ino,
        status.st_size,
        status.st_mtime_ns,
    )
