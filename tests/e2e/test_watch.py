"""Issue 40, end to end: the bot with its watch pages on, played through the loopback Discord. The
game message links to the page; the page shows the board; each move reaches an open page within a
second over Server-Sent Events; the page is read-only, sends strict security headers and opens only
for its signed link; `/monopoly watch off` closes open pages and ends the links given out."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import aiohttp

from tests.e2e.conftest import Harness
from tests.e2e.test_lobby import BEA, HOST, STRANGER, open_lobby
from tests.e2e.test_primary_player import highlighted
from tests.fakediscord.server import walk


def watch_link(message: dict[str, Any]) -> str | None:
    found = [c["url"] for c in walk(message.get("components") or []) if c.get("type") == 2 and c.get("style") == 5]
    return found[0] if found else None


class Stream:
    """An open live page's event stream."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response

    async def next(self, timeout: float = 5.0) -> tuple[str, dict[str, Any]]:
        kind, data = "message", ""
        async with asyncio.timeout(timeout):
            while True:
                line = (await self.response.content.readline()).decode().rstrip("\n")
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: "):
                    data += line[6:]
                elif line == "" and data:
                    return kind, json.loads(data)


async def started_game(h: Harness) -> int:
    lobby = await open_lobby(h)
    await h.fake.click(BEA, lobby, h.fake.buttons(lobby)["Join"])
    await h.fake.click(HOST, lobby, h.fake.buttons(lobby)["Start"])
    await h.fake.quiet()
    return lobby


async def test_the_game_message_links_to_a_live_page_that_follows_every_move(watched: Harness) -> None:
    h = watched
    msg = await started_game(h)
    url = watch_link(h.fake.messages[msg])
    assert url is not None and "/watch/" in url, "a Watch link button on the game message"
    async with aiohttp.ClientSession() as web:
        async with web.get(url) as page:
            assert page.status == 200
            html = await page.text()
            headers = page.headers
        assert '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024"' in html and "Mediter-" in html
        assert "script-src 'self'" in headers["Content-Security-Policy"] and "<script>" not in html
        assert 'href="/' not in html and 'src="/' not in html and 'data-events="/' not in html, (
            "relative addresses only: the pages also work under a proxy's path"
        )
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
        async with web.get(url + "/events") as events:
            stream = Stream(events)
            kind, first = await stream.next()
            assert kind == "view" and first["version"] >= 1
            for _ in range(4):  # each move reaches the page within a second
                message = h.fake.messages[msg]
                main = highlighted(message)
                if main is None:
                    break
                record = await h.bot.service.store.games.live_in_channel(int(message["channel_id"]))
                assert record is not None
                waiting = record.lobby.players[0].id if main else HOST
                from engine import games

                to_act = games.game(record.kind).to_act(h.bot.service.state_of(record))
                actor = int(to_act[0]) if to_act else waiting
                before = first["version"]
                clicked = time.monotonic()
                await h.fake.click(actor, msg, main)
                kind, first = await stream.next(timeout=1.0)
                assert kind == "view" and first["version"] > before, "the move reached the page"
                assert time.monotonic() - clicked < 1.0
            assert first["moves"], "the page tells the last moves in words"
        async with web.post(url) as posted:
            assert posted.status == 405, "read-only"


async def test_a_link_opens_only_its_game_and_watch_off_ends_it(watched: Harness) -> None:
    h = watched
    msg = await started_game(h)
    url = watch_link(h.fake.messages[msg])
    assert url is not None
    base, token = url.rsplit("/", 1)
    game, round_, mac = token.split(".")
    async with aiohttp.ClientSession() as web:
        for forged in (f"{int(game) + 1}.{round_}.{mac}", f"{game}.{round_}.{mac[:-1]}x", "nonsense"):
            async with web.get(f"{base}/{forged}") as refused:
                assert refused.status == 404 and "does not open a game" in await refused.text()
        answer = await h.fake.slash(STRANGER, "watch", {"switch": "off"})
        assert answer.ephemeral, "a stranger cannot end the sharing"
        async with web.get(url + "/events") as events:
            stream = Stream(events)
            assert (await stream.next())[0] == "view"
            answer = await h.fake.slash(HOST, "watch", {"switch": "off"})
            assert not answer.ephemeral
            kind, _ = await stream.next(timeout=2.0)
            assert kind == "closed", "open pages are told and let go"
        async with web.get(url) as gone:
            assert gone.status == 404
        await h.fake.quiet()
        assert watch_link(h.fake.messages[msg]) is None, "no Watch button while not shared"
        await h.fake.slash(HOST, "watch", {"switch": "on"})
        await h.fake.quiet()
        again = watch_link(h.fake.messages[msg])
        assert again is not None and again != url
        async with web.get(again) as page:
            assert page.status == 200
        async with web.get(url) as still_gone:
            assert still_gone.status == 404, "a link from before stays ended"


async def test_a_page_catches_up_after_the_bot_restarts(watched: Harness) -> None:
    """The stream ends with the bot; the browser reconnects (as EventSource does) and is sent the
    game as it is, then the moves after."""
    h = watched
    msg = await started_game(h)
    url = watch_link(h.fake.messages[msg])
    assert url is not None
    async with aiohttp.ClientSession() as web:
        async with web.get(url + "/events") as events:
            kind, before = await Stream(events).next()
            assert kind == "view"
            await h.stop_bot()
            assert await events.content.read() == b"", "the stream ends with the bot"
        await h.start_bot()
        await h.fake.quiet()
        async with web.get(url + "/events") as events:
            stream = Stream(events)
            kind, again = await stream.next()
            assert kind == "view" and again["version"] >= before["version"]
            main = highlighted(h.fake.messages[msg])
            assert main is not None
            await h.fake.click(HOST, msg, main)
            kind, after = await stream.next(timeout=1.0)
            assert kind == "view" and after["version"] > again["version"]


def test_the_rate_limit_refuses_a_flood_from_one_address_only() -> None:
    from cogs.web.server import RateLimit

    limit = RateLimit(per_s=2.0, burst=10)
    allowed = [limit.allow("10.0.0.1", 100.0) for _ in range(15)]
    assert allowed == [True] * 10 + [False] * 5
    assert limit.allow("10.0.0.2", 100.0), "another address is not held back"
    assert limit.allow("10.0.0.1", 101.0) and limit.allow("10.0.0.1", 101.0), "refilled at 2 a second"
    assert not limit.allow("10.0.0.1", 101.0)


async def test_too_many_requests_get_429_with_retry_after(watched: Harness) -> None:
    h = watched
    msg = await started_game(h)
    url = watch_link(h.fake.messages[msg])
    assert url is not None
    async with aiohttp.ClientSession() as web:
        statuses = []
        for _ in range(80):
            async with web.get(url.rsplit("/watch/", 1)[0] + "/static/watch.css") as answer:
                statuses.append(answer.status)
                retry = answer.headers.get("Retry-After")
        assert statuses[0] == 200 and statuses[-1] == 429 and retry == "5"
