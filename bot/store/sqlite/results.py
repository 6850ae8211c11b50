"""Results, statistics and ratings on SQLite: tables derived from the action logs, so they can
always be rebuilt from them (`bot.records`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from bot.store import sql
from bot.store.dialect import SQLITE
from bot.store.models import GameRecord, GameResult, PlayerResult, Rating
from bot.store.rows import (
    game_record,
    game_result_from,
    game_result_values,
    player_result_from,
    player_result_values,
    rating_from,
)
from bot.store.sqlite.connection import SqliteConnection
from bot.store.sqlite.writes import transaction


class SqliteRecords:
    def __init__(self, connection: SqliteConnection) -> None:
        self._c = connection

    async def finished_games(self) -> list[GameRecord]:
        return [game_record(r) for r in await self._c.all(sql.FINISHED_GAMES)]

    async def save_result(
        self,
        result: GameResult,
        players: list[PlayerResult],
        rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
    ) -> GameResult | None:
        saved: GameResult | None = await self._c.in_thread(_save_result_in_thread, result, players, rate)
        return saved

    async def game_result(self, game_id: int) -> GameResult | None:
        row = await self._c.one(sql.GAME_RESULT, (game_id,))
        return game_result_from(row) if row else None

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        return [rating_from(r) for r in await self._c.all(sql.LEADERBOARD, (guild_id, kind, limit))]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        row = await self._c.one(sql.RATING, (guild_id, kind, user_id))
        return rating_from(row) if row else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        return [player_result_from(r) for r in await self._c.all(sql.PLAYER_RESULTS, (guild_id, user_id))]

    async def clear_results(self) -> None:
        await self._c.in_thread(_clear_in_thread)


def _save_result_in_thread(
    conn: sqlite3.Connection,
    result: GameResult,
    players: list[PlayerResult],
    rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
) -> GameResult | None:
    """Runs in the database thread: read the ratings, rate, write everything, in one transaction."""
    with transaction(conn):
        if conn.execute(sql.RESULT_EXISTS, (result.game_id,)).fetchone():
            return None
        users, ids = SQLITE.among("user_id", [p.user_id for p in players])
        rows = conn.execute(sql.RATINGS_OF + users, (result.guild_id, result.kind, *ids)).fetchall()
        changes = rate({r[0]: rating_from(r) for r in rows})
        result = result.rated(changes)
        conn.execute(sql.ADD_GAME_RESULT, game_result_values(result))
        conn.executemany(sql.ADD_PLAYER_RESULT, [player_result_values(p) for p in players])
        conn.executemany(
            sql.SET_RATING,
            [(result.guild_id, result.kind, r.user_id, r.mu, r.sigma, r.games, r.wins) for _, r in changes],
        )
    return result


def _clear_in_thread(conn: sqlite3.Connection) -> None:
    with transaction(conn):
        for table in sql.DERIVED_TABLES:
            conn.execute(sql.clear(table))
