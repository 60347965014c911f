"""Malformed CR files: each is refused with one line naming the file, and nothing is written.

Every bad file is made in a tmp folder from a real release (never written into ../shared).
For each one, ``rulesdb inspect FILE`` and ``rulesdb new-release FILE --root CHECKOUT`` exit 2
with exactly one stderr line ``rulesdb: error: FILE[:LINE]: ...`` that says what was expected,
and the checkout (a copy of migrations/ and seeds/) is byte-identical afterwards. A sample is
also run as real processes against a database upgraded from that checkout, on both backends.
"""

from __future__ import annotations

import codecs
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesdb.errors import CRFormatError
from rulesdb.ingest.importer import extract, import_file
from rulesdb.store.engine import make_engine
from tests.settings import ROOT
from tests.support.chains import copy_release_chain
from tests.support.data import CR_DIR
from tests.support.databases import head_copy, url_text
from tests.support.dumps import write_witness
from tests.support.runs import run_cli

OLD = "20200807"  # creature types one word each, no dungeon or battle types
NEW = "20260807"  # "One creature type is two words long: Time Lord."


@cache
def official(day: str) -> str:
    path = CR_DIR / f"MagicCompRules-{day}.txt"
    if not path.is_file():
        pytest.skip(f"official CR files not found at {CR_DIR} (a clone without ../shared/cr)")
    return path.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Bad:
    data: bytes
    line: int | None  # the line the message must name, None when there is none


def utf8(text: str, line: int | None) -> Bad:
    return Bad(text.encode("utf-8"), line)


def line_no(text: str, prefix: str, start: int = 1) -> int:
    """1-based number of the first line at or after line `start` beginning with prefix."""
    for number, line in enumerate(text.split("\n"), start=1):
        if number >= start and line.startswith(prefix):
            return number
    raise AssertionError(f"no line starts with {prefix!r}")


def rule_line(text: str, number: str) -> int:
    return line_no(text, number + " ")


def edit_rule(text: str, number: str, old: str, new: str) -> str:
    """Replace `old` once inside the first line of rule `number` (the body's, not the TOC's)."""
    lines = text.split("\n")
    index = rule_line(text, number) - 1
    assert old in lines[index], (number, old)
    lines[index] = lines[index].replace(old, new, 1)
    return "\n".join(lines)


def drop_rule(text: str, number: str) -> str:
    lines = text.split("\n")
    del lines[rule_line(text, number) - 1]
    return "\n".join(lines)


def cut_before_line(text: str, number: int) -> str:
    """The file as if it ended just before line `number` (1-based)."""
    return "\n".join(text.split("\n")[: number - 1]) + "\n"


def last_line(text: str) -> int:
    """The number of the last line (a final newline ends the last line, it starts none)."""
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def truncated(text: str) -> Bad:
    return utf8(text, last_line(text))


def second(text: str, heading: str) -> int:
    numbers = [n for n, line in enumerate(text.split("\n"), start=1) if line == heading]
    return numbers[1]


def _trunc_toc() -> Bad:
    text = official(OLD)
    return truncated(cut_before_line(text, line_no(text, "4. Zones")))


def _trunc_mid_creature_list() -> Bad:
    text = official(OLD)
    start = text.index("205.3m ")
    return truncated(text[: text.index("Goblin, ", start)])


def _trunc_after_205_4a() -> Bad:
    text = official(OLD)
    return truncated(cut_before_line(text, rule_line(text, "205.4a") + 1))


def _trunc_before_glossary() -> Bad:
    text = official(OLD)
    return truncated(cut_before_line(text, second(text, "Glossary")))


def _trunc_before_credits() -> Bad:
    text = official(NEW)
    return truncated(cut_before_line(text, second(text, "Credits")))


def _trunc_inside_utf16() -> Bad:
    data = codecs.BOM_UTF16_LE + official(OLD).encode("utf-16-le")
    data = data[: len(data) // 2 | 1]  # odd length: half a character at the end
    return Bad(data, last_line(data[2:-1].decode("utf-16-le")))


def _utf8_bom_then_cp1252() -> Bad:
    text = official(OLD)
    first = next(n for n, line in enumerate(text.split("\n"), 1) if not line.isascii())
    return Bad(codecs.BOM_UTF8 + text.encode("cp1252"), first)


def _utf16_bom_on_utf8() -> Bad:
    return Bad(codecs.BOM_UTF16_LE + official(OLD).encode("utf-8"), None)


def _utf16be_bom_on_utf8() -> Bad:
    return Bad(codecs.BOM_UTF16_BE + official(NEW).encode("utf-8"), None)


def _rule_edit(day: str, number: str, old: str, new: str) -> Callable[[], Bad]:
    def build() -> Bad:
        text = official(day)
        return utf8(edit_rule(text, number, old, new), rule_line(text, number))

    return build


def _rule_missing(day: str, number: str, reported_at: str | None) -> Callable[[], Bad]:
    def build() -> Bad:
        text = drop_rule(official(day), number)
        return utf8(text, rule_line(text, reported_at) if reported_at else None)

    return build


def _rule_twice(day: str, number: str) -> Callable[[], Bad]:
    def build() -> Bad:
        text = official(day)
        lines = text.split("\n")
        index = rule_line(text, number) - 1
        lines[index + 1 : index + 1] = ["", lines[index]]  # repeated after a blank line
        return utf8("\n".join(lines), index + 3)

    return build


def _wrapped_creature_list() -> Bad:
    text = official(OLD)
    return utf8(edit_rule(text, "205.3m", "Goblin, ", "Goblin,\n"), rule_line(text, "205.3m"))


def _binary_with_nul() -> Bad:
    noise = random.Random(205).randbytes(4096)
    return Bad(b"\x7fELF\x02\x01\x01\x00" + noise, 1)


def _binary_high_bytes() -> Bad:
    # No NUL and no valid UTF-8; includes 0x81/0x8d/0x8f/0x90/0x9d, undefined in cp1252.
    rng = random.Random(305)
    return Bad(bytes(rng.randrange(0x80, 0x100) for _ in range(4096)), None)


def _empty() -> Bad:
    return Bad(b"", None)


def _not_a_cr() -> Bad:
    return Bad((ROOT / "pyproject.toml").read_bytes(), None)


def _date_edit(old: str, new: str) -> Callable[[], Bad]:
    def build() -> Bad:
        text = official(OLD)
        line = line_no(text, "These rules are effective as of")
        return utf8(text.replace(old, new, 1), line)

    return build


def _no_date_line() -> Bad:
    text = official(OLD)
    lines = text.split("\n")
    del lines[line_no(text, "These rules are effective as of") - 1]
    return utf8("\n".join(lines), None)


def _gap_in_205_3() -> Bad:
    text = drop_rule(official(OLD), "205.3k")  # the spell types: 205.3j is followed by 205.3m
    return utf8(text, rule_line(text, "205.3m"))


def _no_205_heading() -> Bad:
    text = official(OLD)
    lines = text.split("\n")
    del lines[second(text, "205. Type Line") - 1]
    text = "\n".join(lines)
    return utf8(text, rule_line(text, "205.1."))


@dataclass(frozen=True)
class Case:
    id: str
    build: Callable[[], Bad]
    expected: str  # regex the message must contain: what was expected


CASES = [
    Case("truncated-in-toc", _trunc_toc, r"truncated"),
    Case("truncated-mid-205.3m", _trunc_mid_creature_list, r"truncated"),
    Case("truncated-after-205.4a", _trunc_after_205_4a, r"truncated"),
    Case("truncated-before-glossary", _trunc_before_glossary, r"truncated"),
    Case("truncated-before-credits", _trunc_before_credits, r"truncated"),
    Case("truncated-utf16", _trunc_inside_utf16, r"UTF-16-LE.*truncated"),
    Case("utf8-bom-cp1252-bytes", _utf8_bom_then_cp1252, r"declares UTF-8.*not valid UTF-8"),
    Case("utf16le-bom-utf8-text", _utf16_bom_on_utf8, r"declares UTF-16-LE.*not UTF-16"),
    Case("utf16be-bom-utf8-text", _utf16be_bom_on_utf8, r"declares UTF-16-BE.*not UTF-16"),
    Case(
        "missing-comma-creature",
        _rule_edit(OLD, "205.3m", "Goblin, God", "Goblin God"),
        r"'Goblin God'.*missing comma",
    ),
    Case(
        "missing-comma-one-word-list",
        _rule_edit(NEW, "205.3m", "Goblin, God", "Goblin God"),
        r"'Goblin God'.*missing comma",
    ),
    Case(
        "missing-comma-card-types",
        _rule_edit(OLD, "205.2a", "instant, land", "instant land"),
        r"'instant land'.*missing comma",
    ),
    Case(
        "stray-apostrophe",
        _rule_edit(OLD, "205.3m", "Goblin, ", "Goblin', "),
        r"Goblin'.*stray punctuation",
    ),
    Case(
        "empty-item",
        _rule_edit(OLD, "205.3m", "Goblin, ", "Goblin, , "),
        r"item 83 '' is not a name",
    ),
    Case(
        "category-listed-twice",
        _rule_edit(
            OLD,
            "205.3h",
            "called enchantment types. The enchantment types",
            "called artifact types. The artifact types",
        ),
        r"rule 205\.3h: a second list of artifact types",
    ),
    Case(
        "unknown-card-type-in-205.3b",
        _rule_edit(OLD, "205.3b", "except plane", "except planet"),
        r"'planet' is not a card type of rule 205\.2a",
    ),
    Case(
        "lost-letter",
        _rule_edit(OLD, "205.3m", "Mystic", "ystic"),
        r"'ystic' does not start with a capital letter",
    ),
    Case(
        "missing-and",
        _rule_edit(OLD, "205.3i", "Tower, and Urza’s", "Tower, Urza’s"),
        r"expected ', and' before the last item",
    ),
    Case(
        "stray-punctuation",
        _rule_edit(OLD, "205.3g", "Food,", "Fo*od,"),
        r"'Fo\*od'.*stray punctuation",
    ),
    Case(
        "duplicate-creature-type",
        _rule_edit(OLD, "205.3m", "Goblin, ", "Goblin, Goblin, "),
        r"'Goblin' is listed twice",
    ),
    Case(
        "duplicate-card-type",
        _rule_edit(OLD, "205.2a", "artifact, ", "artifact, artifact, "),
        r"'artifact' is listed twice",
    ),
    Case(
        "duplicate-supertype",
        _rule_edit(OLD, "205.4a", "snow, ", "snow, snow, "),
        r"'snow' is listed twice",
    ),
    Case(
        "duplicate-basic-land-type",
        _rule_edit(OLD, "305.6.", "Swamp, Mountain", "Swamp, Plains, Mountain"),
        r"'Plains' is listed twice",
    ),
    Case(
        "basic-land-type-not-a-land-type",
        _rule_edit(OLD, "305.6.", "Forest.", "Forrest."),
        r"'Forrest' is not a land type",
    ),
    Case(
        "time-lord-count",
        _rule_edit(NEW, "205.3m", "Time Lord.", "Time Lord and Time Lady."),
        r"says 1 creature types are 2 words long but lists 2",
    ),
    Case("missing-205.2a", _rule_missing(OLD, "205.2a", "205.2b"), r"rule 205\.2a is missing"),
    Case("missing-205.3b", _rule_missing(OLD, "205.3b", "205.3c"), r"rule 205\.3b is missing"),
    Case("missing-205.3m", _rule_missing(OLD, "205.3m", "205.3n"), r"rule 205\.3m is missing"),
    Case("missing-205.4a", _rule_missing(OLD, "205.4a", "205.4b"), r"rule 205\.4a is missing"),
    Case("missing-305.6", _rule_missing(OLD, "305.6.", None), r"rule 305\.6 is missing"),
    Case("gap-in-205.3", _gap_in_205_3, r"rule 205\.3k is missing"),
    Case("missing-rule-205", _no_205_heading, r"rule 205 is missing"),
    Case("duplicate-rule-205.3m", _rule_twice(OLD, "205.3m"), r"rule 205\.3m appears twice"),
    Case("wrapped-creature-list", _wrapped_creature_list, r"205\.3m.*expected ', and'"),
    Case(
        "unknown-card-type",
        _rule_edit(OLD, "205.3g", "Artifacts have", "Gizmos have"),
        r"'Gizmos' is not a card type of rule 205\.2a",
    ),
    Case(
        "unknown-category-sentence",
        _rule_edit(
            OLD,
            "205.3h",
            "have their own unique set of subtypes; these subtypes are called enchantment types",
            "come with subtypes known as enchantment types",
        ),
        r"expected '<card types> have their own unique set of subtypes",
    ),
    Case("binary-with-nul", _binary_with_nul, r"binary data.*expected a text file"),
    Case("binary-high-bytes", _binary_high_bytes, r"expected a Comprehensive Rules text"),
    Case("empty-file", _empty, r"empty; expected a Comprehensive Rules text"),
    Case("not-a-cr-file", _not_a_cr, r"expected a Comprehensive Rules text"),
    Case(
        "unreadable-month",
        _date_edit("August 7, 2020", "Augustus 7, 2020"),
        r"unreadable effective date .*expected 'These rules are effective as of",
    ),
    Case(
        "impossible-day",
        _date_edit("August 7, 2020", "August 32, 2020"),
        r"unreadable effective date .*expected 'These rules are effective as of",
    ),
    Case(
        "date-in-other-form",
        _date_edit("August 7, 2020", "7 August 2020"),
        r"unreadable effective date .*expected 'These rules are effective as of",
    ),
    Case("no-effective-date", _no_date_line, r"expected a Comprehensive Rules text"),
]


def make_checkout(tmp_path: Path) -> Path:
    return copy_release_chain(tmp_path / "checkout")


def _chain_files(root: Path) -> list[Path]:
    """Every file of the checkout's migrations/ and seeds/ (a lock file beside them is no data)."""
    return [
        path
        for folder in ("migrations", "seeds")
        for path in sorted((root / folder).rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    ]


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in _chain_files(root)}


@dataclass
class ChainCopy:
    root: Path
    files: dict[str, bytes]  # as copied: what every test must leave byte for byte
    stats: dict[str, tuple[int, int, int]]  # inode, size, mtime: what any write changes


def _stats(root: Path) -> dict[str, tuple[int, int, int]]:
    return {
        str(path.relative_to(root)): (info.st_ino, info.st_size, info.st_mtime_ns)
        for path in _chain_files(root)
        for info in [path.stat()]
    }


@pytest.fixture(scope="module")
def _module_checkout(tmp_path_factory: pytest.TempPathFactory) -> ChainCopy:
    root = make_checkout(tmp_path_factory.mktemp("importer-errors"))
    return ChainCopy(root, snapshot(root), _stats(root))


@pytest.fixture
def checkout(_module_checkout: ChainCopy, tmp_path: Path) -> ChainCopy:
    """A copy of the shipped chain no test wrote to: the module's one (copying 20 MB for each
    of these tests was most of their time), or a fresh copy once a test has written to it."""
    if _stats(_module_checkout.root) == _module_checkout.stats:
        return _module_checkout
    root = make_checkout(tmp_path)
    return ChainCopy(root, snapshot(root), _stats(root))


def assert_one_line_error(err: str, path: Path, line: int | None, expected: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    message = lines[0]
    assert "Traceback" not in err
    where = f"{path}:{line}: " if line else f"{path}: "
    assert message.startswith(f"rulesdb: error: {where}"), (message, where)
    assert re.search(expected, message), (message, expected)
    return message


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_file_is_refused_and_nothing_is_written(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str], checkout: ChainCopy
) -> None:
    bad = case.build()
    path = tmp_path / f"{case.id}.txt"
    path.write_bytes(bad.data)

    with pytest.raises(CRFormatError):
        import_file(path)
    code, out, err = run_cli(["inspect", str(path), "--format", "json"], capsys)
    assert (code, out) == (2, "")
    message = assert_one_line_error(err, path, bad.line, case.expected)

    code, out, err = run_cli(["new-release", str(path), "--root", str(checkout.root)], capsys)
    assert (code, out) == (2, "")
    assert err.splitlines() == [message]  # the same diagnosis, whichever command reads it
    assert snapshot(checkout.root) == checkout.files


def test_case_list_covers_the_brief() -> None:
    assert len(CASES) >= 25
    assert len({case.id for case in CASES}) == len(CASES)


def test_a_directory_or_a_missing_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "MagicCompRules-20991231.txt"
    code, _, err = run_cli(["inspect", str(missing)], capsys)
    assert code == 2
    assert_one_line_error(err, missing, None, r"cannot read the file")
    code, _, err = run_cli(["inspect", str(tmp_path)], capsys)
    assert code == 2
    assert len(err.splitlines()) == 1 and "directory" in err


# --- systematic damage: never anything but a one-line CRFormatError -------------------------


def test_every_line_of_rule_205_deleted(tmp_path: Path) -> None:
    """Deleting a rule's line is refused unless nothing could tell: the last subrule of its
    rule (205.3r, 205.4h). Blank and example lines may go."""
    text = official(NEW)
    lines = text.split("\n")
    start = second(text, "205. Type Line") - 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("206. "))
    numbers = {
        i: m[1]
        for i in range(start, end)
        if (m := re.match(r"(205(?:\.\d+[a-z]?)?)\.? \S", lines[i]))
    }
    refused = 0
    for index in range(start, end):
        damaged = "\n".join(lines[:index] + lines[index + 1 :])
        number = numbers.get(index)
        detectable = number is not None and any(
            other != number
            and (other.startswith(number) or _siblings(other, number))
            and later > index
            for later, other in numbers.items()
        )
        if detectable:
            with pytest.raises(CRFormatError) as caught:
                import_file(_write(tmp_path, damaged))
            assert "\n" not in str(caught.value)
            assert caught.value.line is not None, number
            refused += 1
        else:
            import_file(_write(tmp_path, damaged))
    assert refused == len(numbers) - 4  # 205.1b, 205.2c, 205.3r and 205.4h go unnoticed


def _siblings(a: str, b: str) -> bool:
    return "." in a and "." in b and _parent(a) == _parent(b)


def _parent(number: str) -> str:
    return number[:-1] if number[-1].isalpha() else number.rsplit(".", 1)[0]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "damaged.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_truncated_anywhere_is_refused(tmp_path: Path) -> None:
    text = official(OLD)
    total = last_line(text)
    date_line = line_no(text, "These rules are effective as of")
    for cut in range(2, total, 97):
        with pytest.raises(CRFormatError) as caught:
            import_file(_write(tmp_path, cut_before_line(text, cut)))
        expected = "truncated" if cut > date_line else "effective as of"
        assert expected in str(caught.value), (cut, str(caught.value))


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_random_damage_to_rule_205_never_crashes(data: st.DataObject) -> None:
    text = official(NEW)
    low = text.index("\n205. Type Line", text.index("Contents") + 500)
    high = text.index("\n206. ", low)
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        at = data.draw(st.integers(low, high), label="at")
        cut = data.draw(st.integers(0, 6), label="delete")
        put = data.draw(
            st.sampled_from(
                [
                    "",
                    ",",
                    ", ",
                    " and",
                    ".",
                    "(",
                    ")",
                    "’",
                    "-",
                    "\n",
                    "x",
                    "X",
                    " ",
                    "205.3",
                    "\n205.3s ",
                ]
            ),
            label="insert",
        )
        text = text[:at] + put + text[at + cut :]
    try:
        extract(text, "damaged.txt")
    except CRFormatError as error:
        assert "\n" not in str(error) and str(error).startswith("damaged.txt")


# --- releases that are fine files but cannot be appended -----------------------------------


def _redated(text: str, new_date: str) -> str:
    old = re.search(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})", text)
    assert old
    return text.replace(old.group(0), f"effective as of {new_date}", 1)


@pytest.mark.parametrize(
    ("make", "day"),
    [
        pytest.param(lambda: official(OLD), "2020-08-07", id="an-existing-older-release"),
        pytest.param(
            lambda: _redated(official(NEW), "July 22, 2016"),
            "2016-07-22",
            id="redated-onto-a-release-in-the-chain",
        ),
    ],
)
def test_release_whose_date_is_in_the_chain_is_refused(
    make: Callable[[], str],
    day: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    checkout: ChainCopy,
) -> None:
    """An older date not yet in the chain is appended (tests/test_archive_chain.py); a date the
    chain has is one release already, and a file extracting differently is not it."""
    path = tmp_path / "MagicCompRules-candidate.txt"
    path.write_text(make(), encoding="utf-8")

    code, out, err = run_cli(["inspect", str(path), "--format", "json"], capsys)
    assert code == 0 and out  # a readable CR file: only appending it is wrong

    code, out, err = run_cli(["new-release", str(path), "--root", str(checkout.root)], capsys)
    assert (code, out) == (2, "")
    assert_one_line_error(
        err,
        path,
        None,
        rf"release {day} is already in the chain and this "
        "file extracts differently",
    )
    assert snapshot(checkout.root) == checkout.files


# --- the same, as real processes, against a database upgraded from the checkout ------------

# One of each kind: structure, encoding, a list the importer used to accept, a former crash.
SAMPLE = [
    "truncated-mid-205.3m",
    "utf8-bom-cp1252-bytes",
    "duplicate-card-type",
    "binary-high-bytes",
]


def rulesdb(args: list[str], data_root: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "RULESDB_DATA_ROOT": str(data_root),
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, "-m", "rulesdb", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_failed_release_leaves_checkout_and_database_alone(
    backends_at_hand: list[str], tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    # Each bad file is refused once (no database takes part); then every backend's database
    # upgrades with that checkout and is as it was.
    checkout = make_checkout(tmp_path)  # the shipped chain: the head copies are at its head
    urls = {
        backend: url_text(head_copy(backend, tmp_path, request)) for backend in backends_at_hand
    }
    engines = {backend: make_engine(url) for backend, url in urls.items()}
    try:
        for url in urls.values():
            done = rulesdb(["--db", url, "upgrade"], checkout)
            assert done.returncode == 0, done.stderr
        files = snapshot(checkout)
        databases = {backend: write_witness(engine) for backend, engine in engines.items()}
        for case in (c for c in CASES if c.id in SAMPLE):
            bad = case.build()
            path = tmp_path / f"{case.id}.txt"
            path.write_bytes(bad.data)
            failed = rulesdb(["new-release", str(path), "--root", str(checkout)], checkout)
            assert failed.returncode == 2, (case.id, failed.stderr)
            assert_one_line_error(failed.stderr, path, bad.line, case.expected)
            assert snapshot(checkout) == files, case.id
            for backend, url in urls.items():
                again = rulesdb(["--db", url, "upgrade"], checkout)
                assert again.returncode == 0, (case.id, backend, again.stderr)
                assert write_witness(engines[backend]) == databases[backend], (case.id, backend)
    finally:
        for engine in engines.values():
            engine.dispose()
