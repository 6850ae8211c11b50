"""The watch pages' server, on the bot's own event loop (aiohttp, as the metrics are): read-only
(GET only), every page behind a signed link (`bot.watch`), strict security headers, a rate limit
per address. A live page gets each saved move over Server-Sent Events; after a restart its browser
reconnects by itself and is sent the game as it is."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from bot.i18n import t
from bot.store import GameRecord, GameResult
from bot.watch import WatchDesk
from cogs.records import charted, story_description, story_sections
from cogs.web import pages
from cogs.web.hub import Hub
from cogs.web.views import MOVES, View, live_view, replay_data, title_of
from engine.core.jsondata import JsonObject

log = logging.getLogger(__name__)

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
STATIC = {
    "watch.js": "text/javascript",
    "replay.js": "text/javascript",
    "watch.css": "text/css",
    "icon.svg": "image/svg+xml",
}
KEEPALIVE_S = 15.0
TOKEN_KEY = web.AppKey("token", str)


class RateLimit:
    """A token bucket per address: `burst` requests at once, then `per_s` a second; and at most
    `streams` live pages open at once per address."""

    def __init__(self, per_s: float = 2.0, burst: int = 60, streams: int = 20) -> None:
        self.per_s, self.burst, self.streams = per_s, burst, streams
        self._buckets: dict[str, tuple[float, float]] = {}
        self.open: dict[str, int] = {}

    def allow(self, address: str, now: float) -> bool:
        level, at = self._buckets.get(address, (float(self.burst), now))
        level = min(float(self.burst), level + (now - at) * self.per_s)
        if level < 1:
            self._buckets[address] = (level, now)
            return False
        self._buckets[address] = (level - 1, now)
        if len(self._buckets) > 100_000:  # forget the oldest addresses rather than grow without end
            for key in list(self._buckets)[:50_000]:
                del self._buckets[key]
        return True


def address_of(request: web.Request) -> str:
    """The reader's address: the peer's, or the first forwarded one when the peer is a proxy on
    this machine (a reverse proxy in front of WEB_PORT)."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and peer in ("127.0.0.1", "::1"):
        return forwarded.split(",")[0].strip() or peer
    return peer


class WatchServer:
    """Serves the watch pages of the games in `store`, for links signed by `desk`."""

    def __init__(
        self,
        desk: WatchDesk,
        store: Any,
        state_of: Callable[[GameRecord], Any],
        draw: Callable[..., Awaitable[bytes]],
        host: str,
        port: int,
        limit: RateLimit | None = None,
    ) -> None:
        self.desk, self.store, self.state_of, self.draw = desk, store, state_of, draw
        self.host, self.port = host, port
        self.limit = limit or RateLimit()
        self.hub = Hub(self._build)
        self._runner: web.AppRunner | None = None
        self._statics = {name: resources.files("cogs.web").joinpath("static", name).read_bytes() for name in STATIC}
        self._replays: dict[tuple[int, int], bytes] = {}

    # --- running -------------------------------------------------------------------------------

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._headers, self._rate_limit])
        app.router.add_get("/watch/{token}", self._live)
        app.router.add_get("/watch/{token}/events", self._events)
        app.router.add_get("/watch/{token}/replay", self._replay_page)
        app.router.add_get("/watch/{token}/steps", self._steps)
        app.router.add_get("/watch/{token}/story.png", self._story)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/favicon.ico", self._icon)
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app(), access_log=None, handler_cancellation=True)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("watch pages at http://%s:%s/ (linked as %s)", self.host, self.port, self.desk.links.public_url)

    async def close(self) -> None:
        await self.hub.stop()
        if self._runner is not None:
            await self._runner.cleanup()

    # --- middlewares ---------------------------------------------------------------------------

    @web.middleware
    async def _headers(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
        except web.HTTPException as refused:
            refused.headers.update(SECURITY_HEADERS)
            refused.headers.setdefault("Cache-Control", "no-store")
            raise
        if not response.prepared:
            response.headers.update(SECURITY_HEADERS)
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @web.middleware
    async def _rate_limit(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not self.limit.allow(address_of(request), time.monotonic()):
            body = pages.message_page("en", t("en", "web.too_many"))
            return web.Response(status=429, text=body, content_type="text/html", headers={"Retry-After": "5"})
        response: web.StreamResponse = await handler(request)
        return response

    # --- who may watch -------------------------------------------------------------------------

    async def _open(self, request: web.Request) -> GameRecord:
        """The game a link opens, or a 404 that says the same for a forged, a revoked and an
        unknown link."""
        token = request.match_info["token"]
        read = self.desk.links.read(token)
        record: GameRecord | None = await self.store.games.get(read[0]) if read is not None else None
        if read is None or record is None or not await self.desk.opens(record.guild_id, record.id, read[1]):
            text = pages.message_page("en", t("en", "web.gone") + " / " + t("ja", "web.gone"))
            raise web.HTTPNotFound(text=text, content_type="text/html")
        return record

    async def _view(self, record: GameRecord) -> tuple[View, str]:
        """The game's view now, and its board's static layer."""
        return live_view(record, self.state_of(record), await self.store.games.history(record.id, MOVES))

    async def _build(self, game_id: int) -> View | None:
        record = await self.store.games.get(game_id)
        if record is None or record.state_json is None:
            return None
        return (await self._view(record))[0]

    async def _result(self, record: GameRecord) -> GameResult | None:
        """A finished game's result (its story), if it has one."""
        return await self.store.records.game_result(record.id) if record.status == "finished" else None

    # --- pages ---------------------------------------------------------------------------------

    async def _live(self, request: web.Request) -> web.Response:
        record = await self._open(request)
        if record.state_json is None:
            raise web.HTTPNotFound(text=pages.message_page(record.locale, t(record.locale, "web.not_started")))
        view, static = await self._view(record)
        body = pages.live_page(view, static, request.match_info["token"])
        return web.Response(text=body, content_type="text/html")

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """The live page's stream: the game now, then each saved move, until the sharing ends."""
        record = await self._open(request)
        address = address_of(request)
        if self.limit.open.get(address, 0) >= self.limit.streams:
            raise web.HTTPTooManyRequests(text=t("en", "web.too_many"))
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        response.headers.update(SECURITY_HEADERS)
        response.headers["Cache-Control"] = "no-store"
        self.limit.open[address] = self.limit.open.get(address, 0) + 1
        try:
            await response.prepare(request)
            await response.write(b"retry: 2000\n\n")
            async with self.hub.watch(record.id) as news:
                if record.state_json is not None:
                    view = (await self._view(record))[0]
                    await response.write(_event("view", view.version, view.public()))
                await self._stream(response, news)
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.limit.open[address] -= 1
            if not self.limit.open[address]:
                del self.limit.open[address]
        return response

    async def _stream(self, response: web.StreamResponse, news: asyncio.Queue[Any]) -> None:
        while True:
            try:
                told = await asyncio.wait_for(news.get(), KEEPALIVE_S)
            except TimeoutError:
                await response.write(b": keep-alive\n\n")
                continue
            if told.view is None:
                if told.closed:
                    await response.write(_event("closed", 0, {}))
                return
            await response.write(_event("view", told.view.version, told.view.public()))

    async def _replay_page(self, request: web.Request) -> web.Response:
        record = await self._open(request)
        result = await self._result(record)
        story = story_description(record, result) if result is not None and charted(result) else None
        body = pages.replay_page(title_of(record), record.locale, request.match_info["token"], story)
        return web.Response(text=body, content_type="text/html")

    async def _steps(self, request: web.Request) -> web.Response:
        """Every step of the game (built once per version, compressed)."""
        record = await self._open(request)
        key = (record.id, record.version)
        if key not in self._replays:
            data = replay_data(record, await self.store.games.log(record.id))
            if len(self._replays) > 32:
                self._replays.pop(next(iter(self._replays)))
            self._replays[key] = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        response = web.Response(body=self._replays[key], content_type="application/json")
        response.enable_compression()
        return response

    async def _story(self, request: web.Request) -> web.Response:
        record = await self._open(request)
        result = await self._result(record)
        if result is None:
            raise web.HTTPNotFound()
        _, job = story_sections(record, result)
        if job is None:  # a game that tells no story of its own has no chart
            raise web.HTTPNotFound()
        function, args = job
        return web.Response(body=await self.draw(function, *args), content_type="image/png")

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        response = web.Response(body=self._statics[name], content_type=STATIC[name])
        response.headers["Cache-Control"] = "public, max-age=3600"
        return response

    async def _icon(self, request: web.Request) -> web.Response:
        return web.Response(body=self._statics["icon.svg"], content_type="image/svg+xml")


def _event(kind: str, version: int, data: JsonObject) -> bytes:
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"id: {version}\nevent: {kind}\ndata: {payload}\n\n".encode()
