"""Packed logs, trade offer messages, trade drafts and server settings on SQLite (a mixin of
`SqliteStore`)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import aiosqlite

from bot.store import sql
from bot.store.archive import pack, unpack
from bot.store.models import LogEntry

T = TypeVar("T")


def _archive_in_thread(conn: sqlite3.Connection, game_id: int) -> int:
    conn.execute("BEGIN IMMEDIATE")
    try:
        rows = conn.execute(sql.LOG_TO_ARCHIVE, (game_id,)).fetchall()
        if not rows:
            conn.execute("ROLLBACK")
            return 0
        data = pack(rows)
        conn.execute(sql.ARCHIVE, (game_id, len(rows), data))
        conn.execute(sql.DROP_LOG, (game_id,))
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return len(data)


class SqliteTables:
    if TYPE_CHECKING:  # provided by SqliteStore
        _write: Any

        @property
        def db(self) -> aiosqlite.Connection: ...

        @property
        def read(self) -> aiosqlite.Connection: ...

        async def _write_one(self, sql: str, params: tuple[object, ...]) -> int: ...

        async def _in_thread(self, function: Callable[..., T], *args: object) -> T: ...

        async def _one(self, sql: str, params: tuple[object, ...] = ()) -> tuple[Any, ...] | None: ...

        async def _all(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]: ...

    # --- packed logs of finished games -------------------------------------------------------

    async def _archived(self, game_id: int) -> list[LogEntry]:
        row = await self._one(sql.ARCHIVED, (game_id,))
        return unpack(game_id, bytes(row[0])) if row else []

    async def archive_log(self, game_id: int) -> int:
        """Pack a finished game's log into one compressed blob (its rows go); the blob's size, or 0
        when there is nothing to pack."""
        return int(await self._in_thread(_archive_in_thread, game_id))

    # --- trade offers and drafts ------------------------------------------------------------

    async def set_offer_post(self, game_id: int, offer_id: int, message_id: int) -> None:
        await self._write_one(sql.SET_OFFER_POST, (game_id, offer_id, message_id))

    async def offer_post(self, game_id: int, offer_id: int) -> int | None:
        row = await self._one(sql.OFFER_POST, (game_id, offer_id))
        return int(row[0]) if row else None

    async def put_draft(self, game_id: int, user_id: int, draft_json: str) -> None:
        await self._write_one(sql.PUT_DRAFT, (game_id, user_id, draft_json, time.time()))

    async def get_draft(self, game_id: int, user_id: int) -> str | None:
        row = await self._one(sql.GET_DRAFT, (game_id, user_id))
        return str(row[0]) if row else None

    async def take_draft(self, game_id: int, user_id: int) -> str | None:
        """Remove and return a draft: of several concurrent takers, exactly one gets it."""
        async with (
            self._write,
            self.db.execute(sql.TAKE_DRAFT, (game_id, user_id)) as cur,
        ):
            row = await cur.fetchone()
        return str(row[0]) if row else None

    # --- server settings -----------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._all(sql.GUILD_SETTINGS, (guild_id,))
        return {str(k): json.loads(v) for k, v in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: object) -> None:
        """Store a server's value for `key`; None goes back to the default."""
        if value is None:
            await self._write_one(sql.DROP_GUILD_SETTING, (guild_id, key))
        else:
            await self._write_one(sql.SET_GUILD_SETTING, (guild_id, key, json.dumps(value)))
