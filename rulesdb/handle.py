"""``rulesdb.open()``: one read-only handle on a rulesdb database, with every question as a
method.

    import rulesdb

    rules = rulesdb.open()                      # the embedded default, built on first use
    rules.rule("702.19", as_of="MH3").text      # trample, as Modern Horizons 3 printed it
    rules.check("Naga").successor               # what Naga became, and when

Every ``as_of`` (and ``from_``/``to``) names a release as people do: a ``date``, a
``"YYYY-MM-DD"`` string (the release in force on that day) or the code or name of the set a
release came with (``"MH3"``, ``"Modern Horizons 3"``); None is the latest release. The CLI,
the web pages and the MCP server answer through this handle, so the three give one answer.

Read-only is the database's guarantee, not this module's: a SQLite file is opened
``mode=ro`` (SQLite refuses every write), a PostgreSQL session starts with
``default_transaction_read_only`` on (the server refuses writes; connect as a ``grant-read``
role for a guarantee no session setting can lift).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlalchemy.engine import URL

from rulesdb.questions import listings
from rulesdb.store.engine import default_path, make_engine, resolve_url, sqlite_file
from rulesdb.store.releases import release_in_force

# The questions are imported by the methods that ask them: a command that asks one question
# loads only its module (no ORM, no Alembic on a current database).
if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from rulesdb.citations.verify import Verification
    from rulesdb.questions.answers import JSON
    from rulesdb.questions.changes import Digest
    from rulesdb.questions.diff import Comparison
    from rulesdb.questions.explain import Explanation
    from rulesdb.questions.glossary import GlossaryEntry, GlossaryVersion
    from rulesdb.questions.lifetime import Citation, Listing
    from rulesdb.questions.lineage import CitationCheck
    from rulesdb.questions.pages import SearchPage
    from rulesdb.questions.renumbering import RenumberMap
    from rulesdb.questions.rulebook import RuleAnswer, RuleVersion
    from rulesdb.questions.rulebook_diff import RuleDiff
    from rulesdb.questions.search import SearchHit
    from rulesdb.vocabulary.loader import Vocabulary
    from rulesdb.vocabulary.release import Report
    from rulesdb.vocabulary.typeline import TypeLine

Release = date | str | None  # a date, "YYYY-MM-DD", a set's code or name; None: the latest


def open_rules(
    url: str | URL | None = None, *, notify: Callable[[str], None] | None = None
) -> Rules:
    """A read-only handle on the database at ``url`` ($RULESDB_URL, else the embedded default).

    The embedded default is built (or brought to the newest release) first, once, through the
    Alembic chain; ``notify`` hears what is being done. A database named explicitly is never
    changed: one behind the newest release answers from what it holds (``Rules.warning``
    says so), an empty one or one an earlier rulesdb built is refused in one line.
    """
    given, is_default = (url, False) if isinstance(url, URL) else resolve_url(url)
    from rulesdb.store.migrate import ensure_current

    writer = make_engine(given, create_folder=is_default)
    if is_default:
        from rulesdb.store.shipped import place_default

        place_default(default_path())  # the wheel's built copy, if it ships one
    warning = ensure_current(writer, auto_upgrade=is_default, notify=notify)
    reader = read_only(writer)
    if reader is not writer:
        writer.dispose()
    return Rules(reader, warning=warning)


def read_only(engine: Engine) -> Engine:
    """An engine on the same database that the database itself keeps from writing (see the
    module's docstring). An in-memory SQLite database, which only ``engine`` can see, is
    ``engine`` itself: nothing on disk to protect."""
    url = engine.url
    path = sqlite_file(url)
    if path is not None:
        uri = Path(path).resolve().as_uri()
        query = {"mode": "ro", "uri": "true"}
        reader = make_engine(URL.create("sqlite", database=uri, query=query))
    elif url.get_backend_name() == "postgresql":
        options = url.query.get("options")
        readonly = "-c default_transaction_read_only=on"
        joined = f"{options} {readonly}" if isinstance(options, str) else readonly
        reader = make_engine(url.update_query_dict({"options": joined}))
    else:
        return engine
    return reader


class Rules:
    """The questions rulesdb answers, on one database; see :func:`open_rules`."""

    def __init__(self, engine: Engine, *, warning: str | None = None) -> None:
        self.engine = engine
        self.warning = warning  # one line when the database is behind the newest release
        self.url = engine.url.render_as_string(hide_password=True)

    # -- the handle itself

    def session(self) -> Session:
        """An ORM session (``rulesdb.models``) on the same read-only database."""
        from sqlalchemy.orm import Session

        return Session(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Rules:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<rulesdb.Rules {self.url}>"

    # -- releases

    def day(self, release: Release, option: str = "as_of") -> date | None:
        """The date a release name stands for (a set: its release's date); None stays None."""
        return listings.release_named(self.engine, release, option)

    def release(self, as_of: Release = None) -> date:
        """The effective date of the release in force on ``as_of`` (default: the latest)."""
        return release_in_force(self.engine, self.day(as_of))

    def releases(self) -> list[listings.ReleaseRow]:
        """Every release: effective_date, source_file, revision, set_code, set_name, set."""
        return listings.releases(self.engine)

    # -- the type system (rule 205)

    def vocabulary(self, as_of: Release = None) -> Vocabulary:
        """One release's card types, supertypes and subtypes in memory (cached)."""
        from rulesdb.vocabulary.loader import load_vocabulary

        return load_vocabulary(self.engine, self.day(as_of))

    def card_types(self, as_of: Release = None) -> list[listings.CardTypeRow]:
        """The card types (205.2a) of the release in force, by name."""
        return listings.card_types(self.engine, self.day(as_of))

    def supertypes(self, as_of: Release = None) -> list[listings.SupertypeRow]:
        """The supertypes (205.4a) of the release in force, by name."""
        return listings.supertypes(self.engine, self.day(as_of))

    def subtypes(
        self, category: str | None = None, as_of: Release = None
    ) -> list[listings.SubtypeRow]:
        """The subtypes of one category (any case), or of all, of the release in force: by
        their category's rule (205.3g-q), then by name."""
        return listings.subtypes(self.engine, category, self.day(as_of))

    def check(self, word: str, category: str | None = None, as_of: Release = None) -> Report:
        """What ``word`` is (card type, supertype, subtype of which categories), or why not;
        for a word that is none, the keyword it is or what it became."""
        from rulesdb.questions.words import check_word

        return check_word(self.engine, word, category, self.day(as_of))

    def parse(self, line: str, as_of: Release = None) -> TypeLine:
        """A type line parsed, its subtypes correlated with its card types (205.3c-d)."""
        return self.vocabulary(as_of).parse(line)

    def explain(self, line: str, as_of: Release = None) -> Explanation:
        """A type line explained word by word, each word with its rule and that rule's text."""
        from rulesdb.questions import explain as explainer

        day = self.day(as_of)
        return explainer.explain(self.engine, line, day.isoformat() if day else None)

    def history(self, word: str, category: str | None = None) -> list[Listing]:
        """Every item spelled like ``word``, with the releases that list it and its renames."""
        from rulesdb.questions import lifetime

        return lifetime.history(self.engine, word, category)

    def cite(self, word: str, as_of: Release = None) -> list[Citation]:
        """The rules that list, define or point to ``word``."""
        from rulesdb.questions import lifetime

        return lifetime.cite(self.engine, word, self.day(as_of))

    def diff(self, from_: Release, to: Release = None) -> Comparison:
        """What the type system changed between two releases; ``to`` None compares
        ``from_`` with the release before it."""
        from rulesdb.questions import diff as vocabulary_diff
        from rulesdb.store.releases import previous_release

        if to is None:
            end = self.release(from_)
            start = previous_release(self.engine, end)
        else:
            start, end = self._span(from_, to)
        return vocabulary_diff.compare(self.engine, start, end)

    def export(self, as_of: Release = None, style: str = "mtgjson") -> dict[str, JSON]:
        """One release's type catalogs shaped as MTGJSON or Scryfall publish theirs."""
        from rulesdb.questions import export as exporting

        return exporting.export(self.engine, self.day(as_of), style)

    # -- the rulebook

    def rule(self, number: str, as_of: Release = None) -> RuleAnswer:
        """A rule with its examples and direct subrules."""
        from rulesdb.questions import rulebook

        return rulebook.rule(self.engine, number, self.day(as_of))

    def rule_history(
        self, number: str, as_of: Release = None, *, substantive: bool = False
    ) -> list[RuleVersion]:
        """Each version of a rule through renumbering; ``substantive`` leaves out versions
        that differ only in typography."""
        from rulesdb.questions import rulebook

        return rulebook.rule_history(self.engine, number, self.day(as_of), substantive)

    def glossary(self, term: str, as_of: Release = None) -> GlossaryEntry:
        """The glossary entry for ``term`` (any case, either apostrophe)."""
        from rulesdb.questions import glossary

        return glossary.glossary(self.engine, term, self.day(as_of))

    def glossary_history(
        self, term: str, as_of: Release = None, *, substantive: bool = False
    ) -> list[GlossaryVersion]:
        """Each definition of the glossary term ``term`` (any case, either apostrophe, as the
        release in force prints it), oldest first; ``substantive`` leaves out definitions that
        differ from the one before only in typography."""
        from rulesdb.questions import glossary

        entry = glossary.glossary(self.engine, term, self.day(as_of))
        return glossary.glossary_history(self.engine, entry["term"], substantive)

    def search(
        self,
        words: str,
        as_of: Release = None,
        limit: int = 10,
        offset: int = 0,
        *,
        any_word: bool = False,
    ) -> list[SearchHit]:
        """Rules and glossary entries matching every word of ``words`` (``any_word``: any
        one of them), best first, ``offset`` skipped."""
        from rulesdb.questions import search

        day = self.day(as_of)
        return search.search(self.engine, words, day, limit, offset, any_word=any_word)

    def search_page(
        self,
        words: str,
        as_of: Release = None,
        offset: int = 0,
        limit: int = 10,
        *,
        any_word: bool = False,
    ) -> SearchPage:
        """One page of :meth:`search`, with the number of entries found in all; when no
        entry has every word of several, how many each word finds alone (``alone``)."""
        from rulesdb.questions.pages import search_page

        day = self.day(as_of)
        return search_page(self.engine, words, day, offset, limit, any_word=any_word)

    def search_count(self, words: str, as_of: Release = None, *, any_word: bool = False) -> int:
        """How many rules and glossary entries match ``words`` in all."""
        from rulesdb.questions import search

        return search.search_count(self.engine, words, self.day(as_of), any_word=any_word)

    def search_alone(self, words: str, as_of: Release = None) -> dict[str, int]:
        """How many rules and glossary entries each word of ``words`` matches by itself."""
        from rulesdb.questions import search

        return search.alone(self.engine, words, self.day(as_of))

    def rule_diff(self, from_: Release, to: Release = None, *, rule: str | None = None) -> RuleDiff:
        """The rules added, removed, moved and changed between two releases, word by word;
        ``to`` None compares ``from_`` with the release before it. ``rule`` keeps that rule
        and its subrules (followed through renumbering)."""
        from rulesdb.questions import rulebook_diff

        if to is None:
            end = self.release(from_)
            start = rulebook_diff.release_before(self.engine, end)
        else:
            start, end = self._span(from_, to)
        found = rulebook_diff.rule_diff(self.engine, start, end)
        return found if rule is None else rulebook_diff.block_diff(self.engine, found, rule)

    def renumber_map(self, from_: Release, to: Release = None) -> RenumberMap:
        """Every rule of the release ``from_`` with its number in ``to`` (default: the
        latest), followed by its lineage: same, renumbered or gone; reworded and uncertain on
        the way."""
        from rulesdb.questions.renumbering import renumber_map

        start = self.day(from_, "from")
        if start is None:
            raise ValueError("from: a release is needed (a date, or a set's code or name)")
        return renumber_map(self.engine, start, self.day(to, "to"))

    def changes(self, since: Release, to: Release = None) -> Digest:
        """Everything that changed from the release ``since`` to ``to`` (default: the latest):
        each rule once with its net change and the releases that made it, types, keywords and
        glossary terms."""
        from rulesdb.questions.changes import changes

        start = self.day(since, "since")
        if start is None:
            raise ValueError("since: a release is needed (a date, or a set's code or name)")
        return changes(self.engine, start, self.day(to, "to"))

    def check_citations(
        self, numbers: Iterable[str], as_of: Release = None, since: Release = None
    ) -> dict[str, CitationCheck]:
        """Each cited rule number: fine, missing, renumbered or (with ``since``) changed."""
        from rulesdb.questions.lineage import check_citations

        return check_citations(self.engine, numbers, self.day(as_of), self.day(since, "since"))

    def verify_citation(self, number: str, text: str, as_of: Release = None) -> Verification:
        """Whether rule ``number`` says ``text`` (what an answer quotes or says about it) in
        the release in force: the number checked as ``check_citations`` checks it, the text
        against that rule (or its successor), and the rules that say it if that one does not."""
        from rulesdb.citations.verify import verify_citation

        return verify_citation(self.engine, number, text, self.day(as_of))

    def _span(self, from_: Release, to: Release) -> tuple[date, date]:
        start, end = self.day(from_, "from"), self.day(to, "to")
        return (start or self.release(), end or self.release())
