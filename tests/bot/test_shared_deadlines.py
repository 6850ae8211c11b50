"""Deadlines with one shared PostgreSQL database and several processes: each process arms only the
deadlines of its own shards' guilds, and a deadline seen by two processes (a rolling restart, a
re-shard) is settled exactly once."""

from __future__ import annotations

import asyncio

from bot.service import Outcome
from bot.settings import Settings
from bot.store import GameStore
from bot.store.postgres import PostgresStore
from bot.tables import Tables
from bot.timers import Timers
from tests.stored import started_game
from tests.stores import drop_schema, pg_schema, postgres_url


def guild_on_shard(shard: int, count: int) -> int:
    """A guild id whose shard is `shard` of `count` (Discord: (guild_id >> 22) % count)."""
    return (1000 * count + shard) << 22


async def test_each_process_arms_its_shards_and_a_deadline_fires_once() -> None:
    url = postgres_url()
    schema = await pg_schema(url)
    stores: list[GameStore] = [PostgresStore(url, schema=schema, pool_size=3) for _ in range(3)]
    try:
        for store in stores:
            await store.open()
        setup = Tables.over(stores[0])
        games = {
            shard: (await started_game(setup, guild=guild_on_shard(shard, 3), channel=100 + shard)).record.id
            for shard in range(3)
        }
        # three processes after a re-shard to SHARD_COUNT=3, one shard each
        fired: list[tuple[int, Outcome]] = []
        processes = []
        for shard, store in enumerate(stores):
            # the store is given (a shared PostgreSQL database): no database file is used
            settings = Settings(token="a.b.c", shard_count=3, shard_ids=(shard,))

            async def on_fired(outcome: Outcome, shard: int = shard) -> None:
                fired.append((shard, outcome))

            timers = Timers(Tables.over(store).deadlines, on_fired, owns=settings.owns)
            assert await timers.restore() == 1, "each process arms the one game of its own shard"
            assert set(timers._tasks) == {games[shard]}
            processes.append(timers)
        for timers in processes:
            await timers.close()
        # the same overdue deadline seen by two processes at once settles once
        gid = games[1]
        record = await stores[0].games.get(gid)
        assert record is not None
        both = await asyncio.gather(
            Tables.over(stores[1]).deadlines.on_deadline(gid, record.version),
            Tables.over(stores[2]).deadlines.on_deadline(gid, record.version),
            return_exceptions=True,
        )
        settled = [o for o in both if isinstance(o, Outcome)]
        assert len(settled) == 1, both
        after = await stores[0].games.get(gid)
        assert after is not None and after.version == record.version + 1
    finally:
        for store in stores:
            await store.close()
        await drop_schema(url, schema)
