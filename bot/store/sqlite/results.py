"""Results, statistics and ratings on SQLite (a mixin of `SqliteStore`): tables derived from the
action logs, so they can always be rebuilt from them."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import aiosqlite

from bot.store import retention, sql
from bot.store.dialect import SQLITE
from bot.store.models import GameRecord, GameResult, PlayerResult, Rating
from bot.store.record_cache import RecordCache
from bot.store.rows import (
    game_record,
    game_result_from,
    game_result_values,
    player_result_from,
    player_result_values,
    rating_from,
)
from bot.store.sqlite.forget import forget_in_thread, purge_departed_in_thread
from bot.store.sqlite.writes import transaction

T = TypeVar("T")


def _save_result_in_thread(
    conn: sqlite3.Connection,
    result: GameResult,
    players: list[PlayerResult],
    rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
) -> GameResult | None:
    """Runs in the database thread: read the ratings, rate, write everything, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute(sql.RESULT_EXISTS, (result.game_id,)).fetchone():
            conn.execute("ROLLBACK")
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
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return result


class SqliteResults:
    if TYPE_CHECKING:  # provided by SqliteStore

        @property
        def read(self) -> aiosqlite.Connection: ...

        async def _in_thread(self, function: Callable[..., T], *args: object) -> T: ...

        _records: RecordCache

        async def _one(self, sql: str, params: tuple[object, ...] = ()) -> tuple[Any, ...] | None: ...

        async def _all(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]: ...

    async def finished_games(self) -> list[GameRecord]:
        rows = await self._all(sql.FINISHED_GAMES)
        return [game_record(r) for r in rows]

    async def save_result(
        self,
        result: GameResult,
        players: list[PlayerResult],
        rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
    ) -> GameResult | None:
        saved: GameResult | None = await self._in_thread(_save_result_in_thread, result, players, rate)
        return saved

    async def game_result(self, game_id: int) -> GameResult | None:
        rows = await self._all(sql.GAME_RESULT, (game_id,))
        return game_result_from(rows[0]) if rows else None

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self._all(sql.LEADERBOARD, (guild_id, kind, limit))
        return [rating_from(r) for r in rows]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        rows = await self._all(sql.RATING, (guild_id, kind, user_id))
        return rating_from(rows[0]) if rows else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        rows = await self._all(sql.PLAYER_RESULTS, (guild_id, user_id))
        return [player_result_from(r) for r in rows]

    async def clear_results(self) -> None:
        await self._in_thread(_clear_in_thread)

    async def guild_left(self, guild_id: int, at: float) -> None:
        await self._in_thread(_run, retention.LEFT, (guild_id, at))

    async def guild_back(self, guild_id: int) -> None:
        await self._in_thread(_run, retention.BACK, (guild_id,))

    async def purge_departed(self, before: float) -> list[int]:
        """Delete every server's data whose bot left before `before`; the servers purged."""
        guilds: list[int] = await self._in_thread(purge_departed_in_thread, before)
        if guilds:
            self._records = RecordCache()  # their games are gone
        return guilds

    async def forget_user(self, user_id: int) -> list[int]:
        """Delete the user's ratings, statistics and drafts and pseudonymize the games that seat them
        (`bot.store.forget`); the ids of those games."""
        games: list[int] = await self._in_thread(forget_in_thread, user_id)
        for game_id in games:
            self._records.forget(game_id)
        return games


def _clear_in_thread(conn: sqlite3.Connection) -> None:
    with transaction(conn):
        for table in sql.DERIVED_TABLES:
            conn.execute(sql.clear(table))


def _run(conn: sqlite3.Connection, sql: str, params: tuple[object, ...]) -> None:
    with transaction(conn):
        conn.execute(sql, params)
