"""The PostgreSQL pool, handed to each part of the store: opening and migrating (one process at a
time, under an advisory lock), and its calls retried once after a cut connection (`Queries`)."""

from __future__ import annotations

import asyncpg

from bot.store.dialect import POSTGRES as pg
from bot.store.models import StoreUnavailable
from bot.store.postgres.retry import Queries
from bot.store.schema import migrations

_MIGRATION_LOCK = 7_351_240_001  # an advisory lock key: one process migrates at a time


def where(url: str) -> str:
    """The URL without its password, for messages."""
    head, sep, tail = url.partition("@")
    if not sep or "://" not in head:
        return url
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':')[0]}@{tail}"


class PostgresConnection:
    def __init__(self, url: str, schema: str | None = None, pool_size: int = 10) -> None:
        self.url = url
        self.schema = schema  # tests run each in a schema of their own
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self.q = Queries(lambda: self.pool)

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    async def open(self) -> None:
        if self._pool is not None:
            return
        settings = {"search_path": self.schema} if self.schema else None
        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self.pool_size, server_settings=settings, timeout=10
            )
            await self.migrate()
        except StoreUnavailable:
            await self.close()
            raise
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            await self.close()
            raise StoreUnavailable(f"cannot use DATABASE_URL {where(self.url)}: {exc}") from None

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            if not exists:
                return 0
            return int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_version"))

    async def migrate(self) -> None:
        steps = migrations(pg)
        newest = steps[-1][0]
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (number INTEGER PRIMARY KEY)")
                current = int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_version"))
                if current > newest:
                    raise StoreUnavailable(
                        f"DATABASE_URL {where(self.url)} has schema {current}, newer than this version of the bot "
                        f"knows ({newest}): run the newer bot"
                    )
                for number, statements in steps:
                    if number <= current:
                        continue
                    async with conn.transaction():
                        await conn.execute(statements)
                        await conn.execute("INSERT INTO schema_version (number) VALUES ($1)", number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
