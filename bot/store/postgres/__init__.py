"""The PostgreSQL store (shared by several bot processes): its pool, each concern (games, deadlines,
results, servers) and its retries over cut connections, each a module of this folder; `store.py`
composes them."""

from bot.store.postgres.connection import where
from bot.store.postgres.store import PostgresStore

__all__ = ["PostgresStore", "where"]
