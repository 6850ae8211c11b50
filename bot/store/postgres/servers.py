"""Servers on PostgreSQL: their settings, when the bot left them (retention) and what their members
asked to be forgotten (forget-me), each deletion in one transaction."""

from __future__ import annotations

import json
from typing import Any

import asyncpg

from bot.store import retention, sql
from bot.store.dialect import POSTGRES as pg
from bot.store.forget import alias_of, forget_in_archive, forget_in_lobby, mentions, swap_ids
from bot.store.models import NotSaved
from bot.store.postgres.connection import PostgresConnection
from bot.store.postgres.retry import CUT


class PostgresServers:
    def __init__(self, connection: PostgresConnection) -> None:
        self._c = connection

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        rows = await self._c.q.fetch(pg(sql.GUILD_SETTINGS), guild_id)
        return {str(r[0]): json.loads(r[1]) for r in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: object) -> None:
        if value is None:
            await self._c.q.execute(pg(sql.DROP_GUILD_SETTING), guild_id, key)
        else:
            await self._c.q.execute(pg(sql.SET_GUILD_SETTING), guild_id, key, json.dumps(value))

    # --- servers the bot left ---------------------------------------------------------------------

    async def guild_left(self, guild_id: int, at: float) -> None:
        await self._c.q.execute(pg(retention.LEFT), guild_id, at)

    async def guild_back(self, guild_id: int) -> None:
        await self._c.q.execute(pg(retention.BACK), guild_id)

    async def purge_departed(self, before: float) -> list[int]:
        """Delete every server's data whose bot left before `before`; the servers purged."""
        try:
            async with self._c.pool.acquire() as conn, conn.transaction():
                rows = await conn.fetch(pg(retention.DUE), before)
                guilds = [int(r[0]) for r in rows]
                for guild in guilds:
                    for statement in retention.PURGE_GUILD:
                        await conn.execute(pg(statement), *(guild,) * statement.count("?"))
        except (asyncpg.PostgresError, *CUT) as exc:
            raise NotSaved("database", str(exc)) from exc
        return guilds

    # --- forgetting a user ----------------------------------------------------------------------------

    async def forget_user(self, user_id: int) -> list[int]:
        """Delete the user's ratings, statistics and drafts and pseudonymize the games that seat them
        (`bot.store.forget`), in one transaction; the ids of those games."""
        try:
            async with self._c.pool.acquire() as conn, conn.transaction():
                for table in sql.USER_TABLES:
                    await conn.execute(pg(sql.delete_user_rows(table)), user_id)
                games = await conn.fetch(pg(sql.GAMES_SEATING + pg.lock_rows), mentions(user_id))
                for game_id, lobby_json, state_json, host_id in games:
                    state = None if state_json is None else swap_ids(state_json, user_id)
                    host = alias_of(user_id) if host_id == user_id else host_id
                    await conn.execute(
                        pg(sql.PSEUDONYMIZE_GAME),
                        forget_in_lobby(lobby_json, user_id),
                        state,
                        host,
                        game_id,
                    )
                    await _forget_log(conn, game_id, user_id)
        except (asyncpg.PostgresError, *CUT) as exc:
            raise NotSaved("database", str(exc)) from exc
        return [int(g[0]) for g in games]


async def _forget_log(conn: asyncpg.Connection, game_id: int, user_id: int) -> None:
    """The game's logged moves (rows or packed) and its story carry the pseudonym too."""
    moves = await conn.fetch(pg(sql.MOVES), game_id)
    await conn.executemany(
        pg(sql.PSEUDONYMIZE_MOVE),
        [
            (None if a is None else swap_ids(a, user_id), swap_ids(act, user_id), swap_ids(ev, user_id), game_id, seq)
            for seq, a, act, ev in moves
        ],
    )
    packed = await conn.fetchval(pg(sql.ARCHIVED), game_id)
    if packed is not None:
        data = forget_in_archive(bytes(packed), user_id)
        await conn.execute(pg(sql.PSEUDONYMIZE_ARCHIVE), data, game_id)
    result = await conn.fetchrow(pg(sql.RESULT_TEXTS), game_id)
    if result is not None:
        await conn.execute(
            pg(sql.PSEUDONYMIZE_RESULT),
            swap_ids(result[0], user_id),
            swap_ids(result[1], user_id),
            game_id,
        )
