"""Start the real bot against the loopback Discord."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import create_bot
from bot.settings import Settings
from tests.fakediscord.server import FakeDiscord

TOKEN = "fake.token.value"
GUILD_READY_TIMEOUT_S = 0.25


class Harness:
    """The fake Discord plus a running bot that can be restarted on the same database."""

    def __init__(self, fake: FakeDiscord, db: Path, **settings: Any) -> None:
        self.fake = fake
        self.db = db
        # e.g. shard_count, shard_ids; pictures are drawn in a thread unless a test asks for workers
        self.overrides = {"picture_workers": 0, **settings}
        self.bot: Any = None
        self._task: asyncio.Task[None] | None = None

    def settings(self) -> Settings:
        return Settings(
            token=TOKEN,
            database_path=self.db,
            api_base=self.fake.api_base,
            gateway_url=self.fake.gateway_url,
            **self.overrides,
        )

    async def start_bot(self) -> None:
        self.fake.identified.clear()
        self.bot = create_bot(self.settings())
        # discord.py waits this long after the last GUILD_CREATE before READY (2 s by default, to let
        # a real gateway's stream of guilds end); the loopback Discord sends its one guild at once.
        self.bot._connection.guild_ready_timeout = GUILD_READY_TIMEOUT_S
        self._task = asyncio.create_task(self.bot.start(TOKEN))
        await asyncio.wait_for(self.fake.identified.wait(), 15)
        await asyncio.wait_for(self.bot.wait_until_ready(), 15)

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._task, 10)
        self.bot = None

    async def restart(self) -> None:
        await self.stop_bot()
        await self.start_bot()

    async def restart_after_deadline(self, game_id: int) -> None:
        """Stop the bot, let the game's stored deadline pass while it is down, start it again."""
        await self.stop_bot()
        db = sqlite3.connect(self.db)
        db.execute("UPDATE games SET deadline = ? WHERE id = ?", (time.time() - 1, game_id))
        db.commit()
        db.close()
        await self.start_bot()


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, db: Path, **settings: Any) -> AsyncIterator[Harness]:
    """The loopback Discord and a bot on it; afterwards, nothing real Discord would have refused."""
    await fake.start()
    h = Harness(fake, db, **settings)
    await h.start_bot()
    try:
        yield h
    finally:
        await h.stop_bot()
        await fake.stop()
    assert fake.violations == [], "requests real Discord would reject:\n" + "\n".join(fake.violations)
    assert fake.rate_limited == [], f"requests over Discord's rate limits: {fake.rate_limited[:5]}"


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running(FakeDiscord(), tmp_path / "games.sqlite3") as h:
        yield h


# The watch pages (issue 40): a bot serving them on a free port of this machine.
WATCH_SECRET = "w" * 40


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.asynccontextmanager
async def watching(db: Path) -> AsyncIterator[Harness]:
    """The loopback Discord and a bot with its watch pages on, its users known."""
    from tests.e2e.test_lobby import setup_users

    port = free_port()
    settings = {"web_port": port, "public_url": f"http://127.0.0.1:{port}", "web_secret": WATCH_SECRET}
    async with running(FakeDiscord(), db, **settings) as h:
        setup_users(h)
        yield h


@pytest.fixture
async def watched(tmp_path: Path) -> AsyncIterator[Harness]:
    async with watching(tmp_path / "games.sqlite3") as h:
        yield h
