"""A request to Discord, once started, runs to its end even if the task that made it is cancelled.

discord.py is not safe against a cancel in the middle of a request: one that lands while a route's
bucket hands its slot on (`Ratelimit.__aexit__` awaiting `_refresh`) leaves the bucket empty with
nobody woken, and the next request on that route waits discord.py's 30 s fallback; one that lands
while it sleeps out a global 429 leaves every later request waiting for good. The bot cancels tasks
(a computer's coming move, the stop), so each request runs in its own task and its caller awaits it
shielded: a cancelled caller stops waiting, the request still finishes and hands its slot on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import discord


class WholeRequests:
    def __init__(self, http: discord.http.HTTPClient) -> None:
        self._request: Callable[..., Coroutine[Any, Any, Any]] = http.request
        self.running: set[asyncio.Task[Any]] = set()
        http.request = self.request  # type: ignore[method-assign]

    async def request(self, route: discord.http.Route, **kwargs: Any) -> Any:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(self._request(route, **kwargs))
        self.running.add(task)
        task.add_done_callback(self._ended)
        return await asyncio.shield(task)

    def _ended(self, task: asyncio.Task[Any]) -> None:
        """A caller that stopped waiting never reads the outcome: it is read here, so a failure
        nobody awaited is not reported as never retrieved (a caller that waited got it)."""
        self.running.discard(task)
        if not task.cancelled():
            task.exception()
