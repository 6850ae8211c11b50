"""The game records this process read or wrote lately, kept as the database holds them. Only for a
store that is the database's one writer (SQLite, whose file this process has locked): every change
to a game goes through the store, which mirrors it here, so a click's record needs no trip to the
database thread. A read that raced with a write is not kept (the write may be newer)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.store.models import GameRecord

KEPT = 2048  # records (a mid-game one is a few KB)


class RecordCache:
    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._records: OrderedDict[int, GameRecord] = OrderedDict()
        self._writes = 0  # counts every write: a read is kept only if none happened meanwhile

    def get(self, game_id: int) -> GameRecord | None:
        record = self._records.get(game_id)
        if record is not None:
            self._records.move_to_end(game_id)
        return record

    def mark(self) -> int:
        """Before a read from the database: pass the mark to `keep` after it."""
        return self._writes

    def keep(self, record: GameRecord, mark: int) -> None:
        if mark != self._writes:
            return
        self._records[record.id] = record
        self._records.move_to_end(record.id)
        while len(self._records) > self.kept:
            self._records.popitem(last=False)

    def changed(self, game_id: int, **columns: Any) -> None:
        """A write set these columns of the game's row (the rest is as it was)."""
        self._writes += 1
        record = self._records.get(game_id)
        if record is not None:
            self._records[game_id] = record.model_copy(update=columns)

    def clear(self) -> None:
        """Games went in bulk (a server purged): keep nothing read before."""
        self._writes += 1
        self._records.clear()

    def forget(self, game_id: int) -> None:
        """A write whose effect is unknown (it failed half-way, or matched nothing we know)."""
        self._writes += 1
        self._records.pop(game_id, None)
