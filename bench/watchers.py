"""Watch pages under load, for `bench.load --watchers N --watched-games M`: N open live pages (the
Server-Sent Events stream a browser keeps open) spread over M of the seeded games, and how long each
click's move takes to reach them (from the click to the first view that follows it on each page)."""

from __future__ import annotations

import asyncio
import time
from bisect import bisect_right
from dataclasses import dataclass, field

import aiohttp

from bot.watch import WatchLinks
from tests.e2e.conftest import WATCH_SECRET as SECRET


@dataclass
class Watchers:
    base: str
    games: list[int]
    count: int
    arrivals: dict[int, list[list[float]]] = field(default_factory=dict)  # game → each page's views' times
    clicks: dict[int, list[float]] = field(default_factory=dict)  # game → when each click was sent
    failed: int = 0
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _session: aiohttp.ClientSession | None = None

    async def open(self) -> None:
        links = WatchLinks(SECRET, self.base)
        self._session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        ready: list[asyncio.Event] = []
        for n in range(self.count):
            game = self.games[n % len(self.games)]
            times: list[float] = []
            self.arrivals.setdefault(game, []).append(times)
            event = asyncio.Event()
            ready.append(event)
            url = f"{links.url(game, 0)}/events"
            self._tasks.append(asyncio.get_running_loop().create_task(self._follow(url, times, event)))
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)), 60)

    async def _follow(self, url: str, times: list[float], ready: asyncio.Event) -> None:
        assert self._session is not None
        try:
            async with self._session.get(url, headers={"X-Forwarded-For": f"10.1.{id(times) % 250}.{len(times)}"}) as r:
                if r.status != 200:
                    self.failed += 1
                    ready.set()
                    return
                async for line in r.content:
                    if line.startswith(b"event: view"):
                        if ready.is_set():
                            times.append(time.perf_counter())
                        ready.set()
        except (aiohttp.ClientError, asyncio.CancelledError):
            ready.set()

    def clicked(self, game: int, at: float) -> None:
        if game in self.arrivals:
            self.clicks.setdefault(game, []).append(at)

    def delays(self) -> tuple[list[float], int]:
        """Per page and click: seconds from the click to the page's next view (before the game's
        next click); and how many (page, click) pairs saw no view in that time."""
        delays: list[float] = []
        unseen = 0
        for game, sent in self.clicks.items():
            sent.sort()
            for times in self.arrivals.get(game, []):
                for i, at in enumerate(sent):
                    until = sent[i + 1] if i + 1 < len(sent) else float("inf")
                    j = bisect_right(times, at)
                    if j < len(times) and times[j] < until:
                        delays.append(times[j] - at)
                    else:
                        unseen += 1
        return sorted(delays), unseen

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
