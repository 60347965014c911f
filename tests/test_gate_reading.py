"""The citation gate reading citations as written (issue #50): names judged, groups judged
together, a number read as the release it was written against (never followed from an older
one), the pin moved with the citations by --fix (idempotent, round trips exact for what was
moved), one verdict whatever the hash seed or file order, and one judgement for
lint-citations, judge_quote and verify_citation — on the real releases (both backends)."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.citations.quotes import judge_quote
from rulesdb.handle import open_rules
from tests.settings import ROOT
from tests.support.databases import url_text
from tests.support.runs import run_cli, under_hash_seed

FIGHT = "Each of those creatures deals damage equal to its power to the other creature"
EXCHANGE = "if the entire exchange can't be completed, no part of the exchange occurs"


def lint(url: URL, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(["--db", url_text(url), "lint-citations", *args], capsys)


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def git(folder: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(folder), "-c", "user.email=t@t", "-c", "user.name=t", *args],
        check=True,
        capture_output=True,
    )


def test_names_groups_and_examples(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "// CR 702.50: Delve",  # 702.50 is Epic: a mismatch naming Delve's rule
        "// Delve (CR 702.66)",  # its own title, however short
        "// CR 701.16a: Sacrifice",  # Investigate's rule
        "// CR 704.5j legend rule",  # a name the glossary gives the rule
        "// CR 702.110b \u2014 Menace",  # Exploit's rule; Menace is 702.111
        "// CR 603.10a + CR 607.2a: Leaves-the-battlefield triggers look back in time",
        "// CR 115.1 + CR 114.1: spell requires legal targets on cast",  # a group holds it
        "// CR 722: Monarch triggers",  # 722 is Preparation Cards; the monarch is 725
        "// CR 601.2h + CR 202.2: Sunburst / Converge.",  # a topic beside rules of procedure
        "// CR 701.26a: Tap all permanents matching the filter.",
        "// CR 704.5d: A token that's in a zone other than the battlefield ceases to exist.",
    ]
    (tmp_path / "a.rs").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = lint(
        shared_head_url, capsys, str(tmp_path), "--as-of", "2026-04-17", "--format", "jsonl"
    )
    got = {(r["line"], r["number"]): (r["status"], r["matches"], r["judged"]) for r in records(out)}
    assert code == 1
    assert got == {
        (1, "702.50"): ("mismatch", "702.66", "title"),
        (3, "701.16a"): ("mismatch", "701.21", "title"),
        (5, "702.110b"): ("mismatch", "702.111", "title"),
        (8, "722"): ("mismatch", "725", "title"),
    }
    (line1,) = (r for r in records(out) if r["line"] == 1)
    assert (
        line1["message"] == "'delve' is rule 702.66, not rule 702.50 (Epic) of release 2026-04-17"
    )


def test_a_citation_is_read_as_written(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """2024-06-07's 701.12a was fight; 2026-04-17 prints fight as 701.14a and exchange as
    701.12a. A number the release it is read as never printed is missing: never followed
    from an older release (115.2a, a typo, was another rule until 2019)."""
    (tmp_path / "a.rs").write_text(
        f'// CR 701.12a: "{FIGHT}"\n'
        f'// CR 701.12a: "{EXCHANGE}"\n'
        "// CR 115.2a: hexproof targeting\n"
        "// CR 502.9\n",
        encoding="utf-8",
    )
    _, out, _ = lint(
        shared_head_url,
        capsys,
        str(tmp_path),
        "--since",
        "2024-06-07",
        "--as-of",
        "2026-04-17",
        "--format",
        "jsonl",
        "--all",
    )
    got = [(r["status"], r["now"], r["matches"]) for r in records(out)]
    assert got == [
        ("renumbered", "701.14a", "701.14a"),
        ("mismatch", "701.14a", "701.12a"),  # the quote is the exchange rule's
        ("missing", None, None),
        ("missing", None, None),
    ]
    messages = [r["message"] for r in records(out)]
    assert messages[2].startswith(
        "no rule 115.2a in release 2024-06-07, the release the citation is read as; "
        "the nearest are 115.2 and 115.3; 115.2a was last printed in 2019-06-14"
    )
    # Without --since, against the release itself: the same, read as 2026-04-17.
    _code, out, _ = lint(
        shared_head_url, capsys, str(tmp_path), "--as-of", "2026-04-17", "--format", "jsonl"
    )
    assert [(r["line"], r["status"]) for r in records(out)] == [
        (1, "mismatch"),
        (3, "missing"),
        (4, "missing"),
    ]
    # judge_quote reads as written too.
    with open_rules(shared_head_url) as rules:
        verdict = judge_quote(rules, "2026-04-17", "701.12a", f'"{FIGHT}"', since="2024-06-07")
        assert (verdict.status, verdict.now) == ("renumbered", "701.14a")


def test_fix_moves_the_pin_with_the_citations(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "src" / "a.rs"
    source.parent.mkdir()
    text = (
        f'// CR 701.12a: "{FIGHT}"\n'  # fight: 701.14a in 2026-04-17
        "// CR 701.12 and CR 701.14a: fight and its damage\n"
        "// CR 702.50: Delve\n"  # already wrong (Epic): left, not moved
    )
    source.write_text(text, encoding="utf-8")
    pin = tmp_path / "pyproject.toml"
    pin.write_text('[project]\nname = "x"\n\n[tool.rulesdb]\ncr = "2024-06-07"\n')
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "base")
    # Checked against a later release: read as the pin, each citation followed.
    _, out, err = lint(shared_head_url, capsys, str(tmp_path), "--as-of", "2026-04-17")
    assert "citations read as release 2024-06-07 (pinned in" in err
    assert out.count("renumbered") == 3  # 701.12a, and the group 701.12 and 701.14a
    _, _, err = lint(shared_head_url, capsys, str(tmp_path), "--as-of", "2026-04-17", "--fix")
    moved = source.read_text(encoding="utf-8")
    assert moved.splitlines()[0] == f'// CR 701.14a: "{FIGHT}"'
    assert tomllib.loads(pin.read_text())["tool"]["rulesdb"] == {
        "cr": "2026-04-17",
        "moved-from": "2024-06-07",
    }
    assert pin.read_text().startswith('[project]\nname = "x"\n')
    # Twice: nothing left to move.
    before = (source.read_bytes(), pin.read_bytes())
    _, _, err = lint(shared_head_url, capsys, str(tmp_path), "--as-of", "2026-04-17", "--fix")
    assert (source.read_bytes(), pin.read_bytes()) == before and "fixed 0" in err
    assert "by hand" not in err  # the move --fix made, recorded with the pin
    # Back again: the citations it moved come back as they were.
    _code, _, err = lint(shared_head_url, capsys, str(tmp_path), "--as-of", "2024-06-07", "--fix")
    assert source.read_text(encoding="utf-8") == text
    assert tomllib.loads(pin.read_text())["tool"]["rulesdb"]["cr"] == "2024-06-07"


def test_what_fix_refuses(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "a.rs"
    source.write_text(f'// CR 701.12a: "{FIGHT}"\n', encoding="utf-8")
    git(tmp_path, "init", "-q")
    # No pin to record a move in: a second run would move the citations again.
    code, _, err = lint(
        shared_head_url,
        capsys,
        str(tmp_path),
        "--since",
        "2024-06-07",
        "--as-of",
        "2026-04-17",
        "--fix",
    )
    assert code == 2 and "no pin to record the move in" in err
    assert source.read_text(encoding="utf-8") == f'// CR 701.12a: "{FIGHT}"\n'
    # --diff writes nothing, so it needs no pin.
    code, out, _ = lint(
        shared_head_url,
        capsys,
        str(tmp_path),
        "--since",
        "2024-06-07",
        "--as-of",
        "2026-04-17",
        "--fix",
        "--diff",
    )
    assert "+// CR 701.14a" in out
    # A --since the pin contradicts.
    (tmp_path / ".rulesdb.toml").write_text('cr = "2026-04-17"\n', encoding="utf-8")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-qm", "pinned")
    code, _, err = lint(shared_head_url, capsys, str(tmp_path), "--since", "2024-06-07", "--fix")
    assert code == 2 and "drop --since" in err
    # A pin moved by hand since the commit: read as the commit's, said; --fix refuses.
    (tmp_path / ".rulesdb.toml").write_text('cr = "2026-08-07"\n', encoding="utf-8")
    code, _, err = lint(shared_head_url, capsys, str(tmp_path))
    assert "the pin moved from '2026-04-17' (git HEAD) to '2026-08-07'" in err
    code, _, err = lint(shared_head_url, capsys, str(tmp_path), "--fix")
    assert code == 2 and "put it back and run --as-of 2026-08-07 --fix" in err


def test_fix_mismatch_only_when_asked(
    shared_head_url: URL, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "a.rs"
    source.write_text("// CR 702.50: Delve\n// CR 603.10a + CR 607.2a: look back\n")
    args = (str(tmp_path), "--as-of", "2026-04-17", "--fix")
    lint(shared_head_url, capsys, *args)
    assert source.read_text().startswith("// CR 702.50: Delve")
    code, _, _err = lint(shared_head_url, capsys, *args, "--fix-mismatch")
    assert source.read_text().startswith("// CR 702.66: Delve") and code == 0
    lint(shared_head_url, capsys, *args, "--fix-mismatch")
    assert source.read_text().startswith("// CR 702.66: Delve")


def test_one_verdict_whatever_the_hash_seed_or_file_order(
    shared_head_url: URL, tmp_path: Path
) -> None:
    """The labelled engines' lines as a tree, written in two orders; three hash seeds."""
    document = tomllib.loads((ROOT / "tests/fixtures/citations/labelled.toml").read_text())
    sites = [site for site in document["site"] if "text" in site]
    outputs = set()
    for order, seed in ((1, "0"), (-1, "1"), (1, "4242")):
        folder = tmp_path / f"tree{seed}"
        for i, site in list(enumerate(sites))[::order]:
            path = folder / f"{i % 7}" / f"{i:03}.rs"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(str(site["text"]) + "\n", encoding="utf-8")
        outputs.add(
            under_hash_seed(
                seed,
                "--db",
                url_text(shared_head_url),
                "lint-citations",
                ".",
                "--as-of",
                "2026-04-17",
                "--format",
                "jsonl",
                "--all",
                code=1,
                cwd=folder,
            )
        )
    assert len(outputs) == 1


def test_one_judgement_for_lint_judge_quote_and_verify(shared_head_url: URL) -> None:
    """verify_citation verifies exactly what judge_quote (strict) finds verbatim in the
    cited rule; a letterless rule holds its subrules' words for both."""
    cases = [
        ("702.19", "Trample over planeswalkers is a variant of trample"),
        ("702.19c", "Trample over planeswalkers is a variant of trample"),
        ("702.19b", "Trample over planeswalkers is a variant of trample"),
        ("704.5j", "This is called the \u201clegend rule.\u201d"),
        ("704.5k", "This is called the \u201clegend rule.\u201d"),
        ("110.5c", "Dimir Doppelganger"),  # in an example only: card text, not the rule
        ("999.1", "anything at all"),
    ]
    with open_rules(shared_head_url) as rules:
        for number, text in cases:
            verdict = judge_quote(rules, "2024-06-07", number, text, verbatim=True)
            verified = rules.verify_citation(number, text, "2024-06-07")
            assert verified.verified == (
                verdict.status == "fine" and verdict.judged == "verbatim"
            ), (number, text)
            assert verified.status == (verdict.status if verdict.status != "mismatch" else "fine")
