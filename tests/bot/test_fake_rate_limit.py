"""The test Discord enforces Discord's global rate limit as Discord does: 50 requests a second per
bot token, interaction endpoints exempt, a 429 over it with how long to wait; and discord.py, as
the bot uses it, waits and retries."""

from __future__ import annotations

import asyncio

import aiohttp

from tests.fakediscord.ratelimit import GLOBAL_PER_S
from tests.fakediscord.server import FakeDiscord

AUTH = {"Authorization": "Bot fake.token.value"}


async def test_over_fifty_requests_a_second_get_a_429_until_the_second_has_passed() -> None:
    fake = FakeDiscord()
    await fake.start()
    try:
        async with aiohttp.ClientSession() as http:
            url = f"{fake.api_base}/users/@me"
            statuses = []
            for _ in range(GLOBAL_PER_S):
                async with http.get(url, headers=AUTH) as response:
                    statuses.append(response.status)
            assert statuses == [200] * GLOBAL_PER_S
            async with http.get(url, headers=AUTH) as response:
                assert response.status == 429
                data = await response.json()
                assert data["global"] is True and data["message"] == "You are being rate limited."
                assert 0 < data["retry_after"] <= 1.0
                assert response.headers["X-RateLimit-Global"] == "true"
                assert response.headers["X-RateLimit-Scope"] == "global"
                assert response.headers["Via"]  # discord.py takes a 429 without it for a Cloudflare ban
            assert fake.rate_limited == [("GET", "/api/v10/users/@me")]
            assert len(fake.requests) == GLOBAL_PER_S  # the refused one is not among the served
            # Answers to interactions are not bound by the global limit.
            callback = f"{fake.api_base}/interactions/1/token/callback"
            async with http.post(callback, json={"type": 1}) as response:
                assert response.status != 429
            await asyncio.sleep(data["retry_after"])
            async with http.get(url, headers=AUTH) as response:
                assert response.status == 200
    finally:
        await fake.stop()


async def test_discord_py_waits_out_a_global_429_and_retries() -> None:
    import discord

    fake = FakeDiscord()
    await fake.start()
    client = discord.Client(intents=discord.Intents.none())
    base = discord.http.Route.BASE
    try:
        discord.http.Route.BASE = fake.api_base
        await client.login("fake.token.value")
        fake.global_limit.per_s = 3
        users = await asyncio.wait_for(
            asyncio.gather(*(client.http.static_login("fake.token.value") for _ in range(6))), 10
        )
        assert len(users) == 6 and fake.rate_limited  # some were refused first, then all went through
        assert len(fake.requests) >= 7  # the login and the six, each served once in the end
    finally:
        discord.http.Route.BASE = base
        await client.close()
        await fake.stop()
