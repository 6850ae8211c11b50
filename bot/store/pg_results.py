"""Results, statistics and ratings on PostgreSQL (a mixin of `PostgresStore`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.store.models import GameResult, NotSaved, PlayerResult, Rating

_RATING = "user_id, mu, sigma, games, wins"


def _rating(row: Any) -> Rating:
    return Rating(user_id=row[0], mu=row[1], sigma=row[2], games=row[3], wins=row[4])


class PostgresResults:
    if TYPE_CHECKING:  # provided by PostgresStore

        @property
        def pool(self) -> asyncpg.Pool: ...

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
                    f"SELECT {_RATING} FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = ANY($3::bigint[])",
                    result.guild_id,
                    result.kind,
                    [p.user_id for p in players],
                )
                changes = rate({r[0]: _rating(r) for r in rows})
                shown = {str(new.user_id): (old.shown, new.shown) for old, new in changes}
                result = result.model_copy(update={"ratings": shown})
                await conn.execute(
                    "INSERT INTO game_results (game_id, guild_id, kind, finished_at, takeover, story_json, "
                    "ratings_json) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    result.game_id,
                    result.guild_id,
                    result.kind,
                    result.finished_at,
                    result.takeover,
                    result.story_json,
                    json.dumps(result.ratings),
                )
                await conn.executemany(
                    "INSERT INTO player_results (game_id, user_id, guild_id, kind, place, seats, won, counts_json, "
                    "items_json) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    [
                        (
                            p.game_id,
                            p.user_id,
                            p.guild_id,
                            p.kind,
                            p.place,
                            p.seats,
                            p.won,
                            json.dumps(p.counts),
                            json.dumps(p.by_item),
                        )
                        for p in players
                    ],
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
        row = await self.pool.fetchrow(
            "SELECT game_id, guild_id, kind, finished_at, takeover, story_json, ratings_json FROM game_results "
            "WHERE game_id = $1",
            game_id,
        )
        if row is None:
            return None
        return GameResult(
            game_id=row[0],
            guild_id=row[1],
            kind=row[2],
            finished_at=row[3],
            takeover=row[4],
            story_json=row[5],
            ratings={k: tuple(v) for k, v in json.loads(row[6]).items()},
        )

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self.pool.fetch(
            f"SELECT {_RATING} FROM ratings WHERE guild_id = $1 AND kind = $2 ORDER BY mu - 3 * sigma DESC, games DESC "
            "LIMIT $3",
            guild_id,
            kind,
            limit,
        )
        return [_rating(r) for r in rows]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        row = await self.pool.fetchrow(
            f"SELECT {_RATING} FROM ratings WHERE guild_id = $1 AND kind = $2 AND user_id = $3", guild_id, kind, user_id
        )
        return _rating(row) if row else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        rows = await self.pool.fetch(
            "SELECT game_id, user_id, guild_id, kind, place, seats, won, counts_json, items_json FROM player_results "
            "WHERE guild_id = $1 AND user_id = $2 ORDER BY game_id",
            guild_id,
            user_id,
        )
        return [
            PlayerResult(
                game_id=r[0],
                user_id=r[1],
                guild_id=r[2],
                kind=r[3],
                place=r[4],
                seats=r[5],
                won=r[6],
                counts=json.loads(r[7]),
                by_item=json.loads(r[8]),
            )
            for r in rows
        ]

    async def clear_results(self) -> None:
        await self._write("TRUNCATE ratings, player_results, game_results")
