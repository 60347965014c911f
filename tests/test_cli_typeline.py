"""``rulesdb check`` and ``rulesdb parse`` on SQLite and PostgreSQL: exit codes 0/1/2, JSON
shapes, and ``parse -`` streaming one JSON object per input line."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

import pytest

from rulesdb.questions.listings import release_in_force, releases
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import load_vocabulary
from tests.support.databases import url_text
from tests.support.runs import run_in_process
from tests.support.shapes import CHECK_KEYS, LINE_KEYS


def run(url, *args: str, stdin: str = "") -> tuple[int, str, str]:
    """rulesdb.cli.main in-process: (exit code, stdout, stderr)."""
    done = run_in_process("--db", url_text(url), *args, input=stdin)
    return done.returncode, done.stdout, done.stderr


def latest(url) -> str:
    engine = make_engine(url)
    try:
        return release_in_force(engine).isoformat()
    finally:
        engine.dispose()


def test_check_says_what_a_word_is(small_url) -> None:
    day = latest(small_url)
    assert run(small_url, "check", "Merfolk", "--format", "table") == (
        0,
        f"Merfolk: creature type (205.3m, release {day})\n",
        "",
    )
    code, out, _ = run(small_url, "check", "SPACECRAFT", "--format", "table")
    assert (code, out) == (
        0,
        f"Spacecraft: artifact type and planar type (205.3g, 205.3n, release {day})\n",
    )
    code, out, _ = run(small_url, "check", "legendary", "--format", "table")
    assert (code, out) == (0, f"legendary: supertype (205.4a, release {day})\n")
    code, out, _ = run(small_url, "check", "urza's", "--category", "land", "--format", "table")
    assert (code, out) == (0, f"Urza’s: land type (205.3i, release {day})\n")


def test_check_json(shared_head_url) -> None:
    code, out, _ = run(shared_head_url, "check", "merfolk", "--format", "json")
    report = json.loads(out)
    assert code == 0 and list(report) == CHECK_KEYS
    assert report["meanings"] == [
        {"kind": "creature type", "name": "Merfolk", "category": "creature", "rule": "205.3m"}
    ]
    assert report["valid"] is True and report["reason"] is None
    # JSON is also the default when stdout is not a terminal.
    code, out, _ = run(shared_head_url, "check", "Kindred", "--as-of", "2024-04-12")
    report = json.loads(out)
    assert code == 1 and report["release"] == "2024-04-12" and report["meanings"] == []


@pytest.mark.parametrize(
    ("word", "category", "says"),
    [
        (
            "Merfolk Wizard",
            "creature",
            "'Merfolk Wizard' is 2 subtypes (Merfolk, Wizard); choose "
            "one, and only one, creature type",
        ),
        ("Swamp", "creature", "Swamp is a land type (205.3i), not a creature type"),
        ("artifact", "creature", "artifact is a card type (205.2a), not a creature type"),
        ("truck", "creature", "'truck' is not one of the creature types listed in 205.3m"),
        ("truck", None, "'truck' is not a card type, supertype or subtype"),
    ],
)
def test_check_exit_1_with_the_reason(
    small_url, word: str, category: str | None, says: str
) -> None:
    args = ["check", word, "--format", "json"] + (["--category", category] if category else [])
    code, out, err = run(small_url, *args)
    report = json.loads(out)
    assert (code, err) == (1, "")
    assert report["valid"] is False and report["reason"] == says
    assert report["rule"] == ("205.3e" if category else None)


def test_check_a_category_the_release_lacks_is_no_error(shared_head_url) -> None:
    code, out, _ = run(
        shared_head_url,
        "check",
        "Siege",
        "--category",
        "battle",
        "--as-of",
        "2020-01-01",
        "--format",
        "table",
    )
    assert code == 1
    assert out == (
        "'Siege' is no battle type: the release of 2019-10-04 has no battle types "
        "(release 2019-10-04)\n"
    )
    assert run(shared_head_url, "check", "Siege", "--category", "battle")[0] == 0


def test_check_usage_errors_exit_2(small_url) -> None:
    code, out, err = run(small_url, "check", "Merfolk", "--category", "trucks")
    assert (code, out) == (2, "")
    assert err.startswith("rulesdb: error: unknown category 'trucks'") and err.count("\n") == 1
    assert run(small_url, "check", "Merfolk", "--as-of", "yesterday")[0] == 2
    code, _, err = run(small_url, "check", "Merfolk", "--as-of", "1999-01-01")
    assert code == 2 and "no release was in force on 1999-01-01" in err
    assert run(small_url, "check", "Merfolk", "--format", "xml")[0] == 2


def test_sql_in_a_word_is_just_an_unknown_word(head_url) -> None:
    word = "'; DROP TABLE release; --"
    engine = make_engine(head_url)
    try:
        before = releases(engine)
    finally:
        engine.dispose()
    code, out, _ = run(head_url, "check", "--format", "json", "--", word)
    assert code == 1 and json.loads(out)["word"] == word
    code, out, _ = run(head_url, "parse", "--format", "json", "--", word)
    assert code == 1 and json.loads(out)["valid"] is False
    engine = make_engine(head_url)
    try:
        assert releases(engine) == before and len(before) > 60
    finally:
        engine.dispose()


def test_parse_json_is_the_type_line_to_json(small_url) -> None:
    line = "Legendary Land Creature -- forest dryad"
    code, out, err = run(small_url, "parse", line, "--format", "json")
    assert (code, err) == (0, "")
    engine = make_engine(small_url)
    try:
        expected = load_vocabulary(engine).parse(line).to_json()
    finally:
        engine.dispose()
    assert json.loads(out) == expected and list(json.loads(out)) == LINE_KEYS
    assert expected["subtypes"][0] == {"name": "Forest", "category": "land", "card_types": ["land"]}


def test_parse_table_and_invalid_lines(shared_head_url) -> None:
    day = latest(shared_head_url)
    code, out, _ = run(
        shared_head_url, "parse", "Legendary Land Creature — Forest Dryad", "--format", "table"
    )
    assert code == 0
    assert out == (
        "Legendary Land Creature — Forest Dryad\n"
        "  Forest: land type -> land\n"
        "  Dryad: creature type -> creature\n"
        f"valid (release {day})\n"
    )
    code, out, _ = run(shared_head_url, "parse", "Creature — Merfolk Swamp", "--format", "table")
    assert code == 1
    assert out.splitlines()[-2:] == [
        f"invalid (release {day})",
        "  205.3d: Swamp is a land type; it corresponds to none of the line's card types "
        "(creature)",
    ]
    code, out, _ = run(shared_head_url, "parse", "Tribal Instant — Elf", "--as-of", "2024-06-06")
    assert code == 0 and json.loads(out)["release"] == "2024-04-12"
    assert run(shared_head_url, "parse", "Tribal Instant — Elf", "--as-of", "2024-06-07")[0] == 1


def test_parse_stdin_one_object_per_line(small_url) -> None:
    lines = [
        "Legendary Creature — Elf Druid",
        "Creature — Swamp",
        "",
        "Kindred Instant — Elf",
        "totally not a type line",
        "Plane — Bolas's Meditation Realm",
        "Legendary Creature — Elf Druid",
    ]
    code, out, err = run(small_url, "parse", "-", stdin="\n".join(lines) + "\n")
    assert (code, err) == (1, "")
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == len(lines)
    assert [o["valid"] for o in objects] == [True, False, False, True, False, True, True]
    assert all(list(o) == LINE_KEYS for o in objects)
    assert objects[2]["errors"] == [
        {"rule": "205.1", "message": "no card type: a type line contains the card's card types"}
    ]
    assert objects[5]["subtypes"][0]["name"] == "Bolas’s Meditation Realm"
    assert objects[0] == objects[6]


def test_parse_stdin_all_valid_exits_0_and_reads_crlf_and_bom(shared_head_url) -> None:
    stdin = "\ufeffCreature — Elf\r\nArtifact — Equipment\r\nLegendary Land"
    code, out, _ = run(shared_head_url, "parse", "-", "--as-of", "2021-03-01", stdin=stdin)
    objects = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(objects) == 3
    assert {o["release"] for o in objects} == {"2021-02-15"}
    assert run(shared_head_url, "parse", "-", stdin="")[:2] == (0, "")
    code, _, err = run(shared_head_url, "parse", "-", "--format", "table")
    assert code == 2 and "one JSON object per line" in err


def test_parse_with_a_database_behind_head_answers_with_a_warning(empty_url) -> None:
    from rulesdb.store import migrate

    engine = make_engine(empty_url)
    try:  # behind head: the first official text file, which lists creature types
        migrate.upgrade(engine, "cr_2016_07_22")
    finally:
        engine.dispose()
    code, out, err = run(empty_url, "parse", "Creature — Elf", "--format", "json")
    assert code == 0 and json.loads(out)["valid"]
    [warning] = err.splitlines()
    assert warning.startswith("rulesdb: warning: ") and "not at the head" in warning
    assert "upgrade" in warning


def test_subprocess_check_and_streaming(small_url) -> None:
    """The installed entry point, as a shell runs it; parse - answers each line as it comes."""
    base = [sys.executable, "-m", "rulesdb", "--db", url_text(small_url)]
    done = subprocess.run(
        [*base, "check", "Merfolk", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["valid"] is True
    done = subprocess.run(
        [*base, "check", "Merfolk Wizard", "--category", "creature"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1

    with subprocess.Popen(
        [*base, "parse", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdin and process.stdout
        answers = []
        for line in ("Creature — Elf", "Creature — Forest", "Land — Forest"):
            process.stdin.write(f"{line}\n".encode())
            process.stdin.flush()
            answers.append(json.loads(process.stdout.readline()))  # before stdin closes
        process.stdin.close()
        assert process.stdout.read() == b""
        assert process.wait(timeout=120) == 1
    assert [a["valid"] for a in answers] == [True, False, True]


def test_thirty_thousand_lines_in_one_process(small_url) -> None:
    """A card list's worth of type lines through one run of the command (the README's
    figure), in this process."""
    engine = make_engine(small_url)
    try:
        vocab = load_vocabulary(engine)
    finally:
        engine.dispose()
    names = vocab.subtypes_of("creature")
    n = len(names)  # two different creature types a line, ~29,000 distinct lines
    lines = [f"Creature — {names[i % n]} {names[(i + 1 + i // n) % n]}" for i in range(29_000)]
    lines += ["Creature — Swamp"] * 500 + ["Legendary Land"] * 500
    done = run_in_process("--db", url_text(small_url), "parse", "-", input="\n".join(lines) + "\n")
    assert done.returncode == 1, done.stderr
    out = done.stdout.splitlines()
    assert len(out) == 30_000
    assert sum(not json.loads(line)["valid"] for line in out) == 500


def test_release_dates_in_output_are_the_release_in_force(shared_head_url) -> None:
    code, out, _ = run(
        shared_head_url, "check", "Time Lord", "--as-of", date(2023, 10, 13).isoformat()
    )
    assert code == 0 and json.loads(out)["release"] == "2023-10-13"
    assert run(shared_head_url, "check", "Time Lord", "--as-of", "2023-10-12")[0] == 1
