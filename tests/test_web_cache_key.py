"""The web's page cache keyed by what each page reads (issue #52): parameters a page does not
read, their order, or an empty one for an absent one never make it be worked out again (a
junk `&x=<random>` made `/changes` take 1.6-2.3 s every time, and a cheap page wait 34.8 s
behind 20 such clients)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy.engine import URL

from rulesdb.web.plugin import PAGES, page_key


def scope(url: str) -> dict[str, object]:
    path, _, query = url.partition("?")
    return {"path": path, "raw_path": url.encode(), "query_string": query.encode()}


def test_keys_hold_only_what_a_page_reads() -> None:
    same = [
        "/changes?since=2024-06-07",
        "/changes?since=2024-06-07&x=81723",
        "/changes?x=1&since=2024-06-07&to=",
        "/changes?since=2024-06-07&since=1999-04-23",  # the first, as Datasette reads it
    ]
    assert len({page_key(scope(url)) for url in same}) == 1
    assert page_key(scope("/diff?to=B&from=A")) == page_key(scope("/diff?from=A&to=B&z=1"))
    assert page_key(scope("/rule/702.19?as_of=MH3")) != page_key(scope("/rule/702.19"))
    assert page_key(scope("/chart?x=1")) == page_key(scope("/chart"))
    # Datasette's own pages: not rulesdb's, never kept; keyed whole
    assert page_key(scope("/rulesdb/rules?_size=5")) == "/rulesdb/rules?_size=5"


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_junk_parameters_are_served_the_kept_page(small_url: URL) -> None:
    from rulesdb.web.server import build

    assert small_url.database is not None
    site = build(Path(small_url.database))

    async def run() -> list[bytes]:
        first = (await site.client.get("/releases")).status_code  # Datasette up
        assert first in (200, 404)
        answers = []
        for junk in ("", "&x=1", "&x=2&y=3", "&to="):
            response = await site.client.get(f"/changes?since=1999-04-23{junk}")
            assert response.status_code in (200, 404), response.text[:300]
            answers.append(response.content)
        return answers

    PAGES.clear()
    answers = asyncio.run(run())
    assert len(set(answers)) == 1
    assert len(PAGES) == 1, "one page worked out for four URLs"
