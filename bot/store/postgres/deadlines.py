"""When each game's timer acts next, on PostgreSQL: the deadline lives in the game's row (shared by
every process; a deadline seen by two fires once, by the version check)."""

from __future__ import annotations

from bot.store import sql
from bot.store.dialect import POSTGRES as pg
from bot.store.models import LiveGame
from bot.store.postgres.connection import PostgresConnection
from bot.store.rows import live_game


class PostgresDeadlines:
    def __init__(self, connection: PostgresConnection) -> None:
        self._c = connection

    async def live_games(self, *, keep_due_within_s: float | None = None) -> list[LiveGame]:
        """In brief; nothing is kept (other processes share this database)."""
        rows = await self._c.q.fetch(pg(sql.LIVE_GAMES))
        return [live_game(r) for r in rows]

    async def set_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> bool:
        status = await self._c.q.execute(pg(sql.SET_DEADLINE), deadline, kind, game_id, version)
        return status == "UPDATE 1"
