"""A CR file under the 20 MB cap whose shape no release has (one huge line, too many lines,
rules or glossary entries, an .rtf of countless groups) is refused in one line at its bound,
before the readers spend time and memory on it (issue #52). Shrunken versions of the hostile
files: each just past its bound, made from the newest official file."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdb.errors import CRFormatError
from rulesdb.ingest import shape
from rulesdb.ingest.rtf import MAX_GROUPS
from rulesdb.ingest.rulebook import parse_rulebook
from tests.support.bounded import PEAK_MB, refused
from tests.support.data import cr_file

NEWEST = "20260807"


def newest_lines() -> list[str]:
    return cr_file(NEWEST).read_text(encoding="utf-8").split("\n")


def written(tmp_path: Path, lines: list[str], name: str = "crafted.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def index_of(lines: list[str], start: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(start))


def test_a_line_past_the_bound_is_refused_naming_it(tmp_path: Path) -> None:
    lines = newest_lines()
    at = index_of(lines, "100.1a ")
    lines[at] += " word" * (shape.MAX_LINE_CHARS // 5)
    line, peak = refused("inspect", str(written(tmp_path, lines)))
    assert f":{at + 1}: a line of {len(lines[at]):,} characters, more than 20,000" in line
    assert peak < PEAK_MB


def test_a_line_at_the_bound_is_read() -> None:
    lines = newest_lines()
    lines[index_of(lines, "100.1a ")] += "x" * (shape.MAX_LINE_CHARS - 3000)
    shape.check_shape("\n".join(lines), "at-bound.txt")  # no error


def test_too_many_lines_or_characters_are_refused(tmp_path: Path) -> None:
    lines = newest_lines()
    blank = lines[: index_of(lines, "100.1a ")] + [""] * shape.MAX_LINES
    line, _ = refused("inspect", str(written(tmp_path, blank + lines, "lines.txt")))
    assert "lines, more than 100,000" in line
    at = index_of(lines, "905.6. ")
    filler = [f"905.{n}. {'filler ' * 2000}" for n in range(7, 7 + 220)]
    text = "\n".join(lines[: at + 1] + filler + lines[at + 1 :])
    assert len(text) > shape.MAX_CHARS
    with pytest.raises(CRFormatError, match=r"characters, more than 3,000,000;"):
        shape.check_shape(text, "wide.txt")


def test_rules_past_the_bound_are_refused_where_they_go_past() -> None:
    lines = newest_lines()
    at = index_of(lines, "905.6. ")
    extra = [f"905.{n}. X." for n in range(10_000, 10_000 + shape.MAX_RULES)]
    crafted = lines[: at + 1] + extra + lines[at + 1 :]
    with pytest.raises(CRFormatError) as refusal:
        parse_rulebook("\n".join(crafted), "numbered.txt")
    message = str(refusal.value)
    assert "more than 10,000 rules;" in message
    # Refused at the 10,001st rule, a line inside the crafted run, not at the end of the file.
    line = refusal.value.line
    assert line is not None and at + 1 < line <= at + 1 + len(extra)
    assert crafted[line - 1].startswith("905.")


def test_glossary_entries_past_the_bound_are_refused() -> None:
    lines = newest_lines()
    heading = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    entries = [
        part
        for n in range(shape.MAX_GLOSSARY_ENTRIES)
        for part in (f"Term{n:05d}", f"Definition {n}.", "")
    ]
    crafted = lines[: heading + 2] + entries + lines[heading + 2 :]
    with pytest.raises(CRFormatError, match=r"more than 10,000 glossary entries;"):
        parse_rulebook("\n".join(crafted), "glossary.txt")


def test_a_rule_whose_text_runs_past_the_bound_is_refused() -> None:
    lines = newest_lines()
    at = index_of(lines, "100.1a ")
    paragraph = "word " * (shape.MAX_LINE_CHARS // 5 - 1)
    crafted = lines[: at + 1] + [paragraph] * 3 + lines[at + 1 :]
    with pytest.raises(CRFormatError, match=r"rule 100.1a's text runs past 50,000 characters"):
        parse_rulebook("\n".join(crafted), "long-rule.txt")


def test_an_rtf_of_too_many_groups_is_refused(tmp_path: Path) -> None:
    flat = tmp_path / "flat.rtf"
    flat.write_bytes(b"{\\rtf1 " + b"{}" * (MAX_GROUPS + 1) + b"}")
    line, peak = refused("inspect", str(flat))
    assert f"the .rtf has {MAX_GROUPS + 2:,} groups, more than 100,000" in line
    assert peak < PEAK_MB
