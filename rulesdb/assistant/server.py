"""The MCP server: rulesdb's questions as tools, each release's rules as resources, and a
prompt for answers that cite rules, on one read-only ``rulesdb.open()`` handle.

Every tool answers through ``Rules`` (so the server, the CLI and the web give one answer),
names the release it answered from (date and set), and refuses a bad argument with a tool
error whose message begins with the argument's name; the server stays up.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar
from urllib.parse import unquote, urlsplit

from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.server.mcpserver.prompts.base import UserMessage
from mcp.types import ToolAnnotations
from pydantic import Field
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError

from rulesdb import __version__
from rulesdb.assistant import shapes
from rulesdb.assistant.bounds import STATEMENT_SECONDS
from rulesdb.assistant.lanes import Lane, Lanes
from rulesdb.assistant.protocol import QUESTION_CHARS, RulesServer, invalid
from rulesdb.errors import RulesdbError
from rulesdb.handle import Rules
from rulesdb.questions import listings, shown
from rulesdb.questions.pages import (
    changes_page,
    history_page,
    nothing_found,
    rule_diff_page,
    vocabulary_diff_page,
)
from rulesdb.questions.search import entry_of
from rulesdb.store.engine import mask
from rulesdb.util.text import first_line

INSTRUCTIONS = """\
The Magic: The Gathering Comprehensive Rules, every release from 1999 on. Every tool takes
an optional as_of: a date (YYYY-MM-DD; the release in force that day) or the code or name of
the set a release came with (MH3, "Modern Horizons 3"); default: the latest release. Every
answer names its release. Quote rules verbatim and check every rule number you cite with
verify_citation before answering."""

# Arguments, named as clients rely on them (issue #44); lengths are the first bound, the
# questions' own checks the second.
AsOf = Annotated[
    str | None,
    Field(
        max_length=100,
        description="A date (YYYY-MM-DD) or a set's code or name; default: the latest release",
    ),
]
Number = Annotated[str, Field(max_length=40, description="A rule number: 7, 704, 704.5, 704.5j")]
FromRelease = Annotated[
    str, Field(alias="from", max_length=100, description="The older release: a date or a set")
]
ToRelease = Annotated[
    str, Field(alias="to", max_length=100, description="The newer release: a date or a set")
]
Offset = Annotated[int, Field(ge=0, le=100_000, description="Entries to skip")]
Limit = Annotated[int, Field(ge=1, le=100, description="Entries on this page, at most 100")]
Term = Annotated[
    str, Field(max_length=200, description="A glossary term, any case: 'mana value', 'Legend Rule'")
]
Word = Annotated[
    str, Field(max_length=200, description="A word of a type line: 'Elf', 'tribal', 'Legendary'")
]
TypeLine = Annotated[
    str,
    Field(
        max_length=500,
        description="A card's type line: 'Legendary Creature — Elf Warrior'; faces with '//'",
    ),
]
RuleDiffPart = Literal["added", "removed", "moved", "changed"]
ChangesPart = Literal["rules", "types", "glossary"]
READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)

PAGED_ANSWERS_KEPT = 8  # diffs and digests kept for the next page (a few MB each at most)
F = TypeVar("F", bound=Callable[..., Any])


def argument_errors(
    first: str, names: tuple[str, ...], database: str | None = None
) -> Callable[[F], F]:
    """Turn rulesdb's one-line refusals into tool errors naming the argument: a message
    that begins with one of ``names`` keeps it, any other is about ``first``. A statement
    stopped at the time limit is a tool error too, not a crash, and so is a database that
    cannot be read (damaged or gone under the server): named by ``database``."""

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def answer(*args: Any, **kwargs: Any) -> Any:
            # The SDK passes an argument by its alias ("from", a Python keyword): back to
            # the parameter's own name.
            if "from" in kwargs:
                kwargs["from_"] = kwargs.pop("from")
            try:
                return function(*args, **kwargs)
            except RulesdbError as exc:
                message = str(exc)
                # A message naming its argument already keeps it: no name said twice.
                if not any(message.startswith(f"{name}:") for name in (first, *names)):
                    message = f"{first}: {message}"
                raise ToolError(message) from None
            except DBAPIError as exc:
                if _stopped(exc):
                    raise ToolError(
                        f"the question took more than {STATEMENT_SECONDS:g} s and was stopped"
                    ) from None
                if database is None:
                    raise
                raise ToolError(
                    f"the database {database} cannot be read: {first_line(exc)}"
                ) from None

        return answer  # type: ignore[return-value]

    return decorate


def in_lane(lanes: Lanes, lane: Lane, tool: str) -> Callable[[F], F]:
    """The tool's work run in ``lane`` (rulesdb.assistant.lanes): shared with identical
    calls in flight, stopped when its callers are gone."""

    def decorate(function: F) -> F:
        @functools.wraps(function)
        async def answer(**kwargs: Any) -> Any:
            key = (tool, tuple(sorted(kwargs.items())))
            return await lanes.ask(lane, key, functools.partial(function, **kwargs))

        return answer  # type: ignore[return-value]

    return decorate


def _stopped(exc: DBAPIError) -> bool:
    text = str(exc.orig)
    return "interrupted" in text or "statement timeout" in text


def database_name(url: URL) -> str:
    """The database as a user named it: a read-only SQLite handle's file (its URL is a
    ``file:`` URI), else the URL, its password hidden."""
    name = url.database or ""
    if url.get_backend_name() == "sqlite" and name.startswith("file:"):
        return unquote(urlsplit(name).path)
    return mask(url)


def build_server(rules: Rules) -> RulesServer:
    """The server answering from ``rules`` (opened read-only)."""
    server = RulesServer(
        "rulesdb", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    lanes = server.lanes
    lanes.watch(rules.engine)
    where = database_name(rules.engine.url)

    known: dict[str, str] = {}  # each release's set, read again for a release not seen yet

    def release(day: str) -> shapes.Release:
        if day not in known:
            known.update((row["effective_date"], row["set"]) for row in rules.releases())
        return shapes.Release(date=day, set=known.get(day, listings.BETWEEN_SETS))

    # A client pages through a diff or a digest a call at a time: each page cuts the same
    # answer, worked out once (the server reads a database nothing writes under it).
    rule_diff_of = functools.lru_cache(maxsize=PAGED_ANSWERS_KEPT)(rules.rule_diff)
    changes_of = functools.lru_cache(maxsize=PAGED_ANSWERS_KEPT)(rules.changes)

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "light", "rule")
    @argument_errors("number", ("as_of",), where)
    def rule(number: Number, as_of: AsOf = None) -> shapes.RuleResult:
        """A rule with its examples and the rules directly under it, as the release printed
        it. An unknown number is refused naming the nearest ones and, when another release
        printed it, where that rule is in this one."""
        answer = rules.rule(number, as_of)
        return shapes.RuleResult(
            release=release(answer.release),
            **{key: value for key, value in answer.to_json().items() if key != "release"},
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "heavy", "rule_history")
    @argument_errors("number", ("as_of", "offset", "limit"), where)
    def rule_history(
        number: Number,
        as_of: AsOf = None,
        offset: Offset = 0,
        limit: Limit = 10,
    ) -> shapes.RuleHistoryResult:
        """Each version of a rule, oldest first, followed through renumbering and rewording:
        its number and text, the first and last release printing it, how it came from the
        version before, and why: Wizards' reason from the update bulletin on its first release
        (bulletin: curated, known or none). NUMBER is read in the release in force on as_of
        (default: the newest release printing it): 702.19 is trample now, banding as of
        2009-07-11. A page of
        versions at a time (total says how many); pass next_offset as offset for the rest."""
        page = history_page(rules.rule_history(number, as_of), offset, limit)
        return shapes.RuleHistoryResult(
            release=release(rules.release(as_of).isoformat()),
            number=number,
            total=page["total"],
            offset=offset,
            limit=limit,
            next_offset=page["next_offset"],
            versions=[shapes.RuleVersion(**v.to_json()) for v in page["versions"]],
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "heavy", "search")
    @argument_errors("query", ("as_of", "offset", "limit"), where)
    def search(
        query: Annotated[str, Field(max_length=500, description="Words to find")],
        as_of: AsOf = None,
        offset: Offset = 0,
        limit: Limit = 10,
        any_word: Annotated[
            bool,
            Field(description="Find the entries with any of the words; default: every word"),
        ] = False,
    ) -> shapes.SearchResult:
        """Full-text search of the release's rules and glossary, best first: every word must
        match (stemmed), or any one with any_word. Answers total (entries found in all) and
        one page of hits; pass next_offset as offset for the next page. When no entry has
        every word, alone says how many each word finds by itself, and hint what to try."""
        page = rules.search_page(query, as_of, offset, limit, any_word=any_word)
        hits = [
            shapes.SearchHit(kind=hit["kind"], entry=entry_of(hit), snippet=hit["snippet"])
            for hit in page["hits"]
        ]
        alone = page["alone"]
        return shapes.SearchResult(
            release=release(page["release"]),
            query=query,
            any_word=any_word,
            total=page["total"],
            offset=offset,
            limit=limit,
            next_offset=page["next_offset"],
            hits=hits,
            alone=alone,
            hint=nothing_found(alone, "any_word=true") if alone else None,
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "light", "glossary")
    @argument_errors("term", ("as_of",), where)
    def glossary(term: Term, as_of: AsOf = None) -> shapes.GlossaryResult:
        """The glossary entry for a term (any case, either apostrophe). A term the release
        does not print is refused naming the term that replaced it or that it replaced
        (converted mana cost and mana value), and the nearest terms."""
        entry = rules.glossary(term, as_of)
        return shapes.GlossaryResult.model_validate({**entry, "release": release(entry["release"])})

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "light", "check_word")
    @argument_errors("word", ("as_of", "category"), where)
    def check_word(
        word: Word,
        as_of: AsOf = None,
        category: Annotated[
            str | None,
            Field(
                max_length=100,
                description="A subtype category (creature, land, …): "
                "whether the word is one of its types",
            ),
        ] = None,
    ) -> shapes.WordResult:
        """What a word is: card type, supertype or subtype (with its categories and rules);
        if none, why not, the keyword it is, what it was renamed or merged into, and the
        nearest names. valid is null where the release does not list the category."""
        try:
            report = rules.check(word, category, as_of)
        except RulesdbError as exc:
            if category is not None and str(exc).startswith("unknown category"):
                raise RulesdbError(f"category: {exc}") from None
            raise
        document = report.to_json()
        day = document.pop("release")
        return shapes.WordResult(
            release=release(day), message=shown.word(report).text or "", **document
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "light", "explain_type_line")
    @argument_errors("line", ("as_of",), where)
    def explain_type_line(line: TypeLine, as_of: AsOf = None) -> shapes.TypeLineResult:
        """A type line ("Legendary Creature — Elf Warrior") explained word by word: each word
        with what it is, its rule and that rule's text; whether the line is valid, and why
        not. A word the release no longer lists says what it was renamed or merged into
        (Tribal: renamed Kindred on 2024-06-07)."""
        if not line.strip():
            raise ToolError("line: empty; expected a type line")
        page = rules.explain(line, as_of)
        if page["release"] is None:
            raise ToolError(f"line: {page['problem']}")
        document = {key: value for key, value in page.items() if key not in ("release", "line")}
        return shapes.TypeLineResult.model_validate(
            {
                **document,
                "release": release(page["release"]),
                "line": line,
                "message": shown.explained(page).text or "",
            }
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "heavy", "diff")
    @argument_errors("from", ("to", "offset", "limit"), where)
    def diff(
        from_: FromRelease,
        to: ToRelease,
        offset: Offset = 0,
        limit: Limit = 50,
    ) -> shapes.DiffResult:
        """What the type system (card types, supertypes, subtypes, keywords) changed between
        two releases: counts of each change and one page of them (change, kind, category,
        name); pass next_offset as offset for the rest."""
        page = vocabulary_diff_page(rules.diff(from_, to), offset, limit)
        return shapes.DiffResult.model_validate(
            {**page, "from": release(page["from"]), "to": release(page["to"])}
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "heavy", "rule_diff")
    @argument_errors("from", ("to", "part", "offset", "limit"), where)
    def rule_diff(
        from_: FromRelease,
        to: ToRelease,
        part: Annotated[
            RuleDiffPart | None,
            Field(description="One page of this part; default: the counts only"),
        ] = None,
        offset: Offset = 0,
        limit: Limit = 20,
    ) -> shapes.RuleDiffResult:
        """The rules added, removed, moved (renumbered) and changed between two releases,
        each rule followed through renumbering. Without part, the counts of each; with part,
        one page of it (changed and moved rules with their words marked: removed ~~struck~~,
        added **bold**), each with why: Wizards' own reason from its update bulletin, where
        one is curated (bulletins says which releases have one); pass next_offset as offset
        for the rest."""
        page = rule_diff_page(rule_diff_of(from_, to), part, offset, limit)
        return shapes.RuleDiffResult.model_validate(
            {**page, "from": release(page["from"]), "to": release(page["to"])}
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "heavy", "changes")
    @argument_errors("since", ("to", "part", "offset", "limit"), where)
    def changes(
        since: Annotated[
            str, Field(max_length=100, description="The release to catch up from: a date or a set")
        ],
        to: Annotated[
            str | None, Field(max_length=100, description="The last release; default: the latest")
        ] = None,
        part: Annotated[
            ChangesPart | None,
            Field(description="One page of this part; default: the counts and a summary only"),
        ] = None,
        offset: Offset = 0,
        limit: Limit = 20,
    ) -> shapes.ChangesResult:
        """Everything the rules changed since a release ("catch me up since BFZ"): each rule
        once with its net change over the span (followed through renumbering; words marked:
        removed ~~struck~~, added **bold**) and the releases that changed it, the types and
        keywords added, removed, renamed or merged, the glossary's terms. Without part, the
        counts and a summary; with part, one page of it, each rule with why (Wizards' reasons
        from the update bulletins); pass next_offset as offset."""
        page = changes_page(changes_of(since, to), part, offset, limit)
        return shapes.ChangesResult.model_validate(
            {**page, "since": release(page["since"]), "to": release(page["to"])}
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "light", "releases")
    @argument_errors("releases", (), where)
    def releases() -> shapes.ReleasesResult:
        """Every release of the Comprehensive Rules this database holds, oldest first: its
        effective date and the set it came with."""
        rows = rules.releases()
        return shapes.ReleasesResult(
            latest=release(rows[-1]["effective_date"]),
            count=len(rows),
            releases=[
                shapes.ReleaseRow(
                    date=row["effective_date"],
                    set=row["set"],
                    set_code=row["set_code"],
                    set_name=row["set_name"],
                    source_file=row["source_file"],
                )
                for row in rows
            ],
        )

    @server.tool(annotations=READ_ONLY)
    @in_lane(lanes, "heavy", "verify_citation")
    @argument_errors("number", ("as_of", "text"), where)
    def verify_citation(
        number: Number,
        text: Annotated[
            str,
            Field(
                max_length=4000,
                description=(
                    "What the answer quotes from the rule (or says it says); '...' leaves words out"
                ),
            ),
        ],
        as_of: AsOf = None,
    ) -> shapes.CitationResult:
        """Whether rule NUMBER, in the release in force, says TEXT: the number checked as
        lint-citations checks it (fine, missing, renumbered and what it is now), the text
        compared with that rule's words (verbatim, close, absent), and the rules that say it
        verbatim when that one does not. verified: the number is current and says it."""
        found = rules.verify_citation(number, text, as_of).to_json()
        return shapes.CitationResult.model_validate({**found, "release": release(found["release"])})

    @server.resource(
        "cr://{release}/{number}",
        name="rule",
        mime_type="text/plain",
        description="A rule as a release printed it, with its examples and "
        "direct subrules: cr://2024-06-07/702.19, cr://MH3/702.19, "
        "cr://latest/704.5j",
    )
    def rule_resource(release: str, number: str) -> str:
        as_of = None if release == "latest" else release
        try:
            answer = rules.rule(number, as_of)
        except RulesdbError as exc:
            # The client's mistake (no such rule or release): "invalid params", not -32603;
            # named as the URI's parts are.
            message = str(exc)
            if message.startswith("as_of: "):
                message = f"release: {message.removeprefix('as_of: ')}"
            elif not message.startswith(("number: ", "release: ")):
                message = f"number: {message}"
            raise ResourceNotFoundError(message) from None
        except DBAPIError as exc:  # the server's trouble, not the client's: -32603, one line
            raise ResourceError(f"the database {where} cannot be read: {first_line(exc)}") from None
        return shown.rule(answer).text or ""

    @server.prompt(
        description="Answer a rules question citing rules, each quote checked with verify_citation"
    )
    def cite_rules(
        question: Annotated[str, Field(description="The rules question to answer")],
        as_of: Annotated[
            str | None,
            Field(
                description="The release the answer holds for: a date (YYYY-MM-DD) or a "
                "set's code or name; default: the latest"
            ),
        ] = None,
    ) -> list[UserMessage]:
        if not question.strip():
            raise invalid("question: empty; expected the rules question to answer")
        if len(question) > QUESTION_CHARS:
            raise invalid(f"question: longer than {QUESTION_CHARS} characters")
        if as_of is not None:
            if len(as_of) > 100:
                raise invalid("as_of: longer than 100 characters")
            try:
                rules.release(as_of)
            except RulesdbError as exc:
                message = str(exc)
                named = message if message.startswith("as_of:") else f"as_of: {message}"
                raise invalid(named) from None
        when = f"as of {as_of} (the release in force then)" if as_of else "under the latest release"
        return [
            UserMessage(
                f"Answer this Magic: The Gathering rules question {when}:\n\n{question}\n\n"
                "Find the rules with the rulesdb tools (search, rule, glossary, check_word"
                f"{', with as_of=' + repr(as_of) if as_of else ''}). Cite each rule by number and "
                "quote the words you rely on verbatim. Before answering, call verify_citation "
                "with each number and its quote; fix every citation it does not verify (use the "
                "rule it names in said_by or now). End with the release date the answer holds "
                "for."
            )
        ]

    return server
