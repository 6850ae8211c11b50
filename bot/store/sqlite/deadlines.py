"""When each game's timer acts next, on SQLite: the deadline lives in the game's row, so a restart
resumes every timer; the records of games due soon are read whole and kept for their timers."""

from __future__ import annotations

import time

from bot.store import sql
from bot.store.models import LiveGame
from bot.store.record_cache import RecordCache
from bot.store.rows import game_record, live_game
from bot.store.sqlite.connection import SqliteConnection
from bot.store.sqlite.games import write_game


class SqliteDeadlines:
    def __init__(self, connection: SqliteConnection, kept: RecordCache) -> None:
        self._c = connection
        self._kept = kept

    async def live_games(self, *, keep_due_within_s: float | None = None) -> list[LiveGame]:
        """Every game in a lobby or being played, in brief. Asked to, the records of those whose
        deadline is overdue or near are read whole and kept (their timers need them at once); idle
        ones are not, so memory follows the games being played, not all that are open."""
        games = [live_game(r) for r in await self._c.all(sql.LIVE_GAMES)]
        if keep_due_within_s is not None:
            mark = self._kept.mark()
            due = time.time() + keep_due_within_s
            for row in await self._c.all(sql.LIVE_DUE_BY, (due,)):
                self._kept.keep(game_record(row), mark)
        return games

    async def set_deadline(self, game_id: int, version: int, deadline: float | None, kind: str | None) -> bool:
        changed = await write_game(self._c, self._kept, game_id, sql.SET_DEADLINE, (deadline, kind, game_id, version))
        if changed != 1:
            self._kept.changed(game_id)
            return False
        kept = self._kept.get(game_id)
        if kept is not None and kept.version != version:
            self._kept.forget(game_id)
        else:
            self._kept.changed(game_id, deadline=deadline, deadline_kind=kind)
        return True
