"""Answers that lead somewhere: an old name names its successor, a rule number a release lacks
names where the rules other releases print under it were then (by their lineages), on both
backends."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import URL

from tests.support.databases import url_text
from tests.support.runs import run_cli


def one_line(head: URL, args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code, out, err = run_cli(["--db", url_text(head), *args], capsys)
    assert out == "" and len(err.splitlines()) == 1, err
    return code, err


def test_an_old_glossary_term_names_its_successor(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = one_line(shared_head_url, ["glossary", "Tribal"], capsys)
    assert code == 1
    assert (
        "no glossary entry 'Tribal' in release 2026-08-07; tribal was renamed kindred on "
        "2024-06-07 (205.2a): see 'Kindred'; nearest:"
    ) in err
    code, err = one_line(shared_head_url, ["glossary", "totem armor"], capsys)
    assert "Totem Armor was renamed Umbra Armor on 2024-06-07 (702.89): see 'Umbra Armor'" in err
    # Before the rename, no successor yet: only the nearest terms.
    code, out, _ = run_cli(
        ["--db", url_text(shared_head_url), "glossary", "Tribal", "--as-of", "2020-01-01"], capsys
    )
    assert code == 0 and '"term": "Tribal"' in out


def test_a_rule_number_a_release_lacks_names_where_it_was(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = one_line(shared_head_url, ["rule", "702.19", "--as-of", "2005-01-01"], capsys)
    assert code == 1
    assert err.startswith("rulesdb: error: no rule 702.19 in release 2004-10-01; ")
    # Each rule ever numbered 702.19, where it was in 2004-10-01, before the nearest numbers.
    assert (
        "702.19 (Banding, so numbered from 2009-07-11) is 502.10 here; "
        "702.19 (Vigilance, so numbered from 2011-06-17) is 502.14 here; "
        "702.19 (Trample, so numbered from 2013-07-13) is 502.9 here; nearest: "
    ) in err


def test_cite_of_an_old_name_names_its_successor(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = one_line(shared_head_url, ["cite", "tribal"], capsys)
    assert code == 2
    assert err == (
        "rulesdb: error: 'tribal' is not listed in release 2026-08-07 (in force now); "
        "renamed kindred on 2024-06-07 (205.2a); see: rulesdb cite kindred or "
        "rulesdb history tribal\n"
    )
