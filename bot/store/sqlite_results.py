"""Results, statistics and ratings on SQLite (a mixin of `SqliteStore`): tables derived from the
action logs, so they can always be rebuilt from them."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import aiosqlite

from bot.store.models import GameRecord, GameResult, PlayerResult, Rating

_RATING = "user_id, mu, sigma, games, wins"


def _rating(row: tuple[Any, ...]) -> Rating:
    user_id, mu, sigma, games, wins = row
    return Rating(user_id=user_id, mu=mu, sigma=sigma, games=games, wins=wins)


def _save_result_in_thread(
    conn: sqlite3.Connection,
    result: GameResult,
    players: list[PlayerResult],
    rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
) -> GameResult | None:
    """Runs in the database thread: read the ratings, rate, write everything, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        if conn.execute("SELECT 1 FROM game_results WHERE game_id = ?", (result.game_id,)).fetchone():
            conn.execute("ROLLBACK")
            return None
        ids = [p.user_id for p in players]
        marks = ",".join("?" * len(ids))
        rows = conn.execute(
            f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND kind = ? AND user_id IN ({marks})",
            (result.guild_id, result.kind, *ids),
        ).fetchall()
        before = {r[0]: _rating(r) for r in rows}
        changes = rate(before)
        after = [new for _, new in changes]
        result = result.model_copy(
            update={"ratings": {str(new.user_id): (old.shown, new.shown) for old, new in changes}}
        )
        conn.execute(
            "INSERT INTO game_results (game_id, guild_id, kind, finished_at, takeover, story_json, ratings_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                result.game_id,
                result.guild_id,
                result.kind,
                result.finished_at,
                int(result.takeover),
                result.story_json,
                json.dumps(result.ratings),
            ),
        )
        conn.executemany(
            "INSERT INTO player_results (game_id, user_id, guild_id, kind, place, seats, won, counts_json, items_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    p.game_id,
                    p.user_id,
                    p.guild_id,
                    p.kind,
                    p.place,
                    p.seats,
                    int(p.won),
                    json.dumps(p.counts),
                    json.dumps(p.by_item),
                )
                for p in players
            ],
        )
        conn.executemany(
            "INSERT OR REPLACE INTO ratings (guild_id, kind, user_id, mu, sigma, games, wins) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(result.guild_id, result.kind, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in after],
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

        async def _in_thread(self, function: Callable[..., Any], *args: Any) -> Any: ...

    async def _all(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        async with self.read.execute(sql, params) as cur:
            return [tuple(r) for r in await cur.fetchall()]

    async def finished_games(self) -> list[GameRecord]:
        from bot.store.sqlite import _COLUMNS, _record

        rows = await self._all(f"SELECT {_COLUMNS} FROM games WHERE status = 'finished' ORDER BY updated_at, id")
        return [_record(r) for r in rows]

    async def save_result(
        self,
        result: GameResult,
        players: list[PlayerResult],
        rate: Callable[[dict[int, Rating]], list[tuple[Rating, Rating]]],
    ) -> GameResult | None:
        return await self._in_thread(_save_result_in_thread, result, players, rate)

    async def game_result(self, game_id: int) -> GameResult | None:
        rows = await self._all(
            "SELECT game_id, guild_id, kind, finished_at, takeover, story_json, ratings_json FROM game_results "
            "WHERE game_id = ?",
            (game_id,),
        )
        if not rows:
            return None
        gid, guild, kind, at, takeover, story, ratings = rows[0]
        return GameResult(
            game_id=gid,
            guild_id=guild,
            kind=kind,
            finished_at=at,
            takeover=bool(takeover),
            story_json=story,
            ratings={k: tuple(v) for k, v in json.loads(ratings).items()},
        )

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self._all(
            f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND kind = ? ORDER BY mu - 3 * sigma DESC, games DESC "
            "LIMIT ?",
            (guild_id, kind, limit),
        )
        return [_rating(r) for r in rows]

    async def rating(self, guild_id: int, kind: str, user_id: int) -> Rating | None:
        rows = await self._all(
            f"SELECT {_RATING} FROM ratings WHERE guild_id = ? AND kind = ? AND user_id = ?", (guild_id, kind, user_id)
        )
        return _rating(rows[0]) if rows else None

    async def player_results(self, guild_id: int, user_id: int) -> list[PlayerResult]:
        rows = await self._all(
            "SELECT game_id, user_id, guild_id, kind, place, seats, won, counts_json, items_json FROM player_results "
            "WHERE guild_id = ? AND user_id = ? ORDER BY game_id",
            (guild_id, user_id),
        )
        return [
            PlayerResult(
                game_id=g,
                user_id=u,
                guild_id=gu,
                kind=k,
                place=pl,
                seats=se,
                won=bool(w),
                counts=json.loads(c),
                by_item=json.loads(i),
            )
            for g, u, gu, k, pl, se, w, c, i in rows
        ]

    async def clear_results(self) -> None:
        await self._in_thread(_clear_in_thread)


def _clear_in_thread(conn: sqlite3.Connection) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table in ("ratings", "player_results", "game_results"):
            conn.execute(f"DELETE FROM {table}")
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
