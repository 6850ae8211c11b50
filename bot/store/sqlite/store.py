"""aiosqlite storage: WAL, numbered migrations, one transaction per accepted action. The store is
its four concerns (`bot.store.base`), each handed the one connection and, where it changes games,
the records this process keeps."""

from __future__ import annotations

from pathlib import Path

from bot.store.record_cache import RecordCache
from bot.store.sqlite.connection import SqliteConnection
from bot.store.sqlite.deadlines import SqliteDeadlines
from bot.store.sqlite.games import SqliteGames
from bot.store.sqlite.results import SqliteRecords
from bot.store.sqlite.servers import SqliteServers


class SqliteStore:
    def __init__(self, path: Path | str, synchronous: str = "NORMAL") -> None:
        self.connection = SqliteConnection(path, synchronous)
        kept = RecordCache()  # this process is the file's only writer (the connection locks it)
        self.kept = kept
        self.games = SqliteGames(self.connection, kept)
        self.deadlines = SqliteDeadlines(self.connection, kept)
        self.records = SqliteRecords(self.connection)
        self.servers = SqliteServers(self.connection, kept)

    async def open(self) -> None:
        await self.connection.open()

    async def close(self) -> None:
        await self.connection.close()
