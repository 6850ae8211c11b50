"""asyncpg calls that survive a cut connection: a failover, a server restart or a pooler closing
connections looks to the bot like an error on one call. A read is tried once more on a fresh
connection (the pool replaces the broken one) and, if the database still does not answer, raises
`DatabaseDown`; an idempotent write likewise, raising `NotSaved`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import asyncpg

from bot import metrics
from bot.store.models import DatabaseDown, NotSaved

log = logging.getLogger(__name__)
T = TypeVar("T")

# What a lost connection looks like: the socket, the driver, or the server going away.
CUT = (
    OSError,
    TimeoutError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.OperatorInterventionError,  # terminated by an administrator, shutting down, starting up
    asyncpg.InternalClientError,  # the driver's state of a connection broken mid-operation
)
RETRY_PAUSE_S = 0.05


def is_cut(exc: BaseException) -> bool:
    return isinstance(exc, CUT)


async def twice(call: Callable[[], Awaitable[T]], what: str) -> T:
    """`call()`; after a cut connection, once more on a fresh one."""
    try:
        return await call()
    except CUT as exc:
        log.warning("database connection lost during %s (%s); trying again", what, type(exc).__name__)
        metrics.DATABASE_ERRORS.labels("retry").inc()
    await asyncio.sleep(RETRY_PAUSE_S)
    return await call()


class Queries:
    """The pool's read and idempotent-write calls, each retried once after a cut connection."""

    def __init__(self, pool: Callable[[], asyncpg.Pool]) -> None:
        self._pool = pool

    async def _read(self, method: str, sql: str, *params: object) -> Any:
        try:
            return await twice(lambda: getattr(self._pool(), method)(sql, *params), "a read")
        except CUT as exc:
            metrics.DATABASE_ERRORS.labels("down").inc()
            raise DatabaseDown(str(exc) or type(exc).__name__) from exc

    async def fetchrow(self, sql: str, *params: object) -> Any:
        return await self._read("fetchrow", sql, *params)

    async def fetch(self, sql: str, *params: object) -> list[Any]:
        rows: list[Any] = await self._read("fetch", sql, *params)
        return rows

    async def fetchval(self, sql: str, *params: object) -> Any:
        return await self._read("fetchval", sql, *params)

    async def execute(self, sql: str, *params: object) -> str:
        """An idempotent write (the same statement twice leaves the same rows)."""
        try:
            return str(await twice(lambda: self._pool().execute(sql, *params), "a write"))
        except (asyncpg.PostgresError, *CUT) as exc:
            raise NotSaved("database", str(exc)) from exc
