"""The SQLite store (the default): one file, one writer process. Its connection, each concern
(games, deadlines, results, servers), its writes in the database thread and its forgetting, each a
module of this folder; `store.py` composes them."""

from bot.store.sqlite.store import SqliteStore

__all__ = ["SqliteStore"]
