"""rulesdb's own pages, rendered once per state of the served file and kept.

Nothing under a running server changes the file but an upgrade or a downgrade, which
:func:`rulesdb.web.plugin.reopen_if_changed` notices: it empties the cache. Until then a page
(a diff of two whole rulebooks, the chart, a rule's lineage) is the same bytes for every
request, so it is worked out once and kept, the least recently asked for dropped first once
the kept pages pass ``MOST_BYTES``. Requests for a page being worked out wait for that work
instead of repeating it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable

MOST_BYTES = 64 * 1024 * 1024  # kept pages, in bytes of their HTML

Page = tuple[int, bytes]  # HTTP status and HTML (UTF-8)


class PageCache:
    """Pages by URL, least recently used dropped first past ``most_bytes``."""

    def __init__(self, most_bytes: int = MOST_BYTES) -> None:
        self.most_bytes = most_bytes
        self.size = 0
        self.generation = 0  # counts clears: work begun before one is not kept after it
        self._pages: OrderedDict[str, Page] = OrderedDict()
        self._working: dict[str, asyncio.Future[Page]] = {}

    def __len__(self) -> int:
        return len(self._pages)

    def clear(self) -> None:
        self._pages.clear()
        self._working.clear()
        self.size = 0
        self.generation += 1

    def peek(self, key: str) -> Page | None:
        """The page at ``key`` if kept (as most recently used), else None."""
        kept = self._pages.get(key)
        if kept is not None:
            self._pages.move_to_end(key)
        return kept

    def working(self, key: str) -> bool:
        """Whether the page at ``key`` is being worked out now (a request for it would wait)."""
        return key in self._working

    async def get(self, key: str, render: Callable[[], Awaitable[tuple[Page, bool]]]) -> Page:
        """The page at ``key``: kept, being worked out, or worked out now by ``render``, which
        says with the page whether it may be kept (a page stopped at the time limit may not)."""
        kept = self.peek(key)
        if kept is not None:
            return kept
        working = self._working.get(key)
        if working is not None:
            return await asyncio.shield(working)
        generation = self.generation
        future: asyncio.Future[Page] = asyncio.get_running_loop().create_future()
        self._working[key] = future
        try:
            page, keep = await render()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when none waited
            raise
        finally:
            if self._working.get(key) is future:
                del self._working[key]
        future.set_result(page)
        if keep and generation == self.generation:
            self._keep(key, page)
        return page

    def _keep(self, key: str, page: Page) -> None:
        size = len(page[1])
        if size > self.most_bytes:
            return
        self._pages[key] = page
        self.size += size
        while self.size > self.most_bytes:
            _, dropped = self._pages.popitem(last=False)
            self.size -= len(dropped[1])
