"""PostgreSQL storage (asyncpg), chosen by DATABASE_URL=postgresql://…: one database shared by every
bot process, so shards can move between processes (a re-shard) without stranding a game.

Same contract as the SQLite store: numbered migrations (`bot.store.schema`, the same list), one
transaction per accepted action. Several processes may touch one game during a rolling restart; the
version check lets exactly one change through (a deadline seen by two processes fires once), the
other gets VersionConflict. The store is its four concerns (`bot.store.base`), each handed the pool.
"""

from __future__ import annotations

from bot.store.postgres.connection import PostgresConnection
from bot.store.postgres.deadlines import PostgresDeadlines
from bot.store.postgres.games import PostgresGames
from bot.store.postgres.results import PostgresRecords
from bot.store.postgres.servers import PostgresServers


class PostgresStore:
    def __init__(self, url: str, schema: str | None = None, pool_size: int = 10) -> None:
        self.connection = PostgresConnection(url, schema, pool_size)
        self.games = PostgresGames(self.connection)
        self.deadlines = PostgresDeadlines(self.connection)
        self.records = PostgresRecords(self.connection)
        self.servers = PostgresServers(self.connection)

    async def open(self) -> None:
        await self.connection.open()

    async def close(self) -> None:
        await self.connection.close()
