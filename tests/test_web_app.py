"""`rulesdb serve` without a browser: its refusals, the canned queries the docs show, and
Datasette's metadata (in process, through Datasette's own test client)."""

from __future__ import annotations

import asyncio
import importlib.util
import re
import socket
from datetime import date
from itertools import pairwise
from pathlib import Path

import pytest
from sqlalchemy import text

from rulesdb.store.descriptions import descriptions
from rulesdb.store.engine import make_engine
from tests.support.chains import newest_release, revision_before
from tests.support.docs import SQL_PAGE, sql_examples
from tests.support.runs import run_cli
from tests.support.schema import OTHER_BACKENDS, live_schema

datasette = pytest.importorskip("datasette", reason="the web extra is not installed")

import markupsafe  # noqa: E402  (Datasette's, with it)

from rulesdb.web.canned import canned_queries  # noqa: E402
from rulesdb.web.metadata import DATABASE, SQL_TIME_LIMIT_MS  # noqa: E402


def test_docs_analyst_queries_are_the_canned_queries() -> None:
    shown = [block.group(2) for block, _ in sql_examples(SQL_PAGE.read_text(encoding="utf-8"))]
    assert shown == [query.with_examples() for query in canned_queries()]
    for query in canned_queries():
        assert set(query.parameters) == set(query.example), query.name


def test_serve_refuses_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["--db", "postgresql://user:secret@127.0.0.1/rules", "serve"], capsys)
    assert (code, out) == (2, "")
    assert err == (
        "rulesdb: error: the web face needs a SQLite file, not "
        "postgresql+psycopg://user:***@127.0.0.1/rules: make one with rulesdb --db "
        "sqlite:///rules.sqlite3 upgrade, then serve it with rulesdb --db "
        "sqlite:///rules.sqlite3 serve\n"
    )


def test_serve_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sqlite3"
    code, _, err = run_cli(["--db", f"sqlite:///{missing}", "serve"], capsys)
    assert code == 2 and err.count("\n") == 1 and "no such database file" in err
    assert not missing.exists()


def test_serve_on_a_port_in_use(_head_sqlite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run_cli(
            ["--db", f"sqlite:///{_head_sqlite}", "serve", "--port", str(port)], capsys
        )
    assert (code, out) == (2, "")
    assert err == f"rulesdb: error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_serve_without_the_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "datasette" else real(name, *a),
    )
    code, out, err = run_cli(["serve"], capsys)
    assert (code, out, err) == (
        2,
        "",
        "rulesdb: error: the web face needs Datasette: pip install 'rulesdb[web]'\n",
    )


def test_datasette_describes_every_table_view_and_column(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    engine = make_engine(f"sqlite:///{_head_sqlite}")
    try:
        columns = live_schema(engine)  # without FTS5's shadow tables
    finally:
        engine.dispose()
    for name in columns:
        assert site.metadata("description", database=DATABASE, table=name), name
        described = site.metadata("columns", database=DATABASE, table=name)
        # Every column described; a description may name a column only PostgreSQL has.
        assert set(columns[name]) <= set(described), name
        assert set(described) - set(columns[name]) <= {
            item.split(".")[1] for item in OTHER_BACKENDS if item.startswith(f"{name}.")
        }, name
    assert site.setting("sql_time_limit_ms") == SQL_TIME_LIMIT_MS
    assert not any(
        query.get("write") for query in site.metadata("queries", database=DATABASE).values()
    )

    async def page(path: str) -> str:
        response = await site.client.get(path)
        assert response.status_code == 200, path
        return response.text

    html = asyncio.run(page("/rulesdb/v_lifetime"))
    assert descriptions()["v_lifetime"].description in html
    assert re.search(r"first_listed.*Effective date of the first release listing it", html, re.S)
    # Datasette's connections are read-only by SQLite itself (mode=ro): a write fails there.
    import sqlite3

    connection = site.get_database(DATABASE).connect()
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            connection.execute("CREATE TABLE written (x)")
    finally:
        connection.close()


def test_release_page_shows_the_release_notes(shared_head_engine) -> None:  # type: ignore[no-untyped-def]
    from rulesdb.web import pages

    [note] = pages.release(shared_head_engine, "2021-07-23")["notes"]  # 300.1 omits dungeon
    assert (note["rule"], note["kind"]) == ("205.2a", "card-type-disagreement")
    assert "dungeon" in note["text"]
    assert pages.release(shared_head_engine, "2024-06-07")["notes"] == []


def test_a_set_unknown_is_not_an_update_between_sets(shared_head_engine) -> None:  # type: ignore[no-untyped-def]
    """2026-08-07 prints recruit and storied, a new set's mechanics, but no source names its
    product: set unknown, in the view, the listing the CLI and MCP answer with, and the
    web; 2021-02-15 is an update between sets."""
    from sqlalchemy import text

    from rulesdb.questions.listings import releases
    from rulesdb.web import pages

    with shared_head_engine.connect() as connection:
        status = dict(
            connection.execute(
                text(
                    "SELECT CAST(release_date AS VARCHAR(10)), set_status FROM v_release "
                    "WHERE release_date IN ('2026-08-07', '2021-02-15', '2026-06-19')"
                )
            ).all()
        )
    assert status == {
        "2021-02-15": "between sets",
        "2026-06-19": "set",
        "2026-08-07": "set unknown",
    }
    rows = {row["effective_date"]: row for row in releases(shared_head_engine)}
    assert (rows["2026-08-07"]["set"], rows["2026-08-07"]["set_code"]) == ("set unknown", None)
    assert rows["2021-02-15"]["set"] == "update between sets"
    assert pages.release(shared_head_engine, "2026-08-07")["set"].startswith("Set unknown")
    assert pages.release(shared_head_engine, "2021-02-15")["set"] == "An update between sets"


def test_release_summaries_say_a_list_begins(shared_head_engine) -> None:  # type: ignore[no-untyped-def]
    """The home page's line for 2003-12-01: its creature types are the first list of them,
    not 378 new ones; 2024-06-07's merges and renames are said as before."""
    from rulesdb.questions.diff import compare
    from rulesdb.web.pages import summarise

    begun = summarise(compare(shared_head_engine, date(2003, 10, 1), date(2003, 12, 1)))
    assert "378 creature types first listed" in begun and "+378" not in begun
    kindred = summarise(compare(shared_head_engine, date(2024, 4, 12), date(2024, 6, 7)))
    assert "tribal → kindred" in kindred and "3 creature types merged" in kindred


def test_rulebook_pages_on_both_backends(shared_head_engine) -> None:  # type: ignore[no-untyped-def]
    from rulesdb.web import pages

    found = pages.rule_page(shared_head_engine, "702.19", "2024-06-07")
    assert (found["as_of"], found["rule"].text, found["parent"]) == ("2024-06-07", "Trample", "702")
    assert "702.19c" in [sub["number"] for sub in found["rule"].subrules]
    assert [s["number"] for s in found["sections"]] == [str(n) for n in range(1, 10)]
    # A definition's versions cover every rulebook release printing it, one run after another.
    versions = pages.glossary_page(shared_head_engine, "subtype")["versions"]
    assert versions[0]["first_release"] == "2003-07-01"  # the glossary's first "Subtype"
    assert versions[-1]["last_release"] == pages.release_dates(shared_head_engine)[-1]
    with shared_head_engine.connect() as connection:  # every rulebook release since defines it
        rulebooks = connection.execute(
            text("SELECT COUNT(*) FROM release_rulebook WHERE release_date >= :day"),
            {"day": date(2003, 7, 1)},
        ).scalar()
    assert sum(v["releases"] for v in versions) == rulebooks
    for before, after in pairwise(versions):
        assert before["last_release"] < after["first_release"]
    with pytest.raises(pages.NotFound, match=r"^No rule 702\.999 in release 2024-06-07"):
        pages.rule_page(shared_head_engine, "702.999", "2024-06-07")
    with pytest.raises(pages.NotFound, match="not a date"):
        pages.glossary_page(shared_head_engine, "Subtype", "soon")
    # An archived release has its rulebook too, in its own era's sections.
    assert pages.release(shared_head_engine, "2024-06-07")["rulebook"][1]["text"] == (
        "Parts of a Card"
    )
    assert pages.release(shared_head_engine, "2001-07-23")["rulebook"][0]["text"] == "The Game"


def test_search_page_marks_the_matched_words_and_escapes_the_rest(shared_head_engine) -> None:  # type: ignore[no-untyped-def]
    from rulesdb.web import pages

    found = pages.search_page(shared_head_engine, "trample", "2024-06-07")
    assert found["as_of"] == "2024-06-07" and found["problem"] is None
    assert any(r.get("number") == "702.19" for r in found["results"])
    assert all("<mark>" in str(r["html"]).lower() for r in found["results"])
    assert str(pages.highlighted("a <b> **word**")) == "a &lt;b&gt; <mark>word</mark>"
    assert pages.search_page(shared_head_engine, "  ")["results"] is None
    assert "Nothing to search for" in pages.search_page(shared_head_engine, "!!")["problem"]


def test_cells_link_to_release_and_word_pages(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)

    async def page(path: str) -> str:
        response = await site.client.get(path)
        assert response.status_code == 200, path
        return response.text

    html = asyncio.run(page("/rulesdb/v_lifetime?name=Naga"))
    assert '<a href="/word/Naga">Naga</a>' in html
    assert '<a href="/release/2014-09-25">2014-09-25</a>' in html  # Naga's first listing
    html = asyncio.run(page("/rulesdb/v_subtype?name=Urza%E2%80%99s&release_date=2024-06-07"))
    assert '<a href="/word/Urza%E2%80%99s">Urza’s</a>' in html


def test_a_runaway_query_is_cut_off(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    endless = (
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
    )
    response = asyncio.run(site.client.get("/rulesdb.json", params={"sql": endless}))
    assert response.status_code == 400
    assert "SQL query took too long" in response.text


def test_database_page_and_refusals_in_process(
    _head_sqlite: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    """The database page shows every description, as the home and table pages do; a refused
    request is Datasette's 400 for the browser and one logged line for the console."""
    from rulesdb.web.server import build

    site = build(_head_sqlite)

    async def get(path: str, **params: str) -> tuple[int, str]:
        response = await site.client.get(path, params=params)
        return response.status_code, response.text

    status, html = asyncio.run(get("/rulesdb"))
    assert status == 200
    for name in ("release", "subtype_merge", "v_subtype", "v_lifetime"):
        assert str(markupsafe.escape(descriptions()[name].description)) in html, name
    capsys.readouterr()
    with caplog.at_level("WARNING", logger="rulesdb.web"):
        status, html = asyncio.run(get("/rulesdb", sql="DELETE FROM release"))
        json_status, body = asyncio.run(get("/rulesdb.json", sql="PRAGMA query_only = 0"))
        missing, _ = asyncio.run(get("/rulesdb/no_such_table"))
    assert (status, json_status, missing) == (400, 400, 404)
    assert "Statement must be a SELECT" in html and '"ok": false' in body
    assert [r.getMessage() for r in caplog.records] == [
        "rulesdb: refused GET /rulesdb?sql=DELETE+FROM+release: 400 Statement must be a SELECT",
        "rulesdb: refused GET /rulesdb.json?sql=PRAGMA+query_only+%3D+0: 400 Statement must be "
        "a SELECT",
        "rulesdb: refused GET /rulesdb/no_such_table: 404 Table not found",
    ]
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "│" not in out + err


def test_datasette_queries_are_bounded_in_memory(_head_sqlite: Path) -> None:
    """A value past the length limit fails at once, inside SQLite, on Datasette's own
    connections (not 900 MB held); a printf past it is NULL at once, as SQLite's own is, not
    20 s of padding past the time limit."""
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    response = asyncio.run(
        site.client.get(
            "/rulesdb.json", params={"sql": "SELECT length(randomblob(900000000)) AS n"}
        )
    )
    assert response.status_code == 400 and "too big" in response.text, response.text
    response = asyncio.run(
        site.client.get(
            "/rulesdb.json",
            params={
                "sql": "SELECT length(printf('%.*c', 2147483647, 'x')) AS n",
                "_shape": "array",
            },
        )
    )
    assert response.status_code == 200 and response.json() == [{"n": None}], response.text


def test_search_page_caps_its_words(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    words = " ".join(f"w{n}" for n in range(1500))
    response = asyncio.run(site.client.get("/search", params={"q": words[:499]}))
    assert response.status_code == 200 and "at most 32 are searched for" in response.text
    response = asyncio.run(site.client.get("/search", params={"q": words}))
    assert response.status_code == 200 and "at most 500 are searched for" in response.text


def test_page_work_stops_at_the_time_limit(_head_sqlite: Path) -> None:
    """The engine behind the custom pages interrupts a statement at its time limit, fetching
    included (rulesdb.web.limits), as Datasette does for its SQL."""
    from sqlalchemy import text
    from sqlalchemy.engine import URL
    from sqlalchemy.exc import OperationalError

    from rulesdb.store.engine import make_engine
    from rulesdb.web.limits import limit_pages

    engine = make_engine(URL.create("sqlite", database=str(_head_sqlite)))
    limit_pages(engine, 0.05)
    endless = (
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
    )
    try:
        with engine.connect() as connection:
            with pytest.raises(OperationalError, match="interrupted"):
                connection.execute(text(endless)).scalar()
            assert connection.execute(text("SELECT 1")).scalar() == 1  # a new deadline
    finally:
        engine.dispose()


def test_a_file_changed_under_the_server_is_opened_again(
    _head_sqlite: Path, tmp_path: Path
) -> None:
    """A downgrade in place under a running server: the next request answers from what the
    file now holds, never 'malformed' (it is not opened immutable)."""
    import shutil

    from rulesdb.store import migrate
    from rulesdb.store.engine import make_engine
    from rulesdb.web.server import build

    served = tmp_path / "served.sqlite3"
    shutil.copyfile(_head_sqlite, served)
    site = build(served)

    async def releases() -> list[str]:
        response = await site.client.get(
            "/rulesdb.json",
            params={"sql": "SELECT max(effective_date) AS d FROM release", "_shape": "array"},
        )
        assert response.status_code == 200, response.text
        home = await site.client.get("/")
        assert home.status_code == 200
        return [row["d"] for row in response.json()]

    latest = asyncio.run(releases())
    engine = make_engine(f"sqlite:///{served}")
    try:
        migrate.downgrade(engine, revision_before(newest_release()))  # the newest release goes
    finally:
        engine.dispose()
    assert asyncio.run(releases()) != latest


def test_changes_page_and_its_link_from_release_pages(_head_sqlite: Path) -> None:
    """/changes?since=OTJ&to=MH3: the digest by section, words marked; a release page links
    to everything since it; an unknown set is a 404 that names it."""
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    response = asyncio.run(site.client.get("/changes", params={"since": "OTJ", "to": "MH3"}))
    assert response.status_code == 200
    page = response.text
    assert "<h1>Changes since 2024-04-12 (OTJ)</h1>" in page
    assert "<h2>3. Card Types</h2>" in page and "<del>Tribals</del><ins>Kindreds</ins>" in page
    assert "Rules: 5 added, 0 removed," in page
    release = asyncio.run(site.client.get("/release/2024-04-12")).text
    assert 'href="/changes?since=2024-04-12"' in release
    missing = asyncio.run(site.client.get("/changes", params={"since": "NOPE"}))
    assert missing.status_code == 404 and "NOPE" in missing.text


def test_search_page_says_how_many_and_pages(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)

    def entries(page: str) -> list[str]:
        return re.findall(r'<li><a href="/rule/([^"?]+)', page)

    first = asyncio.run(
        site.client.get("/search", params={"q": "creature", "as_of": "2024-06-07"})
    ).text
    total = int(re.search(r"(\d+) matches for “creature”", first).group(1))  # type: ignore[union-attr]
    assert total > 25 and "1–25 shown" in first and 'rel="next"' in first
    second = asyncio.run(
        site.client.get("/search", params={"q": "creature", "as_of": "2024-06-07", "page": "2"})
    ).text
    assert '<ol class="results" start="26">' in second and 'rel="prev"' in second
    assert set(entries(first)).isdisjoint(entries(second)) and entries(second)
    far = asyncio.run(site.client.get("/search", params={"q": "creature", "page": "400"})).text
    assert "is past the last" in far


# Release pairs and rules whose pages are kept (rulesdb.web.pagecache): each compared with the
# same page worked out afresh, so keeping a page never changes what it shows.
KEPT_PAGES = (
    "/diff",
    "/diff?from=2016-09-30&to=2024-06-07",
    "/diff?from=2024-04-12&to=2024-06-07",
    "/diff?from=2020-01-24&to=2019-05-03",
    "/diff?from=2019-05-03&to=2020-01-24",
    "/rule/702.19",
    "/rule/702.19c?as_of=2020-01-24",
    "/rule/613.1a",
    "/chart",
    "/",
    "/explain?line=Legendary+Creature+%E2%80%94+Elf&as_of=2024-06-07",
    "/diff?from=1999-01-01&to=2024-06-07",
)


def test_kept_pages_are_the_pages_worked_out_afresh(
    _head_sqlite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesdb.web import pages, plugin
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    diffs: list[tuple[str, str]] = []
    real_diff = pages.diff
    monkeypatch.setattr(
        pages, "diff", lambda engine, a, b: diffs.append((a, b)) or real_diff(engine, a, b)
    )

    async def each() -> list[tuple[int, str, str, str]]:  # kept ones skip Datasette's routing
        return [
            (
                (r := await site.client.get(path)).status_code,
                r.text,
                r.headers["content-type"],
                r.headers["vary"],
            )
            for path in KEPT_PAGES
        ]

    plugin.PAGES.clear()
    fresh = asyncio.run(each())
    worked_out = len(diffs)
    kept = asyncio.run(each())
    assert kept == fresh and len(diffs) == worked_out == 6  # the second time, nothing redone
    assert {status for status, *_ in fresh} == {200, 404}
    plugin.PAGES.clear()  # as a change of the file does (reopen_if_changed)
    assert asyncio.run(each()) == fresh and len(diffs) == 2 * worked_out


def test_a_page_asked_for_at_once_is_worked_out_once(
    _head_sqlite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulesdb.web import pages, plugin
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    diffs: list[tuple[str, str]] = []
    real_diff = pages.diff
    monkeypatch.setattr(
        pages, "diff", lambda engine, a, b: diffs.append((a, b)) or real_diff(engine, a, b)
    )
    plugin.PAGES.clear()

    async def together() -> set[str]:
        found = await asyncio.gather(
            *(site.client.get("/diff?from=2019-05-03&to=2020-01-24") for _ in range(8))
        )
        return {response.text for response in found}

    assert len(asyncio.run(together())) == 1 and len(diffs) == 1


def test_page_cache_drops_the_least_recently_used_past_its_bytes() -> None:
    from rulesdb.web.pagecache import PageCache

    cache = PageCache(most_bytes=10)
    calls: list[str] = []

    def page(key: str, body: str, keep: bool = True):  # type: ignore[no-untyped-def]
        async def render() -> tuple[tuple[int, str], bool]:
            calls.append(key)
            return (200, body), keep

        return asyncio.run(cache.get(key, render))

    page("a", "aaaa"), page("b", "bbbb"), page("a", "aaaa")  # a used last
    page("c", "cccc")  # 12 bytes: b, the least recently used, goes
    assert (len(cache), cache.size) == (2, 8)
    page("a", "aaaa"), page("b", "bbbb")
    assert calls == ["a", "b", "c", "b"]
    page("d", "stopped", keep=False), page("d", "stopped", keep=False)
    page("e", "x" * 11)  # larger than the cache: served, not kept
    assert calls[-3:] == ["d", "d", "e"] and "e" not in cache._pages


CHART_MOST_BYTES = 150_000  # the chart page's markup, both layouts (issue #42)


def test_chart_page_stays_small(_head_sqlite: Path) -> None:
    from rulesdb.web.server import build

    site = build(_head_sqlite)
    response = asyncio.run(site.client.get("/chart"))
    assert response.status_code == 200
    assert len(response.content) <= CHART_MOST_BYTES
    points = response.text.count('<a href="/release/')
    with make_engine(f"sqlite:///{_head_sqlite}").connect() as connection:
        listed = connection.execute(text("SELECT COUNT(*) FROM release_category")).scalar()
    assert points == listed  # every release's point in every category, as links (wide layout)


def test_served_connections_send_at_once() -> None:
    """Each accepted connection has TCP_NODELAY (asyncio sets it only on a socket that says
    TCP): else each answer's separate writes wait for the client's delayed ACK (~40 ms)."""
    from rulesdb.web.server import listen

    sock = listen("127.0.0.1", 0)
    found: list[int] = []

    async def accept_one() -> None:
        def made() -> asyncio.Protocol:
            class Seen(asyncio.Protocol):
                def connection_made(self, transport: asyncio.BaseTransport) -> None:
                    raw = transport.get_extra_info("socket")
                    found.append(raw.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                    transport.close()

            return Seen()

        server = await asyncio.get_running_loop().create_server(made, sock=sock)
        async with server:
            _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
            for _ in range(100):
                if found:
                    break
                await asyncio.sleep(0.01)
            writer.close()

    asyncio.run(accept_one())
    assert found and found[0] != 0
