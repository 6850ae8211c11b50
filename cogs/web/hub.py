"""The open watch pages of each game, and what they are told: each saved move's view, built once
for all of a game's watchers (none built while nobody watches), or that the game is no longer
shared. A watcher that falls behind keeps only the newest view (a page needs no older one)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from cogs.web.views import View

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class News:
    """A view to show; or, without one, that the game can no longer be watched (`closed`) or that
    the bot is stopping (the page reconnects to the bot when it is back)."""

    view: View | None
    closed: bool = True


class Hub:
    def __init__(self, build: Callable[[int], Awaitable[View | None]]) -> None:
        self._build = build
        self._watchers: dict[int, set[asyncio.Queue[News]]] = {}
        self._building: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    @asynccontextmanager
    async def watch(self, game_id: int) -> AsyncIterator[asyncio.Queue[News]]:
        queue: asyncio.Queue[News] = asyncio.Queue(maxsize=1)
        self._watchers.setdefault(game_id, set()).add(queue)
        try:
            yield queue
        finally:
            queues = self._watchers.get(game_id)
            if queues is not None:
                queues.discard(queue)
                if not queues:
                    del self._watchers[game_id]

    def changed(self, game_id: int) -> None:
        """A move was saved: build the view once and tell every watcher (moves saved while a view
        is being built are folded into one more build)."""
        if game_id not in self._watchers:
            return
        if game_id in self._building:
            self._again.add(game_id)
            return
        self._building[game_id] = asyncio.get_running_loop().create_task(self._tell(game_id), name="watch")

    async def _tell(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                try:
                    view = await self._build(game_id)
                except Exception:  # the database away, say: the pages keep their view until the next move
                    log.exception("game %s: its watch view could not be built", game_id)
                    view = None
                if view is not None:
                    self._send(game_id, News(view))
                if game_id not in self._again:
                    return
        finally:
            self._building.pop(game_id, None)

    def close(self, game_id: int) -> None:
        """The game is no longer shared: every page of it is told and let go."""
        self._send(game_id, News(None))

    def _send(self, game_id: int, news: News) -> None:
        for queue in self._watchers.get(game_id, ()):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(news)

    async def stop(self) -> None:
        """The bot is stopping: every stream ends, and its page will reconnect."""
        for task in list(self._building.values()):
            task.cancel()
        for game_id in list(self._watchers):
            self._send(game_id, News(None, closed=False))
