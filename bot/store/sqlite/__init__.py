"""The SQLite store (the default): one file, one writer process. The store itself, its results and
ratings, its tables, its writes and its forgetting, each a module of this folder."""

from bot.store.sqlite.store import SqliteStore

__all__ = ["SqliteStore"]
