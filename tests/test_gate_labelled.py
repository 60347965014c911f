"""The citation gate held to real code (issue #50): 692 sites of three engines' trees, each read
by hand in the official CR file of the release the engine is written against, and the gate's
precision, recall and suggestions on them (both backends).

How the sites were drawn (tests/fixtures/citations/labelled.toml keeps each site's line,
its strata and the engine's commit):

- **phase-rs/phase** at b86598b (2026-05-06), read as 2026-04-17, the release in force when
  it was written; **wingedsheep/argentum-engine** at 24c27f1 (2026-08-22), read as
  2026-08-07. Both trees were scanned with the gate's own scanner (numbers only), then:
- ``kw``: a random draw (seeds 11, 21) of the lines where a keyword's name stands beside a
  citation (before "(CR …" or right after the number) — 80 and 40;
- ``kwtitle``: phase, 100 drawn (seed 50) of the 1,040 lines citing a 701/702 rule followed
  by a keyword's name; argentum, all 108 such lines;
- ``compound`` (two or more citations on a line with words after), ``quote`` (a quote
  mark after the number), ``desc`` (a description after a colon or dash): 40/30/30 drawn
  from phase (seeds 12–14), 15 each from argentum (seed 22);
- ``flagged``: every line main's gate flagged mismatch before this change (33 and 4).
- **A2152225/MTGEDH** at f1f8912 (2026-05-18), read as 2025-11-14 (the release its sources
  name), was held out: labelled after the gate's rules were set on the two above, to measure
  them on code they were not shaped by — a random 100 of its ``kw`` lines (seed 77), the 94
  lines where a keyword's name stands beside another rule's number (found by the keyword
  lists alone, not by the gate), and the 17 lines the gate flags.

Each site was labelled by reading the cited rules — and the rule the words name — in the
official file: ``right`` (a cited rule holds what is written), ``wrong`` (a real rule, but
not the one the words are about; ``correct`` names the rule(s) meant, ``|`` between
alternatives, when one can be named), ``borderline`` (a sibling or a related rule; not
counted either way) or ``missing`` (no such rule in the release: the number check's, not
the words'). A site is flagged when the gate calls any of its citations a mismatch; a
suggestion is right when it is a correct rule, its heading or a subrule.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.citations import Found, check
from rulesdb.citations.scanning import scan_text
from rulesdb.citations.titles import related
from rulesdb.handle import open_rules
from tests.settings import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "citations" / "labelled.toml"
PRECISION = 0.95  # of mismatch, on wrong against right sites
RECALL = 0.80  # of wrong-but-real sites
SUGGESTIONS = 0.95  # suggestions naming a correct rule, where one is given


def sites() -> tuple[dict[str, dict[str, str]], list[dict[str, object]]]:
    document = tomllib.loads(FIXTURE.read_text(encoding="utf-8"))
    return document["engines"], document["site"]


def judged(url: URL, labelled: list[dict[str, object]]) -> list[tuple[dict[str, object], list]]:
    """Each site with the gate's verdicts on its citations, as lint-citations judges them."""
    engines, _ = sites()
    out = []
    with open_rules(url) as rules:
        for site in labelled:
            release = date.fromisoformat(engines[str(site["engine"])]["release"])
            found = [Found(str(site["path"]), c) for c in scan_text(str(site["text"]))]
            assert found, f"no citation in {site['path']}:{site['line']}"
            verdicts = [v for _, v in check(rules.engine, found, as_of=release)]
            out.append((site, verdicts))
    return out


def measured(results: list[tuple[dict[str, object], list]]) -> tuple[int, int, int, int, int]:
    """(wrong flagged, right flagged, wrong missed, suggestions given, suggestions right)."""
    counts: Counter[tuple[str, bool]] = Counter()
    suggested = right = 0
    for site, verdicts in results:
        mismatches = [v for v in verdicts if v.status == "mismatch"]
        label = str(site["label"])
        counts[(label, bool(mismatches))] += 1
        if label == "wrong" and mismatches:
            matches = next((v.matches for v in mismatches if v.matches), None)
            if matches is not None:
                suggested += 1
                correct = str(site.get("correct", "")).split("|")
                right += any(related(matches, rule) for rule in correct if rule)
        if label == "missing":  # the number's verdict, never the words'
            assert all(v.status != "mismatch" for v in verdicts), site
    return (
        counts[("wrong", True)],
        counts[("right", True)],
        counts[("wrong", False)],
        suggested,
        right,
    )


def test_the_set_is_what_the_docstring_says() -> None:
    engines, labelled = sites()
    assert set(engines) == {"phase", "argentum", "mtgedh"}
    labels = Counter((site["engine"], site["label"]) for site in labelled)
    assert len(labelled) == 692
    assert sum(labels[(engine, "wrong")] for engine in engines) == 64
    assert sum(1 for site in labelled if "text" in site) == 498  # MTGEDH's are located only
    keys = [(site["engine"], site["path"], site["line"]) for site in labelled]
    assert len(set(keys)) == len(keys)  # a site once, with all the strata it was drawn in
    for site in labelled:
        assert site["label"] in ("right", "wrong", "borderline", "missing")
        assert site["label"] != "wrong" or "note" in site
        assert ("text" in site) == (site["engine"] != "mtgedh")


def test_precision_recall_and_suggestions_on_real_engines(shared_head_url: URL) -> None:
    _, labelled = sites()
    true, false, missed, suggested, right = measured(
        judged(shared_head_url, [site for site in labelled if "text" in site])
    )
    assert true / (true + false) >= PRECISION
    assert true / (true + missed) >= RECALL, f"{true} of {true + missed} wrong sites flagged"
    assert suggested and right / suggested >= SUGGESTIONS
    # The figures the closing note and docs/citation-gate.md give, as measured here.
    assert (true, false, missed, suggested, right) == (38, 0, 9, 33, 33)


def test_the_sites_are_the_engines_lines(shared_head_url: URL) -> None:
    """With the engines' trees at hand (RULESDB_TEST_ENGINES: a folder holding phase/,
    argentum/ and mtgedh/ at the commits named), every site is its line (its digest the one
    kept, its text in it), and the held-out engine's sites are judged from its tree."""
    folder = os.environ.get("RULESDB_TEST_ENGINES")
    if not folder:
        pytest.skip("RULESDB_TEST_ENGINES is not set: the engines' trees are not at hand")
    _, labelled = sites()
    held_out = []
    for site in labelled:
        path = Path(folder) / str(site["engine"]) / str(site["path"])
        line = path.read_text(encoding="utf-8", errors="replace").split("\n")[int(site["line"]) - 1]
        assert hashlib.sha256(line.encode("utf-8")).hexdigest() == site["sha256"]
        if "text" in site:
            assert str(site["text"]) in line.strip()
        else:
            held_out.append({**site, "text": line.strip()})
    assert measured(judged(shared_head_url, held_out)) == (17, 0, 0, 15, 15)
