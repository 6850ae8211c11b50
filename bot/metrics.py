"""What an operator watches (Prometheus, prometheus-client): clicks and how they were answered,
live games, deadlines, Discord's 429s, database trouble, picture drawing and the process itself.

Counting always happens (a few microseconds a click); the endpoint is served only when
`METRICS_PORT` is set (`MetricsEndpoint`, on the bot's own event loop through aiohttp, so a scrape
needs no thread). The series live in this module's registry, one per process like the process they
describe; the gauges of live games and deadlines are read from the store when scraped."""

from __future__ import annotations

import logging
import time
from collections import Counter as Tally
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

if TYPE_CHECKING:
    from bot.store.models import LiveGame

log = logging.getLogger(__name__)

_no_created_series: Callable[[], None] = disable_created_metrics  # (the library leaves it untyped)
_no_created_series()  # the *_created series say when a counter was made: noise for this bot
REGISTRY = CollectorRegistry()
ProcessCollector(registry=REGISTRY)  # process_resident_memory_bytes, CPU seconds, open files
PlatformCollector(registry=REGISTRY)
GCCollector(registry=REGISTRY)

CLICK_SECONDS = Histogram(
    "monopoly_click_seconds",
    "Time from a click reaching the bot to its answer, by game kind.",
    ["kind"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=REGISTRY,
)
ANSWERS = Counter(
    "monopoly_answers",
    "Clicks answered, by result: done, or refused with its reason (stale, not_your_turn, db_down…).",
    ["result", "reason"],
    registry=REGISTRY,
)
LIVE_GAMES = Gauge(
    "monopoly_live_games",
    "Games in a lobby or being played, by kind and status.",
    ["kind", "status"],
    registry=REGISTRY,
)
DEADLINES = Gauge(
    "monopoly_deadlines",
    "Live games with a deadline: 'due' (set, in the future) or 'overdue' (passed, not yet handled).",
    ["state"],
    registry=REGISTRY,
)
DEADLINES_FIRED = Counter("monopoly_deadlines_fired", "Deadlines handled.", registry=REGISTRY)
RATE_LIMITED = Counter(
    "monopoly_discord_rate_limited", "Answers of 429 from Discord (discord.py waited and retried).", registry=REGISTRY
)
DATABASE_ERRORS = Counter(
    "monopoly_database_errors",
    "Database trouble: 'retry' (a cut connection, tried again), 'down' (unreachable, the click was told).",
    ["what"],
    registry=REGISTRY,
)
PICTURE_SECONDS = Histogram(
    "monopoly_picture_seconds",
    "Time to draw a picture (queueing included), by file.",
    ["picture"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)


def answered(kind: str, started: float, refusal: str | None) -> None:
    """One click done: its latency and how it was answered."""
    CLICK_SECONDS.labels(kind).observe(time.perf_counter() - started)
    ANSWERS.labels("refused" if refusal else "done", refusal or "").inc()


def refused_before_game(reason: str) -> None:
    """A click refused before its game was known (no such game, another channel, database down)."""
    ANSWERS.labels("refused", reason).inc()


def take_stock(games: Iterable[LiveGame], now: float) -> None:
    """The gauges of live games and deadlines, from the store's brief list of live games."""
    kinds: Tally[tuple[str, str]] = Tally()
    due = overdue = 0
    for game in games:
        kinds[(game.kind, game.status)] += 1
        if game.deadline is not None:
            if game.deadline < now:
                overdue += 1
            else:
                due += 1
    LIVE_GAMES.clear()
    for (kind, status), count in kinds.items():
        LIVE_GAMES.labels(kind, status).set(count)
    DEADLINES.labels("due").set(due)
    DEADLINES.labels("overdue").set(overdue)


class RateLimitCounter(logging.Handler):
    """discord.py waits out a 429 itself and only logs it (`discord.http`, "We are being rate
    limited"): those lines are counted."""

    def emit(self, record: logging.LogRecord) -> None:
        if isinstance(record.msg, str) and "429" in record.msg:
            RATE_LIMITED.inc()


def count_rate_limits() -> None:
    logger = logging.getLogger("discord.http")
    if not any(isinstance(h, RateLimitCounter) for h in logger.handlers):
        logger.addHandler(RateLimitCounter(level=logging.WARNING))


class MetricsEndpoint:
    """`GET /metrics` in Prometheus' text format; `live_games` is read at each scrape."""

    def __init__(self, live_games: Callable[[], Awaitable[list[LiveGame]]], host: str, port: int) -> None:
        self._live_games = live_games
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def _scrape(self, request: web.Request) -> web.Response:
        try:
            take_stock(await self._live_games(), time.time())
        except Exception:  # the database's trouble is itself a series; the rest is still served
            log.warning("reading the live games for the metrics failed", exc_info=True)
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("metrics at http://%s:%d/metrics", self.host, self.port)

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
