"""Results, statistics and ratings on PostgreSQL (a mixin of `PostgresStore`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.store.models import GameResult, NotSaved, PlayerResult, Rating
from bot.store.pg_retry import Queries
from bot.store.rows import (
    GAME_RESULT_COLUMNS,
    PLAYER_RESULT_COLUMNS,
    RATING_COLUMNS,
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

        async def _write(self, sql: str, *params: Any) -> str: ...

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
                if await conn.fetchval("SELECT 1 FROM game_results WHERE game_id = $1", result.game_id):
                    return None
                rows = await conn.fetch(
                    f"SELECT {RATING_COLUMNS} FROM ratings "
                    "WHERE guild_id = $1 AND kind = $2 AND user_id = ANY($3::bigint[])",
                    result.guild_id,
                    result.kind,
                    [p.user_id for p in players],
                )
                changes = rate({r[0]: rating_from(r) for r in rows})
                result = result.rated(changes)
                await conn.execute(
                    f"INSERT INTO game_results ({GAME_RESULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    *game_result_values(result),
                )
                await conn.executemany(
                    f"INSERT INTO player_results ({PLAYER_RESULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    [player_result_values(p) for p in players],
                )
                await conn.executemany(
                    "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games, wins) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7) "
                    "ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, "
                    "games = EXCLUDED.games, wins = EXCLUDED.wins",
                    [
                        (result.guild_id, result.kind, new.user_id, new.mu, new.sigma, new.games, new.wins)
                        for _, new in changes
                    ],
                )
        except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError) as exc:
            raise NotSaved("database", str(exc)) from exc
        return result

    async def game_result(self, game_id: int) -> GameResult | None:
        row = await self.q.fetchrow(f"SELECT {GAME_RESULT_COLUMNS} FROM game_results WHERE game_id = $1", game_id)
        return game_result_from(row) if row else None

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self.q.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND kind = $2 "
            "ORDER BY mu - 3 * sigma DESC, games DESC LIMIT $3",
            guild_id,
            kind,
            limit,
        )
        return [rating_from(r) for r in rows]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        row = await self.q.fetchrow(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3",
            guild_id,
            kind,
            user_id,
        )
        return rating_from(row) if row else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        rows = await self.q.fetch(
            f"SELECT {PLAYER_RESULT_COLUMNS} FROM player_results WHERE guild_id = $1 AND user_id = $2 ORDER BY game_id",
            guild_id,
            user_id,
        )
        return [player_result_from(r) for r in rows]

    async def clear_results(self) -> None:
        await self._write("TRUNCATE ratings, player_results, game_results")
