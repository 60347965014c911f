"""``rulesdb mcp``: the server started as a real process and spoken to with the MCP SDK's own
client, over stdio (SQLite, and PostgreSQL through a grant-read role) and streamable HTTP.
Its answers are compared with the CLI's, on the same database."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from sqlalchemy.engine import URL

from tests.support.databases import url_text
from tests.support.runs import process_env, rulesdb_command, run_in_process

TOOLS = {
    "rule": {"number", "as_of"},
    "rule_history": {"number", "as_of", "offset", "limit"},
    "search": {"query", "as_of", "offset", "limit", "any_word"},
    "glossary": {"term", "as_of"},
    "check_word": {"word", "as_of", "category"},
    "explain_type_line": {"line", "as_of"},
    "diff": {"from", "to", "offset", "limit"},
    "rule_diff": {"from", "to", "part", "offset", "limit"},
    "releases": set(),
    "verify_citation": {"number", "text", "as_of"},
    "changes": {"since", "to", "part", "offset", "limit"},
}
LEGEND_RULE = (
    "If two or more legendary permanents with the same name are controlled by the "
    "same player, that player chooses one of them, and the rest are put into their "
    "owners' graveyards."
)
MH3 = {"date": "2024-06-07", "set": "MH3 (Modern Horizons 3)"}


@asynccontextmanager
async def stdio_session(url: URL) -> AsyncIterator[ClientSession]:
    command = rulesdb_command("--db", url_text(url), "mcp")
    params = StdioServerParameters(command=command[0], args=command[1:], env=process_env())
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def talk(url: URL, conversation: Callable[[ClientSession], Awaitable[None]]) -> None:
    async def run() -> None:
        async with stdio_session(url) as session:
            await conversation(session)

    asyncio.run(run())


async def answer(session: ClientSession, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await session.call_tool(tool, arguments)
    assert not result.is_error, result.content[0].text
    assert result.structured_content is not None
    return result.structured_content


async def refusal(session: ClientSession, tool: str, **arguments: Any) -> str:
    result = await session.call_tool(tool, arguments)
    assert result.is_error, f"{tool}{arguments} answered {result.structured_content}"
    text = result.content[0].text
    assert "Traceback" not in text
    return text


def cli_json(url: URL, *args: str) -> Any:
    done = run_in_process("--db", url_text(url), *args, "--format", "json")
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def test_lists_tools_resources_and_prompt(small_url: URL) -> None:
    async def conversation(session: ClientSession) -> None:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert {name: set(tool.input_schema["properties"]) for name, tool in tools.items()} == TOOLS
        for name, tool in tools.items():
            assert tool.output_schema is not None, name
            named = set(tool.output_schema["properties"])
            assert named & {"release", "latest", "from", "since"}, f"{name} names no release"
            assert tool.annotations is not None and tool.annotations.read_only_hint
        templates = (await session.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["cr://{release}/{number}"]  # as documented
        assert "cr://{release}/{number}" in DOC_PAGE.read_text(encoding="utf-8")
        prompts = (await session.list_prompts()).prompts
        assert [p.name for p in prompts] == ["cite_rules"]
        # Nothing an assistant must guess: every argument says what it takes, and a part is
        # one of its values.
        for name, tool in tools.items():
            for argument, schema in tool.input_schema["properties"].items():
                assert schema.get("description"), f"{name}.{argument} has no description"
        for tool, parts in (
            ("rule_diff", ["added", "removed", "moved", "changed"]),
            ("changes", ["rules", "types", "glossary"]),
        ):
            part = tools[tool].input_schema["properties"]["part"]
            assert [option.get("enum") for option in part["anyOf"]] == [parts, None], tool
        assert {a.name: bool(a.description) for a in prompts[0].arguments or []} == {
            "question": True,
            "as_of": True,
        }
        prompt = await session.get_prompt(
            "cite_rules", {"question": "Does trample work when blocking?", "as_of": "2030-01-01"}
        )
        said = prompt.messages[0].content.text
        assert "verify_citation" in said and "as of 2030-01-01" in said and "trample" in said

    talk(small_url, conversation)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
def test_tools_answer_as_the_cli_does(reader_url: URL, tmp_path: Path) -> None:
    """Each tool over stdio on the backend (PostgreSQL as a grant-read role), beside the
    CLI's answer to the same question."""
    cited = tmp_path / "answer.md"
    cited.write_text("As CR 609.8 says.\n")
    lint = run_in_process(
        "--db",
        url_text(reader_url),
        "lint-citations",
        str(cited),
        "--as-of",
        "2024-08-02",
        "--format",
        "jsonl",
        "--all",
        "-q",
    )
    linted = json.loads(lint.stdout)
    expected = {
        "rule": cli_json(reader_url, "rule", "702.19", "--as-of", "2024-06-07"),
        "search": cli_json(reader_url, "search", "legend rule", "--limit", "4"),
        "check_word": cli_json(reader_url, "check", "Naga"),
        "rule_diff": cli_json(reader_url, "rule-diff", "2024-06-07", "2024-08-02"),
        "diff": cli_json(reader_url, "diff", "2024-06-07", "2024-08-02"),
        "glossary": cli_json(reader_url, "glossary", "legend rule", "--as-of", "MH3"),
        "releases": cli_json(reader_url, "releases"),
    }

    async def conversation(session: ClientSession) -> None:
        # rule: the release and its set with the CLI's rule
        trample = await answer(session, "rule", number="702.19", as_of="2024-06-07")
        assert trample["release"] == MH3
        assert trample["text"] == "Trample"
        assert {k: v for k, v in trample.items() if k != "release"} == {
            k: v for k, v in expected["rule"].items() if k != "release"
        }
        by_set = await answer(session, "rule", number="702.19", as_of="Modern Horizons 3")
        assert by_set == trample
        # 702.19 in 2005 was no rule; trample was 502.9 then
        missing = await refusal(session, "rule", number="702.19", as_of="2005-01-01")
        assert "number: no rule 702.19 in release 2004-10-01" in missing
        assert "(Trample, so numbered from 2013-07-13) is 502.9 here" in missing
        history = await answer(session, "rule_history", number="702.19")
        then = [
            v
            for v in history["versions"]
            if v["first_release"] <= "2005-01-01" <= v["last_release"]
        ]
        assert [(v["number"], v["text"]) for v in then] == [("502.9", "Trample")]
        assert history["versions"][-1]["number"] == "702.19"
        assert history["total"] == len(history["versions"]) and history["next_offset"] is None
        creatures = await answer(session, "rule_history", number="205.3m", limit=3)
        rest = await answer(session, "rule_history", number="205.3m", offset=3, limit=100)
        assert creatures["next_offset"] == 3 and rest["next_offset"] is None
        assert (
            creatures["total"]
            == 3 + len(rest["versions"])
            == len(cli_json(reader_url, "rule-history", "205.3m"))
        )

        # search: a page, the total, the next page; together the CLI's hits in its order
        first = await answer(session, "search", query="legend rule", limit=2)
        assert first["total"] >= 4 and first["next_offset"] == 2
        second = await answer(session, "search", query="legend rule", offset=2, limit=2)
        assert [h["entry"] for h in first["hits"] + second["hits"]] == [
            hit.get("number", hit.get("term")) for hit in expected["search"]
        ]
        assert second["release"] == first["release"]
        assert first["release"]["date"] == expected["releases"][-1]["effective_date"]

        glossary = await answer(session, "glossary", term="legend rule", as_of="MH3")
        assert glossary["release"] == MH3
        assert glossary["text"] == expected["glossary"]["text"]

        naga = await answer(session, "check_word", word="Naga")
        assert naga["valid"] is False
        assert naga["successor"] == expected["check_word"]["successor"]
        assert "merged into Snake on 2024-06-07 (205.3m)" in naga["message"]

        line = await answer(
            session, "explain_type_line", line="Legendary Creature — Elf Warrior", as_of="MH3"
        )
        assert line["valid"] is True and line["release"] == MH3
        assert [w["word"] for w in line["faces"][0]["words"]] == [
            "Legendary",
            "Creature",
            "Elf",
            "Warrior",
        ]

        # diffs: counts as the CLI's lists, then a page of one part
        changes = expected["rule_diff"]
        summary = await answer(session, "rule_diff", **{"from": "MH3", "to": "2024-08-02"})
        assert summary["from"] == MH3 and summary["to"]["date"] == changes["to"]
        assert summary["counts"] == {
            part: len(changes[part]) for part in ("added", "removed", "moved", "changed")
        }
        assert summary["entries"] == [] and summary["part"] is None
        moved = await answer(
            session,
            "rule_diff",
            **{"from": "2024-06-07", "to": "2024-08-02"},
            part="moved",
            limit=2,
        )
        assert [(m["from"], m["to"]) for m in moved["entries"]] == [
            (m["from"], m["to"]) for m in changes["moved"][:2]
        ]
        assert moved["next_offset"] == (2 if len(changes["moved"]) > 2 else None)
        types = await answer(session, "diff", **{"from": "2024-06-07", "to": "2024-08-02"})
        assert types["rules_changed"] == expected["diff"]["rules_changed"]

        listed = await answer(session, "releases")
        assert listed["count"] == len(expected["releases"]) == 136
        assert listed["releases"][0]["date"] == "1999-04-23"
        assert listed["latest"]["date"] == expected["releases"][-1]["effective_date"]

        # verify_citation: a verbatim quote, the same quote under the wrong rule, a
        # renumbered citation judged as lint-citations judges it
        right = await answer(
            session, "verify_citation", number="704.5j", text=LEGEND_RULE, as_of="2024-06-07"
        )
        assert (right["verified"], right["status"], right["verdict"]) == (True, "fine", "verbatim")
        assert right["release"] == MH3
        wrong = await answer(
            session, "verify_citation", number="704.5k", text=LEGEND_RULE, as_of="2024-06-07"
        )
        assert (wrong["verified"], wrong["verdict"]) == (False, "absent")
        assert wrong["said_by"] == [{"kind": "rule", "entry": "704.5j"}]
        assert "704.5j says it verbatim" in wrong["message"]
        renumbered = await answer(
            session,
            "verify_citation",
            number="609.8",
            text="Some effects look back in time",
            as_of="2024-08-02",
        )
        assert (renumbered["status"], renumbered["now"]) == (linted["status"], linted["now"])
        # read as written: 2024-07-30 never printed 609.8, so it is missing, and the answer
        # says where the number was last printed and which rule says the quote now
        assert (renumbered["status"], renumbered["now"]) == ("missing", None)
        assert renumbered["said_by"] == [{"kind": "rule", "entry": "608.2i"}]
        assert "a rule that is 608.2i in 2024-07-30" in renumbered["message"]
        assert renumbered["verified"] is False

        text = (await session.read_resource("cr://MH3/702.19")).contents[0].text
        assert text.startswith("702.19 Trample\n  702.19a Trample is a static ability")
        assert text.endswith("(release 2024-06-07)")

    talk(reader_url, conversation)


# Each tool with a bad argument: the argument the refusal must begin with.
BAD_CALLS = [
    ("rule", {"number": "x.y"}, "number: malformed rule number"),
    ("rule", {"number": "799.99"}, "number: no rule 799.99"),
    ("rule", {"number": "702.19", "as_of": "Nowhere Set"}, "as_of: 'Nowhere Set' is neither"),
    ("rule", {"number": "702.19", "as_of": "2024-13-01"}, "as_of: '2024-13-01' is not a date"),
    ("rule", {"number": 702}, "number: expected a string: a rule number: 7, 704"),
    ("rule", {}, "number: missing; expected a rule number"),
    ("rule_history", {"number": "799.99"}, "number: no rule 799.99"),
    ("search", {"query": "!!!"}, "query: nothing to search for"),
    ("search", {"query": "trample", "limit": 0}, "limit: expected a whole number from 1 to 100"),
    ("search", {"query": "trample", "offset": 995, "limit": 10}, "offset: 995 + limit 10"),
    ("glossary", {"term": "Flibbertigibbet"}, "term: no glossary entry 'Flibbertigibbet'"),
    ("check_word", {"word": "Elf", "category": "spaceship"}, "category:"),
    ("explain_type_line", {"line": "  "}, "line: empty"),
    ("explain_type_line", {"line": "x" * 501}, "line: longer than 500 characters"),
    ("diff", {"from": "never", "to": "2024-08-02"}, "from: 'never' is neither"),
    (
        "rule_diff",
        {"from": "2024-06-07", "to": "MH3", "part": "renamed"},
        "part: expected 'added', 'removed', 'moved' or 'changed'",
    ),
    ("rule_diff", {"from": "2024-06-07", "to": "0000-00-00"}, "to: '0000-00-00' is not a date"),
    ("verify_citation", {"number": "704.5j", "text": ""}, "text: empty"),
    ("verify_citation", {"number": "CR", "text": "legend rule"}, "number: malformed rule"),
    ("changes", {"since": "MH3", "part": "cards"}, "part: expected 'rules', 'types' or"),
    ("changes", {"since": "not a set"}, "since: 'not a set' is neither"),
    ("diff", {"from": "MH3"}, "to: missing; expected the newer release"),
]


def test_changes_pages_the_digest_the_cli_prints(shared_head_url: URL) -> None:
    """ "Catch me up since MH3": the counts, then each part a page at a time, each entry as
    `rulesdb changes` has it (rules in the same order, the same releases)."""
    digest = cli_json(shared_head_url, "changes", "--since", "MH3", "--to", "2025-02-07")
    rules = [rule for section in digest["sections"] for rule in section["rules"]]
    glossary = digest["glossary"]

    async def conversation(session: ClientSession) -> None:
        counts = await answer(session, "changes", since="MH3", to="2025-02-07")
        assert counts["since"] == MH3 and counts["to"]["date"] == "2025-02-07"
        assert counts["counts"] == digest["counts"] and counts["entries"] == []
        assert counts["releases"] == digest["releases"]
        assert counts["summary"][0].startswith("4 releases after 2024-06-07 (MH3)")
        seen: list[dict[str, Any]] = []
        offset: int | None = 0
        while offset is not None:
            page = await answer(
                session, "changes", since="MH3", to="2025-02-07", part="rules", offset=offset
            )
            seen += page["entries"]
            offset = page["next_offset"]
        assert [(r["number"], r["change"], r["releases"]) for r in seen] == [
            (r["number"], r["change"], r["releases"]) for r in rules
        ]
        changed = next(r for r in seen if r["change"] == "changed")
        assert "~~" in changed["marked"] or "**" in changed["marked"]
        terms = await answer(
            session, "changes", since="MH3", to="2025-02-07", part="glossary", limit=3
        )
        assert [t["term"] for t in terms["entries"]] == [g["term"] for g in glossary[:3]]
        assert terms["next_offset"] == (3 if len(glossary) > 3 else None)

    talk(shared_head_url, conversation)


def test_bad_arguments_are_tool_errors_naming_the_argument(shared_head_url: URL) -> None:
    async def conversation(session: ClientSession) -> None:
        for tool, arguments, begins in BAD_CALLS:
            message = await refusal(session, tool, **arguments)
            # One line, beginning with the argument's name (docs/mcp.md), said once; none
            # of pydantic's text, its link or the input echoed back
            assert message.startswith(f"Error executing tool {tool}: {begins}"), message
            assert (
                "\n" not in message and "pydantic" not in message and "input_value" not in message
            )
            name = begins.split(":")[0]
            assert f"{name}: {name}:" not in message.split(": ", 1)[1], message
        # still up, and still answering
        trample = await answer(session, "rule", number="702.19", as_of="MH3")
        assert trample["text"] == "Trample"
        with pytest.raises(Exception, match=r"no rule 799\.99"):
            await session.read_resource("cr://latest/799.99")

    talk(shared_head_url, conversation)


def test_answers_point_the_way(shared_head_url: URL) -> None:
    """No dead end: a word the release renamed says what it became, a search with no entry
    having every word says what each finds alone and how to find any, a glossary term the
    release does not print names the term that replaced it (or that it replaced)."""

    async def conversation(session: ClientSession) -> None:
        line = await answer(session, "explain_type_line", line="Tribal Instant — Goblin")
        tribal = next(w for w in line["faces"][0]["words"] if w["word"] == "Tribal")
        assert tribal["why"] == "Renamed Kindred on 2024-06-07 (205.2a)."
        assert "Tibalt" not in line["message"]

        nothing = await answer(session, "search", query="deathtouch trample lethal")
        assert nothing["total"] == 0 and nothing["hits"] == []
        assert list(nothing["alone"]) == ["deathtouch", "trample", "lethal"]
        assert all(count > 0 for count in nothing["alone"].values())
        assert "any_word=true" in nothing["hint"]
        anyone = await answer(
            session, "search", query="deathtouch trample lethal", any_word=True, limit=3
        )
        assert anyone["any_word"] and anyone["total"] >= max(nothing["alone"].values())
        assert anyone["alone"] == {} and anyone["hint"] is None and len(anyone["hits"]) == 3
        found = await answer(session, "search", query="deathtouch lethal")
        assert found["total"] > 0 and found["alone"] == {} and found["hint"] is None

        before = await refusal(session, "glossary", term="mana value", as_of="2020-08-07")
        assert "'Mana Value' replaced 'Converted Mana Cost' on 2021-04-22" in before
        assert "see 'Converted Mana Cost'" in before
        after = await refusal(session, "glossary", term="Converted Mana Cost", as_of="MH3")
        assert "was replaced by 'Mana Value' on 2021-04-22: see 'Mana Value'" in after

    talk(shared_head_url, conversation)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_streamable_http(shared_head_url: URL) -> None:
    port = free_port()
    server = subprocess.Popen(
        rulesdb_command("--db", url_text(shared_head_url), "mcp", "--http", str(port)),
        env=process_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.communicate()[1]
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not listen within 60 s"
                time.sleep(0.2)

        async def conversation() -> dict[str, Any]:
            async with (
                streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                return await answer(
                    session,
                    "verify_citation",
                    number="704.5j",
                    text="This is called the “legend rule.”",
                    as_of="MH3",
                )

        verified = asyncio.run(conversation())
        assert verified["verified"] is True and verified["release"] == MH3
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_missing_sdk_is_one_line() -> None:
    """Without the extra (the SDK made unimportable): one line saying how to install it,
    exit 2."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys;sys.modules['mcp'] = None;from rulesdb.cli import main; main(['mcp'])",
        ],
        capture_output=True,
        text=True,
        env=process_env(),
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'rulesdb[mcp]'" in done.stderr
    assert "Traceback" not in done.stderr


# docs/mcp.md's example conversation: each call, then the answer the server gives.
DOC_PAGE = Path(__file__).resolve().parents[1] / "docs" / "mcp.md"
DOC_CALL = re.compile(r"<!-- mcp call -->\n```json\n(.*?)\n```\n\n```json\n(.*?)```", re.S)


async def doc_answers(session: ClientSession, text: str) -> list[tuple[re.Match[str], str]]:
    """Each call the page shows, with the answer the server gives now (as the page shows it:
    indented JSON)."""
    found = []
    for call in DOC_CALL.finditer(text):
        asked = json.loads(call.group(1))
        result = await session.call_tool(asked["tool"], asked["arguments"])
        shown = {"error": result.content[0].text} if result.is_error else result.structured_content
        found.append((call, json.dumps(shown, indent=2, ensure_ascii=False) + "\n"))
    return found


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_docs_conversation_is_what_the_server_answers(shared_head_url: URL) -> None:
    """SQLite: its full-text snippets are the ones the page shows (PostgreSQL's differ)."""
    text = DOC_PAGE.read_text(encoding="utf-8")

    async def conversation(session: ClientSession) -> None:
        answers = await doc_answers(session, text)
        assert len(answers) >= 5
        for call, fresh in answers:
            assert call.group(2) == fresh, (
                f"docs/mcp.md: {call.group(1)} (python -m tests.test_mcp rewrites the answers)"
            )

    talk(shared_head_url, conversation)


def rewrite_docs() -> None:
    """docs/mcp.md with each call's answer from the server on the embedded default."""
    from rulesdb.store.engine import resolve_url

    text = DOC_PAGE.read_text(encoding="utf-8")
    url = resolve_url(None)[0]

    async def run() -> str:
        async with stdio_session(url) as session:
            answers = await doc_answers(session, text)
        new = text
        for call, fresh in reversed(answers):
            new = new[: call.start(2)] + fresh + new[call.end(2) :]
        return new

    DOC_PAGE.write_text(asyncio.run(run()), encoding="utf-8")


if __name__ == "__main__":
    rewrite_docs()


STANZA = re.compile(r"<!-- mcp client stanza -->\n```json\n(.*?)```", re.S)


def test_client_stanza_starts_the_server(small_url: URL) -> None:
    """docs/mcp.md's stanza for clients: the command this package installs, and arguments
    that start the server (run here with the test's database in front)."""
    import tomllib

    stanza = json.loads(STANZA.search(DOC_PAGE.read_text(encoding="utf-8")).group(1))
    server = stanza["mcpServers"]["rulesdb"]
    project = tomllib.loads((DOC_PAGE.parents[1] / "pyproject.toml").read_text())
    assert server["command"] in project["project"]["scripts"]
    command = rulesdb_command("--db", url_text(small_url), *server["args"])

    async def run() -> list[str]:
        params = StdioServerParameters(command=command[0], args=command[1:], env=process_env())
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return [tool.name for tool in (await session.list_tools()).tools]

    assert set(asyncio.run(run())) == set(TOOLS)


ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"


def test_a_statement_past_the_time_limit_is_a_tool_error(reader_url: URL) -> None:
    """The server's handle stops any statement at its limit (SQLite's progress handler,
    PostgreSQL's statement_timeout), and a tool says so as a tool error. A guard ends the
    statement after 60 s if the limit does not: the test then fails instead of hanging."""
    import threading

    from mcp.server.mcpserver.exceptions import ToolError
    from sqlalchemy import text

    import rulesdb
    from rulesdb.assistant.bounds import bounded
    from rulesdb.assistant.server import argument_errors

    rules = bounded(rulesdb.open(url_text(reader_url)), seconds=0.2)
    try:
        with rules.engine.connect() as connection:
            dbapi = connection.connection.dbapi_connection
            stop = getattr(dbapi, "interrupt", None) or dbapi.cancel  # type: ignore[union-attr]
            guard = threading.Timer(60, stop)
            guard.start()
            started = time.monotonic()
            try:
                with pytest.raises(ToolError, match=r"^the question took more than 5 s"):
                    argument_errors("rule", ())(lambda: connection.execute(text(ENDLESS)))()
            finally:
                guard.cancel()
            assert time.monotonic() - started < 60, "the guard, not the limit, stopped it"
    finally:
        rules.close()


def test_pages_of_one_answer_are_cut_from_it_worked_out_once(shared_head_url: URL) -> None:
    """Paging through a digest or a rule diff asks the database once per answer, not once a
    page (a digest since 1999 takes over a second); each page still holds its own entries."""
    import rulesdb
    from rulesdb.assistant.server import build_server

    rules = rulesdb.open(url_text(shared_head_url))
    asked: list[tuple[Any, ...]] = []
    for name in ("changes", "rule_diff"):
        method = getattr(rules, name)

        def counted(*args: Any, _method: Any = method, _name: str = name) -> Any:
            asked.append((_name, *args))
            return _method(*args)

        setattr(rules, name, counted)
    server = build_server(rules)

    async def pages() -> list[list[str]]:
        seen = []
        for offset in (0, 5, 10):
            result = await server.call_tool(
                "changes", {"since": "MH3", "part": "rules", "offset": offset, "limit": 5}
            )
            seen.append([entry["number"] for entry in result.structured_content["entries"]])
        for part in ("added", "changed"):
            await server.call_tool("rule_diff", {"from": "MH3", "to": "2025-02-07", "part": part})
        return seen

    try:
        seen = asyncio.run(pages())
    finally:
        rules.close()
    assert asked == [("changes", "MH3", None), ("rule_diff", "MH3", "2025-02-07")]
    assert len({tuple(page) for page in seen}) == 3 and all(len(page) == 5 for page in seen)
