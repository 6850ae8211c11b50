"""Results, statistics and ratings on PostgreSQL (a mixin of `PostgresStore`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import asyncpg

from bot.store import retention, sql
from bot.store.dialect import POSTGRES as pg
from bot.store.forget import alias_of, forget_in_archive, forget_in_lobby, mentions, swap_ids
from bot.store.models import GameResult, NotSaved, PlayerResult, Rating
from bot.store.postgres.retry import CUT, Queries
from bot.store.rows import (
    game_result_from,
    game_result_values,
    player_result_from,
    player_result_values,
    rating_from,
)


class PostgresResults:
    if TYPE_CHECKING:  # provided by PostgresStore

        @property
        def pool(self) -> asyncpg.Pool: ...

        q: Queries

        async def _write(self, sql: str, *params: object) -> str: ...

    # --- servers the bot left ---------------------------------------------------------------------

    async def guild_left(self, guild_id: int, at: float) -> None:
        await self._write(pg(retention.LEFT), guild_id, at)

    async def guild_back(self, guild_id: int) -> None:
        await self._write(pg(retention.BACK), guild_id)

    async def purge_departed(self, before: float) -> list[int]:
        """Delete every server's data whose bot left before `before`; the servers purged."""
        try:
            async with self.pool.acquire() as conn, conn.transaction():
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
            async with self.pool.acquire() as conn, conn.transaction():
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

    # --- results, statistics and ratings ---------------------------------------------------------

    async def save_result(
        self,
        result: GameResult,
        players: list[PlayerResult],
        rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
    ) -> GameResult | None:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                # Ratings of one server and game change one finished game at a time, in any process.
                await conn.execute(
                    "SELECT pg_advisory_xact_lock($1, hashtext($2))", result.guild_id % 2**31, result.kind
                )
                if await conn.fetchval(pg(sql.RESULT_EXISTS), result.game_id):
                    return None
                users, ids = pg.among("user_id", [p.user_id for p in players])
                rows = await conn.fetch(pg(sql.RATINGS_OF + users), result.guild_id, result.kind, *ids)
                changes = rate({r[0]: rating_from(r) for r in rows})
                result = result.rated(changes)
                await conn.execute(pg(sql.ADD_GAME_RESULT), *game_result_values(result))
                await conn.executemany(pg(sql.ADD_PLAYER_RESULT), [player_result_values(p) for p in players])
                await conn.executemany(
                    pg(sql.SET_RATING),
                    [
                        (result.guild_id, result.kind, new.user_id, new.mu, new.sigma, new.games, new.wins)
                        for _, new in changes
                    ],
                )
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return result

    async def game_result(self, game_id: int) -> GameResult | None:
        row = await self.q.fetchrow(pg(sql.GAME_RESULT), game_id)
        return game_result_from(row) if row else None

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self.q.fetch(pg(sql.LEADERBOARD), guild_id, kind, limit)
        return [rating_from(r) for r in rows]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        row = await self.q.fetchrow(pg(sql.RATING), guild_id, kind, user_id)
        return rating_from(row) if row else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        rows = await self.q.fetch(pg(sql.PLAYER_RESULTS), guild_id, user_id)
        return [player_result_from(r) for r in rows]

    async def clear_results(self) -> None:
        await self._write("TRUNCATE " + ", ".join(sql.DERIVED_TABLES))  # PostgreSQL's quick DELETE FROM all


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
