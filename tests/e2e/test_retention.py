"""Issue 29 end to end: the bot is removed from a server through the gateway (GUILD_DELETE); after
the retention period that server's settings and games are deleted, while a server the bot was
invited back to keeps everything. Zero retention days here, so the sweep at the next start is due."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.e2e.conftest import running
from tests.e2e.test_lobby import HOST, open_lobby, setup_users
from tests.fakediscord.server import CHANNEL_ID, GUILD_ID, FakeDiscord

OTHER_GUILD, OTHER_CHANNEL = GUILD_ID + 77, CHANNEL_ID + 77


def _departed(db: Path) -> set[int]:
    with sqlite3.connect(db) as conn:
        return {int(row[0]) for row in conn.execute("SELECT guild_id FROM guild_departures")}


async def _until(check, timeout: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the bot did not take note in time")


async def test_a_server_that_removed_the_bot_is_forgotten_after_the_retention_period(tmp_path: Path) -> None:
    fake, db = FakeDiscord(), tmp_path / "games.sqlite3"
    fake.add_guild(OTHER_GUILD, OTHER_CHANNEL)
    async with running(fake, db, retention_days=0) as h:
        setup_users(h)
        for channel in (CHANNEL_ID, OTHER_CHANNEL):
            saved = await h.fake.slash(
                HOST, "settings", {"setting": "mega.starting_cash", "value": "2000"}, admin=True, channel_id=channel
            )
            assert saved.ephemeral and "$2,000" in saved.content
        await open_lobby(h)
        store = h.bot.service.store
        assert await store.games.live_in_channel(CHANNEL_ID) is not None

        await fake.remove_from_guild(GUILD_ID)
        await fake.remove_from_guild(OTHER_GUILD)
        await _until(lambda: _departed(db) == {GUILD_ID, OTHER_GUILD})
        await fake.add_to_guild(OTHER_GUILD, OTHER_CHANNEL)  # invited back: nothing of it is deleted
        await _until(lambda: _departed(db) == {GUILD_ID})
        assert await store.servers.guild_settings(GUILD_ID) != {}, "nothing is deleted before the period is over"

        await h.restart()  # the sweep runs at every start (and hourly)
        store = h.bot.service.store
        await _until(lambda: _departed(db) == set())
        assert await store.servers.guild_settings(GUILD_ID) == {}
        assert await store.games.live_in_channel(CHANNEL_ID) is None
        assert await store.servers.guild_settings(OTHER_GUILD) == {"mega.starting_cash": 2000}
