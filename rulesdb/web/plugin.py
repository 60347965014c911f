"""The Datasette plugin behind ``rulesdb serve``: the pages a person reads, as routes.

Registered by :func:`rulesdb.web.server.build` only (no entry point), so a plain ``datasette``
run of some other file never sees these pages. Pages are read through the library's questions
on a read-only (mode=ro) SQLAlchemy engine of the same file Datasette serves.

To add a page: write an
``async def`` view below taking ``(datasette, request)``, a template ``rulesdb_*.html``, and add
``(regex, view)`` to :data:`ROUTES`.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlencode

from datasette import Response, hookimpl
from datasette import handle_exception as datasette_handler
from markupsafe import Markup, escape
from sqlalchemy import Engine
from sqlalchemy.engine import URL
from sqlalchemy.exc import OperationalError

from rulesdb.store.engine import make_engine
from rulesdb.web import chart, digest, explain, pages, refusals
from rulesdb.web.canned import canned_queries
from rulesdb.web.lanes import RETRY_AFTER, Busy, Lane, Lanes
from rulesdb.web.limits import bound_values, limit_pages
from rulesdb.web.metadata import DATABASE, SQL_TIME_LIMIT_MS
from rulesdb.web.pagecache import Page, PageCache

PLUGIN = "rulesdb"  # the name the plugin is registered under

# Datasette links single-column foreign keys only; these columns hold a release's effective
# date or a word (every rulesdb key is natural), so their cells link to the pages instead.
DATE_COLUMNS = frozenset(
    {
        "release_date",
        "effective_date",
        "from_date",
        "to_date",
        "first_listed",
        "last_listed",
        "dropped_in",
    }
)
WORD_COLUMNS = frozenset(
    {"name", "card_type", "supertype", "old_name", "new_name", "renamed_from", "renamed_to"}
)
NOT_WORDS = frozenset({"category", "alembic_version"})  # tables whose `name` is no word
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@cache
def _engine(path: str) -> Engine:
    # mode=ro: SQLite never writes, and sees the file as it is now (not immutable, which would
    # trust it never to change).
    uri = Path(path).resolve().as_uri()
    engine = make_engine(URL.create("sqlite", database=uri, query={"mode": "ro", "uri": "true"}))
    limit_pages(engine, SQL_TIME_LIMIT_MS / 1000)
    return engine


@hookimpl
def prepare_connection(conn: Any, database: str, datasette: Any) -> None:
    """Datasette's own connections (its table pages, its SQL, the canned queries): no value
    past the length limit, printf widths included (one SQLite call that Datasette's time
    limit cannot interrupt)."""
    bound_values(conn)


@cache
def _home(path: str) -> dict[str, Any]:
    return pages.home(_engine(path))  # worked out once per state of the file (below)


def engine_of(datasette: Any) -> tuple[str, Engine]:
    path = datasette.get_database(DATABASE).path
    return path, _engine(path)


async def _html(datasette: Any, request: Any, template: str, context: dict[str, Any]) -> bytes:
    html = await datasette.render_template(
        template, {**context, "database": DATABASE}, request=request
    )
    return str(html).encode("utf-8")


# Cookies that make a page differ from one visitor to another (Datasette's signed-in actor,
# its one-time messages): such requests are rendered afresh, never kept or served from PAGES.
PERSONAL_COOKIES = frozenset({"ds_actor", "ds_messages"})
PAGES = PageCache()  # the served file's pages, emptied when it changes (reopen_if_changed)
LANES = Lanes()  # heavy pages' work apart from the rest's (rulesdb.web.lanes)
HEAVY_PATHS = frozenset({"/diff", "/changes"})  # 1 to 2 s of computing each, cold


async def _page(
    datasette: Any,
    request: Any,
    template: str,
    build: Callable[[], dict[str, Any]],
) -> Response:
    """Render ``template`` with what ``build`` returns, or the not-found page (404): once per
    URL and state of the file (rulesdb.web.pagecache), a heavy page's work and markup in the
    heavy lane; one past the lane's room is refused (503, Retry-After), never kept."""
    lane: Lane = "heavy" if request.path in HEAVY_PATHS else "light"

    async def render() -> tuple[Page, bool]:
        page = await _work_out(datasette, request, template, build, lane)
        return page, page[0] != STOPPED  # a page stopped at the time limit is tried again

    try:
        if request.actor is not None or PERSONAL_COOKIES & set(request.cookies):
            status, html = (await render())[0]
        else:
            status, html = await PAGES.get(page_key(request.scope), render)
    except Busy:
        return Response(
            await _busy(datasette, request),
            status=STOPPED,
            headers={"Retry-After": str(RETRY_AFTER)},
            content_type=HTML,
        )
    return Response(html, status=status, content_type=HTML)


_BUSY: dict[int, bytes] = {}  # the refusal of a heavy page, by the lane's room


async def _busy(datasette: Any, request: Any) -> bytes:
    """The page refusing a heavy page for want of room, rendered once (as a kept page is):
    refusals come as fast as clients ask, and must cost less than the work they spare."""
    if LANES.most not in _BUSY:
        _BUSY[LANES.most] = await _html(
            datasette,
            request,
            "rulesdb_missing.html",
            {
                "title": "Busy",
                "suggestion": None,
                "message": f"The server is working out {LANES.most} other long pages (diffs, "
                f"changes); ask again in {RETRY_AFTER} s.",
            },
        )
    return _BUSY[LANES.most]


HTML = "text/html; charset=utf-8"
# What Datasette's own responses carry besides the type (its pages differ by these).
VARY = (b"vary", b"Cookie, Authorization")


# The query parameters each of rulesdb's pages reads (and nothing else): a page's key in PAGES
# holds those, in this order, an empty one as an absent one (the views read them so, _arg),
# so parameters a page does not read (`&x=<random>`) or their order cannot make it be worked
# out again.
READS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"^/diff$"), ("from", "to")),
    (re.compile(r"^/changes$"), ("since", "to")),
    (re.compile(r"^/rule/[^/]+$"), ("as_of",)),
    (re.compile(r"^/glossary/[^/]+$"), ("as_of",)),
    (re.compile(r"^/search$"), ("q", "as_of", "page")),
    (re.compile(r"^/explain$"), ("line", "as_of")),
    (re.compile(r"^/$|^/release/[^/]+$|^/word/[^/]+$|^/chart$"), ()),
)


def page_key(scope: dict[str, Any]) -> str:
    """A page's key in PAGES: its path as sent and the parameters it reads (READS), as its
    view reads them; another URL whole (no page of rulesdb's: never kept)."""
    raw = scope.get("raw_path")
    path = raw.decode("latin-1").partition("?")[0] if raw is not None else scope["path"]
    query = scope.get("query_string", b"").decode("latin-1")
    reads = next((names for pattern, names in READS if pattern.match(path)), None)
    if reads is None:
        return f"{path}?{query}"
    given = parse_qs(query, keep_blank_values=True)  # as Datasette's request.args
    kept = [(name, given[name][0]) for name in reads if given.get(name, [""])[0]]
    return f"{path}?{urlencode(kept)}"


def _arg(request: Any, name: str) -> str | None:
    """A parameter a page reads: an empty one is an absent one (as page_key keys it)."""
    return request.args.get(name) or None


def kept_page(scope: dict[str, Any]) -> Page | None:
    """The kept page a GET asks for, unless the request is one whose page may be personal."""
    if scope.get("method") != "GET":
        return None
    for name, value in scope.get("headers", ()):
        if name == b"authorization" or (
            name == b"cookie" and any(cookie.encode() in value for cookie in PERSONAL_COOKIES)
        ):
            return None
    return PAGES.peek(page_key(scope))


def refused_at_once(scope: dict[str, Any]) -> bytes | None:
    """The Busy page, when a heavy page not kept (kept_page) nor being worked out is asked for
    while the heavy lane is full: refusals come as fast as clients ask (20 clients: 30 a
    second), so they skip Datasette's routing too. None until one refusal rendered it."""
    busy = _BUSY.get(LANES.most)
    if busy is None or scope.get("method") != "GET" or scope["path"] not in HEAVY_PATHS:
        return None
    if not LANES.full():
        return None
    return None if PAGES.working(page_key(scope)) else busy


STOPPED = 503  # the status of a page whose work passed the time limit


async def _work_out(
    datasette: Any,
    request: Any,
    template: str,
    build: Callable[[], dict[str, Any]],
    lane: Lane,
) -> Page:
    """The page's work and its markup, both in ``lane``'s thread: a heavy page's markup
    (about 2 MB, 0.2 to 0.3 s of Jinja) rendered on the server's one loop held every other
    request for as long."""

    def work() -> Page:
        try:
            context = build()
        except OperationalError as exc:
            if "interrupted" not in str(exc):
                raise
            # The page's work passed the time limit (rulesdb.web.limits): say so, as Datasette
            # does for its SQL, instead of a server error.
            return STOPPED, _rendered(
                datasette,
                request,
                "rulesdb_missing.html",
                {
                    "title": "Stopped",
                    "suggestion": None,
                    "message": f"Working out this page took more than "
                    f"{SQL_TIME_LIMIT_MS} ms of computing and was stopped.",
                },
            )
        except pages.NotFound as missing:
            return 404, _rendered(
                datasette,
                request,
                "rulesdb_missing.html",
                {
                    "message": str(missing),
                    "suggestion": missing.suggestion,
                    "nearest": missing.nearest,
                },
            )
        return 200, _rendered(datasette, request, template, context)

    return await LANES.run(lane, work)


def _rendered(datasette: Any, request: Any, template: str, context: dict[str, Any]) -> bytes:
    """``_html`` in a worker thread, on an event loop of the thread's own: Datasette's
    templates are async (its menu links are awaited), and the server's loop must stay free."""
    return asyncio.run(_html(datasette, request, template, context))


async def home_view(datasette: Any, request: Any) -> Response:
    path, _ = engine_of(datasette)
    queries = [
        {
            "name": q.name,
            "title": q.title,
            "description": q.description,
            "example": q.example_query_string(),
        }
        for q in canned_queries()
    ]
    return await _page(
        datasette, request, "rulesdb_home.html", lambda: {**_home(path), "queries": queries}
    )


async def release_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    day = unquote(request.url_vars["day"])
    return await _page(
        datasette, request, "rulesdb_release.html", lambda: pages.release(engine, day)
    )


async def diff_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)

    def build() -> dict[str, Any]:
        days = pages.release_dates(engine)
        from_day = _arg(request, "from") or days[-2 if len(days) > 1 else -1]
        to_day = _arg(request, "to") or days[-1]
        found = pages.diff(engine, from_day, to_day)
        return {**found, "releases": days}

    return await _page(datasette, request, "rulesdb_diff.html", build)


async def word_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    name = unquote(request.url_vars["name"])
    return await _page(datasette, request, "rulesdb_word.html", lambda: pages.word(engine, name))


async def word_box_view(datasette: Any, request: Any) -> Response:
    """The home page's word box (a form cannot put its value in the path): to /word/NAME."""
    name = request.args.get("name", "").strip()
    return Response.redirect(word_url(name) if name else "/")


async def chart_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)

    def build() -> dict[str, Any]:
        days = pages.release_dates(engine)
        sizes = pages.category_sizes(engine)
        charts = [
            {
                "category": category,
                "points": points,
                "svg": chart.category_chart(category, points, days[0], days[-1]),
            }
            for category, points in sizes.items()
        ]
        return {
            "charts": charts,
            "defs": chart.DEFS,
            "releases": len(days),
            "first": days[0],
            "last": days[-1],
        }

    return await _page(datasette, request, "rulesdb_chart.html", build)


async def rule_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    number, day = unquote(request.url_vars["number"]), _arg(request, "as_of")
    return await _page(
        datasette, request, "rulesdb_rule.html", lambda: pages.rule_page(engine, number, day)
    )


async def glossary_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    term, day = unquote(request.url_vars["term"]), _arg(request, "as_of")
    return await _page(
        datasette, request, "rulesdb_glossary.html", lambda: pages.glossary_page(engine, term, day)
    )


async def search_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    words, day = _arg(request, "q") or "", _arg(request, "as_of")
    page = _arg(request, "page")
    return await _page(
        datasette,
        request,
        "rulesdb_search.html",
        lambda: pages.search_page(engine, words, day, page),
    )


async def explain_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    line, day = _arg(request, "line") or "", _arg(request, "as_of")
    return await _page(
        datasette, request, "rulesdb_explain.html", lambda: explain.explain_page(engine, line, day)
    )


async def changes_view(datasette: Any, request: Any) -> Response:
    _, engine = engine_of(datasette)
    since, to = _arg(request, "since") or "", _arg(request, "to")
    return await _page(
        datasette,
        request,
        "rulesdb_changes.html",
        lambda: digest.changes_page(engine, since, to),
    )


ROUTES: list[tuple[str, Callable[..., Any]]] = [
    (r"^/$", home_view),
    (r"^/release/(?P<day>[^/]+)$", release_view),
    (r"^/diff$", diff_view),
    (r"^/changes$", changes_view),
    (r"^/word/(?P<name>[^/]+)$", word_view),
    (r"^/word$", word_box_view),
    (r"^/chart$", chart_view),
    (r"^/rule/(?P<number>[^/]+)$", rule_view),
    (r"^/glossary/(?P<term>[^/]+)$", glossary_view),
    (r"^/search$", search_view),
    (r"^/explain$", explain_view),
]


@hookimpl
def register_routes(datasette: Any) -> list[tuple[str, Callable[..., Any]]]:
    return ROUTES


_OPENED: dict[str, tuple[int, int, int]] = {}  # the served file, as its caches saw it


def _signature(path: str) -> tuple[int, int, int]:
    found = os.stat(path)
    return found.st_ino, found.st_size, found.st_mtime_ns


def reopen_if_changed(datasette: Any) -> None:
    """What is worked out once per file (the home page, the pages' engine) is worked out
    again when the file changed since, by an upgrade or a downgrade in place or a new file
    renamed over it; SQLite itself reads the file as it is now."""
    path = datasette.get_database(DATABASE).path
    now = _signature(path)
    if _OPENED.setdefault(path, now) == now:
        return
    _OPENED[path] = now
    _engine(path).dispose()
    _engine.cache_clear()
    _home.cache_clear()
    PAGES.clear()


@hookimpl
def asgi_wrapper(datasette: Any) -> Callable[[Any], Any]:
    def wrap(app: Any) -> Any:
        async def checked(scope: Any, receive: Any, send: Any) -> None:
            if scope.get("type") == "http":
                reopen_if_changed(datasette)
                kept = kept_page(scope)
                if kept is not None:  # answered as Datasette answered it, without its routing
                    await _answer(send, *kept)
                    return
                busy = refused_at_once(scope)
                if busy is not None:
                    await _answer(send, STOPPED, busy, (b"retry-after", str(RETRY_AFTER).encode()))
                    return
            await app(scope, receive, send)

        return checked

    return wrap


async def _answer(send: Any, status: int, html: bytes, *more: tuple[bytes, bytes]) -> None:
    headers = [(b"content-type", HTML.encode()), VARY, *more]
    headers.append((b"content-length", str(len(html)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": html})


# What nearly every visitor opens first, worked out before the server accepts a request.
WARM_PAGES = ("/", "/diff", "/chart")


async def warm(datasette: Any) -> None:
    """Work out (and keep) WARM_PAGES, through the app as a request would; a page that fails
    (a file with no release yet) fails again when asked for, as it would have without this."""
    for path in WARM_PAGES:
        await datasette.client.get(path)


def word_url(name: str) -> str:
    return "/word/" + quote(name, safe="")


def rule_url(number: str, as_of: str | None = None) -> str:
    return "/rule/" + quote(number, safe=".") + (f"?as_of={as_of}" if as_of else "")


def glossary_url(term: str, as_of: str | None = None) -> str:
    return "/glossary/" + quote(term, safe="") + (f"?as_of={as_of}" if as_of else "")


@hookimpl
def prepare_jinja2_environment(env: Any) -> None:
    env.filters["word_url"] = word_url
    env.filters["rule_url"] = rule_url
    env.filters["glossary_url"] = glossary_url


@hookimpl
def render_cell(value: Any, column: str, table: str | None, database: str) -> Markup | None:
    if database != DATABASE or not isinstance(value, str):
        return None
    if column in DATE_COLUMNS and _ISO_DATE.match(value):
        return Markup(f'<a href="/release/{value}">{value}</a>')
    if column in WORD_COLUMNS and table not in NOT_WORDS:
        return Markup(f'<a href="{escape(word_url(value))}">{escape(value)}</a>')
    return None


@hookimpl
def menu_links(datasette: Any) -> list[dict[str, str]]:
    return [
        {"href": href, "label": label}
        for href, label in (
            ("/", "Releases"),
            ("/diff", "Compare releases"),
            ("/chart", "Chart"),
            ("/search", "Search the rulebook"),
            (f"/{DATABASE}", "Tables, views and SQL"),
        )
    ]


@hookimpl(trylast=True)
def handle_exception(datasette: Any, request: Any, exception: BaseException) -> Any:
    """Datasette's own handler stands aside (rulesdb.web.server.build): a refused request is one
    line on the console (rulesdb.web.refusals); anything else, Datasette's handler as ever."""
    info = refusals.refusal(exception) or refusals.unreadable(
        exception, datasette.get_database(DATABASE).path
    )
    if info is None:
        return datasette_handler.handle_exception(
            datasette=datasette, request=request, exception=exception
        )

    async def inner() -> Response:
        return await refusals.respond(datasette, request, info)

    return inner
