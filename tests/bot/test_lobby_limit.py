"""Issue 29: one member sending `/monopoly start` in 100 channels at once opens only as many lobbies
as a host may hold — counted and opened atomically, also by two processes on one database."""

from __future__ import annotations

import asyncio

from bot.service import ServiceError
from bot.store import GameStore, LobbyPlayer
from bot.tables import Tables


async def test_a_host_cannot_open_more_lobbies_by_opening_them_all_at_once(any_store: GameStore) -> None:
    processes = [Tables.over(any_store), Tables.over(any_store)]  # two bots sharing the database
    host = LobbyPlayer(id=77, name="spam")

    async def start(channel: int) -> bool:
        lobbies = processes[channel % 2].lobbies
        try:
            await lobbies.open_lobby(
                guild_id=1,
                channel_id=1000 + channel,
                kind="mega",
                host=host,
                locale="en",
                options={},
                turn_timeout_s=60,
                missed_turn_limit=3,
            )
        except ServiceError as exc:
            assert exc.key == "too_many_lobbies" and exc.params == {"max": 3}
            return False
        return True

    opened = await asyncio.gather(*(start(c) for c in range(100)))
    assert sum(opened) == 3
    assert await any_store.games.open_lobbies_of(77) == 3
