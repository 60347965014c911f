"""Property tests (Hypothesis) of membership, type lines and the check/parse commands.

Words, type lines, dates and category names come from the real vocabulary of every release
(loaded once per module from a SQLite head database: Hypothesis and function-scoped fixtures
do not mix) and from arbitrary text. Properties: nothing but RulesdbError ever escapes; every
valid line round-trips (parse -> render -> parse); case, apostrophe, spacing and dash variants
of a valid line parse to the same result. A smaller run repeats the database-backed
properties on PostgreSQL. About 10,000 examples in all.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.errors import RulesdbError
from rulesdb.questions import listings
from rulesdb.store.engine import make_engine
from rulesdb.vocabulary.loader import Vocabulary, load_vocabulary
from rulesdb.vocabulary.typeline import TypeLine, parse_type_line
from tests.settings import EXPLORE
from tests.support.databases import url_text
from tests.support.shapes import CHECK_KEYS

# The same examples every run, so a landing never fails by luck; RULESDB_TEST_EXPLORE=1 draws
# new ones (and a failure found that way becomes an explicit example).
SETTINGS = {
    "deadline": None,
    "derandomize": not EXPLORE.value(),
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}
DASHES = [" — ", "—", " – ", " - ", "--", " -- ", "  —   "]
APOSTROPHES = ["'", "’", "‘", "`"]
WHOLE_TEXT = "planar"  # 205.3b: a plane's subtype is all the words after the dash

# Drawn against the session's database at head (every release): the full loop only.
pytestmark = pytest.mark.full


@dataclass
class Chain:
    """Every release's vocabulary, and the words to draw from."""

    engine: Engine
    url: URL
    vocabs: list[Vocabulary]
    words: list[str]
    categories: list[str]


def _chain(url: URL) -> Chain:
    engine = make_engine(url)
    days = [date.fromisoformat(r["effective_date"]) for r in listings.releases(engine)]
    vocabs = [load_vocabulary(engine, day) for day in days]
    words = sorted(
        {
            w
            for v in vocabs
            for w in (
                *v.card_types,
                *v.supertypes,
                *(n for c in v.categories for n in v.subtypes_of(c)),
            )
        }
    )
    return Chain(engine, url, vocabs, words, listings.category_names(engine))


@pytest.fixture(scope="module")
def chain(request: pytest.FixtureRequest) -> Iterator[Chain]:
    """Every release's vocabulary, from the session's SQLite database at head."""
    path = request.getfixturevalue("_shared_head_sqlite")
    loaded = _chain(URL.create("sqlite", database=str(path)))
    yield loaded
    loaded.engine.dispose()


@pytest.fixture(scope="module")
def pg_chain(request: pytest.FixtureRequest) -> Iterator[Chain]:
    loaded = _chain(request.getfixturevalue("_shared_head_pg"))
    yield loaded
    loaded.engine.dispose()


# Strategies


@st.composite
def valid_lines(draw: st.DrawFn, vocabs: list[Vocabulary]) -> tuple[Vocabulary, str]:
    """A valid type line of a release, in the CR's spelling.

    Releases whose subtypes include several words outside the planar types (the Sixth Edition
    rules' "enchant creature", printed as the type line itself) are not written with a dash:
    the type line grammar of 205.3b does not describe them, so they are left out here.
    """
    vocab = draw(st.sampled_from([v for v in vocabs if _dash_grammar(v)]))
    index = vocab.index
    supertypes = (
        draw(st.lists(st.sampled_from(vocab.supertypes), max_size=2, unique=True))
        if vocab.supertypes
        else []
    )
    plane_types = [t for t in index.whole_text_card_types if t in vocab.card_types]
    if plane_types and draw(st.integers(0, 9)) == 0:
        planar = [c for c in vocab.categories if c == WHOLE_TEXT]
        name = draw(st.sampled_from(vocab.subtypes_of(planar[0])))
        return vocab, f"{' '.join(supertypes)} {plane_types[0]} — {name}".strip()
    others = [t for t in vocab.card_types if t not in index.whole_text_card_types]
    card_types = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
    names = sorted(
        {
            n
            for c in vocab.categories
            if c != WHOLE_TEXT and not index.category_card_types[c].isdisjoint(card_types)
            for n in vocab.subtypes_of(c)
        }
    )
    subtypes = draw(st.lists(st.sampled_from(names), max_size=3, unique=True)) if names else []
    head = " ".join([*supertypes, *card_types])
    return vocab, f"{head} — {' '.join(subtypes)}" if subtypes else head


@functools.cache  # per release, not per example: it reads every subtype of the release
def _dash_grammar(vocab: Vocabulary) -> bool:
    return all(
        " " not in name
        for c in vocab.categories
        if c != WHOLE_TEXT
        for name in vocab.subtypes_of(c)
    )


def vary(line: str, rnd: random.Random) -> str:
    """The same line as a person might type it: any case, any apostrophe, dash and spacing."""
    head, _, tail = line.partition(" — ")
    out = []
    for char in head + (rnd.choice(DASHES) + tail if tail else ""):
        if char == "’":
            char = rnd.choice(APOSTROPHES)
        elif char == " ":
            char = rnd.choice([" ", "  ", "\t", "\u00a0"])
        elif rnd.random() < 0.5:
            char = char.swapcase()
        out.append(char)
    return rnd.choice(["", " ", "\t"]) + "".join(out) + rnd.choice(["", " ", "\r"])


def words(chain: Chain) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(chain.words),
        st.text(max_size=20),
        st.sampled_from(chain.words).map(str.upper),
        st.sampled_from(
            [
                "",
                " ",
                "'; DROP TABLE release; --",
                "Merfolk Wizard",
                "time  lord",
                "urza's",
                "\x00",
                "—",
            ]
        ),
    )


def categories(chain: Chain) -> st.SearchStrategy[str | None]:
    return st.one_of(
        st.none(),
        st.sampled_from(chain.categories),
        st.sampled_from(chain.categories).map(str.upper),
        st.text(max_size=12),
    )


def soups(chain: Chain) -> st.SearchStrategy[str]:
    """Real words, dashes and junk in any order: lines near the valid ones."""
    piece = st.one_of(
        st.sampled_from(chain.words),
        st.sampled_from(DASHES),
        st.text(max_size=6),
        st.sampled_from(["'", "’", "-", "--", "Time", "Lord"]),
    )
    return st.lists(piece, max_size=9).map(" ".join)


def _only_rulesdb_errors(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except RulesdbError:
        return None


def _check_line(vocab: Vocabulary, line: str) -> TypeLine:
    parsed = vocab.parse(line)
    assert parsed == parse_type_line(line, vocab)
    assert parsed.release == vocab.effective_date
    assert parsed.json_line() == json.dumps(parsed.to_json(), ensure_ascii=False).translate(
        {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
    )
    assert len(parsed.json_line().splitlines()) == 1
    assert parsed.valid == (not parsed.errors)
    if parsed.valid:
        assert vocab.parse(parsed.render()) == parsed
    return parsed


# Properties on SQLite


@pytest.mark.slow
def test_valid_lines_round_trip_and_ignore_spelling(chain: Chain) -> None:
    @settings(max_examples=3000, **SETTINGS)
    @given(valid_lines(chain.vocabs), st.integers(0, 2**32))
    def check(drawn: tuple[Vocabulary, str], seed: int) -> None:
        vocab, line = drawn
        rnd = random.Random(seed)  # (st.randoms draws through Hypothesis per call: slow)
        parsed = _check_line(vocab, line)
        assert parsed.valid, (line, parsed.errors)
        assert parsed.render().casefold() == line.casefold()
        assert all(s.card_types for s in parsed.subtypes)  # every subtype correlated
        assert _check_line(vocab, vary(line, rnd)) == parsed

    check()


@pytest.mark.slow
def test_arbitrary_lines_never_raise_and_valid_ones_round_trip(chain: Chain) -> None:
    @settings(max_examples=3000, **SETTINGS)
    @given(st.sampled_from(chain.vocabs), st.one_of(st.text(), soups(chain)))
    def check(vocab: Vocabulary, line: str) -> None:
        parsed = _check_line(vocab, line)
        for subtype in parsed.subtypes:
            assert (subtype.category is None) == (not vocab.is_subtype(subtype.name))

    check()


@pytest.mark.slow
def test_membership_answers_agree_and_raise_only_rulesdb_errors(chain: Chain) -> None:
    @settings(max_examples=2700, **SETTINGS)
    @given(
        st.sampled_from(chain.vocabs),
        words(chain),
        categories(chain),
        st.lists(words(chain), max_size=3),
    )
    def check(vocab: Vocabulary, word: str, category: str | None, card_types: list[str]) -> None:
        in_categories = vocab.categories_of(word)
        assert vocab.is_subtype(word) == bool(in_categories)
        assert vocab.categories_of(word.swapcase()) == in_categories
        described = vocab.describe(word)
        assert bool(described) == bool(vocab.canonical(word))
        assert vocab.is_card_type(word) == any(m.kind == "card type" for m in described)
        assert vocab.is_supertype(word) == any(m.kind == "supertype" for m in described)
        _only_rulesdb_errors(vocab.can_gain, card_types, word, category)
        report = _only_rulesdb_errors(vocab.explain, word, category)
        if category is None:
            assert report is not None
            if described:
                assert report.valid is True
            else:  # unknown only where the release leaves a category unlisted
                assert report.valid is False or (report.valid is None and vocab.not_enumerated)
            return
        member = _only_rulesdb_errors(vocab.is_subtype, word, category)
        if member is None:  # unknown category: every category-taking call says so
            assert category.strip().casefold() not in vocab.categories
            if category.strip().casefold() in vocab.not_enumerated:
                assert report is not None and report.valid is None
                return
            assert report is None
            with pytest.raises(RulesdbError):
                vocab.check_choice(word, category)
            return
        canonical_category = category.strip().casefold()
        assert member == (canonical_category in in_categories)
        choice = vocab.check_choice(word, category)
        assert bool(choice) == member == report.valid
        assert (vocab.canonical(word, category) is not None) == member
        assert member == (choice.reason is None)

    check()


def test_non_text_input_raises_rulesdb_error(chain: Chain) -> None:
    junk = st.one_of(
        st.none(),
        st.integers(),
        st.floats(),
        st.binary(max_size=5),
        st.lists(st.text(max_size=3), max_size=2),
        st.tuples(st.integers()),
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
    )

    @settings(max_examples=500, **SETTINGS)
    @given(st.sampled_from(chain.vocabs), junk)
    def check(vocab: Vocabulary, value: Any) -> None:
        calls = [
            lambda: vocab.parse(value),
            lambda: parse_type_line(value, vocab),
            lambda: vocab.is_subtype(value),
            lambda: vocab.is_subtype(value, "creature"),
            lambda: vocab.is_subtype("Elf", value),
            lambda: vocab.is_card_type(value),
            lambda: vocab.is_supertype(value),
            lambda: vocab.categories_of(value),
            lambda: vocab.card_types_of(value),
            lambda: vocab.can_gain(value, "Elf"),
            lambda: vocab.can_gain(["creature"], value),
            lambda: vocab.check_choice(value, "creature"),
            lambda: vocab.check_choice("Elf", value),
            lambda: vocab.describe(value),
            lambda: vocab.explain(value),
            lambda: vocab.canonical(value),
            lambda: vocab.canonical("Elf", value),
        ]
        for call in calls:
            with contextlib.suppress(RulesdbError):
                call()

    check()


def _check_dates(chain: Chain, day: date) -> None:
    releases = [v.effective_date for v in chain.vocabs]
    try:
        vocab = load_vocabulary(chain.engine, day)
    except RulesdbError as exc:
        assert day < releases[0], exc
        return
    assert vocab.effective_date == max(r for r in releases if r <= day)
    assert vocab is chain.vocabs[releases.index(vocab.effective_date)]  # cached, same release


def test_dates_pick_the_release_in_force(chain: Chain) -> None:
    @settings(max_examples=400, **SETTINGS)
    @given(st.dates(min_value=date(2015, 1, 1), max_value=date(2030, 12, 31)))
    def check(day: date) -> None:
        _check_dates(chain, day)

    check()


def _run_cli(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """rulesdb.cli.main in-process, as a shell would run it: (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    from rulesdb.cli import main

    with CliRunner().isolation(input=stdin.encode("utf-8")) as (out, err, _):
        try:
            main(args)
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def _check_cli(
    chain: Chain, word: str, category: str | None, lines: list[str], as_of: date
) -> None:
    db = ["--db", url_text(chain.url)]
    when = ["--as-of", as_of.isoformat()]
    first = chain.vocabs[0].effective_date
    late = as_of >= first

    args = [*db, "check", "--format", "json", *when]
    if category is not None:
        args += ["--category", category]
    code, out, err = _run_cli([*args, "--", word])
    assert code in (0, 1, 2, 3), err
    if code == 2:
        assert err.startswith("rulesdb: error: ") and err.count("\n") == 1, err
        assert not late or category is not None
    else:
        report = json.loads(out)
        assert report["valid"] == {0: True, 1: False, 3: None}[code]
        assert list(report) == CHECK_KEYS

    code, out, err = _run_cli([*db, "parse", *when, "-"], "".join(f"{x}\n" for x in lines))
    assert code in ((0, 1, 3) if late else (2,)), err
    if late:
        objects = [json.loads(x) for x in out.splitlines()]
        assert len(objects) == len(lines)
        answers = [o["valid"] for o in objects]
        assert code == (1 if False in answers else 3 if None in answers else 0)


def _one_line(chain: Chain) -> st.SearchStrategy[str]:
    return st.one_of(soups(chain), st.text(max_size=30)).map(
        lambda s: s.replace("\n", " ").replace("\r", " ")
    )


def test_cli_check_and_parse_never_crash(chain: Chain) -> None:
    @settings(max_examples=300, **SETTINGS)
    @given(
        words(chain),
        categories(chain),
        st.lists(_one_line(chain), max_size=4),
        st.dates(min_value=date(2016, 1, 1), max_value=date(2027, 1, 1)),
    )
    def check(word: str, category: str | None, lines: list[str], as_of: date) -> None:
        _check_cli(chain, word, category, lines, as_of)

    check()


# The database-backed properties once more on PostgreSQL, fewer examples.


def test_postgresql_dates_membership_and_cli(pg_chain: Chain) -> None:
    @settings(max_examples=100, **SETTINGS)
    @given(
        st.dates(min_value=date(2015, 1, 1), max_value=date(2030, 12, 31)),
        words(pg_chain),
        st.lists(soups(pg_chain), max_size=3),
    )
    def check(day: date, word: str, lines: list[str]) -> None:
        _check_dates(pg_chain, day)
        vocab = pg_chain.vocabs[-1]
        assert vocab.is_subtype(word) == bool(vocab.categories_of(word))
        for line in lines:
            _check_line(vocab, line)

    check()


def test_postgresql_cli(pg_chain: Chain) -> None:
    # Each command opens its own engine: PostgreSQL connections make this the slow part.
    @settings(max_examples=50, **SETTINGS)
    @given(
        words(pg_chain),
        categories(pg_chain),
        st.lists(_one_line(pg_chain), max_size=3),
        st.dates(min_value=date(2016, 1, 1), max_value=date(2027, 1, 1)),
    )
    def check(word: str, category: str | None, lines: list[str], as_of: date) -> None:
        _check_cli(pg_chain, word, category, lines, as_of)

    check()
