"""Discord's global rate limit — 50 requests a second per bot token, answers to interactions
exempt — kept for every request the bot makes with its token, at the moment it goes out.

The work that makes requests paces itself too (`bot.foreground` for updates nobody clicked for,
`bot.channel_pace` per channel), but requests players cause (a message posted anew, a turn notice
and its removal, an offer) come on top, and several paced streams can line up in one second. Over
the limit Discord answers 429 and counts an invalid request (10,000 in 10 minutes and the bot's
address is banned), so the last word is here, where discord.py hands each request to aiohttp.

The pace is a token bucket (as GCRA: one "theoretical arrival time"): `per_s` a second with at
most `burst` at once, so any second holds at most `burst + per_s` requests, and a stretch a little
longer than a second — requests sent apart that reach Discord closer together — still stays under
50. Requests wait their turn in the order they came."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from types import SimpleNamespace

import aiohttp
import discord

DISCORD_PER_S = 50
PER_S = 40.0  # of Discord's 50, for one process serving every shard
BURST = 2
EXEMPT = ("/interactions/", "/webhooks/")  # an interaction's answer and follow-ups, by its token


def counted(url: str, api_base: str) -> bool:
    """Whether Discord counts a request to `url` against the bot's global limit: one to its API
    (not the gateway's websocket, not a picture's CDN) that is not an interaction's."""
    if not url.startswith(api_base):
        return False
    tail = url[len(api_base) :]
    return not tail.startswith(EXEMPT)


class GlobalPace:
    def __init__(self, per_s: float = PER_S, burst: int = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = 1.0 / per_s
        self.tolerance = (max(1, burst) - 1) * self.interval  # how far ahead of its slot a request may go
        self._clock = clock
        self._due = 0.0  # when the next request's slot is (the bucket is full while it lies in the past)
        self.waited = 0  # requests that had to wait for their turn

    def reserve(self) -> float:
        """Take the next slot: seconds to wait before the request goes (0: at once)."""
        now = self._clock()
        due = max(self._due, now)
        self._due = due + self.interval
        return max(0.0, due - self.tolerance - now)

    async def take(self) -> None:
        wait = self.reserve()
        if wait > 0:
            self.waited += 1
            await asyncio.sleep(wait)

    def trace(self) -> aiohttp.TraceConfig:
        """The aiohttp hook discord.py takes as `http_trace`: each request waits for its slot just
        before it is sent (a 429's retry too, which counts again at Discord)."""
        config = aiohttp.TraceConfig()

        async def on_start(
            session: aiohttp.ClientSession, ctx: SimpleNamespace, params: aiohttp.TraceRequestStartParams
        ) -> None:
            if counted(str(params.url), discord.http.Route.BASE):
                await self.take()

        config.on_request_start.append(on_start)
        return config
