"""Servers on SQLite: their settings, when the bot left them (retention) and what their members
asked to be forgotten (forget-me). Deleting or pseudonymizing games drops their kept records."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from bot.store import retention, sql
from bot.store.record_cache import RecordCache
from bot.store.sqlite.connection import SqliteConnection
from bot.store.sqlite.forget import forget_in_thread, purge_departed_in_thread
from bot.store.sqlite.writes import transaction


class SqliteServers:
    def __init__(self, connection: SqliteConnection, kept: RecordCache) -> None:
        self._c = connection
        self._kept = kept

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._c.all(sql.GUILD_SETTINGS, (guild_id,))
        return {str(k): json.loads(v) for k, v in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: object) -> None:
        """Store a server's value for `key`; None goes back to the default."""
        if value is None:
            await self._c.write_one(sql.DROP_GUILD_SETTING, (guild_id, key))
        else:
            await self._c.write_one(sql.SET_GUILD_SETTING, (guild_id, key, json.dumps(value)))

    async def guild_left(self, guild_id: int, at: float) -> None:
        await self._c.in_thread(_run, retention.LEFT, (guild_id, at))

    async def guild_back(self, guild_id: int) -> None:
        await self._c.in_thread(_run, retention.BACK, (guild_id,))

    async def purge_departed(self, before: float) -> list[int]:
        """Delete every server's data whose bot left before `before`; the servers purged."""
        guilds: list[int] = await self._c.in_thread(purge_departed_in_thread, before)
        if guilds:
            self._kept.clear()  # their games are gone
        return guilds

    async def forget_user(self, user_id: int) -> list[int]:
        """Delete the user's ratings, statistics and drafts and pseudonymize the games that seat them
        (`bot.store.forget`); the ids of those games."""
        games: list[int] = await self._c.in_thread(forget_in_thread, user_id)
        for game_id in games:
            self._kept.forget(game_id)
        return games


def _run(conn: sqlite3.Connection, statement: str, params: tuple[object, ...]) -> None:
    with transaction(conn):
        conn.execute(statement, params)
