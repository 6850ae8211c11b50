"""Results, statistics and ratings on PostgreSQL: tables derived from the action logs, so they can
always be rebuilt from them (`bot.records`)."""

from __future__ import annotations

from collections.abc import Callable

import asyncpg

from bot.store import sql
from bot.store.dialect import POSTGRES as pg
from bot.store.models import GameRecord, GameResult, NotSaved, PlayerResult, Rating
from bot.store.postgres.connection import PostgresConnection
from bot.store.rows import (
    game_record,
    game_result_from,
    game_result_values,
    player_result_from,
    player_result_values,
    rating_from,
)


class PostgresRecords:
    def __init__(self, connection: PostgresConnection) -> None:
        self._c = connection

    async def finished_games(self) -> list[GameRecord]:
        rows = await self._c.q.fetch(pg(sql.FINISHED_GAMES))
        return [game_record(r) for r in rows]

    async def save_result(
        self,
        result: GameResult,
        players: list[PlayerResult],
        rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
    ) -> GameResult | None:
        try:
            async with self._c.pool.acquire() as conn, conn.transaction():
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
        row = await self._c.q.fetchrow(pg(sql.GAME_RESULT), game_id)
        return game_result_from(row) if row else None

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self._c.q.fetch(pg(sql.LEADERBOARD), guild_id, kind, limit)
        return [rating_from(r) for r in rows]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        row = await self._c.q.fetchrow(pg(sql.RATING), guild_id, kind, user_id)
        return rating_from(row) if row else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        rows = await self._c.q.fetch(pg(sql.PLAYER_RESULTS), guild_id, user_id)
        return [player_result_from(r) for r in rows]

    async def clear_results(self) -> None:
        await self._c.q.execute("TRUNCATE " + ", ".join(sql.DERIVED_TABLES))  # PostgreSQL's quick DELETE FROM all
