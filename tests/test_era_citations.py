"""A judge reading an old release gets that release's rule numbers: the rules `parse` and `check`
cite for a problem are found in the release's own rules by what they say (205.3d today, 204.3c
in 2010, 205.3e in 2008, 212.2d in 1999), and where a release has no rule for something the
answer says what it cites instead. Both backends; the archived files, where present, show that
each cited number is one the release's own file prints."""

from __future__ import annotations

import json
import re
from datetime import date

import pytest
from sqlalchemy import text
from sqlalchemy.engine import URL

from rulesdb.ingest.sources import read_source
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary import load_vocabulary
from tests.support.data import archive_file
from tests.support.runs import run_cli

# A type line that breaks each rule once: a subtype before the dash, two dashes, a subtype of
# no card type of the line, and no card type at all.
BAD_LINES = {
    "subtype_words": "Creature — Elf — Goblin",
    "gain": "Instant — Equipment",
    "type_line": "Equipment",
}

# (day, file): one release of each era, and the rules it says these things in.
ERAS = [
    (
        "1999-11-01",
        "MagicCompRules-19991101.txt",  # Sixth Edition: rule 212
        {"type_line": "212.1", "subtype_words": "212.2", "gain": "212.2d", "choice": None},
    ),
    (
        "2003-07-01",
        "MagicCompRules-20030701.txt",  # rule 205 appears; no lists at all
        {"type_line": "205.1", "subtype_words": "205.3b", "gain": "205.3d", "choice": None},
    ),
    (
        "2005-02-01",
        "MagicCompRules-20050201.txt",  # lists in the glossary
        {"type_line": "205.1", "subtype_words": "205.3b", "gain": "205.3d", "choice": None},
    ),
    (
        "2008-02-01",
        "MagicCompRules-20080201.txt",  # "correlated to its appropriate card type"
        {"type_line": "205.1", "subtype_words": "205.3b", "gain": "205.3e", "choice": None},
    ),
    (
        "2010-02-01",
        "MagicCompRules-20100201.txt",  # Magic 2010's renumbering: rule 204
        {"type_line": "204.1", "subtype_words": "204.3b", "gain": "204.3c", "choice": "204.3d"},
    ),
]


def parse(url: URL, capsys: pytest.CaptureFixture[str], line: str, day: str) -> dict:
    code, out, err = run_cli(
        ["--db", str(url), "parse", line, "--as-of", day, "--format", "json"], capsys
    )
    assert code == 1, (line, err)
    return json.loads(out)


def check(url: URL, capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code, out, _ = run_cli(["--db", str(url), "check", *args, "--format", "json"], capsys)
    assert code == 1, args
    return json.loads(out)


@pytest.mark.parametrize(("day", "name", "expected"), ERAS, ids=[e[0] for e in ERAS])
def test_parse_and_check_cite_the_era_s_own_rules(
    shared_head_url: URL,
    capsys: pytest.CaptureFixture[str],
    day: str,
    name: str,
    expected: dict[str, str | None],
) -> None:
    source, _ = read_source(archive_file(name))
    printed = set(re.findall(r"(?m)^(\d{3}\.\d+[a-z]?)\.? ", source))
    wanted = {
        "type_line": "a type line contains",
        "subtype_words": "more than one dash",
        "gain": "of any of the line's card types" if day < "2004" else "corresponds",
    }
    cited = {}
    for what, line in BAD_LINES.items():
        errors = parse(shared_head_url, capsys, line, day)["errors"]
        cited[what] = {e["rule"] for e in errors if wanted[what] in e["message"]}
    assert cited == {what: {expected[what]} for what in BAD_LINES}
    assert all(rule in printed for rules in cited.values() for rule in rules), (cited, day)
    engine = make_engine(shared_head_url)
    vocab = load_vocabulary(engine, date.fromisoformat(day))
    engine.dispose()
    category = vocab.categories[0] if vocab.categories else None
    if category is None:
        return
    bad = check(shared_head_url, capsys, "Nonesuch", "--category", category, "--as-of", day)
    if expected["choice"] is None:  # no rule on choosing: the list's own rule, and it says so
        assert bad["rule"] == vocab.rule_of(category) and bad["rule"] in printed
        assert (
            "the release has no rule on choosing a subtype: cited is "
            f"{bad['rule']}" in bad["reason"]
        )
    else:
        assert bad["rule"] == expected["choice"] and "no rule on" not in bad["reason"]


def test_lists_left_to_the_glossary_are_said_to_be_there(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = check(
        shared_head_url, capsys, "Nonesuch", "--category", "creature", "--as-of", "2005-02-01"
    )
    assert bad["rule"] == "212.3c"  # names the creature types; the glossary lists them
    assert bad["reason"].startswith(
        "'Nonesuch' is not one of the creature types listed in the glossary (no rule lists them)"
    )
    errors = parse(shared_head_url, capsys, "Creature — Nonesuch", "2005-02-01")["errors"]
    assert errors == [
        {
            "rule": "212.3c",
            "message": "'Nonesuch' is not a creature type in the "
            "release of 2005-02-01 (the glossary lists the creature types; no rule "
            "lists them)",
        }
    ]
    modern = check(shared_head_url, capsys, "Nonesuch", "--category", "creature")
    assert "glossary" not in modern["reason"] and modern["rule"] == "205.3e"


def test_a_release_without_supertypes_says_so(
    shared_head_url: URL, capsys: pytest.CaptureFixture[str]
) -> None:
    errors = parse(shared_head_url, capsys, "Legendary Creature", "1999-11-01")["errors"]
    assert errors == [
        {
            "rule": "212.1",
            "message": "'Legendary' is not a card type (212.1) in "
            "the release of 1999-11-01, which has no supertypes",
        }
    ]


def test_every_release_cites_rules_it_recorded(shared_head_url: URL) -> None:
    """No release cites a number it does not have, and from the first that says how a subtype
    is chosen (2009-07-11) on, every release has that rule."""
    engine = make_engine(shared_head_url)
    with engine.connect() as connection:
        recorded: dict[str, set[str]] = {}
        for day, number in connection.execute(text("SELECT release_date, number FROM rule_text")):
            recorded.setdefault(str(day), set()).add(number)
    first_choice = None
    for day in sorted(recorded):
        cited = load_vocabulary(engine, date.fromisoformat(day)).index.citations
        rules = [cited.type_line, cited.subtype_words, cited.gain, cited.choice]
        assert {r for r in rules if r is not None} <= recorded[day], (day, cited)
        if cited.choice is not None and first_choice is None:
            first_choice = day
        assert (cited.choice is None) == (first_choice is None), day
    assert first_choice == "2009-07-11"
    engine.dispose()
