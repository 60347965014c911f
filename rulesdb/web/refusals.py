"""Requests Datasette refuses — a write, a query it cannot run, a page that is not there: one
line on the server's console instead of the traceback (with every local) Datasette's own
handler prints through ``rich``, and the same 4xx page or JSON it would send. Server errors
(5xx) are left to Datasette: their traceback is what a maintainer needs. (What a request's
body may be is checked before Datasette: rulesdb.web.bodies.)"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from datasette import Response
from datasette.utils import add_cors_headers
from datasette.utils.asgi import Base400
from datasette.views.base import DatasetteError
from markupsafe import Markup

from rulesdb.util.text import clip

LOG = logging.getLogger("rulesdb.web")
# Datasette's default handler prints every 4xx with rich (where installed); rulesdb's plugin
# takes its place and calls it for the rest.
DATASETTE_HANDLER_NAME = "datasette.handle_exception"


def refusal(exception: BaseException) -> dict[str, Any] | None:
    """Datasette's error fields (``ok``, ``error``, ``status``, ``title``, ...) for a request it
    refused; None for anything else."""
    if isinstance(exception, Base400):
        return {"ok": False, "error": exception.args[0], "status": exception.status, "title": None}
    if isinstance(exception, DatasetteError) and exception.status < 500:
        message = Markup(exception.message) if exception.message_is_html else exception.message
        return {
            **exception.error_dict,
            "ok": False,
            "error": message,
            "status": exception.status,
            "title": exception.title,
        }
    if isinstance(exception, AssertionError) and _in_a_views_post(exception):
        # Datasette's views check a posted form with assert (a message type /-/messages does
        # not know, a POST to a table rather than a canned query): the request's fault.
        why = str(exception) or "the form sent values this page does not take"
        return {"ok": False, "error": why, "status": 400, "title": None}
    return None


# What SQLite says of a file damaged, replaced or gone under the server: the file's trouble,
# said in one line (503, as a page that cannot be worked out now), not a request's or a bug.
_DAMAGED = (
    "file is not a database",
    "database disk image is malformed",
    "unable to open database file",
    "disk I/O error",
)


def unreadable(exception: BaseException, path: str) -> dict[str, Any] | None:
    """Datasette's error fields for a database file that cannot be read, naming it."""
    inner = getattr(exception, "orig", None) or exception
    if not isinstance(inner, sqlite3.DatabaseError):
        return None
    said = str(inner)
    if not any(damage in said for damage in _DAMAGED):
        return None
    return {
        "ok": False,
        "error": f"the database {path} cannot be read: {said}",
        "status": 503,
        "title": "Database unreadable",
    }


def _in_a_views_post(exception: BaseException) -> bool:
    """Whether ``exception`` was raised by the ``post`` method of one of Datasette's views."""
    trace = exception.__traceback__
    if trace is None:
        return False
    while trace.tb_next is not None:
        trace = trace.tb_next
    frame = trace.tb_frame
    return frame.f_code.co_name == "post" and str(frame.f_globals.get("__name__", "")).startswith(
        "datasette.views."
    )


async def respond(datasette: Any, request: Any, info: dict[str, Any]) -> Response:
    query = f"?{request.query_string}" if request.query_string else ""
    message = str(info["error"]).strip().splitlines() or [""]
    LOG.warning(
        "rulesdb: refused %s %s: %s %s",
        request.method,
        clip(request.path + query, 200),
        info["status"],
        message[0],
    )
    headers: dict[str, str] = {}
    if datasette.cors:
        add_cors_headers(headers)
    if request.path.endswith(".json"):
        return Response.json(info, status=info["status"], headers=headers)
    template = datasette.jinja_env.select_template([f"{info['status']}.html", "error.html"])
    html = await template.render_async(
        dict(
            info, urls=datasette.urls, app_css_hash=datasette.app_css_hash(), menu_links=lambda: []
        )
    )
    return Response.html(html, status=info["status"], headers=headers)
